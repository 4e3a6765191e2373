"""The Meuterer log as data: header fields and a tagged union of events.

This is the canonical JSON form (``cartlog convert --to json``); a schema can be generated from
these Structs. A log is a list of events grouped in rounds: a ``round`` event opens each round,
and the lines after it (``wage``, ``sell``, ``dest``, ``mutiny``, ``sale``, ``draw``,
``score``, ``total``) belong to it. Cards are goods letters (``R`` ruby, ``S`` salt, ``W``
wine, ``C`` cloth, ``G`` grain, ``X`` conflict, ``P`` pirate, ``?`` unseen). Islands are the
German names of the cards. ``line``/``col``/``end`` locate an event or one of its entries in
the text it was read from (absent in JSON written by cartlog). ``condoned`` (a play or pass,
or a ``wage``, ``dest``, ``mutiny``, ``sale`` or ``draw`` line, written with ``!``): the table
let it stand although illegal, and the audit reports what it breaks as condoned.
"""

from __future__ import annotations

from typing import Annotated, Literal, Union

import msgspec
from msgspec import Meta

# The letters of cards and goods are checked when a log is read (``notation.validate``, with
# the message a typed decode would give), not by the decoder: a pattern costs a regular
# expression call for every card of a log. The schema still gives each pattern.
CARD_PATTERN = r"^[RSWCGXP?]$"
CARDS_PATTERN = r"^[RSWCGXP?]*$"
GOOD_PATTERN = r"^[RSWCG]$"
Card = Annotated[str, Meta(description="a goods letter, ? unseen",
                           extra_json_schema={"type": "string", "pattern": CARD_PATTERN})]
Cards = Annotated[str, Meta(description="goods letters, ? for unseen cards",
                            extra_json_schema={"type": "string", "pattern": CARDS_PATTERN})]
Good = Annotated[str, Meta(description="a good that can be sold",
                           extra_json_schema={"type": "string", "pattern": GOOD_PATTERN})]
Count = Annotated[int, Meta(ge=0)]
Role = Literal["captain", "mutineer"]  # whose destination; the side conflict cards count for
Outcome = Literal["captain", "mutineers"]  # who won a mutiny


# gc=False: a log's Structs hold strings, numbers and lists of further Structs, never a cycle,
# so the garbage collector need not track them (a decode allocates hundreds a game).
class _Located(msgspec.Struct, omit_defaults=True, kw_only=True, gc=False):
    line: int = 0
    col: int = 0
    end: int = 0


# -- selling (phase 2) ---------------------------------------------------------------------------


class Play(_Located, tag="play"):
    """A goods card played face up. For the pirate card (U8), ``robbed`` says whether the table
    discarded the goods played so far (the audit checks it against the pirate ship's move)."""

    player: str
    card: Card
    robbed: bool = False
    condoned: bool = False  # marked ! : the table let it stand although illegal


class Pass(_Located, tag="pass"):
    """The player stops selling and keeps ``kept`` cards face down; a non-captain takes the
    action card ``action`` (a canonical name, or the word as written when it names none)."""

    player: str
    kept: Count | None = None
    action: str | None = None
    condoned: bool = False  # marked ! : the table let it stand although illegal


Step = Union[Play, Pass]


# -- the other entries ---------------------------------------------------------------------------


class Add(_Located):
    """Phase 4: conflict cards a player adds to the mutiny, and the side the log counts them
    for when it says so."""

    player: str
    count: Count
    side: Role | None = None


class SaleEntry(_Located):
    """U2: a player's declaration that ``count`` cards of ``good`` are sold on ``island``
    (``count`` absent: every card of that good the player played)."""

    player: str
    good: Good
    island: str
    count: Count | None = None


class DrawEntry(_Located):
    """Phase 8: the cards a player draws (``cards``, ``?`` for unseen ones, or ``count``); for
    the stevedore also the cards kept (``keep``) and how many went under the deck
    (``returned``)."""

    player: str
    cards: Cards | None = None
    count: Count | None = None
    keep: Cards | None = None
    returned: Count | None = None

    def __post_init__(self) -> None:
        if self.cards == "":  # a draw of no card has one form: count 0
            self.cards = None
            self.count = 0


