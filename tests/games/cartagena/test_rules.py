"""Cartagena rules, one test (or a few) per clause of RULINGS.md (C1-C7, O1-O4, R1-R3).

Most tests put a one-line position in (``position.from_position``) and assert on the move or
the violations that come out. The last part audits small text logs so that every finding code
of ``codes.py`` is produced at least once, at the right place.

Boards used throughout (each section holds each sign once, C7):

- ``B2000`` = ``SDKBPH`` six times: skull on 1, 7, 13, 19, 25, 31; dagger on 2, 8, ...; key on
  3, 9, ...; bottle on 4, 10, ...; pistol on 5, 11, ...; hat on 6, 12, ...; the boat is 37.
- ``BRB`` = ``BKPHLS`` five times: bottle on 1, 7, ...; keys on 2, 8, ...; pistol on 3, 9, ...;
  hook on 4, 10, ...; lantern on 5, 11, ...; spyglass on 6, 12, ...; the boat is 31.
"""

from __future__ import annotations

import pytest

from cartlog.audit import audit
from cartlog.games.cartagena import rules
from cartlog.games.cartagena.codes import CODES
from cartlog.games.cartagena.events import Pass, Turn
from cartlog.games.cartagena.model import RULESETS, UNKNOWN, State
from cartlog.games.cartagena.position import PositionError, from_position, to_position
from cartlog.games.cartagena.replay import Replay
from cartlog.games.cartagena.simulate import simulate
from cartlog.logs import read_log

B2000 = "/".join(["SDKBPH"] * 6)
BRB = "/".join(["BKPHLS"] * 5)
BRB_ADV = "/".join(["BKPHLS"] * 6)
BOARDS = {"2000-jamaica": B2000, "2000-tortuga": B2000, "ravensburger": BRB,
          "ravensburger-advanced": BRB_ADV}
S, D, K, B, P, H = range(6)  # 2000 signs
RB_B, RB_K, RB_P, RB_H, RB_L, RB_S = range(6)  # Ravensburger signs


def pos(pirates: dict[str, str], hands: dict[str, str] | None = None, *,
        rules_name: str = "2000-jamaica", to_move: str | None = None, done: int = 0,
        extra: str = "") -> State:
    """A position from the pirates that matter; every player's other pirates wait at the start.

    ``pirates`` maps a colour to a comma list of spaces (``boat`` allowed), ``hands`` a colour
    to sign letters (default: no card).
    """
    rs = RULESETS[rules_name]
    field = []
    for colour, spaces in pirates.items():
        listed = [s for s in spaces.split(",") if s]
        listed += ["0"] * (rs.pirates - len(listed))
        field.append(f"{colour}:{','.join(listed)}")
    hands = hands or {}
    hand_field = ";".join(f"{c}:{hands.get(c) or '-'}" for c in pirates)
    who = to_move or next(iter(pirates))
    text = f"{rules_name} {BOARDS[rules_name]} {';'.join(field)} {hand_field} {who}/{done}"
    return from_position(f"{text} {extra}".strip())


def codes(violations) -> list[str]:
    return [v.code for v in violations]


def snapshot(state: State) -> tuple:
    """Everything a state holds, for checks that must not change it."""
    return (to_position(state), [p[:] for p in state.pirates], state.occ[:],
            [h[:] for h in state.hands], state.deck.count, state.deck.upper[:],
            state.discard[:], state.row[:], state.row_next, state.row_taker[:],
            state.known_out[:], state.seat, state.done, state.turn, state.winner,
            state.stuck_draw, dict(state.options))


# -- C1 forward move -----------------------------------------------------------------------------


def test_C1_forward_skips_occupied_spaces_of_the_sign():
    # skulls on 1, 7, 13: 1 and 7 hold a pirate, so a skull from the start goes to 13
    state = pos({"red": "", "blue": "1,7"}, {"red": "S"})
    assert rules.forward_target(state, 0, S) == 13
    assert rules.check_forward(state, 0, S, 0, 13) == []
    found = rules.check_forward(state, 0, S, 0, 7)
    assert codes(found) == ["move/forward-destination"]
    assert found[0].expected == "13" and found[0].actual == "7"


def test_C1_an_unseen_card_boards_only_if_some_sign_has_no_free_space_ahead():
    # every sign has a free space ahead of the start: no card can take the pirate aboard
    state = pos({"red": "", "blue": ""}, {"red": "??"})
    found = rules.check_forward(state, 0, -1, 0, state.boat)
    assert codes(found) == ["move/forward-destination"]
    assert found[0].actual == "boat" and found[0].expected.startswith("one of 1, 2, 3, 4, 5, 6")
    # from 31 (the last skull) no skull is ahead: a skull would board, so the move may be lawful
    state = pos({"red": "31", "blue": ""}, {"red": "??"})
    assert rules.check_forward(state, 0, -1, 31, state.boat) == []
    # ... unless every skull is known to be elsewhere
    state = pos({"red": "31", "blue": ""}, {"red": "??"}, extra="discard:" + "S" * 17)
    assert codes(rules.check_forward(state, 0, -1, 31, state.boat)) == [
        "move/forward-destination"]
    # a known hand narrows the card: a `?` from a hand of daggers cannot board from 31 (the
    # dagger on 32 is free), but can from 32
    state = pos({"red": "31", "blue": ""}, {"red": "DD"})
    assert codes(rules.check_forward(state, 0, -1, 31, state.boat)) == [
        "move/forward-destination"]
    state = pos({"red": "32", "blue": ""}, {"red": "DD"})
    assert rules.check_forward(state, 0, -1, 32, state.boat) == []


def test_C1_an_unseen_card_to_a_space_is_that_space_s_sign_and_goes_to_the_first_free_one():
    state = pos({"red": "", "blue": ""}, {"red": "??"})
    found = rules.check_forward(state, 0, -1, 0, 7)
    assert codes(found) == ["move/forward-destination"]
    assert (found[0].expected, found[0].actual) == ("1", "7")
    assert rules.check_forward(state, 0, -1, 0, 1) == []


def test_C1_occupied_means_any_colour_including_the_movers_own():
    state = pos({"red": "1,7", "blue": "13"}, {"red": "S"})
    assert rules.forward_target(state, 0, S) == 19
    # a pirate already past some of them only looks ahead of itself
    assert rules.forward_target(state, 7, S) == 19
    assert rules.forward_target(state, 13, S) == 19


def test_C1_free_space_of_the_sign_is_taken_even_if_other_spaces_are_crowded():
    # spaces 2-6 hold pirates (2 on 2, 3 on 3): only skull spaces matter
    state = pos({"red": "2,2,3,3", "blue": "3,4,5,6"}, {"red": "S"})
    assert rules.forward_target(state, 0, S) == 1
    assert rules.forward_target(state, 2, S) == 7


def test_C1_boards_the_boat_when_no_free_space():
    # every hat space ahead of 20 (24, 30, 36) is occupied
    state = pos({"red": "20", "blue": "24,30,36"}, {"red": "H"})
    assert rules.forward_target(state, 20, H) == 37
    assert rules.check_forward(state, 0, H, 20, 37) == []
    rules.apply_forward(state, 0, H, 20, None)
    assert 37 in state.pirates[0] and state.occ[37] == 1


def test_C1_pirate_on_the_last_space_of_its_sign_boards():
    state = pos({"red": "36", "blue": ""}, {"red": "H"})
    assert rules.forward_target(state, 36, H) == 37


