"""The frames of Meuterer's step-by-step replay, as plain data (``cartlog replay --format json``).

Kept apart from :mod:`replay`, whose walk setup.py compiles: a msgspec Struct is declared in
plain Python.
"""

from __future__ import annotations

import msgspec


class Frame(msgspec.Struct, tag="meuterer", tag_field="game", omit_defaults=True,
            kw_only=True):
    """One step of a replay as plain data (``cartlog replay --format json``).

    ``findings`` are indices into the report's finding list. The table (hands, cards played,
    scores, ships, deck, discard) is given at setup, at the end of every round and at the end.
    """

    kind: str  # setup, round, wage, action, phase, round-end, comment, end
    phase: str | None = None  # of a phase frame: dest, mutiny, score or refill
    turn: int | None = None  # the round
    action: int | None = None  # the selling turn within the round
    player: str | None = None
    notation: str | None = None
    text: str = ""
    findings: list[int] = []
    line: int | None = None
    hands: dict[str, str] | None = None
    played: dict[str, str] | None = None
    scores: dict[str, int] | None = None
    captain: str | None = None
    ship: str | None = None
    previous: str | None = None
    pirate: str | None = None
    deck: int | None = None
    discard: int | None = None
    winners: list[str] | None = None
