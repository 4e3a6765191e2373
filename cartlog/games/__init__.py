"""The game registry: each game is a package of the same shape, registered once by its spec.

The registry only lists the games' :class:`~cartlog.core.spec.GameSpec` objects; every part of a
game is reached through its spec and imported lazily, so that reading one log loads one game.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from typing import Union

import msgspec

from cartlog.core.errors import LogSyntaxError, SyntaxProblem
from cartlog.core.files import decode_text  # noqa: F401  (the decoder of every log, here too)
from cartlog.core.notation import line_col_of_offset, read_header
from cartlog.core.spec import GameSpec
from cartlog.core.text import MAX_DIGITS, printable, split_lines
from cartlog.core.words import with_hint
from cartlog.games import cartagena, meuterer, mutiny

SPECS: tuple[GameSpec, ...] = (cartagena.SPEC, meuterer.SPEC, mutiny.SPEC)
GAMES: dict[str, GameSpec] = {spec.name: spec for spec in SPECS}


def find_game(name: str) -> GameSpec | None:
    """The game a name or alias stands for (any case), or ``None``."""
    for spec in SPECS:
        if spec.matches(name):
            return spec
    return None


def is_json(text: str) -> bool:
    """Logs are told apart by content: a JSON log is an object."""
    return text.lstrip()[:1] == "{"


def read_log(text: str, path: str = "<log>"):
    """Read a log of any game, text or JSON. Raises :class:`LogSyntaxError` when unreadable."""
    if not text.strip():
        raise LogSyntaxError(path, [SyntaxProblem(
            1, 1, "the log is empty",
            expected='a header such as [Game "Cartagena"], then one line per turn')], text)
    if is_json(text):
        return _read_json(text, path)
    _not_an_object(text, path)
    # the common case: the first line names the game as cartlog writes it (the first tag,
    # a value without escapes), and the game is known
    m = _GAME_LINE.match(text)
    entry = find_game(m.group(1)) if m is not None else None
    if entry is not None:
        return _read_text(entry, text, path)
    problems: list[SyntaxProblem] = []
    lines = split_lines(text)
    header = read_header(lines, [])
    tag = header.tags.get("game")
    if tag is None:
        first = next((t.line for t in header.tags.values()), None)
        if first is None:
            first = next(i + 1 for i, ln in enumerate(lines) if ln.strip())
        problems.append(SyntaxProblem(first, 1, "the log names no game",
                                      expected='a first line such as [Game "Cartagena"]'))
        raise LogSyntaxError(path, problems, text)
    entry = find_game(tag.value)
    if entry is None:
        problems.append(SyntaxProblem(tag.line, tag.col, f"unknown game {tag.value!r}",
                                      expected=", ".join(g.title for g in GAMES.values()),
                                      end_col=tag.end))
        raise LogSyntaxError(path, problems, text)
    return _read_text(entry, text, path)


_GAME_LINE = re.compile(r'\[Game "([^"\\\r\n]*)"\](?=[\r\n]|$)')


def _read_text(entry: GameSpec, text: str, path: str):
    """A text log read by its game's reader, once the game is known."""
    _long_numbers(text, path)
    try:
        return entry.module("notation").parse(text, path)
    except ValueError:  # int() of a digit the game's reader let through (``²``)
        raise LogSyntaxError(path, [_odd_digit(text)], text) from None


_LONG_DIGITS = re.compile(rf"\d{{{MAX_DIGITS + 1},}}")
_BLOCK = (MAX_DIGITS + 1) // 2  # a run of MAX_DIGITS + 1 digits fills a block this long


