"""Cartagena: The Mutiny rules as functions of a :class:`~cartlog.games.mutiny.model.State`.

Every rule of the game lives here, the voyage's and the mutiny's alike, once. ``check_*``
functions never change the state: they return the rules an event breaks, as
:class:`Violation` records. ``apply_*`` functions carry out any event that is physically
possible, legal or not, so that a replay follows the game as it was actually played. What the
engine offers as legal is built from the same functions (:func:`lifeboat_cards`,
:func:`gain_options`, :func:`playable`, :func:`reveal_options`, :func:`steal_victims`), so
that every event it offers passes the checks.

Rulings followed: M2 (the row), M3 (Satè), M4 (the ship), M5 (storms), M6 (triggers, empty
supplies), M7 (undeclared facts are not checked), M8 (duels), M9 and M12 (monkey coins), M10
(the winner), M11 (Bijoux's change). Pirate cards are numbers (:data:`model.PIRATES`), ``-1``
for a card the log does not name; combat and gold cards are kinds, ``-1`` for an unseen card;
in a combat round, :data:`MONKEY` for the monkey.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from cartlog.core import cards
from cartlog.core.findings import Violation
from cartlog.games.mutiny.model import (
    BIJOUX,
    CAMBIVALUTE,
    CHANGYE,
    COMBAT,
    CRACKPOTT,
    DEAL,
    DIAZ,
    GHOST,
    GOLD,
    MUTINY,
    NERO,
    NPIRATES,
    OJO,
    OVER,
    PAIRS,
    PANG,
    PIRATE_TITLES,
    SATE,
    SHIP,
    SIDE_NAMES,
    TEMBO,
    TURN,
    VALVERDE,
    WESSELJAN,
    Deck,
    State,
    combat_side,
    combat_value,
    heap_text,
)

FACEDOWN: Final = -1  # a row slot not yet turned
NO_LIFEBOAT: Final = -2  # a round line's ``lifeboat -``: no card moved to the lifeboat (M5)
UNNAMED: Final = -2  # a row slot turned, the card not named by the log
EXCHANGE_MAX: Final = 3  # Wessel-Jan, Dean Nero: 0 to 3 (003 'Actions of the pirate cards')


@dataclass
class Effect:
    """What a turn's card did, as far as the log says (see :class:`events.Turn`)."""

    combat: list[int]
    under: list[int]
    gold: list[int]
    coins: int | None = None
    victim: int | None = None  # a seat; -1 a name that is no player
    conviction: str | None = None
    side: str | None = None  # V / D
    look: str | None = None
    pair: str | None = None
    values: tuple[int, ...] = ()
    swap: bool = False

    @staticmethod
    def none() -> Effect:
        return Effect([], [], [])

    def given(self) -> bool:
        """Whether the log filled in any effect field (``bool(self.fields())``)."""
        return bool(self.combat or self.under or self.gold or self.values or self.swap
                    or self.coins is not None or self.victim is not None
                    or self.conviction is not None or self.side is not None
                    or self.look is not None or self.pair is not None)

    def fields(self) -> list[str]:
        """The effect fields the log filled in."""
        out = []
        if self.combat:
            out.append("combat")
        if self.under:
            out.append("under")
        if self.gold:
            out.append("gold")
        if self.values:
            out.append("values")
        if self.coins is not None:
            out.append("coins")
        if self.victim is not None:
            out.append("victim")
        if self.conviction is not None:
            out.append("conviction")
        if self.side is not None:
            out.append("side")
        if self.look is not None:
            out.append("look")
        if self.pair is not None:
            out.append("pair")
        if self.swap:
            out.append("swap")
        return out


# What each card may show in a log (003 'Actions of the pirate cards').
ALLOWED: Final[dict[int, frozenset[str]]] = {
    VALVERDE: frozenset({"gold", "coins"}),
    DIAZ: frozenset({"gold", "combat"}),
    CRACKPOTT: frozenset({"combat"}),
    TEMBO: frozenset({"combat"}),
    WESSELJAN: frozenset({"combat", "under"}),
    NERO: frozenset({"combat", "under", "coins"}),
    PANG: frozenset({"combat", "coins"}),
    CHANGYE: frozenset({"victim", "coins"}),
    SATE: frozenset({"coins"}),
    BIJOUX: frozenset({"conviction", "side"}),
    OJO: frozenset({"conviction", "side", "look"}),
    CAMBIVALUTE: frozenset({"pair", "values", "look", "swap"}),
    GHOST: frozenset(),
}


def title(card: int) -> str:
    return PIRATE_TITLES[card] if 0 <= card < len(PIRATE_TITLES) else "an unnamed card"


# -- queries --------------------------------------------------------------------------------------


def next_seat(state: State, seat: int) -> int:
    return (seat + 1) % state.players


def next_to_play(state: State) -> int:
    """M2, 003 'A: The voyage': the giver plays first, then the others clockwise, each once a
    round: the next to play is the first in that order who has used no card this round, so a
    player passed over by a turn out of order still plays next (the giver once all have)."""
    for k in range(state.players):
        seat = (state.giver + k) % state.players
        if state.used[seat] is None:
            return seat
    return state.giver


def open_slots(state: State) -> list[int]:
    """M2: the row's slots a player may take without turning: face up and not yet used."""
    return [i for i, c in enumerate(state.row) if c != FACEDOWN and not state.taken[i]]


def first_facedown(state: State) -> int:
    try:
        return state.row.index(FACEDOWN)
    except ValueError:  # every slot turned
        return len(state.row)


def sate_pay(state: State) -> int:
    """M3: 1 coin plus 1 per player who had Satè open this round and passed it, as far as the
    supply goes (M6)."""
    return min(1 + state.bounty, state.supply)


def ship_move(state: State) -> int:
    """M4: one space per card still face down in the row."""
    return state.facedown()


def ship_after(state: State, move: int) -> int | None:
    """M4, M6: the ship's space after a move of ``move``: never past the mutiny space, which
    ends the track (003 'Mutiny'); ``None`` when the ship's space is not declared (M7)."""
    if state.ship is None:
        return None
    space = state.track.mutiny_space()
    at = state.ship + move
    return at if space is None or at < space else max(space, state.ship)


def storm_reached(state: State, move: int) -> bool | None:
    """M5: whether a move of ``move`` from the ship's space reaches or passes a storm space;
    ``None`` when the track or the ship's start is not declared (M7)."""
    storms = state.track.storms
    if storms is None or state.ship is None:
        return None
    return any(state.ship < s <= state.ship + move for s in storms)


def trigger(state: State) -> str | None:
    """M6: why the voyage ends after the round just closed, the first of :func:`triggers`."""
    found = triggers(state)
    return found[0] if found else None


def triggers(state: State) -> list[str]:
    """M6: every reason the voyage ends after the round just closed: ``track`` (the ship on
    the declared mutiny space), ``combat``, ``gold`` or ``coins`` (that supply used up during
    the round, even if cards or coins went back to it later in the round). Several may hold
    at once; a log may give any of them."""
    out: list[str] = []
    space = state.track.mutiny_space()
    if space is not None and state.ship is not None and state.ship >= space:
        out.append("track")
    out.extend(state.emptied)
    for name, left in (("combat", state.combat.deck.count), ("gold", state.gold.deck.count),
                       ("coins", state.supply)):
        if left == 0 and name not in out:
            out.append(name)
    return out


def not_checked(state: State) -> list[str]:
    """M7: the checks the declared facts leave out."""
    t, out = state.track, []
    if t.storms is None or state.ship is None:
        out.append("storms (M5): storm spaces or the ship's start space not declared")
    if t.mutiny_space() is None or state.ship is None:
        out.append("the mutiny space (M6): track length or mutiny space not declared")
    if state.ship is None:
        out.append("the ship's space (M4): start space for "
                   f"{state.players} players not declared")
    if not state.combat.declared:
        out.append("combat cards drawn against the split by colour and value: not declared")
    if not state.gold.declared:
        out.append("gold cards drawn against the split by value: not declared")
    return out + reveal_unchecked(state) + gold_unchecked(state)


def reveal_unchecked(state: State) -> list[str]:
    """M10: a side revealed for a conviction card the log never saw set (a table's or a
    seat's view, a side left out) is taken as written: nothing known can contradict it."""
    if state.revealed is None:
        return []
    return [f"{colour}'s conviction revealed as {SIDE_NAMES[side]}: the log never saw the "
            "side set, so the reveal is taken as written"
            for colour, known, side in zip(state.colours, state.side, state.revealed)
            if known is None and side is not None]


