"""One theme of semantic style names for every renderer.

Renderers write ``[finding.error]...[/]`` or ``Text(..., style="player.red")``; the CLI's
console carries :data:`THEME`. With ``NO_COLOR`` set (or ``--ascii``) the same text is printed
without colour.
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


def player_style(colour: str) -> str:
    return f"player.{colour}" if f"player.{colour}" in STYLES else "bold"


def severity_style(severity: str, condoned: bool = False) -> str:
    return "finding.condoned" if condoned else f"finding.{severity}"
