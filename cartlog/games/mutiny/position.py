"""The one-line Cartagena: The Mutiny position, as FEN is for chess.

Fields separated by spaces: first ``round/phase/colour`` (the round, the phase ``deal``,
``turn``, ``ship``, ``mutiny`` or ``over``, and the player to act, ``-`` for none), then
``key=value`` fields in any order::

    3/turn/blue giver=red row=SA,PA*,.,.,.,. players=red:P1G1?:2?:3:V:PA;blue:P1G1:-:1:-:-
        ship=7 supply=30,17,25 sate=1 boat=GH storm=0 placed=1 track=24/5.11.17/2:0.3:2.4:4/24

- ``giver``: the giver of the round; ``row``: the row's slots in order, ``.`` face down, a
  two-letter pirate code face up (``VA DI CR TE WJ DN PA CY SA BI OJ CA GH``, ``?`` turned but
  not named), ``*`` after a card used this round;
- ``players``: per seat ``colour:combat:gold:coins:conviction:used``, combat cards as
  ``P1``..``G3`` and ``?``, gold cards as values and ``?`` (``-`` for none), the conviction
  ``-`` (none), ``?`` (set, side unknown), ``V`` or ``D``, and the card used this round;
- ``ship``: its space, or ``+N`` spaces moved when the start space is not declared;
- ``supply``: combat cards, gold cards and coins left on the board: what the players do not
  hold of the game's 40, 18 and 30 (combat cards shown in duels, ``spent``, counted as held),
  that rest when left out; ``sate``: Satè's bounty so
  far (M3); ``boat``: the lifeboat card (``-`` empty); ``storm``: a storm due (M5);
  ``placed``: duel pairs placed (Cambivalute); optional ``empty=combat|gold|coins``: the
  supplies that ran out during this round, joined by commas (M6);
- optional ``track=length/storms/starts/mutiny`` (``-`` for a part not declared, M7),
  ``combat=P1:8.P2:6...`` and ``gold=1:6.2:6.3:6`` for declared splits, and
  ``sailors=A:3-7.C:2-9`` for the sailors a ``Sailors`` header declares (Valverde's first);
- optional ``pairs=3-7.?.2-9``: the placed pairs' sailors as Cambivalute showed them, in the
  order A-E (``?``: placed, values not written); left out when no value is known. The duels
  need them, so a position of the voyage carries them once a value is shown.

The mutiny (003 'Mutiny', 'The sailor duels', rulings M6, M8-M10) adds these fields, each
left out while it holds its starting value; during the voyage they all do, so a voyage's
position has none of them::

    10/mutiny/- ... trigger=track mutiny=1 wins=1-0 duel=B/2/3-7/open fight=P2G1G3
        monkeys=red*,blue withdrawn=red,blue out=blue spent=3

- ``trigger``: why the voyage ended (M6): ``track``, ``combat``, ``gold``, ``coins``, or
  ``recorded`` (the log started the mutiny with no trigger met);
- ``mutiny=1``: the mutiny line is written (before it, ``mutiny`` is what comes next);
- ``wins=V-D``: the duels each side has won, Valverde's first;
- ``duel=PAIR/ROUND/SAILORS/open|won``: the current (or last) duel: its pair, the combat
  rounds played in it, its sailors ``V-D`` (``?`` for a value not known), and whether it is
  open or its winner written;
- ``fight``: the combat cards shown in that duel, in order (``?`` for a card not named);
- ``monkeys``: the players whose monkey came in the last combat round, in order, ``*`` after
  one whose coin is taken (M9); ``withdrawn``: the players whose monkey is down in this duel,
  those in ``monkeys`` among them (M8); ``out``: the players out of the game (a monkey in a
  duel's first round, M8);
  ``refilled=1``: the supply was refilled for this round's monkeys (M9, 003 'Shortages');
- ``spent``: combat cards shown in duels and taken from a known hand (for the totals);
- ``reveal=red:V,blue:-``: every player's conviction revealed (M10; ``-`` for none) and
  ``counted=red:12,blue:7``: the gold each player counted.

The pile's bounds by kind are not written: read back, they are the widest the counts allow.

A position whose counts do not add up is refused at the field that states them: a supply
other than the rest, the players holding more than the game has (of a kind, more than a
declared split has), a pirate named twice in the row and the lifeboat, another number of
cards used this round than taken from the row (``*``), more than 5 duels won.
"""

