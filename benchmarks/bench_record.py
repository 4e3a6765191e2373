"""How fast the recorder answers a line late in a long game: the 50 ms echo.

For each game, a long simulated game is recorded up to its last ``--lines`` lines (given to
the recorder as ``--from`` gives them: replayed once), then each of those lines is entered
one by one, as a scribe types them, and timed from the line entered to its echo ready (the
line read, checked, applied, the log written to disk and synced, the echo's text made:
``Recorder.enter``); and, apart, the work before the next prompt (the lawful lines for Tab
completion: ``Recorder.options``). Median and worst over those lines, best of ``--repeats``
runs. Cartagena is a 5-player 2000-jamaica game of 100 turns and more (the lines of its last
turns), Meuterer's last rounds, the Mutiny's last lines.

Run from the repository root::

    python benchmarks/bench_record.py
    python benchmarks/bench_record.py --lines 60 --repeats 5 --no-sync

``--no-sync`` leaves out the disk's sync (``os.fsync``), to see the recorder's own work.
Whether the game's rules run compiled (mypyc) or pure is printed, as bench_audit.py does.
Figures go to docs/performance.md ("Recording a game").
"""

from __future__ import annotations

import argparse
import os
import platform
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

GOAL = 0.050  # seconds: the echo of a line, late in a long game
GAMES_TIMED = (  # game, rule set, players, seeds to try for a long game
    ("cartagena", "2000-jamaica", 5, range(1, 40)),
    ("meuterer", "base", 4, range(1, 3)),
    ("mutiny", "base", 4, range(1, 20)),
)


def long_game(name: str, rules: str, players: int, seeds: range) -> tuple[str, list[str]]:
    """The header (no Result tag) and body lines of the longest of the simulated games."""
    from cartlog.games import GAMES

    spec = GAMES[name]
    longest = max((spec.simulate(rules, players, seed) for seed in seeds),
                  key=lambda log: len(log.events))
    text = spec.notation.format_log(longest)
    head, body = text.split("\n\n", 1)
    head = re.sub(r'\n\[Result "[^"]*"\]', "", head)
    return head + "\n\n", [line for line in body.split("\n") if line.strip()]


def typed(name: str, line: str) -> list[str]:
    """What a scribe types for a line: a Cartagena turn action by action (as at the table;
    ``end`` after them when the turn could go on), the other games' lines whole."""
    words = line.split()
    if name == "cartagena" and words and words[0].endswith(".") and len(words) > 2:
        return [*words[2:], "end"]
    return [line]


def timed(name: str, header: str, lines: list[str], last: int
          ) -> tuple[list[float], list[float], int]:
    """Record ``lines`` into a new log, the last ``last`` entered one by one: the time of
    each ``enter`` and of each ``options`` after it, and the turn or round reached."""
    from cartlog.record import Recorder

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "game.cartlog"
        rec = Recorder.create(path, header + "\n".join(lines[:-last]) + "\n")
        echoes, prompts = [], []
        for whole in lines[-last:]:
            for line in typed(name, whole):
                if line == "end" and not rec.open:
                    continue  # the turn ended by itself
                start = time.perf_counter()
                reply = rec.enter(line)
                echoes.append(time.perf_counter() - start)
                if reply.kind not in ("accepted", "empty"):
                    raise SystemExit(f"{name}: {line!r}: {reply.kind}: {reply.text}")
                start = time.perf_counter()
                rec.options()
                prompts.append(time.perf_counter() - start)
        reached = rec.count()
    return echoes, prompts, reached


def build_kind(game: str) -> str:
    from cartlog.games import GAMES

    rules = GAMES[game].module("rules")
    return "compiled (mypyc)" if not (rules.__file__ or "").endswith(".py") else "pure Python"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--lines", type=int, default=40, help="lines timed at the end of "
                        "each game (default 40)")
    parser.add_argument("--repeats", type=int, default=3, help="runs; the best of each "
                        "figure is kept (default 3)")
    parser.add_argument("--no-sync", action="store_true", help="leave out os.fsync")
    args = parser.parse_args()
    if args.no_sync:
        os.fsync = lambda fd: None  # type: ignore[assignment]
    print(f"{platform.machine()}, Python {platform.python_version()}, "
          f"best of {args.repeats}, {'no sync' if args.no_sync else 'synced to disk'}")
    print(f"{'game':<10} {'build':<17} {'lines':>9} {'echo median':>12} {'echo worst':>11} "
          f"{'prompt median':>14} {'prompt worst':>13}  goal {GOAL * 1000:.0f} ms")
    for name, rules, players, seeds in GAMES_TIMED:
        header, lines = long_game(name, rules, players, seeds)
        last = min(args.lines, len(lines) - 1)
        best: dict[str, float] = {}
        for _ in range(args.repeats):
            echoes, prompts, reached = timed(name, header, lines, last)
            figures = {"echo median": statistics.median(echoes), "echo worst": max(echoes),
                       "prompt median": statistics.median(prompts),
                       "prompt worst": max(prompts)}
            best = {k: min(v, best.get(k, v)) for k, v in figures.items()}
        where = f"{len(lines) - last + 1}-{len(lines)}"
        ok = "ok" if best["echo worst"] <= GOAL else "SLOW"
        print(f"{name:<10} {build_kind(name):<17} {where:>9} "
              f"{best['echo median'] * 1000:>9.1f} ms {best['echo worst'] * 1000:>8.1f} ms "
              f"{best['prompt median'] * 1000:>11.1f} ms {best['prompt worst'] * 1000:>10.1f} ms"
              f"  {ok}")


if __name__ == "__main__":
    main()
