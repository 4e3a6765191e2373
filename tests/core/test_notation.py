"""The shell every game's text reader shares (``cartlog.core.notation``): tag values cut into
located entries, and the players: the Players tag, a player named in the body, and a log
without a Players tag."""

from __future__ import annotations

import pytest

from cartlog.core.notation import LogReader, Tag, entries, read_header
from cartlog.core.words import Palette


class Reader(LogReader):
    palette = Palette(("red", "blue", "yellow", "green", "black"))


class NamesReader(Reader):
    names_are_players = True


def players_tag(value: str, col: int = 10) -> Tag:
    return Tag("Players", value, 3, col, col + len(value))


def read(value: str, cls: type[LogReader] = Reader, twice_is_problem: bool = False):
    reader = cls("", "<log>")
    players = reader.read_players(players_tag(value), twice_is_problem)
    return reader, players, [(p.line, p.col, p.message) for p in reader.problems]


# -- entries ------------------------------------------------------------------------------------


@pytest.mark.parametrize("value, seps, parts", [
    ("red Ann, blue Ben", ",;", [("red Ann", 10), ("blue Ben", 19)]),
    ("red; blue ,  green", ",;", [("red", 10), ("blue", 15), ("green", 23)]),
    ("red,, blue,", ",;", [("red", 10), ("blue", 16)]),  # empty entries skipped
    ("Hochland/Sandkap", ",;/", [("Hochland", 10), ("Sandkap", 19)]),
    ("a,b;c", ";", [("a,b", 10), ("c", 14)]),
    ("   ", ",;", []),
])
def test_entries_are_stripped_and_located(value, seps, parts):
    assert entries(value, 10, seps) == parts
    for part, col in parts:
        assert value[col - 10:col - 10 + len(part)] == part


# -- the Players tag ----------------------------------------------------------------------------


def test_a_tag_in_typographic_quotes_is_read_as_the_same_tag():
    problems: list = []
    header = read_header(['[Rules \u201c2000-jamaica\u201d]', '[Event \u201eClub night\u201c]',
                          '[Site "Bern"]', "", "1. red S0-1"], problems)
    assert problems == []
    assert [(t.name, t.value) for t in header.tags.values()] == [
        ("Rules", "2000-jamaica"), ("Event", "Club night"), ("Site", "Bern")]
    read_header(['[Rules \u201c2000-jamaica"]'], problems)  # mixed quotes stay malformed
    assert [p.message for p in problems] == ["malformed header tag"]


def test_players_are_colours_with_optional_names_in_seat_order():
    reader, players, problems = read("red Anne Marie, BLUE, rouge?; yel Cy, noir Dee")
    # near red (as rouge), but red is seated already: left out
    assert problems == [(3, 32, "unknown colour 'rouge?'; did you mean red?")]
    assert players == [("red", "Anne Marie"), ("blue", None), ("yellow", "Cy"),
                       ("black", "Dee")]
    assert reader.colours == ["red", "blue", "yellow", "black"]
    assert reader.names == {"anne marie": "red", "cy": "yellow", "dee": "black"}


@pytest.mark.parametrize("value, message, read_as", [
    # one colour plainly meant: reported, and the player read with it
    ("red Ann, gren Ben", "unknown colour 'gren'; did you mean green?", ("green", "Ben")),
    ("red Ann, bleu Ben", None, ("blue", "Ben")),  # an alias is no misspelling
    ("red Ann, Ben yellow",
     "unknown colour 'Ben'; the colour comes first: did you mean yellow Ben?", ("yellow", "Ben")),
    ("red Ann, Ben Lee green",
     "unknown colour 'Ben'; the colour comes first: did you mean green Ben Lee?",
     ("green", "Ben Lee")),
])
def test_a_misspelt_colour_is_reported_once_and_read_with_the_colour_meant(
        value, message, read_as):
    reader, players, problems = read(value)
    assert [m for _, _, m in problems] == ([message] if message else [])
    assert players[-1] == read_as
    assert reader.names[read_as[1].lower()] == read_as[0]


