"""The one-line Meuterer position, as FEN is for chess.

Six fields separated by spaces, then optional ``key:value`` fields::

    pirate HO/FR/GR/KZ/EI/AF/KK/SO/RR/PN/FI/SK GR<HO@PN 2/sell/blue red:2 red:RSW??:W:p:12;blue:SS:RR:.:7;green:CC:-:mate:3 deck:9

1. the variant, ``base`` or ``pirate``;
2. the circle of islands clockwise from Hochland, by two-letter codes (HO Hochland, FR
   Frosthöhle, GR Grünland, KZ Karge Zunge, EI Eisfelsen, AF Affeninsel, KK Kalte Klippe, SO
   Sommerland, RR Rotes Riff, PN Piratennest, FI Fingerhut, SK Sandkap);
3. the ships: the port (where the merchant ship lies), ``<`` and the port of the round before
   when there is one (U3), ``@`` and the pirate ship's island in the pirate variant (U8);
4. the round, its phase (``sell``: wage and selling; ``over``: the game has ended) and the
   player whose turn it is to sell (``-`` when everyone has passed);
5. the captain and the wage on the captain card (``-`` before the captain has chosen);
6. each player in seat order (clockwise): ``colour:hand:played:status:score`` with the hand
   and the cards played face up as goods letters (``?`` unseen, ``-`` none), the status ``.``
   (still selling), ``p`` (passed, no action card) or the action card taken on passing
   (``mutineer``, ``cabinboy``, ``mate``, ``merchant``, ``stevedore``), and the points so far.

Optional: ``deck:N`` (cards in the deck; by default every card not elsewhere),
``discard:LETTERS`` and ``table:CODE=good,sole,two,three,ship;...`` for islands whose card a
log overrides (the good as a name or ``any``).
"""

from __future__ import annotations

from cartlog.core.text import MAX_DIGITS, safe_int
from cartlog.games.meuterer.model import (
    ACTIONS,
    ANY,
    GOODS,
    ISLAND_BY_CODE,
    LETTERS,
    NGOODS,
    NKINDS,
    OVER,
    SELL,
    UNKNOWN,
    State,
    cards_text,
    find_action,
    find_variant,
    island_with,
)


class PositionError(ValueError):
    """A position string that cannot be read; the message says which field and why."""


HELP = ("a Meuterer position: variant circle ships round/phase/turn captain:wage players, "
        "then deck:N, discard:, table: (docs/notation.md, The one-line position)")
KEY_SEP = ":"  # between the key of an optional field and its value

# the field a PositionError names (its message's first words), by place or by key
_FIELDS: dict[str, int | str] = {
    "variant": 0, "circle": 1, "ships": 2, "round": 3, "captain": 4, "wage": 4,
    "players": 5, "hand of": 5, "cards played by": 5, "score of": 5, "status of": 5,
    "discard": "discard", "deck": "deck", "table": "table"}


def error_field(message: str) -> int | str | None:
    """The field of a position that a :class:`PositionError`'s message is about: its place
    among the fields (0 the variant) or the key of an optional field; ``None`` for the
    whole position (or a field it cannot tell)."""
    for start, field in _FIELDS.items():
        if message.startswith(start):
            return field
    return None


def _cards(counts: list[int]) -> str:
    return cards_text(counts) or "-"


