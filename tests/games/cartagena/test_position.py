"""The one-line position holds everything the engine knows: the deck's per-sign bounds
(``deckmax``), the Tortuga row's drawn cards (``taken``) and the part laid before a reshuffle
(``split``), a turn already ended (``ended``) and a winner the pirates do not show (``won``).
Each is written only when it says more than the rest of the position; old positions read as
before; a malformed value is refused at its field."""

from __future__ import annotations

import random

import msgspec
import pytest

from cartlog import engine
from cartlog.core.notation import field_span
from cartlog.games.cartagena import rules
from cartlog.games.cartagena.events import EndTurn, Pass, Row
from cartlog.games.cartagena.model import RULESETS
from cartlog.games.cartagena.position import KEY_SEP, PositionError, error_field, from_position
from cartlog.games.cartagena.simulate import simulate

J_BOARD = "SDKBPH/KSHDBP/HPBKDS/DBKSPH/PHSDKB/BPKDSH"
T_BOARD = J_BOARD
RB_BOARD = "BKPHLS/KPLSHB/LSBKPH/HLPSKB/SBHKLP"
START = "red:0,0,0,0,0,0;blue:0,0,0,0,0,0"


def game(text: str):
    return engine.from_position("cartagena", text)


def codes(violations) -> list[str]:
    return sorted(v.code for v in violations)


# -- deckmax --------------------------------------------------------------------------------


def test_deckmax_bounds_the_deck_and_reads_back():
    text = (f"2000-jamaica {J_BOARD} {START} red:S??;blue:?? red/0 deck:7 deckmax:S0,K1 "
            "discard:SSSSSSSSSSSSSSSDDDDDDDDDDDDDDDDDKKKKKKKKKKKKKKKBBBBBBBBBBBBBBBBBPPPPPPP"
            "PPPPPPPPPPHHHHHHHHH turn:40")
    g = game(text)
    assert g.position() == text
    assert g.state.deck.upper[0] == 0 and g.state.deck.upper[2] == 1
    # a draw naming a skull: the deck holds none (its bound), though one skull is not elsewhere
    assert "card/too-many" in codes(rules.check_drawn(g.state, 0, [0]))
    assert not rules.check_drawn(g.state, 0, [2])
    assert "card/too-many" in codes(rules.check_drawn(g.state, 0, [2, 2]))


def test_without_deckmax_the_deck_holds_every_card_not_elsewhere():
    g = game(f"2000-jamaica {J_BOARD} {START} red:S??;blue:?? red/0 deck:97")
    assert g.state.deck.upper == [16, 17, 17, 17, 17, 17]
    assert "deckmax" not in g.position()


def test_a_bound_that_says_nothing_more_is_not_written():
    # 17 skulls, one in red's hand: a bound of 16 or more is what the rest says
    g = game(f"2000-jamaica {J_BOARD} {START} red:S;blue:- red/0 deck:101 deckmax:S16,D30")
    assert "deckmax" not in g.position()


@pytest.mark.parametrize("value", ["X2", "S", "S-1", "Sx", "S1,S2", ""])
def test_a_malformed_deckmax_is_refused_at_its_field(value):
    with pytest.raises(PositionError) as caught:
        from_position(f"2000-jamaica {J_BOARD} {START} red:S;blue:- red/0 deck:101 "
                      f"deckmax:{value}")
    assert error_field(str(caught.value)) == "deckmax"


def test_a_reshuffle_of_unseen_cards_is_written_and_resumed():
    """The case that once let a resumed game offer draws the original rules out: a deck
    shuffled from a discard pile with unseen cards bounds each sign by that pile."""
    log = simulate("2000-jamaica", 2, 0, view="table")
    g = engine.start(msgspec.structs.replace(log, events=[]))
    rnd = random.Random(0)
    seen = False
    for _ in range(3000):
        text = g.position()
        back = game(text)
        assert back.position() == text
        if not g.is_over():
            assert back.legal() == g.legal()
        seen = seen or "deckmax:" in text
        if g.is_over():
            break
        g.apply(rnd.choice(g.legal()))
    assert seen


def test_bounds_do_not_grow_when_a_known_hand_plays_an_unnamed_card():
    """An unnamed card from a hand of known cards: the deck did not change, and what it can
    hold of each sign stays as it was (the hand's cards merely became unseen)."""
    # 12 skulls are neither in the deck nor in red's hand: blue's unseen cards hold them
    # (without them the position is refused: no game can reach it)
    g = game(f"2000-jamaica {J_BOARD} {START} red:SS;blue:{'?' * 12} red/0 deck:88 deckmax:S3")
    before = [rules.deck_bound(g.state, s) for s in range(6)]
    g.apply(g.read("?0"))
    assert [rules.deck_bound(g.state, s) for s in range(6)] == before
    assert game(g.position()).legal() == g.legal()


# -- the Tortuga row --------------------------------------------------------------------------


def tortuga(rest: str) -> str:
    return f"2000-tortuga {T_BOARD} red:0,0,0,0,0,8;blue:0,0,0,0,8,8 red:SD;blue:- red/1 {rest}"


