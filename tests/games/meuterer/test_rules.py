"""Meuterer rules, one test (or a few) per clause of rulebook 001 and rulings U1-U8.

Most tests put a one-line position in (``position.from_position``) and assert on what the rule
functions say or do. The circle is the published one unless a test says otherwise::

    0 HO Hochland     any   4/3/2 ship 5     6 KK Kalte Klippe cloth 5/2/2 ship 4
    1 FR Frosthöhle   cloth 3/2/1 ship 3     7 SO Sommerland   salt  3/1/1 ship 2
    2 GR Grünland     salt  5/3/2 ship 4     8 RR Rotes Riff   wine  4/2/2 ship 3
    3 KZ Karge Zunge  grain 6/3/2 ship 4     9 PN Piratennest  any   4/3/2 ship 5
    4 EI Eisfelsen    ruby  6/4/3 ship 5    10 FI Fingerhut    ruby  2/1/0 ship 2
    5 AF Affeninsel   grain 2/1/1 ship 2    11 SK Sandkap      wine  4/2/1 ship 3
"""

from __future__ import annotations

import pytest

from cartlog.audit import audit as run_audit
from cartlog.core.errors import LogSyntaxError
from cartlog.games.meuterer import rules
from cartlog.games.meuterer.model import (
    CABINBOY,
    CLOTH,
    CONFLICT,
    GRAIN,
    HAND_SIZE,
    MATE,
    MERCHANT,
    MUTINEER,
    PIRATE,
    RUBY,
    SALT,
    STEVEDORE,
    UNKNOWN,
    VARIANTS,
    WINE,
)
from cartlog.games.meuterer.position import PositionError, from_position, to_position
from cartlog.games.meuterer.replay import Replay
from cartlog.games.meuterer.simulate import simulate
from games.meuterer.helpers import ROUND1, audit, codes, make, position, read

HO, FR, GR, KZ, EI, AF, KK, SO, RR, PN, FI, SK = range(12)


def points(state, success=None, capt_dest=None, mut_dest=-1, declared=()):
    """Each player's points of the round (phase 5) for the position."""
    sales, bad, _ = rules.resolve_sales(state, list(declared))
    assert not bad, bad
    items = rules.round_points(state, success, state.ship if capt_dest is None else capt_dest,
                               mut_dest, sales)
    return [sum(i.points for i in its) for its in items]


def island_points(state, declared=()):
    sales, _, _ = rules.resolve_sales(state, list(declared))
    return {state.colours[seat]: item.points for seat, item in rules.majorities(state, sales)}


# -- U1 rounds and end --------------------------------------------------------------------------


def test_U1_eight_rounds_with_four_players_nine_with_three():
    assert VARIANTS["base"].rounds(4) == 8
    assert VARIANTS["base"].rounds(3) == 9
    assert len([e for e in simulate("base", 3, 1).events if type(e).__name__ == "Round"]) == 9
    assert len([e for e in simulate("pirate", 4, 1).events if type(e).__name__ == "Round"]) == 8


def test_U1_game_ends_after_the_last_rounds_scoring():
    log = simulate("base", 4, 2)
    replay = Replay(log).run()
    state = replay.state
    assert state.phase == "over" and replay.turns == 8
    # no move and no refill after the last scoring: the cards played are still on the table
    assert sum(sum(p) for p in state.played) > 0 or all(
        not e.steps or all(type(s).__name__ == "Pass" for s in e.steps)
        for e in log.events[-6:] if type(e).__name__ == "Sell")


def test_U1_a_round_after_the_last_is_an_error():
    from cartlog.games.meuterer.notation import format_log

    text = format_log(simulate("base", 4, 3)) + "round 9\nwage 1\n"
    found = audit(text)
    assert codes(found) == ["end/after-last-round"]
    assert found[0].line == len(text.splitlines()) - 1


def test_U1_highest_total_wins_and_a_tie_is_shared():
    state = position("red:-:-:p:12;blue:-:-:p:15;green:-:-:p:15", turn="9/over/-")
    assert rules.winners(state) == [1, 2]


def test_U1_a_short_log_is_unfinished_info():
    found = audit(make(ROUND1))
    assert codes(found) == ["end/unfinished"]
    assert found[0].severity == "info"


# -- U2 selling ---------------------------------------------------------------------------------


def test_U2_hochland_takes_any_good_but_one_type_per_player():
    # round 1: only Hochland; red played 2 wine and 1 cloth, blue 2 salt: 2 against 2
    state = position("red:-:WWC:p:0;blue:-:SS:merchant:0;green:-:-:mate:0")
    assert island_points(state) == {"red": 3, "blue": 4}  # tied at 2: blue is the merchant


def test_U2_conflict_cards_are_never_goods():
    state = position("red:-:XXX:p:0;blue:-:S:merchant:0;green:-:-:mate:0")
    assert island_points(state) == {"blue": 4}


def test_U2_split_between_both_islands_as_declared():
    # Affeninsel (grain) is the port, Hochland the port before: 4 grain split 2 and 2
    state = position("red:-:GGGG:p:0;blue:-:GG:mate:0;green:-:GG:merchant:0",
                     ships="AF<HO", turn="2/sell/-")
    declared = [(0, GRAIN, AF, 2), (0, GRAIN, HO, 2)]
    sales, bad, assumed = rules.resolve_sales(state, declared)
    assert not bad and 0 not in [seat for seat, _ in assumed]
    mine = sorted((s.island, s.count) for s in sales if s.seat == 0)
    assert mine == [(HO, 2), (AF, 2)]


def test_U2_one_type_per_island_second_declaration_rejected():
    state = position("red:-:WWCC:p:0;blue:-:-:mate:0;green:-:-:merchant:0")
    _, bad, _ = rules.resolve_sales(state, [(0, WINE, HO, 2), (0, CLOTH, HO, 2)])
    assert [v.code for _, v in bad] == ["sale/one-type"]


def test_U2_split_using_more_cards_than_played_is_reported():
    state = position("red:-:GGG:p:0;blue:-:-:mate:0;green:-:-:merchant:0",
                     ships="AF<HO", turn="2/sell/-")
    sales, bad, _ = rules.resolve_sales(state, [(0, GRAIN, AF, 2), (0, GRAIN, HO, 2)])
    assert [v.code for _, v in bad] == ["sale/too-many"]
    assert sum(s.count for s in sales if s.seat == 0) == 3  # cut to the cards played


