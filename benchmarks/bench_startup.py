"""Start-up cost of the command line: import times and wall time of short commands.

Measures, each in a fresh interpreter:

- the wall time of ``python -m cartlog --version``, ``--help``, ``check --help``,
  ``python -m cartlog check LOG``,
  ``python -m cartlog check --format json LOG`` and the first again with ``NO_COLOR=1``
  (best and median of N runs), beside a bare
  ``python -c pass``, ``python -c "import typer, rich"`` (the libraries the command line
  cannot do without) and ``python -c "import typer, rich.console, msgspec"`` (what ``check``
  needs of them to read a log and draw its report) for reference; the commands take turns, run after run, so that a change
  in the machine's load touches them all alike;
- the modules that take longest to import for ``cartlog check LOG`` (``python -X importtime``,
  cumulative microseconds, top N), and the time by top-level package.

``--python`` runs another interpreter (another virtual environment, to compare versions of
the libraries), with this repository on its path. cartlog's modules are compiled first
(``compileall``), as an install does, so that no run pays for compiling them.

Prints Markdown. Run from the repository root::

    python benchmarks/bench_startup.py                      # the smallest readable sample
    python benchmarks/bench_startup.py --log game.cartlog --runs 20 --top 15
    python benchmarks/bench_startup.py --python /tmp/typer-0.28/bin/python
"""

from __future__ import annotations

import argparse
import os
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


def env(**extra: str) -> dict[str, str]:
    """The environment of every run: this repository on the path, no colour settings (output
    is captured, so none is written), plus ``extra``."""
    e = dict(os.environ)
    e["PYTHONPATH"] = str(ROOT) + (os.pathsep + e["PYTHONPATH"] if e.get("PYTHONPATH") else "")
    for name in ("NO_COLOR", "FORCE_COLOR", "PYTHONPROFILEIMPORTTIME"):
        e.pop(name, None)
    return {**e, **extra}


def wall(commands: list[tuple[list[str], dict[str, str]]], runs: int
         ) -> list[tuple[float, float]]:
    """Best and median wall time of each command (and its extra environment) in seconds, the
    commands taking turns (one untimed warm-up round first)."""
    times: list[list[float]] = [[] for _ in commands]
    for round_ in range(runs + 1):
        for i, (cmd, extra) in enumerate(commands):
            start = time.perf_counter()
            subprocess.run(cmd, env=env(**extra), cwd=ROOT, capture_output=True)
            if round_:
                times[i].append(time.perf_counter() - start)
    return [(min(t), statistics.median(t)) for t in times]


def import_times(py: str, log: Path) -> list[tuple[int, int, str]]:
    """(cumulative us, self us, module) of every import made by ``cartlog check LOG``."""
    proc = subprocess.run([py, "-X", "importtime", "-m", "cartlog", "check",
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
    parser.add_argument("--python", default=sys.executable, help="the interpreter to run "
                        "(default: this one)")
    args = parser.parse_args(argv)
    log = (args.log or default_log()).resolve()
    rel = log.relative_to(ROOT) if log.is_relative_to(ROOT) else log

    py = args.python
    subprocess.run([py, "-m", "compileall", "-q", str(ROOT / "cartlog")], env=env(),
                   cwd=ROOT, capture_output=True)
    versions = subprocess.run(
        [py, "-c", "import importlib.metadata as m, platform; print(platform."
         "python_version(), *(f'{p} {m.version(p)}' for p in ('typer', 'rich', 'msgspec')), "
         "sep=', ')"], env=env(), cwd=ROOT, capture_output=True, text=True).stdout.strip()
    check = [py, "-m", "cartlog", "check", str(log)]
    commands = [
        ("python -c pass (interpreter alone)", [py, "-c", "pass"], {}),
        ('python -c "import typer, rich"', [py, "-c", "import typer, rich"], {}),
        ('python -c "import typer, rich.console, msgspec"',
         [py, "-c", "import typer, rich.console, msgspec"], {}),
        ("python -m cartlog --version", [py, "-m", "cartlog", "--version"], {}),
        ("python -m cartlog --help", [py, "-m", "cartlog", "--help"], {}),
        ("python -m cartlog check --help", [py, "-m", "cartlog", "check", "--help"], {}),
        (f"python -m cartlog check {rel}", check, {}),
        (f"python -m cartlog check --format json {rel}",
         check[:4] + ["--format", "json"] + check[4:], {}),
        (f"NO_COLOR=1 python -m cartlog check {rel}", check, {"NO_COLOR": "1"}),
    ]
    print("## cartlog start-up\n")
    print(f"- Python {versions}; log {rel} ({log.stat().st_size:,} bytes); "
          f"{args.runs} runs per command after one warm-up, the commands taking turns; "
          f"load average {' '.join(f'{x:.1f}' for x in os.getloadavg())} at the start\n")
    print("| command | best (ms) | median (ms) |")
    print("| --- | ---: | ---: |")
    for (name, *_), (best, median) in zip(commands, wall([(c, e) for _, c, e in commands],
                                                         args.runs)):
        print(f"| `{name}` | {best * 1e3:.0f} | {median * 1e3:.0f} |")

    rows = import_times(py, log)
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
