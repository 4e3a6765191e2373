"""How each command's time, memory and output grow with the log (docs/performance.md).

    python benchmarks/bench_growth.py [SIZES]

For every game and worst case of ``tests/growing_logs.py`` (many illegal moves and findings,
stuck draws, long comments) and every command (``check`` as text and JSON, ``replay``,
``score``, ``convert`` both ways, the recorder fed line by line), prints the log's size, the
bytes written, the peak of memory allocated (:mod:`tracemalloc`) and the seconds taken, at each
size (units of play, default ``8,64``). ``tests/test_growth.py`` asserts the same growth.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.growing_logs import CASES, COMMANDS, growing_log, measure  # noqa: E402


def main() -> int:
    sizes = [int(n) for n in (sys.argv[1] if len(sys.argv) > 1 else "8,64").split(",")]
    print(f"{'game':9} {'case':8} {'command':12} {'units':>5} {'log KB':>7} {'out KB':>8} "
          f"{'peak MB':>7} {'s':>6}")
    with tempfile.TemporaryDirectory() as tmp:
        tmp_path = Path(tmp)
        measure("check", growing_log("cartagena", "illegal", 1), tmp_path)  # imports
        for game, case in CASES:
            for command in COMMANDS:
                for n in sizes:
                    text = growing_log(game, case, n)
                    peak, written, seconds = measure(command, text, tmp_path)
                    print(f"{game:9} {case:8} {command:12} {n:>5} "
                          f"{len(text.encode()) / 1024:>7.1f} {written / 1024:>8.1f} "
                          f"{peak / 1e6:>7.2f} {seconds:>6.2f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
