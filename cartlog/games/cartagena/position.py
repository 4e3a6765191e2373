"""The one-line Cartagena position, as FEN is for chess.

Five fields separated by spaces, then optional ``key:value`` fields::

    ravensburger BKPHLS/KPLSHB/LSBKPH/HLPSKB/SBHKLP red:0,0,5,boat;blue:0,0,0,3 red:BK??;blue:- red/0

1. rule set; 2. board, sections joined by ``/``; 3. each player's pirates (seat order, the
first listed moves first in a new game); 4. each player's hand: sign letters, ``?`` for an
unseen card, ``-`` for an empty hand; 5. the player to move and the actions already taken
this turn. Optional: ``deck:N`` (cards in the deck: every card not elsewhere, O1, R1),
``deckmax:S2,K0`` (at most 2 skulls and no key in the deck: written for the signs of which
the deck can hold fewer than the cards not elsewhere, as after a reshuffle of a discard pile
holding unseen cards), ``discard:LETTERS``, ``row:LETTERS`` (Tortuga: the cards still in the
row, next first), ``taken:PKS,?red,D`` (Tortuga: the cards already drawn from the row on
the table, in arrow order; an unseen one with who drew it), ``split:N`` or ``split:N/S1,D0`` (Tortuga: the
row's next N cards were laid from the deck before a reshuffle, with at most 1 skull and no
dagger among them), ``opt:name=0,name=1``, ``ended:pass``, ``ended:draw`` (the player to move
passed, O2, or took the stuck player's draw, R3: only the end of the turn is left), ``won:C``
(the winner, when it is not the one player whose pirates are all aboard) and ``turn:N`` (the
turn number, written past turn 1, so that a position taken from a finding or from
:meth:`Engine.position` numbers the turns on when pasted). The fields a position leaves out
say nothing more than the rest of it: a position holds everything the engine knows.

A position no game can reach is refused as unreadable too: another number of pirates than
the rule set gives (O1, R1), more than 3 on a space of the passage (C4), more cards of a sign
or in all than the game has (O1, R1), refused at the hand, pile or row that brings the count
past it, a deck of another size than the cards not elsewhere (an unseen ``?`` is a card
elsewhere), unseen cards (the ``?`` of the hands, pile and row, and the deck) that the cards
of each sign not seen elsewhere cannot make within the deck's bounds (``deckmax``, and
``split``'s: C5, refused at the bound), a hand of a colour that has no pirates, more actions
taken than a turn holds (O2, R2). The number of players, their colours and the board are setup rules, findings of the
audit at the ``Position`` tag.

A log may start from a position (its ``Position`` tag, docs/notation.md "Starting from a
position"); :func:`error_field` says which field a :class:`PositionError` is about, for the
caret of the problem.
"""

from __future__ import annotations

from cartlog.core.notation import NUMBER_CAP
from cartlog.games.cartagena.model import NSIGNS, UNKNOWN, RuleSet, State, find_ruleset
from cartlog.games.cartagena.rules import counts_fit, unseen_counts


class PositionError(ValueError):
    """A position string that cannot be read; the message says which field and why."""


def _cards_text(state: State, counts: list[int]) -> str:
    letters = state.rs.letters
    text = "".join(letters[s] * counts[s] for s in range(NSIGNS)) + "?" * counts[UNKNOWN]
    return text or "-"


HELP = ("a Cartagena position: rules board pirates hands to-move, then deck:N, deckmax:, "
        "discard:, row:, taken:, split:, opt:, ended:, won:, turn:N (docs/notation.md, The "
        "one-line position)")
KEY_SEP = ":"  # between the key of an optional field and its value

# the field a PositionError names (its message's first words), by place or by key; a key
# before any key it starts with
_FIELDS: dict[str, int | str] = {
    "deckmax": "deckmax", "rules": 0, "board": 1, "pirates": 2, "hand of": 3, "to move": 4, "deck": "deck",
    "discard": "discard", "row": "row", "taken": "taken",
    "split": "split", "turn": "turn", "opt": "opt", "ended": "ended", "won": "won"}


