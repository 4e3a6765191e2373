"""Walk a Meuterer log through the engine, and keep what the audit and the views need.

:class:`Replay` applies a log's events to :class:`~cartlog.games.meuterer.engine.Engine` in
the order they stand (the engine settles a round's phases when it closes, whatever order the
round's lines came in), and places what the engine found at the log's lines, entries and
header fields, by JSON path and by line and column; then it makes the checks that are about
the log rather than the game: that it reaches the end, and that its recorded result is the
replayed one. It is shared by the audit (which only wants the notes) and the step-by-step
view (which passes a listener and gets a :class:`~cartlog.core.walk.WalkStep` after every
step). Nothing here prints.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

import msgspec

from cartlog.core.findings import Note, Violation
from cartlog.core.walk import Walk, WalkStep, where
from cartlog.games.meuterer import SPEC, lookahead, rules
from cartlog.games.meuterer.engine import Engine, table_position
from cartlog.games.meuterer.events import Event, MeutererLog, Round, Sell
from cartlog.games.meuterer.frames import Frame
from cartlog.games.meuterer.model import (
    OVER,
    VARIANTS,
    State,
    build_circle,
    cards_text,
    find_variant,
)
from cartlog.games.meuterer.score import RoundBreakdown
from cartlog.games.meuterer.settle import Finding, Told

# the class compared by type below, as a C static (docs/performance.md, "Writing for the
# compiler")
_ROUND: Final = Round
_SELL: Final = Sell


class Replay(Walk[Engine]):
    """One pass over a log (:class:`~cartlog.core.walk.Walk`). After :meth:`run`: ``state``,
    ``notes``, ``unchecked``, counts (``turns``: rounds played, ``actions``: plays and
    passes) and ``scores`` (each round's
    :class:`~cartlog.games.meuterer.score.RoundBreakdown`); ``engine`` is the game as it
    ended.

    After every step the engine takes, what it found (``engine.out``: each finding at its
    event, field and entry, or header field) becomes the walk's notes, what it told of the
    step (with a listener) the walk's :class:`~cartlog.core.walk.WalkStep`, and what it
    left unknown the walk's ``unchecked``.

    ``in_progress``: a log still being recorded. A round it ends in before the selling is
    over is left open, as the table is (the rest of phase 2 and phases 3-8 are still to come,
    001 'Déroulement d'une partie'), rather than settled as a log that stops there is."""

    def __init__(self, log: MeutererLog, *, stop_at_first: bool = False,
                 in_progress: bool = False, positions: int | None = None,
                 mend: bool = True, slips: bool = True) -> None:
        engine = Engine.for_log(log)
        super().__init__(log, SPEC, engine, stop_at_first=stop_at_first, positions=positions)
        self.in_progress = in_progress
        self.rs = find_variant(log.variant) or VARIANTS["base"]
        engine.auto_close = False  # the walker closes each round itself
        engine.slips = slips  # values the rules do not give may be read as slips
        # the note of each player's last sheet error, which the totals that carry it follow
        self.source: list[int | None] = [None] * len(log.players)
        self.told = 0  # the notes up to the last step told
        self.at_round = -1  # while a round is settled, its number (where a stopped walk was)
        self.round_notes = 0  # the notes before the round under way's first line
        self.draws_read = 0  # the draws read as slips to the end of the log so far
        self.mend = mend  # a log with an error: slips of its structure read (structure.mend)

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

    def run(self, listener: Callable[[WalkStep], None] | None = None) -> Replay:
        """Walk the whole log; a log the walk found an error in, walked whole and without a
        listener, is read for a slip of its structure (:func:`structure.mend`)."""
        super().run(listener)
        if self.mend and listener is None and not self.stopped and self.notes:
            from cartlog.games.meuterer import structure
            structure.mend(self)
        return self

    def reached(self) -> int:
        return self.at_round if self.at_round >= 0 else self.state.round

    def setup(self) -> None:
        engine = self.engine
        engine.telling = self.listener is not None
        # the findings that get a position: the engine counts each it makes (as many notes)
        engine.room = self.positions
        engine.setup()
        self.take()

    def event(self, index: int, event: Event) -> None:
        """An event, carried out by the engine at its index (``feed``), which settles a round's phases when it closes,
        whatever order the round's lines came in (a round line closes the round under way:
        its slips of the pen are read first); then what it found is placed."""
        engine = self.engine
        if type(event) is _ROUND:
            if engine.state.open is not None:
                self.settle(index)
            self.round_notes = len(self.notes)
        elif index and type(self.log.events[index - 1]) is type(event) and \
                type(event) is not _SELL and self.repeated(index, event):
            return
        engine.feed(index, event)
        if engine.out:
            self.take()

    def repeated(self, index: int, event: Event) -> bool:
        """Whether ``event`` copies the line before it (not a sell line: two plays alike may
        follow each other, and a copy that breaks a rule is read by :func:`structure.mend`):
        then it is noted (``line/repeated``) and read once."""
        from cartlog.games.meuterer.notation import format_event

        before = self.log.events[index - 1]
        text = format_event(event)
        if text != format_event(before):
            return False
        self.note(Violation("line/repeated", f"this line repeats the line before (line "
                            f"{getattr(before, 'line', 0)}): it is read once",
                            expected=text, actual="twice"),
                  where(event), f"$.events[{index}]", self.engine.state.round)
        return True

    def walk(self) -> None:
        super().walk()
        engine = self.engine
        if not (self.in_progress and engine.phase() in ("wage", "sell")):
            self.settle(len(self.log.events))

    def settle(self, after: int) -> None:
        """The round under way settled by the engine (phases 3-8), its values the rules do not
        give read as slips of the pen where the log's next lines support it: a destination,
        a count of conflict cards, a mutiny's outcome before it settles
        (:func:`lookahead.before_close`), the wage when the scoring meets a sheet that
        gives the captain other points (:func:`lookahead.sheet_wage`), a draw when the
        refill comes to it (:func:`lookahead.read_draw`), the engine waiting for each.
        ``after``: the index of the log's event after the round, where a look-ahead reads
        on."""
        engine = self.engine
        engine.next_event = after
        self.at_round = engine.state.round
        if engine.slips:
            lookahead.before_close(engine)
        engine.close()
        while True:
            scoring = engine.scoring
            if scoring is not None:
                # the wage is read from the sheet only in a round with no other error: another
                # fault of the round may explain the sheet (a play the hand did not hold)
                engine.score(None if self._faulty_round() else
                             lookahead.sheet_wage(engine, scoring.cur, scoring.items))
                continue
            waiting = engine.waiting
            if waiting is None:
                break
            cur, j, want = waiting
            far = self.draws_read < lookahead.FAR_READS
            self.draws_read += 1
            engine.resume(lookahead.read_draw(engine, cur, j, want, far))
        self.take()
        self.at_round = -1

    def _faulty_round(self) -> bool:
        """Whether the round under way has an error so far, placed or still the engine's."""
        codes = self.codes
        return (any(codes[n.violation.code].severity == "error"
                    for n in self.notes[self.round_notes:])
                or any(isinstance(f, Finding) and codes[f.violation.code].severity == "error"
                       for f in self.engine.out))

    # -- what the engine found, placed in the log ----------------------------------------------

    def take(self) -> None:
        """Place what the engine found since it was last asked, tell the listener the steps
        it told, and keep what it left unknown."""
        engine = self.engine
        out = engine.out
        if not out:
            return
        engine.out = []
        for item in out:
            if isinstance(item, Finding):
                self.place(item)
            elif isinstance(item, Told):
                self.tell(item)
            else:
                self.unchecked.append(item)

    def place(self, f: Finding) -> None:
        """A finding as a note: at its event's JSON path (``$.events[3].steps[1]``) and its
        place in a text log, or at a header field; a total that carries an earlier error of
        the sheet follows that error's note."""
        path = f.path
        if isinstance(path, str):  # a header field: deal.red, position
            at = self.header(path.split(".")[0])
            text = "$." + path
        else:
            spot = f.at
            at = spot if type(spot) is tuple else where(spot)
            index, field, j = path
            text = (f"$.events[{index}]" if not field else f"$.events[{index}].{field}"
                    if j is None else f"$.events[{index}].{field}[{j}]")
        v, seat = f.violation, f.seat
        code = v.code
        follows = self.source[seat] if seat is not None and code == "score/carried" else None
        self.note(v, at, text, f.round, f.action, seat, f.position, f.condoned, follows)
        if seat is not None and code in ("score/round", "score/total"):
            self.source[seat] = len(self.notes) - 1

    def tell(self, step: Told) -> None:
        """A step the engine told, given to the listener with the notes since the last."""
        if self.listener is not None:
            self.listener(WalkStep(step.kind, step.event, step.item, step.round, step.action,
                                   step.seat, step.text, self.notes[self.told:], self.engine,
                                   step.phase))
        self.told = len(self.notes)

    def position(self) -> str | None:
        """The one-line position for the next note, of the first ``positions`` notes only."""
        if len(self.notes) >= self.positions:
            return None
        return table_position(self.engine.state)

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
            at = where(last) if last is not None else self.header("players")
            done = state.round - 1
            self.note(Violation("end/unfinished", f"the log ends after {done} of "
                                f"{state.rounds} rounds",
                                expected=f"{state.rounds} rounds", actual=str(done)),
                      at, "$.events", done or None, None, None, self.position())
        if log.result is None:
            self.unchecked.append("the log records no result (Result tag): the result was "
                                  "not compared")
        elif sorted(log.result) != sorted(winners):
            said = ("unfinished" if not over else
                    f"won by {winners[0]}" if len(winners) == 1 else
                    "a tie shared by " + ", ".join(winners))
            totals = ", ".join(f"{c} {s}" for c, s in zip(state.colours, state.scores))
            self.note(Violation("result/differs", f"the replayed game is {said} ({totals})",
                                expected=", ".join(winners) or "unfinished",
                                actual=", ".join(log.result) or "unfinished"),
                      self.header("result"), "$.result")
        self.unchecked.extend(not_checked(engine.counts, engine.turns))
        self.emit("end", None, None, state.round, None, None,
                  ", ".join(winners) or "unfinished", start)


def not_checked(counts: dict[str, int], turns: int) -> list[str]:
    """The checks that hidden cards and missing lines kept from being made (``counts``: the
    engine's, :data:`~cartlog.games.meuterer.engine.COUNTS`; ``turns``: the rounds
    played)."""
    c = counts
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
            "score sheet, not checked, and the hands were read as unseen cards from there on")
    if c["no_score"] and turns:
        out.append(
            f"{c['no_score']} round(s) have no score line: the round points were not "
            "compared with a sheet")
    if c["no_total"] and turns:
        out.append(
            f"{c['no_total']} round(s) have no total line: the running totals were not "
            "compared with a sheet")
    return out


