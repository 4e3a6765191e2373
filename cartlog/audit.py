"""The audit: replay a log through its game's rules and report every finding.

One entry point, :func:`audit`, for every game. It turns the game's located violations into
:class:`~cartlog.core.findings.Finding` records, links findings that may only follow from an
earlier error, and gathers what the log did not let it check.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Generic, TypeVar

import msgspec

from cartlog.core import codes as common_codes
from cartlog.core.findings import Finding, first_findings, in_source_order
from cartlog.core.limits import max_findings as findings_limit
from cartlog.core.spec import Walked
from cartlog.core.walk import GameLog, Located
from cartlog.games import game_of, seals
from cartlog.logs import place_of_path

B = TypeVar("B")  # the game's final breakdown


class Report(msgspec.Struct, Generic[B], kw_only=True, omit_defaults=True):
    """What ``cartlog check --format json`` writes for one log (schema: report.schema.json).

    ``findings`` lists the first findings in the log's order, at most ``CARTLOG_MAX_FINDINGS``
    (:data:`~cartlog.core.limits.MAX_FINDINGS`); ``more_findings`` counts the rest, written
    only when there are some. The counts (``errors``...) count every finding (docs/cli.md,
    "Limits")."""

    file: str
    game: str
    rules: str
    findings: list[Finding]
    errors: int
    warnings: int
    infos: int
    condoned: int
    unchecked: list[str]
    breakdown: B  # the game's breakdown Struct, tagged by game
    more_findings: int = 0  # findings past the limit, not listed
    seal: str = ""  # "verified": the log is sealed and no line nor its header was changed

    @property
    def clean(self) -> bool:
        return self.errors == 0


def audit(log: GameLog, path: str = "<log>", *, stop_at_first: bool = False,
          text: str | None = None, max_findings: int | None = None,
          seal: str | None = None, key: bytes | None = None) -> Report[Any]:
    """Audit a decoded log of any game. ``text``: the JSON the log was read from, to give its
    findings a line and column beside their JSON path; ``max_findings``: the findings listed
    (default: ``CARTLOG_MAX_FINDINGS``, :func:`~cartlog.core.limits.max_findings`), the
    only ones the replay gives a position; ``seal``: the seal the log must end with
    (``check --seal``: lines cut from its end, or its seals taken out, are ``seal/edited``); ``key``: the key
    it must be sealed with (``check --key``)."""
    most = findings_limit() if max_findings is None else max_findings
    entry = game_of(log)
    replay = entry.walker.Replay(log, stop_at_first=stop_at_first,
                                           positions=most).run()
    return report_of(replay, path, text=text, max_findings=most, seal=seal, key=key)


def replay_report(log: GameLog, path: str = "<log>", *, text: str | None = None,
                  in_progress: bool = False) -> tuple[Report[Any], list[Any]]:
    """Replay a decoded log keeping a frame per step (``cartlog replay``): the report and the
    frames, whose finding indices are the report's. ``in_progress``: a log still being
    recorded, whose last turn or round its next lines go on with (``cartlog record``)."""
    replay, frames = game_of(log).walker.record(log, in_progress=in_progress)
    report, new_index = _report(replay, path, text, findings_limit())
    listed = len(report.findings)
    if new_index is not None or report.more_findings:
        frames = [msgspec.structs.replace(f, findings=sorted(
            j for j in (i if new_index is None else new_index[i] for i in f.findings)
            if j < listed)) if f.findings else f for f in frames]
    return report, frames


def view_label(view: str) -> str:
    """How a view of a game is named: ``the table's view``, ``red's view``."""
    return "the table's view" if view == "table" else f"{view}'s view"


def seat_views(log: GameLog, path: str = "<log>"
               ) -> Iterator[tuple[str, GameLog, Report[Any], list[Any]]]:
    """The table's view and each seat's of a log that knows more than they did: ``(view,
    the log redacted to it, its report, its frames)``, each replayed on its own, each that
    differs from the log and from the views before it (a game that hides nothing has none)."""
    entry = game_of(log)
    seen = [log]
    for view in ["table", *dict.fromkeys(p.colour for p in log.players)]:
        redacted = entry.redact(log, view)
        if redacted is None or any(redacted == other for other in seen):
            continue
        seen.append(redacted)
        report, frames = replay_report(redacted, path)
        yield view, redacted, report, frames


def report_of(replay: Walked, path: str, *, text: str | None = None,
              max_findings: int | None = None, seal: str | None = None,
              key: bytes | None = None) -> Report[Any]:
    """Build the report of a finished :class:`Replay` (also used by ``replay`` and ``score``):
    the findings in the order of the log's text (see :func:`in_source_order`), the first
    ``max_findings`` of them (default: ``CARTLOG_MAX_FINDINGS``); ``text``, the JSON of a
    JSON log, places each finding at the value its path names."""
    most = findings_limit() if max_findings is None else max_findings
    return _report(replay, path, text, most, seal, key)[0]


def _report(replay: Walked, path: str, text: str | None, most: int, seal: str | None = None,
            key: bytes | None = None) -> tuple[Report[Any], list[int] | None]:
    entry = game_of(replay.log)
    codes = entry.codes
    table = codes.CODES
    findings: list[Finding] = []
    first_error_of: dict[int | None, int] = {}
    first_error: int | None = None
    for note in replay.notes:
        v = note.violation
        info = table[v.code]
        follows = note.follows  # a game may link a note itself
        if (follows is None and v.code in codes.CONSEQUENCES and info.severity == "error"
                and not note.slip):  # a slip of the pen read follows from nothing
            if v.code in codes.TABLE_WIDE:
                follows = first_error
            else:
                follows = first_error_of.get(note.seat)
        colour = (replay.colours[note.seat]
                  if note.seat is not None and note.seat < len(replay.colours) else None)
        f = Finding(
            code=v.code, severity=info.severity, message=v.message, rule=v.rule or info.rule,
            line=note.line or None, col=note.col or None, end_col=note.end or None,
            path=note.path, turn=note.turn, action=note.action, player=colour,
            expected=v.expected, actual=v.actual, position=note.position,
            condoned=note.condoned, follows=follows)
        if (info.severity == "error" and not note.condoned and follows is None
                and not note.slip and v.code not in codes.RECORD_ONLY):
            index = len(findings)
            if first_error is None:
                first_error = index
            first_error_of.setdefault(note.seat, index)
        findings.append(f)
    remarked = seals.remarks(replay.log.events)
    sealing = _seal_findings(replay.log, text, remarked, seal, key)
    findings += sealing
    verified = "verified" if not sealing and seals.seal_tag(replay.log) is not None else ""
    if remarked:
        findings += _comment_findings(replay.log, remarked)
    if text is not None and any(f.line is None and f.path for f in findings):
        findings = _placed(findings, text)
    findings, new_index = in_source_order(findings)
    live = [f for f in findings if not f.condoned]
    report = Report(
        file=path, game=entry.name, rules=replay.rs.name, findings=first_findings(findings, most),
        errors=sum(1 for f in live if f.severity == "error"),
        warnings=sum(1 for f in live if f.severity == "warning"),
        infos=sum(1 for f in live if f.severity == "info"),
        condoned=len(findings) - len(live),
        unchecked=replay.unchecked,
        breakdown=entry.breakdown(replay),
        more_findings=max(0, len(findings) - most), seal=verified)
    return report, new_index


def _seal_findings(log: GameLog, text: str | None = None,
                   remarked: list[tuple[int, Any, str]] | None = None,
                   final: str | None = None, key: bytes | None = None) -> list[Finding]:
    """Where a sealed log was changed after it was recorded (``seal/edited``); ``text``, the
    JSON the log was read from, ``remarked`` its comments, ``final`` the seal it must end
    with, ``key`` the key it must be sealed with (see :func:`seals.check`)."""
    out = []
    for index, v in seals.check(log, text, remarked, final, key):
        info = common_codes.CODES[v.code]
        if index is None:  # the header's: at its Seal tag, where it has one
            span = log.spans.get("seal")  # the header's tag names, in small letters
            line = span[0] if span else (log.line or None)
            col = span[1] if span else (1 if line else None)
            end, path = (span[2] if span else None), "$.tags.Seal"
        else:
            ev = log.events[index]
            line, col = ev.line or None, ev.col or None
            end, path = ev.end or None, f"$.events[{index}]"
        out.append(Finding(code=v.code, severity=info.severity, message=v.message,
                           rule=v.rule or info.rule, line=line, col=col, end_col=end,
                           path=path, expected=v.expected, actual=v.actual))
    return out


def _comment_findings(log: GameLog, remarked: list[tuple[int, Any, str]]) -> list[Finding]:
    """Comments that read, whole, as more of their line (``comment/entries``): a ``;``
    written to separate actions or entries starts a comment and drops them. A comment is
    tried as a line of its own and after its line's keyword (Meuterer's ``sell``...).
    ``remarked``: the log's comments (:func:`seals.remarks`); a comment line's own text is
    not one of them."""
    from cartlog.core.errors import LogSyntaxError

    out: list[Finding] = []
    engine = None
    for index, ev, comment in remarked:
        if not comment or getattr(ev, "comment", None) is None:
            continue
        head = comment.split(";", 1)[0].strip()
        if not head or not head[0].isalnum() and head[0] not in "^?+-":
            continue
        if engine is None:
            try:
                engine = game_of(log).engine.start(log)
            except (LogSyntaxError, ValueError):  # a header the reader would refuse
                return out
        at: Located = ev
        tag = type(ev).__struct_config__.tag
        for line in (head, f"{tag} {head}" if isinstance(tag, str) else None):
            if line is None:
                continue
            try:
                read = engine.read(line)
            except (LogSyntaxError, ValueError):
                continue
            if read is None or type(read).__name__ == "Comment":
                continue
            info = common_codes.CODES["comment/entries"]
            out.append(Finding(
                code=info.code, severity=info.severity,
                message=f"the comment {head!r} reads as more of its line: a ';' starts a "
                "comment, so it was not read as play",
                rule=info.rule, line=at.line or None, col=at.col or None,
                end_col=at.end or None,
                path=f"$.events[{index}].comment",
                expected="entries separated as the notation does", actual=f"; {head}"))
            break
    return out


def _placed(findings: list[Finding], text: str) -> list[Finding]:
    """The findings of a JSON log with the line and column of the value each path names."""
    out = []
    for f in findings:
        place = place_of_path(text, f.path) if f.line is None and f.path else None
        if place is not None:
            line, col, end = place
            f = msgspec.structs.replace(f, line=line, col=col, end_col=end)
        out.append(f)
    return out
