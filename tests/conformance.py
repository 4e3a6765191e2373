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
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any, NamedTuple

import msgspec

from cartlog.core.errors import LogSyntaxError
from cartlog.games import game_of

ROOT = Path(__file__).resolve().parent.parent

_EVENT = re.compile(r"^\$\.events\[(\d+)\]")
def _structure_read(log) -> Any:
    """A Meuterer log as the walker reads a slip of its structure, whose finding stands at
    the slip and whose other findings are the log's so read (cartlog.games.meuterer.structure):
    without a line copied from the line before, or with the repair it follows; None when it
    reads none."""
    from cartlog.games.meuterer import structure
    from cartlog.games.meuterer.replay import Replay

    replay = Replay(log, positions=0, mend=False).run()
    copies = {event_index(n.path) for n in replay.notes if n.violation.code == "line/repeated"}
    if copies:
        return msgspec.structs.replace(log, events=[
            e for i, e in enumerate(log.events) if i not in copies])
    found = structure.find(replay)
    return found[0].log if found is not None else None


# A slip of the pen read by the walker: the value the rest of the log fits, named in the
# finding's message ("...: did you mean red 2?"), unlike a suggestion for an unknown word,
# which stands in brackets ("(did you mean Tortuga?)").
_SLIP = re.compile(r"(?<!\()did you mean ")
# Fields that say where an event stands or what the log remarks, not what was played.
_PLACE = frozenset({"line", "col", "end", "comment", "condoned"})
# The walker's readings of a log's structure: a turn line left out, written twice, or (the
# Mutiny) swapped with the next; the Mutiny's lines read as left out, played as named.
_LEFT_OUT = ("row/turn-missing", "row/round-missing", "duel/line-missing")
_STRUCTURE = ("turn/missing", "turn/repeated", "row/turn-repeated", "row/turns-swapped",
              *_LEFT_OUT)


class Disagreement(NamedTuple):
    """Where the audit and the engine differ: the unit compared (``event 12``, or for
    Meuterer's settlement ``round at events 4-11``), the engine's codes and the audit's."""

    unit: str
    engine: tuple[str, ...]
    audit: tuple[str, ...]


class Comparison(NamedTuple):
    """One log compared: the events compared (all of them, or in Meuterer those before the
    round whose draw line mends a hand, :func:`_lines_as_read`) out of all, and the
    disagreements."""

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


def event_index(path: str | None) -> int | None:
    """The index of the event a note's JSON path is at or inside, if any."""
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
    if spec.name == "meuterer":
        read = _structure_read(log)
        if read is not None:  # compared as the walker read it
            return compare(read)
    keep = compared_codes(spec)
    notes = audit_notes(log)
    audit: dict[int, list[str]] = {}
    slips: dict[int, list[Any]] = {}  # the notes of slip readings, by event
    for note in notes:
        i = event_index(note.path)
        if i is None:
            continue
        if _SLIP.search(note.violation.message) or note.violation.code in _STRUCTURE:
            slips.setdefault(i, []).append(note)
        if note.violation.code in keep:
            audit.setdefault(i, []).append(note.violation.code)
    events = list(log.events)
    slip = min(slips) if slips else None
    for i in sorted(event_index(n.path) for n in notes if n.violation.code == "turn/swapped"):
        # the walker read two lines the other way round (turn numbers are not compared)
        events[i], events[i + 1] = events[i + 1], events[i]
        audit[i], audit[i + 1] = audit.pop(i + 1, []), audit.pop(i, [])
        audit[i + 1].remove("turn/swapped")
        first, second = slips.pop(i + 1, None), slips.pop(i, None)
        slips.update({k: v for k, v in ((i, first), (i + 1, second)) if v})
        slip = i if slip is None else min(slip, i)
    if spec.name == "meuterer":
        found, compared = _by_round(spec, log, events, audit, keep, slips)
    else:
        found, compared = _by_event(spec, log, events, audit, keep, slips)
    return Comparison(compared, len(events), slip, found)


