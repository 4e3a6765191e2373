"""The common lawful case checked first: each rule function's fast path answers as its full
diagnosis does, and a goods letter checked when a JSON log is read (not by the decoder) comes
out with the located message a typed decode gives. The readers' plain cases likewise: a JSON
log's plain body gives the problems of the full checks, and the text reader's plain lines
read as its full entry readers read them."""

from __future__ import annotations

import importlib.util
import json
import random
import re
from pathlib import Path
from types import ModuleType
from typing import Annotated

import msgspec
import pytest
from msgspec import Meta

from cartlog.audit import audit
from cartlog.core import cards
from cartlog.core.cards import Pile
from cartlog.core.errors import LogSyntaxError
from cartlog.core.words import with_hint
from cartlog.games.meuterer import notation, rules
from cartlog.games.meuterer.events import (
    CARD_PATTERN,
    CARDS_PATTERN,
    GOOD_PATTERN,
    LOG_TYPE,
    Score,
    Total,
)
from cartlog.games.meuterer.model import HAND_SIZE, NKINDS, STEVEDORE, VARIANTS, State
from cartlog.games.meuterer.notation import json_hint
from cartlog.games.meuterer.replay import build_circle
from cartlog.games.meuterer.simulate import simulate
from cartlog.logs import place_of_path, read_log

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
            rules.take(slow, seat, c)
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



def _layers(state: State) -> list[tuple[int, list[int]]]:
    return [(layer.count, layer.upper[:]) for layer in state.layers]


def test_phase8_plain_refill_draws_exactly_when_check_refill_finds_nothing():
    """rules.plain_refill, the check and the draw at once, answers as check_refill and leaves
    the table as apply_refill does; when it declines, the table is untouched."""
    rng = random.Random(13)
    seen = set()
    for _ in range(5000):
        state, seat = _table(rng), rng.randrange(3)
        kinds = [c for c in range(NKINDS) if state.deck.upper[c]]
        if kinds and state.deck.count > 1 and rng.random() < 0.4:  # the stevedore's cards
            c = rng.choice(kinds)  # lie under the deck (rulebook 001 'Phase 8')
            m = rng.randint(1, min(state.deck.upper[c], state.deck.count - 1))
            top = Pile(state.deck.count - m, state.deck.upper[:])
            top.upper[c] -= m
            state.layers = [top, Pile(m, [m if k == c else 0 for k in range(NKINDS)])]
        need = max(0, HAND_SIZE - sum(state.hands[seat]))
        n = max(0, need + rng.choice([0, 0, 0, 1, -1, 3]))
        named = rng.random() < 0.8
        drawn = tuple(rng.choice(range(-1, NKINDS)) for _ in range(n)) if named else None
        lawful = not rules.check_refill(state, seat, drawn, n, None, None)
        slow, before = state.copy(), _full_snapshot(state) + (_layers(state),)
        done = rules.plain_refill(state, seat, drawn, n)
        seen.add((lawful, done))
        if done:
            assert lawful, (drawn, state.deck)
            rules.apply_refill(slow, seat, drawn, n, None, None)
            assert _full_snapshot(state) + (_layers(state),) == \
                _full_snapshot(slow) + (_layers(slow),), drawn
        else:
            assert _full_snapshot(state) + (_layers(state),) == before, drawn
            assert not lawful or state.taken[STEVEDORE] == seat or n > state.deck.count, drawn
    assert {(True, True), (False, False)} <= seen

# -- the refill across a reshuffle, at once ----------------------------------------------------


def _across(rng: random.Random) -> tuple[State, tuple[int, ...], int] | None:
    """A table whose deck runs out part-way through a draw the discard pile completes."""
    state, seat = _table(rng), rng.randrange(3)
    room = state.deck.count + sum(state.discard)
    if room <= state.deck.count:
        return None
    n = rng.randint(state.deck.count + 1, room)
    return state, tuple(rng.choice(range(-1, NKINDS)) for _ in range(n)), seat


def _full_snapshot(state: State) -> tuple:
    return _snapshot(state) + (state.discard[:],)


def test_phase8_draw_across_a_reshuffle_at_once_matches_drawing_card_by_card():
    rng = random.Random(11)
    seen = 0
    for _ in range(3000):
        case = _across(rng)
        if case is None:
            continue
        state, drawn, seat = case
        state.taken[STEVEDORE] = -1
        named = rng.random() < 0.8
        slow = state.copy()
        for c in (drawn if named else (-1,) * len(drawn)):
            assert rules.take(slow, seat, c)
        rules.apply_refill(state, seat, drawn if named else None, len(drawn), None, None)
        assert _full_snapshot(state) == _full_snapshot(slow), drawn
        seen += 1
    assert seen > 1000


def test_phase8_drawable_across_a_reshuffle_matches_the_card_by_card_diagnosis():
    rng = random.Random(12)
    verdicts = set()
    for _ in range(4000):
        case = _across(rng)
        if case is None:
            continue
        state, drawn, _ = case
        impossible = cards.impossible_draws(state, state.variant.totals, drawn)
        verdicts.add(not impossible)
        assert rules._drawable_across(state, drawn) == (not impossible), drawn
    assert verdicts == {True, False}


