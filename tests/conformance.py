"""The audit held to the engine: what the audit places at each event of a log against what
``engine.check`` says there, for ``tests/test_audit_engine.py`` (the contract is in its
docstring and in docs/architecture.md, "The audit is the engine").

:func:`compare` walks a log twice: through the game's walker (the audit's notes, each at its
JSON path ``$.events[i]...``) and through a bare engine (``spec.engine.start(log)``, then for
every event ``check`` before ``apply``), and returns where the two disagree. :func:`mutants`
makes the deterministic one-value mutants of a log the test compares too.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any, NamedTuple

import msgspec

from cartlog.core.errors import LogSyntaxError
from cartlog.games import game_of

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = sorted(p for p in (ROOT / "samples").glob("*/*")
                 if p.is_file() and p.suffix in (".cartlog", ".json"))

_EVENT = re.compile(r"^\$\.events\[(\d+)\]")
# A slip of the pen read by the walker: the value the rest of the log fits, named in the
# finding's message ("...: did you mean red 2?"), unlike a suggestion for an unknown word,
# which stands in brackets ("(did you mean Tortuga?)").
_SLIP = re.compile(r"(?<!\()did you mean ")
# Fields that say where an event stands or what the log remarks, not what was played.
_PLACE = frozenset({"line", "col", "end", "comment", "condoned"})


class Disagreement(NamedTuple):
    """Where the audit and the engine differ: the unit compared (``event 12``, or for
    Meuterer's settlement ``round at events 4-11``), the engine's codes and the audit's."""

    unit: str
    engine: tuple[str, ...]
    audit: tuple[str, ...]


class Comparison(NamedTuple):
    """One log compared: the events compared (all of them, or those before the first slip
    reading) out of all, and the disagreements."""

    compared: int
    events: int
    slip: int | None  # the index of the first event with a slip reading, if any
    disagreements: list[Disagreement]


def compared_codes(spec) -> frozenset[str]:
    """The codes compared: every code of the game but those about the log rather than the
    play (``codes.RECORD_ONLY``: turn and round numbers, condoned marks, claims the log makes
    about itself, the result, an unfinished log, the score sheet). The common codes (seals,
    comments) are the report's, never a walker's note."""
    codes = spec.codes
    return frozenset(c for c in codes.CODES if c not in codes.RECORD_ONLY)


def _index(path: str | None) -> int | None:
    m = _EVENT.match(path or "")
    return int(m.group(1)) if m else None


def audit_notes(log) -> list[Any]:
    """The walker's notes of ``log`` (what the audit reports, before the report adds the
    common codes)."""
    return game_of(log).walker.Replay(log, positions=0).run().notes


def compare(log) -> Comparison:
    """Where the audit's codes at each event of ``log`` differ from ``engine.check``'s
    there (see tests/test_audit_engine.py for the contract)."""
    spec = game_of(log)
    keep = compared_codes(spec)
    notes = audit_notes(log)
    audit: dict[int, list[str]] = {}
    slip: int | None = None
    for note in notes:
        i = _index(note.path)
        if i is None:
            continue
        if _SLIP.search(note.violation.message):
            slip = i if slip is None else min(slip, i)
        if note.violation.code in keep:
            audit.setdefault(i, []).append(note.violation.code)
    events = list(log.events)
    stop = len(events) if slip is None else slip
    if spec.name == "meuterer":
        found, compared = _by_round(spec, log, events, audit, keep, stop)
    else:
        found, compared = _by_event(spec, log, events, audit, keep, stop)
    return Comparison(compared, len(events), slip, found)


def _by_event(spec, log, events, audit, keep, stop) -> tuple[list[Disagreement], int]:
    """Cartagena and the Mutiny: event by event, the same codes, as many times each."""
    engine = spec.engine.start(log)
    out = []
    for i, ev in enumerate(events[:stop]):
        mine = sorted(v.code for v in engine.check(ev) if v.code in keep)
        theirs = sorted(audit.get(i, []))
        if mine != theirs:
            out.append(Disagreement(f"event {i}", tuple(mine), tuple(theirs)))
        engine.apply(ev)
    return out, stop


def _by_round(spec, log, events, audit, keep, stop) -> tuple[list[Disagreement], int]:
    """Meuterer, round by round (a round: the lines from its round line to the next; the
    lines after the last round's total line, past the end of the game, make one more). The
    engine's settling of a round is its close, when the next round line, the last total line
    or the end of the log comes: ``settled``, the notes it places.

    - At a line of phases 1-2 (the round line, the wage, a sell line), the audit's codes are
      ``check``'s there and those the settling places there (``sell/no-pass`` at the last
      sell line, ``sell/missing`` at the round line...), as many times each.
    - Over the lines of phases 3-8 (destinations, mutiny, sales, score sheet, refill), which
      ``check`` judges by settling the round so far on a copy, the audit's codes are those
      ``check`` gives at them together with those the settling places at them, as sets."""
    from cartlog.games.meuterer.events import Round, Sell, Wage

    early = (Round, Sell, Wage)
    engine = spec.engine.start(log)
    out: list[Disagreement] = []
    first = 0  # the round's first event
    said: dict[int, list[str]] = {}  # what check() gave at each of the round's lines

    def settle(upto: int, settled: list[Any]) -> None:
        """Compare the round of events ``first..upto-1``."""
        placed: dict[int, list[str]] = {}
        for n in settled:
            i = _index(n.path)
            if i is not None and first <= i < upto and n.violation.code in keep:
                placed.setdefault(i, []).append(n.violation.code)
        mine: set[str] = set()
        theirs: set[str] = set()
        for i in range(first, upto):
            if type(events[i]) in early:
                want = sorted(said.get(i, []) + placed.get(i, []))
                got = sorted(audit.get(i, []))
                if want != got:
                    out.append(Disagreement(f"event {i}", tuple(want), tuple(got)))
            else:
                mine.update(said.get(i, []))
                mine.update(placed.get(i, []))
                theirs.update(audit.get(i, []))
        if mine != theirs:
            out.append(Disagreement(f"settlement of the round at events {first}-{upto - 1}",
                                    tuple(sorted(mine)), tuple(sorted(theirs))))

    for i, ev in enumerate(events[:stop]):
        mine = [v.code for v in engine.check(ev) if v.code in keep]
        before = len(engine.notes)
        was_open = engine.state.open is not None
        engine.apply(ev)
        if type(ev) is Round and i > first:  # the round before it is settled
            settle(i, engine.notes[before:])
            first, said = i, {}
        said[i] = mine
        if type(ev) is not Round and was_open and engine.state.open is None:
            settle(i + 1, engine.notes[before:])  # the last total line ends the game (U1)
            first, said = i + 1, {}
    compared = first
    if stop == len(events) and first < len(events):
        before = len(engine.notes)
        engine.close()
        settle(len(events), engine.notes[before:])
        compared = len(events)
    return out, compared


# -- mutants -----------------------------------------------------------------------------------


def _items(ev) -> Iterator[tuple[str | None, int | None, Any]]:
    """An event's Structs: itself (``None, None``), and each entry of its lists of Structs
    (the field and the index)."""
    yield None, None, ev
    for f in ev.__struct_fields__:
        value = getattr(ev, f)
        if isinstance(value, list):
            for j, item in enumerate(value):
                if isinstance(item, msgspec.Struct):
                    yield f, j, item


def _vocabulary(log) -> dict[str, list[Any]]:
    """Every value each field name takes in the log's events, in the order met."""
    seen: dict[str, list[Any]] = {}
    for ev in log.events:
        for _, _, item in _items(ev):
            for f in item.__struct_fields__:
                value = getattr(item, f)
                if f in _PLACE or isinstance(value, (list, dict, msgspec.Struct)):
                    continue
                known = seen.setdefault(f, [])
                if value not in known:
                    known.append(value)
    return seen


def _other(value: Any, known: list[Any], rng: random.Random) -> Any:
    """Another value for a field: a number one off, else another value the log gives the
    field, else a flipped flag."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return max(0, value + rng.choice((-1, 1)))
    others = [v for v in known if v != value and v is not None]
    return rng.choice(others) if others else value


def mutant(log, rng: random.Random):
    """``log`` with one value changed (a destination, a count, a card, a player, an island,
    ...: a field of an event or of one entry of it, to another value the log gives that field
    or a number one off), or one event dropped or doubled."""
    events = list(log.events)
    if not events:
        return log
    i = rng.randrange(len(events))
    kind = rng.randrange(8)
    if kind == 0:
        del events[i]
        return msgspec.structs.replace(log, events=events)
    if kind == 1:
        events.insert(i, events[i])
        return msgspec.structs.replace(log, events=events)
    ev = events[i]
    items = list(_items(ev))
    field, j, item = rng.choice(items)
    names = [f for f in item.__struct_fields__ if f not in _PLACE
             and not isinstance(getattr(item, f), (list, dict, msgspec.Struct))]
    if not names:
        return None
    name = rng.choice(names)
    vocab = _vocabulary(log)
    value = getattr(item, name)
    new = _other(value, vocab.get(name, []), rng)
    if new == value:
        return None
    item = msgspec.structs.replace(item, **{name: new})
    if field is None:
        events[i] = item
    else:
        entries = list(getattr(ev, field))
        entries[j] = item
        events[i] = msgspec.structs.replace(ev, **{field: entries})
    return msgspec.structs.replace(log, events=events)


def mutants(log, seed: int, n: int) -> list[Any]:
    """``n`` one-value mutants of ``log`` (:func:`mutant`), from ``seed``; those a reader
    would refuse (``notation.validate``) are left out, and so are repeats."""
    spec = game_of(log)
    rng = random.Random(seed)
    out: list[Any] = []
    seen: set[bytes] = set()
    for _ in range(4 * n):
        if len(out) >= n:
            break
        m = mutant(log, rng)
        if m is None:
            continue
        key = msgspec.json.encode(m.events)
        if key in seen:
            continue
        seen.add(key)
        try:
            if spec.notation.validate(m):
                continue
        except (LogSyntaxError, ValueError):
            continue
        out.append(m)
    return out
