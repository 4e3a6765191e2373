"""Pieces every game's renderer draws with: glyphs, hanging and packed rows, findings in
place, headings, the findings count and the summary line. Nothing here knows the registry of
games, so that a game's renderer, which draws with these, depends on its own game alone.

A *view* here is any object with ``report`` (the audit's report), ``g`` (:class:`Glyphs`) and
``player(colour, with_name=True)`` (a colour in its style, with the player's name).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from rich.console import Console, ConsoleOptions, RenderableType, RenderResult
from rich.text import Text

from cartlog.core.findings import Finding
from cartlog.core.spec import GameSpec
from cartlog.core.text import printable, to_ascii
from cartlog.render.theme import severity_style


class Audited(Protocol):
    """The audit's report (:class:`cartlog.audit.Report`) as a renderer reads it."""

    @property
    def file(self) -> str: ...
    @property
    def game(self) -> str: ...
    @property
    def rules(self) -> str: ...
    @property
    def findings(self) -> Sequence[Finding]: ...
    @property
    def errors(self) -> int: ...
    @property
    def warnings(self) -> int: ...
    @property
    def infos(self) -> int: ...
    @property
    def condoned(self) -> int: ...
    @property
    def unchecked(self) -> Sequence[str]: ...
    @property
    def more_findings(self) -> int: ...
    @property
    def seal(self) -> str: ...
    @property
    def breakdown(self) -> Any:  # the game's breakdown (its score module's Struct)
        ...


@dataclass(frozen=True)
class Glyphs:
    """The few drawing characters, in a Unicode and a pure ASCII set."""

    bar: str  # between cells of the passage
    rule: str  # the line of a heading, and the top and bottom of the passage
    top: str  # left, middle and right corners above the passage
    bottom: str  # the same below it
    bullet: str  # before a finding
    ascii: bool

    def clean(self, text: str) -> str:
        """``text`` as shown: control and invisible characters escaped (:func:`printable`,
        so that a log's text never drives the terminal and widths are measured on what is
        shown); in ASCII mode every other character becomes one ASCII one."""
        text = printable(text)
        return to_ascii(text, keep_length=True) if self.ascii else text


UNICODE_GLYPHS = Glyphs(bar="\u2502", rule="\u2500", top="\u250c\u252c\u2510",
                        bottom="\u2514\u2534\u2518", bullet="\u25b8", ascii=False)
ASCII_GLYPHS = Glyphs(bar="|", rule="-", top="+++", bottom="+++", bullet=">", ascii=True)


def glyphs(ascii: bool) -> Glyphs:
    return ASCII_GLYPHS if ascii else UNICODE_GLYPHS


class Hanging:
    """Rows of a label and a text; the text wraps under itself, never under the label.

    A row's ``hang`` indents its own continuation lines further (findings hang under their
    message).
    """

    def __init__(self, indent: int = 3) -> None:
        self.indent = indent
        self.rows: list[tuple[Text, Text, int]] = []

    def add(self, label: Text, text: Text, hang: int = 0) -> None:
        self.rows.append((label, text, hang))

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        label_width = max((len(label.plain) for label, _, _ in self.rows), default=0)
        label_width += 1 if label_width else 0
        lead = self.indent + label_width
        for label, text, hang in self.rows:
            width = max(20, options.max_width - lead - hang)
            for i, line in enumerate(text.wrap(console, width)):
                line.rstrip()
                head = Text(" " * self.indent)
                head.append_text(label if i == 0 else Text())
                head.pad_right(lead + (hang if i else 0) - len(head.plain))
                yield head + line


class Packed:
    """A label, then entries two spaces apart, flowing onto further lines at the width."""

    def __init__(self, label: str, entries: list[Text], indent: int = 2,
                 label_width: int = 9) -> None:
        self.label = label
        self.entries = entries
        self.indent = indent
        self.lead = indent + label_width

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = max(self.lead + 20, options.max_width)
        line = Text(" " * self.indent)
        line.append(self.label, style="label")
        line.pad_right(max(1, self.lead - len(line.plain)))
        fresh = True
        for entry in self.entries:
            if not fresh and len(line.plain) + 2 + len(entry.plain) > width:
                yield line
                line, fresh = Text(" " * self.lead), True
            if not fresh:
                line.append("  ")
            line.append_text(entry)
            fresh = False
        yield line


def position_lines(view: Any, position: str, indent: int = 2, label_width: int = 9) -> Hanging:
    """The one-line position a log starts from, under a ``position`` label, wrapping at the
    console's width (docs/notation.md, "Starting from a position")."""
    rows = Hanging(indent)
    rows.add(Text.styled("position".ljust(label_width - 1), "label"),
             Text(view.g.clean(position)))
    return rows


def finding_lines(view: Any, index: int, skip_player: str | None = None) -> list[Text]:
    """A finding in two lines: severity, code and message; then expected/found and where."""
    f = view.report.findings[index]
    clean = view.g.clean
    head = Text.styled(f"{view.g.bullet} ", severity_style(f.severity, f.condoned))
    head.append(f"#{index + 1} ", style="muted")
    head.append("condoned " + f.severity if f.condoned else f.severity,
                style=severity_style(f.severity, f.condoned))
    head.append(f"[{f.code}]", style="finding.code")
    head.append(" " + clean(f.message))
    details = []
    if f.player and f.player != skip_player:
        details.append(f.player)
    if f.expected is not None or f.actual is not None:
        details.append(f"expected {clean(f.expected) if f.expected is not None else '-'}, "
                       f"found {clean(f.actual) if f.actual is not None else '-'}")
    if f.line:
        details.append(f"line {f.line}:{f.col}" if f.col else f"line {f.line}")
    if f.rule:
        details.append(f"rule {clean(f.rule)}")
    if f.follows is not None:
        details.append(f"may only follow from #{f.follows + 1}")
    lines = [head]
    if details:
        lines.append(Text.styled("  " + "; ".join(details), "label"))
    return lines