from __future__ import annotations

from cartlog.core.text import MAX_DIGITS, safe_int
from cartlog.games.mutiny.model import (
    CODES2,
    COINS,
    COMBAT,
    COMBAT_CARDS,
    GOLD,
    GOLD_CARDS,
    NCOMBAT,
    NGOLD,
    PAIRS,
    SIDES,
    State,
    Track,
    heap_text,
)
from cartlog.games.mutiny.rules import FACEDOWN, UNNAMED


class PositionError(ValueError):
    """A position string that cannot be read; the message says which field and why."""


HELP = ("a Mutiny position: round/phase/colour, then key=value fields: giver, row, players, "
        "ship, supply, ... (docs/notation.md, The one-line position)")
KEY_SEP = "="  # between the key of an optional field and its value

# the field a PositionError names (its message's first words): 0 for round/phase/colour, a
# key for the others; the first that fits, so the longer first
_FIELDS: tuple[tuple[str, int | str | None], ...] = (
    ("first field", 0), ("round", 0), ("phase", 0), ("to move", 0),
    ("combat cards", "players"), ("gold cards", "players"), ("coins", "players"),
    ("conviction", "players"), ("used", "players"), ("players=", None), ("players", "players"),
    ("track", "track"), ("combat", "combat"), ("gold", "gold"), ("row", "row"),
    ("ship", "ship"), ("supply", "supply"), ("sate", "sate"), ("boat", "boat"),
    ("empty", "empty"), ("placed", "placed"), ("pairs", "pairs"), ("sailors", "sailors"),
    ("trigger", "trigger"), ("mutiny", "mutiny"), ("refilled", "refilled"), ("wins", "wins"),
    ("duel", "duel"), ("fight", "fight"), ("withdrawn", "withdrawn"), ("out", "out"),
    ("monkeys", "monkeys"), ("spent", "spent"), ("reveal", "reveal"), ("counted", "counted"))


def error_field(message: str) -> int | str | None:
    """The field of a position that a :class:`PositionError`'s message is about: 0 for the
    first, ``round/phase/colour``, else the key of a ``key=value`` field; ``None`` for the
    whole position."""
    for start, field in _FIELDS:
        if message.startswith(start):
            return field
    return None


def _code(card: int | None) -> str:
    if card is None:
        return "-"
    return CODES2[card] if card >= 0 else "?"


def _track(t: Track) -> str | None:
    if t == Track():
        return None
    parts = [
        "-" if t.length is None else str(t.length),
        "-" if t.storms is None else ".".join(map(str, t.storms)),
        "-" if t.starts is None else ".".join(f"{k}:{v}" for k, v in sorted(t.starts.items())),
        "-" if t.mutiny is None else str(t.mutiny),
    ]
    return "/".join(parts)


