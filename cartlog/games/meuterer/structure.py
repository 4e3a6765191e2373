"""Slips of the pen in the structure of a Meuterer log: a line written twice, two lines
swapped, a card played written under another player's colour, a mutiny line left out.

Run only on a log the walk found an error in (:meth:`Replay.run
<cartlog.games.meuterer.replay.Replay.run>`): near its first error, each repair of one of those
kinds that fits the log is tried, by auditing the log so mended from the start. The repair
that meets the fewest errors, counting its own finding as one, fewer than the log as written
(or as many, all of them errors of the log as written), is followed: its finding stands at the
slip and names the repair, and the rest of the report is the mended log's (docs/rules.md,
"Slips of the pen (Meuterer)"). Otherwise the log stays as written. The log so left is read
again near its first error in a later round, and so on, at most :data:`MOST` places a log.
Lines marked condoned (``!``) are taken as the table let them stand.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, NamedTuple

import msgspec

from cartlog.core.findings import Note, Violation
from cartlog.core.walk import where
from cartlog.games.meuterer.codes import CODES
from cartlog.games.meuterer.events import (
    Add,
    Dest,
    Draw,
    Event,
    MeutererLog,
    Mutiny,
    Play,
    Round,
    Score,
    Sell,
)

if TYPE_CHECKING:
    from cartlog.games.meuterer.replay import Replay

WINDOW = 6  # lines before the first error a slip is looked for in
MOST = 4  # places a log is read for a slip of structure at
# what a play under another player's colour breaks at the play
_TURN_CODES = frozenset({"sell/out-of-order", "sell/after-pass", "sell/not-in-hand",
                         "sell/no-card"})
_INDEX = re.compile(r"^\$\.events\[(\d+)\]")


class Mend(NamedTuple):
    """A repair: the log mended, the index in the mended log of each of its events in the log
    as written (None: a line the repair adds), and the finding at the slip with the index of
    the written event it stands at (its path's tail after ``$.events[i]``)."""

    log: MeutererLog
    mapped: Callable[[int], int | None]  # a mended event's index in the log as written
    violation: Violation
    at: int
    tail: str = ""
    item: object = None  # the entry the finding stands at, when not the whole line
    seat: int | None = None  # the player the finding concerns, when one


def _errors(notes: list[Note], severity: str = "error") -> int:
    return sum(1 for n in notes
               if not n.condoned and CODES[n.violation.code].severity == severity)


def _event_of(path: str) -> int | None:
    m = _INDEX.match(path)
    return int(m.group(1)) if m else None


def _same(a: Event, b: Event) -> bool:
    """Two lines alike but for where they stand."""
    if type(a) is not type(b) or type(a) is Round:
        return False
    from cartlog.games.meuterer.notation import format_event
    return format_event(a) == format_event(b)


def mend(replay: Replay) -> None:
    """Follow the repairs of slips of structure that the log supports clearly better than the
    log as written, if any: ``replay`` then holds the mended log's audit, the slips' findings
    first. A miscopied island of the ``Islands`` tag is read first (:func:`circle`)."""
    read = circle(replay)
    if read is not None:
        adopt_circle(replay, read.slip, read.again)
        return
    found = find(replay)
    if found is not None:
        adopt(replay, *found)


class Circle(NamedTuple):
    """The circle of islands a log's destinations show: the finding at the ``Islands`` tag
    naming it, and the audit of the log played on it."""

    slip: Note
    again: Replay


def circle(replay: Replay) -> Circle | None:
    """A miscopied island of the ``Islands`` tag: the circle holds one island twice and misses
    another (``setup/islands``), and one of the two places of the island written twice held
    the missing one, which the destinations of the log show. Each reading of the circle is
    audited whole (its own slips of structure read too); the one that meets the fewest
    errors, fewer than the circle as written and than the other, is the one returned
    (docs/rules.md, "Slips of the pen (Meuterer)"); None when there is none."""
    from cartlog.games.meuterer.model import DEFAULT_ISLANDS
    from cartlog.games.meuterer.replay import Replay as Walk

    log = replay.log
    setup = [k for k, n in enumerate(replay.notes) if n.violation.code == "setup/islands"]
    names = list(log.islands)
    known = [island.name for island in DEFAULT_ISLANDS]
    twice = [name for name in known if names.count(name) == 2]
    missing = [name for name in known if name not in names]
    if len(setup) != 1 or len(names) != len(known) or len(twice) != 1 or len(missing) != 1:
        return None
    best, meant, ties = _errors(replay.notes), None, 0
    for place, name in enumerate(names):
        if name != twice[0]:
            continue
        fixed = [*names[:place], missing[0], *names[place + 1:]]
        again = Walk(msgspec.structs.replace(log, islands=fixed)).run()
        n = _errors(again.notes)
        if n < best:
            meant, best, ties = (place, fixed, again), n, 0
        elif n == best and meant is not None:
            ties += 1
    if meant is None or ties:
        return None
    place, fixed, again = meant
    note = replay.notes[setup[0]]
    v = note.violation
    return Circle(note._replace(violation=v._replace(
        message=f"{v.message}; the destinations of the log fit {missing[0]} in place "
                f"{place + 1} of the tag, not {twice[0]}: did you mean {', '.join(fixed)}?",
        expected=", ".join(fixed)), slip=True), again)


def adopt_circle(replay: Replay, slip: Note, again: Replay) -> None:
    """``replay`` takes the audit of the log played on the circle meant (``again``), the
    tag's finding first."""
    replay.notes = [slip, *(n._replace(follows=n.follows + 1) if n.follows is not None else n
                            for n in again.notes)]
    replay.engine = again.engine
    replay.unchecked = again.unchecked


class Mended(NamedTuple):
    """The repairs followed, in the order they were read (each on the log the ones before it
    mended), and the log they leave."""

    log: MeutererLog
    mends: list[Mend]

    def mapped(self, i: int) -> int | None:
        """The index in the log as written of the mended log's event ``i`` (None: a line a
        repair adds)."""
        return self.written(len(self.mends), i)

    def adds(self, i: int) -> int:
        """Which repair adds the mended log's event ``i`` (a line the log as written does not
        have): its place in :attr:`mends`."""
        j: int | None = i
        for k in range(len(self.mends) - 1, -1, -1):
            assert j is not None
            j = self.mends[k].mapped(j)
            if j is None:
                return k
        return 0

    def written(self, k: int, i: int) -> int | None:
        """The index in the log as written of event ``i`` of the log the ``k``-th repair
        mends."""
        j: int | None = i
        for m in reversed(self.mends[:k]):
            if j is None:
                return None
            j = m.mapped(j)
        return j


def find(replay: Replay) -> tuple[Mended, Replay] | None:
    """The repairs of slips of structure that the log supports clearly better than the log as
    written (walked by ``replay``), with the mended log's audit; None when there is none.

    A slip is looked for near the first error; then near the first error the log (mended by
    the repair followed, if any) meets in a later round, and so on, at most :data:`MOST`
    times a log: each look audits the log again for every repair it tries, so a log with a
    slip in every round costs time in proportion to its length, not to its length squared."""
    mends: list[Mend] = []
    current = replay
    after = 0  # the round of the last place looked at: the next look is after it
    for _ in range(MOST):
        first = _first_error(current, after)
        if first is None:
            break
        index, after = first
        found = _find_at(current, index)
        if found is None:  # an error no repair explains: stands as found
            continue
        m, again = found
        mends.append(m)
        after = max(after, _round_of(current.log, m.at) or 0)
        current = again
    if not mends:
        return None
    return Mended(current.log, mends), current


def _first_error(replay: Replay, after: int) -> tuple[int, int] | None:
    """The index of the first event with an error in a round after ``after``, and its
    round."""
    found = [(i, n.turn or 0) for n in replay.notes if not n.condoned and (n.turn or 0) > after
             and CODES[n.violation.code].severity == "error"
             for i in [_event_of(n.path)] if i is not None]
    return min(found) if found else None


def _find_at(replay: Replay, first: int) -> tuple[Mend, Replay] | None:
    """The repair of one slip near the event ``first`` that the log (walked by ``replay``)
    supports clearly better than as written, with the mended log's audit."""
    from cartlog.games.meuterer.replay import Replay

    # each repair played with the rules alone (no value read as a slip: cheap), against the
    # log as written so played; the best one then audited in full, and taken if it still wins
    plain = Replay(replay.log, positions=0, mend=False, slips=False).run().notes
    best = _best(_mends(replay, first), plain,
                 lambda log: Replay(log, positions=0, mend=False, slips=False).run().notes)
    if best is None:
        return None
    again = Replay(best.log, positions=replay.positions, mend=False).run()
    if _best([best], replay.notes, lambda log: again.notes) is None:
        return None
    return best, again


def _best(mends: Iterable[Mend], written: list[Note],
          audit: Callable[[MeutererLog], list[Note]]) -> Mend | None:
    """Of ``mends``, the one whose log (its notes by ``audit``) meets the fewest errors, its own
    finding counting as one: fewer than the log as written (its notes ``written``), or as many
    where the mended log's errors are all errors of the log as written (the repair explains
    the errors it takes away and makes none: with one slip, a log made lawful), with no more
    warnings; None when no repair is."""
    best: Mend | None = None
    fewest = _errors(written)
    warned = _errors(written, "warning")
    faults: set[tuple[str, str]] | None = None
    for m in mends:
        notes = audit(m.log)
        if _errors(notes, "warning") > warned:
            continue  # a line assumed (a wage, a sell line) is no lawful reading
        if any(_added_error(m, n) for n in notes):
            continue  # a line the repair writes must itself be lawful
        errors = _errors(notes)
        n = errors + (CODES[m.violation.code].severity == "error")
        if n == fewest and best is None:
            if faults is None:
                faults = _faults(written, _kept)
            if not _faults(notes, m.mapped) < faults:
                continue
        elif n >= fewest:
            continue
        best, fewest = m, n
        if n <= 1:
            break
    return best


def _faults(notes: list[Note], mapped: Callable[[int], int | None]) -> set[tuple[str, str]]:
    """The errors of ``notes`` as codes at paths of the log as written (``mapped``: the index
    there of an event of the log the notes are of)."""
    out: set[tuple[str, str]] = set()
    for n in notes:
        if n.condoned or CODES[n.violation.code].severity != "error":
            continue
        path = n.path
        i = _event_of(path)
        if i is not None:
            j = mapped(i)
            path = "+" if j is None else f"$.events[{j}]" + path[len(f"$.events[{i}]"):]
        out.add((n.violation.code, path))
    return out


def _added_error(m: Mend, note: Note) -> bool:
    """Whether ``note`` is an error at a line the repair ``m`` adds (where the log as written
    has no line)."""
    if note.condoned or CODES[note.violation.code].severity != "error":
        return False
    i = _event_of(note.path)
    return i is not None and m.mapped(i) is None


def adopt(replay: Replay, mended: Mended, again: Replay) -> None:
    """``replay`` takes the audit of the mended log (``again``): the slips' findings first, then
    the mended log's findings at the places of the log as written."""
    log = replay.log
    notes: list[Note] = []
    for k, m in enumerate(mended.mends):
        source = log if k == 0 else mended.mends[k - 1].log  # the log the repair mends
        ev = m.item if m.item is not None else source.events[m.at]
        at = mended.written(k, m.at)
        if at is None:  # at a line an earlier repair adds: placed at that repair's slip
            at = _event_of(notes[-1].path) or 0
        notes.append(Note(m.violation, *(where(ev) or (0, 0, 0)), f"$.events[{at}]{m.tail}",
                          _round_of(log, at), None, m.seat, None))
    slips = len(notes)
    for note in again.notes:
        i = _event_of(note.path)
        if i is not None:
            j = mended.mapped(i)
            if j is None:  # at a line a repair adds: placed at its slip
                slip = notes[mended.adds(i)]
                note = note._replace(path=slip.path, line=slip.line, col=slip.col,
                                     end=slip.end)
            else:
                note = note._replace(path=f"$.events[{j}]" + note.path[len(f"$.events[{i}]"):])
        if note.follows is not None:
            note = note._replace(follows=note.follows + slips)
        notes.append(note)
    replay.notes = notes
    replay.engine = again.engine
    replay.unchecked = again.unchecked


def _round_of(log: MeutererLog, at: int) -> int | None:
    rnd = 0
    for ev in log.events[:at + 1]:
        if type(ev) is Round:
            rnd += 1
    return rnd or None


def _with(log: MeutererLog, events: list[Event]) -> MeutererLog:
    return msgspec.structs.replace(log, events=events)


def _mends(replay: Replay, first: int) -> Iterator[Mend]:
    """The repairs near the log's first error (event ``first``), the likeliest first.

    A play read as another player's (``sell/wrong-colour``) is the finding of the player
    meant, not of the one written: the audit follows the card as played from the hand of the
    player meant, so what only follows from the play (that hand at the pass, the mutiny, the
    draw) is that player's and is linked to it, while the player written is left as if the
    play had never been written."""
    from cartlog.games.meuterer.notation import format_event, format_step

    log = replay.log
    events = list(log.events)
    n = len(events)
    low = max(1, first - WINDOW)
    # a line written twice in a row: the copy read once
    for k in range(low, min(first + 1, n)):
        if _same(events[k - 1], events[k]) and not _condoned(events[k]):
            yield Mend(_with(log, events[:k] + events[k + 1:]),
                       _dropped(k),
                       Violation("line/repeated", f"this line repeats the line before (line "
                                 f"{events[k - 1].line}): it is read once",
                                 expected=format_event(events[k]), actual="twice"), k)
    # a card played under another player's colour: the first faulty play of the first sell
    # line with an error, and the plays before it in that line
    played = [(i, j) for note in replay.notes if not note.condoned
              and note.violation.code in _TURN_CODES
              for i, j in [_step_of(note.path)] if i is not None and i <= first + 1]
    if played:
        i, j = min(played)
        ev = events[i]
        assert isinstance(ev, Sell)
        colours = [p.colour for p in log.players]
        for jj in range(j, max(-1, j - 3), -1):
            step = ev.steps[jj]
            if type(step) is not Play or step.condoned:
                continue
            for colour in colours:
                if colour == step.player:
                    continue
                meant = msgspec.structs.replace(step, player=colour)
                steps = list(ev.steps)
                steps[jj] = meant
                text = format_step(meant)
                yield Mend(_with(log, events[:i] + [msgspec.structs.replace(ev, steps=steps)]
                                 + events[i + 1:]), _kept,
                           Violation("sell/wrong-colour", f"the play written for {step.player} "
                                     f"fits {colour}'s turn and hand, and the lines after it "
                                     f"follow it: did you mean {text}?",
                                     expected=text, actual=format_step(step)),
                           i, f".steps[{jj}]", step, colours.index(colour))
    # a mutiny line left out: the round's draw shows how many conflict cards each added
    yield from _mutinies(replay, events, low, first)
    # two neighbouring lines swapped: swapped back
    for k in range(max(0, first - 4), min(first + 1, n - 1)):
        a, b = events[k], events[k + 1]
        # within a round the lines are settled in any order but the sell lines': only a
        # swap across a round line or of two sell lines changes anything
        if not ((type(a) is Round) != (type(b) is Round) or type(a) is type(b) is Sell):
            continue
        if _same(a, b) or _condoned(a) or _condoned(b):
            continue
        yield Mend(_with(log, events[:k] + [b, a] + events[k + 2:]),
                   _swapped(k),
                   Violation("line/swapped", f"this line and the next (line {b.line}) seem "
                             "swapped: the lines after them follow the other order: did you "
                             f"mean {format_event(b)} first?",
                             expected=format_event(b), actual=format_event(a)), k)


def _kept(i: int) -> int | None:
    return i


def _dropped(k: int) -> Callable[[int], int | None]:
    """The index map of a log with its line ``k`` left out."""
    def mapped(i: int) -> int | None:
        return i if i < k else i + 1
    return mapped


def _swapped(k: int) -> Callable[[int], int | None]:
    """The index map of a log with its lines ``k`` and ``k + 1`` swapped."""
    def mapped(i: int) -> int | None:
        return k + 1 if i == k else k if i == k + 1 else i
    return mapped


def _added(at: int) -> Callable[[int], int | None]:
    """The index map of a log with a line added at ``at``."""
    def mapped(i: int) -> int | None:
        return None if i == at else i if i < at else i - 1
    return mapped


def _condoned(ev: Event) -> bool:
    return bool(getattr(ev, "condoned", False))


def _step_of(path: str) -> tuple[int | None, int]:
    m = re.match(r"^\$\.events\[(\d+)\]\.steps\[(\d+)\]", path)
    return (int(m.group(1)), int(m.group(2))) if m else (None, 0)


def _mutinies(replay: Replay, events: list[Event], low: int, first: int) -> Iterator[Mend]:
    """A mutiny line left out of a round with a mutineer's destination, or of the round of
    the first error or the one before: inserted after the round's destinations (its counts
    of conflict cards read from the round's draw line when the draw gives them away)."""
    from cartlog.games.meuterer.notation import format_event

    log = replay.log
    # the rounds with a mutineer and no mutiny line (the engine's warning at the round)
    unrecorded = {n.turn for n in replay.notes if n.violation.code == "mutiny/not-recorded"}
    if not unrecorded:
        return
    starts = [k for k, ev in enumerate(events) if type(ev) is Round]
    for r, start in enumerate(starts):
        end = starts[r + 1] if r + 1 < len(starts) else len(events)
        if end <= low or start > first:
            continue
        body = events[start:end]
        if (any(type(ev) is Mutiny for ev in body) or r >= len(replay.scores)
                or replay.scores[r].round not in unrecorded):
            continue
        at = next((start + k + 1 for k, ev in enumerate(body) if type(ev) is Dest), None)
        if at is None:
            at = next((start + k for k, ev in enumerate(body) if type(ev) is Score), None)
        if at is None or at >= len(events):
            continue
        captain = replay.scores[r].captain
        colours = [p.colour for p in log.players]
        c = colours.index(captain) if captain in colours else 0
        order = colours[c:] + colours[:c]
        draws = next((ev for ev in body if type(ev) is Draw), None)
        for outcome in ("captain", "mutineers"):
            counts = dict.fromkeys(order, 0)
            for _ in range(3):  # the counts the draw line gives, read from the try before
                line = Mutiny(adds=[Add(player=p, count=counts[p]) for p in order],
                              outcome=outcome, line=events[at].line)
                mended = _with(log, events[:at] + [line] + events[at:])
                if draws is None:
                    break
                read = _counts_read(mended, at, start + body.index(draws) + 1, order)
                if read is None or read == counts:
                    break
                counts = read
            text = format_event(line)
            said = "the captain held" if outcome == "captain" else "the mutineers won"
            yield Mend(mended, _added(at),
                       Violation("line/missing", f"a mutiny line seems to be missing before "
                                 f"this line: the score line and the lines after it show "
                                 f"{said}: did you mean {text}?",
                                 expected=text, actual="no mutiny line"), at)


def _counts_read(log: MeutererLog, at: int, draw: int, order: list[str]
                 ) -> dict[str, int] | None:
    """The conflict cards each player of ``order`` added to the mutiny line ``at`` of ``log``
    as the audit reads them: a count it reads as a slip (``mutiny/count``), or the count that
    puts the draw line ``draw`` right (``refill/count``, cards more than the rules give); None
    when it reads none."""
    from cartlog.games.meuterer.replay import Replay

    again = Replay(log, mend=False).run()
    mutiny = log.events[at]
    assert isinstance(mutiny, Mutiny)
    out = {a.player: a.count for a in mutiny.adds}
    seen = False
    for note in again.notes:
        v = note.violation
        i = _event_of(note.path)
        try:
            if v.code == "mutiny/count" and i == at and note.seat is not None:
                out[replay_colour(log, note.seat)] = int(v.expected or 0)
            elif v.code == "refill/count" and i == draw and note.seat is not None:
                colour = replay_colour(log, note.seat)
                extra = int(v.actual or 0) - int(v.expected or 0)
                if colour not in out or extra <= 0:
                    continue
                out[colour] += extra
            else:
                continue
        except ValueError:
            continue
        seen = True
    return out if seen else None


def replay_colour(log: MeutererLog, seat: int) -> str:
    players = log.players
    return players[seat].colour if 0 <= seat < len(players) else ""
