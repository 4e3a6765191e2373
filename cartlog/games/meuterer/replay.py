"""Walk a Meuterer log through the engine, and keep what the audit and the views need.

:class:`Replay` feeds a log's events to :class:`~cartlog.games.meuterer.engine.Engine` in the
order they stand (the engine settles a round's phases when it closes, whatever order the
round's lines came in), then makes the checks that are about the log rather than the game: that
it reaches the end, and that its recorded result is the replayed one. It is shared by the audit
(which only wants the notes) and the step-by-step view (which passes a listener and gets a
:class:`~cartlog.core.walk.WalkStep` after every event). Nothing here prints.
"""

from __future__ import annotations

from typing import Any

from cartlog.core.findings import Note, Violation
from cartlog.core.walk import Walk, WalkStep
from cartlog.games.meuterer import SPEC, rules
from cartlog.games.meuterer.engine import Engine, build_circle
from cartlog.games.meuterer.events import Event, MeutererLog
from cartlog.games.meuterer.frames import Frame
from cartlog.games.meuterer.model import OVER, VARIANTS, State, cards_text, find_variant
from cartlog.games.meuterer.notebook import Step, where
from cartlog.games.meuterer.score import RoundBreakdown


class Replay(Walk[Engine]):
    """One pass over a log (:class:`~cartlog.core.walk.Walk`). After :meth:`run`: ``state``,
    ``notes``, ``unchecked``, counts (``turns``: rounds played, ``actions``: plays and
    passes) and ``scores`` (each round's
    :class:`~cartlog.games.meuterer.score.RoundBreakdown`); ``engine`` is the game as it
    ended.

    The engine keeps the notes in its notebook while it settles each round (the walk's
    ``notes`` and ``unchecked`` are the notebook's); the notebook's steps reach a listener as
    the walk's (:class:`~cartlog.core.walk.WalkStep`).

    ``in_progress``: a log still being recorded. A round it ends in before the selling is
    over is left open, as the table is (the rest of phase 2 and phases 3-8 are still to come,
    001 'Déroulement d'une partie'), rather than settled as a log that stops there is."""

    def __init__(self, log: MeutererLog, *, stop_at_first: bool = False,
                 in_progress: bool = False, positions: int | None = None) -> None:
        engine = Engine.for_log(log, stop_at_first=stop_at_first)
        super().__init__(log, SPEC, engine, stop_at_first=stop_at_first, positions=positions)
        self.in_progress = in_progress
        self.rs = find_variant(log.variant) or VARIANTS["base"]
        engine.auto_close = False  # the walker closes each round itself
        engine.slips = True  # values the rules do not give may be read as slips
        engine.book.positions = self.positions
        self.notes = engine.book.notes  # one list: the engine's notebook places the notes
        self.unchecked = engine.book.unchecked

    @property
    def state(self) -> State:
        """The table, from the setup that :meth:`run` starts with."""
        return self.engine.state

    @property
    def turns(self) -> int:
        return self.engine.turns

    @property
    def actions(self) -> int:
        return self.engine.actions

    @property
    def scores(self) -> list[RoundBreakdown]:
        return self.engine.scores

    def reached(self) -> int:
        return self.state.round  # the setup notes the header's errors once the table is set

    def setup(self) -> None:
        if self.listener is not None:
            self.engine.book.listener = self._relay
        self.engine.setup()

    def _relay(self, step: Step) -> None:
        """A step of the engine's notebook, given to the listener as the walk's."""
        if self.listener is not None:
            self.listener(WalkStep(step.kind, step.event, step.item, step.round,
                                   step.action_no, step.seat, step.text, step.notes,
                                   self.engine, step.phase))

    def event(self, index: int, event: Event) -> None:
        """An event, fed to the engine, which settles a round's phases when it closes,
        whatever order the round's lines came in."""
        self.engine.feed(index, event)

    def walk(self) -> None:
        super().walk()
        engine = self.engine
        engine.next_event = len(self.log.events)
        if not (self.in_progress and engine.phase() in ("wage", "sell")):
            engine.close()

    # -- the log's own checks ----------------------------------------------------------------

    def finish(self) -> None:
        """The log reaches the end of the game (U1), and its Result is the replayed one."""
        engine, log = self.engine, self.log
        state = engine.state
        start = len(self.notes)
        over = state.phase == OVER
        winners = [state.colours[s] for s in rules.winners(state)] if over else []
        if not over:
            last = log.events[-1] if log.events else None
            at = where(last) if last is not None else engine.book.header("players")
            done = state.round - 1
            engine.book.note(Violation("end/unfinished", f"the log ends after {done} of "
                                       f"{state.rounds} rounds",
                                       expected=f"{state.rounds} rounds", actual=str(done)),
                             at, "$.events", done or None, None, None,
                             engine.book.position(state))
        if log.result is None:
            self.unchecked.append("the log records no result (Result tag): the result was "
                                  "not compared")
        elif sorted(log.result) != sorted(winners):
            said = ("unfinished" if not over else
                    f"won by {winners[0]}" if len(winners) == 1 else
                    "a tie shared by " + ", ".join(winners))
            totals = ", ".join(f"{c} {s}" for c, s in zip(state.colours, state.scores))
            engine.book.note(Violation("result/differs",
                                       f"the replayed game is {said} ({totals})",
                                       expected=", ".join(winners) or "unfinished",
                                       actual=", ".join(log.result) or "unfinished"),
                             engine.book.header("result"), "$.result")
        self.unchecked.extend(engine.not_checked())
        engine.book.emit(state, "end", None, None, None, None,
                         ", ".join(winners) or "unfinished", start)