def test_U2_a_good_not_played_cannot_be_sold():
    state = position("red:-:WW:p:0;blue:-:-:mate:0;green:-:-:merchant:0")
    _, bad, _ = rules.resolve_sales(state, [(0, GRAIN, HO, None)])
    assert [v.code for _, v in bad] == ["sale/too-many"]


def test_U2_good_sold_where_it_cannot_be_is_reported():
    state = position("red:-:WW:p:0;blue:-:-:mate:0;green:-:-:merchant:0",
                     ships="GR<HO", turn="2/sell/-")
    _, bad, _ = rules.resolve_sales(state, [(0, WINE, GR, 2)])
    assert [v.code for _, v in bad] == ["sale/wrong-island"]
    assert "buys only salt" in bad[0][1].message


def test_U2_undeclared_choice_uses_the_default_and_says_so():
    # grain fits Affeninsel and Hochland; red declares nothing: whole type on the port
    state = position("red:-:GGG:p:0;blue:-:-:mate:0;green:-:-:merchant:0",
                     ships="AF<HO", turn="2/sell/-")
    sales, _, assumed = rules.resolve_sales(state, [])
    assert [(s.island, s.good, s.count) for s in sales] == [(AF, GRAIN, 3)]
    assert assumed == [(0, "3 grain on Affeninsel")]


def test_U2_default_prefers_the_pair_selling_most_cards():
    # salt fits Grünland and Hochland, wine only Hochland: salt to Grünland, wine to Hochland
    state = position("red:-:SSWW:p:0;blue:-:-:mate:0;green:-:-:merchant:0",
                     ships="GR<HO", turn="2/sell/-")
    sales, _, _ = rules.resolve_sales(state, [])
    assert sorted((s.island, s.good, s.count) for s in sales) == [(HO, WINE, 2), (GR, SALT, 2)]


def test_U2_no_choice_needs_no_declaration():
    state = position("red:-:SSR:p:0;blue:-:-:mate:0;green:-:-:merchant:0",
                     ships="GR<EI", turn="2/sell/-")
    sales, _, assumed = rules.resolve_sales(state, [])
    assert not assumed
    assert sorted((s.island, s.good, s.count) for s in sales) == [(GR, SALT, 2), (EI, RUBY, 1)]


# -- U3 active islands --------------------------------------------------------------------------


def test_U3_round_one_has_only_hochland_active():
    state = position("red:RSWCG:-:.:0;blue:SSWWX:-:.:0;green:CCGGX:-:.:0", turn="1/sell/red")
    assert state.active() == [HO]


def test_U3_the_port_and_the_port_before_are_active():
    state = position("red:-:-:p:0;blue:-:-:p:0;green:-:-:p:0", ships="SK<KK", turn="3/sell/-")
    assert state.active() == [SK, KK]


def test_U3_the_same_island_twice_counts_once():
    state = position("red:-:WW:p:0;blue:-:-:mate:0;green:-:-:merchant:0", ships="SK<SK",
                     turn="3/sell/-")
    assert state.active() == [SK]
    assert island_points(state) == {"red": 4}


def test_U3_no_sale_on_an_island_no_longer_active():
    state = position("red:-:WW:p:0;blue:-:-:mate:0;green:-:-:merchant:0", ships="SK<KK",
                     turn="3/sell/-")
    _, bad, _ = rules.resolve_sales(state, [(0, WINE, RR, 2)])
    assert [v.code for _, v in bad] == ["sale/wrong-island"]
    assert "not active" in bad[0][1].message


# -- U4 majorities ------------------------------------------------------------------------------

FOUR = "red:-:{}:p:0;blue:-:{}:mate:0;green:-:{}:stevedore:0;yellow:-:{}:{}:0"


def test_U4_sole_majority_scores_first_value():
    state = position(FOUR.format("WWW", "WW", "S", "-", "cabinboy"))
    assert island_points(state) == {"red": 4}  # Hochland 4/3/2: only the most score


def test_U4_two_tied_score_second_value():
    state = position(FOUR.format("WW", "SS", "C", "-", "cabinboy"))
    assert island_points(state) == {"red": 3, "blue": 3}


def test_U4_three_tied_score_third_value():
    state = position(FOUR.format("WW", "SS", "CC", "G", "cabinboy"))
    assert island_points(state) == {"red": 2, "blue": 2, "green": 2}


def test_U4_four_tied_score_nothing():
    state = position(FOUR.format("W", "S", "C", "G", "cabinboy"))
    assert island_points(state) == {"red": 0, "blue": 0, "green": 0, "yellow": 0}


def test_U4_third_value_may_be_zero():
    state = position(FOUR.format("R", "R", "R", "-", "cabinboy"), ships="FI<SK",
                     turn="4/sell/-")
    assert island_points(state) == {"red": 0, "blue": 0, "green": 0}  # Fingerhut 2/1/0


def test_U4_merchant_scores_first_value_when_tied():
    state = position(FOUR.format("WW", "SS", "C", "-", "merchant"))
    assert island_points(state) == {"red": 3, "blue": 3}
    state = position(FOUR.format("WW", "SS", "C", "GG", "merchant"))
    assert island_points(state) == {"red": 2, "blue": 2, "yellow": 4}


def test_U4_merchant_in_a_four_way_tie_still_scores_first_value():
    state = position(FOUR.format("W", "S", "C", "G", "merchant"))
    assert island_points(state) == {"red": 0, "blue": 0, "green": 0, "yellow": 4}


def test_U4_merchant_not_among_the_most_scores_nothing():
    state = position(FOUR.format("WW", "SS", "C", "G", "merchant"))
    assert "yellow" not in island_points(state)


def test_U4_each_active_island_is_scored_on_its_own():
    # Sandkap (wine 4/2/1) and Kalte Klippe (cloth 5/2/2)
    state = position(FOUR.format("WW", "CC", "C", "-", "cabinboy"), ships="SK<KK",
                     turn="3/sell/-")
    assert island_points(state) == {"red": 4, "blue": 5}


# -- U5 captain and mate ------------------------------------------------------------------------

