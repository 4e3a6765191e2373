"""The Cartagena board uses the terminal's width: two sections a line from 147 columns, one
from 75, half a section below; never a line wider than the terminal; output to a pipe (not a
terminal's width) keeps a section a line."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest

from tests.fuzzing import ROOT

SAMPLE = str(ROOT / "samples" / "cartagena" / "jamaica-4p-disputed.cartlog")


@pytest.mark.parametrize("columns, per_row", [(200, 12), (150, 12), (100, 6), (80, 6),
                                               (74, 3), (60, 3)])
def test_the_board_fits_the_width(columns, per_row):
    env = {**os.environ, "COLUMNS": str(columns), "NO_COLOR": "1"}
    out = subprocess.run([sys.executable, "-m", "cartlog", "replay", SAMPLE, "--turn", "3",
                          "--ascii"], env=env, capture_output=True, text=True).stdout
    rows = [line for line in out.splitlines() if re.match(r"  \|\s*\d+ ", line)]
    assert rows and all(line.count("|") == per_row + 1 for line in rows[:-1])
    board = [line for line in out.splitlines() if line.lstrip().startswith(("|", "+"))]
    assert max(len(line) for line in board) <= columns


def test_a_pipe_keeps_a_section_a_line():
    env = {k: v for k, v in os.environ.items() if k != "COLUMNS"}
    out = subprocess.run([sys.executable, "-m", "cartlog", "replay", SAMPLE, "--turn", "3",
                          "--ascii"], env=env, capture_output=True, text=True).stdout
    rows = [line for line in out.splitlines() if re.match(r"  \|\s*\d+ ", line)]
    assert rows and all(line.count("|") == 7 for line in rows)
