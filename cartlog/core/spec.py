"""The game contract: what every game package provides, and the engine protocol it implements.

A game is one :class:`GameSpec` object, defined in its package's ``__init__`` and listed by the
registry (:mod:`cartlog.games`). The spec names the game once (title, aliases, rule sets, what a
"turn" is called) and reaches the game's parts lazily, so that reading one log loads one game.

Every game's engine implements :class:`Engine`: the rules driven one event at a time, as the
replay walker, the simulator, the recorder and other people's tools need them.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from types import ModuleType
from typing import Any, NamedTuple, Protocol, cast, runtime_checkable

from cartlog.core.errors import SyntaxProblem
from cartlog.core.findings import Code, Note, Violation
from cartlog.core.notation import HeaderQuestion


class ToMove(NamedTuple):
    """Who must act now, and in which phase of the game (``turn`` in Cartagena; ``wage``,
    ``sell``, ``dest``, ... in Meuterer)."""

    seat: int
    player: str
    phase: str


class Outcome(NamedTuple):
    """How a finished game ended: the winners (several for a shared win, none when nobody
    wins) and the reason in words."""

    winners: tuple[str, ...]
    reason: str


@dataclass(frozen=True)
class GameSpec:
    """One game, named once. Parts are the modules of the game package, imported on first use.

    ``turn_word``/``turns_word``: what the game counts its play in (``turn``, ``round``).
    ``renderer``: the module of the game's terminal renderer, looked up by the render layer.
    """

    name: str
    title: str
    aliases: tuple[str, ...]
    package: str
    rulesets: tuple[str, ...]
    default_rules: str
    players: tuple[int, int]
    turn_word: str
    turns_word: str
    renderer: str
    summary: str = ""

    def module(self, part: str) -> ModuleType:
        """Import ``<package>.<part>`` (model, events, rules, notation, engine, ...)."""
        name = f"{self.package}.{part}"
        found = sys.modules.get(name)  # imported already: the audit of every log asks
        return found if found is not None else importlib.import_module(name)

    def matches(self, name: str) -> bool:
        """Whether ``name`` (any case, surrounding blanks ignored) names this game."""
        key = name.strip().lower()
        return key == self.name or key in self.aliases

    def count(self, n: int) -> str:
        """``1 turn``, ``9 rounds``: a number of the game's units of play."""
        return f"{n} {self.turn_word if n == 1 else self.turns_word}"

    # -- the parts ---------------------------------------------------------------------------

    @property
    def log_type(self) -> type:
        """The msgspec Struct of a decoded log (tagged by ``game``)."""
        return cast(type, self.module("events").LOG_TYPE)

    @property
    def codes(self) -> CodeBook:
        """The finding codes the game gives (:class:`CodeBook`)."""
        return cast(CodeBook, self.module("codes"))

    @property
    def notation(self) -> Notation:
        """The text notation (:class:`Notation`)."""
        return cast(Notation, self.module("notation"))

    @property
    def positions(self) -> PositionReader:
        """How the game's one-line position names its fields (:class:`PositionReader`)."""
        return cast(PositionReader, self.module("position"))

    @property
    def engine(self) -> EngineFactory:
        """The engine class: ``start(log)``, ``from_position(text)``, then :class:`Engine`."""
        return cast(EngineFactory, self.module("engine").Engine)

    @property
    def walker(self) -> Walker:
        """The audit's walk of a log through the engine (:class:`Walker`)."""
        return cast(Walker, self.module("replay"))

    @property
    def breakdown_type(self) -> type:
        return cast(type, self.module("score").BREAKDOWN_TYPE)

    @property
    def frame_type(self) -> type:
        return cast(type, self.module("replay").Frame)

    def breakdown(self, replay: Walked) -> Breakdown:
        """The final breakdown of a finished replay."""
        return cast(Breakdown, self.module("score").breakdown(replay))

    def simulate(self, rules: str | None = None, players: int | None = None, seed: int = 0,
                 **options: Any) -> Any:
        """A random legal game, as a decoded log."""
        return self.module("simulate").simulate(
            rules or self.default_rules, self.players[1] if players is None else players, seed,
            **options)

    def redact(self, log: Any, view: str) -> Any | None:
        """What the log shows to ``view`` (``table``, or a player's colour: the table's view
        plus that player's own cards), as the simulator writes such a log; None when the game
        hides nothing (its ``simulate`` module has no ``redact``)."""
        redact = getattr(self.module("simulate"), "redact", None)
        return None if redact is None else redact(log, view)

    def catalogue(self) -> dict[str, Any]:
        """Rule sets and options as plain data (``cartlog games``)."""
        return cast(dict[str, Any], self.module("model").catalogue())


@runtime_checkable
class Engine(Protocol):
    """A game in progress, driven one event at a time.

    ``check`` never changes the state; ``apply`` carries out any physically possible event,
    legal or not, so that a replay follows the game as it was actually played. Rule violations
    are :class:`~cartlog.core.findings.Violation` records, never exceptions.
    """

    spec: GameSpec

    def to_move(self) -> ToMove | None: ...

    def legal(self) -> list[Any]: ...

    def read(self, line: str) -> Any: ...

    def check(self, event: Any) -> list[Violation]: ...

    def apply(self, event: Any) -> None: ...

    def copy(self) -> Engine: ...

    def position(self) -> str: ...

    def is_over(self) -> bool: ...

    def outcome(self) -> Outcome | None: ...

    def totals(self) -> dict[str, int]:
        """Quantities the game conserves (pieces, cards in every place together): the same
        after any sequence of applied events. Used by the conformance suite."""
        ...