# -- a new round -----------------------------------------------------------------------------------


def check_round_number(state: State, number: int | None) -> list[Violation]:
    """The number a round line gives is the round's place in the voyage (docs/notation.md,
    part 3): checked by the engine, so that the recorder warns of it as the audit does."""
    want = state.round + 1
    if number is None or number == want:
        return []
    return [Violation("row/number", f"this is round {want}", str(want), str(number))]


def check_round(state: State, giver: int | None, lifeboat: int | None) -> list[Violation]:
    """A round opens: the voyage still on (M6), the giver the left neighbour of the last one,
    a card moved to the lifeboat exactly when a storm is due, from the pile of used cards
    (M5): a card not named is unknown (``storm/missing``, a warning), ``lifeboat -`` says
    that none moved (``storm/no-card``, an error)."""
    out: list[Violation] = []
    if not state.closed:
        left = [state.colours[s] for s, u in enumerate(state.used) if u is None]
        if left:
            out.append(Violation("row/unfinished", f"{', '.join(left)} used no card in round "
                                 f"{state.round}"))
        state = state.copy()
        apply_ship(state)
    if state.trigger is not None:
        out.append(Violation("voyage/over", f"the voyage ended ({state.trigger}); no round "
                             "follows a mutiny trigger", "mutiny", "round"))
    if giver is not None and giver != state.giver:
        out.append(Violation("row/giver", f"the giver is {state.colours[giver]}",
                             state.colours[state.giver], state.colours[giver]))
    due = state.storm
    if lifeboat == NO_LIFEBOAT:  # the log says no card was moved
        if due:
            out.append(Violation("storm/no-card", "the ship reached a storm space: a card goes "
                                 "to the lifeboat before the row (M5), and the log says none "
                                 "did", "lifeboat CARD", "lifeboat -"))
        return out
    if lifeboat is not None and not due:
        if state.track.storms is not None and state.ship is not None:
            out.append(Violation("storm/unexpected", "a card is moved to the lifeboat, but "
                                 "the ship reached no storm space", "no lifeboat card",
                                 title(lifeboat)))
    elif lifeboat is None and due:
        out.append(Violation("storm/missing", "the ship reached a storm space: a card goes to "
                             "the lifeboat before the row (an unnamed card is assumed)",
                             "lifeboat CARD", "none"))
    if lifeboat is not None:
        out += check_lifeboat(state, lifeboat)
    return out


def check_lifeboat(state: State, card: int) -> list[Violation]:
    """M5: the card a storm moves to the lifeboat comes from the pile of used cards: not the
    card in the lifeboat already, nor one lying face up and unused in the row. Each round the
    giver shuffles all pirate cards (003 'A: The voyage'), so the pile at a storm holds the
    cards used in the round just played: when the log names each of them, a card that is none
    of them is refused too (``-1``, a card not named, is never refused)."""
    if card >= 0 and card == state.lifeboat:
        return [Violation("row/duplicate", f"{title(card)} is already in the lifeboat")]
    if card in lying_unused(state):
        return [Violation("storm/lifeboat-card", f"{title(card)} lies face up in the row, "
                          "unused: the lifeboat card comes from the pile of used cards",
                          "a card used this round or not laid out", title(card))]
    if card >= 0 and card not in state.used and all(
            u is not None and u >= 0 for u in state.used):
        used = ", ".join(title(u) for u in state.used if u is not None)
        return [Violation("storm/lifeboat-card", f"{title(card)} was not used in round "
                          f"{state.round}: the lifeboat card comes from the pile of the "
                          "round's used cards", used, title(card))]
    return []


def lifeboat_cards(state: State) -> list[int]:
    """M5: the cards the giver may move to the lifeboat when a storm is due (those
    :func:`check_lifeboat` lets pass)."""
    return [c for c in range(NPIRATES) if not check_lifeboat(state, c)]


def lying_unused(state: State) -> list[int]:
    """M5: the cards turned face up in the row and used by nobody this round: they lie in the
    row, not in the pile of used cards a storm's lifeboat card is taken from."""
    return [c for c, used in zip(state.row, state.taken) if c >= 0 and not used]


def apply_round(state: State, giver: int | None, lifeboat: int | None) -> None:
    """The giver shuffles the cards in play and lays out players + 3 (003 'A: The voyage')."""
    if not state.closed:
        apply_ship(state)
    # A giver written other than the left neighbour (row/giver) is taken as a slip of the pen:
    # the round goes on from the giver the rules give, and the turns follow who played.
    if lifeboat is None and state.storm:
        lifeboat = FACEDOWN  # a card not named: one went, unseen (M5)
    if lifeboat is not None and lifeboat != NO_LIFEBOAT:  # as played: none moved with "-"
        state.lifeboat = lifeboat  # the card there before returns to the pile (M5)
    state.storm = False
    n = state.players
    state.round += 1
    state.row = [FACEDOWN] * (n + 3)
    state.taken = [False] * (n + 3)
    state.used = [None] * n
    state.turn = state.giver
    state.bounty = 0
    state.emptied = ()
    state.pile = state.in_play() - (n + 3)
    state.phase = TURN
    state.closed = False


# -- a turn (M2) -------------------------------------------------------------------------------------


def check_turn(state: State, seat: int, turned: Sequence[int], card: int | None,
               effect: Effect) -> list[Violation]:
    """M2: the cards turned and the card used; then the card's action."""
    out: list[Violation] = []
    who = state.colours[seat]
    if state.phase != TURN:
        why = {DEAL: "with no row laid out", SHIP: "after every player used a card this round"}
        out.append(Violation("row/out-of-turn", f"{who} plays "
                             + why.get(state.phase, "after the voyage"), "round", "turn"))
        return out
    if seat != state.turn:
        out.append(Violation("row/out-of-turn", f"it is {state.colours[state.turn]}'s turn",
                             state.colours[state.turn], who))
    if state.used[seat] is not None:
        out.append(Violation("row/out-of-turn", f"{who} already used a card this round"))
    down = state.facedown()
    if len(turned) > down:
        out.append(Violation("row/overrun", f"{len(turned)} cards turned, {down} face down",
                             str(down), str(len(turned))))
    seen = {c for c in state.row if c >= 0}
    if state.lifeboat is not None and state.lifeboat >= 0:
        seen.add(state.lifeboat)
    for c in turned:
        if c >= 0:
            if c in seen:
                out.append(Violation("row/duplicate", f"{title(c)} cannot lie face down: it is "
                                     "already in the row or in the lifeboat"))
            seen.add(c)
    if GHOST in turned[:-1]:
        out.append(Violation("row/ghost", "the Ghost ends the turn: no card is turned after "
                             "it", "Ghost", "more cards"))
    out += _check_used(state, turned, card, down)
    used = card if card is not None else (GHOST if turned and turned[-1] == GHOST else None)
    if used is not None and used >= 0:
        out += check_effect(state, seat, used, effect)
    return out


def _check_used(state: State, turned: Sequence[int], card: int | None,
               down: int) -> list[Violation]:
    """M2: the card used is open to the player: once a card is turned only it is (the last
    card of the row, once turned, must be used; the Ghost counts as the card used); without
    turning, a card lying face up and unused."""
    if not turned:
        return _check_taken(state, card)
    out: list[Violation] = []
    last = turned[-1]
    if card is None:
        if last != GHOST:
            if len(turned) >= down:
                out.append(Violation("row/last-card", f"{title(last)} is the last card of "
                                     "the row: it must be used", title(last), "no card"))
            else:
                out.append(Violation("row/not-open", "the turn ends with no card used",
                                     title(last), "no card"))
    elif last == GHOST and card != GHOST:
        out.append(Violation("row/ghost", "the Ghost was turned: it counts as the card "
                             "used, the turn ends", "Ghost", title(card)))
    elif card >= 0 and last >= 0 and card != last and len(turned) >= down:
        out.append(Violation("row/last-card", f"{title(last)} is the last card of the row: "
                             "once turned it must be used", title(last), title(card)))
    elif card >= 0 and last >= 0 and card != last:
        out.append(Violation("row/not-open", f"{title(card)} is not open: once a card is "
                             "turned only it may be used", title(last), title(card)))
    return out


