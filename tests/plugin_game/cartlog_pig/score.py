"""Pig's final breakdown: each player's score, the turns played, and who won."""

from __future__ import annotations

from typing import Any

import msgspec


class Standing(msgspec.Struct, kw_only=True, omit_defaults=True):
    colour: str
    name: str | None = None
    score: int


class PigBreakdown(msgspec.Struct, tag="pig", tag_field="game", kw_only=True):
    rules: str
    target: int
    winner: str | None
    finished: bool
    recorded: str | None
    agrees: bool | None
    standings: list[Standing]  # the winner first, then by score
    turns: int
    rolls: int


def breakdown(replay: Any) -> PigBreakdown:
    s, log = replay.engine.state, replay.log
    names = {p.colour: p.name for p in log.players}
    rows = [Standing(colour=c, name=names.get(c), score=n) for c, n in zip(s.colours, s.scores)]
    winner = s.colours[s.winner] if s.winner is not None else None
    rows.sort(key=lambda r: (r.colour != winner, -r.score))
    replayed = winner or "unfinished"
    return PigBreakdown(
        rules="standard", target=s.target, winner=winner, finished=winner is not None,
        recorded=log.result,
        agrees=None if log.result is None or replay.stopped else log.result == replayed,
        standings=rows, turns=replay.turns, rolls=replay.rolls)


BREAKDOWN_TYPE = PigBreakdown
