"""The one-line position holds the whole game: the round under way as recorded so far, the
cards under the deck and the deck's bounds, the score sheet's own totals
(docs/notation.md, Meuterer, "The one-line position")."""

from __future__ import annotations

import msgspec
import pytest

from cartlog import engine
from cartlog.core.notation import field_span
from cartlog.games.meuterer.notation import position_problems
from cartlog.games.meuterer.position import (
    KEY_SEP,
    PositionError,
    error_field,
    from_position,
    to_position,
)
from cartlog.games.meuterer.simulate import simulate
from cartlog.logs import read_log
from games.meuterer.helpers import ROUND1, make

START = ("base HO/FR/GR/KZ/EI/AF/KK/SO/RR/PN/FI/SK HO 1/sell/red red:- "
         "red:RSWCX:-:.:0;blue:SSWWX:-:.:0;green:CCGGX:-:.:0;yellow:RWGGX:-:.:0 deck:16")
# round 1 of ROUND1, its selling done and its dest and mutiny lines read
SOLD = ("base HO/FR/GR/KZ/EI/AF/KK/SO/RR/PN/FI/SK HO 1/sell/- red:2 "
        "red:RSCX:W:p:0;blue:WWX:SS:merchant:0;green:CGGX:C:mate:0;yellow:RWX:GG:mutineer:0 "
        "deck:16")
SETTLING = SOLD + " dest:captain,EI;mutineer,KZ mutiny:captain;red,1;green,0;yellow,1"


def _game(lines: int):
    """The game of ROUND1 after its first ``lines`` lines, through the engine's apply."""
    log = read_log(make())
    game = engine.start(msgspec.structs.replace(log, events=[]))
    for event in log.events[:lines]:
        game.apply(event)
    return game


def _attributes(state) -> dict:
    kind = type(state)  # a compiled State lists its attributes apart from __slots__
    names = [n for n in getattr(kind, "__mypyc_attrs__", None) or kind.__slots__ if n != "open"]
    out = {n: getattr(state, n) for n in names}
    rec = state.open
    if rec is not None:
        out["open"] = (rec.wage_at is not None, rec.last_sell is not None, rec.skip,
                       [e for _, e in rec.dests], [a for _, a in rec.adds],
                       rec.outcome[2] if rec.outcome else None, rec.mutiny_at is not None,
                       [e for _, e in rec.sales], rec.sale_at is not None,
                       list(rec.scores.items() and [e for _, e in rec.scores.values()]),
                       [e for _, e in rec.totals.values()], [d for _, d in rec.draws],
                       rec.draw_at is not None)
    return out


def _plain(value):
    return msgspec.to_builtins(value) if isinstance(value, msgspec.Struct) else value


@pytest.mark.parametrize("variant, players, view", [
    ("base", 4, "all"), ("pirate", 3, "table"), ("pirate", 4, "blue")])
def test_every_step_of_a_game_reads_back_as_the_same_state(variant, players, view):
    """position() then from_position() gives the state back at every line: the round under
    way, the cards under the deck and the deck's bounds included."""
    log = simulate(variant, players, 2, view=view)
    game = engine.start(msgspec.structs.replace(log, events=[]))
    for event in log.events:
        game.apply(event)
        text = game.position()
        back = from_position(text)
        assert to_position(back) == text
        assert _attributes(back) == _attributes(game.state), text


@pytest.mark.parametrize("lines, phase", [
    (0, "round"), (1, "wage"), (2, "sell"), (3, "dest"), (4, "mutiny"), (5, "score"),
    (6, "total"), (7, "draw"), (8, "round")])
def test_a_game_resumed_at_any_line_of_a_round_waits_for_the_same_line(lines, phase):
    game = _game(lines)
    back = engine.from_position("meuterer", game.position())
    assert game.to_move().phase == back.to_move().phase == phase
    assert back.legal() == game.legal()
    assert back.position() == game.position()


def test_right_after_the_round_line_the_position_says_the_round_is_open():
    """The table shows nothing of round 1 yet: ``open:-`` says the round line is read."""
    game = _game(1)
    assert game.position() == START + " open:-"
    assert engine.from_position("meuterer", START).to_move().phase == "round"
    assert engine.from_position("meuterer", START + " open:-").to_move().phase == "wage"


