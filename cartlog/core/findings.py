"""Findings: what the auditor says about a log, one frozen record per problem.

A rule module reports a :class:`Violation` (what is wrong, in the rule's own terms); the auditor
wraps it into a :class:`Finding` with the context of the log: where it stands in the file, which
turn and action, which player, and the one-line position before the event.
"""

from __future__ import annotations

from typing import Literal, NamedTuple

import msgspec

Severity = Literal["error", "warning", "info"]

SEVERITY_ORDER: dict[str, int] = {"error": 0, "warning": 1, "info": 2}


class Violation(NamedTuple):
    """A rule broken by one event, as a rule function sees it (no log context)."""

    code: str
    message: str
    expected: str | None = None
    actual: str | None = None
    rule: str | None = None  # the clause this instance breaks, where its code names several
    # the seat whose cards, coins or conviction the rule judges, when it is not the line's
    # player (a gold count, a duel's card, a steal's victim): what a cause of it concerns
    seat: int | None = None


class Note(NamedTuple):
    """A violation placed in the log by a game's replay: where (line and column for text, JSON
    path), which turn or round and action, which seat, the one-line position before the event.
    ``follows``: the index in the replay's notes of a note this one only follows from, when
    the game itself knows (a running total carried from an earlier error). ``slip``: a
    finding read as a slip of the pen, whose repair the walk goes on from: it follows from no
    earlier finding and nothing later follows from it, save where the game links it."""

    violation: Violation
    line: int
    col: int
    end: int
    path: str
    turn: int | None
    action: int | None
    seat: int | None
    position: str | None
    condoned: bool = False
    follows: int | None = None
    slip: bool = False


class Finding(msgspec.Struct, frozen=True, omit_defaults=True, kw_only=True):
    """One problem found in a log, located and explained.

    ``follows`` is the index (in the report's finding list) of the finding that this one only
    follows from, the one made earlier in the game: fix it and this one may go away. Findings
    are listed in the order of the log's text, so a finding about a header tag (a recorded
    result) comes before the move it follows from. ``condoned`` marks a finding on an action
    the log says stood at the table although illegal.
    """

    code: str
    severity: Severity
    message: str
    rule: str = ""
    line: int | None = None
    col: int | None = None
    end_col: int | None = None
    path: str | None = None
    turn: int | None = None
    action: int | None = None
    player: str | None = None
    expected: str | None = None
    actual: str | None = None
    position: str | None = None
    condoned: bool = False
    follows: int | None = None


class Code(msgspec.Struct, frozen=True, kw_only=True):
    """A finding code: stable name, default severity, one-line summary and the rule it enforces."""

    code: str
    severity: Severity
    summary: str
    rule: str
    explanation: str = ""


def in_source_order(findings: list[Finding]) -> tuple[list[Finding], list[int] | None]:
    """``findings`` sorted by line and column, ``follows`` renumbered, and the new index of
    each old one (``None`` when the order is unchanged). Stable: findings at one place keep
    the order the replay met them in; findings with no line (a JSON log whose text is not at
    hand) keep theirs, ahead of the rest."""
    order = sorted(range(len(findings)),
                   key=lambda i: (findings[i].line or 0, findings[i].col or 0))
    if all(i == k for k, i in enumerate(order)):
        return findings, None
    new_index = [0] * len(findings)
    for new, old in enumerate(order):
        new_index[old] = new
    out = []
    for i in order:
        f = findings[i]
        if f.follows is not None:
            f = msgspec.structs.replace(f, follows=new_index[f.follows])
        out.append(f)
    return out, new_index


def first_findings(findings: list[Finding], most: int) -> list[Finding]:
    """The first ``most`` findings, which a report lists (docs/cli.md, "Limits"); a finding
    that follows from one left out stands alone (``follows`` dropped)."""
    if len(findings) <= most:
        return findings
    return [f if f.follows is None or f.follows < most
            else msgspec.structs.replace(f, follows=None) for f in findings[:most]]
