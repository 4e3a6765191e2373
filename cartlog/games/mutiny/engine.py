"""The Cartagena: The Mutiny engine: the rules driven one event at a time.

Implements :class:`cartlog.core.spec.Engine` over :mod:`rules` for the voyage (rounds, turns,
the ship) and follows the mutiny's events (duels, combat rounds, monkeys, the reveal) as far
as the log gives them. The whole game, the duel in progress included (M8, M9), lives in the
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
    Comment,
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
    heap_text,
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
    gain_options,
    gold_total,
    lifeboat_cards,
    monkey_coin,
    monkey_out_of_game,
    must_play_monkey,
    mutiny_winner,
    not_checked,
    open_slots,
    refill_supply,
    ship_move,
    side_sum,
    winners,
)

SIDE_OF_NAME = {"valverde": "V", "diaz": "D"}
REASONS: dict[str, Literal["track", "combat", "gold", "coins"]] = {
    "track": "track", "combat": "combat", "gold": "gold", "coins": "coins"}


# a gain of :func:`rules.gain_options` as a turn's effect fields (the card drawn not named)
_GAINS: dict[str, dict[str, Any]] = {"gold": {"gold": ["?"]}, "combat": {"combat": ["?"]},
                                     "coins": {"coins": 1}}

_PIRATE_ID = {name: i for i, name in reversed(list(enumerate(PIRATES)))}


def pirate_id(name: str | None) -> int | None:
    if name is None:
        return None
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


def _side_word(side: str | None) -> str:
    return SIDE_NAMES[side] if side is not None else "valverde or diaz"


def _victims(s: State, seat: int) -> list[int]:
    """M9: the opponents a lone monkey may steal from: those with a coin, or any opponent
    when none has one (the steal then gives nothing)."""
    others = [o for o in range(s.players) if o != seat]
    return [o for o in others if s.coins[o] > 0] or others

class Engine:
    """A game of Cartagena: The Mutiny in progress (see :class:`cartlog.core.spec.Engine`)."""

    spec: GameSpec = SPEC

    def __init__(self, state: State) -> None:
        # Everything the rules need lives in the state, the voyage and the mutiny's duels
        # alike, so a position (which writes the state) resumes the game at any step.
        self.state = state
        self.undecided: str | None = None  # why the outcome's tie-break cannot be checked
        # the last turn read for the rules (see _turn): its event and what was read from it
        self._last_turn: tuple[Turn, tuple[list[int], int | None, Effect]] | None = None

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
            return cls.from_position(log.position)
        colours = [p.colour for p in log.players]
        first = next((ev.giver for ev in log.events if type(ev) is Round), None)
        named = log.giver if log.giver is not None else first  # the Giver tag, or round 1's
        giver = colours.index(named) if named in colours else 0
        combat = [log.combat.get(c, 0) for c in COMBAT] if log.combat else None
        gold = [log.gold.get(c, 0) for c in GOLD] if log.gold else None
        engine = cls(State(colours, track_of(log), giver, combat, gold))
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
        s = self.state
        if pair in s.sailors_known:
            return s.sailors_known[pair]
        seen = s.pairs[pair]
        return seen if seen is not None and seen != (0, 0) else None

    def phase(self) -> str | None:
        """What comes next: ``deal``, ``turn`` or ``ship`` in the voyage; ``mutiny`` (the
        voyage is over, the mutiny line is due), ``duel`` (the next pair), ``fight`` (a combat
        round), ``steal`` (a monkey's coin, M9), ``won`` (every player in the duel has played
        the monkey, M8), ``reveal`` (a side has three duels, M10, or a log that skipped pairs
        has none left); ``None`` when over."""
        s = self.state
        if s.phase == OVER:
            return None
        if s.phase != MUTINY:
            return s.phase
        if not s.started:
            return "mutiny"
        if not s.in_duel:
            done = mutiny_winner(s.wins) is not None or s.duel + 1 >= len(PAIRS)
            return "reveal" if done else "duel"
        if self.pending_steals():
            return "steal"
        return "fight" if self.still_in() else "won"

    def in_mutiny(self) -> list[int]:
        """003 'Exclusion': the seats that set a conviction take part in the mutiny."""
        s = self.state
        return [i for i in range(s.players) if s.conviction[i]]

    def still_in(self) -> list[int]:
        """The seats still in the current duel: in the mutiny, no monkey played yet (M8)."""
        s = self.state
        return [i for i in range(s.players) if s.conviction[i] and not s.withdrawn[i]]

    def pending_steals(self) -> list[int]:
        """M9: the monkeys of a duel's second round whose coin is still to be taken: a lone
        monkey's when an opponent has a coin; several monkeys' while the supply (refilled
        once from every player, 003 'Shortages' 2) holds coins."""
        s = self.state
        if s.duel_round != 2 or not s.monkeys:
            return []
        due = [m for m in s.monkeys if not s.stolen[m]]
        if len(s.monkeys) == 1:
            m = s.monkeys[0]
            rich = any(s.coins[o] > 0 for o in range(s.players) if o != m)
            return due if rich else []
        if s.supply > 0 or (not s.refilled and any(s.coins)):
            return due
        return []

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
                *(self._plays(seat) for seat in self.still_in()))]
        if phase == "steal":
            seat = self.pending_steals()[0]
            if len(s.monkeys) > 1:
                return [Steal(player=s.colours[seat])]
            return [Steal(player=s.colours[seat], victim=s.colours[o])
                    for o in _victims(s, seat)]
        if phase == "won":
            side = self._duel_side()
            sides = [side] if side is not None else ["V", "D"]
            return [Won(side=SIDE_NAMES[x]) for x in sides]  # type: ignore[arg-type]
        options: list[list[str | None]] = []
        for i in range(s.players):
            if not s.conviction[i]:
                options.append([None])
            elif s.side[i] is not None:
                options.append([SIDE_NAMES[s.side[i] or "V"]])
            else:
                options.append(["valverde", "diaz"])
        return [Reveal(sides=dict(zip(s.colours, combo)))  # type: ignore[arg-type]
                for combo in product(*options)]

    def _turns(self) -> list[Turn]:
        """M2: every face-up card open to the player to move, with each gain it leaves to
        choose (:func:`rules.gain_options`), and turning the next card."""
        s = self.state
        who = s.colours[s.turn]
        out: list[Turn] = []
        for i in open_slots(s):
            card = s.row[i]
            if card < 0:
                continue
            name = PIRATES[card]
            gains = gain_options(s, card)
            out += [Turn(player=who, card=name, **_GAINS[g]) for g in gains]
            if not gains:
                out.append(Turn(player=who, card=name))
        if s.facedown():
            out.append(Turn(player=who, turned=["?"]))
        return out

    def _plays(self, seat: int) -> list[Played]:
        """M8: the cards a player may show in the next combat round: any combat card held,
        and for cards the log does not know each kind one of them may be (as many of that kind
        as a declared split holds, M7) and ``?``; the monkey from the second round on or
        when no combat card is left."""
        state = self.state
        hand = state.hands[seat]
        who = state.colours[seat]
        combat = state.combat
        cards = [Played(card=COMBAT[k], player=who)
                 for k in range(len(COMBAT))
                 if hand[k] or (hand[-1] and combat.known_out[k] < combat.totals[k])]
        if hand[-1]:
            cards.append(Played(card="?", player=who))
        if self.state.duel_round >= 1 or must_play_monkey(sum(hand)):
            cards.append(Played(card="monkey", player=who))
        return cards

    def _duel_side(self) -> str | None:
        s = self.state
        v, d = s.sailors
        if v is None or d is None or any(k < 0 for k in s.fight):
            return None
        return duel_winner(v, d, s.fight)

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
        s = self.state
        kind = type(event)
        if s.phase == OVER and kind in _MUTINY_LINES:
            return [Violation("duel/order", "the convictions are revealed: the mutiny is over "
                              "and only the gold count may follow (M10)", "gold or nothing",
                              _MUTINY_LINES[kind])]
        if kind is Round:
            return check_round(s, self._seat(event.giver), pirate_id(event.lifeboat),
                               event.number)
        if kind is Turn:
            seat = self._seat(event.player)
            if seat is None:
                return [Violation("row/out-of-turn", f"{event.player!r} is not a player")]
            extra = []
            # the pair Cambivalute places, or the one it looks at (``look A 3-7``)
            named = event.pair if event.pair is not None else event.look
            if event.values and len(event.values) == 2 and named in tuple(PAIRS):
                # M8: the sailors shown are those the pair holds, when known (declared, or
                # seen before), and values no other pair shows
                pair = PAIRS.index(named)
                held = self.pair_values(pair)
                vals = (event.values[0], event.values[1])
                if held is not None and held != vals:
                    how = "declared" if pair in s.sailors_known else "known"
                    extra.append(Violation("duel/sailors", f"pair {named} is {how} as "
                                           f"{held[0]}-{held[1]}", f"{held[0]}-{held[1]}",
                                           "-".join(map(str, event.values))))
                elif held is None and event.pair is None:  # (a pair placed: action/pair
                    extra += self._check_distinct(pair, vals)  # checks its values)
            turned, card, effect = self._turn(event)
            return extra + check_turn(s, seat, turned, card, effect)
        if kind is Ship:
            return check_ship(s, event.moved, event.at, event.storm)
        if kind is Mutiny:
            return check_mutiny(s, event.reason)
        if kind is Duel:
            want = PAIRS[self.state.duel + 1] if self.state.duel + 1 < len(PAIRS) else None
            out = self._withheld()
            if s.in_duel:
                out.append(Violation("duel/order", f"duel {PAIRS[s.duel]} has no winner "
                                     "written yet", f"won SIDE for duel {PAIRS[s.duel]}",
                                     f"duel {event.pair}"))
            elif mutiny_winner(s.wins) is not None:
                side = SIDE_NAMES[mutiny_winner(s.wins) or "V"].capitalize()
                out.append(Violation("duel/order", f"{side} has won three duels: no more "
                                     "duels are fought, the convictions are revealed (M8, M10)",
                                     "reveal", f"duel {event.pair}"))
            elif event.pair != want:
                out.append(Violation("duel/order", "duels go A to E until a side has three",
                                     want or "none", event.pair))
            if event.valverde is not None and event.diaz is not None:
                seen = self.pair_values(PAIRS.index(event.pair))
                vals = (event.valverde, event.diaz)
                if seen is not None and seen != vals:
                    out.append(Violation("duel/sailors", f"pair {event.pair} was "
                                         f"{seen[0]}-{seen[1]}", f"{seen[0]}-{seen[1]}",
                                         f"{vals[0]}-{vals[1]}"))
                else:
                    out += self._check_distinct(PAIRS.index(event.pair), vals)
            return out
        if kind is Won:
            return self._withheld() + self._check_won(event)
        if kind is Fight:
            return self._withheld() + self._check_fight(event)
        if kind is Steal:
            return self._check_steal(event)
        if kind is Gold:
            return self._check_gold(event)
        if kind is Reveal:
            out = self._withheld()
            if s.in_duel or (s.phase == MUTINY and mutiny_winner(s.wins) is None
                             and s.duel + 1 < len(PAIRS)):
                out.append(Violation(
                    "duel/order", "the convictions are revealed once a side has won three "
                    f"duels (Valverde {s.wins['V']}, Diaz {s.wins['D']}) (M8, M10)",
                    f"won SIDE for duel {PAIRS[s.duel]}" if s.in_duel else
                    f"duel {PAIRS[s.duel + 1]}", "reveal"))
            for seat, colour in enumerate(s.colours):
                if colour not in event.sides and s.conviction[seat]:
                    out.append(Violation("winner/conviction", f"every player reveals the "
                                         f"conviction set (M10): {colour} is left out",
                                         _side_word(s.side[seat]), "not revealed"))
            for colour, side in event.sides.items():
                seat = self._seat(colour)
                if seat is None:
                    continue
                known = s.side[seat]
                if side is None and s.conviction[seat]:
                    out.append(Violation("winner/conviction", f"{colour} set a conviction "
                                         "card and reveals it (M10)", _side_word(known),
                                         "none"))
                elif side is not None and not s.conviction[seat]:
                    out.append(Violation("winner/conviction", f"{colour} never set a "
                                         "conviction", "none", side))
                elif side is not None and known is not None and SIDE_OF_NAME[side] != known:
                    out.append(Violation("winner/conviction", f"{colour}'s conviction was "
                                         f"{SIDE_NAMES[known]}", SIDE_NAMES[known], side))
            return out
        return []

    def _withheld(self) -> list[Violation]:
        """M9: a monkey's coin of the second round not taken before the duel goes on."""
        due = self.pending_steals() if self.state.in_duel else []
        if not due:
            return []
        who = ", ".join(self.state.colours[m] for m in due)
        lone = len(self.state.monkeys) == 1
        return [Violation("duel/monkey", f"{who}'s monkey of the second round takes a coin "
                          + ("from an opponent" if lone else "from the supply")
                          + " (none written)", f"steal {self.state.colours[due[0]]} "
                          + ("from COLOUR" if lone else "supply"), "no steal")]

    def _check_won(self, event: Won) -> list[Violation]:
        """M8: a duel ends when every player in it has played the monkey; the higher total
        wins, equal totals the higher sum of combat cards."""
        if not self.state.in_duel:
            return [Violation("duel/order", "no duel is open", "duel PAIR", "won")]
        out = []
        left = self.still_in()
        if left:
            out.append(Violation("duel/winner", "the duel goes on until every player in it has "
                                 "played the monkey: " + ", ".join(self.state.colours[i]
                                                                  for i in left)
                                 + " still in", "another combat round", f"won {event.side}"))
        side = self._duel_side()
        if side is not None and SIDE_OF_NAME[event.side] != side:
            out.append(Violation("duel/winner", "the side with the higher total wins (equal: "
                                 "the higher sum of combat cards)", SIDE_NAMES[side],
                                 event.side))
        return out

    def _check_fight(self, event: Fight) -> list[Violation]:
        """003 'The sailor duels', M8: one card from each player still in the duel, a combat
        card held or (from the second round, or with none left) the monkey."""
        s = self.state
        if not s.in_duel:
            return [Violation("duel/order", "a combat round with no duel open", "duel PAIR",
                              "fight")]
        out: list[Violation] = []
        left = self.still_in()
        seen: set[int] = set()
        first = s.duel_round == 0
        for p in event.cards:
            seat = self._seat(p.player)
            if seat is None:
                continue
            if seat in seen:
                out.append(Violation("duel/cards", f"{p.player} shows two cards in one combat "
                                     "round", "one card each", p.card))
            seen.add(seat)
            hand = s.hands[seat]
            if not s.conviction[seat]:
                out.append(Violation("duel/cards", f"{p.player} set no conviction and takes no "
                                     "part in the mutiny (003 'Exclusion')", "no card",
                                     p.card))
            elif s.withdrawn[seat]:
                out.append(Violation("duel/monkey", f"{p.player} played the monkey and is "
                                     "out of this duel", "no card", p.card))
            elif p.card == "monkey":
                if first and sum(hand) > 0:
                    out.append(Violation("duel/cards", f"{p.player} holds combat cards: the "
                                         "monkey comes only from the second round",
                                         "a combat card", "monkey"))
            elif must_play_monkey(sum(hand)):
                out.append(Violation("duel/cards", f"{p.player} has no combat card left and "
                                     "must play the monkey (M8)", "monkey", p.card))
            else:
                k = combat_kind(p.card)
                if k is not None and k >= 0 and not hand[k] and not hand[-1]:
                    held = heap_text(hand, COMBAT) or "none"
                    out.append(Violation("duel/cards", f"{p.player} holds no {p.card}",
                                         held, p.card))
        if len(event.cards) != len(left) and not (seen - set(left)):
            out.append(Violation("duel/cards", f"{len(left)} player(s) still in the duel "
                                 f"({', '.join(s.colours[i] for i in left) or 'none'}) show "
                                 "one card each", str(len(left)), str(len(event.cards))))
        return out

    def _check_gold(self, event: Gold) -> list[Violation]:
        """M10: the gold counted is the coins plus the gold cards' values."""
        out = []
        for colour, n in event.counts.items():
            seat = self._seat(colour)
            if seat is None:
                continue
            g = self.state.golds[seat]
            want = gold_total(self.state.coins[seat], g)
            if want is not None and n != want:  # a gold card not seen: not checked
                cards = heap_text(g, GOLD, " ") or "none"
                out.append(Violation("winner/gold", f"{colour} holds {self.state.coins[seat]} "
                                     f"coin(s) and gold cards {cards}", str(want), str(n)))
        return out

    def _check_distinct(self, pair: int, vals: tuple[int, int]) -> list[Violation]:
        """M8: the ten sailors have distinct values, so no value stands in two places."""
        taken = {}
        for other in range(len(PAIRS)):
            known = self.pair_values(other) if other != pair else None
            for side, v in zip("VD", known or ()):
                taken[v] = f"{PAIRS[other]} ({SIDE_NAMES[side]})"
        clash = [f"{v} is also the sailor of pair {taken[v]}" for v in vals if v in taken]
        if vals[0] == vals[1]:
            clash.insert(0, f"both sailors of pair {PAIRS[pair]} are {vals[0]}")
        if not clash:
            return []
        return [Violation("duel/sailors", "the sailors' values are distinct (M8): "
                          + "; ".join(clash), "values not used elsewhere",
                          f"{vals[0]}-{vals[1]}")]

    def _check_steal(self, event: Steal) -> list[Violation]:
        """M9: a lone monkey of round 2 takes from an opponent, several from the supply."""
        s = self.state
        brings = monkey_coin(s.duel_round, len(s.monkeys))
        seat = self._seat(event.player)
        if brings == "none" or seat not in s.monkeys:
            return [Violation("duel/monkey", "only a monkey played in a duel's second round "
                              f"takes a coin (round {s.duel_round})")]
        if brings == "player" and event.victim is None:
            return [Violation("duel/monkey", "a lone monkey takes its coin from an opponent",
                              "from COLOUR", "supply")]
        if brings == "supply" and event.victim is not None:
            return [Violation("duel/monkey", "several monkeys each take a coin from the supply",
                              "supply", f"from {event.victim}")]
        victim = self._seat(event.victim)
        if brings == "player" and victim is not None and seat is not None:
            rich = [s.colours[o] for o in range(s.players) if o != seat and s.coins[o] > 0]
            if victim == seat or (s.coins[victim] == 0 and rich):
                why = ("steals from its own player" if victim == seat else
                       f"{event.victim} has no coin to take")
                return [Violation("duel/monkey", f"a lone monkey takes a coin from an opponent "
                                  f"(M9): {why}",
                                  "from " + " or ".join(rich) if rich else "another player",
                                  f"from {event.victim}")]
        return []

    def check_result(self, result: list[str] | str | None) -> list[Violation]:
        """M10: the recorded winners against the replay's (nothing when either is unknown); a
        game recorded as unfinished against a replay that reaches the end."""
        outcome = self.outcome()
        if isinstance(result, str):  # "unfinished"
            if outcome is None or self.undecided:
                return []
            return [Violation("winner/differs", outcome.reason,
                              ", ".join(outcome.winners) or "none", result)]
        if (result is None or outcome is None or self.undecided
                or sorted(result) == sorted(outcome.winners)):
            return []
        return [Violation("winner/differs", outcome.reason,
                          ", ".join(outcome.winners) or "none", ", ".join(result) or "none")]

    def apply(self, event: Any) -> None:
        s = self.state
        kind = type(event)
        if s.phase == OVER and kind in _MUTINY_LINES:
            return  # the mutiny is over (duel/order): nothing changes
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
            s.started = True
        elif kind is Duel:
            if s.phase != MUTINY:
                apply_mutiny(s)
            s.started = s.in_duel = True
            s.duel = PAIRS.index(event.pair)
            s.fight, s.duel_round = [], 0
            n = s.players
            s.withdrawn, s.monkeys, s.stolen = [False] * n, [], [False] * n
            s.sailors = (event.valverde, event.diaz)
            if event.valverde is None or event.diaz is None:
                seen = self.pair_values(s.duel)
                if seen is not None:
                    s.sailors = seen
            elif self.pair_values(s.duel) is None:  # known from now on (M8: distinct values)
                s.sailors_known[s.duel] = (event.valverde, event.diaz)
        elif kind is Fight:
            self._apply_fight(event)
        elif kind is Won:
            s.wins[SIDE_OF_NAME[event.side]] += 1
            s.in_duel = False
        elif kind is Steal:
            seat = self._seat(event.player)
            victim = self._seat(event.victim)
            if seat is not None:
                # the monkeys still to take a coin, this one included
                due = sum(1 for m in s.monkeys if not s.stolen[m] or m == seat)
                s.stolen[seat] = True
                if victim is not None and s.coins[victim] > 0:
                    s.coins[victim] -= 1
                    s.coins[seat] += 1
                elif victim is None:
                    if not s.refilled and s.supply < due:
                        # M9, 003 'Shortages' 2: a supply short of the coins the monkeys
                        # take is topped up by every player first, once
                        s.supply, s.coins = refill_supply(s.supply, s.coins, due)
                        s.refilled = True
                    if s.supply > 0:
                        s.supply -= 1
                        s.coins[seat] += 1
        elif kind is Reveal:
            # a conviction set and known stands, whatever the line says, and a player who set
            # none has none to reveal, out of the game (003 'Exclusion'; winner/conviction)
            s.revealed = [(s.side[seat] if s.side[seat] is not None
                           else SIDE_OF_NAME.get(event.sides.get(c) or ""))
                          if s.conviction[seat] else None
                          for seat, c in enumerate(s.colours)]
            s.phase = OVER
        elif kind is Gold:
            for colour, n in event.counts.items():
                seat = self._seat(colour)
                if seat is not None:
                    s.counted[seat] = n
        elif kind is Comment:
            pass

    def _apply_fight(self, event: Fight) -> None:
        """The cards shown leave their players' hands; a monkey withdraws its player (in a
        first round, from the game: M8). Cards whose players the log does not name leave the
        hands of the players in the duel who showed no monkey, which are then known by their
        sizes only."""
        s = self.state
        s.duel_round += 1
        s.monkeys, s.refilled, s.stolen = [], False, [False] * s.players
        showing = set(self.still_in())
        unnamed = 0
        for p in event.cards:
            seat = self._seat(p.player)
            if p.card == "monkey":
                if seat is not None:
                    s.monkeys.append(seat)
                    s.withdrawn[seat] = True
                    showing.discard(seat)
                    if monkey_out_of_game(s.duel_round):
                        s.out[seat] = True
                continue
            k = combat_kind(p.card)
            s.fight.append(-1 if k is None else k)
            if seat is None:
                unnamed += 1
                continue
            showing.discard(seat)
            if self._take_from_hand(seat, k):
                s.spent += 1
        for seat in sorted(showing)[:unnamed]:
            hand = s.hands[seat]
            for kind in range(len(COMBAT)):
                s.combat.known_out[kind] -= hand[kind]
                hand[-1] += hand[kind]
                hand[kind] = 0
            if self._take_from_hand(seat, None):
                s.spent += 1

    def _take_from_hand(self, seat: int, kind: int | None) -> bool:
        hand = self.state.hands[seat]
        if kind is not None and kind >= 0 and hand[kind]:
            hand[kind] -= 1
            self.state.combat.known_out[kind] -= 1
            return True
        if hand[-1]:
            hand[-1] -= 1
            return True
        return False

    def copy(self) -> Engine:
        """An independent copy: the state's copy (plain data), nothing else to carry."""
        return Engine(self.state.copy())

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
            best = [i for i in able if gold[i] == max(gold[j] for j in able)]
            if len(best) > 1:
                colour_name = "pink" if side == "V" else "grey"
                reason += f"; tied, {colour_name} combat cards " + ", ".join(
                    f"{s.colours[i]} {colour[i]}" for i in best)
                if any(s.hands[i][-1] for i in best):
                    self.undecided = ("the tie on gold is broken by combat cards the log "
                                      "does not know")
                    reason += " (not all known)"
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


