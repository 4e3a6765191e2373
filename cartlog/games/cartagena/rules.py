"""Cartagena rules as functions of a :class:`~cartlog.games.cartagena.model.State`.

``check_*`` functions never change the state: they return the rules an action breaks, as
:class:`Violation` records. ``apply_*`` functions carry out any action that is physically
possible, legal or not, so that a replay follows the game as it was actually played.

Rulings followed: C1 (forward move), C2 (backward move), C3 (boat retreat, option
``boat_retreat``), C4 (3 pirates a space), C5 (reshuffle), C6 (end), C7 (board), O1-O4, R1-R3.
Cards are sign numbers, ``-1`` for a card whose sign the log does not know.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from cartlog.core import cards
from cartlog.core.cards import heap_text
from cartlog.core.findings import Violation
from cartlog.games.cartagena.model import NSIGNS, UNKNOWN, RuleSet, State

# an action of legal_actions: its kind (a str), then its numbers (the sign and the start of a
# forward move, the start of a move back, none for a draw or a pass); Any, as the length
# follows the kind, which a caller reads first
LegalAction = tuple[Any, ...]

# -- queries ---------------------------------------------------------------------------------


def forward_target(state: State, start: int, sign: int) -> int:
    """C1: the first space after ``start`` with ``sign`` and no pirate on it, else the boat."""
    occ = state.occ
    for space in state.sign_spaces[sign]:
        if space > start and occ[space] == 0:
            return space
    return state.boat


def back_target(state: State, start: int) -> int | None:
    """C2: the nearest space behind ``start`` holding 1 or 2 pirates; ``None`` if there is none.

    Empty spaces and spaces holding 3 are passed over; the start is never a target.
    """
    occ = state.occ
    for space in range(start - 1, 0, -1):
        n = occ[space]
        if n == 1 or n == 2:
            return space
    return None


def can_move_back(state: State, seat: int) -> bool:
    """Whether any pirate of ``seat`` has a backward move (C2, C3)."""
    occ = state.occ
    lowest = 0
    for space in range(1, state.boat):
        n = occ[space]
        if n == 1 or n == 2:
            lowest = space
            break
    if not lowest:
        return False
    boat = state.boat
    retreat = state.options.get("boat_retreat", True)
    for p in state.pirates[seat]:
        if p > lowest and (p != boat or retreat):
            return True
    return False


def is_stuck(state: State, seat: int) -> bool:
    """No card in hand and no backward move: the player can take no action (O2, R3)."""
    return sum(state.hands[seat]) == 0 and not can_move_back(state, seat)


def _stuck_clause(state: State) -> str:
    """The clause giving a stuck player's draw in this rule set: R3, or O2 in the 2000
    edition (where only the option stuck_player_draws gives it)."""
    return "R3" if state.rs.edition == "ravensburger" else "O2 (option stuck_player_draws)"


def stuck_draw_rule(state: State) -> bool:
    """Whether a stuck player draws 1 card (R3; in the 2000 edition only by option, O2)."""
    return state.rs.edition == "ravensburger" or state.options.get("stuck_player_draws", False)


def cards_available(state: State) -> int:
    """Cards that a draw can still reach: the row, the deck and the discard pile (C5, O4)."""
    n = state.deck.count + sum(state.discard)
    if state.rs.tortuga:
        n += len(state.row) - state.row_next
    return n


def expected_back_draw(state: State, target: int) -> int:
    """C2: one card per pirate on the space reached, limited by what a draw can reach (C5)."""
    n = state.occ[target]
    if n <= state.deck.count:  # the usual case: the deck alone can serve the draw
        return n
    return min(n, cards_available(state))


def occupants(state: State, space: int) -> list[str]:
    """Colours of the pirates on ``space``, one entry per pirate."""
    return [state.colours[seat] for seat, ps in enumerate(state.pirates) for p in ps if p == space]


def legal_actions(state: State) -> list[LegalAction]:
    """Every lawful action of the player to move, as tuples.

    ``("forward", sign, start)``, ``("back", start)``, ``("draw",)``, ``("pass",)``. An empty
    list means the turn is over (the game has ended or the actions are used up). Cards of an
    unknown sign in hand cannot be named, so only known cards are offered.
    """
    if state.winner is not None or state.stuck_draw or state.passed:
        return []
    seat = state.seat
    if state.done >= state.rs.actions:
        return []
    boat = state.boat
    starts = sorted(set(state.pirates[seat]))
    out: list[LegalAction] = []
    hand = state.hands[seat]
    for sign in range(NSIGNS):
        if hand[sign]:
            for start in starts:
                if start != boat:
                    out.append(("forward", sign, start))
    retreat = state.options.get("boat_retreat", True)
    for start in starts:
        if start == boat and not retreat:
            continue
        if back_target(state, start) is not None:
            out.append(("back", start))
    if state.done == 0 and not out and sum(hand) == 0:
        out.append(("draw",) if stuck_draw_rule(state) else ("pass",))
    return out


# -- setup -----------------------------------------------------------------------------------


def check_board(rs: RuleSet, board: list[int]) -> list[Violation]:
    """C7: the board has the rule set's length and every section holds each sign once."""
    out: list[Violation] = []
    if len(board) != rs.spaces:
        out.append(Violation(
            "setup/board-length",
            f"the board has {len(board)} spaces; {rs.name} uses {rs.sections} sections of 6",
            expected=str(rs.spaces), actual=str(len(board))))
    for first in range(0, len(board) - len(board) % 6, 6):
        section = board[first:first + 6]
        if sorted(section) != list(range(NSIGNS)):
            counts = [section.count(s) for s in range(NSIGNS)]
            twice = [rs.signs[s] for s in range(NSIGNS) if counts[s] > 1]
            missing = [rs.signs[s] for s in range(NSIGNS) if counts[s] == 0]
            out.append(Violation(
                "setup/board-section",
                f"section {first // 6 + 1} (spaces {first + 1}-{first + 6}) has more than one "
                f"{', '.join(twice)} and no {', '.join(missing)}",
                expected="each of the 6 signs once",
                actual="".join(rs.letters[s] for s in section)))
    if len(board) % 6:
        out.append(Violation(
            "setup/board-section",
            f"the board ends with an incomplete section of {len(board) % 6} spaces",
            expected="sections of 6 spaces", actual=str(len(board))))
    return out