def error_field(message: str) -> int | str | None:
    """The field of a position that a :class:`PositionError`'s message is about: its place
    among the fields (0 the rule set) or the key of an optional field; ``None`` for the
    whole position."""
    for start, field in _FIELDS.items():
        if message.startswith(start):
            return field
    return None


def to_position(state: State, turn: bool = True) -> str:
    """The position as one line (see the module docstring); ``turn``: with the turn number,
    past turn 1."""
    boat = state.boat
    board = "/".join("".join(state.rs.letters[s] for s in state.board[i:i + 6])
                     for i in range(0, len(state.board), 6))
    pirates = ";".join(
        f"{colour}:" + ",".join("boat" if p == boat else str(p) for p in sorted(ps))
        for colour, ps in zip(state.colours, state.pirates))
    hands = ";".join(f"{colour}:{_cards_text(state, h)}"
                     for colour, h in zip(state.colours, state.hands))
    rs = state.rs
    fields = [rs.name, board, pirates, hands,
              f"{state.colours[state.seat]}/{state.done}", f"deck:{state.deck.count}"]
    free = [rs.per_sign - state.known_out[s] for s in range(NSIGNS)]
    bounds = _bounds_text(rs.letters, state.deck.upper, free)
    if bounds:
        fields.append(f"deckmax:{bounds}")
    if sum(state.discard):
        fields.append(f"discard:{_cards_text(state, state.discard)}")
    if rs.tortuga:
        at = state.row_next
        fields.append("row:" + ("".join(rs.letter(c) for c in state.row[at:]) or "-"))
        if at:
            fields.append("taken:" + _taken_text(state))
        left = state.row_split - at
        if left > 0:
            bounds = _bounds_text(rs.letters, state.row_upper, [left] * NSIGNS)
            fields.append(f"split:{left}" + (f"/{bounds}" if bounds else ""))
    changed = {k: v for k, v in state.options.items() if rs.options.get(k) != v}
    if changed:
        fields.append("opt:" + ",".join(f"{k}={int(v)}" for k, v in changed.items()))
    ended = [word for word, on in (("draw", state.stuck_draw), ("pass", state.passed)) if on]
    if ended:
        fields.append("ended:" + ",".join(ended))
    if state.winner != _winner(state):
        fields.append(f"won:{state.colours[state.winner] if state.winner is not None else '-'}")
    if turn and state.turn != 1:
        fields.append(f"turn:{state.turn}")
    return " ".join(fields)


def _bounds_text(letters: str, upper: list[int], free: list[int]) -> str:
    """``S2,K0``: the bounds that say more than ``free`` (what the rest of the position
    allows of each sign), in sign order."""
    return ",".join(f"{letters[s]}{upper[s]}" for s in range(NSIGNS) if upper[s] < free[s])


def _taken_text(state: State) -> str:
    """``PKS,?red,D``: the row's cards already drawn, in arrow order; an unseen one as ``?``
    and who drew it (a row line naming it reveals it in that hand)."""
    items: list[str] = []
    run = ""
    for c, seat in zip(state.row[:state.row_next], state.row_taker):
        if c >= 0:
            run += state.rs.letters[c]
            continue
        if run:
            items.append(run)
            run = ""
        items.append("?" + (state.colours[seat] if seat >= 0 else "-"))
    if run:
        items.append(run)
    return ",".join(items)


def _winner(state: State) -> int | None:
    """The winner the pirates show: the last seat (in seat order) with every pirate aboard."""
    boat = state.boat
    found = None
    for seat, ps in enumerate(state.pirates):
        if all(p == boat for p in ps):
            found = seat
    return found


