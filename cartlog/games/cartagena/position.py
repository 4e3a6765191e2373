"""The one-line Cartagena position, as FEN is for chess.

Five fields separated by spaces, then optional ``key:value`` fields::

    ravensburger BKPHLS/KPLSHB/LSBKPH/HLPSKB/SBHKLP red:0,0,5,boat;blue:0,0,0,3 red:BK??;blue:- red/0

1. rule set; 2. board, sections joined by ``/``; 3. each player's pirates (seat order, the
first listed moves first in a new game); 4. each player's hand: sign letters, ``?`` for an
unseen card, ``-`` for an empty hand; 5. the player to move and the actions already taken
this turn. Optional: ``deck:N`` (cards in the deck; by default every card not elsewhere),
``discard:LETTERS``, ``row:LETTERS`` (Tortuga: the cards still in the row, next first),
``opt:name=0,name=1`` and ``turn:N`` (the turn number, written past turn 1, so that a position
taken from a finding or from :meth:`Engine.position` numbers the turns on when pasted).

A position no game can reach is refused as unreadable too: another number of pirates than
the rule set gives (O1, R1), more than 3 on a space of the passage (C4), more cards of a sign
or in all than the game has (O1, R1), a deck larger than the cards not elsewhere, more actions
taken than a turn holds (O2, R2).

A log may start from a position (its ``Position`` tag, docs/notation.md "Starting from a
position"); :func:`error_field` says which field a :class:`PositionError` is about, for the
caret of the problem.
"""

from __future__ import annotations

from cartlog.core.notation import NUMBER_CAP
from cartlog.games.cartagena.model import NSIGNS, UNKNOWN, State, find_ruleset


class PositionError(ValueError):
    """A position string that cannot be read; the message says which field and why."""


def _cards_text(state: State, counts: list[int]) -> str:
    letters = state.rs.letters
    text = "".join(letters[s] * counts[s] for s in range(NSIGNS)) + "?" * counts[UNKNOWN]
    return text or "-"


HELP = ("a Cartagena position: rules board pirates hands to-move, then deck:N, discard:, "
        "row:, opt:, turn:N (docs/notation.md, The one-line position)")
KEY_SEP = ":"  # between the key of an optional field and its value

# the field a PositionError names (its message's first words), by place or by key
_FIELDS: dict[str, int | str] = {
    "rules": 0, "board": 1, "pirates": 2, "hand of": 3, "to move": 4, "deck": "deck",
    "discard": "discard", "row": "row", "turn": "turn", "opt": "opt"}


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
    fields = [state.rs.name, board, pirates, hands,
              f"{state.colours[state.seat]}/{state.done}", f"deck:{state.deck.count}"]
    if sum(state.discard):
        fields.append(f"discard:{_cards_text(state, state.discard)}")
    if state.rs.tortuga:
        rest = state.row[state.row_next:]
        fields.append("row:" + ("".join(state.rs.letter(c) for c in rest) or "-"))
    changed = {k: v for k, v in state.options.items() if state.rs.options.get(k) != v}
    if changed:
        fields.append("opt:" + ",".join(f"{k}={int(v)}" for k, v in changed.items()))
    if turn and state.turn != 1:
        fields.append(f"turn:{state.turn}")
    return " ".join(fields)


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
        row = extra.get("row", "-")
        counts = _counts(state, row, "row")  # rejects what is not a sign letter or ?
        state.row = [] if not sum(counts) else [-1 if c == "?" else rs.letters.index(c.upper())
                                                for c in row]
        state.row_taker = [-1] * len(state.row)
    known = [sum(h[s] for h in state.hands) + state.discard[s]
             + sum(1 for c in state.row if c == s) for s in range(NSIGNS)]
    for s in range(NSIGNS):
        if known[s] > rs.per_sign:
            raise PositionError(f"cards: {known[s]} {rs.signs[s]} cards in the position's "
                                f"hands and piles; {rs.name} has {rs.per_sign} (O1, R1)")
    state.known_out = known
    in_play = (sum(sum(h) for h in state.hands) + sum(state.discard) + len(state.row))
    if in_play > rs.deck_size:
        raise PositionError(f"cards: {in_play} cards in the position's hands and piles; "
                            f"{rs.name} has {rs.deck_size} (O1, R1)")
    state.deck.count = (_number(extra["deck"], "deck") if "deck" in extra
                        else rs.deck_size - in_play)
    if state.deck.count > rs.deck_size - in_play:
        raise PositionError(f"deck: {state.deck.count} cards; {rs.name} has {rs.deck_size}, "
                            f"{in_play} of them in the position's hands and piles")
    state.deck.upper = [max(0, rs.per_sign - known[s]) for s in range(NSIGNS)]
    for seat in range(len(colours)):
        if all(p == boat for p in state.pirates[seat]):
            state.winner = seat
    return state
