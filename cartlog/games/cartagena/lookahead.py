"""Which reading of a slip the rest of a log supports.

When a recorded destination disagrees with the rules, either the table really moved the pirate
there (the game went on "as played"), or the scribe wrote the wrong number and the game went on
from the lawful space. The walker plays the next turns of the log from both states, on copies,
and counts the errors each reading meets: the reading with fewer is the one the log supports
(a tie keeps the log as written). A draw written with another number of cards, or other cards,
than the rules give is read the same way, to the end of the log (a hand one card off may show
only much later). Only the rule functions are used; nothing is reported.
"""

from __future__ import annotations

from cartlog.games.cartagena import rules
from cartlog.games.cartagena.codes import CODES
from cartlog.games.cartagena.events import (
    Back,
    CartagenaLog,
    Draw,
    Forward,
    Pass,
    PiratesClaim,
    Row,
    Turn,
)
from cartlog.games.cartagena.model import State

HORIZON = 40  # turns looked at past the slip (8 or more of each player's): bounded in cost


def errors_of(found: list) -> int:
    """How many of ``found`` (violations) are errors."""
    return sum(1 for v in found if CODES[v.code].severity == "error")


def _signs(state: State, cards: str | None) -> list[int] | None:
    if cards is None:
        return None
    index = state.rs.index
    return [index.get(c, -1) for c in cards]


def _actions(state: State, seat: int, actions: list, begun: bool) -> int:
    """Errors of a turn's actions played from ``state`` (changed as it goes)."""
    n = 0
    moved = False
    limit = state.rs.actions
    room = False
    for act in actions:
        if state.winner is not None:
            return n + 1
        kind = type(act)
        if kind is Pass:
            continue
        if not room and (state.done >= limit or state.stuck_draw):
            room = True
            n += 1
        if kind is Forward:
            card = state.rs.index.get(act.card, -1)
            n += errors_of(rules.check_forward(state, seat, card, act.start, act.to))
            rules.apply_forward(state, seat, card, act.start, act.to)
        elif kind is Back:
            cards = _signs(state, act.cards)
            n += errors_of(rules.check_back(state, seat, act.start, act.to, cards, act.count))
            rules.apply_back(state, seat, act.start, act.to, cards, act.count)
        elif kind is Draw:
            cards = _signs(state, act.cards)
            n += errors_of(rules.check_stuck_draw(state, seat, cards, act.count))
            rules.apply_stuck_draw(state, seat, cards, act.count)
        moved = True
    if not moved and not begun and state.winner is None:
        n += errors_of(rules.check_turn_end(state, seat, state.done, rules.is_stuck(state, seat),
                                             False))
    return n


def errors_ahead(log: CartagenaLog, seat_of: dict[str, int], state: State, index: int,
                 action: int, horizon: int | None = HORIZON) -> int:
    """The errors the log meets from ``state``, the state just after action ``action`` of
    event ``index``: the rest of that turn, then up to :data:`HORIZON` turns, with the
    ``pirates`` claims on the way (``horizon=None``: to the end of the log). ``state`` is
    changed: pass a copy."""
    events = log.events
    turn = events[index]
    n = _actions(state, state.seat, turn.actions[action + 1:], begun=True)
    if state.winner is None:
        rules.end_turn(state)
    turns = 0
    for ev in events[index + 1:]:
        kind = type(ev)
        if kind is Turn:
            turns += 1
            if horizon is not None and turns > horizon:
                break
            if state.winner is not None:
                return n + (1 if ev.actions else 0)
            seat = seat_of.get(ev.player, 0)
            if seat != state.seat:
                n += 1
                rules.begin_turn(state, seat)
            n += _actions(state, seat, ev.actions, begun=False)
            if state.winner is None:
                rules.end_turn(state)
        elif kind is PiratesClaim:
            seat = seat_of.get(ev.player, 0)
            n += sorted(ev.spaces) != sorted(state.pirates[seat])
        elif kind is Row:
            cards = _signs(state, ev.cards) or []
            n += errors_of(rules.check_row(state, cards))
            rules.apply_row(state, cards)
    return n
