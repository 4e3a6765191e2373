"""Cartagena: The Mutiny: every event ``legal()`` offers passes ``check()`` with no error or
warning, named by each class of position where the two once disagreed, and over random legal
play and simulated games in every view."""

from __future__ import annotations

import random

import msgspec
import pytest

from cartlog.games.mutiny.codes import CODES
from cartlog.games.mutiny.engine import Engine
from cartlog.games.mutiny.model import CRACKPOTT, DIAZ, PANG, PIRATES, SATE, TEMBO
from cartlog.games.mutiny.rules import gain_options, lifeboat_cards, lying_unused
from cartlog.games.mutiny.simulate import simulate

P3 = "red:P1G1:-:1:-:-;blue:P1G1:-:1:-:-;green:P1G1:-:1:-:-"
TRACK = "track=24/5.11.17/2:0.3:2.4:4/24"  # the example track: not the printed board


def pos(row: str, to_move: str = "red", phase: str = "turn", giver: str = "red",
        supply: str = "34,18,27", extra: str = "", players: str = P3) -> Engine:
    return Engine.from_position(
        f"1/{phase}/{to_move} giver={giver} row={row} players={players} ship=2 "
        f"supply={supply} sate=0 boat=- storm=0 placed=0 {TRACK} {extra}")


def holding(combat: int = 0, gold: int = 0, coins: int = 0) -> str:
    """P3, green holding ``combat`` more combat cards, ``gold`` gold cards (unseen) and
    ``coins`` more coins: where what a short supply lacks is."""
    return P3.replace("green:P1G1:-:1:", f"green:P1G1{'?' * combat}:{'?' * gold or '-'}:"
                                         f"{1 + coins}:")


def used(*cards: str) -> str:
    """P3, red, blue and green having used ``cards`` this round."""
    seats = P3.split(";")
    return ";".join(seat.removesuffix("-") + card for seat, card in zip(seats, cards))


def refused(engine: Engine, event: object) -> list[str]:
    """The errors and warnings ``check`` finds in ``event``."""
    return [v.code for v in engine.check(event)
            if CODES[v.code].severity in ("error", "warning")]


def assert_legal_passes(engine: Engine) -> None:
    for event in engine.legal():
        assert refused(engine, event) == [], (engine.position(), event)


def play(engine: Engine, line: str) -> None:
    engine.apply(engine.read(line))


# -- right after a storm (M5) ------------------------------------------------------------------------


def _after_storm() -> Engine:
    e = pos(".,.,.,.,.,.")
    for line in ("red ^Pang +1", "blue ^Tembo +C?", "green ^Crackpott +C? +C?",
                 "ship 3 at 5 storm"):  # from 2 onto the storm space 5
        play(e, line)
    return e


def test_right_after_a_storm_every_event_legal_offers_passes_check():
    e = _after_storm()
    assert e.state.storm and e.to_move().phase == "deal"
    assert_legal_passes(e)


def test_right_after_a_storm_legal_offers_each_card_of_the_pile_for_the_lifeboat():
    e = _after_storm()
    boats = [ev.lifeboat for ev in e.legal()]
    # the pile is the cards used in the round just played (003 'A: The voyage': the giver
    # shuffles all pirate cards each round): Pang, Tembo and Crackpott
    assert boats == [PIRATES[c] for c in (CRACKPOTT, TEMBO, PANG)]
    assert lying_unused(e.state) == []  # the three cards left face down: none lie unused
    assert None not in boats  # M5: a storm's round names its lifeboat card
    assert [PIRATES[c] for c in lifeboat_cards(e.state)] == boats


def test_after_a_second_storm_legal_offers_neither_the_lifeboat_card_nor_one_in_the_row():
    e = pos("PA*,SA,TE*,CR*,.,.", phase="deal", to_move="blue", giver="blue",
            players=used("PA", "TE", "CR")).copy()
    e.state.lifeboat, e.state.storm, e.state.closed = DIAZ, True, True
    boats = [ev.lifeboat for ev in e.legal()]
    assert PIRATES[DIAZ] not in boats and PIRATES[SATE] not in boats  # lifeboat; row, unused
    assert PIRATES[TEMBO] in boats and PIRATES[PANG] in boats  # used this round: the pile
    assert_legal_passes(e)


def test_with_no_storm_due_legal_offers_the_round_with_no_lifeboat_card():
    e = pos("PA*,SA*,TE*,.,.,.", phase="deal", to_move="blue", giver="blue",
            players=used("PA", "SA", "TE"))
    assert [ev.lifeboat for ev in e.legal()] == [None]
    assert_legal_passes(e)


