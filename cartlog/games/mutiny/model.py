"""Cartagena: The Mutiny components, the declared track and the game state.

Inside the engine: pirate cards are 0..12 in :data:`PIRATES` order; combat cards are kinds
0..5 (``P1 P2 P3`` pink for Captain Valverde, ``G1 G2 G3`` grey for Ramon Diaz, ruling M1) and
gold cards kinds 0..2 (values 1..3); a heap (:mod:`cartlog.core.cards`) has one more slot for
cards whose kind the log does not know. Sides are ``V`` (Valverde) and ``D`` (Diaz).

Nothing the texts do not give is invented (ruling M7, docs/rules.md, components): the track, the
split of combat cards by colour and value and of gold cards by value come from the log;
undeclared, they are ``None`` and the checks that need them are skipped.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from typing import Any, Final

from cartlog.core.cards import Pile, empty_heap

# -- pirate cards (rulebook 003 'Actions of the pirate cards') -----------------------------------

VALVERDE: Final = 0
DIAZ: Final = 1
CRACKPOTT: Final = 2
TEMBO: Final = 3
WESSELJAN: Final = 4
NERO: Final = 5
PANG: Final = 6
CHANGYE: Final = 7
SATE: Final = 8
BIJOUX: Final = 9
OJO: Final = 10
CAMBIVALUTE: Final = 11
GHOST: Final = 12
PIRATES: Final = ("Valverde", "Diaz", "Crackpott", "Tembo", "Wessel-Jan", "Nero", "Pang", "Chang-Ye",
           "Sate", "Bijoux", "Ojo", "Cambivalute", "Ghost")
PIRATE_TITLES: Final = ("Captain Valverde", "Ramon Diaz", "Crackpott", "Tembo", "Wessel-Jan",
                 "Dean Nero", "Pang", "Chang Ye", "Satè", "Bijoux", "Ojo", "Cambivalute",
                 "Ghost")
CODES2: Final = ("VA", "DI", "CR", "TE", "WJ", "DN", "PA", "CY", "SA", "BI", "OJ", "CA", "GH")
NPIRATES: Final = 13
_PIRATE_ALIASES: Final = {
    "valverde": VALVERDE, "captain": VALVERDE, "captain-valverde": VALVERDE,
    "capitaine-valverde": VALVERDE, "kapitan-valverde": VALVERDE,
    "capitaine": VALVERDE, "kapitan": VALVERDE,
    "diaz": DIAZ, "ramon": DIAZ, "ramon-diaz": DIAZ,
    "crackpott": CRACKPOTT, "crackpot": CRACKPOTT, "tembo": TEMBO,
    "wessel-jan": WESSELJAN, "wesseljan": WESSELJAN, "wessel": WESSELJAN,
    "nero": NERO, "dean-nero": NERO, "deannero": NERO, "dean": NERO,
    "pang": PANG, "chang-ye": CHANGYE, "changye": CHANGYE, "chang": CHANGYE,
    "sate": SATE, "bijoux": BIJOUX, "ojo": OJO, "cambivalute": CAMBIVALUTE,
    "ghost": GHOST, "fantome": GHOST, "geist": GHOST,
    **{c.lower(): i for i, c in enumerate(CODES2)},
}


# every spelling of a pirate card (the two-letter codes aside), each mapped to the card's name:
# what a misspelt one is compared with
PIRATE_SPELLINGS: Final = {name: PIRATES[p] for name, p in _PIRATE_ALIASES.items() if len(name) > 2}


def fold(word: str) -> str:
    """Lower case, accents dropped, blanks, underscores and runs of hyphens as one hyphen."""
    w = unicodedata.normalize("NFKD", word.strip().lower())
    w = "".join(c for c in w if not unicodedata.combining(c))
    return "-".join(w.replace("_", " ").replace("-", " ").split())


def find_pirate(word: str) -> int | None:
    """A pirate card from a spelling (accents and case ignored) or a unique prefix."""
    w = fold(word)
    if not w:
        return None
    if w in _PIRATE_ALIASES:
        return _PIRATE_ALIASES[w]
    found = {p for name, p in _PIRATE_ALIASES.items() if len(w) >= 3 and name.startswith(w)}
    return found.pop() if len(found) == 1 else None


# -- colours ------------------------------------------------------------------------------------

# the players' colours (four ships); their spellings and aliases (rouge, blau, ...) are in
# cartlog.core.words
COLOURS: Final = ("red", "blue", "green", "yellow")


# -- combat and gold cards ---------------------------------------------------------------------

COMBAT: Final = ("P1", "P2", "P3", "G1", "G2", "G3")  # M1: P pink (Valverde), G grey (Diaz)
NCOMBAT: Final = 6
COMBAT_CARDS: Final = 40
GOLD: Final = ("1", "2", "3")
NGOLD: Final = 3
GOLD_CARDS: Final = 18
COINS: Final = 30
SAILORS: Final = 10
PAIRS: Final = "ABCDE"
SIDES: Final = ("V", "D")  # Valverde, Diaz
SIDE_NAMES: Final = {"V": "valverde", "D": "diaz"}
SIDE_ALIASES: Final = {"v": "V", "valverde": "V", "captain": "V", "pink": "V", "rose": "V",
                "d": "D", "diaz": "D", "ramon": "D", "grey": "D", "gray": "D", "gris": "D"}


def combat_kind(token: str) -> int | None:
    """``P2`` -> 1, ``G3`` -> 5, ``?`` -> -1; None when not a combat card."""
    kind = _COMBAT_KINDS.get(token)
    if kind is not None:  # the common case: a card as the canonical form writes it
        return kind
    t = token.upper()
    if t in ("?", "C?"):
        return -1
    return COMBAT.index(t) if t in COMBAT else None


_COMBAT_KINDS: Final = {**{c: i for i, c in enumerate(COMBAT)}, "?": -1, "C?": -1}


def combat_value(kind: int) -> int:
    return kind % 3 + 1


def combat_side(kind: int) -> str:
    return "V" if kind < 3 else "D"


def gold_kind(token: str) -> int | None:
    """``$2`` or ``2`` -> 1, ``$?``/``?`` -> -1; None when not a gold card."""
    t = token.removeprefix("$")
    if t == "?":
        return -1
    return GOLD.index(t) if t in GOLD else None


def heap_text(heap: list[int], names: tuple[str, ...], sep: str = "") -> str:
    """A heap as card names, ``?`` for each unknown card, ``-`` for none."""
    parts = [names[k] for k in range(len(names)) for _ in range(heap[k])] + ["?"] * heap[-1]
    return sep.join(parts) if parts else "-"


# -- the declared track (M7) -------------------------------------------------------------------


@dataclass(frozen=True)
class Track:
    """What a log declares of the voyage track; ``None``: not declared (never guessed).

    Spaces are numbered from 0 along the track. ``starts`` maps a player count (2, 3, 4) to
    the start space of the ship (rulebook 003 'Preparation': volcanic island with 2, treasure
    island with 3, gold island with 4). ``mutiny``: the mutiny space (003 'Mutiny').
    """

    length: int | None = None
    storms: tuple[int, ...] | None = None
    starts: dict[int, int] | None = None
    mutiny: int | None = None

    def start(self, players: int) -> int | None:
        return None if self.starts is None else self.starts.get(players)

    def mutiny_space(self) -> int | None:
        return self.mutiny if self.mutiny is not None else self.length


# An example track for the simulator and tests. NOT the printed board, which no source we have
# gives (docs/rules.md, components): every number below is made up for illustration only.
EXAMPLE_TRACK: Final = Track(length=24, storms=(5, 11, 17), starts={2: 0, 3: 2, 4: 4}, mutiny=24)


# -- the state -----------------------------------------------------------------------------------

DEAL: Final = "deal"
TURN: Final = "turn"
SHIP: Final = "ship"
MUTINY: Final = "mutiny"
OVER: Final = "over"


class Deck:
    """One face-down pile on the board (combat cards or gold cards), as a table of
    :mod:`cartlog.core.cards`: the pile known by bounds, no discard pile (cards are put under
    the pile, never reshuffled), and the named cards outside it."""

    __slots__ = ("deck", "declared", "discard", "known_out", "totals")

    def __init__(self, totals: list[int], count: int, declared: bool) -> None:
        self.totals = totals
        self.deck = Pile(count, [min(t, count) for t in totals])
        self.discard = empty_heap(totals)
        self.known_out = [0] * len(totals)
        self.declared = declared

    def copy(self) -> Deck:
        d = Deck(self.totals, 0, self.declared)  # compiled classes have no bare __new__
        d.deck, d.discard = self.deck.copy(), self.discard[:]
        d.known_out, d.declared = self.known_out[:], self.declared
        return d


class State:
    """The game between two events, the voyage and the mutiny's duels alike, as plain data
    (numbers, strings, lists, dicts, tuples): cheap to copy, and all of it written in the
    one-line position (:mod:`position`). Seats are the Players order (clockwise)."""

    __slots__ = (
        "bounty",
        "closed",
        "coins",
        "colours",
        "combat",
        "conviction",
        "counted",
        "duel",
        "duel_round",
        "emptied",
        "fight",
        "giver",
        "gold",
        "golds",
        "hands",
        "in_duel",
        "lifeboat",
        "monkeys",
        "moved",
        "out",
        "pairs",
        "phase",
        "pile",
        "placed",
        "refilled",
        "revealed",
        "round",
        "row",
        "sailors",
        "sailors_known",
        "ship",
        "side",
        "spent",
        "started",
        "stolen",
        "storm",
        "supply",
        "taken",
        "track",
        "trigger",
        "turn",
        "used",
        "wins",
        "withdrawn",
    )

    def __init__(self, colours: list[str], track: Track, giver: int = 0,
                 combat_totals: list[int] | None = None,
                 gold_totals: list[int] | None = None) -> None:
        n = len(colours)
        self.colours = colours
        self.track = track
        self.giver = giver  # the giver of the current (or next) round
        self.round = 0
        self.phase = DEAL
        self.row: list[int] = []  # per slot: pirate card face up, -1 face down
        self.taken: list[bool] = []
        self.used: list[int | None] = [None] * n  # card each seat used this round
        self.turn = giver
        self.bounty = 0  # M3: players who had Satè open this round and passed it
        self.pile = 0  # pirate cards before the next giver (used cards and the rest)
        self.lifeboat: int | None = None  # None: empty; -1: a card not named
        self.storm = False  # M5: a storm is due before the next row
        self.moved = 0  # spaces the ship has moved since the start
        self.ship: int | None = track.start(n)
        self.combat = Deck(combat_totals or [COMBAT_CARDS] * NCOMBAT, COMBAT_CARDS - 2 * n,
                           combat_totals is not None)
        self.gold = Deck(gold_totals or [GOLD_CARDS] * NGOLD, GOLD_CARDS, gold_totals is not None)
        self.supply = COINS - n
        self.hands = [[0] * (NCOMBAT + 1) for _ in range(n)]
        for h in self.hands:  # 003 'Preparation': a pink 1 and a grey 1 each
            h[0] += 1
            h[3] += 1
        self.combat.known_out[0] += n
        self.combat.known_out[3] += n
        for k in (0, 3):
            self.combat.deck.upper[k] = min(self.combat.deck.upper[k],
                                            max(0, self.combat.totals[k] - n))
        self.golds = [[0] * (NGOLD + 1) for _ in range(n)]
        self.coins = [1] * n
        self.conviction = [False] * n  # a conviction card lies under the board
        self.side: list[str | None] = [None] * n  # V / D when the log says, else None
        self.pairs: list[tuple[int, int] | None] = [None] * 5  # sailor values (V, D) seen
        self.placed = 0  # duel pairs placed by Cambivalute (A..E in order)
        self.trigger: str | None = None  # M6: why the voyage ended
        self.wins = {"V": 0, "D": 0}
        self.duel = -1
        self.out = [False] * n  # M8: out of the game (monkey in a duel's first round)
        self.closed = True  # the current round's ship move is done
        self.emptied: tuple[str, ...] = ()  # M6: the supplies that ran out this round
        # the mutiny (003 'The sailor duels', M8-M10): plain data, so that a position holds it
        self.sailors_known: dict[int, tuple[int, int]] = {}  # Sailors header, by pair
        self.started = False  # the mutiny line was written (or a duel opened)
        self.in_duel = False  # a duel is open and its winner not yet written
        self.duel_round = 0  # combat rounds played in the current duel
        self.sailors: tuple[int | None, int | None] = (None, None)  # the duel's (V, D)
        self.fight: list[int] = []  # combat cards shown in the current duel (-1 unseen)
        self.withdrawn = [False] * n  # M8: the seat's monkey is down in this duel
        self.monkeys: list[int] = []  # seats with a monkey in the last combat round, in order
        self.stolen = [False] * n  # M9: the seat's monkey of this round took its coin
        self.refilled = False  # M9: the supply was refilled for this round's monkeys
        self.spent = 0  # combat cards shown in duels, taken from a known hand
        self.revealed: list[str | None] | None = None  # the reveal (M10): V / D / None
        self.counted: dict[int, int] = {}  # the gold each seat counted (gold line, M10)

    @property
    def players(self) -> int:
        return len(self.colours)

    def seat(self, colour: str) -> int | None:
        try:
            return self.colours.index(colour)
        except ValueError:  # not a player
            return None

    def copy(self) -> State:
        """An independent copy: every list, dict and deck anew, one level deep (their items
        are numbers, strings, ``None`` or tuples); the frozen track is shared."""
        s = State(self.colours, self.track)  # compiled classes have no bare __new__
        for name in _SCALARS:
            setattr(s, name, getattr(self, name))
        for name in _LISTS:
            setattr(s, name, getattr(self, name)[:])
        s.hands = [h[:] for h in self.hands]
        s.golds = [g[:] for g in self.golds]
        s.combat, s.gold = self.combat.copy(), self.gold.copy()
        s.wins, s.counted = dict(self.wins), dict(self.counted)
        s.sailors_known = dict(self.sailors_known)
        s.revealed = None if self.revealed is None else self.revealed[:]
        return s

    def facedown(self) -> int:
        """M4: the row's cards still face down (``-1``; a card turned and not named, ``-2``,
        lies face up)."""
        return self.row.count(-1)

    def in_play(self) -> int:
        """Pirate cards shuffled for a row: 13, or 12 once a card is in the lifeboat (M5)."""
        return NPIRATES - (self.lifeboat is not None)


# How State.copy copies each field (tests/games/mutiny check that every slot is listed once).
_SCALARS: Final = ("bounty", "closed", "duel", "duel_round", "emptied", "giver", "in_duel",
            "lifeboat", "moved", "phase", "pile", "placed", "refilled", "round", "sailors",
            "ship", "spent", "started", "storm", "supply", "track", "trigger", "turn")
_LISTS: Final = ("coins", "colours", "conviction", "fight", "monkeys", "out", "pairs", "row", "side",
          "stolen", "taken", "used", "withdrawn")
_NESTED: Final = ("combat", "counted", "gold", "golds", "hands", "revealed", "sailors_known", "wins")


def catalogue() -> dict[str, Any]:
    """The game's components and what a log must declare, as plain data."""
    from cartlog.games.mutiny import SPEC

    letters = {c: ("pink " if c[0] == "P" else "grey ") + c[1] for c in COMBAT}
    return {
        "name": SPEC.name, "title": SPEC.title, "aliases": list(SPEC.aliases),
        "rulesets": [{
            "name": "base", "book": "rulebooks 003/000", "players": "2-4",
            "summary": "the voyage, then the mutiny's duels A-E until a side has 3",
            "cards": f"{COMBAT_CARDS} combat cards (P pink for Valverde, G grey for Diaz, "
                     "values 1-3), 13 pirate cards, 18 gold cards, 30 coins",
            "letters": letters, "options": {}}],
        "option_help": {},
        "pirates": list(PIRATE_TITLES),
        "combat": {"cards": COMBAT_CARDS, "letters": letters,
                   "split": "not known: declared by the log (Combat header)"},
        "gold": {"cards": GOLD_CARDS, "split": "not known: declared by the log (Gold header)"},
        "coins": COINS, "sailors": SAILORS, "pairs": PAIRS,
        "track": "not known: declared by the log (Track header); M7",
        "example_track": "an example for the simulator only, not the printed board",
    }
