"""A Pig log as data: the header's fields and a tagged union of events (the canonical JSON).

``roll``: a player's roll of the die; ``hold``: a player banks the turn's total; ``comment``: a
comment line. ``line``/``col``/``end`` place an event in the text it was read from (0 for a
JSON log), so that a finding is shown at its line.
"""

from __future__ import annotations

from typing import Literal

import msgspec


class _Located(msgspec.Struct, omit_defaults=True, kw_only=True, gc=False):
    line: int = 0
    col: int = 0
    end: int = 0


class Roll(_Located, tag="roll"):
    """A roll of the die by ``player`` (any number as written: P2 says which are a die's).
    ``condoned`` (``!`` after the line): the table let it stand although illegal."""

    player: str
    value: int
    condoned: bool = False
    comment: str | None = None


class Hold(_Located, tag="hold"):
    """``player`` holds: the turn's total goes to his score (P4)."""

    player: str
    condoned: bool = False
    comment: str | None = None


class Comment(_Located, tag="comment"):
    text: str


Event = Roll | Hold | Comment


class Player(msgspec.Struct, omit_defaults=True):
    colour: str
    name: str | None = None


class PigLog(msgspec.Struct, tag="pig", tag_field="game", omit_defaults=True, kw_only=True):
    """A game of Pig: the players in turn order, the target (P5), the position the log
    starts from (instead of the start), the winner as recorded (``unfinished`` for a game
    not finished), free tags and the events."""

    players: list[Player]
    target: int = 100
    position: str | None = None
    result: str | Literal["unfinished"] | None = None
    tags: dict[str, str] = {}
    events: list[Event] = []
    line: int = 0
    spans: dict[str, tuple[int, int, int]] = {}


LOG_TYPE = PigLog
