"""The worked examples of the rulebooks, rebuilt as positions and replayed through the rules.

The illustrations the texts refer to are not available, so each board below is one that agrees
with every fact the text states; where the text leaves a space, a sign or a pirate open, the
choice made is said in the position's docstring. Nothing else about these boards is claimed.
"""

from __future__ import annotations

from cartlog.games.cartagena import rules
from cartlog.games.cartagena.model import State
from cartlog.games.cartagena.position import from_position, to_position

# -- rulebook 002 (2000 edition), "Examples of play" -------------------------------------------

S, D, K, B, P, H = range(6)

BOARD_002 = "SKBPHD/DKBPHS/KPDHSB/BKPHSD/HBKSDP/PSBDKH"
ROW_002 = "KDDHPSBKHPSB"


def position_002(to_move: str) -> State:
    """The Tortuga game in progress that rulebook 002 "Examples of play" describes.

    Stated by the text and encoded here:

    - skull spaces 12 and 17 are occupied and 23 is the next skull, free (Yellow's skull from 9);
    - Red has a pirate on 8; 7 is empty and 6 holds 2 pirates (Red's move back from 8 to 6);
    - Blue has one pirate at the entrance (start), two on 6, one on 17 and one on 18; 17 also
      holds two red pirates; 12 holds one pirate; nothing that stops a backward move lies on
      13-16 (Blue's second choice: 17 to 12 for 1 card, 18 to 17 for 2, 17 to 12 for 2);
    - daggers on 7, on the space the text prints as "IS" and on 24, all free, and the dagger of
      the first section occupied (Blue's first choice). "IS" is read as 15: Blue's pirate on 18
      rules out 18, and 15 is the only reading that keeps 15-16 free of stopping spaces;
    - 18 is a bottle space and every bottle space ahead of 17 is occupied (third choice);
    - Blue holds 4 daggers and a bottle; no opponent holds a dagger; the 2nd and 3rd cards of
      the row are daggers.

    Chosen where the text is silent: four players (blue, red, yellow, green); the dagger of
    the first section is 6 (so the two blue pirates there occupy it); the sign order of every
    section; the pirates not mentioned (placed on 19-36 so that they occupy the bottles ahead of
    17 but leave skull 23 and dagger 24 free); 12 holds a green pirate; the other hands and the
    row's other cards; no discard pile.

    Spaces: 1 S, 2 K, 3 B, 4 P, 5 H, 6 D | 7 D, 8 K, 9 B, 10 P, 11 H, 12 S | 13 K, 14 P, 15 D,
    16 H, 17 S, 18 B | 19 B, 20 K, 21 P, 22 H, 23 S, 24 D | 25 H, 26 B, 27 K, 28 S, 29 D, 30 P |
    31 P, 32 S, 33 B, 34 D, 35 K, 36 H; the boat is 37.
    """
    return from_position(
        f"2000-tortuga {BOARD_002} "
        "blue:0,6,6,17,18,26;red:8,17,17,19,33,36;yellow:0,9,20,21,25,30;green:0,0,12,27,31,35 "
        "blue:BDDDD;red:SKH;yellow:SSP;green:HPK "
        f"{to_move}/0 row:{ROW_002}")


BLUE, RED, YELLOW, GREEN = range(4)


def play(state: State, seat: int, action: tuple) -> None:
    """Check an action (it must be lawful), then carry it out as one action of the turn."""
    kind = action[0]
    if kind == "forward":
        _, sign, start, to = action
        assert rules.check_forward(state, seat, sign, start, to) == []
        assert rules.apply_forward(state, seat, sign, start, None) == to
    else:
        _, start, to, drawn = action
        assert rules.check_back(state, seat, start, to, None, drawn) == []
        assert rules.apply_back(state, seat, start, None, None, None) == to
    # the rule functions count the action toward the turn's limit themselves


def hand(state: State, seat: int) -> str:
    return "".join("SDKBPH"[s] * state.hands[seat][s] for s in range(6))


def test_002_position_is_a_legal_board_and_table():
    state = position_002("blue")
    assert rules.check_board(state.rs, state.board) == []
    assert all(n <= 3 for n in state.occ[1:37])
    assert all(len(p) == 6 for p in state.pirates)
    assert rules.peek_row(state, 3) == [K, D, D]  # the 2nd and 3rd cards are daggers
    assert all(state.hands[seat][D] == 0 for seat in (RED, YELLOW, GREEN))