def to_position(state: State) -> str:
    """The position as one line (see the module docstring)."""
    to_move = "-"
    if state.phase in ("turn",):
        to_move = state.colours[state.turn]
    elif state.phase in ("deal", "ship"):
        to_move = state.colours[state.giver]
    row = ",".join(("." if c == FACEDOWN else _code(c)) + ("*" if state.taken[i] else "")
                   for i, c in enumerate(state.row)) or "-"
    players = []
    for s, colour in enumerate(state.colours):
        conv = "-" if not state.conviction[s] else (state.side[s] or "?")
        players.append(f"{colour}:{heap_text(state.hands[s], COMBAT)}:"
                       f"{heap_text(state.golds[s], GOLD)}:{state.coins[s]}:{conv}:"
                       f"{_code(state.used[s])}")
    fields = [f"{state.round}/{state.phase}/{to_move}",
              f"giver={state.colours[state.giver]}", f"row={row}",
              "players=" + ";".join(players),
              f"ship={state.ship}" if state.ship is not None else f"ship=+{state.moved}",
              f"supply={state.combat.deck.count},{state.gold.deck.count},{state.supply}",
              f"sate={state.bounty}", f"boat={_code(state.lifeboat)}",
              f"storm={int(state.storm)}", f"placed={state.placed}"]
    if state.emptied:
        fields.append(f"empty={','.join(state.emptied)}")
    track = _track(state.track)
    if track:
        fields.append(f"track={track}")
    if state.combat.declared:
        fields.append("combat=" + ".".join(f"{c}:{n}" for c, n in
                                           zip(COMBAT, state.combat.totals)))
    if state.gold.declared:
        fields.append("gold=" + ".".join(f"{c}:{n}" for c, n in zip(GOLD, state.gold.totals)))
    if state.sailors_known:
        fields.append("sailors=" + ".".join(f"{PAIRS[i]}:{v}-{d}" for i, (v, d)
                                            in sorted(state.sailors_known.items())))
    placed = state.pairs[:state.placed]
    if any(p is not None and p != (0, 0) for p in placed):
        fields.append("pairs=" + ".".join("?" if p is None or p == (0, 0) else f"{p[0]}-{p[1]}"
                                          for p in placed))
    if state.trigger is not None:
        fields.append(f"trigger={state.trigger}")
    fields.extend(_mutiny_fields(state))
    return " ".join(fields)


def _seats(state: State, seats: list[int]) -> str:
    return ",".join(state.colours[i] for i in seats)


def _mutiny_fields(state: State) -> list[str]:
    """The mutiny's fields (see the module docstring), each only when it is not as at the
    start of the game."""
    s = state
    out = []
    if s.started:
        out.append("mutiny=1")
    if s.wins["V"] or s.wins["D"]:
        out.append(f"wins={s.wins['V']}-{s.wins['D']}")
    if s.duel >= 0 or s.in_duel or s.duel_round:
        v, d = ("?" if x is None else str(x) for x in s.sailors)
        pair = PAIRS[s.duel] if 0 <= s.duel < len(PAIRS) else "-"
        out.append(f"duel={pair}/{s.duel_round}/{v}-{d}/{'open' if s.in_duel else 'won'}")
    if s.fight:
        out.append("fight=" + "".join("?" if k < 0 else COMBAT[k] for k in s.fight))
    if s.monkeys:
        out.append("monkeys=" + ",".join(s.colours[m] + ("*" if s.stolen[m] else "")
                                         for m in s.monkeys))
    if any(s.withdrawn):
        out.append("withdrawn=" + _seats(s, [i for i, w in enumerate(s.withdrawn) if w]))
    if any(s.out):
        out.append("out=" + _seats(s, [i for i, o in enumerate(s.out) if o]))
    if s.refilled:
        out.append("refilled=1")
    if s.spent:
        out.append(f"spent={s.spent}")
    if s.revealed is not None:
        out.append("reveal=" + ",".join(f"{c}:{sd or '-'}"
                                        for c, sd in zip(s.colours, s.revealed)))
    if s.counted:
        out.append("counted=" + ",".join(f"{s.colours[i]}:{n}"
                                         for i, n in sorted(s.counted.items())))
    return out


def _int(text: str, what: str) -> int:
    value = safe_int(text, MAX_DIGITS)  # ASCII digits only, never int()'s ValueError
    if value is None:
        raise PositionError(f"{what}: {text[:20]!r}{'...' if len(text) > 20 else ''} is not "
                            "a number")
    if value < 0:
        raise PositionError(f"{what}: {value} is negative")
    return value


