"""Corpus throughput of ``cartlog check``: a folder of logs, at one job and on every core.

Simulates N games once into a temporary folder (``cartlog simulate --count N --out DIR``;
four-player Cartagena by default, every card known), then times, each in a fresh process
and best of ``--repeats``:

- ``cartlog check --jobs 1 -q DIR``: one process, the reference for the others, beside the
  library doing the same work with no output (``audit_files(expand([DIR]), jobs=1)``);
- ``cartlog check --jobs J -q DIR`` for each J of ``--jobs`` (default: every core);
- ``xargs -P J`` over the same files, each ``cartlog check --jobs 1 -q`` taking an equal
  share of them: what a shell gives without ``--jobs``, the floor ``--jobs J`` must beat.

Output goes to a file, as in a pipe (no progress bar). Prints Markdown: wall time, logs per
second, the reference figures beside each (the 1-job rate times J: perfect scaling; the
``xargs`` rate), the time 100,000 logs would take at the measured rate, extrapolated, and the
CPU time of the whole run (user and system, workers included), which a busy machine changes
less than the wall time.

Run from the repository root::

    python benchmarks/bench_corpus.py                       # 5,000 text logs
    python benchmarks/bench_corpus.py --games 5000 --format json
    python benchmarks/bench_corpus.py --games 1000 --repeats 3 --jobs 2,4
"""

from __future__ import annotations

import argparse
import os
import platform
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench_audit import build_kind, cpu_model  # noqa: E402  (this folder is on the path when run)

ROOT = Path(__file__).resolve().parent.parent
TARGET = (100_000, 60.0)  # the goal: 100,000 four-player Cartagena games in under 60 s


def env() -> dict[str, str]:
    e = dict(os.environ)
    e["PYTHONPATH"] = str(ROOT) + (os.pathsep + e["PYTHONPATH"] if e.get("PYTHONPATH") else "")
    e["NO_COLOR"] = "1"
    return e


def cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:
        return os.cpu_count() or 1


def load() -> str:
    try:
        return " ".join(f"{x:.1f}" for x in os.getloadavg())
    except OSError:
        return "unknown"


def timed(cmd: list[str] | str, out: Path, shell: bool = False) -> tuple[float, float, int]:
    """Wall time and CPU time (user + system, of the command and every process it waited for)
    of one run, output to a file; and its exit status."""
    with open(out, "wb") as sink:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        proc = subprocess.run(cmd, shell=shell, env=env(), cwd=ROOT, stdout=sink,
                              stderr=subprocess.DEVNULL)
        seconds = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        return seconds, cpu, proc.returncode


