"""Cartagena: The Mutiny positions: a game resumes from its one-line position at any step, in
the voyage and in the mutiny's duels alike (the duel, its combat round, the monkeys and their
coins, rulings M8-M10, are in the position); copies are independent mid-duel."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import msgspec
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from cartlog import engine
from cartlog.core.notation import field_span
from cartlog.games.mutiny import position as position_module
from cartlog.games.mutiny.codes import CODES
from cartlog.games.mutiny.engine import Engine
from cartlog.games.mutiny.events import Fight, MutinyLog, Played
from cartlog.games.mutiny.model import _LISTS, _NESTED, _SCALARS, Deck, State, Track
from cartlog.games.mutiny.position import PositionError, error_field, from_position, to_position
from cartlog.games.mutiny.simulate import simulate

SETTINGS = settings(max_examples=15, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])
VIEWS = ("all", "table", "red")  # full information, the table's view, a player's own view
DUEL_PHASES = {"duel", "fight", "steal", "won"}

# Duel B of a simulated 3-player game (example track and splits): red and blue have played
# the monkey in the second combat round and taken their coins from the supply (M9); green,
# alone in the duel, shows a card or the monkey next (M8).
MID_DUEL = (
    "15/mutiny/- giver=red row=BI*,VA*,OJ*,.,.,. players=red:-:112:8:D:VA;blue:P2G1G2G2:2:5:"
    "V:OJ;green:G1:233:3:D:BI ship=26 supply=22,11,14 sate=0 boat=WJ storm=0 placed=3 "
    "track=24/5.11.17/2:0.3:2.4:4/24 combat=P1:8.P2:6.P3:6.G1:8.G2:6.G3:6 gold=1:8.2:6.3:4 "
    "pairs=8-1.7-4.9-10 trigger=track mutiny=1 wins=1-0 duel=B/2/7-4/open fight=G2G3G1G1 "
    "monkeys=red*,blue* withdrawn=red,blue spent=13")


def _header(log: MutinyLog) -> MutinyLog:
    return msgspec.structs.replace(log, events=[])


def _view(g: Any) -> tuple[Any, ...]:
    """What a resumed game must give as the original does."""
    return (g.position(), g.to_move(), g.legal(), g.phase(), g.is_over(), g.outcome(),
            g.totals())


def _findings(g: Engine, ev: object) -> list[str]:
    return [v.code for v in g.check(ev)]


# -- every step of a game resumes from its position ------------------------------------------------


@SETTINGS
@given(players=st.integers(2, 4), seed=st.integers(0, 2**31), view=st.sampled_from(VIEWS))
@example(players=2, seed=944033, view="all")  # every duel won with no combat round
def test_every_step_resumes_from_its_position(players: int, seed: int, view: str) -> None:
    """At every step of a simulated game (before the first event, through the voyage, the
    mutiny line, each duel's combat rounds, monkeys and steals, the reveal and the gold),
    ``from_position(g.position())`` gives the same position, player to act, legal events,
    phase, outcome and totals."""
    log = simulate(players=players, seed=seed, view=view)
    g = engine.start(_header(log))
    for ev in [None, *log.events]:
        if ev is not None:
            g.apply(ev)
        back = engine.from_position("mutiny", g.position())
        assert _view(back) == _view(g), (ev, g.position())
    assert g.is_over()


def test_resumed_steps_include_every_phase_of_the_mutiny() -> None:
    """The games above pass through every phase of the mutiny between them (a single game
    may not: duels can be won with no combat round, when no one in them holds a card)."""
    phases = set()
    for seed in range(6):
        log = simulate(players=2 + seed % 3, seed=seed, view="all")
        g = engine.start(_header(log))
        for ev in log.events:
            g.apply(ev)
            phases.add(g.phase())
    assert {"mutiny", "duel", "fight", "won", "reveal"} <= phases


@SETTINGS
@given(players=st.integers(2, 4), seed=st.integers(0, 2**31), view=st.sampled_from(VIEWS),
       where=st.floats(0, 1))
def test_a_game_resumed_at_any_step_goes_on_as_the_original(players: int, seed: int,
                                                            view: str, where: float) -> None:
    """The rest of the log, applied to the game and to its copy read from a position, meets
    the same findings and passes through the same positions to the same outcome."""
    log = simulate(players=players, seed=seed, view=view)
    g = Engine.start(_header(log))
    k = int(where * len(log.events))
    for ev in log.events[:k]:
        g.apply(ev)
    back = Engine.from_position(g.position())
    for ev in log.events[k:]:
        assert _findings(back, ev) == _findings(g, ev), ev
        g.apply(ev)
        back.apply(ev)
        assert _view(back) == _view(g), ev
    assert back.outcome() == g.outcome() and back.gold_counts == g.gold_counts


def test_the_steps_of_every_phase_are_covered() -> None:
    """Over a few fixed games the round trip meets every phase, the steals (M9) included."""
    phases = set()
    for seed in range(12):
        log = simulate(players=3 + seed % 2, seed=seed)
        g = Engine.start(_header(log))
        for ev in log.events:
            g.apply(ev)
            phases.add(g.phase())
            assert _view(Engine.from_position(g.position())) == _view(g)
    assert phases == {"deal", "turn", "ship", "mutiny", "duel", "fight", "steal", "won",
                      "reveal", None}


# -- copies ----------------------------------------------------------------------------------------


def _mid_duel(seed: int = 1) -> tuple[Engine, list[object]]:
    """A simulated game stopped in a duel's second combat round, and the events still due."""
    log = simulate(players=3, seed=seed)
    g = Engine.start(_header(log))
    for i, ev in enumerate(log.events):
        g.apply(ev)
        s = g.state
        if s.in_duel and s.duel_round == 2 and s.monkeys and g.phase() == "fight":
            return g, list(log.events[i + 1:])
    raise AssertionError("no second combat round in this game")


# the state's attributes: its __slots__ in Python, __mypyc_attrs__ when compiled (setup.py)
_ATTRS: tuple[str, ...] = getattr(State, "__slots__", None) or State.__mypyc_attrs__


def _deep(state: State) -> dict[str, Any]:
    """The state as plain values, for comparing before and after."""
    out: dict[str, Any] = {}
    for name in _ATTRS:
        v = getattr(state, name)
        if isinstance(v, Deck):
            v = (v.totals[:], v.deck.count, v.deck.upper[:], v.discard[:], v.known_out[:],
                 v.declared)
        elif isinstance(v, list):
            v = [x[:] if isinstance(x, list) else x for x in v]
        elif isinstance(v, dict):
            v = dict(v)
        out[name] = v
    return out


def test_copy_mid_duel_leaves_the_original_alone() -> None:
    g, rest = _mid_duel()
    before, state, phase, legal = g.position(), _deep(g.state), g.phase(), g.legal()
    c = g.copy()
    assert _view(c) == _view(g)
    for ev in rest:  # the copy plays the duel and the mutiny to the end
        c.apply(ev)
    assert c.is_over() and c.position() != before
    assert g.position() == before and _deep(g.state) == state
    assert g.phase() == phase and g.legal() == legal
    g.apply(rest[0])  # and the original goes on by itself
    assert g.position() != before


def test_copy_shares_no_mutable_part_of_the_state() -> None:
    """Every slot of the state is copied by kind (scalars shared, lists and dicts anew), so
    changing any list or dict of a copy mid-duel leaves the original alone."""
    assert sorted(_SCALARS + _LISTS + _NESTED) == sorted(_ATTRS)
    g, _ = _mid_duel()
    before, state = g.position(), _deep(g.state)
    c = g.copy().state
    for name in _SCALARS:
        assert isinstance(getattr(c, name), (int, str, bool, tuple, Track, type(None))), name
    for name in _LISTS + _NESTED:
        if getattr(g.state, name) is not None:
            assert getattr(c, name) is not getattr(g.state, name), name
    for h in c.hands + c.golds:
        h[0] += 5
    for name in _LISTS:
        getattr(c, name).append(0)
    c.wins["V"] += 1
    c.counted[0] = 99
    c.sailors_known[4] = (1, 2)
    c.combat.deck.count += 1
    c.combat.known_out[0] += 1
    assert g.position() == before and _deep(g.state) == state


# -- the format ------------------------------------------------------------------------------------


def test_a_mid_duel_position_gives_the_duel() -> None:
    g = engine.from_position("mutiny", MID_DUEL)
    assert g.position() == MID_DUEL
    assert g.phase() == "fight"
    assert g.to_move() == engine.ToMove(2, "green", "fight")
    assert g.legal() == [Fight(cards=[Played(card="G1", player="green")]),
                         Fight(cards=[Played(card="monkey", player="green")])]
    s = g.state
    assert (s.duel, s.duel_round, s.sailors, s.wins) == (1, 2, (7, 4), {"V": 1, "D": 0})
    assert s.monkeys == [0, 1] and s.stolen == [True, True, False]
    assert s.withdrawn == [True, True, False] and s.fight == [4, 5, 3, 3]


def test_unknown_sailors_and_cards_of_a_duel_read_back() -> None:
    """A duel whose sailors the log did not give, with a card shown but not named."""
    base = (MID_DUEL.replace("pairs=8-1.7-4.9-10 ", "").replace("supply=22,", "supply=32,")
            .split(" trigger=")[0])  # the three cards shown the only ones spent
    text = f"{base} trigger=coins mutiny=1 duel=A/1/?-?/open fight=P1?G2 refilled=1 spent=3"
    g = Engine.from_position(text)
    assert g.position() == text
    assert g.state.sailors == (None, None) and g.state.fight == [0, -1, 4]
    red = {(f.cards[0].player, f.cards[0].card) for f in g.legal()}
    assert red == {("red", "monkey")}  # no combat card left (M8)
    assert {f.cards[2].card for f in g.legal()} == {"G1", "monkey"}  # green, second round


def test_an_unseen_combat_card_may_be_shown_as_any_kind_or_as_unseen() -> None:
    """M8 with a hand the log does not know in part: every kind a card of it may be, each once
    beside the known cards, ``?`` for the card unseen, and the monkey; all of them lawful."""
    unseen = MID_DUEL.replace("green:G1:", "green:G1?:").replace("supply=22,", "supply=21,")
    g = engine.from_position("mutiny", unseen)
    assert [f.cards[0].card for f in g.legal()] == ["P1", "P2", "P3", "G1", "G2", "G3", "?",
                                                     "monkey"]
    assert all(_findings(g, f) == [] for f in g.legal())
    assert [f.cards[0].card for f in engine.from_position("mutiny", MID_DUEL).legal()] == [
        "G1", "monkey"]  # a known hand: its cards only


def test_notation_md_shows_the_mid_duel_position() -> None:
    text = (Path(__file__).parents[3] / "docs" / "notation.md").read_text(encoding="utf-8")
    mutiny = text[text.index("# Part 3"):]
    shown = re.findall(r"```text\n(\d+/mutiny/[^\n]*)\n```", mutiny)
    assert MID_DUEL in shown
    for line in shown:
        assert to_position(from_position(line)) == line


def test_a_voyage_position_has_no_mutiny_fields() -> None:
    """The mutiny's fields are left out while they hold their starting values, so positions
    written before they existed read as they did."""
    log = simulate(players=2, seed=3)
    g = Engine.start(_header(log))
    for ev in log.events:
        g.apply(ev)
        if g.state.phase == "mutiny":
            break
        assert not re.search(r" (trigger|mutiny|wins|duel|fight|monkeys|withdrawn|out|"
                             r"refilled|spent|reveal|counted)=", g.position())


def test_a_position_of_the_mutiny_without_its_fields_is_before_the_mutiny_line() -> None:
    old = MID_DUEL.split(" trigger=")[0].replace("supply=22,", "supply=35,")  # none spent
    g = Engine.from_position(old)
    assert g.phase() == "mutiny" and g.state.trigger is None


BAD_FIELDS = [
    "trigger=storm", "trigger=", "mutiny=yes", "mutiny=", "wins=1", "wins=a-0", "wins=1--1",
    "wins=-1-0", "duel=B/2/7-4", "duel=F/2/7-4/open", "duel=B/2/74/open", "duel=B/x/7-4/open",
    "duel=B/-1/7-4/open", "duel=B/2/7-4/shut", "duel=B/2/7-x/open", "duel=-/1/?-?/open",
    "duel=", "fight=G4", "fight=P1x", "fight=P", "monkeys=pink", "monkeys=red,red",
    "monkeys=red**", "monkeys=", "monkeys=green", "withdrawn=red,,blue", "withdrawn=red,red",
    "withdrawn=pink", "out=", "out=blue,blue", "refilled=2", "refilled=yes", "spent=-1",
    "spent=x", "reveal=red:X", "reveal=red", "reveal=red:V", "reveal=red:V,red:D,blue:-",
    "reveal=red:V,blue:D,pink:-", "counted=red:x", "counted=pink:3", "counted=red:-2",
    "counted=red:1,red:2", "counted=red", "pairs=1-2", "pairs=1-2.3", "pairs=1-2.?.x-3",
    "pairs=1-2.?.?.?", "sailors=F:1-2", "sailors=A:12", "sailors=A:1-2.A:3-4",
    "sailors=A:1-x"]


@pytest.mark.parametrize("field", BAD_FIELDS)
def test_a_bad_mutiny_field_is_a_position_error(field: str) -> None:
    """Each of the position's duel and mutiny fields with a value it cannot hold is a
    PositionError (a ValueError, as every game's bad position is) that names the field."""
    base = (MID_DUEL.replace("pairs=8-1.7-4.9-10 ", "").replace("supply=22,", "supply=35,")
            .split(" trigger=")[0])  # no card spent
    if not field.startswith("withdrawn="):
        base += " withdrawn=red,blue"  # the monkeys' players (M8)
    key = field.partition("=")[0]
    with pytest.raises(PositionError, match=f"^{key}"):
        from_position(f"{base} {field}")
    with pytest.raises(ValueError, match=f"^{key}"):
        engine.from_position("mutiny", f"{base} {field}")


def test_the_bad_fields_cover_every_field_a_duel_adds() -> None:
    """Every field the position writes for the sailors, the duels and the reveal has bad
    values tested above."""
    written = {"trigger", "mutiny", "wins", "duel", "fight", "monkeys", "withdrawn", "out",
               "refilled", "spent", "reveal", "counted", "pairs", "sailors"}
    assert {f.partition("=")[0] for f in BAD_FIELDS} == written
    text = position_module.__doc__ or ""
    for key in written:
        assert f"``{key}" in text, key


def test_a_voyage_position_carries_the_sailors_shown() -> None:
    """The duels need the sailors Cambivalute showed (their values decide a duel, M8), so a
    position of the voyage carries them once shown, and the duel read back from it has them."""
    for seed in range(40):
        log = simulate(players=3, seed=seed)
        g = Engine.start(_header(log))
        for ev in log.events:
            g.apply(ev)
            s = g.state
            if s.phase != "mutiny" and any(p not in (None, (0, 0)) for p in s.pairs):
                back = Engine.from_position(g.position())
                assert " pairs=" in g.position() and back.state.pairs == s.pairs
                return
    raise AssertionError("no sailors shown in the voyage of these games")


def test_a_log_that_skipped_pairs_has_the_reveal_next() -> None:
    """Duel E written first (a duel/order error) and won leaves no pair for another duel: the
    reveal comes next, read back from the position too, and ends the game."""
    text = MID_DUEL.split(" wins=")[0] + " wins=0-1 duel=E/1/2-9/won out=blue,green spent=13"
    for g in (Engine.from_position(text), Engine.from_position(text).copy()):
        assert g.phase() == "reveal" and g.to_move() == engine.ToMove(0, "red", "reveal")
        reveal = g.legal()
        assert reveal and all(type(e).__name__ == "Reveal" for e in reveal)
        g.apply(reveal[0])
        assert g.is_over() and g.to_move() is None


PIECES = st.sampled_from(["mutiny=1", "wins=", "duel=", "/open", "/won", "fight=", "monkeys=",
                          "*", ",", ":", "-", "?", ".", "red", "blue", "green", "G1", "P3",
                          "reveal=", "counted=", "refilled=1", "spent=", "pairs=", "\u00b2",
                          "\u0663", "-1", " "])


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.floats(0, 1, exclude_max=True), st.booleans(),
                          PIECES | st.characters()), min_size=1, max_size=4))
