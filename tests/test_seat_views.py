"""``replay --view table|COLOUR``: a game as one seat (or the table) saw it, for logs that know
more than that seat did, in every game (docs/cli.md, "One seat's view")."""

from __future__ import annotations

import json

import pytest

from cartlog.games import BUILT_IN, GAMES
from cartlog.logs import write_log
from tests.fuzzing import run

OURS = sorted(spec.name for spec in BUILT_IN)


def _replay(tmp_path, text: str, *args: str) -> dict:
    path = tmp_path / "game.cartlog"
    path.write_text(text, encoding="utf-8")
    status, output = run(["replay", str(path), "--format", "json", *args])
    assert status in (0, 1), output
    return json.loads(output)


@pytest.mark.parametrize("game", OURS)
@pytest.mark.parametrize("seed", [1, 2])
def test_a_seat_view_of_a_full_log_is_the_replay_of_the_log_that_seat_would_write(
        game, seed, tmp_path):
    spec = GAMES[game]
    players = spec.players[0] + 1
    full = write_log(spec.simulate(spec.default_rules, players, seed), to_json=False)
    for view in ["table", spec.simulate(spec.default_rules, players, seed).players[0].colour]:
        seat = write_log(spec.simulate(spec.default_rules, players, seed, view=view),
                         to_json=False)
        shown = _replay(tmp_path, full, "--view", view)
        written = _replay(tmp_path, seat)
        # the same steps, each at its line of the log shown (the seat's log leaves out the
        # header lines that hold what it did not see)
        assert _unlined(shown["frames"]) == _unlined(written["frames"]), view
        assert [f["code"] for f in shown["findings"]] == [f["code"] for f in
                                                          written["findings"]]


def _unlined(frames: list[dict]) -> list[dict]:
    return [{k: v for k, v in f.items() if k != "line"} for f in frames]


@pytest.mark.parametrize("game", ["cartagena", "meuterer"])
def test_a_seat_sees_no_other_hand(game, tmp_path):
    spec = GAMES[game]
    log = spec.simulate(spec.default_rules, 3, 5)
    seat = log.players[1].colour
    shown = _replay(tmp_path, write_log(log, to_json=False), "--view", seat)
    hands = [f["hands"] for f in shown["frames"] if f.get("hands")]
    assert hands
    for frame_hands in hands:
        for colour, cards in frame_hands.items():
            if colour != seat:
                assert set(cards) <= {"?"}, (colour, cards)
    assert any(set(h[seat]) - {"?"} for h in hands), "the seat's own cards are shown"


def test_a_view_that_is_no_player_is_bad_usage(tmp_path):
    spec = GAMES["cartagena"]
    path = tmp_path / "game.cartlog"
    path.write_text(write_log(spec.simulate("2000-jamaica", 3, 1), to_json=False),
                    encoding="utf-8")
    status, output = run(["replay", str(path), "--view", "pink"])
    assert status == 2 and "expected table or one of the players" in output


def test_the_example_of_docs_cli_md_is_what_replay_prints(tmp_path):
    import os
    import re
    import subprocess
    import sys

    from tests.fuzzing import ROOT

    doc = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    section = doc[doc.index("### One seat's view"):]
    block = re.search(r"```console\n\$ cartlog (.*?)\n(.*?)```", section, re.S)
    env = {**os.environ, "COLUMNS": "80", "NO_COLOR": "1"}
    cartlog = [sys.executable, "-m", "cartlog"]
    subprocess.run([*cartlog, "simulate", "cartagena", "--players", "3", "--seed", "2", "-o",
                    "game.cartlog"], cwd=tmp_path, env=env, check=True)
    text = (tmp_path / "game.cartlog").read_text(encoding="utf-8")
    (tmp_path / "disputed.cartlog").write_text(
        text.replace("\n5. blue H3-5\n", "\n5. blue H3-7\n"), encoding="utf-8")
    shown = subprocess.run([*cartlog, *block.group(1).split()], cwd=tmp_path, env=env,
                           capture_output=True, text=True).stdout
    assert shown == block.group(2)
