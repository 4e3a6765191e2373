"""The frames of Cartagena's step-by-step replay, as plain data (``cartlog replay --format json``).

Kept apart from :mod:`replay`, whose walk setup.py compiles: a msgspec Struct is declared in
plain Python.
"""

from __future__ import annotations

import msgspec


class Frame(msgspec.Struct, tag="cartagena", tag_field="game", omit_defaults=True,
            kw_only=True):
    """One step of a replay as plain data (``cartlog replay --format json``).

    ``findings`` are indices into the report's finding list. The table (``pirates``, ``hands``,
    ``deck``, ``discard``, ``row``) is given at setup and after every turn.
    """

    kind: str  # setup, action, turn-end, row, claim, comment, end
    turn: int | None = None
    action: int | None = None
    player: str | None = None
    notation: str | None = None
    text: str = ""
    findings: list[int] = []
    line: int | None = None
    pirates: dict[str, list[int]] | None = None
    hands: dict[str, str] | None = None
    deck: int | None = None
    discard: int | None = None
    row: str | None = None
    winner: str | None = None
