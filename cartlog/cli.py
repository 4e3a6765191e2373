"""The ``cartlog`` command line: a thin layer over the library.

Each command reads its input, calls one library function and renders the result. Only this
module owns a console. Exit statuses follow linters: 0 clean, 1 findings at error severity,
2 unreadable input or bad usage.
"""

from __future__ import annotations

import os
import sys
from enum import Enum
from pathlib import Path
from typing import Annotated, NoReturn, Optional

import typer

from cartlog import __version__
from cartlog.core.text import to_ascii
from cartlog.games import SPECS

EXIT_CLEAN, EXIT_FINDINGS, EXIT_UNREADABLE = 0, 1, 2


def _titles(sep: str = " and ") -> str:
    titles = [spec.title for spec in SPECS]
    return ", ".join(titles[:-1]) + sep + titles[-1] if len(titles) > 1 else titles[0]


app = typer.Typer(
    name="cartlog",
    help=f"Replay and audit recorded games of {_titles()}: every illegal move and "
    "every wrong score or result, at its line and column.\n\n"
    "Exit status: 0 clean, 1 errors found, 2 unreadable input or bad usage.\n\n"
    "Examples:\n\n"
    "  cartlog check game.cartlog\n\n"
    "  cartlog replay game.cartlog --turn 12\n\n"
    "  cartlog explain move/forward-destination",
    no_args_is_help=True,
    add_completion=False,
    context_settings={"help_option_names": ["-h", "--help"]},
    pretty_exceptions_enable=False,
)


class Format(str, Enum):
    text = "text"
    json = "json"


class ConvertTo(str, Enum):
    json = "json"
    text = "text"


# -- options shared by commands (defined once) -------------------------------------------------

FormatOpt = Annotated[Format, typer.Option("--format", "-f", help="text for people, json for "
                                           "programs.")]
AsciiOpt = Annotated[bool, typer.Option("--ascii", help="Plain ASCII, no colour: for dumb "
                                        "terminals, files and snapshots.")]
LogArg = Annotated[Path, typer.Argument(help="A game log, text or JSON ('-' for standard "
                                        "input).", show_default=False)]
OutputOpt = Annotated[Optional[Path], typer.Option("--output", "-o", help="Write to this file "
                                                   "instead of standard output.")]


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


def _console(ascii_only: bool = False, stderr: bool = False):
    """The console of this run. ``--ascii`` and ``NO_COLOR`` turn off every ANSI escape."""
    from rich.console import Console

    from cartlog.render.theme import THEME

    plain = ascii_only or _no_color()
    stream = sys.stderr if stderr else sys.stdout
    return Console(theme=THEME, file=_AsciiStream(stream) if ascii_only else stream,
                   no_color=plain, color_system=None if plain else "auto", highlight=False,
                   emoji=False, soft_wrap=True, legacy_windows=False, safe_box=True)


def _read(path: Path) -> tuple[str, str]:
    """The text of a log and the name to show for it.

    Raises :class:`LogSyntaxError` when the file cannot be read as text: a problem at line 0
    for the file as a whole (missing, a directory), located at the first bad byte otherwise.
    """
    from cartlog.core.errors import LogSyntaxError, SyntaxProblem
    from cartlog.core.text import printable
    from cartlog.games import decode_text

    name = "<stdin>" if str(path) == "-" else printable(str(path))
    limit = _limit("CARTLOG_MAX_BYTES", MAX_BYTES)
    try:
        if name == "<stdin>":
            stdin = sys.stdin.buffer if hasattr(sys.stdin, "buffer") else None
            data = (_read_bounded(stdin, limit) if stdin is not None
                    else sys.stdin.read(limit + 1).encode())
        else:
            with open(path, "rb") as stream:
                data = _read_bounded(stream, limit)
    except OSError as exc:
        reason = {FileNotFoundError: "no such file",
                  IsADirectoryError: "is a directory, not a log",
                  PermissionError: "permission denied"}.get(type(exc))
        message = reason or f"cannot read: {exc.strerror or exc}"
        raise LogSyntaxError(name, [SyntaxProblem(0, 0, message)], None) from None
    if len(data) > limit:
        raise LogSyntaxError(name, [SyntaxProblem(0, 0, (
            f"too large: over {limit} bytes (CARTLOG_MAX_BYTES raises the limit)"))], None)
    text = decode_text(data, name)
    _check_line_length(text, name)
    return text, name


MAX_BYTES = 16 * 1024 * 1024  # the largest log read (CARTLOG_MAX_BYTES)


MAX_LINE = 64 * 1024  # the longest line read, in characters (CARTLOG_MAX_LINE)
MAX_PROBLEMS = 100  # syntax problems shown per log (CARTLOG_MAX_PROBLEMS)