def check_deal(rs: RuleSet, hands: list[list[int] | None]) -> list[tuple[int, Violation]]:
    """O1/R1: dealt hand sizes, and no sign dealt more often than the deck holds it."""
    out: list[tuple[int, Violation]] = []
    totals = [0] * NSIGNS
    for seat, hand in enumerate(hands):
        if hand is None:
            continue
        want = rs.deal_size(seat)
        if len(hand) != want:
            first = " (the first player gets 6)" if rs.deal_first != rs.deal_other else ""
            out.append((seat, Violation(
                "setup/deal-size", f"dealt {len(hand)} cards; {rs.name} deals {want}{first}",
                expected=str(want), actual=str(len(hand)))))
        for c in hand:
            if c >= 0:
                totals[c] += 1
    for sign in range(NSIGNS):
        if totals[sign] > rs.per_sign:
            out.append((-1, Violation(
                "card/too-many",
                f"the deal holds {totals[sign]} {rs.signs[sign]} cards; the deck has "
                f"{rs.per_sign}", expected=f"<= {rs.per_sign}", actual=str(totals[sign]))))
    return out


def new_game(rs: RuleSet, board: list[int], colours: list[str],
             options: dict[str, bool] | None, hands: Sequence[list[int] | None]) -> State:
    """Set up a game: pirates at the start, the deal (``None`` = unseen hand), Tortuga row."""
    state = State(rs, board, colours, options)
    for seat in range(len(colours)):
        hand = hands[seat] if seat < len(hands) else None
        if hand is None:
            hand = [-1] * rs.deal_size(seat)
        for c in hand:
            _take_from_deck(state, seat, c)
    if rs.tortuga:
        lay_row(state)
    if colours:
        begin_turn(state, 0)
    return state


# -- cards -----------------------------------------------------------------------------------


def _reshuffle(state: State) -> None:
    """C5: the discard pile becomes the deck (:func:`cartlog.core.cards.reshuffle`)."""
    cards.reshuffle(state, state.rs.totals)


def _take_from_deck(state: State, seat: int, card: int) -> int:
    """Move one card from the deck (reshuffling if empty, C5) to ``seat``'s hand, or to the
    row if ``seat`` is -1. Returns the sign placed (-1 unknown) or -2 if no card was left."""
    return cards.take(state, state.rs.totals, state.hands[seat] if seat >= 0 else None, card)


def hold_bounds(state: State, signs: Sequence[int]) -> None:
    """Before cards of ``signs`` stop being known to be out of the deck (a card played unnamed
    from a known hand, a row card drawn as another sign): what the deck (and the part of the
    row laid from the old deck, C5) can hold of each of those signs does not grow by it. Each
    bound becomes at most the cards of its sign not known to be elsewhere, so that a bound
    reads the same whether it came from the deck's history or from a position
    (:func:`deck_bound`)."""
    per_sign, known_out = state.rs.per_sign, state.known_out
    upper, row_upper = state.deck.upper, state.row_upper
    for s in signs:
        free = per_sign - known_out[s]
        if upper[s] > free:
            upper[s] = free if free > 0 else 0
        if row_upper and row_upper[s] > free:
            row_upper[s] = free if free > 0 else 0


def deck_bound(state: State, sign: int) -> int:
    """How many cards of ``sign`` the deck can still hold: its bound since the last reshuffle
    (C5), and never more than the cards of the sign not known to be elsewhere (O1, R1)."""
    free = state.rs.per_sign - state.known_out[sign]
    bound = state.deck.upper[sign]
    return bound if bound < free else free


def lay_row(state: State) -> None:
    """O4: deal a new face-down-unknown row of up to 12 cards from the deck (reshuffling)."""
    n = min(state.rs.row_size, state.deck.count + sum(state.discard))
    row: list[int] = []
    state.row_split, state.row_upper = 0, []
    for _ in range(n):
        if state.deck.count == 0 and row:  # the rest comes from the reshuffled discard pile
            state.row_split = len(row)
            state.row_upper = [deck_bound(state, s) for s in range(NSIGNS)]
        if _take_from_deck(state, -1, -1) == -2:
            break
        row.append(-1)
    state.row = row
    state.row_next = 0
    state.row_taker = [-1] * len(row)


def peek_row(state: State, n: int) -> list[int]:
    """O4: the signs of the next ``n`` cards of the row (-1 where unknown or past the row)."""
    row, i = state.row, state.row_next
    return [row[i + k] if i + k < len(row) else -1 for k in range(n)]


