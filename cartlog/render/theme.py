"""One set of semantic style names for every renderer, in a dark and a light theme.

Renderers write ``Text(..., style="player.red")`` (never markup: the console reads none, so
that a log's ``[red]`` prints as written, :mod:`cartlog.render.console`); the CLI's console
carries the theme the user chose (:func:`theme`, ``--theme`` or ``CARTLOG_THEME``).
:data:`THEME` is the dark one, for terminals with a dark background. The light one replaces
every colour that cannot be read on white (white, bright yellow and the other bright colours,
light grey) by a darker one of the same hue. With ``NO_COLOR`` set (or ``--ascii``) the same
text is printed without colour.
"""

from __future__ import annotations

from rich.theme import Theme

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
    "space.start": "bold",
    "space.boat": "bold",
    "space.section": "dim",
    "space.number": "dim",
    "space.moved": "bold underline",
    "cards.unseen": "dim",
    "comment": "italic dim",
    "turn.heading": "bold",
    "result.agree": "bold green",
    "result.disagree": "bold white on red",
}
# six distinct colours for the six signs of a rule set, by sign number
SIGN_STYLES = ("sign.0", "sign.1", "sign.2", "sign.3", "sign.4", "sign.5")
STYLES.update({
    "sign.0": "bright_white",
    "sign.1": "bright_cyan",
    "sign.2": "bright_yellow",
    "sign.3": "bright_green",
    "sign.4": "bright_magenta",
    "sign.5": "bright_blue",
})

# Meuterer: the goods cards, the markers of the island circle and the score sheet
STYLES.update({
    "goods.ruby": "bright_red",
    "goods.salt": "bright_white",
    "goods.wine": "magenta",
    "goods.cloth": "bright_blue",
    "goods.grain": "yellow",
    "goods.conflict": "bold reverse",
    "goods.pirate": "bold white on grey23",
    "island.active": "bold",
    "island.port": "bold green",
    "island.previous": "green",
    "island.captain": "bold cyan",
    "island.mutineer": "bold magenta",
    "island.pirate": "bold white on grey23",
    "phase.label": "dim",
    "score.sheet": "dim",
    "score.mismatch": "bold white on red",
})

THEME = Theme(STYLES)

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
    "sign.0": "grey35",
    "sign.1": "dark_cyan",
    "sign.2": "dark_goldenrod",
    "sign.3": "green4",
    "sign.4": "dark_magenta",
    "sign.5": "blue3",
    "goods.ruby": "red3",
    "goods.salt": "grey35",
    "goods.cloth": "blue3",
    "goods.grain": "dark_goldenrod",
    "island.port": "bold green4",
    "island.previous": "green4",
    "island.captain": "bold dark_cyan",
}}
LIGHT_THEME = Theme(LIGHT_STYLES)
THEMES = {"dark": THEME, "light": LIGHT_THEME}


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
    return THEMES[name]


def player_style(colour: str) -> str:
    return f"player.{colour}" if f"player.{colour}" in STYLES else "bold"


def severity_style(severity: str, condoned: bool = False) -> str:
    return "finding.condoned" if condoned else f"finding.{severity}"
