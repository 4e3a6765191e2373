"""The Cartagena engine's turn rules, one test per clause, from one-line positions; and every
action of a recorded full-information game is among ``legal()`` at its step."""

from __future__ import annotations

import msgspec
import pytest

from cartlog import engine
from cartlog.games.cartagena.events import Back, Draw, EndTurn, Forward, Pass, Turn
from cartlog.games.cartagena.simulate import simulate

RB_BOARD = "BKPHLS/KPLSHB/LSBKPH/HLPSKB/SBHKLP"
J_BOARD = "SDKBPH/KSHDBP/HPBKDS/DBKSPH/PHSDKB/BPKDSH"


def game(text: str):
    return engine.from_position("cartagena", text)


def codes(violations) -> list[str]:
    return [v.code for v in violations]


def test_R2_action_limit_then_only_the_end_of_turn():
    g = game(f"ravensburger {RB_BOARD} red:0,0,5,boat;blue:0,0,0,3 red:BKL;blue:- red/0")
    g.apply(g.read("K0-2"))
    g.apply(g.read("B0-1"))
    assert g.legal() == [EndTurn()]
    assert "turn/too-many-actions" in codes(g.check(g.read("L2-11")))


def test_O2_turn_needs_an_action():
    g = game(f"2000-jamaica {J_BOARD} red:0,0,0,0,0,0;blue:0,0,0,0,0,0 red:S;blue:S red/0")
    assert EndTurn() not in g.legal()
    assert codes(g.check(EndTurn())) == ["turn/no-action"]
    assert codes(g.check(Pass())) == ["turn/no-action"]


def test_O2_a_player_with_no_move_passes():
    g = game(f"2000-jamaica {J_BOARD} red:0,0,0,0,0,0;blue:0,0,0,0,0,0 red:-;blue:S red/0")
    assert g.legal() == [Pass()]
    assert g.check(Pass()) == []
    g.apply(Pass())
    assert g.legal() == [EndTurn()]
    g.apply(EndTurn())
    assert g.to_move().player == "blue"


def test_O2_an_action_after_a_pass_is_reported_by_the_engine():
    g = game(f"2000-jamaica {J_BOARD} red:0,0,0,0,0,0;blue:0,0,0,0,0,0 red:S;blue:S red/0")
    g.apply(Pass())
    assert g.legal() == [EndTurn()]
    assert codes(g.check(g.read("S0-1"))) == ["turn/action-after-pass"]
    turn = g.read("1. red pass S0-1")
    g = game(f"2000-jamaica {J_BOARD} red:0,0,0,0,0,0;blue:0,0,0,0,0,0 red:S;blue:S red/0")
    assert codes(g.check(turn)) == ["turn/action-after-pass"]


def test_R3_stuck_draw_ends_the_turn():
    g = game(f"ravensburger {RB_BOARD} red:0,0,0,0;blue:0,0,0,5 red:-;blue:S red/0")
    draws = [e for e in g.legal() if type(e) is Draw]
    assert draws and all(type(e) is Draw for e in g.legal())
    g.apply(Draw(cards="B"))
    assert g.legal() == [EndTurn()]
    assert "turn/too-many-actions" in codes(g.check(Forward(card="B", start=0)))


def test_R3_a_stuck_player_who_does_not_draw_breaks_the_rule():
    g = game(f"ravensburger {RB_BOARD} red:0,0,0,0;blue:0,0,0,5 red:-;blue:S red/0")
    assert codes(g.check(Pass())) == ["turn/stuck-no-draw"]


def test_C6_no_action_after_the_game_ends():
    g = game(f"ravensburger {RB_BOARD} red:30,boat,boat,boat;blue:0,0,0,3 red:H;blue:- red/0")
    move = g.read("H30-boat")
    assert g.check(move) == []
    g.apply(move)
    assert g.is_over() and g.to_move() is None and g.legal() == []
    assert g.outcome() == engine.Outcome(("red",), "all pirates aboard")
    assert codes(g.check(Forward(card="B", start=0))) == ["game/action-after-end"]