def test_C1_pirate_in_boat_cannot_move_forward():
    state = pos({"red": "boat", "blue": ""}, {"red": "S"})
    assert codes(rules.check_forward(state, 0, S, 37, None)) == ["move/forward-from-boat"]
    assert ("forward", S, 37) not in rules.legal_actions(state)
    assert ("forward", S, 0) in rules.legal_actions(state)


def test_C1_the_card_must_be_in_a_known_hand():
    state = pos({"red": "", "blue": ""}, {"red": "DD"})
    found = rules.check_forward(state, 0, S, 0, 1)
    assert codes(found) == ["card/not-in-hand"]
    # an unseen card may be the skull
    state = pos({"red": "", "blue": ""}, {"red": "D?"})
    assert rules.check_forward(state, 0, S, 0, 1) == []


def test_C1_the_pirate_must_stand_on_the_named_space():
    state = pos({"red": "5", "blue": "7"}, {"red": "S"})
    assert codes(rules.check_forward(state, 0, S, 7, 13)) == ["move/no-pirate"]


def test_C1_apply_discards_the_card_and_moves_the_pirate():
    state = pos({"red": "", "blue": "1"}, {"red": "SK"})
    assert rules.apply_forward(state, 0, S, 0, None) == 7
    assert state.hands[0][S] == 0 and state.hands[0][K] == 1
    assert state.discard[S] == 1
    assert sorted(state.pirates[0]) == [0, 0, 0, 0, 0, 7]
    assert state.occ[0] == 5 + 5 and state.occ[7] == 1


# -- C2 backward move ---------------------------------------------------------------------------


def test_C2_back_to_nearest_space_with_one_or_two():
    state = pos({"red": "4,10", "blue": "7,7"})
    assert rules.back_target(state, 10) == 7
    assert rules.back_target(state, 7) == 4
    assert rules.check_back(state, 0, 10, 7, None, 2) == []


def test_C2_passes_empty_and_full_spaces():
    # 9 holds 3 pirates, 8 is empty, 6 holds 1: from 10 the pirate goes to 6
    state = pos({"red": "6,10", "blue": "9,9,9"})
    assert rules.back_target(state, 10) == 6
    found = rules.check_back(state, 0, 10, 9, None, None)
    assert "move/back-destination" in codes(found)
    assert next(v for v in found if v.code == "move/back-destination").expected == "6"


def test_C2_may_not_skip_a_one_pirate_space():
    # 8 holds 1 pirate, 5 holds 2: the pirate from 10 must stop on 8 and draws 1
    state = pos({"red": "10", "blue": "8,5,5"})
    assert rules.back_target(state, 10) == 8
    assert codes(rules.check_back(state, 0, 10, 5, None, 2)) == ["move/back-destination",
                                                                 "draw/count"]
    assert rules.check_back(state, 0, 10, 8, None, 1) == []


def test_C2_draws_one_card_per_pirate_there():
    state = pos({"red": "10,12", "blue": "8,11,11"})
    assert rules.expected_back_draw(state, rules.back_target(state, 12)) == 2
    assert rules.expected_back_draw(state, rules.back_target(state, 10)) == 1
    found = rules.check_back(state, 0, 12, 11, None, 1)
    assert codes(found) == ["draw/count"]
    assert (found[0].expected, found[0].actual) == ("2", "1")
    assert codes(rules.check_back(state, 0, 10, 8, [S, S], None)) == ["draw/count"]
    rules.apply_back(state, 0, 12, None, None, None)
    assert sum(state.hands[0]) == 2 and state.hands[0][UNKNOWN] == 2
    assert state.occ[11] == 3  # counted before it arrived: now 3 there


def test_C2_draws_the_recorded_cards():
    state = pos({"red": "10", "blue": "8"})
    rules.apply_back(state, 0, 10, 8, [K], None)
    assert state.hands[0][K] == 1 and state.deck.count == 102 - 1


def test_C2_start_is_never_a_target():
    # only the start lies behind: no backward move, even with many pirates there
    state = pos({"red": "3", "blue": ""})
    assert rules.back_target(state, 3) is None
    assert codes(rules.check_back(state, 0, 3, 0, None, 1)) == ["move/back-impossible"]
    assert not rules.can_move_back(state, 0)
    assert ("back", 3) not in rules.legal_actions(state)


def test_C2_a_pirate_on_the_start_cannot_move_back():
    state = pos({"red": "", "blue": "3"})
    assert rules.back_target(state, 0) is None
    assert codes(rules.check_back(state, 0, 0, None, None, None)) == ["move/back-impossible"]


def test_C2_lowest_pirate_cannot_move_back_but_the_others_can():
    state = pos({"red": "4,9", "blue": ""})
    assert rules.back_target(state, 4) is None
    assert rules.back_target(state, 9) == 4
    assert rules.can_move_back(state, 0)
    assert [a for a in rules.legal_actions(state) if a[0] == "back"] == [("back", 9)]


# -- C3 boat pirates moving back ----------------------------------------------------------------


@pytest.mark.parametrize("rules_name", list(RULESETS))
def test_C3_boat_retreat_default_and_option(rules_name):
    rs = RULESETS[rules_name]
    last = rs.spaces
    state = pos({"red": f"boat,{last - 2}", "blue": f"{last - 2}"}, rules_name=rules_name)
    assert state.options["boat_retreat"] is True
    assert rules.back_target(state, rs.boat) == last - 2
    assert rules.check_back(state, 0, rs.boat, last - 2, None, 2) == []
    assert ("back", rs.boat) in rules.legal_actions(state)

    state = pos({"red": f"boat,{last - 2}", "blue": f"{last - 2}"}, rules_name=rules_name,
                extra="opt:boat_retreat=0")
    assert state.options["boat_retreat"] is False
    assert codes(rules.check_back(state, 0, rs.boat, last - 2, None, 2)) == [
        "move/back-from-boat"]
    assert ("back", rs.boat) not in rules.legal_actions(state)


def test_C3_without_boat_retreat_a_player_with_only_boat_moves_back_is_stuck():
    state = pos({"red": "boat,boat,boat,boat,boat,3", "blue": ""}, extra="opt:boat_retreat=0")
    assert not rules.can_move_back(state, 0)
    assert rules.is_stuck(state, 0)
    state = pos({"red": "boat,boat,boat,boat,boat,3", "blue": ""})
    assert rules.can_move_back(state, 0) and not rules.is_stuck(state, 0)


# -- C4 space capacity --------------------------------------------------------------------------


def test_C4_a_backward_move_never_makes_four():
    state = pos({"red": "10", "blue": "7,7,7,5"})
    assert rules.back_target(state, 10) == 5


def test_C4_recorded_move_onto_a_full_space_is_reported():
    state = pos({"red": "10", "blue": "7,7,7,5"}, {"red": "S"})
    found = codes(rules.check_back(state, 0, 10, 7, None, 1))
    assert "move/space-full" in found and "move/back-destination" in found
    found = codes(rules.check_forward(state, 0, S, 0, 7))
    assert "move/space-full" in found and "move/forward-destination" in found


