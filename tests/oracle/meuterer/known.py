"""The classes of disagreement with cartlog that DISAGREEMENTS.md (beside this file) records,
where the rule texts side with the oracle. Each is recognised here so that the test skips
exactly those cases, naming the file; cartlog is to be fixed, then the class removed."""

from __future__ import annotations

DOC = "tests/oracle/meuterer/DISAGREEMENTS.md"


def codes_at(case, line: int | None) -> set[str]:
    return {f.code for f in case.errors if f.line == line}


def known_disagreement(case) -> str | None:
    """The name of the recorded class ``case`` belongs to, or None."""
    o = case.oracle
    if o.lawful or o.line is None:
        return None
    return None  # every class recorded so far is fixed (D1-D4)