def test_the_lines_settled_at_the_close_are_written_as_recorded():
    game = _game(8)
    assert game.position() == (
        SETTLING + " score:red,3;blue,4;green,3;yellow,3 total:red,3;blue,4;green,3;yellow,3"
        " draw:red,,2;blue,,2;green,,1;yellow,,3")


def test_a_resumed_round_settles_as_the_original():
    """The resumed game finds what the original finds in a wrong score line, and the sheet
    as written (sale, draw with its keep and return) reads back."""
    game = engine.from_position("meuterer", SETTLING)
    wrong = game.read("score red 5, blue 4, green 3, yellow 3")
    assert [v.code for v in game.check(wrong)] == ["score/round"]
    assert [v.code for v in _game(4).check(wrong)] == ["score/round"]
    text = (SETTLING + " sale:blue,S,~Nowhere%20Island,1;yellow,G,HO"
            " draw:red,RS;blue,,2,-,1;green,?X,3,X")
    back = from_position(text)
    assert to_position(back) == text
    sales = [e for _, e in back.open.sales]
    assert (sales[0].island, sales[0].count, sales[1].count) == ("Nowhere Island", 1, None)
    draws = [d for _, d in back.open.draws]
    assert (draws[1].count, draws[1].keep, draws[1].returned) == (2, "", 1)
    assert (draws[2].cards, draws[2].keep) == ("?X", "X")


def test_an_empty_sale_and_draw_line_and_a_mutiny_line_without_outcome_are_kept():
    back = from_position(SOLD + " mutiny:- sale: draw:")
    assert back.open.mutiny_at is not None and back.open.outcome is None
    assert back.open.sale_at is not None and back.open.draw_at is not None
    assert to_position(back) == SOLD + " mutiny:- sale: draw:"


def test_the_sheet_totals_carry_their_error_into_the_resumed_game():
    """A sheet that added red's wrong round score: the next total that carries it is
    ``score/carried`` in the resumed game too."""
    body = ROUND1.replace("score red 3", "score red 5").replace("total red 3", "total red 5")
    log = read_log(make(body))
    game = engine.start(msgspec.structs.replace(log, events=[]))
    for event in log.events:
        game.apply(event)
    game.apply(game.read("round 2"))
    text = game.position()
    assert "sheet:5@1;4;3;3" in text
    back = engine.from_position("meuterer", text)
    assert back.state.sheet == [5, 4, 3, 3] and back.state.sheet_from == [1, 0, 0, 0]
    assert back.position() == text


def test_old_positions_read_as_before():
    """A position without the new fields: a table showing the round under way is in it,
    with its wage and sell lines recorded; any other stands between rounds."""
    state = from_position(SOLD)
    assert state.open is not None
    assert state.open.wage_at is not None and state.open.last_sell is not None
    assert not state.open.dests and state.open.mutiny_at is None
    assert from_position(START).open is None
    assert state.layers == []
    assert state.deck_upper == [max(0, t - k) for t, k in zip(
        state.variant.totals, [2, 3, 4, 3, 4, 4, 0])]
    assert state.sheet == state.scores


@pytest.mark.parametrize("extra, field, words", [
    ("open:wage,wage", "open", "each at most once"),
    ("open:buy", "open", "expected -, or wage and sell"),
    ("dest:boss,EI", "dest", "'boss' is not captain or mutineer"),
    ("dest:captain,XX", "dest", "'XX' is not an island code"),
    ("dest:captain", "dest", "has 1 part(s), not 2"),
    ("mutiny:won;red,1", "mutiny", "the outcome 'won' is not -, captain or mutineers"),
    ("mutiny:-;red,1,crew", "mutiny", "the side 'crew' is not captain or mutineer"),
    ("mutiny:-;red,many", "mutiny", "'many' is not a number"),
    ("sale:red,X,HO", "sale", "'X' is not a good's letter"),
    ("score:pink,3", "score", "'pink' is not one of the players"),
    ("total:red,three", "total", "'three' is not a number"),
    ("draw:red,LL", "draw", "'LL' is not goods letters"),
    ("draw:red,R,1,S,2,9", "draw", "has 6 part(s), not 2-5"),
    ("upper:1,2,3", "upper", "3 bounds, not 7"),
    ("upper:9,0,0,0,0,0,0", "upper", "9 ruby in the deck; the game has 4"),
    ("under:RRRRRRRRRRRRRRRRR", "under", "17 cards under a deck of 16"),
    ("under:RRSSWWCC/CCGG", "under", "layers of 12 cards in all, in a deck of 16"),
    ("under:RRSSWWCC/CCGG/GGXX/", "under", "a layer of no cards"),
    ("under:RRSSWWCC/CCGG/GG??", "under", "not ? (a layer whose cards are not named"),
    ("under:12=1,1,1,1,1,1,0/GGXX", "under", "a layer of 12 cards bounded to fewer"),
    ("under:12=4,4,4,4,4,4/GGXX", "under", "6 bounds in a layer, not 7"),
    ("under:12=5,5,5,5,5,5,0/GGXX", "under", "5 ruby in a layer; the game has 4"),
    ("sheet:1;2", "sheet", "2 totals for 4 players"),
    ("sheet:1@7;2;3;4", "sheet", "round 7 is not a round played by round 1"),
])
def test_a_malformed_field_is_refused_naming_it(extra, field, words):
    with pytest.raises(PositionError) as err:
        from_position(START + " " + extra)
    assert words in str(err.value)
    assert error_field(str(err.value)) == field


