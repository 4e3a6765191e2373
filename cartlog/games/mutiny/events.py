"""The Cartagena: The Mutiny log as data: header fields and a tagged union of events.

This is the canonical JSON form. The voyage is a list of rounds: a ``round`` event opens each
(its giver, and the card moved to the lifeboat by a storm), ``turn`` events follow in the order
played (the cards the player turned, the card used, its effect as far as the table saw it),
and a ``ship`` event closes it. Then ``mutiny`` starts the mutiny; each ``duel`` (A-E) is
followed by its ``fight`` rounds and the monkeys' ``steal`` records; ``reveal`` shows the
convictions and ``gold`` the gold counted. Unknowns are allowed everywhere: ``?`` for a card
not seen, a field left out for what the log does not say.

Pirate cards by their canonical names (``Valverde Diaz Crackpott Tembo Wessel-Jan Nero Pang
Chang-Ye Sate Bijoux Ojo Cambivalute Ghost``); combat cards ``P1``-``P3`` (pink) and
``G1``-``G3`` (grey), ``?`` unseen; gold cards ``1``-``3``, ``?`` unseen; sides ``valverde``
and ``diaz``. ``line``/``col``/``end`` locate an event in the text it was read from.
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec
from msgspec import Meta

Pirate = Annotated[str, Meta(pattern=r"^(Valverde|Diaz|Crackpott|Tembo|Wessel-Jan|Nero|Pang|"
                                     r"Chang-Ye|Sate|Bijoux|Ojo|Cambivalute|Ghost|\?)$")]
# the card a storm moved to the lifeboat: a pirate card, ``?`` not named, ``-`` none (M5)
LifeboatCard = Annotated[str, Meta(pattern=r"^(Valverde|Diaz|Crackpott|Tembo|Wessel-Jan|Nero|"
                                           r"Pang|Chang-Ye|Sate|Bijoux|Ojo|Cambivalute|Ghost|"
                                           r"\?|-)$")]
CombatCard = Annotated[str, Meta(pattern=r"^([PG][123]|\?)$",
                                 description="P pink (Valverde), G grey (Diaz), ? unseen")]
GoldCard = Annotated[str, Meta(pattern=r"^([123]|\?)$", description="a gold card's value")]
Pair = Annotated[str, Meta(pattern=r"^[A-E]$")]
Side = Literal["valverde", "diaz"]
Sailor = Annotated[int, Meta(ge=1, le=10)]


# gc=False: a log's Structs hold strings, numbers and lists of further Structs, never a cycle,
# so the garbage collector need not track them (a decode allocates hundreds a game).
class _Located(msgspec.Struct, omit_defaults=True, kw_only=True, gc=False):
    line: int = 0
    col: int = 0
    end: int = 0


# -- the voyage -----------------------------------------------------------------------------------


class Round(_Located, tag="round"):
    """Opens a round: its number as written, the giver, and (M5) the card the giver moved from
    the pile to the lifeboat before laying the row (``?``: a card not named; ``-``: none)."""

    number: int | None = None
    giver: str | None = None
    lifeboat: LifeboatCard | None = None
    comment: str | None = None


class Turn(_Located, tag="turn"):
    """One player's turn (M2): the cards this player had turned, in order, and the card used
    (``None``: the last card turned, which M2 makes the only one open; the Ghost included). The effect fields hold
    what the table saw; an effect left out is assumed as the rules give it where they leave no
    choice (see the package docstring).

    ``combat``: combat cards gained; ``under``: combat cards from the hand put under the pile
    (Wessel-Jan, Dean Nero); ``gold``: gold cards gained; ``coins``: coins gained from (or, when
    negative, paid to) the supply; ``victim``: Chang Ye's victim; ``conviction``: ``set``,
    ``change``, ``bluff`` or ``move`` (the card moved, the table cannot tell which), ``side``
    when the log knows it; ``look``: Ojo's player or Cambivalute's pair looked at; ``pair``:
    the pair Cambivalute placed, with ``values`` (Valverde's sailor, Diaz's sailor) when seen;
    ``swap``: Cambivalute swapped the pair looked at. ``condoned`` (the line ends with ``!``):
    the table let the turn stand although illegal; the audit reports what it breaks as
    condoned."""

    player: str
    turned: list[Pirate] = []
    card: Pirate | None = None
    combat: list[CombatCard] = []
    under: list[CombatCard] = []
    gold: list[GoldCard] = []
    coins: int | None = None
    victim: str | None = None
    conviction: Literal["set", "change", "bluff", "move"] | None = None
    side: Side | None = None
    look: str | None = None
    pair: Pair | None = None
    values: list[Sailor] = []
    swap: bool = False
    condoned: bool = False  # marked ! : the table let it stand although illegal
    comment: str | None = None


class Ship(_Located, tag="ship"):
    """Closes a round (M4): the spaces the ship moved as written, the space it reached and
    whether the table saw a storm (M5), each when the log gives it."""

    moved: int | None = None
    at: int | None = None
    storm: bool | None = None
    comment: str | None = None


# -- the mutiny ---------------------------------------------------------------------------------


class Mutiny(_Located, tag="mutiny"):
    """The voyage ends (M6): ``reason`` as the log gives it."""

    reason: Literal["track", "combat", "gold", "coins"] | None = None
    comment: str | None = None


class Duel(_Located, tag="duel"):
    """A sailor duel (003 'The sailor duels'): the pair and the sailors' values, Valverde's
    side first, when revealed."""

    pair: Pair
    valverde: Sailor | None = None
    diaz: Sailor | None = None
    comment: str | None = None


class Played(msgspec.Struct, omit_defaults=True, kw_only=True):
    """A card of a combat round: a combat card or a monkey, and who played it if known."""

    card: Literal["P1", "P2", "P3", "G1", "G2", "G3", "?", "monkey"]
    player: str | None = None


class Fight(_Located, tag="fight"):
    """One combat round of the current duel: the cards revealed (M8)."""

    cards: list[Played] = []
    comment: str | None = None


class Steal(_Located, tag="steal"):
    """M9: a monkey's coin, from a player (``victim``) or from the supply (``victim`` None)."""

    player: str
    victim: str | None = None
    comment: str | None = None