ROLES = "red:{}:-:p:0;blue:-:-:{}:0;green:-:-:{}:0;yellow:-:-:{}:0"


def test_U5_captain_scores_ship_value_of_destination():
    state = position(ROLES.format("RS", "merchant", "stevedore", "cabinboy"), captain="red:2")
    assert points(state, capt_dest=EI) == [5, 0, 0, 0]  # no mate: no wage


def test_U5_mate_paid_wage_captain_loses_it():
    state = position(ROLES.format("RS", "mate", "stevedore", "cabinboy"), captain="red:2")
    assert points(state, capt_dest=EI) == [5 - 2, 1 + 2, 0, 0]


def test_U5_wage_zero_mate_still_scores_one():
    state = position(ROLES.format("RS", "mate", "stevedore", "cabinboy"), captain="red:0")
    assert points(state, capt_dest=AF) == [2, 1, 0, 0]


def test_U5_a_score_may_go_negative():
    state = position(ROLES.format("RS", "mate", "stevedore", "cabinboy"), captain="red:3")
    assert points(state, capt_dest=AF) == [2 - 3, 4, 0, 0]


def test_U5_failed_mutiny_scores_as_no_mutiny():
    state = position(ROLES.format("RS", "mate", "mutineer", "cabinboy"), captain="red:1")
    assert points(state, success=False, capt_dest=KZ, mut_dest=EI) == [3, 2, 0, 0]


def test_U5_successful_mutiny_mutineer_scores_cabin_boy_two():
    state = position(ROLES.format("RS", "mate", "mutineer", "cabinboy"), captain="red:3")
    assert points(state, success=True, capt_dest=KZ, mut_dest=EI) == [0, 0, 5, 2]


def test_U5_successful_mutineer_becomes_captain():
    state = position(ROLES.format("RS", "mate", "mutineer", "cabinboy"), captain="red:3")
    rules.apply_move(state, EI, True)
    assert state.colours[state.captain] == "green" and state.ship == EI and state.prev == HO


def test_U5_explanation_shows_the_computation():
    state = position("red:RS:-:p:0;blue:-:WW:mate:0;green:-:-:stevedore:0", ships="RR<GR",
                     turn="2/sell/-", captain="red:2")
    state.played[0] = [0, 0, 2, 0, 0, 0, 0, 0]  # red played 2 wine, blue 2 wine: tied
    state.played[1] = [0, 0, 1, 0, 0, 0, 0, 0]
    sales, _, _ = rules.resolve_sales(state, [])
    items = rules.round_points(state, None, GR, -1, sales)
    assert rules.explain(items[0]) == ("ship 4 (Grünland) - wage 2 + Rotes Riff wine majority "
                                       "alone 4 = 6")


# -- U6 mutiny ----------------------------------------------------------------------------------

MUT = "red:{}:-:p:0;blue:{}:-:mate:0;green:{}:-:mutineer:0;yellow:{}:-:{}:0"


def test_U6_only_the_mutineer_card_starts_a_mutiny():
    body = ROUND1.replace("yellow pass 3 mutineer", "yellow pass 3 cabinboy").replace(
        ", mutineer Karge Zunge", "")
    assert "mutiny/no-mutineer" in codes(audit(make(body)))


def test_U6_sides_captain_and_mate_against_mutineer_and_cabin_boy():
    state = position(MUT.format("X", "X", "X", "X", "cabinboy"))
    assert [rules.side_of(state, s) for s in range(4)] == [1, 1, -1, -1]
    state = position(MUT.format("X", "X", "X", "X", "merchant"))
    assert rules.side_of(state, 3) == 0


def test_U6_the_mate_adds_one():
    state = position(MUT.format("X", "-", "XX", "-", "cabinboy"))
    assert rules.mutiny_strength(state, [(0, 1, None), (2, 2, None)]) == (2, 2)


def test_U6_ties_go_to_mutineers():
    assert rules.mutiny_succeeds(2, 2)
    assert not rules.mutiny_succeeds(3, 2)
    state = position(MUT.format("X", "-", "XX", "-", "cabinboy"))
    assert rules.mutiny_succeeds(*rules.mutiny_strength(state, [(0, 1, None), (2, 2, None)]))


def test_U6_merchant_and_stevedore_may_not_add():
    for role in ("merchant", "stevedore"):
        state = position(MUT.format("X", "X", "X", "XX", role))
        assert [v.code for v in rules.check_add(state, 3, 1, None)] == ["mutiny/neutral"]
        assert rules.mutiny_strength(state, [(3, 2, None)]) == (1, 0)  # counted for nobody


def test_U6_cards_come_from_the_cards_kept_back():
    state = position(MUT.format("XR", "X", "RW", "-", "cabinboy"))
    assert [v.code for v in rules.check_add(state, 2, 1, None)] == ["mutiny/too-many"]
    assert [v.code for v in rules.check_add(state, 0, 3, None)] == ["mutiny/too-many"]
    assert rules.check_add(state, 0, 1, None) == []


def test_U6_a_card_counted_for_the_wrong_side_is_reported():
    state = position(MUT.format("X", "X", "X", "X", "cabinboy"))
    assert [v.code for v in rules.check_add(state, 1, 1, -1)] == ["mutiny/wrong-side"]


def test_U6_conflict_cards_used_go_to_the_discard_pile():
    state = position(MUT.format("XXR", "-", "-", "-", "cabinboy"))
    rules.apply_add(state, 0, 2)
    assert state.hands[0][CONFLICT] == 0 and state.hands[0][RUBY] == 1
    assert state.discard[CONFLICT] == 2


def test_U6_mutiny_order_is_from_the_captain_clockwise():
    # green is captain: green, then red, then blue; a late entry is reported once
    state = position("red:XX:-:mutineer:0;blue:X:-:mate:0;green:X:-:p:0", turn="1/sell/-",
                     captain="green:1")
    assert rules.check_order(state, [2, 0, 1], "mutiny") == []
    assert rules.check_order(state, [0, 1], "mutiny") == []  # a player may add nothing
    [(at, v)] = rules.check_order(state, [2, 1, 0, 1], "mutiny")
    assert (at, v.code, v.actual) == (2, "mutiny/out-of-order", "red")