def check_drawn(state: State, seat: int, cards: Sequence[int]) -> list[Violation]:
    """The cards a draw names: the next ones of the Tortuga row (O4), and never a sign the
    deck can no longer hold (O1, R1, C5)."""
    rs = state.rs
    out: list[Violation] = []
    if rs.tortuga:
        expect = peek_row(state, len(cards))
        if any(c >= 0 and e >= 0 and c != e for c, e in zip(cards, expect)):
            out.append(Violation(
                "draw/not-next-in-row",
                "the draw must take the next cards of the row in arrow order",
                expected="".join(rs.letter(e) for e in expect),
                actual="".join(rs.letter(c) for c in cards)))
        # unseen cards of the row: at most what the deck they were laid from could hold
        at, split, size = state.row_next, state.row_split, len(state.row)
        upper, known_out = state.deck.upper[:], state.known_out[:]
        before = state.row_upper[:]
        if not before:
            before = [0] * NSIGNS
        # what the counts leave for an unseen card (:func:`fits_as`), counted when one is
        # named: the free cards, the deck and the row before the reshuffle, less the unseen
        # cards of each drawn so far
        free: list[int] | None = None
        deck = row = gone_deck = gone_row = 0
        beyond = []
        for k, (c, e) in enumerate(zip(cards, expect)):
            if at + k >= size:  # beyond the current row: from the deck, checked below
                beyond.append(c)
            elif e < 0 and c >= 0:
                bounds = before if at + k < split else upper
                if known_out[c] >= rs.per_sign:
                    out.append(_too_many(rs, c, known_out, ""))
                elif bounds[c] <= 0:
                    # the reshuffle is named while the row still holds cards from both
                    # decks (what a position holds, ``split:``)
                    out.append(_too_many(rs, c, known_out, "" if split <= at else
                                         "before the reshuffle " if bounds is before else
                                         "after the reshuffle "))
                else:
                    if free is None:
                        _, deck, _, row, _ = unseen_counts(state)
                        free = [rs.per_sign - known_out[s] for s in range(NSIGNS)]
                    if not fits_as(free, deck - gone_deck, upper, row - gone_row, before, c,
                                   ROW if at + k < split else DECK):
                        out.append(_no_room(rs, c))
                    else:
                        bounds[c] -= 1
                        known_out[c] += 1
                        free[c] -= 1
            if e < 0 and at + k < split:
                gone_row += 1
            elif e < 0:
                gone_deck += 1
        if not beyond:
            return out
        return out + _check_from_deck(state, beyond, upper, known_out)
    count = state.deck.count
    if not rs.tortuga and count >= len(cards):  # no reshuffle: the usual case, no copies
        upper, known_out, per_sign = state.deck.upper, state.known_out, rs.per_sign
        c = cards[0]
        ok = c < 0 or (upper[c] > 0 and known_out[c] < per_sign)
        for i in range(1, len(cards) if ok else 0):
            c = cards[i]
            if c >= 0:
                used = cards[:i].count(c)  # the same sign drawn just before in this draw
                if upper[c] <= used or per_sign - known_out[c] <= used:
                    ok = False
                    break
        if ok:
            return out
    return out + _check_from_deck(state, cards, state.deck.upper[:], state.known_out[:])


def _check_from_deck(state: State, cards: Sequence[int], upper: list[int],
                     known_out: list[int]) -> list[Violation]:
    """Cards drawn from the deck, or (Tortuga) from the next row laid from it: none of a
    sign the deck can no longer hold, the discard pile shuffled into a new deck when the deck
    runs out (C5). ``upper`` and ``known_out`` are copies, counted down as the cards go."""
    rs = state.rs
    out: list[Violation] = []
    discard = state.discard
    count = state.deck.count  # Tortuga: the next row is laid from the deck in the same order
    pile: str | None = None  # the discard pile shuffled into a new deck during this draw
    for c in cards:
        if count == 0:  # C5: the discard pile is shuffled into a new deck
            count = sum(discard)
            pile = heap_text(discard, rs.letters) if count else "no card"
            for s in range(NSIGNS):
                known_out[s] -= discard[s]
                upper[s] = discard[s] + discard[UNKNOWN]
        count -= 1
        if c < 0:
            continue
        avail = min(upper[c], rs.per_sign - known_out[c], count + 1)
        if avail <= 0 and upper[c] < rs.per_sign - known_out[c]:
            sign = rs.signs[c]
            why = (f"after the reshuffle the deck holds no {sign}: the discard pile it was made "
                   f"from held {pile}" if pile is not None else
                   f"the deck can hold no {sign} any more (each sign's cards in it are bounded "
                   "since its last reshuffle)")
            out.append(Violation("card/too-many", f"draws a {sign}, but {why}",
                                 expected="a card the deck can hold", actual=rs.letters[c]))
        elif avail <= 0:
            out.append(_too_many(rs, c, known_out, ""))
        else:
            upper[c] -= 1
            known_out[c] += 1
    return out


def _no_room(rs: RuleSet, c: int) -> Violation:
    """A row card drawn as a sign whose free cards must all be in the deck (or in the row's
    part laid before a reshuffle) for the rest of the unseen cards to fit their bounds."""
    return Violation(
        "card/too-many",
        f"draws a {rs.signs[c]} from the row, but the other unseen cards fit the bounds of "
        f"the deck and of the row laid before a reshuffle (C5) only if every {rs.signs[c]} "
        "not accounted for elsewhere is among them", expected="a card the row can hold",
        actual=rs.letters[c])


def _too_many(rs: RuleSet, c: int, known_out: list[int], where: str) -> Violation:
    return Violation(
        "card/too-many",
        f"draws a {rs.signs[c]}, but {where}no {rs.signs[c]} can be left in the deck: "
        f"{rs.per_sign - max(0, rs.per_sign - known_out[c])} of {rs.per_sign} are known "
        "to be elsewhere", expected="a card the deck can hold", actual=rs.letters[c])


def draw(state: State, seat: int, n: int, cards: Sequence[int] | None) -> None:
    """Move ``n`` cards to ``seat``'s hand: from the Tortuga row in arrow order (O4) or the
    deck (C5). ``cards`` gives their signs where the log knows them."""
    rs = state.rs
    hand = state.hands[seat]
    for k in range(n):
        c = cards[k] if cards is not None and k < len(cards) else -1
        if not rs.tortuga:
            if _take_from_deck(state, seat, c) == -2:
                return  # C5: deck and discard pile are empty, nothing more can be drawn
            continue
        if state.row_next >= len(state.row):
            lay_row(state)
            if not state.row:
                return
        i = state.row_next
        slot = state.row[i]
        state.row_next = i + 1
        state.row_taker[i] = seat
        if c < 0:
            c = slot
        elif slot != c:
            if slot >= 0:
                hold_bounds(state, (slot,))
                state.known_out[slot] -= 1
            state.known_out[c] += 1
            state.row[i] = c
        hand[c if c >= 0 else UNKNOWN] += 1
        if state.row_next >= len(state.row):
            lay_row(state)  # O4: a depleted row is replaced at once


