"""Plays many oracle games, makes one-fault mutants of each and compares the oracle's verdict
with cartlog's.

    python -m tests.oracle.mutiny.run --games 3000 --mutants 10

Prints the figures (games, mutants, lawful/unlawful, agreement, faults located at their line)
and every disagreement with the log text and both verdicts."""

import argparse
import random

from .cartlog_side import cartlog_verdict
from .judge import verdict
from .mutate import mutants
from .play import play
from .text import write


def compare(seed, count):
    """Yields (kind, text, oracle verdict, cartlog verdict) for a game and its mutants; kind
    is 'game' or 'mutant'."""
    game = play(seed)
    text = write(game)
    yield "game", text, verdict(text), cartlog_verdict(text)
    seat = game["players"][seed % len(game["players"])]
    seat_text = write(game, seat)
    yield "seat", seat_text, (None, game["result"], ""), cartlog_verdict(seat_text)
    rng = random.Random(seed)
    for m in mutants(text, game["players"], rng, count):
        yield "mutant", m, verdict(m), cartlog_verdict(m)


# The classes where cartlog is wrong by the rule texts (DISAGREEMENTS.md), by the oracle's
# fault: set aside until cartlog is fixed.
KNOWN: dict[str, str] = {}


def known(ours):
    """The DISAGREEMENTS.md entry a mutant's fault belongs to, or None."""
    return KNOWN.get(ours[2])


def agrees(kind, ours, theirs):
    """(same lawfulness, same line) for one log."""
    line, result = ours[0], ours[1]
    cline, cresult, _ = theirs
    same = (line is None) == (cline is None)
    if same and line is None and cresult is not None and result is not None:
        same = sorted(cresult) == sorted(result)
    return same, same and line == cline


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--mutants", type=int, default=10)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--quiet", action="store_true", help="figures only")
    a = ap.parse_args(argv)
    n = {"games": 0, "seats": 0, "mutants": 0, "lawful": 0, "unlawful": 0, "agree": 0,
         "located": 0, "games clean": 0, "seats clean": 0, "incomplete": 0, "known": 0}
    differ = []
    for seed in range(a.seed, a.seed + a.games):
        for kind, text, ours, theirs in compare(seed, a.mutants):
            if ours[0] == "incomplete":
                n["incomplete"] += 1
                continue
            same, located = agrees(kind, ours, theirs)
            if kind in ("game", "seat"):
                n[kind + "s"] += 1
                n[kind + "s clean"] += same and located
            else:
                n["mutants"] += 1
                n["lawful" if ours[0] is None else "unlawful"] += 1
                n["agree"] += same
                n["located"] += located and ours[0] is not None
            if not located:
                differ.append((seed, kind, text, ours, theirs))
                n["known"] += kind == "mutant" and known(ours) is not None
    if not a.quiet:
        for seed, kind, text, ours, theirs in differ:
            entry = known(ours) if kind == "mutant" else None
            print(f"=== seed {seed} {kind}: oracle {ours}, cartlog {theirs}"
                  + (f" (DISAGREEMENTS.md {entry})" if entry else ""))
            print(text)
    print(f"games {n['games']} (clean and same winners: {n['games clean']}), "
          f"seat views {n['seats']} (clean: {n['seats clean']})")
    print(f"mutants left out (an effect left out, read by the notation as unseen cards or "
          f"an unknown choice): {n['incomplete']}")
    print(f"mutants {n['mutants']}: lawful {n['lawful']}, unlawful {n['unlawful']}; "
          f"agreement {n['agree']}/{n['mutants']}; "
          f"unlawful located at the oracle's line {n['located']}/{n['unlawful']}")
    print(f"disagreements {len(differ)}, of them in DISAGREEMENTS.md {n['known']}")
    return differ


if __name__ == "__main__":
    main()