def test_a_game_over_holds_no_round_but_one_played_after_the_end():
    over = ("base HO/FR/GR/KZ/EI/AF/KK/SO/RR/PN/FI/SK HO 9/over/- red:- "
            "red:-:-:.:12;blue:-:-:.:15;green:-:-:.:15")
    assert from_position(over + " open:-").open.skip
    with pytest.raises(PositionError, match="the game is over"):
        from_position(over + " dest:captain,HO")


def test_a_log_cannot_start_from_a_position_in_a_round_under_way():
    log = read_log(make("round 1\n", captain=None, deal=None))
    problems = [message for field, message, _ in position_problems(
        log, from_position(START + " open:-")) if field == "position"]
    assert problems and "in the middle of round 1" in problems[0]


# -- counts that do not add up ------------------------------------------------------------------


def _players(text: str) -> str:
    return START.replace("red:RSWCX:-:.:0;blue:SSWWX:-:.:0;green:CCGGX:-:.:0;yellow:RWGGX:-:.:0",
                         text)


@pytest.mark.parametrize(("text", "field", "at", "words"), [
    # no card leaves the game: the deck holds every card not elsewhere, no fewer, no more
    (START.replace("deck:16", "deck:15"), "deck", "deck:15", "deck: 15 cards; the game has 36, "
     "20 of them in the hands, on the table or discarded: the deck holds 16"),
    (START.replace("deck:16", "deck:17"), "deck", "deck:17", "the deck holds 16"),
    (START.replace("deck:16", "deck:16 discard:SS"), "deck", "deck:16", "the deck holds 14"),
    # no kind more often than the game has it: at the hand, table or pile that brings it past
    (_players("red:RRRRR:-:.:0;blue:-:-:.:0;green:-:-:.:0"), "hand of red", "red:RRRRR",
     "5 ruby cards in the hands, on the table and discarded; the game has 4"),
    (_players("red:RR:-:.:0;blue:-:RRR:p:0;green:-:-:.:0"), "cards played by blue",
     "blue:-:RRR", "5 ruby"),
    (START + " discard:RRR", "discard", "discard:RRR", "5 ruby"),
    (_players("red:P:-:.:0;blue:-:-:.:0;green:-:-:.:0"), "hand of red", "red:P",
     "1 pirate cards in the hands, on the table and discarded; the game has 0"),
    # no more cards in all, unseen ones counted
    (START.replace("deck:16", f"discard:{'?' * 17}"), "discard", "discard:",
     "37 cards in the hands, on the table and discarded; the game has 36 in all"),
    # the cards under the deck are in the deck, and among the game's
    (START + " under:RRRRRRR", "under", "under:RRRRRRR",
     "7 ruby cards under the deck; the game has"),
])
def test_a_count_that_does_not_add_up_is_refused_at_its_field(text, field, at, words):
    """A position whose counts the game's cards cannot give is refused, the message saying
    what does not add up and the total, the caret under the field."""
    with pytest.raises(PositionError) as caught:
        from_position(text)
    message = str(caught.value)
    assert message.startswith(f"{field}: ") and words in message
    span = field_span(text, error_field(message), KEY_SEP)
    assert span is not None and at in text[span[0]:span[1]]