def check_row(state: State, cards: list[int]) -> list[Violation]:
    """O4: a declared row fits the row on the table and the cards already drawn from it."""
    rs = state.rs
    if not rs.tortuga:
        return [Violation("setup/row", f"{rs.name} has no row of face-up cards",
                          expected="no row", actual="".join(rs.letter(c) for c in cards))]
    out: list[Violation] = []
    if len(cards) != len(state.row):
        out.append(Violation(
            "setup/row", f"the row laid out holds {len(state.row)} cards, not {len(cards)}",
            expected=str(len(state.row)), actual=str(len(cards))))
    seen = [0] * NSIGNS
    for i, c in enumerate(cards[:len(state.row)]):
        have = state.row[i]
        if have >= 0 and c >= 0 and have != c:
            out.append(Violation(
                "setup/row",
                f"card {i + 1} of the row was drawn as {rs.signs[have]} but the row shows "
                f"{rs.signs[c]}", expected=rs.letters[have], actual=rs.letters[c]))
        elif have < 0 and c >= 0:
            seen[c] += 1
    for s in range(NSIGNS):
        if seen[s] and state.known_out[s] + seen[s] > rs.per_sign:
            out.append(Violation(
                "card/too-many",
                f"the row shows {seen[s]} {rs.signs[s]} but only "
                f"{max(0, rs.per_sign - state.known_out[s])} can be left unaccounted for",
                expected=f"<= {rs.per_sign} in all", actual=str(state.known_out[s] + seen[s])))
    return out


def apply_row(state: State, cards: list[int]) -> None:
    """Learn the signs of the current row's cards; cards already drawn are revealed in the hand
    of the player who drew them."""
    if not state.rs.tortuga:
        return
    for i, c in enumerate(cards[:len(state.row)]):
        if c < 0 or state.row[i] >= 0:
            continue
        state.row[i] = c
        state.known_out[c] += 1
        taker = state.row_taker[i]
        if taker >= 0 and state.hands[taker][UNKNOWN] > 0:
            state.hands[taker][UNKNOWN] -= 1
            state.hands[taker][c] += 1


def check_reveal(state: State, seat: int, claimed: list[int]) -> list[Violation]:
    """A hand the table saw (a ``hand`` claim naming cards, as a count vector): the unseen
    cards it names must be cards no other place is known to hold (O1, R1)."""
    hand, rs = state.hands[seat], state.rs
    out: list[Violation] = []
    for s in range(NSIGNS):
        extra = claimed[s] - hand[s]
        if extra > 0 and state.known_out[s] + extra > rs.per_sign:
            out.append(Violation(
                "card/too-many",
                f"{state.colours[seat]}'s hand shows {claimed[s]} {rs.signs[s]}, but only "
                f"{max(0, rs.per_sign - state.known_out[s]) + hand[s]} can be there: the rest "
                "are known to be elsewhere", expected=f"<= {rs.per_sign} in all",
                actual=str(state.known_out[s] + extra)))
    return out


def apply_reveal(state: State, seat: int, claimed: list[int]) -> None:
    """Learn the hand's unseen cards that the claim names: later plays and draws are checked
    against them."""
    hand = state.hands[seat]
    for s in range(NSIGNS):
        extra = min(claimed[s] - hand[s], hand[UNKNOWN])
        if extra > 0:
            hand[UNKNOWN] -= extra
            hand[s] += extra
            state.known_out[s] += extra


# -- actions ---------------------------------------------------------------------------------


def _no_pirate(state: State, seat: int, start: int) -> Violation:
    spaces = sorted(set(state.pirates[seat]))
    counts = {p: state.pirates[seat].count(p) for p in spaces}
    where = ", ".join(state.space_name(p) + (f" (x{counts[p]})" if counts[p] > 1 else "")
                      for p in spaces)
    return Violation("move/no-pirate",
                     f"{state.colours[seat]} has no pirate on {state.space_name(start)}",
                     expected=f"one of {where}", actual=state.space_name(start))


def _space_full(state: State, start: int, to: int | None) -> list[Violation]:
    """C4: a recorded destination on the passage that already holds 3 pirates."""
    if to is None or to == start or not 0 < to <= len(state.board) or state.occ[to] < 3:
        return []
    return [Violation("move/space-full",
                      f"{to} already holds {state.occ[to]} pirates; a space of the passage "
                      "holds at most 3", expected="a space with at most 2 pirates",
                      actual=f"{to} ({state.occ[to]} there)")]


def explain_forward(state: State, start: int, sign: int, target: int) -> str:
    """Why a forward move ends where it does: the same-sign spaces it passes and who holds them."""
    rs = state.rs
    passed = [s for s in state.sign_spaces[sign] if start < s < target]
    where = "the boat" if target == state.boat else f"{target}"
    if not passed:
        return f"the first {rs.signs[sign]} ahead of {state.space_name(start)} is {where}"
    held = "; ".join(f"{s} ({', '.join(occupants(state, s))})" for s in passed)
    free = ("no free " + rs.signs[sign] + " is left ahead, so the pirate boards the boat"
            if target == state.boat else f"the next free {rs.signs[sign]} is {target}")
    return f"{rs.signs[sign]} spaces passed, all occupied: {held}; {free}"


def check_forward(state: State, seat: int, card: int, start: int, to: int | None
                  ) -> list[Violation]:
    """C1: play a card from hand and advance a pirate to the first free space of its sign.

    The usual lawful move is recognised on plain data first (a named card the hand holds, the
    player's pirate off the boat, the destination C1 gives or none written); anything else
    gets the full diagnosis."""
    if card >= 0 and state.hands[seat][card] and start != state.boat \
            and start in state.pirates[seat]:
        if to is None:
            return []
        occ = state.occ
        for space in state.sign_spaces[card]:
            if space > start and not occ[space]:
                if space == to:
                    return []
                break
        else:
            if to == state.boat:
                return []
    return _forward_findings(state, seat, card, start, to)


