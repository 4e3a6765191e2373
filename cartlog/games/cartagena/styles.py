"""Cartagena's styles, added to the shared ones of :mod:`cartlog.render.theme`: the six
signs of a rule set, by sign number, and the board's start, boat and moved pirate."""

from __future__ import annotations

SIGN_STYLES = ("sign.0", "sign.1", "sign.2", "sign.3", "sign.4", "sign.5")

DARK: dict[str, str] = {
    "sign.0": "bright_white",
    "sign.1": "bright_cyan",
    "sign.2": "bright_yellow",
    "sign.3": "bright_green",
    "sign.4": "bright_magenta",
    "sign.5": "bright_blue",
    "space.start": "bold",
    "space.boat": "bold",
    "space.moved": "bold underline",
}

# the light theme: each colour that fades into a white background darkened
LIGHT: dict[str, str] = {
    "sign.0": "grey35",
    "sign.1": "dark_cyan",
    "sign.2": "dark_goldenrod",
    "sign.3": "green4",
    "sign.4": "dark_magenta",
    "sign.5": "blue3",
}