def best(cmd: list[str] | str, out: Path, repeats: int, shell: bool = False
         ) -> tuple[float, float]:
    """The fastest run's wall time, and the least CPU time of the runs."""
    runs = []
    for _ in range(repeats):
        seconds, cpu, status = timed(cmd, out, shell)
        if status not in (0, 1):
            raise SystemExit(f"failed with status {status}: {cmd}")
        runs.append((seconds, cpu))
    return min(r[0] for r in runs), min(r[1] for r in runs)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=5000, help="logs in the corpus (5000)")
    parser.add_argument("--game", default="cartagena", help="the game (cartagena)")
    parser.add_argument("--rules", default=None, help="rule set (the game's default)")
    parser.add_argument("--players", type=int, default=4, help="players per game (4)")
    parser.add_argument("--format", choices=("text", "json"), default="text",
                        help="the logs' form (text)")
    parser.add_argument("--jobs", default=str(cores()),
                        help="comma-separated job counts to time beside --jobs 1 "
                        "(default: every core)")
    parser.add_argument("--repeats", type=int, default=1, help="timed runs per command (1)")
    parser.add_argument("--corpus", type=Path, default=None,
                        help="use (or fill, if empty) this folder instead of a temporary one")
    args = parser.parse_args(argv)
    jobs = [int(j) for j in args.jobs.split(",") if j.strip() and int(j) > 1]
    py = sys.executable
    with tempfile.TemporaryDirectory(prefix="cartlog-corpus-") as tmp:
        folder = args.corpus or Path(tmp) / "corpus"
        out = Path(tmp) / "out.txt"
        suffix = ".json" if args.format == "json" else ".cartlog"
        simulate = [py, "-m", "cartlog", "simulate", args.game, "--players",
                    str(args.players), "--count", str(args.games), "--format", args.format,
                    "--out", str(folder)] + (["--rules", args.rules] if args.rules else [])
        sim_seconds = None
        if not (folder.is_dir() and any(folder.glob("*" + suffix))):
            start = time.perf_counter()
            subprocess.run(simulate, env=env(), cwd=ROOT, check=True,
                           stdout=subprocess.DEVNULL)
            sim_seconds = time.perf_counter() - start
        paths = sorted(folder.glob("*" + suffix))
        size = sum(p.stat().st_size for p in paths)
        n = len(paths)
        print("## cartlog check over a corpus\n")
        print(f"- {cpu_model()}, {cores()} cores, Python {platform.python_version()}, "
              f"{platform.system()}; load average {load()} at the start; rule modules "
              f"{build_kind(args.game)}")
        print(f"- corpus: {n:,} simulated {args.game} games, {args.players} players, "
              f"{args.format} logs, {size / 1e6:.1f} MB"
              + (f"; simulated in {sim_seconds:.1f} s (`cartlog {' '.join(simulate[3:-1])} "
                 "DIR`)" if sim_seconds is not None else ""))
        print(f"- best of {args.repeats} run(s) per command; output to a file\n")
        print("| command | wall (s) | logs/s | reference | reference logs/s | vs reference |"
              " 100,000 logs (extrapolated) | CPU (s) | CPU ms per log |")
        print("| --- | ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: |")
        check = [py, "-m", "cartlog", "check", "-q", str(folder)]

        def row(name: str, timing: tuple[float, float], ref_name: str,
                ref_rate: float | None) -> float:
            seconds, cpu = timing
            rate = n / seconds
            ref = f"{ref_rate:,.0f}" if ref_rate else "-"
            ratio = f"{rate / ref_rate:.2f}x" if ref_rate else "-"
            print(f"| `{name}` | {seconds:.2f} | {rate:,.0f} | {ref_name} | {ref} | {ratio} | "
                  f"{TARGET[0] / rate:,.0f} s | {cpu:.2f} | {cpu / n * 1e3:.2f} |")
            return rate

        library = [py, "-c", "import sys; from cartlog.corpus import audit_files, expand; "
                   "sum(o.status for o in audit_files(expand(sys.argv[1:]), jobs=1))",
                   str(folder)]
        lib_seconds, _ = best(library, out, args.repeats)
        one = row("cartlog check --jobs 1 -q DIR", best(check[:4] + ["--jobs", "1"]
                                                       + check[4:], out, args.repeats),
                  "audit_files(jobs=1), no output", n / lib_seconds)
        for j in jobs:
            share = -(-n // j)  # files per xargs process
            xargs = (f"find {folder} -name '*{suffix}' | sort | xargs -P {j} -n {share} "
                     f"{py} -m cartlog check --jobs 1 -q")
            x_timing = best(xargs, out, args.repeats, shell=True)
            x_rate = n / x_timing[0]
            row(f"xargs -P {j} -n {share} cartlog check --jobs 1 -q", x_timing,
                f"{j} x the 1-job rate", one * j)
            row(f"cartlog check --jobs {j} -q DIR",
                best(check[:4] + ["--jobs", str(j)] + check[4:], out, args.repeats),
                f"xargs -P {j}", x_rate)
        print(f"\nGoal: {TARGET[0]:,} logs in under {TARGET[1]:.0f} s, that is "
              f"{TARGET[0] / TARGET[1]:,.0f} logs/s. Load average {load()} at the end.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