def _forward_findings(state: State, seat: int, card: int, start: int, to: int | None
                      ) -> list[Violation]:
    """Every rule a forward move breaks (:func:`check_forward`)."""
    if start not in state.pirates[seat]:
        return [_no_pirate(state, seat, start)]
    rs = state.rs
    boat = state.boat
    out: list[Violation] = (_space_full(state, start, to)
                            if to is not None and to < len(state.occ) and state.occ[to] >= 3
                            else [])
    if start == boat:
        out.append(Violation("move/forward-from-boat",
                             f"{state.colours[seat]}'s pirate is already in the boat and cannot "
                             "move forward", expected="a pirate on the start or the passage",
                             actual="boat"))
    sign = card
    if sign < 0 and to is not None and 0 < to < boat:
        sign = state.board[to - 1]  # the destination shows which card it was
    if sign < 0 and to == boat and start != boat:
        out += _unseen_to_boat(state, seat, start)
    if sign >= 0:
        hand = state.hands[seat]
        if hand[sign] == 0:
            if hand[UNKNOWN] == 0:
                held = "".join(rs.letters[s] * hand[s] for s in range(NSIGNS)) or "no card"
                out.append(Violation(
                    "card/not-in-hand",
                    f"{state.colours[seat]} plays a {rs.signs[sign]} but holds none",
                    expected=f"a card from {held}", actual=rs.letters[sign]))
            elif state.known_out[sign] >= rs.per_sign:
                out.append(Violation(
                    "card/too-many",
                    f"{state.colours[seat]} plays a {rs.signs[sign]}, but all {rs.per_sign} "
                    f"{rs.signs[sign]} cards are already accounted for elsewhere",
                    expected=f"<= {rs.per_sign}", actual=str(state.known_out[sign] + 1)))
            elif not may_be(state, sign):
                out.append(_deck_holds_them(state, seat, sign))
        if start != boat and to is not None:
            target = forward_target(state, start, sign)
            if to != target:
                out.append(Violation(
                    "move/forward-destination",
                    f"{rs.signs[sign]} from {state.space_name(start)} goes to "
                    f"{state.describe_space(target)}, not {state.space_name(to)}: "
                    + explain_forward(state, start, sign, target),
                    expected=state.space_name(target), actual=state.space_name(to)))
    return out


def counts_fit(free: Sequence[int], deck: int, deck_cap: Sequence[int], row: int,
               row_cap: Sequence[int]) -> bool:
    """Whether the unseen cards can be made of the cards of each sign not seen elsewhere
    (``free``, O1, R1): ``deck`` cards in the deck, at most ``deck_cap[s]`` of sign ``s``
    (its bounds since the last reshuffle, C5), ``row`` unseen cards of the Tortuga row laid
    before a reshuffle, at most ``row_cap[s]`` of each (O4, C5), and any sign in the other
    unseen places (a hand's or the discard pile's ``?``, which take the rest). Each group
    of bounded places, alone and together, must find its cards among the free ones."""
    deck_room = row_room = both = 0
    if not row:  # the deck alone: the other two conditions follow from its own
        for s in range(NSIGNS):
            f, d = free[s], deck_cap[s]
            deck_room += d if d < f else (f if f > 0 else 0)
        return deck_room >= deck
    for s in range(NSIGNS):
        f = free[s] if free[s] > 0 else 0
        d, r = deck_cap[s], row_cap[s]
        deck_room += d if d < f else f
        row_room += r if r < f else f
        both += d + r if d + r < f else f
    return deck_room >= deck and row_room >= row and both >= deck + row


def unseen_counts(state: State) -> tuple[list[int], int, list[int], int, list[int]]:
    """What :func:`counts_fit` weighs for ``state``: the cards of each sign not seen
    elsewhere; the deck's count (with the Tortuga row's unseen cards laid from it, which its
    bounds hold too, O4) and bounds; the unseen cards of the row laid before a reshuffle and
    their bounds (C5)."""
    per_sign, known = state.rs.per_sign, state.known_out
    free = [per_sign - known[s] for s in range(NSIGNS)]
    row = 0
    row_cap = [0] * NSIGNS
    at = state.row_next
    if state.row_upper and state.row_split > at:
        row = state.row[at:state.row_split].count(-1)
        row_cap = state.row_upper
        at = state.row_split
    # the row's other unseen cards were laid from the deck: its bounds hold them too
    deck = state.deck.count + state.row[at:].count(-1) if state.row else state.deck.count
    return free, deck, state.deck.upper, row, row_cap


OUT: Final = 0  # an unseen card outside the deck and the row's part laid before a reshuffle
DECK: Final = 1  # the deck's next card
ROW: Final = 2  # an unseen card of the row laid before a reshuffle (Tortuga)


def fits_as(free: list[int], deck: int, deck_cap: list[int], row: int, row_cap: list[int],
            sign: int, place: int) -> bool:
    """Whether an unseen card of ``place`` (:data:`OUT`, :data:`DECK`, :data:`ROW`) may be
    of ``sign``: a card of the sign is free and its place can hold one, and with it taken
    the rest still fits (:func:`counts_fit`). The lists are restored."""
    if free[sign] <= 0 or (place == DECK and (deck <= 0 or deck_cap[sign] <= 0)) \
            or (place == ROW and (row <= 0 or row_cap[sign] <= 0)):
        return False
    free[sign] -= 1
    if place == DECK:
        deck_cap[sign] -= 1
        ok = counts_fit(free, deck - 1, deck_cap, row, row_cap)
        deck_cap[sign] += 1
    elif place == ROW:
        row_cap[sign] -= 1
        ok = counts_fit(free, deck, deck_cap, row - 1, row_cap)
        row_cap[sign] += 1
    else:
        ok = counts_fit(free, deck, deck_cap, row, row_cap)
    free[sign] += 1
    return ok