def _check_line_length(text: str, name: str) -> None:
    from cartlog.core.errors import LogSyntaxError, SyntaxProblem

    limit = _limit("CARTLOG_MAX_LINE", MAX_LINE)
    if len(text) <= limit:
        return
    for number, line in enumerate(text.replace("\r\n", "\n").replace("\r", "\n")
                                  .split("\n"), 1):
        if len(line) > limit:
            raise LogSyntaxError(name, [SyntaxProblem(number, limit + 1, (
                f"line too long: over {limit} characters (CARTLOG_MAX_LINE raises the limit)"),
                end_col=limit + 2)], text)


def _limit(variable: str, default: int) -> int:
    """A size limit, overridden by a positive integer in the environment variable."""
    value = os.environ.get(variable, "").strip()
    return int(value) if value.isascii() and value.isdigit() and 0 < len(value) < 19 \
        else default


def _read_bounded(stream, limit: int) -> bytes:
    """At most ``limit + 1`` bytes, read in bounded chunks (an endless pipe or ``/dev/zero``
    stops at the limit)."""
    chunks, size = [], 0
    while size <= limit:
        chunk = stream.read(min(1 << 20, limit + 1 - size))
        if not chunk:
            break
        chunks.append(chunk)
        size += len(chunk)
    return b"".join(chunks)


def _parse(path: Path):
    """Read and parse one log: ``(log, text, name)``. Raises :class:`LogSyntaxError`."""
    from cartlog.games import read_log

    text, name = _read(path)
    return read_log(text, name), text, name


def _fail(message: str, code: int = EXIT_UNREADABLE) -> NoReturn:
    sys.stderr.write(f"cartlog: {message}\n")
    raise typer.Exit(code)


def _show_unreadable(err, ascii_only: bool = False) -> None:
    from cartlog.core.errors import LogSyntaxError, SyntaxProblem
    from cartlog.render.report import render_unreadable

    limit = _limit("CARTLOG_MAX_PROBLEMS", MAX_PROBLEMS)
    if len(err.problems) > limit:
        more = len(err.problems) - limit
        err = LogSyntaxError(err.path, err.problems[:limit] + [SyntaxProblem(
            0, 0, f"{more} more problem{'s' if more != 1 else ''} not shown "
            "(CARTLOG_MAX_PROBLEMS shows more)")], err.source)
    _console(ascii_only, stderr=True).print(render_unreadable(err))


def _load(path: Path, ascii_only: bool = False, json_kind: str | None = None):
    """Read and parse one log, or say why it cannot be read and exit with 2. With
    ``json_kind`` (``replay``, ``score``) the reason is that command's JSON document."""
    from cartlog.core.errors import LogSyntaxError

    try:
        return _parse(path)
    except LogSyntaxError as err:
        if json_kind is not None:
            from cartlog.documents import unreadable_document

            _write_json(unreadable_document(json_kind, err))
        else:
            _show_unreadable(err, ascii_only)
        raise typer.Exit(EXIT_UNREADABLE) from None


def _write_json(obj) -> None:
    import msgspec

    sys.stdout.write(msgspec.json.format(msgspec.json.encode(obj).decode(), indent=2) + "\n")


def _write_text(text: str, output: Optional[Path]) -> None:
    """Write to ``output``, or to standard output when it is None or ``-``."""
    if output is None or str(output) == "-":
        sys.stdout.write(text)
        return
    try:
        output.write_text(text, encoding="utf-8")
    except OSError as exc:
        _fail(f"{output}: cannot write: {exc.strerror or exc}")


# -- commands --------------------------------------------------------------------------------


@app.command()
def check(
    logs: Annotated[list[Path], typer.Argument(help="Game logs to audit, text or JSON ('-' "
                                               "for standard input).", show_default=False)],
    fmt: FormatOpt = Format.text,
    stop_at_first: Annotated[bool, typer.Option("--stop-at-first", help="Stop each log at "
                                                "its first error.")] = False,
    verbose: Annotated[bool, typer.Option("--verbose", "-v", help="Show the one-line "
                                          "position before each finding.")] = False,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="Only the summary line of "
                                        "each log.")] = False,
    ascii_only: AsciiOpt = False,
) -> None:
    """Audit game logs: every illegal action and every wrong claim or result.

    One report per log, in the order given, and a closing line of totals when there are
    several. Logs that cannot be read are reported on standard error; the others are still
    checked.

    Exit status: 0 clean, 1 errors found, 2 a log could not be read.

    Examples:

      cartlog check game.cartlog

      cartlog check --format json samples/cartagena/*.cartlog

      cartlog check --stop-at-first --verbose disputed.cartlog
    """
    from cartlog.audit import audit
    from cartlog.core.errors import LogSyntaxError

    as_text = fmt is Format.text
    if as_text:
        from cartlog.render.report import render_report, render_totals, summary_line

        out = _console(ascii_only)
    reports, unreadable = [], []
    for path in logs:
        try:
            log, text, name = _parse(path)
        except LogSyntaxError as err:
            unreadable.append(err)
            if as_text:
                _show_unreadable(err, ascii_only)
            continue
        report = audit(log, name, stop_at_first=stop_at_first)
        reports.append(report)
        if as_text:
            out.print(summary_line(report, stopped=stop_at_first) if quiet else
                      render_report(report, text, verbose=verbose, stopped=stop_at_first))
    if as_text:
        if len(logs) > 1:
            with_errors = sum(1 for r in reports if r.errors)
            out.print(render_totals(len(reports) - with_errors, with_errors, len(unreadable)))
    else:
        from cartlog.documents import check_document

        _write_json(check_document(reports, unreadable))
    if unreadable:
        raise typer.Exit(EXIT_UNREADABLE)
    if any(r.errors for r in reports):
        raise typer.Exit(EXIT_FINDINGS)