def _bounds(rs: RuleSet, text: str, what: str) -> dict[int, int]:
    """``S2,K0`` as {sign: bound}: each sign once, a letter of the rule set then a number."""
    out: dict[int, int] = {}
    for item in text.split(","):
        letter, number = item[:1], item[1:]
        sign = rs.letters.find(letter.upper()) if letter else -1
        if sign < 0:
            raise PositionError(f"{what}: {item!r} is not a sign letter of {rs.name} and a "
                                "number (S2)")
        if sign in out:
            raise PositionError(f"{what}: {rs.signs[sign]} is bounded twice")
        out[sign] = _number(number, what)
    return out


def _counts(state: State, text: str, what: str) -> list[int]:
    counts = [0] * 7
    if text == "-":
        return counts
    for ch in text:
        if ch == "?":
            counts[UNKNOWN] += 1
        elif ch.upper() in state.rs.letters:
            counts[state.rs.letters.index(ch.upper())] += 1
        else:
            raise PositionError(f"{what}: {ch!r} is not a sign letter of {state.rs.name}")
    return counts


def _number(text: str, what: str) -> int:
    """A whole number of 0 or more, or a :class:`PositionError` naming the field."""
    if not (text.isascii() and text.isdigit()):
        raise PositionError(f"{what}: {text!r} is not a number")
    return min(int(text), NUMBER_CAP) if len(text) <= 15 else NUMBER_CAP


def from_position(text: str) -> State:
    """Build a state from a one-line position. Raises :class:`PositionError`."""
    fields = text.split()
    if len(fields) < 5:
        raise PositionError("a position has at least 5 fields: rules board pirates hands "
                            "to-move")
    rs = find_ruleset(fields[0])
    if rs is None:
        raise PositionError(f"rules: unknown rule set {fields[0]!r}")
    board = []
    for ch in fields[1].replace("/", ""):
        if ch.upper() not in rs.letters:
            raise PositionError(f"board: {ch!r} is not a sign letter of {rs.name}")
        board.append(rs.letters.index(ch.upper()))
    entries = [e.split(":", 1) for e in fields[2].split(";")]
    if any(len(e) != 2 for e in entries):
        raise PositionError("pirates: expected colour:space,space;colour:...")
    colours = [e[0] for e in entries]
    options: dict[str, bool] = {}
    extra = dict(f.split(":", 1) for f in fields[5:] if ":" in f)
    for item in filter(None, extra.get("opt", "").split(",")):
        name, _, value = item.partition("=")
        options[name] = value not in ("0", "false")
    state = State(rs, board, colours, options)
    boat = state.boat
    state.occ = [0] * (boat + 1)
    for seat, (_, spaces) in enumerate(entries):
        ps = []
        for sp in spaces.split(","):
            p = (boat if sp == "boat" else int(sp) if sp.isascii() and sp.isdigit()
                 and len(sp) < 6 else -1)
            if not 0 <= p <= boat:
                raise PositionError(f"pirates: {sp!r} is not a space (0-{boat - 1} or boat)")
            ps.append(p)
            state.occ[p] += 1
        if len(ps) != rs.pirates:
            raise PositionError(f"pirates: {colours[seat]} has {len(ps)} pirates; {rs.name} "
                                f"gives each player {rs.pirates} (O1, R1)")
        state.pirates[seat] = ps
    for space in range(1, boat):
        if state.occ[space] > 3:
            raise PositionError(f"pirates: {state.occ[space]} pirates on {space}; a space of "
                                "the passage holds at most 3 (C4)")
    hands = dict(e.split(":", 1) for e in fields[3].split(";") if ":" in e)
    for colour in hands:
        if colour not in colours:
            raise PositionError(f"hand of {colour}: {colour!r} is not one of the players")
    for seat, colour in enumerate(colours):
        state.hands[seat] = _counts(state, hands.get(colour, "-"), f"hand of {colour}")
    who, _, done = fields[4].partition("/")
    if who not in colours:
        raise PositionError(f"to move: {who!r} is not one of the players")
    state.seat = colours.index(who)
    state.done = _number(done or "0", "to move: actions taken")
    if state.done > rs.actions:
        raise PositionError(f"to move: {state.done} actions taken; {rs.name} allows "
                            f"{rs.actions} a turn (O2, R2)")
    state.turn = _number(extra.get("turn", "1"), "turn")
    state.discard = _counts(state, extra.get("discard", "-"), "discard")
    if rs.tortuga:
        _row(state, extra)
    elif "taken" in extra or "split" in extra:
        raise PositionError(f"{'taken' if 'taken' in extra else 'split'}: {rs.name} has no "
                            "row of face-up cards")
    _check_cards(state)
    if "deck" in extra:
        _check_deck(state, _number(extra["deck"], "deck"))
    state.deck.upper = [max(0, rs.per_sign - state.known_out[s]) for s in range(NSIGNS)]
    if "deckmax" in extra:
        for sign, bound in _bounds(rs, extra["deckmax"], "deckmax").items():
            state.deck.upper[sign] = min(bound, state.deck.upper[sign])
    _check_unseen(state)
    _ended(state, extra.get("ended"))
    state.winner = _winner(state)
    if "won" in extra:
        won = extra["won"]
        if won != "-" and won not in colours:
            raise PositionError(f"won: {won!r} is not one of the players")
        state.winner = colours.index(won) if won != "-" else None
    return state