def _pirate(code: str, what: str) -> int | None:
    if code == "-":
        return None
    if code == "?":
        return UNNAMED
    if code.upper() not in CODES2:
        raise PositionError(f"{what}: unknown pirate code {code!r}; expected one of "
                            + " ".join(CODES2))
    return CODES2.index(code.upper())


def _heap(text: str, names: tuple[str, ...], what: str) -> list[int]:
    heap = [0] * (len(names) + 1)
    i = 0
    if text == "-":
        return heap
    while i < len(text):
        if text[i] == "?":
            heap[-1] += 1
            i += 1
            continue
        for k, name in enumerate(names):
            if text.startswith(name, i):
                heap[k] += 1
                i += len(name)
                break
        else:
            raise PositionError(f"{what}: cannot read {text[i:]!r}")
    return heap


def _splits(text: str, names: tuple[str, ...], total: int, what: str) -> list[int]:
    counts = [0] * len(names)
    for part in text.split("."):
        name, _, n = part.partition(":")
        if name not in names:
            raise PositionError(f"{what}: unknown card {name!r}")
        counts[names.index(name)] = _int(n, what)
    if sum(counts) != total:
        raise PositionError(f"{what}: the split adds up to {sum(counts)}, not {total}")
    return counts


def _read_track(text: str) -> Track:
    parts = text.split("/")
    if len(parts) != 4:
        raise PositionError("track: expected length/storms/starts/mutiny")
    length = None if parts[0] == "-" else _int(parts[0], "track length")
    storms = None if parts[1] == "-" else tuple(
        _int(x, "track storms") for x in parts[1].split(".") if x)
    starts = None
    if parts[2] != "-":
        starts = {}
        for item in parts[2].split("."):
            k, _, v = item.partition(":")
            seats = _int(k, "track starts")
            if not 2 <= seats <= 4:  # as the Track tag and the JSON form have them (M7)
                raise PositionError(f"track starts: {seats} players: a start space is given "
                                    "for 2, 3 or 4 players")
            starts[seats] = _int(v, "track starts")
    mutiny = None if parts[3] == "-" else _int(parts[3], "track mutiny")
    return Track(length, storms, starts, mutiny)


_TRIGGERS = ("track", "combat", "gold", "coins", "recorded")


def _two(text: str, what: str) -> tuple[int, int]:
    """``3-7`` as (3, 7)."""
    v, dash, d = text.partition("-")
    if not dash:
        raise PositionError(f"{what}: expected two values V-D, not {text!r}")
    return _int(v, what), _int(d, what)


def _flag(fields: dict[str, str], key: str) -> bool:
    value = fields.get(key, "0")
    if value not in ("0", "1"):
        raise PositionError(f"{key}: {value!r} is not 0 or 1")
    return value == "1"


def _colour_list(state: State, text: str, what: str) -> list[int]:
    """``red,blue`` as seats, each player at most once."""
    seats = []
    for colour in text.split(","):
        seat = state.seat(colour)
        if seat is None:
            raise PositionError(f"{what}: {colour!r} is not a player")
        if seat in seats:
            raise PositionError(f"{what}: {colour} is given twice")
        seats.append(seat)
    return seats


def _colour_map(state: State, text: str, what: str) -> dict[int, str]:
    """``red:V,blue:-`` as values by seat, each player at most once."""
    out = {}
    for item in text.split(","):
        colour, colon, value = item.partition(":")
        seat = state.seat(colour)
        if seat is None or not colon:
            raise PositionError(f"{what}: expected COLOUR:VALUE, not {item!r}")
        if seat in out:
            raise PositionError(f"{what}: {colour} is given twice")
        out[seat] = value
    return out


