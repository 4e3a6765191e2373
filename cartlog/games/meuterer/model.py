"""Meuterer components, the two variants, the island table and the game state.

Goods are small integers inside the engine: 0 ruby, 1 salt, 2 wine, 3 cloth, 4 grain (the five
goods that can be sold), 5 conflict, 6 pirate, and slot 7 of a count vector holds cards whose
kind the log does not know. Islands are named by their German names (as printed on the cards)
and stand in the circle at positions 0..11 clockwise, position 0 being Hochland, the start.
Action cards are 0 mutineer, 1 cabin boy, 2 mate, 3 merchant, 4 stevedore.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import count, repeat
from operator import mul
from typing import Any, Final, TypeVar

from cartlog.core.cards import Pile
from cartlog.games.meuterer.events import (
    Add,
    Dest,
    DestEntry,
    Draw,
    DrawEntry,
    Entry,
    MeutererLog,
    Mutiny,
    Round,
    Sale,
    SaleEntry,
    Score,
    Sell,
    Total,
    Wage,
)

# -- goods -------------------------------------------------------------------------------------

RUBY: Final = 0
SALT: Final = 1
WINE: Final = 2
CLOTH: Final = 3
GRAIN: Final = 4
CONFLICT: Final = 5
PIRATE: Final = 6
UNKNOWN: Final = 7  # slot of a count vector for cards nobody named
NGOODS: Final = 5  # goods that can be sold: ruby .. grain
NKINDS: Final = 7  # every kind of goods card, conflict and pirate included
LETTERS: Final = "RSWCGXP"
GOODS: Final = ("ruby", "salt", "wine", "cloth", "grain", "conflict", "pirate")
GOOD_ALIASES: Final[dict[str, int]] = {
    "ruby": RUBY, "rubies": RUBY, "rubis": RUBY, "rubin": RUBY,
    "salt": SALT, "sel": SALT, "salz": SALT,
    "wine": WINE, "vin": WINE, "wein": WINE,
    "cloth": CLOTH, "cloths": CLOTH, "tissu": CLOTH, "stoff": CLOTH, "tuch": CLOTH,
    "grain": GRAIN, "ble": GRAIN, "blé": GRAIN, "wheat": GRAIN, "getreide": GRAIN,
    "korn": GRAIN,
    "conflict": CONFLICT, "conflicts": CONFLICT, "conflit": CONFLICT, "konflikt": CONFLICT,
    "pirate": PIRATE, "pirat": PIRATE,
}
LETTER_INDEX: Final[dict[str, int]] = {**{c: i for i, c in enumerate(LETTERS)},
                                **{c.lower(): i for i, c in enumerate(LETTERS)}, "?": -1}
HAND_SIZE: Final = 5  # cards dealt, and the hand every player refills to (phase 8)
STEVEDORE_EXTRA: Final = 3  # cards the stevedore draws beyond the refill (phase 8)
WAGES: Final = range(4)  # the captain card's sides: 0/1 and 2/3 (phase 1)


def letter(kind: int) -> str:
    return LETTERS[kind] if 0 <= kind < NKINDS else "?"


def good_name(kind: int) -> str:
    return GOODS[kind] if 0 <= kind < NKINDS else "unseen card"


def cards_text(counts: list[int]) -> str:
    """A count vector as letters in goods order, ``?`` last (``""`` for none)."""
    return "".join(map(mul, LETTERS, counts[:NKINDS])) + "?" * counts[UNKNOWN]


# -- action cards ------------------------------------------------------------------------------

MUTINEER: Final = 0
CABINBOY: Final = 1
MATE: Final = 2
MERCHANT: Final = 3
STEVEDORE: Final = 4
ACTIONS: Final = ("mutineer", "cabinboy", "mate", "merchant", "stevedore")
ACTION_TITLES: Final = ("mutineer", "cabin boy", "mate", "merchant", "stevedore")
ACTION_ALIASES: Final[dict[str, int]] = {
    "mutineer": MUTINEER, "mutin": MUTINEER, "meuterer": MUTINEER,
    "cabinboy": CABINBOY, "cabin-boy": CABINBOY, "boy": CABINBOY, "mousse": CABINBOY,
    "schiffsjunge": CABINBOY,
    "mate": MATE, "quartermaster": MATE, "quartier-maitre": MATE, "quartier-maître": MATE,
    "quartiermaitre": MATE, "quartiermaître": MATE, "steuermann": MATE, "bosun": MATE,
    "merchant": MERCHANT, "marchand": MERCHANT, "haendler": MERCHANT, "händler": MERCHANT,
    "stevedore": STEVEDORE, "debardeur": STEVEDORE, "débardeur": STEVEDORE,
    "docker": STEVEDORE, "schauermann": STEVEDORE,
}
# sides in a mutiny (phase 4, ruling U6): +1 captain's, -1 mutineer's, 0 may not take part
SIDE_OF_ACTION: Final = (-1, -1, +1, 0, 0)


# every spelling of an action card, each mapped to its canonical name: what a misspelt one is
# compared with
ACTION_SPELLINGS: Final = {name: ACTIONS[action] for name, action in ACTION_ALIASES.items()}


def find_action(word: str) -> int | None:
    """An action card from a spelling or a unique prefix of one (``boy``, ``quart``, ``deb``)."""
    w = word.strip().lower().replace("_", "-")
    if w in ACTION_ALIASES:
        return ACTION_ALIASES[w]
    found = {a for name, a in ACTION_ALIASES.items() if name.startswith(w)} if w else set()
    return found.pop() if len(found) == 1 else None


# -- colours -----------------------------------------------------------------------------------

# the colours a log may give its players, in the order simulated games take them; their
# spellings and aliases (rouge, blau, ...) are in cartlog.core.words
COLOURS: Final = ("red", "blue", "green", "yellow", "black", "white", "purple", "orange", "grey",
           "brown", "pink")


# -- islands -----------------------------------------------------------------------------------

ANY: Final = -1  # an island where every good may be sold (Hochland, Piratennest)


@dataclass(slots=True)
class SoldCards:
    """Cards of one good a player sells on one active island (U2), as the scoring counts
    them: a class of the compiled rules, whose fields they read directly."""

    seat: int
    island: int  # position in the circle
    good: int
    count: int


@dataclass(frozen=True, slots=True)
class Island:
    """One island card: the good sold there (``ANY`` for every good), the points of a sole
    majority, of two tied and of three tied (phase 5), and the ship points for the captain or
    the mutineer who brings the ship there."""

    name: str
    code: str  # two letters, for positions
    good: int
    values: tuple[int, int, int]
    ship: int

    def sells(self, good: int) -> bool:
        return 0 <= good < NGOODS and (self.good == ANY or self.good == good)

    def good_text(self) -> str:
        return "any" if self.good == ANY else GOODS[self.good]

    def table_text(self) -> str:
        """``ruby 2/1/0 ship 2``: the form of the IslandTable header."""
        return f"{self.good_text()} {'/'.join(map(str, self.values))} ship {self.ship}"


ISLAND_SOURCE: Final = (
    "docs/rules.md, Meuterer's components: public descriptions of the game (reviews, component lists, one "
    "open-source implementation)")
ISLAND_CONFIDENCE: Final = (
    "names and the published order: two sources; goods, majority values and ship points: one "
    "source, not checked against images of the cards")

# The default island table. Any island's good, values or ship points may be overridden by a
# log's IslandTable header; the order below is only the one of a published setup photo and is
# never assumed: a log always gives its own circle (the Islands header).
DEFAULT_ISLANDS: Final[tuple[Island, ...]] = (
    Island("Hochland", "HO", ANY, (4, 3, 2), 5),
    Island("Frosthöhle", "FR", CLOTH, (3, 2, 1), 3),
    Island("Grünland", "GR", SALT, (5, 3, 2), 4),
    Island("Karge Zunge", "KZ", GRAIN, (6, 3, 2), 4),
    Island("Eisfelsen", "EI", RUBY, (6, 4, 3), 5),
    Island("Affeninsel", "AF", GRAIN, (2, 1, 1), 2),
    Island("Kalte Klippe", "KK", CLOTH, (5, 2, 2), 4),
    Island("Sommerland", "SO", SALT, (3, 1, 1), 2),
    Island("Rotes Riff", "RR", WINE, (4, 2, 2), 3),
    Island("Piratennest", "PN", ANY, (4, 3, 2), 5),
    Island("Fingerhut", "FI", RUBY, (2, 1, 0), 2),
    Island("Sandkap", "SK", WINE, (4, 2, 1), 3),
)
ISLAND_BY_NAME: Final[dict[str, Island]] = {i.name: i for i in DEFAULT_ISLANDS}
ISLAND_BY_CODE: Final[dict[str, Island]] = {i.code: i for i in DEFAULT_ISLANDS}
START_ISLAND: Final = "Hochland"
PIRATE_START: Final = "Piratennest"


def _fold_keys(name: str) -> tuple[str, ...]:
    """The spellings an island name is matched by: lower case, letters and digits only, with
    umlauts written out (``frosthoehle``), dropped (``frosthohle``) or as typed."""
    low = name.lower()
    out = []
    for text in (low.replace("ä", "ae").replace("ö", "oe").replace("ü", "ue").replace("ß", "ss"),
                 "".join(c for c in unicodedata.normalize("NFD", low)
                         if not unicodedata.combining(c)),
                 low):
        key = "".join(c for c in text if c.isalnum())
        if key not in out:
            out.append(key)
    return tuple(out)


_ISLAND_KEYS: Final = [(key, i.name) for i in DEFAULT_ISLANDS for key in _fold_keys(i.name)]


_FOUND: Final[dict[str, str | None]] = {}  # spellings read before, and the island each names


def find_island(text: str) -> str | None:
    """An island's name from a spelling: any case, umlauts written out or dropped, spaces or
    hyphens optional, or a unique prefix (``Kar`` for Karge Zunge, ``Fro`` for Frosthöhle)."""
    if text in _FOUND:
        return _FOUND[text]
    name = _find_island(text)
    if len(text) <= 40 and len(_FOUND) < 4096:
        _FOUND[text] = name
    return name


def _find_island(text: str) -> str | None:
    keys = _fold_keys(text.strip())
    if not keys or not keys[0]:
        return None
    for key in keys:
        exact = {name for k, name in _ISLAND_KEYS if k == key}
        if len(exact) == 1:
            return exact.pop()
    for key in keys:
        found = {name for k, name in _ISLAND_KEYS if k.startswith(key)}
        if len(found) == 1:
            return found.pop()
    return None


def islands_fitting(text: str) -> list[str]:
    """The islands a spelling may mean when it names none alone: those it is a prefix of
    (``K``: Karge Zunge and Kalte Klippe), in the order of the islands' table; empty for a
    spelling that fits no island, or exactly one."""
    if find_island(text) is not None:
        return []
    keys = _fold_keys(text.strip())
    if not keys or not keys[0]:
        return []
    found = {name for key in keys for k, name in _ISLAND_KEYS if k.startswith(key)}
    return [i.name for i in DEFAULT_ISLANDS if i.name in found]


def island_with(base: Island, good: int | None = None, values: tuple[int, int, int] | None = None,
                ship: int | None = None) -> Island:
    """``base`` with the fields a log overrides."""
    return Island(base.name, base.code, base.good if good is None else good,
                  base.values if values is None else values, base.ship if ship is None else ship)


def build_circle(log: MeutererLog) -> list[Island]:
    """The log's circle with its island table applied, turned so that Hochland comes first."""
    names = [n for n in log.islands if n in ISLAND_BY_NAME] or [i.name for i in DEFAULT_ISLANDS]
    if START_ISLAND in names:
        at = names.index(START_ISLAND)
        names = names[at:] + names[:at]
    circle = []
    for name in names:
        isl = ISLAND_BY_NAME[name]
        data = log.island_table.get(name)
        if data is not None:
            good = None
            if data.good is not None:
                good = ANY if data.good == "any" else LETTERS.index(data.good)
            values = None
            if data.values is not None:
                sole, two, three = data.values  # three, as the readers require
                values = (sole, two, three)
            isl = island_with(isl, good, values, data.ship)
        circle.append(isl)
    return circle


