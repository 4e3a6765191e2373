"""Pig's text notation: a header of tags, then one line per roll or hold.

::

    [Game "Pig"]
    [Players "red Ann, blue Bob"]
    [Target "20"]
    [Result "red"]

    red 4
    red 6
    red hold      ; banks 10
    blue 1

A line is the player (a colour, or a name of the Players tag) and a die's value, or ``hold``;
``!`` at its end marks a line the table let stand although illegal (:data:`CONDONED_MARK`).
``Target`` (default 100) is the score that wins (P5); ``Result`` the winner's colour, or
``unfinished``; ``Position`` a one-line position the log starts from (:mod:`~cartlog_pig.position`).
The header's shared pieces (tags, comments, players) are cartlog's (:mod:`cartlog.core.notation`).
"""

from __future__ import annotations

from typing import Any

import msgspec

from cartlog.core.errors import LogSyntaxError, SyntaxProblem
from cartlog.core.notation import HeaderQuestion, LogReader, Tag, escape
from cartlog.core.words import Palette
from cartlog_pig import SPEC
from cartlog_pig.events import Comment, Event, Hold, PigLog, Player, Roll
from cartlog_pig.model import COLOURS, TARGET
from cartlog_pig.position import HELP, KEY_SEP, PositionError, error_field, read_position

HEADER_FIELDS: tuple[str, ...] = ("game", "players", "target", "position", "result")
RULES_TAG: str | None = None  # one rule set
CONDONED_MARK = "!"
MOST_PLAYERS = SPEC.players[1]


class _Reader(LogReader):
    header_fields = HEADER_FIELDS
    palette = Palette(COLOURS)
    names_are_players = True

    def read(self) -> PigLog:
        header, spans, first_line = self.read_header()
        tags = header.tags
        if "game" not in tags:
            self.problem(1, 1, "missing header tag Game", expected='[Game "Pig"]')
        elif tags["game"].value.strip().lower() not in SPEC.aliases:
            t = tags["game"]
            self.problem(t.line, t.col, f"{t.value!r} is not Pig", expected='[Game "Pig"]',
                         end=t.end)
        position, start = None, None
        if "position" in tags:
            position = " ".join(tags["position"].value.split())
            start = self.read_position(tags["position"], read_position, error_field, HELP,
                                       sep=KEY_SEP)
        players: list[Player] = []
        if "players" in tags:
            players = [Player(c, n) for c, n in self.read_players(tags["players"], True)]
        elif start is not None:
            players = [Player(c) for c in start.colours]
            self.colours = list(start.colours)
        else:
            self.guessing = True
        target = start.target if start is not None else TARGET
        if "target" in tags:
            target = self._target(tags["target"])
        events = self._body(header.body_start)
        if self.guessing:
            self.missing_players(1, "at the top of the log")
            players = [Player(c) for c in self.colours]
        elif not 2 <= len(players) <= MOST_PLAYERS and "players" in tags:
            t = tags["players"]
            self.problem(t.line, t.col, f"{len(players)} players",
                         expected=f"2 to {MOST_PLAYERS} players", end=t.end)
        result = self._result(tags["result"]) if "result" in tags else None
        free = {t.name: t.value for k, t in tags.items() if k not in HEADER_FIELDS}
        return PigLog(players=players, target=target, position=position, result=result,
                      tags=free, events=events, line=first_line, spans=spans)

    def _target(self, tag: Tag) -> int:
        word = tag.value.strip()
        if word.isascii() and word.isdigit() and len(word) <= 9 and int(word) > 0:
            return int(word)
        self.problem(tag.line, tag.col, f"{word!r} is not a target score",
                     expected="a whole number above 0, e.g. 100", end=tag.end)
        return TARGET

    def _result(self, tag: Tag) -> str | None:
        word = tag.value.strip()
        if word.lower() == "unfinished":
            return "unfinished"
        return self.who(word, tag.col, tag.line)

    def _body(self, start: int) -> list[Event]:
        out: list[Event] = []
        for i in range(start, len(self.lines)):
            ev = self.line_event(self.lines[i], i + 1)
            if ev is not None:
                out.append(ev)
        return out

    def line_event(self, raw: str, line: int) -> Event | None:
        """One body line as an event; ``None`` for a blank line."""
        stripped = raw.strip()
        if not stripped:
            return None
        if stripped[0] in ";#":
            return Comment(text=stripped[1:].strip(), line=line,
                           col=raw.index(stripped[0]) + 1, end=len(raw.rstrip()) + 1)
        text, comment = self.strip_comments(raw, line)
        body = text.rstrip()
        condoned = body.endswith(CONDONED_MARK)
        if condoned:
            body = body[:-1].rstrip()
        col = len(body) - len(body.lstrip()) + 1
        end = len(text.rstrip()) + 1
        words = body.split()
        if len(words) != 2:
            self.problem(line, col, "a line is a player and a roll, or a player and hold",
                         expected="red 4, or red hold", end=end)
            return None
        who, what = words
        colour = self.who(who, col, line)
        at = body.index(what, col - 1 + len(who)) + 1
        if what.lower() == "hold":
            return None if colour is None else Hold(
                player=colour, condoned=condoned, comment=comment, line=line, col=col, end=end)
        if not (what.isascii() and what.isdigit()) or len(what) > 9:
            self.problem(line, at, f"{what!r} is neither a roll nor hold",
                         expected="a die's value 1-6, or hold", end=at + len(what))
            return None
        return None if colour is None else Roll(
            player=colour, value=int(what), condoned=condoned, comment=comment, line=line,
            col=col, end=end)