def _check_taken(state: State, card: int | None) -> list[Violation]:
    """M2: a card used without turning lies face up and unused in the row."""
    out: list[Violation] = []
    slots = open_slots(state)
    if card is None:
        out.append(Violation("row/not-open", "the turn uses no card and turns none",
                             "a card", "no card"))
    elif not slots:
        out.append(Violation("row/not-open", f"{title(card)} is not face up in the row: "
                             "a card must be turned", "a card turned", title(card)))
    elif card >= 0 and card not in [state.row[i] for i in slots] and \
            UNNAMED not in [state.row[i] for i in slots]:
        out.append(Violation("row/not-open", f"{title(card)} is not face up and unused in "
                             "the row", ", ".join(title(state.row[i]) for i in slots),
                             title(card)))
    return out


def _gain_check(deck: Deck, got: Sequence[int], want: int, what: str,
                code_short: str = "action/effect") -> list[Violation]:
    """A gain of ``len(got)`` cards where the rule gives ``want`` from ``deck`` (M6)."""
    can = min(want, deck.deck.count)
    if len(got) == can:
        return _impossible(deck, got, what)
    if len(got) > can and can < want:
        return [Violation("supply/empty", f"the {what} pile holds {deck.deck.count}: an "
                          "empty supply gives nothing", str(can), str(len(got)))]
    return [Violation(code_short, f"{len(got)} {what} card(s) gained", str(can), str(len(got)))]


def complete(state: State, seat: int, card: int, e: Effect) -> tuple[Effect, list[str]]:
    """``e`` with the parts of ``card``'s action that the rules fix and the log left out read
    as the rules give them, and those parts as they would be written (``+C?``, ``-1``).

    An effect is written whole or left out whole (left out, :func:`apply_effect` assumes the
    card's action). Written in part, each part the rules fix follows from what is written:
    Captain Valverde's gold card (unseen) and coin, Crackpott's and Tembo's cards (unseen),
    Wessel-Jan's other side of the exchange (unseen cards), Dean Nero's coins (one per card,
    003 'Actions of the pirate cards') or, with only coins written, its cards (unseen). A part
    the supply cannot give is not due (M6). Other cards leave a choice: nothing follows."""
    if not e.given():
        return e, []
    combat, under, gold, coins = list(e.combat), list(e.under), list(e.gold), e.coins
    added: list[str] = []
    if card == VALVERDE:
        if not gold and state.gold.deck.count:
            gold.append(FACEDOWN)
            added.append("+$?")
        if coins is None and state.supply:
            coins = 1
            added.append("+1")
    elif card in (CRACKPOTT, TEMBO):
        short = min(2 if card == CRACKPOTT else 1, state.combat.deck.count) - len(combat)
        if 0 < short:
            combat += [FACEDOWN] * short
            added += ["+C?"] * short
    elif card == WESSELJAN:
        if len(under) < len(combat) <= EXCHANGE_MAX:
            added += ["-C?"] * (len(combat) - len(under))
            under += [FACEDOWN] * (len(combat) - len(under))
        elif len(combat) < len(under) <= EXCHANGE_MAX:
            added += ["+C?"] * (len(under) - len(combat))
            combat += [FACEDOWN] * (len(under) - len(combat))
    elif card == NERO and not (under and combat):
        if coins is None and (under or combat):
            coins = min(len(under), state.supply) if under else -len(combat)
            added.append(f"{coins:+d}")
        elif coins and not (under or combat) and abs(coins) <= EXCHANGE_MAX:
            if coins > 0:
                under = [FACEDOWN] * coins
                added += ["-C?"] * coins
            else:
                combat = [FACEDOWN] * -coins
                added += ["+C?"] * -coins
    if not added:
        return e, []
    return Effect(combat, under, gold, coins, e.victim, e.conviction, e.side, e.look, e.pair,
                  e.values, e.swap), added


def _impossible(deck: Deck, got: Sequence[int], what: str) -> list[Violation]:
    """M7: the named cards of a draw that the declared split cannot still hold."""
    out: list[Violation] = []
    if deck.declared and got:
        for bad in cards.impossible_draws(deck, deck.totals, list(got)):
            out.append(Violation("supply/impossible", f"the {what} pile cannot still hold "
                                 f"this card ({bad.known} of its kind are known outside)"))
    return out


def check_effect(state: State, seat: int, card: int, e: Effect) -> list[Violation]:
    """The action of ``card`` (003 'Actions of the pirate cards') against what the log says;
    a part left out is an error, once, and is read as :func:`complete` reads it."""
    out: list[Violation] = []
    e, added = complete(state, seat, card, e)
    if added:
        out.append(Violation("action/half-written", f"{title(card)}'s action is written in "
                             f"part: the rest is read as {' '.join(added)}",
                             " ".join(added)))
    given = e.fields()
    extra = [f for f in given if f not in ALLOWED[card]]
    if extra:
        out.append(Violation("action/effect", f"{title(card)} gives no {', '.join(extra)}",
                             None, ", ".join(extra)))
    if not given:
        if gain_options(state, card):
            out.append(Violation("action/unrecorded", f"{title(card)}: the log does not say "
                                 "which was taken; nothing is assumed"))
        return out
    if card in (VALVERDE, DIAZ, CRACKPOTT, TEMBO, PANG):
        out += _check_draws(state, card, e)
    elif card in (WESSELJAN, NERO):
        out += _check_exchange(state, seat, card, e)
    elif card in (CHANGYE, SATE):
        out += _check_coins(state, seat, card, e)
    elif card in (BIJOUX, OJO):
        out += _check_conviction(state, seat, card, e)
    elif card == CAMBIVALUTE:
        out += _check_pair(state, e)
    return out


def _check_draws(state: State, card: int, e: Effect) -> list[Violation]:
    """Captain Valverde (a gold card and a coin), Ramon Diaz (a gold or a combat card),
    Crackpott (two combat cards), Tembo (one), Pang (a combat card or a coin): 003 'Actions of
    the pirate cards'; an empty supply gives nothing (M6)."""
    out: list[Violation] = []
    coins = e.coins
    if card == VALVERDE:
        if e.gold:
            out += _gain_check(state.gold, e.gold, 1, "gold")
        if coins is not None and coins != min(1, state.supply):
            out.append(_coins(state, coins, 1, "action/effect",
                              f"{title(card)} gives 1 coin while the supply has one"))
    elif card == DIAZ:
        if len(e.gold) + len(e.combat) > 1:
            out.append(Violation("action/effect", "Ramon Diaz: one card, gold or combat",
                                 "1", str(len(e.gold) + len(e.combat))))
        elif e.gold:
            out += _gain_check(state.gold, e.gold, 1, "gold")
        elif e.combat:
            out += _gain_check(state.combat, e.combat, 1, "combat")
    elif card in (CRACKPOTT, TEMBO):
        out += _gain_check(state.combat, e.combat, 2 if card == CRACKPOTT else 1, "combat")
    elif card == PANG:
        if e.combat and coins:
            out.append(Violation("action/effect", "Pang: a combat card or a coin, not both"))
        elif e.combat:
            out += _gain_check(state.combat, e.combat, 1, "combat")
        elif coins is not None and coins != min(1, state.supply):
            out.append(_coins(state, coins, 1, "action/effect", "Pang: one coin"))
    return out


def _check_exchange(state: State, seat: int, card: int, e: Effect) -> list[Violation]:
    """Wessel-Jan (0 to 3 combat cards under the pile, as many drawn) and Dean Nero
    (combat cards for coins or coins for combat cards, 0 to 3, one for one): 003 'Actions of the
    pirate cards'."""
    out: list[Violation] = []
    coins = e.coins
    if card == WESSELJAN:
        if len(e.under) > EXCHANGE_MAX or len(e.under) != len(e.combat):
            out.append(Violation("action/limit", "Wessel-Jan: 0 to 3 cards under the pile, "
                                 "as many drawn", f"{len(e.under)} drawn",
                                 f"{len(e.under)} under, {len(e.combat)} drawn"))
        out += _held(state, seat, e.under)
        if len(e.combat) <= state.combat.deck.count:  # drawn from above the cards put under
            out += _impossible(state.combat, e.combat, "combat")
    elif card == NERO:
        if e.under and e.combat:
            out.append(Violation("action/effect", "Dean Nero trades one way: combat cards for "
                                 "coins or coins for combat cards"))
        k = len(e.under) or len(e.combat)
        if k > EXCHANGE_MAX:
            out.append(Violation("action/limit", "Dean Nero: 0 to 3 traded", "at most 3",
                                 str(k)))
        if e.under:
            out += _held(state, seat, e.under)
            if coins is not None and coins != min(len(e.under), state.supply):
                out.append(_coins(state, coins, len(e.under), "action/limit",
                                  "Dean Nero: one coin per combat card given up"))
        elif e.combat:
            if coins is not None and -coins != len(e.combat):
                out.append(Violation("action/limit", "Dean Nero: one coin paid per combat card",
                                     str(-len(e.combat)), str(coins)))
            if len(e.combat) > state.coins[seat]:
                out.append(Violation("action/not-held", f"{state.colours[seat]} has "
                                     f"{state.coins[seat]} coin(s)", str(state.coins[seat]),
                                     str(len(e.combat))))
            out += _gain_check(state.combat, e.combat, len(e.combat), "combat")
        elif coins:
            out.append(Violation("action/limit", "Dean Nero: coins trade for combat cards one "
                                 "for one", "as many cards as coins", str(coins)))
    return out


