"""Walk a Cartagena: The Mutiny log through the engine, and keep what the audit and the views
need.

:class:`Replay` checks each event against :class:`~cartlog.games.mutiny.engine.Engine` before
applying it, so a finding is placed at the line that breaks the rule, then makes the checks
that concern the log rather than the game: that it reaches the end of the mutiny, and that its
recorded winners are the replay's. It keeps the duels as they went (:class:`DuelRecord`) for the
breakdown. It is shared by the audit (which wants the notes) and the step-by-step view (which
passes a listener and gets a :class:`Step` after every event). Nothing here prints.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import product
from typing import Any, Final, NamedTuple

import msgspec

from cartlog.core.findings import Note, Violation
from cartlog.core.walk import Walk, WalkStep, where
from cartlog.games.mutiny import SPEC
from cartlog.games.mutiny.codes import CODES
from cartlog.games.mutiny.engine import Engine
from cartlog.games.mutiny.events import (
    Comment,
    Duel,
    Fight,
    Gold,
    Mutiny,
    MutinyLog,
    Played,
    Reveal,
    Round,
    Ship,
    Steal,
    Turn,
    Won,
)
from cartlog.games.mutiny.frames import Frame
from cartlog.games.mutiny.model import (
    COMBAT,
    DEAL,
    GOLD,
    NPIRATES,
    PAIRS,
    PIRATE_TITLES,
    PIRATES,
    SHIP,
    SIDE_NAMES,
    TURN,
    State,
    find_pirate,
    heap_text,
)
from cartlog.games.mutiny.notation import format_event
from cartlog.games.mutiny.rules import (
    MONKEY,
    SIDE_OF_NAME,
    duel_totals,
    duel_winner,
    open_slots,
    pending_steals,
    playable,
    still_in,
)

# the classes compared by type below, as C statics: compiled, a class imported by name is
# looked up in the module's dictionary at every use (docs/performance.md, "Writing for the
# compiler")
HORIZON: Final = 60  # lines looked at past a line read as a slip (5 rounds or more)


def _faults(found: list[Violation]) -> int:
    """The errors and warnings among ``found`` (a round closed early is a warning)."""
    return sum(1 for v in found if CODES[v.code].severity != "info")


def _plain(turn: Turn) -> Turn:
    """A turn line without its place in the text and its comment, to compare two lines."""
    return msgspec.structs.replace(turn, line=0, col=0, end=0, comment=None)


def _fillers(state: State, colour: str) -> list[Turn]:
    """The turns ``colour`` may have taken with nothing known of them (M2): one card open in
    the row, not named, or one or more cards turned, not named."""
    out = [Turn(player=colour, card="?")] if open_slots(state) else []
    out += [Turn(player=colour, turned=["?"] * k) for k in range(1, state.facedown() + 1)]
    return out


def _named(state: State, shape: Turn) -> list[Turn]:
    """``shape`` (:func:`_fillers`) with the card used named: each open card of the row, or
    each card that may have lain face down (not in the row nor in the lifeboat)."""
    if shape.card is not None:
        return [msgspec.structs.replace(shape, card=PIRATES[state.row[j]])
                for j in open_slots(state) if state.row[j] >= 0]
    seen = {c for c in state.row if c >= 0}
    if state.lifeboat is not None:
        seen.add(state.lifeboat)
    return [msgspec.structs.replace(shape, turned=shape.turned[:-1] + [PIRATES[c]])
            for c in range(NPIRATES) if c not in seen]


def _rounds(engine: Engine) -> list[Fight]:
    """The combat rounds a duel may have had with nothing known of their cards (M8): each
    player still in shows a card not named or the monkey, as :func:`playable` allows."""
    s = engine.state
    each = []
    for seat in still_in(s):
        cards = playable(s, seat)
        who = s.colours[seat]
        each.append(([Played(card="?", player=who)] if any(c != MONKEY for c in cards)
                     else []) + ([Played(card="monkey", player=who)] if MONKEY in cards
                                 else []))
    return [Fight(cards=list(plays)) for plays in product(*each)]


_COMMENT: Final = Comment
_DUEL: Final = Duel
_FIGHT: Final = Fight
_GOLD: Final = Gold
_MUTINY: Final = Mutiny
_REVEAL: Final = Reveal
_ROUND: Final = Round
_SHIP: Final = Ship
_STEAL: Final = Steal
_TURN: Final = Turn
_WON: Final = Won
# the lines a log may leave out that the lines after it show, by what the game expects next
# (:meth:`Replay._line_left_out`): the kind of line, the finding's code
_DUE: Final = {DEAL: (Round, "row/round-missing"), "duel": (Duel, "duel/line-missing"),
               "steal": (Steal, "duel/line-missing"), "won": (Won, "duel/line-missing"),
               "fight": (Fight, "duel/line-missing"), "reveal": (Reveal, "duel/line-missing")}
# what a card not known may have changed for anyone: coins (Chang Ye), the sailors of a pair
# (Cambivalute)
_ANYONE: Final = frozenset({"winner/gold", "action/no-coin", "duel/monkey", "duel/sailors"})


class RuleSet(NamedTuple):
    """The game has one rule set (rulebooks 003/000)."""

    name: str = "base"


RULES: Final = RuleSet()


@dataclass
class DuelRecord:
    """One duel as the log gives it: the pair, the sailors, each combat round's cards
    (kinds, ``-1`` unseen; monkeys apart) and the side written as winner."""

    pair: str
    valverde: int | None
    diaz: int | None
    line: int = 0
    rounds: list[list[str]] = field(default_factory=list)
    played: list[int] = field(default_factory=list)
    written: str | None = None  # "V" / "D" as the log says

    def totals(self) -> tuple[int, int, int, int] | None:
        """Each side's total and its combat cards' sum, when the sailors and every card are
        known (M1, M8)."""
        if self.valverde is None or self.diaz is None or any(k < 0 for k in self.played):
            return None
        return duel_totals(self.valverde, self.diaz, self.played)

    def winner(self) -> str | None:
        if self.valverde is None or self.diaz is None or any(k < 0 for k in self.played):
            return None
        return duel_winner(self.valverde, self.diaz, self.played)


class Replay(Walk[Engine]):
    """One pass over a log (:class:`~cartlog.core.walk.Walk`). After :meth:`run`: ``engine``
    (the game as it ended), ``notes``, ``unchecked``, ``duels``, counts (``turns``: voyage
    rounds, ``actions``: turns taken)."""

    def __init__(self, log: MutinyLog, *, stop_at_first: bool = False,
                 positions: int | None = None) -> None:
        super().__init__(log, SPEC, Engine.start(log), stop_at_first=stop_at_first,
                         positions=positions)
        self.rs = RULES
        self.duels: list[DuelRecord] = []
        self.actions = 0
        self._action = 0  # the turn's place in its round
        self._previous: Turn | None = None  # the turn line just read, if the line before
        self._early = -1  # a line played before the line above it (two lines swapped)
        # the players whose turn was read as left out (row/turn-missing), with that note's
        # index: what the turn did is unknown, so their later findings follow from it
        self._left_out: dict[int, int] = {}
        self._unnamed = -1  # the note of the last such turn whose card is not known
        self._left_round = (-1, -1)  # the round of the last such turn, and its note

    @property
    def state(self) -> State:
        return self.engine.state

    @property
    def turns(self) -> int:
        return self.engine.state.round

    def reached(self) -> int:
        return self.turns

    # -- the walk --------------------------------------------------------------------------------

    def setup(self) -> None:
        """The header's findings: seats, declared facts, the checks the log leaves out (M7)."""
        log = self.log
        for v in Engine.setup_check(log):
            if log.position is not None:
                tag = "position"
            elif v.code == "crew/declared":
                tag = ("combat" if "combat" in v.message else "gold" if "gold" in v.message
                       else "track")
            elif v.code == "crew/not-checked":
                tag = "track" if "track" in log.spans else "game"
            else:
                tag = "players"
            self.note(v, self.header(tag), f"$.{tag}")
        if log.position is not None:
            self._from_position()
            return
        if log.board is not None and log.track is None and log.combat is None \
                and log.gold is None:
            self.unchecked.append(f"the board file {log.board!r} was not read: a board file "
                                  "is looked for beside a log read from a file")
        self.emit("setup", None, None, None, None, None, "setup", 0)

    def _from_position(self) -> None:
        """A log that starts from a position: what came before it is said to be unchecked;
        in the mutiny, the duels fought before it are not in the breakdown."""
        s = self.state
        n = s.round
        rounds = f"rounds 1-{n}" if n > 1 else "round 1"
        if s.phase in ("mutiny", "over"):
            where = "the mutiny" if s.phase == "mutiny" else "the end of the game"
            fought = s.wins["V"] or s.wins["D"] or s.duel >= 0
            before = (f"the setup, the voyage ({rounds}) and the duels before it" if fought
                      else f"the setup and the voyage ({rounds})")
        elif s.phase == "deal":
            where = f"the start of round {n + 1}"
            before = f"the setup and {rounds}" if n else "the setup"
        else:
            where = f"round {n}"
            before = (f"the setup, {'rounds 1-' + str(n - 1) if n > 2 else 'round 1'} and "
                      if n > 1 else "the setup and ") + f"the turns of round {n} before it"
        self.unchecked.append(
            f"the log starts from a position at {where}: {before} were not checked, and the "
            "position's hands, coins, gold and ship are taken as they are")
        if s.wins["V"] or s.wins["D"]:
            self.unchecked.append(
                f"the duels won before the position (Valverde {s.wins['V']}, Diaz "
                f"{s.wins['D']}) are counted as the position gives them; the breakdown shows "
                "only the duels the log records")
        if self.log.board is not None:
            self.unchecked.append(f"the board file {self.log.board!r} was not read: the "
                                  "position gives what the game declares")
        self.emit("setup", None, None, None, None, None, "from the position: "
                  + (self.log.position or ""), 0)

    def event(self, index: int, ev: Any) -> None:
        """One line of the log: the game's rules (``engine.check``, then ``engine.apply``),
        and the passes that concern the log alone: a slip in the log's structure (a turn line
        written twice, left out, swapped with the next or under another colour,
        :meth:`_structure`), the round's number, the condoned mark, the duels kept for the
        breakdown; a comment is no move and reaches no rule."""
        if index == self._early:  # played before the line above it (:meth:`_structure`)
            return
        kind = type(ev)
        if kind is _TURN:
            if self._repeated(index, ev):
                return
            self._previous = ev
        elif kind is not _COMMENT:
            self._previous = None
        if kind is _COMMENT or (kind is _TURN and ev.condoned):
            self._play(index, ev, None)
            return
        found = self.engine.check(ev)
        if (found or kind is _GOLD and self._reveal_due(index)) and (
                self._line_left_out(index, ev, found) or (
                (kind is _TURN or kind is _SHIP) and self._structure(index, ev, found))):
            return
        self._play(index, ev, found)

    def _play(self, index: int, ev: Any, found: list[Violation] | None,
              start: int = -1) -> None:
        """Check (unless ``found`` is given), note and apply one line, and give a listener
        its step (with the notes from ``start``, by default the line's own)."""
        engine = self.engine
        if start < 0:
            start = len(self.notes)
        turn, action, seat = self._place(ev)
        listening = self.listener is not None
        text = describe(ev, engine) if listening else ""  # words only for the views
        if type(ev) is not _COMMENT:
            if found is None:
                found = engine.check(ev)
            self._report(index, ev, found, turn, action, seat)
            engine.apply(ev)
            self._follow_duel(ev)
        if listening:
            if type(ev) is _SHIP:
                text += ship_words(engine)
            self.emit(ev.__struct_config__.tag, ev, None, turn, action, seat, text, start)

    def _repeated(self, index: int, turn: Turn) -> bool:
        """A turn line written twice in a row (the same player, the same cards and effects):
        noted once (``row/turn-repeated``) and not played. Returns whether it was."""
        previous = self._previous
        if previous is None or turn.player != previous.player or _plain(turn) != _plain(
                previous):
            return False
        self.note(Violation("row/turn-repeated", f"this line repeats the line before (line "
                            f"{previous.line}): it is read once", expected="the line once",
                            actual="twice"), where(turn), f"$.events[{index}]",
                  self.state.round or None, None, self.state.seat(turn.player))
        return True

    def _structure(self, index: int, ev: Turn | Ship, found: list[Violation]) -> bool:
        """A line that breaks a rule may show a slip in the log's structure. Each reading is
        played with the next :data:`HORIZON` lines, on copies, counting the errors and
        warnings it meets; the one that meets the fewest, fewer than the line as written,
        is followed and reported once, at this line:

        - a turn under the wrong colour (``row/out-of-turn``): the line played as the turn of
          the player whose turn it was (*did you mean blue ^Ghost?*);
        - two turn lines swapped: the next line, of the player whose turn it was, played
          first (``row/turns-swapped``);
        - a turn line left out (``row/turn-missing``), before this line (a turn or the ship
          line closing a round someone has not played): the turn of the player to move,
          played as each turn the row allows with nothing known of its cards (a card open
          in the row, or one or more cards turned, unnamed), the one the lines after it fit
          best, then with the card it used named, when the lines after it say which; its
          player's later findings follow from it. A player who plays later in the round
          was not left out.

        Returns whether a reading was followed (the line then played)."""
        engine = self.engine
        state = engine.state
        v = next((w for w in found if w.code == "row/out-of-turn" and w.expected), None)
        wanted = -1  # the seat of the player whose turn it was, if not the line's
        if v is not None and v.expected is not None:
            at = state.seat(v.expected)
            wanted = -1 if at is None else at
        left_out = state.phase == TURN and state.used[state.turn] is None and (
            type(ev) is _SHIP or wanted == state.turn and not self._plays_later(
                index, state.colours[state.turn]))
        if wanted < 0 and not left_out:
            return False  # no reading fits this line: nothing to look ahead for
        best = _faults(found) + self._ahead(engine, ev, index + 1)
        how = ""
        meant: Turn | None = None
        again: list[Violation] = []
        if type(ev) is _TURN and wanted >= 0 and v is not None and v.expected is not None:
            meant = msgspec.structs.replace(ev, player=v.expected)
            again = engine.check(meant)
            n = _faults(again) + self._ahead(engine, meant, index + 1)
            if n < best:
                best, how = n, "colour"
            events = self.log.events
            after = events[index + 1] if index + 1 < len(events) else None
            if (type(after) is _TURN and after.player == v.expected and not after.condoned
                    and _plain(after) != _plain(ev)):
                game = engine.copy()
                n = _faults(game.check(after))
                game.apply(after)
                n += _faults(game.check(ev)) + self._ahead(game, ev, index + 2)
                if n < best:
                    best, how = n, "swap"
        filler: Turn | None = None
        if left_out:
            shape, least = None, best
            for candidate in _fillers(state, state.colours[state.turn]):
                n = self._after(candidate, ev, index)
                if shape is None or n < least:
                    shape, least = candidate, n
            if shape is not None:  # then the card it used, when the lines after it say
                for candidate in _named(state, shape):
                    n = self._after(candidate, ev, index)
                    if n < least:
                        shape, least = candidate, n
                if least < best:
                    best, how, filler = least, "missing", shape
        if how == "colour" and meant is not None and v is not None:
            said = format_event(msgspec.structs.replace(meant, comment=None, condoned=False))
            self._play(index, meant, [v._replace(
                message=f"{v.message}; the line fits {v.expected}'s turn, and later lines "
                f"follow it: did you mean {said}?", expected=said)] + again)
        elif how == "swap" and v is not None and isinstance(ev, Turn):
            after = self.log.events[index + 1]
            first = format_event(msgspec.structs.replace(after, comment=None))
            start = len(self.notes)
            self.note(Violation("row/turns-swapped", f"{v.message}, and the next line is "
                                f"{v.expected}'s: the two lines seem swapped, and the lines "
                                f"after them fit {first} played first",
                                expected=f"{first} first", actual=format_event(
                                    msgspec.structs.replace(ev, comment=None))),
                      where(ev), f"$.events[{index}]", self.state.round or None, None,
                      self.state.seat(ev.player), self.position())
            self._early = index + 1
            self._previous = after
            self._play(index + 1, after, None, start)
            self._play(index, ev, None)
        elif how == "missing" and filler is not None:
            self._left_out_turn(index, ev, filler)
            self._play(index, ev, None)
        else:
            return False
        return True

    def _line_left_out(self, index: int, ev: Any, found: list[Violation]) -> bool:
        """A line that breaks a rule where the game expects a line of another kind may show
        that line left out: a ``round`` line (the turns of the next round written after the
        last, with or without the ``ship`` line, which a log may leave out), a ``duel`` line
        (a combat round with no duel open), a ``steal`` line (a monkey's coin of a duel's
        second round not written), a ``won`` line (the next duel, or the reveal, with every
        player of the duel withdrawn), a ``fight`` line (a combat round of the duel still
        going on) or the ``reveal`` line (a gold count after the duels are decided, with no
        reveal after it). Each line the game allows there (:meth:`_due_lines`) is weighed
        by :meth:`_fits`; the one the lines after it fit best is reported once, at this line
        (``row/round-missing``, ``duel/line-missing``), and played, then this line. A line
        whose findings all follow from a turn read as left out is not read so. Returns
        whether a line was read as left out."""
        engine = self.engine
        phase = engine.phase() or ""
        if phase == SHIP and type(ev) is _TURN:
            phase = DEAL  # the ship line closes by itself: the round line is the one due
        due = _DUE.get(phase)
        if due is None or type(ev) is due[0] and phase != "fight":
            return False
        who = getattr(ev, "player", None)
        seat = self.state.seat(who) if type(ev) is _TURN and who else None
        if self._left_out and all(self._cause(v, seat) is not None for v in found):
            return False  # all it breaks follows from a turn read as left out
        fits = self._fits(index, ev, found, phase, self._due_lines(phase))
        if not fits:
            return False
        meant = msgspec.structs.replace(fits[0], line=ev.line, col=ev.col, end=ev.end)
        said = format_event(meant)
        if len(fits) > 1 and phase == "reveal":  # whose side is not known, not each reveal
            unsure = [c for c in self.colours if len({f.sides.get(c) for f in fits}) > 1]
            others = f" (the lines after it do not tell the side of {', '.join(unsure)})"
        elif len(fits) > 1:
            others = (" (or " + ", ".join(format_event(o) for o in fits[1:]) + ": the lines "
                      "after it do not tell which)")
        else:
            others = ""
        start = len(self.notes)
        self.note(Violation(due[1], f"a line seems to be missing before this line: "
                            f"{self._due_words(phase)}, and the lines after it fit {said} "
                            f"written here{others}", expected=said,
                            actual=format_event(msgspec.structs.replace(ev, comment=None))),
                  where(ev), f"$.events[{index}]",
                  self.state.round or None if phase == DEAL else None, None, None,
                  self.position())
        self._play(index, meant, None, start)
        self._play(index, ev, None)
        return True

    def _due_lines(self, phase: str) -> list[Any]:
        """The lines the game allows where a line of ``phase`` is due: the next round (a
        round line closes the round, M4; after a storm, its lifeboat card not named), a
        combat round with its cards not named (:func:`_rounds`), or what :meth:`Engine.legal`
        gives (the duel with its sailors as known, each monkey's coin, the winner by the
        totals or either side, each reveal the convictions known allow)."""
        engine = self.engine
        if phase == DEAL:
            s = engine.state
            if not s.closed:
                closed = engine.copy()
                closed.apply(Ship())
                s = closed.state
            return [Round(number=s.round + 1, giver=s.colours[s.giver],
                          lifeboat="?" if s.storm else None)]
        if phase == "fight":
            return _rounds(engine)
        return engine.legal()

    def _fits(self, index: int, ev: Any, found: list[Violation], phase: str,
              options: list[Any]) -> list[Any]:
        """The ``options`` (lines that may have been left out before line ``index``) that the
        lines after it fit best, better than as written: each that breaks no rule, and after
        which ``ev`` breaks none, is played with the next :data:`HORIZON` lines on copies,
        counting the errors and warnings they meet (for a reveal, and the winners it gives
        against the Result tag); a gold count with no reveal before it counts one fault
        more as written (the game has no end). Empty when none meets fewer than as written."""
        engine = self.engine
        best = _faults(found) + self._ahead(engine, ev, index + 1) + (phase == "reveal")
        fits: list[Any] = []
        for option in options:
            game = engine.copy()
            if game.check(option):
                continue
            game.apply(option)
            if _faults(game.check(ev)):
                continue
            n = self._ahead(game, ev, index + 1)
            if phase == "reveal":
                game.apply(ev)
                n += _faults(game.check_result(self.log.result))
            if n < best:
                best, fits = n, [option]
            elif n == best and fits:
                fits.append(option)
        return fits

    def _reveal_due(self, index: int) -> bool:
        """Whether the convictions are due to be revealed (a side has won three duels, M10)
        and no line from ``index`` on reveals them."""
        return self.engine.phase() == "reveal" and not any(
            type(later) is _REVEAL for later in self.log.events[index:index + HORIZON])

    def _due_words(self, phase: str) -> str:
        """What the game expects before a line left out (:meth:`_line_left_out`)."""
        s = self.state
        if phase == DEAL:
            return f"round {s.round} is over (every player used a card)"
        if phase == "duel":
            return f"duel {PAIRS[s.duel + 1]} is the next and no duel is open"
        if phase == "steal":
            seat = pending_steals(s)[0]
            return (f"{s.colours[seat]}'s monkey of the duel's second round takes a coin "
                    "(M9)")
        if phase == "reveal":
            return (f"the duels are decided (Valverde {s.wins['V']}, Diaz {s.wins['D']}) and "
                    "the convictions are revealed before the gold is counted (M10)")
        if phase == "fight":
            return (f"duel {PAIRS[s.duel]} goes on (" + ", ".join(
                s.colours[i] for i in still_in(s)) + " still in)")
        return f"every player of duel {PAIRS[s.duel]} has played the monkey (M8)"

    def _plays_later(self, index: int, colour: str) -> bool:
        """Whether ``colour`` has a turn line after line ``index`` in the same round: then
        that turn was moved, not left out."""
        for later in self.log.events[index + 1:index + 1 + HORIZON]:
            kind = type(later)
            if kind is _TURN and later.player == colour:
                return True
            if kind is not _TURN and kind is not _COMMENT:
                return False
        return False

    def _left_out_turn(self, index: int, ev: Turn | Ship, filler: Turn) -> None:
        """Note a turn read as left out before line ``index`` and play it as ``filler``."""
        state = self.state
        seat = state.turn
        colour = state.colours[seat]
        place = self._action + 1
        said = format_event(filler)
        used = filler.card if filler.card is not None else filler.turned[-1]
        what = ("a card open in the row" if filler.card is not None else
                "one card turned" if len(filler.turned) == 1 else
                f"{len(filler.turned)} cards turned") + (
                    ", not named" if used == "?" else f", the last {used}"
                    if filler.card is None else f", {used}")
        start = len(self.notes)
        self._left_out[seat] = start
        self._left_round = (state.round, start)
        if used == "?":
            self._unnamed = len(self.notes)
        self.note(Violation("row/turn-missing", f"a turn seems to be missing before this "
                            f"line: turn {place} of round {state.round} is {colour}'s, and the "
                            f"rest of the log fits a turn of {colour}'s left out ({what}: "
                            f"{said})", expected=said,
                            actual=format_event(msgspec.structs.replace(ev, comment=None))),
                  where(ev), f"$.events[{index}]", state.round or None, place, seat,
                  self.position())
        turn, action, _ = self._place(filler)
        self.engine.apply(filler)
        if self.listener is not None:
            self.emit("turn", filler, None, turn, action, seat,
                      f"a turn left out: {what}", start)

    def _after(self, filler: Turn, ev: Any, index: int) -> int:
        """The errors and warnings line ``index`` (``ev``) and the lines after it meet
        once ``filler`` is played before it (:meth:`_ahead`)."""
        game = self.engine.copy()
        game.apply(filler)
        return _faults(game.check(ev)) + self._ahead(game, ev, index + 1)

    def _ahead(self, engine: Engine, ev: Any, index: int) -> int:
        """The errors and warnings the next :data:`HORIZON` lines of the log from ``index``
        meet after ``ev`` is played on a copy of ``engine`` (bounded, so that a log of many
        such lines costs time in proportion to its length)."""
        game = engine.copy()
        game.apply(ev)
        n = 0
        before = ev if type(ev) is _TURN else None
        for later in self.log.events[index:index + HORIZON]:
            kind = type(later)
            if kind is _COMMENT:
                continue
            if kind is _TURN and before is not None and later.player == before.player \
                    and _plain(later) == _plain(before):
                continue  # a line written twice is read once (:meth:`_repeated`)
            before = later if kind is _TURN else None
            n += _faults(game.check(later))
            game.apply(later)
        return n

    def _place(self, ev: Any) -> tuple[int | None, int | None, int | None]:
        """Where a line stands, for its notes and its step: the round (none in the mutiny),
        the turn's place in its round and the player."""
        state = self.engine.state
        kind = type(ev)
        if kind is _ROUND:
            self._action = 0
            return state.round + 1, None, None
        if kind is _TURN:
            self._action += 1
            self.actions += 1
            return state.round or None, self._action, state.seat(ev.player)
        if kind in (_MUTINY, _DUEL, _FIGHT, _STEAL, _WON, _REVEAL, _GOLD):
            return None, None, state.seat(ev.player) if kind is _STEAL else None
        return state.round or None, None, None

    def _report(self, index: int, ev: Any, found: list[Violation], turn: int | None,
                action: int | None, seat: int | None) -> None:
        """A line's findings as notes, condoned when the line is marked ``!``; a mark on a
        line that breaks no rule is itself a finding (``condoned/lawful-turn``)."""
        condoned = type(ev) is _TURN and ev.condoned
        path = f"$.events[{index}]"
        if found:
            position = self.position()
            for v in found:
                self.note(v, where(ev), path, turn, action, seat, position,
                          condoned=condoned, follows=self._cause(v, seat))
        elif condoned:
            self.note(Violation("condoned/lawful-turn", "marked as condoned (!) but the turn "
                                "breaks no rule", expected="no !", actual="!"),
                      where(ev), path, turn, action, seat)

    def _cause(self, v: Violation, seat: int | None) -> int | None:
        """The note of a turn read as left out that ``v`` follows from, by what ``v`` judges,
        however late in the log: the cards, coins, gold or conviction of that turn's player
        (``v.seat``, or the line's player for a finding that is not of the row's order), which
        the missing turn may have changed; a gold count or a steal's victim when the card that
        turn used is not known (a Chang Ye takes anyone's coin, a Cambivalute swaps a pair);
        a Satè's bounty in that round (the turn may have passed it)."""
        left = self._left_out
        if not left:
            return None
        if v.code == "action/sate" and self._left_round[0] == self.state.round:
            return self._left_round[1]
        judged = v.seat if v.seat is not None else seat
        if judged is not None and judged in left and (
                v.seat is not None or not v.code.startswith("row/")):
            return left[judged]
        if self._unnamed >= 0 and v.code in _ANYONE:
            return self._unnamed
        return None

    def _follow_duel(self, ev: Any) -> None:
        """Keep the duel an event just played for the breakdown: its cards as written, and
        those that count for a side as the engine counted them."""
        kind = type(ev)
        if kind is _DUEL:
            self.duels.append(DuelRecord(ev.pair, ev.valverde, ev.diaz, ev.line))
        elif not self.duels:
            return
        elif kind is _FIGHT:
            duel = self.duels[-1]
            duel.rounds.append([(f"{p.player} " if p.player else "") + p.card
                                for p in ev.cards])
            duel.played = list(self.engine.state.fight)
        elif kind is _WON:
            self.duels[-1].written = SIDE_OF_NAME[ev.side]

    # -- the log's own checks ----------------------------------------------------------------------

    def finish(self) -> None:
        """The log reaches the end of the game (the reveal after a side's third duel), and its
        recorded winners are the replay's (M10)."""
        engine, log = self.engine, self.log
        start = len(self.notes)
        outcome = engine.outcome()
        if outcome is None:
            last = log.events[-1] if log.events else None
            at = where(last) if last is not None else self.header("players")
            self.note(Violation("winner/unfinished", "the log ends before "
                               + unfinished_words(engine)),
                      at, "$.events", self.turns or None, None, None,
                      self.position())
        if log.result is None:
            self.unchecked.append("the log records no result (Result tag): the winners were "
                                  "not compared")
        else:
            # a conviction misread at the reveal is the likeliest cause of a different winner
            cause = next((i for i, n in enumerate(self.notes)
                          if n.violation.code == "winner/conviction"), None)
            for v in engine.check_result(log.result):
                self.note(v, self.header("result"), "$.result", follows=cause)
        if engine.undecided:
            self.unchecked.append(f"the winner among the tied: {engine.undecided}")
        self.unchecked.extend(engine.not_checked())
        unseen = [self.colours[i] for i in range(len(self.colours))
                  if engine.state.golds[i][-1] and i not in engine.gold_counts]
        if unseen and outcome is not None:
            self.unchecked.append("the gold of " + ", ".join(unseen) + " is not known (gold "
                                  "cards not seen, no gold line): the tie-break by gold "
                                  "counts what is known")
        self.emit("end", None, None, None, None, None,
                  ", ".join(outcome.winners) if outcome and outcome.winners else
                  "no winner" if outcome else "unfinished", start)


