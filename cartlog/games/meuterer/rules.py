"""Meuterer rules as functions of a :class:`~cartlog.games.meuterer.model.State`.

``check_*`` functions never change the state: they return the rules an event breaks, as
:class:`Violation` records. ``apply_*`` functions carry out anything that is physically
possible, legal or not, so that a replay follows the game as it was actually played.

Rulings followed: U1 (rounds and end), U2 (selling, splits), U3 (active islands), U4
(majorities, merchant), U5 (captain and mate), U6 (mutiny), U7 (destinations), U8 (pirate).
Cards are kinds (0-6, see :mod:`~cartlog.games.meuterer.model`), ``-1`` for a card the log does
not name.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Final, Literal

from cartlog.core import cards
from cartlog.core.cards import Pile
from cartlog.core.findings import Violation
from cartlog.core.words import aside, did_you_mean
from cartlog.games.meuterer.model import (
    ACTION_SPELLINGS,
    ACTION_TITLES,
    ANY,
    CABINBOY,
    CONFLICT,
    GOODS,
    HAND_SIZE,
    MATE,
    MERCHANT,
    MUTINEER,
    NGOODS,
    NKINDS,
    OVER,
    PIRATE,
    SELL,
    SIDE_OF_ACTION,
    STEVEDORE,
    STEVEDORE_EXTRA,
    UNKNOWN,
    WAGES,
    Island,
    SoldCards,
    State,
    Variant,
    cards_text,
    good_name,
    letter,
)
from cartlog.games.meuterer.score import Points  # Structs stay in plain Python (setup.py)

# -- setup -------------------------------------------------------------------------------------


def check_circle(names: list[str], known: list[str]) -> list[Violation]:
    """Rulebook 001 'Mise en place': the circle holds each of the 12 island cards once."""
    if len(names) == len(known) and set(names) == set(known):  # the common case
        return []
    out: list[Violation] = []
    twice = sorted({n for n in names if names.count(n) > 1})
    missing = [n for n in known if n not in names]
    if twice or missing or len(names) != len(known):
        parts = []
        if twice:
            parts.append("given twice: " + ", ".join(twice))
        if missing:
            parts.append("missing: " + ", ".join(missing))
        out.append(Violation(
            "setup/islands", f"the circle has {len(names)} islands"
            + (f" ({'; '.join(parts)})" if parts else ""),
            expected=f"the {len(known)} islands, each once", actual=", ".join(names)))
    return out


def check_deal(variant: Variant, hands: Sequence[Sequence[int] | None]
               ) -> list[tuple[int, Violation]]:
    """5 cards each, and no kind dealt more often than the deck holds it."""
    out: list[tuple[int, Violation]] = []
    seen = [0] * NKINDS
    for seat, hand in enumerate(hands):
        if hand is None:
            continue
        if len(hand) != HAND_SIZE:
            out.append((seat, Violation(
                "setup/deal-count", f"dealt {len(hand)} cards; every player is dealt {HAND_SIZE}",
                expected=str(HAND_SIZE), actual=str(len(hand)))))
        for c in hand:
            if c >= 0:
                seen[c] += 1
    for kind in range(NKINDS):
        if seen[kind] > variant.totals[kind]:
            out.append((-1, _too_many_violation(variant, kind, seen[kind], "the deal holds")))
    return out


def check_round_hands(state: State) -> list[tuple[int, Violation]]:
    """Every hand at the start of a round holds 5 cards: dealt 5 (rulebook 001 'Mise en place
    d'une partie'), each refilled to 5 in phase 8, and the deck and the discard pile together
    always hold enough for that ('Phase 8 : Pioche de cartes marchandises'). For a position a
    log starts from; the audit itself follows a wrong refill, which the refill's own finding
    reports."""
    out: list[tuple[int, Violation]] = []
    for seat in range(state.players):
        held = state.hand_size(seat)
        if held != HAND_SIZE:
            out.append((seat, Violation(
                "setup/deal-count", f"{state.colours[seat]} holds {held} cards at the start of "
                f"round {state.round}; every player holds {HAND_SIZE} then",
                expected=str(HAND_SIZE), actual=str(held))))
    return out


def _too_many_violation(variant: Variant, kind: int, count: int, what: str) -> Violation:
    total = variant.totals[kind]
    if kind == PIRATE and not variant.pirate:
        return Violation("goods/too-many", f"{what} a pirate card, which only the pirate "
                         "variant has", expected="no pirate card (base game)", actual="P")
    return Violation("goods/too-many", f"{what} {count} {GOODS[kind]} cards; the game has {total}",
                     expected=f"<= {total}", actual=str(count))


def new_game(variant: Variant, circle: list[Island], colours: list[str], captain: int,
             hands: Sequence[Sequence[int] | None]) -> State:
    """Set up a game: the deal (``None`` = a hand nobody saw), the ship at Hochland and, in
    the pirate variant, the pirate ship at Piratennest."""
    state = State(variant, circle, colours, captain)
    for seat in range(len(colours)):
        dealt = hands[seat] if seat < len(hands) else None
        _draw(state, seat, dealt if dealt is not None else (-1,) * HAND_SIZE)
    return state


# -- cards -------------------------------------------------------------------------------------


def _reshuffle(state: State) -> None:
    """Phase 8: the discard pile becomes the deck (:func:`cartlog.core.cards.reshuffle`)."""
    state.layers = []
    cards.reshuffle(state, state.variant.totals)


def _pull(state: State, drawn: Sequence[int] | None, n: int) -> None:
    """After ``n`` cards left the deck as a whole (``drawn``: their kinds, -1 unseen; None:
    all unseen): the same cards off its layers, from the top (rulebook 001 'Phase 8': the
    cards are drawn from the top of the deck; the stevedore's go under it). A named card
    lowers its layer's bound; an unseen one leaves the bounds as they were. When one layer is
    left it is the deck, whose bounds it tightens."""
    layers = state.layers
    top = layers[0]
    if n < top.count:  # the common case: the draw is within the top layer
        upper = top.upper
        if drawn is not None:
            for c, m in _tally(drawn)[1]:
                left = upper[c] - m
                upper[c] = left if left > 0 else 0
        top.count -= n
        return
    for j in range(n):
        top = layers[0]
        c = drawn[j] if drawn is not None else -1
        if c >= 0 and top.upper[c] > 0:
            top.upper[c] -= 1
        top.count -= 1
        if top.count <= 0 and len(layers) > 1:
            del layers[0]
    if len(layers) == 1:
        upper, last = state.deck.upper, layers[0].upper
        for k in range(NKINDS):
            if last[k] < upper[k]:
                upper[k] = last[k]
        state.layers = []


def _lay_under(state: State, top: Pile | None, batch: list[int]) -> None:
    """The stevedore's cards not kept, ``batch`` (a heap, unseen cards in the last slot), are
    one layer under the deck (rulebook 001 'Phase 8'), in no known order among themselves: of
    a kind at most the cards named and the unseen ones. ``top``: the deck as it was before,
    when it was one layer (None: it has layers already)."""
    n = sum(batch)
    if not n:
        return
    totals = state.variant.totals
    unseen = batch[UNKNOWN]
    upper = [min(batch[k] + unseen, totals[k]) for k in range(NKINDS)]
    if top is not None:
        if not top.count:  # the batch is the whole deck
            deck = state.deck.upper
            for k in range(NKINDS):
                if upper[k] < deck[k]:
                    deck[k] = upper[k]
            return
        state.layers = [top]
    state.layers.append(Pile(n, upper))


def layer_fault(state: State, drawn: Sequence[int]) -> tuple[int, int, list[int]]:
    """The first named card of ``drawn`` that the layer it comes from cannot hold: its place
    in the draw, the layer (0 the top) and what the layer could still give then; (-1, -1,
    []) when every card fits its layer (or the deck is one layer). Cards beyond the deck (a
    reshuffle) are not judged here."""
    layers = state.layers
    if not layers:
        return -1, -1, []
    if len(drawn) <= layers[0].count:  # the common case: the draw is within the top layer
        top = layers[0].upper
        for c, m in _tally(drawn)[1]:
            if top[c] < m:
                break
        else:
            return -1, -1, []
    i = 0
    left = layers[0].count
    upper = layers[0].upper[:]
    for j, c in enumerate(drawn):
        if not left:
            i += 1
            if i == len(layers):
                break
            left = layers[i].count
            upper = layers[i].upper[:]
        left -= 1
        if c >= 0:
            if upper[c] <= 0:
                return j, i, upper
            upper[c] -= 1
    return -1, -1, []


Tally = tuple[tuple[int, ...], tuple[tuple[int, int], ...]]
_TALLIES: Final[dict[tuple[int, ...], Tally]] = {}  # the short runs of cards a log repeats


def _tally(cards: Sequence[int]) -> Tally:
    """A run of cards counted: the heap it makes (8 slots, unseen cards in the last) and
    (kind, number) for each named kind in it."""
    key = cards if type(cards) is tuple else tuple(cards)
    tally = _TALLIES.get(key)
    if tally is None:
        heap = [0] * 8
        for c in key:
            heap[c if c >= 0 else UNKNOWN] += 1
        tally = (tuple(heap), tuple((k, m) for k, m in enumerate(heap[:UNKNOWN]) if m))
        if len(key) <= 8 and len(_TALLIES) < 4096:
            _TALLIES[key] = tally
    return tally


def _draw(state: State, seat: int, drawn: Sequence[int]) -> None:
    """Cards from the deck to ``seat``'s hand, one :func:`_take` each; at once when the deck
    holds them all (no reshuffle), the common case."""
    deck = state.deck
    if len(drawn) > deck.count:
        for c in drawn:
            take(state, seat, c)
        return
    deck.count -= len(drawn)
    heap, named = _tally(drawn)
    hand = state.hands[seat]
    for k in range(8):
        hand[k] += heap[k]
    upper, known = deck.upper, state.known_out
    for c, m in named:  # as many takes: the deck's bound goes down to 0 at most
        known[c] += m
        left = upper[c] - m
        upper[c] = left if left > 0 else 0
    if state.layers:
        _pull(state, drawn, len(drawn))


def take(state: State, seat: int, card: int) -> bool:
    """One card from the deck (reshuffling the discard pile when it is empty) to ``seat``'s
    hand. False when no card is left anywhere."""
    if state.deck.count == 0:
        state.layers = []  # the discard pile, reshuffled, is the new deck
    got = cards.take(state, state.variant.totals, state.hands[seat], card) != cards.NO_CARD
    if got and state.layers:
        _pull(state, (card,), 1)
    return got


def _leave_hand(state: State, seat: int, card: int) -> bool:
    """Take one card of kind ``card`` (-1: unnamed) out of a hand, to the table or the discard
    pile (:func:`cartlog.core.cards.leave`). False if the hand is empty."""
    return cards.leave(state, state.hands[seat], card)


def _return_under(state: State, seat: int, card: int, batch: list[int]) -> None:
    """The stevedore puts a card from the hand under the deck (phase 8), into ``batch``."""
    hand = state.hands[seat]
    named = card >= 0 and hand[card] > 0
    if cards.put_under(state, state.variant.totals, hand, card):
        batch[card if named else UNKNOWN] += 1


def cards_available(state: State) -> int:
    """Cards a draw can still reach: the deck and the discard pile."""
    return state.deck_count + sum(state.discard)


def check_drawn(state: State, drawn: Sequence[int]) -> list[Violation]:
    """Named cards drawn from the deck: never a kind the deck can no longer hold (counting the
    reshuffle of the discard pile when the deck runs out); one finding a draw."""
    found = cards.impossible_draws(state, state.variant.totals, drawn)
    if not found:
        j, layer, upper = layer_fault(state, drawn)
        if j < 0:
            return []
        return [_layer_violation(state, drawn[j], layer, upper)]
    c = found[0].card
    totals = state.variant.totals
    if c == PIRATE and not state.variant.pirate:
        return [_too_many_violation(state.variant, c, 1, "draws")]
    why = (f"all {totals[c]} {GOODS[c]} cards are known to be elsewhere"
           if totals[c] - found[0].known <= 0 else
           f"the deck can hold no {GOODS[c]} any more (counting the cards drawn from "
           "it, reshuffled into it and put under it)")
    return [Violation("goods/too-many", f"draws a {GOODS[c]}, but {why}",
                      expected="a card the deck can hold", actual=letter(c))]


def _layer_violation(state: State, c: int, layer: int, upper: list[int]) -> Violation:
    """A card drawn that its layer of the deck cannot hold (rulebook 001 'Phase 8': the cards
    are drawn from the top; the stevedore puts those he does not keep under the deck), the
    expected value the kinds the layer can still give."""
    where = (f"the {_ordinal(layer)} batch, from the top, that the stevedore put under the deck"
             if layer else "the deck's top (the cards above those the stevedore put under it)")
    can = [letter(k) for k in range(NKINDS) if upper[k] > 0]
    if not can:
        return Violation("goods/too-many", f"draws a {GOODS[c]}, but the card comes from "
                         f"{where}, which holds no card the log names",
                         expected="an unseen card", actual=letter(c))
    text = can[0] if len(can) == 1 else ", ".join(can[:-1]) + " or " + can[-1]
    return Violation("goods/too-many", f"draws a {GOODS[c]}, but the card comes from {where}, "
                     f"which can give only {text}", expected=text, actual=letter(c))


def _ordinal(n: int) -> str:
    return {1: "first", 2: "second", 3: "third"}.get(n, f"{n}th")


def _reveal_check(state: State, seat: int, card: int, what: str) -> Violation | None:
    """A card of ``card``'s kind shown from an unseen slot: one more named card of the kind."""
    totals = state.variant.totals
    if card == PIRATE and not state.variant.pirate:
        return _too_many_violation(state.variant, card, 1, f"{state.colours[seat]} {what}")
    if state.known_out[card] >= totals[card]:
        return Violation(
            "goods/too-many",
            f"{state.colours[seat]} {what} a {GOODS[card]}, but all {totals[card]} "
            f"{GOODS[card]} cards are already accounted for elsewhere",
            expected=f"<= {totals[card]}", actual=str(state.known_out[card] + 1))
    return None


# -- phase 1: the wage -------------------------------------------------------------------------


def check_wage(state: State, wage: int) -> list[Violation]:
    if wage not in WAGES:
        return [Violation("round/wage", f"the captain card offers 0, 1, 2 or 3, not {wage}",
                          expected="0-3", actual=str(wage))]
    return []


def apply_wage(state: State, wage: int) -> None:
    state.wage = wage


# -- phase 2: selling --------------------------------------------------------------------------


_CLOCKWISE: Final[dict[int, tuple[tuple[int, ...], ...]]] = {}  # players -> the seats after each


def _clockwise(n: int) -> tuple[tuple[int, ...], ...]:
    """For each seat of ``n``, the seats clockwise after it, round the table back to itself."""
    table = _CLOCKWISE.get(n)
    if table is None:
        table = _CLOCKWISE[n] = tuple(
            tuple(range(after + 1, n)) + tuple(range(after + 1)) for after in range(n))
    return table


def next_seller(state: State, after: int) -> int:
    """The next player clockwise after ``after`` who has not passed (possibly ``after``
    again); -1 when every player has passed."""
    passed = state.passed
    n = len(passed)
    table = _CLOCKWISE.get(n) or _clockwise(n)
    for s in (table[after] if 0 <= after < n else [*range(after + 1, n), *range(after + 1)]):
        if not passed[s]:
            return s
    return -1


_ORDER: Final = {"mutiny": ("mutiny/out-of-order", "adds conflict cards"),
          "refill": ("refill/out-of-order", "draws")}


def check_order(state: State, seats: list[int], phase: Literal["mutiny", "refill"]
                ) -> list[tuple[int, Violation]]:
    """Phases 4 (U6) and 8: the players act one after another from the captain clockwise.
    ``seats``: who acts, as the log gives the entries of ``phase`` (``mutiny`` or ``refill``).
    The first entry after a player who sits later from the captain is reported, once, as
    (entry index, violation)."""
    n = len(state.colours)
    captain = state.captain
    last = -1
    for i, seat in enumerate(seats):
        order = (seat - captain) % n
        if order < last:
            code, doing = _ORDER[phase]
            colour = state.colours[seat]
            return [(i, Violation(code, f"{colour} {doing} after a player who sits later from "
                                  "the captain", expected="from the captain clockwise",
                                  actual=colour))]
        last = order
    return []


def _order(state: State, seat: int) -> Violation | None:
    if state.passed[seat]:
        return None
    if state.turn != seat:
        expected = state.colours[state.turn] if state.turn >= 0 else "nobody"
        return Violation("sell/out-of-order",
                         f"it is {expected}'s turn to sell, not {state.colours[seat]}'s",
                         expected=expected, actual=state.colours[seat])
    return None


def check_play(state: State, seat: int, card: int) -> list[Violation]:
    """Play one card face up: the player's turn, not passed, and a card in hand."""
    hand = state.hands[seat]
    if state.turn == seat and not state.passed[seat] and card >= 0 and hand[card] \
            and card != PIRATE:
        return []  # the common case, checked first
    out: list[Violation] = []
    if state.passed[seat]:
        out.append(Violation("sell/after-pass",
                             f"{state.colours[seat]} has passed and can play no more cards",
                             expected="no card", actual=letter(card)))
    else:
        v = _order(state, seat)
        if v is not None:
            out.append(v)
    if card == PIRATE and not state.variant.pirate:
        out.append(_too_many_violation(state.variant, card, 1, f"{state.colours[seat]} plays"))
        return out
    if not sum(hand):
        out.append(Violation("sell/no-card", f"{state.colours[seat]} has no card left and so "
                             "must pass", expected="pass", actual=letter(card)))
    elif card >= 0 and not hand[card]:
        if not hand[UNKNOWN]:
            out.append(Violation(
                "sell/not-in-hand", f"{state.colours[seat]} plays a {GOODS[card]} but holds none",
                expected="a card from " + cards_text(hand), actual=letter(card)))
        else:
            v = _reveal_check(state, seat, card, "plays")
            if v is not None:
                out.append(v)
    return out


def apply_play(state: State, seat: int, card: int) -> None:
    """The card goes from the hand to the table in front of the player; the turn passes on."""
    if not _leave_hand(state, seat, card):
        # no card in hand, yet the table saw one played: it can only have come from the deck
        take(state, seat, card)
        _leave_hand(state, seat, card)
    state.played[seat][card if card >= 0 else UNKNOWN] += 1
    if not state.passed[seat]:  # a play after passing does not change whose turn it is
        state.turn = next_seller(state, seat)


def pirate_robs(state: State, steps: int) -> bool:
    """U8: the pirate ship, moving ``steps`` islands counter-clockwise, reaches or passes the
    merchant ship. Without moving it reaches nothing."""
    if steps <= 0 or state.pirate < 0:
        return False
    n = len(state.circle)
    d = (state.pirate - state.ship) % n  # counter-clockwise distance to the merchant ship
    return steps >= n if d == 0 else d <= steps


def check_pirate(state: State, seat: int, robbed: bool) -> list[Violation]:
    """U8, after the pirate card has left the hand: the pirate ship moves counter-clockwise by
    the cards left in the player's hand; the goods played are discarded if it reaches or
    passes the merchant ship."""
    if not state.variant.pirate:
        return []
    steps = state.hand_size(seat)
    robs = pirate_robs(state, steps)
    if robs == robbed:
        return []
    n = len(state.circle)
    to = (state.pirate - steps) % n
    where = (f"from {state.island_name(state.pirate)} {steps} island{'s' if steps != 1 else ''} "
             f"counter-clockwise to {state.island_name(to)}")
    if robs:
        return [Violation("pirate/not-robbed",
                          f"the pirate ship sails {where}, reaching or passing the merchant "
                          f"ship at {state.island_name(state.ship)}: every goods card played "
                          "this round is discarded", expected="robbed", actual="not robbed")]
    return [Violation("pirate/robbed",
                      f"the pirate ship sails {where} and does not reach the merchant ship at "
                      f"{state.island_name(state.ship)}: nothing is discarded",
                      expected="not robbed", actual="robbed")]


def apply_pirate(state: State, seat: int, robbed: bool) -> None:
    """Move the pirate ship (U8) and, as the table did, discard the goods played."""
    if state.pirate >= 0:
        state.pirate = (state.pirate - state.hand_size(seat)) % len(state.circle)
    if robbed:
        apply_robbery(state)


def apply_robbery(state: State) -> None:
    """Every card played so far this round, by every player, goes to the discard pile."""
    discard = state.discard
    for played in state.played:
        if any(played):
            for k in range(8):
                discard[k] += played[k]
                played[k] = 0


def check_pass(state: State, seat: int, kept: int | None, action: int | None,
               action_word: str | None) -> list[Violation]:
    """Pass: the cards left are kept face down (their number public, U7); a non-captain takes
    a free action card, the captain none. ``action`` is the card (-1: a word naming none),
    ``None`` when the log names no card."""
    if state.turn == seat and not state.passed[seat] and (
            kept is None or kept == sum(state.hands[seat])) and (
            action_word is None if seat == state.captain
            else action is not None and action >= 0 and state.taken[action] < 0):
        return []  # the common case, checked first
    out: list[Violation] = []
    colour = state.colours[seat]
    if state.passed[seat]:
        out.append(Violation("sell/after-pass", f"{colour} has already passed",
                             expected="no further turn", actual="pass"))
        return out
    v = _order(state, seat)
    if v is not None:
        out.append(v)
    size = state.hand_size(seat)
    if kept is not None and kept != size:
        out.append(Violation(
            "sell/kept-count", f"{colour} keeps {kept} card{'s' if kept != 1 else ''} but has "
            f"{size} left in hand", expected=str(size), actual=str(kept)))
    if seat == state.captain:
        if action_word is not None:
            out.append(Violation("action/captain", f"{colour} is the captain and takes no "
                                 "action card", expected="no action card", actual=action_word))
        return out
    if action is None:
        free = [ACTION_TITLES[a] for a in range(5) if state.taken[a] < 0]
        out.append(Violation("action/missing", f"{colour} passes without the log naming the "
                             "action card taken", expected="one of " + ", ".join(free),
                             actual="none"))
    elif action < 0:
        out.append(Violation("action/unknown", f"{action_word!r} is not an action card"
                             + aside(did_you_mean(action_word or "", ACTION_SPELLINGS)),
                             expected="mutineer, cabinboy, mate, merchant or stevedore",
                             actual=action_word))
    elif state.taken[action] >= 0:
        holder = state.colours[state.taken[action]]
        free = [ACTION_TITLES[a] for a in range(5) if state.taken[a] < 0]
        out.append(Violation("action/taken-twice", f"{holder} already holds the "
                             f"{ACTION_TITLES[action]} card",
                             expected="one of " + (", ".join(free) or "none"),
                             actual=ACTION_TITLES[action]))
    return out


def check_all_passed(state: State) -> list[tuple[int, Violation]]:
    """Phase 2 ends only when every player has passed: each player who has not, from the
    captain clockwise, as (seat, violation)."""
    if all(state.passed):  # the common case
        return []
    n = len(state.colours)
    out: list[tuple[int, Violation]] = []
    for k in range(n):
        seat = (state.captain + k) % n
        if not state.passed[seat]:
            out.append((seat, Violation(
                "sell/no-pass", f"{state.colours[seat]} never passed: the selling ends when "
                "every player has passed", expected="pass", actual="no pass")))
    return out


def apply_pass(state: State, seat: int, action: int | None) -> None:
    """The player is out of the selling; a non-captain takes the action card if it is free
    (a card already held stays with its holder)."""
    passed = state.passed
    if passed[seat]:
        return
    passed[seat] = True
    if (seat != state.captain and action is not None and action >= 0
            and state.taken[action] < 0 and state.action[seat] < 0):
        state.taken[action] = seat
        state.action[seat] = action
    after = seat + 1
    state.turn = after if after < len(passed) and not passed[after] else next_seller(state, seat)


# -- phase 3: destinations ---------------------------------------------------------------------


def destination(state: State, seat: int) -> int:
    """U7: the island as many steps clockwise from the port as the cards ``seat`` kept."""
    return (state.ship + sum(state.hands[seat])) % len(state.circle)


def check_destination(state: State, seat: int, claimed: int, who: str) -> list[Violation]:
    want = destination(state, seat)
    if claimed == want:
        return []
    kept = state.hand_size(seat)
    return [Violation(
        "dest/wrong-island",
        f"the {who} ({state.colours[seat]}) kept {kept} card{'s' if kept != 1 else ''}: "
        f"{kept} island{'s' if kept != 1 else ''} clockwise from {state.island_name(state.ship)} "
        f"is {state.island_name(want)}, not {state.island_name(claimed)}",
        expected=state.island_name(want), actual=state.island_name(claimed))]


# -- phase 4: the mutiny -----------------------------------------------------------------------


def side_of(state: State, seat: int) -> int:
    """U6: +1 captain's side (captain, mate), -1 mutineer's (mutineer, cabin boy), 0 neither."""
    if seat == state.captain:
        return 1
    a = state.action[seat]
    return SIDE_OF_ACTION[a] if a >= 0 else 0


def check_add(state: State, seat: int, count: int, side: int | None) -> list[Violation]:
    """U6: conflict cards from the cards kept back, by the four players of the two sides."""
    own = side_of(state, seat)
    if count <= state.hands[seat][CONFLICT] and (not count or own) and (
            side is None or not own or side == own):
        return []  # the common case, checked first: conflict cards the hand is known to hold
    out: list[Violation] = []
    colour = state.colours[seat]
    if count and own == 0:
        out.append(Violation(
            "mutiny/neutral", f"{colour} is the {state.role(seat)}"
            + (" and may not add conflict cards" if state.action[seat] >= 0
               else ": only the captain, mate, mutineer and cabin boy add conflict cards"),
            expected="0", actual=str(count)))
    if side is not None and own != 0 and side != own:
        want = "captain" if own > 0 else "mutineer"
        out.append(Violation(
            "mutiny/wrong-side", f"{colour} is the {state.role(seat)}: the cards count for the "
            f"{want}", expected=want, actual="captain" if side > 0 else "mutineer"))
    return out + check_add_bounds(state, seat, count)


def check_add_bounds(state: State, seat: int, count: int, shown: int = 0) -> list[Violation]:
    """U6: the conflict cards a player adds are cards kept back, and the game has no more of
    them than its variant's count, whoever took which role (checked even in a round whose
    roles are not recorded). ``shown``: conflict cards the line's earlier entries showed
    beyond their known hands, not yet taken out of them."""
    out: list[Violation] = []
    colour = state.colours[seat]
    hand = state.hands[seat]
    size = sum(hand)
    if count > size:
        out.append(Violation(
            "mutiny/too-many", f"{colour} adds {count} conflict cards but kept back only {size} "
            f"card{'s' if size != 1 else ''}", expected=f"<= {size}", actual=str(count)))
    elif count > hand[CONFLICT] + hand[UNKNOWN]:
        have = hand[CONFLICT] + hand[UNKNOWN]
        out.append(Violation(
            "mutiny/too-many", f"{colour} adds {count} conflict cards but kept back "
            f"{'only ' if have else 'no '}{have or ''} conflict card{'s' if have != 1 else ''} "
            f"({cards_text(hand)})".replace("  ", " "), expected=f"<= {have}",
            actual=str(count)))
    elif count > hand[CONFLICT]:
        extra = count - hand[CONFLICT] + shown
        total = state.variant.totals[CONFLICT]
        if state.known_out[CONFLICT] + extra > total:
            out.append(Violation(
                "goods/too-many", f"{colour} shows {extra} more conflict cards, but only "
                f"{max(0, total - state.known_out[CONFLICT])} can be left unaccounted for",
                expected=f"<= {total}", actual=str(state.known_out[CONFLICT] + extra)))
    return out


def apply_add(state: State, seat: int, count: int) -> None:
    """The conflict cards go from the kept cards to the discard pile (phase 7)."""
    hand = state.hands[seat]
    if hand[CONFLICT] >= count:  # the common case: cards the hand is known to hold
        hand[CONFLICT] -= count
        state.discard[CONFLICT] += count
        return
    for _ in range(count):
        if not _leave_hand(state, seat, CONFLICT):
            break
        state.discard[CONFLICT] += 1


def mutiny_strength(state: State, adds: list[tuple[int, int, int | None]]) -> tuple[int, int]:
    """U6: (captain's side, mutineer's side): the conflict cards each side counted, the mate's
    1 included. ``adds`` are (seat, count, side as recorded or None)."""
    captain = 1 if state.taken[MATE] >= 0 else 0
    mutineer = 0
    for seat, count, side in adds:
        s = side if side is not None else side_of(state, seat)
        if s > 0:
            captain += count
        elif s < 0:
            mutineer += count
    return captain, mutineer


def mutiny_succeeds(captain: int, mutineer: int) -> bool:
    """U6: ties go to the mutineers."""
    return mutineer >= captain


# -- phase 5: selling on the islands ---------------------------------------------------------


def has_choice(state: State, seat: int, active: list[int]) -> bool:
    """U2: the player's played goods fit both active islands."""
    if len(active) < 2:
        return False
    a, b = state.circle[active[0]].good, state.circle[active[1]].good
    played = state.played[seat]
    if a == ANY:
        return any(played[:NGOODS]) if b == ANY else played[b] > 0
    return played[a] > 0 if b == ANY or a == b else False


# the goods an island buys (Island.sells), by its good
_BUYS: Final[dict[int, tuple[int, ...]]] = {ANY: tuple(range(NGOODS)), **{g: (g,) for g in range(NGOODS)}}


def default_sales(state: State, seat: int, islands: list[int], rem: list[int]) -> list[SoldCards]:
    """The sale assumed where the log declares none (an own reading, see the package
    docstring): whole goods types only; the pair of types, one per island, selling the most
    cards; on a tie more cards on the round's port, then the earlier good."""
    circle = state.circle
    if len(islands) == 1:  # one island: it takes its own best good
        p = islands[0]
        g = circle[p].good
        if g == ANY:
            r = rem[:NGOODS]
            g = r.index(max(r))  # the most cards, the earlier good on a tie
        return [SoldCards(seat, p, g, rem[g])] if rem[g] else []
    goods = [circle[p].good for p in islands]
    if ANY not in goods and goods[0] != goods[1]:
        # no good fits both islands: each island takes its own good
        out = []
        for p, g in zip(islands, goods):
            if rem[g]:
                out.append(SoldCards(seat, p, g, rem[g]))
        return out
    options: list[list[int]] = [[g for g in _BUYS.get(circle[p].good, ()) if rem[g]] + [-1]
                                for p in islands]
    # two islands, and a good that fits both: the pair of goods (-1: none) selling the most
    best: tuple[int, int, int, int] | None = None
    choice: list[int] = []
    for g in options[0]:
        for h in options[1]:
            if g >= 0 and g == h:
                continue
            a = rem[g] if g >= 0 else 0
            b = rem[h] if h >= 0 else 0
            key = (a + b, a, -(g if g >= 0 else 99), -(h if h >= 0 else 99))
            if best is None or key > best:
                best, choice = key, [g, h]
    return [SoldCards(seat, p, g, rem[g]) for p, g in zip(islands, choice) if g >= 0 and rem[g]]


def resolve_sales(state: State, declared: list[tuple[int, int, int, int | None]]
                  ) -> tuple[list[SoldCards], list[tuple[int, Violation]], list[tuple[int, str]]]:
    """U2: what each player sells on each active island.

    ``declared``: (seat, good, island position, count or None for all) as the log gives them.
    Returns the sales, the violations of the declarations (entry index, violation), and the
    players whose sale was assumed (seat, what was assumed).
    """
    active = state.active()
    circle = state.circle
    used: dict[int, list[int]] = {}  # seat -> cards of each good its declarations sell
    on: dict[tuple[int, int], int] = {}  # (seat, island) -> good declared there
    sales: list[SoldCards] = []
    bad: list[tuple[int, Violation]] = []
    counted: dict[tuple[int, int], tuple[int, SoldCards | None]] = {}  # (seat, good) -> the
    # last declaration of a count taken (entry index, its sale: None for a count of 0)
    for i, (seat, good, pos, count) in enumerate(declared):
        colour = state.colours[seat]
        isl = circle[pos]
        if pos not in active:
            active_names = ", ".join(circle[p].name for p in active)
            bad.append((i, Violation(
                "sale/wrong-island", f"{isl.name} is not active this round (active: "
                f"{active_names})", expected=active_names, actual=isl.name)))
            continue
        if not isl.sells(good):
            bad.append((i, Violation(
                "sale/wrong-island", f"{isl.name} buys only {isl.good_text()}, not "
                f"{good_name(good)}", expected=isl.good_text(), actual=good_name(good))))
            continue
        if (seat, pos) in on:
            first = on[(seat, pos)]
            why = (f"{colour} already sells {good_name(good)} there" if first == good else
                   f"{colour} already sells {good_name(first)} there: one type per island")
            bad.append((i, Violation("sale/one-type", f"{why} ({isl.name})",
                                     expected=good_name(first), actual=good_name(good))))
            continue
        mine = used.get(seat)
        if mine is None:
            mine = used[seat] = [0] * NGOODS
        have = state.played[seat][good] - mine[good]
        want = have if count is None else count
        if count is None and not have:
            bad.append((i, Violation(
                "sale/too-many", f"{colour} sells {good_name(good)} on {isl.name} but has no "
                f"{good_name(good)} played left for it", expected="a good played",
                actual=good_name(good))))
            continue
        if want > have:
            bad.append((i, Violation(
                "sale/too-many", f"{colour} sells {want} {good_name(good)} on {isl.name} but has "
                f"{have} of the {state.played[seat][good]} played left for it",
                expected=f"<= {have}", actual=str(want))))
            want = have
        on[(seat, pos)] = good
        mine[good] += want
        sold = SoldCards(seat, pos, good, want) if want else None
        if sold is not None:
            sales.append(sold)
        if count is not None:
            counted[(seat, good)] = (i, sold)
    assumed: list[tuple[int, str]] = []
    # the common case: each active island buys one good, and not the other's, so that a
    # player's goods of that kind all go there (default_sales, with no choice to assume)
    goods: tuple[tuple[int, int], ...]
    if len(active) == 1:
        g = circle[active[0]].good
        goods, own = ((active[0], g),), g != ANY
    else:
        p, q = active
        g, h = circle[p].good, circle[q].good
        goods, own = ((p, g), (q, h)), g != ANY and h != ANY and g != h
    for seat, played in enumerate(state.played):
        if not (played[0] or played[1] or played[2] or played[3] or played[4]):
            continue
        mine = used.get(seat)
        rem = played if mine is None else [played[g] - mine[g] for g in range(NGOODS)]
        if own:
            for p, g in goods:
                if rem[g] and (not on or (seat, p) not in on):
                    sales.append(SoldCards(seat, p, g, rem[g]))
            continue
        if on:
            open_islands = [p for p in active if (seat, p) not in on]
            if not open_islands:
                continue
        else:
            open_islands = active
        extra = default_sales(state, seat, open_islands, rem[:NGOODS])
        if not extra:
            continue
        sales += extra
        if has_choice(state, seat, active):
            what = ", ".join(f"{s.count} {GOODS[s.good]} on {circle[s.island].name}"
                             for s in extra) or "nothing sold"
            assumed.append((seat, what))
    if counted:
        _unsold(state, declared, counted, sales, on, bad)
    return sales, bad, assumed


def _unsold(state: State, declared: list[tuple[int, int, int, int | None]],
            counted: dict[tuple[int, int], tuple[int, SoldCards | None]],
            sales: list[SoldCards], on: dict[tuple[int, int], int],
            bad: list[tuple[int, Violation]]) -> None:
    """U2, 001 'Phase 5' (Cas particulier): the goods of a type a player sells are all sold;
    the only choice is which active island takes them. A count declared that leaves some of
    them unsold is an error; when no other island could take the rest, they count where
    the declaration sells (``sales`` mended)."""
    circle = state.circle
    for (seat, good), (i, sold) in counted.items():
        played = state.played[seat][good]
        total = 0
        for s in sales:
            if s.seat == seat and s.good == good:
                total += s.count
        missing = played - total
        if missing <= 0:
            continue
        _, _, pos, count = declared[i]
        elsewhere = any(p != pos and circle[p].sells(good) and (seat, p) not in on
                        for p in state.active())
        name = good_name(good)
        bad.append((i, Violation(
            "sale/too-few", f"{state.colours[seat]} played {played} {name} and sells {total}: "
            "the goods played are all sold, the only choice being the island"
            + ("" if elsewhere else f" (no other active island takes {name})"),
            expected=f"{played} in all" if elsewhere else str((count or 0) + missing),
            actual=str(count))))
        if elsewhere:
            continue  # which island takes the rest is the player's to say
        if sold is not None:
            sold.count += missing
        else:
            sales.append(SoldCards(seat, pos, good, missing))


Item = Points
"""One source of points in a round, with the text that explains it: the breakdown's
:class:`Points` as the scoring makes them."""


def majorities(state: State, sales: list[SoldCards]) -> list[tuple[int, Item]]:
    """U4 on every active island: the players with the most cards of the type they sell there
    score the table's value for their number; the merchant, when tied for most, the first."""
    out: list[tuple[int, Item]] = []
    if not sales:
        return out
    merchant = state.taken[MERCHANT]
    circle = state.circle
    for pos in state.active():
        here = [s for s in sales if s.island == pos and s.count > 0]
        if not here:
            continue
        isl = circle[pos]
        if len(here) == 1:  # the common case: a sole majority
            s = here[0]
            pts = isl.values[0]
            out.append((s.seat, Item("island", pts,
                                     f"{isl.name} {GOODS[s.good]} majority alone {pts}")))
            continue
        top = max(s.count for s in here)
        tied = [s for s in here if s.count == top]
        k = len(tied)
        value = isl.values[k - 1] if k <= 3 else 0
        how = "alone" if k == 1 else f"{k} tied"
        for s in sorted(tied, key=lambda s: s.seat):
            if s.seat == merchant and k > 1:
                pts = isl.values[0]
                text = f"{isl.name} {GOODS[s.good]} majority {how}, merchant {pts}"
            else:
                pts = value
                text = f"{isl.name} {GOODS[s.good]} majority {how} {pts}"
            out.append((s.seat, Item("island", pts, text)))
    return out


def round_points(state: State, success: bool | None, capt_dest: int, mut_dest: int,
                 sales: list[SoldCards]) -> list[list[Item]]:
    """Phase 5 (U5, U4): every player's points of the round, by source.

    ``success``: None without a mutiny, else whether it succeeded. The wage is the state's
    (an unchosen wage counts as 0).
    """
    items: list[list[Item]] = [[] for _ in state.colours]
    taken = state.taken
    circle = state.circle
    if success and taken[MUTINEER] >= 0:
        isl = circle[mut_dest % len(circle)]
        items[taken[MUTINEER]].append(Item("ship", isl.ship, f"ship {isl.ship} ({isl.name})"))
        if taken[CABINBOY] >= 0:
            items[taken[CABINBOY]].append(Item("cabinboy", 2, "cabin boy 2"))
    else:
        isl = circle[capt_dest % len(circle)]
        items[state.captain].append(Item("ship", isl.ship, f"ship {isl.ship} ({isl.name})"))
        if taken[MATE] >= 0:
            wage = max(0, state.wage)
            items[taken[MATE]].append(Item("mate", 1 + wage, f"mate 1 + wage {wage}"))
            if wage:
                items[state.captain].append(Item("wage", -wage, f"wage {wage}"))
    for seat, item in majorities(state, sales):
        items[seat].append(item)
    return items


def explain(items: list[Item]) -> str:
    """``ship 4 (Grünland) + Rotes Riff wine majority alone 4 - wage 2 = 6``."""
    if not items:
        return "nothing = 0"
    text = ""
    for i, it in enumerate(items):
        if it.source == "wage":
            text += (" - " if i else "-") + it.text
        else:
            text += (" + " if i else "") + it.text
    return f"{text} = {sum(it.points for it in items)}"


def points_of(items: list[list[Item]]) -> list[int]:
    """Each player's points of the round: the sum of their items."""
    out = []
    for its in items:
        total = 0
        for it in its:
            total += it.points
        out.append(total)
    return out


def apply_points(state: State, items: list[list[Item]], points: list[int] | None = None
                 ) -> None:
    """Phase 5: each player's points of the round (``points``: their sums, when known) go
    to the running total."""
    scores = state.scores
    if points is None:
        points = points_of(items)
    if len(points) == len(scores):  # the common case: a sum for every player
        for seat in range(len(scores)):
            scores[seat] += points[seat]
        return
    for seat, total in enumerate(points):
        scores[seat] += total


# -- phases 6-9: moving on ---------------------------------------------------------------------


def apply_move(state: State, dest: int, success: bool | None) -> None:
    """Phase 6 (and U5): the ship sails to the winning destination; after a successful mutiny
    the mutineer becomes captain. Phase 7: the cards on the table go to the discard pile."""
    state.prev = state.ship
    state.ship = dest % len(state.circle)
    if success and state.taken[MUTINEER] >= 0:
        state.captain = state.taken[MUTINEER]
    apply_robbery(state)


def refill_need(state: State, seat: int) -> int:
    """Phase 8: the cards to draw to hold 5 again."""
    return max(0, HAND_SIZE - state.hand_size(seat))


def _drawable(state: State, cards: Sequence[int]) -> bool:
    """The common case of :func:`check_drawn`, for a draw the deck holds without a reshuffle:
    every named card is one the deck can still hold (``m`` cards of a kind: the deck's bound
    and the cards of the kind not yet known elsewhere both at least ``m``)."""
    upper, known, totals = state.deck.upper, state.known_out, state.variant.totals
    for c, m in _tally(cards)[1]:
        if upper[c] < m or known[c] + m > totals[c]:
            return False
    return not state.layers or layer_fault(state, cards)[0] < 0


def _drawable_across(state: State, cards: Sequence[int]) -> bool:
    """:func:`_drawable` for a draw the deck does not hold but the deck and the discard pile
    together do (phase 8): the deck's cards drawn to its end, then the rest from the discard
    pile reshuffled (:func:`cartlog.core.cards.reshuffle`), each part counted at once as
    :func:`cartlog.core.cards.impossible_draws` counts it card by card."""
    k = state.deck.count
    first = cards[:k]
    if not _drawable(state, first):
        return False
    discard, known, totals = state.discard, state.known_out, state.variant.totals
    unknown = discard[UNKNOWN]
    drawn = _tally(first)[0]
    for c, m in _tally(cards[k:])[1]:  # the reshuffled deck's bounds, as reshuffle sets them
        bound = discard[c] + unknown
        if (bound if bound < totals[c] else totals[c]) < m or \
                known[c] + drawn[c] - discard[c] + m > totals[c]:
            return False
    return True


def _kept_from(cards: Sequence[int], keep: Sequence[int]) -> bool:
    """The stevedore keeps only cards drawn (an unseen card drawn may be any)."""
    pool = [0] * 8
    for c in cards:
        pool[c if c >= 0 else UNKNOWN] += 1
    for c in keep:
        if c >= 0 and pool[c]:
            pool[c] -= 1
        elif pool[UNKNOWN]:
            pool[UNKNOWN] -= 1
        else:
            return False
    return True


def check_refill(state: State, seat: int, cards: Sequence[int] | None, count: int | None,
                 keep: Sequence[int] | None, returned: int | None) -> list[Violation]:
    """Phase 8: draw to 5; the stevedore draws 3 more and keeps as many as needed for 5, the
    others going under the deck."""
    got = len(cards) if cards is not None else (count or 0)
    size = sum(state.hands[seat])
    need = HAND_SIZE - size if size < HAND_SIZE else 0
    steve = state.taken[STEVEDORE] == seat
    deck_count = state.deck.count
    if got > deck_count:
        if got <= deck_count + sum(state.discard):
            # the deck runs out part-way and the discard pile, reshuffled, holds the rest
            if not steve:
                if got == need and keep is None and returned is None and (
                        cards is None or _drawable_across(state, cards)):
                    return []
            elif (got == need + STEVEDORE_EXTRA and cards is not None and keep is not None
                  and len(keep) == need and (returned is None or returned == got - need)
                  and _kept_from(cards, keep) and _drawable_across(state, cards)):
                return []
    else:  # the common case, checked first: the deck holds the draw
        if not steve:
            if got == need and keep is None and returned is None:
                if not cards:
                    return []
                upper, known, totals = state.deck.upper, state.known_out, state.variant.totals
                for c, m in _tally(cards)[1]:  # see _drawable
                    if upper[c] < m or known[c] + m > totals[c]:
                        break
                else:
                    if not state.layers or layer_fault(state, cards)[0] < 0:
                        return []
        elif (got == need + STEVEDORE_EXTRA and cards is not None and keep is not None
              and len(keep) == need and (returned is None or returned == got - need)
              and _kept_from(cards, keep) and _drawable(state, cards)):
            return []
    out: list[Violation] = []
    colour = state.colours[seat]
    avail = cards_available(state)
    want = min(need + (STEVEDORE_EXTRA if steve else 0), avail)
    if got != want:
        size = state.hand_size(seat)
        why = (f"{colour} holds {size} card{'s' if size != 1 else ''} and draws {need} to hold "
               f"{HAND_SIZE}" + (f", and {STEVEDORE_EXTRA} more as the stevedore" if steve else "")
               + (f"; only {avail} can be drawn" if want < need else ""))
        out.append(Violation("refill/count", why, expected=str(want), actual=str(got)))
    if not steve:
        if keep is not None or returned is not None:
            out.append(Violation(
                "refill/stevedore", f"{colour} is not the stevedore: only the stevedore keeps "
                "some of the cards drawn and puts the rest under the deck",
                expected="a plain draw", actual="keep/return"))
    else:
        if keep is not None and returned is not None and len(keep) + returned != got:
            out.append(Violation(
                "refill/stevedore", f"keeps {len(keep)} and returns {returned} of {got} drawn",
                expected=f"{got} in all", actual=str(len(keep) + returned)))
        kept_n = (len(keep) if keep is not None
                  else got - returned if returned is not None else None)
        if kept_n is not None and kept_n != min(need, got):
            out.append(Violation(
                "refill/stevedore", f"the stevedore keeps {kept_n} of the cards drawn; holding "
                f"{state.hand_size(seat)}, {colour} keeps {need} to hold {HAND_SIZE}",
                expected=str(need), actual=str(kept_n)))
        if keep is not None and cards is not None:
            pool = [0] * 8
            for c in cards:
                pool[c if c >= 0 else UNKNOWN] += 1
            for c in keep:
                if c >= 0 and pool[c]:
                    pool[c] -= 1
                elif pool[UNKNOWN]:
                    pool[UNKNOWN] -= 1
                else:
                    out.append(Violation(
                        "refill/stevedore", f"keeps a {good_name(c)} that is not among the "
                        "cards drawn", expected="cards from " + "".join(
                            letter(x) for x in cards), actual="".join(letter(x) for x in keep)))
                    break
    if cards:
        out += check_drawn(state, cards)
    elif keep:
        known = state.known_out[:]
        totals = state.variant.totals
        for c in keep:
            if c < 0:
                continue
            if known[c] >= totals[c]:
                out.append(_too_many_violation(state.variant, c, 1, f"{colour} keeps")
                           if c == PIRATE and not state.variant.pirate else Violation(
                    "goods/too-many", f"{colour} keeps a {GOODS[c]}, but all {totals[c]} "
                    f"{GOODS[c]} cards are already accounted for elsewhere",
                    expected=f"<= {totals[c]}", actual=str(known[c] + 1)))
                break
            known[c] += 1
    return out


def assumed_draws(state: State, drawn: Collection[int]) -> list[tuple[int, int]]:
    """Phase 8 for the players whose draw the log does not record (``drawn``: the seats it
    records): from the captain clockwise, each draws to hold 5 again, the stevedore 3 more
    (returning under the deck what he does not keep), as far as the deck and the discard pile
    reach. (seat, cards drawn) pairs, none for a player who draws nothing."""
    n = len(state.colours)
    steve = state.taken[STEVEDORE]
    avail = cards_available(state)
    out: list[tuple[int, int]] = []
    for k in range(n):
        seat = (state.captain + k) % n
        if seat in drawn:
            continue
        need = refill_need(state, seat)
        want = min(need + (STEVEDORE_EXTRA if seat == steve else 0), avail)
        if want:
            out.append((seat, want))
            avail -= min(want, need)  # the stevedore's extra cards go back under the deck
    return out


def plain_refill(state: State, seat: int, cards: tuple[int, ...] | None,
                 count: int | None) -> bool:
    """Phase 8's common case at once, :func:`check_refill` finding nothing and then
    :func:`apply_refill`: a player other than the stevedore, keeping and returning nothing,
    draws exactly to 5 from a deck that holds the draw, each named card one the deck's top
    can still hold. False, and nothing done, otherwise (the two functions then take it)."""
    if state.taken[STEVEDORE] == seat:
        return False
    deck = state.deck
    hand = state.hands[seat]
    got = len(cards) if cards is not None else (count or 0)
    if got > deck.count:
        return False
    size = 0
    for k in hand:
        size += k
    if got != (HAND_SIZE - size if size < HAND_SIZE else 0):
        return False
    if not cards:
        deck.count -= got
        hand[UNKNOWN] += got
        if state.layers:
            _pull(state, None, got)
        return True
    heap, named = _tally(cards)
    upper, known, totals = deck.upper, state.known_out, state.variant.totals
    for c, m in named:  # see _drawable
        if upper[c] < m or known[c] + m > totals[c]:
            return False
    if state.layers and layer_fault(state, cards)[0] >= 0:
        return False
    deck.count -= got
    for k in range(8):
        hand[k] += heap[k]
    for c, m in named:
        known[c] += m
        left = upper[c] - m
        upper[c] = left if left > 0 else 0
    if state.layers:
        _pull(state, cards, got)
    return True


def apply_refill(state: State, seat: int, cards: Sequence[int] | None, count: int | None,
                 keep: Sequence[int] | None, returned: int | None) -> None:
    """Draw as recorded; a player who keeps or returns cards (the stevedore) puts the cards
    not kept under the deck. Without ``keep`` or ``returned``, the stevedore returns what he
    drew beyond the refill."""
    n = len(cards) if cards is not None else (count or 0)
    hand = state.hands[seat]
    deck = state.deck
    if (n <= deck.count and keep is None and returned is None
            and state.taken[STEVEDORE] != seat):
        # the common case: a plain draw the deck holds, no reshuffle (as _draw does)
        deck.count -= n
        if cards is None:
            hand[UNKNOWN] += n
        else:
            heap, named = _tally(cards)
            for k in range(8):
                hand[k] += heap[k]
            upper, known = deck.upper, state.known_out
            for c, m in named:
                known[c] += m
                left = upper[c] - m
                upper[c] = left if left > 0 else 0
        if state.layers:
            _pull(state, cards, n)
        return
    size = sum(hand)
    need = HAND_SIZE - size if size < HAND_SIZE else 0
    drawn: list[int]
    if n <= state.deck.count:  # the deck holds the draw, no reshuffle
        if cards is None:
            state.deck.count -= n
            hand[UNKNOWN] += n
            if state.layers:
                _pull(state, None, n)
        else:
            _draw(state, seat, cards)
        if keep is None and returned is None and state.taken[STEVEDORE] != seat:
            return
        drawn = list(cards) if cards is not None else [-1] * n
    elif n <= deck.count + sum(state.discard):
        # the deck runs out part-way: drawn to its end, the discard pile reshuffled into a new
        # deck (as the next card's _take would), the rest drawn from it, each part at once
        seq = cards if cards is not None else (-1,) * n
        k = deck.count
        _draw(state, seat, seq[:k])
        _reshuffle(state)
        _draw(state, seat, seq[k:])
        drawn = list(seq)
    else:
        drawn = []
        for k in range(n):
            c = cards[k] if cards is not None else -1
            if not take(state, seat, c):
                break
            drawn.append(c)
    if keep is not None:
        pool = list(drawn)
        for c in keep:
            if c >= 0 and c in pool:
                pool.remove(c)
            elif -1 in pool:
                pool.remove(-1)
                if c >= 0 and hand[UNKNOWN]:  # a card drawn unseen, now named
                    hand[UNKNOWN] -= 1
                    hand[c] += 1
                    state.known_out[c] += 1
            elif pool:
                pool.pop()  # kept a card not drawn: keep at least the number right
        deck, known, totals = state.deck, state.known_out, state.variant.totals
        top = None if state.layers else deck.copy()
        batch = [0] * 8
        for c in pool:
            if c >= 0 and hand[c]:  # the common case: a named card (cards.put_under)
                hand[c] -= 1
                known[c] -= 1
                bound = deck.upper[c] + 1
                deck.upper[c] = bound if bound < totals[c] else totals[c]
                deck.count += 1
                batch[c] += 1
            else:
                _return_under(state, seat, c, batch)
        _lay_under(state, top, batch)
        return
    if returned is not None:
        ret = min(returned, len(drawn))
    elif state.taken[STEVEDORE] == seat:
        ret = max(0, len(drawn) - need)
    else:
        return
    if not ret:
        return
    # which cards went back is not known: the cards drawn become unseen ones in the hand
    hand = state.hands[seat]
    for c in drawn:
        if c >= 0 and hand[c]:
            hand[c] -= 1
            hand[UNKNOWN] += 1
            state.known_out[c] -= 1
    top = None if state.layers else state.deck.copy()
    batch = [0] * 8
    for _ in range(ret):
        _return_under(state, seat, -1, batch)
    _lay_under(state, top, batch)


def next_round(state: State) -> None:
    """Phase 9-10: the action cards go back; a new round starts with the captain."""
    n = len(state.colours)
    state.passed = [False] * n
    state.action = [-1] * n
    state.taken = [-1] * 5
    state.wage = -1
    state.round += 1
    state.turn = state.captain
    state.phase = SELL


def end_game(state: State) -> None:
    """U1: the game ends after the last round's scoring."""
    state.phase = OVER
    state.turn = -1


def winners(state: State) -> list[int]:
    """U1: the highest total wins; a tie is shared."""
    top = max(state.scores)
    return [s for s, v in enumerate(state.scores) if v == top]


# -- legal moves (the simulator) ---------------------------------------------------------------


def legal_plays(state: State, seat: int) -> list[int]:
    """The kinds of card ``seat`` can play now (named cards only)."""
    if state.passed[seat] or state.turn != seat:
        return []
    hand = state.hands[seat]
    return [k for k in range(NKINDS) if hand[k]]


def free_actions(state: State) -> list[int]:
    return [a for a in range(5) if state.taken[a] < 0]