def test_claims_are_checked_by_the_engine_as_by_the_audit():
    """``hand`` and ``pirates`` lines change nothing, but the engine (and so the recorder)
    checks them against the state, as the audit does."""
    g = game(f"2000-jamaica {J_BOARD} red:0,0,0,0,1,8;blue:0,0,0,0,0,3 red:SSK;blue:D red/0")
    assert g.check(g.read("hand red 3")) == []
    assert g.check(g.read("hand red SKS")) == []
    assert codes(g.check(g.read("hand red 5"))) == ["claim/hand"]
    assert codes(g.check(g.read("hand red SKK"))) == ["claim/hand"]
    assert g.check(g.read("pirates blue 0 0 0 0 0 3")) == []
    assert codes(g.check(g.read("pirates blue 0 0 0 0 3 3"))) == ["claim/pirates"]
    before = g.state.copy()
    g.apply(g.read("hand red 5"))
    assert g.state.hands == before.hands and g.state.pirates == before.pirates


def test_turns_go_clockwise_in_seat_order():
    g = game(f"ravensburger {RB_BOARD} red:0,0,0,0;blue:0,0,0,0 red:B;blue:B red/0")
    assert codes(g.check(Turn(player="blue", actions=[Forward(card="B", start=0)]))) == [
        "turn/out-of-order"]


def test_a_whole_turn_is_checked_without_changing_the_state():
    g = game(f"ravensburger {RB_BOARD} red:0,0,0,0;blue:0,0,0,0 red:BKP;blue:B red/0")
    before = g.position()
    turn = g.read("1. red B0-1 K0-2 P0-3")
    assert codes(g.check(turn)) == ["turn/too-many-actions"]
    assert g.position() == before
    g.apply(turn)
    assert g.to_move().player == "blue"


def _normal(event) -> dict:
    data = msgspec.to_builtins(event)
    for key in ("line", "col", "end", "comment", "condoned"):
        data.pop(key, None)
    if data.get("cards"):
        data["cards"] = "".join(sorted(data["cards"]))
    return data


@pytest.mark.parametrize("rules", ["2000-jamaica", "2000-tortuga", "ravensburger",
                                   "ravensburger-advanced"])
@pytest.mark.parametrize("seed", [1, 2])
@pytest.mark.parametrize("view", ["all", "table", "blue"])
def test_every_recorded_action_is_legal_at_its_step(rules, seed, view):
    """Hands the log does not know (the table's view, one player's) included: a card played
    from one is named as the table saw it, and that forward move is among ``legal()``."""
    log = simulate(rules, 3, seed, view=view)
    g = engine.start(msgspec.structs.replace(log, events=[]))
    for event in log.events:
        if type(event) is Turn:
            for action in event.actions:
                legal = [_normal(e) for e in g.legal()]
                assert _normal(action) in legal, (event.number, action)
                assert g.check(action) == []
                g.apply(action)
            if not g.is_over():
                assert EndTurn() in g.legal()
                g.apply(EndTurn())
        else:
            assert g.check(event) == []
            g.apply(event)
    assert g.outcome() is not None and g.outcome().winners == (log.result,)


def test_a_back_move_offers_every_draw_the_deck_allows():
    g = game(f"ravensburger {RB_BOARD} red:0,0,5,boat;blue:0,0,0,3 red:BK;blue:- red/0")
    backs = [e for e in g.legal() if type(e) is Back and e.start == 5]
    assert {e.cards for e in backs} == {"B", "K", "P", "H", "L", "S", None}


def test_an_unseen_hand_offers_each_sign_it_may_hold_and_the_unseen_card():
    """C1 with a hand the log does not know: a forward move for every sign the deck can
    still hold (R1: 15 of each), each once beside the known cards, and ``?`` for the card
    unseen; a sign all of whose cards are accounted for elsewhere is not offered."""
    g = game(f"ravensburger {RB_BOARD} red:0,0,0,0;blue:0,0,0,0 red:B??;blue:- red/0")
    lines = [f"{e.card}{e.start}-{e.to}" if e.to is not None else f"{e.card}{e.start}"
             for e in g.legal() if type(e) is Forward]
    assert lines == ["B0-1", "K0-2", "P0-3", "H0-4", "L0-5", "S0-6", "?0"]
    assert all(g.check(e) == [] for e in g.legal())
    gone = game(f"ravensburger {RB_BOARD} red:0,0,0,0;blue:0,0,0,0 red:B?;"
                "blue:KKKKKKKKKKKKKKK red/0")
    assert [e.card for e in gone.legal() if type(e) is Forward] == ["B", "P", "H", "L", "S",
                                                                     "?"]
    assert codes(gone.check(gone.read("K0-2"))) == ["card/too-many"]
    known = game(f"ravensburger {RB_BOARD} red:0,0,0,0;blue:0,0,0,0 red:BK;blue:- red/0")
    assert "?" not in {e.card for e in known.legal() if type(e) is Forward}