def _long_numbers(text: str, path: str) -> None:
    """Numbers too long for any count (and for ``int()``) are problems, located: in a text
    log and in a JSON log alike (in its numbers and in its strings), so that every log that
    reads converts."""
    # a run of more than MAX_DIGITS digits (``\d``: ``str.isdecimal``) fills one of the
    # blocks of _BLOCK characters the text is cut into: without such a block, none is there
    # (the search below takes a character at a time)
    if not any(text[i:i + _BLOCK].isdecimal() for i in range(0, len(text), _BLOCK)):
        return
    problems = []
    for m in _LONG_DIGITS.finditer(text):
        line, col = line_col_of_offset(text, m.start())
        problems.append(SyntaxProblem(line, col, f"a number of {m.end() - m.start()} digits",
                                      expected=f"a number of at most {MAX_DIGITS} digits",
                                      end_col=col + min(m.end() - m.start(), 80)))
        if len(problems) >= 1000:
            break
    if problems:
        raise LogSyntaxError(path, problems, text)


def _odd_digit(text: str) -> SyntaxProblem:
    """Where the first character that looks like a digit but is not an ASCII one stands."""
    for i, ch in enumerate(text):
        if ch.isdigit() and not ch.isascii():
            line, col = line_col_of_offset(text, i)
            return SyntaxProblem(line, col, f"{printable(repr(ch))} is not a digit 0-9",
                                 expected="numbers written with the digits 0-9",
                                 end_col=col + 1)
    return SyntaxProblem(1, 1, "a number that cannot be read",
                         expected="numbers written with the digits 0-9")


_JSON_KINDS = {list: "an array", str: "a string", int: "a number", float: "a number",
               bool: "a boolean", type(None): "null"}


def _not_an_object(text: str, path: str) -> None:
    """Text that is JSON but not an object is a JSON log of the wrong shape, not notation."""
    try:
        raw = msgspec.json.decode(text)
    except (msgspec.DecodeError, UnicodeEncodeError):
        return
    except RecursionError:
        raise _too_deep(text, path) from None
    start = len(text) - len(text.lstrip())
    line, col = line_col_of_offset(text, start)
    raise LogSyntaxError(path, [SyntaxProblem(
        line, col, f"a JSON log must be an object, not {_JSON_KINDS.get(type(raw), 'this')}",
        expected='{"game": "cartagena", ...}', end_col=col + 1)], text)


def _too_deep(text: str, path: str) -> LogSyntaxError:
    return LogSyntaxError(path, [SyntaxProblem(1, 1, "JSON nested too deeply to read",
                                               expected="a cartlog JSON log")], text)


_LOG_TYPE = None
_DECODER: msgspec.json.Decoder | None = None


def _log_type():
    """Every game's log type as one tagged union (tag ``game``), for a one-pass decode."""
    global _LOG_TYPE
    if _LOG_TYPE is None:
        types = tuple(entry.module("events").LOG_TYPE for entry in GAMES.values())
        _LOG_TYPE = Union[types] if len(types) > 1 else types[0]
    return _LOG_TYPE


def _decoder() -> msgspec.json.Decoder:
    """A decoder of :func:`_log_type`, made once: ``msgspec.json.decode(text, type=...)``
    looks the type up again at every call."""
    global _DECODER
    if _DECODER is None:
        _DECODER = msgspec.json.Decoder(_log_type())
    return _DECODER


