"""Audit throughput on one core: decode, decode + audit, and the bare replay.

Simulates a seeded corpus of games of one game (Cartagena by default, or Meuterer with
``--game meuterer``; every card known), encodes each game to JSON once, then times, best of N
repeats, on one core:

  (a) ``msgspec.json`` decoding of every game into the log Structs: the floor;
  (b) decoding plus the full audit (``cartlog.audit.audit``), the work of ``cartlog check``
      once a file is in memory;
  (b') the same through ``cartlog.logs.read_log``, the reader the CLI uses (generic decode,
      conversion to the Structs, and the checks of names, letters and spaces);
  (t) the text path: the same games written in the text notation (canonical form), read with
      ``read_log`` and audited, as ``cartlog check`` does for a text log;
  (c) the bare replay, ``Replay(log).run()``, on logs decoded beforehand.

Before the timing, what is alive (the imports and the corpus) is set apart from the garbage
collector with ``cartlog.corpus.freeze_imports``, as ``cartlog check`` and its workers do
before a long audit; the corpus held in memory would otherwise make each full collection
slower than ``check``'s, which holds one log at a time.

Prints a Markdown table with actions/s and games/s for each, each stage's share of the decode
floor (a), the goal that applies to it (Cartagena: 1,000,000 actions/s from JSON, 500,000 from
text; Meuterer: 300,000 plays and passes/s from JSON) and the machine it ran on. An
action is one entry of a Cartagena turn's action list, or one Meuterer play or pass; for
Meuterer the table also gives log entries/s (an entry is one body line of the log: ``round``,
``wage``, ``sell``, ``dest``, ``mutiny``, ``sale``, ``draw``, ``score`` or ``total``).

Run from the repository root::

    python benchmarks/bench_audit.py                    # 2,000 four-player 2000-jamaica games
    python benchmarks/bench_audit.py --games 500 --repeats 3
    python benchmarks/bench_audit.py --rules ravensburger --players 3
    python benchmarks/bench_audit.py --game meuterer --games 500          # base game
    python benchmarks/bench_audit.py --game meuterer --rules pirate --players 3
"""

from __future__ import annotations

import argparse
import gc
import platform
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import msgspec  # noqa: E402

import cartlog  # noqa: E402
from cartlog.audit import audit  # noqa: E402
from cartlog.corpus import freeze_imports  # noqa: E402
from cartlog.games import GAMES  # noqa: E402
from cartlog.logs import read_log  # noqa: E402

# Goals per core, actions (Meuterer: plays and passes) a second: JSON decode + audit, and
# text read + audit. A game without a goal for a form shows none.
GOALS = {
    "cartagena": {"json": 1_000_000, "text": 500_000},
    "meuterer": {"json": 300_000},
}


def cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.lower().startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine() or "unknown"


def build_kind(game: str) -> str:
    """Whether the game's rule modules run compiled (setup.py) or as pure Python."""
    rules = GAMES[game].module("rules")
    return "compiled (mypyc)" if not (rules.__file__ or "").endswith(".py") else "pure Python"


def build_corpus(game: str, rules: str, players: int, games: int, seed: int) -> list[bytes]:
    spec = GAMES[game]
    encoder = msgspec.json.Encoder()
    return [encoder.encode(spec.simulate(rules, players, seed + i)) for i in range(games)]


def count_actions(game: str, logs: list) -> int:
    """The actions as the game's replay counts them (Cartagena: the entries of every turn's
    action list; Meuterer: plays and passes; the Mutiny: the turns of the voyage)."""
    Replay = GAMES[game].module("replay").Replay
    return sum(Replay(log).run().actions for log in logs)


def count_entries(logs: list) -> int:
    """Body lines of the logs, comments left out."""
    return sum(1 for log in logs for ev in log.events if type(ev).__name__ != "Comment")


def is_unfinished(log) -> bool:
    b = audit(log).breakdown
    return not getattr(b, "finished", bool(b.winner))


