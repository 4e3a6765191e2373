"""The ``cartlog`` command line: a thin layer over the library.

Each command reads its input, calls one library function and renders the result. Only this
module owns a console. Exit statuses follow linters: 0 clean, 1 findings at error severity,
2 unreadable input or bad usage.
"""

from __future__ import annotations

import inspect
import os
import shutil
import sys
from enum import Enum, StrEnum
from pathlib import Path
from typing import Annotated, NoReturn, Optional

import typer
from typer.core import TyperArgument, TyperCommand, TyperGroup, TyperOption

from cartlog import version_line
from cartlog.core.text import to_ascii
from cartlog.games import SPECS

EXIT_CLEAN, EXIT_FINDINGS, EXIT_UNREADABLE = 0, 1, 2


def _titles(titles: list[str] | None = None, sep: str = " and ") -> str:
    titles = [spec.title for spec in SPECS] if titles is None else titles
    return ", ".join(titles[:-1]) + sep + titles[-1] if len(titles) > 1 else titles[0]


def _units(plural: bool = False) -> str:
    """What the games count their play in, from their specs: ``turn or round``; with
    ``plural``, which game counts which (``turns in Cartagena, rounds in Meuterer and ...``)."""
    by_word: dict[str, list[str]] = {}
    for spec in SPECS:
        by_word.setdefault(spec.turns_word if plural else spec.turn_word, []).append(spec.title)
    if not plural:
        return " or ".join(by_word)
    return "; ".join(f"{word} in {_titles(titles)}" for word, titles in by_word.items())


# -- help -------------------------------------------------------------------------------------
# Help is click's plain layout, which wraps every line at the terminal's width (typer's boxed
# layout cuts option names short on a narrow terminal). Paragraphs flow to the width (the
# docstrings' own line breaks do not count) and each example is a paragraph of its own. Values
# are shown by their metavar (LOG, N, FILE); a flag shows none. Typer prints an argument's
# Python type beside its name (``<path>``) with no setting to turn it off, so the commands
# below show arguments through :class:`_Argument`, which prints the name alone.

HELP_WIDTH = 100  # help is wrapped at the terminal's width, and at most at this one
_Context = TyperCommand.context_class


