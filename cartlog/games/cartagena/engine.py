"""The Cartagena engine: the rules of :mod:`rules`, driven one event at a time.

Implements :class:`cartlog.core.spec.Engine`. Events are the log's own Structs
(:mod:`events`): the actions :class:`Forward`, :class:`Back`, :class:`Draw` and :class:`Pass`,
:class:`EndTurn` (an engine event: the log implies it at the end of each :class:`Turn`), a
whole :class:`Turn`, and the Tortuga :class:`Row`. ``hand`` and ``pirates`` claims are about the
log, not the game: the engine checks them against its state (:func:`rules.check_hand_claim`,
:func:`rules.check_pirates_claim`), and a hand claim that fits reveals the hand's unseen cards. Every turn rule lives in
:mod:`rules`: seat order, the action limit (R2, O2), the stuck player (O2, R3), nothing after
the end (C6). A ``hand`` line that fits the hand makes its cards known (the table saw
them).
"""

from __future__ import annotations

from itertools import combinations_with_replacement, product
from typing import Any, Final, NamedTuple

from cartlog.core.findings import Violation
from cartlog.core.spec import GameSpec, Outcome, ToMove
from cartlog.core.words import aside, did_you_mean
from cartlog.games.cartagena import SPEC, rules
from cartlog.games.cartagena.events import (
    Back,
    CartagenaLog,
    Draw,
    EndTurn,
    Forward,
    HandClaim,
    Pass,
    PiratesClaim,
    Row,
    Turn,
)
from cartlog.games.cartagena.model import (
    NSIGNS,
    RULESET_SPELLINGS,
    RULESETS,
    UNKNOWN,
    State,
    find_ruleset,
)
from cartlog.games.cartagena.position import from_position as _from_position
from cartlog.games.cartagena.position import to_position

# the classes compared by type below, as C statics: compiled, a class imported by name is
# looked up in the module's dictionary at every use (docs/performance.md, "Writing for the
# compiler")
_BACK: Final = Back
_DRAW: Final = Draw
_END_TURN: Final = EndTurn
_FORWARD: Final = Forward
_HAND_CLAIM: Final = HandClaim
_PASS: Final = Pass
_PIRATES_CLAIM: Final = PiratesClaim
_ROW: Final = Row
_TURN: Final = Turn

TURN: Final = "turn"  # the one phase of Cartagena


class SetupNote(NamedTuple):
    """A rule the header breaks: the header field it is about, its JSON path, and the seat."""

    field: str
    path: str
    seat: int | None
    violation: Violation


def _named(cards: dict[str, tuple[int, ...]], index: dict[str, int], written: str
           ) -> tuple[int, ...] | None:
    """The signs of drawn cards as written, when every letter names one (kept in ``cards``
    for the next draw written alike, up to 4096 spellings), else ``None``."""
    if len(written) > 8:
        return None
    drawn = tuple(index.get(c, -1) for c in written)
    if -1 in drawn:
        return None
    if len(cards) < 4096:
        cards[written] = drawn
    return drawn


def signs(state: State, cards: str | None) -> list[int] | None:
    """Sign letters as sign numbers (-1 for ``?`` or a letter of no sign)."""
    if cards is None:
        return None
    index = state.rs.index
    return [index.get(c, -1) for c in cards]