def _read_sailors(state: State, fields: dict[str, str]) -> None:
    """``pairs`` (the sailors shown, one per pair placed) and ``sailors`` (declared)."""
    if "pairs" in fields:
        seen = fields["pairs"].split(".")
        if len(seen) != state.placed:
            raise PositionError(f"pairs: {len(seen)} given for {state.placed} placed")
        state.pairs[:state.placed] = [(0, 0) if p == "?" else _two(p, "pairs") for p in seen]
    if "sailors" in fields:
        for item in fields["sailors"].split("."):
            pair, _, vals = item.partition(":")
            if pair not in tuple(PAIRS):
                raise PositionError(f"sailors: {pair!r} is not a pair A-E")
            if PAIRS.index(pair) in state.sailors_known:
                raise PositionError(f"sailors: pair {pair} is given twice")
            state.sailors_known[PAIRS.index(pair)] = _two(vals, "sailors")


def _read_mutiny(state: State, fields: dict[str, str]) -> None:
    """The mutiny's fields (see the module docstring); absent, they keep the start's values."""
    s = state
    s.started = _flag(fields, "mutiny")
    s.refilled = _flag(fields, "refilled")
    if "wins" in fields:
        s.wins["V"], s.wins["D"] = _two(fields["wins"], "wins")
    if "duel" in fields:
        parts = fields["duel"].split("/")
        if len(parts) != 4 or parts[3] not in ("open", "won"):
            raise PositionError("duel: expected PAIR/ROUND/V-D/open|won")
        if parts[0] != "-" and parts[0] not in tuple(PAIRS):
            raise PositionError(f"duel: {parts[0]!r} is not a pair A-E")
        if parts[0] == "-" and parts[3] == "open":
            raise PositionError("duel: an open duel names its pair A-E")
        s.duel = PAIRS.index(parts[0]) if parts[0] != "-" else -1
        s.duel_round = _int(parts[1], "duel round")
        v, dash, d = parts[2].partition("-")
        if not dash:
            raise PositionError(f"duel: expected the sailors V-D, not {parts[2]!r}")
        s.sailors = (None if v == "?" else _int(v, "duel sailors"),
                     None if d == "?" else _int(d, "duel sailors"))
        s.in_duel = parts[3] == "open"
    if "fight" in fields:
        heap = fields["fight"]
        s.fight = []
        i = 0
        while i < len(heap):
            if heap[i] == "?":
                s.fight.append(-1)
                i += 1
            elif heap[i:i + 2] in COMBAT:
                s.fight.append(COMBAT.index(heap[i:i + 2]))
                i += 2
            else:
                raise PositionError(f"fight: cannot read {heap[i:]!r}")
    for key, flags in (("withdrawn", s.withdrawn), ("out", s.out)):
        if key in fields:
            for seat in _colour_list(s, fields[key], key):
                flags[seat] = True
    if "monkeys" in fields:
        marked = fields["monkeys"].split(",")
        s.monkeys = _colour_list(s, ",".join(m.removesuffix("*") for m in marked), "monkeys")
        for seat, m in zip(s.monkeys, marked):
            if not s.withdrawn[seat]:  # a monkey played withdraws its player (M8)
                raise PositionError(f"monkeys: {s.colours[seat]} is not in withdrawn")
            s.stolen[seat] = m.endswith("*")
    s.spent = _int(fields.get("spent", "0"), "spent")
    if "reveal" in fields:
        sides = _colour_map(s, fields["reveal"], "reveal")
        if any(v not in (*SIDES, "-") for v in sides.values()):
            raise PositionError("reveal: each side is V, D or -")
        if len(sides) != s.players:
            raise PositionError("reveal: expected every player's side (- for none)")
        s.revealed = [None if sides.get(i, "-") == "-" else sides[i]
                      for i in range(s.players)]
    if "counted" in fields:
        s.counted = {seat: _int(n, "counted")
                     for seat, n in _colour_map(s, fields["counted"], "counted").items()}


