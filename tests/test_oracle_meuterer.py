"""cartlog against a second, independent reading of the rules of Meuterer (tests/oracle/meuterer):

- every oracle game, in the table's view and in one seat's view, audits with no error and with
  the oracle's winners;
- for every one-fault mutant of those games, cartlog reports an error exactly when the oracle's
  judge finds the mutant unlawful, and its first error stands at the judge's line (or at the
  changed value, when the lines after it show it to be a slip of the pen).

The classes of disagreement recorded in tests/oracle/meuterer/DISAGREEMENTS.md are skipped,
each with its name. More games: ``python -m tests.oracle.meuterer.run --games 3000``.
"""

from __future__ import annotations

import pytest

from tests.oracle.meuterer import run
from tests.oracle.meuterer.known import DOC

SEEDS = range(150)
MUTANTS = 8


@pytest.mark.parametrize("seed", SEEDS)
def test_oracle_games_and_mutants(seed: int) -> None:
    games, mutants = run.game_cases(seed, MUTANTS)
    for case in games:
        assert case.agrees, case.show()
    known = []
    for case in mutants:
        if case.agrees:
            continue
        assert case.known, case.show()
        known.append(case.known)
    if known:
        pytest.skip(f"{DOC}: {', '.join(sorted(set(known)))}")


def test_the_mutants_cover_every_kind_of_value() -> None:
    """The mutants of the test's games change every kind of value, and both verdicts occur."""
    kinds, verdicts = set(), set()
    for seed in SEEDS[:40]:
        for case in run.game_cases(seed, MUTANTS)[1]:
            kinds.add(case.what.split(" mutant ")[1].split(" ")[0])
            verdicts.add(case.oracle.lawful)
    assert verdicts == {True, False}
    assert len(kinds) >= 18, kinds
