"""The Cartagena: The Mutiny engine: the rules driven one event at a time.

Implements :class:`cartlog.core.spec.Engine` over :mod:`rules` for the voyage (rounds, turns,
the ship) and follows the mutiny's events (duels, combat rounds, monkeys, the reveal) as far
as the log gives them. No rich or typer here: the engine is for other tools too.
"""

from __future__ import annotations

from typing import Any

from cartlog.core.findings import Violation
from cartlog.core.spec import GameSpec, Outcome, ToMove
from cartlog.games.mutiny import SPEC
from cartlog.games.mutiny.events import (
    Comment,
    Duel,
    Fight,
    Gold,
    Mutiny,
    MutinyLog,
    Reveal,
    Round,
    Ship,
    Steal,
    Turn,
    Won,
)
from cartlog.games.mutiny.model import (
    COMBAT,
    COMBAT_CARDS,
    DEAL,
    GOLD,
    GOLD_CARDS,
    MUTINY,
    NPIRATES,
    OVER,
    PAIRS,
    PIRATES,
    SHIP,
    SIDE_NAMES,
    TURN,
    State,
    Track,
    combat_kind,
    combat_side,
    combat_value,
)
from cartlog.games.mutiny.position import from_position as _from_position
from cartlog.games.mutiny.position import to_position
from cartlog.games.mutiny.rules import (
    Effect,
    apply_mutiny,
    apply_round,
    apply_ship,
    apply_turn,
    check_mutiny,
    check_round,
    check_ship,
    check_turn,
    duel_winner,
    monkey_coin,
    monkey_out_of_game,
    mutiny_winner,
    not_checked,
    open_slots,
    refill_supply,
    ship_move,
    winners,
)

SIDE_OF_NAME = {"valverde": "V", "diaz": "D"}


def pirate_id(name: str | None) -> int | None:
    if name is None:
        return None
    return PIRATES.index(name) if name in PIRATES else -1


def track_of(log: MutinyLog) -> Track:
    t = log.track
    if t is None:
        return Track()
    starts = None if t.starts is None else {int(k): v for k, v in t.starts.items()
                                            if k.isdigit()}
    return Track(t.length, None if t.storms is None else tuple(t.storms), starts, t.mutiny)


