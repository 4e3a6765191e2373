"""Cartagena: The Mutiny: the duels' rules as pure functions of the state (rules.py, M8-M10),
and the engine as a plain dispatch over them."""

from __future__ import annotations

from cartlog.games.mutiny import rules
from cartlog.games.mutiny.engine import Engine
from cartlog.games.mutiny.rules import MONKEY

TRACK = "track=24/5.11.17/2:0.3:2.4:4/24"  # the example track: not the printed board
PLAYERS = "red:P1G1:-:1:V:-;blue:P1G1:-:1:D:-;green:P1G1:-:1:-:-"


def mutiny(*lines: str) -> Engine:
    """Red (Valverde) and blue (Diaz) in the mutiny, green with no conviction; then ``lines``."""
    e = Engine.from_position(f"10/deal/blue giver=blue row=- players={PLAYERS} ship=22 "
                             f"supply=34,18,27 sate=0 boat=- storm=0 placed=0 {TRACK}")
    e.state.trigger = "coins"
    for line in ("mutiny",) + lines:
        e.apply(e.read(line))
    return e


def codes(found: list) -> list[str]:
    return [v.code for v in found]


def test_the_mutiny_goes_step_by_step():
    s = mutiny().state
    assert rules.mutiny_step(s) == "duel"
    rules.apply_duel(s, 0, 3, 7)
    assert rules.mutiny_step(s) == "fight" and rules.still_in(s) == [0, 1]
    rules.apply_fight(s, [(0, 0), (1, 3)])
    rules.apply_fight(s, [(0, MONKEY), (1, MONKEY)])
    assert rules.mutiny_step(s) == "steal" and rules.pending_steals(s) == [0, 1]
    rules.apply_steal(s, 0, -1)
    rules.apply_steal(s, 1, -1)
    assert rules.mutiny_step(s) == "won" and rules.duel_side(s) == "D"  # 3+1 against 7+1
    rules.apply_won(s, "D")
    assert s.wins == {"V": 0, "D": 1} and rules.mutiny_step(s) == "duel"


def test_check_duel_order_and_sailors():
    s = mutiny().state
    assert rules.check_duel(s, 0, 3, 7) == []
    assert codes(rules.check_duel(s, 1, 3, 7)) == ["duel/order"]  # A comes first
    assert codes(rules.check_duel(s, 0, 4, 4)) == ["duel/sailors"]  # distinct values (M8)
    rules.apply_duel(s, 0, 3, 7)
    assert codes(rules.check_duel(s, 1, 2, 9)) == ["duel/order"]  # A has no winner yet


def test_check_play_and_playable_are_one_rule():
    s = mutiny("duel A 3-7").state
    assert rules.playable(s, 0) == [0, 3]  # P1, G1; no monkey in the first round (M8)
    assert codes(rules.check_play(s, 0, MONKEY)) == ["duel/cards"]
    assert codes(rules.check_play(s, 2, 0)) == ["duel/cards"]  # green: no conviction
    for seat in rules.still_in(s):
        for card in rules.playable(s, seat):
            assert rules.check_play(s, seat, card) == []
    rules.apply_fight(s, [(0, 0), (1, 3)])
    assert rules.playable(s, 0) == [3, MONKEY]  # G1 left; the monkey from round 2


def test_check_fight_one_card_each():
    s = mutiny("duel A 3-7").state
    assert rules.check_fight(s, [(0, 0), (1, 3)]) == []
    assert codes(rules.check_fight(s, [(0, 0)])) == ["duel/cards"]  # blue shows nothing
    assert codes(rules.check_fight(s, [(0, 0), (0, 3), (1, 3)])) == ["duel/cards"] * 2
    assert rules.check_fight(s, [(-1, -1), (-1, -1)]) == []  # unnamed: not checked by seat


def test_apply_fight_unnamed_cards_leave_the_hands_of_the_players_showing():
    s = mutiny("duel A 3-7").state
    rules.apply_fight(s, [(-1, 0), (1, 3)])
    assert s.hands[0] == [0, 0, 0, 0, 0, 0, 1]  # red: one card, unknown now
    assert s.fight == [0, 3] and s.spent == 2


def test_check_steal_lone_monkey_from_an_opponent_with_a_coin():
    s = mutiny("duel A 3-7", "fight red P1, blue G1", "fight red monkey, blue G1").state
    assert rules.check_steal(s, 0, "blue") == []
    assert codes(rules.check_steal(s, 0, None)) == ["duel/monkey"]  # not the supply
    assert codes(rules.check_steal(s, 0, "red")) == ["duel/monkey"]  # not its own player
    assert codes(rules.check_steal(s, 1, "red")) == ["duel/monkey"]  # blue showed no monkey
    assert rules.steal_victims(s, 0) == [1, 2]
    rules.apply_steal(s, 0, 1)
    assert s.coins[:2] == [2, 0] and rules.pending_steals(s) == []