def _check_coins(state: State, seat: int, card: int, e: Effect) -> list[Violation]:
    """Chang Ye (a coin from another player who has one) and Satè (M3): 003 'Actions of
    the pirate cards'."""
    out: list[Violation] = []
    coins = e.coins
    if card == CHANGYE:
        v = e.victim
        if v is not None and (v < 0 or v == seat or state.coins[v] == 0):
            out.append(Violation("action/no-coin", "Chang Ye steals a coin from another "
                                 "player who has one", None,
                                 state.colours[v] if v >= 0 else "no player",
                                 seat=v if v >= 0 else None))
        if coins is not None and coins != (1 if v is not None else 0):
            out.append(Violation("action/effect", "Chang Ye: one coin from the victim",
                                 "1" if v is not None else "0", str(coins)))
    elif card == SATE:
        if coins is not None and coins != sate_pay(state):
            code = "supply/empty" if coins > state.supply else "action/sate"
            out.append(Violation(code, f"Satè pays 1 + {state.bounty} (players who passed it), "
                                 f"the supply holds {state.supply}", str(sate_pay(state)),
                                 str(coins)))
    return out


def _check_conviction(state: State, seat: int, card: int, e: Effect) -> list[Violation]:
    """Bijoux and Ojo: a conviction set, changed (M11) or looked at, as the card's two
    cases allow (003 'Actions of the pirate cards')."""
    out: list[Violation] = []
    had = state.conviction[seat]
    c = e.conviction
    if not had and c not in (None, "set"):
        out.append(Violation("action/conviction", f"{title(card)}: no conviction set yet, "
                             "it can only be set", "set", c))
    if had and card == OJO and c is not None:
        out.append(Violation("action/conviction", "Ojo with a conviction set looks at "
                             "another player's; it changes nothing", "look", c))
    if had and card == BIJOUX and c == "set":
        out.append(Violation("action/conviction", "Bijoux: the conviction is set already; "
                             "change or bluff", "change/bluff", "set"))
    if e.look is not None:
        target = state.seat(e.look)
        if card == OJO and not had:
            out.append(Violation("action/conviction", "Ojo looks only when the player's "
                                 "own conviction is set", "set", "look"))
        elif target is None or target == seat or not state.conviction[target]:
            out.append(Violation("action/conviction", "Ojo looks at another player's "
                                 "conviction card, which must lie under the board", None,
                                 e.look))
    return out


def _check_pair(state: State, e: Effect) -> list[Violation]:
    """Cambivalute: the pairs placed A to E, then a pair looked at (and swapped); two
    sailors of distinct values not placed before (003 'Actions of the pirate cards', M8)."""
    out: list[Violation] = []
    if state.placed < len(PAIRS):
        want = PAIRS[state.placed]
        if e.look is not None or e.swap:
            out.append(Violation("action/pair", "Cambivalute looks at a pair only once "
                                 "all five are placed", f"pair {want}", "look"))
        if e.pair is not None and e.pair != want:
            out.append(Violation("action/pair", "pairs are placed in the order A-E",
                                 want, e.pair))
    else:
        if e.pair is not None:
            out.append(Violation("action/pair", "all five pairs are placed already",
                                 "look", f"pair {e.pair}"))
    if e.look is not None and e.look not in tuple(PAIRS):
        out.append(Violation("action/pair", "Cambivalute looks at a duel pair", "A to E",
                             e.look))
    if e.values:
        seen = {v for p in state.pairs if p for v in p if v}
        if len(e.values) != 2 or len(set(e.values)) != 2 or (
                e.pair is not None and seen & set(e.values)):
            out.append(Violation("action/pair", "two sailors of distinct values not placed "
                                 "before", None, "-".join(map(str, e.values))))
    return out


def gain_options(state: State, card: int) -> list[str]:
    """The choice Ramon Diaz (a gold or a combat card) and Pang (a combat card or a coin) leave
    to the player, which the log records (003 'Actions of the pirate cards'): the effect fields
    naming each gain whose supply is not used up (M6: an empty supply gives nothing, so it is
    no choice). Empty for the other cards."""
    if card == DIAZ:
        offer = (("gold", state.gold.deck.count), ("combat", state.combat.deck.count))
    elif card == PANG:
        offer = (("combat", state.combat.deck.count), ("coins", state.supply))
    else:
        return []
    return [name for name, left in offer if left > 0]


def _coins(state: State, coins: int, want: int, code: str, rule: str) -> Violation:
    """A coin gain other than the rule's ``want``: ``supply/empty`` when the supply cannot
    pay what is written (M6: an empty supply gives nothing), else ``code``."""
    can = min(want, state.supply)
    if coins > state.supply:
        return Violation("supply/empty", f"the coin supply holds {state.supply} and gives "
                         f"no more (M6); {rule}", str(can), str(coins))
    return Violation(code, rule, str(can), str(coins))


def _held(state: State, seat: int, given: Sequence[int]) -> list[Violation]:
    hand = state.hands[seat]
    if len(given) > sum(hand):
        return [Violation("action/not-held", f"{state.colours[seat]} holds {sum(hand)} "
                          "combat card(s)", str(sum(hand)), str(len(given)))]
    named = [k for k in given if k >= 0]
    for k in set(named):
        if named.count(k) > hand[k] + hand[-1]:
            return [Violation("action/not-held", f"{state.colours[seat]} does not hold "
                              f"{named.count(k)} {COMBAT[k]}")]
    return []


def apply_turn(state: State, seat: int, turned: Sequence[int], card: int | None,
               effect: Effect) -> None:
    """The cards turned stay face up; the card used leaves the row for the next giver's pile
    (M2); its action is carried out; Satè's bounty grows if it was passed (M3)."""
    i = first_facedown(state)
    slot = -1
    for c in turned:
        if i < len(state.row):
            state.row[i] = c if c >= 0 else UNNAMED
            slot = i
            i += 1
    used = card if card is not None else (GHOST if turned and turned[-1] == GHOST else None)
    if not turned or (used is not None and used >= 0 and slot >= 0
                      and state.row[slot] not in (used, UNNAMED)):
        # the slot of the card used; a card the log does not name, a turned card it did not
        # name either, else any card open
        unnamed = used is not None and used < 0
        slot = -1
        for j in open_slots(state):
            if state.row[j] == used or (unnamed and state.row[j] == UNNAMED):
                slot = j
                break
        else:
            for j in open_slots(state):
                if state.row[j] == UNNAMED or unnamed:
                    slot = j
                    break
    if slot >= 0 and not state.taken[slot]:
        state.taken[slot] = True
        state.pile += 1
    state.used[seat] = used if used is not None else UNNAMED
    if used is not None and used >= 0:
        apply_effect(state, seat, used, effect)
    note_empty(state)
    if used != SATE and SATE in state.row and any(
            c == SATE and not state.taken[j] for j, c in enumerate(state.row)):
        state.bounty += 1
    state.turn = next_to_play(state)
    if all(u is not None for u in state.used):
        state.phase = SHIP


def note_empty(state: State) -> None:
    """M6: remember every supply used up during the round, in the order they ran out."""
    if not (state.combat.deck.count and state.gold.deck.count and state.supply):
        for name, left in (("combat", state.combat.deck.count), ("gold", state.gold.deck.count),
                           ("coins", state.supply)):
            if left == 0 and name not in state.emptied:
                state.emptied = state.emptied + (name,)