def _piles(state: State) -> list[tuple[str, list[int]]]:
    """The position's fields that hold cards outside the deck, each with its cards by sign
    (``?`` last): each hand, the discard pile and the Tortuga row's cards not yet drawn."""
    rest = [0] * (NSIGNS + 1)
    for c in state.row[state.row_next:]:
        rest[c if c >= 0 else UNKNOWN] += 1
    return ([(f"hand of {colour}", hand) for colour, hand in zip(state.colours, state.hands)]
            + [("discard", state.discard), ("row", rest)])


def _check_cards(state: State) -> None:
    """The cards outside the deck against the game's (O1, R1: ``per_sign`` of each sign, 6
    signs): no sign more often than the game has it, no more cards in all, each refused at
    the field that brings the count past the total; ``known_out`` set. The deck holds the
    rest (``deck:N`` must say as much, :func:`_check_deck`)."""
    rs = state.rs
    known = [0] * NSIGNS
    held = 0
    for field, counts in _piles(state):
        for s in range(NSIGNS):
            known[s] += counts[s]
            if known[s] > rs.per_sign:
                raise PositionError(
                    f"{field}: {known[s]} {rs.signs[s]} cards in the hands, discard pile and "
                    f"row; {rs.name} has {rs.per_sign} of each sign (O1, R1)")
        held += sum(counts)
        if held > rs.deck_size:
            raise PositionError(f"{field}: {held} cards in the hands, discard pile and row; "
                                f"{rs.name} has {rs.deck_size} in all (O1, R1)")
    state.known_out = known
    state.deck.count = rs.deck_size - held


def _check_deck(state: State, count: int) -> None:
    """``deck:N`` against the cards elsewhere: the game's cards are all in the hands, the
    discard pile, the Tortuga row or the deck (O1, R1), so the deck holds exactly the rest
    (unseen cards included: a ``?`` is a card outside the deck)."""
    rs = state.rs
    if count != state.deck.count:
        held = rs.deck_size - state.deck.count
        raise PositionError(f"deck: {count} cards; {rs.name} has {rs.deck_size}, {held} of "
                            f"them in the hands, discard pile and row: the deck holds "
                            f"{state.deck.count} (O1, R1)")


