"""`replay` and `score` are linear in the log (issue 21): what a turn or round prints is bounded
by the table, not by the length of the game, so output and memory grow with the log and no
faster. Each class of log that could make a step's drawing grow (many stuck draws, many rounds,
long comments, a board far longer than the rule set's, in every game) is fed at growing
lengths; the growth of the output bytes and of the peak memory is bounded by the growth of the
input, with a margin, rather than timed."""

from __future__ import annotations

import re
import tracemalloc
from pathlib import Path

import pytest

from tests.fuzzing import ROOT, run

SAMPLES = ROOT / "samples"
GROWTH = 8  # the longest log is this many times the shortest's events
MARGIN = 2  # output and memory may grow this much more than the input


def _head(sample: str) -> str:
    return (SAMPLES / sample).read_text(encoding="utf-8").split("\n\n")[0]


def cartagena_stuck_draws(n: int) -> str:
    """Turns of nothing but stuck draws and passes (the table grows no bigger: the deck is
    finite)."""
    turns = (f"{i}. {'red' if i % 2 else 'blue'} {'+1' if i % 3 else 'pass'}"
             for i in range(1, n + 1))
    return _head("cartagena/stuck-draw-option.cartlog") + "\n\n" + "\n".join(turns) + "\n"


def cartagena_long_board(n: int) -> str:
    """A board of 6n spaces (a setup error) and n turns: drawn whole after every turn, it
    made the output grow with the square of the log."""
    head = re.sub(r'\[Board "[^"]*"\]', '[Board "' + " ".join(["DSKBHP"] * n) + '"]',
                  _head("cartagena/stuck-draw-option.cartlog"))
    turns = (f"{i}. {'red' if i % 2 else 'blue'} +1" for i in range(1, n + 1))
    return head + "\n\n" + "\n".join(turns) + "\n"


def cartagena_comments(n: int) -> str:
    body = (SAMPLES / "cartagena/tortuga-3p.cartlog").read_text(encoding="utf-8")
    return body + "".join(f"; {'a long comment ' * 60}{i}\n" for i in range(n))


def meuterer_rounds(n: int) -> str:
    lines = (SAMPLES / "meuterer/club-3p.cartlog").read_text(encoding="utf-8").split("\n")
    first, second = lines.index("round 2"), lines.index("round 3")
    return "\n".join(lines[:second] + lines[first:second] * n) + "\n"


def meuterer_comments(n: int) -> str:
    body = (SAMPLES / "meuterer/club-3p.cartlog").read_text(encoding="utf-8")
    return body + "".join(f"; {'a long comment ' * 60}{i}\n" for i in range(n))


def mutiny_rounds(n: int) -> str:
    text = (SAMPLES / "mutiny/club-3p.cartlog").read_text(encoding="utf-8")
    head = text.split("round 1 giver red", 1)[0]
    first = ("round 1 giver red\nred ^Ojo set valverde\nblue ^Nero ^Bijoux set valverde\n"
             "green Nero +0\nship 3 at 5\n")
    again = ("round 2 giver blue\nblue ^Sate +1\ngreen ^Chang-Ye ^Bijoux ^Pang ^Ghost\n"
             "red ^Crackpott +P1 +P1 +P1 +P1\nship 0 at 5\n")
    return head + first + again * n


def mutiny_comments(n: int) -> str:
    body = (SAMPLES / "mutiny/club-3p.cartlog").read_text(encoding="utf-8")
    return body + "".join(f"; {'a long comment ' * 60}{i}\n" for i in range(n))


LOGS = {f.__name__: f for f in (cartagena_stuck_draws, cartagena_long_board, cartagena_comments,
                                meuterer_rounds, meuterer_comments, mutiny_rounds,
                                mutiny_comments)}


def _measure(path: Path, command: str) -> tuple[int, int]:
    """``cartlog COMMAND --ascii LOG`` in process: (output characters, peak memory)."""
    tracemalloc.start()
    try:
        code, out = run([command, "--ascii", str(path)])
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert code in (0, 1), out[-2000:]
    return len(out), peak


@pytest.mark.parametrize("command", ["replay", "score"])
@pytest.mark.parametrize("build", LOGS.values(), ids=list(LOGS))
def test_replay_and_score_output_and_memory_grow_linearly_with_the_log(tmp_path, build, command):
    sizes = {}
    for n in (16, 16 * GROWTH):
        path = tmp_path / f"{n}.cartlog"
        path.write_text(build(n), encoding="utf-8")
        sizes[n] = (path.stat().st_size, *_measure(path, command))
    (small_in, small_out, small_peak), (big_in, big_out, big_peak) = sizes.values()
    grown = big_in / small_in
    assert grown > 3, "the builder must make the log grow"
    assert big_out / small_out < MARGIN * grown, (small_out, big_out)
    assert big_peak / small_peak < MARGIN * grown, (small_peak, big_peak)


def test_a_board_longer_than_every_rule_sets_folds_its_empty_sections(tmp_path):
    path = tmp_path / "board.cartlog"
    path.write_text(cartagena_long_board(100), encoding="utf-8")
    code, out = run(["replay", "--ascii", "--turn", "3", str(path)])
    assert code == 1
    assert "| spaces 37-600: no pirate" in out  # one line for 94 empty sections
    assert "| 31 D " in out and "| 36 P " in out  # the spaces any rule set has are drawn
    assert "| 37 D " not in out
