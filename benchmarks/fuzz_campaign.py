"""A long mutation-fuzz campaign over the sample logs (outside CI).

    python benchmarks/fuzz_campaign.py [N] [SEED]

Runs N mutants (default 20000) in process through the real command line (check, then convert
both ways), prints the count of each outcome and saves every failing input (crash, unlocated
exit-2 answer, lossy round trip) under ``benchmarks/out/``.
"""

from __future__ import annotations

import random
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.fuzzing import SAMPLES, mutate, verdict  # noqa: E402

FAILURES = ("crash", "unlocated", "lossy")


def main() -> int:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 20000
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    rng = random.Random(seed)
    out = ROOT / "benchmarks" / "out"
    counts: Counter[str] = Counter()
    start = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        tmp_path = Path(tmp)
        for i in range(n):
            source = rng.choice(SAMPLES)
            data = mutate(source.read_bytes(), rng)
            path = tmp_path / f"mutant{source.suffix}"
            path.write_bytes(data)
            outcome, detail = verdict(path, tmp_path)
            counts[outcome] += 1
            if outcome in FAILURES:
                out.mkdir(parents=True, exist_ok=True)
                saved = out / f"{outcome}-{seed}-{i}{source.suffix}"
                saved.write_bytes(data)
                print(f"{outcome}: {saved} (from {source.name})\n{detail[-800:]}", flush=True)
            if (i + 1) % 1000 == 0:
                print(f"{i + 1} mutants, {time.perf_counter() - start:.0f} s: {dict(counts)}",
                      file=sys.stderr, flush=True)
    print(f"{n} mutants in {time.perf_counter() - start:.0f} s: "
          + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))
    return 1 if any(counts[k] for k in FAILURES) else 0


if __name__ == "__main__":
    sys.exit(main())