class Won(_Located, tag="won"):
    """The side the table declared winner of the current duel."""

    side: Side
    comment: str | None = None


class Reveal(_Located, tag="reveal"):
    """The convictions shown at the end (M10): a side per player, ``None`` for no card."""

    sides: dict[str, Side | None] = {}
    comment: str | None = None


class Gold(_Located, tag="gold"):
    """The gold each player counted (coins + gold cards), as written."""

    counts: dict[str, int] = {}
    comment: str | None = None


class Comment(_Located, tag="comment"):
    text: str


Event = Round | Turn | Ship | Mutiny | Duel | Fight | Steal | Won | Reveal | Gold | Comment


class Player(msgspec.Struct, omit_defaults=True):
    colour: str
    name: str | None = None


class TrackData(msgspec.Struct, omit_defaults=True, kw_only=True):
    """M7: the track as the log declares it; a field left out is not known."""

    length: int | None = None
    storms: list[int] | None = None
    starts: dict[str, int] | None = None  # "2"/"3"/"4" -> start space
    mutiny: int | None = None


class MutinyLog(msgspec.Struct, tag="mutiny", tag_field="game", omit_defaults=True,
                kw_only=True):
    """A recorded game of Cartagena: The Mutiny, from the header to the last event.

    ``players`` clockwise; ``giver`` the first giver (default: the first player); ``track``,
    ``combat`` (count per card ``P1``..``G3``, all 40 cards) and ``gold`` (count per value
    ``1``..``3``) are the component facts the log declares (M7); ``board`` names a board file
    declaring them; ``sailors`` the sailors' values of the duel pairs where known (a log
    written after the game), pair letter to [Valverde's side, Diaz's side]; ``result`` the winners as recorded (empty: nobody won;
    ``"unfinished"``: the game was not finished). ``position``: the one-line position the log
    starts from (docs/notation.md, "Starting from a position"), instead of the setup; the
    giver (of the log's first round), the track, the splits and the sailors may then be left
    out (read, they are filled in from what the position declares).
    """

    players: list[Player]
    giver: str | None = None
    track: TrackData | None = None
    combat: dict[str, int] | None = None
    gold: dict[str, int] | None = None
    board: str | None = None
    sailors: dict[str, list[int]] | None = None  # pair -> [Valverde's sailor, Diaz's sailor]
    position: Annotated[str, Meta(description="the one-line position the log starts from, "
                                  "instead of the setup")] | None = None
    result: list[str] | Literal["unfinished"] | None = None
    tags: dict[str, str] = {}
    events: list[Event] = []
    line: int = 0
    spans: dict[str, tuple[int, int, int]] = {}


LOG_TYPE = MutinyLog