def test_C4_start_and_boat_are_unlimited():
    # hat 36 is taken: blue's hat from 30 boards, joining 6 pirates already there
    state = pos({"red": "boat,boat,boat,boat,36", "blue": "boat,boat,30"}, {"blue": "H"},
                to_move="blue")
    assert state.occ[37] == 6 and state.occ[0] == 1 + 3
    assert rules.check_forward(state, 1, H, 30, 37) == []
    rules.apply_forward(state, 1, H, 30, None)
    assert state.occ[37] == 7
    # the start holds every pirate of the game at the outset
    state = pos({"red": "", "blue": "", "green": "", "black": "", "white": ""}, {"red": "S"})
    assert state.occ[0] == 30
    assert rules.check_forward(state, 0, S, 0, 1) == []


# -- C5 deck --------------------------------------------------------------------------------------


def test_C5_reshuffle_when_deck_empty():
    # the game's other 99 cards are in blue's hand, unseen
    state = pos({"red": "10", "blue": "8,8"}, {"blue": "?" * 99}, extra="deck:0 discard:SSK")
    assert rules.cards_available(state) == 3
    assert rules.check_back(state, 0, 10, 8, [S, K], None) == []
    # after the reshuffle the deck holds two skulls and a key: no hat
    found = rules.check_back(state, 0, 10, 8, [S, H], None)
    assert codes(found) == ["card/too-many"]
    assert "the discard pile it was made from held SSK" in found[0].message
    rules.apply_back(state, 0, 10, 8, [S, K], None)
    assert state.deck.count == 1 and sum(state.discard) == 0
    assert state.hands[0][S] == 1 and state.hands[0][K] == 1


def test_C5_reshuffle_in_the_middle_of_a_draw():
    state = pos({"red": "10", "blue": "8,8"}, {"blue": "?" * 99}, extra="deck:1 discard:HH")
    assert rules.check_back(state, 0, 10, 8, [-1, H], None) == []
    rules.apply_back(state, 0, 10, 8, None, 2)
    assert sum(state.hands[0]) == 2 and state.deck.count == 1 and sum(state.discard) == 0


def test_C5_draw_what_exists_when_both_empty():
    state = pos({"red": "10", "blue": "8,8"}, {"blue": "?" * 101}, extra="deck:1")
    assert rules.expected_back_draw(state, 8) == 1
    assert codes(rules.check_back(state, 0, 10, 8, None, 2)) == ["draw/count"]
    state = pos({"red": "10", "blue": "8,8"}, {"blue": "?" * 102}, extra="deck:0")
    assert rules.expected_back_draw(state, 8) == 0
    assert rules.check_back(state, 0, 10, 8, None, 0) == []
    rules.apply_back(state, 0, 10, 8, None, None)
    assert sum(state.hands[0]) == 0 and 8 in state.pirates[0]


def test_C5_an_absurd_draw_count_takes_what_exists_at_once():
    state = pos({"red": "10", "blue": "8,8"}, {"blue": "?" * 99}, extra="deck:2 discard:S")
    rules.apply_back(state, 0, 10, 8, None, 10**12)  # (a draw card by card would never end)
    assert sum(state.hands[0]) == 3 and state.deck.count == 0 and sum(state.discard) == 0


# -- C6 end ---------------------------------------------------------------------------------------


def test_C6_game_ends_the_instant_last_pirate_boards():
    state = pos({"red": "boat,boat,boat,boat,boat,36", "blue": ""}, {"red": "HS"})
    assert state.winner is None
    rules.apply_forward(state, 0, H, 36, None)
    assert state.winner == 0
    assert rules.legal_actions(state) == []  # the turn is over with the game


def test_C6_a_player_whose_pirates_are_all_aboard_has_won():
    state = pos({"red": "boat,boat,boat,boat", "blue": "3"}, rules_name="ravensburger",
                to_move="blue")
    assert state.winner == 0
    assert rules.distance(state, 0) == 0 and rules.distance(state, 1) == 3 * 31 + 28


def _win_log(extra_turns: str, result: str = "red") -> str:
    """Ravensburger advanced (5 pirates, 3 actions): red boards by condoned moves and wins on
    the second action of turn 3."""
    return (
        '[Game "Cartagena"]\n[Rules "ravensburger-advanced"]\n[Players "red, blue"]\n'
        f'[Board "{BRB_ADV.replace("/", " ")}"]\n[Deal "red LLLLLL, blue BBBBB"]\n'
        f'[Result "{result}"]\n\n'
        "1. red L0-boat! L0-boat! L0-boat!\n"
        "2. blue B0-1\n"
        "3. red L0-boat! L0-boat! L0-5\n"
        + extra_turns)


def test_C6_actions_after_end_are_errors():
    report = audit(read_log(_win_log("4. blue B0-7\n")))
    live = [f for f in report.findings if not f.condoned]
    assert [(f.code, f.line, f.col) for f in live] == [
        ("game/action-after-end", 10, 26), ("game/action-after-end", 11, 9)]
    # red is the winner; the breakdown gives pirates aboard and where the others stand
    board = report.breakdown
    assert board.winner == "red" and board.finished and board.agrees
    red, blue = board.standings
    assert (red.colour, red.aboard, red.distance) == ("red", 5, 0)
    assert (blue.colour, blue.aboard, blue.pirates) == ("blue", 0, [1, 0, 0, 0, 0])
    assert blue.distance == 36 + 4 * 37


def test_C6_the_recorded_winner_is_checked():
    report = audit(read_log(_win_log("", result="blue")))
    # in the order of the text: the Result tag stands in the header
    assert [f.code for f in report.findings if not f.condoned] == [
        "result/winner", "game/action-after-end"]


# -- C7 board -------------------------------------------------------------------------------------


def test_C7_each_section_holds_each_sign_once():
    rs = RULESETS["2000-jamaica"]
    good = [0, 1, 2, 3, 4, 5] * 6
    assert rules.check_board(rs, good) == []
    bad = good[:]
    bad[7] = 0  # section 2 now has two skulls and no dagger
    found = rules.check_board(rs, bad)
    assert codes(found) == ["setup/board-section"]
    assert "section 2" in found[0].message and found[0].actual == "SSKBPH"


def test_C7_board_length_follows_the_rule_set():
    assert codes(rules.check_board(RULESETS["ravensburger"], [0, 1, 2, 3, 4, 5] * 6)) == [
        "setup/board-length"]
    assert rules.check_board(RULESETS["ravensburger-advanced"], [0, 1, 2, 3, 4, 5] * 6) == []
    found = codes(rules.check_board(RULESETS["2000-jamaica"], [0, 1, 2, 3, 4, 5] * 5 + [0, 1]))
    assert found == ["setup/board-length", "setup/board-section"]


# -- O1 setup (2000 edition) ----------------------------------------------------------------------


@pytest.mark.parametrize("name", ["2000-jamaica", "2000-tortuga"])
def test_O1_setup_of_the_2000_edition(name):
    rs = RULESETS[name]
    assert (rs.pirates, rs.spaces, rs.deck_size, rs.per_sign, rs.actions) == (6, 36, 102, 17, 3)
    assert (rs.min_players, rs.max_players) == (2, 5)
    state = rules.new_game(rs, [0, 1, 2, 3, 4, 5] * 6, ["red", "blue", "green"], None,
                           [None, None, None])
    assert [sum(h) for h in state.hands] == [6, 6, 6]
    assert state.pirates == [[0] * 6] * 3 and state.occ[0] == 18
    in_row = 12 if rs.tortuga else 0
    assert state.deck.count == 102 - 18 - in_row and len(state.row) == in_row