class Engine:
    """A game of Cartagena: The Mutiny in progress (see :class:`cartlog.core.spec.Engine`)."""

    spec: GameSpec = SPEC

    def __init__(self, state: State) -> None:
        self.state = state
        self.fight: list[int] = []  # combat cards revealed in the current duel
        self.duel_round = 0
        self.sailors: tuple[int | None, int | None] = (None, None)
        self.spent = 0  # combat cards played in duels, taken from a known hand
        self.sides: list[str | None] | None = None  # the reveal (M10)
        self.gold_counts: dict[int, int] = {}
        self.sailors_known: dict[int, tuple[int, int]] = {}  # Sailors header (by pair)
        self.withdrawn: set[int] = set()  # seats whose monkey is down in this duel
        self.monkeys: list[int] = []  # seats that played the monkey in the last combat round
        self.refilled = False  # the supply was refilled for this round's monkeys (M9)

    # -- construction ---------------------------------------------------------------------------

    @classmethod
    def start(cls, log: MutinyLog) -> Engine:
        """A game set up from a decoded log's header, before any of its events."""
        colours = [p.colour for p in log.players]
        giver = colours.index(log.giver) if log.giver in colours else 0
        combat = [log.combat.get(c, 0) for c in COMBAT] if log.combat else None
        gold = [log.gold.get(c, 0) for c in GOLD] if log.gold else None
        engine = cls(State(colours, track_of(log), giver, combat, gold))
        for pair, vals in (log.sailors or {}).items():
            if pair in PAIRS and len(vals) == 2:
                engine.sailors_known[PAIRS.index(pair)] = (vals[0], vals[1])
        return engine

    @classmethod
    def from_position(cls, text: str) -> Engine:
        """A game set up from a one-line position (``PositionError``, a ValueError, if not)."""
        return cls(_from_position(text))

    @staticmethod
    def setup_check(log: MutinyLog) -> list[Violation]:
        """The header: seats, declared facts that cannot be (``crew/declared``) and the checks
        the undeclared facts leave out (``crew/not-checked``, M7)."""
        out: list[Violation] = []
        colours = [p.colour for p in log.players]
        if not 2 <= len(colours) <= 4 or len(set(colours)) != len(colours):
            out.append(Violation("crew/seats", f"{len(colours)} players: "
                                 f"{', '.join(colours)}", "2-4 distinct colours"))
        if log.combat is not None and sum(log.combat.values()) != COMBAT_CARDS:
            out.append(Violation("crew/declared", "the combat split does not add up to 40",
                                 str(COMBAT_CARDS), str(sum(log.combat.values()))))
        if log.gold is not None and sum(log.gold.values()) != GOLD_CARDS:
            out.append(Violation("crew/declared", "the gold split does not add up to 18",
                                 str(GOLD_CARDS), str(sum(log.gold.values()))))
        t = track_of(log)
        if t.length is not None:
            spaces = list(t.storms or ()) + list((t.starts or {}).values())
            if t.mutiny is not None:
                spaces.append(t.mutiny)
            for s in spaces:
                if not 0 <= s <= t.length:
                    out.append(Violation("crew/declared", f"space {s} is not on a track of "
                                         f"length {t.length}"))
        if 2 <= len(colours) <= 4:
            skipped = not_checked(_state_of(log))
            if skipped:
                out.append(Violation("crew/not-checked", "not checked: " + "; ".join(skipped)))
        return out

    # -- the protocol ---------------------------------------------------------------------------

    def pair_values(self, pair: int) -> tuple[int, int] | None:
        """The sailors of a pair (Valverde's side first) as declared or seen by Cambivalute."""
        if pair in self.sailors_known:
            return self.sailors_known[pair]
        seen = self.state.pairs[pair]
        return seen if seen is not None and seen != (0, 0) else None

    def to_move(self) -> ToMove | None:
        s = self.state
        if s.phase == TURN:
            return ToMove(s.turn, s.colours[s.turn], TURN)
        if s.phase in (DEAL, SHIP):
            return ToMove(s.giver, s.colours[s.giver], s.phase)
        return None

    def legal(self) -> list[Any]:
        """The events open now: in a turn, every face-up card to take and turning the next
        card (``turned ["?"]``); else the round to deal or the ship to move."""
        s = self.state
        if s.phase == DEAL:
            return [Round(number=s.round + 1, giver=s.colours[s.giver])]
        if s.phase == SHIP:
            return [Ship(moved=ship_move(s))]
        if s.phase != TURN:
            return []
        who = s.colours[s.turn]
        out: list[Any] = [Turn(player=who, card=PIRATES[s.row[i]])
                          for i in open_slots(s) if s.row[i] >= 0]
        if s.facedown():
            out.append(Turn(player=who, turned=["?"]))
        return out

    def read(self, line: str) -> Any:
        """One body line of the text notation as an event (ValueError if unreadable)."""
        from cartlog.games.mutiny.notation import read_line
        return read_line(line, self.state.colours)

    def _seat(self, colour: str | None) -> int | None:
        return None if colour is None else self.state.seat(colour)

    @staticmethod
    def _card(ev: Turn) -> int | None:
        """The card used: as written, else the last card the player turned (M2)."""
        if ev.card is not None:
            return pirate_id(ev.card)
        return pirate_id(ev.turned[-1]) if ev.turned else None

    def _effect(self, ev: Turn) -> Effect:
        victim = None
        if ev.victim is not None:
            v = self.state.seat(ev.victim)
            victim = -1 if v is None else v
        return Effect(
            combat=[combat_kind(c) or 0 if c != "?" else -1 for c in ev.combat],
            under=[combat_kind(c) or 0 if c != "?" else -1 for c in ev.under],
            gold=[GOLD.index(g) if g in GOLD else -1 for g in ev.gold],
            coins=ev.coins, victim=victim, conviction=ev.conviction,
            side=SIDE_OF_NAME.get(ev.side or ""), look=ev.look, pair=ev.pair,
            values=tuple(ev.values), swap=ev.swap)

    def check(self, event: Any) -> list[Violation]:
        s = self.state
        kind = type(event)
        if kind is Round:
            return check_round(s, self._seat(event.giver), pirate_id(event.lifeboat),
                               event.number)
        if kind is Turn:
            seat = self._seat(event.player)
            if seat is None:
                return [Violation("row/out-of-turn", f"{event.player!r} is not a player")]
            extra = []
            if event.values and len(event.values) == 2 and event.pair in tuple(PAIRS):
                declared = self.sailors_known.get(PAIRS.index(event.pair))
                if declared is not None and declared != tuple(event.values):
                    extra.append(Violation("duel/sailors", f"pair {event.pair} is declared "
                                           f"{declared[0]}-{declared[1]}",
                                           f"{declared[0]}-{declared[1]}",
                                           "-".join(map(str, event.values))))
            return extra + check_turn(s, seat, [pirate_id(c) or 0 for c in event.turned],
                              self._card(event), self._effect(event))
        if kind is Ship:
            return check_ship(s, event.moved, event.at, event.storm)
        if kind is Mutiny:
            return check_mutiny(s, event.reason)
        if kind is Duel:
            want = PAIRS[self.state.duel + 1] if self.state.duel + 1 < len(PAIRS) else None
            out = []
            if event.pair != want or mutiny_winner(s.wins) is not None:
                out.append(Violation("duel/order", "duels go A to E until a side has three",
                                     want or "none", event.pair))
            if event.valverde is not None and event.diaz is not None:
                seen = self.pair_values(PAIRS.index(event.pair))
                vals = (event.valverde, event.diaz)
                if seen is not None and seen != vals:
                    out.append(Violation("duel/sailors", f"pair {event.pair} was "
                                         f"{seen[0]}-{seen[1]}", f"{seen[0]}-{seen[1]}",
                                         f"{vals[0]}-{vals[1]}"))
            return out
        if kind is Won:
            v, d = self.sailors
            if v is None or d is None or any(k < 0 for k in self.fight):
                return []
            side = duel_winner(v, d, self.fight)
            if side is not None and SIDE_OF_NAME[event.side] != side:
                return [Violation("duel/winner", "the side with the higher total wins (equal: "
                                  "the higher sum of combat cards)", SIDE_NAMES[side],
                                  event.side)]
            return []
        if kind is Fight:
            out = []
            for p in event.cards:
                seat = self._seat(p.player)
                if seat is not None and seat in self.withdrawn:
                    out.append(Violation("duel/monkey", f"{p.player} played the monkey and is "
                                         "out of this duel", "no card", p.card))
            return out
        if kind is Steal:
            return self._check_steal(event)
        if kind is Reveal:
            out = []
            for colour, side in event.sides.items():
                seat = self._seat(colour)
                if seat is None:
                    continue
                known = s.side[seat]
                if side is not None and not s.conviction[seat]:
                    out.append(Violation("winner/conviction", f"{colour} never set a "
                                         "conviction", "none", side))
                elif side is not None and known is not None and SIDE_OF_NAME[side] != known:
                    out.append(Violation("winner/conviction", f"{colour}'s conviction was "
                                         f"{SIDE_NAMES[known]}", SIDE_NAMES[known], side))
            return out
        return []

    def _check_steal(self, event: Steal) -> list[Violation]:
        """M9: a lone monkey of round 2 takes from an opponent, several from the supply."""
        brings = monkey_coin(self.duel_round, len(self.monkeys))
        seat = self._seat(event.player)
        if brings == "none" or seat not in self.monkeys:
            return [Violation("duel/monkey", "only a monkey played in a duel's second round "
                              f"takes a coin (round {self.duel_round})")]
        if brings == "player" and event.victim is None:
            return [Violation("duel/monkey", "a lone monkey takes its coin from an opponent",
                              "from COLOUR", "supply")]
        if brings == "supply" and event.victim is not None:
            return [Violation("duel/monkey", "several monkeys each take a coin from the supply",
                              "supply", f"from {event.victim}")]
        return []

    def check_result(self, result: list[str] | None) -> list[Violation]:
        """M10: the recorded winners against the replay's (nothing when either is unknown)."""
        outcome = self.outcome()
        if result is None or outcome is None or sorted(result) == sorted(outcome.winners):
            return []
        return [Violation("winner/differs", outcome.reason,
                          ", ".join(outcome.winners) or "none", ", ".join(result) or "none")]

    def apply(self, event: Any) -> None:
        s = self.state
        kind = type(event)
        if kind is Round:
            apply_round(s, self._seat(event.giver), pirate_id(event.lifeboat))
        elif kind is Turn:
            seat = self._seat(event.player)
            if seat is not None:
                apply_turn(s, seat, [pirate_id(c) or 0 for c in event.turned],
                           self._card(event), self._effect(event))
        elif kind is Ship:
            if not s.closed and s.phase in (TURN, SHIP):
                apply_ship(s)
        elif kind is Mutiny:
            apply_mutiny(s)
        elif kind is Duel:
            s.phase = MUTINY
            s.duel = PAIRS.index(event.pair)
            self.fight, self.duel_round = [], 0
            self.withdrawn, self.monkeys = set(), []
            self.sailors = (event.valverde, event.diaz)
        elif kind is Fight:
            self.duel_round += 1
            self.monkeys, self.refilled = [], False
            for p in event.cards:
                seat = self._seat(p.player)
                if p.card == "monkey":
                    if seat is not None:
                        self.monkeys.append(seat)
                        self.withdrawn.add(seat)
                        if monkey_out_of_game(self.duel_round):
                            s.out[seat] = True
                    continue
                k = combat_kind(p.card)
                self.fight.append(-1 if k is None else k)
                if seat is not None and any(s.hands[seat]):
                    hand = s.hands[seat]
                    if k is not None and k >= 0 and hand[k]:
                        hand[k] -= 1
                        s.combat.known_out[k] -= 1
                    elif hand[-1]:
                        hand[-1] -= 1
                    else:
                        continue
                    self.spent += 1
        elif kind is Won:
            s.wins[SIDE_OF_NAME[event.side]] += 1
        elif kind is Steal:
            seat = self._seat(event.player)
            victim = self._seat(event.victim)
            if seat is not None:
                if victim is not None and s.coins[victim] > 0:
                    s.coins[victim] -= 1
                    s.coins[seat] += 1
                elif victim is None:
                    if not self.refilled and s.supply < len(self.monkeys):
                        # M9, 003 'Shortages' 2: every player gives a coin back first
                        s.supply, s.coins = refill_supply(s.supply, s.coins, len(self.monkeys))
                        self.refilled = True
                    if s.supply > 0:
                        s.supply -= 1
                        s.coins[seat] += 1
        elif kind is Reveal:
            self.sides = [SIDE_OF_NAME.get(event.sides.get(c) or "") for c in s.colours]
            s.phase = OVER
        elif kind is Gold:
            for colour, n in event.counts.items():
                seat = self._seat(colour)
                if seat is not None:
                    self.gold_counts[seat] = n
        elif kind is Comment:
            pass

    def copy(self) -> Engine:
        e = Engine(self.state.copy())
        e.fight, e.duel_round, e.sailors = self.fight[:], self.duel_round, self.sailors
        e.spent, e.gold_counts = self.spent, dict(self.gold_counts)
        e.sides = None if self.sides is None else self.sides[:]
        e.withdrawn, e.monkeys = set(self.withdrawn), self.monkeys[:]
        e.refilled = self.refilled
        e.sailors_known = dict(self.sailors_known)
        return e

    def position(self) -> str:
        return to_position(self.state)

    def is_over(self) -> bool:
        return self.state.phase == OVER

    def not_checked(self) -> list[str]:
        """M7: the checks this game's declared facts leave out."""
        return not_checked(self.state)

    def gold_of(self, seat: int) -> int | None:
        """Coins plus gold-card values, when every gold card is known (else the log's count)."""
        s = self.state
        if seat in self.gold_counts:
            return self.gold_counts[seat]
        g = s.golds[seat]
        if g[-1]:
            return None
        return s.coins[seat] + sum((k + 1) * g[k] for k in range(len(GOLD)))

    def outcome(self) -> Outcome | None:
        """M10, once the convictions are revealed and a side has won three duels."""
        s = self.state
        side = mutiny_winner(s.wins)
        if self.sides is None or side is None:
            return None
        gold = [self.gold_of(i) or 0 for i in range(s.players)]
        colour = [sum(combat_value(k) * s.hands[i][k] for k in range(len(COMBAT))
                      if combat_side(k) == side) for i in range(s.players)]
        seats = winners(self.sides, s.out, side, gold, colour)
        reason = f"{SIDE_NAMES[side]} won the mutiny"
        if not seats:
            reason += "; nobody chose that side"
        return Outcome(tuple(s.colours[i] for i in seats), reason)

    def totals(self) -> dict[str, int]:
        s = self.state
        return {
            "pirates": len(s.row) - s.taken.count(True) + s.pile + (s.lifeboat is not None)
            if s.row else NPIRATES,
            "combat": s.combat.deck.count + sum(sum(h) for h in s.hands) + self.spent,
            "gold": s.gold.deck.count + sum(sum(g) for g in s.golds),
            "coins": s.supply + sum(s.coins),
        }


def _state_of(log: MutinyLog) -> State:
    return Engine.start(log).state


