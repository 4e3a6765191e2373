"""The Meuterer engine: its phases in the rulebook's order, the lines of phases 3-8 checked as
they come, and every line of a recorded game among ``legal()`` at its step (a sell line step
by step), with every card known or as the table saw it."""

from __future__ import annotations

import random

import msgspec
import pytest

from cartlog import engine
from cartlog.games.meuterer.events import (
    Dest,
    Entry,
    Mutiny,
    Play,
    Round,
    Score,
    Sell,
    Total,
    Wage,
)
from cartlog.games.meuterer.replay import Replay
from cartlog.games.meuterer.settle import Finding
from cartlog.games.meuterer.simulate import simulate
from games.meuterer.helpers import ROUND1, make, read


def start(log):
    return engine.start(msgspec.structs.replace(log, events=[]))


def _normal(event) -> dict:
    def clean(obj):
        if isinstance(obj, dict):
            return {k: clean(v) for k, v in obj.items()
                    if k not in ("line", "col", "end", "comment")}
        if isinstance(obj, list):
            return [clean(v) for v in obj]
        return obj

    return clean(msgspec.to_builtins(event))


def _steps(log, g):
    """The log's events as the engine takes them one at a time: a sell line step by step."""
    for event in log.events:
        if type(event) is Sell:
            for step in event.steps:
                yield Sell(steps=[step])
        else:
            yield event


@pytest.mark.parametrize("variant, players, seed", [
    ("base", 3, 1), ("base", 4, 2), ("pirate", 3, 3), ("pirate", 4, 4)])
@pytest.mark.parametrize("view", ["all", "table", "red"])
def test_every_recorded_line_is_legal_at_its_step(variant, players, seed, view):
    """Hands the log does not know (the table's view, one player's) included: a card played
    from one is named as the table saw it, and that play is among ``legal()``."""
    log = simulate(variant, players, seed, view=view)
    g = start(log)
    for event in _steps(log, g):
        kind = type(event).__name__
        if kind in ("Comment", "Draw", "Sale"):  # chance, and sales the table may declare
            g.apply(event)
            continue
        legal = [_normal(e) for e in g.legal()]
        if kind == "Mutiny":  # the log lists every player; the engine the four of the sides
            event = msgspec.structs.replace(event, adds=[a for a in event.adds if a.count
                                                         or a.side])
            legal = [dict(e, adds=[a for a in e["adds"] if a["count"]]) for e in legal]
            assert any(e["outcome"] == event.outcome for e in legal)
        else:
            assert _normal(event) in legal, (g.to_move(), event)
        g.apply(event)
    assert g.is_over()
    assert sorted(g.outcome().winners) == sorted(log.result)


def test_U1_phases_follow_the_rulebook():
    log = simulate("base", 4, 5)
    g = start(log)
    seen: list[str] = []
    for event in _steps(log, g):
        phase = g.to_move().phase
        if not seen or seen[-1] != phase:
            seen.append(phase)
        g.apply(event)
    first_round = seen[:seen.index("round", 1)]
    assert first_round[:3] == ["round", "wage", "sell"]
    assert first_round[3:] in (["dest", "score", "total", "draw"],
                               ["dest", "mutiny", "score", "total", "draw"])
    assert g.is_over() and g.to_move() is None and g.legal() == []


def test_U1_the_game_ends_with_the_last_rounds_total():
    log = simulate("base", 3, 6)
    g = start(log)
    events = list(_steps(log, g))
    for event in events[:-1]:
        g.apply(event)
    assert type(events[-1]) is Total and not g.is_over()
    g.apply(events[-1])
    assert g.is_over()


def test_U1_a_round_after_the_end_is_one_finding_whatever_lines_it_holds():
    """A round line after the last round is the finding; its lines after it, a total line
    and a draw after that among them, add none (as the audit, which closes no round after
    the end)."""
    log = simulate("base", 3, 6)
    g = start(log)
    for event in _steps(log, g):
        g.apply(event)
    assert g.is_over()
    total = next(e for e in reversed(log.events) if type(e) is Total)
    [v] = g.check(Round(number=None))
    assert v.code == "end/after-last-round"
    g.apply(Round(number=None))
    for event in (Wage(wage=1), total, Score(entries=[]), total):
        assert g.check(event) == []
        g.apply(event)
    assert g.is_over()


