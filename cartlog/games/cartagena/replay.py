"""Walk a Cartagena log through the engine: read each event, the engine checks it, then
applies it as played (:class:`Engine`: a turn line through its one composition of a turn,
``check_begin``/``begin``, ``check_action``/``play``, ``check_end``/``end``, or its ``step``
for a line of usual lawful actions). Beside the engine, the walk's own passes over the log:
turn numbers, condoned marks, slips of the pen (:mod:`lookahead`), what could not be checked,
the recorded result.

:class:`Replay` is shared by the audit (which only wants the notes) and the step-by-step
renderer (which passes a listener and gets a :class:`~cartlog.core.walk.WalkStep` after every
event): it is the one walk of every game (:class:`~cartlog.core.walk.Walk`) with what a
Cartagena log holds beyond one engine event a line. Nothing here prints: notes are data,
located in the log by line and column (text) or path (JSON).
"""

from __future__ import annotations

from typing import Any, Final, NamedTuple

import msgspec

from cartlog.core.findings import Violation
from cartlog.core.walk import Walk, WalkStep, where
from cartlog.games.cartagena import SPEC, rules
from cartlog.games.cartagena.engine import Engine, signs
from cartlog.games.cartagena.events import (
    Action,
    Back,
    CartagenaLog,
    Comment,
    Draw,
    Event,
    Forward,
    HandClaim,
    Pass,
    PiratesClaim,
    Row,
    Turn,
)
from cartlog.games.cartagena.frames import Frame
from cartlog.games.cartagena.lookahead import HORIZON, errors_ahead, errors_from, errors_of
from cartlog.games.cartagena.model import NSIGNS, RULESETS, UNKNOWN, State, find_ruleset
from cartlog.games.cartagena.notation import format_action
from cartlog.games.cartagena.position import to_position

# the classes compared by type below, as C statics: compiled, a class imported by name is
# looked up in the module's dictionary at every use (docs/performance.md, "Writing for the
# compiler")
_BACK: Final = Back
_DRAW: Final = Draw
_FORWARD: Final = Forward
_PASS: Final = Pass
_TURN: Final = Turn


class Read(NamedTuple):
    """An action as the walk read it: the action to play (the log's, or the reading of a slip
    the rest of the log supports), its findings, the position they are noted with and the
    words for a listener."""

    played: Action
    found: list[Violation]
    position: str | None
    text: str


# A draw written other than the rules give it, which may be a slip of the pen; and the
# findings about the cards drawn, which the reading followed decides.
_SLIPS: Final = ("draw/count", "draw/not-next-in-row")
# the findings about the turn line rather than its action, which a condoned mark does not
# condone (codes.md, "Condoned findings")
_TURN_CODES: Final = ("turn/action-after-pass", "turn/too-many-actions")
_DRAWN: Final = frozenset({"draw/count", "draw/not-next-in-row", "card/too-many"})
# Drawn cards as written -> their signs, for each rule set: the draws met so far (a few
# hundred spellings at most), so that a usual draw costs one look-up.
_DRAW_SIGNS: Final[dict[str, dict[str, tuple[int, ...]]]] = {}
# Drawn cards as signs (-1 unseen), or None for a draw written by its count alone; and one
# reading of a draw: its cards and its count.
Drawn = list[int] | None
Reading = tuple[Drawn, int | None]
# Each draw read both ways is played to the end of the log: past this many in one log (a log
# whose every draw is off is no slip of the pen) the rest are kept as written.
_DRAW_READS: Final = 25


# Findings of another player's move that a turn left out, read in more than one way, may
# account for (:meth:`Replay._follows_unsure`).
_UNSURE: Final = frozenset({"move/forward-destination", "move/back-destination",
                            "move/space-full", "move/back-impossible", "draw/count"})
# The readings of a turn left out kept at each of its actions (:meth:`Replay._infer`), and
# the turns left out one log has inferred at most (a log that leaves out a turn every few
# lines makes no slips of the pen): past them a turn left out is played with nothing written.
_BEAM: Final = 6
_INFERRED: Final = 10


def _score(reading: tuple[int, list[Action], Engine]) -> int:
    """The errors a reading of a turn left out meets (:meth:`Replay._infer`)."""
    return reading[0]


def _length(reading: tuple[int, list[Action], Engine]) -> int:
    """The actions of a reading of a turn left out (:meth:`Replay._infer`)."""
    return len(reading[1])


def _options(game: Engine) -> list[Action]:
    """The actions a turn left out may go on with, as the search reads them
    (:meth:`Replay._infer`): each lawful forward move whose card and destination are known,
    and each backward move or stuck draw with its cards unseen (only their number is
    given)."""
    out: list[Action] = []
    for act in game.legal():
        kind = type(act)
        if kind is _FORWARD:
            if act.card != "?":
                out.append(act)
        elif (kind is _BACK or kind is _DRAW) and act.cards is None:
            out.append(act)
    return out