# -- variants ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Variant:
    """The base game or the pirate variant (rulebook 001, 'Variante : Le pirate'; ruling U8)."""

    name: str
    pirate: bool
    totals: tuple[int, ...]  # cards of each kind in the deck, ruby .. pirate
    book: str = "rulebook 001"
    min_players: int = 3
    max_players: int = 4

    @property
    def deck_size(self) -> int:
        return sum(self.totals)

    def rounds(self, players: int) -> int:
        """U1: 9 rounds with 3 players, 8 with 4."""
        return 9 if players == 3 else 8


_BASE_TOTALS: Final = (4, 5, 6, 7, 8, 6, 0)
VARIANTS: Final[dict[str, Variant]] = {
    "base": Variant("base", False, _BASE_TOTALS),
    "pirate": Variant("pirate", True, _BASE_TOTALS[:6] + (1,)),
}
VARIANT_ALIASES: Final = {
    "basic": "base", "standard": "base", "base game": "base", "jeu de base": "base",
    "pirates": "pirate", "pirate variant": "pirate", "le pirate": "pirate", "pirat": "pirate",
    "variante pirate": "pirate",
}


# every spelling of a variant, each mapped to its name: what a misspelt one is compared with
VARIANT_SPELLINGS: Final = {**{name: name for name in VARIANTS}, **VARIANT_ALIASES}


