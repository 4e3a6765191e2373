"""The Meuterer table of one replay frame as one renderable: what ``cartlog view`` shows
beside a step (the hands, cards played, scores, deck, then the island circle with the ship,
the port before and the pirate ship)."""

from __future__ import annotations

from rich.console import Group, RenderableType

from cartlog.games.meuterer.events import MeutererLog
from cartlog.games.meuterer.frames import Frame
from cartlog.games.meuterer.render.circle import circle_lines, circle_marks, table_lines
from cartlog.games.meuterer.render.phases import View, legend
from cartlog.render.widgets import Audited


def has_table(frame: Frame) -> bool:
    """Whether the frame holds the table (the setup and every round's end)."""
    return frame.hands is not None


def panel(log: MeutererLog, report: Audited, frame: Frame, before: Frame | None,
          ascii: bool = False) -> RenderableType:
    """The table after ``frame`` (``before`` is not needed: the circle marks the port before)."""
    view = View(log, report, ascii)
    marks = circle_marks(view.islands, port=frame.ship, previous=frame.previous,
                         pirate=frame.pirate)
    return Group(*table_lines(view.colours, frame), *legend(view),
                 *circle_lines(view.islands, marks, set(), view.g))