def test_002_yellow_skull_from_9_to_23_skipping_12_and_17():
    state = position_002("yellow")
    assert rules.forward_target(state, 9, S) == 23
    assert rules.check_forward(state, YELLOW, S, 9, 23) == []
    why = rules.explain_forward(state, 9, S, 23)
    assert "12" in why and "17" in why
    # stopping on an occupied skull is not a lawful record of the move
    assert [v.code for v in rules.check_forward(state, YELLOW, S, 9, 12)] == [
        "move/forward-destination"]


def test_002_red_back_from_8_to_6_draws_two_from_the_row():
    state = position_002("red")
    assert rules.back_target(state, 8) == 6
    assert state.occ[6] == 2 and state.occ[7] == 0
    play(state, RED, ("back", 8, 6, 2))
    assert hand(state, RED) == "SDKKH"  # the first two cards of the row: key, dagger
    assert rules.peek_row(state, 1) == [D]


def test_002_blue_first_choice_three_daggers():
    state = position_002("blue")
    play(state, BLUE, ("forward", D, 0, 7))
    play(state, BLUE, ("forward", D, 6, 15))  # skips 7, taken by the first move
    play(state, BLUE, ("forward", D, 6, 24))
    assert sorted(state.pirates[BLUE]) == [7, 15, 17, 18, 24, 26]
    assert hand(state, BLUE) == "DB"
    assert rules.legal_actions(state) == []  # three moves: the turn is over
    # the daggers now lie in the row for the next players, and the road is open for them:
    # Red's pirate on 8 would pass 15 and 24 to reach 29
    assert rules.peek_row(state, 3) == [K, D, D]
    assert rules.forward_target(state, 8, D) == 29


def test_002_blue_second_choice_five_cards():
    state = position_002("blue")
    play(state, BLUE, ("back", 17, 12, 1))
    assert state.occ[17] == 2 and state.occ[12] == 2
    play(state, BLUE, ("back", 18, 17, 2))
    play(state, BLUE, ("back", 17, 12, 2))
    assert sorted(state.pirates[BLUE]) == [0, 6, 6, 12, 12, 26]
    assert sum(state.hands[BLUE]) == 5 + 5
    assert hand(state, BLUE) == "DDDDDDKBPH"  # K, D, D, H, P from the row, in arrow order
    assert to_position(state).endswith("row:SBKHPSB taken:KDDHP")


def test_002_blue_third_choice_balanced():
    state = position_002("blue")
    assert rules.forward_target(state, 9, B) == 37  # the bottle road is open before the turn
    play(state, BLUE, ("forward", B, 17, 37))
    assert state.occ[17] == 2  # the two red pirates are left
    play(state, BLUE, ("back", 18, 17, 2))
    play(state, BLUE, ("forward", D, 0, 7))
    assert sorted(state.pirates[BLUE]) == [6, 6, 7, 17, 26, 37]
    assert hand(state, BLUE) == "DDDDK"  # three daggers kept, one played, K and D drawn
    # 18 is free again: a gap in the road of occupied bottles
    assert rules.forward_target(state, 9, B) == 18


# -- rulebook 004 (Ravensburger edition), "Quelques exemples" -----------------------------------

RB_B, RB_K, RB_P, RB_H, RB_L, RB_S = range(6)
BOARD_004 = "BKPHLS/KPBLHS/SBKHPL/BLSPKH/LPBSKH"
BLACK, PURPLE, RED4, GREY = range(4)


def position_004(to_move: str, extra: str = "") -> State:
    """The game of rulebook 004 "Quelques exemples" (base game: 5 sections, 4 pirates, 2
    actions - the text speaks of Noir's second action).

    Stated by the text and encoded here:

    - Noir's pirate 1: every pistol and every lantern ahead of it is occupied (either card
      takes it to the boat). Here: Noir 1 on 24; lantern 25 and pistol 26 are occupied.
    - Noir's pirate 2: the spyglasses ahead of it are occupied except the one of the last
      section. Here: Noir 2 on 19; spyglass 21 occupied, spyglass 28 (section 5) free.
    - Noir's pirate 3 moving back meets first a spyglass holding violet's pirate alone (stop,
      1 card); a lantern with 3 pirates and a pistol with 2 lie further back; from the spyglass
      a second backward move reaches the pistol (2 cards). Here: Noir 3 on 15, 13-14 empty,
      violet on spyglass 12, lantern 10 with 3 pirates, pistol 8 with 2, and 9, 11 empty.
    - Gris's pirate 1: every lantern ahead is occupied; the next free pistol is 2 spaces on.
      Here: Gris 1 on lantern 20; lantern 25 occupied; pistol 22 free.
    - Gris's pirate 4 is in the boat; the space just before it is a hook holding 2 pirates.
      Here: hook 30 with two grey pirates.

    Chosen where the text is silent: the order of the lantern and the spyglass behind Noir 3
    (the text fits both orders; here the 3-pirate lantern lies between the spyglass and the
    pistol, so the second move shows a full space passed over); four players (black, purple
    for violet, red, grey for gris); every sign order; the pirates not mentioned; the hands
    beyond the cards each example plays.

    Spaces: 1 B, 2 K, 3 P, 4 H, 5 L, 6 S | 7 K, 8 P, 9 B, 10 L, 11 H, 12 S | 13 S, 14 B, 15 K,
    16 H, 17 P, 18 L | 19 B, 20 L, 21 S, 22 P, 23 K, 24 H | 25 L, 26 P, 27 B, 28 S, 29 K, 30 H;
    the boat is 31.
    """
    return from_position(
        f"ravensburger {BOARD_004} "
        "black:8,15,19,24;purple:10,10,12,25;red:8,10,21,26;grey:20,30,30,boat "
        "black:PLS;purple:-;red:-;grey:LP "
        f"{to_move}/0 {extra}".strip())