def find_variant(name: str) -> Variant | None:
    key = " ".join(name.strip().lower().split())
    return VARIANTS.get(VARIANT_ALIASES.get(key, key))


# -- state -------------------------------------------------------------------------------------

# phases of a round, as far as the state is concerned
SELL: Final = "sell"  # phase 1-2: the wage and the selling (the round's lines are being read)
OVER: Final = "over"  # the last round has been scored (U1)


# Where a line or an entry of the open round stands in the log: (event index, list field or
# None, entry index or None), the parts of its JSON path, built only when a finding needs it.
# A round read back from a position has no log: its lines stand at index -1.
EventPath = tuple[int, str | None, int | None]
T = TypeVar("T")

_RECORD_ATTRS: Final = (
    "index", "event", "last_sell", "dests", "adds", "outcome", "mutiny_at", "sales", "sale_at",
    "draws", "draw_at", "score_lines", "total_lines", "_scores", "_totals", "wage_at", "skip",
    "fixes", "marked")


class RoundRecord:
    """What has been recorded of the open round: its lines of phases 1-2 (the wage and sell
    lines, whose effect is on the table already) and the lines of phases 3-8 that are settled
    when the round closes (destinations, mutiny, sales, the score sheet, the refill), each
    entry with the parts of its path.

    The score and total lines are kept as lines: ``scores`` and ``totals`` (each player's
    first entry, with its path) are built only when asked for, which a round whose sheet
    agrees with the replay never does."""

    __slots__ = _RECORD_ATTRS

    def __init__(self, index: int, event: Round) -> None:
        self.index = index
        self.event = event
        self.last_sell: tuple[int, Sell] | None = None  # None: the round records no selling
        self.dests: list[tuple[EventPath, DestEntry]] = []
        self.adds: list[tuple[EventPath, Add]] = []
        self.outcome: tuple[EventPath, Mutiny, str] | None = None
        self.mutiny_at: tuple[EventPath, Mutiny] | None = None
        self.sales: list[tuple[EventPath, SaleEntry]] = []
        self.sale_at: tuple[EventPath, Sale] | None = None
        self.draws: list[tuple[EventPath, DrawEntry]] = []
        self.draw_at: tuple[EventPath, Draw] | None = None
        self.score_lines: list[tuple[int, Score]] = []
        self.total_lines: list[tuple[int, Total]] = []
        self._scores: dict[str, tuple[EventPath, Entry]] | None = None  # built when asked
        self._totals: dict[str, tuple[EventPath, Entry]] | None = None
        self.wage_at: tuple[EventPath, Wage] | None = None
        self.skip = False  # a round after the game's end: its lines are not played
        # slips of the pen the rest of the log supports (the look-ahead): the lawful entry
        # (or outcome) read at a path, the words that say so, and whether the replay follows
        # it (else the finding only names it)
        self.fixes: dict[EventPath, tuple[object, str, bool]] | None = None
        # the round's lines marked condoned (!): index, event, the round
        self.marked: list[tuple[int, Wage | Dest | Mutiny | Sale | Draw, int]] = []

    @property
    def scores(self) -> dict[str, tuple[EventPath, Entry]]:
        """Each player's first score entry of the round, with its path, in the order the
        players first come."""
        if self._scores is None:
            self._scores = first_entries(self.score_lines)
        return self._scores

    @property
    def totals(self) -> dict[str, tuple[EventPath, Entry]]:
        """As :attr:`scores`, for the total lines."""
        if self._totals is None:
            self._totals = first_entries(self.total_lines)
        return self._totals

    def score_of(self, player: str) -> tuple[EventPath, Entry] | None:
        """``scores.get(player)``, without building :attr:`scores`."""
        if self._scores is not None:
            return self._scores.get(player)
        for index, event in self.score_lines:
            for j, e in enumerate(event.entries):
                if e.player == player:
                    return (index, "entries", j), e
        return None

    def copy(self) -> RoundRecord:
        """Every attribute, its lists and dicts anew (through the constructor: a compiled
        class has no bare ``__new__``)."""
        twin = RoundRecord(self.index, self.event)
        for name in _RECORD_ATTRS[2:]:
            value = getattr(self, name)
            if isinstance(value, (list, dict)):
                value = value.copy()
            setattr(twin, name, value)
        return twin


