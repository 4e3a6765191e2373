"""Pig's walk of a log: cartlog's one walk (:class:`cartlog.core.walk.Walk`), with Pig's own
codes for an unfinished game and a recorded result that differs, the ``!`` mark, and the
counts the breakdown gives; and :func:`record`, the same walk with a frame per step."""

from __future__ import annotations

from typing import Any, NamedTuple

from cartlog.core.findings import Note, Violation
from cartlog.core.walk import Walk, WalkStep, Where
from cartlog_pig import SPEC
from cartlog_pig.engine import Engine
from cartlog_pig.events import PigLog, Roll
from cartlog_pig.frames import Frame


class RuleSet(NamedTuple):
    name: str = "standard"


class Replay(Walk[Engine]):
    """One pass over a Pig log; after :meth:`run`, ``turns`` and ``rolls`` count the play."""

    def __init__(self, log: PigLog, *, stop_at_first: bool = False,
                 positions: int | None = None) -> None:
        super().__init__(log, SPEC, Engine.start(log), stop_at_first=stop_at_first,
                         positions=positions)
        # set on the instance: the walk's own defaults are attributes of a compiled class
        self.unfinished_code = "target/unreached"
        self.result_code = "target/result"
        self.rs = RuleSet()
        self.rolls = 0
        self.marked = False  # the event walked is marked ! (condoned)
        self.turn = 0  # the turn of the event walked

    @property
    def turns(self) -> int:
        s = self.engine.state
        return s.turn if s.winner is not None or s.total else s.turn - 1

    def reached(self) -> int:
        return self.engine.state.turn

    def setup(self) -> None:
        """A log that starts from a position says what was not checked before it."""
        position = self.log.position
        if position is None:
            super().setup()
            return
        self.unchecked.append(f"the log starts from a position at turn "
                              f"{self.engine.state.turn}: the turns before it were not "
                              "checked, and the scores are taken as the position gives them")
        self.emit("setup", None, None, None, None, None, "from the position: " + position, 0)

    def event(self, index: int, event: Any) -> None:
        self.marked = getattr(event, "condoned", False)
        s = self.engine.state
        seat = s.seat_of(getattr(event, "player", ""))
        self.turn = s.turn + (seat is not None and seat != s.seat and s.winner is None)
        self.rolls += type(event) is Roll
        super().event(index, event)
        self.marked = False

    def note(self, v: Violation, at: Where, path: str, turn: int | None = None,
             action: int | None = None, seat: int | None = None, position: str | None = None,
             condoned: bool = False, follows: int | None = None) -> Note:
        return super().note(v, at, path, turn, action, seat, position,
                            condoned or self.marked, follows)


def record(log: PigLog, *, in_progress: bool = False) -> tuple[Replay, list[Frame]]:
    """The walk of a log with a :class:`Frame` after every step (``in_progress`` changes
    nothing: a Pig line is whole as soon as it is written)."""
    from cartlog_pig.notation import format_event

    replay = Replay(log)
    frames: list[Frame] = []
    index_of: dict[int, int] = {}

    def listener(step: WalkStep) -> None:
        for note in replay.notes[len(index_of):]:
            index_of[id(note)] = len(index_of)
        s = replay.engine.state
        ev = step.event
        player = getattr(ev, "player", None)
        text = step.text or _words(ev, s.total)
        frames.append(Frame(
            kind=step.kind, turn=replay.turn if step.kind not in ("setup", "end") else None,
            player=player, notation=format_event(ev) if ev is not None else None, text=text,
            findings=[index_of[id(n)] for n in step.notes],
            line=(getattr(ev, "line", 0) or None) if ev is not None else None,
            scores=dict(zip(s.colours, s.scores)), total=s.total))

    replay.run(listener)
    return replay, frames


def _words(ev: Any, total: int) -> str:
    """A step in words, after it was applied."""
    kind = ev.__struct_config__.tag if ev is not None else ""
    if kind == "roll":
        return ("rolls a 1: the turn is lost" if ev.value == 1
                else f"rolls {ev.value}: {total} this turn")
    if kind == "hold":
        return "holds"
    return getattr(ev, "text", "")
