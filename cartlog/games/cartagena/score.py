"""The Cartagena final breakdown (ruling C6): no points, only who is aboard and how far the
others still have to go."""

from __future__ import annotations

from typing import TYPE_CHECKING

import msgspec

from cartlog.games.cartagena import rules
from cartlog.games.cartagena.model import NSIGNS, UNKNOWN

if TYPE_CHECKING:  # the replay imports this module
    from cartlog.games.cartagena.replay import Replay


class PlayerStanding(msgspec.Struct, kw_only=True):
    colour: str
    name: str | None = None
    aboard: int
    pirates: list[int]  # every pirate's space, nearest the boat first
    distance: int  # spaces still to go, all pirates together
    hand_size: int
    hand: str  # known cards as sign letters, ? for unseen ones


class CartagenaBreakdown(msgspec.Struct, tag="cartagena", tag_field="game", kw_only=True):
    rules: str
    boat: int
    winner: str | None
    finished: bool
    recorded: str | None  # the Result tag, if any
    agrees: bool | None  # recorded result == replayed result (None when not recorded)
    standings: list[PlayerStanding]  # in finishing order: winner, then by pirates aboard, distance
    turns: int
    actions: int


def breakdown(replay: Replay) -> CartagenaBreakdown:
    state, log = replay.state, replay.log
    assert state is not None, "a replay that has run"
    names = {p.colour: p.name for p in log.players}
    rows = []
    for seat, colour in enumerate(state.colours):
        hand = state.hands[seat]
        rows.append(PlayerStanding(
            colour=colour, name=names.get(colour), aboard=state.aboard(seat),
            pirates=sorted(state.pirates[seat], reverse=True),
            distance=rules.distance(state, seat), hand_size=sum(hand),
            hand="".join(state.rs.letters[s] * hand[s] for s in range(NSIGNS))
            + "?" * hand[UNKNOWN]))
    winner = state.colours[state.winner] if state.winner is not None else None
    rows.sort(key=lambda r: (r.colour != winner, -r.aboard, r.distance))
    replayed = winner or "unfinished"
    return CartagenaBreakdown(
        rules=state.rs.name, boat=state.boat, winner=winner, finished=winner is not None,
        recorded=log.result,
        agrees=None if log.result is None or replay.stopped else log.result == replayed,
        standings=rows, turns=replay.turns, actions=replay.actions)
BREAKDOWN_TYPE = CartagenaBreakdown
