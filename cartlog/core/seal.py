"""Seals: tamper evidence for a recorded log, the same for every game.

A sealed log carries a ``[Seal "sha256 HEX"]`` tag, a digest of its header, and ends every body
line with a comment ``#sha256:HEX``: the first 16 hex digits of a SHA-256 over the seal before
it (the header's for the first line) and the line itself. Lines are hashed in their canonical
form (what ``cartlog convert`` writes), so spacing, case and the other spellings the reader
takes are not edits; anything that reads differently is.

Anyone can compute such a seal: it shows where a log was changed by hand after it was
recorded, not who recorded it. Lines cut from the end of a log leave no trace.

A log sealed with a key (``record --key FILE``) uses HMAC-SHA256 with that key instead: the
tag reads ``hmac-sha256 HEX key ID`` (``ID``: the first 8 hex digits of a digest of the key,
which says which key sealed it and nothing of the key itself) and the lines' marks
``#hmac-sha256:HEX``. Only the key's holder can seal such a log, or verify it.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from cartlog.core.findings import Violation
from cartlog.core.notation import join_comments

TAG = "Seal"
ALGORITHM = "sha256"
KEYED = "hmac-sha256"
MARK = f"#{ALGORITHM}:"
KEYED_MARK = f"#{KEYED}:"
DIGITS = 16
KEY_ID_DIGITS = 8
MIN_KEY = 16  # bytes: a key shorter than this is guessed
MAX_KEY = 4096  # bytes read from a key file
CODE = "seal/edited"
UNVERIFIED = "seal/unverified"

_SEAL_AT_END = re.compile(rf"(?:^|\s*;\s*)#({ALGORITHM}|{KEYED}):([0-9a-f]{{{DIGITS}}})\s*$")
_TAG_VALUE = re.compile(rf"^\s*({ALGORITHM}|{KEYED})\s+([0-9a-f]{{{DIGITS}}})"
                        rf"(?:\s+key\s+([0-9a-f]{{{KEY_ID_DIGITS}}}))?\s*$")


class Tag(NamedTuple):
    """What a ``Seal`` tag holds: the header's seal, and the key's id when it was sealed with
    a key (``None``: sealed without)."""

    seal: str
    key_id: str | None = None


def _digest(text: str, key: bytes | None) -> str:
    import hashlib  # only logs that carry a seal need it

    data = text.encode("utf-8")
    if key is None:
        return hashlib.sha256(data).hexdigest()[:DIGITS]
    import hmac

    return hmac.new(key, data, hashlib.sha256).hexdigest()[:DIGITS]


def key_id(key: bytes) -> str:
    """The id a keyed seal names its key by: a digest of it, which tells one key from another
    and gives nothing of the key away."""
    import hashlib

    return hashlib.sha256(b"cartlog key id\n" + key).hexdigest()[:KEY_ID_DIGITS]


def read_key(data: bytes) -> bytes:
    """A key from a key file's bytes: the file's text without the spaces and line ends around
    it. ``ValueError`` for a key too short to keep a guesser out."""
    key = data.strip()
    if len(key) < MIN_KEY:
        raise ValueError(f"a key of at least {MIN_KEY} characters is needed (this one has "
                         f"{len(key)}): make one with python3 -c \"import secrets; "
                         f"print(secrets.token_hex(32))\" > club.key")
    return key


def header_seal(header: str, key: bytes | None = None) -> str:
    """The seal of a header, from its canonical text (without the ``Seal`` tag)."""
    return _digest(f"cartlog seal 1\n{header}", key)


def line_seal(previous: str, line: str, key: bytes | None = None) -> str:
    """The seal of a body line: over the seal before it and the line's canonical text."""
    return _digest(f"{previous}\n{line}", key)


def tag_value(seal: str, key: bytes | None = None) -> str:
    """The value of the ``Seal`` tag for a header seal (with the key's id, when keyed)."""
    if key is None:
        return f"{ALGORITHM} {seal}"
    return f"{KEYED} {seal} key {key_id(key)}"


def read_tag(value: str | None) -> Tag | None:
    """What a ``Seal`` tag holds, or ``None`` when it holds no seal."""
    m = _TAG_VALUE.match(value or "")
    if m is None:
        return None
    if m.group(1) == KEYED:
        return Tag(m.group(2), m.group(3) or "")
    return Tag(m.group(2))


def add(comment: str | None, seal: str, keyed: bool = False) -> str:
    """A line's comment with its seal at the end."""
    return join_comments(comment, (KEYED_MARK if keyed else MARK) + seal)


def split_mark(comment: str | None) -> tuple[str | None, str | None, bool]:
    """A line's comment without its seal (``None`` when nothing else is left), the seal
    (``None`` when the comment ends with none), and whether it is a keyed one
    (``#hmac-sha256:``)."""
    if not comment:
        return comment, None, False
    m = _SEAL_AT_END.search(comment)
    if m is None:
        return comment, None, False
    rest = comment[:m.start()]
    return (rest if rest else None), m.group(2), m.group(1) == KEYED


