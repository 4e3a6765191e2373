"""The Mutiny's replay: ``--no-board`` leaves out the holdings and the board after each round
(as it leaves out the other games' boards), and a comment's words are printed once."""

from __future__ import annotations

from tests.fuzzing import run

SAMPLE = "samples/mutiny/storm-no-lifeboat-card.cartlog"


def test_no_board_leaves_out_the_holdings_and_the_board():
    code, full = run(["replay", SAMPLE])
    code_nb, bare = run(["replay", SAMPLE, "--no-board"])
    assert code == code_nb == 1
    def labels(out: str) -> set[str]:
        return {line.split()[0] for line in out.splitlines() if line.strip()}

    held = {"coins", "conviction", "board"}  # the holdings and the board after each round
    assert held <= labels(full)
    assert not held & labels(bare)
    assert "ship  2 at 4" in bare and "row " in bare  # the events and the row stay


def test_a_comment_is_printed_once():
    _, out = run(["replay", SAMPLE, "--no-board"])
    words = "A storm with no card moved to the lifeboat"
    assert sum(line.count(words) for line in out.splitlines()) == 1