def first_entries(lines: list[tuple[int, Score]] | list[tuple[int, Total]]
                  ) -> dict[str, tuple[EventPath, Entry]]:
    """Each player's first entry in the lines (a player given twice: the first entry is the
    one read), with its path."""
    out: dict[str, tuple[EventPath, Entry]] = {}
    for index, event in lines:
        for j, e in enumerate(event.entries):
            if e.player not in out:
                out[e.player] = ((index, "entries", j), e)
    return out


def located(index: int, field: str, entries: Sequence[T]) -> Iterator[tuple[EventPath, T]]:
    """The entries of the line at ``index`` with the parts of their paths, (index, field, j),
    paired in C."""
    return zip(zip(repeat(index), repeat(field), count()), entries)


class State:
    """A Meuterer position: the circle, the ships, the hands and what lies on the table.

    Plain lists keep the audit's hot path fast; :meth:`copy` gives an independent state.
    Hands, played cards and the discard pile are count vectors of length 8 (slot ``UNKNOWN``
    for unnamed cards). The deck is known only by its size and, for each kind, an upper bound
    ``deck_upper`` of how many it can still hold; ``known_out`` counts the named cards outside
    the deck (hands, table, discard pile), which can never exceed the kind's total. ``layers``
    is the deck as the stevedore leaves it (phase 8), top first: what is left of the deck as it
    was, then each batch he put under it, in the order they went under, each a :class:`Pile`
    bounding its kinds (exact where the log names its cards); empty while no card lies under
    the deck, the deck then being one layer, ``deck``.

    ``open`` is the round under way, as far as it has been recorded (:class:`RoundRecord`;
    ``None`` between rounds). ``sheet`` is each player's total as the score sheet would show
    it, adding its own entries, and ``sheet_from`` the round of the sheet error it carries
    (0: none), which tell a total wrong only because of an earlier error.
    """

    __slots__ = (
        "variant", "colours", "circle", "ship", "prev", "pirate", "round", "rounds", "phase",
        "captain", "wage", "turn", "hands", "played", "passed", "action", "taken",
        "deck", "layers", "discard", "known_out", "scores", "open", "sheet", "sheet_from",
    )

    def __init__(self, variant: Variant, circle: list[Island], colours: list[str],
                 captain: int = 0) -> None:
        self.variant = variant
        self.colours = colours
        self.circle = circle
        n = len(colours)
        self.ship = 0  # position in the circle of the merchant ship (the port)
        self.prev = -1  # the port of the round before (-1 in round 1): U3
        self.pirate = -1  # position of the pirate ship (U8), -1 without it
        if variant.pirate:
            names = [i.name for i in circle]
            self.pirate = names.index(PIRATE_START) if PIRATE_START in names else 0
        self.round = 1
        self.rounds = variant.rounds(n)
        self.phase = SELL
        self.captain = captain
        self.wage = -1  # -1: not chosen yet
        self.turn = captain  # the seat expected to act next in the selling (-1: all passed)
        self.hands: list[list[int]] = [[0] * 8 for _ in range(n)]
        self.played: list[list[int]] = [[0] * 8 for _ in range(n)]
        self.passed: list[bool] = [False] * n
        self.action: list[int] = [-1] * n  # action card of each seat (-1 none)
        self.taken: list[int] = [-1] * 5  # seat holding each action card (-1 free)
        self.deck = Pile(variant.deck_size, list(variant.totals))
        # the deck's layers, top first, once cards lie under it (phase 8): their counts add up
        # to deck.count, and deck.upper bounds them all together
        self.layers: list[Pile] = []
        self.discard: list[int] = [0] * 8
        self.known_out: list[int] = [0] * NKINDS
        self.scores: list[int] = [0] * n
        self.open: RoundRecord | None = None
        self.sheet: list[int] = [0] * n
        self.sheet_from: list[int] = [0] * n

    @property
    def deck_count(self) -> int:
        """Cards in the deck (``deck.count``)."""
        return self.deck.count

    @deck_count.setter
    def deck_count(self, value: int) -> None:
        self.deck.count = value

    @property
    def deck_upper(self) -> list[int]:
        """Per kind, the most the deck can hold (``deck.upper``)."""
        return self.deck.upper

    @deck_upper.setter
    def deck_upper(self, value: list[int]) -> None:
        self.deck.upper = value

    def copy(self) -> State:
        # through the constructor: a compiled State (setup.py) has no bare __new__
        new = State(self.variant, self.circle, self.colours)
        new.ship, new.prev, new.pirate = self.ship, self.prev, self.pirate
        new.round, new.rounds, new.phase = self.round, self.rounds, self.phase
        new.captain, new.wage, new.turn = self.captain, self.wage, self.turn
        new.hands = [h[:] for h in self.hands]
        new.played = [p[:] for p in self.played]
        new.passed = self.passed[:]
        new.action = self.action[:]
        new.taken = self.taken[:]
        new.deck = self.deck.copy()
        if self.layers:
            new.layers = [layer.copy() for layer in self.layers]
        new.discard = self.discard[:]
        new.known_out = self.known_out[:]
        new.scores = self.scores[:]
        new.open = self.open.copy() if self.open is not None else None
        new.sheet = self.sheet[:]
        new.sheet_from = self.sheet_from[:]
        return new

    # -- small queries ---------------------------------------------------------------------

    @property
    def players(self) -> int:
        return len(self.colours)

    def hand_size(self, seat: int) -> int:
        return sum(self.hands[seat])

    def island(self, pos: int) -> Island:
        return self.circle[pos % len(self.circle)]

    def island_name(self, pos: int) -> str:
        return self.circle[pos % len(self.circle)].name if pos >= 0 else "-"

    def role(self, seat: int) -> str:
        """``captain``, an action card's name, or ``none``."""
        if seat == self.captain:
            return "captain"
        a = self.action[seat]
        return ACTION_TITLES[a] if a >= 0 else "none"

    def roles(self) -> list[str]:
        """:meth:`role` of every seat."""
        captain = self.captain
        return ["captain" if seat == captain else ACTION_TITLES[a] if a >= 0 else "none"
                for seat, a in enumerate(self.action)]

    def active(self) -> list[int]:
        """U3: the active islands at scoring, the round's port first (one when the same)."""
        if self.prev < 0 or self.prev == self.ship:
            return [self.ship]
        return [self.ship, self.prev]

    def cards_in_play(self) -> int:
        """Every card accounted for: hands, table, discard pile and deck."""
        return (sum(sum(h) for h in self.hands) + sum(sum(p) for p in self.played)
                + sum(self.discard) + self.deck_count)


