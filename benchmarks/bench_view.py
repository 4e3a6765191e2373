"""How fast a game is shown: the ruling page, the board picture and a step of the viewer.

Times, best of N repeats, on the 101-turn sample (``samples/cartagena/jamaica-4p-disputed
.cartlog``) unless a log is given:

  (h) ``cartlog replay LOG --html FILE`` in process, from the log's text to the page on disk
      (read, audit, replay of the log and of each seat's view, pictures, page); goal 1 s;
  (s) ``replay --turn N --svg FILE``, the board after the last turn;
  (v) one step of ``cartlog view`` late in the game: a key pressed, the step, the table and
      the position drawn (Textual's Pilot, headless, 120 by 40); goal 50 ms; measured as the
      mean over the last 40 steps of the game, each step's table not drawn before: the CPU
      time a step costs (the drawing), and the wall time Pilot takes to press the key and
      wait until the screen is idle again (which includes Textual's refresh timer and
      Pilot's own waits, not work).

Run from the repository root::

    python benchmarks/bench_view.py
    python benchmarks/bench_view.py --log samples/meuterer/club-4p.cartlog --repeats 5

Figures go to docs/performance.md ("Showing a game").
"""

from __future__ import annotations

import argparse
import asyncio
import os
import platform
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def _cli(args: list[str]) -> float:
    from typer.testing import CliRunner

    from cartlog.cli import app

    start = time.perf_counter()
    result = CliRunner().invoke(app, args)
    elapsed = time.perf_counter() - start
    if result.exit_code not in (0, 1):
        raise SystemExit(f"cartlog {' '.join(args)}: status {result.exit_code}: "
                         f"{result.output}")
    return elapsed


def _viewer_step(log_path: Path, steps: int) -> tuple[float, float]:
    from cartlog.audit import replay_report
    from cartlog.cli.output import memory_console
    from cartlog.logs import read_log
    from cartlog.viewer import Viewer, seats_of

    log = read_log(log_path.read_text(encoding="utf-8"), str(log_path))
    report, frames = replay_report(log, str(log_path), text=None)
    app = Viewer(seats_of(log, report, frames),
                 lambda width, shade: memory_console(width, shade, colour=True))
    cpu: list[float] = []
    wall: list[float] = []

    async def main() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("end")
            await pilot.pause()
            for _ in range(min(steps, len(frames) - 1)):
                start, used = time.perf_counter(), time.process_time()
                await pilot.press("left")
                await pilot.pause()
                cpu.append(time.process_time() - used)
                wall.append(time.perf_counter() - start)

    asyncio.run(main())
    return sum(cpu) / len(cpu), sum(wall) / len(wall)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--log", type=Path,
                        default=ROOT / "samples" / "cartagena" / "jamaica-4p-disputed.cartlog")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--steps", type=int, default=40)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        page, picture = os.path.join(folder, "r.html"), os.path.join(folder, "b.svg")
        html = min(_cli(["replay", str(args.log), "--html", page])
                   for _ in range(args.repeats))
        size = os.path.getsize(page)
        svg = min(_cli(["replay", str(args.log), "--svg", picture])
                  for _ in range(args.repeats))
    try:
        cpu, wall = min(_viewer_step(args.log, args.steps) for _ in range(args.repeats))
        viewer = f"{cpu * 1000:.1f} ms of CPU ({wall * 1000:.0f} ms wall under Pilot)"
    except ImportError:
        viewer = "not measured: Textual is not installed (pip install '.[view]')"
    print(f"| {args.log.name} | time | goal |")
    print("| --- | ---: | ---: |")
    print(f"| (h) replay --html ({size / 1e6:.2f} MB) | {html:.2f} s | 1 s |")
    print(f"| (s) replay --svg | {svg:.2f} s | |")
    print(f"| (v) a viewer step, late in the game | {viewer} | 50 ms |")
    print(f"\n{platform.processor() or platform.machine()}, Python "
          f"{platform.python_version()}, best of {args.repeats}")


if __name__ == "__main__":
    main()
