"""The shared card accounting (``cartlog.core.cards``): heaps with an unknown slot, a deck known
by bounds, reshuffles, and draws the deck cannot hold."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from hypothesis import given, settings
from hypothesis import strategies as st

from cartlog.core import cards
from cartlog.core.cards import NO_CARD, Pile

TOTALS = (3, 2, 4)  # three kinds: 3 of kind 0, 2 of kind 1, 4 of kind 2


@dataclass
class Table:
    deck: Pile = field(default_factory=lambda: Pile(sum(TOTALS), list(TOTALS)))
    discard: list[int] = field(default_factory=lambda: cards.empty_heap(TOTALS))
    known_out: list[int] = field(default_factory=lambda: [0] * len(TOTALS))


def test_a_heap_has_one_slot_per_kind_and_one_for_unknown_cards():
    assert cards.unknown_slot(TOTALS) == 3
    assert cards.empty_heap(TOTALS) == [0, 0, 0, 0]
    assert cards.heap_text([2, 0, 1, 2], "ABC") == "AAC??"


def test_take_counts_a_named_card_out_of_the_deck():
    t, hand = Table(), cards.empty_heap(TOTALS)
    assert cards.take(t, TOTALS, hand, 1) == 1
    assert hand == [0, 1, 0, 0] and t.known_out == [0, 1, 0]
    assert t.deck.count == 8 and t.deck.upper == [3, 1, 4]


def test_take_of_an_unseen_card_fills_the_unknown_slot_only():
    t, hand = Table(), cards.empty_heap(TOTALS)
    cards.take(t, TOTALS, hand, -1)
    assert hand == [0, 0, 0, 1] and t.known_out == [0, 0, 0] and t.deck.upper == list(TOTALS)


def test_take_from_an_empty_deck_reshuffles_the_discard_pile():
    t = Table(deck=Pile(0, [0, 0, 0]), discard=[1, 0, 2, 1], known_out=[3, 2, 4])
    hand = cards.empty_heap(TOTALS)
    assert cards.take(t, TOTALS, hand, 2) == 2
    assert t.discard == [0, 0, 0, 0]
    assert t.deck.count == 3
    # the pile held 1, 0 and 2 named cards and 1 unknown: bounds 2, 1, 3 (kind 2 drawn since)
    assert t.deck.upper == [2, 1, 2]
    assert t.known_out == [2, 2, 3]


def test_reshuffle_never_bounds_a_kind_above_the_games_total():
    t = Table(deck=Pile(0, [0, 0, 0]), discard=[0, 0, 0, 5], known_out=[0, 0, 0])
    cards.reshuffle(t, TOTALS)
    assert t.deck.upper == [3, 2, 4]


def test_take_with_no_card_anywhere_gives_no_card():
    t = Table(deck=Pile(0, [0, 0, 0]))
    hand = cards.empty_heap(TOTALS)
    assert cards.take(t, TOTALS, hand, 0) == NO_CARD and hand == [0, 0, 0, 0]


def test_leave_reveals_a_card_of_the_unknown_slot():
    t, hand = Table(), [0, 0, 0, 2]
    assert cards.leave(t, hand, 2)
    assert hand == [0, 0, 0, 1] and t.known_out == [0, 0, 1]


def test_leaving_a_card_a_known_hand_does_not_hold_forgets_the_hand():
    t, hand = Table(known_out=[2, 0, 0]), [2, 0, 0, 0]
    assert cards.leave(t, hand, 1)
    assert hand == [0, 0, 0, 1]
    assert t.known_out == [0, 1, 0]


def test_leave_from_an_empty_heap_is_refused():
    assert not cards.leave(Table(), cards.empty_heap(TOTALS), 0)


def test_put_under_returns_a_named_card_to_the_deck():
    t = Table(deck=Pile(5, [1, 1, 3]), known_out=[2, 1, 1])
    hand = [1, 0, 0, 0]
    assert cards.put_under(t, TOTALS, hand, 0)
    assert t.deck.count == 6 and t.deck.upper == [2, 1, 3] and t.known_out == [1, 1, 1]


def test_put_under_an_unseen_card_loosens_every_bound():
    t = Table(deck=Pile(5, [1, 2, 3]))
    hand = [0, 0, 0, 1]
    assert cards.put_under(t, TOTALS, hand, -1)
    assert t.deck.upper == [2, 2, 4] and t.deck.count == 6


def test_a_kind_all_known_elsewhere_cannot_be_drawn():
    t = Table(known_out=[0, 2, 0], deck=Pile(7, [3, 0, 4]))
    found = cards.impossible_draws(t, TOTALS, [0, 1, 1])
    assert [(f.at, f.card, f.deck_bound) for f in found] == [(1, 1, False), (2, 1, False)]
    assert t.deck.upper == [3, 0, 4], "the table is not changed"


def test_the_deck_bound_after_a_reshuffle_rules_a_draw_out():
    # one card left (a 2); then the pile of 2 named cards of kind 0 becomes the deck
    t = Table(deck=Pile(1, [0, 0, 1]), discard=[2, 0, 0, 0], known_out=[3, 0, 3])
    found = cards.impossible_draws(t, TOTALS, [2, 0, 1])
    assert [(f.at, f.card, f.deck_bound) for f in found] == [(2, 1, True)]


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**31), st.integers(1, 60))
def test_cards_are_conserved_and_bounds_hold_the_real_deck(seed, steps):
    """Random takes, plays and put-backs with real cards behind the bookkeeping: no card is
    lost or made, and the bounds always admit the deck as it really is."""
    rnd = random.Random(seed)
    real = [k for k, n in enumerate(TOTALS) for _ in range(n)]
    rnd.shuffle(real)
    real_discard: list[int] = []
    t, hands = Table(), [cards.empty_heap(TOTALS), cards.empty_heap(TOTALS)]
    real_hands: list[list[int]] = [[], []]
    for _ in range(steps):
        who = rnd.randrange(2)
        move = rnd.random()
        if move < 0.5:
            if not real and real_discard:
                real, real_discard = real_discard, []
                rnd.shuffle(real)
            if not real:
                assert cards.take(t, TOTALS, hands[who], -1) == NO_CARD
                continue
            card = real.pop()
            seen = rnd.random() < 0.7
            assert cards.take(t, TOTALS, hands[who], card if seen else -1) != NO_CARD
            real_hands[who].append(card)
        elif real_hands[who] and move < 0.85:
            card = real_hands[who].pop(rnd.randrange(len(real_hands[who])))
            assert cards.leave(t, hands[who], card)
            t.discard[card] += 1
            real_discard.append(card)
        elif real_hands[who]:
            card = real_hands[who].pop(rnd.randrange(len(real_hands[who])))
            assert cards.put_under(t, TOTALS, hands[who], card)
            real.insert(0, card)
        assert t.deck.count == len(real)
        assert sum(hands[0]) + sum(hands[1]) + sum(t.discard) + t.deck.count == sum(TOTALS)
        for k, total in enumerate(TOTALS):
            assert real.count(k) <= t.deck.upper[k] <= total
            assert 0 <= t.known_out[k] <= total
        assert cards.impossible_draws(t, TOTALS, list(reversed(real))) == []
