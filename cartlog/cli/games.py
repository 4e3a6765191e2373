"""``cartlog games``: the games, their rule sets and the options a header may set."""

from __future__ import annotations

from cartlog.cli.application import Command, app
from cartlog.cli.options import AsciiOpt, Format, FormatOpt, ThemeName, ThemeOpt
from cartlog.cli.output import open_console, write_json


@app.command(cls=Command)
def games(fmt: FormatOpt = Format.text, ascii_only: AsciiOpt = False,
          theme_name: ThemeOpt = ThemeName.auto) -> None:
    """List the games, their rule sets and the options a log header may set.

    Examples:

      cartlog games

      cartlog games --format json
    """
    from cartlog.games import catalogue

    data = catalogue()
    if fmt is Format.json:  # a document, as every other command's: cartlog's version first
        from cartlog import __version__

        write_json({"cartlog": __version__, "games": data})
        return
    from cartlog.render.report import render_catalogue

    open_console(ascii_only, theme_name=theme_name).print(render_catalogue(data))