def _read_json(text: str, path: str):
    # A run of digits too long for any count, in a number or a string (a position), is a
    # problem at it, as in a text log: no game's reader meets one, and the log converts
    _long_numbers(text, path)
    # The fast path: one typed decode. Any failure is read again below for a located message.
    try:
        log = _decoder().decode(text)
    except (msgspec.DecodeError, RecursionError, UnicodeEncodeError):
        pass
    else:
        problems = game_of(log).module("notation").validate(log) or value_problems(log, text)
        if problems:
            raise LogSyntaxError(path, [_locate(text, p) for p in problems], text)
        return _completed(log)
    try:
        raw = msgspec.json.decode(text)
    except RecursionError:
        raise _too_deep(text, path) from None
    except UnicodeEncodeError as exc:
        line, col = line_col_of_offset(text, exc.start)
        raise LogSyntaxError(path, [SyntaxProblem(line, col, "text that is not valid Unicode",
                                                  end_col=col + 1)], text) from None
    except msgspec.DecodeError as exc:
        msg = str(exc)
        line, col = line_col_of_offset(text, len(text.rstrip()))
        if "byte" in msg:
            try:
                offset = int(msg.rsplit("byte", 1)[1].strip(" )"))
                line, col = line_col_of_offset(text.encode(), offset)
                col = len(split_lines(text)[line - 1].encode()[:col - 1].decode(
                    errors="ignore")) + 1
            except (ValueError, IndexError):
                pass
        raise LogSyntaxError(path, [SyntaxProblem(line, col, f"invalid JSON: {msg}",
                                                  end_col=col + 1)], text) from None
    game = raw.get("game") if isinstance(raw, dict) else None
    entry = find_game(game) if isinstance(game, str) else None
    if entry is None:
        problem = SyntaxProblem(1, 1, f"unknown or missing game {game!r}" if game is not None
                                else "the log names no game",
                                expected='"game": one of ' + ", ".join(GAMES))
        raise LogSyntaxError(path, [_locate(text, problem, "$.game" if game is not None
                                             else "$")], text)
    events = entry.module("events")
    try:
        log = msgspec.convert(raw, type=events.LOG_TYPE)
    except msgspec.ValidationError as exc:
        message = str(exc)
        problem = SyntaxProblem(1, 1, "invalid log: " + with_hint(
            message, _suggestion(entry, raw, message)))
        raise LogSyntaxError(path, [_locate(text, problem)], text) from None
    problems = entry.module("notation").validate(log) or value_problems(log, text)
    if problems:
        raise LogSyntaxError(path, [_locate(text, p) for p in problems], text)
    return _completed(log)


def _completed(log):
    """A JSON log with what its header leaves out to its position filled in from it, as the
    game's text reader fills it in (each game's ``notation.with_position``)."""
    fill = getattr(game_of(log).module("notation"), "with_position", None)
    return fill(log) if fill is not None else log


_VALUE_PATH = re.compile(r"at `(\$[^`]*)`$")
_PATH_STEP = re.compile(r"\.([^.\[]+)|\[(\d+)\]")


def _suggestion(entry: GameSpec, raw: dict, message: str) -> str:
    """For a word the log's types refuse (a card, a side, a pirate misspelt), the nearest
    words the game knows there, as the text reader suggests them (``did you mean W
    (wine)?``); ``""`` when there is none."""
    m = _VALUE_PATH.search(message)
    hint = getattr(entry.module("notation"), "json_hint", None)
    if m is None or hint is None:
        return ""
    value: object = raw
    field = ""
    for step in _PATH_STEP.finditer(m.group(1)):
        key, index = step.groups()
        try:
            value = value[int(index)] if index is not None else value[key]  # type: ignore[index]
        except (KeyError, IndexError, TypeError):
            return ""
        field = key if key is not None else field
    return hint(raw, field, value) if isinstance(value, str) else ""


# -- where a JSON path stands in the text ------------------------------------------------------

_PATH_IN_MESSAGE = re.compile(r"at `(\$[^`]*)`|^at (\$.*?): ")
_WS = re.compile(r"\s*")
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
_SCALAR = re.compile(r'[^,\]}\s]+')


def _locate(text: str, problem: SyntaxProblem, path: str | None = None) -> SyntaxProblem:
    """The problem placed at the value its JSON path (``$.events[3].card``) names.

    The path is ``path`` or the one quoted in the message (as msgspec and the games'
    ``validate`` write it). A path not found is cut back to its nearest located parent.
    """
    if path is None:
        m = _PATH_IN_MESSAGE.search(problem.message)
        if m is None or (problem.line, problem.col) != (1, 1):
            return problem
        path = m.group(1) or m.group(2)
    spans = _spans_of(text)
    if spans is None:
        return problem
    while path and path not in spans:
        path = re.sub(r"(\.[^.\[]*|\[[^\]]*\])$", "", path)
        if path == "":
            path = "$"
    if path not in spans:
        return problem
    start, end = spans[path]
    line, col = _line_col(text, start)
    end_line, end_col = _line_col(text, end)
    return SyntaxProblem(line, col, problem.message, problem.expected,
                         end_col if end_line == line else None)


