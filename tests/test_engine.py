"""The engine conformance suite: every registered game honours the public engine API.

Parametrised over the registry, so a game added later is held to the same properties with no
change here: random legal playouts never meet an error; ``check`` leaves the state alone;
``copy`` is independent; a game resumed from its position plays as the original at every step,
in every view; what ``legal()`` offers ``check()`` accepts; conserved totals stay constant; a
simulated game read line by line through ``read`` and ``apply`` ends as the audit says; text and
JSON forms round-trip; and a broken log gives findings or a located syntax error, never an
exception.
"""

from __future__ import annotations

import random

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cartlog import engine
from cartlog.audit import audit
from cartlog.core.errors import LogSyntaxError
from cartlog.core.spec import (
    Breakdown,
    CodeBook,
    Engine,
    Notation,
    Outcome,
    PositionReader,
    ToMove,
)
from cartlog.games import SPECS
from cartlog.logs import read_log, strip_spans

SETTINGS = settings(max_examples=12, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow,
                                           HealthCheck.function_scoped_fixture])
IDS = [spec.name for spec in SPECS]
MAX_STEPS = 3000  # a playout is cut there (a 2000-edition game can lock, ruling O2)


def _errors(spec, violations) -> list[str]:
    codes = spec.codes.CODES
    return [v.code for v in violations if codes[v.code].severity == "error"]


HIDDEN = ("all", "table", "seat")  # every card known; the table's view; one player's view


@st.composite
def simulated(draw, spec, views=("all",)):
    """A simulated log as ``view`` gives it: ``all``, ``table``, or ``seat`` (the table's view
    and one player's own cards, the player drawn too)."""
    rules = draw(st.sampled_from(spec.rulesets))
    low, high = spec.players
    players = draw(st.integers(low, high))
    seed = draw(st.integers(0, 2**31))
    view = draw(st.sampled_from(views))
    if view == "seat":
        log = spec.simulate(rules, players, seed)
        view = draw(st.sampled_from([p.colour for p in log.players]))
    return spec.simulate(rules, players, seed, view=view)


def _header_only(log):
    return msgspec.structs.replace(log, events=[])


def _stripped(event):
    """An event with its source location and comments left out, for comparisons."""
    data = msgspec.to_builtins(event)

    def clean(obj):
        if isinstance(obj, dict):
            return {k: clean(v) for k, v in obj.items()
                    if k not in ("line", "col", "end", "comment")}
        if isinstance(obj, list):
            return [clean(v) for v in obj]
        return obj

    return clean(data)


# -- the contract itself ------------------------------------------------------------------------


@pytest.mark.parametrize("spec", SPECS, ids=IDS)
def test_every_game_provides_the_whole_contract(spec):
    log = spec.simulate(spec.default_rules, spec.players[0], 1)
    g = engine.start(_header_only(log))
    assert isinstance(g, Engine)
    assert g.spec is spec
    assert isinstance(g.to_move(), ToMove)
    assert not g.is_over() and g.outcome() is None
    assert g.legal(), "a new game offers at least one legal event"
    assert spec.count(1).endswith(spec.turn_word) and spec.count(2).endswith(spec.turns_word)
    for name in spec.aliases:
        assert engine.spec(name.upper()) is spec
    # the parts the rest of cartlog uses, each with every member of its protocol
    assert isinstance(spec.notation, Notation)
    assert isinstance(spec.codes, CodeBook)
    assert isinstance(spec.positions, PositionReader)
    assert isinstance(audit(log).breakdown, Breakdown)


def test_an_unknown_game_is_a_value_error():
    with pytest.raises(ValueError, match="unknown game"):
        engine.from_position("chess", "anything")


# -- random legal playouts ----------------------------------------------------------------------


@pytest.mark.parametrize("spec", SPECS, ids=IDS)
@SETTINGS
@given(data=st.data())
def test_random_legal_playouts_meet_no_error(spec, data):
    """Every event ``legal()`` lists passes ``check()``; ``check`` changes nothing; ``copy`` is
    independent; positions read back; conserved totals stay put. Hands the log does not know
    (a table's or a player's view) included: their unseen plays are among the events."""
    log = data.draw(simulated(spec, views=HIDDEN))
    rnd = random.Random(data.draw(st.integers(0, 2**31)))
    g = engine.start(_header_only(log))
    totals = g.totals()
    for step in range(MAX_STEPS):
        if g.is_over():
            break
        options = g.legal()
        assert options, f"step {step}: the game is not over but offers no legal event"
        assert g.to_move() is not None
        before = g.position()
        for event in rnd.sample(options, min(3, len(options))):
            assert _errors(spec, g.check(event)) == [], (before, event)
        assert g.position() == before, "check() changed the state"
        event = rnd.choice(options)
        twin = g.copy()
        twin.apply(event)
        assert g.position() == before, "apply() on a copy changed the original"
        g.apply(event)
        assert g.position() == twin.position()
        assert g.totals() == totals, f"step {step}: {event}"
        if step % 25 == 0:
            again = engine.from_position(spec.name, g.position())
            assert again.position() == g.position()
    if g.is_over():
        assert g.to_move() is None and g.legal() == []
        outcome = g.outcome()
        assert isinstance(outcome, Outcome) and outcome.reason