class _HelpFormatter(_Context.formatter_class):  # type: ignore[name-defined]
    """Click's help formatter, wrapping at the terminal's width however narrow (click's own
    never goes under 50 columns) and putting an option's help under it when the option is
    long for the width."""

    def __init__(self, indent_increment: int = 2, width: int | None = None,
                 max_width: int | None = None) -> None:
        if width is None:
            width = max(min(shutil.get_terminal_size().columns, HELP_WIDTH) - 2, 20)
        super().__init__(indent_increment, width, max_width)

    def write_dl(self, rows, col_max: int = 30, col_spacing: int = 2) -> None:
        super().write_dl(rows, min(col_max, max(8, self.width // 3)), col_spacing)


class _HelpContext(_Context):  # type: ignore[valid-type,misc]
    formatter_class = _HelpFormatter


class _Argument(TyperArgument):
    """An argument in help and usage: its name (``LOG``, ``[LOG]`` when optional, ``LOGS...``),
    never its Python type."""

    def make_metavar(self, ctx, *, usage: bool = False) -> str:
        name = self.metavar or (self.name or "").upper()
        if usage and not self.required:
            name = f"[{name}]"
        return name + ("..." if self.nargs != 1 else "")


def _plain_params(params) -> None:
    for param in params:
        if type(param) is TyperArgument:
            param.__class__ = _Argument
        elif isinstance(param, TyperOption) and param.metavar is None and param.is_flag:
            param.metavar = ""  # a flag takes no value: nothing to show after its name


def _short_help(help_text: str | None) -> str:
    """A command's line in the list of commands: the first sentence of its help, whole."""
    first = inspect.cleandoc(help_text or "").split("\n\n")[0].replace("\n", " ")
    end = first.find(". ")
    return first[:end + 1] if end != -1 else first


class _PlainHelp:
    """What commands and the group share in help: the plain layout, names for values."""

    context_class = _HelpContext

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        _plain_params(self.params)  # type: ignore[attr-defined]

    def get_help_option(self, ctx):
        option = super().get_help_option(ctx)  # type: ignore[misc]
        _plain_params([option] if option is not None else [])
        return option


class _Command(_PlainHelp, TyperCommand):
    def get_short_help_str(self, limit: int = 45) -> str:
        return self.short_help or _short_help(self.help)


class _Group(_PlainHelp, TyperGroup):
    pass


_APP_SETTINGS = dict(name="cartlog", cls=_Group, no_args_is_help=True, rich_markup_mode=None,
                     context_settings={"help_option_names": ["-h", "--help"]},
                     pretty_exceptions_enable=False)

app = typer.Typer(
    help=f"""Replay and audit recorded games of {_titles()}: every illegal move and every
    wrong score or result, at its line and column.

    Exit status: 0 clean, 1 errors found, 2 unreadable input or bad usage.

    Examples:

      cartlog check game.cartlog

      cartlog check logs/

      cartlog replay game.cartlog --turn 12

      cartlog explain move/forward-destination""",
    add_completion=True,
    **_APP_SETTINGS,  # type: ignore[arg-type]
)


class Format(StrEnum):
    text = "text"
    json = "json"


class ConvertTo(StrEnum):
    json = "json"
    text = "text"


class ThemeName(StrEnum):
    auto = "auto"
    dark = "dark"
    light = "light"


# -- values of options: read here, so that a wrong one is answered in the words of this program

def _number(text: str | int) -> int:
    """A whole number (``--turn 12``)."""
    if isinstance(text, int):  # the default
        return text
    value = text.strip()
    digits = value.removeprefix("-")
    if not (digits.isascii() and digits.isdigit()):
        raise typer.BadParameter(f"{text!r} is not a whole number")
    if len(digits.lstrip("0")) > 18:
        raise typer.BadParameter(f"{text!r} is too large")
    return int(value)


def _one_of(kind: type[Enum]):
    """The value of an option that takes one of a few words (``--format json``)."""
    words = [m.value for m in kind]  # type: ignore[var-annotated]

    def read(text):
        if isinstance(text, kind):  # the default
            return text
        value = str(text).strip().lower()
        if value not in words:
            raise typer.BadParameter(f"{text!r}: expected {', '.join(words[:-1])} or "
                                     f"{words[-1]}")
        return kind(value)

    return read


# -- options shared by commands (defined once) -------------------------------------------------

FormatOpt = Annotated[Format, typer.Option("--format", "-f", metavar="text|json",
                                           parser=_one_of(Format),
                                           help="text for people, json for programs.")]
AsciiOpt = Annotated[bool, typer.Option("--ascii", help="Plain ASCII, no colour: for dumb "
                                        "terminals, files and snapshots.")]
ThemeOpt = Annotated[ThemeName, typer.Option(
    "--theme", metavar="auto|dark|light", envvar="CARTLOG_THEME", parser=_one_of(ThemeName),
    help="Colours for a dark or a light terminal background; auto: light when the terminal "
    "says so (COLORFGBG), else dark.")]
# A path is never checked by the argument parser (typer checks that it can be read, with a
# usage message and no JSON): the command says itself, at the path, why it cannot read it
# (docs/cli.md, "Exit status").
LogArg = Annotated[Path, typer.Argument(metavar="LOG", help="A game log, text or JSON ('-' for "
                                        "standard input).", show_default=False,
                                        readable=False)]
OutputOpt = Annotated[Optional[Path], typer.Option("--output", "-o", metavar="FILE",
                                                   help="Write to this file instead of "
                                                   "standard output.", readable=False)]


# -- console and input/output --------------------------------------------------------------------


def _no_color() -> bool:
    """``NO_COLOR`` set to anything but the empty string (https://no-color.org)."""
    return bool(os.environ.get("NO_COLOR"))


class _AsciiStream:
    """A text stream that writes everything through :func:`to_ascii` (``--ascii``)."""

    def __init__(self, stream) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        self._stream.write(to_ascii(text))
        return len(text)

    def flush(self) -> None:
        self._stream.flush()

    def isatty(self) -> bool:
        return False


UNWRAPPED = 1 << 16  # the width of output to a file or pipe: long lines are not wrapped


def _console(ascii_only: bool = False, stderr: bool = False,
             theme_name: ThemeName = ThemeName.auto):
    """The console of this run. ``--ascii`` and ``NO_COLOR`` turn off every ANSI escape.

    Output to a terminal wraps at its width; output to a file or a pipe is not wrapped, so
    that each line stays whole for grep and diff. ``COLUMNS`` set in the environment is the
    width in both cases (the snapshots are written at 100)."""
    from cartlog.render.console import LogConsole
    from cartlog.render.theme import theme

    plain = ascii_only or _no_color()
    stream = sys.stderr if stderr else sys.stdout
    width = None
    if not os.environ.get("COLUMNS", "").isdigit() and not _is_terminal(stream):
        width = UNWRAPPED
    return LogConsole(theme=theme(theme_name.value, os.environ.get("COLORFGBG")),
                      file=_AsciiStream(stream) if ascii_only else stream, width=width,
                      no_color=plain, color_system=None if plain else "auto", highlight=False,
                      emoji=False, soft_wrap=True, legacy_windows=False, safe_box=True)


def _is_terminal(stream) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):  # no isatty, or a closed stream
        return False


def _json_text(text: str) -> str | None:
    """The text of a JSON log, so that its findings are placed at a line and column; None for
    a log in the text notation, whose findings carry their own."""
    from cartlog.logs import is_json

    return text if is_json(text) else None


def _fail(message: str, code: int = EXIT_UNREADABLE) -> NoReturn:
    sys.stderr.write(f"cartlog: {message}\n")
    raise typer.Exit(code)


def _show_unreadable(err, ascii_only: bool = False,
                     theme_name: ThemeName = ThemeName.auto) -> None:
    from cartlog.core.errors import LogSyntaxError, SyntaxProblem
    from cartlog.core.limits import max_problems
    from cartlog.render.report import render_unreadable

    limit = max_problems()
    if len(err.problems) > limit:
        more = len(err.problems) - limit
        err = LogSyntaxError(err.path, err.problems[:limit] + [SyntaxProblem(
            0, 0, f"{more} more problem{'s' if more != 1 else ''} not shown "
            "(CARTLOG_MAX_PROBLEMS shows more)")], err.source)
    _console(ascii_only, stderr=True, theme_name=theme_name).print(render_unreadable(err))


def _load(path: Path, ascii_only: bool = False, json_kind: str | None = None,
          theme_name: ThemeName = ThemeName.auto):
    """Read and parse one log, or say why it cannot be read and exit with 2. With
    ``json_kind`` (``replay``, ``score``) the reason is that command's JSON document."""
    from cartlog.core.errors import LogSyntaxError

    # Reading a log file within the size limits (CARTLOG_MAX_BYTES, CARTLOG_MAX_LINE) is the
    # library's, so that worker processes read logs as the commands do.
    from cartlog.corpus import parse

    try:
        return parse(path)
    except LogSyntaxError as err:
        if json_kind is not None:
            from cartlog.documents import unreadable_document

            _write_json(unreadable_document(json_kind, err))
        else:
            _show_unreadable(err, ascii_only, theme_name)
        raise typer.Exit(EXIT_UNREADABLE) from None


def _write_json(obj) -> None:
    import msgspec

    from cartlog.core.text import json_visible

    sys.stdout.write(json_visible(msgspec.json.format(msgspec.json.encode(obj).decode(),
                                                      indent=2)) + "\n")


def _write_text(text: str, output: Optional[Path]) -> None:
    """Write to ``output``, or to standard output when it is None or ``-``.

    A file is written whole or not at all: to a file beside it, synced, then renamed over it,
    so that a full disk or an error never leaves a part of it, nor harms the file that was
    there (``convert game.cartlog -o game.cartlog`` included). On a terminal, a log's text
    is shown escaped (docs/cli.md, "A log's text on the terminal"); written to a pipe or a
    file, it is the log itself."""
    if output is None or str(output) == "-":
        if _is_terminal(sys.stdout) and not text.replace("\n", "").isprintable():
            from cartlog.core.text import printable

            text = "".join(printable(line) + "\n" for line in text.split("\n")[:-1])
        sys.stdout.write(text)
        return
    import stat
    import tempfile

    target = Path(os.path.realpath(output))  # a symbolic link stays, its file is written
    folder = target.parent
    temporary = None
    try:
        if target.exists() and not stat.S_ISREG(target.stat().st_mode):  # /dev/stdout, a FIFO
            with open(target, "w", encoding="utf-8", newline="") as stream:
                stream.write(text)
            return
        fd, temporary = tempfile.mkstemp(prefix=f".{output.name}.", suffix=".tmp",
                                         dir=folder)
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as stream:
            stream.write(text)
            stream.flush()
            if target.exists():  # the file there is kept until the new one is on the disk
                os.fsync(stream.fileno())
        if target.exists():
            os.chmod(temporary, target.stat().st_mode & 0o7777)
        else:
            os.chmod(temporary, 0o666 & ~_umask())
        os.replace(temporary, target)
    except OSError as exc:
        if temporary is not None:
            try:
                os.unlink(temporary)
            except OSError:
                pass
        from cartlog.core.text import printable

        _fail(f"{printable(str(output))}: cannot write: {exc.strerror or exc}; nothing was "
              "written")


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


# -- commands --------------------------------------------------------------------------------


def _starting(incomplete: str, words: list[str]) -> list[str]:
    """Shell completion: the words that start with what has been typed, sorted, once each."""
    typed = incomplete.strip().lower()
    return sorted({w for w in words if w.startswith(typed)})


def _game_names(incomplete: str) -> list[str]:
    return _starting(incomplete, [spec.name for spec in SPECS])


def _rule_sets(incomplete: str) -> list[str]:
    return _starting(incomplete, [r for spec in SPECS for r in spec.rulesets])


class MinSeverity(StrEnum):
    info = "info"
    warning = "warning"
    error = "error"


FEW_LOGS = 8  # fewer logs than this are checked in this process, whatever --jobs says


@app.command(cls=_Command)
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
        "--min-severity", metavar="info|warning|error", parser=_one_of(MinSeverity),
        help="Show only the findings of this severity or above; the counts and the exit "
        "status still count every error.")] = MinSeverity.info,
    statistics: Annotated[bool, typer.Option("--statistics", help="At the end, count the "
                                             "findings by code.")] = False,
    jobs: Annotated[Optional[int], typer.Option(
        "--jobs", "-j", metavar="N", parser=_number, help="Check in N worker processes; "
        "default: one per core; 1: in this process.", show_default=False)] = None,
    ascii_only: AsciiOpt = False,
    theme_name: ThemeOpt = ThemeName.auto,
) -> None:
    """Audit game logs: every illegal action and every wrong claim or result.

    One report per log, in the order given; a folder stands for every log under it, at any
    depth, in sorted order. With several logs, the closing lines list the logs with errors and
    those that could not be read, and give the totals. Logs that cannot be read are reported
    on standard error; the others are still checked.

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
    """
    from cartlog import corpus

    if jobs is not None and jobs < 1:
        _fail(f"--jobs {jobs}: give 1 or more worker processes")
    as_text = fmt is Format.text
    paths = corpus.expand(logs)
    workers = corpus.default_jobs() if jobs is None else jobs
    if len(paths) < FEW_LOGS:
        workers = 1
    if workers == 1 and len(paths) > 1:  # a long audit in this process (workers see to theirs)
        corpus.freeze_imports()
    groups = corpus.audit_groups(paths, jobs=workers, stop_at_first=stop_at_first,
                                 min_severity=min_severity.value, text=as_text and not quiet)
    tally = None
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