class Line(NamedTuple):
    """One body line as the seal check sees it: its canonical text without the seal, the seal
    it carries (``None``: none), where it stands (an index the caller gives meaning), and
    whether its mark is a keyed seal's."""

    text: str
    seal: str | None
    where: int
    keyed: bool = False


def check(tag: str | None, header: str, lines: list[Line], final: str | None = None,
          key: bytes | None = None) -> list[tuple[int | None, Violation]]:
    """Where a log was changed after it was sealed: ``(where, violation)`` pairs, ``where``
    ``None`` for the header. ``tag``: the ``Seal`` tag's value (``None``: no tag); ``header``:
    the header's canonical text; ``final``: the last seal the log must end with (written on
    the score sheet when it was recorded, ``check --seal``); ``key``: the key it must be
    sealed with (``check --key``). A log with no tag and no sealed line is not sealed:
    nothing to check, unless a final seal or a key is given. Each line is checked against the
    seal written on the line before it, so a change shows at the line changed (or just after
    a line removed), not on every line after. No finding says what seal a changed line would
    need: that would tell how to forge it. A log sealed with a key, checked without it, is
    one warning (``seal/unverified``): nothing else can be told of it but its final seal.
    """
    if tag is None and all(line.seal is None for line in lines):
        if final is None and key is None:
            return []
        given = "a key" if key is not None else "a final seal"
        return [(None, Violation(CODE, f"the log carries no seal, though {given} was given "
                                 "to check it against: its seals were taken out, or it was "
                                 "never sealed", actual="no seal"))]
    read = read_tag(tag)
    keyed = (read.key_id is not None if read is not None
             else any(line.keyed for line in lines if line.seal is not None))
    if keyed and key is None:
        named = f" (key {read.key_id})" if read is not None and read.key_id else ""
        out: list[tuple[int | None, Violation]] = [(None, Violation(
            UNVERIFIED, f"the log is sealed with a key{named}: only the key's holder can "
            "verify it (cartlog check --key FILE); its seals were not checked"))]
        return out + _final_check(lines, final, _last_seal(read, lines))
    if keyed and key is not None and read is not None and read.key_id \
            and read.key_id != key_id(key):
        return [(None, Violation(
            CODE, f"the log was sealed with another key (key {read.key_id}), not with the key "
            f"given (key {key_id(key)}): it was sealed again by someone without the key, or "
            "the key given is not the one it was recorded with", expected=key_id(key),
            actual=read.key_id))]
    out = []
    if not keyed and key is not None:
        out.append((None, Violation(
            CODE, "the log is sealed without a key, though a key was given: anyone can "
            "compute such seals (it was recorded without --key, or changed and sealed "
            "again)", expected=KEYED, actual=ALGORITHM)))
    using = key if keyed else None
    expected_header = header_seal(header, using)
    if tag is None:
        out.append((None, Violation(CODE, "the log's lines are sealed but its Seal tag is "
                                    "gone: the header was changed after it was recorded",
                                    actual="no Seal tag")))
    elif read is None or read.seal != expected_header:
        out.append((None, Violation(CODE, "the header was changed after it was recorded")))
    previous = read.seal if read is not None else expected_header
    for line in lines:
        if line.seal is None:
            out.append((line.where, Violation(
                CODE, "a line without a seal in a sealed log: it was added after the log "
                "was recorded", actual="no seal")))
            continue
        if line.keyed != keyed or line.seal != line_seal(previous, line.text, using):
            out.append((line.where, Violation(
                CODE, "this line was changed after it was recorded, or a line just before it "
                "was removed")))
        previous = line.seal
    return out + _final_check(lines, final, previous)


def _final_check(lines: list[Line], final: str | None, last: str | None
                 ) -> list[tuple[int | None, Violation]]:
    """The log's last seal ``last`` against the final seal given (``check --seal``)."""
    if final is None or last == _final_value(final):
        return []
    return [(lines[-1].where if lines else None, Violation(
        CODE, "the log does not end with the final seal given: lines were cut from its "
        "end or added after it, or it is another log", expected=_final_value(final),
        actual=last))]


def _final_value(final: str) -> str:
    """A final seal as given: its digits, with or without ``sha256`` (``hmac-sha256``) or
    the line mark."""
    text = final.strip().lower()
    for prefix in (KEYED_MARK, MARK, KEYED + ":", KEYED + " ", ALGORITHM + ":",
                   ALGORITHM + " ", "#"):
        text = text.removeprefix(prefix).strip()
    return text


def _last_seal(read: Tag | None, lines: list[Line]) -> str | None:
    last = next((line.seal for line in reversed(lines) if line.seal is not None), None)
    if last is not None:
        return last
    return read.seal if read is not None else None


def final_seal(tag: str | None, lines: list[Line]) -> str | None:
    """The last seal of a sealed log (its last sealed line's, or its header's): what
    ``record --hash`` prints at the end, for ``check --seal``; None when it is not sealed."""
    return _last_seal(read_tag(tag), lines)
