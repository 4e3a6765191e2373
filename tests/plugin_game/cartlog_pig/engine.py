"""Pig's engine: the rules of :mod:`cartlog_pig.rules` behind cartlog's engine protocol
(:class:`cartlog.core.spec.Engine`)."""

from __future__ import annotations

from typing import Any

from cartlog.core.findings import Violation
from cartlog.core.spec import GameSpec, Outcome, ToMove
from cartlog_pig import SPEC, rules
from cartlog_pig.events import Comment, Hold, PigLog, Roll
from cartlog_pig.model import FACES, State
from cartlog_pig.position import format_position, read_position


class Engine:
    """A game of Pig in progress, one roll or hold at a time."""

    spec: GameSpec = SPEC

    def __init__(self, state: State) -> None:
        self.state = state

    @classmethod
    def start(cls, log: PigLog) -> Engine:
        """The game at the log's start: its position, else nobody has scored."""
        if log.position is not None:
            return cls.from_position(log.position)
        return cls(State(log.target, [p.colour for p in log.players]))

    @classmethod
    def from_position(cls, text: str) -> Engine:
        return cls(read_position(text))

    def to_move(self) -> ToMove | None:
        s = self.state
        if s.winner is not None:
            return None
        return ToMove(s.seat, s.colours[s.seat], "turn")

    def legal(self) -> list[Any]:
        s = self.state
        if s.winner is not None:
            return []
        player = s.colours[s.seat]
        out: list[Any] = [Roll(player=player, value=v) for v in FACES]
        if s.total:
            out.append(Hold(player=player))
        return out

    def read(self, line: str) -> Any:
        """One line of the notation as an event (:class:`LogSyntaxError` if unreadable)."""
        from cartlog_pig.notation import read_line

        return read_line(line, self.state.colours)

    def check(self, event: Any) -> list[Violation]:
        if isinstance(event, Comment):
            return []
        return rules.check(self.state, event)

    def apply(self, event: Any) -> None:
        if isinstance(event, (Roll, Hold)):
            rules.apply(self.state, event)

    def copy(self) -> Engine:
        return Engine(self.state.copy())

    def position(self) -> str:
        return format_position(self.state)

    def is_over(self) -> bool:
        return self.state.winner is not None

    def outcome(self) -> Outcome | None:
        s = self.state
        if s.winner is None:
            return None
        return Outcome((s.colours[s.winner],),
                       f"reached {s.scores[s.winner]} of {s.target}")

    def totals(self) -> dict[str, int]:
        """Pig has no pieces or cards: only the players and the one die are there for
        the whole game."""
        return {"players": len(self.state.colours), "dice": 1}