def _check_json(outcomes, tally) -> int:
    """``check --format json``: the document written as the reports come."""
    from cartlog.documents import CheckWriter

    writer, status = CheckWriter(sys.stdout.write), EXIT_CLEAN
    for outcome in outcomes:
        status = max(status, outcome.status)
        if outcome.error is not None:
            writer.unreadable(outcome.error)
            continue
        writer.report(outcome.report)
        if tally is not None:
            tally.add(outcome.report)
    writer.close(tally.rows() if tally is not None else None)
    return status


def _check_text(groups, total: int, tally, *, quiet: bool, verbose: bool, stopped: bool,
                ascii_only: bool, theme_name: ThemeName) -> int:
    """``check`` for people: each report as it comes (on a terminal, below a progress bar),
    then the logs that failed, the statistics and the totals. The reports of the outcomes
    that come together (a worker's batch) are written together."""
    from cartlog.render.report import render_report, render_totals, summary_line

    out = _console(ascii_only, theme_name=theme_name)
    screen = _Screen(out, total, ascii_only, theme_name, quiet)
    status, clean, failed, unreadable = EXIT_CLEAN, 0, [], []
    try:
        for group in groups:
            for outcome in group:
                status = max(status, outcome.status)
                if outcome.error is not None:
                    unreadable.append(outcome.name)
                    screen.show(lambda err=outcome.error: _show_unreadable(err, ascii_only,
                                                                            theme_name))
                else:
                    report = outcome.report
                    if report.errors:
                        failed.append((report.file, report.errors))
                    else:
                        clean += 1
                    if tally is not None:
                        tally.add(report)
                    screen.report(summary_line(report, stopped=stopped) if quiet else
                                  render_report(report, outcome.text, verbose=verbose,
                                                stopped=stopped))
                screen.advance(len(failed), len(unreadable))
            screen.write_held()
    finally:
        screen.close()
    screen.flush()
    if total > 1 or tally is not None:
        from cartlog.render.check import render_failed, render_statistics

        if total > 1 and (failed or unreadable):
            out.print(render_failed(failed, unreadable))
        if tally is not None:
            out.print(render_statistics(tally.rows()))
    if total > 1:
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

    def __init__(self, out, total: int, ascii_only: bool, theme_name: ThemeName,
                 quiet: bool) -> None:
        self.out = out
        self.bar = None
        self.waiting: list = []
        self.held: list = []  # reports to write, without a bar
        if total < 2 or quiet or ascii_only or not _is_terminal(sys.stdout):
            return
        err = _console(stderr=True, theme_name=theme_name)
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

    def show(self, write) -> None:
        if self.bar is None:
            self.write_held()
            write()
        else:
            self.waiting.append(write)

    def report(self, shown) -> None:
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
        if self.bar is None:
            return
        self.done += 1
        now = self.clock()
        if now - self.drawn < self.PERIOD and len(self.waiting) < 1000:
            return
        from cartlog.render.check import progress_fields

        self.bar.update(self.bar.task_ids[0], completed=self.done,
                        **progress_fields(self.done, now - self.start, with_errors, unreadable))
        self._draw()
        self.drawn = now

    def _draw(self) -> None:
        if self.waiting:
            self.bar.stop()  # the bar leaves the screen while the reports are written
            for write in self.waiting:
                write()
            self.waiting.clear()
            self.bar.start()
        else:
            self.bar.refresh()

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