# -- the next seller from a table --------------------------------------------------------------


def test_phase2_next_seller_from_the_table_is_the_next_clockwise_who_has_not_passed():
    for n in (1, 3, 4, 5):
        for mask in range(1 << n):
            state = State(VARIANTS["base"], build_circle(simulate("base", 4, 0)),
                          ["red", "blue", "green", "yellow", "black"][:n], 0)
            state.passed = [bool(mask >> s & 1) for s in range(n)]
            for after in range(-1, n):
                order = [s % n for s in range(after + 1, after + 1 + n)]
                want = next((s for s in order if not state.passed[s]), -1)
                assert rules.next_seller(state, after) == want, (n, mask, after)


# -- a JSON log's plain body: checked in one pass ----------------------------------------------


def _full_validate(log) -> list:
    """notation.validate without its common case: the letters, then every read check."""
    letter = notation.letter_problem(log)
    return [letter] if letter is not None else notation._read_checks(log)


_EDITS = {
    "player": ["red", "blue", "black", "Rot", ""], "island": ["Sandkap", "Atlantis", "sandkap"],
    "card": ["R", "P", "?", "Z", "wine"], "good": ["W", "X", "P", "wine"],
    "cards": ["RS", "R?", "RZ", "", "X X"], "keep": ["S", "SZ", ""],
    "action": ["mate", "bosun", "mate!", "two words", None], "role": ["captain", "mutineer"],
    "outcome": ["captain", "mutineers"], "robbed": [True, False], "count": [None, 0, 2],
}


def _edit(doc: dict, rng: random.Random) -> None:
    """One edit of a JSON log: an entry's field, or a line dropped, doubled or moved."""
    events = doc["events"]
    if rng.random() < 0.3:
        a, b = rng.randrange(len(events)), rng.randrange(len(events))
        op = rng.randrange(3)
        if op == 0:
            del events[a]
        elif op == 1:
            events.insert(a, json.loads(json.dumps(events[b])))
        else:
            events[a], events[b] = events[b], events[a]
        return
    ev = rng.choice(events)
    items = next((ev[k] for k in ("steps", "draws", "sales", "dests", "adds", "entries")
                  if ev.get(k)), None)
    target = rng.choice(items) if items else ev
    field = rng.choice([k for k in _EDITS if k in target or k in ("robbed", "count")])
    target[field] = rng.choice(_EDITS[field])


def test_json_plain_body_gives_the_problems_of_the_full_checks():
    rng = random.Random(13)
    docs = [_doc()] + [json.loads(msgspec.json.encode(simulate(v, p, s)))
                       for v, p, s in (("pirate", 3, 1), ("base", 3, 2), ("pirate", 4, 3))]
    kinds = set()
    for _ in range(400):
        doc = json.loads(json.dumps(rng.choice(docs)))
        for _ in range(rng.randint(0, 2)):
            _edit(doc, rng)
        try:
            log = msgspec.json.decode(json.dumps(doc), type=LOG_TYPE)
        except msgspec.ValidationError:
            continue
        full = _full_validate(log)
        kinds.add(bool(full))
        assert notation.validate(log) == full
    assert kinds == {True, False}


# -- the text reader's plain lines -------------------------------------------------------------


def _regex_entries(text: str, pos: int) -> list[list[tuple[str, int]]]:
    """The entries of a line as the regular expression reads them (the full reader)."""
    out, words = [], []
    for m in re.finditer(r"[^\s,]+|,", text[pos:]):
        if m.group() == ",":
            if words:
                out.append(words)
                words = []
        else:
            words.append((m.group(), pos + m.start() + 1))
    if words:
        out.append(words)
    return out


_PIECES = ["red", "W", "pass", "4", "mate", "Grünland", "Kalte", "Klippe", "!", "xx", "?"]
_BLANKS = [" ", " ", " ", "  ", ", ", ",", " ,", ",,", "\t", "\u00a0", " \u2003"]


def test_text_entries_cut_with_split_match_the_regular_expression():
    rng = random.Random(14)
    reader = notation._Reader("", "<log>")
    for _ in range(3000):
        text = "sell" + "".join(rng.choice(_BLANKS) + rng.choice(_PIECES)
                                for _ in range(rng.randint(0, 8)))
        if rng.random() < 0.3:
            text += rng.choice(_BLANKS)
        want = _regex_entries(text, 4)
        assert reader._entries(text, 4) == want, text
        parts = reader._parts(text, 4)
        assert [p if isinstance(p, list) else notation._locate(p[0], p[1]) for p in parts] \
            == want, text
        for p in parts:
            if isinstance(p, tuple):
                words, first, last = p
                assert (first, last) == (want[parts.index(p)][0][1],
                                         want[parts.index(p)][-1][1] + len(words[-1]))


