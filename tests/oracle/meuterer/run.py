"""Plays oracle games, makes one-fault mutants of them, and compares the oracle's verdicts with
cartlog's: ``python -m tests.oracle.meuterer.run --games 3000 --mutants 10``.

For each game (table view, and one seat's view): cartlog must find no error and the oracle's
winners. For each mutant: cartlog must report an error iff the oracle's judge finds the mutant
unlawful, and its first error (the ``Result`` tag counting last, as it is judged after the
body) must stand at the judge's line.
"""

from __future__ import annotations

import argparse
import random
from collections import Counter
from dataclasses import dataclass

from cartlog.audit import audit
from cartlog.core.errors import LogSyntaxError
from cartlog.logs import read_log
from tests.oracle.meuterer import judge, mutate, play, write
from tests.oracle.meuterer.known import known_disagreement


@dataclass
class Case:
    """One log checked by both: the oracle's verdict and cartlog's."""

    text: str
    what: str
    oracle: judge.Verdict
    errors: list
    first: int | None
    winners: list[str]
    changed: int | None = None
    known: str | None = None

    @property
    def located(self) -> str | None:
        """Where cartlog puts the fault the oracle finds: at the oracle's line ("first"); at
        the value that was changed, earlier, which the lines after it show to be a slip of the
        pen ("changed"); or at another value that cartlog reads as the slip, naming the value
        meant, when the log with that value is lawful to the oracle ("slip": the mutant has
        two one-value explanations; docs/rules.md, "Slips of the pen (Meuterer)")."""
        if self.oracle.lawful or not self.errors:
            return None
        if self.first == self.oracle.line:
            return "first"
        if self.changed is not None and self.first == self.changed < (self.oracle.line or 0):
            return "changed"
        if self.first is not None and self.first < (self.oracle.line or 0) and self.slip_holds():
            return "slip"
        return None

    def slip_holds(self) -> bool:
        """cartlog's first finding names the value meant: with it written, is the log lawful?"""
        lines = self.text.splitlines()
        for f in self.errors:
            if f.line != self.first or not f.expected or not f.col or not f.end_col:
                continue
            line = lines[f.line - 1]
            span = line[f.col - 1:f.end_col - 1]
            words = span.split()
            if not words or not words[-1].lstrip("-").isdigit():
                continue
            words[-1] = f.expected
            fixed = lines[:f.line - 1] + [line[:f.col - 1] + " ".join(words) + line[f.end_col - 1:]]
            try:
                verdict = judge.judge("\n".join(fixed + lines[f.line:]) + "\n")
            except (ValueError, LookupError):  # the value named makes a line the oracle
                continue  # cannot read: not a lawful log
            if verdict.lawful:
                return True
        return False

    @property
    def agrees(self) -> bool:
        if self.oracle.lawful:
            return not self.errors and sorted(self.winners) == sorted(self.oracle.winners)
        return self.located is not None

    def show(self) -> str:
        o = self.oracle
        mine = "lawful" if o.lawful else f"unlawful at line {o.line}: {o.reason}"
        theirs = "\n".join(f"  {f.line}: {f.code} {f.message}" for f in self.errors) or "  clean"
        return (f"--- {self.what}\noracle: {mine}\ncartlog (winners {self.winners}):\n{theirs}\n"
                f"{self.text}")


def cartlog_verdict(text: str) -> tuple[list, int | None, list[str]]:
    """cartlog's error findings, the line of the first (the Result tag last), its winners."""
    report = audit(read_log(text), "oracle.cartlog")
    errors = [f for f in report.findings if f.severity == "error"]
    result_line = next((n for n, line in enumerate(text.splitlines(), 1)
                        if line.startswith("[Result ")), None)
    lines = [f.line for f in errors if f.line is not None]
    first = min(lines, key=lambda n: (n == result_line, n)) if lines else None
    return errors, first, list(report.breakdown.winners)


def changed_line(text: str, original: str) -> int | None:
    """The line a mutant changed (the Result tag counting after the body, as it is judged)."""
    for n, (a, b) in enumerate(zip(text.splitlines(), original.splitlines()), 1):
        if a != b:
            return n
    return None


def check(text: str, what: str, original: str | None = None) -> Case:
    errors, first, winners = cartlog_verdict(text)
    case = Case(text, what, judge.judge(text), errors, first, winners)
    if original is not None:
        case.changed = changed_line(text, original)
    if not case.agrees:
        case.known = known_disagreement(case)
    return case


def readable(text: str) -> bool:
    """The notation accepts the text (a mutant must stay a log)."""
    try:
        read_log(text)
    except LogSyntaxError:
        return False
    return True


def views(record: dict, seed: int) -> list[str]:
    return [write.TABLE, record["seats"][seed % len(record["seats"])]]


def game_cases(seed: int, mutants: int) -> tuple[list[Case], list[Case]]:
    """The seed's game in both views, and its mutants: ``mutants`` in the table's view, half
    as many in the seat's view."""
    record = play.play_game(seed)
    seen = views(record, seed)
    games = [check(write.write(record, v), f"game {seed} {v}") for v in seen]
    rng = random.Random(seed * 7919 + 1)
    cases: list[Case] = []
    for view, game, count, kinds in [(seen[0], games[0], mutants, mutate.KINDS),
                                     (seen[1], games[1], mutants // 2, mutate.SEAT_KINDS)]:
        made_here = 0
        for _ in range(count * 5):
            if made_here == count:
                break
            made = mutate.mutate(record, rng, kinds)
            if made is None:
                continue
            mutant, what = made
            text = write.write(mutant, view)
            if text == game.text or not readable(text):
                continue  # the same log, or one the notation does not accept
            cases.append(check(text, f"game {seed} {view} mutant {what}", game.text))
            made_here += 1
    return games, cases


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--mutants", type=int, default=10)
    parser.add_argument("--first-seed", type=int, default=0)
    args = parser.parse_args(argv)
    figures: Counter[str] = Counter()
    shown = 0
    for seed in range(args.first_seed, args.first_seed + args.games):
        games, cases = game_cases(seed, args.mutants)
        for case in games + cases:
            kind = "logs" if case in games else "mutants"
            figures[kind] += 1
            if kind == "mutants":
                figures["lawful" if case.oracle.lawful else "unlawful"] += 1
                if case.located:
                    figures[f"located: {case.located}"] += 1
            if case.agrees:
                figures[f"{kind} agreeing"] += 1
            elif case.known:
                figures[f"{kind} known: {case.known}"] += 1
            else:
                figures[f"{kind} disagreeing"] += 1
                if shown < 20:
                    print(case.show())
                shown += 1
    print(f"games {args.games}")
    for key in sorted(figures):
        print(f"{key}: {figures[key]}")
    return 1 if shown else 0


if __name__ == "__main__":
    raise SystemExit(main())
