"""One slip, one finding: a destination, or the number of cards drawn, miswritten in an
otherwise lawful log is reported once, at the changed action, naming the lawful value, however
the game went on (the walker asks the next turns which reading they support,
:mod:`cartlog.games.cartagena.lookahead`). A drawn card miswritten as another sign is reported
at the draw in Tortuga (the row shows it); elsewhere it shows only when the card is played."""

from __future__ import annotations

import random
from pathlib import Path

import msgspec
import pytest

from cartlog.audit import audit
from cartlog.games.cartagena.events import Back, Draw, Forward, Turn
from cartlog.games.cartagena.notation import format_action
from cartlog.games.cartagena.simulate import simulate
from cartlog.logs import read_log

RULE_SETS = ["2000-jamaica", "2000-tortuga", "ravensburger", "ravensburger-advanced"]
DECKS = ["2000-jamaica", "ravensburger", "ravensburger-advanced"]  # cards drawn from a deck


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


def _misdraw(seed: int, kind: str, rules: str | None = None, view: str | None = None):
    """A simulated game (every card known, or the table's view) with one recorded draw
    changed: its number of cards by 1 (``count``), or one drawn card to another sign
    (``card``). The log, the changed action's JSON path and the lawful count; ``None`` when
    the game has no such draw."""
    rnd = random.Random(seed)
    rules = rules or rnd.choice(RULE_SETS)
    view = view or rnd.choice(["all", "table"])
    log = simulate(rules, rnd.randint(2, 5), seed, view=view)
    spots = [(i, j) for i, e in enumerate(log.events) if type(e) is Turn
             for j, a in enumerate(e.actions) if type(a) in (Back, Draw)
             and (kind == "count" or (a.cards and "?" not in a.cards))]
    if not spots:
        return None
    i, j = rnd.choice(spots)
    event = log.events[i]
    act = event.actions[j]
    signs = sorted(set(log.board))
    n = len(act.cards) if act.cards is not None else act.count
    if kind == "card":
        k = rnd.randrange(len(act.cards))
        other = rnd.choice([c for c in signs if c != act.cards[k]])
        act = msgspec.structs.replace(act, cards=act.cards[:k] + other + act.cards[k + 1:])
    elif act.cards is None:
        act = msgspec.structs.replace(act, count=n + (rnd.choice([-1, 1]) if n else 1))
    elif rnd.random() < 0.5:
        act = msgspec.structs.replace(act, cards=act.cards + rnd.choice(signs))
    else:
        k = rnd.randrange(n)
        left = act.cards[:k] + act.cards[k + 1:]
        act = msgspec.structs.replace(act, cards=left or None, count=None if left else 0)
    actions = list(event.actions)
    actions[j] = act
    events = list(log.events)
    events[i] = msgspec.structs.replace(event, actions=actions)
    return msgspec.structs.replace(log, events=events), f"$.events[{i}].actions[{j}]", n


def test_one_miswritten_draw_count_gives_one_finding_naming_the_lawful_count():
    trials = single = 0
    for seed in range(150):
        case = _misdraw(seed, "count")
        if case is None:
            continue
        log, path, lawful = case
        trials += 1
        errors = [f for f in audit(log).findings if f.severity == "error"]
        if (len(errors) == 1 and errors[0].path == path and errors[0].code == "draw/count"
                and errors[0].expected == str(lawful)):
            single += 1
    assert trials >= 120
    assert single / trials >= 0.95, f"{single} of {trials}"


def test_a_miswritten_tortuga_card_is_reported_once_at_the_draw():
    # the row shows the slip at the draw, unless the card came from a row the log lays only
    # after the turn (its `row` line then disagrees): hence 90%, not 95%
    trials = single = 0
    for seed in range(80):
        case = _misdraw(seed, "card", "2000-tortuga")
        if case is None:
            continue
        log, path, _ = case
        trials += 1
        errors = [f for f in audit(log).findings if f.severity == "error"]
        if len(errors) == 1 and errors[0].path == path and errors[0].code == "draw/not-next-in-row":
            single += 1
    assert trials >= 70
    assert single / trials >= 0.90, f"{single} of {trials}"