def test_O1_deal_of_six_to_everyone():
    rs = RULESETS["2000-jamaica"]
    assert rules.check_deal(rs, [[0] * 6, [1] * 6]) == []
    found = rules.check_deal(rs, [[0] * 6, [1] * 5])
    assert [(seat, v.code) for seat, v in found] == [(1, "setup/deal-size")]
    found = rules.check_deal(rs, [[0] * 6, [0] * 6, [0] * 6])  # 18 skulls, the deck has 17
    assert [v.code for _, v in found] == ["card/too-many"]


# -- O2 turn (2000 edition) -----------------------------------------------------------------------

HEADER_2000 = ('[Game "Cartagena"]\n[Rules "{rules}"]\n[Players "red, blue"]\n'
               f'[Board "{B2000.replace("/", " ")}"]\n'
               '[Deal "red SSDDKK, blue SSDDHH"]\n{extra}\n')


def audit_2000(body: str, rules_name: str = "2000-jamaica", extra: str = ""):
    text = HEADER_2000.format(rules=rules_name, extra=extra) + body
    return audit(read_log(text))


def audit_from(position: str, body: str, rules_name: str = "2000-jamaica"):
    """Audit a log that starts from ``position``, players red and blue."""
    text = (f'[Game "Cartagena"]\n[Rules "{rules_name}"]\n[Players "red, blue"]\n'
            f'[Position "{position}"]\n\n{body}')
    return audit(read_log(text))


MID_2000 = f"2000-jamaica {B2000} red:0,0,0,0,0,0;blue:0,0,0,0,0,0 red:SSSS;blue:DD"
MID_RB = f"ravensburger {BRB} red:0,0,0,0;blue:0,0,0,0 red:BBB;blue:BB"


@pytest.mark.parametrize("rules_name,position,rest", [
    ("2000-jamaica", f"{MID_2000} red/1", "1. red pass\n"),
    ("2000-jamaica", f"{MID_2000} red/1", "1. red\n"),
    ("2000-jamaica", f"{MID_2000} red/2", "1. red S0-1\n"),
    ("2000-jamaica", f"{MID_2000} red/3", "1. red\n"),
    ("ravensburger", f"{MID_RB} red/1", "1. red pass\n"),
    ("ravensburger", f"{MID_RB} red/2", "1. red\n"),
])
def test_O2_R2_a_turn_taken_up_mid_way_may_end_without_another_action(rules_name, position,
                                                                       rest):
    """Rulebook 002 'How to play', rulebook 004 'DÉROULEMENT', O2/R2: the turn may end after
    its first action, and the actions a position says were taken count toward it."""
    blue = "B0-1" if rules_name == "ravensburger" else "D0-2"
    report = audit_from(position, rest + f"2. blue {blue}\n", rules_name)
    assert live_codes(report) == []


def test_R3_C5_a_stuck_player_with_nothing_left_to_draw_may_pass():
    """C5: when the deck and the discard pile are empty the draw brings nothing; the turn is
    written ``+0`` or ``pass`` alike, while a card is left the draw is owed."""
    # the deck is empty: the game's other cards are in blue's hand, unseen
    position = (f"ravensburger {BRB} red:0,0,0,5;blue:0,0,0,0 red:-;blue:BB{'?' * 88} red/0 "
                "deck:0")
    for line in ("1. red +0\n", "1. red pass\n"):
        assert live_codes(audit_from(position, line, "ravensburger")) == []
    position = position.replace("?" * 88, "?" * 87).replace("deck:0", "deck:0 discard:L")
    assert live_codes(audit_from(position, "1. red pass\n", "ravensburger")) == [
        "turn/stuck-no-draw"]


def test_R3_a_player_stuck_during_the_turn_forgoes_the_rest_of_it():
    # red took an action and is now stuck (no card, nothing behind to move back to)
    position = f"ravensburger {BRB} red:0,0,0,5;blue:0,0,0,0 red:-;blue:BB red/1"
    assert live_codes(audit_from(position, "1. red\n2. blue B0-1\n", "ravensburger")) == []
    # the stuck player's draw belongs to the start of a turn only
    assert live_codes(audit_from(position, "1. red +1\n2. blue B0-1\n", "ravensburger")) == [
        "draw/not-stuck"]


@pytest.mark.parametrize("done,line,found", [
    (2, "1. red S0-1 S0-7\n", "4"), (1, "1. red S0-1 S0-7 S0-13\n", "4"),
    (3, "1. red S0-1\n", "4")])
def test_O2_too_many_actions_counts_those_the_position_holds(done, line, found):
    report = audit_from(f"{MID_2000} red/{done}", line)
    (room,) = [f for f in report.findings if f.code == "turn/too-many-actions"]
    assert (room.expected, room.actual) == ("at most 3", found)


@pytest.mark.parametrize("done", [1, 3])
def test_turn_out_of_order_does_not_charge_the_player_with_the_position_s_actions(done):
    """The position's player still has the turn (its first line is the rest of it): another
    player's line is out of order, and that player's own turn starts with no action taken."""
    report = audit_from(f"{MID_2000} red/{done}", "1. blue D0-2\n")
    assert live_codes(report) == ["turn/out-of-order"]


def test_engine_ends_a_turn_taken_up_mid_way_without_another_action():
    from cartlog.games.cartagena.engine import Engine
    engine = Engine.from_position(f"{MID_2000} red/1")
    assert engine.check(Turn(player="red", actions=[])) == []
    assert engine.check(Turn(player="red", actions=[Pass()])) == []
    engine = Engine.from_position(f"{MID_2000} red/3")
    found = engine.check(Turn(player="blue", actions=[]))
    assert codes(found) == ["turn/out-of-order", "turn/no-action"]


def live_codes(report) -> list[str]:
    return [f.code for f in report.findings if not f.condoned and f.code != "game/unfinished"]


def test_O2_one_to_three_moves():
    assert live_codes(audit_2000("1. red S0-1\n2. blue S0-7 D0-2 H0-6\n")) == []
    report = audit_2000("1. red S0-1 D0-2 K0-3 K0-9\n")
    assert live_codes(report) == ["turn/too-many-actions"]
    assert (report.findings[0].line, report.findings[0].col) == (7, 23)


def test_O2_pass_only_when_no_move_possible():
    report = audit_2000("1. red pass\n")
    assert live_codes(report) == ["turn/no-action"]
    state = pos({"red": "", "blue": "5"})
    assert rules.legal_actions(state) == [("pass",)]
    assert rules.check_turn_end(state, 0, 0, True, False) == []
    assert codes(rules.check_turn_end(state, 0, 0, False, False)) == ["turn/no-action"]


def test_O2_an_empty_turn_counts_as_no_action():
    assert live_codes(audit_2000("1. red\n")) == ["turn/no-action"]


def test_O2_an_action_after_a_pass_is_reported_once_and_played():
    report = audit_2000("1. red pass S0-1 D0-2\n2. blue S0-7\n")
    assert live_codes(report) == ["turn/action-after-pass"]
    assert (report.findings[0].line, report.findings[0].col) == (7, 13)
    assert report.findings[0].actual == "forward"


def test_O2_a_pass_after_actions_only_ends_the_turn():
    assert live_codes(audit_2000("1. red S0-1 pass\n2. blue S0-7\n")) == []


