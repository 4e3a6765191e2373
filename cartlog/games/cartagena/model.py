"""Cartagena components, rule sets and game state.

Rule sets (see ``RULESETS``): ``2000-jamaica`` and ``2000-tortuga`` follow rulebook 002 and
rulings O1-O4; ``ravensburger`` and ``ravensburger-advanced`` follow rulebook 004 and R1-R3.

Spaces are numbered as players count them: 0 is the start, 1..N the passage, N+1 the boat.
Signs are small integers (0-5) inside the engine; each rule set names and letters them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

from cartlog.core.cards import Pile  # noqa: F401 - the deck's type, re-exported

START: Final = 0
UNKNOWN: Final = 6  # index of the "unknown card" slot in a hand / pile count vector
NSIGNS: Final = 6

# the colours a log may give its players, in the order simulated games take them; their
# spellings and aliases (rouge, blau, ...) are in cartlog.core.words
COLOURS: Final = (
    "red", "blue", "yellow", "green", "black", "white",
    "purple", "grey", "orange", "brown", "pink",
)


@dataclass(frozen=True, slots=True)
class RuleSet:
    """One of the four Cartagena rule sets; options are table rules a log header may switch."""

    name: str
    edition: str  # "2000" or "ravensburger"
    book: str  # rulebook file cited in rule references
    signs: tuple[str, ...]  # full names, index = sign number
    letters: str  # one letter per sign, same order
    aliases: dict[str, int]  # every accepted spelling (lower case) -> sign
    index: dict[str, int]  # canonical letter (either case) -> sign, "?" -> -1
    sections: int
    pirates: int
    actions: int
    per_sign: int  # cards of each sign in the deck
    deal_first: int
    deal_other: int
    tortuga: bool  # open hands and a face-up row of cards drawn in arrow order
    options: dict[str, bool] = field(default_factory=dict)  # option -> default
    row_size: int = 12
    min_players: int = 2
    max_players: int = 5

    @property
    def spaces(self) -> int:
        return self.sections * 6

    @property
    def boat(self) -> int:
        return self.spaces + 1

    @property
    def deck_size(self) -> int:
        return self.per_sign * NSIGNS

    @property
    def totals(self) -> tuple[int, ...]:
        """How many cards of each sign the game has (O1, R1)."""
        return (self.per_sign,) * NSIGNS

    def deal_size(self, seat: int) -> int:
        return self.deal_first if seat == 0 else self.deal_other

    def sign_name(self, sign: int) -> str:
        return self.signs[sign] if 0 <= sign < NSIGNS else "?"

    def letter(self, sign: int) -> str:
        return self.letters[sign] if 0 <= sign < NSIGNS else "?"


def _aliases(letters: str, names: list[list[str]]) -> dict[str, int]:
    table: dict[str, int] = {}
    for sign, (letter, spellings) in enumerate(zip(letters, names)):
        table[letter.lower()] = sign
        for s in spellings:
            table[s] = sign
    return table


_LETTERS_2000: Final = "SDKBPH"
_NAMES_2000: Final = [
    ["skull", "skulls", "crane", "crâne"],
    ["dagger", "daggers", "poignard"],
    ["key", "keys", "cle", "clé", "clef"],
    ["bottle", "bottles", "rum", "bouteille"],
    ["pistol", "pistols", "pistolet"],
    ["hat", "hats", "tricorne", "chapeau"],
]
_LETTERS_RB: Final = "BKPHLS"
_NAMES_RB: Final = [
    ["bottle", "bottles", "rum", "bouteille"],
    ["keys", "key", "cles", "clés", "cle", "clé"],
    ["pistol", "pistols", "pistolet"],
    ["hook", "hooks", "grappin", "grapnel"],
    ["lantern", "lanterns", "lanterne"],
    ["spyglass", "spyglasses", "telescope", "longue-vue", "longuevue"],
]

_OPTS_2000: Final = {"boat_retreat": True, "stuck_player_draws": False}
_OPTS_RB: Final = {"boat_retreat": True}


def _index(letters: str) -> dict[str, int]:
    table = {"?": -1}
    for sign, letter in enumerate(letters):
        table[letter] = table[letter.lower()] = sign
    return table


def _ruleset_2000(name: str, tortuga: bool) -> RuleSet:
    return RuleSet(
        name=name, edition="2000", book="rulebook 002", signs=tuple(n[0] for n in _NAMES_2000),
        letters=_LETTERS_2000, aliases=_aliases(_LETTERS_2000, _NAMES_2000),
        index=_index(_LETTERS_2000), sections=6,
        pirates=6, actions=3, per_sign=17, deal_first=6, deal_other=6, tortuga=tortuga,
        options=dict(_OPTS_2000),
    )


def _ruleset_rb(name: str, advanced: bool) -> RuleSet:
    return RuleSet(
        name=name, edition="ravensburger", book="rulebook 004",
        signs=tuple(n[0] for n in _NAMES_RB), letters=_LETTERS_RB,
        aliases=_aliases(_LETTERS_RB, _NAMES_RB), index=_index(_LETTERS_RB),
        sections=6 if advanced else 5,
        pirates=5 if advanced else 4, actions=3 if advanced else 2, per_sign=15,
        deal_first=6, deal_other=5, tortuga=False, options=dict(_OPTS_RB),
    )


RULESETS: Final[dict[str, RuleSet]] = {
    rs.name: rs
    for rs in (
        _ruleset_2000("2000-jamaica", tortuga=False),
        _ruleset_2000("2000-tortuga", tortuga=True),
        _ruleset_rb("ravensburger", advanced=False),
        _ruleset_rb("ravensburger-advanced", advanced=True),
    )
}
RULESET_ALIASES: Final = {
    "jamaica": "2000-jamaica", "tortuga": "2000-tortuga", "2000": "2000-jamaica",
    "original-jamaica": "2000-jamaica", "original-tortuga": "2000-tortuga",
    "ravensburger-base": "ravensburger", "base": "ravensburger",
    "advanced": "ravensburger-advanced", "ravensburger-advanced-variant": "ravensburger-advanced",
}
# every spelling of a rule set, each mapped to its name: what a misspelt one is compared with
RULESET_SPELLINGS: Final = {**{name: name for name in RULESETS}, **RULESET_ALIASES}

OPTION_HELP: Final = {
    "boat_retreat": "a pirate in the boat may move back (ruling C3); false for tables that forbid it",
    "stuck_player_draws": "a player with no card and no backward move draws 1 card and ends the "
    "turn, as in the Ravensburger rule R3 (ruling O2); 2000 edition only",
}


def catalogue() -> dict[str, Any]:  # plain data for JSON, read by key
    """The game's rule sets and options as plain data (what ``cartlog games`` lists)."""
    from cartlog.games.cartagena import SPEC

    return {
        "name": SPEC.name, "title": SPEC.title,
        "aliases": list(SPEC.aliases),
        "rulesets": [{
            "name": rs.name, "book": rs.book, "spaces": rs.spaces, "pirates": rs.pirates,
            "actions": rs.actions, "players": f"{rs.min_players}-{rs.max_players}",
            "summary": f"{rs.spaces} spaces, {rs.pirates} pirates, {rs.actions} actions",
            "cards": f"{rs.deck_size} ({rs.per_sign} x " + ", ".join(rs.signs) + ")",
            "letters": dict(zip(rs.letters, rs.signs)), "options": rs.options,
        } for rs in RULESETS.values()],
        "option_help": OPTION_HELP,
    }


