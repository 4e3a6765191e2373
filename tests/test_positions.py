"""A log may start from a one-line position (docs/notation.md, "Starting from a position"),
in every game: a simulated game cut at any step audits from its position as the whole game
does, a fault after the cut is found where the whole log finds it, a position that cannot be
read is refused at the field it names, a header that says otherwise than the position is one
located problem, the log converts both ways, and ``cartlog record --position`` records from
it, through standard input and ``--resume``."""

from __future__ import annotations

import json
import random
from pathlib import Path

import msgspec
import pytest
from typer.testing import CliRunner

from cartlog import engine
from cartlog.audit import audit, replay_report
from cartlog.cli import app
from cartlog.core.errors import LogSyntaxError
from cartlog.core.spec import GameSpec
from cartlog.games import BUILT_IN, GAMES, SPECS
from cartlog.logs import check_conversion, read_log, strip_spans

IDS = [spec.name for spec in SPECS]
# the games of the hand-written examples below (positions, headers, faults): cartlog's own;
# every game, a plugin's too, is cut, resumed and recorded from a position
OWN = sorted(spec.name for spec in BUILT_IN)
OWN_SPECS = [GAMES[name] for name in OWN]
runner = CliRunner()

# the header fields a position of cartlog's own games gives (left out of a cut log), and those
# it rules out; another game's cut log keeps its header as it is
GIVEN = {
    "cartagena": {"board": "", "options": {}, "deal": {}, "row": None},
    "meuterer": {"islands": [], "island_table": {}, "captain": None, "deal": {}},
    "mutiny": {"giver": None, "track": None, "combat": None, "gold": None, "sailors": None},
}


def cut_points(spec: GameSpec, log) -> list[int]:
    """Where a log may be cut: before any event, except a Tortuga row line (it belongs to the
    turn that laid the row); in Meuterer, before a round line (a log opens each round)."""
    kinds = [type(ev).__name__ for ev in log.events]
    if spec.name == "meuterer":
        return [i for i, kind in enumerate(kinds) if kind == "Round"]
    return [i for i in range(len(kinds) + 1) if i == len(kinds) or kinds[i] != "Row"]


def position_at(spec: GameSpec, log, k: int) -> str:
    """The position of ``log``'s game before its event ``k``, as the engine writes it."""
    g = engine.start(msgspec.structs.replace(log, events=[]))
    for ev in log.events[:k]:
        g.apply(ev)
    if spec.name == "meuterer" and k < len(log.events):
        g.close()  # the round before is settled when the next round line opens
    return g.position()


def cut(spec: GameSpec, log, k: int, events=None):
    """The log of the same game from its position before event ``k``: the header, the
    Position tag, the rest of the events; read back from its canonical text."""
    rest = log.events[k:] if events is None else events
    short = msgspec.structs.replace(log, events=rest, position=position_at(spec, log, k),
                                    **GIVEN.get(spec.name, {}))
    text = spec.notation.format_log(spec.notation.with_position(short))
    return read_log(text, "cut.cartlog"), text


def _round_trips(log) -> None:
    """Text -> JSON -> text and JSON -> text -> JSON, exactly (as tests/test_lossless.py)."""
    notation = GAMES[type(log).__struct_config__.tag].notation
    plain = msgspec.to_builtins(strip_spans(log))
    text = notation.format_log(strip_spans(log))
    back = read_log(text)
    assert msgspec.to_builtins(strip_spans(back)) == plain
    as_json = msgspec.json.encode(strip_spans(back)).decode()
    check_conversion(read_log(as_json), as_json)
    again = read_log(as_json)
    assert notation.format_log(strip_spans(again)) == text


def _outcome(report) -> tuple:
    b = report.breakdown
    return b.winner, getattr(b, "finished", None), b.turns


# -- a game cut anywhere ---------------------------------------------------------------------


def _games(spec: GameSpec, seeds: int):
    for rules in spec.rulesets:
        for seed in range(seeds):
            low, high = spec.players
            players = low + seed % (high - low + 1)
            view = "all" if seed % 2 == 0 else "table"
            yield rules, seed, spec.simulate(rules, players, seed, view=view)