def test_O2_stuck_player_draws_option():
    state = pos({"red": "", "blue": "5"})
    assert not rules.stuck_draw_rule(state)
    assert codes(rules.check_stuck_draw(state, 0, [S], None)) == ["draw/not-stuck"]
    state = pos({"red": "", "blue": "5"}, extra="opt:stuck_player_draws=1")
    assert rules.stuck_draw_rule(state)
    assert rules.legal_actions(state) == [("draw",)]
    assert rules.check_stuck_draw(state, 0, [S], None) == []
    assert codes(rules.check_turn_end(state, 0, 0, True, False)) == ["turn/stuck-no-draw"]


def test_O2_a_locked_game_ends_unfinished():
    state = pos({"red": "", "blue": ""})
    assert rules.legal_actions(state) == [("pass",)]
    state.seat = 1
    assert rules.legal_actions(state) == [("pass",)]
    # a simulated game that locks: every player passes in turn, and the simulator stops
    log = simulate("2000-tortuga", 2, 38, forward_bias=1.0)
    turns = [e for e in log.events if isinstance(e, Turn)]
    assert len(turns) < 2000 and log.result == "unfinished"
    assert [t.actions for t in turns[-2:]] == [[Pass()], [Pass()]]
    replay = Replay(log).run()
    assert [n.violation.code for n in replay.notes] == ["game/unfinished"]
    state = replay.state
    assert all(rules.is_stuck(state, seat) for seat in range(2))


# -- O3 Jamaica -----------------------------------------------------------------------------------


def test_O3_hidden_hands_and_count_only_draws_are_accepted():
    text = ('[Game "Cartagena"]\n[Rules "2000-jamaica"]\n[Players "red, blue"]\n'
            f'[Board "{B2000.replace("/", " ")}"]\n\n'
            "1. red S0-1 ?0-7\n2. blue H0-6 6-1+1\n3. red 7-1+2 K0-3\n")
    report = audit(read_log(text))
    assert live_codes(report) == []
    assert any("not (fully) known" in u for u in report.unchecked)
    assert any("how many cards, not which" in u for u in report.unchecked)


# -- O4 Tortuga -----------------------------------------------------------------------------------


def test_O4_draws_follow_row_order():
    state = pos({"red": "10", "blue": "8,8"}, rules_name="2000-tortuga", extra="row:SDKB")
    assert rules.check_back(state, 0, 10, 8, [S, D], None) == []
    found = rules.check_back(state, 0, 10, 8, [D, S], None)
    assert codes(found) == ["draw/not-next-in-row"]
    assert (found[0].expected, found[0].actual) == ("SD", "DS")
    rules.apply_back(state, 0, 10, 8, None, 2)  # a count only: the row says which
    assert state.hands[0][S] == 1 and state.hands[0][D] == 1
    assert to_position(state).endswith("row:KB taken:SD")


def test_O4_row_refilled_when_depleted():
    state = pos({"red": "10", "blue": "8"}, rules_name="2000-tortuga", extra="row:S")
    deck = state.deck.count
    rules.apply_back(state, 0, 10, 8, [S], None)
    assert len(state.row) == 12 and state.row_next == 0
    assert state.deck.count == deck - 12
    assert to_position(state).endswith("row:" + "?" * 12)


def test_O4_short_row_when_the_cards_run_out():
    state = pos({"red": "10", "blue": "8"}, {"blue": "?" * 96}, rules_name="2000-tortuga",
                extra="deck:3 discard:HH row:S")
    rules.apply_back(state, 0, 10, 8, [S], None)
    assert len(state.row) == 5 and state.deck.count == 0 and sum(state.discard) == 0


def test_O4_draw_of_two_spans_old_and_new_row():
    state = pos({"red": "10", "blue": "8,8"}, rules_name="2000-tortuga", extra="row:S")
    assert rules.check_back(state, 0, 10, 8, [S, K], None) == []
    assert codes(rules.check_back(state, 0, 10, 8, [K, S], None)) == ["draw/not-next-in-row"]
    rules.apply_back(state, 0, 10, 8, [S, K], None)
    assert state.hands[0][S] == 1 and state.hands[0][K] == 1
    assert state.row_next == 1 and state.row[0] == K and len(state.row) == 12
    assert rules.check_row(state, [K] + [-1] * 11) == []
    assert codes(rules.check_row(state, [H] + [-1] * 11)) == ["setup/row"]


def test_O4_row_laid_across_a_reshuffle_bounds_each_part_by_its_own_deck():
    """A row laid as the deck runs out: its first cards come from the old deck, the rest from
    the discard pile shuffled into a new one (C5). Each part is bounded by its own deck."""
    state = pos({"red": "10,14", "blue": "8,8,12,12"}, {"blue": "?" * 94},
                rules_name="2000-tortuga", extra="deck:2 discard:SSSSS row:S")
    state.deck.upper = [0, 0, 0, 0, 0, 2]  # the old deck's two cards can only be hats
    assert codes(rules.check_back(state, 0, 10, 8, [S, S], None)) == ["card/too-many"]
    rules.apply_back(state, 0, 10, 8, [S, H], None)
    assert len(state.row) == 7 and state.row_next == 1 and state.row_split == 2
    # the next two: the old deck's last card (a hat), then the new deck's first (a skull)
    assert rules.check_back(state, 0, 14, 12, [H, S], None) == []
    found = rules.check_back(state, 0, 14, 12, [S, S], None)
    assert codes(found) == ["card/too-many"] and "before the reshuffle" in found[0].message
    found = rules.check_back(state, 0, 14, 12, [H, H], None)
    assert codes(found) == ["card/too-many"] and "after the reshuffle" in found[0].message
    copy = state.copy()
    assert (copy.row_split, copy.row_upper) == (state.row_split, state.row_upper)


def test_O4_row_size_and_rule_sets_without_a_row():
    state = pos({"red": "", "blue": ""}, rules_name="2000-tortuga", extra="row:SDKBPH")
    assert codes(rules.check_row(state, [S, D, K])) == ["setup/row"]
    state = pos({"red": "", "blue": ""})
    assert codes(rules.check_row(state, [S] * 12)) == ["setup/row"]


def test_O4_the_arrow_card_is_not_a_sign_card():
    rs = RULESETS["2000-tortuga"]
    assert rs.deck_size == 102 and len(rs.signs) == 6
    assert "arrow" not in rs.aliases


# -- R1 setup (Ravensburger) ----------------------------------------------------------------------


def test_R1_first_player_six_cards_others_five():
    for name in ("ravensburger", "ravensburger-advanced"):
        rs = RULESETS[name]
        state = rules.new_game(rs, [0, 1, 2, 3, 4, 5] * rs.sections,
                               ["red", "blue", "green", "black"], None, [None] * 4)
        assert [sum(h) for h in state.hands] == [6, 5, 5, 5]
        assert state.deck.count == 90 - 21
        assert rules.check_deal(rs, [[0] * 6, [1] * 5]) == []
        found = rules.check_deal(rs, [[0] * 5, [1] * 6])
        assert [(seat, v.code) for seat, v in found] == [(0, "setup/deal-size"),
                                                        (1, "setup/deal-size")]


def test_R1_base_game_and_advanced_variant():
    base, adv = RULESETS["ravensburger"], RULESETS["ravensburger-advanced"]
    assert (base.sections, base.spaces, base.pirates, base.actions) == (5, 30, 4, 2)
    assert (adv.sections, adv.spaces, adv.pirates, adv.actions) == (6, 36, 5, 3)
    assert base.deck_size == adv.deck_size == 90 and base.per_sign == 15
    assert not base.tortuga and not adv.tortuga