def hidden_signs(state: State) -> list[bool]:
    """For each sign, whether an unseen card outside the deck (a ``?`` in a hand) may be of
    it (:func:`fits_as`: a card of the sign is not seen elsewhere, O1, R1, and with one taken
    for it the rest of the unseen cards still fit the deck's bounds, C5). When the counts
    fit no way at all (a log already wrong on them), each sign with a card not seen
    elsewhere. The one place that decides what a ``?`` may be, for the lawful moves and for
    the checks."""
    free, deck, deck_cap, row, row_cap = unseen_counts(state)
    out = [fits_as(free, deck, deck_cap, row, row_cap, s, OUT) for s in range(NSIGNS)]
    if True in out:
        return out
    return [f > 0 for f in free]


def may_be(state: State, sign: int) -> bool:
    """:func:`hidden_signs` for one sign: the other signs are looked at only when this one
    does not fit (a play from a hidden hand asks of its own sign alone)."""
    free, deck, deck_cap, row, row_cap = unseen_counts(state)
    return fits_as(free, deck, deck_cap, row, row_cap, sign, OUT) or hidden_signs(state)[sign]


def _deck_holds_them(state: State, seat: int, sign: int) -> Violation:
    """An unseen card played as ``sign`` when the cards of it not seen elsewhere must all be
    in the deck: the deck's bounds leave no room for the rest of the unseen cards otherwise
    (C5, O1, R1)."""
    rs = state.rs
    free = rs.per_sign - state.known_out[sign]
    may = hidden_signs(state)
    signs = ", ".join(rs.signs[s] for s in range(NSIGNS) if may[s]) or "none"
    return Violation(
        "card/too-many",
        f"{state.colours[seat]} plays an unseen card as a {rs.signs[sign]}, but the other "
        f"unseen cards fit the deck's bounds (C5) only if the {free} {rs.signs[sign]} not "
        f"accounted for elsewhere are all in the deck: an unseen card in hand can be {signs}",
        expected=signs, actual=rs.letters[sign])


def unseen_signs(state: State, seat: int) -> list[int]:
    """The signs an unseen card (``?``) played by ``seat`` may be: one the hand is known to
    hold, or, while the hand holds unseen cards, any sign :func:`hidden_signs` allows.
    Every sign when nothing is known to fit (the play is then wrong on other counts)."""
    hand = state.hands[seat]
    may = hidden_signs(state) if hand[UNKNOWN] else [False] * NSIGNS
    out = [s for s in range(NSIGNS) if hand[s] or may[s]]
    return out or list(range(NSIGNS))


def _unseen_to_boat(state: State, seat: int, start: int) -> list[Violation]:
    """C1 for an unseen card written into the boat: the pirate boards only if no free space of
    the card's sign lies ahead, so some sign the card may be must have none left ahead of
    ``start``; the card itself stays unknown."""
    boat = state.boat
    targets = {s: forward_target(state, start, s) for s in unseen_signs(state, seat)}
    if boat in targets.values():
        return []
    rs = state.rs
    spaces = sorted(set(targets.values()))
    where = ", ".join(f"{rs.signs[s]} {t}" for s, t in sorted(targets.items(),
                                                              key=lambda st: st[1]))
    return [Violation(
        "move/forward-destination",
        f"an unseen card from {state.space_name(start)} cannot reach the boat: every sign the "
        f"card may be has a free space ahead ({where})",
        expected="one of " + ", ".join(str(t) for t in spaces) + " (the boat only when no "
        "free space of the card's sign is left ahead)", actual="boat")]


def apply_forward(state: State, seat: int, card: int, start: int, to: int | None) -> int | None:
    """Discard the card and move the pirate (to ``to`` as recorded, else by C1).

    Returns where the pirate went, or ``None`` when there was no pirate to move. Every action
    counts toward the turn's limit (R2, O2), lawful or not.
    """
    state.done += 1
    hand = state.hands[seat]
    boat = state.boat
    sign = card
    if sign < 0 and to is not None and 0 < to < boat:
        sign = state.board[to - 1]
    if sign >= 0 and hand[sign] > 0:
        hand[sign] -= 1
    elif hand[UNKNOWN] > 0:
        hand[UNKNOWN] -= 1
        if sign >= 0:
            state.known_out[sign] += 1
    elif sign < 0 and sum(hand) > 0:
        # an unnamed card left a fully known hand: which one is no longer known
        hold_bounds(state, range(NSIGNS))
        for s in range(NSIGNS):
            state.known_out[s] -= hand[s]
        hand[:] = [0] * 6 + [sum(hand) - 1]
    elif sign >= 0:
        state.known_out[sign] += 1  # played a card the hand did not hold: it is in play now
    state.discard[sign if sign >= 0 else UNKNOWN] += 1
    pirates = state.pirates[seat]
    if to is None or not 0 <= to <= boat:
        if start not in pirates:
            return None
        if sign < 0 or start == boat:
            return None if to is None else start
        to = forward_target(state, start, sign)
    try:
        at = pirates.index(start)
    except ValueError:
        return None
    occ = state.occ  # the pirate moves; C6: the game ends at once when the last boards
    occ[start] -= 1
    occ[to] += 1
    pirates[at] = to
    if to == boat and state.winner is None and pirates.count(to) == len(pirates):
        state.winner = seat  # C6: the game ends at once
    return to


def check_back(state: State, seat: int, start: int, to: int | None,
               cards: Sequence[int] | None, count: int | None) -> list[Violation]:
    """C2/C3: move a pirate back to the nearest space holding 1 or 2 pirates and draw as many
    cards as pirates were there.

    The usual lawful move is recognised on plain data first (the destination C2 gives or none
    written, as many cards as pirates stood there, drawn from a deck that holds them all and
    could hold each of them); anything else gets the full diagnosis."""
    occ = state.occ
    if start in state.pirates[seat] and (start != state.boat
                                         or state.options.get("boat_retreat", True)):
        for target in range(start - 1, 0, -1):
            n = occ[target]
            if n == 1 or n == 2:
                break
        else:
            target = 0
        deck = state.deck
        if target and (to is None or to == target) and n <= deck.count and (
                n == (len(cards) if cards is not None else n if count is None else count)):
            if not cards:
                return []
            if state.rs.tortuga:
                if not check_drawn(state, seat, cards):
                    return []
            else:  # the first test of check_drawn: the deck holds every card named
                upper, known_out, per_sign = deck.upper, state.known_out, state.rs.per_sign
                for i, c in enumerate(cards):
                    if c >= 0:
                        used = cards[:i].count(c) if i else 0
                        if upper[c] <= used or per_sign - known_out[c] <= used:
                            break
                else:
                    return []
    return _back_findings(state, seat, start, to, cards, count)


