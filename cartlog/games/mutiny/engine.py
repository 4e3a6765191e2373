"""The Cartagena: The Mutiny engine: the rules driven one event at a time.

Implements :class:`cartlog.core.spec.Engine` over :mod:`rules`: the voyage (rounds, turns, the
ship) and the mutiny (duels, combat rounds, monkeys, the reveal, the gold count) alike, each
event read into plain data and checked and carried out by the rule functions of its kind, and
``legal()`` built from those same functions. The whole game, the duel in progress included (M8, M9), lives in the
:class:`~cartlog.games.mutiny.model.State`, which the one-line position writes: a game read
back from its position at any step goes on as the original. No rich or typer here: the engine
is for other tools too.
"""

from __future__ import annotations

from itertools import product
from typing import Any, Literal

from cartlog.core.findings import Violation
from cartlog.core.spec import GameSpec, Outcome, ToMove
from cartlog.games.mutiny import SPEC
from cartlog.games.mutiny.events import (
    Duel,
    Fight,
    Gold,
    Mutiny,
    MutinyLog,
    Played,
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
)
from cartlog.games.mutiny.position import from_position as _from_position
from cartlog.games.mutiny.position import to_position
from cartlog.games.mutiny.rules import (
    MONKEY,
    NO_LIFEBOAT,
    SIDE_OF_NAME,
    Effect,
    apply_duel,
    apply_fight,
    apply_gold,
    apply_mutiny,
    apply_reveal,
    apply_round,
    apply_ship,
    apply_steal,
    apply_turn,
    apply_won,
    check_after_reveal,
    check_duel,
    check_fight,
    check_gold,
    check_mutiny,
    check_pair_shown,
    check_reveal,
    check_round,
    check_round_number,
    check_ship,
    check_steal,
    check_turn,
    check_won,
    combat_name,
    duel_side,
    gain_options,
    gold_total,
    in_mutiny,
    lifeboat_cards,
    mutiny_step,
    mutiny_winner,
    not_checked,
    open_slots,
    pair_values,
    pending_steals,
    playable,
    reveal_options,
    ship_move,
    side_sum,
    steal_victims,
    still_in,
    winners,
)

REASONS: dict[str, Literal["track", "combat", "gold", "coins"]] = {
    "track": "track", "combat": "combat", "gold": "gold", "coins": "coins"}


# a gain of :func:`rules.gain_options` as a turn's effect fields (the card drawn not named)
_GAINS: dict[str, dict[str, Any]] = {"gold": {"gold": ["?"]}, "combat": {"combat": ["?"]},
                                     "coins": {"coins": 1}}

_PIRATE_ID = {name: i for i, name in reversed(list(enumerate(PIRATES)))}


def pirate_id(name: str | None) -> int | None:
    """A pirate card's index (``-1``: ``?``, a card not named; :data:`NO_LIFEBOAT`: ``-``,
    no card)."""
    if name is None:
        return None
    if name == "-":
        return NO_LIFEBOAT
    return _PIRATE_ID.get(name, -1)


def track_of(log: MutinyLog) -> Track:
    t = log.track
    if t is None:
        return Track()
    starts = None if t.starts is None else {int(k): v for k, v in t.starts.items()
                                            if k.isdigit()}
    return Track(t.length, None if t.storms is None else tuple(t.storms), starts, t.mutiny)



# the lines of the mutiny, which nothing but the gold count may follow once the convictions
# are revealed, by the word that opens them
_MUTINY_LINES: dict[type, str] = {Duel: "duel", Fight: "fight", Steal: "steal", Won: "won",
                                  Reveal: "reveal"}


def _card_of(played: Played) -> int:
    """A card of a combat round as the rules take it: a combat kind, -1 unseen, or MONKEY."""
    if played.card == "monkey":
        return MONKEY
    kind = combat_kind(played.card)
    return -1 if kind is None else kind