def to_position(state: State) -> str:
    """The position as one line (see the module docstring)."""
    circle = "/".join(i.code for i in state.circle)
    ships = state.circle[state.ship].code
    if state.prev >= 0:
        ships += "<" + state.circle[state.prev].code
    if state.pirate >= 0:
        ships += "@" + state.circle[state.pirate].code
    turn = state.colours[state.turn] if state.turn >= 0 else "-"
    wage = str(state.wage) if state.wage >= 0 else "-"
    players = []
    for seat, colour in enumerate(state.colours):
        if not state.passed[seat]:
            status = "."
        elif state.action[seat] >= 0:
            status = ACTIONS[state.action[seat]]
        else:
            status = "p"
        players.append(f"{colour}:{_cards(state.hands[seat])}:{_cards(state.played[seat])}:"
                       f"{status}:{state.scores[seat]}")
    fields = [state.variant.name, circle, ships, f"{state.round}/{state.phase}/{turn}",
              f"{state.colours[state.captain]}:{wage}", ";".join(players),
              f"deck:{state.deck_count}"]
    if sum(state.discard):
        fields.append("discard:" + _cards(state.discard))
    changed = [i for i in state.circle if ISLAND_BY_CODE.get(i.code) != i]
    if changed:
        fields.append("table:" + ";".join(
            f"{i.code}={'any' if i.good == ANY else GOODS[i.good]},"
            f"{','.join(map(str, i.values))},{i.ship}" for i in changed))
    return " ".join(fields)


def _counts(text: str, what: str) -> list[int]:
    counts = [0] * 8
    if text == "-":
        return counts
    for ch in text:
        if ch == "?":
            counts[UNKNOWN] += 1
        elif ch.upper() in LETTERS:
            counts[LETTERS.index(ch.upper())] += 1
        else:
            raise PositionError(f"{what}: {ch!r} is not a goods letter ({LETTERS} or ?)")
    return counts


def _number(text: str, what: str, signed: bool = False) -> int:
    body = text[1:] if signed and text[:1] == "-" else text
    if not (body.isascii() and body.isdigit()):
        raise PositionError(f"{what}: {text[:20]!r}{'...' if len(text) > 20 else ''} is not "
                            "a number")
    value = safe_int(text, MAX_DIGITS)
    if value is None:  # int() raises past 4,300 digits
        raise PositionError(f"{what}: a number of {len(body)} digits")
    return value


def _island(code: str, what: str):
    isl = ISLAND_BY_CODE.get(code.upper())
    if isl is None:
        raise PositionError(f"{what}: {code!r} is not an island code "
                            f"({', '.join(ISLAND_BY_CODE)})")
    return isl


def _check_round(state: State) -> None:
    """The round, which no play, legal or not, takes past the last (rulebook 001 'Fin du jeu',
    U1: 8 rounds with 4 players, 9 with 3; the game is over once the last is scored)."""
    last = state.rounds
    n = state.players
    if not 1 <= state.round <= last:
        raise PositionError(f"round: {state.round} is not a round of the game: {n} players "
                            f"play rounds 1-{last}")
    if state.phase == OVER and state.round != last:
        raise PositionError(f"round: the game is over only after round {last} ({n} players), "
                            f"not after round {state.round}")