_TURN_HELP = f"Show only this {_units()} ({_units(plural=True)})."


def _first(option: str, value: int | None) -> int | None:
    """A turn or round number as given: numbered from 1."""
    if value is not None and value < 1:
        _fail(f"{option} {value}: the first {_units()} is 1")
    return value


@app.command(cls=_Command)
def replay(
    log: LogArg,
    turn: Annotated[Optional[int], typer.Option("--turn", "-t", metavar="N", parser=_number,
                                                help=_TURN_HELP)] = None,
    round_: Annotated[Optional[int], typer.Option("--round", metavar="N", parser=_number,
                                                  help="The same as --turn.")] = None,
    start: Annotated[Optional[int], typer.Option(
        "--from", metavar="N", parser=_number, help=f"First {_units()} to show.")] = None,
    end: Annotated[Optional[int], typer.Option(
        "--to", metavar="N", parser=_number, help=f"Last {_units()} to show.")] = None,
    board: Annotated[bool, typer.Option("--board/--no-board", help=f"Draw the board after "
                                        f"each {_units()}.")] = True,
    fmt: FormatOpt = Format.text,
    ascii_only: AsciiOpt = False,
    theme_name: ThemeOpt = ThemeName.auto,
) -> None:
    """Replay a game step by step, with the board drawn after each turn or round.

    Each action is shown in notation and in words, with the cards drawn and the findings where
    they arise. {units}.

    A turn or round past the end of the game is bad usage, like --turn 0: the error says how
    long the game is. A --to past the end shows the game to its end.

    Exit status: 0 clean, 1 errors found, 2 the log could not be read or bad usage.

    Examples:

      cartlog replay game.cartlog

      cartlog replay game.cartlog --turn 12

      cartlog replay meuterer.cartlog --round 3

      cartlog replay game.cartlog --from 10 --to 14 --ascii
    """
    if turn is not None and round_ is not None:
        _fail("--turn and --round are the same option: give one")
    option = "--round" if round_ is not None else "--turn"
    turn = _first(option, turn if round_ is None else round_)
    start, end = _first("--from", start), _first("--to", end)
    if turn is not None:
        if start is not None or end is not None:
            _fail(f"{option} cannot be given with --from or --to")
        start = end = turn
    if start is not None and end is not None and start > end:
        _fail(f"--from {start} is after --to {end}")
    parsed, text, name = _load(log, ascii_only, "replay" if fmt is Format.json else None,
                               theme_name)
    from cartlog.audit import replay_report
    from cartlog.games import game_of

    game = game_of(parsed)
    report, frames = replay_report(parsed, name, text=_json_text(text))
    last = max((f.turn for f in frames if f.turn is not None), default=0)
    if start is not None and start > last:
        given = option if turn is not None else "--from"
        _fail(f"{given} {start}: {name} has only {game.count(last)}" if last else
              f"{given} {start}: {name} has no {game.turns_word}")
    if fmt is Format.json:
        from cartlog.documents import replay_document

        _write_json(replay_document(report, frames, start, end))
    else:
        from cartlog.render import game_renderer

        # one part (a turn, a round) printed at a time: memory is one turn's drawing
        out = _console(ascii_only, theme_name=theme_name)
        for part in game_renderer(game.name).replay_parts(
                parsed, report, frames, text, start=start, end=end, board=board,
                ascii=ascii_only):
            out.print(part)
    if report.errors:
        raise typer.Exit(EXIT_FINDINGS)


