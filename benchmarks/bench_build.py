"""The install's time, part by part: what ``pip install .`` spends building cartlog.

Each part runs in scratch folders, on a copy of the tracked files (no build folder, no mypy
cache, no compiled module from this tree):

  (1) the build environment: a new environment with ``[build-system] requires`` (pip's build
      isolation does this before every build);
  (2) mypyc: type analysis and code generation of every package's ``COMPILED`` modules (one
      process, one core);
  (3) ``setup.py build_ext``: mypyc again (from its cache, quick) and the C compiler on every
      core, then the links;
  (4) the whole ``pip install --no-deps .`` into a new environment, (1) to (3) included.

Prints the wall time and the CPU time (user + system, of the child processes) of each. On a
shared machine compare CPU times; on an idle one with N cores, the wall time of (3) is about
its CPU time / N, and the others' about their CPU time. Needs mypy (the test extra) and a C
compiler. Run from the repository root::

    python benchmarks/bench_build.py
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import tempfile
import time
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def timed(name: str, command: list[str], cwd: Path, env: dict[str, str] | None = None) -> None:
    """Run ``command``, then print its wall and CPU time."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(command, cwd=cwd, check=True, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL, env={**os.environ, **(env or {})})
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    print(f"| {name} | {wall:.1f} | {cpu:.1f} |", flush=True)


def copy_tree(to: Path) -> Path:
    """The tracked files of this tree (with their edits), nothing built."""
    files = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, check=True,
                           capture_output=True).stdout.decode().split("\0")
    for name in filter(None, files):
        source, target = ROOT / name, to / name
        if source.is_file():
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(source.read_bytes())
    return to


def main() -> int:
    requires = tomllib.loads((ROOT / "pyproject.toml").read_text())["build-system"]["requires"]
    load = os.getloadavg()[0]
    print(f"- {os.cpu_count()} cores; load average {load:.2f} at the start; Python "
          f"{sys.version.split()[0]}\n")
    print("| part | wall (s) | CPU (s) |\n| --- | ---: | ---: |")
    with tempfile.TemporaryDirectory() as scratch:
        work = Path(scratch)
        env = work / "build-env"
        subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(env)], check=True)
        timed("(1) build environment", [sys.executable, "-m", "pip", "--python",
                                         str(env / "bin" / "python"), "install", "--quiet",
                                         *requires], work)
        tree = copy_tree(work / "tree")
        timed("(2) mypyc: types and C code", [sys.executable, "-c",
                                               "import setup; setup.extensions()"], tree)
        timed("(3) setup.py build_ext (C compiler)", [sys.executable, "setup.py", "-q",
                                                      "build_ext", "--inplace"], tree)
        target = work / "target"
        subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(target)], check=True)
        timed("(4) pip install --no-deps .", [sys.executable, "-m", "pip", "--python",
                                              str(target / "bin" / "python"), "install",
                                              "--quiet", "--no-deps", str(copy_tree(
                                                  work / "fresh"))], work)
    print(f"\n- load average {os.getloadavg()[0]:.2f} at the end")
    return 0


if __name__ == "__main__":
    sys.exit(main())