@app.command()
def replay(
    log: LogArg,
    turn: Annotated[Optional[int], typer.Option("--turn", "-t", help="Show only this turn.",
                                                min=1)] = None,
    start: Annotated[Optional[int], typer.Option("--from", help="First turn to show.",
                                                 min=1)] = None,
    end: Annotated[Optional[int], typer.Option("--to", help="Last turn to show.", min=1)] = None,
    board: Annotated[bool, typer.Option("--board/--no-board", help="Draw the passage after "
                                        "each turn.")] = True,
    fmt: FormatOpt = Format.text,
    ascii_only: AsciiOpt = False,
) -> None:
    """Replay a game step by step, with the passage drawn after each turn.

    Each action is shown in notation and in words, with the cards drawn, hand sizes and the
    findings where they arise.

    Exit status: 0 clean, 1 errors found, 2 the log could not be read.

    Examples:

      cartlog replay game.cartlog

      cartlog replay game.cartlog --turn 12

      cartlog replay game.cartlog --from 10 --to 14 --ascii
    """
    if turn is not None:
        if start is not None or end is not None:
            _fail("--turn cannot be given with --from or --to")
        start = end = turn
    if start is not None and end is not None and start > end:
        _fail(f"--from {start} is after --to {end}")
    parsed, text, name = _load(log, ascii_only, "replay" if fmt is Format.json else None)
    from cartlog.audit import replay_report
    from cartlog.games import game_of

    game = game_of(parsed)
    report, frames = replay_report(parsed, name)
    if fmt is Format.json:
        from cartlog.documents import replay_document

        _write_json(replay_document(report, frames, start, end))
    else:
        from cartlog.render import game_renderer

        renderer = game_renderer(game.name)
        _console(ascii_only).print(renderer.render_replay(
            parsed, report, frames, text, start=start, end=end, board=board,
            ascii=ascii_only))
    if report.errors:
        raise typer.Exit(EXIT_FINDINGS)


_SCORE_HELP = "\n\n    ".join(f"{spec.title}: {spec.summary}." for spec in SPECS)


@app.command()
def score(log: LogArg, fmt: FormatOpt = Format.text, ascii_only: AsciiOpt = False) -> None:
    """Show the final breakdown: the winner, how each player stands, and the recorded result
    beside the replayed one.

    {games}

    Exit status: 0 clean, 1 errors found, 2 the log could not be read.

    Examples:

      cartlog score game.cartlog

      cartlog score game.json --format json
    """
    parsed, text, name = _load(log, ascii_only, "score" if fmt is Format.json else None)
    from cartlog.audit import audit
    from cartlog.games import game_of

    report = audit(parsed, name)
    if fmt is Format.json:
        from cartlog.documents import score_document

        _write_json(score_document(report))
    else:
        from cartlog.render import game_renderer

        _console(ascii_only).print(game_renderer(game_of(parsed).name).render_score(
            parsed, report, ascii=ascii_only))
    if report.errors:
        raise typer.Exit(EXIT_FINDINGS)


score.__doc__ = (score.__doc__ or "").replace("{games}", _SCORE_HELP)