def test_unseen_cards_count_as_cards_outside_the_deck():
    """A seat's view: the other hands as ``?``, counted, not named."""
    state = from_position(_players("red:RSWCX:-:.:0;blue:?????:-:.:0;green:?????:-:.:0;"
                                   "yellow:??:???:p:0"))
    assert state.deck_count == 16 and state.known_out == [1, 1, 1, 1, 0, 1, 0]


LAYERED = START + " under:RRSSWWCC/CCGG/GGXX"


@pytest.mark.parametrize("under", ["RRSSWWCC/CCGG/GGXX", "9=2,2,2,4,4,2,0/3=3,3,3,3,3,3,0/GGXX"])
def test_the_deck_s_layers_are_held_and_read_back(under):
    """``under:``: the deck's layers, top first, each as its cards or as N=bounds (rulebook
    001 'Phase 8': the stevedore's batches go under the deck, drawn after the cards above)."""
    text = START + " under:" + under
    state = from_position(text)
    assert len(state.layers) == 3 and sum(layer.count for layer in state.layers) == 16
    assert to_position(state) == text
    assert to_position(state.copy()) == text


def test_an_old_position_s_cards_under_the_deck_are_one_layer_below_the_rest():
    """``under:CARDS`` without ``/`` (as older positions write it): the cards under the deck
    are one batch, the rest of the deck above them, bounded by the deck less those cards."""
    state = from_position(START + " under:CGX")
    assert [(layer.count, layer.upper) for layer in state.layers] == [
        (13, [2, 2, 2, 3, 3, 1, 0]), (3, [0, 0, 0, 1, 1, 1, 0])]
    assert to_position(state).endswith(" under:RRSSWWCCCGGGX/CGX")
    assert from_position(START + " under:").layers == []


# -- the round under way: its counts against the cards ------------------------------------------

# SOLD with red's, green's and yellow's hands unseen
UNSEEN = SOLD.replace("red:RSCX:", "red:????:").replace("green:CGGX:", "green:????:").replace(
    "yellow:RWX:", "yellow:???:")


@pytest.mark.parametrize(("text", "field", "words"), [
    # rulebook 001 'Phase 4': the conflict cards added come from the hand (red holds one)
    (SOLD + " mutiny:-;red,2", "mutiny", "red adds 2 conflict cards; the hand holds 4, at most 1 "
     "of them conflict cards"),
    (SOLD + " mutiny:-;red,1;red,1", "mutiny", "red adds 2 conflict cards"),
    # 'Matériel': 6 conflict cards in all, blue's in hand among them
    (UNSEEN + " mutiny:-;red,4;green,3", "mutiny", "7 conflict cards added in all; the game has "
     "6, 1 of them elsewhere"),
    # 'Phase 5', U2: the cards sold are among those played (blue played SS)
    (SOLD + " sale:blue,S,HO,3", "sale", "blue sells 3 salt; blue played 2 that can be salt"),
    (SOLD + " sale:blue,S,HO,1;blue,S,GR,2", "sale", "blue sells 3 salt"),
    # 'Phase 8': the draws come from the 22 cards outside the hands
    (SOLD + " draw:red,,40", "draw", "red draws 40 cards; the deck and the discard pile hold "
     "at most 22 then"),
    (SOLD + " draw:red,,20;blue,,3", "draw", "blue draws 3 cards; the deck and the discard pile "
     "hold at most 2 then"),
    (SOLD + " draw:blue,RSW,,RSWC", "draw", "blue keeps 4 of 3 cards drawn"),
    (SOLD + " draw:blue,RSW,,,4", "draw", "blue returns 4 of 3 cards drawn"),
])
def test_a_count_of_the_round_under_way_its_cards_cannot_give_is_refused(text, field, words):
    """The open round's counts are held to the cards the position gives, refused at their
    field with the bound."""
    with pytest.raises(PositionError) as caught:
        from_position(text)
    message = str(caught.value)
    assert message.startswith(f"{field}: ") and words in message, message
    assert error_field(message) == field


@pytest.mark.parametrize("extra", [
    "mutiny:-;red,1;green,0", "sale:blue,S,HO,2", "sale:blue,S,HO,1;blue,S,GR,1",
    "draw:red,,22", "draw:red,,18;blue,RSW,,R;green,,3", "draw:blue,RSW,,-,3"])
def test_a_count_of_the_round_under_way_within_its_cards_reads(extra):
    text = SOLD + " " + extra
    assert to_position(from_position(text)) == text
    assert from_position(UNSEEN + " mutiny:-;red,3;green,2").open is not None