def unfinished_words(engine: Engine) -> str:
    s = engine.state
    if s.trigger is None:
        return f"the voyage does: round {s.round} is the last written"
    if max(s.wins.values()) < 3:
        return (f"the mutiny is decided (Valverde {s.wins['V']}, Diaz {s.wins['D']} "
                "duels won; a side needs 3)")
    return "the convictions are revealed (no reveal line)"


# -- words -----------------------------------------------------------------------------------------


_TITLE_OF: Final = dict(zip(PIRATES, PIRATE_TITLES))


def _pirate(name: str | None) -> str:
    if name is None:
        return "?"
    if name in _TITLE_OF:
        return _TITLE_OF[name]
    i = find_pirate(name)
    return PIRATE_TITLES[i] if i is not None else "an unnamed card"


def effect_words(ev: Turn) -> list[str]:
    """What a turn's card did, as the log says."""
    out: list[str] = []
    if ev.combat:
        out.append("draws combat " + " ".join(ev.combat))
    if ev.under:
        out.append("puts " + " ".join(ev.under) + " under the pile")
    if ev.gold:
        out.append("takes gold " + " ".join(ev.gold))
    if ev.coins:
        out.append(f"takes {ev.coins} coin{'s' if ev.coins != 1 else ''}" if ev.coins > 0
                   else f"pays {-ev.coins} coin{'s' if ev.coins != -1 else ''}")
    if ev.victim:
        out.append(f"steals a coin from {ev.victim}")
    if ev.conviction:
        what = {"set": "sets a conviction", "change": "changes the conviction",
                "bluff": "bluffs a change of conviction",
                "move": "moves the conviction card"}[ev.conviction]
        out.append(what + (f" ({ev.side})" if ev.side else ""))
    if ev.look:
        out.append(f"looks at pair {ev.look}" if len(ev.look) == 1 and ev.look.isupper()
                   else f"looks at {ev.look}'s conviction")
    if ev.pair:
        shown = "-".join(map(str, ev.values)) if ev.values else "unseen"
        out.append(f"places pair {ev.pair} ({shown})")
    if ev.swap:
        out.append("swaps the pair")
    return out