_ACTION = re.compile(r"^\$\.events\[\d+\]\.actions\[(\d+)\]$")
_MEANT = re.compile(r"did you mean (.*?)(?:, \? for a card the log does not name)?\?$")


def _as_read(engine, turn, slips: list[Any]):
    """A Cartagena turn line as the walker read it: its player, when it read the line as
    another player's turn ("did you mean 12. yellow?"), and each action it read as a slip of
    the pen replaced by the action its finding names ("did you mean 24-21+PB?"); a backward
    move read twice (its destination, then its draw) takes the destination of the first
    reading (the second names the destination as written: the expected failure in
    tests/test_audit_engine.py)."""
    state = engine.state
    read: dict[int, Any] = {}
    for note in slips:
        meant = _MEANT.search(note.violation.message).group(1)  # type: ignore[union-attr]
        if _EVENT.fullmatch(note.path):  # a whole line read as another (the Mutiny's turns)
            return engine.read(meant)
        from cartlog.games.cartagena.notation import read_line

        if note.path.endswith(".player"):  # the line read as another player's turn
            turn = msgspec.structs.replace(turn, player=meant.split()[-1])
            continue
        j = int(_ACTION.match(note.path).group(1))  # type: ignore[union-attr]
        act = read_line(meant, state.rs, state.colours, state.boat, turn.player)
        if j in read:
            act = msgspec.structs.replace(act, to=read[j].to)
        read[j] = act
    actions = list(turn.actions)
    for j, act in read.items():
        actions[j] = msgspec.structs.replace(act, condoned=actions[j].condoned)
    return msgspec.structs.replace(turn, actions=actions)


def _by_event(spec, log, events, audit, keep, slips) -> tuple[list[Disagreement], int]:
    """Cartagena and the Mutiny: event by event, the same codes, as many times each. At a
    turn line holding a slip reading (Cartagena), the engine goes on with the line as the
    walker read it (:func:`_as_read`); there the audit's codes are among those ``check``
    gives for the line as written or as read, and the slip's own, and ``check``'s for the
    line as read are among them (as sets: the walker judges the actions before the slip
    as written, those after it as read)."""
    engine = spec.engine.start(log)
    out = []
    early = -1  # a line the walker played before the one above it (two lines swapped)
    for i, ev in enumerate(events):
        codes = [n.violation.code for n in slips.get(i, [])]
        if i == early or "turn/repeated" in codes or "row/turn-repeated" in codes:
            continue  # played with the line above, or read as written twice and played once
        theirs = sorted(audit.get(i, []))
        left_out = next((n for n in slips.get(i, []) if n.violation.code in
                         ("turn/missing", *_LEFT_OUT)), None)
        if left_out is not None:  # the walker played the line it read as left out
            said = left_out.violation.expected
            if left_out.violation.code in _LEFT_OUT:  # the Mutiny: the line played
                engine.apply(engine.read(said))
            elif said.endswith(" ..."):  # Cartagena: an empty turn
                number, colour = said.split()[:2]
                engine.apply(msgspec.structs.replace(ev, number=int(number.rstrip(".")),
                                                     player=colour, actions=[]))
            else:  # Cartagena: the turn the lines after it fit, as its finding names it
                engine.apply(engine.read(said))
            slips[i] = [n for n in slips[i] if n is not left_out]
            if not slips[i]:
                del slips[i]
            theirs.remove(left_out.violation.code)  # the walker's reading, not a rule
        if "row/turns-swapped" in codes:  # the next line played first, then this one
            theirs.remove("row/turns-swapped")
            early = i + 1
            for k, line in ((i + 1, events[i + 1]), (i, ev)):
                mine = sorted(v.code for v in engine.check(line) if v.code in keep)
                said = theirs if k == i else sorted(audit.get(k, []))
                if mine != said:
                    out.append(Disagreement(f"event {k} (read as swapped)", tuple(mine),
                                            tuple(said)))
                engine.apply(line)
            continue
        if i in slips:
            read = _as_read(engine, ev, slips[i])
            written = {v.code for v in engine.check(ev) if v.code in keep}
            as_read = {v.code for v in engine.check(read) if v.code in keep}
            own = {n.violation.code for n in slips[i]}
            if not set(theirs) <= written | as_read | own or not as_read <= set(theirs):
                out.append(Disagreement(f"event {i} (read as a slip)",
                                        tuple(sorted(written | as_read)), tuple(theirs)))
            engine.apply(read)
            continue
        mine = sorted(v.code for v in engine.check(ev) if v.code in keep)
        if mine != theirs:
            out.append(Disagreement(f"event {i}", tuple(mine), tuple(theirs)))
        engine.apply(ev)
    return out, len(events)