_SPANS_CACHE: list = [None, None, None]  # the last document's text, its spans, its line starts


def _spans_of(text: str) -> dict[str, tuple[int, int]] | None:
    """The spans of ``text``, computed once per document (every problem of a log reuses
    them), or ``None`` when the text cannot be scanned."""
    if _SPANS_CACHE[0] is not text:
        try:
            spans = _json_spans(text)
        except (RecursionError, IndexError, ValueError, AttributeError, msgspec.DecodeError):
            spans = None
        _SPANS_CACHE[:] = [text, spans, None]
    return _SPANS_CACHE[1]


def _line_col(text: str, offset: int) -> tuple[int, int]:
    """:func:`line_col_of_offset` of the document whose spans are cached, by bisection over
    its line starts, found once: placing every finding of a long log stays linear."""
    if _SPANS_CACHE[0] is not text:
        return line_col_of_offset(text, offset)
    starts = _SPANS_CACHE[2]
    if starts is None:
        starts = [0] + [m.end() for m in re.finditer("\n", text)]
        _SPANS_CACHE[2] = starts
    line = bisect_right(starts, offset)
    return line, offset - starts[line - 1] + 1


def _json_spans(text: str) -> dict[str, tuple[int, int]]:
    """JSON path -> (start, end) character offsets of every value of a valid JSON text."""
    spans: dict[str, tuple[int, int]] = {}

    def skip(i: int) -> int:
        return _WS.match(text, i).end()

    def value(i: int, path: str) -> int:
        i = skip(i)
        start, ch = i, text[i]
        if ch in "{[":
            close, n = ("}" if ch == "{" else "]"), 0
            i = skip(i + 1)
            while text[i] != close:
                if ch == "{":
                    key = _STRING.match(text, i)
                    name = msgspec.json.decode(key.group())
                    i = skip(key.end()) + 1  # the colon
                    i = value(i, f"{path}.{name}")
                else:
                    i = value(i, f"{path}[{n}]")
                    n += 1
                i = skip(i)
                if text[i] == ",":
                    i = skip(i + 1)
            i += 1
        elif ch == '"':
            i = _STRING.match(text, i).end()
        else:
            i = _SCALAR.match(text, i).end()
        spans[path] = (start, i)
        return i

    value(0, "$")
    return spans


def place_of_path(text: str, path: str) -> tuple[int, int, int | None] | None:
    """Line, column and end column (``None`` past the line) of the value a JSON path names in
    ``text``, or of its nearest parent that is there; ``None`` when the text cannot be
    scanned."""
    spans = _spans_of(text)
    if spans is None:
        return None
    while path not in spans and path not in ("", "$"):
        path = re.sub(r"(\.[^.\[]*|\[[^\]]*\])$", "", path) or "$"
    if path not in spans:
        return None
    start, end = spans[path]
    line, col = _line_col(text, start)
    end_line, end_col = _line_col(text, end)
    return line, col, end_col if end_line == line else None


def game_of(log) -> GameSpec:
    """The registry entry of a decoded log (its tag is the game name)."""
    return GAMES[type(log).__struct_config__.tag]


_SPAN_FIELDS = frozenset({"line", "col", "end", "spans"})
_SCALARS = frozenset({str, int, bool, float, type(None)})


def strip_spans(log):
    """The same log without source locations (what JSON written by cartlog holds). Only the
    Structs' own location fields are cleared: a map of the log (its ``tags``, a deal) keeps
    every key, ``line`` or ``spans`` among them."""

    def clean(obj):
        kind = type(obj)
        if kind in _SCALARS:
            return obj
        if isinstance(obj, msgspec.Struct):
            changes = {}
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


# -- what the text notation can hold -----------------------------------------------------------


