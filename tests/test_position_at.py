"""``replay --turn N --position``: the one-line position as turn (or round) N begins, for any
turn of any log, in every game; a game resumed from it and fed the rest of the log ends where
the log does (docs/cli.md, "The position at a turn")."""

from __future__ import annotations

import random

import pytest

from cartlog import engine
from cartlog.games import BUILT_IN
from cartlog.logs import write_log
from tests.fuzzing import run

OURS = {spec.name: spec for spec in BUILT_IN}


def _rest(spec, log, turn: int) -> list:
    """The log's events from turn ``turn`` on, as :func:`engine.position_at` leaves them."""
    begun = 0
    for i, event in enumerate(log.events):
        if type(event).__struct_config__.tag == spec.turn_word:
            begun += 1
            if begun == turn:
                return log.events[i + 1:] if spec.turn_word == "round" else log.events[i:]
    raise AssertionError(f"no turn {turn}")


@pytest.mark.parametrize("name", sorted(OURS))
@pytest.mark.parametrize("view", ["all", "table"])
@pytest.mark.parametrize("seed", range(4))
def test_a_game_resumed_from_the_position_at_any_turn_ends_as_the_log(name, view, seed):
    spec = OURS[name]
    rules = spec.rulesets[seed % len(spec.rulesets)]
    log = spec.simulate(rules, spec.players[0] + seed % 2, seed, view=view)
    end = engine.position_at(log)
    turns = sum(type(e).__struct_config__.tag == spec.turn_word for e in log.events)
    for turn in sorted(random.Random(seed).sample(range(1, turns + 1), min(4, turns))):
        g = engine.from_position(name, engine.position_at(log, turn))
        for event in _rest(spec, log, turn):
            g.apply(event)
        assert g.position() == end, (turn, view)
        assert g.outcome() == engine.start(log).__class__.from_position(end).outcome()


def test_a_turn_past_the_end_is_bad_usage(tmp_path):
    spec = OURS["cartagena"]
    path = tmp_path / "game.cartlog"
    path.write_text(write_log(spec.simulate("2000-jamaica", 3, 2), to_json=False),
                    encoding="utf-8")
    status, output = run(["replay", str(path), "--turn", "5", "--position"])
    assert status == 0 and output.count("\n") == 1
    assert engine.from_position("cartagena", output.strip()).to_move().player == "blue"
    status, output = run(["replay", str(path), "--turn", "999", "--position"])
    assert status == 2 and "has only" in output


def test_the_example_of_docs_cli_md_is_what_replay_prints(tmp_path):
    import os
    import re
    import subprocess
    import sys

    from tests.fuzzing import ROOT

    doc = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    section = doc[doc.index("### The position at a turn"):]
    block = re.search(r"```console\n\$ cartlog (.*?)\n(.*?)```", section, re.S)
    cartlog = [sys.executable, "-m", "cartlog"]
    env = {**os.environ, "COLUMNS": "80"}
    subprocess.run([*cartlog, "simulate", "cartagena", "--players", "3", "--seed", "2", "-o",
                    "game.cartlog"], cwd=tmp_path, env=env, check=True)
    shown = subprocess.run([*cartlog, *block.group(1).split()], cwd=tmp_path, env=env,
                           capture_output=True, text=True).stdout
    assert shown == block.group(2)
