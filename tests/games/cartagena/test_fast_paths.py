"""The common lawful case checked first: the replay's walk of usual turns, and the rule
functions' recognition of a lawful move, give exactly what the full diagnosis gives; and
cards checked when a JSON log is read (not by the decoder) come out with the located message
a typed decode gives."""

from __future__ import annotations

import importlib.util
import json
import random
import sys
from pathlib import Path
from types import ModuleType
from typing import Annotated

import msgspec
import pytest
from msgspec import Meta

from cartlog.core.errors import LogSyntaxError
from cartlog.core.words import with_hint
from cartlog.games.cartagena import notation, rules
from cartlog.games.cartagena.engine import Engine
from cartlog.games.cartagena.events import (
    CARD_PATTERN,
    CARDS_PATTERN,
    LOG_TYPE,
    SOME_CARDS_PATTERN,
    Back,
    Draw,
    Forward,
    HandClaim,
    Pass,
    Row,
    Turn,
)
from cartlog.games.cartagena.notation import format_log, json_hint
from cartlog.games.cartagena.position import to_position
from cartlog.games.cartagena.replay import Replay
from cartlog.games.cartagena.simulate import simulate
from cartlog.logs import place_of_path, read_log

SAMPLES = Path(__file__).resolve().parents[3] / "samples" / "cartagena"


def _outcome(replay: Replay) -> tuple:
    return (replay.notes, replay.unchecked, replay.turns, replay.actions,
            to_position(replay.state), replay.state.winner)


def _both(log) -> tuple[tuple, tuple]:
    """The walk as the audit takes it, and as a listener gets it (every action through the
    full diagnosis, none on a fast path)."""
    return _outcome(Replay(log).run()), _outcome(Replay(log).run(lambda step: None))


def _mutate(log, rng: random.Random):
    """A few slips of the kind a log holds: a destination, a card, a turn number, a player,
    a condoned mark, an unseen card, an action left out, moved or added, a pass."""
    events = list(log.events)
    letters = "SDKBPH" if log.rules.startswith("2000") else "BKPHLS"
    turns = [i for i, ev in enumerate(events) if type(ev) is Turn and ev.actions]
    for _ in range(rng.randint(1, 4)):
        i = rng.choice(turns)
        turn = events[i]
        acts = list(turn.actions)
        if not acts:
            continue
        j = rng.randrange(len(acts))
        act = acts[j]
        what = rng.randrange(10)
        if what == 0 and type(act) in (Forward, Back):
            acts[j] = msgspec.structs.replace(act, to=max(0, (act.to or 1) + rng.choice((-1, 1))))
        elif what == 1 and type(act) is Forward:
            acts[j] = msgspec.structs.replace(act, card=rng.choice(letters + "?"))
        elif what == 2 and type(act) is Back and act.cards:
            cards = act.cards
            acts[j] = msgspec.structs.replace(
                act, cards=rng.choice((cards[:-1] or None, cards + rng.choice(letters),
                                       "?" * len(cards), cards[::-1], rng.choice(letters))))
        elif what == 3:
            events[i] = msgspec.structs.replace(turn, number=(turn.number or 0) + 1)
            continue
        elif what == 4:
            events[i] = msgspec.structs.replace(turn, player=rng.choice(
                [p.colour for p in log.players]))
            continue
        elif what == 5 and type(act) is not Pass:
            acts[j] = msgspec.structs.replace(act, condoned=True)
        elif what == 6:
            del acts[j]
        elif what == 7:
            acts.append(act)
        elif what == 8:
            acts.insert(j, Pass())
        elif what == 9 and i + 1 < len(events):
            acts.append(rng.choice([a for a in acts if type(a) is not Draw] or acts))
        events[i] = msgspec.structs.replace(turn, actions=acts)
    return msgspec.structs.replace(log, events=events)


@pytest.mark.parametrize("rules_name", ["2000-jamaica", "2000-tortuga", "ravensburger"])
@pytest.mark.parametrize("seed", range(12))
def test_fast_walk_finds_what_the_full_walk_finds(rules_name, seed):
    rng = random.Random(seed)
    log = simulate(rules_name, rng.choice((2, 3, 4)), seed)
    fast, full = _both(log)
    assert fast == full and not fast[0][:-1]
    for _ in range(6):
        fast, full = _both(_mutate(log, rng))
        assert fast == full


@pytest.mark.parametrize("view", ["table", "red"])
def test_fast_walk_counts_unseen_hands_as_the_full_walk_does(view):
    for seed in range(6):
        fast, full = _both(simulate("2000-jamaica", 3, seed, view=view))
        assert fast == full


