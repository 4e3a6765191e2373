"""Renderers: pure functions from results to rich renderables (or plain strings).

Nothing here prints or creates a console: the CLI owns the console. Every renderer takes
``ascii``: when true it draws with plain ASCII only (no box-drawing characters, no symbols),
so that snapshots and dumb terminals stay readable. Colours come from semantic style names in
:mod:`cartlog.render.theme`. A log's own text is escaped where it enters a renderer
(``Glyphs.clean``, :func:`cartlog.core.text.printable`), and again by the console the CLI
prints through (:class:`cartlog.render.console.LogConsole`).
"""

from importlib import import_module
from types import ModuleType


def game_renderer(game: str) -> ModuleType:
    """The renderer module of a game, as its spec names it: ``render_replay`` and
    ``render_score``."""
    from cartlog.games import GAMES

    return import_module(GAMES[game].renderer)