def test_U6_recorded_outcome_checked():
    body = ROUND1.replace("=> captain", "=> mutineers")
    found = audit(make(body))
    assert codes(found)[0] == "mutiny/outcome"
    assert "the captain holds" in found[0].message


# -- U7 destinations ----------------------------------------------------------------------------


def test_U7_destination_counts_kept_cards_clockwise():
    state = position("red:RSW:-:p:0;blue:-:-:mate:0;green:XX:-:mutineer:0", ships="GR<HO",
                     turn="2/sell/-")
    assert rules.destination(state, 0) == AF  # Grünland + 3
    assert rules.destination(state, 2) == EI  # Grünland + 2


def test_U7_no_card_kept_stays_at_the_port():
    state = position("red:-:W:p:0;blue:-:-:mate:0;green:-:-:merchant:0", ships="SO<HO",
                     turn="2/sell/-")
    assert rules.destination(state, 0) == SO


def test_U7_destination_wraps_around_the_circle():
    state = position("red:RSWC:-:p:0;blue:-:-:mate:0;green:-:-:merchant:0", ships="SK<FI",
                     turn="5/sell/-")
    assert rules.destination(state, 0) == KZ  # Sandkap + 4 = Hochland + 3


def test_U7_wrong_destination_is_reported_and_followed():
    # the sheet scores the captain's ship at Affeninsel (2 - wage 2): the table sailed there
    body = (ROUND1.replace("captain Eisfelsen", "captain Affeninsel")
            .replace("score red 3", "score red 0").replace("total red 3", "total red 0"))
    found = audit(make(body))
    assert codes(found)[:2] == ["dest/wrong-island", "end/unfinished"]
    assert found[0].expected == "Eisfelsen" and found[0].actual == "Affeninsel"
    assert "did you mean" not in found[0].message


# -- U8 pirate variant --------------------------------------------------------------------------


def test_U8_pirate_ship_moves_counter_clockwise_by_cards_left():
    state = position("red:RSWP:-:.:0;blue:SS:-:.:0;green:CC:-:.:0", ships="HO@PN",
                     variant="pirate", turn="1/sell/red")
    rules.apply_play(state, 0, PIRATE)
    rules.apply_pirate(state, 0, False)
    assert state.pirate == PN - 3


def test_U8_pirate_passing_merchant_discards_goods():
    # the merchant ship lies at Hochland (0), the pirate ship at Frosthöhle (1): 2 islands back
    # pass it
    state = position("red:RSP:W:.:0;blue:SS:C:.:0;green:CC:G:p:0", ships="HO@FR",
                     variant="pirate", turn="1/sell/red")
    rules.apply_play(state, 0, PIRATE)
    assert rules.pirate_robs(state, state.hand_size(0))
    assert rules.check_pirate(state, 0, robbed=True) == []
    assert [v.code for v in rules.check_pirate(state, 0, robbed=False)] == ["pirate/not-robbed"]
    rules.apply_pirate(state, 0, True)
    assert all(sum(p) == 0 for p in state.played)  # every player's goods, the passed one's too
    assert state.discard[PIRATE] == 1 and sum(state.discard) == 4
    assert state.pirate == SK


def test_U8_pirate_reaching_merchant_discards_goods():
    state = position("red:RP:W:.:0;blue:SS:C:.:0;green:CC:-:.:0", ships="HO@FR",
                     variant="pirate", turn="1/sell/red")
    rules.apply_play(state, 0, PIRATE)
    assert rules.pirate_robs(state, 1)  # Frosthöhle -> Hochland: reaches the merchant ship


def test_U8_pirate_short_of_merchant_discards_nothing():
    state = position("red:RSP:W:.:0;blue:SS:C:.:0;green:CC:-:.:0", ships="HO@PN",
                     variant="pirate", turn="1/sell/red")
    rules.apply_play(state, 0, PIRATE)
    assert not rules.pirate_robs(state, 2)
    assert [v.code for v in rules.check_pirate(state, 0, robbed=True)] == ["pirate/robbed"]


def test_U8_pirate_moving_no_island_reaches_nothing():
    state = position("red:P:-:.:0;blue:SS:-:.:0;green:CC:-:.:0", ships="HO@HO",
                     variant="pirate", turn="1/sell/red")
    rules.apply_play(state, 0, PIRATE)
    assert state.hand_size(0) == 0 and not rules.pirate_robs(state, 0)


def test_U8_the_round_goes_on_after_a_robbery():
    # Piratennest right after Hochland: green's pirate card with 4 cards left sails past the
    # merchant ship; red's first wine and blue's salt are lost, red's second wine still sells
    islands = ("Hochland, Piratennest, Frosthöhle, Grünland, Karge Zunge, Eisfelsen, "
               "Affeninsel, Kalte Klippe, Sommerland, Rotes Riff, Fingerhut, Sandkap")
    body = ("round 1\nwage 0\n"
            "sell red W, blue S, green P robbed, red W, blue pass 4 merchant, green pass 4 mate, "
            "red pass 3\n")
    log = read(make(body, islands=islands, variant="pirate", players="red A, blue B, green C",
                    deal="red WWRSC, blue SRCGG, green PRCGG"))
    replay = Replay(log).run()
    assert [n.violation.code for n in replay.notes] == ["end/unfinished"]
    items = [p.items for p in replay.scores[0].players]
    assert [i.text for i in items[0]] == ["ship 4 (Grünland)", "Hochland wine majority alone 4"]
    assert items[1] == []
    assert [i.text for i in items[2]] == ["mate 1 + wage 0"]


def test_U8_pirate_card_in_the_base_game_is_reported():
    state = position("red:RS:-:.:0;blue:SS:-:.:0;green:CC:-:.:0", turn="1/sell/red")
    assert [v.code for v in rules.check_play(state, 0, PIRATE)] == ["goods/too-many"]


# -- rulebook 001, phases 2, 7, 8 ---------------------------------------------------------------


def test_phase2_selling_goes_clockwise_from_the_captain_skipping_passed_players():
    state = position("red:RS:-:.:0;blue:SS:-:p:0;green:CC:-:.:0", turn="1/sell/red",
                     captain="blue:1")
    assert rules.next_seller(state, 0) == 2 and rules.next_seller(state, 2) == 0
    assert [v.code for v in rules.check_play(state, 2, CLOTH)] == ["sell/out-of-order"]


