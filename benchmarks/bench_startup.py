"""Start-up cost of the command line: import times and wall time of short commands.

Measures, each in a fresh interpreter:

- the modules that take longest to import for ``cartlog check LOG`` (``python -X importtime``,
  cumulative microseconds, top N);
- the wall time of ``python -m cartlog --version`` and of ``python -m cartlog check LOG``
  (best and median of N runs), beside a bare ``python -c pass`` for reference.

Prints Markdown. Run from the repository root::

    python benchmarks/bench_startup.py                      # the smallest readable sample
    python benchmarks/bench_startup.py --log game.cartlog --runs 20 --top 15
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def default_log() -> Path:
    samples = sorted((p for p in (ROOT / "samples").rglob("*.cartlog")
                      if "unreadable" not in p.parts), key=lambda p: p.stat().st_size)
    if not samples:
        raise SystemExit("no sample log found; pass --log PATH")
    return samples[0]


def env() -> dict[str, str]:
    e = dict(os.environ)
    e["PYTHONPATH"] = str(ROOT) + (os.pathsep + e["PYTHONPATH"] if e.get("PYTHONPATH") else "")
    e["NO_COLOR"] = "1"
    e.pop("PYTHONPROFILEIMPORTTIME", None)
    return e


def wall(cmd: list[str], runs: int) -> tuple[float, float]:
    """Best and median wall time of ``cmd`` in seconds (one untimed warm-up run first)."""
    subprocess.run(cmd, env=env(), cwd=ROOT, capture_output=True)
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(cmd, env=env(), cwd=ROOT, capture_output=True)
        times.append(time.perf_counter() - start)
    return min(times), statistics.median(times)


def import_times(log: Path) -> list[tuple[int, int, str]]:
    """(cumulative us, self us, module) of every import made by ``cartlog check LOG``."""
    proc = subprocess.run([sys.executable, "-X", "importtime", "-m", "cartlog", "check",
                           str(log)], env=env(), cwd=ROOT, capture_output=True, text=True)
    rows = []
    for line in proc.stderr.splitlines():
        if not line.startswith("import time:") or "cumulative" in line:
            continue
        parts = [p.strip() for p in line[len("import time:"):].split("|")]
        if len(parts) != 3:
            continue
        self_us, cumulative, name = int(parts[0]), int(parts[1]), parts[2]
        rows.append((cumulative, self_us, name))
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--log", type=Path, default=None, help="log to check (default: the "
                        "smallest readable sample)")
    parser.add_argument("--runs", type=int, default=10, help="timed runs per command (10)")
    parser.add_argument("--top", type=int, default=12, help="imports to list (12)")
    args = parser.parse_args(argv)
    log = (args.log or default_log()).resolve()
    rel = log.relative_to(ROOT) if log.is_relative_to(ROOT) else log

    py = sys.executable
    commands = [
        ("python -c pass (interpreter alone)", [py, "-c", "pass"]),
        ("python -m cartlog --version", [py, "-m", "cartlog", "--version"]),
        (f"python -m cartlog check {rel}", [py, "-m", "cartlog", "check", str(log)]),
    ]
    print("## cartlog start-up\n")
    print(f"- Python {platform.python_version()}; log {rel} ({log.stat().st_size:,} bytes); "
          f"{args.runs} runs per command after one warm-up\n")
    print("| command | best (ms) | median (ms) |")
    print("| --- | ---: | ---: |")
    for name, cmd in commands:
        best, median = wall(cmd, args.runs)
        print(f"| `{name}` | {best * 1e3:.0f} | {median * 1e3:.0f} |")

    rows = import_times(log)
    total = sum(r[1] for r in rows)
    by_package: dict[str, list[int]] = {}
    for _, self_us, name in rows:
        entry = by_package.setdefault(name.strip().split(".")[0], [0, 0])
        entry[0] += self_us
        entry[1] += 1
    print(f"\nImports of `cartlog check` by top-level package (`python -X importtime`, self "
          f"time added up; {len(rows)} modules, {total / 1e3:.0f} ms in all):\n")
    print("| package | self time (ms) | modules |")
    print("| --- | ---: | ---: |")
    for package, (self_us, n) in sorted(by_package.items(), key=lambda kv: -kv[1][0])[:args.top]:
        print(f"| `{package}` | {self_us / 1e3:.1f} | {n} |")
    print("\nSlowest single imports (cumulative, including what they import):\n")
    print("| module | cumulative (ms) | self (ms) |")
    print("| --- | ---: | ---: |")
    for cumulative, self_us, name in sorted(rows, reverse=True)[:args.top]:
        print(f"| `{name.strip()}` | {cumulative / 1e3:.1f} | {self_us / 1e3:.1f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
