"""The game registry: each game is a package of the same shape, registered once by name.

Game modules are imported lazily, so that reading one log loads one game.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from types import ModuleType

import msgspec

from cartlog.core.errors import LogSyntaxError, SyntaxProblem
from cartlog.core.notation import line_col_of_offset, read_header


@dataclass(frozen=True)
class GameEntry:
    name: str
    title: str
    package: str
    aliases: tuple[str, ...]

    def module(self, part: str) -> ModuleType:
        """Import ``cartlog.games.<game>.<part>`` (model, events, rules, notation, ...)."""
        return importlib.import_module(f"{self.package}.{part}")


GAMES: dict[str, GameEntry] = {
    "cartagena": GameEntry("cartagena", "Cartagena", "cartlog.games.cartagena",
                           ("cartagena", "carthagene", "cartagène")),
}


def find_game(name: str) -> GameEntry | None:
    key = name.strip().lower()
    for entry in GAMES.values():
        if key == entry.name or key in entry.aliases:
            return entry
    return None


def is_json(text: str) -> bool:
    """Logs are told apart by content: a JSON log is an object."""
    return text.lstrip()[:1] == "{"


def read_log(text: str, path: str = "<log>"):
    """Read a log of any game, text or JSON. Raises :class:`LogSyntaxError` when unreadable."""
    if is_json(text):
        return _read_json(text, path)
    problems: list[SyntaxProblem] = []
    header = read_header(text.splitlines(), [])
    tag = header.tags.get("game")
    if tag is None:
        problems.append(SyntaxProblem(1, 1, "the log names no game",
                                      expected='a first line such as [Game "Cartagena"]'))
        raise LogSyntaxError(path, problems, text)
    entry = find_game(tag.value)
    if entry is None:
        problems.append(SyntaxProblem(tag.line, tag.col, f"unknown game {tag.value!r}",
                                      expected=", ".join(g.title for g in GAMES.values()),
                                      end_col=tag.end))
        raise LogSyntaxError(path, problems, text)
    return entry.module("notation").parse(text, path)


def _read_json(text: str, path: str):
    try:
        raw = msgspec.json.decode(text)
    except msgspec.DecodeError as exc:
        msg = str(exc)
        line, col = 1, 1
        if "byte" in msg:
            try:
                offset = int(msg.rsplit("byte", 1)[1].strip(" )"))
                line, col = line_col_of_offset(text.encode(), offset)
            except ValueError:
                pass
        raise LogSyntaxError(path, [SyntaxProblem(line, col, f"invalid JSON: {msg}")], text)
    game = raw.get("game") if isinstance(raw, dict) else None
    entry = find_game(game) if isinstance(game, str) else None
    if entry is None:
        raise LogSyntaxError(path, [SyntaxProblem(
            1, 1, f"unknown or missing game {game!r}",
            expected='"game": one of ' + ", ".join(GAMES))], text)
    events = entry.module("events")
    try:
        log = msgspec.convert(raw, type=events.LOG_TYPE)
    except msgspec.ValidationError as exc:
        raise LogSyntaxError(path, [SyntaxProblem(1, 1, f"invalid log: {exc}")], text)
    problems = entry.module("notation").validate(log)
    if problems:
        raise LogSyntaxError(path, problems, text)
    return log


def game_of(log) -> GameEntry:
    """The registry entry of a decoded log (its tag is the game name)."""
    return GAMES[type(log).__struct_config__.tag]


_SPAN_KEYS = frozenset({"line", "col", "end", "spans"})


def strip_spans(log):
    """The same log without source locations (what JSON written by cartlog holds)."""

    def clean(obj):
        if isinstance(obj, dict):
            return {k: clean(v) for k, v in obj.items() if k not in _SPAN_KEYS}
        if isinstance(obj, list):
            return [clean(v) for v in obj]
        return obj

    return msgspec.convert(clean(msgspec.to_builtins(log)), type=type(log))


def all_codes() -> dict:
    """Every finding code of every game, by code."""
    out: dict = {}
    for entry in GAMES.values():
        out.update(entry.module("codes").CODES)
    return out


def catalogue() -> list[dict]:
    """Games, rule sets and options, as plain data (``cartlog games``)."""
    out = []
    for entry in GAMES.values():
        model = entry.module("model")
        out.append({
            "name": entry.name, "title": entry.title, "aliases": list(entry.aliases),
            "rulesets": [{
                "name": rs.name, "book": rs.book, "spaces": rs.spaces, "pirates": rs.pirates,
                "actions": rs.actions, "players": f"{rs.min_players}-{rs.max_players}",
                "cards": f"{rs.deck_size} ({rs.per_sign} x " + ", ".join(rs.signs) + ")",
                "letters": dict(zip(rs.letters, rs.signs)), "options": rs.options,
            } for rs in model.RULESETS.values()],
            "option_help": model.OPTION_HELP,
        })
    return out