@app.command()
def simulate(
    game: Annotated[str, typer.Argument(
        help="The game: " + ", ".join(spec.name for spec in SPECS) + ".",
        show_default=False)],
    rules: Annotated[Optional[str], typer.Option(
        "--rules", "-r", help="The rule set or variant; see cartlog games. Default: "
        + ", ".join(f"{spec.default_rules} ({spec.name})" for spec in SPECS) + ".")] = None,
    players: Annotated[int, typer.Option("--players", "-n", help="Number of players.")] = 4,
    seed: Annotated[int, typer.Option("--seed", "-s", help="Random seed: the same seed gives "
                                      "the same game.")] = 0,
    view: Annotated[str, typer.Option("--view", help="all: every card known; table: what the "
                                      "whole table saw; or a colour: the table's view plus "
                                      "that player's cards.")] = "all",
    fmt: FormatOpt = Format.text,
    output: OutputOpt = None,
) -> None:
    """Play a random legal game and write it as a log (seeded, reproducible).

    Exit status: 0 written, 2 unknown game, rule set, player count or view.

    Examples:

      cartlog simulate cartagena --rules 2000-tortuga --players 3 --seed 7

      cartlog simulate cartagena --rules ravensburger --view table -o game.cartlog

      cartlog simulate meuterer --rules pirate --players 3 --seed 2
    """
    from cartlog.games import find_game

    entry = find_game(game)
    if entry is None:
        from cartlog.games import GAMES

        _fail(f"unknown game {game!r}; expected one of {', '.join(GAMES)} (see cartlog games)")
    try:
        log = entry.simulate(rules or entry.default_rules, players, seed, view=view)
    except ValueError as exc:
        _fail(f"{exc} (see cartlog games)")
    seats = [p.colour for p in getattr(log, "players", ())]
    if view not in ("all", "table", *seats):
        _fail(f"unknown view {view!r}; expected all, table or a player: {', '.join(seats)}")
    _emit_log(log, entry, fmt, output)


def _emit_log(log, entry, fmt: Format, output: Optional[Path]) -> None:
    import msgspec

    if fmt is Format.json:
        from cartlog.games import strip_spans

        text = msgspec.json.format(msgspec.json.encode(strip_spans(log)).decode(),
                                   indent=2) + "\n"
    else:
        text = entry.module("notation").format_log(log)
    _write_text(text, output)


@app.command()
def convert(
    log: LogArg,
    to: Annotated[Optional[ConvertTo], typer.Option("--to", help="Target form; by default the "
                                                    "other one.")] = None,
    output: OutputOpt = None,
) -> None:
    """Convert a log between the text notation and JSON. Text is written in canonical form.

    The log is read, not audited: an illegal game converts, an unreadable one exits with 2.

    Examples:

      cartlog convert game.cartlog > game.json

      cartlog convert game.json --to text -o game.cartlog

      cartlog convert messy.cartlog --to text    (normalise a hand-written log)
    """
    from cartlog.games import game_of, is_json

    parsed, text, _ = _load(log)
    if to is None:
        to = ConvertTo.text if is_json(text) else ConvertTo.json
    _emit_log(parsed, game_of(parsed), Format(to.value), output)


@app.command()
def explain(
    code: Annotated[str, typer.Argument(help="A finding code, e.g. "
                                        "move/forward-destination.", show_default=False)],
    ascii_only: AsciiOpt = False,
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

    _console(ascii_only).print(render_code(info))


@app.command()
def games(fmt: FormatOpt = Format.text, ascii_only: AsciiOpt = False) -> None:
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

    _console(ascii_only).print(render_catalogue(data))


@app.command()
def schema(
    out: Annotated[Optional[Path], typer.Option("--out", "-o", help="Write the schema files "
                                                "into this folder.")] = None,
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
                target.write_text(text, encoding="utf-8")
            except OSError as exc:
                _fail(f"{target}: cannot write: {exc.strerror or exc}")
    if check_only:
        if stale:
            _fail(f"stale schema files in {out}: {', '.join(stale)} (run cartlog schema "
                  f"--out {out})", EXIT_FINDINGS)
        sys.stdout.write(f"{out}: {len(docs)} schema files up to date\n")
    else:
        sys.stdout.write(f"{out}: {len(stale)} written, {len(docs) - len(stale)} unchanged\n")


def _version(value: bool) -> None:
    if value:
        sys.stdout.write(f"cartlog {__version__}\n")
        raise typer.Exit()


@app.callback()
def _root(version: Annotated[bool, typer.Option("--version", callback=_version,
                                                is_eager=True, help="Print the version.")]
          = False) -> None:
    """Replay and audit recorded games."""


def main() -> None:
    """The ``cartlog`` program: no traceback reaches the user.

    Set ``CARTLOG_DEBUG=1`` to see the traceback of an internal error."""
    if _no_color():
        from typer import rich_utils

        rich_utils.COLOR_SYSTEM = None  # help and usage errors too
    for stream in (sys.stdout, sys.stderr):  # PYTHONIOENCODING=ascii: escape, never fail
        try:
            stream.reconfigure(errors="backslashreplace")
        except (AttributeError, ValueError):
            pass
    try:
        app(prog_name="cartlog", standalone_mode=True)
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
