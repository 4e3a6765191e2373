"""The frames of Pig's step-by-step replay as plain data (``cartlog replay --format json``)."""

from __future__ import annotations

import msgspec


class Frame(msgspec.Struct, tag="pig", tag_field="game", omit_defaults=True, kw_only=True):
    """One step: its kind (``setup``, ``roll``, ``hold``, ``comment``, ``end``), the turn, the
    player, the line in canonical notation, the step in words, the indices of its findings
    in the report, its line, and the scores and the turn's total after it."""

    kind: str
    turn: int | None = None
    player: str | None = None
    notation: str | None = None
    text: str = ""
    findings: list[int] = []
    line: int | None = None
    scores: dict[str, int] | None = None
    total: int | None = None
