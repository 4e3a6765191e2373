"""Cartagena: The Mutiny: random legal voyages keep every component and raise no error."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from cartlog.games.mutiny.codes import CODES
from cartlog.games.mutiny.engine import Engine
from cartlog.games.mutiny.events import MutinyLog, Player, Round, Ship, TrackData, Turn
from cartlog.games.mutiny.model import EXAMPLE_TRACK, GHOST, PIRATES
from cartlog.games.mutiny.rules import FACEDOWN, lifeboat_cards, open_slots

COLOURS = ("red", "blue", "green", "yellow")


def _log(players: int) -> MutinyLog:
    t = EXAMPLE_TRACK  # an example track, not the printed board
    return MutinyLog(players=[Player(c) for c in COLOURS[:players]], track=TrackData(
        length=t.length, storms=list(t.storms or ()),
        starts={str(k): v for k, v in (t.starts or {}).items()}, mutiny=t.mutiny))


def _errors(engine: Engine, ev: object) -> list[str]:
    return [v.code for v in engine.check(ev) if CODES[v.code].severity == "error"]


def voyage(players: int, seed: int) -> Engine:
    rng = random.Random(seed)
    e = Engine.start(_log(players))
    totals = e.totals()
    for _ in range(60):
        s = e.state
        if s.trigger is not None:
            break
        boat = None
        if s.storm:
            boat = PIRATES[rng.choice(lifeboat_cards(s))]  # M5: a card of the round's pile
        ev: object = Round(giver=s.colours[s.giver], lifeboat=boat)
        assert _errors(e, ev) == []
        e.apply(ev)
        cards = [c for c in range(13) if c != e.state.lifeboat]
        rng.shuffle(cards)
        hidden = cards[:len(e.state.row)]  # the row as the giver laid it
        while e.to_move() is not None and e.to_move().phase == "turn":
            s = e.state
            who = s.colours[s.turn]
            slots = [i for i in open_slots(s)]
            if slots and (rng.random() < 0.5 or s.facedown() == 0):
                ev = Turn(player=who, card=PIRATES[s.row[rng.choice(slots)]])
            else:
                turned = []
                i = s.row.index(FACEDOWN)
                while True:
                    turned.append(PIRATES[hidden[i]])
                    if hidden[i] == GHOST or i == len(s.row) - 1 or rng.random() < 0.5:
                        break
                    i += 1
                ev = Turn(player=who, turned=turned)
            assert _errors(e, ev) == [], (e.position(), ev)
            e.apply(ev)
            assert e.totals() == totals
        ev = Ship()
        assert _errors(e, ev) == []
        e.apply(ev)
        assert e.totals() == totals
        assert e.position() == Engine.from_position(e.position()).position()
    return e


@settings(max_examples=15, deadline=None)
@given(st.integers(2, 4), st.integers(0, 10**6))
def test_random_voyage_is_legal_and_conserves(players, seed):
    e = voyage(players, seed)
    assert e.state.trigger is not None  # every voyage ends (M6)


@settings(max_examples=10, deadline=None)
@given(st.integers(2, 4), st.integers(0, 10**6))
def test_simulated_games_replay_cleanly(players, seed):
    from cartlog.games.mutiny.notation import format_log, parse
    from cartlog.games.mutiny.simulate import NOTE, simulate

    log = simulate(players=players, seed=seed)
    assert log.tags["Note"] == NOTE  # the example track and splits say what they are
    text = format_log(log)
    back = parse(text)
    assert format_log(back) == text
    e = Engine.start(back)
    found = []
    for ev in back.events:
        found += [v.code for v in e.check(ev) if CODES[v.code].severity != "info"]
        e.apply(ev)
    found += [v.code for v in e.check_result(back.result)]
    assert found == []
    assert e.is_over()
