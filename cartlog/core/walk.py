"""The one walk of a log through its game's engine, shared by every game.

A :class:`Walk` reads a decoded log event by event and drives the game's public engine
(:class:`~cartlog.core.spec.Engine`): ``check`` the event, note each violation at the event's
place in the log, then ``apply`` it as played. Around that, the passes that concern the log
rather than the game: where the log ends, whether its recorded result is the replayed one,
what it did not let the audit check. A game's walker is a subclass that overrides only what
its log holds beyond one event per engine step (:meth:`Walk.setup`, :meth:`Walk.event`,
:meth:`Walk.finish`); a game whose log is one engine event per line needs none
(docs/architecture.md, "The one walk of a log").

Nothing here prints: violations become :class:`~cartlog.core.findings.Note` records, placed
by line and column (text) or JSON path, and a listener (the step-by-step views) receives a
:class:`WalkStep` after every step.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Generic, NamedTuple, Protocol, TypeVar, cast

from mypy_extensions import mypyc_attr

from cartlog.core.findings import Code, Note, Violation
from cartlog.core.limits import max_findings
from cartlog.core.spec import Engine, GameSpec

E = TypeVar("E", bound=Engine)  # the game's engine class

# Where a note stands in a text log: line, first column, column past its end; ``None`` for a
# JSON log, whose notes are placed by their path.
Where = tuple[int, int, int] | None


class Located(Protocol):
    """An event of a log (or a part of one): where a text log wrote it, ``line`` 0 for a
    JSON log."""

    @property
    def line(self) -> int: ...

    @property
    def col(self) -> int: ...

    @property
    def end(self) -> int: ...


class Seat(Protocol):
    @property
    def colour(self) -> str: ...


class GameLog(Protocol):
    """What every game's decoded log holds, as the walk and the audit read it: the players,
    the events, the line of the header and the spans of its tags (``line`` 0 and no spans
    for a JSON log), the position it starts from, if any."""

    @property
    def players(self) -> Sequence[Seat]: ...

    @property
    def events(self) -> Sequence[Located]: ...

    @property
    def line(self) -> int: ...

    @property
    def spans(self) -> dict[str, tuple[int, int, int]]: ...

    @property
    def position(self) -> str | None: ...


def where(obj: Any) -> Where:
    """The place of an event (or any part of one) that a text log gave it."""
    return (obj.line, obj.col, obj.end) if obj is not None and obj.line else None


class StopWalk(Exception):
    """Ends the walk at the first error (``--stop-at-first``)."""


class WalkStep(NamedTuple):
    """What one step of the walk did, for a listener: its kind (``setup``, an event's tag,
    ``end``, or a game's own), the event and the part of it (a Cartagena action, a Meuterer
    sell entry), the turn or round, the action's number, the seat, the step in words, the
    notes it raised, the engine as it stands after it (live: copy what you keep), and the
    phase a game's own step settles (Meuterer's ``dest``, ``mutiny``, ``score``, ``refill``)."""

    kind: str
    event: Any
    item: Any
    turn: int | None
    action: int | None
    seat: int | None
    text: str
    notes: list[Note]
    engine: Engine
    phase: str | None = None


@mypyc_attr(allow_interpreted_subclasses=True)
class Walk(Generic[E]):
    """One pass over a log. After :meth:`run`: ``engine`` (the game as the log leaves it),
    ``notes``, ``unchecked`` (what the log did not let the walk check, in words), ``stopped``.

    ``stop_at_first``: end at the first error not condoned; ``positions``: how many notes get
    the one-line position before their event (a report lists no more, docs/cli.md "Limits").
    ``engine``: the game at the log's start, when the game's walker starts it itself (by
    default, ``spec.engine.start(log)``).

    A compiled subclass must not declare again an attribute declared here (``self.log: X``):
    mypyc gives it a second slot, and the cycle collector then counts the object twice and
    clears it while it is still in use."""

    def __init__(self, log: Any, spec: GameSpec, engine: E | None = None, *,
                 stop_at_first: bool = False, positions: int | None = None) -> None:
        self.log = log
        self.spec = spec
        self.engine: E = engine if engine is not None else cast(E, spec.engine.start(log))
        self.stop_at_first = stop_at_first
        self.positions = max_findings() if positions is None else positions
        self.codes: Mapping[str, Code] = spec.codes.CODES
        self.colours: list[str] = [p.colour for p in log.players]
        self.notes: list[Note] = []
        self.unchecked: list[str] = []
        self.stopped = False
        self.listener: Callable[[WalkStep], None] | None = None  # given each step

    # -- the walk ---------------------------------------------------------------------------

    def run(self, listener: Callable[[WalkStep], None] | None = None) -> Walk[E]:
        """Walk the whole log: :meth:`setup`, :meth:`walk`, :meth:`finish`."""
        self.listener = listener
        try:
            self.setup()
            self.walk()
            self.finish()
        except StopWalk:
            self.stopped = True
            self.unchecked.append(
                f"the audit stopped at the first error ({self.spec.turn_word} "
                f"{self.reached()}): the rest of the log and the result were not checked")
        return self

    def reached(self) -> int:
        """The turn or round the walk has reached, for a stopped walk's words."""
        return 0

    def setup(self) -> None:
        """Start the engine; a game notes its header's problems here."""
        self.emit("setup", None, None, None, None, None, "setup", 0)

    def walk(self) -> None:
        """Every event in order (:meth:`event`)."""
        for index, event in enumerate(self.log.events):
            self.event(index, event)

    def event(self, index: int, event: Any) -> None:
        """One event: the engine checks it, its violations are noted at the event, then the
        engine applies it as played. A comment reaches no rule."""
        engine = self.engine
        start = len(self.notes)
        kind = event.__struct_config__.tag
        if kind != "comment":
            mover = engine.to_move()
            seat = mover.seat if mover is not None else None
            found = engine.check(event)
            if found:
                position = self.position()
                for v in found:
                    self.note(v, where(event), f"$.events[{index}]", seat=seat,
                              position=position)
            engine.apply(event)
        else:
            seat = None
        self.emit(kind, event, None, None, None, seat, "", start)

    def finish(self) -> None:
        """The log's own end: it reaches the end of the game, and its recorded result (a
        ``result`` field: the winners, ``unfinished``, or none) is the replayed one."""
        engine, log = self.engine, self.log
        start = len(self.notes)
        outcome = engine.outcome()
        if outcome is None:
            last = log.events[-1] if log.events else None
            self.note(Violation(self.unfinished_code, "the log ends before the game does"),
                      where(last) if last is not None else self.header("players"),
                      "$.events", position=self.position())
        recorded = getattr(log, "result", None)
        replayed = sorted(outcome.winners) if outcome is not None else ["unfinished"]
        if recorded is None:
            self.unchecked.append("the log records no result (Result tag): the result was "
                                  "not compared")
        else:
            written = sorted([recorded] if isinstance(recorded, str) else recorded)
            if written != replayed:
                said = ", ".join(replayed)
                self.note(Violation(self.result_code, f"the replayed result is {said}",
                                    expected=said, actual=", ".join(written)),
                          self.header("result"), "$.result")
        self.emit("end", None, None, None, None, None,
                  ", ".join(outcome.winners) or "no winner" if outcome is not None
                  else "unfinished", start)

    # what the default :meth:`finish` notes: a game's own codes for these findings
    unfinished_code = "game/unfinished"
    result_code = "result/winner"

    # -- notes ------------------------------------------------------------------------------

    def note(self, v: Violation, at: Where, path: str, turn: int | None = None,
             action: int | None = None, seat: int | None = None, position: str | None = None,
             condoned: bool = False, follows: int | None = None, slip: bool = False) -> Note:
        """Note a violation at its place (``slip``: read as a slip of the pen, :class:`Note`);
        the first error not condoned ends a walk that stops at the first
        (:class:`StopWalk`)."""
        line, col, end = at if at is not None else (0, 0, 0)
        note = Note(v, line, col, end, path, turn, action, seat, position, condoned, follows,
                    slip)
        self.notes.append(note)
        if self.stop_at_first and not condoned and self.codes[v.code].severity == "error":
            raise StopWalk
        return note

    def position(self) -> str | None:
        """The one-line position for the next note, of the first ``positions`` notes only."""
        return self.engine.position() if len(self.notes) < self.positions else None

    def header(self, field: str) -> Where:
        """Where a header field (``result``), or one entry of it (``deal.red``), stands in a
        text log: the entry's field when the entry is not recorded, the header's first line
        when neither is; ``None`` for a JSON log (placed by its path)."""
        log = self.log
        if not log.line:
            return None
        spans: dict[str, tuple[int, int, int]] = log.spans
        found = spans.get(field) or spans.get(field.split(".")[0])
        return found if found is not None else (log.line, 1, 1)

    def emit(self, kind: str, event: Any, item: Any, turn: int | None, action: int | None,
             seat: int | None, text: str, start: int) -> None:
        """Give a listener the step just walked, with the notes from ``start`` on."""
        if self.listener is not None:
            self.listener(WalkStep(kind, event, item, turn, action, seat, text,
                                   self.notes[start:], self.engine))