def test_phase2_a_player_without_cards_must_pass():
    state = position("red:-:RS:.:0;blue:SS:-:.:0;green:CC:-:.:0", turn="1/sell/red")
    assert [v.code for v in rules.check_play(state, 0, RUBY)] == ["sell/no-card"]
    assert rules.check_pass(state, 0, 0, None, None) == []  # the captain passes keeping 0


def test_phase2_a_passed_player_plays_no_more():
    state = position("red:RS:-:p:0;blue:SS:-:.:0;green:CC:-:.:0", turn="1/sell/blue")
    assert [v.code for v in rules.check_play(state, 0, RUBY)] == ["sell/after-pass"]


def test_phase2_the_selling_ends_only_when_every_player_has_passed():
    state = position("red:RS:-:p:0;blue:SS:-:.:0;green:CC:-:.:0;yellow:GG:-:mate:0",
                     turn="1/sell/blue", captain="green:1")
    found = rules.check_all_passed(state)
    assert [(seat, v.code) for seat, v in found] == [(2, "sell/no-pass"), (1, "sell/no-pass")]
    assert found[0][1].message.startswith("green never passed")  # from the captain clockwise
    for seat, _ in found:
        rules.apply_pass(state, seat, None)
    assert rules.check_all_passed(state) == []


def test_phase2_the_kept_count_is_the_cards_left():
    state = position("red:RS:-:.:0;blue:SS:-:.:0;green:CC:-:.:0", turn="1/sell/red")
    assert [v.code for v in rules.check_pass(state, 0, 3, None, None)] == ["sell/kept-count"]


def test_phase2_captain_takes_no_action_card_and_others_take_a_free_one():
    state = position("red:RS:-:.:0;blue:SS:-:.:0;green:CC:-:mate:0", turn="1/sell/red")
    assert [v.code for v in rules.check_pass(state, 0, 2, MATE, "mate")] == ["action/captain"]
    rules.apply_pass(state, 0, None)
    assert [v.code for v in rules.check_pass(state, 1, 2, MATE, "mate")] == [
        "action/taken-twice"]
    assert [v.code for v in rules.check_pass(state, 1, 2, None, None)] == ["action/missing"]
    assert [v.code for v in rules.check_pass(state, 1, 2, -1, "bosun?")] == ["action/unknown"]
    assert rules.check_pass(state, 1, 2, MUTINEER, "mutineer") == []


def test_phase7_played_cards_are_discarded_and_kept_cards_stay_in_hand():
    state = position("red:RS:WW:p:0;blue:SS:C:merchant:0;green:CC:-:mate:0", turn="1/sell/-")
    rules.apply_move(state, EI, None)
    assert all(sum(p) == 0 for p in state.played) and sum(state.discard) == 3
    assert [state.hand_size(s) for s in range(3)] == [2, 2, 2]


def test_phase8_refill_to_five():
    state = position("red:RS:-:p:0;blue:SS:-:merchant:0;green:CC:-:mate:0", turn="1/sell/-")
    assert rules.refill_need(state, 0) == 3
    assert [v.code for v in rules.check_refill(state, 0, None, 2, None, None)] == [
        "refill/count"]
    rules.apply_refill(state, 0, None, 3, None, None)
    assert state.hand_size(0) == HAND_SIZE and state.hands[0][UNKNOWN] == 3


def test_phase8_stevedore_draws_three_more_and_returns_the_rest_under_the_deck():
    state = position("red:RS:-:p:0;blue:SS:-:stevedore:0;green:CC:-:mate:0", turn="1/sell/-")
    deck = state.deck_count
    drawn = [RUBY, WINE, WINE, GRAIN, CLOTH, CLOTH]
    keep = [WINE, GRAIN, CLOTH]
    assert rules.check_refill(state, 1, drawn, None, keep, None) == []
    assert [v.code for v in rules.check_refill(state, 1, drawn[:3], None, None, None)] == [
        "refill/count"]
    assert [v.code for v in rules.check_refill(state, 1, drawn, None, drawn[:4], None)] == [
        "refill/stevedore"]
    rules.apply_refill(state, 1, drawn, None, keep, None)
    assert state.hands[1][:5] == [0, 2, 1, 1, 1] and state.hand_size(1) == 5
    assert state.deck_count == deck - 3


def test_phase8_draws_go_from_the_captain_clockwise():
    state = position("red:RS:-:p:0;blue:SS:-:merchant:0;green:CC:-:mate:0", turn="1/sell/-",
                     captain="blue:1")
    assert rules.check_order(state, [1, 2, 0], "refill") == []
    [(at, v)] = rules.check_order(state, [0, 1, 2], "refill")  # red drew before blue
    assert (at, v.code, v.actual) == (1, "refill/out-of-order", "blue")


def test_phase8_a_draw_not_recorded_is_the_refill_to_five():
    # red captain: red draws 3, the stevedore 3 + 3, green 2; a recorded draw is left out
    state = position("red:RS:-:p:0;blue:SS:-:stevedore:0;green:CCG:-:mate:0", turn="1/sell/-")
    assert rules.assumed_draws(state, ()) == [(0, 3), (1, 6), (2, 2)]
    assert rules.assumed_draws(state, {1}) == [(0, 3), (2, 2)]
    full = position("red:RSWCG:-:p:0;blue:SS:-:mate:0;green:CCG:-:merchant:0", turn="1/sell/-")
    assert rules.assumed_draws(full, ()) == [(1, 3), (2, 2)]  # no pair for a full hand


def test_phase8_a_draw_not_recorded_reaches_as_far_as_the_cards_left():
    # 7 cards left: red 3; the stevedore draws 4 of his 6 and returns 1 under the deck; green
    # gets the last card of the 2 needed
    # the game's other cards lie on the table, played by green
    state = position(f"red:RS:-:p:0;blue:SS:-:stevedore:0;green:CCG:{'?' * 22}:mate:0",
                     turn="1/sell/-", extra="deck:7")
    assert rules.assumed_draws(state, ()) == [(0, 3), (1, 4), (2, 1)]
    for seat, count in rules.assumed_draws(state, ()):  # each as the refill check wants it
        assert rules.check_refill(state, seat, None, count, None, None) == []
        rules.apply_refill(state, seat, None, count, None, None)
    assert rules.cards_available(state) == 0