def test_a_miswritten_card_from_the_deck_shows_when_played_with_one_root_finding():
    # nothing at the draw tells a deck's card from another: the slip comes to light when the
    # card is played (or the deck runs short of a sign), and what follows is linked to it
    trials = one_root = 0
    for seed in range(100):
        case = _misdraw(seed, "card", DECKS[seed % 3], "all")
        if case is None:
            continue
        log, _, _ = case
        trials += 1
        errors = [f for f in audit(log).findings if f.severity == "error"]
        one_root += sum(1 for f in errors if f.follows is None) == 1
    assert trials >= 90
    assert one_root / trials >= 0.80, f"{one_root} of {trials}"


def test_a_draw_written_one_card_short_is_reported_once_when_later_plays_show_two():
    text = ('[Game "Cartagena"]\n[Rules "ravensburger"]\n[Players "red, blue"]\n'
            '[Board "BKPHLS KPLSHB LSBKPH HLPSKB SBHKLP"]\n[Deal "red BKPHLS, blue BKPHL"]\n\n'
            "1. red B0-1 K0-2\n2. blue P0-3 H0-4\n3. red 2-1+K\n4. blue 3-1+K\n"
            "5. red P0-3 L0-5\n6. blue B0-12 K0-2\n7. red H3-11\n8. blue L1-9 K2-7\n"
            "9. red S1-6\n10. blue B4-15\n")
    # blue goes back to 1, where two pirates stand: two cards, written as one; the bottle
    # blue plays on turn 10 shows the hand held both, so that play is not reported
    errors = [f for f in audit(read_log(text)).findings if f.severity == "error"]
    assert [(f.code, f.line, f.expected) for f in errors] == [("draw/count", 10, "2")]
    assert errors[0].message.endswith("later lines hold the hand the rules give: did you mean "
                                      "3-1+?K, ? for a card the log does not name?")


def test_a_draw_count_nothing_later_contradicts_is_kept_as_written():
    text = ('[Game "Cartagena"]\n[Rules "ravensburger"]\n[Players "red, blue"]\n'
            '[Board "BKPHLS KPLSHB LSBKPH HLPSKB SBHKLP"]\n[Deal "red BKPHLS, blue BKPHL"]\n\n'
            "1. red B0-1 K0-2\n2. blue P0-3 H0-4\n3. red 2-1+K\n4. blue 3-1+K\n")
    errors = [f for f in audit(read_log(text)).findings if f.severity == "error"]
    assert [f.code for f in errors] == ["draw/count"]
    assert "later lines" not in errors[0].message


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
    assert "did you mean K0-2?" not in errors[0].message  # the pirate stays on 3
    # red holds a pistol, which goes from the start to 3: the one reading that fits
    assert errors[0].message.endswith("did you mean P0-3?")


def _miscopy(seed: int, kind: str):
    """A simulated game (every card known, or the table's view) with one forward move on the
    passage miscopied: its start space written as another space (``start``), or its card as
    another sign's letter (``sign``). The log, the action's JSON path and the move as
    played, as the log writes it."""
    rnd = random.Random(seed)
    log = simulate(rnd.choice(RULE_SETS), rnd.randint(2, 5), seed,
                   view=rnd.choice(["all", "table"]))
    boat = len(log.board) + 1
    spots = [(i, j) for i, e in enumerate(log.events) if type(e) is Turn
             for j, a in enumerate(e.actions) if type(a) is Forward and a.card != "?"
             and a.to is not None and a.to < boat]
    i, j = rnd.choice(spots)
    event = log.events[i]
    act = event.actions[j]
    if kind == "start":
        slip = msgspec.structs.replace(act, start=rnd.choice(
            [s for s in range(boat) if s != act.start]))
    else:
        slip = msgspec.structs.replace(act, card=rnd.choice(
            [c for c in sorted(set(log.board)) if c != act.card]))
    actions = list(event.actions)
    actions[j] = slip
    events = list(log.events)
    events[i] = msgspec.structs.replace(event, actions=actions)
    return (msgspec.structs.replace(log, events=events), f"$.events[{i}].actions[{j}]",
            format_action(act, boat))