# every card of 2000-jamaica but 2 skulls and 1 key is in the discard pile
ALL_BUT_SSK = "S" * 15 + "D" * 17 + "K" * 16 + "B" * 17 + "P" * 17 + "H" * 17
T_START = "red:0,0,0,0,0,9;blue:0,0,0,0,8,8"


def test_an_unseen_card_is_only_what_the_counts_leave_for_it():
    """The deck's 2 cards hold no skull (its bound since a reshuffle, C5) and are 2 of the
    3 cards not seen elsewhere (O1): the deck holds both skulls, red's unseen card is the
    key. The lawful moves offer only the key, and a skull played from it is refused."""
    g = game(f"2000-jamaica {J_BOARD} {T_START} red:?;blue:- red/0 deck:2 deckmax:K0 "
             f"discard:{ALL_BUT_SSK}")
    assert [e.card for e in g.legal() if type(e) is Forward] == ["K", "K", "?", "?"]
    assert codes(g.check(g.read("S0"))) == ["card/too-many"]
    assert g.check(g.read("K0")) == []
    # with a card of the deck unbounded, the unseen card may be a skull too
    free = game(f"2000-jamaica {J_BOARD} {T_START} red:?;blue:- red/0 deck:2 "
                f"discard:{ALL_BUT_SSK}")
    assert {e.card for e in free.legal() if type(e) is Forward} == {"S", "K", "?"}
    assert free.check(free.read("S0")) == []


def test_a_row_card_is_only_what_the_counts_leave_for_it():
    """Tortuga: the deck's card holds no skull, so it is the key, and the row's 2 unseen
    cards, laid before a reshuffle, are the 2 skulls: a backward move draws them, never the
    key (O4, C5)."""
    g = game(f"2000-tortuga {J_BOARD} {T_START} red:-;blue:- red/0 deck:1 deckmax:S0 "
             f"discard:{ALL_BUT_SSK} row:?? split:2")
    assert {e.cards for e in g.legal() if type(e) is Back} == {"SS", None}
    assert codes(g.check(Back(start=9, to=8, cards="KS"))) == ["card/too-many"]
    assert codes(g.check(Back(start=9, to=8, cards="SK"))) == ["card/too-many"]
    # the finding says why: the row's other unseen cards fit only with every key in the deck
    said = g.check(Back(start=9, to=8, cards="KS"))[0].message
    assert "draws a key from the row" in said and "only if every key" in said, said


def test_a_hand_line_that_fits_reveals_the_hand_in_the_engine():
    """The table saw the hand: its unseen cards are known now, to the recorder as to the
    audit; a hand line that does not fit reveals nothing."""
    from cartlog.games.cartagena.events import HandClaim

    text = f"2000-jamaica {J_BOARD} red:0,0,0,0,0,0;blue:0,0,0,0,0,0 red:S??;blue:S red/0"
    g = game(text)
    wrong = HandClaim(player="red", cards="SD")
    assert codes(g.check(wrong)) == ["claim/hand"]
    g.apply(wrong)
    assert g.position() == game(text).position()
    seen = HandClaim(player="red", cards="SDK")
    assert g.check(seen) == []
    g.apply(seen)
    assert " red:SDK;blue:S " in g.position()
    assert game(g.position()).legal() == g.legal()


def test_a_winning_turn_line_ends_its_turn():
    """A turn line is played the same way by apply, check and the audit: the winning line's
    turn ends with it; a line after the end changes nothing."""
    g = game(f"2000-jamaica {J_BOARD} red:36,boat,boat,boat,boat,boat;blue:0,0,0,0,0,0 "
             "red:H;blue:S red/0")
    g.apply(g.read("1. red H36-boat"))
    assert g.is_over() and g.outcome().winners == ("red",)
    assert " blue/0 " in g.position()
    after = g.position()
    late = g.read("2. blue S0-1")
    assert codes(g.check(late)) == ["game/action-after-end"]
    g.apply(late)
    assert g.position() == after