NOIR_1, NOIR_2, NOIR_3 = 24, 19, 15
GRIS_1 = 20


def test_004_position_is_a_legal_board_and_table():
    state = position_004("black")
    assert rules.check_board(state.rs, state.board) == []
    assert all(n <= 3 for n in state.occ[1:31])
    assert all(len(p) == 4 for p in state.pirates)
    assert (state.occ[12], state.occ[10], state.occ[8], state.occ[30]) == (1, 3, 2, 2)


def test_004_noir_pistol_or_lantern_to_the_boat():
    state = position_004("black")
    assert rules.forward_target(state, NOIR_1, RB_P) == 31
    assert rules.forward_target(state, NOIR_1, RB_L) == 31
    assert rules.check_forward(state, BLACK, RB_P, NOIR_1, 31) == []
    assert rules.check_forward(state, BLACK, RB_L, NOIR_1, 31) == []


def test_004_noir_spyglass_to_the_free_spyglass_of_the_last_section():
    state = position_004("black")
    assert rules.forward_target(state, NOIR_2, RB_S) == 28
    assert 25 <= 28 <= 30  # the last section
    play(state, BLACK, ("forward", RB_S, NOIR_2, 28))


def test_004_noir_back_stops_at_violets_single_pirate():
    state = position_004("black")
    assert rules.back_target(state, NOIR_3) == 12
    assert rules.check_back(state, BLACK, NOIR_3, 12, None, 1) == []
    # not on the lantern with three pirates ...
    found = [v.code for v in rules.check_back(state, BLACK, NOIR_3, 10, None, 1)]
    assert "move/back-destination" in found and "move/space-full" in found
    # ... nor go on past it to the pistol with two
    found = [v.code for v in rules.check_back(state, BLACK, NOIR_3, 8, None, 2)]
    assert found == ["move/back-destination", "draw/count"]
    play(state, BLACK, ("back", NOIR_3, 12, 1))
    assert sum(state.hands[BLACK]) == 4


def test_004_noir_second_back_move_from_the_spyglass_to_the_pistol():
    state = position_004("black")
    play(state, BLACK, ("back", NOIR_3, 12, 1))
    play(state, BLACK, ("back", 12, 8, 2))  # passes the lantern holding 3
    assert sum(state.hands[BLACK]) == 3 + 1 + 2
    assert state.occ[8] == 3 and state.occ[12] == 1
    assert rules.legal_actions(state) == []  # two actions in the base game


def test_004_gris_lantern_to_the_boat_pistol_only_two_spaces():
    state = position_004("grey")
    assert rules.forward_target(state, GRIS_1, RB_L) == 31
    assert rules.forward_target(state, GRIS_1, RB_P) == GRIS_1 + 2
    play(state, GREY, ("forward", RB_L, GRIS_1, 31))


def test_004_gris_pirate_leaves_the_boat_for_the_hook_before_it():
    state = position_004("grey")
    assert state.board[30 - 1] == RB_H
    assert rules.back_target(state, 31) == 30
    play(state, GREY, ("back", 31, 30, 2))
    assert sum(state.hands[GREY]) == 4 and state.occ[30] == 3
    # a table that forbids leaving the boat (ruling C3 option) rejects the same move
    state = position_004("grey", "opt:boat_retreat=0")
    assert [v.code for v in rules.check_back(state, GREY, 31, 30, None, 2)] == [
        "move/back-from-boat"]