@pytest.mark.parametrize("done", [0, 1, 2, 3])
def test_room_in_a_turn_begun_in_the_position_is_checked_on_the_fast_walk(done):
    """O2/R2: a log that starts from a position with actions of the turn already taken has
    room for only the rest of them in its first turn."""
    text = (SAMPLES / "from-position-after-the-break.cartlog").read_text()
    log = read_log(text.replace(" yellow/0 ", f" yellow/{done} "))
    fast, full = _both(log)
    assert fast == full
    too_many = [n for n in fast[0] if n.violation.code == "turn/too-many-actions"]
    assert [n.action for n in too_many] == ([] if done == 0 else [4 - done])


def test_actions_after_the_end_are_found_on_the_fast_walk():
    log = simulate("2000-jamaica", 2, 3)
    last = log.events[-1]
    extra = Turn(player=log.players[0].colour, actions=list(last.actions))
    log = msgspec.structs.replace(log, events=[
        *log.events[:-1], msgspec.structs.replace(last, actions=[*last.actions, last.actions[0]]),
        extra])
    fast, full = _both(log)
    assert fast == full
    assert [n.violation.code for n in fast[0]].count("game/action-after-end") == 2


# -- the engine's step: the event-by-event turn line in one pass --------------------------------


def _by_events(game: Engine, turn: Turn, seat: int, first: int) -> list:
    """A turn line from its action ``first`` as the engine plays any line, event by event (from
    its beginning when ``first`` is 0); its findings."""
    found = []
    if not first:
        found += game.check_begin(turn, seat)
        if game.finished():
            return found
        game.begin(turn, seat)
    for act in turn.actions[first:]:
        found += game.check_action(act)
        if game.finished():
            break
        game.play(act)
    return found + game.check_end()


def _step_agrees(log) -> int:
    """Every turn line of ``log`` played both ways from the same game: event by event, and by
    :meth:`Engine.step` then event by event from where it stopped. The findings, the actions
    played and the game after each line are the same; returns the lines the step played
    whole."""
    game = Engine.start(log)
    cards: dict = {}
    seat_of = {}
    for seat, player in enumerate(log.players):
        seat_of.setdefault(player.colour, seat)
    whole = 0
    for event in log.events:
        if type(event) is not Turn:
            game.apply(event)
            continue
        seat = seat_of.get(event.player, 0)
        slow, fast = game.copy(), game.copy()
        expected = _by_events(slow, event, seat, 0)
        slow.end()
        done = fast.step(event, seat, cards)
        if done == len(event.actions):
            whole += 1
            assert expected == [] and slow.moved() == done
        else:
            assert fast.position() == game.position() or done > 0
            got = _by_events(fast, event, seat, max(done, 0))
            fast.end()
            assert got == expected
        assert fast.moved() == slow.moved()
        assert fast.position() == slow.position()
        game = slow
    return whole


def _sample_logs():
    for path in sorted(SAMPLES.iterdir()):
        if path.is_file() and path.suffix in (".cartlog", ".json"):  # not the example key
            yield path.name, read_log(path.read_text(encoding="utf-8"))


def test_the_step_plays_every_sample_as_the_event_by_event_line():
    whole = sum(_step_agrees(log) for _, log in _sample_logs())
    assert whole > 100


@pytest.mark.parametrize("rules_name", ["2000-jamaica", "2000-tortuga", "ravensburger",
                                        "ravensburger-advanced"])
@pytest.mark.parametrize("seed", range(6))
def test_the_step_plays_random_and_mutated_logs_as_the_event_by_event_line(rules_name, seed):
    rng = random.Random(seed)
    for view in ("all", "table"):
        log = simulate(rules_name, rng.choice((2, 3, 4)), seed, view=view)
        assert _step_agrees(log)
        for _ in range(4):
            _step_agrees(_mutate(log, rng))


def test_a_turn_checked_whole_is_its_line_played_event_by_event():
    """check() of a Turn is the same composition, on a copy."""
    rng = random.Random(3)
    log = _mutate(simulate("2000-jamaica", 3, 3), rng)
    game = Engine.start(log)
    for event in log.events:
        if type(event) is Turn:
            seat = [p.colour for p in log.players].index(event.player)
            line = game.copy()
            assert game.check(event) == _by_events(line, event, seat, 0)
        game.apply(event)


# -- the rule functions' recognition of a lawful move --------------------------------------------


