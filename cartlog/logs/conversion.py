"""Conversion between a log's two forms, text and JSON (``cartlog convert``): written in the
other form, a log reads back as the same log, or the conversion is refused at the values that
would be lost, located in the log as read."""

from __future__ import annotations

import re
from typing import Any

import msgspec

from cartlog.core.errors import LogSyntaxError, SyntaxProblem
from cartlog.games import game_of
from cartlog.logs.forms import (
    first_difference,
    paths_of_lines,
    shown,
    strip_spans,
    text_form_problems,
    value_problems,
)
from cartlog.logs.places import PATH_IN_MESSAGE, locate, spans_of
from cartlog.logs.reading import is_json, read_log


def check_conversion(log: Any, text: str, path: str = "<log>") -> None:
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
            raise LogSyntaxError(path, [locate(text, p) for p in problems], text)
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


def write_log(log: Any, to_json: bool) -> str:
    """A log as ``cartlog convert`` and ``simulate`` write it: JSON indented by two, without
    source locations, every invisible character escaped (:func:`~cartlog.core.text.json_visible`);
    or the game's canonical text."""
    if to_json:
        from cartlog.core.text import json_visible

        return json_visible(msgspec.json.format(msgspec.json.encode(strip_spans(log)).decode(),
                                                indent=2)) + "\n"
    return game_of(log).notation.format_log(log)


def convert_log(log: Any, text: str, path: str, to_json: bool) -> str:
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
        diff = None if before == after else first_difference(before, after, "$")
        if diff is None:
            return out
        where, was, read = diff
        found = [(where, f"{shown(was)} reads back as {shown(read)}",
                  "a value the other form holds as it is")]
    problems = []
    for where, message, expected in found:
        p = SyntaxProblem(1, 1, f"at {where}: cannot be converted to {form}: written there, "
                          f"it does not read back: {message}", expected)
        if is_json(text):
            problems.append(locate(text, p, where))
        else:
            line, col, end = _text_place(log, where)
            problems.append(SyntaxProblem(line, col, p.message[len(f"at {where}: "):],
                                          expected, end))
    raise LogSyntaxError(path, problems, text)


def _path_in_output(out: str, problem: SyntaxProblem, log: Any, to_json: bool) -> str:
    """The JSON path of the value a problem of a converted log stands on: the innermost
    value at its place in the JSON written, or the header field or event on its line of
    the text written."""
    if not to_json:
        paths = paths_of_lines(out, strip_spans(log))
        return paths[problem.line - 1] if 0 < problem.line <= len(paths) else "$"
    m = PATH_IN_MESSAGE.search(problem.message)
    if m is not None:
        return m.group(1) or m.group(2)
    spans = spans_of(out)
    if spans is None or problem.line < 1:
        return "$"
    starts = [0] + [m.end() for m in re.finditer("\n", out)]
    at = starts[min(problem.line, len(starts)) - 1] + max(0, problem.col - 1)
    inside = [(end - start, p) for p, (start, end) in spans.items() if start <= at < end]
    return min(inside)[1] if inside else "$"


def _text_place(log: Any, path: str) -> tuple[int, int, int | None]:
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
