"""Pig's one-line position: ``TARGET SCORES MOVER TOTAL TURN [one]``, e.g.
``100 red:12,blue:30 blue 5 7`` (blue to move, 5 rolled this turn, the 7th turn), with
``one`` when the turn before ended with a 1 (P3), and ``-`` for the mover of a game won."""

from __future__ import annotations

import re

from cartlog_pig.model import COLOURS, State

HELP = ("TARGET SCORES MOVER TOTAL TURN [one]: e.g. 100 red:12,blue:30 blue 5 7 (MOVER - once "
        "a player has won)")
KEY_SEP = ":"

FIELDS = ("target", "scores", "mover", "total", "turn", "one")


class PositionError(ValueError):
    """A position that cannot be read; the message names the field (``scores: ...``)."""


def format_position(s: State) -> str:
    scores = ",".join(f"{c}:{n}" for c, n in zip(s.colours, s.scores))
    mover = "-" if s.winner is not None else s.colours[s.seat]
    return f"{s.target} {scores} {mover} {s.total} {s.turn}" + (" one" if s.after_one else "")


def _count(word: str, field: str) -> int:
    if not (word.isascii() and word.isdigit()) or len(word) > 9:
        raise PositionError(f"{field}: {word!r} is not a whole number")
    return int(word)


def read_position(text: str) -> State:
    """The state a position gives (:class:`PositionError` when it cannot be read)."""
    words = text.split()
    if len(words) not in (5, 6) or (len(words) == 6 and words[5] != "one"):
        raise PositionError(f"target: {len(words)} fields; expected {HELP}")
    target = _count(words[0], "target")
    colours: list[str] = []
    scores: list[int] = []
    for part in words[1].split(","):
        colour, _, score = part.partition(":")
        if colour not in COLOURS or colour in colours:
            raise PositionError(f"scores: {colour!r} is not a colour of a player")
        colours.append(colour)
        scores.append(_count(score, "scores"))
    if len(colours) < 2:
        raise PositionError("scores: fewer than 2 players")
    winners = [i for i, n in enumerate(scores) if n >= target]
    if words[2] == "-":
        if len(winners) != 1:
            raise PositionError("mover: '-' is a game won by one player")
        seat, winner = winners[0], winners[0]
    elif words[2] in colours:
        if winners:
            raise PositionError(f"mover: {winners and colours[winners[0]]} has won: '-'")
        seat, winner = colours.index(words[2]), None
    else:
        raise PositionError(f"mover: {words[2]!r} is not a player")
    total, turn = _count(words[3], "total"), _count(words[4], "turn")
    if total == 1 or (winner is not None and total):
        raise PositionError(f"total: {total} cannot be a turn's total there")
    if turn < 1:
        raise PositionError("turn: turns are counted from 1")
    after_one = len(words) == 6
    if after_one and total:
        raise PositionError("one: a turn after a 1 has rolled nothing yet")
    return State(target, colours, scores, seat, total, after_one, turn, winner)


def error_field(message: str) -> int | str | None:
    """The field a position's message is about, by its index."""
    m = re.match(r"(\w+):", message)
    return FIELDS.index(m.group(1)) if m and m.group(1) in FIELDS else None