def text_form_problems(log) -> list[SyntaxProblem]:
    """Whether a decoded JSON log survives the text notation: it is written in text and read
    back with the game's text reader. Every problem of that reading is one of the log's,
    with the reader's own message and expected value, placed at the JSON path of the header
    field or event written on that line; a value that reads back as another (a name with
    spaces around it, a number too long to read) is a problem at its path. No problem: the
    log converts both ways without a loss."""
    notation = game_of(log).module("notation")
    clean = strip_spans(log)
    text = notation.format_log(clean)
    paths = _paths_of_lines(text, clean)
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
    found = None if before == after else _first_difference(before, after, "$")
    if found is None:
        return []
    path, was, read = found
    return [SyntaxProblem(
        1, 1, f"at {path}: {_shown(was)} cannot be written in the text notation: it reads "
        f"back as {_shown(read)}", "a value the text notation holds as it is")]


_TAG_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_-]*")
_NAME_STOPS = ",;"


def value_problems(log, source: str | None = None) -> list[SyntaxProblem]:
    """The values of a decoded JSON log that the text notation cannot hold, each at its JSON
    path: a line break in any string or key; a
    player's name that is empty, has spaces around it or holds a comma or a semicolon (they
    part the Players tag); a tag whose name cannot be written as a header tag, is one of the
    header's own fields (``Players``) or differs from another only in case."""
    out: list[SyntaxProblem] = []

    def bad(path: str, message: str, expected: str | None = None) -> None:
        out.append(SyntaxProblem(1, 1, f"at {path}: {message}", expected))

    def walk(value, path: str) -> None:
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
    fields = set(game_of(log).module("notation").HEADER_FIELDS)
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


def check_conversion(log, text: str, path: str = "<log>") -> None:
    """Raise :class:`LogSyntaxError` when a log read from ``text`` would not convert without a
    loss (what ``cartlog convert`` checks before it writes): a JSON log must read back the
    same from its text, each problem at its JSON path (its values were checked as it was
    read); a text log's canonical text must read back as the same log, each problem placed at
    the line of the header tag or event concerned."""
    if is_json(text):
        # its values were checked as it was read; whether it reads back is checked here, as
        # writing it in text and reading it again costs as much as reading a text log
        problems = text_form_problems(log)
        if problems:
            raise LogSyntaxError(path, [_locate(text, p) for p in problems], text)
        return
    problems = value_problems(log) or text_form_problems(log)
    if not problems:
        return
    out = []
    for p in problems:
        where, _, message = p.message.partition(": ")
        line, col, end = _text_place(log, where[3:])
        out.append(SyntaxProblem(line, col, f"cannot be converted: {message}", p.expected,
                                 end))
    raise LogSyntaxError(path, out, text)


def write_log(log, to_json: bool) -> str:
    """A log as ``cartlog convert`` and ``simulate`` write it: JSON indented by two, without
    source locations, every invisible character escaped (:func:`~cartlog.core.text.json_visible`);
    or the game's canonical text."""
    if to_json:
        from cartlog.core.text import json_visible

        return json_visible(msgspec.json.format(msgspec.json.encode(strip_spans(log)).decode(),
                                                indent=2)) + "\n"
    return game_of(log).module("notation").format_log(log)


def convert_log(log, text: str, path: str, to_json: bool) -> str:
    """The log read from ``text``, written in JSON or text, once it is known to read back as
    the same log (docs/cli.md, convert): what is written is read again, as ``check`` would
    read the file, and compared with the log. Raises :class:`LogSyntaxError`, each problem
    located in ``text`` at the value that cannot be carried, when the written form does not
    read back, or reads back as another log."""
    check_conversion(log, text, path)
    out = write_log(log, to_json)
    form = "JSON" if to_json else "the text notation"
    try:
        back = read_log(out, "<converted>")
    except LogSyntaxError as err:
        found = [(_path_in_output(out, p, log, to_json), p.message, p.expected)
                 for p in err.problems]
    else:
        before = msgspec.to_builtins(strip_spans(log))
        after = msgspec.to_builtins(strip_spans(back))
        diff = None if before == after else _first_difference(before, after, "$")
        if diff is None:
            return out
        where, was, read = diff
        found = [(where, f"{_shown(was)} reads back as {_shown(read)}",
                  "a value the other form holds as it is")]
    problems = []
    for where, message, expected in found:
        p = SyntaxProblem(1, 1, f"at {where}: cannot be converted to {form}: written there, "
                          f"it does not read back: {message}", expected)
        if is_json(text):
            problems.append(_locate(text, p, where))
        else:
            line, col, end = _text_place(log, where)
            problems.append(SyntaxProblem(line, col, p.message[len(f"at {where}: "):],
                                          expected, end))
    raise LogSyntaxError(path, problems, text)


