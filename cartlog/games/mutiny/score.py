"""The Cartagena: The Mutiny final breakdown: the duels of the mutiny, the winning side, each
player's conviction, gold and tie-break values, and the winners with the reason (rulebook 003
'Ending the game and determining the winner'; rulings M8 and M10)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import msgspec

from cartlog.games.mutiny.model import (
    COMBAT,
    GOLD,
    SIDE_NAMES,
    heap_text,
)
from cartlog.games.mutiny.rules import gold_total, mutiny_winner, side_sum

if TYPE_CHECKING:
    from cartlog.games.mutiny.replay import Replay


class DuelBreakdown(msgspec.Struct, kw_only=True):
    """One duel: the sailors (Valverde's side first), each combat round's cards, the totals
    when every card is known, the side the rules give and the side the log wrote."""

    pair: str
    valverde: int | None
    diaz: int | None
    rounds: list[list[str]]
    totals: dict[str, int] | None  # side -> sailor + its combat cards (M1)
    cards: dict[str, int] | None  # side -> its combat cards' sum (the tie-break, M8)
    winner: str | None  # the replay's (None when a card or a sailor is unknown)
    written: str | None  # the log's


class Standing(msgspec.Struct, kw_only=True):
    colour: str
    name: str | None = None
    conviction: str  # valverde, diaz, none (no card set), unknown (not revealed)
    eligible: bool  # on the winning side and in the game (M10)
    out: bool  # out of the game: played the monkey in a duel's first round (M8)
    coins: int
    gold_cards: str  # values, ? for unseen ones
    gold: int | None  # coins + gold cards (None when a gold card is unseen and not counted)
    recorded_gold: int | None  # the gold line's count
    side_cards: int | None  # the combat cards left in the winning side's colour (tie-break)
    combat: str  # combat cards left in hand
    winner: bool


class MutinyBreakdown(msgspec.Struct, tag="mutiny", tag_field="game", kw_only=True):
    rounds: int  # voyage rounds played
    trigger: str | None  # why the voyage ended (M6)
    ship: int | None  # the ship's space at the end (None when the track is not declared)
    moved: int  # spaces the ship moved in all
    duels: list[DuelBreakdown]
    wins: dict[str, int]  # side -> duels won
    side: str | None  # the side that won the mutiny
    finished: bool  # the mutiny decided and the convictions revealed
    winners: list[str]
    winner: str | None  # the winners joined, None when none or unfinished
    reason: str
    recorded: str | None  # the Result tag as written (``none`` for nobody)
    # recorded result == replayed one (None: not recorded, or the replay cannot tell which
    # of the players who may have won did)
    agrees: bool | None
    standings: list[Standing]  # winners first, then by gold
    turns: int  # voyage rounds (as ``rounds``)
    actions: int  # turns taken in the voyage


def breakdown(replay: Replay) -> MutinyBreakdown:
    engine, log = replay.engine, replay.log
    s = engine.state
    names = {p.colour: p.name for p in log.players}
    outcome = engine.outcome()
    side = mutiny_winner(s.wins)
    winners = list(outcome.winners) if outcome is not None else []
    undecided = outcome is not None and engine.undecided is not None  # who of them won
    duels = []
    for d in replay.duels:
        t = d.totals()
        won = d.winner()
        duels.append(DuelBreakdown(
            pair=d.pair, valverde=d.valverde, diaz=d.diaz, rounds=d.rounds,
            totals=None if t is None else {"valverde": t[0], "diaz": t[1]},
            cards=None if t is None else {"valverde": t[2], "diaz": t[3]},
            winner=SIDE_NAMES[won] if won else None,
            written=SIDE_NAMES[d.written] if d.written else None))
    standings = []
    for seat, colour in enumerate(s.colours):
        if engine.sides is not None:
            conviction = SIDE_NAMES.get(engine.sides[seat] or "", "none")
        else:
            conviction = "unknown" if s.conviction[seat] else "none"
        hand = s.hands[seat]
        side_cards = None
        if side is not None and not hand[-1]:
            side_cards = side_sum(hand, side)
        eligible = (engine.sides is not None and side is not None
                    and engine.sides[seat] == side and not s.out[seat])
        g = s.golds[seat]
        own = gold_total(s.coins[seat], g)
        standings.append(Standing(
            colour=colour, name=names.get(colour), conviction=conviction, eligible=eligible,
            out=s.out[seat], coins=s.coins[seat], gold_cards=heap_text(g, GOLD, " ") or "-",
            gold=own, recorded_gold=engine.gold_counts.get(seat), side_cards=side_cards,
            combat=heap_text(hand, COMBAT) or "-", winner=colour in winners))
    standings.sort(key=lambda st: (not st.winner, not st.eligible,
                                   -(st.recorded_gold if st.gold is None and
                                     st.recorded_gold is not None else st.gold or 0)))
    recorded = None
    if log.result is not None:
        recorded = (log.result if isinstance(log.result, str) else
                    ", ".join(log.result) if log.result else "none")
    finished = outcome is not None
    if outcome is not None:
        reason = outcome.reason
    elif s.trigger is None:
        reason = "the voyage is not over"
    elif side is None:
        reason = "no side has won three duels"
    else:
        reason = f"{SIDE_NAMES[side]} won the mutiny; the convictions are not revealed"
    return MutinyBreakdown(
        rounds=s.round, trigger=s.trigger, ship=s.ship, moved=s.moved, duels=duels,
        wins={"valverde": s.wins["V"], "diaz": s.wins["D"]},
        side=SIDE_NAMES[side] if side else None, finished=finished, winners=winners,
        winner=(" or ".join(winners) if undecided else ", ".join(winners)) or None,
        reason=reason, recorded=recorded,
        agrees=(None if log.result is None or replay.stopped
                else not finished if isinstance(log.result, str)
                else None if not finished
                # the tie-break not known: one of the players who may have won, not checked
                else (None if log.result and set(log.result) <= set(winners) else False)
                if undecided else sorted(log.result) == sorted(winners)),
        standings=standings, turns=s.round, actions=replay.actions)


BREAKDOWN_TYPE = MutinyBreakdown