def test_the_position_reader_only_raises_position_error(edits: list[tuple[float, bool,
                                                                          str]]) -> None:
    text = MID_DUEL
    for where, insert, piece in edits:
        k = int(where * (len(text) + 1))
        text = text[:k] + piece + text[k:] if insert else text[:k] + text[k + 1:]
    try:
        state = from_position(text)
    except PositionError:
        return
    again = to_position(state)
    assert to_position(from_position(again)) == again


def test_random_legal_duels_resume_from_their_positions() -> None:
    """Beyond the simulator's choices: random legal events through the mutiny, each step read
    back from its position (the monkeys' coins with a short supply included)."""
    rnd = random.Random(7)
    for seed in range(6):
        log = simulate(players=4, seed=seed)
        g = Engine.start(_header(log))
        for ev in log.events:
            if g.phase() == "duel":
                break
            g.apply(ev)
        short = rnd.randint(0, 2)  # short supplies for the monkeys (M9): red holds the rest
        g.state.coins[0] += g.state.supply - short
        g.state.supply = short
        while not g.is_over():
            options = g.legal()
            event = rnd.choice(options)
            assert [v.code for v in g.check(event)
                    if CODES[v.code].severity == "error"] == [], event
            g.apply(event)
            assert _view(Engine.from_position(g.position())) == _view(g)


