"""What the text notation can hold of a decoded log: a JSON log's values the text notation
cannot write, and whether a log written in text reads back as the same log (docs/notation.md)."""

from __future__ import annotations

import re
from typing import Any

import msgspec

from cartlog.core.errors import LogSyntaxError, SyntaxProblem
from cartlog.core.text import printable
from cartlog.games import game_of

_SPAN_FIELDS = frozenset({"line", "col", "end", "spans"})
_SCALARS = frozenset({str, int, bool, float, type(None)})


def strip_spans(log: Any) -> Any:
    """The same log without source locations (what JSON written by cartlog holds). Only the
    Structs' own location fields are cleared: a map of the log (its ``tags``, a deal) keeps
    every key, ``line`` or ``spans`` among them."""

    def clean(obj: Any) -> Any:
        kind = type(obj)
        if kind in _SCALARS:
            return obj
        if isinstance(obj, msgspec.Struct):
            changes: dict[str, Any] = {}
            for name in obj.__struct_fields__:
                value = getattr(obj, name)
                if name in _SPAN_FIELDS:
                    if value:
                        changes[name] = type(value)()
                elif type(value) not in _SCALARS:
                    new = clean(value)
                    if new is not value:
                        changes[name] = new
            return msgspec.structs.replace(obj, **changes) if changes else obj
        if kind is list:
            items = [clean(v) for v in obj]
            return items if any(a is not b for a, b in zip(items, obj)) else obj
        if kind is dict:
            values = {k: clean(v) for k, v in obj.items()}
            return values if any(values[k] is not v for k, v in obj.items()) else obj
        return obj

    return clean(log)


def text_form_problems(log: Any) -> list[SyntaxProblem]:
    """Whether a decoded JSON log survives the text notation: it is written in text and read
    back with the game's text reader. Every problem of that reading is one of the log's,
    with the reader's own message and expected value, placed at the JSON path of the header
    field or event written on that line; a value that reads back as another (a name with
    spaces around it, a number too long to read) is a problem at its path. No problem: the
    log converts both ways without a loss."""
    notation = game_of(log).notation
    clean = strip_spans(log)
    text = notation.format_log(clean)
    paths = paths_of_lines(text, clean)
    try:
        back = notation.parse(text, "<json>")
    except LogSyntaxError as err:
        out = []
        for p in err.problems:
            path = paths[p.line - 1] if 0 < p.line <= len(paths) else "$"
            out.append(SyntaxProblem(1, 1, f"at {path}: {p.message}", p.expected))
        return out
    except ValueError:
        return [SyntaxProblem(1, 1, "at $: the log cannot be written in the text notation")]
    before = msgspec.to_builtins(clean)
    after = msgspec.to_builtins(strip_spans(back))
    found = None if before == after else first_difference(before, after, "$")
    if found is None:
        return []
    path, was, read = found
    return [SyntaxProblem(
        1, 1, f"at {path}: {shown(was)} cannot be written in the text notation: it reads "
        f"back as {shown(read)}", "a value the text notation holds as it is")]


_TAG_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_-]*")
_NAME_STOPS = ",;"