replay.__doc__ = (replay.__doc__ or "").replace("{units}",
                                                "Play is counted in " + _units(plural=True))


_SCORE_HELP = "\n\n    ".join(f"{spec.title}: {spec.summary}." for spec in SPECS)


@app.command(cls=_Command)
def score(log: LogArg, fmt: FormatOpt = Format.text, ascii_only: AsciiOpt = False,
          theme_name: ThemeOpt = ThemeName.auto) -> None:
    """Show the final breakdown: the winner, how each player stands, and the recorded result
    beside the replayed one.

    {games}

    Exit status: 0 clean, 1 errors found, 2 the log could not be read.

    Examples:

      cartlog score game.cartlog

      cartlog score game.json --format json
    """
    parsed, text, name = _load(log, ascii_only, "score" if fmt is Format.json else None,
                               theme_name)
    from cartlog.audit import audit
    from cartlog.games import game_of

    report = audit(parsed, name, text=_json_text(text))
    if fmt is Format.json:
        from cartlog.documents import score_document

        _write_json(score_document(report))
    else:
        from cartlog.render import game_renderer

        _console(ascii_only, theme_name=theme_name).print(game_renderer(
            game_of(parsed).name).render_score(
            parsed, report, ascii=ascii_only))
    if report.errors:
        raise typer.Exit(EXIT_FINDINGS)


score.__doc__ = (score.__doc__ or "").replace("{games}", _SCORE_HELP)


