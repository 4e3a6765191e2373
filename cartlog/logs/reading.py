"""Reading a log of any game, text or JSON, into its decoded form: the game told from the log,
its own reader run, and every problem located at its line and column (docs/notation.md)."""

from __future__ import annotations

import dataclasses
import re
from typing import Any, NamedTuple, Union, get_args

import msgspec

from cartlog.core.errors import LogSyntaxError, SyntaxProblem
from cartlog.core.limits import max_games
from cartlog.core.notation import line_col_of_offset, read_header
from cartlog.core.spec import GameSpec
from cartlog.core.text import MAX_DIGITS, printable, split_lines
from cartlog.core.words import with_hint
from cartlog.games import GAMES, each, find_game, game_of
from cartlog.logs.forms import value_problems
from cartlog.logs.places import locate


def is_json(text: str) -> bool:
    """Logs are told apart by content: a JSON log is an object."""
    return text.lstrip()[:1] == "{"


def read_log(text: str, path: str = "<log>") -> Any:
    """Read a log of any game, text or JSON. Raises :class:`LogSyntaxError` when unreadable."""
    if not text.strip():
        raise LogSyntaxError(path, [SyntaxProblem(
            1, 1, "the log is empty",
            expected='a header such as [Game "Cartagena"], then one line per turn')], text)
    if is_json(text):
        return _read_json(text, path)
    _not_an_object(text, path)
    games = split_games(text)
    if len(games.parts) > 1:
        raise several_games(text, games, path)
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


# a Game tag at the start of a line: one after a body starts another game
_GAME_TAG = re.compile(r"^[ \t]*\[[ \t]*game[ \t]", re.IGNORECASE | re.MULTILINE)


class Part(NamedTuple):
    """One game of a file: its number (from 1), the file's line it starts on, and its text
    (its own lines, from that line on)."""

    number: int
    line: int
    text: str


class Games(NamedTuple):
    """The games of a text log: those read (at most the limit asked for), and the number of
    games past the limit with the line the first of them starts on (0 when none)."""

    parts: list[Part]
    rest: int = 0
    rest_line: int = 0


def split_games(text: str, most: int | None = None) -> Games:
    """The games of a text log written one after the other, as PGN files hold them
    (docs/notation.md, "Several games in one file"). A ``Game`` tag after the body of the
    game before starts a game, from the first tag line after that body; one in a run of tag
    lines (one under the other) after the run that holds the Game tag of a game with no body
    yet starts a game from the first line of its run; in the same run, it is a tag given
    twice. A tag after a body, with no Game tag after it, is a slip of the game it follows,
    as before. The blank and comment lines between one game's last line and the next game's
    first tag belong to no game. A file of one game is one part, its text as it is.
    ``most`` (default ``CARTLOG_MAX_GAMES``) bounds the games read; those past it are
    counted."""
    if _game_tags(text) < 2:
        return Games([Part(1, 1, text)])
    limit = max_games() if most is None else max(1, most)
    lines = split_lines(text)
    bounds: list[list[int]] = [[0, len(lines)]]  # each game's [first, past the last] line
    body = False  # a body line seen in the game being read
    game_run = -1  # the run of tag lines holding its Game tag (its first line), or -1
    after_body = -1  # the first tag line after its last body line, or -1
    run = -1  # the first line of the run of tag lines being read (one under the other), or -1
    end = 0  # past its last line that is not blank or a comment, before ``after_body``/``run``
    last = 0  # past the last line read that is not blank or a comment
    rest, rest_line = 0, 0
    for i, line in enumerate(lines):
        stripped = line.lstrip()
        if not stripped or stripped[0] in ";#":
            run = -1
            continue
        if stripped[0] != "[":
            body, after_body, run, last = True, -1, -1, i + 1
            continue
        if run < 0:
            run, end = i, last if after_body < 0 else end
        if body and after_body < 0:
            after_body = i
        last = i + 1
        if _GAME_TAG.match(line) is None:
            continue
        if game_run < 0 or not body and run == game_run:
            game_run = run  # the game's own Game tag, or one given twice in its header
            continue
        first = after_body if body else run
        if len(bounds) < limit:  # another game, from the first tag of its run
            bounds[-1][1] = end
            bounds.append([first, len(lines)])
        else:
            if not rest:
                bounds[-1][1], rest_line = end, first + 1
            rest += 1
        body, game_run, after_body = False, run, -1
    if len(bounds) == 1 and not rest:
        return Games([Part(1, 1, text)])
    parts = [Part(n, first + 1, "".join(ln + "\n" for ln in lines[first:end]))
             for n, (first, end) in enumerate(bounds, 1)]
    return Games(parts, rest, rest_line)


def _game_tags(text: str) -> int:
    """How many lines open with a Game tag, counted up to 2: the word is rare, so each place
    it stands is looked at."""
    low = text.lower()
    starts: set[int] = set()
    at = low.find("game")
    while at >= 0 and len(starts) < 2:
        start = text.rfind("\n", 0, at) + 1
        if start not in starts and _GAME_TAG.match(text, start):
            starts.add(start)
        at = low.find("game", at + 4)
    return len(starts)