# -- frames for the step-by-step view ----------------------------------------------------------


def record(log: MeutererLog, *, in_progress: bool = False) -> tuple[Replay, list[Frame]]:
    """Replay a log and keep a :class:`Frame` for every step; ``in_progress``: see
    :class:`Replay`."""
    from cartlog.games.meuterer.notation import format_event, format_step

    replay = Replay(log, in_progress=in_progress)
    frames: list[Frame] = []
    index_of: dict[int, int] = {}

    def table(state: State) -> dict[str, Any]:
        over = state.phase == OVER
        return dict(
            hands={c: cards_text(h) for c, h in zip(state.colours, state.hands)},
            played={c: cards_text(p) for c, p in zip(state.colours, state.played)},
            scores=dict(zip(state.colours, state.scores)),
            captain=state.colours[state.captain], ship=state.island_name(state.ship),
            previous=state.island_name(state.prev) if state.prev >= 0 else None,
            pirate=state.island_name(state.pirate) if state.pirate >= 0 else None,
            deck=state.deck_count, discard=sum(state.discard),
            winners=[state.colours[s] for s in rules.winners(state)] if over else None)

    def listener(step: WalkStep) -> None:
        for note in replay.notes[len(index_of):]:
            index_of[id(note)] = len(index_of)
        found = [index_of[id(n)] for n in step.notes]
        state = replay.engine.state
        colour = state.colours[step.seat] if step.seat is not None and step.seat >= 0 else None
        ev = step.event
        line = getattr(step.item if step.item is not None else ev, "line", 0) or None
        if step.kind == "action":
            frames.append(Frame(kind="action", turn=step.turn, action=step.action,
                                player=colour, notation=format_step(step.item), text=step.text,
                                findings=found, line=line))
        elif step.kind in ("round-end", "setup", "end"):
            frames.append(Frame(kind=step.kind, turn=step.turn, player=colour,
                                notation=format_event(ev) if ev is not None else None,
                                text=step.text, findings=found, line=line, **table(state)))
        else:
            frames.append(Frame(kind=step.kind, phase=step.phase, turn=step.turn,
                                player=colour,
                                notation=format_event(ev) if ev is not None else None,
                                text=step.text, findings=found, line=line))

    replay.run(listener)
    return replay, frames


__all__ = ["Frame", "Note", "Replay", "WalkStep", "build_circle", "record"]
