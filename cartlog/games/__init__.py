"""The game registry: every game, built in or not, is a package of the same shape that declares
its :class:`~cartlog.core.spec.GameSpec` as an entry point of the group ``cartlog.games``.

cartlog's own three games are declared by cartlog's own distribution (``pyproject.toml``,
``[project.entry-points."cartlog.games"]``), any other game by the distribution that installs
it (docs/api.md, "Adding a game"). The registry lists the specs only; every part of a game is
reached through its spec and imported lazily, so that reading one log loads one game. Reading a
log of any game is :mod:`cartlog.logs`.

The entry points are found by reading the ``entry_points.txt`` of the distributions on
``sys.path`` (as :mod:`importlib.metadata` finds them, without importing it: that import alone
costs more than the rest of the scan; docs/architecture.md, "Adding a game"). A game that
cannot be loaded (its module does not import, its object is no valid spec, its name or an alias
is another game's) is left out with one warning line on standard error: cartlog runs on with
the others.
"""

from __future__ import annotations

import importlib
import os
import sys
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, NamedTuple, TypeVar

from cartlog.core.spec import GameSpec

if TYPE_CHECKING:
    from cartlog.core.findings import Code

GROUP = "cartlog.games"  # the entry point group a game is declared in
OWN = "cartlog"  # the distribution whose games are built in

# cartlog's own games as pyproject.toml declares them, for a cartlog whose installed metadata
# does not (run from a source tree, or installed before the games were entry points); a test
# holds the two lists equal
BUILT_IN_DECLARED: tuple[tuple[str, str], ...] = (
    ("cartagena", "cartlog.games.cartagena:SPEC"),
    ("meuterer", "cartlog.games.meuterer:SPEC"),
    ("mutiny", "cartlog.games.mutiny:SPEC"),
)


class Declared(NamedTuple):
    """One entry point of :data:`GROUP`: the game's name, ``module:attribute`` of its spec,
    and the distribution that declares it."""

    name: str
    value: str
    dist: str


_INFO = (".dist-info", ".egg-info")


def _normal(name: str) -> str:
    """A distribution's name as its metadata folder is matched (PEP 503, ``-`` and ``.`` as
    ``_``)."""
    return name.replace("-", "_").replace(".", "_").lower()


def declared(path: Iterable[str] | None = None) -> list[Declared]:
    """Every entry point of :data:`GROUP` that the distributions on ``path`` (``sys.path``)
    declare, the first distribution of a name only, in the order of the path."""
    out: list[Declared] = []
    seen: set[str] = set()
    for entry in sys.path if path is None else path:
        folder = entry or "."
        try:
            names = sorted([n for n in os.listdir(folder) if n.endswith(_INFO)])
        except NotADirectoryError:  # a zip archive on the path: read by importlib.metadata
            out += _zipped(folder, seen)
            continue
        except OSError:
            continue
        for name in names:
            dist = _normal(name.rsplit(".", 1)[0].split("-", 1)[0])
            if dist in seen:
                continue
            seen.add(dist)
            try:
                with open(os.path.join(folder, name, "entry_points.txt"),
                          encoding="utf-8") as f:
                    text = f.read()
            except (OSError, UnicodeDecodeError):
                continue
            if GROUP in text:
                out += [Declared(n, v, dist) for n, v in _section(text)]
    return out


def _section(text: str) -> list[tuple[str, str]]:
    """The ``name = value`` lines of the :data:`GROUP` section of an ``entry_points.txt``."""
    out: list[tuple[str, str]] = []
    inside = False
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line[0] in "#;":
            continue
        if line[0] == "[" and line[-1] == "]":
            inside = line[1:-1].strip() == GROUP
        elif inside and "=" in line:
            name, _, value = line.partition("=")
            out.append((name.strip(), value.strip()))
    return out


def _zipped(archive: str, seen: set[str]) -> list[Declared]:
    """The entry points of :data:`GROUP` of the distributions in a zip archive on the path."""
    from importlib.metadata import distributions

    out: list[Declared] = []
    for dist in distributions(path=[archive]):
        name = _normal(dist.metadata["Name"] or "")
        if name in seen:
            continue
        seen.add(name)
        out += [Declared(ep.name, ep.value, name) for ep in dist.entry_points
                if ep.group == GROUP]
    return out


def _object(value: str) -> Any:
    """What an entry point's ``module:attribute`` names (extras in brackets ignored)."""
    module, _, attr = value.split("[", 1)[0].strip().partition(":")
    obj: Any = importlib.import_module(module.strip())
    for part in attr.strip().split(".") if attr.strip() else ():
        obj = getattr(obj, part)
    return obj


