"""Properties of whole Meuterer games: simulated legal games (both variants, 3 and 4 players,
every view) audit clean, conserve cards, score as their sheet says, and survive every
conversion between the text and JSON forms."""

from __future__ import annotations

import msgspec
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cartlog.core.errors import LogSyntaxError
from cartlog.games.meuterer import rules
from cartlog.games.meuterer.events import LOG_TYPE, Total
from cartlog.games.meuterer.model import COLOURS, NKINDS, UNKNOWN, VARIANTS
from cartlog.games.meuterer.notation import format_log, parse, validate
from cartlog.games.meuterer.position import from_position, to_position
from cartlog.games.meuterer.replay import Frame, Replay, record
from cartlog.games.meuterer.score import BREAKDOWN_TYPE, breakdown
from cartlog.games.meuterer.simulate import simulate
from cartlog.logs import strip_spans
from games.meuterer.helpers import findings_of, read

SETTINGS = settings(max_examples=60, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


@st.composite
def games(draw, views=("all", "table", "colour")):
    """A simulated game: variant, 3 or 4 players, seed and a view (all, table or a colour)."""
    variant = draw(st.sampled_from(["base", "pirate"]))
    players = draw(st.integers(3, 4))
    seed = draw(st.integers(0, 2**32 - 1))
    view = draw(st.sampled_from(views))
    if view == "colour":
        view = draw(st.sampled_from(COLOURS[:players]))
    bias = draw(st.sampled_from([0.7, 0.7, 0.5, 0.9]))
    return simulate(variant, players, seed, view=view, play_bias=bias)


@SETTINGS
@given(games())
def test_simulated_games_audit_clean(log):
    for source in (log, parse(format_log(log))):
        replay = Replay(source).run()
        assert [n.violation.code for n in replay.notes] == []
        b = breakdown(replay)
        assert b.finished and sorted(b.winners) == sorted(log.result) and b.agrees


@SETTINGS
@given(games())
def test_the_breakdown_agrees_with_the_sheet(log):
    replay = Replay(log).run()
    b = breakdown(replay)
    last = [e for e in log.events if isinstance(e, Total)][-1]
    assert {e.player: e.points for e in last.entries} == {s.colour: s.total for s in b.standings}
    for rnd in b.scores:
        for p in rnd.players:
            assert p.recorded == p.points == sum(i.points for i in p.items)
    assert isinstance(msgspec.json.decode(msgspec.json.encode(b), type=BREAKDOWN_TYPE),
                      BREAKDOWN_TYPE)


@SETTINGS
@given(games())
def test_cards_are_conserved(log):
    variant = VARIANTS[log.variant]
    all_known = not any(d.cards is None or "?" in (d.cards or "")
                        for e in log.events for d in getattr(e, "draws", ()) or ()
                        if d.count != 0) and len(log.deal) == len(log.players)

    def listener(step) -> None:
        state = step.engine.state
        assert state.cards_in_play() == variant.deck_size, step.kind
        assert all(min(h) >= 0 for h in state.hands) and min(state.discard) >= 0
        assert all(0 <= state.known_out[k] <= variant.totals[k] for k in range(NKINDS))
        assert state.deck_count >= 0
        if all_known:
            assert all(h[UNKNOWN] == 0 for h in state.hands)
        if step.kind == "round-end" and state.phase != "over":
            assert all(state.hand_size(s) == 5 for s in range(state.players))

    Replay(log).run(listener)


@SETTINGS
@given(games(views=("all",)), st.randoms(use_true_random=False))
def test_checks_leave_the_state_alone_and_positions_round_trip(log, rnd):
    def listener(step) -> None:
        state = step.engine.state
        if rnd.random() > 0.2:
            return
        text = to_position(state)
        assert to_position(from_position(text)) == text
        seat = state.turn
        if seat >= 0:
            for card in rules.legal_plays(state, seat):
                rules.check_play(state, seat, card)
            rules.check_pass(state, seat, state.hand_size(seat), 0, "mutineer")
        for s in range(state.players):
            rules.check_add(state, s, 1, None)
            rules.check_refill(state, s, None, 2, None, None)
        assert to_position(state) == text

    Replay(log).run(listener)


@SETTINGS
@given(games())
def test_text_json_text_round_trip(log):
    text = format_log(log)
    parsed = read(text)
    back = read(msgspec.json.encode(strip_spans(parsed)).decode())
    assert format_log(back) == text
    assert strip_spans(back) == strip_spans(parsed) == log


@SETTINGS
@given(games())
def test_json_text_json_round_trip(log):
    encoded = msgspec.json.encode(log)
    decoded = msgspec.json.decode(encoded, type=LOG_TYPE)
    assert decoded == log
    again = strip_spans(parse(format_log(decoded)))
    assert again == log and msgspec.json.encode(again) == encoded


@SETTINGS
@given(games(), st.integers(0, 10_000), st.sampled_from([-2, -1, 1, 3]))
def test_a_miswritten_score_entry_is_found_once_and_carried(log, k, delta):
    """One wrong score entry: one error at it, and every later total the sheet carried it into
    is an info that follows it."""
    where = [(i, j) for i, e in enumerate(log.events) if type(e).__name__ == "Score"
             for j in range(len(e.entries))]
    i, j = where[k % len(where)]
    entry = log.events[i].entries[j]
    entries = list(log.events[i].entries)
    entries[j] = msgspec.structs.replace(entry, points=entry.points + delta)
    events = list(log.events)
    events[i] = msgspec.structs.replace(log.events[i], entries=entries)
    # the sheet adds its own numbers: every later total of that player is off by delta
    for t, e in enumerate(events):
        if t > i and isinstance(e, Total):
            events[t] = msgspec.structs.replace(e, entries=[
                msgspec.structs.replace(x, points=x.points + delta)
                if x.player == entry.player else x for x in e.entries])
    findings = findings_of(Replay(msgspec.structs.replace(log, events=events)).run())
    assert [f.code for f in findings if f.severity == "error"][:1] == ["score/round"]
    errors = [f for f in findings if f.severity == "error"]
    assert len(errors) == 1 + (1 if errors[-1].code == "result/differs" else 0)
    source = findings.index(errors[0])
    carried = [f for f in findings if f.code == "score/carried"]
    assert carried and all(f.follows == source and f.player == entry.player for f in carried)


def test_stop_at_first_stops_at_the_first_error():
    log = simulate("base", 4, 9)
    text = format_log(log).replace("wage ", "wage 7", 1)
    replay = Replay(read(text), stop_at_first=True).run()
    assert replay.stopped and [n.violation.code for n in replay.notes] == ["round/wage"]
    assert "stopped" in replay.unchecked[-1]


def test_record_gives_a_frame_per_step():
    log = simulate("pirate", 3, 4)
    replay, frames = record(log)
    kinds = [f.kind for f in frames]
    assert kinds[0] == "setup" and kinds[-1] == "end"
    assert kinds.count("round-end") == 9 and kinds.count("round") == 9
    assert kinds.count("action") == replay.actions
    end = frames[-1]
    assert end.winners == log.result and end.scores
    assert msgspec.json.decode(msgspec.json.encode(frames), type=list[Frame]) == frames
    assert not findings_of(replay)


def test_hidden_hands_are_listed_as_unchecked():
    replay = Replay(simulate("base", 4, 1, view="table")).run()
    assert not replay.notes
    text = " | ".join(replay.unchecked)
    assert "deal of red, blue, green, yellow" in text
    assert "draw(s) record how many cards" in text


# -- logs that break the rules: findings, never exceptions ---------------------------------------

_SIM = [simulate(v, n, s, view=view) for v in ("base", "pirate") for n in (3, 4) for s in (1, 2)
        for view in ("all", "table")]


def _mutated_entry(item, colours, rnd):
    names = [f.name for f in msgspec.structs.fields(item) if f.name not in ("line", "col", "end")]
    name = rnd.choice(names)
    choices = {
        "player": colours, "card": list("RSWCGXP?"), "kept": [None, 0, 1, 3, 6],
        "count": [0, 1, 2, 5, 9], "returned": [None, 0, 3, 7], "points": [-3, 0, 4, 40],
        "wage": [0, 3, 5], "number": [None, 1, 12], "robbed": [True, False],
        "action": [None, "mate", "mutineer", "cabinboy", "merchant", "stevedore", "zzz"],
        "side": [None, "captain", "mutineer"], "outcome": [None, "captain", "mutineers"],
        "island": ["Hochland", "Sandkap", "Fingerhut", "Piratennest"], "good": list("RSWCG"),
        "cards": [None, "RR", "PXX", "??", "RSWCGXP"], "keep": [None, "", "R", "RRRRR"],
        "role": ["captain", "mutineer"],
    }.get(name)
    if choices is None:
        return item
    return msgspec.structs.replace(item, **{name: rnd.choice(choices)})


@SETTINGS
@given(st.sampled_from(_SIM), st.randoms(use_true_random=False))
def test_broken_logs_give_findings_not_exceptions(log, rnd):
    colours = [p.colour for p in log.players]
    events = list(log.events)
    for _ in range(rnd.randint(1, 6)):
        k = rnd.randrange(len(events))
        ev = events[k]
        r = rnd.random()
        if r < 0.1:
            del events[k]
            continue
        if r < 0.2 and k + 1 < len(events):
            events[k], events[k + 1] = events[k + 1], events[k]
            continue
        for field in ("steps", "dests", "adds", "sales", "draws", "entries"):
            items = getattr(ev, field, None)
            if items:
                items = list(items)
                j = rnd.randrange(len(items))
                items[j] = _mutated_entry(items[j], colours, rnd)
                ev = msgspec.structs.replace(ev, **{field: items})
                break
        else:
            ev = _mutated_entry(ev, colours, rnd)
        events[k] = ev
    broken = msgspec.structs.replace(log, events=events)
    size = VARIANTS[log.variant].deck_size

    def listener(step) -> None:
        assert step.engine.state.cards_in_play() == size  # no card is made or lost, even so

    replay = Replay(broken).run(listener)
    breakdown(replay)
    findings_of(replay)
    text = format_log(broken)
    problems = validate(broken)  # the canonical form is defined for valid logs only
    try:
        again = parse(text)
    except LogSyntaxError as err:  # e.g. a line moved before the first round
        assert problems and err.problems
        return
    if not problems:
        assert format_log(again) == text
