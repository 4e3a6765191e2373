"""The hostile-input campaign in small (fixed seeds, well under a minute on two cores): mutants
of every game's samples through every command, hostile files named by a log, and recorders
killed while they write. The long run is ``benchmarks/fuzz_campaign.py`` (docs/security.md)."""

from __future__ import annotations

import os
import random
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.fuzzing import (
    BOARD_TARGETS,
    COMMANDS,
    FAILURES,
    HANG,
    LOCATED,
    ROOT,
    SAMPLES,
    hostile_case,
    leaked,
    mutate,
    run,
    verdict,
)

GAMES = sorted({p.parent.name for p in SAMPLES})
CHUNKS, PER_CHUNK = 6, 20


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_mutants_of_every_game_get_a_clear_bounded_answer_from_every_command(tmp_path, chunk):
    """Each mutant goes through every command (check in three forms, replay in three, score in
    two, record --from and --resume) and convert both ways; the games take turns."""
    rng = random.Random(20261127 + chunk)
    failures = []
    for n in range(PER_CHUNK):
        game = GAMES[n % len(GAMES)]
        source = rng.choice([p for p in SAMPLES if p.parent.name == game])
        path = tmp_path / f"mutant{source.suffix}"
        data = mutate(source.read_bytes(), rng)
        path.write_bytes(data)
        outcome, detail = verdict(path, tmp_path, timeout=HANG)
        if outcome in FAILURES:
            failures.append(f"#{n} {source.name} {outcome}: {data[:200]!r}\n{detail[-600:]}")
    assert not failures, "\n\n".join(failures[:5])


def _limited() -> None:
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))


@pytest.mark.parametrize("target", BOARD_TARGETS)
def test_a_board_file_out_of_the_folder_or_not_a_regular_file_is_refused_by_every_command(
        tmp_path, target):
    """Run apart, in 2 GiB and a minute each: a device, a FIFO or a large file named by a log
    must not take the test run down with it."""
    log = hostile_case(random.Random(7), tmp_path, target)
    for command in COMMANDS:
        if command.name.startswith("record"):
            continue
        r = subprocess.run([sys.executable, "-m", "cartlog", *command.argv(log, tmp_path)],
                           cwd=ROOT, capture_output=True, text=True, timeout=HANG,
                           preexec_fn=_limited, env={**os.environ, "NO_COLOR": "1"})
        out = r.stdout + r.stderr
        assert r.returncode == 2 and "Traceback" not in out and "internal error" not in out, (
            command.name, out[-1500:])
        assert LOCATED.search(out) or '"line": ' in out, (command.name, out[-1500:])
        assert not leaked(out), (command.name, out[-1500:])


def test_a_killed_recorder_leaves_a_log_that_reads_back_and_is_not_locked(tmp_path):
    """SIGKILL at random moments while lines are fed: the log holds only lines fed, reads
    back or is refused located, and the next recorder is not told it is busy."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from fuzz_campaign import kills

    counts = kills(6, random.Random(5), 5, tmp_path / "out")
    assert set(counts) <= {"reads-back", "refused-torn", "not-created"}, counts


# Hypothesis over every game's text notation and the JSON form: a sample, then lines replaced,
# dropped or spliced with arbitrary text, shrunk to the smallest failing log.

_TEXTS = [p for p in SAMPLES if p.suffix in (".cartlog", ".json")]


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.sampled_from(_TEXTS), st.integers(0, 10**6),
       st.text(min_size=0, max_size=30)
       | st.sampled_from(["\x1b[2J", "9" * 5000, "²", "{", "\ufeff", "\u202e", "[red]"]),
       st.sampled_from(["replace", "insert", "drop", "splice"]))
def test_hypothesis_edits_of_every_game_and_json(tmp_path_factory, source, where, piece, how):
    text = source.read_text(encoding="utf-8")
    lines = text.split("\n")
    i = where % len(lines)
    if how == "replace":
        lines[i] = piece
    elif how == "insert":
        lines.insert(i, piece)
    elif how == "drop":
        del lines[i]
    else:
        j = where % (len(lines[i]) + 1)
        lines[i] = lines[i][:j] + piece + lines[i][j:]
    path = tmp_path_factory.mktemp("h") / f"m{source.suffix}"
    path.write_text("\n".join(lines), encoding="utf-8", errors="surrogatepass")
    code, out = run(["check", "--ascii", str(path)])
    assert code in (0, 1, 2) and "internal error" not in out and "Traceback" not in out, out
    if code == 2:
        assert LOCATED.search(out), out


def test_the_campaign_runs_as_documented(tmp_path):
    """``benchmarks/fuzz_campaign.py`` as docs/security.md shows it, in small."""
    r = subprocess.run([sys.executable, "benchmarks/fuzz_campaign.py", "--mutants", "3",
                        "--files", "2", "--kills", "1", "--seed", "2"], cwd=ROOT,
                       capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-2000:]
    assert "mutants: 3 in" in r.stdout and "files: 2 in" in r.stdout
    assert "kills: 1 in" in r.stdout and "failures: 0" in r.stdout


