"""Finding codes common to every game: what the audit says about a log as a file, whatever
the game it records. Each game's own codes are in its package (``codes.py``); a common code is
spelt like no game's code.
"""

from __future__ import annotations

from cartlog.core.findings import Code

CODES: dict[str, Code] = {
    c.code: c
    for c in (
        Code(code="seal/edited", severity="error", rule="docs/cli.md#sealed-logs",
             summary="a sealed log was changed after it was recorded: a line or the header "
             "no longer matches its seal, or a line has none",
             explanation="`cartlog record --hash` seals the header and every line it writes "
             "with a running SHA-256, or with HMAC-SHA256 and a key with `--key` (see "
             "docs/cli.md). The finding stands at the line that no longer matches (or just "
             "after a line removed), or at the header. With `check --key`, a log sealed with "
             "another key, sealed without one, or carrying no seal is one too."),
        Code(code="seal/unverified", severity="warning", rule="docs/cli.md#sealed-logs",
             summary="the log is sealed with a key, and no key was given to verify it: its "
             "seals were not checked",
             explanation="A log recorded with `cartlog record --key FILE` is sealed with "
             "HMAC-SHA256 and that key: only the key's holder can compute its seals, so only "
             "`cartlog check --key FILE` can say whether it was changed. Its Seal tag names "
             "the key by an id that gives nothing of the key away."),
        Code(code="comment/entries", severity="warning", rule="docs/notation.md#comment-lines",
             summary="the comment after a `;` reads as more of its line (actions, plays or "
             "entries): they were not read as play",
             explanation="A `;` starts a comment in every game's notation, so `1. red S0-1; "
             "S0-8` holds one action and the comment `S0-8`. Separate actions and entries as "
             "the notation does (spaces, or commas in Meuterer's lines), or mark a comment "
             "that only names a line, such as an alternative, with words."),
    )
}

# None of them follows from another finding, nor does anything follow from them.
CONSEQUENCES: frozenset[str] = frozenset()
TABLE_WIDE: frozenset[str] = frozenset()
RECORD_ONLY = frozenset(CODES)

FAMILIES: dict[str, tuple[str, str]] = {
    "seal": ("Seals", "Tamper evidence: the seals `cartlog record --hash` writes on a log's "
             "header and on every line."),
    "comment": ("Comments", "What a comment may hide: play written after a `;`."),
}