def _read_supply(state: State, text: str | None) -> None:
    """``supply=combat,gold,coins``: what lies on the board, by default all the players do
    not hold. The game's 40 combat cards, 18 gold cards and 30 coins are each in the supply or
    with the players (combat cards shown in duels counted in ``spent``): the supply holds the
    rest, no more, no less (003 'Game materials'), and the players hold no more of a kind than
    a declared split has."""
    held = {"combat": sum(sum(h) for h in state.hands) + state.spent,
            "gold": sum(sum(g) for g in state.golds), "coins": sum(state.coins)}
    totals = {"combat": COMBAT_CARDS, "gold": GOLD_CARDS, "coins": COINS}
    for what, deck, names in (("combat cards", state.combat, COMBAT),
                              ("gold cards", state.gold, tuple(f"gold {g}" for g in GOLD))):
        for k, (total, out) in enumerate(zip(deck.totals, deck.known_out)):
            if out > total:
                raise PositionError(f"{what}: the players hold {out} {names[k]} cards; the "
                                    f"split declared has {total}")
    for what, total in totals.items():
        if held[what] > total:
            noun = "coins" if what == "coins" else f"{what} cards"
            raise PositionError(f"{noun}: the players hold {held[what]} {noun}"
                                + (" (those shown in duels too)" if what == "combat" else "")
                                + f"; the game has {total}")
    rest = [totals[w] - held[w] for w in ("combat", "gold", "coins")]
    if text is not None:
        parts = text.split(",")
        if len(parts) != 3:
            raise PositionError("supply: expected combat,gold,coins")
        given = [_int(p, "supply") for p in parts]
        for what, count, left in zip(("combat cards", "gold cards", "coins"), given, rest):
            if count != left:
                raise PositionError(f"supply: {count} {what}; the game has "
                                    f"{totals[what.split()[0]]}, the players hold "
                                    f"{totals[what.split()[0]] - left}: the supply holds {left}")
    state.combat.deck.count, state.gold.deck.count, state.supply = rest
    for deck in (state.combat, state.gold):
        deck.deck.upper = [max(0, min(deck.deck.count, t - o))
                           for t, o in zip(deck.totals, deck.known_out)]


def _check_pirates(state: State) -> None:
    """The 13 pirate cards, each once (003 'Game materials'): no card named twice in the row and
    the lifeboat; each card used this round was taken from the row (``*``)."""
    named = [c for c in state.row if c >= 0]
    if state.lifeboat is not None and state.lifeboat >= 0:
        named.append(state.lifeboat)
    for c in named:
        if named.count(c) > 1:
            raise PositionError(f"row: {CODES2[c]} is named {named.count(c)} times in the row "
                                "and the lifeboat; the game has one of each pirate")
    used = sum(u is not None for u in state.used)
    if used != sum(state.taken):
        raise PositionError(f"used: {used} players used a card this round; the row has "
                            f"{sum(state.taken)} taken (*)")


def _check_duels(state: State) -> None:
    """At most 5 duels won (003 'The sailor duels': 5 pairs)."""
    if state.wins["V"] + state.wins["D"] > len(PAIRS):
        raise PositionError(f"wins: {state.wins['V']}-{state.wins['D']}: more duels than the "
                            f"{len(PAIRS)} pairs")


