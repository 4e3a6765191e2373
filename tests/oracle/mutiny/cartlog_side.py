"""cartlog's verdict on a text, through its public entry points only (no rule code)."""

from cartlog.audit import audit
from cartlog.core.errors import LogSyntaxError
from cartlog.logs import read_log


def cartlog_verdict(text):
    """Returns (line of cartlog's first error or None, its winners or None, the error codes).

    The winners are None when cartlog lists the winner as not checked (a seat's view where
    the tie-break needs cards the log does not know). A log the reader refuses is an error at
    the first line it names."""
    try:
        log = read_log(text)
    except LogSyntaxError as e:
        return min(p.line for p in e.problems), None, ["syntax"]
    report = audit(log, "oracle")
    # In replay order: the Result tag is held to the replay at the end (winner/differs sits
    # at the tag's line, above the body).
    errors = sorted((f.code == "winner/differs", f.line or 0, f.code)
                    for f in report.findings if f.severity == "error")
    winners = report.breakdown.winners if report.breakdown else None
    if any("winner" in u for u in report.unchecked):
        winners = None
    first = errors[0][1] if errors else None
    return first, winners, [c for _, _, c in errors]
