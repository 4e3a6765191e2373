"""The Cartagena engine: the rules of :mod:`rules`, driven one event at a time.

Implements :class:`cartlog.core.spec.Engine`. Events are the log's own Structs
(:mod:`events`): the actions :class:`Forward`, :class:`Back`, :class:`Draw` and :class:`Pass`,
:class:`EndTurn` (an engine event: the log implies it at the end of each :class:`Turn`), a
whole :class:`Turn`, and the Tortuga :class:`Row`. ``hand`` and ``pirates`` claims are about the
log, not the game: the engine checks them against its state (:func:`rules.check_hand_claim`,
:func:`rules.check_pirates_claim`) and changes nothing. Every turn rule lives in
:mod:`rules`: seat order, the action limit (R2, O2), the stuck player (O2, R3), nothing after
the end (C6).
"""

from __future__ import annotations

from itertools import combinations_with_replacement, product
from typing import Any, NamedTuple

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

TURN = "turn"  # the one phase of Cartagena


class SetupNote(NamedTuple):
    """A rule the header breaks: the header field it is about, its JSON path, and the seat."""

    field: str
    path: str
    seat: int | None
    violation: Violation


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
    __slots__ = ("state", "setup", "unseen")

    def __init__(self, state: State, setup: list[SetupNote] | None = None,
                 unseen: list[str] | None = None) -> None:
        self.state = state
        self.setup = setup if setup is not None else []
        self.unseen = unseen if unseen is not None else []

    # -- construction ------------------------------------------------------------------------

    @classmethod
    def start(cls, log: CartagenaLog) -> Engine:
        """The game set up from a log's header (O1, R1, C7; O4 for the Tortuga row), or from
        the position it starts from (:meth:`at_position`)."""
        if log.position is not None:
            return cls.at_position(log.position)
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
        with each sign one of them may be (C1; the deck's counts allow it: O1, R1), and one
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
            forwards = [a for a in actions if a[0] == "forward"] + [
                ("forward", sign, start) for sign in range(NSIGNS)
                if not hand[sign] and state.known_out[sign] < rs.per_sign for start in starts]
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
        return read_line(line, state.rs, state.colours, state.boat, state.colours[state.seat])

    def check(self, event: Any) -> list[Violation]:
        """The rules ``event`` breaks here; the state is not changed."""
        state = self.state
        kind = type(event)
        if kind is Turn:
            return self._check_turn(event)
        if kind is EndTurn:
            if state.winner is not None or state.passed:
                return []  # a pass was judged when it was made
            stuck = state.done == 0 and rules.is_stuck(state, state.seat)
            return rules.check_turn_end(state, state.seat, state.done, stuck,
                                        state.stuck_draw)
        if kind is Row:
            return rules.check_row(state, signs(state, event.cards) or [])
        if kind is HandClaim or kind is PiratesClaim:
            if event.player not in state.colours:
                return []  # the reader refuses a colour that is no player
            seat = state.colours.index(event.player)
            if kind is HandClaim:
                return rules.check_hand_claim(state, seat, event.size,
                                              signs(state, event.cards))
            return rules.check_pirates_claim(state, seat, event.spaces)
        if kind not in (Forward, Back, Draw, Pass):
            return []
        return self._check_action(event)

    def _check_action(self, act: Any, written: int | None = None) -> list[Violation]:
        state = self.state
        seat = state.seat
        if state.winner is not None:
            return [rules.action_after_end(state, False, type(act).__name__.lower())]
        kind = type(act)
        if kind is Pass:
            if state.done or state.passed:
                return []
            return rules.check_turn_end(state, seat, 0, rules.is_stuck(state, seat), False)
        out: list[Violation] = []
        if state.passed:
            out.append(rules.action_after_pass(kind.__name__.lower()))
        room = rules.check_action_room(state, state.done + 1 if written is None else written)
        if room is not None:
            out.append(room)
        if kind is Forward:
            out += rules.check_forward(state, seat, state.rs.index.get(act.card, -1), act.start,
                                       act.to)
        elif kind is Back:
            out += rules.check_back(state, seat, act.start, act.to, signs(state, act.cards),
                                    act.count)
        else:
            out += rules.check_stuck_draw(state, seat, signs(state, act.cards), act.count)
        return out

    def _check_turn(self, turn: Turn) -> list[Violation]:
        """A whole turn: its order, then each action in sequence (on a copy), then its end."""
        state = self.state
        seat = state.colours.index(turn.player) if turn.player in state.colours else state.seat
        if state.winner is not None:
            return ([rules.action_after_end(state, True, turn.player)] if turn.actions
                    else [])
        out = rules.check_turn_order(state, seat)
        game = self.copy()
        rules.begin_turn(game.state, seat)
        before = game.state.done  # taken before the log's line: a position taken mid-turn
        written = before + sum(1 for a in turn.actions if type(a) is not Pass)
        reported_room = after_pass_reported = False
        moved = False
        for act in turn.actions:
            if game.state.winner is not None:
                out.append(rules.action_after_end(game.state, False, type(act).__name__.lower()))
                break
            if type(act) is Pass:
                game.state.passed = True
                continue
            found = game._check_action(act, written)
            if after_pass_reported:
                found = [v for v in found if v.code != "turn/action-after-pass"]
            after_pass_reported = after_pass_reported or game.state.passed
            if reported_room:
                found = [v for v in found if v.code != "turn/too-many-actions"]
            reported_room = reported_room or any(v.code == "turn/too-many-actions"
                                                 for v in found)
            out += found
            game.apply(act)
            moved = True
        if not moved and game.state.winner is None:
            out += rules.check_turn_end(game.state, seat, before,
                                        rules.is_stuck(game.state, seat), False)
        return out

    def apply(self, event: Any) -> None:
        """Carry out ``event`` as played, lawful or not."""
        state = self.state
        kind = type(event)
        seat = state.seat
        if kind is Forward:
            rules.apply_forward(state, seat, state.rs.index.get(event.card, -1), event.start,
                                event.to)
        elif kind is Back:
            rules.apply_back(state, seat, event.start, event.to, signs(state, event.cards),
                             event.count)
        elif kind is Draw:
            rules.apply_stuck_draw(state, seat, signs(state, event.cards), event.count)
        elif kind is Pass:
            state.passed = True
        elif kind is EndTurn:
            if state.winner is None:
                rules.end_turn(state)
        elif kind is Turn:
            if state.winner is not None:
                return
            if event.player in state.colours:
                rules.begin_turn(state, state.colours.index(event.player))
            for act in event.actions:
                if state.winner is not None:
                    break
                self.apply(act)
            if state.winner is None:
                rules.end_turn(state)
        elif kind is Row:
            rules.apply_row(state, signs(state, event.cards) or [])

    def copy(self) -> Engine:
        return Engine(self.state.copy(), self.setup, self.unseen)

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
