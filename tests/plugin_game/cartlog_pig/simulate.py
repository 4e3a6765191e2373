"""A random game of Pig played by the rules: each player holds at a threshold of his own."""

from __future__ import annotations

import random
from typing import Any

from cartlog_pig.engine import Engine
from cartlog_pig.events import Hold, PigLog, Player, Roll
from cartlog_pig.model import COLOURS, TARGET


def simulate(rules: str = "standard", players: int = 4, seed: int = 0, *, view: str = "all",
             target: int = TARGET, **options: Any) -> PigLog:
    """A finished game between ``players`` players (nothing is hidden: every ``view`` is the
    whole game)."""
    rng = random.Random(seed)
    colours = list(COLOURS[:players])
    log = PigLog(players=[Player(c) for c in colours], target=target)
    engine = Engine.start(log)
    hold_at = [rng.randint(8, 30) for _ in colours]
    events: list[Any] = []
    while not engine.is_over():
        s = engine.state
        player = s.colours[s.seat]
        if s.total and (s.total >= hold_at[s.seat] or s.scores[s.seat] + s.total >= s.target):
            ev: Any = Hold(player=player)
        else:
            ev = Roll(player=player, value=rng.randint(1, 6))
        engine.apply(ev)
        events.append(ev)
    outcome = engine.outcome()
    result = outcome.winners[0] if outcome is not None else "unfinished"
    return PigLog(players=log.players, target=target, result=result,
                  tags={"Event": f"simulated, seed {seed}"}, events=events)
