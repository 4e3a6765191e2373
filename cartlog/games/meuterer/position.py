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
log overrides (the good as a name or ``any``). Written only when the rest does not imply
them: ``under:LAYER/LAYER/...`` (the deck's layers, top first, once the stevedore has put
cards under it: each as its letters, or ``N=b,...`` for N cards bounded by kind; an older
``under:LETTERS`` is one batch under the rest), ``upper:N,...``
(the most of each kind the deck can hold), ``sheet:T;T@R;...`` (the score sheet's totals,
with the round of the error each carries).

The round under way, as recorded so far (:class:`~cartlog.games.meuterer.model.RoundRecord`):
``dest:``, ``mutiny:``, ``sale:``, ``score:``, ``total:`` and ``draw:`` hold its lines that
are settled when it closes, entries joined by ``;`` and their parts by ``,``; ``open:`` the
lines of phases 1-2 recorded (``wage``, ``sell`` or ``-``) when the table does not show them.
A table showing a round under way (a wage set, a card played, a pass) is in that round; any
other position without these fields stands between rounds. docs/notation.md, Meuterer, "The
one-line position", gives the forms with an example.
"""

from __future__ import annotations

from operator import mul
from urllib.parse import quote, unquote

from cartlog.core.cards import Pile
from cartlog.core.text import MAX_DIGITS, safe_int
from cartlog.games.meuterer.events import (
    Add,
    DestEntry,
    Draw,
    DrawEntry,
    Entry,
    Mutiny,
    Round,
    Sale,
    SaleEntry,
    Score,
    Sell,
    Total,
    Wage,
)
from cartlog.games.meuterer.model import (
    ACTIONS,
    ANY,
    CONFLICT,
    GOODS,
    ISLAND_BY_CODE,
    ISLAND_BY_NAME,
    LETTERS,
    NGOODS,
    NKINDS,
    OVER,
    SELL,
    UNKNOWN,
    EventPath,
    Island,
    RoundRecord,
    State,
    cards_text,
    find_action,
    find_variant,
    island_with,
)


class PositionError(ValueError):
    """A position string that cannot be read; the message says which field and why."""


HELP = ("a Meuterer position: variant circle ships round/phase/turn captain:wage players, "
        "then deck:N, discard:, table:, the round's lines (docs/notation.md, The one-line "
        "position)")
KEY_SEP = ":"  # between the key of an optional field and its value

# the field a PositionError names (its message's first words), by place or by key
_FIELDS: dict[str, int | str] = {
    "variant": 0, "circle": 1, "ships": 2, "round": 3, "captain": 4, "wage": 4,
    "players": 5, "hand of": 5, "cards played by": 5, "score of": 5, "status of": 5,
    "discard": "discard", "deck": "deck", "table": "table", "open": "open", "dest": "dest",
    "mutiny": "mutiny", "sale": "sale", "score": "score", "total": "total", "draw": "draw",
    "sheet": "sheet", "upper": "upper", "under": "under"}


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
    if state.layers:
        fields.append("under:" + "/".join(map(_layer_text, state.layers)))
    upper = _upper(state)
    if state.deck_upper != upper:
        fields.append("upper:" + ",".join(map(str, state.deck_upper)))
    if state.open is not None:
        fields += _round_fields(state, state.open)
    if state.sheet != state.scores:
        fields.append("sheet:" + ";".join(
            str(total) + (f"@{since}" if since and total != score else "")
            for total, score, since in zip(state.sheet, state.scores, state.sheet_from)))
    return " ".join(fields)


# -- the open round ------------------------------------------------------------------------------

_AT: EventPath = (-1, None, None)  # where a line read from a position stands: in no log


def _table_open(state: State) -> bool:
    """Whether the table shows a round under way: a wage set, a card played or a pass (what
    a position without ``open:`` says of the round)."""
    return state.wage >= 0 or any(state.passed) or any(sum(p) for p in state.played)


def _table_flags(state: State) -> list[str]:
    """The lines of phases 1-2 the table shows recorded: ``wage`` (a wage set) and ``sell``
    (a card played or a pass)."""
    flags = ["wage"] if state.wage >= 0 else []
    if any(state.passed) or any(sum(p) for p in state.played):
        flags.append("sell")
    return flags


def _word(text: str) -> str:
    """A player or a word of a log as a position writes it: nothing in it separates fields."""
    return quote(text, safe="")


def _place(name: str) -> str:
    """An island of a recorded line: its code, or ``~`` and the name as written when it
    names no island."""
    isl = ISLAND_BY_NAME.get(name)
    return isl.code if isl is not None else "~" + quote(name, safe="")


def _draw_text(d: DrawEntry) -> str:
    parts = [_word(d.player), d.cards or "", "" if d.count is None else str(d.count),
             "" if d.keep is None else d.keep or "-",
             "" if d.returned is None else str(d.returned)]
    return ",".join(parts).rstrip(",")


def _round_fields(state: State, rec: RoundRecord) -> list[str]:
    """The open round's lines: ``open:`` when the table does not show the round under way
    as recorded, then the lines settled at its close, each when the round has it."""
    if state.phase == OVER:
        return ["open:-"]  # a round after the game's end: nothing of it is played
    said = []
    if rec.dests:
        said.append("dest:" + ";".join(f"{d.role},{_place(d.island)}" for _, d in rec.dests))
    if rec.mutiny_at is not None:
        said.append("mutiny:" + ";".join(
            [rec.outcome[2] if rec.outcome is not None else "-"]
            + [f"{_word(a.player)},{a.count}" + (f",{a.side}" if a.side else "")
               for _, a in rec.adds]))
    if rec.sale_at is not None:
        said.append("sale:" + ";".join(
            f"{_word(e.player)},{e.good},{_place(e.island)}"
            + (f",{e.count}" if e.count is not None else "") for _, e in rec.sales))
    for key, lines in (("score", rec.score_lines), ("total", rec.total_lines)):
        entries = [e for _, line in lines for e in line.entries]
        if entries:
            said.append(f"{key}:" + ";".join(f"{_word(e.player)},{e.points}" for e in entries))
    if rec.draw_at is not None:
        said.append("draw:" + ";".join(_draw_text(d) for _, d in rec.draws))
    flags = [name for name, on in (("wage", rec.wage_at is not None),
                                   ("sell", rec.last_sell is not None)) if on]
    if (not said and not _table_open(state)) or flags != _table_flags(state):
        said.insert(0, "open:" + (",".join(flags) or "-"))
    return said


def _items(extra: dict[str, str], key: str, width: tuple[int, int]) -> list[list[str]]:
    """The entries of an optional field, ``;`` between entries, ``,`` between their parts,
    each of ``width`` parts (the least and the most)."""
    out = []
    for item in extra[key].split(";") if extra[key] else []:
        parts = item.split(",")
        if not width[0] <= len(parts) <= width[1]:
            raise PositionError(f"{key}: {item[:40]!r} has {len(parts)} part(s), not "
                                + (f"{width[0]}" if width[0] == width[1]
                                   else f"{width[0]}-{width[1]}"))
        out.append(parts)
    return out


def _player(word: str, state: State, key: str) -> str:
    player = unquote(word)
    if player not in state.colours:
        raise PositionError(f"{key}: {player!r} is not one of the players")
    return player


def _island_name(word: str, key: str) -> str:
    if word.startswith("~"):
        return unquote(word[1:])
    return _island(word, key).name


def _letters(text: str, key: str, allowed: str) -> str:
    if any(c not in allowed for c in text):
        raise PositionError(f"{key}: {text[:20]!r} is not goods letters ({allowed})")
    return text


_ROUND_KEYS = ("open", "dest", "mutiny", "sale", "score", "total", "draw")


def _read_round(state: State, extra: dict[str, str]) -> RoundRecord | None:
    """The open round of a position (see :func:`_round_fields`), or ``None`` between
    rounds."""
    given = [key for key in _ROUND_KEYS if key in extra]
    if state.phase == OVER:
        if not given:
            return None
        if given != ["open"] or extra["open"] != "-":
            raise PositionError(f"{given[0]}: the game is over: no round is under way but one "
                                "played after the end (open:-)")
        rec = RoundRecord(-1, Round())
        rec.skip = True
        return rec
    if not given and not _table_open(state):
        return None
    rec = RoundRecord(-1, Round(number=state.round))
    flags = _table_flags(state)
    if "open" in extra:
        flags = [] if extra["open"] == "-" else extra["open"].split(",")
        for flag in flags:
            if flag not in ("wage", "sell") or flags.count(flag) > 1:
                raise PositionError(f"open: {extra['open'][:40]!r}: expected -, or wage and "
                                    "sell, each at most once, joined by ,")
    if "wage" in flags:
        rec.wage_at = (_AT, Wage(wage=state.wage))
    if "sell" in flags:
        rec.last_sell = (-1, Sell())
    if "dest" in extra:
        for role, island in _items(extra, "dest", (2, 2)):
            if role not in ("captain", "mutineer"):
                raise PositionError(f"dest: {role!r} is not captain or mutineer")
            rec.dests.append((_AT, DestEntry(role=role,  # type: ignore[arg-type]
                                             island=_island_name(island, "dest"))))
    if "mutiny" in extra:
        outcome, _, rest = extra["mutiny"].partition(";")
        if outcome not in ("-", "captain", "mutineers"):
            raise PositionError(f"mutiny: the outcome {outcome[:20]!r} is not -, captain or "
                                "mutineers")
        adds = []
        for parts in _items({"mutiny": rest}, "mutiny", (2, 3)):
            side = parts[2] if len(parts) == 3 else None
            if side not in (None, "captain", "mutineer"):
                raise PositionError(f"mutiny: the side {side!r} is not captain or mutineer")
            adds.append(Add(player=_player(parts[0], state, "mutiny"),
                            count=_number(parts[1], "mutiny"), side=side))  # type: ignore
        event = Mutiny(adds=adds, outcome=None if outcome == "-" else outcome)  # type: ignore
        rec.mutiny_at = (_AT, event)
        rec.adds = [(_AT, a) for a in adds]
        if event.outcome is not None:
            rec.outcome = (_AT, event, event.outcome)
    if "sale" in extra:
        for parts in _items(extra, "sale", (3, 4)):
            good = parts[1].upper()
            if len(good) != 1 or good not in LETTERS[:NGOODS]:
                raise PositionError(f"sale: {parts[1][:20]!r} is not a good's letter "
                                    f"({LETTERS[:NGOODS]})")
            rec.sales.append((_AT, SaleEntry(
                player=_player(parts[0], state, "sale"), good=good,
                island=_island_name(parts[2], "sale"),
                count=_number(parts[3], "sale") if len(parts) == 4 else None)))
        rec.sale_at = (_AT, Sale())
    for key in ("score", "total"):
        if key in extra:
            entries = [Entry(player=_player(p, state, key), points=_number(n, key, signed=True))
                       for p, n in _items(extra, key, (2, 2))]
            if key == "score":
                rec.score_lines.append((-1, Score(entries=entries)))
            else:
                rec.total_lines.append((-1, Total(entries=entries)))
    if "draw" in extra:
        for parts in _items(extra, "draw", (2, 5)):
            parts += [""] * (5 - len(parts))
            player, cards, count, keep, returned = parts
            rec.draws.append((_AT, DrawEntry(
                player=_player(player, state, "draw"),
                cards=_letters(cards, "draw", LETTERS + "?") or None,
                count=_number(count, "draw") if count else None,
                keep=None if not keep else "" if keep == "-" else _letters(keep, "draw",
                                                                           LETTERS + "?"),
                returned=_number(returned, "draw") if returned else None)))
        rec.draw_at = (_AT, Draw())
    _check_round_counts(state, rec)
    return rec


def _check_round_counts(state: State, rec: RoundRecord) -> None:
    """The open round's counts against the cards the position gives, each refused at its
    field with the bound: the conflict cards a player adds in the mutiny come from the hand
    (rulebook 001 'Phase 4 : Mutinerie'), the game having 6 in all ('Matériel'); the cards a
    player sells are among those the player played ('Phase 5', U2); the cards drawn come from
    the deck and the discard pile, which hold at most the cards outside the hands, the
    conflict cards the mutiny discards and the stevedore's cards put back ('Phase 8'); the
    stevedore keeps and returns only cards drawn."""
    seat_of = {colour: seat for seat, colour in enumerate(state.colours)}
    added = [0] * state.players
    for _, a in rec.adds:
        added[seat_of[a.player]] += a.count
    for seat, n in enumerate(added):
        hand = state.hands[seat]
        most = hand[CONFLICT] + hand[UNKNOWN]
        if n > most:
            raise PositionError(f"mutiny: {state.colours[seat]} adds {n} conflict cards; the "
                                f"hand holds {sum(hand)}, at most {most} of them conflict cards")
    adders = [seat for seat, n in enumerate(added) if n]
    elsewhere = state.known_out[CONFLICT] - sum(state.hands[s][CONFLICT] for s in adders)
    most = state.variant.totals[CONFLICT] - elsewhere
    if sum(added) > most:
        raise PositionError(f"mutiny: {sum(added)} conflict cards added in all; the game has "
                            f"{state.variant.totals[CONFLICT]}, {elsewhere} of them elsewhere")
    sold: dict[tuple[int, int], int] = {}
    for _, e in rec.sales:
        if e.count is not None:
            key = (seat_of[e.player], LETTERS.index(e.good))
            sold[key] = sold.get(key, 0) + e.count
    for (seat, good), n in sold.items():
        played = state.played[seat]
        most = played[good] + played[UNKNOWN]
        if n > most:
            raise PositionError(f"sale: {state.colours[seat]} sells {n} {GOODS[good]}; "
                                f"{state.colours[seat]} played {most} that can be {GOODS[good]}")
    avail = state.variant.deck_size - sum(sum(h) for h in state.hands) + sum(added)
    for _, d in rec.draws:
        n = len(d.cards) if d.cards is not None else d.count or 0
        if n > avail:
            raise PositionError(f"draw: {d.player} draws {n} cards; the deck and the discard "
                                f"pile hold at most {avail} then")
        back = 0
        if d.keep is not None:
            if len(d.keep) > n:
                raise PositionError(f"draw: {d.player} keeps {len(d.keep)} of {n} cards drawn")
            back = n - len(d.keep)
        if d.returned is not None:
            if d.returned > n:
                raise PositionError(f"draw: {d.player} returns {d.returned} of {n} cards drawn")
            back = d.returned
        avail -= n - back


def _read_upper(state: State, text: str) -> list[int]:
    """``upper:``: the most of each kind, ruby to pirate, the deck can hold."""
    items = text.split(",")
    if len(items) != NKINDS:
        raise PositionError(f"upper: {len(items)} bounds, not {NKINDS} (one per kind, "
                            f"{LETTERS})")
    upper = [_number(item, "upper") for item in items]
    for k, (bound, total) in enumerate(zip(upper, state.variant.totals)):
        if bound > total:
            raise PositionError(f"upper: {bound} {GOODS[k]} in the deck; the game has {total}")
    return upper


def _read_sheet(state: State, text: str) -> None:
    """``sheet:``: each player's total as the score sheet has it, in seat order, with ``@``
    and the round of the sheet error it carries."""
    items = text.split(";")
    if len(items) != state.players:
        raise PositionError(f"sheet: {len(items)} totals for {state.players} players")
    for seat, item in enumerate(items):
        total, at, since = item.partition("@")
        state.sheet[seat] = _number(total, "sheet", signed=True)
        if at:
            state.sheet_from[seat] = _number(since, "sheet")
            if not 1 <= state.sheet_from[seat] <= state.round:
                raise PositionError(f"sheet: round {state.sheet_from[seat]} is not a round "
                                    f"played by round {state.round}")


def _layer_text(layer: Pile) -> str:
    """A layer of the deck: its cards as goods letters when its bounds name them all (they add
    up to its count), else ``N=b,b,...``: ``N`` cards, at most ``b`` of each kind."""
    if sum(layer.upper) == layer.count:
        return "".join(map(mul, LETTERS, layer.upper))
    return f"{layer.count}=" + ",".join(map(str, layer.upper))


def _read_layer(text: str) -> Pile:
    count, eq, bounds = text.partition("=")
    if not eq:
        heap = _counts(text, "under")
        if heap[UNKNOWN]:
            raise PositionError(f"under: {text[:20]!r}: a layer is goods letters or N=bounds, "
                                "not ? (a layer whose cards are not named is N=bounds)")
        return Pile(sum(heap), heap[:NKINDS])
    items = bounds.split(",")
    if len(items) != NKINDS:
        raise PositionError(f"under: {len(items)} bounds in a layer, not {NKINDS} (one per "
                            f"kind, {LETTERS})")
    layer = Pile(_number(count, "under"), [_number(item, "under") for item in items])
    if sum(min(b, layer.count) for b in layer.upper) < layer.count:
        raise PositionError(f"under: a layer of {layer.count} cards bounded to fewer "
                            f"({text[:40]})")
    return layer


def _read_layers(state: State, text: str) -> list[Pile]:
    """``under:``: the deck's layers, top first, joined by ``/`` (the cards left above those
    put under it, then each batch the stevedore put under it); or, as older positions write
    it, the cards under the deck as one heap, the rest of the deck above them."""
    variant = state.variant
    deck = state.deck
    if "/" not in text:  # one heap under the deck: above it, the rest, bounded by the deck
        heap = _counts(text, "under")
        below = sum(heap)
        if below > deck.count:
            raise PositionError(f"under: {below} cards under a deck of {deck.count}")
        for k in range(NKINDS):
            if heap[k] > variant.totals[k]:
                raise PositionError(f"under: {heap[k]} {GOODS[k]} cards under the deck; "
                                    f"the game has {variant.totals[k]}")
        if not below:
            return []
        if below == deck.count:  # no card above them: they are the deck
            return []
        unseen = heap[UNKNOWN]
        return [Pile(deck.count - below, [max(0, u - h) for u, h in zip(deck.upper, heap)]),
                Pile(below, [min(heap[k] + unseen, variant.totals[k]) for k in range(NKINDS)])]
    layers = [_read_layer(item) for item in text.split("/")]
    total = sum(layer.count for layer in layers)
    if total != deck.count:
        raise PositionError(f"under: layers of {total} cards in all, in a deck of "
                            f"{deck.count}")
    for layer in layers:
        if not layer.count:
            raise PositionError("under: a layer of no cards")
        for k in range(NKINDS):
            if layer.upper[k] > variant.totals[k]:
                raise PositionError(f"under: {layer.upper[k]} {GOODS[k]} in a layer; the "
                                    f"game has {variant.totals[k]}")
    return layers


def _known(state: State) -> list[int]:
    """The named cards of each kind in the hands, on the table and in the discard pile."""
    return [sum(h[k] for h in state.hands) + sum(p[k] for p in state.played) + state.discard[k]
            for k in range(NKINDS)]


def _upper(state: State) -> list[int]:
    """The most of each kind the deck can hold by the cards named elsewhere: what a position
    without ``upper:`` says."""
    totals = state.variant.totals
    known = _known(state)
    return [max(0, totals[k] - known[k]) for k in range(NKINDS)]


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


def _island(code: str, what: str) -> Island:
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


def _piles(state: State) -> list[tuple[str, list[int]]]:
    """The position's cards outside the deck, each with the field that names them: every
    hand, the cards every player played face up, the discard pile."""
    out = []
    for colour, hand, played in zip(state.colours, state.hands, state.played):
        out += [(f"hand of {colour}", hand), (f"cards played by {colour}", played)]
    return out + [("discard", state.discard)]


def _check_cards(state: State) -> int:
    """The cards outside the deck against the game's (rulebook 001 'Matériel', COMPONENTS.md:
    4 ruby, 5 salt, 6 wine, 7 cloth, 8 grain, 6 conflict, and the pirate card in the pirate
    variant): no kind more often than the game has it, no more cards in all, each refused at
    the field that brings the count past the total; ``known_out`` set. The number of cards
    outside the deck (unseen ``?`` cards among them)."""
    variant = state.variant
    known = [0] * NKINDS
    held = 0
    for field, counts in _piles(state):
        for k in range(NKINDS):
            known[k] += counts[k]
            if known[k] > variant.totals[k]:
                raise PositionError(f"{field}: {known[k]} {GOODS[k]} cards in the hands, on the "
                                    f"table and discarded; the game has {variant.totals[k]}")
        held += sum(counts)
        if held > variant.deck_size:
            raise PositionError(f"{field}: {held} cards in the hands, on the table and "
                                f"discarded; the game has {variant.deck_size} in all")
    state.known_out = known
    return held


def _read_cards(state: State, extra: dict[str, str]) -> None:
    """The discard pile, the deck and what is known of the deck's cards: every card not
    elsewhere (``deck:N`` must say as much: no card leaves the game), each kind bounded by
    the game's cards less those named elsewhere."""
    variant = state.variant
    state.discard = _counts(extra.get("discard", "-"), "discard")
    held = _check_cards(state)
    rest = variant.deck_size - held
    state.deck_count = _number(extra["deck"], "deck") if "deck" in extra else rest
    if state.deck_count != rest:
        raise PositionError(f"deck: {state.deck_count} cards; the game has {variant.deck_size}, "
                            f"{held} of them in the hands, on the table or discarded: the deck "
                            f"holds {rest}")
    state.deck_upper = _upper(state)
    if "upper" in extra:
        state.deck_upper = _read_upper(state, extra["upper"])
    if "under" in extra:
        state.layers = _read_layers(state, extra["under"])


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
        values = (_number(parts[1], "table"), _number(parts[2], "table"),
                  _number(parts[3], "table"))
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
    _read_cards(state, extra)
    state.sheet = state.scores[:]
    if "sheet" in extra:
        _read_sheet(state, extra["sheet"])
    state.open = _read_round(state, extra)
    return state