# -- R2 turn (Ravensburger) -----------------------------------------------------------------------

HEADER_RB = ('[Game "Cartagena"]\n[Rules "{rules}"]\n[Players "red, blue"]\n'
             '[Board "{board}"]\n[Deal "red BBKKPP, blue BBKKH"]\n\n')


def audit_rb(body: str, rules_name: str = "ravensburger"):
    board = BOARDS[rules_name].replace("/", " ")
    return audit(read_log(HEADER_RB.format(rules=rules_name, board=board) + body))


def test_R2_up_to_two_actions_at_least_one():
    assert live_codes(audit_rb("1. red B0-1\n2. blue B0-7 K0-2\n")) == []
    assert live_codes(audit_rb("1. red B0-1 K0-2 P0-3\n")) == ["turn/too-many-actions"]
    assert live_codes(audit_rb("1. red\n")) == ["turn/no-action"]
    assert live_codes(audit_rb("1. red pass\n")) == ["turn/no-action"]


def test_R2_advanced_variant_allows_three():
    assert live_codes(audit_rb("1. red B0-1 K0-2 P0-3\n", "ravensburger-advanced")) == []
    assert live_codes(audit_rb("1. red B0-1 K0-2 P0-3 B0-7\n", "ravensburger-advanced")) == [
        "turn/too-many-actions"]


# -- R3 stuck player ------------------------------------------------------------------------------


def test_R3_stuck_player_draws_one_and_turn_ends():
    state = pos({"red": "", "blue": "5"}, rules_name="ravensburger")
    assert rules.is_stuck(state, 0)
    assert rules.legal_actions(state) == [("draw",)]
    assert rules.check_stuck_draw(state, 0, [RB_L], None) == []
    assert rules.check_stuck_draw(state, 0, None, 1) == []
    assert codes(rules.check_stuck_draw(state, 0, None, 2)) == ["draw/count"]
    rules.apply_stuck_draw(state, 0, [RB_L], None)
    assert state.done == 1
    assert state.hands[0][RB_L] == 1
    assert rules.legal_actions(state) == []  # the turn ends at once


def test_R3_only_a_stuck_player_draws():
    state = pos({"red": "", "blue": "5"}, {"red": "L"}, rules_name="ravensburger")
    assert codes(rules.check_stuck_draw(state, 0, None, 1)) == ["draw/not-stuck"]
    state = pos({"red": "3,9", "blue": ""}, rules_name="ravensburger")  # can move 9 back to 3
    assert codes(rules.check_stuck_draw(state, 0, None, 1)) == ["draw/not-stuck"]
    state = pos({"red": "", "blue": "5"}, rules_name="ravensburger", done=1)
    assert codes(rules.check_stuck_draw(state, 0, None, 1)) == ["draw/not-stuck"]


def test_R3_stuck_turn_in_a_log():
    text = ('[Game "Cartagena"]\n[Rules "ravensburger"]\n[Players "red, blue"]\n'
            f'[Board "{BRB.replace("/", " ")}"]\n[Deal "red, blue BBKKH"]\n\n'
            "1. red +K\n2. blue B0-1\n3. red K0-2\n")
    report = audit(read_log(text))
    assert live_codes(report) == ["setup/deal-size"]  # red was dealt nothing on purpose
    report = audit(read_log(text.replace("1. red +K", "1. red +K B0-1")))
    assert "turn/too-many-actions" in live_codes(report)
    report = audit(read_log(text.replace("1. red +K", "1. red pass")))
    assert "turn/stuck-no-draw" in live_codes(report)


def test_R3_player_stuck_during_the_turn_forgoes_the_rest():
    state = pos({"red": "", "blue": "5"}, {"red": "L"}, rules_name="ravensburger")
    rules.apply_forward(state, 0, RB_L, 0, None)  # lantern 5 holds blue: to lantern 11
    assert state.done == 1  # the rule function counts the action
    assert state.pirates[0].count(11) == 1
    assert sum(state.hands[0]) == 0
    # 11 can move back to 5 (one pirate there): not stuck yet
    assert rules.legal_actions(state) == [("back", 11)]
    state = pos({"red": "", "blue": ""}, {"red": "L"}, rules_name="ravensburger")
    rules.apply_forward(state, 0, RB_L, 0, None)
    assert rules.legal_actions(state) == []  # no card, no move back, no draw mid-turn


# -- check / apply separation -------------------------------------------------------------------


CHECK_POSITIONS = [
    f"2000-jamaica {B2000} red:0,0,1,7,7,boat;blue:0,0,0,9,9,9 red:SKK?;blue:HH{'?' * 93} red/1 "
    "deck:0 discard:SSD",
    f"2000-tortuga {B2000} red:0,0,1,7,7,12;blue:0,0,0,9,9,9 red:SKK;blue:HH blue/0 "
    "row:SDK",
    f"ravensburger {BRB} red:0,0,5,boat;blue:0,0,0,3 red:BK??;blue:- red/0",
    f"ravensburger {BRB} red:0,0,0,0;blue:0,0,0,3 red:-;blue:L red/0 opt:boat_retreat=0"
    ,
]


@pytest.mark.parametrize("text", CHECK_POSITIONS)
def test_checks_never_mutate_the_state(text):
    state = from_position(text)
    before = snapshot(state)
    boat = state.boat
    for seat in range(len(state.colours)):
        for start in set(state.pirates[seat]) | {0, 3, boat}:
            for sign in (-1, 0, 1, 2, 3, 4, 5):
                for to in (None, 0, 1, 7, 9, boat):
                    rules.check_forward(state, seat, sign, start, to)
            for to in (None, 0, 1, 3, 7, 9):
                for cards in (None, [], [0], [0, 1], [-1, 5], [2, 2, 2]):
                    rules.check_back(state, seat, start, to, cards, None)
                rules.check_back(state, seat, start, to, None, 2)
        rules.check_stuck_draw(state, seat, [0], None)
        rules.check_stuck_draw(state, seat, None, 3)
        rules.check_drawn(state, seat, [0, 1, 2, 3, 4, 5, -1])
        rules.check_turn_end(state, seat, 0, True, False)
    rules.check_row(state, [0] * 12)
    rules.check_row(state, [])
    rules.legal_actions(state)
    rules.can_move_back(state, 0)
    rules.is_stuck(state, 1)
    assert snapshot(state) == before


@pytest.mark.parametrize("text", CHECK_POSITIONS)
def test_position_round_trip(text):
    state = from_position(text)
    again = to_position(state)
    assert to_position(from_position(again)) == again
    assert snapshot(from_position(again))[1:] == snapshot(state)[1:]