class Engine:
    """A game of Cartagena: The Mutiny in progress (see :class:`cartlog.core.spec.Engine`)."""

    spec: GameSpec = SPEC

    def __init__(self, state: State) -> None:
        # Everything the rules need lives in the state, the voyage and the mutiny's duels
        # alike, so a position (which writes the state) resumes the game at any step.
        self.state = state
        self.names: list[tuple[str, str | None]] = []  # the players' colours and names
        self.undecided: str | None = None  # why the outcome's tie-break cannot be checked
        # the last turn read for the rules (see _turn): its event and what was read from it
        self._last_turn: tuple[Turn, tuple[list[int], int | None, Effect]] | None = None
        self._last_fight: tuple[Fight, list[tuple[int, int]]] | None = None  # (see _fight)

    @property
    def sides(self) -> list[str | None] | None:
        """The convictions revealed (M10): per seat ``V``, ``D`` or ``None``; ``None`` before
        the reveal."""
        return self.state.revealed

    @property
    def gold_counts(self) -> dict[int, int]:
        """The gold each seat counted on the gold line (M10), by seat."""
        return self.state.counted

    # -- construction ---------------------------------------------------------------------------

    @classmethod
    def start(cls, log: MutinyLog) -> Engine:
        """A game set up from a decoded log's header, before any of its events; or from the
        position it starts from (docs/notation.md, "Starting from a position")."""
        if log.position is not None:
            engine = cls.from_position(log.position)
            engine.names = [(p.colour, p.name) for p in log.players]
            return engine
        colours = [p.colour for p in log.players]
        at = next((i for i, ev in enumerate(log.events) if type(ev) is Round), 0)
        first = log.events[at] if at < len(log.events) else None
        if not isinstance(first, Round):
            first = None
        named = log.giver if log.giver is not None else first.giver if first else None
        giver = colours.index(named) if named in colours else 0
        if (log.giver is None and first is not None and first.number and colours
                and any(type(ev) is Turn for ev in log.events[:at])):
            # the Giver tag, or round 1's; when turns come before the first round line (its
            # round 1 line left out), that line's giver back one seat for each round before
            giver = (giver - first.number + 1) % len(colours)
        combat = [log.combat.get(c, 0) for c in COMBAT] if log.combat else None
        gold = [log.gold.get(c, 0) for c in GOLD] if log.gold else None
        engine = cls(State(colours, track_of(log), giver, combat, gold))
        engine.names = [(p.colour, p.name) for p in log.players]
        for pair, vals in (log.sailors or {}).items():
            if pair in PAIRS and len(vals) == 2:
                engine.state.sailors_known[PAIRS.index(pair)] = (vals[0], vals[1])
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
        if log.position is not None:  # the position's facts stand, read and checked with it
            skipped = not_checked(_state_of(log))
            if skipped:
                out.append(Violation("crew/not-checked", "not checked: " + "; ".join(skipped)))
            return out
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
        return pair_values(self.state, pair)

    def phase(self) -> str | None:
        """What comes next: ``deal``, ``turn`` or ``ship`` in the voyage; in the mutiny, the
        step :func:`rules.mutiny_step` gives (``mutiny``, ``duel``, ``fight``, ``steal``,
        ``won``, ``reveal``); ``None`` when over."""
        s = self.state
        if s.phase == OVER:
            return None
        return mutiny_step(s) if s.phase == MUTINY else s.phase

    def in_mutiny(self) -> list[int]:
        """003 'Exclusion': the seats that set a conviction take part in the mutiny."""
        return in_mutiny(self.state)

    def still_in(self) -> list[int]:
        """The seats still in the current duel: in the mutiny, no monkey played yet (M8)."""
        return still_in(self.state)

    def pending_steals(self) -> list[int]:
        """M9: the monkeys of a duel's second round whose coin is still to be taken."""
        return pending_steals(self.state)

    def to_move(self) -> ToMove | None:
        s = self.state
        phase = self.phase()
        if phase is None:
            return None
        if phase == TURN:
            return ToMove(s.turn, s.colours[s.turn], TURN)
        if phase == "fight":
            seat = self.still_in()[0]
        elif phase == "steal":
            seat = self.pending_steals()[0]
        else:
            seat = s.giver  # the table's business: the giver deals, the ship, the duels
        return ToMove(seat, s.colours[seat], phase)

    def legal(self) -> list[Any]:
        """The events open now: in a turn, every face-up card to take and turning the next
        card (``turned ["?"]``); the round to deal or the ship to move; in the mutiny, its
        start, the next duel, every combination of cards the players still in the duel may
        play (from a hand the log does not know, every kind it may hold and ``?``: see
        :meth:`_plays`), each monkey's coin, the duel's winner, and the reveals the known
        convictions allow."""
        s = self.state
        phase = self.phase()
        if phase is None:
            return []
        if phase == DEAL:
            number, giver = s.round + 1, s.colours[s.giver]
            if s.storm:  # M5: a card from the pile to the lifeboat first
                return [Round(number=number, giver=giver, lifeboat=PIRATES[c])
                        for c in lifeboat_cards(s)]
            return [Round(number=number, giver=giver)]
        if phase == SHIP:
            return [Ship(moved=ship_move(s))]
        if phase == TURN:
            return self._turns()
        if phase == "mutiny":
            reason = REASONS.get(s.trigger or "")
            return [Mutiny(reason=reason)]
        if phase == "duel":
            pair = s.duel + 1
            vals = self.pair_values(pair)
            return [Duel(pair=PAIRS[pair], valverde=vals[0] if vals else None,
                         diaz=vals[1] if vals else None)]
        if phase == "fight":
            return [Fight(cards=list(combo)) for combo in product(
                *(self._plays(seat) for seat in still_in(s)))]
        if phase == "steal":
            seat = pending_steals(s)[0]
            if len(s.monkeys) > 1:
                return [Steal(player=s.colours[seat])]
            return [Steal(player=s.colours[seat], victim=s.colours[o])
                    for o in steal_victims(s, seat)]
        if phase == "won":
            side = duel_side(s)
            sides = [side] if side is not None else ["V", "D"]
            return [Won(side=SIDE_NAMES[x]) for x in sides]  # type: ignore[arg-type]
        options = [reveal_options(s, seat) for seat in range(s.players)]
        return [Reveal(sides=dict(zip(s.colours, combo)))  # type: ignore[arg-type]
                for combo in product(*options)]

    def _turns(self) -> list[Turn]:
        """M2: every face-up card open to the player to move, with each gain it leaves to
        choose (:func:`rules.gain_options`); a card turned and not named, as ``?``; turning
        the next card."""
        s = self.state
        who = s.colours[s.turn]
        out: list[Turn] = []
        unnamed = False
        for i in open_slots(s):
            card = s.row[i]
            if card < 0:  # turned, not named: used as an unnamed card (once, below)
                unnamed = True
                continue
            name = PIRATES[card]
            gains = gain_options(s, card)
            out += [Turn(player=who, card=name, **_GAINS[g]) for g in gains]
            if not gains:
                out.append(Turn(player=who, card=name))
        if unnamed:
            out.append(Turn(player=who, card="?"))
        if s.facedown():
            out.append(Turn(player=who, turned=["?"]))
        return out

    def _plays(self, seat: int) -> list[Played]:
        """M8: each card the player may show in the next combat round (:func:`rules.playable`),
        as the log writes it."""
        who = self.state.colours[seat]
        return [Played(card=combat_name(c), player=who)  # type: ignore[arg-type]
                for c in playable(self.state, seat)]

    def read(self, line: str) -> Any:
        """One body line of the text notation as an event (ValueError if unreadable)."""
        from cartlog.games.mutiny.notation import read_line
        return read_line(line, self.state.colours, names=self.names,
                         number=self.state.round + 1)

    def _seat(self, colour: str | None) -> int | None:
        return None if colour is None else self.state.seat(colour)

    @staticmethod
    def _card(ev: Turn) -> int | None:
        """The card used: as written, else the last card the player turned (M2)."""
        if ev.card is not None:
            return pirate_id(ev.card)
        return pirate_id(ev.turned[-1]) if ev.turned else None

    def _turn(self, ev: Turn) -> tuple[list[int], int | None, Effect]:
        """The cards turned, the card used and its effect, as the rules take them; read once
        for the check and the carrying out of the same turn (none of them is changed)."""
        last = self._last_turn
        if last is not None and last[0] is ev:
            return last[1]
        read = ([pirate_id(c) or 0 for c in ev.turned], self._card(ev), self._effect(ev))
        self._last_turn = (ev, read)
        return read

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
        """The rules ``event`` breaks, by the rule function of its kind (:mod:`rules`)."""
        s = self.state
        kind = type(event)
        if s.phase == OVER and kind in _MUTINY_LINES:
            return check_after_reveal(_MUTINY_LINES[kind])
        if kind is Round:
            return (check_round(s, self._seat(event.giver), pirate_id(event.lifeboat))
                    + check_round_number(s, event.number))
        if kind is Turn:
            seat = self._seat(event.player)
            if seat is None:
                return [Violation("row/out-of-turn", f"{event.player!r} is not a player")]
            turned, card, effect = self._turn(event)
            return check_pair_shown(s, effect) + check_turn(s, seat, turned, card, effect)
        if kind is Ship:
            return check_ship(s, event.moved, event.at, event.storm)
        if kind is Mutiny:
            return check_mutiny(s, event.reason)
        if kind is Duel:
            return check_duel(s, PAIRS.index(event.pair), event.valverde, event.diaz)
        if kind is Fight:
            return check_fight(s, self._fight(event))
        if kind is Steal:
            return check_steal(s, self._seat_index(event.player), event.victim)
        if kind is Won:
            return check_won(s, SIDE_OF_NAME[event.side])
        if kind is Reveal:
            return check_reveal(s, event.sides)
        if kind is Gold:
            return check_gold(s, event.counts)
        return []

    def _seat_index(self, colour: str | None) -> int:
        """The seat of ``colour``; -1 when none is written or it is no player's."""
        seat = None if colour is None else self.state.seat(colour)
        return -1 if seat is None else seat

    def _fight(self, event: Fight) -> list[tuple[int, int]]:
        """A combat round's cards as the rules take them: (seat or -1, card); read once for
        the check and the carrying out of the same round."""
        last = self._last_fight
        if last is not None and last[0] is event:
            return last[1]
        plays = [(self._seat_index(p.player), _card_of(p)) for p in event.cards]
        self._last_fight = (event, plays)
        return plays

    def check_result(self, result: list[str] | str | None) -> list[Violation]:
        """M10: the recorded winners against the replay's (nothing when either is unknown; one
        of the players who may have won when the tie-break is not known); a game recorded as
        unfinished against a replay that reaches the end."""
        outcome = self.outcome()
        if outcome is None or result is None:
            return []
        # with the tie-break not known (:meth:`outcome`), its winners are the players who may
        # have won: the log may name any of them, and nobody else
        said = (("one of " + ", ".join(outcome.winners)) if self.undecided
                else ", ".join(outcome.winners) or "none")
        if isinstance(result, str):  # "unfinished"
            return [Violation("winner/differs", outcome.reason, said, result)]
        if (sorted(result) == sorted(outcome.winners)
                or (self.undecided and result and set(result) <= set(outcome.winners))):
            return []
        return [Violation("winner/differs", outcome.reason, said, ", ".join(result) or "none")]

    def apply(self, event: Any) -> None:
        """Carry ``event`` out, legal or not, by the rule function of its kind (:mod:`rules`);
        after the reveal, a line of the mutiny changes nothing (duel/order)."""
        s = self.state
        kind = type(event)
        if s.phase == OVER and kind in _MUTINY_LINES:
            return
        if kind is Round:
            apply_round(s, self._seat(event.giver), pirate_id(event.lifeboat))
        elif kind is Turn:
            seat = self._seat(event.player)
            if seat is not None:
                apply_turn(s, seat, *self._turn(event))
        elif kind is Ship:
            if not s.closed and s.phase in (TURN, SHIP):
                apply_ship(s)
        elif kind is Mutiny:
            apply_mutiny(s)
        elif kind is Duel:
            apply_duel(s, PAIRS.index(event.pair), event.valverde, event.diaz)
        elif kind is Fight:
            apply_fight(s, self._fight(event))
        elif kind is Steal:
            apply_steal(s, self._seat_index(event.player), self._seat_index(event.victim))
        elif kind is Won:
            apply_won(s, SIDE_OF_NAME[event.side])
        elif kind is Reveal:
            apply_reveal(s, event.sides)
        elif kind is Gold:
            apply_gold(s, event.counts)

    def copy(self) -> Engine:
        """An independent copy: the state's copy (plain data), nothing else to carry."""
        new = Engine(self.state.copy())
        new.names = self.names
        return new

    def position(self) -> str:
        return to_position(self.state)

    def is_over(self) -> bool:
        return self.state.phase == OVER

    def not_checked(self) -> list[str]:
        """M7: the checks this game's declared facts leave out."""
        return not_checked(self.state)

    def gold_of(self, seat: int) -> int | None:
        """Coins plus gold-card values, when every gold card is known (else the log's count)."""
        total = gold_total(self.state.coins[seat], self.state.golds[seat])
        return total if total is not None else self.state.counted.get(seat)

    def outcome(self) -> Outcome | None:
        """M10, once the convictions are revealed and a side has won three duels; the reason
        names the step of the tie-break that decided."""
        s = self.state
        side = mutiny_winner(s.wins)
        self.undecided = None
        sides = s.revealed
        if sides is None or side is None:
            return None
        gold = [self.gold_of(i) or 0 for i in range(s.players)]
        colour = [side_sum(s.hands[i], side) for i in range(s.players)]
        seats = winners(sides, s.out, side, gold, colour)
        other = "D" if side == "V" else "V"
        name = SIDE_NAMES[side].capitalize()
        reason = f"{name} won the mutiny {s.wins[side]}-{s.wins[other]}"
        able = [i for i, sd in enumerate(sides) if sd == side and not s.out[i]]
        out = [s.colours[i] for i, sd in enumerate(sides) if sd == side and s.out[i]]
        if out:
            reason += f"; {', '.join(out)} out of the game (monkey in a first round)"
        names = [s.colours[i] for i in able]
        if not able:
            reason += f"; nobody in the game chose {name}: no winner"
        elif len(able) == 1:
            reason += f"; only {names[0]} chose {name}"
        else:
            reason += f"; {', '.join(names)} chose {name}; gold " + ", ".join(
                f"{s.colours[i]} {gold[i]}" for i in able)
            if any(self.gold_of(i) is None for i in able):
                self.undecided = "the gold of a player on the winning side is not known"
                reason += " (gold not fully known)"
                seats = able  # any of them may have won: none is named alone
            best = [i for i in able if gold[i] == max(gold[j] for j in able)]
            if len(best) > 1 and not self.undecided:
                colour_name = "pink" if side == "V" else "grey"
                reason += f"; tied, {colour_name} combat cards " + ", ".join(
                    f"{s.colours[i]} {colour[i]}" for i in best)
                if any(s.hands[i][-1] for i in best):
                    self.undecided = ("the tie on gold is broken by combat cards the log "
                                      "does not know")
                    reason += " (not all known): one of them won"
                    seats = best  # which of them, the log does not say
                elif len(seats) > 1:
                    reason += ": still tied, a shared win"
        return Outcome(tuple(s.colours[i] for i in seats), reason)

    def totals(self) -> dict[str, int]:
        s = self.state
        return {
            "pirates": len(s.row) - s.taken.count(True) + s.pile + (s.lifeboat is not None)
            if s.row else NPIRATES,
            "combat": s.combat.deck.count + sum(sum(h) for h in s.hands) + s.spent,
            "gold": s.gold.deck.count + sum(sum(g) for g in s.golds),
            "coins": s.supply + sum(s.coins),
        }


def _state_of(log: MutinyLog) -> State:
    return Engine.start(log).state