def _path_in_output(out: str, problem: SyntaxProblem, log, to_json: bool) -> str:
    """The JSON path of the value a problem of a converted log stands on: the innermost
    value at its place in the JSON written, or the header field or event on its line of
    the text written."""
    if not to_json:
        paths = _paths_of_lines(out, strip_spans(log))
        return paths[problem.line - 1] if 0 < problem.line <= len(paths) else "$"
    m = _PATH_IN_MESSAGE.search(problem.message)
    if m is not None:
        return m.group(1) or m.group(2)
    spans = _spans_of(out)
    if spans is None or problem.line < 1:
        return "$"
    starts = [0] + [m.end() for m in re.finditer("\n", out)]
    at = starts[min(problem.line, len(starts)) - 1] + max(0, problem.col - 1)
    inside = [(end - start, p) for p, (start, end) in spans.items() if start <= at < end]
    return min(inside)[1] if inside else "$"


def _text_place(log, path: str) -> tuple[int, int, int | None]:
    """Where in its text the value at a JSON path of a text log was read: its event (or the
    entry of an event), its header tag, else the first tag."""
    m = re.match(r"\$\.events\[(\d+)\]", path)
    if m and int(m.group(1)) < len(log.events):
        ev = log.events[int(m.group(1))]
        return ev.line or log.line or 1, ev.col or 1, ev.end or None
    field = re.match(r"\$\.(\w+)", path)
    name = field.group(1).replace("_", "") if field else ""
    if name == "tags":
        return log.line or 1, 1, None
    line, col, end = log.spans.get(name, (log.line or 1, 1, 0))
    return line, col, end or None


def _shown(value) -> str:
    if value is _ABSENT:
        return "nothing"
    text = repr(value) if not isinstance(value, (dict, list)) else msgspec.json.encode(
        value).decode()
    return printable(text if len(text) <= 60 else text[:57] + "...")


_ABSENT = object()
_TAG_LINE = re.compile(r'\[([A-Za-z][A-Za-z0-9_-]*) "')


def _paths_of_lines(text: str, log) -> list[str]:
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


def _first_difference(a, b, path: str):
    """The first JSON path where two plain values differ, with both values there."""
    if type(a) is not type(b):
        return path, a, b
    if isinstance(a, dict):
        for k in list(a) + [k for k in b if k not in a]:
            got = _first_difference(a.get(k, _ABSENT), b.get(k, _ABSENT), f"{path}.{k}")
            if got is not None:
                return got
        return None
    if isinstance(a, list):
        for i in range(max(len(a), len(b))):
            got = _first_difference(a[i] if i < len(a) else _ABSENT,
                                    b[i] if i < len(b) else _ABSENT, f"{path}[{i}]")
            if got is not None:
                return got
        return None
    return None if a == b else (path, a, b)


def all_codes() -> dict:
    """Every finding code of every game, and the codes common to all, by code."""
    from cartlog.core.codes import CODES

    out: dict = dict(CODES)
    for entry in GAMES.values():
        out.update(entry.module("codes").CODES)
    return out


def catalogue() -> list[dict]:
    """Games, rule sets and options, as plain data (``cartlog games``)."""
    return [entry.module("model").catalogue() for entry in GAMES.values()]