def value_problems(log: Any, source: str | None = None) -> list[SyntaxProblem]:
    """The values of a decoded JSON log that the text notation cannot hold, each at its JSON
    path: a line break in any string or key; a
    player's name that is empty, has spaces around it or holds a comma or a semicolon (they
    part the Players tag); a tag whose name cannot be written as a header tag, is one of the
    header's own fields (``Players``) or differs from another only in case."""
    out: list[SyntaxProblem] = []

    def bad(path: str, message: str, expected: str | None = None) -> None:
        out.append(SyntaxProblem(1, 1, f"at {path}: {message}", expected))

    def walk(value: Any, path: str) -> None:
        if isinstance(value, str):
            if "\n" in value or "\r" in value:
                bad(path, "a line break cannot be written in a text log, where every value "
                    "stands on one line", "text on one line")
        elif isinstance(value, dict):
            for k, v in value.items():
                walk(k, f"{path}.{k}")
                walk(v, f"{path}.{k}")
        elif isinstance(value, list):
            for i, v in enumerate(value):
                walk(v, f"{path}[{i}]")

    # a line break is escaped in JSON: look for its escape first (in the JSON the log was
    # read from, ``source``, when there is one). Every escape starts with a backslash, which
    # one character search rules out for most logs (a search for ``\n`` costs far more).
    encoded = source if source is not None else msgspec.json.encode(log).decode()
    if "\\" in encoded and ("\\n" in encoded or "\\r" in encoded or "\\u000" in encoded):
        walk(msgspec.to_builtins(strip_spans(log)), "$")
    for i, player in enumerate(getattr(log, "players", ())):
        name = player.name
        if name is None:
            continue
        path = f"$.players[{i}].name"
        if not name.strip():
            bad(path, "an empty name", "a name, or no name field at all")
        elif name != name.strip():
            bad(path, f"spaces around the name {name!r}", repr(name.strip()))
        elif any(c in name for c in _NAME_STOPS):
            bad(path, f"a player's name cannot hold {'a comma' if ',' in name else 'a semicolon'}"
                ": commas and semicolons part the players in the Players tag",
                "a name without them")
    fields = set(game_of(log).notation.HEADER_FIELDS)
    seen: dict[str, str] = {}
    for name in log.tags:
        path = f"$.tags.{name}"
        if not _TAG_NAME.fullmatch(name):
            bad(path, f"{name!r} cannot be the name of a header tag",
                "a letter, then letters, digits, _ or -")
        elif name.lower() in fields:
            bad(path, f"tag {name!r} has the name of a header field of the log; the field is "
                f"written as {name.lower()!r} in JSON, beside tags", "another tag name")
        elif name.lower() in seen:
            bad(path, f"tags {seen[name.lower()]!r} and {name!r} differ only in case: tag "
                "names are read in any case", "one of them")
        seen.setdefault(name.lower(), name)
    return out


def shown(value: Any) -> str:
    if value is _ABSENT:
        return "nothing"
    text = repr(value) if not isinstance(value, (dict, list)) else msgspec.json.encode(
        value).decode()
    return printable(text if len(text) <= 60 else text[:57] + "...")


_ABSENT = object()
_TAG_LINE = re.compile(r'\[([A-Za-z][A-Za-z0-9_-]*) "')


def paths_of_lines(text: str, log: Any) -> list[str]:
    """The JSON path of what each line of a log's canonical text holds: a header tag's field
    (``$.players``, ``$.tags.Event``), an event (``$.events[3]``)."""
    lines = text.split("\n")
    fields = {name.replace("_", ""): log.__struct_encode_fields__[i]
              for i, name in enumerate(log.__struct_fields__)}
    out: list[str] = []
    events = 0
    body = False
    n = len(log.events)
    for line in lines:
        if not body:
            if line == "":
                body = True
                out.append("$")
                continue
            m = _TAG_LINE.match(line)
            name = m.group(1) if m else ""
            if name in log.tags:
                out.append(f"$.tags.{name}")
            else:
                out.append("$." + fields.get(name.lower(), "") if name.lower() in fields
                           else "$")
            continue
        out.append(f"$.events[{events}]" if events < n else "$.events")
        events += 1
    return out


def first_difference(a: Any, b: Any, path: str) -> tuple[str, Any, Any] | None:
    """The first JSON path where two plain values differ, with both values there."""
    if type(a) is not type(b):
        return path, a, b
    if isinstance(a, dict):
        for k in list(a) + [k for k in b if k not in a]:
            got = first_difference(a.get(k, _ABSENT), b.get(k, _ABSENT), f"{path}.{k}")
            if got is not None:
                return got
        return None
    if isinstance(a, list):
        for i in range(max(len(a), len(b))):
            got = first_difference(a[i] if i < len(a) else _ABSENT,
                                    b[i] if i < len(b) else _ABSENT, f"{path}[{i}]")
            if got is not None:
                return got
        return None
    return None if a == b else (path, a, b)
