"""The common lawful case checked first: the replay's walk of usual turns, and the rule
functions' recognition of a lawful move, give exactly what the full diagnosis gives."""

from __future__ import annotations

import random
from pathlib import Path

import msgspec
import pytest

from cartlog.games import read_log
from cartlog.games.cartagena import rules
from cartlog.games.cartagena.events import Back, Draw, Forward, Pass, Turn
from cartlog.games.cartagena.position import to_position
from cartlog.games.cartagena.replay import Replay
from cartlog.games.cartagena.simulate import simulate

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


# -- the rule functions' recognition of a lawful move --------------------------------------------


def _states(rules_name: str, seed: int):
    """Every state of a simulated game, before each of its actions."""
    log = simulate(rules_name, 3, seed)
    states = []
    replay = Replay(log)

    def keep(step) -> None:
        states.append(step.state.copy())

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