# -- the recorded game, line by line ------------------------------------------------------------


@pytest.mark.parametrize("spec", SPECS, ids=IDS)
@SETTINGS
@given(data=st.data())
def test_a_game_read_line_by_line_ends_as_audited(spec, data):
    """Each body line of a full-information log, read and applied in turn, is a legal event
    (no error), and the engine ends where the audit's replay ends."""
    log = data.draw(simulated(spec))
    text = spec.notation.format_log(log)
    g = engine.start(_header_only(log))
    body = text.splitlines()[len(text.splitlines()) - _body_lines(text):]
    for line in body:
        if not line.strip() or line.lstrip().startswith((";", "[")):
            continue
        event = g.read(line)
        assert _errors(spec, g.check(event)) == [], line
        g.apply(event)
    report = audit(log)
    assert report.errors == 0
    outcome = g.outcome()
    winners = tuple(outcome.winners) if outcome else ()
    assert set(winners) == set(_winners(report.breakdown))


def _body_lines(text: str) -> int:
    lines = text.splitlines()
    last_tag = max((i for i, ln in enumerate(lines) if ln.startswith("[")), default=-1)
    return len(lines) - last_tag - 1


def _winners(breakdown) -> tuple[str, ...]:
    winners = getattr(breakdown, "winners", None)
    if winners is not None:
        return tuple(winners)
    winner = breakdown.winner
    return () if not winner else tuple(w.strip() for w in winner.split(","))


@pytest.mark.parametrize("spec", SPECS, ids=IDS)
def test_every_lawful_event_is_written_as_a_line_that_reads_back(spec):
    """``notation.format_event`` writes any event ``legal()`` offers in notation that ``read``
    reads back as the same event, each event once: what a recorder shows and writes, hands
    the log does not know included (the table's view, one player's view). The notation also
    says what to ask for a new header."""
    notation = spec.notation
    for rules in spec.rulesets:
        for view in ("all", "table", "red"):
            log = _header_only(spec.simulate(rules, spec.players[0], 3, view=view))
            g = engine.start(log)
            rnd = random.Random(3)
            for _ in range(60):
                if g.is_over():
                    break
                options = g.legal()
                lines = [notation.format_event(event, log) for event in options]
                assert len(set(lines)) == len(lines), sorted(lines)
                for event in rnd.sample(options, min(8, len(options))):
                    text = notation.format_event(event, log)
                    assert _stripped(g.read(text)) == _stripped(event), text
                g.apply(rnd.choice(options))
        questions = notation.header_questions(rules)
        assert any(q.tag == "Players" and q.required for q in questions)
        assert all(q.question and q.example for q in questions)
        assert notation.RULES_TAG is None or isinstance(notation.RULES_TAG, str)


# -- forms of the log ---------------------------------------------------------------------------


@pytest.mark.parametrize("spec", SPECS, ids=IDS)
@SETTINGS
@given(data=st.data())
def test_text_and_json_forms_round_trip(spec, data):
    log = data.draw(simulated(spec, views=("all", "table")))
    text = spec.notation.format_log(log)
    from_text = strip_spans(read_log(text))
    assert from_text == log
    assert spec.notation.format_log(from_text) == text
    from_json = read_log(msgspec.json.encode(log).decode())
    assert strip_spans(from_json) == log


@pytest.mark.parametrize("spec", SPECS, ids=IDS)
@SETTINGS
@given(data=st.data())
def test_broken_logs_give_findings_or_a_located_error(spec, data):
    log = data.draw(simulated(spec, views=("all", "table")))
    rnd = random.Random(data.draw(st.integers(0, 2**31)))
    lines = spec.notation.format_log(log).splitlines()
    for _ in range(3):
        i = rnd.randrange(len(lines))
        words = lines[i].split(" ")
        j = rnd.randrange(len(words))
        words[j] = rnd.choice(["0", "1", "boat", "pass", "x", words[rnd.randrange(len(words))],
                               words[j][::-1], ""])
        lines[i] = " ".join(words)
    text = "\n".join(lines) + "\n"
    try:
        parsed = read_log(text)
    except LogSyntaxError as exc:
        assert exc.problems and all(p.line >= 1 and p.col >= 1 for p in exc.problems)
        return
    report = audit(parsed)
    assert report.errors + report.warnings + report.infos >= 0


# -- one state: a game resumes from its position, and legal() agrees with check() ---------------


def _play(spec, log, data):
    """The engine of ``log``'s header, then each step of a game from the start: the log's own
    events up to a drawn cut, random legal events after it. Yields the engine before each step
    and the event about to be applied (``None`` once the game is over)."""
    cut = data.draw(st.integers(0, len(log.events)))
    rnd = random.Random(data.draw(st.integers(0, 2**31)))
    g = engine.start(_header_only(log))
    recorded = iter(log.events[:cut])
    for _ in range(MAX_STEPS):
        if g.is_over():
            yield g, None
            return
        event = next(recorded, None) or rnd.choice(g.legal())
        yield g, event
        g.apply(event)