@pytest.mark.parametrize("spec", SPECS, ids=IDS)
def test_a_game_cut_at_any_step_audits_from_its_position_as_the_whole_game(spec):
    """Header + Position (the position at step k) + the remaining events: clean, with the
    whole game's outcome, its turns numbered on; the log converts text <-> JSON exactly."""
    for rules, seed, log in _games(spec, {"cartagena": 6, "meuterer": 10}.get(spec.name, 16)):
        whole = audit(log)
        k = random.Random(seed).choice(cut_points(spec, log))
        short, text = cut(spec, log, k)
        report = audit(short, "cut.cartlog")
        where = (rules, seed, k)
        assert [f.code for f in report.findings] == [f.code for f in whole.findings], where
        assert _outcome(report) == _outcome(whole), where
        assert report.unchecked[0].startswith("the log starts from a position"), where
        assert engine.start(short).position() == position_at(spec, log, k)
        _round_trips(short)


_MUTANTS = {
    # one fault in one event: (kind of event, change); None when the event cannot hold it
    "cartagena": lambda ev, rng: (
        msgspec.structs.replace(ev, number=(ev.number or 0) + 1) if rng.random() < 0.3 else
        msgspec.structs.replace(ev, actions=[
            msgspec.structs.replace(a, to=a.to + 1) if i == 0 else a
            for i, a in enumerate(ev.actions)])
        if ev.actions and type(ev.actions[0]).__name__ == "Forward"
        and ev.actions[0].to is not None and ev.actions[0].to > ev.actions[0].start + 1
        and ev.actions[0].to < 30 else None) if type(ev).__name__ == "Turn" else None,
    "meuterer": lambda ev, rng: (
        msgspec.structs.replace(ev, number=(ev.number or 0) + 1)
        if type(ev).__name__ == "Round" else
        msgspec.structs.replace(ev, entries=[
            msgspec.structs.replace(e, points=e.points + 1) if i == 0 else e
            for i, e in enumerate(ev.entries)])
        if type(ev).__name__ in ("Score", "Total") and ev.entries else
        msgspec.structs.replace(ev, wage=5)
        if type(ev).__name__ == "Wage" else None),
    "mutiny": lambda ev, rng: (
        msgspec.structs.replace(ev, number=(ev.number or 0) + 1)
        if type(ev).__name__ == "Round" else
        msgspec.structs.replace(ev, moved=(ev.moved or 0) + 1)
        if type(ev).__name__ == "Ship" else
        msgspec.structs.replace(ev, counts={c: n + 1 for c, n in ev.counts.items()})
        if type(ev).__name__ == "Gold" and ev.counts else None),
}


def _placed(report, shift: int = 0) -> list[tuple[str, str]]:
    """Each finding's code and path, event indices shifted by ``shift``."""
    import re

    def moved(path: str) -> str:
        return re.sub(r"\$\.events\[(\d+)\]", lambda m: f"$.events[{int(m.group(1)) + shift}]",
                      path or "")

    return sorted((f.code, moved(f.path)) for f in report.findings)