def _states(rules_name: str, seed: int):
    """Every state of a simulated game, before each of its actions."""
    log = simulate(rules_name, 3, seed)
    states = []
    replay = Replay(log)

    def keep(step) -> None:
        states.append(step.engine.state.copy())

    replay.run(keep)
    return states


@pytest.mark.parametrize("rules_name", ["2000-jamaica", "2000-tortuga", "ravensburger"])
def test_C1_lawful_forward_recognised_as_the_full_diagnosis_finds(rules_name):
    rng = random.Random(5)
    for state in _states(rules_name, 1)[::3]:
        seat = state.seat
        for start in set(state.pirates[seat]) | {0, state.boat, 7}:
            for card in range(-1, 6):
                for to in (None, rules.forward_target(state, start, max(card, 0)),
                           state.boat, rng.randrange(state.boat + 2)):
                    assert (rules.check_forward(state, seat, card, start, to)
                            == rules._forward_findings(state, seat, card, start, to))


@pytest.mark.parametrize("rules_name", ["2000-jamaica", "2000-tortuga", "ravensburger"])
def test_C2_lawful_back_recognised_as_the_full_diagnosis_finds(rules_name):
    rng = random.Random(6)
    for state in _states(rules_name, 2)[::3]:
        seat = state.seat
        for start in set(state.pirates[seat]) | {state.boat, 9}:
            target = rules.back_target(state, start)
            for to in (None, target, rng.randrange(state.boat + 1)):
                n = state.occ[target] if target is not None else 1
                for cards in (None, [], [rng.randrange(6) for _ in range(n)],
                              [rng.randrange(-1, 6) for _ in range(rng.randint(1, 3))]):
                    for count in (None, n, n + 1):
                        assert (rules.check_back(state, seat, start, to, cards, count)
                                == rules._back_findings(state, seat, start, to, cards, count))


# -- card letters in JSON logs ---------------------------------------------------------------


def _typed_message(pattern: str, value: str, path: str) -> str:
    """What msgspec says of ``value`` under ``pattern`` at ``path`` (a typed decode)."""
    with pytest.raises(msgspec.ValidationError) as info:
        msgspec.convert(value, Annotated[str, Meta(pattern=pattern)])
    return f"{info.value} - at `{path}`"


def _with_claims(rules_name: str) -> dict:
    log = simulate(rules_name, 3, 4)
    events = list(log.events)
    events.insert(3, HandClaim(player=log.players[0].colour, cards="?"))
    if log.row is None:
        events.insert(3, Row(cards="SDKBPH"))
    return json.loads(msgspec.json.encode(msgspec.structs.replace(log, events=events)))


def _place(doc: dict, where: str) -> tuple[dict, str, str, str]:
    """The object holding a card field of kind ``where``, the field, its path, its pattern."""
    if where in ("deal", "row"):
        return doc, where, f"$.{where}", CARDS_PATTERN
    for i, ev in enumerate(doc["events"]):
        if where in ("row-event", "hand") and ev["type"] == {"row-event": "row",
                                                             "hand": "hand"}[where]:
            return (ev, "cards", f"$.events[{i}].cards",
                    CARDS_PATTERN if where == "row-event" else SOME_CARDS_PATTERN)
        for j, a in enumerate(ev.get("actions", [])):
            if where == "card" and a["type"] == "forward":
                return a, "card", f"$.events[{i}].actions[{j}].card", CARD_PATTERN
            if where == "cards" and a["type"] == "back" and "cards" in a:
                return a, "cards", f"$.events[{i}].actions[{j}].cards", SOME_CARDS_PATTERN
    raise AssertionError(f"no {where}")


@pytest.mark.parametrize("value", ["1", "bottle ", "", "K\n", "KS1", "K-S", "Ä"])
@pytest.mark.parametrize("where", ["card", "cards", "deal", "row", "row-event", "hand"])
def test_json_card_not_checked_by_the_decoder_reads_as_a_typed_decode_says(where, value):
    doc = _with_claims("2000-jamaica" if where != "row" else "2000-tortuga")
    item, field, path, pattern = _place(doc, where)
    if where == "deal":
        item = item["deal"]
        field, path = next(iter(item)), "$.deal[...]"
    item[field] = value
    text = json.dumps(doc, indent=2, ensure_ascii=False)
    try:
        msgspec.convert(value, Annotated[str, Meta(pattern=pattern)])
    except msgspec.ValidationError:
        pass
    else:  # a value the pattern takes: no problem of its letters (a typed decode is quiet)
        try:
            read_log(text)
        except LogSyntaxError as exc:
            assert all("regex" not in p.message for p in exc.problems)
        return
    with pytest.raises(LogSyntaxError) as info:
        read_log(text)
    [problem] = info.value.problems
    hint = json_hint(doc, field, value) if where != "deal" else ""
    assert problem.message == "invalid log: " + with_hint(
        _typed_message(pattern, value, path), hint)
    line, col, _ = place_of_path(text, path)
    assert (problem.line, problem.col) == (line, col)


