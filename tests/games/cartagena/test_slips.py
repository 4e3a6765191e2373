"""One slip, one finding: a destination miswritten in an otherwise lawful log is reported
once, at the changed action, naming the lawful space, however the game went on (the walker
asks the next turns which reading they support, :mod:`cartlog.games.cartagena.lookahead`)."""

from __future__ import annotations

import random

import msgspec

from cartlog.audit import audit
from cartlog.games import read_log
from cartlog.games.cartagena.events import Back, Forward, Turn
from cartlog.games.cartagena.simulate import simulate

RULE_SETS = ["2000-jamaica", "2000-tortuga", "ravensburger", "ravensburger-advanced"]


def _miswrite(seed: int):
    """A simulated game with one recorded destination changed by 1 or 2 spaces: the log, the
    changed action's JSON path and the lawful value."""
    rnd = random.Random(seed)
    log = simulate(rnd.choice(RULE_SETS), rnd.randint(2, 5), seed)
    spots = [(i, j) for i, e in enumerate(log.events) if type(e) is Turn
             for j, a in enumerate(e.actions)
             if type(a) in (Forward, Back) and a.to is not None and a.to > 0]
    i, j = rnd.choice(spots)
    event = log.events[i]
    act = event.actions[j]
    to = act.to + rnd.choice([-2, -1, 1, 2])
    if to < 0:
        to = act.to + 1
    actions = list(event.actions)
    actions[j] = msgspec.structs.replace(act, to=to)
    events = list(log.events)
    events[i] = msgspec.structs.replace(event, actions=actions)
    return msgspec.structs.replace(log, events=events), f"$.events[{i}].actions[{j}]", act


def test_one_miswritten_destination_gives_one_finding_naming_the_lawful_space():
    trials, single = 120, 0
    for seed in range(trials):
        log, path, lawful = _miswrite(seed)
        errors = [f for f in audit(log).findings if f.severity == "error"]
        boat = len(log.board) + 1
        want = "boat" if lawful.to == boat else str(lawful.to)
        if len(errors) == 1 and errors[0].path == path and errors[0].expected == want:
            single += 1
    assert single / trials >= 0.95, f"{single} of {trials}"


def test_the_slip_is_read_as_the_lawful_move_when_later_lines_fit_it():
    text = ('[Game "Cartagena"]\n[Rules "ravensburger"]\n[Players "red, blue"]\n'
            '[Board "BKPHLS KPLSHB LSBKPH HLPSKB SBHKLP"]\n[Deal "red BKPHLS, blue BKPHL"]\n\n'
            "1. red K0-3\n2. blue B0-1\n3. red L2-5\npirates red 0 0 0 5\n")
    # red's key from the start goes to 2 (written 3); red's next move, from 2, confirms it
    findings = audit(read_log(text)).findings
    errors = [f for f in findings if f.severity == "error"]
    assert [f.code for f in errors] == ["move/forward-destination"]
    assert errors[0].line == 7 and errors[0].expected == "2"
    assert "did you mean K0-2?" in errors[0].message


def test_a_move_the_rest_of_the_log_follows_as_written_is_kept():
    text = ('[Game "Cartagena"]\n[Rules "ravensburger"]\n[Players "red, blue"]\n'
            '[Board "BKPHLS KPLSHB LSBKPH HLPSKB SBHKLP"]\n[Deal "red BKPHLS, blue BKPHL"]\n\n'
            "1. red K0-3\n2. blue B0-1\npirates red 0 0 0 3\n")
    errors = [f for f in audit(read_log(text)).findings if f.severity == "error"]
    assert [f.code for f in errors] == ["move/forward-destination"]
    assert "did you mean" not in errors[0].message
