"""Pig's rules as pure functions of the state and an event (``RULES.md`` P1-P5): each check
returns the rules an event breaks, each application the state after it, as played."""

from __future__ import annotations

from cartlog.core.findings import Violation
from cartlog_pig.events import Hold, Roll
from cartlog_pig.model import FACES, State

Play = Roll | Hold


def check_over(s: State) -> list[Violation]:
    """P5: once a player has reached the target, nothing more is played."""
    if s.winner is None:
        return []
    return [Violation("play/after-end", f"the game is over: {s.colours[s.winner]} reached "
                      f"{s.scores[s.winner]} of {s.target}", expected="no more play")]


def check_player(s: State, player: str) -> list[Violation]:
    """P1 and P3: the player to move plays; after a 1, the turn is the next player's."""
    seat = s.seat_of(player)
    if seat == s.seat:
        return []
    mover = s.colours[s.seat]
    previous = (s.seat - 1) % len(s.colours)
    if s.after_one and seat == previous:
        return [Violation("roll/after-one", f"{player} rolled a 1: the turn passed to {mover}",
                          expected=mover, actual=player)]
    return [Violation("play/out-of-turn", f"it is {mover}'s turn", expected=mover,
                      actual=player)]


def check_roll(s: State, ev: Roll) -> list[Violation]:
    """P2: a die shows 1 to 6."""
    out = check_over(s) or check_player(s, ev.player)
    if ev.value not in FACES:
        out.append(Violation("roll/range", f"a die shows 1 to 6, not {ev.value}",
                             expected="1-6", actual=str(ev.value)))
    return out


def check_hold(s: State, ev: Hold) -> list[Violation]:
    """P4: a player holds after rolling at least once this turn."""
    out = check_over(s) or check_player(s, ev.player)
    if not out and s.total == 0:
        out.append(Violation("hold/nothing", f"{ev.player} holds before rolling",
                             expected="a roll first"))
    return out


def check(s: State, ev: Play) -> list[Violation]:
    return check_roll(s, ev) if isinstance(ev, Roll) else check_hold(s, ev)


def _take_turn(s: State, player: str) -> None:
    """The log's player plays: a player who is not to move takes the turn, with nothing
    rolled (the replay follows the game as it was played)."""
    seat = s.seat_of(player)
    if seat is not None and seat != s.seat:
        s.seat, s.total, s.turn = seat, 0, s.turn + 1


def _pass_turn(s: State) -> None:
    s.seat = (s.seat + 1) % len(s.colours)
    s.total = 0
    s.turn += 1


def apply_roll(s: State, ev: Roll) -> None:
    """P2 and P3: a 2-6 adds to the turn's total, a 1 ends the turn with nothing. A roll no
    die shows changes nothing but whose turn it is."""
    if s.winner is not None:
        return
    _take_turn(s, ev.player)
    s.after_one = False
    if ev.value == 1:
        _pass_turn(s)
        s.after_one = True
    elif ev.value in FACES:
        s.total += ev.value


def apply_hold(s: State, ev: Hold) -> None:
    """P4 and P5: the turn's total goes to the score; reaching the target wins."""
    if s.winner is not None:
        return
    _take_turn(s, ev.player)
    s.after_one = False
    s.scores[s.seat] += s.total
    if s.scores[s.seat] >= s.target:
        s.winner, s.total = s.seat, 0
        return
    _pass_turn(s)


def apply(s: State, ev: Play) -> None:
    if isinstance(ev, Roll):
        apply_roll(s, ev)
    else:
        apply_hold(s, ev)
