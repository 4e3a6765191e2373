"""Seals on a decoded log of any game (see :mod:`cartlog.core.seal`).

A body line's seal is the last part of its comment: of the ``comment`` field of an event, or
of the ``text`` of a comment line. A line whose event holds no comment (a Cartagena ``row``,
``hand`` or ``pirates`` line) is followed by a comment line of its own seal,
``; seal of the line above; #sha256:HEX`` (``#hmac-sha256:HEX`` when sealed with a key). Lines are hashed in the canonical form the game's
``notation.format_event`` writes, the header in the form ``notation.format_log`` writes, with
no ``Seal`` tag.
"""

from __future__ import annotations

from typing import Any

import msgspec

from cartlog.core import seal as core
from cartlog.core.findings import Violation
from cartlog.games import game_of

SEAL_ABOVE = "seal of the line above"
_ABSENT = object()  # an event without a comment field


def _field(event: Any) -> str | None:
    fields = getattr(type(event), "__struct_fields__", ())
    if "comment" in fields:
        return "comment"
    if "text" in fields:
        return "text"
    return None


def can_hold(event: Any) -> bool:
    """Whether an event has a comment to carry its seal."""
    return _field(event) is not None


def is_seal_line(event: Any) -> bool:
    """Whether an event is a comment line holding the seal of the line above it."""
    if _field(event) != "text" or "comment" in getattr(type(event), "__struct_fields__", ()):
        return False
    bare, found = unseal(event)
    return found is not None and bare.text == SEAL_ABOVE


def unseal(event: Any) -> tuple[Any, str | None]:
    """The event without the seal at the end of its comment, and the seal (or ``None``)."""
    bare, found, _ = unseal_mark(event)
    return bare, found


def unseal_mark(event: Any) -> tuple[Any, str | None, bool]:
    """As :func:`unseal`, and whether the seal is a keyed one."""
    name = _field(event)
    if name is None:
        return event, None, False
    value = getattr(event, name)
    rest, found, keyed = core.split_mark(value)
    if found is None:
        return event, None, False
    if rest is None and name == "text":
        rest = ""
    return msgspec.structs.replace(event, **{name: rest}), found, keyed


def seal_event(event: Any, seal: str, keyed: bool = False) -> Any:
    """The event with ``seal`` at the end of its comment (an empty comment counts as none);
    ``keyed``: a keyed seal's mark."""
    name = _field(event)
    if name is None:
        raise ValueError(f"a {type(event).__name__} has no comment to hold a seal")
    return msgspec.structs.replace(event, **{name: core.add(getattr(event, name) or None,
                                                            seal, keyed)})


def header_text(log: Any) -> str:
    """The canonical text of a log's header, without its ``Seal`` tag."""
    tags = {k: v for k, v in log.tags.items() if k.lower() != core.TAG.lower()}
    bare = msgspec.structs.replace(log, events=[], tags=tags)
    return str(game_of(log).notation.format_log(bare))


def seal_tag(log: Any) -> str | None:
    """The value of a log's ``Seal`` tag, or ``None``."""
    return next((v for k, v in log.tags.items() if k.lower() == core.TAG.lower()), None)


def line_text(event: Any, log: Any) -> str:
    """The canonical text of a body line, as it is hashed (its seal left out)."""
    return str(game_of(log).notation.format_event(unseal(event)[0], log))


def remarks(events: list[Any]) -> list[tuple[int, Any, str]]:
    """The events that hold a comment (a ``comment`` field, or a comment line's ``text``):
    ``(index, event, comment)``, in one pass for every check that reads comments."""
    out: list[tuple[int, Any, str]] = []
    for i, ev in enumerate(events):
        text = getattr(ev, "comment", _ABSENT)
        if text is _ABSENT:  # a comment line, or a line that holds no comment
            text = getattr(ev, "text", None)
        if isinstance(text, str):  # else None: no comment
            out.append((i, ev, text))
    return out


def check(log: Any, source: str | None = None,
          remarked: list[tuple[int, Any, str]] | None = None, final: str | None = None,
          key: bytes | None = None) -> list[tuple[int | None, Violation]]:
    """Where a sealed log was changed: ``(index of the event, violation)``, ``None`` for the
    header; nothing for a log that is not sealed.

    ``source``: the JSON text the log was decoded from, when there is one. A JSON text with
    no ``#`` (the mark's first character) and no backslash holds no seal mark: every string
    decoded from it is a piece of it, as only an escape (``\\u0023``) writes a character
    that is not there itself. ``remarked``: the log's :func:`remarks`, when already known.
    ``final``: the seal the log must end with (``check --seal``); ``key``: the key it must be
    sealed with (``check --key``)."""
    tag = seal_tag(log)
    if final is not None or key is not None:
        return core.check(tag, header_text(log), _lines(log), final, key)
    if (tag is None and source is not None and core.MARK[0] not in source
            and "\\" not in source):
        return []  # not sealed, and no comment can hold a seal mark
    if tag is None:
        marks = (core.MARK, core.KEYED_MARK)
        if not any(mark in text for _, _, text in
                   (remarks(log.events) if remarked is None else remarked) for mark in marks):
            return []  # not sealed: the audit's usual case costs one pass over the comments
    return core.check(tag, header_text(log), _lines(log))


def _lines(log: Any) -> list[core.Line]:
    """The body lines as the seal check sees them (a line with no comment of its own takes
    the seal of the comment line after it)."""
    notation = game_of(log).notation
    lines = []
    events = log.events
    i = 0
    while i < len(events):
        bare, found, keyed = unseal_mark(events[i])
        if not can_hold(bare) and i + 1 < len(events) and is_seal_line(events[i + 1]):
            _, found, keyed = unseal_mark(events[i + 1])
            lines.append(core.Line(str(notation.format_event(bare, log)), found, i, keyed))
            i += 2
            continue
        lines.append(core.Line(str(notation.format_event(bare, log)), found, i, keyed))
        i += 1
    return lines


def final_seal(log: Any) -> str | None:
    """The last seal of a sealed log, or None (see :func:`cartlog.core.seal.final_seal`)."""
    return core.final_seal(seal_tag(log), _lines(log))