def test_taken_gives_the_whole_row_to_a_row_line():
    g = game(tortuga("deck:98 row:KB taken:SD"))
    assert g.position().endswith("row:KB taken:SD")
    assert g.check(Row(cards="SDKB")) == []
    assert "setup/row" in codes(g.check(Row(cards="KB")))
    # an old position, without taken: the row holds only what is left
    old = game(tortuga("deck:98 row:KB"))
    assert old.check(Row(cards="KB")) == []


def test_an_unseen_taken_card_is_revealed_in_its_takers_hand():
    g = game(f"2000-tortuga {T_BOARD} red:0,0,0,0,0,8;blue:0,0,0,0,8,8 red:S?;blue:- blue/0 "
             "deck:98 row:KB taken:S,?red")
    assert g.position().endswith("row:KB taken:S,?red")
    g.apply(Row(cards="SDKB"))
    assert g.state.hands[0][1] == 1 and g.state.hands[0][6] == 0


def test_split_bounds_the_cards_laid_before_a_reshuffle():
    text = tortuga("deck:94 row:?????? split:2/S0")
    g = game(text)
    assert g.position() == text
    assert g.state.row_split == 2 and g.state.row_upper[0] == 0
    assert "card/too-many" in codes(rules.check_drawn(g.state, 0, [0]))
    assert not rules.check_drawn(g.state, 0, [1])
    assert game(tortuga("deck:94 row:?????? split:2")).position().endswith("split:2")


@pytest.mark.parametrize(("field", "value"), [
    ("taken", "SX"), ("taken", "?grey"), ("taken", "S,,?"), ("split", "0"), ("split", "7"),
    ("split", "2/Q1"), ("split", "x")])
def test_a_malformed_row_field_is_refused_at_its_field(field, value):
    with pytest.raises(PositionError) as caught:
        from_position(tortuga(f"deck:94 row:?????? {field}:{value}"))
    assert error_field(str(caught.value)) == field


def test_a_row_field_outside_tortuga_is_refused():
    with pytest.raises(PositionError) as caught:
        from_position(f"2000-jamaica {J_BOARD} {START} red:S;blue:- red/0 taken:S")
    assert error_field(str(caught.value)) == "taken"


# -- the turn's end, the winner ---------------------------------------------------------------


def test_ended_pass_leaves_only_the_end_of_the_turn():
    text = f"2000-jamaica {J_BOARD} {START} red:-;blue:S red/0 deck:101 ended:pass"
    g = game(text)
    assert g.position() == text
    assert g.legal() == [EndTurn()]
    assert codes(g.check(Pass())) == []
    original = game(f"2000-jamaica {J_BOARD} {START} red:-;blue:S red/0")
    original.apply(Pass())
    assert original.position() == text


def test_ended_draw_after_a_stuck_players_draw():
    board = RB_BOARD
    original = game(f"ravensburger {board} red:0,0,0,0;blue:0,0,0,0 red:-;blue:B red/0")
    original.apply(original.read("+K"))
    text = original.position()
    assert " red/1 " in text and "ended:draw" in text
    g = game(text)
    assert g.legal() == original.legal() == [EndTurn()]
    assert codes(g.check(g.read("K0-2"))) == codes(original.check(original.read("K0-2")))


@pytest.mark.parametrize("value", ["stop", "pass,pass", "", "draw"])
def test_a_malformed_ended_is_refused(value):
    with pytest.raises(PositionError) as caught:
        from_position(f"2000-jamaica {J_BOARD} {START} red:-;blue:S red/0 ended:{value}")
    assert error_field(str(caught.value)) == "ended"


def test_won_names_a_winner_the_pirates_do_not_show():
    board = RB_BOARD
    text = (f"ravensburger {board} red:boat,boat,boat,boat;blue:boat,boat,boat,boat "
            "red:-;blue:- red/0 deck:90 won:red")
    g = game(text)
    assert g.position() == text and g.outcome().winners == ("red",)
    implied = game(text.replace(" won:red", ""))
    assert implied.outcome().winners == ("blue",) and "won:" not in implied.position()
    with pytest.raises(PositionError) as caught:
        from_position(text.replace("won:red", "won:grey"))
    assert error_field(str(caught.value)) == "won"


# -- every old position reads as before ---------------------------------------------------------


@pytest.mark.parametrize("rules_name", list(RULESETS))
def test_a_game_resumed_from_its_position_is_the_same_game(rules_name):
    """At every step of random games in every view, the game read back from its position
    writes the same position and offers the same events."""
    for players in (2, 4):
        for view in ("all", "table"):
            log = simulate(rules_name, players, 1, view=view)
            g = engine.start(msgspec.structs.replace(log, events=[]))
            rnd = random.Random(1)
            for _ in range(400):
                text = g.position()
                back = game(text)
                assert back.position() == text
                if g.is_over():
                    break
                assert back.legal() == g.legal(), text
                g.apply(rnd.choice(g.legal()))


# -- counts that do not add up ------------------------------------------------------------------


J = f"2000-jamaica {J_BOARD}"