@pytest.mark.parametrize("text,field", [
    ("ravensburger BKPHLS", "at least 5 fields"),
    (f"chess {BRB} red:0,0,0,0;blue:0,0,0,0 red:-;blue:- red/0", "rules"),
    (f"ravensburger {BRB[:-1]}X red:0,0,0,0;blue:0,0,0,0 red:-;blue:- red/0", "board"),
    (f"ravensburger {BRB} red:0,0,0,40;blue:0,0,0,0 red:-;blue:- red/0", "pirates"),
    (f"ravensburger {BRB} red0,0,0,0;blue:0,0,0,0 red:-;blue:- red/0", "pirates"),
    (f"ravensburger {BRB} red:0,0,0,0;blue:0,0,0,0 red:SX;blue:- red/0", "hand of red"),
    (f"ravensburger {BRB} red:0,0,0,0;blue:0,0,0,0 red:-;blue:- green/0", "to move"),
    (f"ravensburger {BRB} red:0,0,0,0;blue:0,0,0,0 red:-;blue:- red/x", "to move"),
    (f"ravensburger {BRB} red:0,0,0,0;blue:0,0,0,0 red:-;blue:- red/0 deck:-3", "deck"),
    (f"ravensburger {BRB} red:0,0,0,0;blue:0,0,0,0 red:-;blue:- red/0 turn:x", "turn"),
    (f"ravensburger {BRB} red:0,0,0,0;blue:0,0,0,0 red:-;blue:- red/0 discard:Q", "discard"),
    (f"2000-tortuga {B2000} red:0,0,0,0,0,0;blue:0,0,0,0,0,0 red:-;blue:- red/0 row:SQ", "row"),
])
def test_position_errors_name_the_field(text, field):
    with pytest.raises(PositionError, match=field):
        from_position(text)


_J = "2000-jamaica " + B2000
_R = "ravensburger " + BRB


@pytest.mark.parametrize("text,field,clause", [
    # O1, R1: each player has the rule set's number of pirates
    (f"{_J} red:0,0,0,0,0;blue:0,0,0,0,0,0 red:SS;blue:SS red/0", "pirates", "O1"),
    (f"{_R} red:0,0,0,0,0;blue:0,0,0,0 red:-;blue:- red/0", "pirates", "R1"),
    (f"ravensburger-advanced {BRB_ADV} red:0,0,0,0;blue:0,0,0,0,0 red:-;blue:- red/0",
     "pirates", "R1"),
    # C4: at most 3 pirates on a space of the passage
    (f"{_J} red:0,0,0,5,5,5;blue:0,0,0,0,0,5 red:SS;blue:SS red/0", "pirates", "C4"),
    # O1, R1: no more cards of a sign, or in all, than the game has (unseen cards too)
    (f"{_J} red:0,0,0,0,0,0;blue:0,0,0,0,0,0 red:{'S' * 18}?;blue:- red/0", "hand of red", "O1"),
    (f"{_J} red:0,0,0,0,0,0;blue:0,0,0,0,0,0 red:{'S' * 9};blue:- red/0 discard:{'S' * 9}",
     "discard", "O1"),
    (f"{_R} red:0,0,0,0;blue:0,0,0,0 red:{'?' * 91};blue:- red/0", "hand of red", "R1"),
    (f"{_J} red:0,0,0,0,0,0;blue:0,0,0,0,0,0 red:SS;blue:SS red/0 deck:200", "deck", "102"),
    (f"{_R} red:0,0,0,0;blue:0,0,0,0 red:SS;blue:- red/0 deck:89", "deck", "90"),
    # O1, R1: the deck holds every card not elsewhere, no fewer
    (f"{_R} red:0,0,0,0;blue:0,0,0,0 red:SS;blue:- red/0 deck:20", "deck", "holds 88"),
    (f"{_J} red:0,0,0,0,0,0;blue:0,0,0,0,0,0 red:S?;blue:- red/0 deck:0 discard:K", "deck",
     "holds 99"),
    # O2, R2: no more actions taken than a turn holds
    (f"{_R} red:0,0,0,0;blue:0,0,0,0 red:S;blue:SS red/7", "to move", "R2"),
    (f"{_J} red:0,0,0,0,0,0;blue:0,0,0,0,0,0 red:S;blue:SS red/4", "to move", "O2"),
])
def test_O1_R1_C4_O2_a_position_no_game_can_reach_cannot_be_read(text, field, clause):
    with pytest.raises(PositionError, match=clause) as caught:
        from_position(text)
    assert str(caught.value).startswith(field)


@pytest.mark.parametrize("text", [
    f"{_J} red:0,0,0,5,5,5;blue:0,0,0,0,0,0 red:{'S' * 17};blue:- red/3 deck:85",
    f"{_R} red:0,0,0,0;blue:0,0,0,0 red:SS;blue:- red/2 deck:88",
    f"ravensburger-advanced {BRB_ADV} red:0,0,0,0,0;blue:0,0,0,0,0 red:-;blue:- red/3",
])
def test_a_position_at_the_limits_is_read(text):
    from_position(text)


def test_apply_changes_what_check_left_alone():
    state = pos({"red": "10", "blue": "8"}, {"red": "S"})
    text = to_position(state)
    assert rules.check_forward(state, 0, S, 10, 13) == []
    assert to_position(state) == text
    rules.apply_forward(state, 0, S, 10, 13)
    assert to_position(state) != text
    assert sorted(state.pirates[0]) == [0, 0, 0, 0, 0, 13]


# -- every finding code, through the audit of a small text log -----------------------------------

_BOARD = B2000.replace("/", " ")


def _log(body: str = "", *, rules_name: str = "2000-jamaica", players: str = "red, blue",
         board: str = _BOARD, deal: str | None = "red SSDDKK, blue SSDDKH",
         tags: str = "") -> str:
    head = ['[Game "Cartagena"]', f'[Rules "{rules_name}"]', f'[Players "{players}"]',
            f'[Board "{board}"]']
    if deal is not None:
        head.append(f'[Deal "{deal}"]')
    if tags:
        head.append(tags)
    return "\n".join(head) + "\n\n" + body


