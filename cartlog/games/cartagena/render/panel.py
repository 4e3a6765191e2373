"""The Cartagena table of one replay frame as one renderable: what ``cartlog view`` shows
beside a step (the hands and piles, the start, the passage and the boat, the spaces changed
since the table before marked)."""

from __future__ import annotations

from rich.console import Group, RenderableType

from cartlog.games.cartagena.events import CartagenaLog
from cartlog.games.cartagena.frames import Frame
from cartlog.games.cartagena.render import _View
from cartlog.render.widgets import Audited


def has_table(frame: Frame) -> bool:
    """Whether the frame holds the table (the setup and every turn's end)."""
    return frame.pirates is not None


def panel(log: CartagenaLog, report: Audited, frame: Frame, before: Frame | None,
          ascii: bool = False) -> RenderableType:
    """The table after ``frame``; ``before``, the table before it, marks what moved."""
    view = _View(log, report, ascii)
    return Group(*view.legend(), *view.table(frame, before.pirates if before else None))