def test_a_wrong_score_is_found_when_the_line_is_written():
    log = simulate("base", 4, 7)
    g = start(log)
    for event in _steps(log, g):
        if type(event) is Score:
            right = event.entries[0]
            wrong = Score(entries=[Entry(player=right.player, points=right.points + 1)]
                          + event.entries[1:])
            [v] = g.check(wrong)
            assert v.code == "score/round"
            assert (v.expected, v.actual) == (str(right.points), str(right.points + 1))
            assert g.check(event) == []
            return
        g.apply(event)
    pytest.fail("no score line")


def test_score_carried_total_follows_its_source():
    """The sheet's running total that only adds the sheet's own wrong score is 'carried'."""
    log = simulate("base", 4, 8)
    g = start(log)
    for event in _steps(log, g):
        if type(event) is Score:
            e0 = event.entries[0]
            g.apply(Score(entries=[Entry(player=e0.player, points=e0.points + 2)]
                          + event.entries[1:]))
            continue
        if type(event) is Total:
            t0 = event.entries[0]
            carried = Total(entries=[Entry(player=t0.player, points=t0.points + 2)]
                            + event.entries[1:])
            assert [v.code for v in g.check(carried)] == ["score/carried"]
            return
        g.apply(event)
    pytest.fail("no total line")


def test_U6_the_mutiny_outcome_follows_from_the_cards():
    for seed in range(40):
        log = simulate("base", 4, seed)
        g = start(log)
        for event in _steps(log, g):
            if type(event) is Mutiny and event.outcome is not None:
                flipped = "captain" if event.outcome == "mutineers" else "mutineers"
                codes = [v.code for v in g.check(msgspec.structs.replace(event,
                                                                         outcome=flipped))]
                assert codes == ["mutiny/outcome"]
                return
            g.apply(event)
    pytest.fail("no mutiny in 40 games")


def test_check_leaves_the_state_alone_and_copies_are_independent():
    log = simulate("pirate", 3, 9)
    g = start(log)
    for i, event in enumerate(_steps(log, g)):
        before = g.position()
        g.check(event)
        assert g.position() == before
        if i % 7 == 0:
            twin = g.copy()
            twin.apply(event)
            assert g.position() == before
        g.apply(event)


def test_a_stop_at_a_header_error_finds_the_table_set():
    deal = "red RSWCX, blue SSWWX, green CCGGX, yellow RWGG"  # yellow is dealt 4 cards
    replay = Replay(read(make(deal=deal)), stop_at_first=True).run()
    assert replay.stopped and [n.violation.code for n in replay.notes] == ["setup/deal-count"]
    assert "(round 1)" in replay.unchecked[-1] and replay.state.round == 1



def test_an_unseen_hand_offers_each_kind_it_may_hold_and_the_unseen_card():
    """001 phase 2 with a hand the log does not know: a play of every kind the deck can still
    hold (the pirate only in the pirate variant), each once beside the known cards, ``?`` for
    the card unseen, then the passes; every one lawful, and none of them for a known hand."""
    from cartlog.games.meuterer.notation import format_event

    def options(variant: str, deal: str) -> list[str]:
        log = read(make("", deal=deal, variant=variant))
        g = engine.start(log)
        for line in ("round 1", "wage 1"):
            g.apply(g.read(line))
        assert g.to_move().player == "red"
        assert all(g.check(e) == [] for e in g.legal())
        return [format_event(e, log) for e in g.legal()]

    assert options("base", "red RR???")[:8] == [
        "sell red R", "sell red S", "sell red W", "sell red C", "sell red G", "sell red X",
        "sell red ?", "sell red pass 5"]
    assert "sell red P" in options("pirate", "red RR???")
    assert options("base", "red RSWCX, blue RRRR?, yellow ?")[:6] == [
        "sell red R", "sell red S", "sell red W", "sell red C", "sell red X", "sell red pass 5"]
    unseen = options("base", "red ?????, blue RRRR?")  # 4 rubies in all (001 'Matériel')
    assert "sell red R" not in unseen and "sell red S" in unseen


# -- the condoned mark: findings at a marked play or line are condoned ------------------------


def _report(body: str):
    from cartlog.audit import audit as run_audit

    return run_audit(read(make(body=body)))


def test_a_finding_at_a_play_marked_condoned_is_condoned_and_does_not_fail_the_log():
    plain = _report(ROUND1.replace("red pass 4, blue S,", "red pass 4, blue S, red S,"))
    marked = _report(ROUND1.replace("red pass 4, blue S,", "red pass 4, blue S, red S!,"))
    assert plain.errors >= 1
    after = [f for f in marked.findings if f.code == "sell/after-pass"]
    assert after and all(f.condoned for f in after)
    assert marked.errors == plain.errors - len(after) and marked.condoned == len(after)


