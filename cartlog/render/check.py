"""The closing parts of ``cartlog check`` over many logs, and its progress bar.

- :func:`render_failed`: the logs with errors and the unreadable ones, listed before the line
  of totals;
- :func:`render_statistics`: the findings counted by code (``--statistics``);
- :func:`progress_bar`: the bar shown on standard error while a terminal waits (the CLI starts
  and stops it on its console);
- :func:`plain_text`: what a console without colours writes for reports made of text only,
  found without the console.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group
from rich.text import Text

from cartlog.render.console import shown
from cartlog.render.theme import severity_style
from cartlog.render.widgets import plural


def render_failed(with_errors: Sequence[tuple[str, int]], unreadable: Sequence[str]) -> Group:
    """The logs that did not pass, by name: those with errors (and how many) and those that
    could not be read, each under its heading, one a line."""
    parts: list[Text] = []
    if with_errors:
        parts.append(Text(f"{plural(len(with_errors), 'log')} with errors:", style="heading"))
        for name, errors in with_errors:
            parts.append(Text.assemble("  ", (name, "bold"), f" ({plural(errors, 'error')})"))
    if unreadable:
        parts.append(Text(f"{plural(len(unreadable), 'log')} could not be read:",
                          style="heading"))
        for name in unreadable:
            parts.append(Text.assemble("  ", (name, "bold")))
    return Group(*parts)


def render_statistics(rows: Sequence[Any]) -> Group:
    """``--statistics``: one line per finding code, the most frequent first: the code, its
    severity, how many findings (and how many of them condoned) in how many logs."""
    if not rows:
        return Group(Text("findings by code: none", style="heading"))
    total = sum(r.findings for r in rows)
    parts = [Text(f"findings by code ({plural(total, 'finding')}, "
                  f"{plural(len(rows), 'code')}):", style="heading")]
    width = max(len(r.code) for r in rows)
    count_width = max(len(str(r.findings)) for r in rows)
    for r in rows:
        line = Text("  ")
        line.append(f"{r.code:<{width}}", style="finding.code")
        line.append("  ")
        line.append(f"{r.severity:<7}", style=severity_style(r.severity))
        line.append(f"  {r.findings:>{count_width}} in {plural(r.logs, 'log')}")
        if r.condoned:
            line.append(f" ({r.condoned} condoned)", style="finding.condoned")
        parts.append(line)
    return Group(*parts)


def progress_bar(console: Any, total: int) -> Any:
    """A rich Progress on ``console`` (standard error), not started, with one task: the logs
    checked out of ``total``, the rate in logs per second, the logs with errors and the
    unreadable ones so far, and the time left. It draws only when refreshed (no thread of its
    own) and leaves nothing behind when stopped."""
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeRemainingColumn,
    )

    bar = Progress(TextColumn("checking"), BarColumn(), MofNCompleteColumn(),
                   TextColumn("{task.fields[rate]}"), TextColumn("{task.fields[failed]}"),
                   TimeRemainingColumn(), console=console, transient=True, auto_refresh=False,
                   redirect_stdout=False, redirect_stderr=False)
    bar.add_task("check", total=total, rate="", failed="")
    return bar


def progress_fields(done: int, seconds: float, with_errors: int, unreadable: int
                    ) -> dict[str, Text]:
    """The bar's text: ``512 logs/s``, ``3 with errors, 1 unreadable``."""
    rate = Text(f"{done / seconds:,.0f} logs/s" if seconds > 0 and done else "", style="muted")
    failed = Text()
    failed.append(f"{with_errors} with errors", style="bad" if with_errors else "muted")
    if unreadable:
        failed.append(", ")
        failed.append(f"{unreadable} unreadable", style="bad")
    return {"rate": rate, "failed": failed}


def plain_text(renderables: Sequence[Any]) -> str | None:
    """What a console that writes no colours nor styles (no colour system) and wraps no line
    (``soft_wrap``, as the CLI's console) writes for the renderables, printed one after the
    other: when each is a :class:`Text`, or a :class:`Group` of them, that the console writes
    as it is (its characters, then its end of line), their characters; else None, for the
    console to render. A Text with a tab (which the console expands), an end other than a
    newline or its own justification, overflow or wrapping is left to the console. Writing a
    summary line this way costs a fraction of a microsecond, rendering it some tens."""
    out: list[str] = []
    stack = list(reversed(renderables))
    while stack:
        item = stack.pop()
        kind = type(item)
        if kind is Group:
            stack.extend(reversed(item.renderables))
            continue
        if (kind is not Text or item.end != "\n" or item.justify is not None
                or item.overflow is not None or item.no_wrap is not None):
            return None
        text = item.plain
        if "\t" in text:
            return None
        out.append(text)
        out.append("\n")
    return shown("".join(out))  # the console's guard, which this path goes around