def add_findings(view: Any, rows: Hanging, indices: Iterable[int], skip_player: str | None = None) -> None:
    """Add findings to ``rows`` under the text column, each hanging under its message."""
    for i in indices:
        for line in finding_lines(view, i, skip_player):
            rows.add(Text(), line, 2)


def findings_block(view: Any, indices: Iterable[int], indent: int = 2) -> list[RenderableType]:
    """Findings on their own (setup, end), or nothing."""
    rows = Hanging(indent)
    add_findings(view, rows, indices)
    return [rows] if rows.rows else []


def heading(view: Any, title: str, colour: str | None = None) -> Text:
    text = Text.styled(view.g.rule * 2 + " ", "space.section")
    text.append(title, style="turn.heading")
    if colour is not None:
        text.append("  ")
        text.append_text(view.player(colour))
    return text


def wrapped(text: Text, indent: int = 0) -> Hanging:
    """One text that wraps at the console's width (the console may not wrap by itself)."""
    rows = Hanging(indent)
    rows.add(Text(), text)
    return rows


def counts_line(report: Audited) -> Text:
    text = Text.styled("findings  ", "label")
    parts = [(report.errors, "error", "finding.error"),
             (report.warnings, "warning", "finding.warning"),
             (report.infos, "info", "finding.info"),
             (report.condoned, "condoned", "finding.condoned")]
    shown = [(n, word, style) for n, word, style in parts if n]
    if not shown:
        text.append("none", style="ok")
    for i, (n, word, style) in enumerate(shown):
        if i:
            text.append(", ")
        plural = "s" if n != 1 and word in ("error", "warning") else ""
        text.append(f"{n} {word}{plural}", style=style)
    return text


def result_line(view: Any, recorded: str | None, replayed: str, agrees: bool | None) -> Text:
    """``result    recorded red, replayed red: agree``: the Result tag beside the replay's
    winners (colours in their styles)."""
    text = Text.styled("result    ", "label")
    text.append("recorded ")
    if recorded is None:
        text.append("nothing (no Result tag)", style="muted")
    else:
        text.append_text(view.player(recorded, with_name=False))
    text.append(", replayed ")
    text.append_text(view.player(replayed, with_name=False))
    if agrees is True:
        text.append(": agree", style="result.agree")
    elif agrees is None and recorded is not None:
        text.append(": not checked", style="muted")
    elif agrees is False:
        text.append(": ")
        text.append("DISAGREE", style="result.disagree")
    return text


def shown_range(start: int | None, end: int | None, total: int, unit: str) -> str:
    """``turn 4``, ``turns 3-7`` or ``from turn 9`` (past the end), then `` of N``."""
    first, last = start or 1, min(end or total, total)
    shown = (f"from {unit} {first}" if first > last else f"{unit} {first}" if first == last
             else f"{unit}s {first}-{last}")
    return f"{shown} of {total}"


def plural(n: int, word: str) -> str:
    """``1 error``, ``2 errors``."""
    return f"{n} {word}{'' if n == 1 else 's'}"


def summary_line(report: Audited, spec: GameSpec | None, *, stopped: bool = False) -> Text:
    """``file: 2 errors, 1 warning (1 condoned); won by red, as recorded``, counting play in
    the words of ``spec``, the report's game.

    With ``stopped`` (``--stop-at-first``) and an error found, the rest of the log was not
    replayed: the line says so instead of comparing a result that was never reached."""
    b = report.breakdown
    counts = []
    if report.errors:
        counts.append(plural(report.errors, "error"))
    if report.warnings:
        counts.append(plural(report.warnings, "warning"))
    text = Text(f"{report.file}: ", style="bold")
    if counts:
        text.append(", ".join(counts), style="bad" if report.errors else "finding.warning")
    else:
        text.append("clean", style="ok")
    if report.condoned:
        text.append(f" ({report.condoned} condoned)", style="finding.condoned")
    if report.seal == "verified":
        text.append("; seal verified", style="ok")
    if stopped and report.errors:
        last = max((f.turn for f in report.findings if f.turn is not None), default=None)
        unit = spec.turn_word if spec is not None else "turn"
        where = f" at {unit} {last}" if last is not None else ""
        text.append(f"; {report.rules}, stopped at the first error{where}")
        return text
    finished = b.finished
    outcome = (f"won by {printable(str(b.winner))}" if b.winner else "no winner" if finished
               else "unfinished")
    count = spec.count(b.turns) if spec is not None else plural(b.turns, "turn")
    text.append(f"; {report.rules}, {count}, {outcome}")
    if b.recorded is not None:
        if b.agrees:
            text.append(", as recorded")
        elif b.agrees is None and finished:  # the replay cannot tell: not checked
            text.append(f"; the log records won by {printable(str(b.recorded))}, "
                        "which the replay cannot confirm", style="muted")
        else:
            rec = (b.recorded if b.recorded == "unfinished" else "no winner"
                   if b.recorded == "none" else f"won by {printable(str(b.recorded))}")
            text.append(f", but the log records {rec}", style="bad")
    return text


def left_out(unit: str, first: int, last: int) -> Text:
    """``  ... turns 30-49 not shown (no finding)``: where ``replay --findings`` skips."""
    span = f"{unit[:-1]} {first}" if first == last else f"{unit} {first}-{last}"
    return Text.styled(f"  ... {span} not shown (no finding)", "muted")
