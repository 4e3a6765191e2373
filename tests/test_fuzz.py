"""A short mutation fuzzer over the real samples, run in CI (fixed seed, a few seconds)."""

from __future__ import annotations

import random

from tests.fuzzing import LOCATED, SAMPLES, mutate, verdict

N = 300


def test_mutated_samples_get_a_clear_answer(tmp_path):
    rng = random.Random(20261123)
    failures = []
    for n in range(N):
        source = rng.choice(SAMPLES)
        path = tmp_path / f"mutant{source.suffix}"
        data = mutate(source.read_bytes(), rng)
        path.write_bytes(data)
        outcome, detail = verdict(path, tmp_path)
        if outcome in ("crash", "unlocated", "lossy"):
            failures.append(f"#{n} {source.name} {outcome}: {data[:200]!r}\n{detail[-600:]}")
    assert not failures, "\n\n".join(failures[:5])


# Hypothesis over both games' text notation and the JSON form: a sample, then lines replaced,
# dropped or spliced with arbitrary text, shrunk to the smallest failing log.

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from tests.fuzzing import run  # noqa: E402

_TEXTS = [p for p in SAMPLES if p.suffix in (".cartlog", ".json")]


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.sampled_from(_TEXTS), st.integers(0, 10**6),
       st.text(min_size=0, max_size=30)
       | st.sampled_from(["\x1b[2J", "9" * 5000, "²", "{", "\ufeff"]),
       st.sampled_from(["replace", "insert", "drop", "splice"]))
def test_hypothesis_edits_of_both_games_and_json(tmp_path_factory, source, where, piece, how):
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