def test_a_finding_made_when_the_round_settles_is_condoned_at_a_marked_line():
    """The destination is checked once the round closes (U7): the mark on the dest line
    condones it. Unmarked, the lines after it (a sheet written for Eisfelsen) make it a slip
    of the pen; marked, it stood as written: the ship sailed to Sandkap, and the sheet is
    wrong."""
    wrong = ROUND1.replace("captain Eisfelsen", "captain Sandkap")
    plain = _report(wrong)
    said = "the lines after it fit"
    assert said in next(f.message for f in plain.findings if f.code == "dest/wrong-island")
    marked = _report(wrong.replace("mutineer Karge Zunge", "mutineer Karge Zunge!"))
    dest = next(f for f in marked.findings if f.code == "dest/wrong-island")
    assert dest.condoned and said not in dest.message
    assert marked.breakdown.scores[0].captain_destination == "Sandkap"
    assert "score/round" in [f.code for f in marked.findings if not f.condoned]


def test_a_mark_on_a_lawful_play_or_line_is_a_warning():
    report = _report(ROUND1.replace("sell red W,", "sell red W!,").replace(
        "wage 2", "wage 2!"))
    lawful = [f for f in report.findings if f.code == "condoned/lawful"]
    assert [(f.line - lawful[0].line, f.condoned, f.severity) for f in lawful] == [
        (0, False, "warning"), (1, False, "warning")]  # the wage line, then the play
    assert report.errors == 0


def test_stop_at_first_goes_past_a_condoned_error():
    from cartlog.audit import audit as run_audit

    text = make(body=ROUND1.replace("red pass 4,", "red pass 3!,")
                .replace("score red 3", "score red 5"))
    report = run_audit(read(text), stop_at_first=True)
    assert [f.code for f in report.findings if f.condoned] == ["sell/kept-count"]
    assert [f.code for f in report.findings if f.severity == "error" and not f.condoned] == [
        "score/round"]


def _attributes(obj) -> list[str]:
    """An object's attributes: its ``__dict__`` or ``__slots__`` in Python, the compiled
    class's ``__mypyc_attrs__`` (setup.py)."""
    cls = type(obj)
    names = getattr(cls, "__mypyc_attrs__", None) or getattr(cls, "__slots__", None) \
        or list(vars(obj))
    return [n for n in names if hasattr(obj, n)]


def test_a_copy_of_the_engine_mid_round_has_every_attribute_of_the_original():
    """copy() goes through the constructor, so an attribute it forgets would come back at its
    starting value: every attribute equals the original's but the ones a copy resets (what
    was found not yet taken, no room for positions, not telling, no slips of the pen
    read)."""
    log = simulate("pirate", 4, 3)
    g = start(log)
    for i, event in enumerate(_steps(log, g)):
        g.apply(event)
        if i == 40:
            break
    assert g.state.open is not None
    twin = g.copy()
    g.room, g.telling, g.out = 5, True, [None]  # what a copy resets: set apart from it
    for name in _attributes(g):
        if name not in ("slips", "state", "out", "room", "telling"):
            assert getattr(twin, name) == getattr(g, name), name
    assert (twin.out, twin.room, twin.telling, twin.slips) == ([], 0, False, False)
    assert twin.position() == g.position()
    for name in _attributes(g.state):
        if name not in ("deck", "open"):
            assert getattr(twin.state, name) == getattr(g.state, name), name
    assert twin.state.deck == g.state.deck and twin.state.deck is not g.state.deck
    assert twin.state.open is not g.state.open
    for name in _attributes(g.state.open):
        assert getattr(twin.state.open, name) == getattr(g.state.open, name), name


def _check_by_the_walk(game, event) -> list:
    """What ``event`` breaks found the long way: the whole engine copied, the event carried
    out (the round settled for a line of phases 3-8) and the findings placed at it kept."""
    twin = game.copy()
    twin.auto_close = False
    at = twin.next_event
    twin.apply(event)
    if type(event) not in (Round, Wage, Sell) and twin.state.open is not None:
        twin.close()
    return [f.violation for f in twin.out
            if isinstance(f, Finding) and isinstance(f.path, tuple) and f.path[0] == at]