def parse(text: str, path: str = "<log>") -> PigLog:
    """A text log (:class:`LogSyntaxError` listing every problem met)."""
    reader = _Reader(text, path)
    log = reader.read()
    if reader.problems:
        raise LogSyntaxError(path, sorted(reader.problems, key=lambda p: (p.line, p.col)), text)
    return with_position(log)


def read_line(line: str, colours: list[str], path: str = "<input>") -> Any:
    """One body line as an event of a game between ``colours`` (for the recorder)."""
    reader = _Reader(line, path)
    reader.colours = list(colours)
    ev = reader.line_event(line, 1)
    if ev is None and not reader.problems:
        reader.problem(1, 1, "empty line", expected="red 4, or red hold")
    if reader.problems:
        raise LogSyntaxError(path, reader.problems, line)
    return ev


def validate(log: PigLog) -> list[SyntaxProblem]:
    """What the text reader checks while reading, for a log decoded from JSON: each
    problem at its JSON path."""
    out: list[SyntaxProblem] = []
    colours = [p.colour for p in log.players]

    def bad(path: str, message: str, expected: str | None = None) -> None:
        out.append(SyntaxProblem(1, 1, f"at {path}: {message}", expected))

    for i, p in enumerate(log.players):
        if p.colour not in COLOURS or colours.index(p.colour) != i:
            bad(f"$.players[{i}].colour", f"{p.colour!r} is not a colour, or given twice",
                "one of " + ", ".join(COLOURS))
    if not 2 <= len(colours) <= MOST_PLAYERS:
        bad("$.players", f"{len(colours)} players", f"2 to {MOST_PLAYERS} players")
    if not 0 < log.target < 10**9:
        bad("$.target", f"{log.target} is not a target score", "a whole number above 0")
    if log.result is not None and log.result != "unfinished" and log.result not in colours:
        bad("$.result", f"{log.result!r} is not a player", "a player's colour, or unfinished")
    if log.position is not None:
        try:
            read_position(log.position)
        except PositionError as err:
            bad("$.position", f"unreadable position: {err}", HELP)
    for i, ev in enumerate(log.events):
        if isinstance(ev, (Roll, Hold)) and ev.player not in colours:
            bad(f"$.events[{i}].player", f"{ev.player!r} is not a player of this game",
                "one of " + ", ".join(colours))
        if isinstance(ev, Roll) and not 0 <= ev.value < 10**9:
            bad(f"$.events[{i}].value", f"{ev.value} is not a roll", "a die's value 1-6")
    return out


def position_players(text: str) -> tuple[str, list[str]]:
    """The rule set and the players of a position (:class:`PositionError` if unreadable)."""
    return "standard", list(read_position(text).colours)


def with_position(log: PigLog) -> PigLog:
    """A log that starts from a position, with its position written with single spaces and
    the target it gives; any other log as it is."""
    if log.position is None:
        return log
    position = " ".join(log.position.split())
    try:
        start = read_position(position)
    except PositionError:
        return log
    if position == log.position and start.target == log.target:
        return log
    return msgspec.structs.replace(log, position=position, target=start.target)


def json_hint(raw: dict[str, Any], field: str, value: str) -> str:
    return ""


# -- writing ---------------------------------------------------------------------------------


def _tag(name: str, value: str) -> str:
    return f'[{name} "{escape(value)}"]'


def format_event(ev: Any, log: PigLog | None = None) -> str:
    """One body line in canonical notation."""
    if isinstance(ev, Comment):
        return f"; {ev.text}" if ev.text else ";"
    text = f"{ev.player} {ev.value}" if isinstance(ev, Roll) else f"{ev.player} hold"
    if ev.condoned:
        text += CONDONED_MARK
    if ev.comment is not None:
        text += f" ; {ev.comment}" if ev.comment else " ;"
    return text


def format_log(log: PigLog) -> str:
    """The canonical text of a log."""
    lines = [_tag("Game", SPEC.title)]
    lines += [_tag(k, v) for k, v in log.tags.items()]
    lines.append(_tag("Players", ", ".join(f"{p.colour} {p.name}" if p.name else p.colour
                                           for p in log.players)))
    if log.target != TARGET and log.position is None:
        lines.append(_tag("Target", str(log.target)))
    if log.position is not None:
        lines.append(_tag("Position", log.position))
    if log.result is not None:
        lines.append(_tag("Result", log.result))
    lines.append("")
    lines += [format_event(ev, log) for ev in log.events]
    return "\n".join(lines) + "\n"


def header_questions(rules: str) -> list[HeaderQuestion]:
    """What a recorder asks for a new game's header."""
    return [
        HeaderQuestion("Players", f"2 to {MOST_PLAYERS} players in turn order: a colour, "
                       "then the name", "red Ann, blue Bob", True),
        HeaderQuestion("Target", f"the score that wins (default {TARGET})", "100"),
    ]


def join_event(line: Any, event: Any, game: Any) -> tuple[Any, bool] | None:
    """Every roll and hold stands on a line of its own."""
    return None


def split_line(line: Any) -> list[Any]:
    return [line]
