"""``cartlog score``: a log's final breakdown."""

from __future__ import annotations

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
)
from cartlog.cli.output import EXIT_FINDINGS, json_text, load_log, open_console, write_json
from cartlog.games import SPECS

_SCORE_HELP = "\n\n    ".join(f"{spec.title}: {spec.summary}." for spec in SPECS)


@app.command(cls=Command)
def score(log: LogArg, number: GameOpt = None, fmt: FormatOpt = Format.text,
          ascii_only: AsciiOpt = False, theme_name: ThemeOpt = ThemeName.auto) -> None:
    """Show the final breakdown: the winner, how each player stands, and the recorded result
    beside the replayed one.

    {games}

    Of a file of several games written one after the other, --game N scores the game
    numbered N (from 1); without it, such a file is one problem that lists its games.

    Exit status: 0 clean, 1 errors found, 2 the log could not be read.

    Examples:

      cartlog score game.cartlog

      cartlog score game.json --format json

      cartlog score club.cartlog --game 2
    """
    parsed, text, name = load_log(log, ascii_only, "score" if fmt is Format.json else None,
                               theme_name, number)
    from cartlog.audit import audit
    from cartlog.games import game_of

    report = audit(parsed, name, text=json_text(text))
    if fmt is Format.json:
        from cartlog.documents import score_document

        write_json(score_document(report))
    else:
        from cartlog.render import game_renderer

        open_console(ascii_only, theme_name=theme_name).print(game_renderer(
            game_of(parsed).name).render_score(
            parsed, report, ascii=ascii_only))
    if report.errors:
        raise typer.Exit(EXIT_FINDINGS)


score.__doc__ = (score.__doc__ or "").replace("{games}", _SCORE_HELP)
