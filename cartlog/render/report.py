"""The ``cartlog check`` report: each finding at its place in the log, like a compiler's.

::

    game.cartlog:14:9: error[move/forward-destination] key from 3 goes to 23 (key), not 11: ...
       14 | 7. red K3-11 11-5+2
          |        ^^^^^
          = turn 7, action 1, red; expected 23, found 11; rule C1
"""

from __future__ import annotations

from rich.console import Group
from rich.text import Text

from cartlog.core.errors import LogSyntaxError
from cartlog.core.findings import Finding
from cartlog.render.theme import severity_style


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def finding_text(f: Finding, index: int, path: str, lines: list[str], *,
                 verbose: bool = False) -> list[Text]:
    """A finding as lines of text: header, the source line with a caret, details."""
    where = f"{path}:{f.line}:{f.col}" if f.line else f"{path}:{f.path}"
    label = "condoned" if f.condoned else f.severity
    head = Text()
    head.append(f"{where}: ", style="bold")
    head.append(f"{label}", style=severity_style(f.severity, f.condoned))
    head.append(f"[{f.code}]", style="finding.code")
    head.append(f" {f.message}")
    out = [head]
    if f.line and 0 < f.line <= len(lines):
        gutter = str(f.line)
        src = lines[f.line - 1].expandtabs(1)
        out.append(Text.assemble((f"{gutter:>5} | ", "source.gutter"), (src, "source.text")))
        start = max(1, f.col or 1)
        end = f.end_col or start + 1
        width = max(1, min(end, len(src) + 1) - start)
        out.append(Text.assemble((" " * 5 + " | ", "source.gutter"),
                                 (" " * (start - 1) + "^" * width, "finding.caret")))
    details = []
    context = []
    if f.turn is not None:
        context.append(f"turn {f.turn}")
    if f.action is not None:
        context.append(f"action {f.action}")
    if f.player:
        context.append(f.player)
    if context:
        details.append(", ".join(context))
    if f.expected is not None or f.actual is not None:
        details.append(f"expected {f.expected if f.expected is not None else '-'}, "
                       f"found {f.actual if f.actual is not None else '-'}")
    if f.rule:
        details.append(f"rule {f.rule}")
    if details:
        out.append(Text("      = " + "; ".join(details), style="label"))
    if f.follows is not None:
        out.append(Text(f"      = may only follow from finding #{f.follows + 1} above",
                        style="finding.follows"))
    if verbose and f.position:
        out.append(Text(f"      = position: {f.position}", style="label"))
    out[0] = Text.assemble((f"#{index + 1} ", "muted"), out[0])
    return out


def render_report(report, source: str | None, *, verbose: bool = False,
                  show_info: bool = True) -> Group:
    """One log's report: findings in order, then what could not be checked and a summary."""
    lines = source.splitlines() if source is not None else []
    parts: list[Text] = []
    for i, f in enumerate(report.findings):
        if f.severity == "info" and not show_info:
            continue
        parts.extend(finding_text(f, i, report.file, lines, verbose=verbose))
    for item in report.unchecked:
        parts.append(Text(f"{report.file}: not checked: {item}", style="muted"))
    parts.append(summary_line(report))
    return Group(*parts)


def summary_line(report) -> Text:
    """``file: 2 errors, 1 warning (1 condoned); won by red, as recorded``."""
    b = report.breakdown
    counts = []
    if report.errors:
        counts.append(_plural(report.errors, "error"))
    if report.warnings:
        counts.append(_plural(report.warnings, "warning"))
    text = Text(f"{report.file}: ", style="bold")
    if counts:
        text.append(", ".join(counts), style="bad" if report.errors else "finding.warning")
    else:
        text.append("clean", style="ok")
    if report.condoned:
        text.append(f" ({report.condoned} condoned)", style="finding.condoned")
    outcome = f"won by {b.winner}" if b.winner else "unfinished"
    text.append(f"; {report.rules}, {_plural(b.turns, 'turn')}, {outcome}")
    if b.recorded is not None:
        if b.agrees:
            text.append(", as recorded")
        else:
            rec = "unfinished" if b.recorded == "unfinished" else f"won by {b.recorded}"
            text.append(f", but the log records {rec}", style="bad")
    return text


def render_unreadable(err: LogSyntaxError) -> Group:
    """An unreadable log: every problem as ``file:line:col: message`` with a caret."""
    lines = err.source.splitlines() if err.source is not None else []
    parts: list[Text] = []
    for p in err.problems:
        head = Text()
        head.append(f"{err.path}:{p.line}:{p.col}: ", style="bold")
        head.append("syntax error", style="finding.error")
        head.append(f": {p.message}")
        parts.append(head)
        if 0 < p.line <= len(lines) and lines[p.line - 1].strip():
            src = lines[p.line - 1].expandtabs(1)
            parts.append(Text.assemble((f"{p.line:>5} | ", "source.gutter"), src))
            width = max(1, min((p.end_col or p.col + 1), len(src) + 1) - p.col)
            parts.append(Text.assemble((" " * 5 + " | ", "source.gutter"),
                                       (" " * (p.col - 1) + "^" * width, "finding.caret")))
        if p.expected:
            parts.append(Text(f"      = expected: {p.expected}", style="label"))
    parts.append(Text.assemble((f"{err.path}: ", "bold"),
                               (f"unreadable ({_plural(len(err.problems), 'problem')})", "bad")))
    return Group(*parts)


def render_totals(clean: int, with_errors: int, unreadable: int) -> Text:
    """The closing line when several logs were checked."""
    total = clean + with_errors + unreadable
    text = Text(f"{_plural(total, 'log')}: ", style="heading")
    text.append(f"{clean} clean", style="ok" if clean else "")
    text.append(", ")
    text.append(f"{with_errors} with errors", style="bad" if with_errors else "")
    text.append(", ")
    text.append(f"{unreadable} unreadable", style="bad" if unreadable else "")
    return text
