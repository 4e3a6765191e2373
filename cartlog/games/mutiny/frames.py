"""The frames of the Mutiny's step-by-step replay as plain data (``replay --format json``).

Kept apart from :mod:`replay`, whose walk setup.py compiles: a msgspec Struct is declared in
plain Python.
"""

from __future__ import annotations

import msgspec


class Frame(msgspec.Struct, tag="mutiny", tag_field="game", omit_defaults=True, kw_only=True):
    """One step of a replay as plain data (``cartlog replay --format json``).

    ``findings`` are indices into the report's finding list. ``turn`` is the voyage round
    (``None`` in the mutiny); ``duel`` the pair being fought. The table (``row``, ``coins``,
    ``combat``, ``gold``, ``conviction``, ``supply``, ``ship``, ``lifeboat``, ``wins``) is
    given at setup, after every round's ship move, after each duel and at the end; ``row``
    after every turn too.
    """

    kind: str  # setup, round, turn, ship, mutiny, duel, fight, steal, won, reveal, gold,
    # comment, end
    turn: int | None = None
    action: int | None = None
    duel: str | None = None
    player: str | None = None
    notation: str | None = None
    text: str = ""
    findings: list[int] = []
    line: int | None = None
    row: list[str] | None = None
    coins: dict[str, int] | None = None
    combat: dict[str, str] | None = None
    gold: dict[str, str] | None = None
    conviction: dict[str, str] | None = None
    supply: dict[str, int] | None = None
    ship: int | None = None
    moved: int | None = None
    lifeboat: str | None = None
    wins: dict[str, int] | None = None
    totals: dict[str, int] | None = None
    winners: list[str] | None = None