def _gain(deck: Deck, heap: list[int], got: Sequence[int], want: int) -> None:
    for k in list(got) or [FACEDOWN] * want:
        if cards.take(deck, deck.totals, heap, k) == cards.NO_CARD:
            break  # M6: an empty supply gives nothing


def apply_effect(state: State, seat: int, card: int, e: Effect) -> None:
    """Carry out ``card``'s action; what the log leaves out is assumed where the rules leave
    no choice (package docstring, readings of our own), or as :func:`complete` reads a part."""
    e = complete(state, seat, card, e)[0]
    hand, golds = state.hands[seat], state.golds[seat]

    def coins_in(n: int) -> None:
        n = max(0, min(n, state.supply))
        state.supply -= n
        state.coins[seat] += n

    if card == VALVERDE:
        _gain(state.gold, golds, e.gold, 1)
        coins_in(1 if e.coins is None else e.coins)
    elif card == DIAZ:
        if e.gold:
            _gain(state.gold, golds, e.gold[:1], 1)
        elif e.combat:
            _gain(state.combat, hand, e.combat[:1], 1)
    elif card in (CRACKPOTT, TEMBO):
        _gain(state.combat, hand, e.combat, 2 if card == CRACKPOTT else 1)
    elif card == WESSELJAN:
        k = 0
        for c in e.under:
            k += cards.put_under(state.combat, state.combat.totals, hand, c)
        _gain(state.combat, hand, e.combat, k)
    elif card == NERO:
        if e.under:
            k = 0
            for c in e.under:
                k += cards.put_under(state.combat, state.combat.totals, hand, c)
            coins_in(k if e.coins is None else min(e.coins, k))
        elif e.combat:
            # the coins paid as written (``-1``), or, unwritten, one a card while coins last;
            # the cards as written, whatever was paid for them
            k = min(len(e.combat), state.coins[seat])
            paid = k if e.coins is None else min(max(-e.coins, 0), state.coins[seat])
            state.coins[seat] -= paid
            state.supply += paid
            _gain(state.combat, hand, e.combat if e.coins is not None else e.combat[:k],
                  len(e.combat) if e.coins is not None else k)
    elif card == PANG:
        if e.combat:
            _gain(state.combat, hand, e.combat[:1], 1)
        elif e.coins:
            coins_in(1)
    elif card == CHANGYE:
        v = e.victim
        if v is not None and 0 <= v < state.players and v != seat and state.coins[v] > 0:
            state.coins[v] -= 1
            state.coins[seat] += 1
    elif card == SATE:
        coins_in(sate_pay(state) if e.coins is None else e.coins)
    elif card in (BIJOUX, OJO):
        _apply_conviction(state, seat, card, e)
    elif card == CAMBIVALUTE:
        _apply_pair(state, e)


def _apply_conviction(state: State, seat: int, card: int, e: Effect) -> None:
    """Bijoux and Ojo: a first conviction set (its side when the log knows it); Bijoux's
    change (or bluff, M11) or move of the card set."""
    had = state.conviction[seat]
    act = e.conviction or ("set" if not had else ("move" if card == BIJOUX else None))
    if act == "set" and not had:
        state.conviction[seat] = True
        state.side[seat] = e.side
    elif act == "change" and had:
        old = state.side[seat]
        state.side[seat] = e.side or ({"V": "D", "D": "V"}.get(old) if old else None)
    elif act == "move" and had:
        state.side[seat] = e.side


def _apply_pair(state: State, e: Effect) -> None:
    """Cambivalute: the next pair placed (its sailors when seen), or, all five placed, the
    pair looked at swapped when the log says so."""
    if state.placed < len(PAIRS) and (e.pair is not None or not e.given() or e.values):
        vals = e.values
        state.pairs[state.placed] = (vals[0], vals[1]) if len(vals) == 2 else (0, 0)
        state.placed += 1
    elif e.swap and e.look in tuple(PAIRS):
        p = state.pairs[PAIRS.index(e.look)]
        if p is not None:
            state.pairs[PAIRS.index(e.look)] = (p[1], p[0])


# -- the ship (M4, M5, M6) -------------------------------------------------------------------------


def check_ship(state: State, moved: int | None, at: int | None,
               storm: bool | None) -> list[Violation]:
    """The round closes: every player used a card, the ship's move and space as written."""
    out: list[Violation] = []
    if state.phase not in (TURN, SHIP) or state.closed:
        return [Violation("row/out-of-turn", "no round to close", "round", "ship")]
    left = [state.colours[s] for s, u in enumerate(state.used) if u is None]
    if left:
        out.append(Violation("row/unfinished", f"{', '.join(left)} used no card this round"))
    move = ship_move(state)
    if moved is not None and moved != move:
        out.append(Violation("ship/move", f"{move} card(s) are still face down in the row",
                             str(move), str(moved)))
    want, ship = ship_after(state, move), state.ship
    if at is not None and want is not None and ship is not None and at != want:
        out.append(Violation("ship/at", f"the ship is on space {ship} and moves {move}: the "
                             f"declared track puts it on space {want}, not {at}"
                             + (" (it stops at the mutiny space, the end of the track)"
                                if want != ship + move else ""),
                             str(want), str(at)))
    reached = storm_reached(state, move)
    if storm is not None and reached is not None and storm != reached:
        out.append(Violation("storm/unexpected" if storm else "storm/calm",
                             "a storm written with no storm space reached" if storm else
                             "the ship reached a storm space and the line says calm",
                             "storm" if reached else "calm", "storm" if storm else "calm"))
    return out


def apply_ship(state: State) -> None:
    """M4 move, M5 storm due, M6 trigger; the next giver is the left neighbour."""
    move = ship_move(state)
    reached = storm_reached(state, move)
    at = ship_after(state, move)
    if at is not None and state.ship is not None:
        move = at - state.ship
        state.ship = at
    state.moved += move
    if reached:
        state.storm = True
    state.closed = True
    state.giver = next_seat(state, state.giver)
    state.turn = state.giver
    state.trigger = trigger(state)
    state.phase = MUTINY if state.trigger else DEAL


def check_mutiny(state: State, reason: str | None) -> list[Violation]:
    """M6: the mutiny starts only when a trigger is met at a round's end."""
    st = state
    if not st.closed:
        st = state.copy()
        apply_ship(st)
    if st.trigger is None:
        space = st.track.mutiny_space()
        if space is None or st.ship is None:  # the track trigger cannot be ruled out (M7)
            return []
        return [Violation("voyage/early", "the ship has not reached the mutiny space and no "
                          "supply is used up", "another round", "mutiny")]
    found = triggers(st)
    if st.trigger not in found:  # as a position gave it
        found.insert(0, st.trigger)
    if reason is not None and reason not in found:
        return [Violation("voyage/early", f"the voyage ended by {' and '.join(found)}",
                          " or ".join(found), reason)]
    return []


def apply_mutiny(state: State) -> None:
    """M6: the voyage ends (the round closed if its ship line is missing); the mutiny starts."""
    if not state.closed:
        apply_ship(state)
    state.phase = MUTINY
    state.started = True
    if state.trigger is None:
        state.trigger = "recorded"


# -- the mutiny (M8, M9, M10) ------------------------------------------------------------------------


def duel_totals(valverde: int, diaz: int, played: Sequence[int]) -> tuple[int, int, int, int]:
    """Each side's total (sailor + its combat cards, M1) and its combat cards' sum."""
    cv = sum(combat_value(k) for k in played if k >= 0 and combat_side(k) == "V")
    cd = sum(combat_value(k) for k in played if k >= 0 and combat_side(k) == "D")
    return valverde + cv, diaz + cd, cv, cd


def duel_winner(valverde: int, diaz: int, played: Sequence[int]) -> str | None:
    """M8: the higher total wins; equal totals, the higher sum of combat cards; ``None``
    only if that is equal too (impossible with distinct sailors)."""
    tv, td, cv, cd = duel_totals(valverde, diaz, played)
    if tv != td:
        return "V" if tv > td else "D"
    if cv != cd:
        return "V" if cv > cd else "D"
    return None


def must_play_monkey(combat_cards: int) -> bool:
    """M8: a player with no combat card left must play the monkey."""
    return combat_cards == 0


def monkey_out_of_game(duel_round: int) -> bool:
    """M8: a monkey played in a duel's first round puts its player out of the game."""
    return duel_round == 1


