"""The documents that ``--format json`` writes (see ``schemas/report.schema.json``)."""

from __future__ import annotations

import msgspec

from cartlog import __version__
from cartlog.core.errors import LogSyntaxError


class Problem(msgspec.Struct):
    line: int
    col: int
    message: str
    expected: str | None = None


class Unreadable(msgspec.Struct):
    file: str
    problems: list[Problem]


def unreadable_of(err: LogSyntaxError) -> Unreadable:
    return Unreadable(err.path, [Problem(p.line, p.col, p.message, p.expected)
                                 for p in err.problems])


def check_document(reports: list, unreadable: list[LogSyntaxError]) -> dict:
    """``cartlog check --format json``: a report per readable log, the unreadable ones, totals."""
    return {
        "cartlog": __version__,
        "reports": reports,
        "unreadable": [unreadable_of(e) for e in unreadable],
        "summary": {
            "logs": len(reports) + len(unreadable),
            "clean": sum(1 for r in reports if not r.errors),
            "with_errors": sum(1 for r in reports if r.errors),
            "unreadable": len(unreadable),
        },
    }


def replay_document(report, frames: list, start: int | None, end: int | None) -> dict:
    """``cartlog replay --format json``: the frames of the chosen turns and the findings."""
    chosen = [f for f in frames
              if f.turn is None or ((start is None or f.turn >= start)
                                    and (end is None or f.turn <= end))]
    return {"cartlog": __version__, "file": report.file, "game": report.game,
            "rules": report.rules, "frames": chosen, "findings": report.findings}


def score_document(report) -> dict:
    """``cartlog score --format json``: the breakdown and the finding counts."""
    return {"cartlog": __version__, "file": report.file, "game": report.game,
            "rules": report.rules, "breakdown": report.breakdown, "errors": report.errors,
            "warnings": report.warnings}