def from_position(text: str) -> State:
    """A state from its one-line position; :class:`PositionError` says what is wrong."""
    words = text.split()
    if not words:
        raise PositionError("empty position")
    head = words[0].split("/")
    if len(head) != 3:
        raise PositionError("first field: expected round/phase/colour")
    fields: dict[str, str] = {}
    for w in words[1:]:
        key, eq, value = w.partition("=")
        if not eq:
            raise PositionError(f"{w!r}: expected key=value")
        fields[key] = value
    if "players" not in fields:
        raise PositionError("players=... is missing")
    entries = [p.split(":") for p in fields["players"].split(";")]
    if any(len(e) != 6 for e in entries):
        raise PositionError("players: expected colour:combat:gold:coins:conviction:used each")
    colours = [e[0] for e in entries]
    if not 2 <= len(colours) <= 4 or len(set(colours)) != len(colours):
        raise PositionError("players: 2 to 4 distinct colours")
    track = _read_track(fields["track"]) if "track" in fields else Track()
    combat = _splits(fields["combat"], COMBAT, COMBAT_CARDS, "combat") \
        if "combat" in fields else None
    gold = _splits(fields["gold"], GOLD, GOLD_CARDS, "gold") if "gold" in fields else None
    giver = colours.index(fields["giver"]) if fields.get("giver") in colours else 0
    state = State(colours, track, giver, combat, gold)
    state.round = _int(head[0], "round")
    if head[1] not in ("deal", "turn", "ship", "mutiny", "over"):
        raise PositionError(f"phase: {head[1]!r} is not deal, turn, ship, mutiny or over")
    state.phase = head[1]
    if head[2] != "-":
        if head[2] not in colours:
            raise PositionError(f"to move: {head[2]!r} is not a player")
        state.turn = colours.index(head[2])
    row = fields.get("row", "-")
    state.row, state.taken = [], []
    if row != "-":
        for slot in row.split(","):
            taken = slot.endswith("*")
            slot = slot.rstrip("*")
            c = FACEDOWN if slot == "." else _pirate(slot, "row")
            state.row.append(FACEDOWN if c is None else c)
            state.taken.append(taken)
    for s, (_, combat_t, gold_t, coins, conv, used) in enumerate(entries):
        state.hands[s] = _heap(combat_t, COMBAT, "combat cards")
        state.golds[s] = _heap(gold_t, GOLD, "gold cards")
        state.coins[s] = _int(coins, "coins")
        if conv not in ("-", "?", "V", "D"):
            raise PositionError(f"conviction: {conv!r} is not -, ?, V or D")
        state.conviction[s] = conv != "-"
        state.side[s] = conv if conv in ("V", "D") else None
        state.used[s] = _pirate(used, "used")
    for k in range(NCOMBAT):
        state.combat.known_out[k] = sum(h[k] for h in state.hands)
    for k in range(NGOLD):
        state.gold.known_out[k] = sum(h[k] for h in state.golds)
    ship = fields.get("ship", "+0")
    if ship.startswith("+"):
        state.moved = _int(ship[1:], "ship")
        begin = track.start(len(colours))
        state.ship = None if begin is None else begin + state.moved
    else:
        state.ship = _int(ship, "ship")
        start = track.start(len(colours))
        state.moved = state.ship - start if start is not None else 0
    _read_mutiny(state, fields)
    _read_supply(state, fields.get("supply"))
    state.bounty = _int(fields.get("sate", "0"), "sate")
    state.lifeboat = _pirate(fields.get("boat", "-"), "boat")
    state.storm = fields.get("storm", "0") == "1"
    empty = tuple(fields["empty"].split(",")) if "empty" in fields else ()
    for name in empty:
        if name not in ("combat", "gold", "coins"):
            raise PositionError(f"empty: {name!r} is not combat, gold or coins")
    state.emptied = empty
    state.placed = _int(fields.get("placed", "0"), "placed")
    if state.placed > len(PAIRS):
        raise PositionError(f"placed: {state.placed} duel pairs; the game has {len(PAIRS)}")
    for i in range(state.placed):
        state.pairs[i] = (0, 0)
    _read_sailors(state, fields)
    trigger = fields.get("trigger")
    if trigger is not None and trigger not in _TRIGGERS:
        raise PositionError(f"trigger: {trigger!r} is not " + ", ".join(_TRIGGERS))
    state.trigger = trigger
    _check_pirates(state)
    _check_duels(state)
    n = len(colours)
    laid = len(state.row)
    state.pile = state.in_play() - laid + sum(state.taken) if laid else state.in_play()
    state.closed = state.phase not in ("turn", "ship")
    if state.phase in ("turn", "ship") and laid != n + 3:
        raise PositionError(f"row: {laid} slots; {n} players lay out {n + 3}")
    return state
