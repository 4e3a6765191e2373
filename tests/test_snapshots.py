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
from syrupy.extensions.single_file import SingleFileSnapshotExtension, WriteMode
from typer.testing import CliRunner

from cartlog.cli import app

ROOT = Path(__file__).resolve().parent.parent
SAMPLE_DIR = ROOT / "samples" / "cartagena"
HAVE_RENDERER = (ROOT / "cartlog" / "render" / "cartagena.py").exists()
needs_renderer = pytest.mark.skipif(not HAVE_RENDERER,
                                    reason="cartlog/render/cartagena.py not written yet")
ENV = {"COLUMNS": "100", "LINES": "50", "NO_COLOR": "1", "TERM": "dumb"}

# the readable samples (the unreadable ones live in a folder of their own)
SAMPLES = sorted(p.name for p in SAMPLE_DIR.iterdir()
                 if p.is_file() and p.suffix in (".cartlog", ".json"))

MEUTERER_DIR = ROOT / "samples" / "meuterer"
MEUTERER_SAMPLES = sorted(p.name for p in MEUTERER_DIR.iterdir()
                          if p.is_file() and p.suffix in (".cartlog", ".json"))
HAVE_MEUTERER_RENDERER = (ROOT / "cartlog" / "render" / "meuterer.py").exists()
needs_meuterer_renderer = pytest.mark.skipif(
    not HAVE_MEUTERER_RENDERER, reason="cartlog/render/meuterer.py not written yet")

runner = CliRunner()


class TextSnapshot(SingleFileSnapshotExtension):
    """One UTF-8 text file per snapshot."""

    _write_mode = WriteMode.TEXT
    file_extension = "txt"


@pytest.fixture
def snap(snapshot):
    return snapshot.use_extension(TextSnapshot)


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
    return f"samples/cartagena/{name}"


def test_there_are_samples():
    assert len(SAMPLES) >= 10


@pytest.mark.parametrize("name", SAMPLES)
def test_check_report(name, snap):
    code, out = cartlog("check", "--ascii", sample_path(name))
    assert out.isascii()
    assert f"exit {code}\n{out}" == snap


@pytest.mark.parametrize("name", SAMPLES)
def test_check_json(name, snap):
    code, out = cartlog("check", "--format", "json", sample_path(name))
    doc = json.loads(out)
    doc.pop("cartlog", None)  # the version: not part of what is being pinned down
    assert f"exit {code}\n{json.dumps(doc, indent=2, ensure_ascii=False)}\n" == snap


@needs_renderer
@pytest.mark.parametrize("name", SAMPLES)
def test_replay(name, snap):
    code, out = cartlog("replay", "--ascii", sample_path(name))
    assert out.isascii()
    assert f"exit {code}\n{out}" == snap


@needs_renderer
@pytest.mark.parametrize("name", SAMPLES)
def test_score(name, snap):
    code, out = cartlog("score", "--ascii", sample_path(name))
    assert out.isascii()
    assert f"exit {code}\n{out}" == snap


# -- Meuterer: the same four views, snapshots named test_meuterer_*[sample] ------------------


def meuterer_path(name: str) -> str:
    return f"samples/meuterer/{name}"


def test_there_are_meuterer_samples():
    assert len(MEUTERER_SAMPLES) >= 10


@pytest.mark.parametrize("name", MEUTERER_SAMPLES)
def test_meuterer_check_report(name, snap):
    code, out = cartlog("check", "--ascii", meuterer_path(name))
    assert out.isascii()
    assert f"exit {code}\n{out}" == snap


@pytest.mark.parametrize("name", MEUTERER_SAMPLES)
def test_meuterer_check_json(name, snap):
    code, out = cartlog("check", "--format", "json", meuterer_path(name))
    doc = json.loads(out)
    doc.pop("cartlog", None)  # the version: not part of what is being pinned down
    assert f"exit {code}\n{json.dumps(doc, indent=2, ensure_ascii=False)}\n" == snap


@needs_meuterer_renderer
@pytest.mark.parametrize("name", MEUTERER_SAMPLES)
def test_meuterer_replay(name, snap):
    code, out = cartlog("replay", "--ascii", meuterer_path(name))
    assert out.isascii()
    assert f"exit {code}\n{out}" == snap


@needs_meuterer_renderer
@pytest.mark.parametrize("name", MEUTERER_SAMPLES)
def test_meuterer_score(name, snap):
    code, out = cartlog("score", "--ascii", meuterer_path(name))
    assert out.isascii()
    assert f"exit {code}\n{out}" == snap
