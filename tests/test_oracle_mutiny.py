"""A second, independent reading of the Mutiny's rules (tests/oracle/mutiny) against cartlog.

(a) Random lawful games, written in the table view and in a seat's view, check clean and
give the oracle's winners. (b) For one-fault mutants of them, cartlog reports an error iff
the oracle finds the mutant unlawful, and its first error is at the oracle's line. The
classes where cartlog is wrong are in tests/oracle/mutiny/DISAGREEMENTS.md: set aside here,
and kept as skipped tests on their smallest logs."""

import random

import pytest

from tests.oracle.mutiny.cartlog_side import cartlog_verdict
from tests.oracle.mutiny.judge import verdict
from tests.oracle.mutiny.mutate import mutants
from tests.oracle.mutiny.play import play
from tests.oracle.mutiny.run import agrees, known
from tests.oracle.mutiny.text import write

GAMES = 150
MUTANTS = 8
CHUNKS = 5


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_oracle_games_check_clean(chunk):
    for seed in range(chunk, GAMES, CHUNKS):
        game = play(seed)
        seat = game["players"][seed % len(game["players"])]
        for view in (None, seat):
            text = write(game, view)
            if view is None:
                assert verdict(text) == (None, game["result"], ""), text
            line, winners, codes = cartlog_verdict(text)
            assert line is None, (seed, view, codes, text)
            if winners is not None:
                assert sorted(winners) == sorted(game["result"]), (seed, view, text)


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_mutants_judged_alike(chunk):
    checked = 0
    for seed in range(chunk, GAMES, CHUNKS):
        game = play(seed)
        text = write(game)
        for mutant in mutants(text, game["players"], random.Random(seed), MUTANTS):
            ours = verdict(mutant)
            if ours[0] == "incomplete" or known(ours):
                continue
            checked += 1
            theirs = cartlog_verdict(mutant)
            same, located = agrees("mutant", ours, theirs)
            assert same and located, (seed, ours, theirs, mutant)
    assert checked > GAMES // CHUNKS * MUTANTS // 2


HEAD = """[Game "Cartagena: The Mutiny"]
[Players "red, blue"]
[Track "TRACK"]
[Combat "COMBAT"]
[Gold "1 8, 2 6, 3 4"]
"""
SPLIT = "P1 8, P2 6, P3 6, G1 8, G2 6, G3 6"
STORM = "length 20; storms 3; start 2:0 3:0 4:0; mutiny 20"
SHORT = "length 3; start 2:0 3:0 4:0; mutiny 3"
VOYAGE = """
round 1 giver red
red ^Pang +1
blue ^Tembo +P2
"""
MUTINY = """
round 1 giver red
red ^Bijoux set diaz
blue ^Ojo set valverde
ship 3 at 3
mutiny track
duel A 1-2
fight red P1, blue G1
fight red monkey, blue monkey
steal red supply
"""
DUELS = """steal blue supply
won diaz
duel B 3-4
fight red G1, blue P1
fight red monkey, blue monkey
steal red supply
steal blue supply
won diaz
duel C 5-6
fight red monkey, blue monkey
won diaz
reveal red diaz, blue valverde
"""
# The smallest log of each DISAGREEMENTS.md entry: (track, combat split, body, the line
# of the fault).
SMALLEST = {
    "D1": (STORM, SPLIT, VOYAGE + "ship 3 at 3 storm\nround 2 giver blue lifeboat Nero\n", 11),
    "D2": (SHORT, SPLIT, MUTINY + "steal red supply\nwon diaz\n", 16),
    "D3": (STORM, SPLIT, VOYAGE + "ship 3 at 3 calm\nround 2 giver blue lifeboat Pang\n", 10),
    "D4": (SHORT, SPLIT + '"]\n[Result "none', MUTINY + DUELS + "gold red 4, red 3\n", 29),
    "D5": (STORM, "P1 10, P2 3, P3 2, G1 11, G2 6, G3 8",
           "\nround 1 giver red\nred ^Crackpott +P3 +P3\nblue ^Wessel-Jan -G1 +P3\n", 9),
}


def smallest(entry):
    track, combat, body, line = SMALLEST[entry]
    return HEAD.replace("TRACK", track).replace("COMBAT", combat) + body, line


# the entries of DISAGREEMENTS.md where cartlog now agrees with the oracle, and those still open
FIXED = ("D1", "D2", "D3", "D4", "D5")
OPEN = tuple(sorted(set(SMALLEST) - set(FIXED)))


@pytest.mark.parametrize("entry", FIXED)
def test_disagreement_fixed(entry):
    text, line = smallest(entry)
    assert verdict(text)[0] == line
    assert known(verdict(text)) is None  # no longer set aside in the runs
    assert cartlog_verdict(text)[0] == line


@pytest.mark.skip(reason="cartlog is wrong here: see tests/oracle/mutiny/DISAGREEMENTS.md")
@pytest.mark.parametrize("entry", OPEN)
def test_disagreement_open(entry):
    text, line = smallest(entry)
    assert cartlog_verdict(text)[0] == line


@pytest.mark.parametrize("entry", OPEN)
def test_disagreement_still_found_by_the_oracle(entry):
    text, line = smallest(entry)
    assert verdict(text)[0] == line
    assert known(verdict(text)) == entry
    assert cartlog_verdict(text)[0] != line, "cartlog finds it now: lift the skip above and drop the entry from run.KNOWN"
