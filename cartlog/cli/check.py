"""``cartlog check``: audit logs, or every log in a folder, with a report per log and a line of
totals."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable
from enum import StrEnum
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Optional

import typer

from cartlog.cli.application import Command, app
from cartlog.cli.options import (
    AsciiOpt,
    Format,
    FormatOpt,
    KeyOpt,
    ThemeName,
    ThemeOpt,
    one_of,
    read_number,
)
from cartlog.cli.output import (
    EXIT_CLEAN,
    fail,
    is_terminal,
    key_given,
    open_console,
    report_unreadable,
)

if TYPE_CHECKING:
    from rich.console import RenderableType
    from rich.progress import Progress

    from cartlog.corpus import Outcome
    from cartlog.documents import CodeTally
    from cartlog.render.console import LogConsole


class MinSeverity(StrEnum):
    info = "info"
    warning = "warning"
    error = "error"


FEW_LOGS = 8  # fewer logs than this are checked in this process, whatever --jobs says


@app.command(cls=Command)
def check(
    logs: Annotated[list[Path], typer.Argument(
        metavar="LOGS", help="Game logs to audit, text or JSON ('-' for standard input), "
        "or folders: every *.cartlog and *.json log under them.", show_default=False,
        readable=False)],
    fmt: FormatOpt = Format.text,
    stop_at_first: Annotated[bool, typer.Option("--stop-at-first", help="Stop each log at "
                                                "its first error.")] = False,
    verbose: Annotated[bool, typer.Option("--verbose", "-v", help="List every finding "
                                          "that may only follow from another in full, and "
                                          "show the one-line position before each finding.")
              ] = False,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="Only the summary line of "
                                        "each log.")] = False,
    min_severity: Annotated[MinSeverity, typer.Option(
        "--min-severity", metavar="info|warning|error", parser=one_of(MinSeverity),
        help="Show only the findings of this severity or above; the counts and the exit "
        "status still count every error.")] = MinSeverity.info,
    statistics: Annotated[bool, typer.Option("--statistics", help="At the end, count the "
                                             "findings by code.")] = False,
    jobs: Annotated[Optional[int], typer.Option(
        "--jobs", "-j", metavar="N", parser=read_number, help="Check in N worker processes; "
        "default: one per core; 1: in this process.", show_default=False)] = None,
    seal: Annotated[Optional[str], typer.Option(
        "--seal", metavar="SEAL", help="The final seal record --hash printed when the log "
        "was recorded: the log must end with it (lines cut from its end, or its seals taken "
        "out, are seal/edited).", show_default=False)] = None,
    key: KeyOpt = None,
    ascii_only: AsciiOpt = False,
    theme_name: ThemeOpt = ThemeName.auto,
) -> None:
    """Audit game logs: every illegal action and every wrong claim or result.

    One report per log, in the order given; a folder stands for every log under it, at any
    depth, in sorted order. With several logs, the closing lines list the logs with errors and
    those that could not be read, and give the totals. Logs that cannot be read are reported
    on standard error; the others are still checked.

    A file of several games written one after the other (as PGN files hold them) is a
    collection: each game is audited and reported on its own, named FILE#N (N from 1), its
    findings at the file's lines; a game that cannot be read is its own unreadable report.

    Many logs are checked in parallel (--jobs), the reports still in order and written as
    they come; on a terminal a progress bar on standard error shows the logs checked, the
    rate and the failures so far.

    Exit status: the worst of all the logs: 0 clean, 1 errors found, 2 a log could not be
    read.

    Examples:

      cartlog check game.cartlog

      cartlog check --quiet samples/

      cartlog check --format json samples/cartagena/*.cartlog

      cartlog check --stop-at-first --verbose disputed.cartlog

      cartlog check -q --statistics --min-severity error archive/

      cartlog check club.cartlog    (club.cartlog#1, club.cartlog#2, ...)

      cartlog check --seal 8c4fbbd71719255c game.cartlog

      cartlog check --key club.key game.cartlog
    """
    from cartlog import corpus

    if jobs is not None and jobs < 1:
        fail(f"--jobs {jobs}: give 1 or more worker processes")
    secret = key_given(key)
    as_text = fmt is Format.text
    paths = corpus.expand(logs)
    workers = corpus.default_jobs() if jobs is None else jobs
    if len(paths) < FEW_LOGS:
        workers = 1
    if workers == 1 and len(paths) > 1:  # a long audit in this process (workers see to theirs)
        corpus.freeze_imports()
    groups = corpus.audit_groups(paths, jobs=workers, stop_at_first=stop_at_first,
                                 min_severity=min_severity.value, text=as_text and not quiet,
                                 seal=seal, key=secret)
    tally: CodeTally | None = None
    if statistics:
        from cartlog.documents import CodeTally

        tally = CodeTally()
    try:
        if as_text:
            status = _check_text(groups, len(paths), tally, quiet=quiet, verbose=verbose,
                                 stopped=stop_at_first, ascii_only=ascii_only,
                                 theme_name=theme_name)
        else:
            status = _check_json((o for group in groups for o in group), tally)
    finally:
        groups.close()  # the worker processes stop here, also when interrupted
    if status:
        raise typer.Exit(status)


def _check_json(outcomes: Iterable[Outcome], tally: CodeTally | None) -> int:
    """``check --format json``: the document written as the reports come."""
    from cartlog.documents import CheckWriter

    writer, status = CheckWriter(sys.stdout.write), EXIT_CLEAN
    for outcome in outcomes:
        status = max(status, outcome.status)
        if outcome.error is not None:
            writer.unreadable(outcome.error)
            continue
        report = outcome.report
        assert report is not None, "an outcome holds a report or an error"
        writer.report(report)
        if tally is not None:
            tally.add(report)
    writer.close(tally.rows() if tally is not None else None)
    return status


def _check_text(groups: Iterable[list[Outcome]], total: int, tally: CodeTally | None, *, quiet: bool, verbose: bool, stopped: bool,
                ascii_only: bool, theme_name: ThemeName) -> int:
    """``check`` for people: each report as it comes (on a terminal, below a progress bar),
    then the logs that failed, the statistics and the totals. The reports of the outcomes
    that come together (a worker's batch) are written together."""
    from cartlog.render.report import render_report, render_totals, summary_line

    out = open_console(ascii_only, theme_name=theme_name)
    screen = _Screen(out, total, ascii_only, theme_name, quiet)
    status, clean, seen = EXIT_CLEAN, 0, 0
    failed: list[tuple[str, int]] = []  # (file, errors)
    unreadable: list[str] = []
    try:
        for group in groups:
            for outcome in group:
                seen += 1
                status = max(status, outcome.status)
                if outcome.error is not None:
                    unreadable.append(outcome.name)
                    screen.show(partial(report_unreadable, outcome.error, ascii_only,
                                        theme_name))
                else:
                    report = outcome.report
                    assert report is not None, "an outcome holds a report or an error"
                    if report.errors:
                        failed.append((report.file, report.errors))
                    else:
                        clean += 1
                    if tally is not None:
                        tally.add(report)
                    screen.report(summary_line(report, stopped=stopped) if quiet else
                                  render_report(report, outcome.text, verbose=verbose,
                                                stopped=stopped))
                if outcome.game <= 1:  # the bar counts files; a file of games, once
                    screen.advance(len(failed), len(unreadable))
            screen.write_held()
    finally:
        screen.close()
    screen.flush()
    several = max(total, seen) > 1  # several files, or a file of several games
    if several or tally is not None:
        from cartlog.render.check import render_failed, render_statistics

        if several and (failed or unreadable):
            out.print(render_failed(failed, unreadable))
        if tally is not None:
            out.print(render_statistics(tally.rows()))
    if several:
        out.print(render_totals(clean, len(failed), len(unreadable)))
    return status


class _Screen:
    """Where check's reports go as they come: straight out, or, on a terminal, above a
    progress bar on standard error. The bar is drawn at most ten times a second; reports that
    come in between wait for the next drawing (a tenth of a second at most). Without a bar,
    the reports of outcomes that came together are held and written together
    (:meth:`write_held`); a write to standard error (an unreadable log) comes after the
    reports held before it."""

    PERIOD = 0.1

    def __init__(self, out: LogConsole, total: int, ascii_only: bool, theme_name: ThemeName,
                 quiet: bool) -> None:
        self.out = out
        self.bar: Progress | None = None
        self.waiting: list[Callable[[], None]] = []
        self.held: list[RenderableType] = []  # reports to write, without a bar
        # with --quiet too: the summaries of a large archive come slowly, the bar says how far
        if total < 2 or ascii_only or not is_terminal(sys.stdout):
            return
        err = open_console(stderr=True, theme_name=theme_name)
        if not err.is_interactive:  # not a terminal, or a dumb one
            return
        import time

        from cartlog.render.check import progress_bar

        self.clock = time.monotonic
        self.start = self.clock()
        self.drawn = self.start - self.PERIOD  # the first log checked is drawn at once
        self.bar = progress_bar(err, total)
        self.done = 0
        self.bar.start()

    def show(self, write: Callable[[], None]) -> None:
        if self.bar is None:
            self.write_held()
            write()
        else:
            self.waiting.append(write)

    def report(self, shown: RenderableType) -> None:
        """A report for the console of the reports: held (without a bar), or waiting for
        the next drawing of the bar."""
        if self.bar is None:
            self.held.append(shown)
        else:
            self.waiting.append(lambda: self.out.print(shown))

    def write_held(self) -> None:
        """Write the reports held: as text, when they are text without colours
        (:func:`plain_text`, what the console would write), in one write; else each printed
        by the console."""
        if not self.held:
            return
        from cartlog.render.check import plain_text

        held, out = self.held, self.out
        text = plain_text(held) if out.color_system is None else None
        if text is not None:
            out.file.write(text)
            out.file.flush()
        else:
            for shown in held:
                out.print(shown)
        held.clear()

    def advance(self, with_errors: int, unreadable: int) -> None:
        bar = self.bar
        if bar is None:
            return
        self.done += 1
        now = self.clock()
        if now - self.drawn < self.PERIOD and len(self.waiting) < 1000:
            return
        from cartlog.render.check import progress_fields

        fields = progress_fields(self.done, now - self.start, with_errors, unreadable)
        # the fields go to update's **fields (mypy matches a ** dict against every keyword)
        bar.update(bar.task_ids[0], completed=self.done, **fields)  # type: ignore[arg-type]
        self._draw(bar)
        self.drawn = now

    def _draw(self, bar: Progress) -> None:
        if self.waiting:
            bar.stop()  # the bar leaves the screen while the reports are written
            for write in self.waiting:
                write()
            self.waiting.clear()
            bar.start()
        else:
            bar.refresh()

    def close(self) -> None:
        """Take the bar off the screen (also when interrupted)."""
        if self.bar is not None:
            self.bar.stop()
            self.bar = None

    def flush(self) -> None:
        """Write the reports still waiting (after :meth:`close`)."""
        self.write_held()
        for write in self.waiting:
            write()
        self.waiting.clear()