def test_json_card_problem_is_the_first_in_the_log_and_alone():
    doc = _with_claims("2000-jamaica")
    second, _, _, _ = _place(doc, "cards")
    first, _, path, _ = _place(doc, "card")
    first["card"], second["cards"] = "1", "2"
    doc["players"][0]["colour"] = "mauve"
    with pytest.raises(LogSyntaxError) as info:
        read_log(json.dumps(doc))
    [problem] = info.value.problems
    assert problem.message.startswith("invalid log: Expected `str` matching regex")
    assert problem.message.endswith(f"at `{path}`")


def test_json_cards_left_to_the_reader_leave_the_decoder_quiet():
    doc = _with_claims("2000-jamaica")
    item, field, _, _ = _place(doc, "card")
    item[field] = "1"
    log = msgspec.json.decode(json.dumps(doc), type=LOG_TYPE)
    assert any(getattr(a, "card", None) == "1" for ev in log.events
               for a in getattr(ev, "actions", []))


def test_json_card_patterns_still_given_by_the_schema():
    text = json.dumps(msgspec.json.schema(LOG_TYPE))
    for pattern in (CARD_PATTERN, CARDS_PATTERN, SOME_CARDS_PATTERN):
        assert json.dumps(pattern) in text


# -- plain turn lines in text logs -----------------------------------------------------------


def _read(text: str):
    try:
        return read_log(text), None
    except LogSyntaxError as exc:
        return None, exc.problems


def _full_notation() -> ModuleType:
    """The notation module run from its source as plain Python, apart from the one the
    package imports (compiled, see setup.py, its calls are bound when it is built), with no
    line taken on the plain-line path."""
    path = Path(notation.__file__).with_name("notation.py")
    spec = importlib.util.spec_from_file_location("cartlog.games.cartagena._full_notation",
                                                  path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module._Reader._plain_turn = lambda self, raw, line, spaces, signs: None
    return module


_FULL = _full_notation()


def _read_both(text: str, monkeypatch) -> tuple:
    """The text read as the reader reads it, and with no line taken on the plain-line path."""
    fast = _read(text)
    with monkeypatch.context() as m:
        m.setitem(sys.modules, notation.__name__, _FULL)
        full = _read(text)
    return fast, full


def _edits(text: str, rng: random.Random) -> str:
    """A turn line changed the way a hand or a keyboard changes it."""
    lines = text.split("\n")
    turns = [i for i, ln in enumerate(lines) if ln[:1].isdigit()]
    for _ in range(rng.randint(1, 3)):
        i = rng.choice(turns)
        ln = lines[i]
        k = rng.randrange(len(ln))
        ch = rng.choice("0123456789 -+!?;{}.,KSDBPHLkxboatstartpasspurple\t\u00b2")
        lines[i] = rng.choice((ln[:k] + ch + ln[k:], ln[:k] + ln[k + 1:],
                               ln[:k] + ch + ln[k + 1:], ln + " " + ch, ln.upper()))
    return "\n".join(lines)


@pytest.mark.parametrize("rules_name", ["2000-jamaica", "2000-tortuga", "ravensburger"])
@pytest.mark.parametrize("view", ["all", "table"])
def test_plain_turn_lines_read_as_the_full_reader_reads_them(rules_name, view, monkeypatch):
    rng = random.Random(f"{rules_name}{view}")
    for seed in range(3):
        text = format_log(simulate(rules_name, rng.choice((2, 3, 5)), seed, view=view))
        fast, full = _read_both(text, monkeypatch)
        assert fast == full and fast[0] is not None
        for _ in range(25):
            fast, full = _read_both(_edits(text, rng), monkeypatch)
            assert fast == full


@pytest.mark.parametrize("sample", sorted(p.name for p in SAMPLES.glob("*.cartlog")))
def test_sample_logs_read_as_the_full_reader_reads_them(sample, monkeypatch):
    fast, full = _read_both((SAMPLES / sample).read_text(), monkeypatch)
    assert fast == full