def describe(ev: Any, engine: Engine) -> str:
    """The event in words (before it is applied)."""
    kind = type(ev)
    s = engine.state
    if kind is _ROUND:
        giver = ev.giver or s.colours[s.giver]
        text = f"{giver} lays out {s.players + 3} cards"
        if ev.lifeboat:
            text = f"storm: {_pirate(ev.lifeboat)} goes to the lifeboat; " + text
        return text
    if kind is _TURN:
        parts = []
        names = [_pirate(c) for c in ev.turned]
        if ev.card is None:
            if len(names) == 1:
                parts.append(f"turns and uses {names[0]}")
            elif names:
                parts.append(f"turns {', '.join(names[:-1])} and {names[-1]}; uses "
                             f"{names[-1]}")
        else:
            if names:
                parts.append(f"turns {', '.join(names)}")
            parts.append(f"takes {_pirate(ev.card)}")
        parts += effect_words(ev)
        return "; ".join(parts) or "no card"
    if kind is _SHIP:
        return ""
    if kind is _MUTINY:
        return "the voyage ends" + (f" ({ev.reason})" if ev.reason else "") + ": mutiny"
    if kind is _DUEL:
        return (f"Valverde's sailor {ev.valverde} against Diaz's {ev.diaz}"
                if ev.valverde is not None and ev.diaz is not None
                else "the sailors' values not written")
    if kind is _FIGHT:
        monkeys = [p.player or "a player" for p in ev.cards if p.card == "monkey"]
        return (", ".join(monkeys) + " withdraw" + ("s" if len(monkeys) == 1 else "")
                + " (monkey)") if monkeys else ""
    if kind is _STEAL:
        return (f"{ev.player}'s monkey takes a coin from "
                + (ev.victim if ev.victim else "the supply"))
    if kind is _WON:
        return f"the duel goes to {ev.side.capitalize()}"
    if kind is _REVEAL:
        return "the convictions are shown"
    if kind is _GOLD:
        return "the gold as counted at the table"
    return ev.text if kind is _COMMENT else ""