def find_ruleset(name: str) -> RuleSet | None:
    key = name.strip().lower()
    return RULESETS.get(RULESET_ALIASES.get(key, key))


class State:
    """A Cartagena position: pirates, hands, piles, row and whose turn it is.

    Plain mutable lists keep the audit's hot path fast; :meth:`copy` gives an independent
    state. Hands and the discard pile are count vectors of length 7: one slot per sign, and
    slot ``UNKNOWN`` for cards whose sign the log does not know.
    """

    __slots__ = (
        "rs", "options", "board", "sign_spaces", "colours", "pirates", "occ", "hands",
        "deck", "discard", "row", "row_next", "row_taker", "row_split", "row_upper",
        "known_out", "seat", "done", "turn", "winner", "stuck_draw", "boat", "passed",
    )

    def __init__(self, rs: RuleSet, board: list[int], colours: list[str],
                 options: dict[str, bool] | None = None) -> None:
        self.rs = rs
        self.options = dict(rs.options)
        if options:
            self.options.update(options)
        self.board = board  # board[i] = sign of space i+1
        self.sign_spaces: list[list[int]] = [
            [i + 1 for i, s in enumerate(board) if s == sign] for sign in range(NSIGNS)
        ]
        self.colours = colours
        n = len(colours)
        self.boat = boat = len(board) + 1  # the space number of the boat
        self.pirates: list[list[int]] = [[START] * rs.pirates for _ in range(n)]
        self.occ: list[int] = [0] * (boat + 1)
        self.occ[START] = rs.pirates * n
        self.hands: list[list[int]] = [[0] * 7 for _ in range(n)]
        self.deck = Pile(rs.deck_size, [rs.per_sign] * NSIGNS)
        self.discard: list[int] = [0] * 7
        self.row: list[int] = []  # Tortuga: signs in arrow order (-1 unknown)
        self.row_next = 0
        self.row_taker: list[int] = []  # seat that drew each row slot, -1 while it lies there
        # the row's first row_split slots came from a deck used up while the row was laid
        # (C5): at most row_upper[s] of sign s among them, not the new deck's bounds
        self.row_split = 0
        self.row_upper: list[int] = []
        self.known_out: list[int] = [0] * NSIGNS  # known cards of each sign outside the deck
        self.seat = 0
        self.done = 0  # actions taken in the current turn
        self.turn = 1
        self.winner: int | None = None
        self.stuck_draw = False  # the current turn was an R3 stuck draw
        self.passed = False  # the player to move has passed (O2): only the end of turn is left

    def copy(self) -> State:
        # through the constructor: a compiled State (setup.py) has no bare __new__
        new = State(self.rs, self.board, self.colours)
        new.options = self.options
        new.board = self.board
        new.boat = self.boat
        new.sign_spaces = self.sign_spaces
        new.colours = self.colours
        new.pirates = [p[:] for p in self.pirates]
        new.occ = self.occ[:]
        new.hands = [h[:] for h in self.hands]
        new.deck = self.deck.copy()
        new.discard = self.discard[:]
        new.row = self.row[:]
        new.row_next = self.row_next
        new.row_taker = self.row_taker[:]
        new.row_split = self.row_split
        new.row_upper = self.row_upper[:]
        new.known_out = self.known_out[:]
        new.seat = self.seat
        new.done = self.done
        new.turn = self.turn
        new.winner = self.winner
        new.stuck_draw = self.stuck_draw
        new.passed = self.passed
        return new

    def hand_size(self, seat: int) -> int:
        return sum(self.hands[seat])

    def hand_known(self, seat: int) -> bool:
        return self.hands[seat][UNKNOWN] == 0

    def aboard(self, seat: int) -> int:
        boat = self.boat
        return sum(1 for p in self.pirates[seat] if p == boat)

    def space_name(self, space: int) -> str:
        if space == START:
            return "start"
        if space == self.boat:
            return "boat"
        return str(space)

    def describe_space(self, space: int) -> str:
        """``14 (key)`` for a passage space, ``start`` / ``boat`` for the ends."""
        if 0 < space < self.boat:
            return f"{space} ({self.rs.sign_name(self.board[space - 1])})"
        return self.space_name(space)
