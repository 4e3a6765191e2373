"""Cards under partial information, the same for every game.

A log may know every card, only what the table saw, or one seat's cards too. The engines count
cards so that every fact the log gives is checked and nothing is invented:

- a *heap* (a hand, a discard pile, the cards on the table) is a count vector with one slot per
  kind of card and one more, :func:`unknown_slot`, for cards whose kind the log does not know;
- the deck is a :class:`Pile`: how many cards it holds and, per kind, an upper bound of how many
  of that kind it can still hold;
- ``known_out[k]`` counts the named cards of kind ``k`` outside the deck, which can never exceed
  ``totals[k]``, the number the game has.

Functions work on a *table*: any object with ``deck`` (a :class:`Pile`), ``discard`` (a heap)
and ``known_out`` attributes, so a game's state is a table as it stands, with no copy.
Everything here is plain lists and integers: this is the audit's hot path.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, NamedTuple, Protocol

NO_CARD: Final = -2  # what a take returns when the deck and the discard pile are both empty


@dataclass(slots=True)
class Pile:
    """A pile known by bounds: ``count`` cards, at most ``upper[k]`` of kind ``k``.

    Exact when every card is known (the bounds add up to the count), loose when some cards
    went in or out unseen.
    """

    count: int
    upper: list[int]

    def copy(self) -> Pile:
        return Pile(self.count, self.upper[:])

    def exact(self) -> bool:
        return sum(min(u, self.count) for u in self.upper) == self.count


class Table(Protocol):
    deck: Pile
    discard: list[int]
    known_out: list[int]


def unknown_slot(totals: Sequence[int]) -> int:
    """The index of the unknown-kind slot of a heap: one past the last kind."""
    return len(totals)


def empty_heap(totals: Sequence[int]) -> list[int]:
    return [0] * (len(totals) + 1)


def heap_text(heap: Sequence[int], letters: str) -> str:
    """A heap as letters (``SSK``) and ``?`` for each unknown card."""
    n = len(letters)
    return "".join(letters[k] * heap[k] for k in range(n)) + "?" * heap[n]


def reshuffle(table: Table, totals: Sequence[int]) -> None:
    """The discard pile becomes the deck. Its named cards are no longer known to be out, and
    the deck can hold of each kind what the pile held of it plus its unknown cards (never more
    than the game has)."""
    deck, discard, known_out = table.deck, table.discard, table.known_out
    unknown = discard[-1]
    deck.count = sum(discard)
    upper = deck.upper
    for k, total in enumerate(totals):
        known_out[k] -= discard[k]
        bound = discard[k] + unknown
        upper[k] = bound if bound < total else total
    table.discard = [0] * len(discard)


def take(table: Table, totals: Sequence[int], heap: list[int] | None, card: int) -> int:
    """One card from the deck (reshuffling the discard pile when the deck is empty) onto
    ``heap`` (``None``: a card laid out that belongs to no heap yet). ``card`` is its kind, or
    -1 when unseen. Returns ``card``, or :data:`NO_CARD` when no card is left anywhere."""
    deck = table.deck
    if deck.count == 0:
        reshuffle(table, totals)
        if deck.count == 0:
            return NO_CARD
    deck.count -= 1
    if card >= 0:
        if deck.upper[card] > 0:
            deck.upper[card] -= 1
        table.known_out[card] += 1
        if heap is not None:
            heap[card] += 1
    elif heap is not None:
        heap[-1] += 1
    return card


def leave(table: Table, heap: list[int], card: int) -> bool:
    """One card of kind ``card`` (-1: not named) out of ``heap``, to wherever the caller puts
    it. A card from the unknown slot is revealed. A named card the heap does not hold means the
    heap was not what the log said: its cards become unknown, one fewer. False when the heap is
    empty."""
    if card >= 0 and heap[card]:
        heap[card] -= 1
        return True
    if heap[-1]:
        heap[-1] -= 1
        if card >= 0:
            table.known_out[card] += 1
        return True
    n = sum(heap)
    if not n:
        return False
    forget(table, heap)
    heap[-1] -= 1
    if card >= 0:
        table.known_out[card] += 1
    return True


def forget(table: Table, heap: list[int]) -> None:
    """Every card of ``heap`` becomes unknown (which one left it is no longer known)."""
    known_out = table.known_out
    n = sum(heap)
    for k in range(len(heap) - 1):
        known_out[k] -= heap[k]
        heap[k] = 0
    heap[-1] = n


def put_under(table: Table, totals: Sequence[int], heap: list[int], card: int) -> bool:
    """A card of ``heap`` goes back under the deck: named, it leaves ``known_out``; unseen,
    the deck may now hold one more of every kind. False when the heap is empty."""
    upper = table.deck.upper
    if card >= 0 and heap[card]:
        heap[card] -= 1
        table.known_out[card] -= 1
        upper[card] = min(totals[card], upper[card] + 1)
    elif sum(heap):
        if not heap[-1]:
            forget(table, heap)
        heap[-1] -= 1
        for k, total in enumerate(totals):
            upper[k] = min(total, upper[k] + 1)
    else:
        return False
    table.deck.count += 1
    return True


class Impossible(NamedTuple):
    """A named card of a draw that the deck cannot hold: its place in the draw (``at``), its kind, how
    many of the kind were known to be out at that point, and whether the deck's bound (rather
    than the game's total) rules it out."""

    at: int
    card: int
    known: int
    deck_bound: bool


def impossible_draws(table: Table, totals: Sequence[int], cards: Sequence[int]
                     ) -> list[Impossible]:
    """The named cards of a draw that the deck cannot hold, counting the reshuffle when the
    deck runs out part-way. A possible card is counted as drawn; an impossible one is not.
    The table is not changed."""
    deck = table.deck
    count, upper, known = deck.count, deck.upper[:], table.known_out[:]
    discard = table.discard
    out: list[Impossible] = []
    reshuffled = False
    for i, c in enumerate(cards):
        if count == 0:
            if reshuffled:
                break
            reshuffled = True
            count = sum(discard)
            unknown = discard[-1]
            for k, total in enumerate(totals):
                known[k] -= discard[k]
                upper[k] = min(total, discard[k] + unknown)
            if count == 0:
                break
        count -= 1
        if c < 0:
            continue
        if upper[c] > 0 and known[c] < totals[c]:
            upper[c] -= 1
            known[c] += 1
        else:
            out.append(Impossible(i, c, known[c], upper[c] < totals[c] - known[c]))
    return out
