"""The common lawful case checked first: each rule function's fast path answers as its full
diagnosis does, and a goods letter checked when a JSON log is read (not by the decoder) comes
out with the located message a typed decode gives."""

from __future__ import annotations

import json
import random
from typing import Annotated

import msgspec
import pytest
from msgspec import Meta

from cartlog.core import cards
from cartlog.core.errors import LogSyntaxError
from cartlog.core.words import with_hint
from cartlog.games import place_of_path, read_log
from cartlog.games.meuterer import rules
from cartlog.games.meuterer.events import CARD_PATTERN, CARDS_PATTERN, GOOD_PATTERN, LOG_TYPE
from cartlog.games.meuterer.model import HAND_SIZE, NKINDS, STEVEDORE, VARIANTS, State
from cartlog.games.meuterer.notation import json_hint
from cartlog.games.meuterer.replay import build_circle
from cartlog.games.meuterer.simulate import simulate

# -- goods letters in JSON logs --------------------------------------------------------------


def _typed_message(pattern: str, value: str, path: str) -> str:
    """What msgspec says of ``value`` under ``pattern`` at ``path`` (a typed decode)."""
    with pytest.raises(msgspec.ValidationError) as info:
        msgspec.convert(value, Annotated[str, Meta(pattern=pattern)])
    return f"{info.value} - at `{path}`"


def _doc() -> dict:
    return json.loads(msgspec.json.encode(simulate("base", 4, 7)))


def _first(doc: dict, kind: str, field: str, key: str) -> tuple[int, int, dict]:
    for i, ev in enumerate(doc["events"]):
        if ev["type"] == kind:
            for j, item in enumerate(ev[field]):
                if key in item and (key != "card" or item["type"] == "play"):
                    return i, j, item
    raise AssertionError(f"no {kind} line with {key}")


@pytest.mark.parametrize("value", ["Z", "wine", "r", "RR", "Wein"])
@pytest.mark.parametrize("where", ["card", "cards", "keep", "good", "deal"])
def test_json_letter_not_checked_by_the_decoder_reads_as_a_typed_decode_says(where, value):
    doc = _doc()
    if where == "card":
        i, j, item = _first(doc, "sell", "steps", "card")
        path, pattern, field = f"$.events[{i}].steps[{j}].card", CARD_PATTERN, "card"
    elif where in ("cards", "keep"):
        i, j, item = _first(doc, "draw", "draws", where)
        path, pattern, field = f"$.events[{i}].draws[{j}].{where}", CARDS_PATTERN, where
    elif where == "good":
        i, j, item = _first(doc, "sale", "sales", "good")
        path, pattern, field = f"$.events[{i}].sales[{j}].good", GOOD_PATTERN, "good"
    else:
        item, field = doc["deal"], next(iter(doc["deal"]))
        path, pattern = "$.deal[...]", CARDS_PATTERN
    if value == "RR" and where != "card":
        value = "RQ"  # a run of letters is a lawful cards value
    item[field] = value
    text = json.dumps(doc, indent=2, ensure_ascii=False)
    with pytest.raises(LogSyntaxError) as info:
        read_log(text)
    [problem] = info.value.problems
    hint = json_hint({}, field, value) if where != "deal" else ""
    assert problem.message == "invalid log: " + with_hint(
        _typed_message(pattern, value, path), hint)
    line, col, _ = place_of_path(text, path)
    assert (problem.line, problem.col) == (line, col)


def test_json_letters_left_to_the_reader_leave_the_decoder_quiet():
    """The decoder takes any string where a letter stands; the audit reads an unknown letter
    as an unseen card (the readers refuse it first)."""
    doc = _doc()
    _, _, item = _first(doc, "sell", "steps", "card")
    item["card"] = "Z"
    log = msgspec.json.decode(json.dumps(doc), type=LOG_TYPE)
    assert any(getattr(s, "card", None) == "Z" for ev in log.events
               for s in getattr(ev, "steps", []))