@pytest.mark.parametrize(("kind", "least"), [("start", 0.93), ("sign", 0.97)])
def test_a_miscopied_start_space_or_card_letter_is_one_finding_naming_the_move(kind, least):
    """``K3-14`` written for ``K5-14`` (the pirate on 5 is the one the key takes to 14), or
    ``K0-7`` for ``D0-7``: one error, at the action, naming the move the rest of the log
    follows. Measured over 300 games: 96% and 100% (1% and 28% before this reading, with 40
    and 2.2 errors on average)."""
    trials, named = 200, 0
    for seed in range(trials):
        log, path, played = _miscopy(seed, kind)
        errors = [f for f in audit(log).findings if f.severity == "error"]
        if (len(errors) == 1 and errors[0].path == path
                and errors[0].message.endswith(f"did you mean {played}?")
                and errors[0].expected == played):
            named += 1
    assert named / trials >= least, f"{named} of {trials}"


def test_a_turn_written_under_the_wrong_colour_is_one_finding_naming_the_line():
    """``12. red ...`` for yellow's turn, whose moves the line holds: one error, at the line's
    player, naming the line meant (*did you mean 12. yellow?*); the walk goes on with
    yellow's turn. Measured over 200 games: 100% (0% before, with 42 errors on average)."""
    trials, named = 150, 0
    for seed in range(trials):
        rnd = random.Random(seed)
        log = simulate(rnd.choice(RULE_SETS), rnd.randint(2, 5), seed,
                       view=rnd.choice(["all", "table"]))
        turns = [i for i, e in enumerate(log.events) if type(e) is Turn][:-1]
        i = rnd.choice(turns)
        turn = log.events[i]
        other = rnd.choice([p.colour for p in log.players if p.colour != turn.player])
        events = list(log.events)
        events[i] = msgspec.structs.replace(turn, player=other)
        errors = [f for f in audit(msgspec.structs.replace(log, events=events)).findings
                  if f.severity == "error"]
        if (len(errors) == 1 and errors[0].path == f"$.events[{i}].player"
                and errors[0].message.endswith(f"did you mean {turn.number}. {turn.player}?")):
            named += 1
    assert named / trials >= 0.95, f"{named} of {trials}"


def _left_out(seed: int):
    """A simulated game (every card known, or the table's view) with one turn line left out
    (not the first or the last): the log, the index of the line after the gap and the line
    left out."""
    rnd = random.Random(seed)
    log = simulate(rnd.choice(RULE_SETS), rnd.randint(2, 5), seed,
                   view=rnd.choice(["all", "table"]))
    i = rnd.choice([i for i, e in enumerate(log.events) if type(e) is Turn][1:-1])
    events = list(log.events)
    gone = events.pop(i)
    return msgspec.structs.replace(log, events=events), i, gone


def test_a_turn_line_left_out_is_the_one_root_finding():
    """A turn line left out (the next line numbered one past the game's turn, and the next
    player's): the one error that follows no other is ``turn/missing`` at the line after the
    gap, naming the turn left out (its expected value: the turn followed, ``11. blue ...``
    when none is). What the turn did is searched for among the player's lawful turns, so the
    moves of the others that depended on it fit; where two readings are alike, the findings
    they may account for are folded under it. Measured over 400 games:
    96% (7% before the search; the first root named the turn in 99%)."""
    trials, named = 150, 0
    for seed in range(trials):
        log, i, gone = _left_out(seed)
        roots = [f for f in audit(log).findings if f.severity == "error" and f.follows is None]
        if ([(f.code, f.path) for f in roots] == [("turn/missing", f"$.events[{i}]")]
                and roots[0].expected.startswith(f"{gone.number}. {gone.player} ")):
            named += 1
    assert named / trials >= 0.92, f"{named} of {trials}"


