"""Pig's finding codes, each with the rule it enforces (``RULES.md``, P1-P5)."""

from __future__ import annotations

from cartlog.core.findings import Code

_RULES = "Pig rules (tests/plugin_game/RULES.md)"

CODES: dict[str, Code] = {
    c.code: c
    for c in (
        Code(code="roll/range", severity="error", rule=f"{_RULES} P2",
             summary="a roll that is not 1 to 6",
             explanation="one six-sided die is rolled: a roll outside 1-6 is a slip of the "
             "pen, and changes nothing"),
        Code(code="roll/after-one", severity="error", rule=f"{_RULES} P3",
             summary="a player plays on after rolling a 1",
             explanation="a 1 ends the turn at once; the turn's total is lost"),
        Code(code="play/out-of-turn", severity="error", rule=f"{_RULES} P1",
             summary="a roll or hold by a player whose turn it is not",
             explanation="the replay follows the log: the player who played takes the turn, "
             "with nothing rolled"),
        Code(code="hold/nothing", severity="error", rule=f"{_RULES} P4",
             summary="a hold before any roll of the turn"),
        Code(code="play/after-end", severity="error", rule=f"{_RULES} P5",
             summary="a roll or hold after a player reached the target",
             explanation="the game ends when a player's score reaches the target; a line "
             "after that changes nothing"),
        Code(code="target/unreached", severity="warning", rule=f"{_RULES} P5",
             summary="the log ends before any player reaches the target"),
        Code(code="target/result", severity="error", rule=f"{_RULES} P5",
             summary="the recorded result is not the replayed one"),
    )
}

CONSEQUENCES: frozenset[str] = frozenset({"target/result"})
TABLE_WIDE: frozenset[str] = frozenset({"target/result"})
RECORD_ONLY: frozenset[str] = frozenset({"target/result"})