def read_game(text: str, part: Part, path: str, name: str | None = None) -> Any:
    """The log of one game of the file ``path`` (:func:`split_games`), every line in it (its
    events', its header's) the file's line; a problem that keeps it from being read is at the
    file's line too, with the file's text to show it, under ``name`` (``file#N``; default
    ``path``). The file's path is the one the game's reader is given (a Mutiny log's Board
    tag names a file beside it)."""
    by = part.line - 1
    try:
        log = read_log(part.text, path)
    except LogSyntaxError as err:
        if not by and part.text is text and name in (None, path):
            raise
        raise LogSyntaxError(name or path, [_moved_problem(p, by) for p in err.problems],
                             text) from None
    return _moved(log, by) if by else log


_FIRST_ON = re.compile(r"\(first on line (\d+)\)$")  # a tag given twice (read_header)


def _moved_problem(problem: SyntaxProblem, by: int) -> SyntaxProblem:
    """A problem of a game read from a part of a file at the file's line (line 0, the file
    as a whole, stays), the line of the message of a tag given twice too."""
    if problem.line <= 0 or not by:
        return problem
    message = _FIRST_ON.sub(lambda m: f"(first on line {int(m.group(1)) + by})",
                            problem.message)
    return dataclasses.replace(problem, line=problem.line + by, message=message)


def _moved(value: Any, by: int) -> Any:
    """A log read from a part of a file, with every ``line`` it holds (and the line of each
    of its ``spans``) moved ``by`` lines down: the lines of the file. A value without a line
    is the same object, and the log read is left as it was."""
    if isinstance(value, msgspec.Struct):
        changes: dict[str, Any] = {}
        for name, mode in _plan(type(value)):
            old = getattr(value, name)
            if mode == _LINE:
                if type(old) is int and old > 0:
                    changes[name] = old + by
            elif mode == _SPANS:
                if old:
                    changes[name] = {k: (s[0] + by if s[0] > 0 else s[0], *s[1:])
                                     for k, s in old.items()}
            else:
                new = _moved(old, by)
                if new is not old:
                    changes[name] = new
        return msgspec.structs.replace(value, **changes) if changes else value
    if isinstance(value, (list, tuple)):
        moved = [_moved(v, by) for v in value]
        if all(a is b for a, b in zip(moved, value)):
            return value
        return moved if isinstance(value, list) else type(value)(moved)
    if isinstance(value, dict):
        pairs = {k: _moved(v, by) for k, v in value.items()}
        return value if all(pairs[k] is v for k, v in value.items()) else pairs
    return value


_LINE, _SPANS, _INSIDE = 0, 1, 2
_PLANS: dict[type, list[tuple[str, int]]] = {}


def _plan(kind: type) -> list[tuple[str, int]]:
    """The fields of a struct type that hold a line: ``line``, ``spans``, and those whose type
    may hold a struct (the others, words and counts, are passed over)."""
    plan = _PLANS.get(kind)
    if plan is None:
        plan = []
        for field in msgspec.structs.fields(kind):
            if field.name == "line":
                plan.append((field.name, _LINE))
            elif field.name == "spans":
                plan.append((field.name, _SPANS))
            elif _may_hold_struct(field.type):
                plan.append((field.name, _INSIDE))
        _PLANS[kind] = plan
    return plan


def _may_hold_struct(hint: Any) -> bool:
    if hint is Any or hint is object:
        return True
    if isinstance(hint, type) and issubclass(hint, msgspec.Struct):
        return True
    return any(_may_hold_struct(arg) for arg in get_args(hint))


def several_games(text: str, games: Games, path: str, expected: str | None = None
                  ) -> LogSyntaxError:
    """The problem of a file of several games read as one: at the line where the second
    starts, listing each game (number, first line, Players and Result tags)."""
    parts = games.parts
    count = len(parts) + games.rest
    listed = []
    for part in parts[:_LISTED]:
        tags = read_header(split_lines(part.text), []).tags
        said = "; ".join(f"{name} {printable(tags[name.lower()].value)}"
                         for name in ("Players", "Result") if name.lower() in tags)
        listed.append(f"game {part.number} (line {part.line}{': ' + said if said else ''})")
    if count > len(listed):
        listed.append(f"{count - len(listed)} more")
    return LogSyntaxError(path, [SyntaxProblem(
        parts[1].line, 1, f"the file holds {count} games, one after the other: "
        + ", ".join(listed),
        expected=expected or "one game per file (cartlog check reads each game of a file; "
        "replay, score and convert take --game N)",
        end_col=None)], text)


_LISTED = 20  # the games a problem lists by name


_GAME_LINE = re.compile(r'\[Game "([^"\\\r\n]*)"\](?=[\r\n]|$)')


def _read_text(entry: GameSpec, text: str, path: str) -> Any:
    """A text log read by its game's reader, once the game is known."""
    _long_numbers(text, path)
    try:
        return entry.notation.parse(text, path)
    except ValueError:  # int() of a digit the game's reader let through (``²``)
        raise LogSyntaxError(path, [_odd_digit(text)], text) from None
    except LogSyntaxError as error:
        _other_rules(entry, text, path, error)
        raise