# (code, log, line, col) - the finding's place in the log (col None: only the line is fixed)
CODE_CASES = [
    ("setup/rules", _log("1. red S0-1\n", rules_name="cartagena-deluxe"), 2, 9),
    ("setup/players", _log("1. red S0-1\n", players="red", deal=None), 3, 11),
    ("setup/players", _log(players="red, blue, red", deal=None), 3, 11),
    ("setup/option", _log(tags='[Options "fast_mode=true"]'), 6, 11),
    ("setup/board-length", _log(board=" ".join(["SDKBPH"] * 5)), 4, 9),
    ("setup/board-section", _log(board="SSKBPH " + " ".join(["SDKBPH"] * 5)), 4, 9),
    ("setup/deal-size", _log(deal="red SSDDK, blue SSDDKH"), 5, 8),
    ("setup/row", _log(tags='[Row "SDKBPHSDKBPH"]'), 6, 7),
    ("setup/row", _log(rules_name="2000-tortuga", tags='[Row "SDKBPH"]'), 6, 7),
    ("turn/out-of-order", _log("1. blue S0-1\n"), 7, 1),
    ("turn/missing", _log("1. red S0-1\n3. red D0-2\n"), 8, 1),
    ("turn/repeated", _log("1. red S0-1\n1. red S0-1\n2. blue S0-1\n"), 8, 1),
    ("turn/swapped", _log("2. blue S0-7\n1. red S0-1\n"), 7, 1),
    ("turn/too-many-actions", _log("1. red S0-1 D0-2 K0-3 S0-7\n"), 7, 23),
    ("turn/no-action", _log("1. red pass\n"), 7, 1),
    ("turn/action-after-pass", _log("1. red pass S0-1\n"), 7, 13),
    ("turn/stuck-no-draw", _log("1. red pass\n", rules_name="ravensburger",
                                board=" ".join(["BKPHLS"] * 5), deal="red, blue BBKKH"), 7, 1),
    ("turn/number", _log("1. red S0-1\n3. blue S0-7\n"), 8, 1),
    ("game/action-after-end", _win_log("4. blue B0-7\n"), 10, 26),
    ("game/unfinished", _log("1. red S0-1\n2. blue S0-7\n"), 8, None),  # on the last line
    ("move/no-pirate", _log("1. red S5-7\n"), 7, 8),
    ("move/forward-from-boat", _log("1. red S0-boat!\n2. blue S0-1\n3. red Dboat\n"), 9, 8),
    ("move/forward-destination", _log("1. red S0-7\n"), 7, 8),
    ("move/back-impossible", _log("1. red S0-1 1+1\n"), 7, 13),
    ("move/back-destination", _log("1. red S0-1 D0-2 K0-3\n2. blue S0-7\n3. red 3-1+1\n"),
     9, 8),
    ("move/back-from-boat", _log("1. red S0-boat! D0-2\n2. blue S0-1\n3. red boat-2+1\n",
                                 tags='[Options "boat_retreat=false"]'), 10, 8),
    ("move/space-full", _log("1. red S0-1\n2. blue S0-7 7-1+1\n3. red D0-2 2-1+2\n"
                             "4. blue D0-1\n"), 10, 9),
    ("card/not-in-hand", _log("1. red H0-6\n"), 7, 8),
    ("card/too-many", _log(players="red, blue, green",
                           deal="red SSSSSS, blue SSSSSS, green SSSSSS"), 5, 8),
    # 17 skulls are known to be dealt: the deck holds none to draw
    ("card/too-many", _log("1. red S0-1\n2. blue S0-7 7-1+S\n",
                           deal="red SSSSSS, blue SSSSSS, green SSSSS?",
                           players="red, blue, green"), 8, 14),
    ("draw/count", _log("1. red S0-1\n2. blue S0-7 7-1+2\n"), 8, 14),
    ("draw/not-next-in-row", _log("1. red S0-1\n2. blue S0-7 7-1+D\n",
                                  rules_name="2000-tortuga", tags='[Row "SDKBPHSDKBPH"]'),
     9, 14),
    ("draw/not-stuck", _log("1. red +S\n"), 7, 8),
    ("claim/hand", _log("hand red 5\n1. red S0-1\n"), 7, 1),
    ("claim/hand", _log("1. red S0-1\nhand red SDDKK\nhand red DDKKS\nhand red SDDKH\n"), 10, 1),
    ("claim/pirates", _log("1. red S0-1\npirates red 0 0 0 0 0 7\n"), 8, 1),
    ("result/winner", _log("1. red S0-1\n", tags='[Result "blue"]'), 6, 10),
    ("condoned/legal", _log("1. red S0-1!\n"), 7, 8),
]


@pytest.mark.parametrize("code,text,line,col", CODE_CASES,
                         ids=[f"{c[0]}-{i}" for i, c in enumerate(CODE_CASES)])
def test_finding_code_through_the_audit(code, text, line, col):
    report = audit(read_log(text))
    found = [f for f in report.findings if f.code == code]
    assert found, [f.code for f in report.findings]
    f = found[0]
    assert f.severity == CODES[code].severity
    # the code's rule, or the one of its clauses this instance breaks
    assert f.rule == CODES[code].rule or f.rule.split()[0] in CODES[code].rule.split("; "), f
    assert f.line == line, f
    if col is not None:
        assert f.col == col, f
    # the other findings are only those the scenario needs
    assert all(g.code in {code, "game/unfinished", "setup/deal-size", "move/forward-destination",
                          "move/back-destination", "card/too-many", "game/action-after-end"}
               or g.condoned for g in report.findings), [g.code for g in report.findings]


def test_draw_findings_cite_the_clause_of_their_rule_set():
    """A backward move's draw is C2; a stuck player's draw is R3 in the Ravensburger edition
    and O2's option in the 2000 edition."""
    back = audit_2000("1. red S0-1\n2. blue S0-7 7-1+SS\n")
    assert [f.rule for f in back.findings if f.code == "draw/count"] == ["C2"]
    state = pos({"red": "", "blue": "5"}, rules_name="2000-jamaica")
    assert [v.rule for v in rules.check_stuck_draw(state, 0, None, 1)] == [
        "O2 (option stuck_player_draws)"]
    state = pos({"red": "", "blue": "5"}, rules_name="ravensburger")
    assert [v.rule for v in rules.check_stuck_draw(state, 0, None, 2)] == ["R3"]


def test_every_code_is_exercised():
    assert {c[0] for c in CODE_CASES} == set(CODES)


def test_claims_that_agree_are_silent():
    report = audit(read_log(_log("1. red S0-1\nhand red SDDKK\npirates red 1 0 0 0 0 0\n"
                                 "hand blue 6\n")))
    assert live_codes(report) == []


def test_condoned_illegal_action_is_not_counted_as_an_error():
    report = audit(read_log(_log("1. red S0-7!\n")))
    assert [(f.code, f.condoned) for f in report.findings] == [
        ("move/forward-destination", True), ("game/unfinished", False)]
    assert report.errors == 0 and report.condoned == 1


def test_O2_a_condoned_pass_does_not_condone_the_turn_without_action():
    """codes.md, "Condoned findings": ``!`` condones the findings of its action; a turn with
    no action is a finding about the turn as a whole, and stands."""
    report = audit_2000("1. red pass!\n")
    assert [(f.code, f.condoned) for f in report.findings if f.code != "game/unfinished"] == [
        ("turn/no-action", False)]
    assert report.errors == 1 and report.condoned == 0


def test_R3_a_condoned_pass_does_not_condone_the_missing_stuck_draw():
    report = audit_from(f"ravensburger {BRB} red:0,0,0,5;blue:0,0,0,0 red:-;blue:BB red/0",
                        "1. red pass!\n2. blue B0-1\n", "ravensburger")
    assert [(f.code, f.condoned) for f in report.findings if f.code != "game/unfinished"] == [
        ("turn/stuck-no-draw", False)]


def test_O2_condoned_mark_on_a_lawful_pass_is_a_warning():
    # ending the turn early after a move is lawful, so the "!" on the pass is needless
    report = audit_2000("1. red S0-1 pass!\n")
    assert live_codes(report) == ["condoned/legal"]
    assert report.errors == 0 and report.warnings == 1


def test_O3_a_hand_the_table_saw_is_known_from_then_on():
    """A ``hand`` claim naming cards teaches the replay the hand: a card it lacks played
    later is reported, and so is a claim showing more of a sign than can be left."""
    head = ('[Game "Cartagena"]\n[Rules "ravensburger"]\n[Players "red, blue"]\n'
            '[Board "BKPHLS KPLSHB LSBKPH HLPSKB SBHKLP"]\n\n')
    text = head + "hand blue BBBKK\n1. red B0-1\n2. blue L0-5\n"
    codes = [f.code for f in audit(read_log(text)).findings if f.severity == "error"]
    assert codes == ["card/not-in-hand"]
    text = ('[Game "Cartagena"]\n[Rules "2000-jamaica"]\n[Players "red, blue, yellow"]\n'
            '[Board "SDKBPH KSHDBP HPBKDS DBKSPH PHSDKB BPKDSH"]\n\n'
            "hand red SSSSSS\nhand blue SSSSSS\nhand yellow SSSSSS\n")
    found = [(f.code, f.line) for f in audit(read_log(text)).findings if f.severity == "error"]
    assert found == [("card/too-many", 8)]  # 18 skulls: the deck has 17
