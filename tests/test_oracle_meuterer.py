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

import re
from pathlib import Path

import pytest

from tests.oracle.meuterer import run
from tests.oracle.meuterer.known import DOC, known_disagreement

ROOT = Path(__file__).resolve().parent.parent
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


def test_the_recorded_disagreements_still_stand() -> None:
    """Each example of DISAGREEMENTS.md is unlawful to the oracle and still one of its classes
    for cartlog; once cartlog is fixed, the class and its example are to be removed."""
    text = (ROOT / DOC).read_text(encoding="utf-8")
    examples = re.findall(r"```meuterer\n(.*?)```", text, re.S)
    for example in examples:
        case = run.check(example, "example")
        assert not case.oracle.lawful, example
        case.changed = case.oracle.line  # in D1-D3 the value changed is at the oracle's line
        case.known = known_disagreement(case)
        assert not case.agrees and case.known, f"cartlog now agrees: update {DOC}\n{case.show()}"


def test_the_fixed_disagreements_agree() -> None:
    """The examples of DISAGREEMENTS.md marked fixed: cartlog now finds the oracle's fault,
    at the oracle's line."""
    text = (ROOT / DOC).read_text(encoding="utf-8")
    examples = re.findall(r"```meuterer-fixed\n(.*?)```", text, re.S)
    assert examples
    for example in examples:
        case = run.check(example, "example")
        assert not case.oracle.lawful, example
        case.changed = case.oracle.line
        assert case.agrees, case.show()