def _variants(event, rng: random.Random) -> list:
    """``event`` and lines near it: another round number, another wage, another player or
    card, a line marked condoned."""
    out = [event]
    replace = msgspec.structs.replace
    if isinstance(event, Round):
        out += [replace(event, number=(event.number or 1) + rng.choice((-1, 1))),
                replace(event, number=None)]
    elif isinstance(event, Wage):
        out += [replace(event, wage=rng.choice((-1, 4, 7))), replace(event, condoned=True)]
    elif isinstance(event, Sell) and event.steps:
        step = event.steps[0]
        out.append(replace(event, steps=[replace(step, condoned=True)] + event.steps[1:]))
        if isinstance(step, Play):
            out.append(replace(event, steps=[replace(step, card=rng.choice("RSWCGXP?"))]))
        else:
            out.append(replace(event, steps=[replace(step, kept=(step.kept or 0) + 1,
                                                     action=rng.choice((None, "mate", "boy")))]))
    elif hasattr(event, "condoned"):
        out.append(replace(event, condoned=True))
    return out


@pytest.mark.parametrize("variant, players, view", [
    ("base", 4, "all"), ("pirate", 3, "table"), ("pirate", 4, "red"), ("base", 3, "green")])
def test_check_finds_what_carrying_the_event_out_finds(variant, players, view):
    """check() judges a round, wage or sell line on the table as it stands, and settles the
    round on a copy of the table for the other lines: the same violations as carrying the
    event out on a copy of the whole engine, at every step, for the log's lines, the lawful
    ones and lines near them."""
    rng = random.Random(7)
    log = simulate(variant, players, 4, view=view)
    game = start(msgspec.structs.replace(log, events=[]))
    events = list(log.events)
    for i, event in enumerate(events):
        candidates = [] if game.is_over() else game.legal()[:8]
        for near in events[max(0, i - 2): i + 3]:
            candidates += _variants(near, rng)
        for candidate in candidates:
            assert game.check(candidate) == _check_by_the_walk(game, candidate), (i, candidate)
        game.apply(event)
    after = [Round(number=99), Wage(wage=1), Dest(dests=[])]
    for candidate in after:
        assert game.check(candidate) == _check_by_the_walk(game, candidate), candidate
    game.apply(Round())
    for candidate in after:
        assert game.check(candidate) == _check_by_the_walk(game, candidate), candidate


# -- what the engine finds: plain data, placed in the log by the walk ----------------------------


def _wrong_dest():
    """ROUND1 with the captain's destination miscopied (Eisfelsen is right), and the rest of
    the round after it."""
    return read(make(body=ROUND1.replace("dest captain Eisfelsen", "dest captain Grünland")))


def test_the_engine_keeps_what_a_rounds_settling_finds_at_the_line_and_entry_it_is_at():
    """A bare engine knows nothing of notes, JSON paths nor listeners: the settling of a round
    (at its close) keeps each finding as plain data, with the index of the event it stands at
    and the field and entry of it."""
    log = _wrong_dest()
    g = engine.start(log)
    assert not hasattr(g, "notes") and not hasattr(g, "book")
    assert g.out == []  # a clean header: nothing found
    for event in log.events:
        g.apply(event)
    g.close()
    found = [f for f in g.out if isinstance(f, Finding)]
    dest = [f for f in found if f.violation.code == "dest/wrong-island"]
    assert [(f.path, f.round, f.seat) for f in dest] == [((3, "dests", 0), 1, 0)]
    assert dest[0].at is log.events[3].dests[0] and dest[0].position is None  # no room given
    assert all(isinstance(f.path, tuple) for f in found)


def test_check_of_a_line_of_phases_3_to_8_is_what_settling_the_round_finds_there():
    """check() of a destination line settles the round so far on a copy: the findings at the
    line's index, the engine untouched."""
    log = _wrong_dest()
    g = engine.start(log)
    for event in log.events[:3]:
        g.apply(event)
    before = g.position()
    assert [v.code for v in g.check(log.events[3])] == ["dest/wrong-island"]
    assert [v.code for v in g.check(read(make()).events[3])] == []
    assert g.position() == before and g.out == []


def test_the_walk_places_the_engines_findings_at_their_json_path_and_line():
    """Replay turns each finding into a note: ``$.events[3].dests[0]``, the entry's line and
    column, the table's position before the settling moved it."""
    replay = Replay(_wrong_dest()).run()
    (note,) = [n for n in replay.notes if n.violation.code == "dest/wrong-island"]
    assert note.path == "$.events[3].dests[0]" and note.turn == 1 and note.seat == 0
    assert note.line == 11 and note.col > 1 and note.position is not None
    assert replay.engine.out == []  # all taken


