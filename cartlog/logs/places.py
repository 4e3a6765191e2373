"""Where a JSON log's values stand in its text: a JSON path (``$.events[3].actions[1]``) to
a line and column, so that a JSON log's problems and findings are located as a text log's."""

from __future__ import annotations

import re
from bisect import bisect_right
from typing import Any

import msgspec

from cartlog.core.errors import SyntaxProblem
from cartlog.core.notation import line_col_of_offset

PATH_IN_MESSAGE = re.compile(r"at `(\$[^`]*)`|^at (\$.*?): ")


_WS = re.compile(r"\s*")


_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')


_SCALAR = re.compile(r'[^,\]}\s]+')


def locate(text: str, problem: SyntaxProblem, path: str | None = None) -> SyntaxProblem:
    """The problem placed at the value its JSON path (``$.events[3].card``) names.

    The path is ``path`` or the one quoted in the message (as msgspec and the games'
    ``validate`` write it). A path not found is cut back to its nearest located parent.
    """
    if path is None:
        m = PATH_IN_MESSAGE.search(problem.message)
        if m is None or (problem.line, problem.col) != (1, 1):
            return problem
        path = m.group(1) or m.group(2)
    spans = spans_of(text)
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


_SPANS_CACHE: list[Any] = [None, None, None]  # the last document's text, its spans, its line starts


def spans_of(text: str) -> dict[str, tuple[int, int]] | None:
    """The spans of ``text``, computed once per document (every problem of a log reuses
    them), or ``None`` when the text cannot be scanned."""
    if _SPANS_CACHE[0] is not text:
        try:
            spans = _json_spans(text)
        except (RecursionError, IndexError, ValueError, AttributeError, msgspec.DecodeError):
            spans = None
        _SPANS_CACHE[:] = [text, spans, None]
    found: dict[str, tuple[int, int]] | None = _SPANS_CACHE[1]
    return found


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


def _end(pattern: re.Pattern[str], text: str, at: int) -> int:
    """Where a match of ``pattern`` at ``at`` ends (ValueError when there is none: the text is
    no valid JSON)."""
    m = pattern.match(text, at)
    if m is None:
        raise ValueError(at)
    return m.end()


def _json_spans(text: str) -> dict[str, tuple[int, int]]:
    """JSON path -> (start, end) character offsets of every value of a valid JSON text."""
    spans: dict[str, tuple[int, int]] = {}

    def skip(i: int) -> int:
        return _end(_WS, text, i)

    def value(i: int, path: str) -> int:
        i = skip(i)
        start, ch = i, text[i]
        if ch in "{[":
            close, n = ("}" if ch == "{" else "]"), 0
            i = skip(i + 1)
            while text[i] != close:
                if ch == "{":
                    key = _end(_STRING, text, i)
                    name = msgspec.json.decode(text[i:key])
                    i = skip(key) + 1  # the colon
                    i = value(i, f"{path}.{name}")
                else:
                    i = value(i, f"{path}[{n}]")
                    n += 1
                i = skip(i)
                if text[i] == ",":
                    i = skip(i + 1)
            i += 1
        elif ch == '"':
            i = _end(_STRING, text, i)
        else:
            i = _end(_SCALAR, text, i)
        spans[path] = (start, i)
        return i

    value(0, "$")
    return spans


def place_of_path(text: str, path: str) -> tuple[int, int, int | None] | None:
    """Line, column and end column (``None`` past the line) of the value a JSON path names in
    ``text``, or of its nearest parent that is there; ``None`` when the text cannot be
    scanned."""
    spans = spans_of(text)
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