def best_of(repeats: int, fn) -> float:
    """The fastest of ``repeats`` runs of ``fn()``, in seconds (garbage collected between)."""
    best = float("inf")
    for _ in range(repeats):
        gc.collect()
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=sorted(GAMES), default="cartagena",
                        help="the game (cartagena)")
    parser.add_argument("--games", type=int, default=2000, help="games in the corpus (2000)")
    parser.add_argument("--rules", default=None, help="rule set or variant; default the "
                        "game's own (" + ", ".join(f"{g}: {s.default_rules}"
                                                   for g, s in GAMES.items()) + ")")
    parser.add_argument("--players", type=int, default=4, help="players per game (4)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game (0)")
    parser.add_argument("--repeats", type=int, default=5, help="timed runs per stage; the "
                        "best counts (5)")
    args = parser.parse_args(argv)
    game = args.game
    rules = args.rules or GAMES[game].default_rules
    entry = GAMES[game]
    Replay = entry.module("replay").Replay

    t0 = time.perf_counter()
    blobs = build_corpus(game, rules, args.players, args.games, args.seed)
    simulated = time.perf_counter() - t0
    decoder = msgspec.json.Decoder(entry.module("events").LOG_TYPE)
    logs = [decoder.decode(b) for b in blobs]
    texts = [b.decode() for b in blobs]
    notation = entry.module("notation")
    written = [notation.format_log(log) for log in logs]
    actions = count_actions(game, logs)
    entries = count_entries(logs)
    unfinished = sum(1 for log in logs if is_unfinished(log))
    # every simulated game is legal: a finding of severity error means the benchmark is broken
    errors = sum(audit(log).errors for log in logs[:50])
    if errors:
        print(f"warning: {errors} errors in the first 50 simulated games", file=sys.stderr)

    def decode_only() -> None:
        for b in blobs:
            decoder.decode(b)

    def decode_audit() -> None:
        for b in blobs:
            audit(decoder.decode(b))

    def read_audit() -> None:
        for t in texts:
            audit(read_log(t))

    def text_audit() -> None:
        for t in written:
            audit(read_log(t))

    def replay_only() -> None:
        for log in logs:
            Replay(log).run()

    # as `cartlog check` and its workers do before a long audit: what is alive now (imports,
    # and here the corpus, which check never holds) is set apart from the collector
    freeze_imports()
    stages = [  # (name, timed function, the form whose goal applies)
        ("(a) decode (msgspec, typed): the floor", decode_only, "json"),
        ("(b) decode + audit", decode_audit, "json"),
        ("(b') read_log + audit (the CLI's reader)", read_audit, "json"),
        ("(t) text log: read_log + audit", text_audit, "text"),
        ("(c) replay only (pre-decoded)", replay_only, "json"),
    ]
    results = [(name, best_of(args.repeats, fn), form) for name, fn, form in stages]
    goals = GOALS.get(game, {})

    size = sum(len(b) for b in blobs)
    print("## cartlog audit benchmark\n")
    print(f"- corpus: {args.games:,} {args.players}-player {entry.title} {rules} games, seeds "
          f"{args.seed}-{args.seed + args.games - 1}, every card known "
          f"({unfinished} unfinished); {actions:,} actions (as the replay counts them; "
          f"{actions / args.games:.0f} a game); {entries:,} log entries "
          f"({entries / args.games:.0f} a game); {size / 1e6:.1f} MB of JSON "
          f"(simulated in {simulated:.1f} s)")
    print(f"- machine: {cpu_model()}; Python {platform.python_version()} "
          f"({platform.python_implementation()}); msgspec {msgspec.__version__}; "
          f"cartlog {cartlog.__version__}, rule modules {build_kind(game)}; "
          f"{platform.system()} {platform.release()}")
    print(f"- one core, no multiprocessing; best of {args.repeats} runs per stage; the objects "
          "made before the timing set apart from the collector, as `cartlog check` does")
    print()
    floor = actions / results[0][1]
    print("| stage | time (s) | actions/s | log entries/s | games/s | µs per action | "
          "share of the decode floor | goal | vs goal |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for name, seconds, form in results:
        rate = actions / seconds
        goal = goals.get(form)
        versus = f"{goal:,} | {rate / goal:.2f}x" if goal else "- | -"
        print(f"| {name} | {seconds:.3f} | {rate:,.0f} | {entries / seconds:,.0f} | "
              f"{args.games / seconds:,.0f} | {1e6 / rate:.2f} | {rate / floor:.2f} | "
              f"{versus} |")
    if goals:
        print("\nGoals, one core: " + "; ".join(
            f"{goal:,} actions/s from {form}" for form, goal in goals.items()) + ".")
    else:
        print(f"\nNo throughput goal is set for {entry.title}.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