def _check_unseen(state: State) -> None:
    """The unseen cards (the ``?`` in the hands, the discard pile and the row, and the deck)
    against the cards of each sign not seen elsewhere (O1, R1): the deck's bounds
    (``deckmax``) must leave room for its cards, and those of the row laid before a
    reshuffle (``split``) for its unseen ones, alone and together (C5,
    :func:`rules.counts_fit`)."""
    free, deck, deck_cap, row, row_cap = unseen_counts(state)
    if counts_fit(free, deck, deck_cap, 0, row_cap):
        if counts_fit(free, 0, deck_cap, row, row_cap):
            if counts_fit(free, deck, deck_cap, row, row_cap):
                return
            raise PositionError(
                f"deckmax: the deck's bounds and the split's leave room for fewer than the "
                f"{deck} cards of the deck and the {row} unseen ones of the row laid before "
                f"a reshuffle, of the cards of each sign not seen elsewhere (O1, R1, C5)")
        room = sum(min(max(f, 0), r) for f, r in zip(free, row_cap))
        raise PositionError(
            f"split: the bounds leave room for {room} of the {row} unseen cards of the row "
            f"laid before a reshuffle, of the cards of each sign not seen elsewhere (O1, R1)")
    rs = state.rs
    room = sum(min(max(f, 0), d) for f, d in zip(free, deck_cap))
    laid = deck - state.deck.count
    held = (f"the deck holds {deck}" if not laid else f"the deck and the row's unseen cards "
            f"laid from it hold {deck}")
    raise PositionError(
        f"deckmax: the bounds add up to {room} cards, counting only the cards of each sign "
        f"not seen elsewhere; {held} ({rs.name} has {rs.per_sign} of each sign, O1, R1)")


def _row(state: State, extra: dict[str, str]) -> None:
    """Tortuga's row: the cards still in it (``row``), those already drawn from it and who
    drew them (``taken``), and how many of the next ones were laid before a reshuffle, with
    what they may be (``split``)."""
    rs = state.rs
    row: list[int] = []
    takers: list[int] = []
    for item in filter(None, extra.get("taken", "").split(",")):
        if item.startswith("?"):
            colour = item[1:]
            if colour not in state.colours and colour != "-":
                raise PositionError(f"taken: {item!r}: an unseen card is written ? and the "
                                    "colour of the player who drew it")
            row.append(-1)
            takers.append(state.colours.index(colour) if colour != "-" else -1)
            continue
        for c in item:
            if c.upper() not in rs.letters:
                raise PositionError(f"taken: {c!r} is not a sign letter of {rs.name}")
            row.append(rs.letters.index(c.upper()))
            takers.append(-1)  # a named card: who drew it says nothing more
    text = extra.get("row", "-")
    counts = _counts(state, text, "row")  # rejects what is not a sign letter or ?
    rest = [] if not sum(counts) else [rs.index.get(c.upper(), -1) for c in text]
    state.row = row + rest
    state.row_next = len(row)
    state.row_taker = takers + [-1] * len(rest)
    if "split" not in extra:
        return
    number, _, bounds = extra["split"].partition("/")
    left = _number(number, "split")
    if not 0 < left <= len(rest):
        raise PositionError(f"split: {left} cards laid before a reshuffle; the row holds "
                            f"{len(rest)}")
    state.row_split = state.row_next + left
    state.row_upper = [left] * NSIGNS
    for sign, bound in (_bounds(rs, bounds, "split") if bounds else {}).items():
        state.row_upper[sign] = bound


def _ended(state: State, text: str | None) -> None:
    """``ended:pass``, ``ended:draw`` or both: the player to move passed (O2) or took the
    stuck player's draw (R3), and only the end of the turn is left."""
    if text is None:
        return
    words = text.split(",")
    for word in words:
        if word not in ("pass", "draw") or words.count(word) > 1:
            raise PositionError(f"ended: {text!r}; expected pass, draw or draw,pass")
    state.passed = "pass" in words
    state.stuck_draw = "draw" in words
    if state.stuck_draw and not state.done:
        raise PositionError("ended: the stuck player's draw is an action, and the position "
                            f"has {state.colours[state.seat]} take none this turn")
