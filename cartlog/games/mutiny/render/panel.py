"""The Mutiny table of one replay frame as one renderable: what ``cartlog view`` shows beside
a step (the row, each player's coins, combat and gold cards and conviction as far as they are
known, the supplies, the ship and the lifeboat)."""

from __future__ import annotations

from rich.console import Group, RenderableType

from cartlog.games.mutiny.events import MutinyLog
from cartlog.games.mutiny.frames import Frame
from cartlog.games.mutiny.render import _row, _table, _View
from cartlog.render.widgets import Audited


def has_table(frame: Frame) -> bool:
    """Whether the frame holds the table (the setup, each round's ship move, each duel)."""
    return frame.coins is not None


def panel(log: MutinyLog, report: Audited, frame: Frame, before: Frame | None,
          ascii: bool = False) -> RenderableType:
    """The table after ``frame``."""
    view = _View(log, report, ascii)
    return Group(*_row(view, frame.row), *_table(view, frame))
