"""The ``cartlog check`` report: each finding at its place in the log, like a compiler's.

Also the text of the logs that cannot be read, and of the small commands ``explain`` and
``games``.

::

    game.cartlog:14:9: error[move/forward-destination] key from 3 goes to 23 (key), not 11: ...
       14 | 7. red K3-11 11-5+2
          |        ^^^^^
          = turn 7, action 1, red; expected 23, found 11; rule C1
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text

from cartlog.core.errors import LogSyntaxError
from cartlog.core.findings import Code, Finding
from cartlog.core.text import echo_line, printable, split_lines
from cartlog.games import GAMES
from cartlog.render.theme import severity_style
from cartlog.render.widgets import Audited, plural
from cartlog.render.widgets import summary_line as widgets_summary_line


def turn_word(game: str) -> str:
    """What a game counts its play in (``turn``, ``round``), from its spec."""
    spec = GAMES.get(game)
    return spec.turn_word if spec is not None else "turn"


def finding_text(f: Finding, index: int, path: str, lines: list[str], *,
                 verbose: bool = False, unit: str = "turn") -> list[Text]:
    """A finding as lines of text: header, the source line with a caret, details."""
    if f.line:
        where = f"{path}:{f.line}:{f.col or 1}"
    else:
        where = f"{path}:{printable(f.path)}" if f.path else path
    label = "condoned" if f.condoned else f.severity
    head = Text()
    head.append(f"{where}: ", style="bold")
    head.append(f"{label}", style=severity_style(f.severity, f.condoned))
    head.append(f"[{f.code}]", style="finding.code")
    head.append(f" {printable(f.message)}")
    out = [head]
    if f.line and 0 < f.line <= len(lines):
        gutter = str(f.line)
        src, start, width = echo_line(lines[f.line - 1], f.col or 1, f.end_col)
        out.append(Text.assemble((f"{gutter:>5} | ", "source.gutter"), (src, "source.text")))
        out.append(Text.assemble((" " * 5 + " | ", "source.gutter"),
                                 (" " * (start - 1) + "^" * width, "finding.caret")))
    details = []
    context = []
    if f.turn is not None:
        context.append(f"{unit} {f.turn}")
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
    if details:  # values and rules may quote the log
        out.append(Text("      = " + printable("; ".join(details)), style="label"))
    if f.follows is not None:
        out.append(Text(f"      = may only follow from finding #{f.follows + 1}",
                        style="finding.follows"))
    if verbose and f.position:
        out.append(Text(f"      = position: {printable(f.position)}", style="label"))
    out[0] = Text.assemble((f"#{index + 1} ", "muted"), out[0])
    return out


_split: tuple[str, list[str]] = ("", [])  # the text last split, and its lines


def _lines(source: str) -> list[str]:
    """The lines of a log's text. The games of a file of several share its text: it is split
    once for all their reports (the reports of a file come one after the other), not once for
    each, which would cost the length of the file for every game."""
    global _split
    if _split[0] is not source:
        _split = (source, split_lines(source))
    return _split[1]


def render_report(report: Audited, source: str | None, *, verbose: bool = False,
                  show_info: bool = True, stopped: bool = False) -> Group:
    """One log's report: findings in the order of the text, each finding that may only follow
    from another listed under it (folded into one line unless ``verbose``), then what could
    not be checked and a summary.

    ``stopped``: the audit was asked to stop at the first error (``--stop-at-first``)."""
    lines = _lines(source) if source is not None else []
    unit = turn_word(report.game)
    findings = report.findings
    shown = [show_info or f.severity != "info" for f in findings]
    under = _followers(findings, shown)
    placed = {j for js in under.values() for j in js}
    parts: list[Text] = []
    for i, f in enumerate(findings):
        if not shown[i] or i in placed:
            continue
        parts.extend(finding_text(f, i, report.file, lines, verbose=verbose, unit=unit))
        later = under.get(i)
        if not later:
            continue
        if verbose:
            for j in later:
                parts.extend(finding_text(findings[j], j, report.file, lines, verbose=True,
                                          unit=unit))
        else:
            numbers = ", ".join(f"#{j + 1}" for j in later)
            parts.append(Text(
                f"      + {plural(len(later), 'more finding')} that may only follow from "
                f"this one: {numbers} (-v shows them)", style="finding.follows"))
    if report.more_findings:
        parts.append(more_findings_line(report.file, report.more_findings))
    for item in report.unchecked:
        parts.append(Text(f"{report.file}: not checked: {item}", style="muted"))
    parts.append(summary_line(report, stopped=stopped))
    return Group(*parts)


def more_findings_line(file: str, more: int) -> Text:
    """``file: and 12 more findings, not listed (CARTLOG_MAX_FINDINGS lists more)``: the
    findings past the limit a report lists (docs/cli.md, "Limits")."""
    return Text(f"{file}: and {plural(more, 'more finding')}, not listed "
                "(CARTLOG_MAX_FINDINGS lists more)", style="muted")


def _followers(findings: Sequence[Finding], shown: list[bool]) -> dict[int, list[int]]:
    """Shown root finding -> the shown findings that may only follow from it (through any
    chain of ``follows``), in order. A finding whose root is not shown stands alone."""
    out: dict[int, list[int]] = {}
    for i, f in enumerate(findings):
        if not shown[i] or f.follows is None:
            continue
        root, seen = i, {i}
        follows = findings[root].follows
        while follows is not None and follows not in seen:
            root = follows
            seen.add(root)
            follows = findings[root].follows
        if root != i and shown[root]:
            out.setdefault(root, []).append(i)
    return out


def summary_line(report: Audited, *, stopped: bool = False) -> Text:
    """The summary line of a report (:func:`cartlog.render.widgets.summary_line`), in the words
    of the report's game."""
    return widgets_summary_line(report, GAMES.get(report.game), stopped=stopped)