_ENTRY = re.compile(r"^\$\.events\[\d+\](?:\.(\w+)(?:\[(\d+)\])?)?$")


def _lines_as_read(log, events, slips: dict[int, list[Any]]) -> tuple[list[Any], int]:
    """Meuterer's lines as the walker read them: each value it read as a slip of the pen
    and followed replaced by the value its finding names: a wage ("did you mean wage 2?"),
    a destination ("did you mean captain Eisfelsen?"), a count of conflict cards the lines
    after it fit ("...fit 1: did you mean red 1?"; a count only named, on a tie, is not
    followed), a mutiny's outcome ("did you mean => captain?"), a draw ("did you mean red
    XGRG?"). And the index of the first line no line fed to the engine reads as the walker
    does: a count of conflict cards that the draw line after it reads as a slip ("the draw
    line and the lines after it fit 1: did you mean red 1, or, ...?") is followed in the
    hand only, the mutiny settled with the count written."""
    from cartlog.games.meuterer.notation import read_line

    colours = [p.colour for p in log.players]
    events = list(events)
    for i, notes in sorted(slips.items()):
        for note in notes:
            v = note.violation
            if "the draw line and the lines after it fit" in v.message:
                return events, i
            field, j = _ENTRY.match(note.path).groups()  # type: ignore[union-attr]
            meant = v.message[v.message.rindex("did you mean ") + 13:].removesuffix("?")
            ev = events[i]
            if field == "wage":
                events[i] = msgspec.structs.replace(ev, wage=int(v.expected))
            elif field is None:  # the outcome of a mutiny line
                events[i] = msgspec.structs.replace(ev, outcome=meant.removeprefix("=> "))
            elif field in ("dests", "adds", "draws"):
                entries = list(getattr(ev, field))
                entry = entries[int(j)]
                if field == "dests":
                    entry = msgspec.structs.replace(entry, island=meant.split(" ", 1)[1])
                elif field == "adds":
                    if "fit " not in v.message[:v.message.rindex("did you mean")]:
                        continue  # named, not followed
                    entry = msgspec.structs.replace(entry, count=int(meant.split(" ")[1]
                                                                     .rstrip(",")))
                else:
                    entry = read_line("draw " + meant, colours).draws[0]
                entries[int(j)] = entry
                events[i] = msgspec.structs.replace(ev, **{field: entries})
    return events, len(events)


