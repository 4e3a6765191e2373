"""``cartlog view``: step through a game in the terminal (the ``view`` extra: Textual)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Optional

import typer

from cartlog.cli.application import Command, app
from cartlog.cli.options import (
    AsciiOpt,
    GameOpt,
    LogArg,
    ThemeName,
    ThemeOpt,
    play_units,
    read_number,
)
from cartlog.cli.output import fail, json_text, load_log

if TYPE_CHECKING:
    from cartlog.render.console import LogConsole

MISSING = ("cartlog view needs Textual, which is not installed: "
           "pip install 'cartlog[view]'")


@app.command(cls=Command)
def view(
    log: LogArg,
    turn: Annotated[Optional[int], typer.Option(
        "--turn", "-t", "--round", metavar="N", parser=read_number,
        help=f"Open at this {play_units()} (else at the first finding).")] = None,
    seat: Annotated[Optional[str], typer.Option(
        "--view", metavar="table|COLOUR", help="Only what the table, or one player, knew "
        "(as replay --view).")] = None,
    number: GameOpt = None,
    ascii_only: AsciiOpt = False,
    theme_name: ThemeOpt = ThemeName.auto,
) -> None:
    """Step through a game in the terminal: each step with its findings, the table as it
    stood and the one-line position, and the table's and each seat's view.

    Keys: Left/Right a step, Up/Down (Page Up/Down) a turn or round, Home/End, n/p the next
    and previous finding, g go to a turn or round, v the next view, c copy the position,
    q quit. Needs the view extra: pip install 'cartlog[view]'.

    Exit status: 0 when closed, 2 the log could not be read, bad usage, no terminal, or
    Textual missing.

    Examples:

      cartlog view game.cartlog

      cartlog view game.cartlog --turn 29

      cartlog view game.cartlog --view red --theme light
    """
    try:
        import textual  # noqa: F401  (only this command needs it)
    except ImportError:
        fail(MISSING)
    if turn is not None and turn < 1:
        fail(f"--turn {turn}: the first {play_units()} is 1")
    parsed, text, name = load_log(log, ascii_only, None, theme_name, game=number)
    import sys

    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        fail("cartlog view needs a terminal to read keys from and draw on; for a file or a "
             "pipe use cartlog replay (or replay --html FILE)")
    from cartlog.audit import replay_report
    from cartlog.cli.replay import seat_view
    from cartlog.games import game_of
    from cartlog.viewer import Viewer, seats_of

    game = game_of(parsed)
    source = text
    if seat is not None:
        parsed, _ = seat_view(game, parsed, seat, name)
        source = ""
    report, frames = replay_report(parsed, name, text=json_text(source) if source else None)
    last = max((f.turn for f in frames if f.turn is not None), default=0)
    if turn is not None and turn > last:
        fail(f"--turn {turn}: {name} has only {game.count(last)}" if last else
             f"--turn {turn}: {name} has no {game.turns_word}")
    from cartlog.render.theme import background_is_light

    shade = theme_name.value
    if shade == "auto":
        import os

        shade = "light" if background_is_light(os.environ.get("COLORFGBG")) else "dark"
    Viewer(seats_of(parsed, report, frames, seat), _console, turn=turn, ascii=ascii_only,
           theme_name=shade).run()


def _console(width: int, shade: str) -> LogConsole:
    from cartlog.cli.output import memory_console

    return memory_console(width, shade, colour=True)
