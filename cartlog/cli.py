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
from typing import Annotated, Optional

import typer

from cartlog import __version__

EXIT_CLEAN, EXIT_FINDINGS, EXIT_UNREADABLE = 0, 1, 2

app = typer.Typer(
    name="cartlog",
    help="Replay and audit recorded games of Cartagena: every illegal move and every wrong "
    "result, at its line and column.",
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


def _console(ascii_only: bool = False, stderr: bool = False):
    from rich.console import Console

    from cartlog.render.theme import THEME

    no_color = ascii_only or "NO_COLOR" in os.environ
    return Console(theme=THEME, stderr=stderr, no_color=no_color, highlight=False, emoji=False,
                   color_system=None if ascii_only else "auto", soft_wrap=True,
                   legacy_windows=False, safe_box=True)


def _read(path: Path) -> tuple[str, str]:
    """The text of a log and the name to show for it. Unreadable files exit with 2."""
    if str(path) == "-":
        return sys.stdin.read(), "<stdin>"
    try:
        return path.read_text(encoding="utf-8"), str(path)
    except FileNotFoundError:
        _fail(f"{path}: no such file")
    except IsADirectoryError:
        _fail(f"{path}: is a directory, not a log")
    except UnicodeDecodeError as exc:
        _fail(f"{path}:1:1: not UTF-8 text ({exc.reason} at byte {exc.start})")
    except OSError as exc:
        _fail(f"{path}: cannot read: {exc.strerror}")
    raise AssertionError  # unreachable


def _fail(message: str, code: int = EXIT_UNREADABLE) -> None:
    sys.stderr.write(f"cartlog: {message}\n")
    raise typer.Exit(code)


def _load(path: Path, ascii_only: bool = False):
    """Read and parse one log, or print why it cannot be read and exit with 2."""
    from cartlog.core.errors import LogSyntaxError
    from cartlog.games import read_log

    text, name = _read(path)
    try:
        return read_log(text, name), text, name
    except LogSyntaxError as err:
        from cartlog.render.report import render_unreadable

        _console(ascii_only, stderr=True).print(render_unreadable(err))
        raise typer.Exit(EXIT_UNREADABLE) from None


def _write_json(obj) -> None:
    import msgspec

    sys.stdout.write(msgspec.json.format(msgspec.json.encode(obj).decode(), indent=2) + "\n")


# -- commands --------------------------------------------------------------------------------


@app.command()
def check(
    logs: Annotated[list[Path], typer.Argument(help="Game logs to audit, text or JSON.",
                                               show_default=False)],
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

    Exit status: 0 clean, 1 errors found, 2 a log could not be read.

    Examples:

      cartlog check game.cartlog

      cartlog check --format json samples/cartagena/*.cartlog

      cartlog check --stop-at-first --verbose disputed.cartlog
    """
    from cartlog.audit import audit
    from cartlog.core.errors import LogSyntaxError
    from cartlog.games import read_log

    reports, unreadable, sources = [], [], []
    for path in logs:
        text, name = _read(path)
        try:
            log = read_log(text, name)
        except LogSyntaxError as err:
            unreadable.append(err)
            continue
        reports.append(audit(log, name, stop_at_first=stop_at_first))
        sources.append(text)
    if fmt is Format.json:
        from cartlog.render.jsonout import check_document

        _write_json(check_document(reports, unreadable))
    else:
        from cartlog.render.report import render_report, render_totals, render_unreadable, summary_line

        out = _console(ascii_only)
        err_out = _console(ascii_only, stderr=True)
        for err in unreadable:
            err_out.print(render_unreadable(err))
        for report, text in zip(reports, sources):
            out.print(summary_line(report) if quiet else
                      render_report(report, text, verbose=verbose))
        if len(logs) > 1:
            with_errors = sum(1 for r in reports if r.errors)
            out.print(render_totals(len(reports) - with_errors, with_errors, len(unreadable)))
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

    Examples:

      cartlog replay game.cartlog

      cartlog replay game.cartlog --turn 12

      cartlog replay game.cartlog --from 10 --to 14 --ascii
    """
    parsed, text, name = _load(log, ascii_only)
    from cartlog.audit import report_of
    from cartlog.games import game_of

    if turn is not None:
        start = end = turn
    if start is not None and end is not None and start > end:
        _fail(f"--from {start} is after --to {end}")
    game = game_of(parsed)
    replay_run, frames = game.module("replay").record(parsed)
    report = report_of(replay_run, name)
    if fmt is Format.json:
        from cartlog.render.jsonout import replay_document

        _write_json(replay_document(report, frames, start, end))
    else:
        from cartlog.render import game_renderer

        renderer = game_renderer(game.name)
        _console(ascii_only).print(renderer.render_replay(
            parsed, report, frames, text, start=start, end=end, board=board,
            ascii=ascii_only))
    if report.errors:
        raise typer.Exit(EXIT_FINDINGS)


@app.command()
def score(log: LogArg, fmt: FormatOpt = Format.text, ascii_only: AsciiOpt = False) -> None:
    """Show the final breakdown: winner, pirates aboard, distance to the boat.

    For each player: pirates aboard and still on the way, their spaces, the total distance to
    the boat and the cards in hand; the recorded result beside the replayed one.

    Examples:

      cartlog score game.cartlog

      cartlog score game.json --format json
    """
    parsed, text, name = _load(log, ascii_only)
    from cartlog.audit import audit
    from cartlog.games import game_of

    report = audit(parsed, name)
    if fmt is Format.json:
        from cartlog.render.jsonout import score_document

        _write_json(score_document(report))
    else:
        from cartlog.render import game_renderer

        _console(ascii_only).print(game_renderer(game_of(parsed).name).render_score(
            parsed, report, ascii=ascii_only))
    if report.errors:
        raise typer.Exit(EXIT_FINDINGS)


@app.command()
def simulate(
    game: Annotated[str, typer.Argument(help="The game: cartagena.", show_default=False)],
    rules: Annotated[str, typer.Option("--rules", "-r", help="Rule set (see cartlog "
                                       "games).")] = "2000-jamaica",
    players: Annotated[int, typer.Option("--players", "-n", help="Number of players.")] = 4,
    seed: Annotated[int, typer.Option("--seed", "-s", help="Random seed: the same seed gives "
                                      "the same game.")] = 0,
    view: Annotated[str, typer.Option("--view", help="all: every card known; table: what the "
                                      "whole table saw; or a colour: the table's view plus "
                                      "that player's cards.")] = "all",
    fmt: FormatOpt = Format.text,
    output: Annotated[Optional[Path], typer.Option("--output", "-o", help="Write to this file "
                                                   "instead of standard output.")] = None,
) -> None:
    """Play a random legal game and write it as a log (seeded, reproducible).

    Examples:

      cartlog simulate cartagena --rules 2000-tortuga --players 3 --seed 7

      cartlog simulate cartagena --rules ravensburger --view table -o game.cartlog
    """
    from cartlog.games import find_game

    entry = find_game(game)
    if entry is None:
        _fail(f"unknown game {game!r}; see cartlog games")
    sim = entry.module("simulate")
    try:
        log = sim.simulate(rules, players, seed, view=view)
    except ValueError as exc:
        _fail(str(exc))
    _emit_log(log, entry, fmt, output)


def _emit_log(log, entry, fmt: Format, output: Optional[Path]) -> None:
    import msgspec

    if fmt is Format.json:
        text = msgspec.json.format(msgspec.json.encode(_strip_spans(log)).decode(),
                                   indent=2) + "\n"
    else:
        text = entry.module("notation").format_log(log)
    if output is None:
        sys.stdout.write(text)
    else:
        output.write_text(text, encoding="utf-8")


def _strip_spans(log):
    from cartlog.games import strip_spans

    return strip_spans(log)


@app.command()
def convert(
    log: LogArg,
    to: Annotated[Optional[ConvertTo], typer.Option("--to", help="Target form; by default the "
                                                    "other one.")] = None,
    output: Annotated[Optional[Path], typer.Option("--output", "-o", help="Write to this file "
                                                   "instead of standard output.")] = None,
) -> None:
    """Convert a log between the text notation and JSON. Text is written in canonical form.

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
def explain(code: Annotated[str, typer.Argument(help="A finding code, e.g. "
                                                "move/forward-destination.",
                                                show_default=False)]) -> None:
    """Explain a finding code: what it means and the rule it enforces.

    Examples:

      cartlog explain move/forward-destination

      cartlog explain draw/count
    """
    from cartlog.games import all_codes

    codes = all_codes()
    info = codes.get(code.strip().lower())
    if info is None:
        import difflib

        near = difflib.get_close_matches(code.lower(), list(codes), n=3, cutoff=0.5)
        hint = f"; did you mean {' or '.join(near)}?" if near else "; see docs/codes.md"
        _fail(f"unknown code {code!r}{hint}")
    from rich.text import Text

    out = _console()
    out.print(Text.assemble((info.code, "finding.code"), "  ",
                            (info.severity, f"finding.{info.severity}")))
    out.print(info.summary)
    if info.explanation:
        out.print(info.explanation)
    out.print(Text(f"rule: {info.rule}", style="label"))


@app.command()
def games(fmt: FormatOpt = Format.text) -> None:
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
    from rich.table import Table

    out = _console()
    for game in data:
        table = Table(title=f"{game['title']} ({game['name']})", title_justify="left",
                      show_lines=False)
        for col in ("rule set", "rulebook", "board", "pirates", "actions", "cards", "options"):
            table.add_column(col)
        for rs in game["rulesets"]:
            table.add_row(rs["name"], rs["book"], f"{rs['spaces']} spaces", str(rs["pirates"]),
                          str(rs["actions"]), rs["cards"],
                          ", ".join(f"{k}={str(v).lower()}" for k, v in rs["options"].items()))
        out.print(table)
        for name, text in game["option_help"].items():
            out.print(f"  {name}: {text}")


@app.command()
def schema(
    out: Annotated[Optional[Path], typer.Option("--out", "-o", help="Write the schema files "
                                                "into this folder.")] = None,
    check_only: Annotated[bool, typer.Option("--check", help="Exit 1 if the files in --out "
                                             "are stale.")] = False,
) -> None:
    """Print or write the JSON Schemas of logs and reports.

    Examples:

      cartlog schema --out schemas

      cartlog schema --out schemas --check
    """
    from cartlog.schemas import all_schemas

    docs = all_schemas()
    if out is None:
        _write_json(docs)
        return
    stale = []
    for name, text in docs.items():
        target = out / name
        current = target.read_text(encoding="utf-8") if target.exists() else None
        if current != text:
            stale.append(name)
            if not check_only:
                out.mkdir(parents=True, exist_ok=True)
                target.write_text(text, encoding="utf-8")
    if check_only and stale:
        _fail(f"stale schema files in {out}: {', '.join(stale)} (run cartlog schema --out "
              f"{out})", EXIT_FINDINGS)


def _version(value: bool) -> None:
    if value:
        sys.stdout.write(f"cartlog {__version__}\n")
        raise typer.Exit()


@app.callback()
def _root(version: Annotated[bool, typer.Option("--version", callback=_version,
                                                is_eager=True, help="Print the version.")]
          = False) -> None:
    """Replay and audit recorded games of Cartagena."""


def main() -> None:
    try:
        app()
    except KeyboardInterrupt:
        sys.stderr.write("cartlog: interrupted\n")
        sys.exit(130)
