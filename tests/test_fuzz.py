"""A short mutation fuzzer over the real samples, run in CI (fixed seed, a few seconds)."""

from __future__ import annotations

import random

from tests.fuzzing import SAMPLES, mutate, verdict

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