def test_a_turn_left_out_says_what_the_lines_after_it_fit():
    text = (Path(__file__).parents[3] / "samples" / "cartagena" / "turn-missing.cartlog"
            ).read_text(encoding="utf-8")
    # blue's turn 11 is not written; blue's next line starts a pirate from 14 (H14-24),
    # which blue's hand takes there from the start with a hat and a key
    errors = [f for f in audit(read_log(text)).findings if f.severity == "error"]
    assert [(f.code, f.line, f.expected) for f in errors] == [
        ("turn/missing", 22, "11. blue H0-5 K5-14")]
    assert errors[0].message.endswith("turn 11 is blue's, and the lines after it fit "
                                      "blue H0-5 K5-14")


def test_a_turn_line_written_twice_is_one_warning_and_read_once():
    """A turn line copied twice in a row: one warning, at the copy, and the game goes on as
    if it were written once (no finding after it). Measured over 200 games: 100% (before,
    12 errors and 121 warnings on the example of docs/cli.md)."""
    trials, once = 150, 0
    for seed in range(trials):
        rnd = random.Random(seed)
        log = simulate(rnd.choice(RULE_SETS), rnd.randint(2, 5), seed,
                       view=rnd.choice(["all", "table"]))
        i = rnd.choice([i for i, e in enumerate(log.events) if type(e) is Turn])
        events = list(log.events)
        events.insert(i + 1, events[i])
        findings = [f for f in audit(msgspec.structs.replace(log, events=events)).findings
                    if f.severity in ("error", "warning")]
        if [(f.code, f.path) for f in findings] == [("turn/repeated", f"$.events[{i + 1}]")]:
            once += 1
    assert once / trials >= 0.95, f"{once} of {trials}"


def test_a_miscopied_board_letter_is_one_finding_naming_the_letter_the_moves_show():
    """One letter of the Board tag changed to another sign's: its section holds a sign twice
    (C7), and the moves of the log show which of the two spaces was the missing sign. One
    error, at the Board tag, naming the letter meant; the audit goes on from the repaired
    board, and the moves that only followed from it raise nothing. Measured over 200
    games: 100% (none before, with 8.9 errors on average)."""
    trials, named = 150, 0
    for seed in range(trials):
        rnd = random.Random(seed)
        log = simulate(rnd.choice(RULE_SETS), rnd.randint(2, 5), seed,
                       view=rnd.choice(["all", "table"]))
        k = rnd.randrange(len(log.board))
        true = log.board[k]
        other = rnd.choice([c for c in sorted(set(log.board)) if c != true])
        slipped = msgspec.structs.replace(log, board=log.board[:k] + other + log.board[k + 1:])
        errors = [f for f in audit(slipped).findings if f.severity == "error"]
        if (len(errors) == 1 and errors[0].path == "$.board"
                and f"(space {k + 1} {true}, not {other})?" in errors[0].message):
            named += 1
    assert named / trials >= 0.95, f"{named} of {trials}"


def test_a_board_letter_is_read_from_the_moves_that_land_on_it():
    text = ('[Game "Cartagena"]\n[Rules "ravensburger"]\n[Players "red, blue"]\n'
            '[Board "BKPHLS KPLSHK LSBKPH HLPSKB SBHKLP"]\n[Deal "red BKPHLS, blue BKPHB"]\n\n'
            "1. red B0-1 K0-2\n2. blue B0-12 P0-3\n3. red P0-8\n")
    # section 2 holds two keys and no bottle; blue's bottle lands on 12: it is a bottle
    errors = [f for f in audit(read_log(text)).findings if f.severity == "error"]
    assert [(f.code, f.expected) for f in errors] == [("setup/board-section", "KPLSHB")]
    assert errors[0].message.endswith("1 move of the log lands as if space 12 were a bottle: "
                                      "did you mean KPLSHB (space 12 B, not K)?")