class Replay(Walk[Engine]):
    """One pass over a log (:class:`~cartlog.core.walk.Walk`). After :meth:`run`:
    ``state``, ``notes``, ``unchecked`` and counts."""

    def __init__(self, log: CartagenaLog, *, stop_at_first: bool = False,
                 positions: int | None = None) -> None:
        super().__init__(log, SPEC, Engine.start(log), stop_at_first=stop_at_first,
                         positions=positions)
        self.turns = 0
        self.actions = 0
        self._unseen_plays = 0
        self._count_only_draws = 0
        self._draws_read = 0  # draws read both ways (:meth:`_draw_slips`), at most _DRAW_READS
        self._inferred = 0  # turns left out searched (:meth:`_infer`), at most _INFERRED
        self._unknown_forward = 0
        self._unseen_boat = 0
        # the players whose turn was read as left out (turn/missing), with that note's index:
        # what the turn did is unknown, so their later findings follow from it
        self._left_out: dict[int, int] = {}
        # a turn left out read in more than one way: its note, the last turn it may bear on
        # and the spaces those readings leave held otherwise (:meth:`_follows_unsure`)
        self._unsure: tuple[int, int, set[int]] = (-1, 0, set())
        # the finding of the line or action being read that names a slip of the pen read
        # (its repair is followed): noted as a slip (Note.slip)
        self._named: Violation | None = None
        self.rs = find_ruleset(log.rules) or RULESETS["2000-jamaica"]
        self.seat_of: dict[str, int] = {}
        for seat, c in enumerate(self.colours):
            self.seat_of.setdefault(c, seat)

    @property
    def state(self) -> State:
        """The game as the walk stands."""
        return self.engine.state

    def _now(self) -> State:
        return self.engine.state

    def reached(self) -> int:
        return self.turns

    # -- notes -------------------------------------------------------------------------------

    def position(self) -> str | None:
        """The one-line position for the next note, of the first ``positions`` notes only (a
        report lists no more, docs/cli.md "Limits"). A card played from a hand that held none
        still goes to the discard pile, so that a log of such plays grows the pile with the
        game: a table holding more cards than the game has is no position a game reaches (the
        reader refuses it, O1, R1), and gets none. A position is thus never longer than the
        game's cards, and no note's grows with the log."""
        if len(self.notes) >= self.positions:
            return None
        state = self.engine.state
        cards = sum(state.discard) + sum(sum(h) for h in state.hands)
        if cards + len(state.row) - state.row_next > state.rs.deck_size:
            return None
        return to_position(state)

    # -- the walk ----------------------------------------------------------------------------

    def walk(self) -> None:
        """Every event in order. A turn line goes through the engine (:meth:`Engine.step`
        for a line of usual lawful actions, then :meth:`_turn` for the rest of it, event by
        event); beside it, the log's own passes: the turn numbers, the condoned marks, what
        could not be checked, the steps a listener gets."""
        engine = self.engine
        state = engine.state
        cards = _DRAW_SIGNS.setdefault(state.rs.name, {})
        seat_of, hands = self.seat_of, state.hands
        plain = self.listener is None
        previous: Turn | None = None
        events = self.log.events
        skip = -1  # the second of two lines read swapped, already played
        for index, event in enumerate(events):
            if type(event) is not _TURN:
                self._event(index, event)
                continue
            if index == skip:
                continue
            if (previous is not None and event.player == previous.player
                    and self._repeated(index, event, previous)):
                continue
            previous = event
            self.turns = number = self.turns + 1
            seat = seat_of.get(event.player, 0)
            if (seat != state.seat and index + 1 < len(events)
                    and self._swapped(index, event, number, seat)):
                skip = index + 1
                continue
            if event.number == number + 1 and self._missing(index, event, number, seat):
                self.turns = number = number + 1
                engine = self.engine  # the game after the turn left out, as read
                state = engine.state
                hands = state.hands
            done = -1
            # the walk's own conditions of the engine's fast step: a hand whose every card is
            # known (a play from an unseen hand is counted as not fully checked), nobody
            # listening
            if plain and not hands[seat][UNKNOWN]:
                done = engine.step(event, seat, cards)
                if done == len(event.actions):
                    self.actions += done
                    continue
            self._turn(index, event, number, seat, max(done, 0))

    def setup(self) -> None:
        log, rs = self.log, self.rs
        start = len(self.notes)
        engine = self.engine
        board_slip = self._board_slip() if log.position is None else None
        if board_slip is not None:
            engine = self.engine = board_slip[0]
        for note in engine.setup:
            self.note(note.violation, self.header(note.field), note.path, seat=note.seat)
        if board_slip is not None:
            self.note(board_slip[1], self.header("board"), "$.board", slip=True)
        if log.position is not None:
            self._from_position(engine, start)
            return
        if engine.unseen:
            self.unchecked.append(
                f"the deal of {', '.join(engine.unseen)} is not (fully) known: cards played "
                "from those hands are checked only against the deck's counts")
        if log.row is None and rs.tortuga:
            self.unchecked.append("the opening row is not recorded")
        self.emit("setup", None, None, None, None, None, "setup", start)

    def _board_slip(self) -> tuple[Engine, Violation] | None:
        """A miscopied letter of the Board tag: one section holds a sign twice and misses
        another (C7, ``setup/board-section``), and the log's moves show which of the two
        spaces was the missing sign. Each reading of the board (either space read as the
        missing sign) is played through the whole log (:mod:`lookahead`); the one that
        meets the fewest errors, fewer than the board as written and than the other, is
        followed: the engine starts from it, and the section's finding names the letter
        meant. Returns that engine and finding, or ``None``."""
        engine, log, rs = self.engine, self.log, self.rs
        notes = [n for n in engine.setup if n.field == "board"]
        board = log.board
        if (len(notes) != 1 or notes[0].violation.code != "setup/board-section"
                or len(board) != rs.spaces):
            return None
        signs = [rs.index.get(c, -1) for c in board]
        first = next(f for f in range(0, len(board), 6)
                     if sorted(signs[f:f + 6]) != list(range(NSIGNS)))
        section = signs[first:first + 6]
        twice = [s for s in range(NSIGNS) if section.count(s) == 2]
        missing = [s for s in range(NSIGNS) if s not in section]
        if len(twice) != 1 or len(missing) != 1:
            return None
        letter = rs.letters[missing[0]]
        best = errors_from(log, self.seat_of, engine.copy(), 0)
        meant: tuple[int, Engine] | None = None
        ties = 0
        for space in [first + i for i, s in enumerate(section) if s == twice[0]]:
            reading = Engine.start(msgspec.structs.replace(
                log, board=board[:space] + letter + board[space + 1:]))
            n = errors_from(log, self.seat_of, reading.copy(), 0)
            if n < best:
                meant, best, ties = (space, reading), n, 0
            elif n == best and meant is not None:
                ties += 1
        if meant is None or ties:
            return None
        space, reading = meant
        v = notes[0].violation
        fixed = "".join(rs.letters[s] for s in section)
        fixed = fixed[:space - first] + letter + fixed[space - first + 1:]
        shown = sum(1 for e in log.events if type(e) is _TURN for a in e.actions
                    if type(a) is _FORWARD and a.to == space + 1 and a.card.upper() == letter)
        sign = rs.signs[missing[0]]
        why = (f"{shown} move{'s' if shown != 1 else ''} of the log "
               f"land{'s' if shown == 1 else ''} as if space "
               f"{space + 1} were a {sign}" if shown else
               f"the moves of the log fit a {sign} on space {space + 1}")
        reading.setup[:] = [n for n in reading.setup if n.field != "board"]
        return reading, v._replace(
            message=f"{v.message}; {why}: did you mean {fixed} "
                    f"(space {space + 1} {letter}, not {board[space]})?", expected=fixed)

    def _from_position(self, engine: Engine, start: int) -> None:
        """A log that starts from a position: its turns are numbered on from the position's,
        and what came before it is said to be unchecked."""
        state = engine.state
        self.turns = state.turn - 1
        parts = ["the setup", "the deal"]
        if state.turn > 1:
            parts.append(f"turns 1-{state.turn - 1}" if state.turn > 2 else "turn 1")
        if state.done:
            parts.append(f"the {'action' if state.done == 1 else f'{state.done} actions'} "
                         f"of turn {state.turn} the position holds")
        before = ", ".join(parts[:-1]) + " and " + parts[-1]
        self.unchecked.append(
            f"the log starts from a position at turn {state.turn}: the play before it "
            f"({before}) was not checked, and the position's pirates, hands and piles are "
            "taken as they are")
        if engine.unseen:
            self.unchecked.append(
                f"the hand of {', '.join(engine.unseen)} is not (fully) known in the "
                "position: cards played from it are checked only against the deck's counts")
        self.emit("setup", None, None, None, None, None, "from the position: "
                  + (self.log.position or ""), start)

    def _event(self, index: int, event: Event) -> None:
        """An event other than a turn (:meth:`_walk` walks the turns)."""
        if isinstance(event, Row):
            self._row(index, event)
        elif isinstance(event, HandClaim):
            self._hand_claim(index, event)
        elif isinstance(event, PiratesClaim):
            self._pirates_claim(index, event)
        elif isinstance(event, Comment):
            self.emit("comment", event, None, None, None, None, event.text, len(self.notes))

    def _turn(self, index: int, turn: Turn, number: int, seat: int, first: int = 0) -> None:
        """Walk one turn line from its action ``first`` (the ones before it were played by the
        engine's step), event by event: the engine checks (:meth:`Engine.check_begin`,
        :meth:`Engine.check_action`, :meth:`Engine.check_end`) and applies; the walk locates
        the findings and adds the log's own: the turn number, condoned marks, slips of the
        pen (:meth:`_slip`, :meth:`_draw_slips`), what could not be checked."""
        engine = self.engine
        start_notes = len(self.notes)
        if not first:  # the line's own rules, met before its first action
            found = engine.check_begin(turn, seat)
            if engine.finished():  # after the end: the line is one finding, at its first action
                for v in found:
                    self.note(v, where(turn.actions[0]) or where(turn),
                              f"$.events[{index}].actions[0]", number, 1, seat,
                              self.position())
                self.emit("turn-end", turn, None, number, None, seat, "after the end",
                          start_notes)
                return
            if found and not any(a.condoned for a in turn.actions):
                found, turn, seat = self._other_player(found, turn, index, number, seat)
            for v in found:
                if v.code == "turn/number":  # the number the line writes
                    self.note(v, where(turn), f"$.events[{index}].number", number, None, seat)
                else:
                    self.note(v, where(turn), f"$.events[{index}].player", number, None,
                              seat, self.position(), slip=v is self._named)
            engine.begin(turn, seat)
        pass_condoned = False
        actions = turn.actions
        for ai in range(first, len(actions)):
            act = actions[ai]
            found = engine.check_action(act)
            if engine.finished():  # nothing after the win: one finding, the rest unread
                for v in found:
                    self.note(v, where(act), f"$.events[{index}].actions[{ai}]", number,
                              ai + 1, seat, self.position())
                break
            if type(act) is _PASS:
                pass_condoned = pass_condoned or act.condoned  # the log's own mark
                engine.play(act)
                continue
            own = found
            if found and found[0].code in _TURN_CODES:  # the turn's, which no mark condones
                own = [v for v in found if v.code not in _TURN_CODES]
                for v in found:
                    if v.code in _TURN_CODES:
                        self.note(v, where(act), f"$.events[{index}].actions[{ai}]",
                                  number, ai + 1, seat, self.position())
            listening = self.listener is not None
            if type(act) is _FORWARD:
                read = self._forward(act, own, index, ai, seat)
            elif type(act) is _BACK:
                read = self._back(act, own, index, ai, seat)
            else:
                assert type(act) is _DRAW  # the last kind of action (events.Action)
                read = self._stuck_draw(act, own, index, ai, seat)
            engine.play(read.played)
            if read.found or act.condoned or listening or type(act) is _DRAW:
                start = self._found(read.found, act, index, number, ai, seat, read.position)
                if listening:
                    self._action_step(act, number, ai, seat, read.text, start)
        self._named = None
        self.actions += engine.moved()
        found = engine.check_end()
        # a finding about the turn as a whole: a "pass!" does not condone it (codes.md,
        # "Condoned findings")
        for v in found:
            self.note(v, where(turn), f"$.events[{index}]", number, None, seat,
                      self.position(), follows=self._left_out.get(seat))
        if pass_condoned:
            if engine.moved() or not found:
                mark = next(a for a in turn.actions if type(a) is _PASS and a.condoned)
                self._condoned_legal(mark, index, number, turn.actions.index(mark), seat)
        engine.end()
        if self.listener is not None:
            self.emit("turn-end", turn, None, number, None, seat, "", start_notes)

    def _repeated(self, index: int, turn: Turn, previous: Turn) -> bool:
        """A turn line written twice in a row (the same player, the same actions, the same
        number or none): noted once (``turn/repeated``) and not played. Returns whether it
        was."""
        boat = self.engine.state.boat
        if (turn.number not in (previous.number, None) or len(turn.actions) != len(previous.actions)
                or [format_action(a, boat) for a in turn.actions]
                != [format_action(a, boat) for a in previous.actions]):
            return False
        self.note(Violation("turn/repeated", f"this line repeats the line before (line "
                            f"{previous.line}): it is read once", expected="the line once",
                            actual="twice"), where(turn), f"$.events[{index}]",
                  self.turns, None, self.seat_of.get(turn.player))
        return True

    def _swapped(self, index: int, turn: Turn, number: int, seat: int) -> bool:
        """Two turn lines swapped: this line is not the turn of the player to move, and the
        next line is. When the log from here (:mod:`lookahead`) meets fewer errors with the
        two lines read the other way round (their numbers with them, or left in place) than
        as written, and than with a turn left out before this line (:meth:`_missing`), the
        slip is one finding (``turn/swapped``) and the walk plays the next line, then this
        one. Returns whether it did."""
        engine = self.engine
        state = engine.state
        log, events = self.log, self.log.events
        after = events[index + 1]
        if (state.winner is not None or type(after) is not _TURN
                or self.seat_of.get(after.player, -1) != state.seat):
            return False
        first, second = after, turn
        if not (turn.number == number + 1 and after.number == number):  # numbers in place
            first = msgspec.structs.replace(after, number=turn.number)
            second = msgspec.structs.replace(turn, number=after.number)
        seat_of = self.seat_of
        best = errors_from(log, seat_of, engine.copy(), index, HORIZON)
        n_players = len(state.colours)
        if turn.number == number + 1 and seat == (state.seat + 1) % n_players:
            empty = engine.copy()  # the reading of a turn left out (:meth:`_missing`)
            empty.begin(Turn(number=number, player=state.colours[state.seat], actions=[]),
                        state.seat)
            empty.end()
            best = min(best, errors_from(log, seat_of, empty, index, HORIZON))
        read = msgspec.structs.replace(log, events=[*events[:index], first, second,
                                                    *events[index + 2:]])
        if errors_from(read, seat_of, engine.copy(), index, HORIZON) >= best:
            return False
        colour = state.colours[state.seat]
        self.note(Violation("turn/swapped", f"this line and the next (line {after.line}) seem "
                            f"swapped: turn {number} is {colour}'s, written on the next line, "
                            "and the rest of the log fits the two read the other way round",
                            expected=f"{number}. {colour} ...",
                            actual=f"{turn.number}. {turn.player}"),
                  where(turn), f"$.events[{index}]", number, None, state.seat,
                  self.position(), slip=True)
        self._turn(index + 1, first, number, state.seat)
        self.turns = number + 1
        self._turn(index, second, number + 1, seat)
        return True

    def _missing(self, index: int, turn: Turn, number: int, seat: int) -> bool:
        """A turn line left out: this line is numbered one past the game's turn and is the
        next player's. When the line and the next turns of the log (:mod:`lookahead`) meet
        fewer errors after a turn of the player to move with nothing written than as written,
        the slip is one finding (``turn/missing``, naming the turn left out), and the walk
        plays first the turn the lines after it fit (:meth:`_infer`, named in the finding),
        or, when none fits better than none, that empty turn. Returns whether it did."""
        engine = self.engine
        state = engine.state
        skipped = state.seat
        if state.winner is not None or seat != (skipped + 1) % len(state.colours):
            return False
        colour = state.colours[skipped]
        empty = Turn(number=number, player=colour, actions=[])
        written, reading = engine.copy(), engine.copy()
        found = written.check_begin(turn, seat)
        written.begin(turn, seat)
        n_written = errors_of(found) + errors_ahead(self.log, self.seat_of, written, index, -1)
        reading.begin(empty, skipped)
        reading.end()
        again = reading.check_begin(turn, seat)
        reading.begin(turn, seat)
        n_reading = errors_of(again) + errors_ahead(self.log, self.seat_of, reading, index, -1)
        if n_reading >= n_written:
            return False
        inferred = None
        if self._inferred < _INFERRED:
            self._inferred += 1
            inferred = self._infer(index, skipped, number)
        fits = f"the rest of the log fits a turn of {colour}'s left out"
        meant = f"{number}. {colour} ..."
        if inferred is None or inferred[2]:  # what the turn did is not clear
            self._left_out[skipped] = len(self.notes)
        if inferred is not None:  # the turn followed: its line as the log would write it
            meant = f"{number}. {colour} " + " ".join(
                format_action(a, state.boat) for a in inferred[0])
            fits = "the lines after it fit " + meant.split(" ", 1)[1]
            alike = inferred[2]
            if alike:
                fits += (f", or {len(alike)} other turn{'s' if len(alike) > 1 else ''} "
                         "alike")
                self._unsure = (len(self.notes), number + HORIZON, {
                    s for s in range(state.boat + 1)
                    if any(e.state.occ[s] != inferred[1].state.occ[s] for e in alike)})
        self.note(Violation("turn/missing", f"a turn seems to be missing before this line: "
                            f"turn {number} is {colour}'s, and {fits}", expected=meant,
                            actual=f"{turn.number}. {turn.player}"),
                  where(turn), f"$.events[{index}]", number, None, skipped, self.position())
        if inferred is None:
            engine.begin(empty, skipped)
            engine.end()
        else:
            self.engine = inferred[1]
        return True

    def _infer(self, index: int, skipped: int, number: int
               ) -> tuple[list[Action], Engine, list[Engine]] | None:
        """What a turn left out before line ``index`` seems to have been: a search over the
        lawful turns of the player at ``skipped`` (a beam of :data:`_BEAM` readings, action by
        action; the cards a backward move draws are unseen), each scored by the errors the
        next :data:`HORIZON` turns of the log meet after it (:mod:`lookahead`). Readings that
        leave the table alike are one. The best reading, when it meets fewer errors than no
        turn at all, is followed; it is clear when it meets fewer than every other (those
        alike to :data:`HORIZON` played to the end of the log). Returns its actions, the
        engine after it and the engines after the readings as good (none when it is clear),
        or ``None``."""
        engine = self.engine
        state = engine.state
        log, seat_of = self.log, self.seat_of
        first = engine.copy()
        first.begin(Turn(number=number, player=state.colours[skipped], actions=[]), skipped)
        nothing = first.copy()
        nothing.end()
        scored: dict[str, tuple[int, list[Action], Engine]] = {}
        beam: list[tuple[int, list[Action], Engine]] = [(0, [], first)]
        for _ in range(state.rs.actions):
            grown: list[tuple[int, list[Action], Engine]] = []
            for _n, acts, game in beam:
                for act in _options(game):
                    played = game.copy()
                    played.play(act)
                    ended = played.copy()
                    ended.end()
                    n = errors_from(log, seat_of, ended.copy(), index, HORIZON)
                    reading = [*acts, act]
                    key = ended.position()
                    if key in scored and scored[key][0] <= n:
                        continue  # a table already reached (the same moves in another order)
                    scored[key] = (n, reading, ended)
                    if not played.finished() and not ended.state.stuck_draw:
                        grown.append((n, reading, played))
            grown.sort(key=_score)
            beam = grown[:_BEAM]
        if not scored:
            return None
        least = min(n for n, _r, _e in scored.values())
        if least >= errors_from(log, seat_of, nothing.copy(), index, HORIZON):
            return None
        tied = [(n, r, e) for n, r, e in scored.values() if n == least]
        if len(tied) > 1:  # alike to the horizon: the rest of the log may tell them apart
            tied = [(errors_from(log, seat_of, e.copy(), index), r, e) for _n, r, e in tied]
            least = min(n for n, _r, _e in tied)
            tied = [t for t in tied if t[0] == least]
        tied.sort(key=_length)
        return tied[0][1], tied[0][2], [e for _n, _r, e in tied[1:]]

    def _other_player(self, found: list[Violation], turn: Turn, index: int, number: int,
                      seat: int) -> tuple[list[Violation], Turn, int]:
        """A turn line written under the wrong colour (``turn/out-of-order``): played as the
        turn of the player whose turn it was, the line and the next turns of the log
        (:mod:`lookahead`) may meet fewer errors than as written. Then it is read so: the
        slip is one finding, naming the line meant (*did you mean 12. yellow?*), and the walk
        goes on with that player's turn. Otherwise the findings stand as they are."""
        v = next((v for v in found if v.code == "turn/out-of-order"), None)
        if v is None or v.expected is None or v.expected not in self.seat_of:
            return found, turn, seat
        other = self.seat_of[v.expected]
        meant = msgspec.structs.replace(turn, player=v.expected)
        engine = self.engine
        written, reading = engine.copy(), engine.copy()
        written.begin(turn, seat)
        n_written = errors_of(found) + errors_ahead(self.log, self.seat_of, written, index, -1)
        again = reading.check_begin(meant, other)
        reading.begin(meant, other)
        n_meant = errors_of(again) + errors_ahead(self.log, self.seat_of, reading, index, -1)
        if n_meant >= n_written:
            return found, turn, seat
        said = f"{turn.number}. {v.expected}" if turn.number is not None else v.expected
        self._named = v._replace(message=f"{v.message}; the line fits {v.expected}'s turn, "
                                 f"and later lines follow it: did you mean {said}?",
                                 expected=said)
        return ([self._named] + [w for w in again if w.code != "turn/out-of-order"]), meant, \
            other

    def _condoned_legal(self, act: Action, index: int, number: int, ai: int, seat: int
                        ) -> None:
        self.note(Violation("condoned/legal", "marked as condoned (!) but the action is legal",
                            expected="no !", actual="!"),
                  where(act), f"$.events[{index}].actions[{ai}]", number, ai + 1, seat)

    def _found(self, found: list[Violation], act: Forward | Back | Draw, index: int,
               number: int, ai: int, seat: int, position: str | None) -> int:
        """Place the violations of one action (or note a needless condoned mark)."""
        start = len(self.notes)
        at = where(act)
        follows = self._left_out.get(seat)
        for v in found:
            self.note(v, at, f"$.events[{index}].actions[{ai}]", number, ai + 1, seat,
                      position, act.condoned,
                      follows if follows is not None else self._follows_unsure(v, act, number),
                      v is self._named)
        self._named = None
        if act.condoned and not found:
            self._condoned_legal(act, index, number, ai, seat)
        return start

    def _follows_unsure(self, v: Violation, act: Forward | Back | Draw, number: int
                        ) -> int | None:
        """The note of a turn left out that the finding ``v`` of a move may only follow from:
        when the turn was read in more than one way, a finding of where a move goes or what
        its draw takes (:data:`_UNSURE`) within :data:`HORIZON` turns of it, for a move whose
        spaces (from its start to the space written, and to the space the rules give) reach
        a space those readings leave held otherwise. Otherwise ``None``."""
        note, until, spaces = self._unsure
        if note < 0 or number > until or v.code not in _UNSURE or isinstance(act, Draw):
            return None
        ends = [act.start]
        if act.to is not None:
            ends.append(act.to)
        if v.expected is not None and v.expected.isdigit():
            ends.append(int(v.expected))
        low, high = min(ends), max(ends)
        return note if any(low <= s <= high for s in spaces) else None

    def _forward(self, act: Forward, found: list[Violation], index: int, ai: int, seat: int
                 ) -> Read:
        """A forward move's findings (``found``, the engine's) read: what could not be
        checked, a destination that may be a slip of the pen, the words for a listener."""
        state = self._now()
        card = self.rs.index.get(act.card, -1)
        if card < 0:
            if act.to is None:
                self._unknown_forward += 1
            elif act.to == state.boat:
                self._unseen_boat += 1
        elif state.hands[seat][UNKNOWN] and not state.hands[seat][card]:
            self._unseen_plays += 1
        text = self._describe_forward(seat, card, act) if self.listener is not None else ""
        pos = self.position() if found else None
        played: Action = act
        if found and not act.condoned and act.to is not None and seat not in self._left_out:
            found, to = self._slip(found, "move/forward-destination", act, index, ai)
            if to != act.to:
                played = msgspec.structs.replace(act, to=to)
            else:
                found, played = self._miscopied(found, act, index, ai, seat)
        return Read(played, found, pos, text)

    def _miscopied(self, found: list[Violation], act: Forward, index: int, ai: int,
                   seat: int) -> tuple[list[Violation], Forward]:
        """A forward move whose start space or card letter looks miscopied: a pirate of the
        player's that the card takes to the space written (``K3-14`` for ``K5-14``:
        ``move/no-pirate``), or a sign the hand may hold that takes the pirate there (``K0-7``
        for ``D0-7``: ``move/forward-destination``). Each such move, lawful, is played with
        the next turns of the log (:mod:`lookahead`); the one that meets the fewest errors,
        fewer than the move as written with its own, is the reading followed: the slip is one
        finding, naming the move meant. Otherwise (the log fits no reading better, or two
        alike) the findings stand as they are."""
        state = self._now()
        card = self.rs.index.get(act.card, -1)
        codes = [v.code for v in found]
        code, candidates = "", []
        starts: list[Forward] = []
        if card >= 0:  # another pirate of the player's that the card takes there
            starts = [msgspec.structs.replace(act, start=p)
                      for p in sorted(set(state.pirates[seat]))
                      if p not in (state.boat, act.start)
                      and rules.forward_target(state, p, card) == act.to]
        if "move/no-pirate" in codes:
            code, candidates = "move/no-pirate", starts
        elif "move/forward-destination" in codes:
            code = "move/forward-destination"
            hand = state.hands[seat]
            candidates = starts + [msgspec.structs.replace(act, card=self.rs.letter(sign))
                                   for sign in range(len(self.rs.letters))
                                   if sign != card and (hand[sign] or hand[UNKNOWN])
                                   and rules.forward_target(state, act.start, sign) == act.to]
        engine = self.engine
        candidates = [c for c in candidates if not errors_of(engine.check_action(c))]
        if not candidates:
            return found, act
        written = engine.copy()
        written.play(act)
        best = errors_of(found) + errors_ahead(self.log, self.seat_of, written, index, ai)
        meant, ties = None, 0
        for c in candidates:
            reading = engine.copy()
            reading.play(c)
            n = errors_ahead(self.log, self.seat_of, reading, index, ai)
            if n < best:
                meant, best, ties = c, n, 0
            elif n == best and meant is not None:
                ties += 1
        if meant is None or ties:
            return found, act  # the log fits no reading better, or two alike
        v = next(v for v in found if v.code == code)
        text = format_action(msgspec.structs.replace(meant, line=0, col=0, end=0,
                                                     comment=None), state.boat)
        what = (f"the pirate on {state.space_name(meant.start)} goes there with this card"
                if meant.start != act.start else
                f"a {self.rs.signs[self.rs.index[meant.card]]} takes the pirate there")
        written_text = format_action(msgspec.structs.replace(act, line=0, col=0, end=0,
                                                             comment=None), state.boat)
        self._named = v._replace(message=f"{v.message}; {what}, and later lines follow it: "
                                 f"did you mean {text}?", expected=text, actual=written_text)
        return [self._named], meant

    def _back(self, act: Back, found: list[Violation], index: int, ai: int, seat: int
              ) -> Read:
        """A backward move's findings read (:meth:`_forward`), its draw too."""
        cards = None
        if act.cards is not None:
            index_of = self.rs.index
            cards = [index_of.get(c, -1) for c in act.cards]
            if -1 in cards:
                self._count_only_draws += 1
        else:
            self._count_only_draws += 1
        text = self._describe_back(seat, act) if self.listener is not None else ""
        pos = self.position() if found else None
        to = act.to
        known = seat not in self._left_out  # a player after a turn left out: not known
        if found and not act.condoned and to is not None and known:
            found, to = self._slip(found, "move/back-destination", act, index, ai)
        count = act.count
        drawn = cards
        if found and not act.condoned and known and any(v.code in _SLIPS for v in found):
            found, drawn, count = self._draw_slips(found, act, index, ai, cards, to)
        played: Action = act
        if to != act.to or drawn is not cards or count != act.count:
            played = msgspec.structs.replace(act, to=to, cards=self._letters(drawn),
                                             count=count)
        return Read(played, found, pos, text)

    def _letters(self, cards: Drawn) -> str | None:
        """Drawn cards as the log writes them (``?`` unseen)."""
        if cards is None:
            return None
        return "".join(self.rs.letter(c) if c >= 0 else "?" for c in cards)

    def _slip(self, found: list[Violation], code: str, act: Forward | Back, index: int,
              ai: int) -> tuple[list[Violation], int | None]:
        """A written destination the rules do not give: keep it as played, or read it as a
        slip of the pen and go on from the lawful space, whichever the next turns of the log
        fit with fewer errors (:mod:`lookahead`; a tie keeps the log as written). Returns the
        findings (the slip's with the suggestion) and the destination to follow."""
        at = next((i for i, v in enumerate(found) if v.code == code), None)
        if at is None:
            return found, act.to
        v = found[at]
        state = self._now()
        lawful = int(v.expected) if v.expected and v.expected.isdigit() else (
            state.boat if v.expected == "boat" else None)
        if lawful is None:
            return found, act.to
        written, corrected = self.engine.copy(), self.engine.copy()
        written.play(act)
        corrected.play(msgspec.structs.replace(act, to=lawful))
        if (errors_ahead(self.log, self.seat_of, corrected, index, ai)
                >= errors_ahead(self.log, self.seat_of, written, index, ai)):
            return found, act.to
        meant = format_action(msgspec.structs.replace(act, to=lawful, line=0, col=0, end=0,
                                                      comment=None), state.boat)
        found = found[:]
        found[at] = self._named = v._replace(
            message=f"{v.message}; later lines have the pirate on {state.space_name(lawful)}: "
                    f"did you mean {meant}?")
        return found, lawful

    def _draw_slips(self, found: list[Violation], act: Back | Draw, index: int, ai: int,
                    cards: list[int] | None, to: int | None
                    ) -> tuple[list[Violation], Drawn, int | None]:
        """A draw written other than the rules give it (``draw/count``: another number of
        cards; ``draw/not-next-in-row``: not the row's next cards) is either what the table
        did or a slip of the pen: follow the hand as the log wrote it, or as the rules give
        it, whichever the rest of the log fits with fewer errors (:mod:`lookahead`; a tie
        keeps the log as written). The draw is reported once; the findings of the action are
        those of the reading followed. Returns them, the cards and the count to follow."""
        count = act.count

        def read(drawn: Drawn, many: int | None) -> Action:  # the action as a reading has it
            if type(act) is _BACK:
                return msgspec.structs.replace(act, to=to, cards=self._letters(drawn),
                                               count=many)
            return msgspec.structs.replace(act, cards=self._letters(drawn), count=many)

        def check(drawn: Drawn, many: int | None) -> list[Violation]:  # the action's own rule
            return [v for v in self.engine.check_action(read(drawn, many))
                    if v.code not in _TURN_CODES]

        if self._draws_read >= _DRAW_READS:
            return found, cards, count
        self._draws_read += 1
        slip = next((v for v in found if v.code == "draw/count"), None)
        want = slip.expected if slip is not None else None
        readings: list[Reading]
        if slip is not None and want is not None and want.isdigit():
            readings = self._count_readings(cards, int(want))
            note = "later lines hold the hand the rules give"
        else:
            slip = next((v for v in found if v.code == "draw/not-next-in-row"), None)
            if slip is None or cards is None:
                return found, cards, count
            row = rules.peek_row(self._now(), len(cards))
            readings = [([e if e >= 0 else c for c, e in zip(cards, row)], None)]
            note = "later lines hold the row's cards"
        written = self.engine.copy()
        written.play(read(cards, count))
        # the errors of each reading: its own at the action (the slip aside), and to the end
        # of the log, since a hand off by one card may show only much later
        best = (errors_of([w for w in found if w is not slip])
                + errors_ahead(self.log, self.seat_of, written, index, ai, None))
        chosen: Reading | None = None
        for reading in readings:
            corrected = self.engine.copy()
            corrected.play(read(*reading))
            n = (errors_of([w for w in check(*reading) if w.code != slip.code])
                 + errors_ahead(self.log, self.seat_of, corrected, index, ai, None))
            if n < best:
                best, chosen = n, reading
        if chosen is None:
            return found, cards, count
        drawn, many = chosen
        letters = None if drawn is None else "".join(
            self.rs.letter(c) if c >= 0 else "?" for c in drawn)
        meant = format_action(msgspec.structs.replace(  # the move followed, its destination too
            read(drawn, many), cards=letters, count=many if letters is None else None, line=0,
            col=0, end=0, comment=None, condoned=False), self._now().boat)
        at = found.index(slip)
        kept = [w for w in found[:at] if w.code not in _DRAWN]
        unseen = ", ? for a card the log does not name" if "?" in (letters or "") else ""
        self._named = slip._replace(
            message=f"{slip.message}; {note}: did you mean {meant}{unseen}?")
        kept.append(self._named)
        kept += [w for w in found[at + 1:] if w.code not in _DRAWN]
        codes = {w.code for w in kept}
        kept += [w for w in check(*chosen) if w.code not in codes]
        return kept, chosen[0], chosen[1]

    def _count_readings(self, cards: list[int] | None, want: int) -> list[Reading]:
        """The draws of ``want`` cards closest to the cards written: a count alone, the cards
        with one left out, or with unseen ones added (in Tortuga, anywhere among them: the
        row's)."""
        if cards is None:
            return [(None, want)]
        readings: list[Reading] = []
        if len(cards) > want:
            for k in range(len(cards)):
                kept = cards[:k] + cards[k + 1:]
                reading = (kept, None) if kept else (None, 0)
                if reading not in readings:
                    readings.append(reading)
            return readings
        for k in range(len(cards) + 1 if self.rs.tortuga else 1):
            more = cards[:k] + [-1] * (want - len(cards)) + cards[k:]
            if (more, None) not in readings:
                readings.append((more, None))
        return readings

    def _stuck_draw(self, act: Draw, found: list[Violation], index: int, ai: int, seat: int
                    ) -> Read:
        """A stuck player's draw's findings read (:meth:`_forward`)."""
        state = self._now()
        cards = signs(state, act.cards)
        if cards is None or -1 in cards:
            self._count_only_draws += 1
        n = len(act.cards) if act.cards is not None else act.count
        text = (f"{state.colours[seat]} takes the stuck player's draw: "
                f"{n if n is not None else 1} card{'s' if n not in (None, 1) else ''}")
        pos = self.position() if found else None
        played: Action = act
        if found and not act.condoned and any(v.code in _SLIPS for v in found):
            found, drawn, count = self._draw_slips(found, act, index, ai, cards, None)
            if drawn is not cards or count != act.count:
                played = msgspec.structs.replace(act, cards=self._letters(drawn), count=count)
        return Read(played, found, pos, text)

    def _action_step(self, act: Forward | Back | Draw, number: int, ai: int, seat: int, text: str, start: int) -> None:
        state = self._now()
        if state.winner is not None:
            text += f"; all of {state.colours[state.winner]}'s pirates are aboard"
        self.emit("action", None, act, number, ai + 1, seat, text, start)

    # -- plain-words accounts (only built for a listener) -------------------------------------

    def _describe_forward(self, seat: int, card: int, act: Forward) -> str:
        state, rs = self._now(), self.rs
        colour = state.colours[seat]
        sign = card
        if sign < 0 and act.to is not None and 0 < act.to < state.boat:
            sign = state.board[act.to - 1]
        name = rs.signs[sign] if sign >= 0 else "an unseen card"
        if act.start not in state.pirates[seat]:
            return f"{colour} plays {name} for a pirate on {state.space_name(act.start)}"
        if sign < 0:
            dest = act.to
        else:
            dest = act.to if act.to is not None else rules.forward_target(state, act.start, sign)
        text = (f"{colour} plays {name}: pirate from {state.space_name(act.start)} to "
                f"{state.space_name(dest) if dest is not None else '?'}")
        if sign >= 0 and dest is not None:
            passed = [s for s in state.sign_spaces[sign]
                      if act.start < s < dest and state.occ[s]]
            if passed:
                held = "; ".join(f"{s} ({', '.join(rules.occupants(state, s))})" for s in passed)
                text += f", passing {rs.signs[sign]} spaces held at {held}"
        return text

    def _describe_back(self, seat: int, act: Back) -> str:
        state, rs = self._now(), self.rs
        colour = state.colours[seat]
        target = rules.back_target(state, act.start)
        dest = act.to if act.to is not None else target
        n = len(act.cards) if act.cards is not None else act.count
        if n is None and target is not None:
            n = rules.expected_back_draw(state, target)
        cards = (" (" + ", ".join(rs.sign_name(rs.index.get(c, -1)) if c != "?" else "unseen"
                                  for c in act.cards) + ")") if act.cards else ""
        where = state.space_name(dest) if dest is not None else "?"
        held = f" where {state.occ[dest]} pirate{'s' if state.occ[dest] != 1 else ''} stood" \
            if dest is not None and 0 < dest <= len(state.board) else ""
        return (f"{colour} moves a pirate back from {state.space_name(act.start)} to "
                f"{where}{held} and draws {n} card{'s' if n != 1 else ''}{cards}")

    # -- other events ------------------------------------------------------------------------

    def _row(self, index: int, event: Row) -> None:
        engine = self.engine
        start = len(self.notes)
        for v in engine.check(event):
            self.note(v, where(event), f"$.events[{index}]", self.turns or None)
        engine.apply(event)
        self.emit("row", event, None, self.turns or None, None, None,
                  f"a new row: {event.cards}", start)

    def _hand_claim(self, index: int, event: HandClaim) -> None:
        """A ``hand`` line: the engine checks it, and a hand that fits shows its cards."""
        engine = self.engine
        seat = self.seat_of.get(event.player, 0)
        start = len(self.notes)
        for v in engine.check(event):
            self.note(v, where(event), f"$.events[{index}]", self.turns or None, None,
                      seat, self.position())
        engine.apply(event)
        self.emit("claim", event, None, self.turns or None, None, seat, "hand",
                  start)

    def _pirates_claim(self, index: int, event: PiratesClaim) -> None:
        engine = self.engine
        seat = self.seat_of.get(event.player, 0)
        start = len(self.notes)
        for v in engine.check(event):
            self.note(v, where(event), f"$.events[{index}]", self.turns or None, None,
                      seat, self.position())
        self.emit("claim", event, None, self.turns or None, None, seat, "pirates",
                  start)

    def finish(self) -> None:
        state, log = self._now(), self.log
        start = len(self.notes)
        winner = state.colours[state.winner] if state.winner is not None else "unfinished"
        if state.winner is None:
            last = self.log.events[-1] if self.log.events else None
            at = where(last) if last is not None else self.header("players")
            if at and last is not None and last.end:
                at = (at[0], last.end, last.end + 1)  # the caret marks the end of the log
            self.note(Violation("game/unfinished", "the log ends before any player has "
                               "every pirate aboard", expected=None, actual=None),
                      at, "$.events", self.turns or None, None, None, self.position())
        if log.result is None:
            self.unchecked.append("the log records no result (Result tag): the result was "
                                  "not compared")
        elif log.result != winner:
            said = "unfinished" if winner == "unfinished" else f"won by {winner}"
            self.note(Violation("result/winner", f"the replayed game is {said}",
                                expected=winner, actual=log.result),
                      self.header("result"), "$.result")
        if self._unseen_plays:
            self.unchecked.append(
                f"{self._unseen_plays} card play(s) from hands the log does not know: checked "
                "only against the number of cards of that sign")
        if self._count_only_draws:
            self.unchecked.append(
                f"{self._count_only_draws} draw(s) record how many cards, not which: "
                "their signs were not checked")
        if self._unseen_boat:
            self.unchecked.append(
                f"{self._unseen_boat} forward move(s) into the boat with an unseen card: "
                "checked only in that some sign the card may be has no free space left ahead; "
                "the card played is not known")
        if self._unknown_forward:
            self.unchecked.append(
                f"{self._unknown_forward} forward move(s) with an unseen card and no "
                "destination: the destination was not checked, and the pirate stays where it "
                "stood in the replay, so later checks that involve it may be off")
        self.emit("end", None, None, self.turns or None, None, None, winner,
                  start)


