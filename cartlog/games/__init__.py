"""The game registry: each game is a package of the same shape, registered once by its spec.

The registry only lists the games' :class:`~cartlog.core.spec.GameSpec` objects; every part of a
game is reached through its spec and imported lazily, so that reading one log loads one game.
Reading a log of any game is :mod:`cartlog.logs`.
"""

from __future__ import annotations

from cartlog.core.spec import GameSpec
from cartlog.games import cartagena, meuterer, mutiny

SPECS: tuple[GameSpec, ...] = (cartagena.SPEC, meuterer.SPEC, mutiny.SPEC)
GAMES: dict[str, GameSpec] = {spec.name: spec for spec in SPECS}


def find_game(name: str) -> GameSpec | None:
    """The game a name or alias stands for (any case), or ``None``."""
    for spec in SPECS:
        if spec.matches(name):
            return spec
    return None


def game_of(log) -> GameSpec:
    """The registry entry of a decoded log (its tag is the game name)."""
    return GAMES[type(log).__struct_config__.tag]


def all_codes() -> dict:
    """Every finding code of every game, and the codes common to all, by code."""
    from cartlog.core.codes import CODES

    out: dict = dict(CODES)
    for entry in GAMES.values():
        out.update(entry.codes.CODES)
    return out


def catalogue() -> list[dict]:
    """Games, rule sets and options, as plain data (``cartlog games``)."""
    return [entry.catalogue() for entry in GAMES.values()]
