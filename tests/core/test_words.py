"""The words, colours and suggestions every game's text reader shares (``cartlog.core.words``)."""

from __future__ import annotations

import pytest

from cartlog.core.words import (
    COLOUR_ALIASES,
    COLOUR_NAMES,
    Palette,
    aside,
    did_you_mean,
    hint_text,
    located_words,
    span,
    suggestions,
    with_hint,
)

# -- located words ----------------------------------------------------------------------------


@pytest.mark.parametrize("text, start, stop, col, words", [
    ("12. red  K3-11\t14-9+SH", 0, None, 1,
     [("12.", 1), ("red", 5), ("K3-11", 10), ("14-9+SH", 16)]),
    ("hand red KKS ; a note", 5, 13, 1, [("red", 6), ("KKS", 10)]),
    ("red Ann, blue", 0, None, 20, [("red", 20), ("Ann,", 24), ("blue", 29)]),
    ("   \t ", 0, None, 1, []),
    ("", 0, None, 1, []),
])
def test_located_words_carry_the_column_of_their_first_character(text, start, stop, col,
                                                                 words):
    assert located_words(text, start, stop, col) == words
    for word, at in words:  # the column points at the word in the text
        assert text[at - col:at - col + len(word)] == word


def test_span_runs_from_the_first_word_to_just_after_the_last():
    assert span([("red", 5), ("pass", 9), ("3", 14)]) == (5, 15)
    assert span([("x", 1)]) == (1, 2)


# -- suggestions --------------------------------------------------------------------------------


@pytest.mark.parametrize("word, choices, expected", [
    ("botle", ["bottle", "skull", "key"], ["bottle"]),  # a letter left out
    ("bottel", ["bottle", "skull", "key"], ["bottle"]),  # two letters swapped
    ("BOTLE", ["bottle", "skull"], ["bottle"]),  # case ignored
    ("CRANNE", ["crâne", "clé"], ["crâne"]),  # accents ignored
    ("Sandkp", ["Sandkap", "Fingerhut"], ["Sandkap"]),
])
def test_a_misspelling_suggests_the_word_meant(word, choices, expected):
    assert suggestions(word, choices) == expected


def test_near_ties_are_all_suggested_and_a_clear_winner_stands_alone():
    assert suggestions("original", ["original-jamaica", "original-tortuga"]) == [
        "original-jamaica", "original-tortuga"]
    assert suggestions("pirat", ["pirate", "pirates", "base"]) == ["pirate"]
    assert len(suggestions("ab", ["abc", "abd", "abe", "abf"])) == 2  # at most n
    assert len(suggestions("ab", ["abc", "abd", "abe", "abf"], n=3)) == 3


def test_an_alias_suggests_the_name_it_stands_for_once():
    table = {"wine": "wine", "vin": "wine", "wein": "wine", "salt": "salt"}
    assert suggestions("wien", table) == ["wine"]
    assert suggestions("vinn", table) == ["wine"]


@pytest.mark.parametrize("word, choices", [
    ("zzz", ["bottle", "skull"]),  # nothing near
    ("", ["bottle"]),  # nothing written
    ("  ", ["bottle"]),
    ("bottle", ["bottle"]),  # the word itself is never suggested
    ("Bottle", {"bottle": "bottle", "rum": "bottle"}),
    ("x", []),
])
def test_nothing_is_suggested_when_nothing_is_near(word, choices):
    assert suggestions(word, choices) == []
    assert did_you_mean(word, choices) == ""


def test_suggestions_read_as_a_question_and_join_a_message():
    assert did_you_mean("botle", ["bottle"]) == "did you mean bottle?"
    assert hint_text(["wine", "salt"]) == "did you mean wine or salt?"
    assert hint_text([]) == ""
    assert with_hint("unknown card 'botle'", "did you mean bottle?") == (
        "unknown card 'botle'; did you mean bottle?")
    assert with_hint("unknown card 'zz'", "") == "unknown card 'zz'"
    assert aside("did you mean pirate?") == " (did you mean pirate?)"
    assert aside("") == ""


# -- colours ------------------------------------------------------------------------------------

WIDE = Palette(("red", "blue", "yellow", "green", "black", "brown"))
FOUR = Palette(("red", "blue", "green", "yellow"))


@pytest.mark.parametrize("word, colour", [
    ("red", "red"), ("RED", "red"), ("red:", "red"),  # a name, any case, a colon after it
    ("rouge", "red"), ("Blau", "blue"), ("grün", "green"), ("gruen", "green"),  # aliases
    ("noir", "black"), ("schwarz", "black"),
    ("yel", "yellow"), ("gr", "green"), ("blu", "blue"), ("bla", "black"),  # unique prefixes
    ("b", None), ("bl", None),  # prefixes of blue, black and brown
    ("purple", None), ("violet", None),  # not this game's colours
    ("", None), ("redd", None),
])
def test_a_palette_reads_names_aliases_and_unique_prefixes(word, colour):
    assert WIDE.colour(word) == colour


def test_a_palette_keeps_only_the_aliases_of_its_own_colours():
    assert FOUR.aliases == {a: c for a, c in COLOUR_ALIASES.items()
                            if c in ("red", "blue", "green", "yellow")}
    assert FOUR.colour("noir") is None and FOUR.colour("rot") == "red"
    assert set(FOUR.words) == {"red", "blue", "green", "yellow", *FOUR.aliases}
    assert set(COLOUR_ALIASES.values()) <= set(COLOUR_NAMES)


def test_a_prefix_is_unique_among_the_colours_asked_about():
    assert WIDE.colour("b", among=["red", "blue"]) == "blue"
    assert WIDE.colour("b", among=["blue", "black"]) is None
    assert WIDE.colour("schwarz", among=["red", "blue"]) is None
    assert WIDE.spellings(["red"]) == {"red": "red", "rouge": "red", "rot": "red"}


def test_a_palette_hint_names_the_nearest_colour_player_or_keyword():
    names = {"anne": "red", "ben": "blue"}
    shown = {"anne": "Anne", "ben": "Ben"}
    among = ["red", "blue"]
    assert WIDE.hint("rd", among) == "did you mean red?"
    assert WIDE.hint("bleue", among) == "did you mean blue?"  # near the alias bleu
    assert WIDE.hint("Anne", among, names) == "Anne plays red: did you mean red?"
    assert WIDE.hint("Anne:", among, names) == "Anne plays red: did you mean red?"
    assert WIDE.hint("Bne", among, names, shown=shown) == "did you mean blue (Ben)?"
    assert WIDE.hint("hnad", among, names, ["row", "hand", "pirates"]) == (
        "did you mean hand?")
    assert WIDE.hint("green", among) == ""  # a colour of the game, but of no player
    assert WIDE.hint("zzz", among, names, ["hand"]) == ""
