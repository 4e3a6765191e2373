"""``cartlog replay``: a log's game step by step, with its findings where they happen."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any, Optional

import typer

from cartlog.cli.application import Command, app
from cartlog.cli.options import (
    AsciiOpt,
    Format,
    FormatOpt,
    GameOpt,
    LogArg,
    ThemeName,
    ThemeOpt,
    play_units,
    read_number,
)
from cartlog.cli.output import (
    EXIT_FINDINGS,
    fail,
    json_text,
    load_log,
    memory_console,
    open_console,
    write_json,
    write_text,
)

_TURN_HELP = f"Show only this {play_units()} ({play_units(plural=True)})."


def _first(option: str, value: int | None) -> int | None:
    """A turn or round number as given: numbered from 1."""
    if value is not None and value < 1:
        fail(f"{option} {value}: the first {play_units()} is 1")
    return value


@app.command(cls=Command)
def replay(
    log: LogArg,
    number: GameOpt = None,
    turn: Annotated[Optional[int], typer.Option("--turn", "-t", metavar="N", parser=read_number,
                                                help=_TURN_HELP)] = None,
    round_: Annotated[Optional[int], typer.Option("--round", metavar="N", parser=read_number,
                                                  help="The same as --turn.")] = None,
    start: Annotated[Optional[int], typer.Option(
        "--from", metavar="N", parser=read_number, help=f"First {play_units()} to show.")] = None,
    end: Annotated[Optional[int], typer.Option(
        "--to", metavar="N", parser=read_number, help=f"Last {play_units()} to show.")] = None,
    board: Annotated[bool, typer.Option("--board/--no-board", help=f"Draw the board after "
                                        f"each {play_units()}.")] = True,
    findings: Annotated[bool, typer.Option(
        "--findings", help=f"Show only the {play_units(plural=True)} with findings, each "
        f"with the one before it.")] = False,
    fmt: FormatOpt = Format.text,
    html: Annotated[Optional[Path], typer.Option(
        "--html", metavar="FILE", help="Write the game as one HTML page to FILE ('-' for "
        "standard output): every step with its board, the findings linked to their steps, "
        "the score. It opens at --turn N if given, else at the first finding.",
        readable=False)] = None,
    svg: Annotated[Optional[Path], typer.Option(
        "--svg", metavar="FILE", help="Write the board after --turn N (or at the end) as an "
        "SVG picture to FILE ('-' for standard output).", readable=False)] = None,
    position: Annotated[bool, typer.Option(
        "--position", help="Print only the one-line position as --turn N begins (at the end "
        "without --turn), ready for record --position.")] = False,
    view: Annotated[Optional[str], typer.Option(
        "--view", metavar="table|COLOUR", help="Show only what the table, or one player, knew "
        "at each step: the log with every card that view did not see taken out, replayed on "
        "its own.")] = None,
    ascii_only: AsciiOpt = False,
    theme_name: ThemeOpt = ThemeName.auto,
) -> None:
    """Replay a game step by step, with the board drawn after each turn or round.

    Each action is shown in notation and in words, with the cards drawn and the findings where
    they arise. {units}.

    Of a file of several games written one after the other, --game N replays the game
    numbered N (from 1), at the file's lines; without it, such a file is one problem that
    lists its games.

    A turn or round past the end of the game is bad usage, like --turn 0: the error says how
    long the game is. A --to past the end shows the game to its end.

    Exit status: 0 clean, 1 errors found, 2 the log could not be read or bad usage.

    Examples:

      cartlog replay game.cartlog

      cartlog replay game.cartlog --turn 12

      cartlog replay meuterer.cartlog --round 3

      cartlog replay game.cartlog --from 10 --to 14 --ascii

      cartlog replay game.cartlog --findings

      cartlog replay game.cartlog --html ruling.html

      cartlog replay game.cartlog --turn 29 --svg turn29.svg

      cartlog replay game.cartlog --view red

      cartlog replay game.cartlog --turn 29 --position

      cartlog replay club.cartlog --game 2
    """
    if turn is not None and round_ is not None:
        fail("--turn and --round are the same option: give one")
    option = "--round" if round_ is not None else "--turn"
    turn = _first(option, turn if round_ is None else round_)
    start, end = _first("--from", start), _first("--to", end)
    if turn is not None:
        if start is not None or end is not None:
            fail(f"{option} cannot be given with --from or --to")
        start = end = turn
    if start is not None and end is not None and start > end:
        fail(f"--from {start} is after --to {end}")
    parsed, text, name = load_log(log, ascii_only, "replay" if fmt is Format.json else None,
                               theme_name, number)
    from cartlog.audit import replay_report
    from cartlog.games import game_of

    game = game_of(parsed)
    label, source = "", text
    if view is not None:
        parsed, label = seat_view(game, parsed, view, name)
        source = ""  # the log's own lines hold what the view did not see
    report, frames = replay_report(parsed, name, text=json_text(source) if source else None)
    last = max((f.turn for f in frames if f.turn is not None), default=0)
    if start is not None and start > last:
        given = option if turn is not None else "--from"
        fail(f"{given} {start}: {name} has only {game.count(last)}" if last else
              f"{given} {start}: {name} has no {game.turns_word}")
    if position:
        _position(parsed, turn, start, end, fmt, name)
    elif html is not None or svg is not None:
        if fmt is Format.json or (turn is None and (start is not None or end is not None)):
            fail("--html and --svg take --turn N only (no --from, --to or --format json)")
        _pictures(parsed, report, frames, html, svg, turn, theme_name, label)
    elif fmt is Format.json:
        from cartlog.documents import replay_document

        write_json(replay_document(report, frames, start, end))
    else:
        from cartlog.render import game_renderer

        # one part (a turn, a round) printed at a time: memory is one turn's drawing
        out = open_console(ascii_only, theme_name=theme_name)
        only = _with_findings(frames) if findings else None
        if label:
            out.print(f"{label}: what it knew at each step (the log without the cards it did "
                      "not see)", style="muted")
        for part in game_renderer(game.name).replay_parts(
                parsed, report, frames, source or None, start=start, end=end, board=board,
                ascii=ascii_only, **({"only": only} if only is not None else {})):
            out.print(part)
    if report.errors:
        raise typer.Exit(EXIT_FINDINGS)


def _with_findings(frames: list[Any]) -> set[int]:
    """The turns or rounds with a finding and the one before each (0: the setup, when a
    finding is there or at the first turn)."""
    turns: set[int] = set()
    for frame in frames:
        if frame.findings:
            turn = frame.turn if frame.turn is not None else (0 if frame.kind == "setup"
                                                              else None)
            if turn is not None:
                turns.update((turn, max(0, turn - 1)))
    return turns


def _position(parsed: Any, turn: int | None, start: int | None, end: int | None, fmt: Format,
              name: str) -> None:
    """``--position``: the one-line position as turn ``turn`` begins (the end when None)."""
    from cartlog.engine import position_at

    if fmt is Format.json or (turn is None and (start is not None or end is not None)):
        fail("--position takes --turn N only (no --from, --to or --format json)")
    try:
        line = position_at(parsed, turn)
    except ValueError as error:
        fail(f"--turn {turn}: {name}: {error}")
    write_text(line + "\n", None)


def seat_view(game: Any, parsed: Any, view: str, name: str) -> tuple[Any, str]:
    """The log as ``view`` (``table`` or a player's colour) saw it, and the view's name."""
    from cartlog.core.text import printable

    colours = list(dict.fromkeys(p.colour for p in parsed.players))
    if view != "table" and view not in colours:
        fail(f"--view {printable(view)}: expected table or one of the players: "
             f"{', '.join(colours)}")
    from cartlog.audit import view_label

    redacted = game.redact(parsed, view)
    label = view_label(view)
    if redacted is None:  # nothing hidden: every view is the log
        return parsed, f"{label} ({game.title} hides nothing: every view is the log)"
    return redacted, label


def _pictures(parsed: object, report: Any, frames: list[Any], html: Path | None,
              svg: Path | None, turn: int | None, theme_name: ThemeName,
              label: str = "") -> None:
    """``--html`` and ``--svg``: the ruling page and the board picture, each written whole
    or not at all (:func:`write_text`)."""
    theme = "" if theme_name is ThemeName.auto else theme_name.value
    if html is not None:
        from cartlog.render.html import ruling_of

        write_text(ruling_of(parsed, report, frames, memory_console(100), theme=theme,
                             turn=turn, seats=not label, label=label or "as recorded"), html)
    if svg is not None:
        from cartlog.render.html import board_picture

        picture = board_picture(parsed, report, frames, turn, theme=theme)
        if picture is None:
            fail(f"{report.game}: no board picture to draw")
        write_text(picture, svg)


replay.__doc__ = (replay.__doc__ or "").replace("{units}",
                                                "Play is counted in " + play_units(plural=True))