@pytest.mark.parametrize(("text", "field", "at", "words"), [
    # O1: the deck holds every card not elsewhere, no fewer, no more
    (f"{J} {START} red:SS;blue:- red/0 deck:99", "deck", "deck:99", "deck: 99 cards; "
     "2000-jamaica has 102, 2 of them in the hands, discard pile and row: the deck holds 100"),
    (f"{J} {START} red:S?;blue:- red/0 deck:101", "deck", "deck:101", "the deck holds 100"),
    (f"{J} {START} red:-;blue:- red/0 deck:90 discard:SDK", "deck", "deck:90",
     "the deck holds 99"),
    # O1: no sign more often than the game has it: at the hand, pile or row that brings it past
    (f"{J} {START} red:{'S' * 18};blue:- red/0", "hand of red", "red:SSS",
     "18 skull cards in the hands, discard pile and row; 2000-jamaica has 17 of each sign"),
    (f"{J} {START} red:{'S' * 9};blue:{'S' * 9} red/0", "hand of blue", "blue:SSS",
     "18 skull cards"),
    (f"{J} {START} red:{'S' * 9};blue:- red/0 discard:{'S' * 9}", "discard", "discard:",
     "18 skull"),
    (f"2000-tortuga {T_BOARD} {START} red:SD;blue:- red/0 row:{'S' * 17}", "row", "row:",
     "18 skull"),
    # O1: no more cards in all, unseen ones counted
    (f"{J} {START} red:{'?' * 100};blue:??? red/0", "hand of blue", "blue:???",
     "103 cards in the hands, discard pile and row; 2000-jamaica has 102 in all"),
    # a hand is a player's: cards in another are not left out
    (f"{J} {START} red:-;blue:-;green:SSS red/0", "hand of green", "green:SSS",
     "not one of the players"),
])
def test_a_count_that_does_not_add_up_is_refused_at_its_field(text, field, at, words):
    """A position whose counts the game's cards, pirates and board cannot give is refused,
    the message saying what does not add up and the total, the caret under the field."""
    with pytest.raises(PositionError) as caught:
        from_position(text)
    message = str(caught.value)
    assert message.startswith(f"{field}: ") and words in message
    span = field_span(text, error_field(message), KEY_SEP)
    assert span is not None and at in text[span[0]:span[1]]


def test_an_unseen_card_is_a_card_outside_the_deck():
    """A seat's view: the other hands as ``?``, counted as cards, not named."""
    g = game(f"{J} {START} red:SDK;blue:?????? blue/0 deck:90 discard:BBB")
    assert g.state.deck.count == 90 and g.state.known_out == [1, 1, 1, 3, 0, 0]
    assert "deck:90" in g.position()


# -- unseen cards that cannot be made of the cards not seen elsewhere --------------------------

# every card of 2000-jamaica but 2 skulls and 1 key is in the discard pile
ALL_BUT_SSK = "S" * 15 + "D" * 17 + "K" * 16 + "B" * 17 + "P" * 17 + "H" * 17


@pytest.mark.parametrize("text, at, words", [
    # 12 skulls are in no hand and no pile, and the deck holds at most 3 of them
    (f"{J} {START} red:SS;blue:- red/0 deck:100 deckmax:S3", "deckmax:S3",
     "the bounds add up to 88 cards, counting only the cards of each sign not seen "
     "elsewhere; the deck holds 100"),
    # the deck's 2 cards are 2 of SSK, but it holds no skull: only the key is left for it
    (f"{J} {START} red:?;blue:- red/0 deck:2 deckmax:S0 discard:{ALL_BUT_SSK}",
     "deckmax:S0", "the bounds add up to 1 cards"),
    # Tortuga: the row was laid from the deck, whose bounds hold its unseen cards too
    (f"2000-tortuga {T_BOARD} {START} red:-;blue:- red/0 deck:1 deckmax:S0 "
     f"discard:{ALL_BUT_SSK} row:??", "deckmax:S0",
     "the deck and the row's unseen cards laid from it hold 3"),
    # the row's 2 cards laid before a reshuffle hold no skull, and the deck 1 card
    (f"2000-tortuga {T_BOARD} {START} red:-;blue:- red/0 deck:1 "
     f"discard:{ALL_BUT_SSK} row:?? split:2/S0", "split:2/S0",
     "the bounds leave room for 1 of the 2 unseen cards"),
])
def test_unseen_cards_the_free_cards_cannot_make_are_refused(text, at, words):
    """The unseen cards (the ``?`` of the hands, pile and row, and the deck) must be made
    of the cards of each sign not seen elsewhere within the deck's bounds (O1, R1, C5): a
    position whose bounds leave room for fewer is refused at the bound, saying the sum."""
    with pytest.raises(PositionError) as caught:
        from_position(text)
    message = str(caught.value)
    assert words in message, message
    span = field_span(text, error_field(message), KEY_SEP)
    assert span is not None and at in text[span[0]:span[1]]


def test_bounds_that_leave_room_for_the_deck_are_read():
    # the deck's card is the key: it holds no skull, and the unseen hand holds both
    text = f"{J} {START} red:??;blue:- red/0 deck:1 deckmax:S0 discard:{ALL_BUT_SSK}"
    assert game(text).position() == text
