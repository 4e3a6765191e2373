"""The compiled build against the pure Python one: the same answers, byte for byte.

    python tests/compare_builds.py PURE_PYTHON [N] [SEED]

Runs ``cartlog check --format json`` with this interpreter (its install compiled, setup.py)
and with ``PURE_PYTHON`` (an interpreter whose cartlog was installed with
``CARTLOG_PURE_PYTHON=1``) over every sample, N mutants of them (default 2000) and the
simulated games of every rule set, then ``replay`` and ``score --format json`` of each sample;
prints the first difference and exits 1 when the two builds disagree. CI runs it.
"""

from __future__ import annotations

import random
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.fuzzing import SAMPLES, mutate  # noqa: E402

SIMULATED = [  # (game, rule set, players): one corpus each
    ("cartagena", "2000-jamaica", 4), ("cartagena", "2000-tortuga", 3),
    ("cartagena", "ravensburger-advanced", 5), ("meuterer", "pirate", 4),
    ("meuterer", "base", 3), ("mutiny", "base", 4),
]


AWAY = tempfile.gettempdir()  # the working folder of both: not this tree, which holds a build


def which(python: str) -> str:
    code = "import cartlog.games.cartagena.rules as m; print(m.__file__)"
    return subprocess.run([python, "-c", code], capture_output=True, text=True, check=True,
                          cwd=AWAY).stdout.strip()


def run(python: str, *args: str) -> str:
    # cartlog's own games: a game of another package installed beside one build only would
    # differ in the words that list the games
    done = subprocess.run([python, "-m", "cartlog", *args], capture_output=True, text=True,
                          cwd=AWAY, env={"NO_COLOR": "1", "PATH": "/usr/bin:/bin",
                                         "CARTLOG_NO_PLUGINS": "1"})
    return f"exit {done.returncode}\n{done.stdout}{done.stderr}"


def first_difference(a: str, b: str) -> str:
    for i, (x, y) in enumerate(zip(a.splitlines(), b.splitlines())):
        if x != y:
            return f"line {i + 1}:\n  compiled: {x[:300]}\n  pure:     {y[:300]}"
    return "one output is longer"


def main() -> int:
    pure = sys.argv[1]
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 2000
    rng = random.Random(int(sys.argv[3]) if len(sys.argv) > 3 else 1)
    mine, theirs = which(sys.executable), which(pure)
    print(f"compiled: {mine}\npure:     {theirs}")
    if mine.endswith(".py") or not theirs.endswith(".py"):
        print("error: this interpreter must run the compiled build and the other the pure one")
        return 2
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for i in range(n):
            source = rng.choice(SAMPLES)
            (folder / f"mutant-{i:05d}{source.suffix}").write_bytes(
                mutate(source.read_bytes(), rng))
        for i, source in enumerate(SAMPLES):
            (folder / f"sample-{i:03d}{source.suffix}").write_bytes(source.read_bytes())
        for game, rules, players in SIMULATED:
            run(sys.executable, "simulate", game, "--rules", rules, "--players", str(players),
                "--count", "40", "--view", "table", "--out", str(folder / f"{game}-{rules}"))
        runs = [("check", "--format", "json", "-j", "1", str(folder))]
        runs += [(command, "--format", "json", str(source))
                 for source in SAMPLES for command in ("replay", "score")]
        for args in runs:
            a, b = run(sys.executable, *args), run(pure, *args)
            if a != b:
                print(f"DIFFERENT: cartlog {' '.join(args)}\n{first_difference(a, b)}")
                return 1
        logs = sum(1 for _ in folder.rglob("*.*"))
    print(f"the same: check of {logs} logs, replay and score of {len(SAMPLES)} samples")
    return 0


if __name__ == "__main__":
    sys.exit(main())