def test_check_won_and_check_reveal():
    s = mutiny("duel A 3-7", "fight red P1, blue G1", "fight red monkey, blue monkey",
               "steal red supply", "steal blue supply").state
    assert rules.check_won(s, "D") == []
    assert codes(rules.check_won(s, "V")) == ["duel/winner"]
    assert codes(rules.check_reveal(s, {"red": "valverde", "blue": "diaz"})) == ["duel/order"]
    assert [rules.reveal_options(s, seat) for seat in range(3)] == [
        ["valverde"], ["diaz"], [None]]
    assert codes(rules.check_reveal(s, {"red": "diaz"})) == [
        "duel/order", "winner/conviction", "winner/conviction"]


def test_after_the_reveal_only_the_gold_count_follows():
    e = mutiny("duel A 3-7", "won valverde", "duel B 2-9", "won valverde", "duel C 8-1",
               "won valverde", "reveal red valverde, blue diaz, green none")
    assert e.is_over() and e.sides == ["V", "D", None]
    assert codes(e.check(e.read("duel D 5-6"))) == ["duel/order"]
    assert codes(rules.check_gold(e.state, {"red": 1, "blue": 2})) == ["winner/gold"]
    rules.apply_gold(e.state, {"red": 1})
    assert e.gold_counts == {0: 1}


def test_the_engine_checks_a_duel_event_by_its_rule_function():
    e = mutiny("duel A 3-7")
    for line, found in (("fight red P1, blue P3", rules.check_fight(e.state, [(0, 0), (1, 2)])),
                        ("won diaz", rules.check_won(e.state, "D")),
                        ("steal red from blue", rules.check_steal(e.state, 0, "blue")),
                        ("duel B 2-9", rules.check_duel(e.state, 1, 2, 9))):
        assert e.check(e.read(line)) == found


def test_a_card_shown_by_a_player_who_takes_no_part_counts_for_no_side():
    """003 'Exclusion', M8: green set no conviction, and red is out of the duel once its
    monkey is down: a card either shows is an error at its line and counts for no side, so
    the duel's winner is judged on the cards that may be played."""
    e = mutiny("duel A 3-7")
    fight = e.read("fight red P1, blue G1, green P1")
    assert codes(e.check(fight)) == ["duel/cards"]  # green takes no part
    e.apply(fight)
    assert e.state.fight == [0, 3]  # red's P1 and blue's G1; green's P1 stays in hand
    assert e.state.hands[2][0] == 1
    e.apply(e.read("fight red monkey, blue monkey"))
    e.apply(e.read("steal red supply"))
    e.apply(e.read("steal blue supply"))
    assert codes(e.check(e.read("won diaz"))) == []  # 7+1 against 3+1, green's card aside
    assert codes(e.check(e.read("won valverde"))) == ["duel/winner"]


def test_a_card_shown_after_the_monkey_counts_for_no_side():
    e = mutiny("duel A 3-7", "fight red P1, blue G1", "fight red monkey, blue monkey",
               "steal red supply", "steal blue supply")
    late = e.read("fight red G1")
    assert "duel/monkey" in codes(e.check(late))  # red's monkey is down
    e.apply(late)
    assert e.state.fight == [0, 3] and e.state.hands[0][3] == 1
    assert codes(e.check(e.read("won diaz"))) == []


def test_each_monkey_takes_one_coin_a_second_steal_is_refused():
    """M9: several monkeys each take one coin from the supply, once."""
    s = mutiny().state
    rules.apply_duel(s, 0, 3, 7)
    rules.apply_fight(s, [(0, 0), (1, 3)])
    rules.apply_fight(s, [(0, MONKEY), (1, MONKEY)])
    assert rules.check_steal(s, 0, None) == []
    rules.apply_steal(s, 0, -1)
    assert codes(rules.check_steal(s, 0, None)) == ["duel/monkey"]
    assert rules.check_steal(s, 1, None) == []


def test_a_player_named_twice_on_a_gold_or_reveal_line_is_refused_at_that_line():
    from cartlog.core.errors import LogSyntaxError
    from cartlog.games.mutiny.notation import parse

    head = ('[Game "Cartagena: The Mutiny"]\n[Players "red, blue"]\n'
            '[Track "length 3; start 2:0 3:0 4:0; mutiny 3"]\n\n')
    for line in ("gold red 4, red 3", "reveal blue valverde, red valverde, red diaz"):
        try:
            parse(head + "round 1 giver red\n" + line + "\n")
        except LogSyntaxError as e:
            assert [(p.line, "named twice" in p.message) for p in e.problems] == [(6, True)]
        else:
            raise AssertionError(line)
