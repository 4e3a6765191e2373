"""How each command's time, memory and output grow with the log (docs/performance.md).

    python benchmarks/bench_growth.py [--sizes 8,64] [--commands check,record] [--games mutiny]

For every game and worst case of ``tests/growing_logs.py`` (many illegal moves and findings,
stuck draws, long comments) and every command (``check`` as text and JSON, ``replay``,
``score``, ``convert`` both ways, the recorder fed line by line), prints the log's size, the
bytes written, the peak of memory allocated (:mod:`tracemalloc`) and the seconds taken, at each
size (units of play, default ``8,64``); ``--commands`` and ``--games`` choose some of them. ``tests/test_growth.py`` asserts the same growth.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.growing_logs import CASES, COMMANDS, growing_log, measure  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="8,64", help="units of play, comma-separated")
    parser.add_argument("--commands", default=",".join(COMMANDS), help=", ".join(COMMANDS))
    parser.add_argument("--games", default=",".join(sorted({g for g, _ in CASES})))
    args = parser.parse_args()
    sizes = [int(n) for n in args.sizes.split(",")]
    commands = [c for c in COMMANDS if c in args.commands.split(",")]
    games = args.games.split(",")
    print(f"{'game':9} {'case':8} {'command':12} {'units':>5} {'log KB':>7} {'out KB':>8} "
          f"{'peak MB':>7} {'s':>6}")
    with tempfile.TemporaryDirectory() as tmp:
        tmp_path = Path(tmp)
        measure("check", growing_log("cartagena", "illegal", 1), tmp_path)  # imports
        for game, case in CASES:
            if game not in games:
                continue
            for command in commands:
                for n in sizes:
                    text = growing_log(game, case, n)
                    peak, written, seconds = measure(command, text, tmp_path)
                    print(f"{game:9} {case:8} {command:12} {n:>5} "
                          f"{len(text.encode()) / 1024:>7.1f} {written / 1024:>8.1f} "
                          f"{peak / 1e6:>7.2f} {seconds:>6.2f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
