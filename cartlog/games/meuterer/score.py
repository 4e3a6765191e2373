"""The Meuterer final breakdown: every round's points by source and player, beside the score
sheet as recorded, the totals and the winners (ruling U1: highest total, ties shared)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import msgspec

from cartlog.games.meuterer.model import OVER, cards_text

if TYPE_CHECKING:  # the replay imports this module
    from cartlog.games.meuterer.replay import Replay


class Points(msgspec.Struct, frozen=True, gc=False):
    """One source of points: ``ship``, ``wage``, ``mate``, ``cabinboy``, ``island`` (a
    majority), or ``sheet`` (a round without selling, taken as written)."""

    source: str
    points: int
    text: str  # how it comes about: "Rotes Riff wine majority alone 4"


class PlayerRound(msgspec.Struct, kw_only=True, gc=False):
    colour: str
    role: str  # captain, mutineer, cabin boy, mate, merchant, stevedore, none
    points: int  # the replay's points this round
    items: list[Points]
    recorded: int | None  # the sheet's score entry
    total: int  # the replay's running total after the round
    recorded_total: int | None  # the sheet's total entry


class RoundBreakdown(msgspec.Struct, kw_only=True, gc=False):
    round: int
    captain: str
    port: str  # where the ship lay during the round
    previous: str | None  # the port before (U3); None in round 1
    active: list[str]  # the islands where goods were sold (U3)
    wage: int
    captain_destination: str
    mutineer: str | None
    mutineer_destination: str | None
    mutiny: str  # none, failed, succeeded
    captain_side: int | None  # conflict cards counted, the mate's 1 included (U6)
    mutineer_side: int | None
    checked: bool  # False: no selling recorded, the sheet's points were taken as written
    players: list[PlayerRound]


class Standing(msgspec.Struct, kw_only=True, gc=False):
    colour: str
    name: str | None = None
    total: int
    recorded_total: int | None  # the last total the sheet gives
    hand: str  # cards in hand at the end, ? for unseen ones


class MeutererBreakdown(msgspec.Struct, tag="meuterer", tag_field="game", kw_only=True,
                        gc=False):
    variant: str
    rounds: int  # rounds the game has (U1)
    played: int  # rounds scored in the replay
    finished: bool
    winners: list[str]  # the highest total; several when tied (empty while unfinished)
    winner: str | None  # the winners joined (``red, blue``), None while unfinished
    recorded: str | None  # the Result tag as written: winners joined, or ``unfinished``
    agrees: bool | None  # recorded result == replayed one (None when not recorded)
    standings: list[Standing]  # highest total first
    scores: list[RoundBreakdown]
    ship: str  # where the merchant ship lies at the end
    pirate: str | None  # the pirate ship (pirate variant)
    turns: int  # rounds of the game scored: ``played``, and those before the position a log
    # starts from
    actions: int  # plays and passes


def breakdown(replay: Replay) -> MeutererBreakdown:
    """The final breakdown of a finished replay: the rounds as their scoring made them
    (``replay.scores``), the standings, the winners and the result."""
    state, log = replay.state, replay.log
    colours = state.colours
    names = {p.colour: p.name for p in log.players}
    rounds = list(replay.scores)
    last_recorded: list[int | None] = [None] * len(colours)
    missing = len(colours)
    for rb in reversed(rounds):  # the sheet's last total of each player
        for seat, p in enumerate(rb.players):
            if last_recorded[seat] is None and p.recorded_total is not None:
                last_recorded[seat] = p.recorded_total
                missing -= 1
        if not missing:
            break
    finished = state.phase == OVER
    top = max(state.scores) if state.scores else 0
    winners = [c for c, s in zip(colours, state.scores) if s == top] if finished else []
    standings = sorted(
        (Standing(colour=c, name=names.get(c), total=state.scores[seat],
                  recorded_total=last_recorded[seat], hand=cards_text(state.hands[seat]))
         for seat, c in enumerate(colours)),
        key=lambda s: -s.total)
    recorded = None
    if log.result is not None:
        recorded = ", ".join(log.result) if log.result else "unfinished"
    return MeutererBreakdown(
        variant=replay.rs.name, rounds=state.rounds, played=len(replay.scores),
        finished=finished, winners=winners, winner=", ".join(winners) or None,
        recorded=recorded,
        agrees=(None if log.result is None or replay.stopped
                else sorted(log.result) == sorted(winners)),
        standings=standings, scores=rounds, ship=state.island_name(state.ship),
        pirate=state.island_name(state.pirate) if state.pirate >= 0 else None,
        turns=replay.turns, actions=replay.actions)


BREAKDOWN_TYPE = MeutererBreakdown