@app.command(cls=_Command)
def simulate(
    game: Annotated[str, typer.Argument(
        metavar="GAME", help="The game: " + ", ".join(spec.name for spec in SPECS) + ".",
        show_default=False, autocompletion=_game_names)],
    rules: Annotated[Optional[str], typer.Option(
        "--rules", "-r", metavar="NAME", autocompletion=_rule_sets,
        help="The rule set or variant; see cartlog games. Default: "
        + ", ".join(f"{spec.default_rules} ({spec.name})" for spec in SPECS) + ".")] = None,
    players: Annotated[int, typer.Option("--players", "-n", metavar="N", parser=_number,
                                         help="Number of players.")] = 4,
    seed: Annotated[int, typer.Option("--seed", "-s", metavar="N", parser=_number,
                                      help="Random seed: the same seed gives the same "
                                      "game.")] = 0,
    view: Annotated[str, typer.Option("--view", metavar="all|table|COLOUR", help="all: every "
                                      "card known; table: what the whole table saw; or a "
                                      "colour: the table's view plus that player's "
                                      "cards.")] = "all",
    fmt: FormatOpt = Format.text,
    output: OutputOpt = None,
    count: Annotated[int, typer.Option("--count", "-c", metavar="N", parser=_number,
                                       help="Play N games, with the seeds --seed to "
                                       "--seed + N - 1 (needs --out).")] = 1,
    out: Annotated[Optional[Path], typer.Option(
        "--out", metavar="DIR", help="Write each game into this folder (made if missing), "
        "one file per game, named so that they sort by seed: "
        "cartagena-2000-jamaica-4p-0042.cartlog.", readable=False)] = None,
) -> None:
    """Play a random legal game and write it as a log (seeded, reproducible).

    With --count and --out, play many games in one go, one file each, for a corpus to check
    (cartlog check DIR).

    Exit status: 0 written, 2 unknown game, rule set, player count or view, or a file that
    cannot be written.

    Examples:

      cartlog simulate cartagena --rules 2000-tortuga --players 3 --seed 7

      cartlog simulate cartagena --rules ravensburger --view table -o game.cartlog

      cartlog simulate meuterer --rules pirate --players 3 --seed 2

      cartlog simulate cartagena --count 1000 --out corpus/
    """
    from cartlog.games import find_game

    if count < 1:
        _fail(f"--count {count}: give 1 or more games")
    if out is not None and output is not None:
        _fail("--out (a folder) and --output (a file) cannot be given together")
    if count > 1 and out is None:
        _fail(f"--count {count} needs --out DIR, the folder to write the games into")
    if out is not None and seed < 0:
        _fail(f"--seed {seed}: give 0 or more with --out, so that the file names sort")
    entry = find_game(game)
    if entry is None:
        from cartlog.games import GAMES

        _fail(f"unknown game {game!r}; expected one of {', '.join(GAMES)} (see cartlog games)")
    rules = rules or entry.default_rules
    try:
        log = entry.simulate(rules, players, seed, view=view)
    except ValueError as exc:
        _fail(f"{exc} (see cartlog games)")
    seats = [p.colour for p in getattr(log, "players", ())]
    if view not in ("all", "table", *seats):
        _fail(f"unknown view {view!r}; expected all, table or a player: {', '.join(seats)}")
    if out is None:
        _emit_log(log, entry, fmt, output)
        return
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        _fail(f"{out}: cannot make the folder: {exc.strerror or exc}")
    width = len(str(seed + count - 1))
    suffix = ".json" if fmt is Format.json else ".cartlog"
    names = []
    for n in range(seed, seed + count):
        if n != seed:
            log = entry.simulate(rules, players, n, view=view)
        names.append(f"{entry.name}-{rules}-{players}p-{n:0{width}d}{suffix}")
        _emit_log(log, entry, fmt, out / names[-1])
    shown = names[0] if count == 1 else f"{names[0]} to {names[-1]}"
    sys.stdout.write(f"{out}: {count} log{'s' if count != 1 else ''} written ({shown})\n")


def _emit_log(log, entry, fmt: Format, output: Optional[Path]) -> None:
    from cartlog.logs import write_log

    _write_text(write_log(log, fmt is Format.json), output)


@app.command(cls=_Command)
def convert(
    log: LogArg,
    to: Annotated[Optional[ConvertTo], typer.Option("--to", metavar="json|text",
                                                    parser=_one_of(ConvertTo), help="Target "
                                                    "form; by default the other one.")] = None,
    output: OutputOpt = None,
) -> None:
    """Convert a log between the text notation and JSON. Text is written in canonical form.

    The log is read, not audited: an illegal game converts, an unreadable one exits with 2.

    Examples:

      cartlog convert game.cartlog > game.json

      cartlog convert game.json --to text -o game.cartlog

      cartlog convert messy.cartlog --to text    (normalise a hand-written log)
    """
    from cartlog.core.errors import LogSyntaxError
    from cartlog.logs import convert_log, is_json

    parsed, text, name = _load(log)
    if to is None:
        to = ConvertTo.text if is_json(text) else ConvertTo.json
    try:  # lossless or refused: what is written reads back as the same log
        converted = convert_log(parsed, text, name, to is ConvertTo.json)
    except LogSyntaxError as err:
        _show_unreadable(err, False, ThemeName.auto)
        raise typer.Exit(EXIT_UNREADABLE) from None
    _write_text(converted, output)