# -- counts that do not add up ------------------------------------------------------------------


@pytest.mark.parametrize(("old", "new", "field", "at", "words"), [
    # 003 'Game materials': 40 combat cards, 18 gold cards, 30 coins, in the supply or held
    ("supply=22,11,14", "supply=23,11,14", "supply", "supply=", "supply: 23 combat cards; the "
     "game has 40, the players hold 18: the supply holds 22"),
    ("supply=22,11,14", "supply=22,12,14", "supply", "supply=", "12 gold cards; the game has "
     "18, the players hold 7: the supply holds 11"),
    ("supply=22,11,14", "supply=22,11,13", "supply", "supply=", "13 coins; the game has 30, "
     "the players hold 16: the supply holds 14"),
    ("red:-:112:8:", "red:-:112:28:", "coins", "red:-:112:28:",
     "the players hold 36 coins; the game has 30"),
    ("spent=13", "spent=40", "combat cards", "players=",
     "the players hold 45 combat cards (those shown in duels too); the game has 40"),
    ("blue:P2G1G2G2:", f"blue:P2G1{'G2' * 7}:", "combat cards", "blue:P2G1G2G2G2",
     "the players hold 7 G2 cards; the split declared has 6"),
    ("green:G1:233:", "green:G1:233333:", "gold cards", "green:G1:233333",
     "the players hold 5 gold 3 cards; the split declared has 4"),
    # 13 pirate cards, each once; a card used this round was taken from the row
    ("row=BI*,VA*,OJ*,.,.,.", "row=BI*,VA*,OJ*,BI,.,.", "row", "row=",
     "BI is named 2 times in the row and the lifeboat"),
    ("boat=WJ", "boat=VA", "row", "row=", "VA is named 2 times"),
    ("green:G1:233:3:D:BI", "green:G1:233:3:D:-", "used", "players=",
     "2 players used a card this round; the row has 3 taken (*)"),
    # 5 duel pairs
    ("placed=3", "placed=6", "placed", "placed=6", "6 duel pairs; the game has 5"),
    ("wins=1-0", "wins=3-3", "wins", "wins=3-3", "3-3: more duels than the 5 pairs"),
])
def test_a_count_that_does_not_add_up_is_refused_at_its_field(old, new, field, at, words):
    """A position whose counts the game's cards, coins and duels cannot give is refused, the
    message saying what does not add up and the total, the caret under the field."""
    text = MID_DUEL.replace(old, new)
    assert text != MID_DUEL
    with pytest.raises(PositionError) as caught:
        from_position(text)
    message = str(caught.value)
    assert message.startswith(f"{field}: ") and words in message
    span = field_span(text, error_field(message), "=")
    assert span is not None and at in text[span[0]:span[1]]


def test_a_supply_left_out_holds_what_the_players_do_not():
    state = from_position(MID_DUEL.replace(" supply=22,11,14", ""))
    assert (state.combat.deck.count, state.gold.deck.count, state.supply) == (22, 11, 14)
    assert to_position(state) == MID_DUEL