@pytest.mark.parametrize("line", ["sell red W", "Sell red W", "SELL: red W", "sell:red W",
                                  "sell\tred W", "dest! captain Sandkap", "sells red W",
                                  "draw", "draw!", "score", ": red", "  sell red W",
                                  "sell\u00a0red W", "mutiny red 1 => captain"])
def test_text_keyword_found_with_string_methods_matches_the_regular_expression(line):
    at = len(line) - len(line.lstrip())
    m = re.compile(r"[^\s:!]+").match(line, at)
    word = m.group(0).lower() if m else ""
    kind = notation.KEYWORDS.get(word)
    got = notation._keyword(line, at)
    assert got[0] == kind and (kind is None or got[1:] == (word, m.end()))


def _plain_notation() -> ModuleType:
    """The notation module run from its source as plain Python, apart from the one the
    package imports (compiled, see setup.py, its calls are bound when it is built): there a
    function or a method replaced is the one called."""
    path = Path(notation.__file__).with_name("notation.py")
    spec = importlib.util.spec_from_file_location("cartlog.games.meuterer._plain_notation", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _full_reader(monkeypatch) -> ModuleType:
    """The notation module with its text reader's plain-line readings turned off: every
    entry read by the full entry readers."""
    module = _plain_notation()
    monkeypatch.setattr(module._Reader, "_parts", module._Reader._entries)
    monkeypatch.setattr(module, "_PLAIN_CARDS", {})
    monkeypatch.setattr(module, "_PLAIN_ACTIONS", {})
    return module


def _variants(text: str, rng: random.Random) -> list[str]:
    """The text, and copies with the forms the plain readings leave to the full ones."""
    out = [text]
    for _ in range(6):
        t = text
        for _ in range(rng.randint(1, 6)):
            i = t.find(rng.choice([" ", ", ", "\n"]), rng.randrange(len(t)))
            if i >= 0:
                t = t[:i] + rng.choice(["  ", " ,", "\t", ",,", " ! ", "! ", " wine ", " -3 ",
                                        " Pass ", " keep S ", " P robbed ", " green 2 mutineer "
                                        ]) + t[i + 1:]
        out.append(t)
    return out


def test_text_plain_readings_read_as_the_full_readers(monkeypatch):
    rng = random.Random(15)
    texts = []
    for v, p, s in (("base", 4, 7), ("pirate", 3, 8), ("pirate", 4, 9)):
        log = simulate(v, p, s)
        texts += _variants(notation.format_log(log), rng)
        texts += _variants(notation.format_log(simulate(v, p, s, view="table")), rng)

    def answers(module: ModuleType) -> list:
        out = []
        for t in texts:
            try:
                out.append(module.parse(t))
            except LogSyntaxError as err:
                out.append(err.problems)
        return out

    quick = answers(notation)
    assert answers(_full_reader(monkeypatch)) == quick


# -- the score sheet compared line to line -----------------------------------------------------


def _sheet_edited(log, rng: random.Random, rotate: bool):
    """The log with some sheet entries changed (the same for a seed), their order turned
    round when ``rotate`` (which the line-to-line comparison leaves to the full one)."""
    events = []
    for ev in log.events:
        if isinstance(ev, (Score, Total)):
            entries = [msgspec.structs.replace(e, points=e.points + rng.choice([0, 0, 0, 1, -2]))
                       for e in ev.entries]
            if rotate:
                entries = entries[1:] + entries[:1]
            ev = msgspec.structs.replace(ev, entries=entries)
        events.append(ev)
    return msgspec.structs.replace(log, events=events)


def _what(report) -> tuple:
    return ([(f.code, f.message, f.expected, f.actual, f.turn, f.player, f.follows is None)
             for f in report.findings], msgspec.json.encode(report.breakdown), report.unchecked)


def test_phase5_sheet_compared_line_to_line_finds_what_the_entry_by_entry_comparison_does():
    for seed in range(12):
        log = simulate("pirate" if seed % 2 else "base", 3 + seed % 2, 40 + seed)
        quick = _what(audit(_sheet_edited(log, random.Random(seed), rotate=False)))
        full = _what(audit(_sheet_edited(log, random.Random(seed), rotate=True)))
        assert quick == full


def test_round_shapes_plain_check_gives_the_problems_of_the_full_one(monkeypatch):
    """round_problems' common case (no line it would refuse) against its full walk, on edited
    logs: lines dropped, doubled or moved, players and roles changed."""
    rng = random.Random(16)
    docs = [_doc(), json.loads(msgspec.json.encode(simulate("pirate", 3, 5)))]
    logs = []
    for _ in range(300):
        doc = json.loads(json.dumps(rng.choice(docs)))
        for _ in range(rng.randint(0, 3)):
            _edit(doc, rng)
        try:
            logs.append(msgspec.json.decode(json.dumps(doc), type=LOG_TYPE))
        except msgspec.ValidationError:
            pass
    quick = [notation.round_problems(log) for log in logs]
    full = _plain_notation()
    monkeypatch.setattr(full, "_plain_rounds", lambda events: False)
    assert [full.round_problems(log) for log in logs] == quick
    assert {bool(q) for q in quick} == {True, False}