def _refused(spec: object, name: str) -> str | None:
    """Why a loaded object cannot be the game ``name``'s spec, or ``None``."""
    if not isinstance(spec, GameSpec):
        return f"it is a {type(spec).__name__}, not a cartlog.core.spec.GameSpec"
    if spec.name != name:
        return f"its spec names the game {spec.name!r}: the entry point must have its name"
    if not (name[:1].isalpha() and name.isascii() and name == name.lower()
            and all(c.isalnum() or c in "_-" for c in name)):
        return "a game's name is lower case: a letter, then letters, digits, _ or -"
    if any(not isinstance(a, str) or a != a.strip().lower() for a in spec.aliases):
        return "its aliases are not all lower case words"
    if not spec.rulesets or spec.default_rules not in spec.rulesets:
        return f"its default rules {spec.default_rules!r} are not one of its rule sets"
    low, high = spec.players
    if not 1 <= low <= high:
        return f"players {spec.players} is not a range of player counts"
    return None


def load(path: Iterable[str] | None = None, *, others: bool = True
         ) -> tuple[tuple[GameSpec, ...], list[str]]:
    """Every game declared on ``path`` (``sys.path``), cartlog's own first, and a warning for
    each game left out. Never raises for a game's fault. ``others``: whether games of other
    distributions than cartlog's are loaded."""
    found = declared(path)
    if not others:
        found = [d for d in found if d.dist == OWN]
    own = [d for d in found if d.dist == OWN]
    if not own:
        own = [Declared(name, value, OWN) for name, value in BUILT_IN_DECLARED]
    specs: list[GameSpec] = []
    warnings: list[str] = []
    taken: dict[str, str] = {}  # every name and alias -> the game it names, as said
    for d in own + [d for d in found if d.dist != OWN]:
        try:
            spec: object = _object(d.value)
        except Exception as exc:  # a plugin's fault, whatever it is, leaves it out
            why = f"{type(exc).__name__}: {exc}".splitlines()[0]
        else:
            why = _refused(spec, d.name) or ""
            if not why and isinstance(spec, GameSpec):
                words = (spec.name, *spec.aliases)
                clash = next((w for w in words if w in taken), None)
                if clash is None:
                    said = f"the built-in game {spec.name!r}" if d.dist == OWN \
                        else f"the game {spec.name!r}"
                    taken.update((w, said) for w in words)
                    specs.append(spec)
                    continue
                why = f"{clash!r} already names {taken[clash]}"
        warnings.append(f"cartlog: warning: the game {d.name!r} ({d.value}, from {d.dist}) is "
                        f"left out: {why}")
    return tuple(specs), warnings


def _registered() -> tuple[GameSpec, ...]:
    """The games of this run: with ``CARTLOG_NO_PLUGINS`` set (to anything but ``""`` or
    ``0``), cartlog's own only."""
    specs, warnings = load(others=os.environ.get("CARTLOG_NO_PLUGINS", "") in ("", "0"))
    for line in warnings:
        print(line, file=sys.stderr)
    return specs


SPECS: tuple[GameSpec, ...] = _registered()
GAMES: dict[str, GameSpec] = {spec.name: spec for spec in SPECS}
BUILT_IN: tuple[GameSpec, ...] = tuple(spec for spec in SPECS
                                       if spec.package.startswith("cartlog."))


T = TypeVar("T")
_WARNED: set[tuple[str, str]] = set()


def each(part: Callable[[GameSpec], T], what: str) -> list[tuple[GameSpec, T]]:
    """Every registered game with one of its parts (``what``, in words: ``its log type``),
    for what gathers a part of every game (the games listed, every code, the union of log
    types a JSON log is decoded with): a game whose part cannot be loaded is left out of it,
    with one warning line, and the others go on."""
    out: list[tuple[GameSpec, T]] = []
    for spec in SPECS:
        try:
            out.append((spec, part(spec)))
        except Exception as exc:  # a plugin's fault, whatever it is, leaves it out
            if (spec.name, what) not in _WARNED:
                _WARNED.add((spec.name, what))
                why = f"{type(exc).__name__}: {exc}".splitlines()[0]
                print(f"cartlog: warning: the game {spec.name!r} is left out: {what} cannot "
                      f"be loaded: {why}", file=sys.stderr)
    return out


def find_game(name: str) -> GameSpec | None:
    """The game a name or alias stands for (any case), or ``None``."""
    for spec in SPECS:
        if spec.matches(name):
            return spec
    return None


def game_of(log: Any) -> GameSpec:
    """The registry entry of a decoded log (its tag is the game name)."""
    return GAMES[type(log).__struct_config__.tag]


def all_codes(specs: Iterable[GameSpec] | None = None) -> dict[str, Code]:
    """Every finding code of every game (of ``specs``), and the codes common to all, by
    code."""
    from cartlog.core.codes import CODES

    out: dict[str, Code] = dict(CODES)
    if specs is None:
        for _, codes in each(lambda spec: spec.codes.CODES, "its codes"):
            out.update(codes)
        return out
    for entry in specs:
        out.update(entry.codes.CODES)
    return out


def catalogue() -> list[dict[str, Any]]:
    """Games, rule sets and options, as plain data (``cartlog games``)."""
    return [data for _, data in each(lambda spec: spec.catalogue(), "its catalogue")]