# -- Ramon Diaz and Pang: a gain to choose (003 'Actions of the pirate cards') -----------------------


def test_with_diaz_and_pang_face_up_every_event_legal_offers_passes_check():
    e = pos("DI,PA,.,.,.,.")
    offered = [(ev.card, ev.gold, ev.combat, ev.coins) for ev in e.legal()]
    assert offered == [("Diaz", ["?"], [], None), ("Diaz", [], ["?"], None),
                       ("Pang", [], ["?"], None), ("Pang", [], [], 1), (None, [], [], None)]
    assert_legal_passes(e)


def test_a_gain_from_a_used_up_supply_is_not_offered():
    # combat pile and coins used up (M6), green holding the rest
    e = pos("DI,PA,.,.,.,.", supply="0,18,0", players=holding(34, coins=27))
    assert gain_options(e.state, DIAZ) == ["gold"] and gain_options(e.state, PANG) == []
    assert [(ev.card, ev.gold) for ev in e.legal()][:2] == [("Diaz", ["?"]), ("Pang", [])]
    assert_legal_passes(e)


def test_diaz_with_nothing_written_is_unrecorded_only_while_a_gain_is_possible():
    e = pos("DI,.,.,.,.,.")
    assert refused(e, e.read("red Diaz")) == ["action/unrecorded"]
    # M6: nothing to take, nothing to record; green holds the cards
    both_out = pos("DI,.,.,.,.,.", supply="0,0,27", players=holding(34, 18))
    assert refused(both_out, both_out.read("red Diaz")) == []
    assert_legal_passes(both_out)


# -- after a turn out of order (M2) ---------------------------------------------------------------


def test_after_a_turn_out_of_order_the_player_passed_over_is_to_move():
    e = pos(".,.,.,.,.,.")
    play(e, "red ^Pang +1")
    assert refused(e, e.read("green ^Tembo +C?")) == ["row/out-of-turn"]
    play(e, "green ^Tembo +C?")
    assert e.to_move().player == "blue"  # not red, who has played
    assert refused(e, e.read("blue ^Crackpott +C? +C?")) == []
    assert_legal_passes(e)


def test_after_a_turn_out_of_order_every_event_legal_offers_passes_check():
    e = pos(".,.,.,.,.,.", extra="")
    play(e, "blue ^Pang +1")  # before the giver
    assert e.to_move().player == "red"
    assert_legal_passes(e)
    play(e, "red ^Tembo +C?")
    assert e.to_move().player == "green"
    assert_legal_passes(e)


# -- over whole games --------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_in_random_legal_play_every_event_legal_offers_passes_check(players):
    for seed in range(4):
        log = simulate(players=players, seed=seed)
        e = Engine.start(msgspec.structs.replace(log, events=[]))
        rng = random.Random(seed)
        while not e.is_over():
            assert_legal_passes(e)
            e.apply(rng.choice(e.legal()))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_along_simulated_games_in_every_view_every_event_legal_offers_passes_check(players):
    """At every step of a simulated game, as the whole table, the table and one seat saw it,
    and along a short random legal walk from there (the mutiny's duels included)."""
    rng = random.Random(players)
    full = simulate(players=players, seed=1)
    for view in ("all", "table", full.players[0].colour):
        log = simulate(players=players, seed=1, view=view)
        e = Engine.start(msgspec.structs.replace(log, events=[]))
        for i, event in enumerate(log.events):
            if i % 3 == 0:
                walk = e.copy()
                for _ in range(40):
                    if walk.is_over():
                        break
                    assert_legal_passes(walk)
                    walk.apply(rng.choice(walk.legal()))
            e.apply(event)


# -- cards turned and not named (M2) -------------------------------------------------------------


def test_with_only_unnamed_cards_open_legal_offers_using_one_and_check_accepts_it():
    e = pos(".,.,.,.,.,.")
    play(e, "red ^? ^? ^? ^? ^? ^?")  # the whole row turned, none named: the last used
    assert e.state.facedown() == 0
    offered = e.legal()
    assert [(ev.card, ev.turned) for ev in offered] == [("?", [])]
    assert_legal_passes(e)
    play(e, "blue ?")
    assert e.state.taken.count(True) == 2


def test_an_unnamed_card_used_takes_a_slot_turned_and_not_named_before_a_named_one():
    e = pos("PA,?,.,.,.,.")
    assert [ev.card for ev in e.legal()][-2:] == ["?", None]  # then turning the next card
    play(e, "red ?")
    assert e.state.taken[:2] == [False, True]  # Pang still lies open
    assert_legal_passes(e)
