"""Pig in the terminal: the replay turn by turn and the final scores (``cartlog replay`` and
``cartlog score``). Plain rich renderables, drawn with ASCII only when asked; the log's own
text is escaped (:func:`cartlog.core.text.printable`)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from cartlog.core.text import printable
from cartlog.render.report import summary_line


def _finding(report: Any, index: int) -> Text:
    f = report.findings[index]
    return Text.assemble("      ", (f.code, "bad" if f.severity == "error" else "muted"),
                         f" {printable(f.message)}")


def replay_parts(log: Any, report: Any, frames: list[Any], source: str | None, *,
                 start: int | None = None, end: int | None = None, board: bool = True,
                 ascii: bool = False) -> Iterator[RenderableType]:
    """The game line by line, the turns from ``start`` to ``end`` when given, then the
    scores. ``source`` and ``board`` are taken as every game's renderer takes them."""
    names = ", ".join(printable(f"{p.colour} {p.name}" if p.name else p.colour)
                      for p in log.players)
    yield Text.assemble(("Pig", "heading"), f"  {names}; target {log.target}")
    for frame in frames:
        if frame.kind in ("setup", "end"):
            continue
        if (start is not None and (frame.turn or 0) < start) or (
                end is not None and (frame.turn or 0) > end):
            continue
        yield Text(f"  {frame.turn:>3}  {printable(frame.notation or ''):<16} "
                   f"{printable(frame.text)}")
        for index in frame.findings:
            yield _finding(report, index)
    yield render_score(log, report, ascii=ascii)


def render_replay(log: Any, report: Any, frames: list[Any], source: str | None, *,
                  start: int | None = None, end: int | None = None, board: bool = True,
                  ascii: bool = False) -> RenderableType:
    return Group(*replay_parts(log, report, frames, source, start=start, end=end,
                               board=board, ascii=ascii))


def render_score(log: Any, report: Any, *, ascii: bool = False) -> RenderableType:
    """Each player's score in a table, the winner first, then the summary line."""
    b = report.breakdown
    table = Table(box=box.ASCII if ascii else box.ROUNDED, title=f"target {b.target}")
    table.add_column("player", header_style="heading")
    table.add_column("score", justify="right", header_style="heading")
    table.add_column("", header_style="heading")
    for s in b.standings:
        name = printable(s.colour + (f" {s.name}" if s.name else ""))
        table.add_row(name, str(s.score), "winner" if s.colour == b.winner else "")
    return Group(table, Text(f"{b.turns} turns, {b.rolls} rolls"), summary_line(report))
