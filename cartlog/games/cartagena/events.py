"""The Cartagena log as data: header fields and a tagged union of events.

This is the canonical JSON form (``cartlog convert --to json``); the schema in
``schemas/cartagena.log.schema.json`` is generated from these Structs. Spaces are integers: 0 the
start, 1..N the passage, N+1 the boat. Cards are sign letters of the rule set, ``?`` for a card
nobody saw. ``line``/``col`` locate an event or action in the text it was read from (absent in
JSON written by cartlog).
"""

from __future__ import annotations

from typing import Annotated, Union

import msgspec
from msgspec import Meta, field

Space = Annotated[int, Meta(ge=0, description="0 start, 1..N passage, N+1 boat")]
# The letters of cards are checked when a log is read (``notation.validate``, with the message
# a typed decode would give), not by the decoder: a pattern costs a regular expression call
# for every card of a log. The schema still gives each pattern.
CARD_PATTERN = r"^[A-Za-z?]$"
CARDS_PATTERN = r"^[A-Za-z?]*$"
SOME_CARDS_PATTERN = r"^[A-Za-z?]+$"
Card = Annotated[str, Meta(extra_json_schema={"type": "string", "pattern": CARD_PATTERN})]
Cards = Annotated[str, Meta(description="sign letters, ? for unseen",
                            extra_json_schema={"type": "string", "pattern": CARDS_PATTERN})]
# Drawn cards and claimed hands name at least one card: nothing drawn, or an empty hand, is
# written as a count of 0, so that each fact has one form.
Count = Annotated[int, Meta(ge=0)]
SomeCards = Annotated[str, Meta(description="sign letters, ? for unseen; at least one",
                                extra_json_schema={"type": "string",
                                                   "pattern": SOME_CARDS_PATTERN})]


# gc=False: a log's Structs hold strings, numbers and lists of further Structs, never a cycle,
# so the garbage collector need not track them (a decode allocates hundreds a game).
class _Located(msgspec.Struct, omit_defaults=True, kw_only=True, gc=False):
    line: int = 0
    col: int = 0
    end: int = 0


class Forward(_Located, tag="forward"):
    """Play a card and advance a pirate (rules 002 "Play a card and advance a pirate", 004
    "Jouer une carte et avancer"). ``to`` is checked when written."""

    card: Card
    start: Space = field(name="from")
    to: Space | None = None
    condoned: bool = False
    comment: str | None = None


class Back(_Located, tag="back"):
    """Move a pirate back and draw 1 or 2 cards. ``cards`` names the cards drawn (``?`` for
    unseen ones); ``count`` alone gives only how many."""

    start: Space = field(name="from")
    to: Space | None = None
    cards: SomeCards | None = None
    count: Count | None = None
    condoned: bool = False
    comment: str | None = None


class Draw(_Located, tag="draw"):
    """Stuck-player draw: no card and no backward move, so draw 1 card and end the turn (R3)."""

    cards: SomeCards | None = None
    count: Count | None = None
    condoned: bool = False
    comment: str | None = None


class Pass(_Located, tag="pass"):
    """No action at all: lawful only when no move is possible (ruling O2)."""

    condoned: bool = False
    comment: str | None = None


Action = Union[Forward, Back, Draw, Pass]


class EndTurn(msgspec.Struct, tag="end"):
    """The player to move ends the turn (rules 002 'Playing the game', 004 R2). An engine event
    only: a log writes a turn as one :class:`Turn` with its actions, and its end is implied."""


class Turn(_Located, tag="turn"):
    """One player's turn: the actions in the order they were taken."""

    player: str
    actions: list[Action] = []
    number: Count | None = None
    comment: str | None = None


class Row(_Located, tag="row"):
    """Tortuga: the cards of a newly laid row, in arrow order (ruling O4)."""

    cards: Cards


class HandClaim(_Located, tag="hand"):
    """What the log says a player holds at this point: a size, or cards (``?`` for unseen)."""

    player: str
    size: Count | None = None
    cards: SomeCards | None = None


class PiratesClaim(_Located, tag="pirates"):
    """Where the log says a player's pirates stand at this point."""

    player: str
    spaces: list[Space]


class Comment(_Located, tag="comment"):
    text: str


Event = Union[Turn, Row, HandClaim, PiratesClaim, Comment]


class Player(msgspec.Struct, omit_defaults=True):
    colour: str
    name: str | None = None


class CartagenaLog(msgspec.Struct, tag="cartagena", tag_field="game", omit_defaults=True,
                   kw_only=True):
    """A recorded game of Cartagena, from the header to the last event.

    ``position``: the one-line position the log starts from (docs/notation.md, "Starting from
    a position"), instead of the setup; the board and the options may then be left out (read,
    they are filled in from it), and a log that starts from a position has no deal nor
    opening row.
    """

    rules: str
    players: list[Player]
    board: Annotated[str, Meta(description="sign letters of spaces 1..N in order; may be "
                               "left out when a position gives it")] = ""
    options: dict[str, bool] = {}
    deal: dict[str, Cards] = {}
    row: Cards | None = None
    position: Annotated[str, Meta(description="the one-line position the log starts from, "
                                  "instead of the setup")] | None = None
    result: str | None = None
    tags: dict[str, str] = {}
    events: list[Event] = []
    line: int = 0  # line of the first header field, for findings about the header
    spans: dict[str, tuple[int, int, int]] = {}  # header field -> (line, col, end) in the text


LOG_TYPE = CartagenaLog