def ship_words(engine: Engine) -> str:
    """The ship's move as replayed (after the ``ship`` line is applied)."""
    s = engine.state
    where = f" to space {s.ship}" if s.ship is not None else f" ({s.moved} in all)"
    text = f"the ship moves {s.facedown()}{where}"
    if s.storm:
        text += "; storm"
    if s.trigger:
        text += f"; the voyage is over ({s.trigger})"
    return text


# -- frames for the step-by-step view ----------------------------------------------------------------


def row_cells(s: State) -> list[str]:
    """The row as the table sees it: a pirate card's name, ``?`` face down, ``*`` after a
    card used this round."""
    out = []
    for card, taken in zip(s.row, s.taken):
        name = "?" if card < 0 else PIRATE_TITLES[card]
        out.append(name + ("*" if taken else ""))
    return out


def conviction_word(s: State, seat: int, sides: list[str | None] | None) -> str:
    if sides is not None:
        side = sides[seat]
        return SIDE_NAMES[side] if side else "none"
    if not s.conviction[seat]:
        return "none"
    side = s.side[seat]
    return SIDE_NAMES[side] if side else "set"


def table(engine: Engine) -> dict[str, Any]:
    s = engine.state
    return dict(
        coins=dict(zip(s.colours, s.coins)),
        combat={c: heap_text(h, COMBAT) or "-" for c, h in zip(s.colours, s.hands)},
        gold={c: heap_text(g, GOLD, " ") or "-" for c, g in zip(s.colours, s.golds)},
        conviction={c: conviction_word(s, i, engine.sides) for i, c in enumerate(s.colours)},
        supply={"combat": s.combat.deck.count, "gold": s.gold.deck.count, "coins": s.supply},
        ship=s.ship, moved=s.moved,
        lifeboat=(None if s.lifeboat is None else "?" if s.lifeboat < 0
                  else PIRATE_TITLES[s.lifeboat]),
        wins={"valverde": s.wins["V"], "diaz": s.wins["D"]})


