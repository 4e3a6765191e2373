"""``cartlog explain``: a finding code, the rule it enforces and an example."""

from __future__ import annotations

from typing import Annotated

import typer

from cartlog.cli.application import Command, app
from cartlog.cli.options import AsciiOpt, ThemeName, ThemeOpt, code_names
from cartlog.cli.output import fail, open_console


@app.command(cls=Command)
def explain(
    code: Annotated[str, typer.Argument(metavar="CODE", help="A finding code, e.g. "
                                        "move/forward-destination.", show_default=False,
                                        autocompletion=code_names)],
    ascii_only: AsciiOpt = False,
    theme_name: ThemeOpt = ThemeName.auto,
) -> None:
    """Explain a finding code: what it means, the rule it enforces, a wrong line with what
    cartlog says of it (and the line meant), and where the docs say more.

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
        fail(f"unknown code {code!r}{hint}")
    from cartlog.examples import anchor, example, message
    from cartlog.render.report import render_code

    shown = example(info.code)
    said = (message(shown.finding, shown.name)
            if shown is not None and shown.finding is not None else None)
    open_console(ascii_only, theme_name=theme_name).print(render_code(
        info, shown.shown if shown is not None else None, said, anchor(info.code)))