# -- frames for the step-by-step view ----------------------------------------------------------


def record(log: MeutererLog, *, in_progress: bool = False, mend: bool = True
           ) -> tuple[Replay, list[Frame]]:
    """Replay a log and keep a :class:`Frame` for every step; ``in_progress``: see
    :class:`Replay`; ``mend``: a slip of the log's structure is read (see
    :meth:`Replay.run`)."""
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
    if mend and not in_progress and not replay.stopped and replay.notes:
        # slips of the log's structure (structure.find): the mended log's frames, each slip's
        # finding at the frame of its line
        from cartlog.games.meuterer import structure

        read = structure.circle(replay)
        if read is not None:  # the frames of the log played on the circle meant
            again, frames = record(read.again.log, mend=True)
            structure.adopt_circle(replay, read.slip, again)
            return replay, [msgspec.structs.replace(
                f, findings=([0] if k == 0 else []) + [n + 1 for n in f.findings])
                for k, f in enumerate(frames)]
        found = structure.find(replay)
        if found is not None:
            mended, _ = found
            again, frames = record(mended.log, mend=False)
            structure.adopt(replay, mended, again)
            slips = len(mended.mends)
            at: dict[int, list[int]] = {}
            for s in range(slips):
                line = replay.notes[s].line
                k = next((k for k, f in enumerate(frames) if (f.line or 0) >= line),
                         len(frames) - 1)
                at.setdefault(k, []).append(s)
            frames = [msgspec.structs.replace(
                f, findings=at.get(k, []) + [n + slips for n in f.findings])
                for k, f in enumerate(frames)]
    return replay, frames


__all__ = ["Frame", "Note", "Replay", "WalkStep", "build_circle", "record"]