def monkey_coin(duel_round: int, monkeys: int) -> str:
    """M9: what a monkey of this duel round brings: ``player`` (a lone monkey in round 2 takes
    a coin from an opponent), ``supply`` (several in round 2, each from the supply), ``none``."""
    if duel_round != 2 or monkeys == 0:
        return "none"
    return "player" if monkeys == 1 else "supply"


def refill_supply(supply: int, coins: list[int], needed: int) -> tuple[int, list[int]]:
    """M9 / 003 'Shortages' 2: a supply short of the coins the monkeys take is refilled by one
    coin from every player who has one."""
    if supply >= needed:
        return supply, coins
    back = [1 if c > 0 else 0 for c in coins]
    return supply + sum(back), [c - b for c, b in zip(coins, back)]


def gold_total(coins: int, golds: Sequence[int]) -> int | None:
    """M10: a player's gold, coins plus the gold cards' values; ``None`` while a gold card
    of the player is unseen."""
    if golds[-1]:
        return None
    return coins + sum((k + 1) * golds[k] for k in range(len(GOLD)))


def gold_bounds(coins: int, golds: Sequence[int]) -> tuple[int, int]:
    """M10: the least and the most a player's gold can be: the coins, the known gold cards'
    values, and each unseen gold card worth the least or the most a gold card is worth."""
    known = coins + sum((k + 1) * golds[k] for k in range(len(GOLD)))
    return known + golds[-1], known + len(GOLD) * golds[-1]


def gold_unchecked(state: State) -> list[str]:
    """M10: the gold counted for a player with unseen gold cards is checked only against its
    bounds (:func:`gold_bounds`)."""
    out = []
    for seat, n in sorted(state.counted.items()):
        g = state.golds[seat]
        if g[-1]:
            lo, hi = gold_bounds(state.coins[seat], g)
            out.append(f"the gold counted for {state.colours[seat]} ({n}) rests on {g[-1]} "
                       f"unseen gold card(s): checked only against what they may be worth "
                       f"({lo} to {hi} in all)")
    return out


def side_sum(hand: Sequence[int], side: str) -> int:
    """M10's last tie-break: the values of the known combat cards in ``side``'s colour."""
    return sum(combat_value(k) * hand[k] for k in range(len(COMBAT)) if combat_side(k) == side)


def mutiny_winner(wins: dict[str, int]) -> str | None:
    """003 'Mutiny victory': the first side with three duels."""
    for side in ("V", "D"):
        if wins.get(side, 0) >= 3:
            return side
    return None


def winners(sides: Sequence[str | None], out: Sequence[bool], side: str,
            gold: Sequence[int], colour_sum: Sequence[int]) -> list[int]:
    """M10: the seats that win. ``sides`` each seat's conviction (``None``: none set, out of
    the mutiny), ``out`` seats out of the game (M8), ``gold`` coins + gold-card values,
    ``colour_sum`` the remaining combat cards in the winning side's colour."""
    able = [s for s, sd in enumerate(sides) if sd == side and not out[s]]
    if len(able) <= 1:
        return able
    best = max(gold[s] for s in able)
    able = [s for s in able if gold[s] == best]
    if len(able) > 1:
        top = max(colour_sum[s] for s in able)
        able = [s for s in able if colour_sum[s] == top]
    return able


# -- the duels, step by step (M8, M9, M10) -----------------------------------------------------------

MONKEY: Final = -2  # the monkey shown in a combat round (combat cards are kinds 0-5, -1 unseen)
SIDE_OF_NAME: Final = {"valverde": "V", "diaz": "D"}


def combat_name(card: int) -> str:
    """A card of a combat round as the log writes it: ``P1``-``G3``, ``?`` or ``monkey``."""
    if card == MONKEY:
        return "monkey"
    return COMBAT[card] if card >= 0 else "?"


def mutiny_step(state: State) -> str:
    """What the mutiny expects next (the voyage over): ``mutiny`` (its line, M6), ``duel`` (the
    next pair, A-E), ``steal`` (a monkey's coin, M9), ``fight`` (a combat round, M8), ``won``
    (every player in the duel has played the monkey, M8), ``reveal`` (a side has three duels,
    003 'Mutiny victory', M10, or a log that skipped pairs has none left)."""
    if not state.started:
        return "mutiny"
    if not state.in_duel:
        done = mutiny_winner(state.wins) is not None or state.duel + 1 >= len(PAIRS)
        return "reveal" if done else "duel"
    if pending_steals(state):
        return "steal"
    return "fight" if still_in(state) else "won"


def pair_values(state: State, pair: int) -> tuple[int, int] | None:
    """M8: the sailors of a pair (Valverde's first), as declared or seen by Cambivalute."""
    known = state.sailors_known.get(pair)
    if known is not None:
        return known
    seen = state.pairs[pair]
    return seen if seen is not None and seen != (0, 0) else None


def in_mutiny(state: State) -> list[int]:
    """003 'Exclusion': the seats that set a conviction take part in the mutiny."""
    return [i for i in range(state.players) if state.conviction[i]]


def takes_part(state: State, seat: int) -> bool:
    """003 'Exclusion', M8: whether a player may still show a card in the duel: one who set a
    conviction and has not played the monkey in it."""
    return bool(state.conviction[seat]) and not state.withdrawn[seat]


def still_in(state: State) -> list[int]:
    """The seats still in the current duel: in the mutiny, no monkey played yet (M8)."""
    return [i for i in range(state.players) if takes_part(state, i)]


def pending_steals(state: State) -> list[int]:
    """M9, M12: the monkeys of a duel's second round whose coin is still to be taken: a lone
    monkey's when an opponent has a coin; several monkeys' while the supply (refilled once from
    every player, 003 'Shortages' 2) holds coins."""
    if state.duel_round != 2 or not state.monkeys:
        return []
    due = [m for m in state.monkeys if not state.stolen[m]]
    if len(state.monkeys) == 1:
        m = state.monkeys[0]
        rich = any(state.coins[o] > 0 for o in range(state.players) if o != m)
        return due if rich else []
    if state.supply > 0 or (not state.refilled and any(state.coins)):
        return due
    return []


def steal_victims(state: State, seat: int) -> list[int]:
    """M9, M12: the opponents a lone monkey may steal from: those with a coin (with none, it
    takes nothing, and no steal is written)."""
    return [o for o in range(state.players) if o != seat and state.coins[o] > 0]


def duel_side(state: State) -> str | None:
    """M8: the side winning the current duel, when its sailors and every card shown are known."""
    v, d = state.sailors
    if v is None or d is None or any(k < 0 for k in state.fight):
        return None
    return duel_winner(v, d, state.fight)


def check_after_reveal(word: str) -> list[Violation]:
    """M10: once the convictions are revealed the mutiny is over; only the gold count follows
    (``word`` opens the line written after it)."""
    return [Violation("duel/order", "the convictions are revealed: the mutiny is over and only "
                      "the gold count may follow (M10)", "gold or nothing", word)]


def check_withheld(state: State) -> list[Violation]:
    """M9: a monkey's coin of the second round not taken before the duel goes on."""
    due = pending_steals(state) if state.in_duel else []
    if not due:
        return []
    who = ", ".join(state.colours[m] for m in due)
    lone = len(state.monkeys) == 1
    return [Violation("duel/monkey", f"{who}'s monkey of the second round takes a coin "
                      + ("from an opponent" if lone else "from the supply")
                      + " (none written)", f"steal {state.colours[due[0]]} "
                      + ("from COLOUR" if lone else "supply"), "no steal", seat=due[0])]


def check_distinct(state: State, pair: int, vals: tuple[int, int]) -> list[Violation]:
    """M8: the ten sailors have distinct values, so no value stands in two places."""
    taken: dict[int, str] = {}
    for other in range(len(PAIRS)):
        known = pair_values(state, other) if other != pair else None
        if known is not None:
            taken[known[0]] = f"{PAIRS[other]} ({SIDE_NAMES['V']})"
            taken[known[1]] = f"{PAIRS[other]} ({SIDE_NAMES['D']})"
    clash = [f"{v} is also the sailor of pair {taken[v]}" for v in vals if v in taken]
    if vals[0] == vals[1]:
        clash.insert(0, f"both sailors of pair {PAIRS[pair]} are {vals[0]}")
    if not clash:
        return []
    return [Violation("duel/sailors", "the sailors' values are distinct (M8): "
                      + "; ".join(clash), "values not used elsewhere", f"{vals[0]}-{vals[1]}")]