def test_phase8_the_discard_pile_is_reshuffled_when_the_deck_runs_out():
    # the game's other cards lie on the table, played by green
    state = position(f"red:RS:-:p:0;blue:SS:-:merchant:0;green:CC:{'?' * 25}:mate:0",
                     turn="1/sell/-", extra="deck:1 discard:GGGW")
    rules.apply_refill(state, 0, [CONFLICT, GRAIN, WINE], None, None, None)
    assert state.deck_count == 2 and sum(state.discard) == 0
    assert [v.code for v in rules.check_refill(state, 1, [RUBY, RUBY], None, None, None)
            ] == ["goods/too-many"]  # the new deck holds only grain


def test_setup_five_cards_each_and_no_more_of_a_kind_than_exist():
    variant = VARIANTS["base"]
    found = rules.check_deal(variant, [[0] * 5, [0] * 4, None])
    assert [v.code for _, v in found] == ["setup/deal-count", "goods/too-many"]


# -- positions ----------------------------------------------------------------------------------


_OTHERS = ";blue:-:-:.:0;green:-:-:.:0"  # the game's other players, with no card


def test_position_round_trip():
    text = ("pirate HO/FR/GR/KZ/EI/AF/KK/SO/RR/PN/FI/SK GR<HO@PN 2/sell/blue red:2 "
            "red:RSW??:W:p:12;blue:SS:RR:.:7;green:CC:-:mate:-3 deck:23 discard:XX")
    assert to_position(from_position(text)) == text


@pytest.mark.parametrize("text, where", [
    ("base", "at least 6 fields"),
    ("odd HO HO 1/sell/red red:1 red:-:-:.:0", "variant"),
    ("base HO/ZZ HO 1/sell/red red:1 red:-:-:.:0", "circle"),
    ("base HO HO 1/sell/red red:1 red:-:-", "players"),
    (f"base HO HO 1/sell/red grey:1 red:-:-:.:0{_OTHERS}", "captain"),
    (f"base HO HO@HO 1/sell/red red:1 red:-:-:.:0{_OTHERS}", "pirate"),
    (f"base HO HO 1/sell/red red:1 red:Q:-:.:0{_OTHERS}", "hand of red"),
    (f"base HO HO 1/sell/red red:1 red:-:-:boss:0{_OTHERS}", "status of red"),
    (f"base HO HO 1/nap/red red:1 red:-:-:.:0{_OTHERS}", "phase"),
    (f"base HO HO 1/sell/red red:1 red:RRRRR:-:.:0{_OTHERS}", "hand of red: 5 ruby"),
])
def test_position_errors_name_the_field(text, where):
    with pytest.raises(PositionError, match=where):
        from_position(text)


_START = ("base HO/FR/GR/KZ/EI/AF/KK/SO/RR/PN/FI/SK {ships} {round}/{phase}/{turn} red:- "
          "red:RSWCX:-:.:0;blue:SSWWX:-:.:0;green:CCGGX:-:.:0{yellow} {extra}")
_YELLOW = ";yellow:RWGGX:-:.:0"


def _start(*, rnd: int = 2, phase: str = "sell", turn: str = "red", ships: str = "EI<HO",
           yellow: str = _YELLOW, extra: str = "") -> str:
    return _START.format(ships=ships, round=rnd, phase=phase, turn=turn, yellow=yellow,
                         extra=extra).strip()


@pytest.mark.parametrize("text, where", [
    (_start(rnd=0), "round: 0 is not a round of the game: 4 players play rounds 1-8"),
    (_start(rnd=9), "round: 9 is not a round of the game: 4 players play rounds 1-8"),
    (_start(rnd=12), "round: 12 is not a round"),
    (_start(rnd=10, yellow=""), "round: 10 is not a round of the game: 3 players play rounds 1-9"),
    (_start(rnd=5, phase="over", turn="-"), "round: the game is over only after round 8"),
    (_start(extra="deck:20"), "deck: 20 cards; the game has 36, 20 of them"),
    (_start(extra="deck:10"), "deck: 10 cards; .* the deck holds 16"),
])
def test_U1_a_position_holds_only_a_round_of_the_game_and_the_cards_it_has(text, where):
    """Rulebook 001 'Fin du jeu', U1: 8 rounds with 4 players, 9 with 3, the game over once
    the last is scored; no play takes the round past it, so such a position cannot be read.
    Nor can a deck hold more or fewer cards than the hands, the table and the discard pile
    leave."""
    with pytest.raises(PositionError, match=where):
        from_position(text)


def test_U1_the_positions_of_the_last_rounds_still_read():
    assert from_position(_start(rnd=8)).round == 8
    assert from_position(_start(rnd=9, yellow="")).round == 9
    assert from_position(_start(rnd=8, phase="over", turn="-")).phase == "over"
    assert from_position(_start(extra="deck:16")).deck_count == 16


_POSITIONED = ('[Game "Meuterer"]\n[Players "red A, blue B, green C, yellow D"]\n'
               '[Position "{position}"]\n\nround {round}\nwage 0\n'
               "sell red pass 5, blue pass 5 merchant, green pass 5 mate, yellow pass 5 "
               "stevedore\ndest captain {dest}\n")


def test_phase8_a_position_a_log_starts_from_holds_five_cards_in_each_hand():
    """Rulebook 001 'Mise en place d'une partie' and 'Phase 8': every hand holds 5 cards at
    the start of a round. A hand of 7 in the position is an error at its tag; the audit goes
    on with the hands as written (the captain keeping 7 sails 7 islands on)."""
    text = _start().replace("red:RSWCX", "red:SSSGGGC")
    log = _POSITIONED.format(position=text, round=2, dest="Sandkap").replace(
        "red pass 5", "red pass 7")
    found = audit(log)
    assert [(f.code, f.line) for f in found if f.severity == "error"] == [
        ("setup/deal-count", 3)]
    assert "red holds 7 cards at the start of round 2" in found[0].message
    short = _POSITIONED.format(position=_start().replace("blue:SSWWX", "blue:SSW"), round=2,
                               dest="Piratennest").replace("blue pass 5", "blue pass 3")
    assert "setup/deal-count" in codes(audit(short))
    assert "setup/deal-count" not in codes(audit(_POSITIONED.format(
        position=_start(), round=2, dest="Piratennest")))


