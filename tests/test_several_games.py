"""A file holds one game: several games written one after the other (the PGN habit) are one
problem, at the line where the second game starts, for every game (docs/notation.md, "Logs
that cannot be read")."""

from __future__ import annotations

import pytest

from cartlog.core.errors import LogSyntaxError
from cartlog.games import GAMES
from cartlog.logs import read_log, write_log

SEPARATORS = ["\n", "\n\n", "\n; the next game\n\n"]


def _text(spec, seed: int) -> str:
    return write_log(spec.simulate(spec.default_rules, spec.players[0], seed), to_json=False)


@pytest.mark.parametrize("name", sorted(GAMES))
@pytest.mark.parametrize("between", SEPARATORS)
@pytest.mark.parametrize("newline", ["\n", "\r\n"])
def test_a_second_game_in_one_file_is_one_problem_where_it_starts(name, between, newline):
    spec = GAMES[name]
    first, second = _text(spec, 1).rstrip("\n"), _text(spec, 2)
    text = (first + between + second).replace("\n", newline)
    starts = (first + between).count("\n") + 1
    with pytest.raises(LogSyntaxError) as caught:
        read_log(text, "two.cartlog")
    problems = caught.value.problems
    assert [(p.line, p.col) for p in problems] == [(starts, 1)], str(caught.value)
    assert "second game" in problems[0].message
    assert f"from line {starts} on" in (problems[0].expected or "")


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_tag_after_the_body_that_starts_no_game_is_read_as_before(name):
    # a Result tag written at the end, as some write it, is the header's slip, not a game
    spec = GAMES[name]
    text = _text(spec, 1).rstrip("\n") + '\n[Result "nobody"]\n'
    with pytest.raises(LogSyntaxError) as caught:
        read_log(text, "late-tag.cartlog")
    assert not any("second game" in p.message for p in caught.value.problems)
