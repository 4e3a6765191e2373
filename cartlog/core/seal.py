"""Seals: tamper evidence for a recorded log, the same for every game.

A sealed log carries a ``[Seal "sha256 HEX"]`` tag, a digest of its header, and ends every body
line with a comment ``#sha256:HEX``: the first 16 hex digits of a SHA-256 over the seal before
it (the header's for the first line) and the line itself. Lines are hashed in their canonical
form (what ``cartlog convert`` writes), so spacing, case and the other spellings the reader
takes are not edits; anything that reads differently is.

Anyone can compute a seal: it shows where a log was changed by hand after it was recorded,
not who recorded it. Lines cut from the end of a log leave no trace.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from cartlog.core.findings import Violation
from cartlog.core.notation import join_comments

TAG = "Seal"
ALGORITHM = "sha256"
MARK = f"#{ALGORITHM}:"
DIGITS = 16
CODE = "seal/edited"

_SEAL_AT_END = re.compile(rf"(?:^|\s*;\s*){MARK}([0-9a-f]{{{DIGITS}}})\s*$")
_TAG_VALUE = re.compile(rf"^\s*{ALGORITHM}\s+([0-9a-f]{{{DIGITS}}})\s*$")


def _digest(text: str) -> str:
    import hashlib  # only logs that carry a seal need it

    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:DIGITS]


def header_seal(header: str) -> str:
    """The seal of a header, from its canonical text (without the ``Seal`` tag)."""
    return _digest(f"cartlog seal 1\n{header}")


def line_seal(previous: str, line: str) -> str:
    """The seal of a body line: over the seal before it and the line's canonical text."""
    return _digest(f"{previous}\n{line}")


def tag_value(seal: str) -> str:
    """The value of the ``Seal`` tag for a header seal."""
    return f"{ALGORITHM} {seal}"


def read_tag(value: str | None) -> str | None:
    """The header seal a ``Seal`` tag holds, or ``None`` when it holds none."""
    m = _TAG_VALUE.match(value or "")
    return m.group(1) if m else None


def add(comment: str | None, seal: str) -> str:
    """A line's comment with its seal at the end."""
    return join_comments(comment, MARK + seal)


def split(comment: str | None) -> tuple[str | None, str | None]:
    """A line's comment without its seal (``None`` when nothing else is left), and the seal
    (``None`` when the comment ends with none)."""
    if not comment:
        return comment, None
    m = _SEAL_AT_END.search(comment)
    if m is None:
        return comment, None
    rest = comment[:m.start()]
    return (rest if rest else None), m.group(1)


class Line(NamedTuple):
    """One body line as the seal check sees it: its canonical text without the seal, the seal
    it carries (``None``: none), and where it stands (an index the caller gives meaning)."""

    text: str
    seal: str | None
    where: int


def check(tag: str | None, header: str, lines: list[Line], final: str | None = None
          ) -> list[tuple[int | None, Violation]]:
    """Where a log was changed after it was sealed: ``(where, violation)`` pairs, ``where``
    ``None`` for the header. ``tag``: the ``Seal`` tag's value (``None``: no tag); ``header``:
    the header's canonical text; ``final``: the last seal the log must end with (written on
    the score sheet when it was recorded, ``check --seal``). A log with no tag and no sealed
    line is not sealed: nothing to check, unless a final seal is given. Each line is checked
    against the seal written on the line before it, so a change shows at the line changed
    (or just after a line removed), not on every line after. No finding says what seal a
    changed line would need: that would tell how to forge it.
    """
    if tag is None and all(line.seal is None for line in lines):
        if final is None:
            return []
        return [(None, Violation(CODE, "the log carries no seal, though a final seal was "
                                 "given to check it against: its seals were taken out, or "
                                 "it was never sealed", actual="no seal"))]
    out: list[tuple[int | None, Violation]] = []
    expected_header = header_seal(header)
    recorded = read_tag(tag)
    if tag is None:
        out.append((None, Violation(CODE, "the log's lines are sealed but its Seal tag is "
                                    "gone: the header was changed after it was recorded",
                                    actual="no Seal tag")))
    elif recorded != expected_header:
        out.append((None, Violation(CODE, "the header was changed after it was recorded")))
    previous = recorded or expected_header
    for line in lines:
        if line.seal is None:
            out.append((line.where, Violation(
                CODE, "a line without a seal in a sealed log: it was added after the log "
                "was recorded", actual="no seal")))
            continue
        if line.seal != line_seal(previous, line.text):
            out.append((line.where, Violation(
                CODE, "this line was changed after it was recorded, or a line just before it "
                "was removed")))
        previous = line.seal
    if final is not None and previous != _final_value(final):
        out.append((lines[-1].where if lines else None, Violation(
            CODE, "the log does not end with the final seal given: lines were cut from its "
            "end or added after it, or it is another log", expected=_final_value(final),
            actual=previous)))
    return out


def _final_value(final: str) -> str:
    """A final seal as given: its digits, with or without ``sha256`` or the line mark."""
    text = final.strip().lower()
    for prefix in (MARK, ALGORITHM + ":", ALGORITHM + " ", "#"):
        text = text.removeprefix(prefix).strip()
    return text


def final_seal(tag: str | None, header: str, lines: list[Line]) -> str | None:
    """The last seal of a sealed log (its last sealed line's, or its header's): what
    ``record --hash`` prints at the end, for ``check --seal``; None when it is not sealed."""
    last = next((line.seal for line in reversed(lines) if line.seal is not None), None)
    if last is not None:
        return last
    return read_tag(tag)