def test_json_letters_still_given_by_the_schema():
    schema = msgspec.json.schema(LOG_TYPE)
    text = json.dumps(schema)
    for pattern in (CARD_PATTERN, CARDS_PATTERN, GOOD_PATTERN):
        assert json.dumps(pattern) in text


# -- the refill: a draw the deck holds, at once ----------------------------------------------


def _table(rng: random.Random) -> State:
    variant = VARIANTS[rng.choice(["base", "pirate"])]
    state = State(variant, build_circle(simulate("base", 4, 0)), ["red", "blue", "green"], 0)
    totals = variant.totals
    state.deck.count = rng.randint(0, 12)
    state.deck.upper = [rng.randint(0, t) for t in totals]
    state.known_out = [rng.randint(max(0, t - 3), t) for t in totals]
    state.discard = [rng.randint(0, 2) for _ in range(8)]
    state.hands = [[rng.randint(0, 1) for _ in range(8)] for _ in range(3)]
    state.taken[STEVEDORE] = rng.choice([-1, 0, 1])
    return state


def _draws(rng: random.Random) -> tuple[int, ...]:
    return tuple(rng.choice(range(-1, NKINDS)) for _ in range(rng.randint(0, 6)))


def _snapshot(state: State) -> tuple:
    return (state.deck.count, state.deck.upper[:], state.known_out[:], state.discard[:],
            [h[:] for h in state.hands])


def test_phase8_draw_at_once_matches_drawing_card_by_card():
    rng = random.Random(8)
    for _ in range(3000):
        state, drawn, seat = _table(rng), _draws(rng), rng.randrange(3)
        slow = state.copy()
        for c in drawn:
            rules._take(slow, seat, c)
        rules._draw(state, seat, drawn)
        assert _snapshot(state) == _snapshot(slow), drawn


def test_phase8_drawable_matches_the_card_by_card_diagnosis():
    rng = random.Random(9)
    for _ in range(3000):
        state, drawn = _table(rng), _draws(rng)
        if len(drawn) > state.deck.count:
            continue
        impossible = cards.impossible_draws(state, state.variant.totals, drawn)
        assert rules._drawable(state, drawn) == (not impossible), drawn


def _lawful_refill(state: State, seat: int, drawn: tuple[int, ...],
                   keep: tuple[int, ...] | None) -> bool:
    """Phase 8 spelt out: the number drawn, the cards the deck can hold, the stevedore's keep
    among the cards drawn and as many as the hand needs."""
    need = max(0, HAND_SIZE - sum(state.hands[seat]))
    steve = state.taken[STEVEDORE] == seat
    want = min(need + (3 if steve else 0), rules.cards_available(state))
    if len(drawn) != want or cards.impossible_draws(state, state.variant.totals, drawn):
        return False
    if keep is None:
        return True
    pool = list(drawn)
    for c in keep:
        if c in pool:
            pool.remove(c)
        elif -1 in pool:
            pool.remove(-1)
        else:
            return False
    return steve and len(keep) == min(need, len(drawn))


def test_phase8_refill_fast_path_finds_a_draw_lawful_exactly_when_the_rules_do():
    rng = random.Random(10)
    seen = set()
    for _ in range(5000):
        state, seat = _table(rng), rng.randrange(3)
        need = max(0, HAND_SIZE - sum(state.hands[seat]))
        steve = state.taken[STEVEDORE] == seat
        n = max(0, need + (3 if steve else 0) + rng.choice([0, 0, 0, 1, -1]))
        drawn = tuple(rng.choice(range(-1, NKINDS)) for _ in range(n))
        keep = drawn[:need] if rng.random() < (0.8 if steve else 0.1) else None
        lawful = _lawful_refill(state, seat, drawn, keep)
        seen.add(lawful)
        assert (not rules.check_refill(state, seat, drawn, None, keep, None)) == lawful, \
            (drawn, keep, state.deck)
    assert seen == {True, False}