def _back_findings(state: State, seat: int, start: int, to: int | None,
                   cards: Sequence[int] | None, count: int | None) -> list[Violation]:
    """Every rule a backward move breaks (:func:`check_back`)."""
    if start not in state.pirates[seat]:
        return [_no_pirate(state, seat, start)]
    out: list[Violation] = (_space_full(state, start, to)
                            if to is not None and to < len(state.occ) and state.occ[to] >= 3
                            else [])
    boat = state.boat
    if start == boat and not state.options.get("boat_retreat", True):
        out.append(Violation("move/back-from-boat",
                             "the table's option boat_retreat=false forbids moving a pirate "
                             "back out of the boat", expected="a pirate on the passage",
                             actual="boat"))
    target = back_target(state, start)
    if target is None:
        out.append(Violation(
            "move/back-impossible",
            f"no space behind {state.space_name(start)} holds 1 or 2 pirates",
            expected="a space with 1 or 2 pirates behind the pirate",
            actual=state.space_name(to) if to is not None else "none"))
        return out
    if to is not None and to != target:
        passed = [s for s in range(target + 1, start) if state.occ[s] == 3 and s != to]
        why = f"; {', '.join(map(str, passed))} with 3 pirates passed over" if passed else ""
        out.append(Violation(
            "move/back-destination",
            f"the nearest space behind {state.space_name(start)} with 1 or 2 pirates is "
            f"{target} ({state.occ[target]} there){why}, not {state.space_name(to)}",
            expected=str(target), actual=state.space_name(to)))
    want = expected_back_draw(state, target)
    got = len(cards) if cards is not None else count
    if got is not None and got != want:
        out.append(Violation(
            "draw/count",
            f"moving back to {target} ({state.occ[target]} pirate"
            f"{'s' if state.occ[target] > 1 else ''} there) draws {want} card"
            f"{'s' if want != 1 else ''}",
            expected=str(want), actual=str(got), rule="C2"))
    if cards:
        out += check_drawn(state, seat, cards)
    return out


def apply_back(state: State, seat: int, start: int, to: int | None,
               cards: Sequence[int] | None, count: int | None) -> int | None:
    """Move the pirate back (to ``to`` as recorded, else by C2) and draw the cards recorded
    (else the number C2 gives). Returns where the pirate went, or ``None``. The action counts
    toward the turn's limit."""
    state.done += 1
    pirates = state.pirates[seat]
    try:
        at = pirates.index(start)
    except ValueError:
        return None
    dest: int | None
    if to is not None and 0 <= to <= state.boat:
        dest = to
    else:
        dest = back_target(state, start)
    n = len(cards) if cards is not None else count
    if n is None:
        target = back_target(state, start)
        n = expected_back_draw(state, target) if target is not None else 0
    if dest is not None:  # as in apply_forward
        occ = state.occ
        occ[start] -= 1
        occ[dest] += 1
        pirates[at] = dest
        if dest == state.boat and state.winner is None and pirates.count(dest) == len(pirates):
            state.winner = seat  # C6
    deck = state.deck
    if cards is not None and not state.rs.tortuga and deck.count >= n:
        # the usual Jamaica / Ravensburger draw of known cards, with no reshuffle (C5)
        hand, upper, known_out = state.hands[seat], deck.upper, state.known_out
        deck.count -= n
        for c in cards:
            if c >= 0:
                if upper[c] > 0:
                    upper[c] -= 1
                known_out[c] += 1
                hand[c] += 1
            else:
                hand[UNKNOWN] += 1
        return dest
    draw(state, seat, n, cards)
    return dest


def check_stuck_draw(state: State, seat: int, cards: list[int] | None, count: int | None
                     ) -> list[Violation]:
    """R3 (O2 with option ``stuck_player_draws``): only a player with no card and no backward
    move at the start of the turn draws 1 card, and the turn ends."""
    out: list[Violation] = []
    clause = _stuck_clause(state)
    if not stuck_draw_rule(state):
        out.append(Violation(
            "draw/not-stuck",
            f"{state.rs.name} gives a stuck player no card (option stuck_player_draws is off)",
            expected="pass", actual="draw", rule=clause))
    elif state.done > 0 or not is_stuck(state, seat):
        held = sum(state.hands[seat])
        why = ("the draw comes only at the start of a turn" if state.done > 0 else
               f"{state.colours[seat]} holds {held} card{'s' if held != 1 else ''}" if held
               else f"{state.colours[seat]} can move a pirate back")
        out.append(Violation("draw/not-stuck", f"{state.colours[seat]} is not stuck: {why}",
                             expected="a card play or a backward move", actual="draw",
                             rule=clause))
    got = len(cards) if cards is not None else count
    want = min(1, cards_available(state))
    if got is not None and got != want:
        out.append(Violation("draw/count", f"a stuck player draws {want} card",
                             expected=str(want), actual=str(got), rule=clause))
    if cards:
        out += check_drawn(state, seat, cards)
    return out


def apply_stuck_draw(state: State, seat: int, cards: list[int] | None, count: int | None
                     ) -> None:
    """R3: draw the card (as recorded, else 1); the turn ends with it."""
    state.done += 1
    n = len(cards) if cards is not None else count
    draw(state, seat, 1 if n is None else n, cards)
    state.stuck_draw = True


