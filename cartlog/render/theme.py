"""One set of semantic style names for every renderer, in a dark and a light theme.

Renderers write ``Text(..., style="player.red")`` (never markup: the console reads none, so
that a log's ``[red]`` prints as written, :mod:`cartlog.render.console`); the CLI's console
carries the theme the user chose (:func:`theme`, ``--theme`` or ``CARTLOG_THEME``): the dark
one, for terminals with a dark background, or the light one, each made of the shared names
below and every game's own (``cartlog/games/<game>/styles.py``). The light one replaces
every colour that cannot be read on white (white, bright yellow and the other bright colours,
light grey) by a darker one of the same hue. With ``NO_COLOR`` set (or ``--ascii``) the same
text is printed without colour.
"""

from __future__ import annotations

from functools import cache

from rich.theme import Theme

from cartlog.games import GAMES

STYLES: dict[str, str] = {
    "finding.error": "bold red",
    "finding.warning": "bold yellow",
    "finding.info": "cyan",
    "finding.condoned": "magenta",
    "finding.code": "bold",
    "finding.caret": "bold red",
    "finding.follows": "dim",
    "source.gutter": "blue",
    "source.text": "",
    "label": "dim",
    "ok": "bold green",
    "bad": "bold red",
    "heading": "bold",
    "muted": "dim",
    "notation": "bold cyan",
    "player.red": "bold red",
    "player.blue": "bold blue",
    "player.yellow": "bold yellow",
    "player.green": "bold green",
    "player.black": "bold white on grey23",
    "player.white": "bold white",
    "player.purple": "bold magenta",
    "player.grey": "bold grey62",
    "player.orange": "bold dark_orange",
    "player.brown": "bold orange4",
    "player.pink": "bold hot_pink",
    "space.section": "dim",
    "space.number": "dim",
    "cards.unseen": "dim",
    "comment": "italic dim",
    "turn.heading": "bold",
    "result.agree": "bold green",
    "result.disagree": "bold white on red",
}

# The light theme: the same names, each colour that fades into a white background darkened.
LIGHT_STYLES: dict[str, str] = {**STYLES, **{
    "finding.warning": "bold dark_goldenrod",
    "finding.info": "dark_cyan",
    "ok": "bold green4",
    "notation": "bold dark_cyan",
    "player.yellow": "bold dark_goldenrod",
    "player.green": "bold green4",
    "player.white": "bold white on grey50",
    "player.grey": "bold grey42",
    "result.agree": "bold green4",
}}


def _with_games(styles: dict[str, str], light: bool) -> Theme:
    """``styles`` and every registered game's own (``styles.py`` in its package:
    ``DARK``, and ``LIGHT`` for the names the light theme darkens); a game without one draws
    with the shared names only."""
    merged = dict(styles)
    for spec in GAMES.values():
        name = f"{spec.package}.styles"
        try:
            own = spec.module("styles")
        except ModuleNotFoundError as e:
            if e.name is not None and name.startswith(e.name):
                continue  # the game has no styles of its own
            raise
        merged.update(own.DARK)
        if light:
            merged.update(getattr(own, "LIGHT", {}))
    return Theme(merged)


@cache
def _theme(name: str) -> Theme:
    return _with_games(LIGHT_STYLES if name == "light" else STYLES, name == "light")


def background_is_light(colorfgbg: str | None) -> bool:
    """Whether ``COLORFGBG`` (``"0;15"``: foreground;background, set by some terminals) says
    the background is light: colour 7 or 15, white."""
    last = (colorfgbg or "").rsplit(";", 1)[-1].strip()
    return last in ("7", "15")


def theme(name: str = "auto", colorfgbg: str | None = None) -> Theme:
    """The theme called ``name`` (``dark``, ``light``); ``auto`` is light when the terminal
    says its background is light (``COLORFGBG``), dark otherwise."""
    if name == "auto":
        name = "light" if background_is_light(colorfgbg) else "dark"
    return _theme(name)


def player_style(colour: str) -> str:
    return f"player.{colour}" if f"player.{colour}" in STYLES else "bold"


def severity_style(severity: str, condoned: bool = False) -> str:
    return "finding.condoned" if condoned else f"finding.{severity}"