def test_two_turn_lines_swapped_are_one_finding_naming_the_swap():
    """Two consecutive turn lines exchanged, with their numbers or with the numbers left in
    place: one error, ``turn/swapped`` at the first, naming the turn the next line holds;
    the walk plays the two in the order played and nothing else is reported. Measured over
    200 games: 100% (none before, with 4.1 errors on average)."""
    trials, named = 150, 0
    for seed in range(trials):
        rnd = random.Random(seed)
        log = simulate(rnd.choice(RULE_SETS), rnd.randint(2, 5), seed,
                       view=rnd.choice(["all", "table"]))
        pairs = [i for i, e in enumerate(log.events[:-1])
                 if type(e) is Turn and type(log.events[i + 1]) is Turn]
        i = rnd.choice(pairs)
        a, b = log.events[i], log.events[i + 1]
        events = list(log.events)
        if rnd.random() < 0.5:  # the numbers travel with the lines
            events[i], events[i + 1] = b, a
        else:
            events[i] = msgspec.structs.replace(b, number=a.number)
            events[i + 1] = msgspec.structs.replace(a, number=b.number)
        errors = [f for f in audit(msgspec.structs.replace(log, events=events)).findings
                  if f.severity == "error"]
        if ([(f.code, f.path) for f in errors] == [("turn/swapped", f"$.events[{i}]")]
                and errors[0].expected == f"{a.number}. {a.player} ..."):
            named += 1
    assert named / trials >= 0.95, f"{named} of {trials}"


# the classes of slip read so far, each an edit of one turn line of a simulated game
SLIPS = ["destination", "start", "sign", "colour", "missing", "repeated", "swapped", "count"]


def _slip(kind: str, log, events: list, i: int, rnd: random.Random):
    """Edit the turn line ``events[i]`` (``events`` is changed) with one slip of ``kind``:
    ``(lines added, a test of the root finding at that place naming the repair, given how
    many lines an earlier edit added)``, or ``None`` when the line has no such slip."""
    boat = len(log.board) + 1
    turn = events[i]
    if kind == "colour":
        other = rnd.choice([p.colour for p in log.players if p.colour != turn.player])
        events[i] = msgspec.structs.replace(turn, player=other)
        said = f"did you mean {turn.number}. {turn.player}?"
        return 0, lambda f, s: (f.path == f"$.events[{i + s}].player"
                                and f.message.endswith(said))
    if kind == "missing":
        events.pop(i)
        return -1, lambda f, s: ((f.code, f.path) == ("turn/missing", f"$.events[{i + s}]")
                                 and f.expected.startswith(f"{turn.number}. {turn.player} "))
    if kind == "repeated":
        events.insert(i + 1, turn)
        return 1, lambda f, s: (f.code, f.path) == ("turn/repeated", f"$.events[{i + 1 + s}]")
    if kind == "swapped":
        after = events[i + 1]
        if type(after) is not Turn:
            return None
        if rnd.random() < 0.5:  # the numbers travel with the lines
            events[i], events[i + 1] = after, turn
        else:
            events[i] = msgspec.structs.replace(after, number=turn.number)
            events[i + 1] = msgspec.structs.replace(turn, number=after.number)
        return 0, lambda f, s: (f.code, f.path, f.expected) == (
            "turn/swapped", f"$.events[{i + s}]", f"{turn.number}. {turn.player} ...")
    kinds = {"destination": (Forward, Back), "start": (Forward,), "sign": (Forward,),
             "count": (Back, Draw)}[kind]
    spots = [j for j, a in enumerate(turn.actions) if type(a) in kinds
             and (kind == "count" or (a.to is not None and a.to > 0))
             and (kind not in ("start", "sign") or (a.card != "?" and a.to < boat))]
    if not spots:
        return None
    j = rnd.choice(spots)
    act = turn.actions[j]
    if kind == "destination":
        want = "boat" if act.to == boat else str(act.to)
        to = act.to + rnd.choice([-2, -1, 1, 2])
        slip = msgspec.structs.replace(act, to=to if to >= 0 else act.to + 1)
        named = lambda f: f.expected == want  # noqa: E731
    elif kind in ("start", "sign"):
        played = format_action(act, boat)
        slip = (msgspec.structs.replace(act, start=rnd.choice(
                    [s for s in range(boat) if s != act.start])) if kind == "start" else
                msgspec.structs.replace(act, card=rnd.choice(
                    [c for c in sorted(set(log.board)) if c != act.card])))
        named = lambda f: f.message.endswith(f"did you mean {played}?")  # noqa: E731
    else:
        n = len(act.cards) if act.cards is not None else act.count
        if act.cards is None:
            slip = msgspec.structs.replace(act, count=n + (rnd.choice([-1, 1]) if n else 1))
        elif rnd.random() < 0.5:
            slip = msgspec.structs.replace(act, cards=act.cards + rnd.choice(sorted(set(log.board))))
        else:
            k = rnd.randrange(n)
            left = act.cards[:k] + act.cards[k + 1:]
            slip = msgspec.structs.replace(act, cards=left or None, count=None if left else 0)
        named = lambda f: f.code == "draw/count" and f.expected == str(n)  # noqa: E731
    actions = list(turn.actions)
    actions[j] = slip
    events[i] = msgspec.structs.replace(turn, actions=actions)
    return 0, lambda f, s: f.path == f"$.events[{i + s}].actions[{j}]" and named(f)


