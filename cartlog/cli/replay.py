"""``cartlog replay``: a log's game step by step, with its findings where they happen."""

from __future__ import annotations

from typing import Annotated, Optional

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
from cartlog.cli.output import EXIT_FINDINGS, fail, json_text, load_log, open_console, write_json

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
    fmt: FormatOpt = Format.text,
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
    report, frames = replay_report(parsed, name, text=json_text(text))
    last = max((f.turn for f in frames if f.turn is not None), default=0)
    if start is not None and start > last:
        given = option if turn is not None else "--from"
        fail(f"{given} {start}: {name} has only {game.count(last)}" if last else
              f"{given} {start}: {name} has no {game.turns_word}")
    if fmt is Format.json:
        from cartlog.documents import replay_document

        write_json(replay_document(report, frames, start, end))
    else:
        from cartlog.render import game_renderer

        # one part (a turn, a round) printed at a time: memory is one turn's drawing
        out = open_console(ascii_only, theme_name=theme_name)
        for part in game_renderer(game.name).replay_parts(
                parsed, report, frames, text, start=start, end=end, board=board,
                ascii=ascii_only):
            out.print(part)
    if report.errors:
        raise typer.Exit(EXIT_FINDINGS)


replay.__doc__ = (replay.__doc__ or "").replace("{units}",
                                                "Play is counted in " + play_units(plural=True))