class Engine:
    """A game of Cartagena in progress (see :class:`cartlog.core.spec.Engine`).

    ``setup`` lists the rules the log's header breaks; ``unseen`` the colours whose deal the
    log does not know.
    """

    spec: GameSpec = SPEC
    __slots__ = ("state", "setup", "unseen", "names", "_open", "_written", "_moved",
                 "_room_said", "_pass_said")

    def __init__(self, state: State, setup: list[SetupNote] | None = None,
                 unseen: list[str] | None = None) -> None:
        self.state = state
        self.setup = setup if setup is not None else []
        self.unseen = unseen if unseen is not None else []
        self.names: list[tuple[str, str | None]] = []  # the players' colours and names
        # the turn line being played (:meth:`begin`): whether it began (not after the end),
        # the actions the turn holds with it, those it played, and whether the spent room and
        # an action after the pass were reported
        self._open = False
        self._written = 0
        self._moved = 0
        self._room_said = False
        self._pass_said = False

    # -- construction ------------------------------------------------------------------------

    @classmethod
    def start(cls, log: CartagenaLog) -> Engine:
        """The game set up from a log's header (O1, R1, C7; O4 for the Tortuga row), or from
        the position it starts from (:meth:`at_position`)."""
        if log.position is not None:
            engine = cls.at_position(log.position)
            engine.names = [(p.colour, p.name) for p in log.players]
            return engine
        found = find_ruleset(log.rules)
        rs = found or RULESETS["2000-jamaica"]
        colours = [p.colour for p in log.players]
        notes: list[SetupNote] = []
        if found is None:
            notes.append(SetupNote("rules", "$.rules", None, Violation(
                "setup/rules", f"unknown rule set {log.rules!r}"
                + aside(did_you_mean(log.rules, RULESET_SPELLINGS)) + "; read as 2000-jamaica",
                expected=", ".join(RULESETS), actual=log.rules)))
        n = len(colours)
        if not rs.min_players <= n <= rs.max_players:
            notes.append(SetupNote("players", "$.players", None, Violation(
                "setup/players", f"{n} players; Cartagena is for 2 to 5",
                expected="2-5", actual=str(n))))
        dup = sorted({c for c in colours if colours.count(c) > 1})
        if dup:
            notes.append(SetupNote("players", "$.players", None, Violation(
                "setup/players", f"colour {', '.join(dup)} used by two players",
                expected="a colour per player", actual=", ".join(colours))))
        for name, value in log.options.items():
            if name not in rs.options:
                notes.append(SetupNote("options", f"$.options.{name}", None, Violation(
                    "setup/option", f"{rs.name} has no option {name!r}"
                    + aside(did_you_mean(name, list(rs.options))),
                    expected=", ".join(rs.options) or "no options",
                    actual=f"{name}={str(value).lower()}")))
        board = [rs.index.get(c, 0) for c in log.board]
        for v in rules.check_board(rs, board):
            notes.append(SetupNote("board", "$.board", None, v))
        index = rs.index
        hands: list[list[int] | None] = []
        for colour in colours:
            cards = log.deal.get(colour)
            hands.append(None if cards is None else [index.get(c, -1) for c in cards])
        for seat, v in rules.check_deal(rs, hands):
            notes.append(SetupNote("deal" + (f".{colours[seat]}" if seat >= 0 else ""),
                                   "$.deal" + (f".{colours[seat]}" if seat >= 0 else ""),
                                   seat if seat >= 0 else None, v))
        options = {k: v for k, v in log.options.items() if k in rs.options}
        state = rules.new_game(rs, board, colours, options, hands)
        unseen = [c for c, h in zip(colours, hands) if h is None or -1 in h]
        engine = cls(state, notes, unseen)
        engine.names = [(p.colour, p.name) for p in log.players]
        if log.row is not None:
            row = Row(cards=log.row)
            for v in engine.check(row):
                notes.append(SetupNote("row", "$.row", None, v))
            engine.apply(row)
        return engine

    @classmethod
    def at_position(cls, text: str) -> Engine:
        """The game of a log that starts from a position (docs/notation.md, "Starting from a
        position"): the position's table, and what the setup's rules can still say of it,
        each a note on the ``position`` field: the number of players and their colours (O1,
        R1), the board (C7), the options (rulings, options). ``unseen``: the players whose
        hand the position does not fully give."""
        engine = cls.from_position(text)
        state = engine.state
        rs, colours = state.rs, state.colours
        notes = engine.setup

        def note(v: Violation) -> None:
            notes.append(SetupNote("position", "$.position", None, v))

        n = len(colours)
        if not rs.min_players <= n <= rs.max_players:
            note(Violation("setup/players", f"{n} players; Cartagena is for 2 to 5",
                           expected="2-5", actual=str(n)))
        dup = sorted({c for c in colours if colours.count(c) > 1})
        if dup:
            note(Violation("setup/players", f"colour {', '.join(dup)} used by two players",
                           expected="a colour per player", actual=", ".join(colours)))
        for name, value in state.options.items():
            if name not in rs.options:
                note(Violation("setup/option", f"{rs.name} has no option {name!r}"
                               + aside(did_you_mean(name, list(rs.options))),
                               expected=", ".join(rs.options) or "no options",
                               actual=f"{name}={str(value).lower()}"))
        for v in rules.check_board(rs, state.board):
            note(v)
        engine.unseen[:] = [c for c, h in zip(colours, state.hands) if h[UNKNOWN]]
        return engine

    @classmethod
    def from_position(cls, text: str) -> Engine:
        """The game set up from a one-line position (``PositionError``, a ValueError)."""
        state = _from_position(text)
        if state.done == 0:
            rules.begin_turn(state, state.seat)
        return cls(state)

    # -- the protocol ------------------------------------------------------------------------

    def to_move(self) -> ToMove | None:
        state = self.state
        if state.winner is not None:
            return None
        return ToMove(state.seat, state.colours[state.seat], TURN)

    def legal(self) -> list[Any]:
        """The lawful next events: the actions :func:`rules.legal_actions` allows, written as
        the log writes them (destinations filled in; the cards a backward move or a stuck
        draw takes are chance, so only their number is given), then :class:`EndTurn` once the
        turn may end. A hand holding cards the log does not know also offers a forward move
        with each sign one of them may be (C1; the counts allow it, :func:`rules.hidden_signs`:
        O1, R1, C5), and one
        with the card unseen (``?0``, notation.md, Part 1), each once."""
        state = self.state
        if state.winner is not None:
            return []
        rs = state.rs
        seat = state.seat
        hand = state.hands[seat]
        hidden = (hand[UNKNOWN] > 0 and state.done < rs.actions and not state.stuck_draw
                  and not state.passed)
        actions = rules.legal_actions(state)
        if hidden:  # the signs the unseen cards may be, among the known ones in sign order
            starts = [p for p in sorted(set(state.pirates[seat])) if p != state.boat]
            may = rules.hidden_signs(state)
            forwards = [a for a in actions if a[0] == "forward"] + [
                ("forward", sign, start) for sign in range(NSIGNS)
                if not hand[sign] and may[sign] for start in starts]
            actions = sorted(forwards, key=lambda a: (a[1], a[2])) + [
                a for a in actions if a[0] != "forward"]
        out: list[Any] = []
        for action in actions:
            kind = action[0]
            if kind == "forward":
                sign, start = action[1], action[2]
                out.append(Forward(card=rs.letters[sign], start=start,
                                   to=rules.forward_target(state, start, sign)))
            elif kind == "back":
                start = action[1]
                target = rules.back_target(state, start)
                assert target is not None
                n = rules.expected_back_draw(state, target)
                out += [Back(start=start, to=target, count=n) if cards is None
                        else Back(start=start, to=target, cards=cards)
                        for cards in self._draws(n)]
            elif kind == "draw":
                n = min(1, rules.cards_available(state))
                out += [Draw(count=n) if cards is None else Draw(cards=cards)
                        for cards in self._draws(n)]
            else:
                out.append(Pass())
        if hidden:
            out += [Forward(card="?", start=p) for p in sorted(set(state.pirates[seat]))
                    if p != state.boat]
        if state.done > 0 or state.passed:
            out.append(EndTurn())
        return out

    def _draws(self, n: int) -> list[str | None]:
        """What a draw of ``n`` cards may bring, as the log writes it: each set of signs the
        deck can still hold (the next cards of the row in Tortuga, when known), then
        ``None`` for the draw written by its number alone."""
        state = self.state
        if n == 0:
            return [None]
        rs = state.rs
        if rs.tortuga:
            nxt = rules.peek_row(state, n)
            if -1 not in nxt and state.row_next + n <= len(state.row):
                return ["".join(rs.letters[c] for c in nxt), None]
        seat = state.seat
        # from a face-down deck the order does not matter; from a row partly known it does
        draws = (product(range(NSIGNS), repeat=n) if rs.tortuga
                 else combinations_with_replacement(range(NSIGNS), n))
        out: list[str | None] = [
            "".join(rs.letters[c] for c in combo) for combo in draws
            if not rules.check_drawn(state, seat, list(combo))]
        return out + [None]

    def read(self, line: str) -> Any:
        """One line of the text notation in the current context (see
        :func:`notation.read_line`); ``LogSyntaxError`` when it cannot be read."""
        from cartlog.games.cartagena.notation import read_line

        state = self.state
        return read_line(line, state.rs, state.colours, state.boat, state.colours[state.seat],
                         names=self.names, number=state.turn)

    def check(self, event: Any) -> list[Violation]:
        """The rules ``event`` breaks here; the state is not changed."""
        state = self.state
        kind = type(event)
        if kind is _TURN:
            return self._check_turn(event)
        if kind is _END_TURN:
            if state.passed:
                return []  # a pass was judged when it was made
            return self._turn_end()
        if kind is _ROW:
            return rules.check_row(state, signs(state, event.cards) or [])
        if kind is _HAND_CLAIM or kind is _PIRATES_CLAIM:
            if event.player not in state.colours:
                return []  # the reader refuses a colour that is no player
            seat = state.colours.index(event.player)
            if kind is _HAND_CLAIM:
                return rules.check_hand_claim(state, seat, event.size,
                                              signs(state, event.cards))
            return rules.check_pirates_claim(state, seat, event.spaces)
        if kind not in (_FORWARD, _BACK, _DRAW, _PASS):
            return []
        return self._check_single(event)

    def _check_single(self, act: Any) -> list[Violation]:
        """One action as an event of its own: in the turn as it stands, the action the turn's
        line would write next; a pass as the whole of a turn (O2)."""
        state = self.state
        if type(act) is _PASS and state.winner is None:
            return [] if state.passed else self._turn_end()
        return self._action(act, state.done + 1, False, False)

    def _turn_end(self) -> list[Violation]:
        """The turn as a whole, as it stands (O2, R2, R3: :func:`rules.check_turn_end`): at
        least one action, counting those a position held, unless the player is stuck; a stuck
        player draws where the rule set says so."""
        state = self.state
        return rules.check_turn_end(state, state.seat, state.done,
                                    rules.is_stuck(state, state.seat), state.stuck_draw)

    def _check_turn(self, turn: Turn) -> list[Violation]:
        """A whole turn line, on a copy: :meth:`check_begin`/:meth:`begin`, each action
        (:meth:`check_action`, then :meth:`play`), :meth:`check_end`."""
        state = self.state
        seat = state.colours.index(turn.player) if turn.player in state.colours else state.seat
        game = self.copy()
        out = game.check_begin(turn, seat)
        if game.finished():  # after the end: the line is one finding
            return out
        game.begin(turn, seat)
        for act in turn.actions:
            out += game.check_action(act)
            if game.finished():
                break
            game.play(act)
        return out + game.check_end()

    # -- a turn line: the one composition of a turn's rules ----------------------------------
    #
    # Every reader of turn lines (check and apply of a Turn, the audit's walk, the reading of
    # slips) plays a line the same way:
    #
    #     found = game.check_begin(turn, seat)
    #     if game.finished():              # after the end: the line is one finding (C6)
    #         return found
    #     game.begin(turn, seat)
    #     for act in turn.actions:
    #         found += game.check_action(act)
    #         if game.finished():          # nothing after the win (C6)
    #             break
    #         game.play(act)               # as played, lawful or not
    #     found += game.check_end()
    #     game.end()
    #
    # and :meth:`step` runs the same for a line of usual lawful actions, faster.

    def check_begin(self, turn: Turn, seat: int) -> list[Violation]:
        """The rules the turn line ``turn`` of the player at ``seat`` breaks before its first
        action: after the end of the game, the line is one finding if it holds an action
        (C6); otherwise the number the line writes (:func:`rules.check_turn_number`) and the
        turn order (seat order, the first player first)."""
        state = self.state
        if state.winner is not None:
            return [rules.action_after_end(state, True, turn.player)] if turn.actions else []
        return rules.check_turn_number(state, turn.number) + rules.check_turn_order(state, seat)

    def begin(self, turn: Turn, seat: int) -> None:
        """Begin the line: that player takes the turn as played (:func:`rules.begin_turn`);
        after the end of the game nothing begins."""
        state = self.state
        self._open = state.winner is None
        if not self._open:
            return
        rules.begin_turn(state, seat)
        # the actions the turn holds with the line: a position taken during it holds some
        self._written = state.done + sum(1 for a in turn.actions if type(a) is not _PASS)
        self._moved = 0
        self._room_said = self._pass_said = False

    def finished(self) -> bool:
        """Whether the game is over: the rest of the line is not played (C6)."""
        return self.state.winner is not None

    def check_action(self, act: Any) -> list[Violation]:
        """The rules the line's next action breaks, the state unchanged: after the win, that
        the game is over (C6: the rest of the line does not count, :meth:`finished`); a pass
        breaks nothing by itself (it ends the turn, O2: :meth:`end` judges a line that only
        passes); an action after the pass (once a line), an action the turn has no room for
        (R2, O2, R3; once a line), then the action's own rule (C1, C2, R3)."""
        return self._action(act, self._written, self._room_said, self._pass_said)

    def _action(self, act: Any, written: int, room_said: bool, pass_said: bool
                ) -> list[Violation]:
        state = self.state
        kind = type(act)
        if state.winner is not None:
            return [rules.action_after_end(state, False, kind.__name__.lower())]
        if kind is _PASS:
            return []
        out: list[Violation] = []
        if state.passed and not pass_said:
            out.append(rules.action_after_pass(kind.__name__.lower()))
        if not room_said:
            room = rules.check_action_room(state, written)
            if room is not None:
                out.append(room)
        seat = state.seat
        if kind is _FORWARD:
            out += rules.check_forward(state, seat, state.rs.index.get(act.card, -1), act.start,
                                       act.to)
        elif kind is _BACK:
            out += rules.check_back(state, seat, act.start, act.to, signs(state, act.cards),
                                    act.count)
        elif kind is _DRAW:
            out += rules.check_stuck_draw(state, seat, signs(state, act.cards), act.count)
        return out

    def play(self, act: Any) -> None:
        """Carry out the line's next action as played (a pass: the turn holds no more
        actions, O2); nothing once the game is over."""
        state = self.state
        if state.winner is not None:
            return
        if type(act) is not _PASS:
            self._pass_said = self._pass_said or state.passed
            self._room_said = (self._room_said or state.done >= state.rs.actions
                               or state.stuck_draw)
            self._moved += 1
        self.apply(act)

    def moved(self) -> int:
        """The actions of the line played so far (passes are none)."""
        return self._moved

    def check_end(self) -> list[Violation]:
        """The rules the line breaks as a whole: a turn with no action played (passes are
        none), the actions a position held counting (O2, R2, R3:
        :func:`rules.check_turn_end`)."""
        if not self._open or self._moved:
            return []
        return self._turn_end()

    def end(self) -> None:
        """End the line: play passes to the next seat (:func:`rules.end_turn`), the winning
        line's too. A line after the end of the game ends nothing."""
        if self._open:
            self._open = False
            rules.end_turn(self.state)

    def step(self, turn: Turn, seat: int, cards: dict[str, tuple[int, ...]]) -> int:
        """The line's :meth:`check_begin`/:meth:`begin`, :meth:`check_action`/:meth:`play`
        and :meth:`check_end`/:meth:`end` in one pass, with no copy, for a line of usual
        actions: when the line is the turn of the player to move, numbered as the game
        counts it (or not numbered), with room for all its
        actions, it begins, and its actions are played while each is a forward or backward
        move with every card named (``cards``: drawn cards as written -> their signs, filled
        as they are met), not marked condoned (the log's mark, which its reader judges) and
        lawful (the rule functions' own recognition of a lawful move: the checks find
        nothing). When every action is, the line ends. Returns the actions played, or -1
        when the line did not begin (the caller then plays it from :meth:`check_begin`); a
        line cut short goes on from :meth:`check_action` at the first action not played.
        tests/games/cartagena/test_fast_paths.py holds it to the event-by-event line."""
        state = self.state
        actions = turn.actions
        n = len(actions)
        # the game over is asked of finished(), not tested here: mypy would take the winner
        # for None through the loop below, and so would compiled code
        if (not n or seat != state.seat or self.finished() or state.passed
                or state.stuck_draw or state.done + n > state.rs.actions
                or turn.number is not None and turn.number != state.turn):
            return -1
        before = state.done
        index = state.rs.index
        done = 0
        for act in actions:
            if type(act) is _FORWARD:
                card = index.get(act.card, -1)
                start, to = act.start, act.to
                if card < 0 or act.condoned or rules.check_forward(state, seat, card, start, to):
                    break
                rules.apply_forward(state, seat, card, start, to)
            elif type(act) is _BACK:
                written = act.cards
                if written is None:
                    break
                drawn = cards.get(written)
                if drawn is None:
                    drawn = _named(cards, index, written)
                start, to, count = act.start, act.to, act.count
                if drawn is None or act.condoned or rules.check_back(
                        state, seat, start, to, drawn, count):
                    break
                rules.apply_back(state, seat, start, to, drawn, count)
            else:
                break
            done += 1
            if state.winner is not None and done < n:
                break  # the rest of the line: after the end (C6), for check_action() to say
        if done == n:  # :meth:`end` of a line that moved: no turn-end finding
            self._open = False
            self._moved = n
            rules.end_turn(state)
            return n
        # the line goes on event by event: the context :meth:`begin` gives it
        self._open = True
        self._written = before + sum(1 for a in actions if type(a) is not _PASS)
        self._moved = done
        self._room_said = self._pass_said = False
        return done

    def apply(self, event: Any) -> None:
        """Carry out ``event`` as played, lawful or not."""
        state = self.state
        kind = type(event)
        seat = state.seat
        if kind is _FORWARD:
            rules.apply_forward(state, seat, state.rs.index.get(event.card, -1), event.start,
                                event.to)
        elif kind is _BACK:
            rules.apply_back(state, seat, event.start, event.to, signs(state, event.cards),
                             event.count)
        elif kind is _DRAW:
            rules.apply_stuck_draw(state, seat, signs(state, event.cards), event.count)
        elif kind is _PASS:
            state.passed = True
        elif kind is _END_TURN:
            if state.winner is None:
                rules.end_turn(state)
        elif kind is _TURN:
            self.begin(event, state.colours.index(event.player)
                       if event.player in state.colours else state.seat)
            for act in event.actions:
                if self.finished():
                    break
                self.play(act)
            self.end()
        elif kind is _ROW:
            rules.apply_row(state, signs(state, event.cards) or [])
        elif kind is _HAND_CLAIM:
            self._reveal(event)

    def _reveal(self, claim: HandClaim) -> None:
        """A hand the table saw: the cards a ``hand`` line names are known now, when they fit
        the hand (:func:`rules.apply_reveal`); a line that does not fit reveals nothing."""
        state = self.state
        if claim.player not in state.colours or claim.cards is None:
            return
        seat = state.colours.index(claim.player)
        claimed = signs(state, claim.cards) or []
        if any(v.code == "claim/hand"
               for v in rules.check_hand_claim(state, seat, claim.size, claimed)):
            return
        heap = [0] * 7
        for c in claimed:
            heap[c if c >= 0 else UNKNOWN] += 1
        rules.apply_reveal(state, seat, heap)

    def copy(self) -> Engine:
        new = Engine(self.state.copy(), self.setup, self.unseen)
        new.names = self.names
        new._open, new._written = self._open, self._written
        new._moved, new._room_said, new._pass_said = (self._moved, self._room_said,
                                                       self._pass_said)
        return new

    def position(self) -> str:
        """The one-line position, with the turn number past turn 1 (so that a log starting
        from it numbers its turns on)."""
        return to_position(self.state)

    def is_over(self) -> bool:
        return self.state.winner is not None

    def outcome(self) -> Outcome | None:
        """C6: the first player with every pirate aboard wins at once."""
        state = self.state
        if state.winner is None:
            return None
        return Outcome((state.colours[state.winner],), "all pirates aboard")

    def totals(self) -> dict[str, int]:
        """Pirates per player, and every card: hands, deck, discard pile and Tortuga row."""
        state = self.state
        out = {f"pirates {c}": len(p) for c, p in zip(state.colours, state.pirates)}
        out["cards"] = (sum(sum(h) for h in state.hands) + state.deck.count
                        + sum(state.discard) + len(state.row) - state.row_next)
        return out


__all__ = ["Engine", "SetupNote", "TURN", "signs", "NSIGNS"]
