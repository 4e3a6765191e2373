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
- ``supply``: combat cards, gold cards and coins left on the board; ``sate``: Satè's bounty so
  far (M3); ``boat``: the lifeboat card (``-`` empty); ``storm``: a storm due (M5);
  ``placed``: duel pairs placed (Cambivalute); optional ``empty=combat|gold|coins``: a supply
  that ran out during this round (M6);
- optional ``track=length/storms/starts/mutiny`` (``-`` for a part not declared, M7),
  ``combat=P1:8.P2:6...`` and ``gold=1:6.2:6.3:6`` for declared splits.

The pile's bounds by kind are not written: read back, they are the widest the counts allow.
"""

from __future__ import annotations

from cartlog.games.mutiny.model import (
    CODES2,
    COMBAT,
    COMBAT_CARDS,
    GOLD,
    GOLD_CARDS,
    NCOMBAT,
    NGOLD,
    PAIRS,
    State,
    Track,
    heap_text,
)
from cartlog.games.mutiny.rules import FACEDOWN, UNNAMED


class PositionError(ValueError):
    """A position string that cannot be read; the message says which field and why."""


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
        fields.append(f"empty={state.emptied}")
    track = _track(state.track)
    if track:
        fields.append(f"track={track}")
    if state.combat.declared:
        fields.append("combat=" + ".".join(f"{c}:{n}" for c, n in
                                           zip(COMBAT, state.combat.totals)))
    if state.gold.declared:
        fields.append("gold=" + ".".join(f"{c}:{n}" for c, n in zip(GOLD, state.gold.totals)))
    return " ".join(fields)


def _int(text: str, what: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise PositionError(f"{what}: {text!r} is not a number") from None
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
            starts[_int(k, "track starts")] = _int(v, "track starts")
    mutiny = None if parts[3] == "-" else _int(parts[3], "track mutiny")
    return Track(length, storms, starts, mutiny)


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
    supply = fields.get("supply")
    if supply is not None:
        parts = supply.split(",")
        if len(parts) != 3:
            raise PositionError("supply: expected combat,gold,coins")
        c, g, n = (_int(p, "supply") for p in parts)
        state.combat.deck.count, state.gold.deck.count, state.supply = c, g, n
        for deck in (state.combat, state.gold):
            deck.deck.upper = [max(0, min(deck.deck.count, t - o))
                               for t, o in zip(deck.totals, deck.known_out)]
    state.bounty = _int(fields.get("sate", "0"), "sate")
    state.lifeboat = _pirate(fields.get("boat", "-"), "boat")
    state.storm = fields.get("storm", "0") == "1"
    empty = fields.get("empty")
    if empty is not None and empty not in ("combat", "gold", "coins"):
        raise PositionError(f"empty: {empty!r} is not combat, gold or coins")
    state.emptied = empty
    state.placed = min(len(PAIRS), _int(fields.get("placed", "0"), "placed"))
    for i in range(state.placed):
        state.pairs[i] = (0, 0)
    n = len(colours)
    laid = len(state.row)
    state.pile = state.in_play() - laid + sum(state.taken) if laid else state.in_play()
    state.closed = state.phase not in ("turn", "ship")
    if state.phase in ("turn", "ship") and laid != n + 3:
        raise PositionError(f"row: {laid} slots; {n} players lay out {n + 3}")
    return state