@pytest.mark.parametrize("spec", OWN_SPECS, ids=OWN)
def test_a_fault_after_the_cut_is_found_at_the_same_event_as_in_the_whole_log(spec):
    mutate = _MUTANTS[spec.name]
    tried = 0
    for rules, seed, log in _games(spec, 10):
        if seed % 2:
            continue  # every card known: the position holds what the whole replay knows
        rng = random.Random(seed)
        k = rng.choice(cut_points(spec, log)[: max(1, len(cut_points(spec, log)) // 2)])
        faults = [(i, m) for i in range(k, len(log.events))
                  if (m := mutate(log.events[i], rng)) is not None]
        if not faults:
            continue
        i, changed = rng.choice(faults)
        events = list(log.events)
        events[i] = changed
        mutant = msgspec.structs.replace(log, events=events)
        whole = audit(read_log(spec.notation.format_log(mutant)))
        short, _ = cut(spec, log, k, events[k:])
        found = _placed(audit(short), shift=k)
        assert found == _placed(whole), (rules, seed, k, i)
        assert any(f.code != "game/unfinished" for f in whole.findings), (rules, seed, i)
        tried += 1
    assert tried >= 2


# -- turn numbers ----------------------------------------------------------------------------


@pytest.mark.parametrize(("game", "code"), [("cartagena", "turn/number"),
                                            ("meuterer", "round/number"),
                                            ("mutiny", "row/number")])
def test_the_first_turn_after_the_position_is_the_positions_next(game, code):
    """Turn (round) numbers go on from the position's: a body numbered from 1 is the usual
    numbering finding at its first line."""
    spec = GAMES[game]
    log = spec.simulate(spec.default_rules, spec.players[0], 3)
    points = [k for k in cut_points(spec, log) if 0 < k < len(log.events)
              and type(log.events[k]).__name__ in ("Turn", "Round")
              and getattr(log.events[k], "number", None) not in (None, 1)]
    k = points[len(points) // 2]
    first = log.events[k]
    renumbered = [msgspec.structs.replace(first, number=1), *log.events[k + 1:]]
    short, _ = cut(spec, log, k, renumbered)
    found = [f for f in audit(short).findings if f.code == code]
    assert len(found) == 1 and found[0].path.startswith("$.events[0]")
    assert (found[0].expected, found[0].actual) == (str(first.number), "1")


# -- positions that cannot be read -----------------------------------------------------------

CARTAGENA = ("2000-jamaica SDKBPH/DKBPHS/KBPHSD/BPHSDK/PHSDKB/HSDKBP red:0,0,3,5,9,boat;"
             "blue:0,0,0,1,2,4 red:SDK?;blue:BB blue/0 deck:96 turn:6")
MEUTERER = ("base HO/FR/GR/KZ/EI/AF/KK/SO/RR/PN/FI/SK SO<HO 3/sell/blue blue:- "
            "red:RSWCG:-:.:7;blue:SSWWX:-:.:4;green:CCGGX:-:.:9 deck:21")
MUTINY = ("4/deal/blue giver=blue row=- players=red:P1G1:-:3:-:-;blue:P1G1:1:2:V:-;"
          "green:P1G1:2:4:-:- ship=+6 supply=34,16,21 sate=0 boat=- storm=0 placed=0")
POSITIONS = {"cartagena": CARTAGENA, "meuterer": MEUTERER, "mutiny": MUTINY}
HEADERS = {
    "cartagena": '[Game "Cartagena"]\n[Rules "2000-jamaica"]\n[Players "red Ann, blue Bo"]\n',
    "meuterer": '[Game "Meuterer"]\n[Variant "base"]\n[Players "red, blue, green"]\n',
    "mutiny": '[Game "Cartagena: The Mutiny"]\n[Players "red, blue, green"]\n',
}
BODIES = {"cartagena": "6. blue B0-14 4-3+1\n", "meuterer": "round 3\nwage 1\n",
          "mutiny": "round 5 giver blue\n"}


def positioned(game: str, position: str | None = None, head: str = "", body: str | None = None
               ) -> str:
    return (HEADERS[game] + head + f'[Position "{position or POSITIONS[game]}"]\n\n'
            + (BODIES[game] if body is None else body))


def test_the_hand_written_examples_are_of_cartlog_s_own_games():
    """A game of cartlog's own added without its examples here fails loudly."""
    for examples in (GIVEN, _MUTANTS, POSITIONS, HEADERS, BODIES):
        assert sorted(examples) == OWN


def test_the_example_positions_read_and_audit():
    for game in OWN:
        log = read_log(positioned(game))
        assert log.position == POSITIONS[game]
        report = audit(log)
        assert report.errors == 0, (game, [f.message for f in report.findings])


@pytest.mark.parametrize(("game", "old", "new", "field"), [
    ("cartagena", "2000-jamaica ", "2000-jamaca ", "rules"),
    ("cartagena", "SDKBPH/DKBPHS", "SDKBPZ/DKBPHS", "board"),
    ("cartagena", "red:0,0,3,5,9,boat", "red:0,0,3,5,99,boat", "pirates"),
    ("cartagena", "red:SDK?", "red:SDKX", "hand of red"),
    ("cartagena", "blue/0", "grey/0", "to move"),
    ("cartagena", "deck:96", "deck:many", "deck"),
    ("cartagena", "turn:6", "turn:x", "turn"),
    ("cartagena", "deck:96", "deck:96 discard:Q", "discard"),
    # counts that do not add up: at the field that states them
    ("cartagena", "deck:96", "deck:95", "deck"),
    ("cartagena", "deck:96", f"deck:79 discard:{'S' * 17}", "discard"),
    ("cartagena", "blue:BB", f"blue:BB{'?' * 97}", "hand of blue"),
    ("meuterer", "base ", "basx ", "variant"),
    ("meuterer", "HO/FR", "HX/FR", "circle"),
    ("meuterer", "SO<HO", "SO<XX", "ships"),
    ("meuterer", "3/sell/blue", "3/buy/blue", "round"),
    ("meuterer", "blue:- ", "grey:- ", "captain"),
    ("meuterer", "red:RSWCG:-:.:7", "red:RSWCQ:-:.:7", "hand of red"),
    ("meuterer", "green:CCGGX:-:.:9", "green:CCGGX:-:.:nine", "score of green"),
    ("meuterer", "deck:21", "deck:21 discard:Q", "discard"),
    ("meuterer", "deck:21", "deck:22", "deck"),
    ("meuterer", "deck:21", "deck:17 discard:RRRR", "discard"),
    ("meuterer", "blue:SSWWX:-:", "blue:SSWWX:SSS:", "cards played by blue"),
    ("mutiny", "4/deal/blue", "4/deal", "first field"),
    ("mutiny", "4/deal/blue", "4/sail/blue", "phase"),
    ("mutiny", "red:P1G1:-:3:-:-", "red:P1G9:-:3:-:-", "combat cards"),
    ("mutiny", "green:P1G1:2:4:-:-", "green:P1G1:2:four:-:-", "coins"),
    ("mutiny", "ship=+6", "ship=+six", "ship"),
    ("mutiny", "supply=34,16,21", "supply=34,16", "supply"),
    ("mutiny", "placed=0", "placed=0 track=24/5", "track"),
    ("mutiny", "placed=0", "placed=0 duel=F/0/1-2/open", "duel"),
    ("mutiny", "supply=34,16,21", "supply=34,16,20", "supply"),
    ("mutiny", "green:P1G1:2:4:-:-", "green:P1G1:2:40:-:-", "coins"),
    ("mutiny", "red:P1G1:-:3:-:-", "red:P1G1:-:3:-:PA", "used"),
    ("mutiny", "placed=0", "placed=6", "placed"),
])
def test_an_unreadable_position_is_refused_at_the_field_it_names(game, old, new, field):
    """The position reader's own words, the caret under the field they name, what a position
    holds; in text and in JSON (at $.position)."""
    position = POSITIONS[game].replace(old, new)
    assert position != POSITIONS[game]
    text = positioned(game, position)
    with pytest.raises(LogSyntaxError) as info:
        read_log(text, "bad.cartlog")
    [p] = info.value.problems
    line = text.splitlines()[p.line - 1]
    assert line.startswith("[Position ")
    assert p.message.startswith(f"unreadable position: {field}")
    assert p.expected and "position" in p.expected
    word = new.split()[-1]
    at = line.index(word.split("/")[0] if field == "first field" else word)
    assert p.col <= at + 1 < p.end_col, (p, at)
    assert "Traceback" not in str(info.value)
    # the same log as JSON: the same words, at the value of $.position
    doc = msgspec.to_builtins(strip_spans(read_log(positioned(game))))
    doc["position"] = position
    as_json = json.dumps(doc, indent=1)
    with pytest.raises(LogSyntaxError) as info:
        read_log(as_json)
    [q] = info.value.problems
    assert q.message == f"at $.position: {p.message}"
    assert as_json.splitlines()[q.line - 1].strip().startswith('"position"')


@pytest.mark.parametrize("spec", SPECS, ids=IDS)
def test_every_position_a_simulated_game_passes_through_adds_up(spec: GameSpec):
    """Every rule set, number of players and view (every card known, the table's, a seat's):
    each position the engine writes on the way, hidden cards counted as cards, adds up to
    the game's components, so it reads back as written."""
    for rules in spec.rulesets:
        for players in range(spec.players[0], spec.players[1] + 1):
            seat = spec.simulate(rules, players, 0).players[-1].colour
            for view in ("all", "table", seat):
                log = spec.simulate(rules, players, 0, view=view)
                g = engine.start(msgspec.structs.replace(log, events=[]))
                for ev in [None, *log.events]:
                    if ev is not None:
                        g.apply(ev)
                    text = g.position()
                    assert engine.from_position(spec.name, text).position() == text


_PIECES = ["", " ", ":", ";", ",", "/", "=", "-", "9", "99999", "?", "x", "boat", "red", "grey",
           "P", "L", ".", "*", "HO", "0", "turn:0", "deck:-1", "\u00b2"]


@pytest.mark.parametrize("game", OWN)
def test_a_position_edited_anywhere_is_refused_located_or_audited(game):
    """A position with a piece replaced, inserted or cut anywhere: a located problem, or a log
    that audits; never an exception."""
    rng = random.Random(game)
    for _ in range(300):
        chars = list(POSITIONS[game])
        i = rng.randrange(len(chars) + 1)
        piece = rng.choice(_PIECES)
        how = rng.random()
        if how < 0.4:
            chars[i:i + 1] = [piece]
        elif how < 0.7:
            chars[i:i] = [piece]
        else:
            del chars[i:i + rng.randrange(1, 8)]
        text = positioned(game, "".join(chars))
        try:
            log = read_log(text, "edited.cartlog")
        except LogSyntaxError as err:
            assert all(p.line >= 1 and p.col >= 1 and p.message for p in err.problems)
            continue
        replay_report(log)


# -- the header against the position -----------------------------------------------------------


@pytest.mark.parametrize(("game", "head", "tag", "words"), [
    ("cartagena", "", "Rules", "the rule set is ravensburger, the position's 2000-jamaica"),
    ("cartagena", "", "Players", "the players are blue, red, the position's red, blue"),
    ("cartagena", '[Board "SDKBPH DKBPHS KBPHSD BPHSDK PHSDKB HSDKPB"]\n', "Board",
     "space 35 is P here, B in the position"),
    ("cartagena", '[Options "boat_retreat=false"]\n', "Options",
     "option boat_retreat is false here, true in the position"),
    ("cartagena", '[Deal "red SDKBPH"]\n', "Deal", "has no deal"),
    ("cartagena", '[Row "SDKBPHSDKBPH"]\n', "Row", "has no opening row"),
    ("meuterer", "", "Variant", "the variant is pirate, the position's base"),
    ("meuterer", "", "Players", "the players are red, green, blue, the position's red, blue, "
     "green"),
    ("meuterer", '[Islands "Hochland, Grünland, Frosthöhle, Karge Zunge, Eisfelsen, Affeninsel, '
     'Kalte Klippe, Sommerland, Rotes Riff, Piratennest, Fingerhut, Sandkap"]\n', "Islands",
     "island 2 from Hochland is Grünland here, Frosthöhle in the position"),
    ("meuterer", '[IslandTable "Sandkap wine 5/2/1"]\n', "IslandTable",
     "Sandkap is wine 5/2/1 here, wine 4/2/1 ship 3 in the position"),
    ("meuterer", '[Captain "red"]\n', "Captain", "the captain is red, the position's blue"),
    ("meuterer", '[Deal "red RSWCG"]\n', "Deal", "has no deal"),
    ("mutiny", "", "Players", "the players are red, green, blue, the position's red, blue, "
     "green"),
    ("mutiny", '[Giver "red"]\n', "Giver", "the giver is red, the position's blue"),
    ("mutiny", '[Track "length 30"]\n', "Track", "the track's length is 30 here, not declared "
     "in the position"),
    ("mutiny", '[Combat "P1 8, P2 6, P3 6, G1 8, G2 6, G3 6"]\n', "Combat",
     "the combat split is P1 8, P2 6, P3 6, G1 8, G2 6, G3 6 here, not declared in the "
     "position"),
    ("mutiny", '[Sailors "A 3-7"]\n', "Sailors", "pair A's sailors are 3-7 here, not declared "
     "in the position"),
])
def test_a_header_that_says_otherwise_than_the_position_is_one_located_problem(game, head, tag,
                                                                                words):
    text = positioned(game, head=head)
    if tag == "Rules":
        text = text.replace('[Rules "2000-jamaica"]', '[Rules "ravensburger"]')
    elif tag == "Variant":
        text = text.replace('[Variant "base"]', '[Variant "pirate"]')
    elif tag == "Players":
        text = text.replace("red Ann, blue Bo", "blue Bo, red Ann").replace(
            "red, blue, green", "red, green, blue")
    with pytest.raises(LogSyntaxError) as info:
        read_log(text, "header.cartlog")
    [p] = info.value.problems
    line = text.splitlines()[p.line - 1]
    assert line.startswith(f"[{tag} "), (line, p)
    assert words in p.message, p.message
    assert p.expected


@pytest.mark.parametrize(("game", "field", "value", "words"), [
    ("cartagena", "rules", "ravensburger", "the rule set is ravensburger"),
    ("cartagena", "board", "SDKBPH" * 6, "space 7 is S here, D in the position"),
    ("cartagena", "deal", {"red": "SDKBPH"}, "has no deal"),
    ("meuterer", "variant", "pirate", "the variant is pirate, the position's base"),
    ("meuterer", "captain", "red", "the captain is red, the position's blue"),
    ("mutiny", "giver", "red", "the giver is red, the position's blue"),
    ("mutiny", "track", {"length": 30}, "the track's length is 30 here"),
])
def test_a_json_header_that_says_otherwise_than_the_position_is_a_problem_at_its_field(
        game, field, value, words):
    doc = msgspec.to_builtins(strip_spans(read_log(positioned(game))))
    doc[field] = value
    text = json.dumps(doc, indent=1)
    with pytest.raises(LogSyntaxError) as info:
        read_log(text)
    [p] = [p for p in info.value.problems if p.message.startswith(f"at $.{field}: ")]
    assert words in p.message, p.message
    assert text.splitlines()[p.line - 1].strip().startswith(f'"{field}"')


@pytest.mark.parametrize("game, field", [("cartagena", "board"), ("meuterer", "islands")])
def test_a_json_log_without_a_position_still_needs_the_field_the_position_would_give(game,
                                                                                     field):
    """Optional with a position, required without one: one problem, as the text reader's
    missing tag, and no cascade of problems against a board or circle that is not there."""
    doc = json.loads(msgspec.json.encode(engine.spec(game).simulate(seed=3)))
    del doc[field]
    with pytest.raises(LogSyntaxError) as caught:
        read_log(json.dumps(doc), "game.json")
    problems = caught.value.problems
    assert len(problems) == 1 and f'missing field "{field}"' in problems[0].message
    assert "position" in (problems[0].expected or "")


def test_a_meuterer_position_in_the_middle_of_a_round_is_refused():
    middle = MEUTERER.replace("blue:- ", "blue:2 ")
    with pytest.raises(LogSyntaxError) as info:
        read_log(positioned("meuterer", middle))
    [p] = info.value.problems
    assert "in the middle of round 3" in p.message and "no wage" in p.expected


@pytest.mark.parametrize("game", OWN)
def test_tags_the_position_gives_are_left_out_and_filled_in(game):
    """What the position gives need not be written; read, it is filled in from the position,
    and the canonical text leaves it out again; given and agreeing, it reads the same."""
    spec = GAMES[game]
    log = read_log(positioned(game))
    text = spec.notation.format_log(strip_spans(log))
    assert f'[Position "{POSITIONS[game]}"]' in text
    for tag in ("Board", "Options", "Islands", "IslandTable", "Captain", "Giver", "Track"):
        assert f"[{tag} " not in text
    filled = {"cartagena": ("board", "SDKBPHDKBPHSKBPHSDBPHSDKPHSDKBHSDKBP"),
              "meuterer": ("captain", "blue"), "mutiny": ("giver", "blue")}[game]
    assert getattr(log, filled[0]) == filled[1]
    _round_trips(log)


def test_the_replay_begins_with_the_position():
    for game in OWN:
        log = read_log(positioned(game))
        report, frames = replay_report(log)
        assert frames[0].kind == "setup"
        assert frames[0].text == "from the position: " + POSITIONS[game]
        assert report.unchecked[0].startswith("the log starts from a position")


def test_a_position_at_turn_n_numbers_the_next_turn_n():
    """Cartagena: the position says the turn (``turn:N``), the body goes on from it."""
    text = positioned("cartagena", body="6. blue B0-14 4-3+1\n7. red S3-6\n")
    report = audit(read_log(text))
    assert [f.code for f in report.findings if f.code == "turn/number"] == []
    assert report.breakdown.turns == 7
    early = audit(read_log(positioned("cartagena", body="5. blue B0-14\n")))
    [f] = [f for f in early.findings if f.code == "turn/number"]
    assert (f.expected, f.actual) == ("6", "5")



def test_a_finding_s_position_pasted_as_the_position_tag_numbers_the_turns_on():
    """Cartagena: the position a finding carries (``check -v``, JSON ``position``) holds its
    turn number, so the game goes on from it with the log's own numbering: a turn at k played
    by the wrong player, then the rest of the log from that finding's position, audits as
    the whole game."""
    spec = SPECS[[s.name for s in SPECS].index("cartagena")]
    for rules, seed, log in _games(spec, 4):
        turns = [i for i, ev in enumerate(log.events)
                 if type(ev).__name__ == "Turn" and (ev.number or 0) > 1]
        k = random.Random(seed).choice(turns)
        bad = list(log.events)
        other = [p.colour for p in log.players if p.colour != bad[k].player][0]
        bad[k] = msgspec.structs.replace(bad[k], player=other)
        found = [f for f in audit(msgspec.structs.replace(log, events=bad)).findings
                 if f.code == "turn/out-of-order"][0]
        assert f" turn:{log.events[k].number}" in found.position, (rules, seed)
        short = msgspec.structs.replace(log, events=log.events[k:], position=found.position,
                                        **GIVEN["cartagena"])
        report = audit(short)
        assert [f.code for f in report.findings] == [f.code for f in audit(log).findings]
        assert _outcome(report) == _outcome(audit(log)), (rules, seed, k)

# -- cartlog record --position -------------------------------------------------------------------


def _cartlog(*args: str, stdin: str = "") -> tuple[int, str, str]:
    result = runner.invoke(app, list(args), input=stdin,
                           env={"COLUMNS": "100", "NO_COLOR": "1", "TERM": "dumb"})
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture
def no_sync(monkeypatch):
    import os

    monkeypatch.setattr(os, "fsync", lambda fd: None)


@pytest.mark.parametrize("spec", SPECS, ids=IDS)
def test_record_from_a_position_through_standard_input_then_resume(spec, tmp_path, no_sync):
    """The recorder writes the Position tag with the rule set and the players the position
    gives, takes the body lines from standard input, and goes on after ``--resume``: the log
    is the cut log, line for line."""
    log = spec.simulate(spec.default_rules if spec.name != "cartagena" else "ravensburger",
                        spec.players[0], 11)
    points = cut_points(spec, log)
    k = points[len(points) // 2]
    short, _ = cut(spec, log, k)
    lines = [spec.notation.format_event(ev, short) for ev in short.events]
    half = len(lines) // 2
    position_file = tmp_path / "position.txt"
    position_file.write_text(f"; before turn {k}\n{short.position}\n", encoding="utf-8")
    out = tmp_path / "game.cartlog"
    code, stdout, stderr = _cartlog("record", spec.name, "--position", str(position_file),
                                    "--out", str(out), stdin="\n".join(lines[:half]) + "\n")
    assert code == 0, stderr
    assert f"{half} lines, 0 refused" in stdout
    code, stdout, stderr = _cartlog("record", "--resume", str(out),
                                    stdin="\n".join(lines[half:]) + "\n")
    assert code == 0, stderr
    written = read_log(out.read_text(encoding="utf-8"), str(out))
    assert written.position == short.position
    body = [spec.notation.format_event(ev, written) for ev in written.events]
    assert body == lines
    assert audit(written).errors == 0
    # the position given on the command line, rather than in a file, writes the same
    again = tmp_path / "again.cartlog"
    code, _, stderr = _cartlog("record", spec.name, "--position", short.position, "--out",
                               str(again), stdin="\n".join(lines) + "\n")
    assert code == 0, stderr
    assert again.read_text(encoding="utf-8") == out.read_text(encoding="utf-8")


def test_record_refuses_an_unreadable_position_located(tmp_path):
    out = tmp_path / "game.cartlog"
    bad = CARTAGENA.replace("blue/0", "grey/0")
    code, _, stderr = _cartlog("record", "cartagena", "--position", bad, "--out", str(out))
    assert code == 2 and not out.exists()
    assert "--position:1:" in stderr and "unreadable position: to move" in stderr
    assert "Traceback" not in stderr
    code, _, stderr = _cartlog("record", "cartagena", "--position", CARTAGENA, "--rules",
                               "ravensburger", "--out", str(out))
    assert code == 2 and "--position gives the setup" in stderr
    middle = MEUTERER.replace("blue:- ", "blue:2 ")
    code, _, stderr = _cartlog("record", "meuterer", "--position", middle, "--out", str(out))
    assert code == 2 and "in the middle of round 3" in stderr


def test_a_recorded_position_header_asks_only_for_the_names():
    """The header the recorder writes from a position: the rule set and the players'
    colours from it, the names given, and the Position tag; it reads and breaks no rule."""
    from cartlog.record import header_text, read_position, setup_problems

    spec = GAMES["cartagena"]
    position, rules, colours = read_position(spec, "  " + CARTAGENA + "\n")
    assert (position, rules, colours) == (CARTAGENA, "2000-jamaica", ["red", "blue"])
    text = header_text(spec, rules, {"Players": "red Ann, blue Bo"}, position)
    assert setup_problems(text) == []
    assert text.splitlines()[:2] == ['[Game "Cartagena"]', '[Rules "2000-jamaica"]']
    wrong = header_text(spec, rules, {"Players": "blue Bo, red Ann"}, position)
    [(tag, message)] = setup_problems(wrong)
    assert tag == "Players" and "the position's red, blue" in message


def test_samples_that_start_from_a_position_are_listed(samples_dir: Path):
    readme = (samples_dir / "README.md").read_text(encoding="utf-8")
    for game in OWN:
        starting = [p for p in sorted((samples_dir / game).glob("*.cartlog"))
                    if "[Position " in p.read_text(encoding="utf-8")]
        assert len(starting) >= 2, game
        for p in starting:
            assert p.name in readme, p


def test_record_from_a_position_at_a_terminal_asks_for_the_names(tmp_path):
    """Through a pseudo-terminal: the position's colours offered, an order other than the
    position's refused, the names taken, then the game goes on from the position's turn."""
    import fcntl
    import os
    import pty
    import re
    import select
    import struct
    import subprocess
    import sys
    import termios
    import time

    root = Path(__file__).resolve().parent.parent
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 50, 100, 0, 0))
    env = {**os.environ, "PYTHONPATH": str(root), "PROMPT_TOOLKIT_NO_CPR": "1",
           "NO_COLOR": "1", "TERM": "xterm", "COLUMNS": "100"}
    out = tmp_path / "game.cartlog"
    proc = subprocess.Popen([sys.executable, "-m", "cartlog", "record", "cartagena",
                             "--position", CARTAGENA, "--out", str(out), "--ascii",
                             "--no-board"], stdin=slave, stdout=slave, stderr=slave,
                            cwd=tmp_path, env=env)
    os.close(slave)
    seen = b""

    def expect(pattern: str, timeout: float = 20) -> None:
        nonlocal seen
        end = time.monotonic() + timeout
        while True:
            clean = re.sub(rb"\x1b\[[0-9;?]*[A-Za-z]|\x1b[=>]|\r", b"", seen)
            found = re.search(pattern.encode(), clean, re.S)
            if found:
                seen = clean[found.end():]
                return
            if time.monotonic() > end:
                proc.kill()
                raise AssertionError(f"{pattern!r} not shown; the screen ends: "
                                     f"{clean[-1500:].decode(errors='replace')}")
            if select.select([master], [], [], 0.1)[0]:
                try:
                    seen += os.read(master, 65536)
                except OSError:
                    pass

    try:
        expect(r"from a position.*Players> red, blue")
        os.write(master, b"\x15blue Bo, red Ann\r")  # Ctrl-U: the line typed afresh
        expect(r"the position's red, blue.*Players>")
        os.write(master, b"\x15red Ann, blue Bo\r")
        expect(r"blue Bo to move \(turn\).*blue turn>")
        os.write(master, b"B0-14\r")
        expect(r"recorded: 6\. blue B0-14.*blue turn>")
        os.write(master, b"quit\r")
        expect(r"1\s+line\s+recorded")  # wrapped to the terminal
        assert proc.wait(20) == 0
    finally:
        os.close(master)
        if proc.poll() is None:
            proc.kill()
    text = out.read_text(encoding="utf-8")
    assert '[Players "red Ann, blue Bo"]' in text
    assert f'[Position "{CARTAGENA}"]' in text  # the turn goes on after --resume
    assert text.endswith("\n\n6. blue B0-14\n; recording: the line above is still being written\n")