def check_pair_shown(state: State, e: Effect) -> list[Violation]:
    """M8, 003 'Actions of the pirate cards' (Cambivalute): the sailors a turn shows for the
    pair it places or looks at (``look A 3-7``) are those the pair holds, when known (declared,
    or seen before), and values no other pair shows (a pair placed: ``action/pair`` checks its
    values)."""
    named = e.pair if e.pair is not None else e.look
    if len(e.values) != 2 or named is None or named not in tuple(PAIRS):
        return []
    pair = PAIRS.index(named)
    held = pair_values(state, pair)
    vals = (e.values[0], e.values[1])
    if held is not None and held != vals:
        how = "declared" if pair in state.sailors_known else "known"
        return [Violation("duel/sailors", f"pair {named} is {how} as {held[0]}-{held[1]}",
                          f"{held[0]}-{held[1]}", "-".join(map(str, e.values)))]
    if held is None and e.pair is None:
        return check_distinct(state, pair, vals)
    return []


def check_duel(state: State, pair: int, valverde: int | None,
               diaz: int | None) -> list[Violation]:
    """003 'The sailor duels': the duels go A to E, one at a time, until a side has three
    (M8, M10); the sailors are those the pair is known to hold, of distinct values (M8)."""
    out = check_withheld(state)
    name = PAIRS[pair]
    want = PAIRS[state.duel + 1] if state.duel + 1 < len(PAIRS) else None
    side = mutiny_winner(state.wins)
    if state.in_duel:
        out.append(Violation("duel/order", f"duel {PAIRS[state.duel]} has no winner written "
                             f"yet", f"won SIDE for duel {PAIRS[state.duel]}", f"duel {name}"))
    elif side is not None:
        out.append(Violation("duel/order", f"{SIDE_NAMES[side].capitalize()} has won three "
                             "duels: no more duels are fought, the convictions are revealed "
                             "(M8, M10)", "reveal", f"duel {name}"))
    elif name != want:
        out.append(Violation("duel/order", "duels go A to E until a side has three",
                             want or "none", name))
    if valverde is not None and diaz is not None:
        seen = pair_values(state, pair)
        if seen is not None and seen != (valverde, diaz):
            out.append(Violation("duel/sailors", f"pair {name} was {seen[0]}-{seen[1]}",
                                 f"{seen[0]}-{seen[1]}", f"{valverde}-{diaz}"))
        else:
            out += check_distinct(state, pair, (valverde, diaz))
    return out


def apply_duel(state: State, pair: int, valverde: int | None, diaz: int | None) -> None:
    """A duel opens (the mutiny with it, if its line is missing): no card shown, no monkey;
    sailors written become known (M8: distinct values), unwritten ones are taken as known."""
    if state.phase != MUTINY:
        apply_mutiny(state)
    state.started = state.in_duel = True
    state.duel = pair
    state.fight, state.duel_round = [], 0
    n = state.players
    state.withdrawn, state.monkeys, state.stolen = [False] * n, [], [False] * n
    state.sailors = (valverde, diaz)
    seen = pair_values(state, pair)
    if valverde is None or diaz is None:
        if seen is not None:
            state.sailors = seen
    elif seen is None:
        state.sailors_known[pair] = (valverde, diaz)


def check_play(state: State, seat: int, card: int) -> list[Violation]:
    """003 'The sailor duels', 'Exclusion', M8: what a player may show in a combat round: a
    combat card held, or the monkey from the second round on; the monkey only when no combat
    card is left; nothing from a player with no conviction or whose monkey is down."""
    hand = state.hands[seat]
    who, name = state.colours[seat], combat_name(card)
    if not state.conviction[seat]:
        return [Violation("duel/cards", f"{who} set no conviction and takes no part in the "
                          "mutiny (003 'Exclusion')", "no card", name, seat=seat)]
    if state.withdrawn[seat]:
        return [Violation("duel/monkey", f"{who} played the monkey and is out of this duel",
                          "no card", name, seat=seat)]
    if card == MONKEY:
        if state.duel_round == 0 and sum(hand) > 0:
            return [Violation("duel/cards", f"{who} holds combat cards: the monkey comes only "
                              "from the second round", "a combat card", "monkey", seat=seat)]
        return []
    if must_play_monkey(sum(hand)):
        return [Violation("duel/cards", f"{who} has no combat card left and must play the "
                          "monkey (M8)", "monkey", name, seat=seat)]
    if card >= 0 and not hand[card] and not hand[-1]:
        return [Violation("duel/cards", f"{who} holds no {name}",
                          heap_text(hand, COMBAT) or "none", name, seat=seat)]
    return []


def playable(state: State, seat: int) -> list[int]:
    """M8: the cards a player still in the duel may show next, each as :func:`check_play` lets
    pass: every combat card held, and for cards the log does not know each kind one of them
    may be (as many of it as a declared split holds, M7) and ``-1``; the monkey."""
    hand, combat = state.hands[seat], state.combat
    cards = [k for k in range(len(COMBAT))
             if hand[k] or (hand[-1] and combat.known_out[k] < combat.totals[k])]
    if hand[-1]:
        cards.append(-1)
    cards.append(MONKEY)
    return [c for c in cards if not check_play(state, seat, c)]


def check_fight(state: State, plays: Sequence[tuple[int, int]]) -> list[Violation]:
    """003 'The sailor duels', M8: one card from each player still in the duel (:func:`
    check_play`). ``plays``: (seat, card) as shown, seat ``-1`` for a player the log does not
    name, card a combat kind, ``-1`` unseen or :data:`MONKEY`."""
    out = check_withheld(state)
    if not state.in_duel:
        return out + [Violation("duel/order", "a combat round with no duel open", "duel PAIR",
                                "fight")]
    left = still_in(state)
    seen: set[int] = set()
    for seat, card in plays:
        if seat < 0:
            continue
        if seat in seen:
            out.append(Violation("duel/cards", f"{state.colours[seat]} shows two cards in one "
                                 "combat round", "one card each", combat_name(card), seat=seat))
        seen.add(seat)
        out += check_play(state, seat, card)
    if len(plays) != len(left) and not (seen - set(left)):
        out.append(Violation("duel/cards", f"{len(left)} player(s) still in the duel "
                             f"({', '.join(state.colours[i] for i in left) or 'none'}) show "
                             "one card each", str(len(left)), str(len(plays))))
    return out


def apply_fight(state: State, plays: Sequence[tuple[int, int]]) -> None:
    """The cards shown leave their players' hands; a monkey withdraws its player (in a first
    round, from the game: M8). A card shown by a player who takes no part in the duel
    (:func:`takes_part`, as the round began) does nothing: a combat card counts for no side
    and stays in its hand, a monkey neither withdraws its player nor takes a coin. Cards
    whose players the log does not name leave the hands of the players in the duel who showed
    no monkey, which are then known by their sizes only."""
    state.duel_round += 1
    state.monkeys, state.refilled, state.stolen = [], False, [False] * state.players
    showing = set(still_in(state))
    shut_out = [not takes_part(state, seat) for seat in range(state.players)]
    unnamed = 0
    for seat, card in plays:
        if seat >= 0 and shut_out[seat]:
            continue
        if card == MONKEY:
            if seat >= 0:
                state.monkeys.append(seat)
                state.withdrawn[seat] = True
                showing.discard(seat)
                if monkey_out_of_game(state.duel_round):
                    state.out[seat] = True
            continue
        state.fight.append(card)
        if seat < 0:
            unnamed += 1
            continue
        showing.discard(seat)
        if card < 0 and not state.hands[seat][-1]:
            _forget_hand(state, seat)  # a card not named from a hand known: which is not
        if _take_from_hand(state, seat, card):
            state.spent += 1
    for seat in sorted(showing)[:unnamed]:
        _forget_hand(state, seat)
        if _take_from_hand(state, seat, -1):
            state.spent += 1


def _forget_hand(state: State, seat: int) -> None:
    """A hand that showed a card not named: its kinds are no longer known, only its size."""
    hand = state.hands[seat]
    for kind in range(len(COMBAT)):
        state.combat.known_out[kind] -= hand[kind]
        hand[-1] += hand[kind]
        hand[kind] = 0