@app.command(cls=_Command)
def explain(
    code: Annotated[str, typer.Argument(metavar="CODE", help="A finding code, e.g. "
                                        "move/forward-destination.", show_default=False,
                                        autocompletion=_codes)],
    ascii_only: AsciiOpt = False,
    theme_name: ThemeOpt = ThemeName.auto,
) -> None:
    """Explain a finding code: what it means and the rule it enforces.

    Exit status: 0 known code, 2 unknown code (with the nearest known ones).

    Examples:

      cartlog explain move/forward-destination

      cartlog explain draw/count
    """
    from cartlog.games import all_codes

    codes = all_codes()
    info = codes.get(code.strip().lower())
    if info is None:
        import difflib

        near = difflib.get_close_matches(code.strip().lower(), list(codes), n=3, cutoff=0.5)
        hint = (f"; did you mean {' or '.join(near)}?" if near
                else f"; known codes: {', '.join(sorted(codes))}")
        _fail(f"unknown code {code!r}{hint}")
    from cartlog.render.report import render_code

    _console(ascii_only, theme_name=theme_name).print(render_code(info))


def _codes(incomplete: str) -> list[str]:
    """The finding codes that start with what has been typed (shell completion)."""
    from cartlog.games import all_codes

    return _starting(incomplete, list(all_codes()))


@app.command(cls=_Command)
def games(fmt: FormatOpt = Format.text, ascii_only: AsciiOpt = False,
          theme_name: ThemeOpt = ThemeName.auto) -> None:
    """List the games, their rule sets and the options a log header may set.

    Examples:

      cartlog games

      cartlog games --format json
    """
    from cartlog.games import catalogue

    data = catalogue()
    if fmt is Format.json:
        _write_json(data)
        return
    from cartlog.render.report import render_catalogue

    _console(ascii_only, theme_name=theme_name).print(render_catalogue(data))


@app.command(cls=_Command)
def schema(
    out: Annotated[Optional[Path], typer.Option("--out", "-o", metavar="DIR", help="Write the "
                                                "schema files into this folder.",
                                                readable=False)] = None,
    check_only: Annotated[bool, typer.Option("--check", help="Write nothing; exit 1 if the "
                                             "files in --out are stale.")] = False,
) -> None:
    """Print or write the JSON Schemas of logs and of the JSON documents.

    Without --out, prints one JSON object: file name -> schema.

    Exit status: 0 done (or up to date), 1 stale files (with --check), 2 cannot write.

    Examples:

      cartlog schema --out schemas

      cartlog schema --out schemas --check
    """
    import msgspec

    from cartlog.schemas import all_schemas

    docs = all_schemas()
    if out is None:
        if check_only:
            _fail("--check needs --out, the folder to compare")
        _write_json({name: msgspec.json.decode(text) for name, text in docs.items()})
        return
    stale = []
    for name, text in docs.items():
        target = out / name
        try:
            current = target.read_text(encoding="utf-8") if target.is_file() else None
        except (OSError, UnicodeDecodeError):
            current = None
        if current == text:
            continue
        stale.append(name)
        if not check_only:
            try:
                out.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                _fail(f"{out}: cannot make the folder: {exc.strerror or exc}")
            _write_text(text, target)
    if check_only:
        if stale:
            _fail(f"stale schema files in {out}: {', '.join(stale)} (run cartlog schema "
                  f"--out {out})", EXIT_FINDINGS)
        sys.stdout.write(f"{out}: {len(docs)} schema files up to date\n")
    else:
        sys.stdout.write(f"{out}: {len(stale)} written, {len(docs) - len(stale)} unchanged\n")


def _version(value: bool) -> None:
    if value:
        sys.stdout.write(version_line() + "\n")
        raise typer.Exit()


@app.callback()
def _root(version: Annotated[bool, typer.Option("--version", "-V", callback=_version,
                                                is_eager=True, help="Print the version.")]
          = False) -> None:
    """Replay and audit recorded games."""


def main() -> None:
    """The ``cartlog`` program: no traceback reaches the user.

    Set ``CARTLOG_DEBUG=1`` to see the traceback of an internal error."""
    for stream in (sys.stdout, sys.stderr):  # PYTHONIOENCODING=ascii: escape, never fail
        try:
            stream.reconfigure(errors="backslashreplace")
        except (AttributeError, ValueError):
            pass
    try:
        _app_for(sys.argv[1:])(prog_name="cartlog", standalone_mode=True)
    except KeyboardInterrupt:
        sys.stderr.write("cartlog: interrupted\n")
        sys.exit(130)
    except BrokenPipeError:
        _quiet_exit()
    except OSError as exc:  # standard output or error cannot be written (/dev/full)
        _quiet_exit(f"cartlog: cannot write the output: {exc.strerror or exc}\n")
    except Exception as exc:  # noqa: BLE001 - the last line of defence
        if os.environ.get("CARTLOG_DEBUG"):
            raise
        sys.stderr.write(f"cartlog: internal error: {type(exc).__name__}: {exc}\n"
                         "cartlog: please report it with the log and the command; "
                         "CARTLOG_DEBUG=1 shows the traceback\n")
        sys.exit(EXIT_UNREADABLE)