def test_a_finding_at_a_line_marked_condoned_is_condoned_and_a_needless_mark_is_noted():
    text = make(body=ROUND1.replace("mutineer Karge Zunge", "mutineer Karge Zunge!")
                .replace("dest captain Eisfelsen", "dest captain Grünland")
                .replace("green 1, yellow 3\n", "green 1, yellow 3!\n"))
    notes = Replay(read(text)).run().notes
    by_path = {(n.path, n.violation.code): n.condoned for n in notes}
    assert by_path[("$.events[3].dests[0]", "dest/wrong-island")] is True
    assert by_path[("$.events[7]", "condoned/lawful")] is False


def test_the_walk_stops_at_the_first_error_a_rounds_settling_finds():
    """With stop-at-first, the walk stops at the settling's first error: the findings after
    it in the round are not noted, and the round it stopped in is named."""
    text = make(body=ROUND1.replace("dest captain Eisfelsen", "dest captain Grünland")
                .replace("score red 3", "score red 9"))
    replay = Replay(read(text), stop_at_first=True).run()
    assert replay.stopped
    assert [n.violation.code for n in replay.notes] == ["dest/wrong-island"]
    assert "(round 1)" in replay.unchecked[-1]


def test_the_steps_the_engine_tells_reach_a_listener_with_their_notes():
    """The engine tells each step in words only when asked (``telling``); the walk gives
    them to its listener, each with the notes found since the step before."""
    steps = []
    Replay(_wrong_dest()).run(steps.append)
    dest = [s for s in steps if s.phase == "dest"]
    assert len(dest) == 1 and [n.violation.code for n in dest[0].notes] == [
        "dest/wrong-island"]
    assert [s.kind for s in steps][:3] == ["setup", "round", "wage"]
    assert steps[-1].kind == "end"
    quiet = engine.start(_wrong_dest())
    for event in _wrong_dest().events:
        quiet.apply(event)
    assert not [t for t in quiet.out if not isinstance(t, Finding)]  # not telling: no words


def test_the_walkers_engine_waits_at_a_draw_the_rules_refuse_and_goes_on_as_told():
    """The engine reads no slip itself: the walker's (``slips``) stops its refill at a draw
    entry drawing other than the rules give, and goes on with the reading the walker gives
    it (here none: the draw as written); a bare engine goes on as written at once."""
    log = read(make(body=ROUND1.replace("draw red 2", "draw red 3")))
    findings = {}
    for slips in (False, True):
        g = engine.start(log)
        g.slips, g.auto_close = slips, False
        for event in log.events:
            g.apply(event)
        g.close()
        if slips:
            cur, j, want = g.waiting
            assert (j, want) == (0, 2) and g.state.round == 1  # the round not yet over
            g.resume(None)
        assert g.waiting is None and g.state.round == 2
        findings[slips] = [(f.violation.code, f.path) for f in g.out if isinstance(f, Finding)]
    assert findings[True] == findings[False] == [("refill/count", (7, "draws", 0))]


def test_the_walkers_engine_waits_at_a_scoring_the_sheet_contradicts_for_the_captain():
    """A score line giving the captain other points stops the walker's engine before the
    points are added (``scoring``): the walker may read the wage from the sheet
    (:func:`lookahead.sheet_wage`); given none, the sheet is compared as written."""
    log = read(make(body=ROUND1.replace("score red 3", "score red 4")))
    g = engine.start(log)
    g.slips, g.auto_close = True, False
    for event in log.events:
        g.apply(event)
    g.close()
    assert g.scoring is not None and g.scoring.captain == 0 and not g.scores
    g.score(None)
    assert g.scoring is None and len(g.scores) == 1 and g.state.round == 2
    assert [f.violation.code for f in g.out if isinstance(f, Finding)] == ["score/round"]


def test_the_engine_reads_no_slip_of_the_pen_itself():
    """Reading a value as a slip of the pen is the walk's business: the engine module does
    not import the look-ahead (it follows the readings it is given), nor knows notes."""
    import ast
    from pathlib import Path

    from cartlog.games.meuterer import engine as module

    source = Path(module.__file__).parent / "engine.py"  # the source of a compiled build too
    tree = ast.parse(source.read_text(encoding="utf-8"))
    names = {a.name for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
             for a in node.names} | {node.module for node in ast.walk(tree)
                                     if isinstance(node, ast.ImportFrom)}
    assert "lookahead" not in names and "cartlog.games.meuterer.lookahead" not in names
    assert "Note" not in names and "cartlog.core.walk" not in names