def _two_slips(seed: int):
    """A simulated game (every card known, or the table's view) with two slips of random
    classes 30 turns or more apart: the log, and for each slip (the earlier first) the lines it
    added and the test of its root finding."""
    rnd = random.Random(seed)
    log = simulate(rnd.choice(RULE_SETS), rnd.randint(2, 5), seed,
                   view=rnd.choice(["all", "table"]))
    turns = [i for i, e in enumerate(log.events) if type(e) is Turn][1:-2]
    kinds = rnd.choice(SLIPS), rnd.choice(SLIPS)
    for _ in range(100):
        a, b = sorted(rnd.sample(range(len(turns)), 2))
        events = list(log.events)
        if b - a < 30:
            continue
        second = _slip(kinds[1], log, events, turns[b], rnd)  # the later first: the earlier
        first = second and _slip(kinds[0], log, events, turns[a], rnd)  # keeps its place
        if first:
            return msgspec.structs.replace(log, events=events), first, second
    raise AssertionError(f"no two slips 30 turns apart in game {seed}")


def test_two_slips_far_apart_are_two_roots_each_at_its_place():
    """Two slips of any of the classes read, 30 turns or more apart: exactly two findings
    follow no other, each at its slip naming the repair, and none that follows the first
    stands at or after the second (a slip read, its repair followed, has no followers).
    Measured over 300 games: 98% (75% before the search for a turn left out; 96% with it,
    while a finding read as a slip was still taken as the cause of its player's later
    findings)."""
    trials, both = 150, 0
    for seed in range(trials):
        log, (added, first), (_, second) = _two_slips(seed)
        findings = audit(log).findings
        roots = [f for f in findings if f.follows is None
                 and (f.severity == "error" or f.code == "turn/repeated")]
        if len(roots) != 2 or not first(roots[0], 0) or not second(roots[1], added):
            continue
        at = findings.index(roots[0])
        if not any(f.follows == at and (f.turn or 0) >= (roots[1].turn or 0)
                   for f in findings):
            both += 1
    assert both / trials >= 0.95, f"{both} of {trials}"
