"""The one walk of a log (cartlog.core.walk): every game's walker is a :class:`Walk`, and a
walk leaves the log it read as it found it, whatever frees the walk (the cycle collector
included: a walk with a listener is a cycle)."""

from __future__ import annotations

import gc
from pathlib import Path

import msgspec
import pytest

from cartlog.core.walk import Walk, WalkStep
from cartlog.games import SPECS
from cartlog.logs import read_log

ROOT = Path(__file__).resolve().parent.parent


def _samples(game: str) -> list[Path]:
    return sorted(p for p in (ROOT / "samples" / game).glob("*.cartlog"))


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: s.name)
def test_every_game_walks_its_logs_with_the_one_walk(spec):
    log = spec.simulate(seed=1)
    walk = spec.walker.Replay(log)
    assert isinstance(walk, Walk)
    assert walk.run() is walk and not walk.stopped


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: s.name)
def test_a_log_is_intact_after_its_walk_is_collected(spec):
    """The class of defect: a compiled walker that declares an attribute of :class:`Walk`
    again gets a second slot for it, and the cycle collector, counting the log twice, clears
    the log's fields while it is still in use."""
    for path in _samples(spec.name):
        log = read_log(path.read_text(encoding="utf-8"), str(path))
        before = msgspec.json.encode(log)
        replay, frames = spec.walker.record(log)
        assert frames
        del replay, frames  # a cycle: the walk holds its listener, which holds the walk
        gc.collect()
        assert msgspec.json.encode(log) == before, path.name


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: s.name)
def test_a_walk_stopped_at_the_first_error_says_where(spec):
    for path in _samples(spec.name):
        log = read_log(path.read_text(encoding="utf-8"), str(path))
        walk = spec.walker.Replay(log, stop_at_first=True).run()
        errors = [n for n in walk.notes if not n.condoned
                  and spec.codes.CODES[n.violation.code].severity == "error"]
        assert len(errors) <= 1, path.name
        if walk.stopped:
            assert errors and walk.unchecked[-1].startswith(
                f"the audit stopped at the first error ({spec.turn_word} "), path.name


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: s.name)
def test_every_game_gives_a_listener_the_walks_steps(spec):
    """One step type for every game's views: the walk's, with the engine as it stands."""
    steps: list[WalkStep] = []
    walk = spec.walker.Replay(spec.simulate(seed=2))
    walk.run(steps.append)
    assert all(type(s) is WalkStep and s.engine is walk.engine for s in steps)
    assert steps[0].kind == "setup" and steps[-1].kind == "end"
    assert sum(len(s.notes) for s in steps) == len(walk.notes)