@pytest.mark.parametrize("ships, rnd, message", [
    ("EI<HO", 1, "round 1 has no port of the round before"),
    ("EI", 2, "round 2 starts with no port of the round before"),
])
def test_U3_a_position_a_log_starts_from_has_a_previous_port_from_round_2_on(ships, rnd,
                                                                            message):
    """U3: the port of the round before exists from round 2 on, never in round 1; a log that
    starts from a position whose ships say otherwise is refused at the tag."""
    log = _POSITIONED.format(position=_start(ships=ships, rnd=rnd), round=rnd,
                             dest="Piratennest")
    with pytest.raises(LogSyntaxError) as info:
        read(log)
    [p] = info.value.problems
    assert message in p.message and p.line == 3
    assert read(_POSITIONED.format(position=_start(ships="EI", rnd=1), round=1,
                                   dest="Piratennest")).position is not None


def test_checks_leave_the_state_alone():
    state = position("red:RS?:W:.:0;blue:SS:-:.:0;green:CX:-:mutineer:0", turn="1/sell/red")
    before = to_position(state), [h[:] for h in state.hands], state.known_out[:], \
        state.deck_upper[:]
    rules.check_play(state, 0, GRAIN)
    rules.check_pass(state, 0, 7, MATE, "mate")
    rules.check_add(state, 2, 3, None)
    rules.check_refill(state, 1, [RUBY, RUBY], None, None, None)
    assert (to_position(state), [h[:] for h in state.hands], state.known_out[:],
            state.deck_upper[:]) == before
    assert (MERCHANT, STEVEDORE, CABINBOY) == (3, 4, 1)


def test_U6_conflict_cards_laid_without_a_mutineer_still_leave_the_hands():
    """A mutiny line with no mutineer is reported once; the cards the table laid down are
    gone all the same, so the refill after the round is not flagged."""
    body = ROUND1.replace("yellow pass 3 mutineer", "yellow pass 3 cabinboy").replace(
        ", mutineer Karge Zunge", "")
    found = codes(audit(make(body)))
    assert "mutiny/no-mutineer" in found and "refill/count" not in found


def test_cards_drawn_are_checked_in_a_round_with_no_selling():
    """A round whose selling is not recorded still draws only cards the deck can hold: 16
    rubies, of a deck that has 4, are reported (they audited clean before)."""
    body = "round 1\nscore red 3, blue 4, green 3, yellow 3\ndraw red RRRRRRRRRRRRRRRR\n"
    found = [f for f in audit(make(body)) if f.code == "goods/too-many"]
    assert len(found) == 1 and found[0].line == 10



NO_SELL_MUTINY = ('[Game "Meuterer"]\n[Variant "base"]\n[Players "red Anna, blue Ben, green Cleo"]'
                  '\n[Captain "red"]\n[Islands "Hochland, Frosthöhle, Grünland, Karge Zunge, '
                  'Eisfelsen, Affeninsel, Kalte Klippe, Sommerland, Rotes Riff, Piratennest, '
                  'Fingerhut, Sandkap"]\n\nround 1\nwage 0\ndest captain Grünland, mutineer '
                  'Eisfelsen\nmutiny red 0, {adds} => mutineers\nscore red 0, blue 5, green 0\n'
                  'total red 0, blue 5, green 0\nround 2\nwage 0\n'
                  'sell blue pass 5, green pass 5 mate, red pass 5 merchant\n'
                  'dest captain Piratennest\nscore red 0, blue 5, green 1\n'
                  'total red 0, blue 10, green 1\n')


def test_U5_a_round_with_no_selling_follows_the_mutiny_its_lines_record():
    """001 'Phase 5', 'Phase 6' (U5): after a mutiny the mutineers won, the ship sails to the
    mutineer's destination and the mutineer takes the captain card, selling recorded or not.
    With one player besides the captain in the mutiny line, that player is the mutineer."""
    report = run_audit(read(NO_SELL_MUTINY.format(adds="blue 1")))
    assert [f.code for f in report.findings if f.severity == "error"] == []
    assert report.breakdown.scores[1].captain == "blue"
    assert report.breakdown.scores[1].port == "Eisfelsen"


def test_U5_a_round_with_no_selling_whose_mutineer_is_not_known_says_so():
    report = run_audit(read(NO_SELL_MUTINY.format(adds="blue 1, green 0")))
    assert report.breakdown.scores[1].port == "Eisfelsen"
    assert any("who took the captain card is not known" in u for u in report.unchecked)


@pytest.mark.parametrize("adds, code", [
    ("blue 15", "mutiny/too-many"),  # more than a hand holds
    ("blue 5, green 5", "goods/too-many"),  # more than the game's 6 conflict cards
])
def test_U6_conflict_cards_added_in_a_round_with_no_selling_are_bounded(adds, code):
    """A round with no sell line records no roles, but the conflict cards a mutiny line adds
    are still cards kept back, and the game has 6 of them (001; COMPONENTS): a count no hand
    or no game holds is an error at its entry."""
    report = run_audit(read(NO_SELL_MUTINY.format(adds=adds)))
    found = [(f.code, f.line) for f in report.findings if f.severity == "error"]
    assert (code, 10) in found  # the mutiny line

_UNDER = ('[Game "Meuterer"]\n[Players "red A, blue B, green C, yellow D"]\n'
          '[Position "base HO/FR/GR/KZ/EI/AF/KK/SO/RR/PN/FI/SK EI<HO 2/sell/red red:- '
          'red:RRRRX:-:.:0;blue:SSSSS:-:.:0;green:WWWWW:-:.:0;yellow:CCCCC:-:.:0 deck:7 '
          'discard:WCCGGGXXX"]\n\nround 2\nwage 0\nsell red pass 5, blue S, green W, yellow C, '
          "blue pass 4 stevedore, green pass 4 merchant, yellow pass 4 mate\n"
          "dest captain Piratennest\ndraw red 0, blue XXGG keep G, {rest}\n")


