"""The public engine API: every game's rules, driven one event at a time.

>>> from cartlog import engine
>>> g = engine.start(log)                     # doctest: +SKIP
>>> g.to_move(), g.legal()[:3]                # doctest: +SKIP

``start`` sets a game up from a decoded log's header (no events applied yet);
``from_position`` from a one-line position. The object returned follows the
:class:`~cartlog.core.spec.Engine` protocol whatever the game: ``to_move``, ``legal``,
``read``, ``check`` (findings, the state untouched), ``apply`` (any physically possible event,
legal or not), ``copy``, ``position``, ``is_over``, ``outcome``. See ``docs/api.md``.
"""

from __future__ import annotations

from typing import Any

from cartlog.core.spec import Engine, GameSpec, Outcome, ToMove
from cartlog.games import GAMES, SPECS, find_game, game_of
from cartlog.logs import read_log

__all__ = ["Engine", "GameSpec", "Outcome", "ToMove", "GAMES", "SPECS", "find_game", "game_of",
           "read_log", "start", "from_position", "spec"]


def spec(game: str) -> GameSpec:
    """The spec of a game named by name or alias; ``ValueError`` for an unknown game."""
    found = find_game(game)
    if found is None:
        raise ValueError(f"unknown game {game!r}; expected one of {', '.join(GAMES)}")
    return found


def start(log: Any) -> Engine:
    """A game set up from a decoded log's header, before any of its events."""
    return game_of(log).engine.start(log)


def from_position(game: str, text: str) -> Engine:
    """A game set up from a one-line position of ``game`` (``ValueError`` if unreadable)."""
    return spec(game).engine.from_position(text)
