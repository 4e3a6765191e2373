"""A second, independent reading of the Mutiny's rules (tests/oracle/mutiny) against cartlog:
random lawful games, written in the table view and in a seat's view, must check clean and
give the same winners."""

import pytest

from tests.oracle.mutiny.cartlog_side import cartlog_verdict
from tests.oracle.mutiny.judge import verdict
from tests.oracle.mutiny.play import play
from tests.oracle.mutiny.text import write

GAMES = 150


@pytest.mark.parametrize("chunk", range(5))
def test_oracle_games_check_clean(chunk):
    for seed in range(chunk, GAMES, 5):
        game = play(seed)
        seat = game["players"][seed % len(game["players"])]
        for view in (None, seat):
            text = write(game, view)
            if view is None:
                assert verdict(text) == (None, game["result"]), text
            line, winners, codes = cartlog_verdict(text)
            assert line is None, (seed, view, codes, text)
            if winners is not None:
                assert sorted(winners) == sorted(game["result"]), (seed, view, text)
