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
           "read_log", "start", "from_position", "position_at", "spec"]


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


def position_at(log: Any, turn: int | None = None) -> str:
    """The one-line position of ``log`` as its turn (or round) ``turn`` begins, the log's
    events before it applied as written; at the end of the log when ``turn`` is None. A turn
    begins with the event of the game's turn word (``turn`` in Cartagena, ``round`` in
    Meuterer and the Mutiny), counted from the start, as ``replay --turn`` counts them. A
    round's line only opens it (Meuterer: the round before is settled, the captain and the
    ship set; the Mutiny: the row laid out), so it is read first; a Cartagena turn line is the
    turn's actions, so the position is the one before it. ``ValueError`` when the log has
    fewer turns."""
    game = game_of(log)
    g = game.engine.start(log)
    begun = 0
    for event in log.events:
        if turn is not None and _tag(event) == game.turn_word:
            begun += 1
            if begun == turn:
                if game.turn_word == "round":
                    g.apply(event)
                return g.position()
        g.apply(event)
    if turn is not None and not begun:
        raise ValueError(f"a {game.title} log has no line that begins a {game.turn_word}: "
                         f"only the position at the end can be given")
    if turn is not None and turn > begun:
        raise ValueError(f"the log has {begun} {game.turns_word if begun != 1 else game.turn_word}")
    return g.position()


def _tag(event: Any) -> object:
    config = getattr(type(event), "__struct_config__", None)
    return None if config is None else config.tag