def render_unreadable(err: LogSyntaxError) -> Group:
    """An unreadable log: every problem as ``file:line:col: message`` with a caret.

    A problem at line 0 concerns the whole file (missing, a directory): it is shown as
    ``file: error: message`` on one line."""
    lines = _lines(err.source) if err.source is not None else []
    parts: list[Text] = []
    located = 0
    for p in err.problems:
        head = Text()
        if p.line <= 0:
            head.append(f"{err.path}: ", style="bold")
            head.append("error", style="finding.error")
            head.append(f": {printable(p.message)}")
            parts.append(head)
            continue
        located += 1
        col = max(1, p.col)
        head.append(f"{err.path}:{p.line}:{col}: ", style="bold")
        head.append("syntax error", style="finding.error")
        head.append(f": {printable(p.message)}")
        parts.append(head)
        if p.line <= len(lines):
            src, caret, width = echo_line(lines[p.line - 1], col, p.end_col)
            parts.append(Text.assemble((f"{p.line:>5} | ", "source.gutter"), src))
            parts.append(Text.assemble((" " * 5 + " | ", "source.gutter"),
                                       (" " * (caret - 1) + "^" * width, "finding.caret")))
        if p.expected:
            parts.append(Text(f"      = expected: {printable(p.expected)}", style="label"))
    if located:
        parts.append(Text.assemble(
            (f"{err.path}: ", "bold"),
            (f"unreadable ({plural(len(err.problems), 'problem')})", "bad")))
    return Group(*parts)


def render_totals(clean: int, with_errors: int, unreadable: int) -> Text:
    """The closing line when several logs were checked."""
    total = clean + with_errors + unreadable
    text = Text(f"{plural(total, 'log')}: ", style="heading")
    text.append(f"{clean} clean", style="ok" if clean else "")
    text.append(", ")
    text.append(f"{with_errors} with errors", style="bad" if with_errors else "")
    text.append(", ")
    text.append(f"{unreadable} unreadable", style="bad" if unreadable else "")
    return text


# -- the text of the smaller commands (explain, games) -----------------------------------------


def render_code(info: Code, example: list[str] | None = None, said: list[str] | None = None,
                more: str = "") -> Group:
    """``cartlog explain``: a finding code, its severity, what it means and its rule; then,
    when the game writes one, an example: lines of a log (``example``) and what ``check``
    says of them (``said``); and where the code is described at length (``more``)."""
    parts: list[RenderableType] = [
        Text.assemble((info.code, "finding.code"), "  ",
                      (info.severity, severity_style(info.severity))),
        Text(info.summary)]
    if info.explanation:
        parts.append(Text(info.explanation))
    parts.append(Text(f"rule: {info.rule}", style="label"))
    if example:
        parts.append(Text(""))
        parts.append(Text("example, in a log:", style="label"))
        parts.extend(Text("  " + line, style="notation") for line in example)
    if said:
        parts.append(Text("cartlog check says:", style="label"))
        parts.extend(Text("  " + line) for line in said)
    if more:
        parts.append(Text(""))
        parts.append(Text.assemble(("more: ", "label"), more))
    return Group(*parts)


def render_catalogue(games: list[dict[str, Any]]) -> Group:
    """``cartlog games``: each game, its rule sets and the options a log header may set.

    One rule set per block of lines rather than a table, so that nothing is cut short in 80
    columns and the text is the same in ASCII."""
    parts: list[Text] = []
    for game in games:
        aliases = [a for a in game["aliases"] if a != game["name"]]
        head = Text.assemble((game["title"], "heading"), f" ({game['name']})")
        if aliases:
            head.append(f"; also: {', '.join(aliases)}", style="muted")
        parts.append(head)
        for rs in game["rulesets"]:
            parts.append(Text.assemble(
                "  ", (f"{rs['name']:<22}", "notation"),
                f" {rs['book']}, {rs['players']} players, {rs['summary']}"))
            letters = ", ".join(f"{k} {v}" for k, v in rs["letters"].items())
            parts.append(Text(f"      cards: {rs['cards'].split(' ', 1)[0]}; {letters}",
                              style="label"))
            options = ", ".join(f"{k}={str(v).lower()}" for k, v in rs["options"].items())
            parts.append(Text(f"      options: {options or 'none'}", style="label"))
        if game["option_help"]:
            parts.append(Text("  options a log header may set ([Options \"name=value\"]):"))
            for name, text in game["option_help"].items():
                parts.append(Text.assemble("    ", (name, "bold"), f": {text}"))
    return Group(*parts)