class EngineFactory(Protocol):
    """A game's engine class: how an :class:`Engine` is made."""

    def start(self, log: Any) -> Engine: ...

    def from_position(self, text: str) -> Engine: ...


# -- the other parts of a game, as the rest of cartlog uses them -------------------------------


@runtime_checkable
class Notation(Protocol):
    """A game's text notation (its ``notation`` module): reading and writing a log, one event
    at a time for the recorder, and what a header holds."""

    @property
    def RULES_TAG(self) -> str | None:  # noqa: N802 - a module constant
        """The header tag that names the rule set, or ``None`` for a game of one rule set."""

    @property
    def CONDONED_MARK(self) -> str:  # noqa: N802 - a module constant
        """The mark after an event the table let stand although illegal (``!``)."""

    @property
    def HEADER_FIELDS(self) -> tuple[str, ...]:  # noqa: N802 - a module constant
        """The header's own fields (JSON names), which no free tag may take."""

    def parse(self, text: str, path: str = ...) -> Any:
        """A text log decoded; :class:`~cartlog.core.errors.LogSyntaxError` when it cannot
        be read, with every problem located."""

    def validate(self, log: Any) -> list[SyntaxProblem]:
        """The problems of a log decoded from JSON that its types do not catch."""

    def format_log(self, log: Any) -> str:
        """A log in canonical text."""

    def format_event(self, ev: Any, log: Any = ...) -> str:
        """One event in canonical text, as a recorder writes and shows it."""

    def header_questions(self, rules: str) -> list[HeaderQuestion]:
        """What a recorder asks for a new header under ``rules``, tag by tag."""

    def position_players(self, text: str) -> tuple[str, list[str]]:
        """The rule set and the players' colours of a one-line position."""

    def with_position(self, log: Any) -> Any:
        """A log that starts from a position, with what its header leaves out filled in."""

    def join_event(self, line: Any, event: Any, game: Any) -> tuple[Any, bool] | None:
        """How a recorder writes ``event`` while ``line`` is still being written: the line
        with it and whether it goes on, or ``None`` when it stands on a line of its own."""

    def split_line(self, line: Any) -> list[Any]:
        """The events of a line written by :meth:`join_event`, one by one."""

    def json_hint(self, raw: dict[str, Any], field: str, value: str) -> str:
        """For a word a JSON log's types refuse, the nearest words the game knows there."""


@runtime_checkable
class CodeBook(Protocol):
    """A game's finding codes (its ``codes`` module)."""

    @property
    def CODES(self) -> Mapping[str, Code]:  # noqa: N802 - a module constant
        """Every code the game gives, by code."""

    @property
    def CONSEQUENCES(self) -> frozenset[str]:  # noqa: N802 - a module constant
        """Codes that may only follow from an earlier error."""

    @property
    def TABLE_WIDE(self) -> frozenset[str]:  # noqa: N802 - a module constant
        """Of those, the ones about the whole table rather than one player."""

    @property
    def RECORD_ONLY(self) -> frozenset[str]:  # noqa: N802 - a module constant
        """Codes about what the log says rather than what was played."""


@runtime_checkable
class PositionReader(Protocol):
    """How a game's one-line position names its fields (its ``position`` module), to place a
    problem at the field it concerns."""

    @property
    def HELP(self) -> str:  # noqa: N802 - a module constant
        """What a position holds, in words."""

    @property
    def KEY_SEP(self) -> str:  # noqa: N802 - a module constant
        """Between the key of an optional field and its value."""

    def error_field(self, message: str) -> int | str | None:
        """The field a position reader's message is about: its index or its key."""


class RuleSetName(Protocol):
    @property
    def name(self) -> str: ...


class Walked(Protocol):
    """A log walked through its game (the audit's replay): the violations placed in the log,
    the players' colours, what the log did not let it check, and the log itself."""

    @property
    def log(self) -> Any: ...

    @property
    def notes(self) -> list[Note]: ...

    @property
    def colours(self) -> list[str]: ...

    @property
    def unchecked(self) -> list[str]: ...

    @property
    def rs(self) -> RuleSetName: ...


class Walker(Protocol):
    """A game's ``replay`` module: the walk of a log, and the same with a frame per step."""

    def Replay(self, log: Any, *, stop_at_first: bool = ..., positions: int = ...  # noqa: N802
               ) -> Any:
        """The walk of ``log`` (``run()`` returns the :class:`Walked`)."""

    def record(self, log: Any, *, in_progress: bool = ...) -> tuple[Any, list[Any]]:
        """The walk of ``log`` with a frame per step."""


@runtime_checkable
class Breakdown(Protocol):
    """What every game's final breakdown says (its ``score`` module's Struct)."""

    @property
    def winner(self) -> str | None:
        """The winners joined (``red, blue``), ``None`` when none or unfinished."""

    @property
    def finished(self) -> bool: ...

    @property
    def recorded(self) -> str | None:
        """The result the log records, as written."""

    @property
    def agrees(self) -> bool | None:
        """Whether the recorded result is the replayed one (``None`` when none recorded)."""

    @property
    def turns(self) -> int:
        """Turns or rounds played."""