def _app_for(args: list[str]) -> typer.Typer:
    """The app to run for ``args``: when they start with a command's name, an app holding that
    command alone, since building every command's parameters is most of the start-up time
    and a run uses one (none for ``--version``); otherwise (help, ``--version``, a mistyped command, completion) the
    whole app, so that the list of commands and "did you mean" are those of every command."""
    if not args or any(name.endswith("_COMPLETE") for name in os.environ):
        return app
    if args[0] in ("--version", "-V"):
        wanted = []  # the version needs no command
    else:
        wanted = [info for info in app.registered_commands if _command_name(info) == args[0]]
        if len(wanted) != 1:
            return app
    one = typer.Typer(help=app.info.help, add_completion=False,
                      **_APP_SETTINGS)  # type: ignore[arg-type]
    one.registered_commands = wanted
    one.registered_callback = app.registered_callback
    return one


def _command_name(info) -> str:
    return info.name or info.callback.__name__.lower().replace("_", "-")


def _quiet_exit(message: str = "") -> NoReturn:
    """Leave with status 2 when an output stream is gone or full: one line, no traceback."""
    try:
        sys.stdout = open(os.devnull, "w")  # nothing more is flushed to the broken stream
        if message:
            sys.stderr.write(message)
            sys.stderr.flush()
    except OSError:
        pass
    os._exit(EXIT_UNREADABLE) if not message else sys.exit(EXIT_UNREADABLE)


@app.command(cls=_Command)
def record(
    game: Annotated[Optional[str], typer.Argument(
        metavar="GAME", help="The game: " + ", ".join(spec.name for spec in SPECS) + " (not "
        "needed with --from or --resume).", show_default=False,
        autocompletion=_game_names)] = None,
    rules: Annotated[Optional[str], typer.Option(
        "--rules", "-r", metavar="NAME", autocompletion=_rule_sets,
        help="The rule set or variant of a new game; see cartlog games.")] = None,
    out: Annotated[Optional[Path], typer.Option("--out", "-o", metavar="FILE",
                                                help="The log to write (a new file).",
                                                readable=False)] = None,
    source: Annotated[Optional[Path], typer.Option(
        "--from", metavar="HEADER", help="Take the setup from this log: a header, or a header "
        "and the lines already played.", readable=False)] = None,
    resume: Annotated[Optional[Path], typer.Option(
        "--resume", metavar="FILE", help="Go on with this log where it stopped.",
        readable=False)] = None,
    position: Annotated[Optional[str], typer.Option(
        "--position", metavar="TEXT_OR_FILE", help="Start from this one-line position (or "
        "the file holding it) instead of the setup: only the players' names are asked for.")
    ] = None,
    seal: Annotated[bool, typer.Option("--hash", help="Seal the header and every line with "
                                       "a running SHA-256 (cartlog check finds edits).")]
    = False,
    board: Annotated[bool, typer.Option("--board/--no-board", help="Draw the board after "
                                        "each turn, at a terminal.")] = True,
    ascii_only: AsciiOpt = False,
    theme_name: ThemeOpt = ThemeName.auto,
) -> None:
    """Record a game as it is played: each line is checked at once and written when lawful.

    At a terminal, asks for the setup (or takes it from --from), then prompts for each line
    in the log's notation, saying whose turn it is and what they may do; an unlawful line is
    refused with the rule it breaks and the closest lawful lines, and recorded all the same
    when typed again with ! at the end. The lawful lines include, for a hand the log does not
    know, a play of each card it may hold and of the card unseen (?). Commands: undo, board,
    hand, help, quit. The log on disk is complete after every line; --resume goes on after
    an interruption.

    One recorder at a time: while a recorder has a log it is locked (.FILE.lock beside it), and
    a second cartlog record on it stops with exit status 2. A killed recorder holds nothing.

    With --position, the game starts from a one-line position (docs/notation.md, "Starting
    from a position"): the log's header holds it in a Position tag, and the recorder asks
    only for the players' names (none from standard input).

    With standard input not a terminal, reads the body lines from it (a header from --from,
    or a position from --position).

    Exit status: 0 every line accepted, 1 some line refused, 2 a header or file that cannot
    be read or written, a log another recorder has, or bad usage.

    Examples:

      cartlog record cartagena --rules 2000-tortuga --out game.cartlog

      cartlog record --from header.cartlog --out game.cartlog --hash < turns.txt

      cartlog record --resume game.cartlog

      cartlog record meuterer --position round6.txt --out game.cartlog < rounds.txt
    """
    from cartlog.record_cli import record as run

    def console(plain: bool, stderr: bool = False):
        return _console(plain, stderr, theme_name)

    def show_unreadable(err, plain: bool) -> None:
        _show_unreadable(err, plain, theme_name)

    raise typer.Exit(run(game=game, rules=rules, out=out, source=source, resume=resume,
                         seal=seal, board=board, ascii_only=ascii_only, console=console,
                         show_unreadable=show_unreadable, position=position))
