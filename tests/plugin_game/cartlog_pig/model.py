"""Pig's components and the state of a game in progress, as plain data."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from cartlog.core.words import COLOUR_NAMES

COLOURS: tuple[str, ...] = COLOUR_NAMES[:8]  # a player is a colour, as in cartlog's games
TARGET = 100  # P5: the score that wins, unless the Target header says otherwise
FACES = (1, 2, 3, 4, 5, 6)  # P2: the die


@dataclass
class State:
    """A game of Pig: the target, the players' colours and scores, whose turn it is, the
    turn's total so far, whether the turn before ended with a 1 (P3), the turns begun and
    the winner once there is one."""

    target: int
    colours: list[str]
    scores: list[int] = field(default_factory=list)
    seat: int = 0
    total: int = 0
    after_one: bool = False
    turn: int = 1
    winner: int | None = None

    def __post_init__(self) -> None:
        if not self.scores:
            self.scores = [0] * len(self.colours)

    def copy(self) -> State:
        return State(self.target, list(self.colours), list(self.scores), self.seat,
                     self.total, self.after_one, self.turn, self.winner)

    def seat_of(self, colour: str) -> int | None:
        return self.colours.index(colour) if colour in self.colours else None


def catalogue() -> dict[str, Any]:
    """What ``cartlog games`` lists of Pig."""
    from cartlog_pig import SPEC

    return {
        "name": SPEC.name, "title": SPEC.title, "aliases": list(SPEC.aliases),
        "rulesets": [{
            "name": "standard", "book": "tests/plugin_game/RULES.md", "players": "2-8",
            "summary": f"roll or hold; a 1 loses the turn; first to {TARGET} (or the Target "
                       "header) wins",
            "cards": "none (one six-sided die)", "letters": {}, "options": {}}],
        "option_help": {},
        "target": TARGET,
    }