class DestEntry(_Located):
    """A destination as the log gives it: whose (captain or mutineer) and which island."""

    role: Role
    island: str


class Entry(_Located):
    """One player's number on the score sheet."""

    player: str
    points: int


# -- events --------------------------------------------------------------------------------------


class Round(_Located, tag="round"):
    """Opens a round; ``number`` as written (checked against the round's place)."""

    number: int | None = None
    comment: str | None = None


class Wage(_Located, tag="wage"):
    """Phase 1: the wage the captain offers the mate (0-3)."""

    wage: int
    condoned: bool = False  # the line marked ! : the table let it stand although illegal
    comment: str | None = None


class Sell(_Located, tag="sell"):
    """Phase 2: the plays and passes in the order they were made (a round may have several
    sell lines; they follow on)."""

    steps: list[Step] = []
    comment: str | None = None


class Dest(_Located, tag="dest"):
    """Phases 2-3: the destinations the log says the captain and the mutineer chose."""

    dests: list[DestEntry] = []
    condoned: bool = False  # the line marked ! : the table let it stand although illegal
    comment: str | None = None


class Mutiny(_Located, tag="mutiny"):
    """Phase 4: the conflict cards added, and the outcome the table recorded."""

    adds: list[Add] = []
    outcome: Outcome | None = None
    condoned: bool = False  # the line marked ! : the table let it stand although illegal
    comment: str | None = None


class Sale(_Located, tag="sale"):
    """U2: how players split their goods between the two active islands."""

    sales: list[SaleEntry] = []
    condoned: bool = False  # the line marked ! : the table let it stand although illegal
    comment: str | None = None


class Draw(_Located, tag="draw"):
    """Phase 8: the refill, in the order the players drew."""

    draws: list[DrawEntry] = []
    condoned: bool = False  # the line marked ! : the table let it stand although illegal
    comment: str | None = None


class Score(_Located, tag="score"):
    """The score sheet: each player's points for this round, as written."""

    entries: list[Entry] = []
    comment: str | None = None


class Total(_Located, tag="total"):
    """The score sheet: each player's running total after this round, as written."""

    entries: list[Entry] = []
    comment: str | None = None


class Comment(_Located, tag="comment"):
    text: str


Event = Union[Round, Wage, Sell, Dest, Mutiny, Sale, Draw, Score, Total, Comment]


class Player(msgspec.Struct, omit_defaults=True, gc=False):
    colour: str
    name: str | None = None


class IslandData(msgspec.Struct, omit_defaults=True, kw_only=True, gc=False):
    """A log's override of an island card: any of its good (a letter, or ``any``), its three
    majority values and its ship points."""

    good: Annotated[str, Meta(pattern=r"^([RSWCG]|any)$")] | None = None
    values: Annotated[list[int], Meta(min_length=3, max_length=3)] | None = None
    ship: int | None = None


class MeutererLog(msgspec.Struct, tag="meuterer", tag_field="game", omit_defaults=True,
                  kw_only=True, gc=False):
    """A recorded game of Meuterer, from the header to the last event.

    ``players`` in seat order (clockwise); ``captain`` the first captain (default: the first
    player); ``islands`` the circle clockwise from Hochland; ``result`` the winners as recorded
    (an empty list: the game is recorded as unfinished). ``position``: the one-line position
    the log starts from, at the start of a round (docs/notation.md, "Starting from a
    position"), instead of the setup; the circle, the island table and the captain (of the
    log's first round) may then be left out (read, they are filled in from it), and such a
    log has no deal.
    """

    variant: str = "base"
    players: list[Player]
    captain: str | None = None
    islands: list[str] = []
    island_table: dict[str, IslandData] = {}
    deal: dict[str, Cards] = {}
    position: Annotated[str, Meta(description="the one-line position the log starts from, "
                                  "at the start of a round, instead of the setup")] | None = None
    result: list[str] | None = None
    tags: dict[str, str] = {}
    events: list[Event] = []
    line: int = 0  # line of the first header field, for findings about the header
    spans: dict[str, tuple[int, int, int]] = {}  # header field -> (line, col, end) in the text


LOG_TYPE = MeutererLog
