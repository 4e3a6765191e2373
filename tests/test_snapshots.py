"""What a user sees for every readable sample: the check report, its JSON form, and (with each
game's renderer) the step-by-step replay and the final breakdown.

Each output is kept as a plain-text snapshot under ``tests/__snapshots__/test_snapshots/``, one
file per sample and command, so that a change in wording or layout shows up as a readable diff.
Runs use ``--ascii`` and a fixed terminal width of 100 columns with colour off. After an
intended change, regenerate with ``pytest tests/test_snapshots.py --snapshot-update`` and read
the diff before keeping it.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cartlog.cli import app
from cartlog.games import BUILT_IN

SPECS = BUILT_IN  # the samples of cartlog's own games (samples/<game>/)

ROOT = Path(__file__).resolve().parent.parent
ENV = {"COLUMNS": "100", "LINES": "50", "NO_COLOR": "1", "TERM": "dumb"}

# the readable samples of every registered game (the unreadable ones live in a folder of
# their own), as "game/file"; a snapshot is named for the test and "game-file"
SAMPLES = [f"{spec.name}/{p.name}" for spec in SPECS
           for p in sorted((ROOT / "samples" / spec.name).glob("*"))
           if p.is_file() and p.suffix in (".cartlog", ".json")]
IDS = [name.replace("/", "-") for name in SAMPLES]

runner = CliRunner()


@pytest.fixture(autouse=True)
def _at_root(monkeypatch):
    # reports name the file as given: run from the project root so that the names are stable
    monkeypatch.chdir(ROOT)


def cartlog(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, list(args), env=ENV)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    assert result.exit_code in (0, 1), result.output
    assert result.stderr == ""
    return result.exit_code, result.stdout


def sample_path(name: str) -> str:
    return f"samples/{name}"


@pytest.mark.parametrize("spec", SPECS, ids=[spec.name for spec in SPECS])
def test_every_game_has_samples(spec):
    assert sum(1 for name in SAMPLES if name.startswith(spec.name + "/")) >= 10


@pytest.mark.parametrize("name", SAMPLES, ids=IDS)
def test_check_report(name, snap):
    code, out = cartlog("check", "--ascii", sample_path(name))
    assert out.isascii()
    assert f"exit {code}\n{out}" == snap


@pytest.mark.parametrize("name", SAMPLES, ids=IDS)
def test_check_json(name, snap):
    code, out = cartlog("check", "--format", "json", sample_path(name))
    doc = json.loads(out)
    doc.pop("cartlog", None)  # the version: not part of what is being pinned down
    assert f"exit {code}\n{json.dumps(doc, indent=2, ensure_ascii=False)}\n" == snap


@pytest.mark.parametrize("name", SAMPLES, ids=IDS)
def test_replay(name, snap):
    code, out = cartlog("replay", "--ascii", sample_path(name))
    assert out.isascii()
    assert f"exit {code}\n{out}" == snap


@pytest.mark.parametrize("name", SAMPLES, ids=IDS)
def test_score(name, snap):
    code, out = cartlog("score", "--ascii", sample_path(name))
    assert out.isascii()
    assert f"exit {code}\n{out}" == snap