def check_turn_end(state: State, seat: int, moved: int, stuck: bool, drew: bool
                   ) -> list[Violation]:
    """O2/R2/R3 at the end of a turn: at least one action unless the player was stuck, and a
    stuck player draws where the rule set says so, when a card is left to draw (C5).
    ``moved`` counts every action of the
    turn, those a position says were already taken included (rulebook 002 'How to play',
    rulebook 004: the turn may end after its first action; R3: a player who becomes stuck
    during the turn simply takes no more actions)."""
    if moved or state.winner is not None:
        return []
    if not stuck:
        return [Violation("turn/no-action",
                          f"{state.colours[seat]} takes no action but could move",
                          expected="1 to " + str(state.rs.actions) + " actions", actual="0")]
    # C5: with the deck, the discard pile (and the row) all empty the draw brings nothing, so
    # the turn is a pass, written "+0" or "pass"
    if stuck_draw_rule(state) and not drew and cards_available(state):
        return [Violation("turn/stuck-no-draw",
                          f"{state.colours[seat]} has no card and no backward move, and so "
                          "draws 1 card", expected="+1", actual="no draw")]
    return []


def check_hand_claim(state: State, seat: int, size: int | None,
                     claimed: list[int] | None) -> list[Violation]:
    """A ``hand`` line: the size it gives, or its cards (sign numbers, -1 unseen), against the
    replay's hand. Cards that fit the hand also reveal its unseen ones (:func:`check_reveal`).
    A claim is about the log, not the game: it changes nothing by itself."""
    hand = state.hands[seat]
    have = sum(hand)
    rs = state.rs
    shown = "".join(rs.letters[s] * hand[s] for s in range(NSIGNS)) + "?" * hand[UNKNOWN]
    if claimed is not None:
        size = len(claimed)
    problem = size is not None and size != have
    heap = [0] * 7
    if claimed is not None and not problem:
        for c in claimed:
            heap[c if c >= 0 else UNKNOWN] += 1
        for s in range(NSIGNS):
            if hand[s] > heap[s] + heap[UNKNOWN] or heap[s] > hand[s] + hand[UNKNOWN]:
                problem = True
    if problem:
        written = ("".join(rs.letter(c) for c in claimed) if claimed is not None
                   else str(size))
        return [Violation("claim/hand", f"{state.colours[seat]} holds {have} card"
                          f"{'s' if have != 1 else ''} in the replay ({shown or '-'})",
                          expected=(shown or "-") if claimed is not None else str(have),
                          actual=written)]
    if claimed is not None:
        return check_reveal(state, seat, heap)
    return []


def check_pirates_claim(state: State, seat: int, spaces: list[int]) -> list[Violation]:
    """A ``pirates`` line: the spaces it gives against the replay's."""
    have = sorted(state.pirates[seat])
    if sorted(spaces) == have:
        return []
    return [Violation("claim/pirates", f"{state.colours[seat]}'s pirates stand elsewhere in "
                      "the replay", expected=" ".join(map(state.space_name, have)),
                      actual=" ".join(map(state.space_name, sorted(spaces))))]


def begin_turn(state: State, seat: int) -> None:
    """``seat`` takes the turn (as played, even out of order). Whether that player was stuck
    at its start (O2, R3) is :func:`is_stuck` for as long as no action was taken. A player
    who takes the turn out of order starts a turn of their own: the actions, draw and pass of
    the player whose turn it was are not theirs (a log starting from a position taken during
    a turn, docs/notation.md)."""
    if seat != state.seat:
        state.done = 0
        state.stuck_draw = False
        state.passed = False
    state.seat = seat


def end_turn(state: State) -> None:
    """Play passes clockwise, in seat order: the next seat begins its turn (:func:`begin_turn`,
    written out)."""
    state.done = 0
    state.turn += 1
    state.stuck_draw = False
    state.passed = False
    state.seat = (state.seat + 1) % len(state.colours)


def check_turn_number(state: State, written: int | None) -> list[Violation]:
    """The number a turn line writes, where it writes one, is the turn's place in the game:
    turns count from 1, one a line, and a log that starts from a position counts on from the
    position's turn (docs/notation.md, "Turn lines")."""
    if written is None or written == state.turn:
        return []
    return [Violation("turn/number", f"turn written as {written} is turn {state.turn} of the "
                      "game", expected=str(state.turn), actual=str(written))]


def check_turn_order(state: State, seat: int) -> list[Violation]:
    """Turns go clockwise in seat order, the first player of the Players header first."""
    if seat == state.seat:
        return []
    return [Violation("turn/out-of-order",
                      f"it is {state.colours[state.seat]}'s turn, not {state.colours[seat]}'s",
                      expected=state.colours[state.seat], actual=state.colours[seat])]


def action_after_end(state: State, whole_turn: bool, actual: str) -> Violation:
    """C6: the game ended when the winner's last pirate boarded; nothing after counts."""
    rest = ("this turn should not have been played" if whole_turn
            else "the rest of the turn does not count")
    return Violation("game/action-after-end",
                     f"the game ended when {state.colours[state.winner or 0]}'s last pirate "
                     f"boarded; {rest}",
                     expected="no further turns" if whole_turn else "no further action",
                     actual=actual)


def action_after_pass(actual: str) -> Violation:
    """O2: a pass is a turn in which the player does nothing, so it ends the turn; an action
    written after it is played as recorded and reported."""
    return Violation("turn/action-after-pass",
                     "an action after the turn's pass: a pass is a turn without action",
                     expected="no action after pass", actual=actual)


def check_action_room(state: State, written: int) -> Violation | None:
    """R2/O2/R3: a turn holds at most the rule set's number of actions, and a stuck player's
    draw ends it. ``written`` is how many actions the turn records."""
    if state.done < state.rs.actions and not state.stuck_draw:
        return None
    if state.stuck_draw:
        return Violation("turn/too-many-actions", "a stuck player's draw ends the turn",
                         expected="the draw alone", actual=f"{written} actions")
    return Violation("turn/too-many-actions",
                     f"{state.rs.name} allows {state.rs.actions} actions a turn",
                     expected=f"at most {state.rs.actions}", actual=str(written))


def distance(state: State, seat: int) -> int:
    """Spaces still to go to the boat, added over the player's pirates (C6 breakdown)."""
    boat = state.boat
    return sum(boat - p for p in state.pirates[seat])