def _other_rules(entry: GameSpec, text: str, path: str, error: LogSyntaxError) -> None:
    """A log written for another of the game's rule sets (a Ravensburger log with the 2000
    edition's signs and spaces, a Meuterer log of the pirate variant marked base) fails on
    line after line. When it reads whole under another rule set, that is one
    problem, at the tag that names the rule set (or at the top, when no tag does), naming
    the tags that read (the 2000 edition's two ways read alike)."""
    tag_name = entry.notation.RULES_TAG
    if tag_name is None or len(entry.rulesets) < 2:
        return
    lines = split_lines(text)
    tag = read_header(lines, []).tags.get(tag_name.lower())
    if len({p.line for p in error.problems if tag is None or p.line != tag.line}) < 2:
        return  # a slip on one line is that line's, not the rule set's
    written = tag.value if tag is not None else entry.default_rules
    fits = []
    for rules in entry.rulesets:
        if rules == written.strip().lower():
            continue
        if tag is not None:
            line = lines[tag.line - 1]
            tried = lines[:tag.line - 1] + [line[:tag.col - 1] + rules + line[tag.end - 1:]]
            tried += lines[tag.line:]
        else:
            tried = [f'[{tag_name} "{rules}"]'] + lines
        try:
            entry.notation.parse("\n".join(tried), path)
        except (LogSyntaxError, ValueError):
            continue
        fits.append(rules)
    if not fits:
        return
    n = len(error.problems)
    names = " or ".join(fits)
    said = (f"the log reads as {names}, not as {written!r} ({n} problems under it)"
            if tag is not None else
            f"the log names no rule set, so it was read as {written} ({n} problems); it reads "
            f"as {names}")
    where = (tag.line, tag.col, tag.end) if tag is not None else (1, 1, None)
    raise LogSyntaxError(path, [SyntaxProblem(
        where[0], where[1], f"{said}: did you mean {names}?",
        expected=" or ".join(f'[{tag_name} "{rules}"]' for rules in fits),
        end_col=where[2])], text) from None


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


_LOG_TYPE: Any = None


_DECODER: msgspec.json.Decoder[Any] | None = None


def _log_type() -> Any:
    """Every game's log type as one tagged union (tag ``game``), for a one-pass decode."""
    global _LOG_TYPE
    if _LOG_TYPE is None:
        types = tuple(t for _, t in each(lambda spec: spec.log_type, "its log type"))
        _LOG_TYPE = Union[types] if len(types) > 1 else types[0]
    return _LOG_TYPE


def _decoder() -> msgspec.json.Decoder[Any]:
    """A decoder of :func:`_log_type`, made once: ``msgspec.json.decode(text, type=...)``
    looks the type up again at every call."""
    global _DECODER
    if _DECODER is None:
        _DECODER = msgspec.json.Decoder(_log_type())
    return _DECODER


def _read_json(text: str, path: str) -> Any:
    # A run of digits too long for any count, in a number or a string (a position), is a
    # problem at it, as in a text log: no game's reader meets one, and the log converts
    _long_numbers(text, path)
    # The fast path: one typed decode. Any failure is read again below for a located message.
    try:
        log = _decoder().decode(text)
    except (msgspec.DecodeError, RecursionError, UnicodeEncodeError):
        pass
    else:
        problems = game_of(log).notation.validate(log) or value_problems(log, text)
        if problems:
            raise LogSyntaxError(path, [locate(text, p) for p in problems], text)
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
        raise LogSyntaxError(path, [locate(text, problem, "$.game" if game is not None
                                             else "$")], text)
    try:
        log = msgspec.convert(raw, type=entry.log_type)
    except msgspec.ValidationError as exc:
        message = str(exc)
        problem = SyntaxProblem(1, 1, "invalid log: " + with_hint(
            message, _suggestion(entry, raw, message)))
        raise LogSyntaxError(path, [locate(text, problem)], text) from None
    problems = entry.notation.validate(log) or value_problems(log, text)
    if problems:
        raise LogSyntaxError(path, [locate(text, p) for p in problems], text)
    return _completed(log)


def _completed(log: Any) -> Any:
    """A JSON log with what its header leaves out to its position filled in from it, as the
    game's text reader fills it in (each game's ``notation.with_position``)."""
    return game_of(log).notation.with_position(log)


_VALUE_PATH = re.compile(r"at `(\$[^`]*)`$")
_PATH_STEP = re.compile(r"\.([^.\[]+)|\[(\d+)\]")


def _suggestion(entry: GameSpec, raw: dict[str, Any], message: str) -> str:
    """For a word the log's types refuse (a card, a side, a pirate misspelt), the nearest
    words the game knows there, as the text reader suggests them (``did you mean W
    (wine)?``); ``""`` when there is none."""
    m = _VALUE_PATH.search(message)
    hint = entry.notation.json_hint
    if m is None:
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
