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
from dataclasses import dataclass
from types import ModuleType
from typing import Any, NamedTuple, Protocol, runtime_checkable

from cartlog.core.findings import Violation


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
        return self.module("events").LOG_TYPE  # type: ignore[no-any-return]

    @property
    def codes(self) -> ModuleType:
        """The finding codes: ``CODES``, ``CONSEQUENCES``, ``TABLE_WIDE``, ``RECORD_ONLY``."""
        return self.module("codes")

    @property
    def notation(self) -> ModuleType:
        """The text notation: ``parse``, ``validate``, ``format_log``."""
        return self.module("notation")

    @property
    def engine(self) -> Any:
        """The engine class: ``start(log)``, ``from_position(text)``, then :class:`Engine`."""
        return self.module("engine").Engine

    @property
    def breakdown_type(self) -> type:
        return self.module("score").BREAKDOWN_TYPE  # type: ignore[no-any-return]

    @property
    def frame_type(self) -> type:
        return self.module("replay").Frame  # type: ignore[no-any-return]

    def breakdown(self, replay: Any) -> Any:
        """The final breakdown of a finished replay."""
        return self.module("score").breakdown(replay)

    def simulate(self, rules: str | None = None, players: int | None = None, seed: int = 0,
                 **options: Any) -> Any:
        """A random legal game, as a decoded log."""
        return self.module("simulate").simulate(
            rules or self.default_rules, self.players[1] if players is None else players, seed,
            **options)

    def catalogue(self) -> dict[str, Any]:
        """Rule sets and options as plain data (``cartlog games``)."""
        return self.module("model").catalogue()  # type: ignore[no-any-return]


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