@pytest.mark.parametrize("rest, drawer", [
    ("green G, yellow G", None),  # the top of the deck: the three grains left
    ("green X, yellow G", "green"),  # a conflict put under the deck
    ("green G, yellow X", "yellow"),
])
def test_phase8_the_cards_put_under_the_deck_are_drawn_after_the_rest(rest, drawer):
    """Rulebook 001 'Phase 8': the stevedore puts the cards not kept under the deck, and the
    draws come from its top. The deck (5 grains, 2 conflicts, all known) gives blue XXGG; blue
    keeps a grain and returns XXG under the three grains left, so the next draws are grains."""
    text = _UNDER.format(rest=rest)
    errors = [f for f in audit(text) if f.severity == "error"]
    if drawer is None:
        assert errors == []
        return
    first = errors[0]
    assert first.code == "goods/too-many" and first.message.startswith(
        "draws a conflict, but the card comes from the deck's top (the cards above those the "
        "stevedore put under it), which can give only G")
    assert first.expected == "G"
    assert text.splitlines()[first.line - 1][first.col - 1:].startswith(f"{drawer} X")


def test_phase8_once_a_draw_reaches_the_cards_put_under_the_deck_they_may_be_drawn():
    """When the top of the deck is used up, the draws go on with the cards put under it: red
    draws a grain, blue XXGG (keeping a grain, XXG under the two grains left), green the
    next grain, yellow the last grain and then a conflict from under the deck."""
    body = _UNDER.format(rest="green G, yellow GX").replace(
        "sell red pass 5, blue S, green W, yellow C, ",
        "sell red R, blue S, green W, yellow C, red pass 4, ").replace(
        "yellow pass 4 mate", "yellow C, yellow pass 3 mate").replace(
        "draw red 0,", "draw red G,").replace("captain Piratennest", "captain Rotes Riff")
    assert [f.code for f in audit(body) if f.severity == "error"] == []
    assert [f.code for f in audit(body.replace("yellow GX", "yellow XG"))
            if f.severity == "error"] == ["goods/too-many"]


# the deck of round 1 (START's hands dealt) as three layers: the cards left of the deck as it
# was, then two batches the stevedore put under it, the first put under first
_LAYERED = ("base HO/FR/GR/KZ/EI/AF/KK/SO/RR/PN/FI/SK HO 1/sell/red red:- "
            "red:RSWCX:-:.:0;blue:SSWWX:-:.:0;green:CCGGX:-:.:0;yellow:RWGGX:-:.:0 deck:16 "
            "under:RRSSWWCC/CCGG/GGXX")
_K = {c: k for k, c in enumerate("RSWCGXP")}


def _kinds(text: str) -> tuple[int, ...]:
    return tuple(_K.get(c, -1) for c in text)


@pytest.mark.parametrize("drawn, expected", [
    ("RRSSWWCCGC", None),  # the top's eight, then two of the first batch
    ("RRSSWWCC?G?GXX", None),
    ("G", "R, S, W or C"),  # a grain is not among the top's cards
    ("RRSSWWCCX", "C or G"),  # the first batch holds no conflict
    ("RRSSWWC?CGG?C", "G or X"),  # nor the second a cloth (the deck may hold one more)
    ("RRSSWWCC??GGXX", None),  # unseen cards leave a layer's bounds as they were
])
def test_phase8_each_batch_put_under_the_deck_is_drawn_in_its_turn(drawn, expected):
    """Rulebook 001 'Phase 8': the cards are drawn from the top of the deck and the stevedore
    puts those he does not keep under it, so the deck is layers, drawn one after the other:
    a card its layer cannot hold is an error at the draw, its expected value what the layer
    can give."""
    state = from_position(_LAYERED)
    found = rules.check_drawn(state, _kinds(drawn))
    if expected is None:
        assert found == []
        return
    assert [v.code for v in found] == ["goods/too-many"]
    assert found[0].expected == expected and found[0].actual == drawn.replace("?", "")[-1]


def test_phase8_the_layers_are_used_up_in_order_and_the_last_bounds_the_deck():
    """Draws take the layers from the top; the last layer left is the deck, and its bounds
    are the deck's."""
    state = from_position(_LAYERED)
    for c in _kinds("RRSSWWCC?"):
        rules.take(state, 0, c)
    assert [(layer.count, layer.upper) for layer in state.layers] == [
        (3, [0, 0, 0, 2, 2, 0, 0]), (4, [0, 0, 0, 0, 2, 2, 0])]
    assert "under:3=0,0,0,2,2,0,0/GGXX" in to_position(state)
    assert rules.check_drawn(state, _kinds("CGGX")) == []
    for c in _kinds("CGG"):
        rules.take(state, 0, c)
    assert state.layers == [] and state.deck.count == 4
    assert state.deck.upper == [0, 0, 0, 0, 2, 2, 0]


def test_phase8_a_stevedore_s_batch_is_one_layer_in_no_known_order():
    """The cards the stevedore does not keep go under the deck together: their order among
    themselves is not known, so a later draw may take them in any order, but only after the
    cards above them. An unseen batch (another seat's stevedore) may hold any kind."""
    state = from_position(_LAYERED.replace(" under:RRSSWWCC/CCGG/GGXX", ""))
    state.hands[0] = [0, 0, 0, 0, 0, 0, 0, 0]
    state.taken[STEVEDORE] = 0
    rules.apply_refill(state, 0, _kinds("RRSWWCCC"), None, _kinds("RSWWC"), None)
    assert [(layer.count, layer.upper) for layer in state.layers] == [
        (8, [0, 1, 0, 1, 4, 2, 0]), (3, [1, 0, 0, 2, 0, 0, 0])]
    assert rules.check_drawn(state, _kinds("SCGGGGXXCRC")) == []
    assert rules.check_drawn(state, _kinds("????????G"))[0].expected == "R or C"
    state.taken[STEVEDORE] = 1
    state.hands[1] = [0, 0, 0, 0, 0, 0, 0, 0]
    rules.apply_refill(state, 1, None, 8, None, 3)  # unseen: three cards of any kind
    assert (state.layers[-1].count, state.layers[-1].upper) == (3, [3, 3, 3, 3, 3, 3, 0])
    assert rules.check_drawn(state, _kinds("?????????RRR")) == []