@pytest.mark.parametrize("spec", SPECS, ids=IDS)
@SETTINGS
@given(data=st.data())
def test_a_game_resumed_from_its_position_plays_as_the_original_at_every_step(spec, data):
    """At every step of a game from the start, in every view (every card known, the table's,
    one player's), the game read back from its one-line position is the same game: the same
    position, player to act, legal events, findings for every candidate event (the legal ones,
    the log's own events around the step and the previous step's legal events, which are
    mostly illegal now), end and outcome; and a copy is independent. This is what lets
    ``record --position`` and ``--resume`` go on with a game as the original would."""
    log = data.draw(simulated(spec, views=HIDDEN))
    previous: list = []
    for step, (g, event) in enumerate(_play(spec, log, data)):
        text = g.position()
        back = engine.from_position(spec.name, text)
        assert back.position() == text
        assert (back.to_move(), back.is_over(), back.outcome()) == \
            (g.to_move(), g.is_over(), g.outcome()), (step, text)
        if event is None:
            break
        options = g.legal()
        assert back.legal() == options, (step, text)
        candidates = options + log.events[max(0, step - 2):step + 2] + previous
        for candidate in candidates:
            assert back.check(candidate) == g.check(candidate), (step, text, candidate)
        previous = options[:20]
        twin = g.copy()
        twin.apply(event)
        assert g.position() == text, "apply() on a copy changed the original"


@pytest.mark.parametrize("spec", SPECS, ids=IDS)
@SETTINGS
@given(data=st.data())
def test_every_event_legal_offers_passes_check_at_every_step(spec, data):
    """What ``legal()`` lists, ``check()`` accepts, with no error and no warning: every event
    offered at every step of a game from the start (random legal play, the log's own events
    first), in every view."""
    log = data.draw(simulated(spec, views=HIDDEN))
    codes = spec.codes.CODES
    for step, (g, event) in enumerate(_play(spec, log, data)):
        if event is None:
            break
        for option in g.legal():
            refused = [v.code for v in g.check(option) if codes[v.code].severity != "info"]
            assert refused == [], (step, g.position(), option)


COMMENT_HEADERS = {
    "cartagena": '[Game "Cartagena"]\n[Rules "2000-jamaica"]\n[Players "red, blue"]\n'
                 '[Board "SDKBPH KSHDBP HPBKDS DBKSPH PHSDKB BPKDSH"]\n\n',
    "meuterer": '[Game "Meuterer"]\n[Players "red, blue, green"]\n[Islands "Hochland, Sandkap, '
                'Karge Zunge, Piratennest, Rotes Riff, Grünland, Eisfelsen, Sommerland, '
                'Frosthöhle, Kalte Klippe, Affeninsel, Fingerhut"]\n\nround 1\n',
    "mutiny": '[Game "Cartagena: The Mutiny"]\n[Players "red, blue"]\n\nround 1 giver red\n',
}
COMMENT_LINES = {
    "cartagena": ("1. red S0-1; S0-8", "1. red S0-1 ; S0-8 was better"),
    "meuterer": ("sell red W; blue S", "sell red W ; blue wanted salt"),
    "mutiny": ("red ^Pang +1; blue ^Sate +1", "red ^Pang +1 ; blue looked at Sate"),
}


@pytest.mark.parametrize("spec", SPECS, ids=IDS)
def test_a_line_written_after_a_semicolon_is_a_warning_in_every_game(spec):
    """A game's second line written after its first one's ';' (a comment) reads as more of
    that line: comment/entries, at the first line."""
    log = spec.simulate(spec.default_rules, spec.players[0], 2)
    notation = spec.notation
    lines = [notation.format_event(ev, log) for ev in log.events[:2]]
    text = notation.format_log(msgspec.structs.replace(log, events=[], result=None))
    joined = read_log(text.rstrip("\n") + f"\n\n{lines[0]}; {lines[1]}\n")
    found = [f for f in audit(joined, "x").findings if f.code == "comment/entries"]
    assert [(f.code, f.severity) for f in found] == [("comment/entries", "warning")], lines


def test_the_comment_examples_are_of_cartlog_s_own_games():
    own = sorted(spec.name for spec in SPECS if spec.package.startswith("cartlog."))
    assert sorted(COMMENT_LINES) == sorted(COMMENT_HEADERS) == own


@pytest.mark.parametrize("game", sorted(COMMENT_LINES))
def test_a_comment_that_reads_as_more_of_its_line_is_a_warning(game):
    """A ';' starts a comment in every notation: written as a separator it would drop play
    without a word (comment/entries); a comment in words is not reported."""
    hidden, worded = COMMENT_LINES[game]
    for line, want in ((hidden, ["comment/entries"]), (worded, [])):
        log = read_log(COMMENT_HEADERS[game] + line + "\n")
        found = [f for f in audit(log, "x").findings if f.code == "comment/entries"]
        assert [f.code for f in found] == want, line
        assert all(f.severity == "warning" and f.line for f in found)