@pytest.mark.parametrize("value, message", [
    ("red Ann, b Ben", "unknown colour 'b'"),  # blue or black
    ("red Ann, zzz", "unknown colour 'zzz'"),
    ("red Ann, rd Ben", "unknown colour 'rd'; did you mean red?"),  # red is taken
    ("red Ann, Ben red", "unknown colour 'Ben'; the colour comes first: did you mean red Ben?"),
])
def test_an_entry_with_no_colour_to_read_it_with_is_left_out(value, message):
    _, players, problems = read(value)
    assert [m for _, _, m in problems] == [message]
    assert players == [("red", "Ann")]


def test_a_misspelt_colour_is_located_and_lists_the_game_colours():
    reader = Reader("", "<log>")
    reader.read_players(players_tag("red, purpel"))
    (problem,) = reader.problems
    assert (problem.line, problem.col, problem.end_col) == (3, 15, 21)
    assert problem.expected == "one of red, blue, yellow, green, black"


def test_a_colour_given_twice_is_a_problem_where_the_game_says_so():
    _, players, problems = read("red Ann, blue, red Cy")
    assert problems == [] and [c for c, _ in players] == ["red", "blue", "red"]
    _, players, problems = read("red Ann, blue, red Cy", twice_is_problem=True)
    assert problems == [(3, 25, "colour red given twice")]
    assert [c for c, _ in players] == ["red", "blue"]


# -- players in the body ------------------------------------------------------------------------


@pytest.mark.parametrize("word, colour", [
    ("red", "red"), ("Red:", "red"), ("rouge", "red"), ("rot", "red"),
    ("r", "red"), ("bl", "blue"), ("b", "blue"),  # prefixes among the players
    ("black", None), ("yellow", None),  # colours of the game, not of a player
    ("anne", None), ("", None),  # names stand for no one here
])
def test_a_player_is_a_colour_an_alias_or_a_prefix_among_the_players(word, colour):
    reader, _, _ = read("red Anne, blue Ben")
    assert reader.player(word) == colour


@pytest.mark.parametrize("word, colour", [("Anne", "red"), ("BEN:", "blue"), ("r", "red"),
                                          ("Cy", None)])
def test_a_name_stands_for_its_player_where_the_game_allows_it(word, colour):
    reader, _, _ = read("red Anne, blue Ben", NamesReader)
    assert reader.player(word) == colour


@pytest.mark.parametrize("cls, word, message", [
    (Reader, "rd", "'rd' is not a player of this game; did you mean red?"),
    (Reader, "Anne", "'Anne' is not a player of this game; Anne plays red: did you mean red?"),
    (Reader, "yellow", "'yellow' is not a player of this game"),
    (NamesReader, "Bne", "'Bne' is not a player of this game; did you mean blue (Ben)?"),
])
def test_who_reports_a_word_that_names_no_player_with_the_nearest(cls, word, message):
    reader, _, _ = read("red Anne, blue Ben", cls)
    assert reader.who(word, 7, 12) is None
    (problem,) = reader.problems
    assert (problem.line, problem.col, problem.end_col) == (12, 7, 7 + len(word))
    assert problem.message == message and problem.expected == "one of red, blue"
    assert reader.who("red", 1, 13) == "red" and len(reader.problems) == 1


# -- a log without a Players tag ----------------------------------------------------------------


def test_without_a_players_tag_the_colours_named_are_the_players_in_order():
    reader = Reader("", "<log>")
    reader.guessing = True
    assert [reader.player(w) for w in ("blue", "rouge", "Blue:", "b", "zz", "yel")] == [
        "blue", "red", "blue", "blue", None, None]  # full spellings only: no prefix of yellow
    assert reader.colours == ["blue", "red"]


def test_a_missing_players_tag_is_one_problem_that_suggests_the_tag():
    reader = Reader("", "<log>")
    reader.problem(2, 8, "first")
    reader.problem(9, 1, "later")
    reader.guessing = True
    reader.player("green"), reader.player("red")
    reader.missing_players(4, "before the first turn", index=1)
    assert [p.message for p in reader.problems] == ["first", "missing header tag Players",
                                                    "later"]
    problem = reader.problems[1]
    assert (problem.line, problem.col) == (4, 1)
    assert problem.expected.startswith('[Players "green, red"] before the first turn')
    empty = Reader("", "<log>")
    empty.missing_players(1, "at the top of the log")
    assert empty.problems[0].expected == '[Players "red Anna, blue Ben"] at the top of the log'
