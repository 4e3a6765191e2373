"""Which reading of a slip the rest of a log supports.

When a recorded destination disagrees with the rules, either the table really moved the pirate
there (the game went on "as played"), or the scribe wrote the wrong number and the game went on
from the lawful space. The walker plays the next turns of the log from both readings, each on a
copy of the engine, and counts the errors each meets: the reading with fewer is the one the log
supports (a tie keeps the log as written). A draw written with another number of cards, or other
cards, than the rules give is read the same way, to the end of the log (a hand one card off may
show only much later). The turns are played as the engine plays any turn line (its
``check_begin``/``begin``, ``check_action``/``play``, ``check_end``/``end``); nothing is
reported.
"""

from __future__ import annotations

from typing import Any, Final

from cartlog.core.findings import Violation
from cartlog.games.cartagena.codes import CODES
from cartlog.games.cartagena.engine import Engine
from cartlog.games.cartagena.events import CartagenaLog, PiratesClaim, Row, Turn

# the classes compared by type below, as C statics: compiled, a class imported by name is
# looked up in the module's dictionary at every use (docs/performance.md, "Writing for the
# compiler")
_PIRATES_CLAIM: Final = PiratesClaim
_ROW: Final = Row
_TURN: Final = Turn

HORIZON: Final = 40  # turns looked at past the slip (8 or more of each player's): bounded in cost


def errors_of(found: list[Violation]) -> int:
    """How many of ``found`` (violations) are errors."""
    return sum(1 for v in found if CODES[v.code].severity == "error")


def _line(game: Engine, actions: list[Any]) -> int:
    """Errors of a turn line's actions played on ``game`` (changed as it goes), and of the
    line as a whole; the line ends."""
    n = 0
    for act in actions:
        n += errors_of(game.check_action(act))
        if game.finished():
            break
        game.play(act)
    n += errors_of(game.check_end())
    game.end()
    return n


def errors_ahead(log: CartagenaLog, seat_of: dict[str, int], game: Engine, index: int,
                 action: int, horizon: int | None = HORIZON) -> int:
    """The errors the log meets from ``game``, a copy of the engine just after action
    ``action`` of the turn line ``index``: the rest of that line, then up to :data:`HORIZON`
    turns, with the ``pirates`` claims and row lines on the way (``horizon=None``: to the end
    of the log). ``game`` is changed: pass a copy."""
    events = log.events
    turn = events[index]
    assert type(turn) is _TURN  # a slip is an action of a turn line
    n = _line(game, turn.actions[action + 1:])
    return n + errors_from(log, seat_of, game, index + 1, horizon)


def errors_from(log: CartagenaLog, seat_of: dict[str, int], game: Engine, index: int,
                horizon: int | None = None) -> int:
    """The errors the log meets from ``game`` (changed: pass a copy) playing its events from
    ``index`` on: up to ``horizon`` turns (``None``: to the end of the log), with the
    ``pirates`` claims and row lines on the way."""
    n = 0
    turns = 0
    for ev in log.events[index:]:
        if type(ev) is _TURN:
            turns += 1
            if horizon is not None and turns > horizon:
                break
            seat = seat_of.get(ev.player, 0)
            n += errors_of(game.check_begin(ev, seat))
            if game.finished():
                return n
            game.begin(ev, seat)
            n += _line(game, ev.actions)
        elif type(ev) is _PIRATES_CLAIM:
            n += errors_of(game.check(ev))
        elif type(ev) is _ROW:
            n += errors_of(game.check(ev))
            game.apply(ev)
    return n