def from_position(text: str) -> State:
    """Build a state from a one-line position. Raises :class:`PositionError`."""
    fields = text.split()
    if len(fields) < 6:
        raise PositionError("a position has at least 6 fields: variant circle ships "
                            "round/phase/turn captain:wage players")
    variant = find_variant(fields[0])
    if variant is None:
        raise PositionError(f"variant: {fields[0]!r} is not base or pirate")
    extra: dict[str, str] = {}
    for f in fields[6:]:
        key, sep, value = f.partition(":")
        if not sep:
            raise PositionError(f"optional field {f!r}: expected key:value")
        extra[key] = value
    tables = {}
    for item in filter(None, extra.get("table", "").split(";")):
        code, _, spec = item.partition("=")
        base = _island(code, "table")
        parts = spec.split(",")
        if len(parts) != 5:
            raise PositionError(f"table: {item!r}: expected CODE=good,sole,two,three,ship")
        good_word = parts[0].lower()
        if good_word == "any":
            good = ANY
        elif good_word in GOODS[:NGOODS]:
            good = GOODS.index(good_word)
        else:
            raise PositionError(f"table: {parts[0]!r} is not a good or any")
        values = tuple(_number(p, "table") for p in parts[1:4])
        tables[base.code] = island_with(base, good, values, _number(parts[4], "table"))
    codes = fields[1].split("/")
    circle = [tables.get(c.upper()) or _island(c, "circle") for c in codes]
    index = {isl.code: i for i, isl in enumerate(circle)}

    entries = [e.split(":") for e in fields[5].split(";")]
    if any(len(e) != 5 for e in entries):
        raise PositionError("players: expected colour:hand:played:status:score;...")
    colours = [e[0] for e in entries]
    if len(set(colours)) != len(colours):
        raise PositionError("players: a colour is given twice")
    cap, _, wage = fields[4].partition(":")
    if cap not in colours:
        raise PositionError(f"captain: {cap!r} is not one of the players")
    state = State(variant, circle, colours, colours.index(cap))
    state.wage = -1 if wage in ("-", "") else _number(wage, "wage")

    ships = fields[2]
    port, _, pirate = ships.partition("@")
    port, _, prev = port.partition("<")

    def where(code: str, what: str) -> int:
        isl = _island(code, what)
        if isl.code not in index:
            raise PositionError(f"{what}: {code!r} is not in the circle")
        return index[isl.code]

    state.ship = where(port, "ships")
    state.prev = where(prev, "ships (previous port)") if prev else -1
    if pirate:
        if not variant.pirate:
            raise PositionError("ships: the base game has no pirate ship")
        state.pirate = where(pirate, "ships (pirate)")
    elif variant.pirate:
        raise PositionError("ships: the pirate variant needs the pirate ship (@CODE)")

    parts = fields[3].split("/")
    if len(parts) != 3:
        raise PositionError("round: expected round/phase/turn, e.g. 3/sell/blue")
    state.round = _number(parts[0], "round")
    if parts[1] not in (SELL, OVER):
        raise PositionError(f"round: phase {parts[1]!r} is not sell or over")
    state.phase = parts[1]
    _check_round(state)
    for seat, (colour, hand, played, status, score) in enumerate(entries):
        state.hands[seat] = _counts(hand, f"hand of {colour}")
        state.played[seat] = _counts(played, f"cards played by {colour}")
        state.scores[seat] = _number(score, f"score of {colour}", signed=True)
        if status == ".":
            continue
        state.passed[seat] = True
        if status == "p":
            continue
        action = find_action(status)
        if action is None or status not in ACTIONS:
            raise PositionError(f"status of {colour}: {status!r} is not ., p or an action card "
                                f"({', '.join(ACTIONS)})")
        if state.taken[action] >= 0:
            raise PositionError(f"status of {colour}: the {status} card is held twice")
        state.taken[action] = seat
        state.action[seat] = action
    turn = parts[2]
    if turn == "-":
        state.turn = -1
    elif turn in colours:
        state.turn = colours.index(turn)
    else:
        raise PositionError(f"round: {turn!r} is not one of the players")
    state.discard = _counts(extra.get("discard", "-"), "discard")
    known = [sum(h[k] for h in state.hands) + sum(p[k] for p in state.played)
             + state.discard[k] for k in range(NKINDS)]
    for k in range(NKINDS):
        if known[k] > variant.totals[k]:
            raise PositionError(f"{GOODS[k]}: {known[k]} cards in the position; the game has "
                                f"{variant.totals[k]}")
    state.known_out = known
    elsewhere = (sum(sum(h) for h in state.hands) + sum(sum(p) for p in state.played)
                 + sum(state.discard))
    rest = max(0, variant.deck_size - elsewhere)
    state.deck_count = _number(extra["deck"], "deck") if "deck" in extra else rest
    if state.deck_count > rest:
        raise PositionError(f"deck: {state.deck_count} cards; the game has {variant.deck_size}, "
                            f"{elsewhere} of them in the hands, on the table or discarded")
    state.deck_upper = [max(0, variant.totals[k] - known[k]) for k in range(NKINDS)]
    return state
