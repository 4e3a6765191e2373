"""Meuterer's styles, added to the shared ones of :mod:`cartlog.render.theme`: the goods
cards, the markers of the island circle and the score sheet."""

from __future__ import annotations

DARK: dict[str, str] = {
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
}

# the light theme: each colour that fades into a white background darkened
LIGHT: dict[str, str] = {
    "goods.ruby": "red3",
    "goods.salt": "grey35",
    "goods.cloth": "blue3",
    "goods.grain": "dark_goldenrod",
    "island.port": "bold green4",
    "island.previous": "green4",
    "island.captain": "bold dark_cyan",
}