def _by_round(spec, log, events, audit, keep, slips) -> tuple[list[Disagreement], int]:
    """Meuterer, round by round (a round: the lines from its round line to the next; the
    lines after the last round's total line, past the end of the game, make one more). The
    engine's settling of a round is its close, when the next round line, the last total line
    or the end of the log comes: the notes it places at the round's lines.

    - At a line of phases 1-2 (the round line, the wage, a sell line) and at a line after
      the end of the game, the audit's codes are ``check``'s there and those the settling
      places there (``sell/no-pass`` at the last sell line, ``sell/missing`` at the round
      line...), as many times each.
    - At a line of phases 3-8 (destinations, mutiny, sales, score sheet, refill), the
      audit's codes are those the settling places there, as many times each; and the codes
      ``check`` gives at such a line (judging it by settling the round so far on a copy)
      are among the audit's there (as many times each), unless a line of its kind follows
      in the round, which the settling takes with it (a mutiny written over two lines has
      its outcome judged with both); at the round's last line, which ``check`` settles with
      every line of the round, they are the audit's there, as many times each.
    - The engine is fed the lines as the walker read them (:func:`_lines_as_read`). In a
      round holding a slip reading, the audit's codes over the round are among the
      engine's, those ``check`` gives for the lines as written and the slips' own, and the
      engine's among the audit's, as sets (the walker judges the value written, then goes
      on with the value read)."""
    from cartlog.games.meuterer.events import Round, Sell, Wage

    early = (Round, Sell, Wage)
    engine = spec.engine.start(log)
    read, stop = _lines_as_read(log, events, slips)
    out: list[Disagreement] = []
    first = 0  # the round's first event
    said: dict[int, list[str]] = {}  # what check() gave at each of the round's lines
    written: set[str] = set()  # what check() gave at the round's lines read otherwise
    over: set[int] = set()  # the lines after the end of the game, judged as they come

    def settle(upto: int, settled: list[Any]) -> None:
        """Compare the round of events ``first..upto-1``."""
        placed: dict[int, list[str]] = {}
        for f in settled:  # the engine's findings, each at its event's index (or a header's)
            i = f.path[0] if isinstance(getattr(f, "path", None), tuple) else None
            if i is not None and first <= i < upto and f.violation.code in keep:
                placed.setdefault(i, []).append(f.violation.code)
        def followed(i: int) -> bool:
            """Whether a line of its kind follows line ``i`` in the round."""
            return any(type(events[k]) is type(events[i]) for k in range(i + 1, upto))

        if any(first <= i < upto for i in slips):
            mine = {c for i in range(first, upto) for c in placed.get(i, []) + (
                said.get(i, []) if type(events[i]) in early or not followed(i) else [])}
            theirs = {c for i in range(first, upto) for c in audit.get(i, [])}
            own = {n.violation.code for i in range(first, upto) for n in slips.get(i, [])}
            if not theirs <= mine | own | written or not mine <= theirs:
                out.append(Disagreement(f"round at events {first}-{upto - 1} (read as slips)",
                                        tuple(sorted(mine)), tuple(sorted(theirs))))
            return
        for i in range(first, upto):
            want = sorted(placed.get(i, []))
            if type(events[i]) in early or i in over:
                want = sorted(said.get(i, []) + want)
            elif said.get(i) and not followed(i):
                # check's codes at a line of phases 3-8 (none of its kind after it in the
                # round, which the settling takes with it: a mutiny written over two lines)
                if Counter(said[i]) - Counter(audit.get(i, [])):
                    out.append(Disagreement(f"event {i} (settled so far)",
                                            tuple(sorted(said[i])),
                                            tuple(sorted(audit.get(i, [])))))
            got = sorted(audit.get(i, []))
            if want != got:
                out.append(Disagreement(f"event {i}", tuple(want), tuple(got)))
        last = upto - 1  # the round's last line, settled by check as the close settles it
        if last >= first and type(events[last]) not in early and last not in over \
                and sorted(said.get(last, [])) != sorted(audit.get(last, [])):
            out.append(Disagreement(f"event {last} (the round's last line)",
                                    tuple(sorted(said.get(last, []))),
                                    tuple(sorted(audit.get(last, [])))))

    for i, ev in enumerate(read[:stop]):
        if engine.is_over():
            over.add(i)
        mine = [v.code for v in engine.check(ev) if v.code in keep]
        if ev is not events[i]:
            written.update(v.code for v in engine.check(events[i]) if v.code in keep)
        before = len(engine.out)
        was_open = engine.state.open is not None
        engine.apply(ev)
        if type(ev) is Round and i > first:  # the round before it is settled
            settle(i, engine.out[before:])
            first, said, written = i, {}, set()
        said[i] = mine
        if type(ev) is not Round and was_open and engine.state.open is None:
            settle(i + 1, engine.out[before:])  # the last total line ends the game (U1)
            first, said, written = i + 1, {}, set()
    if stop < len(events):
        return out, first
    if first < len(events):
        before = len(engine.out)
        engine.close()
        settle(len(events), engine.out[before:])
    return out, len(events)


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
