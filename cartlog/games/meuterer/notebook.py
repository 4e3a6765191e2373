"""The audit's bookkeeping beside the Meuterer engine: where each finding stands in the log.

The engine says which rule an event breaks and at which line or entry of the log
(:data:`NotePath`); the :class:`Notebook` it writes to keeps the findings as the audit reports
them: placed at their JSON path and at their line and column in the text, with the position
before them, condoned where the log marks the line ``!``, and stopping the walk at the first
error when asked. It also keeps what the log did not let the audit check (``unchecked`` and
the counts behind :meth:`Notebook.not_checked`), and tells a listener (the step-by-step view)
what each event did (:class:`Step`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Final, NamedTuple, Protocol

from cartlog.core.findings import Note, Violation
from cartlog.core.limits import MAX_FINDINGS
from cartlog.core.walk import StopWalk
from cartlog.games.meuterer.codes import CODES
from cartlog.games.meuterer.events import MeutererLog
from cartlog.games.meuterer.model import EventPath, RoundRecord, State
from cartlog.games.meuterer.position import to_position

# Where a note stands in the log: a JSON path, or the parts of one built only when a note is
# made (:data:`model.EventPath`).
NotePath = str | EventPath
Where = tuple[int, int, int] | None  # line, column, end column in the text (None: not read)

_EVENT_INDEX: Final = re.compile(r"\$\.events\[(\d+)\]")


class Located(Protocol):
    """An event or entry as read: where it stands in the text (0: not read from text)."""

    line: int
    col: int
    end: int


def where(obj: Located | None) -> Where:
    """Where an event or an entry stands in the text, if it was read from one."""
    return (obj.line, obj.col, obj.end) if obj is not None and obj.line else None


class Step(NamedTuple):
    """What one event did, for a listener. ``state`` is live: copy what you keep.
    ``phase`` names the phase a ``phase`` step settles: ``dest``, ``mutiny``, ``score`` or
    ``refill``."""

    kind: str  # setup, round, wage, action, phase, round-end, comment, end
    event: object | None
    item: object | None  # the sell step of an action
    round: int | None
    action_no: int | None
    seat: int | None
    text: str
    notes: list[Note]
    state: State
    phase: str | None = None


def needless_mark(what: str) -> Violation:
    """A play or pass (``what``), or a line, marked condoned (``!``) that breaks no rule."""
    return Violation("condoned/lawful", f"marked as condoned (!) but the {what} breaks no rule",
                     expected="no !", actual="!")


class StopAudit(StopWalk):
    """Raised by a notebook told to stop at the first error, once it has noted it (the walk
    ends there, :class:`~cartlog.core.walk.StopWalk`)."""


_COUNTS: Final = ("hidden_plays", "unseen_plays", "count_draws", "no_draw", "hidden_mutiny",
                  "no_score", "no_total", "no_sell")


class Notebook:
    """The findings of a walk, placed in the log, and what it could not check.

    ``notes``: the located violations; ``positions``: how many of them get a position (a
    report lists no more, docs/cli.md "Limits"); ``condoned``: the indices of the lines
    marked ``!``; ``unchecked`` and ``counts``: what the log did not let the audit check."""

    def __init__(self, log: MeutererLog | None = None, *, stop_at_first: bool = False,
                 listener: Callable[[Step], None] | None = None) -> None:
        self.log = log
        self.stop_at_first = stop_at_first
        self.listener = listener
        self.notes: list[Note] = []
        self.positions = MAX_FINDINGS
        self.condoned: set[int] = set()
        self.unchecked: list[str] = []
        self.counts: dict[str, int] = dict.fromkeys(_COUNTS, 0)

    def copy(self) -> Notebook:
        """The same findings so far, with no listener and not stopping at the first error."""
        new = Notebook(self.log)
        new.notes = self.notes[:]
        new.positions = self.positions
        new.condoned = set(self.condoned)
        new.unchecked = self.unchecked[:]
        new.counts = dict(self.counts)
        return new

    # -- placing a finding ---------------------------------------------------------------------

    def note(self, v: Violation, at: Where, path: NotePath, turn: int | None = None,
             action: int | None = None, seat: int | None = None, position: str | None = None,
             follows: int | None = None, condoned: bool | None = None) -> Note:
        """Keep a located violation. ``condoned``: whether the play or line it is at is
        marked ``!`` (``None``: a finding at a line marked condoned, or at one of its
        entries, is condoned, as Cartagena's; docs/notation.md, Meuterer)."""
        line, col, end = at if at else (0, 0, 0)
        if isinstance(path, tuple):  # built lazily: (event index, field, entry index)
            index, field, j = path
            if condoned is None and self.condoned:
                condoned = index in self.condoned
            path = f"$.events[{index}]" + (f".{field}[{j}]" if field else "")
        elif condoned is None and self.condoned:
            m = _EVENT_INDEX.match(path)
            condoned = m is not None and int(m.group(1)) in self.condoned
        note = Note(v, line, col, end, path, turn, action, seat, position, bool(condoned),
                    follows)
        self.notes.append(note)
        if self.stop_at_first and not condoned and CODES[v.code].severity == "error":
            raise StopAudit
        return note

    def position(self, state: State) -> str | None:
        """The one-line position for the next note, of the first ``positions`` notes only. A
        card played from a hand that held none is still played, so that a log of such plays
        grows the cards played with the game: a table holding more cards than the game has
        is no position a game reaches (the reader refuses it), and gets none; no note's
        position grows with the log."""
        if len(self.notes) >= self.positions:
            return None
        held = (sum(sum(h) for h in state.hands) + sum(sum(p) for p in state.played)
                + sum(state.discard))
        if held > state.variant.deck_size:
            return None
        return to_position(state)

    def header(self, field: str) -> Where:
        """Where a header field stands in the text (the first header line if not given)."""
        log = self.log
        if log is None:
            return None
        return log.spans.get(field) or ((log.line, 1, 1) if log.line else None)

    # -- lines marked condoned (!) ---------------------------------------------------------------

    def mark(self, cur: RoundRecord, index: int, event: object, rnd: int) -> None:
        """A line marked condoned (``!``): the findings at it are condoned."""
        self.condoned.add(index)
        cur.marked.append((index, event, rnd))  # type: ignore[arg-type]

    def condoned_lawful(self, at: Located, path: str, rnd: int | None,
                        action: int | None = None, seat: int | None = None) -> None:
        """A play, pass or line marked condoned (``!``) that breaks no rule: the mark is
        needless (a warning, as Cartagena's ``condoned/legal``)."""
        self.note(needless_mark("play or pass" if action is not None else "line"),
                  where(at), path, rnd, action, seat, condoned=False)

    def marked_lawful(self, cur: RoundRecord) -> None:
        """Once a round is settled (its refill, or the game's end, included): its lines
        marked ``!`` that no finding is at."""
        at = {n.path for n in self.notes}
        for index, ev, rnd in cur.marked:
            path = f"$.events[{index}]"
            if path in at or any(p.startswith((path + ".", path + "[")) for p in at):
                continue
            self.condoned_lawful(ev, path, rnd)

    # -- the step-by-step view -----------------------------------------------------------------

    def emit(self, state: State, kind: str, event: object | None, item: object | None,
             action_no: int | None, seat: int | None, text: str, start: int,
             rnd: int | None = None, phase: str | None = None) -> None:
        """Tell the listener, if any, what an event did (the notes since ``start``)."""
        if self.listener is not None:
            if rnd is None and kind != "setup":
                rnd = state.round
            self.listener(Step(kind, event, item, rnd, action_no, seat, text,
                               self.notes[start:], state, phase))

    # -- what the log did not let it check -----------------------------------------------------

    def not_checked(self, turns: int) -> list[str]:
        """The checks that hidden cards and missing lines kept from being made (``turns``:
        the rounds played)."""
        c = self.counts
        out: list[str] = []
        if c["hidden_plays"]:
            out.append(
                f"{c['hidden_plays']} card play(s) from hands the log does not know: checked "
                "only against the number of cards of each kind")
        if c["unseen_plays"]:
            out.append(
                f"{c['unseen_plays']} card(s) played without their kind: not counted in any "
                "sale nor against any kind")
        if c["hidden_mutiny"]:
            out.append(
                f"{c['hidden_mutiny']} mutiny entr{'ies' if c['hidden_mutiny'] > 1 else 'y'} "
                "from hands the log does not know: checked only against the cards kept")
        if c["count_draws"]:
            out.append(
                f"{c['count_draws']} draw(s) record how many cards, not which: their kinds "
                "were not checked")
        if c["no_draw"]:
            out.append(
                f"{c['no_draw']} round(s) record no draw: every player was assumed to refill "
                "to 5 (the stevedore drawing 3 more) with unseen cards")
        if c["no_sell"]:
            out.append(
                f"{c['no_sell']} round(s) record no selling: their points were taken from the "
                "score sheet, not checked")
        if c["no_score"] and turns:
            out.append(
                f"{c['no_score']} round(s) have no score line: the round points were not "
                "compared with a sheet")
        if c["no_total"] and turns:
            out.append(
                f"{c['no_total']} round(s) have no total line: the running totals were not "
                "compared with a sheet")
        return out