def catalogue() -> dict[str, Any]:  # plain data for JSON, read by key
    """The game's variants, cards and islands as plain data (what ``cartlog games`` lists)."""
    from cartlog.games.meuterer import SPEC

    return {
        "name": SPEC.name, "title": SPEC.title,
        "aliases": list(SPEC.aliases),
        "rulesets": [{
            "name": v.name, "book": v.book, "players": f"{v.min_players}-{v.max_players}",
            "rounds": "9 with 3 players, 8 with 4",
            "summary": "9 rounds with 3 players, 8 with 4"
            + (", pirate card and pirate ship" if v.totals[6] else ""),
            "cards": f"{v.deck_size} (" + ", ".join(
                f"{n} {GOODS[k]}" for k, n in enumerate(v.totals) if n) + ")",
            "letters": {LETTERS[k]: GOODS[k] for k, n in enumerate(v.totals) if n},
            "options": {},
        } for v in VARIANTS.values()],
        "actions": list(ACTIONS),
        "islands": [{"name": i.name, "code": i.code, "good": i.good_text(),
                     "values": list(i.values), "ship": i.ship} for i in DEFAULT_ISLANDS],
        "island_source": ISLAND_SOURCE, "island_confidence": ISLAND_CONFIDENCE,
        "option_help": {},
    }