def _take_from_hand(state: State, seat: int, kind: int) -> bool:
    hand = state.hands[seat]
    if kind >= 0 and hand[kind]:
        hand[kind] -= 1
        state.combat.known_out[kind] -= 1
        return True
    if hand[-1]:
        hand[-1] -= 1
        return True
    return False


def check_steal(state: State, seat: int, victim: str | None) -> list[Violation]:
    """M9, M12: a monkey of a duel's second round takes a coin: a lone monkey from an
    opponent (one who has a coin, if any has), several each from the supply. ``seat`` -1: no
    player; ``victim``: the name written (``None``: the supply)."""
    brings = monkey_coin(state.duel_round, len(state.monkeys))
    if brings == "none" or seat not in state.monkeys:
        return [Violation("duel/monkey", "only a monkey played in a duel's second round takes "
                          f"a coin (round {state.duel_round})")]
    if brings == "player" and victim is None:
        return [Violation("duel/monkey", "a lone monkey takes its coin from an opponent",
                          "from COLOUR", "supply")]
    if brings == "supply" and victim is not None:
        return [Violation("duel/monkey", "several monkeys each take a coin from the supply",
                          "supply", f"from {victim}")]
    if state.stolen[seat]:
        return [Violation("duel/monkey", f"{state.colours[seat]}'s monkey has taken its coin "
                          "already: each monkey takes one (M9)", "one steal", "a second",
                          seat=seat)]
    robbed = None if victim is None else state.seat(victim)
    if robbed is None:
        return []
    rich = [state.colours[o] for o in steal_victims(state, seat)]
    if robbed == seat or (state.coins[robbed] == 0 and rich):
        why = "steals from its own player" if robbed == seat else f"{victim} has no coin to take"
        return [Violation("duel/monkey", f"a lone monkey takes a coin from an opponent (M9): "
                          f"{why}", "from " + " or ".join(rich) if rich else "another player",
                          f"from {victim}", seat=robbed)]
    if state.coins[robbed] == 0:
        return [Violation("duel/monkey", f"no opponent of {state.colours[seat]} has a coin: "
                          "the lone monkey takes nothing (M12)", "no steal", f"from {victim}")]
    return []


def apply_steal(state: State, seat: int, victim: int) -> None:
    """M9, M12: the monkey's coin: from the victim who has one, or (``victim`` -1) from the
    supply, topped up first, once, by every player when short of the monkeys still to pay."""
    if seat < 0:
        return
    due = sum(1 for m in state.monkeys if not state.stolen[m] or m == seat)  # this one too
    state.stolen[seat] = True
    if victim >= 0:
        if state.coins[victim] > 0:
            state.coins[victim] -= 1
            state.coins[seat] += 1
        return
    if not state.refilled and state.supply < due:
        state.supply, state.coins = refill_supply(state.supply, state.coins, due)
        state.refilled = True
    if state.supply > 0:
        state.supply -= 1
        state.coins[seat] += 1


def check_won(state: State, side: str) -> list[Violation]:
    """M8: a duel ends when every player in it has played the monkey; the higher total wins,
    equal totals the higher sum of combat cards (``side``: ``V`` or ``D`` as written)."""
    out = check_withheld(state)
    if not state.in_duel:
        return out + [Violation("duel/order", "no duel is open", "duel PAIR", "won")]
    left = still_in(state)
    if left:
        out.append(Violation("duel/winner", "the duel goes on until every player in it has "
                             "played the monkey: " + ", ".join(state.colours[i] for i in left)
                             + " still in", "another combat round", f"won {SIDE_NAMES[side]}"))
    winner = duel_side(state)
    if winner is not None and side != winner:
        out.append(Violation("duel/winner", "the side with the higher total wins (equal: the "
                             "higher sum of combat cards)", SIDE_NAMES[winner],
                             SIDE_NAMES[side]))
    return out


def apply_won(state: State, side: str) -> None:
    """The duel goes to the side written (the table played on with it)."""
    state.wins[side] += 1
    state.in_duel = False


def _side_word(side: str | None) -> str:
    return SIDE_NAMES[side] if side is not None else "valverde or diaz"


def check_reveal(state: State, sides: Mapping[str, str | None]) -> list[Violation]:
    """M10, 003 'Exclusion': the convictions are revealed once a side has won three duels;
    every player who set one reveals it, as the log knew it; one who set none has none."""
    out = check_withheld(state)
    if state.in_duel or (state.phase == MUTINY and mutiny_winner(state.wins) is None
                         and state.duel + 1 < len(PAIRS)):
        out.append(Violation(
            "duel/order", "the convictions are revealed once a side has won three duels "
            f"(Valverde {state.wins['V']}, Diaz {state.wins['D']}) (M8, M10)",
            f"won SIDE for duel {PAIRS[state.duel]}" if state.in_duel else
            f"duel {PAIRS[state.duel + 1]}", "reveal"))
    for seat, colour in enumerate(state.colours):
        if colour not in sides and state.conviction[seat]:
            out.append(Violation("winner/conviction", "every player reveals the conviction "
                                 f"set (M10): {colour} is left out", _side_word(state.side[seat]),
                                 "not revealed", seat=seat))
    for colour, side in sides.items():
        at = state.seat(colour)
        if at is None:
            continue
        known = state.side[at]
        if side is None and state.conviction[at]:
            out.append(Violation("winner/conviction", f"{colour} set a conviction card and "
                                 "reveals it (M10)", _side_word(known), "none", seat=at))
        elif side is not None and not state.conviction[at]:
            out.append(Violation("winner/conviction", f"{colour} never set a conviction",
                                 "none", side, seat=at))
        elif side is not None and known is not None and SIDE_OF_NAME[side] != known:
            out.append(Violation("winner/conviction", f"{colour}'s conviction was "
                                 f"{SIDE_NAMES[known]}", SIDE_NAMES[known], side, seat=at))
    return out


def reveal_options(state: State, seat: int) -> list[str | None]:
    """M10, 003 'Exclusion': what a player may reveal: nothing without a conviction, the side
    set when the log knows it, else either (as :func:`check_reveal` lets pass)."""
    if not state.conviction[seat]:
        return [None]
    side = state.side[seat]
    return [SIDE_NAMES[side]] if side is not None else ["valverde", "diaz"]


def apply_reveal(state: State, sides: Mapping[str, str | None]) -> None:
    """M10, 003 'Exclusion': a conviction set and known stands, whatever the line says, and a
    player who set none has none to reveal; the game is over."""
    revealed: list[str | None] = []
    for seat, colour in enumerate(state.colours):
        side = state.side[seat]
        if not state.conviction[seat]:
            side = None
        elif side is None:
            side = SIDE_OF_NAME.get(sides.get(colour) or "")
        revealed.append(side)
    state.revealed = revealed
    state.phase = OVER


def check_gold(state: State, counts: Mapping[str, int]) -> list[Violation]:
    """M10: the gold counted is the coins plus the gold cards' values: exactly, when every gold
    card of the player is known; otherwise within what the unseen cards may be worth
    (:func:`gold_bounds`; coins and the number of gold cards are public)."""
    out = []
    for colour, n in counts.items():
        seat = state.seat(colour)
        if seat is None:
            continue
        g = state.golds[seat]
        coins = state.coins[seat]
        want = gold_total(coins, g)
        if want is not None and n != want:
            out.append(Violation("winner/gold", f"{colour} holds {coins} coin(s) "
                                 f"and gold cards {heap_text(g, GOLD, ' ') or 'none'}",
                                 str(want), str(n), seat=seat))
        elif want is None:  # unseen gold cards: the count lies within what they may be worth
            lo, hi = gold_bounds(coins, g)
            if not lo <= n <= hi:
                seen = [*g[:-1], 0]
                known = heap_text(seen, GOLD, " ") if any(seen) else ""
                out.append(Violation("winner/gold", f"{colour} holds {coins} coin(s), "
                                     + (f"gold cards {known} " if known else "")
                                     + f"and {g[-1]} unseen gold card(s) worth "
                                     f"{GOLD[0]} to {GOLD[-1]} each: {lo} to {hi} in all",
                                     f"{lo} to {hi}", str(n), seat=seat))
    return out


def apply_gold(state: State, counts: Mapping[str, int]) -> None:
    """M10: the gold each player counted, kept beside the gold the replay knows."""
    for colour, n in counts.items():
        seat = state.seat(colour)
        if seat is not None:
            state.counted[seat] = n