def record(log: MutinyLog, *, in_progress: bool = False) -> tuple[Replay, list[Frame]]:
    """Replay a log and keep a :class:`Frame` for every step. A log still being recorded
    (``in_progress``) replays the same: nothing is settled at its end."""
    from cartlog.games.mutiny.notation import format_event

    replay = Replay(log)
    frames: list[Frame] = []
    index_of: dict[int, int] = {}

    def listener(step: WalkStep) -> None:
        for note in replay.notes[len(index_of):]:
            index_of[id(note)] = len(index_of)
        found = [index_of[id(n)] for n in step.notes]
        engine, s = replay.engine, replay.engine.state
        ev = step.event
        colour = s.colours[step.seat] if step.seat is not None else None
        duel = replay.duels[-1].pair if replay.duels and s.phase != "turn" and step.kind in (
            "duel", "fight", "steal", "won") else None
        base: dict[str, Any] = dict(
            kind=step.kind, turn=step.turn, action=step.action, duel=duel, player=colour,
            notation=format_event(ev) if ev is not None else None, text=step.text,
            findings=found, line=(getattr(ev, "line", 0) or None) if ev is not None else None)
        if step.kind in ("setup", "ship", "mutiny", "won", "reveal", "end"):
            base.update(table(engine))
        if step.kind in ("round", "turn", "ship"):
            base["row"] = row_cells(s)
        if step.kind in ("fight", "won") and replay.duels:
            t = replay.duels[-1].totals()
            if t is not None:
                base["totals"] = {"valverde": t[0], "diaz": t[1]}
        if step.kind == "end":
            outcome = engine.outcome()
            base["winners"] = list(outcome.winners) if outcome is not None else None
        frames.append(Frame(**base))

    replay.run(listener)
    return replay, frames


__all__ = ["RULES", "DuelRecord", "Frame", "Note", "Replay", "WalkStep", "record"]