# -- frames for the step-by-step view ----------------------------------------------------------



def record(log: CartagenaLog, *, in_progress: bool = False) -> tuple[Replay, list[Frame]]:
    """Replay a log and keep a :class:`Frame` for every step. A log still being recorded
    (``in_progress``) replays the same: a turn that ends with the log ends there lawfully."""
    from cartlog.games.cartagena.notation import format_turn

    replay = Replay(log)
    frames: list[Frame] = []
    index_of: dict[int, int] = {}

    def table(state: State) -> dict[str, Any]:
        rs = state.rs
        return dict(
            pirates={c: sorted(p) for c, p in zip(state.colours, state.pirates)},
            hands={c: "".join(rs.letters[s] * h[s] for s in range(NSIGNS)) + "?" * h[UNKNOWN]
                   for c, h in zip(state.colours, state.hands)},
            deck=state.deck.count, discard=sum(state.discard),
            row=("".join(rs.letter(c) for c in state.row[state.row_next:])
                 if rs.tortuga else None),
            winner=state.colours[state.winner] if state.winner is not None else None)

    def listener(step: WalkStep) -> None:
        for note in replay.notes[len(index_of):]:
            index_of[id(note)] = len(index_of)
        found = [index_of[id(n)] for n in step.notes]
        state = replay.state
        colour = state.colours[step.seat] if step.seat is not None else None
        boat = state.boat
        if step.kind == "action":
            act = step.item
            assert act is not None  # an action step carries its action
            frames.append(Frame(kind="action", turn=step.turn, action=step.action,
                                player=colour, notation=format_action(act, boat),
                                text=step.text, findings=found, line=act.line or None))
        elif step.kind in ("turn-end", "setup", "end"):
            ev = step.event
            frames.append(Frame(kind=step.kind, turn=step.turn, player=colour,
                                notation=format_turn(ev, boat) if isinstance(ev, Turn) else None,
                                text=step.text, findings=found,
                                line=getattr(ev, "line", 0) or None, **table(state)))
        else:
            ev = step.event
            frames.append(Frame(kind=step.kind, turn=step.turn, player=colour, text=step.text,
                                findings=found, line=getattr(ev, "line", 0) or None))

    replay.run(listener)
    return replay, frames
