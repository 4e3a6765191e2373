"""``cartlog convert``: a log in the other form, without a loss, or a located refusal."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from cartlog.cli.application import Command, app
from cartlog.cli.options import ConvertTo, GameOpt, LogArg, OutputOpt, ThemeName, one_of
from cartlog.cli.output import EXIT_UNREADABLE, load_log, report_unreadable, write_text


@app.command(cls=Command)
def convert(
    log: LogArg,
    number: GameOpt = None,
    to: Annotated[Optional[ConvertTo], typer.Option("--to", metavar="json|text",
                                                    parser=one_of(ConvertTo), help="Target "
                                                    "form; by default the other one.")] = None,
    output: OutputOpt = None,
) -> None:
    """Convert a log between the text notation and JSON. Text is written in canonical form.

    The log is read, not audited: an illegal game converts, an unreadable one exits with 2.
    Of a file of several games written one after the other, --game N converts the game
    numbered N (from 1); without it, such a file is one problem that lists its games.

    Examples:

      cartlog convert game.cartlog > game.json

      cartlog convert game.json --to text -o game.cartlog

      cartlog convert messy.cartlog --to text    (normalise a hand-written log)

      cartlog convert club.cartlog --game 2 -o game2.cartlog
    """
    from cartlog.core.errors import LogSyntaxError
    from cartlog.logs import convert_log, is_json

    parsed, text, name = load_log(log, game=number)
    if to is None:
        to = ConvertTo.text if is_json(text) else ConvertTo.json
    try:  # lossless or refused: what is written reads back as the same log
        converted = convert_log(parsed, text, name, to is ConvertTo.json)
    except LogSyntaxError as err:
        report_unreadable(err, False, ThemeName.auto)
        raise typer.Exit(EXIT_UNREADABLE) from None
    write_text(converted, output)
