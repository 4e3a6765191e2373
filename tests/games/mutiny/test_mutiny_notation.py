"""Cartagena: The Mutiny text notation: round trips, located problems, JSON validation."""

from __future__ import annotations

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cartlog.core.errors import LogSyntaxError
from cartlog.games.mutiny.engine import Engine
from cartlog.games.mutiny.events import MutinyLog
from cartlog.games.mutiny.notation import _Reader, format_log, parse, to_json, validate

SAMPLE = """\
[Game "Cartagena: The Mutiny"]
[Event "Club night"]
[Date "2026.11.20"]
[Players "red Ann, blue Bob, green Cy"]
[Giver "red"]
[Track "length 24; storms 5 11 17; start 2:0 3:2 4:4; mutiny 24"]
[Combat "P1 8, P2 6, P3 6, G1 8, G2 6, G3 6"]
[Gold "1 6, 2 6, 3 6"]
[Sailors "A 3-7"]
[Result "red"]

; the track above is an example, not the printed board
round 1 giver red
red ^Sate ^Pang Pang +C?
blue Sate +2 ; two coins
green ^Ghost
ship 3 at 5 storm
round 2 giver blue lifeboat Ghost
blue ^Chang-Ye from red
green ^Valverde ^Pang ^Crackpott Crackpott +P3 +G2
red ^Bijoux ^Ojo Ojo set diaz
ship 0 at 5 calm
round 3 giver green
green ^Cambivalute pair A 3-7
red ^Wessel-Jan -P1 +C?
blue ^Nero +C? -1
ship 3 at 8
mutiny
duel A 3-7
fight red G3
fight red monkey
steal red from blue
won diaz
reveal red diaz, blue none, green none
gold red 1, blue 2, green 1
"""


def test_text_round_trip_is_identical():
    log = parse(SAMPLE)
    assert format_log(log) == SAMPLE
    assert format_log(parse(format_log(log))) == format_log(log)


def test_json_round_trip():
    log = parse(SAMPLE)
    data = to_json(log)
    back = msgspec.json.decode(data, type=MutinyLog)
    assert to_json(back) == data
    assert format_log(back) == format_log(log)
    assert validate(back) == []


def test_sample_replays_with_the_findings_expected():
    log = parse(SAMPLE)
    e = Engine.start(log)
    found = []
    for ev in log.events:
        found += [(ev.line, v.code) for v in e.check(ev)]
        e.apply(ev)
    # ship at 8 of 24, no supply used up; the convictions revealed before a side has three
    assert found == [(28, "voyage/early"), (34, "duel/order")]
    assert e.outcome() is None  # a side needs three duels


def test_tolerant_spellings():
    log = parse('[Game "la mutinerie"]\n[Players "rouge, bleu"]\n\n'
                "round 1\nrouge ^Chang Ye from bleu\nbleu ^SATÈ +1\n")
    turns = [ev for ev in log.events if type(ev).__name__ == "Turn"]
    assert turns[0].turned == ["Chang-Ye"] and turns[0].victim == "blue"
    assert turns[1].turned == ["Sate"]
    # the French rulebook's two-word name, as the English one
    log = parse('[Game "la mutinerie"]\n[Players "rouge, bleu"]\n\n'
                "round 1\nrouge ^Capitaine Valverde +1\nbleu ^Captain  Valverde +1\n")
    turns = [ev for ev in log.events if type(ev).__name__ == "Turn"]
    assert turns[0].turned == ["Valverde"] and turns[1].turned == ["Valverde"]


def test_problems_are_located():
    text = ('[Game "mutiny"]\n[Players "red, blue"]\n\nround 1\nred ^Pangolin +1\n'
            "purple ^Pang\nship at x\n")
    with pytest.raises(LogSyntaxError) as info:
        parse(text)
    where = [(p.line, p.col) for p in info.value.problems]
    assert (5, 6) in where  # Pangolin, after the ^
    assert (6, 1) in where  # purple
    assert (7, 9) in where  # x


def test_missing_header_is_reported():
    with pytest.raises(LogSyntaxError) as info:
        parse("round 1\n")
    assert any("Players" in p.message for p in info.value.problems)


def test_validate_json_names_the_path():
    log = parse('[Game "mutiny"]\n[Players "red, blue"]\n\nround 1\nred ^Pang +1\n')
    bad = msgspec.structs.replace(log, giver="green")
    problems = validate(bad)
    assert problems and "$.giver" in problems[0].message


@settings(max_examples=60, deadline=None)
@given(st.text(alphabet='[]"^+-$?;{}:,. \nabcdeghilmnoprstuvwyPG0123456789ABCDE', max_size=200))
def test_reader_never_raises_but_locates(body):
    text = '[Game "mutiny"]\n[Players "red, blue, green"]\n\n' + body
    reader = _Reader(text, "<t>")
    reader.read()  # never raises
    try:
        parse(text)
    except LogSyntaxError as err:
        assert err.problems
    lines = text.count("\n") + 1
    for p in reader.problems:
        assert 1 <= p.line <= lines and p.col >= 1


def test_engine_reads_one_line():
    log = parse('[Game "mutiny"]\n[Players "red, blue"]\n')
    e = Engine.start(log)
    assert type(e.read("round 1 giver red")).__name__ == "Round"
    with pytest.raises(LogSyntaxError) as err:
        e.read("purple ^Pang")
    assert err.value.problems[0].line == 1  # located in the line read


def test_engine_import_loads_neither_rich_nor_typer():
    import subprocess
    import sys

    code = ("import sys, cartlog.games.mutiny.engine, cartlog.games.mutiny.notation; "
            "print(any(m.split('.')[0] in ('rich', 'typer') for m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "False"


def test_board_file_declares_what_the_log_leaves_out():
    from cartlog.games.mutiny.notation import read_board, with_board

    board = read_board('[Track "length 30; storms 6 12; start 2:0 3:1 4:2"]\n'
                       '[Gold "1 8, 2 6, 3 4"]\n')
    log = parse('[Game "mutiny"]\n[Players "red, blue"]\n[Board "example.board"]\n'
                '[Track "mutiny 28"]\n')
    full = with_board(log, board)
    assert full.track.length == 30 and full.track.mutiny == 28
    assert full.track.storms == [6, 12] and full.gold == {"1": 8, "2": 6, "3": 4}
    assert Engine.start(full).state.ship == 0
    with pytest.raises(LogSyntaxError):
        read_board('[Players "red"]\nround 1\n')


def test_diaz_is_a_card_unless_bijoux_or_ojo_is_played():
    log = parse('[Game "mutiny"]\n[Players "red, blue"]\n\nround 1\nred ^Bijoux set diaz\n'
                "blue Diaz +$2\n")
    assert log.events[1].side == "diaz" and log.events[2].card == "Diaz"


# -- header problems and suggestions -----------------------------------------------------------

HEAD = '[Game "mutiny"]\n[Players "red Ann, blue Bob, green Cy"]\n\n'


def problems_of(text: str) -> list[tuple[int, int, str]]:
    with pytest.raises(LogSyntaxError) as info:
        parse(text)
    return [(p.line, p.col, p.message) for p in info.value.problems]


@pytest.mark.parametrize("body, players", [
    ("round 1 giver green\ngreen ^Pang\nrouge ^Sate\nblue Sate +2\n", "green, red, blue"),
    ("round 1\nblau ^Pang\nmutiny\nreveal gelb diaz, blue none\n", "blue, yellow"),
])
def test_a_missing_players_tag_is_one_problem_naming_the_colours_of_the_body(body, players):
    with pytest.raises(LogSyntaxError) as info:
        parse('[Game "mutiny"]\n\n' + body)
    (problem,) = info.value.problems
    assert (problem.line, problem.col, problem.message) == (2, 1, "missing header tag Players")
    assert problem.expected.startswith(f'[Players "{players}"] at the top of the log')


def test_a_log_without_players_still_reports_its_own_problems():
    assert problems_of('[Game "mutiny"]\n\nround 1\nred ^Pangolin\nrd ^Pang\n') == [
        (2, 1, "missing header tag Players"),
        (4, 6, "'Pangolin' is not a pirate card; did you mean Pang?"),
        (5, 1, "'rd' is neither a keyword nor a player; did you mean red?")]


@pytest.mark.parametrize("written", ["base", "Standard", "basic"])
def test_the_rules_tag_names_the_one_rule_set(written):
    log = parse(HEAD.replace("\n\n", f'\n[Rules "{written}"]\n\n') + "round 1\n")
    assert log.tags == {"Rules": written}


def test_any_other_rule_set_is_a_problem_at_its_tag():
    assert problems_of(HEAD.replace("\n\n", '\n[Rules "pirate"]\n\n')) == [
        (3, 9, "unknown rule set 'pirate': Cartagena: The Mutiny has one, base")]


@pytest.mark.parametrize("line, col, message", [
    ("roudn 2", 1, "'roudn' is neither a keyword nor a player; did you mean round?"),
    ("sihp 3", 1, "'sihp' is neither a keyword nor a player; did you mean ship?"),
    ("Bbo ^Pang", 1, "'Bbo' is neither a keyword nor a player; did you mean blue (Bob)?"),
    ("rd ^Pang", 1, "'rd' is neither a keyword nor a player; did you mean red?"),
    ("red ^Valvrde", 6, "'Valvrde' is not a pirate card; did you mean Valverde?"),
    ("red Crackpot +P1 +G1 Tembbo", 22,
     "'Tembbo' is not a pirate card or an effect; did you mean Tembo?"),
    ("red ^Bijoux chnage diaz", 13,
     "'chnage' is not a pirate card or an effect; did you mean change?"),
    ("round 2 givr blue", 9, "'givr' is not part of a round line; did you mean giver?"),
    ("round 2 giver blue lifeboat Tmebo", 29, "'Tmebo' is not a pirate card; did you mean Tembo?"),
    ("ship 3 at 5 strom", 13, "'strom' is not part of a ship line; did you mean storm?"),
    ("mutiny coin", 8, "'coin' is not a reason for the mutiny; did you mean coins?"),
    ("fight P2, blue monkee", 16, "'monkee' is not a combat card or a monkey; did you mean "
     "monkey?"),
    ("won diazz", 5, "'diazz' is not a side; did you mean diaz?"),
    ("reveal red valverd, blue nnoe", 12, "'valverd' is not a side; did you mean valverde?"),
])
def test_a_misspelt_word_suggests_the_one_meant(line, col, message):
    assert problems_of(HEAD + line + "\n")[0] == (4, col, message)


@pytest.mark.parametrize("line, col, message", [
    ("blue ^Chang-Ye frm red", 16, "'frm' is not a pirate card or an effect; did you mean from?"),
    ("green ^Ojo lok red", 12, "'lok' is not a pirate card or an effect; did you mean look?"),
    ("ship 3 att 5", 8, "'att' is not part of a ship line; did you mean at?"),
    ("round 2 giverr blue", 9, "'giverr' is not part of a round line; did you mean giver?"),
])
def test_a_misspelt_word_that_takes_a_value_is_reported_once(line, col, message):
    assert problems_of(HEAD + line + "\n") == [(4, col, message)]


@pytest.mark.parametrize("line", ["red pass", "red ^Pang pass", "red PASSES"])
def test_a_pass_is_reported_as_such(line):
    ((_, _, message),) = problems_of(HEAD + "round 1\n" + line + "\n")
    assert message == ("no pass in Cartagena: The Mutiny: every player uses one card a round "
                       "(ruling M2)")


@pytest.mark.parametrize("tag, message", [
    ('[Giver "Bbo"]', "'Bbo' is not a player of this game; did you mean blue (Bob)?"),
    ('[Result "gren"]', "'gren' is not a player of this game; did you mean green?"),
    ('[Players "red Ann, bleu Bob, gren Cy"]', "unknown colour 'gren'; did you mean green?"),
])
def test_the_header_suggests_the_player_or_colour_meant(tag, message):
    text = HEAD.replace("\n\n", f"\n{tag}\n\n") if "Players" not in tag else (
        f'[Game "mutiny"]\n{tag}\n\nround 1\ngreen ^Pang\n')
    assert [m for _, _, m in problems_of(text)] == [message]


# -- the condoned mark (docs/notation.md, the Mutiny: "Condoned turns") --------------------------

MARKED = SAMPLE.replace("green ^Ghost\n", "green Ghost! ; taken face down, let stand\n").replace(
    "blue Sate +2 ; two coins", "blue Sate +2 ! {two coins}")


def test_the_condoned_mark_ends_a_turn_line_and_is_written_back_canonically():
    log = parse(MARKED)
    marked = [e for e in log.events if getattr(e, "condoned", False)]
    assert [(e.player, e.comment) for e in marked] == [
        ("blue", "two coins"), ("green", "taken face down, let stand")]
    text = format_log(log)
    assert "blue Sate +2! ; two coins\ngreen Ghost! ; taken face down, let stand\n" in text
    assert format_log(parse(text)) == text


def test_the_condoned_mark_converts_to_json_and_back_losslessly():
    log = parse(MARKED)
    data = msgspec.json.decode(to_json(log))
    turns = [e for e in data["events"] if e["type"] == "turn"]
    assert [t.get("condoned") for t in turns[:3]] == [None, True, True]  # omitted when false
    back = msgspec.json.decode(to_json(log), type=MutinyLog)
    assert validate(back) == [] and format_log(back) == format_log(log)


@pytest.mark.parametrize("line,words", [
    ("ship 3 at 5!", "a ship line cannot be marked condoned"),
    ("red ^Sate! +1", "! stands only at the end of a turn line"),
])
def test_the_condoned_mark_elsewhere_is_a_located_problem(line, words):
    with pytest.raises(LogSyntaxError) as info:
        parse(HEAD + "round 1 giver red\n" + line + "\n")
    problem = info.value.problems[0]
    assert words in problem.message and problem.col == line.index("!") + 1


def test_a_finding_at_a_marked_turn_is_condoned_and_a_lawful_mark_is_a_warning():
    from cartlog.audit import audit

    plain = audit(parse(SAMPLE.replace("green ^Ghost\n", "green Ghost\n")))
    report = audit(parse(MARKED))
    assert "row/not-open" in [f.code for f in plain.findings if not f.condoned]
    at = [f for f in report.findings if f.code == "row/not-open"]
    assert at and all(f.condoned for f in at)
    assert report.errors == plain.errors - len(at) and report.condoned == len(at)
    lawful = [f for f in report.findings if f.code == "condoned/lawful-turn"]
    assert [(f.severity, f.condoned, f.player) for f in lawful] == [("warning", False, "blue")]


@pytest.mark.parametrize("card", ["Diaz", "Valverde"])
def test_a_pirate_named_as_the_card_used_is_read_as_the_card_not_a_side(card):
    """``Diaz`` and ``Valverde`` are pirate cards and sides: a side only after its conviction
    word (``set diaz``) or after Bijoux or Ojo named as the card used. Written as the card of
    a Bijoux turn, the card is read, so the audit finds it was not open (M2) and gives no
    conviction, and the line converts back with it."""
    from cartlog.audit import audit

    line = f"red ^{card} ^Bijoux {card} set valverde"
    log = parse('[Game "mutiny"]\n[Players "red, blue"]\n\nround 1 giver red\n' + line + "\n")
    ev = log.events[1]
    assert (ev.card, ev.conviction, ev.side) == (card, "set", "valverde")
    assert line in format_log(log)
    found = {f.code for f in audit(log).findings}
    assert {"row/not-open", "action/effect"} <= found
    side = parse('[Game "mutiny"]\n[Players "red, blue"]\n\nround 1 giver red\n'
                 "red ^Bijoux Bijoux diaz set\n").events[1]
    assert (side.card, side.conviction, side.side) == ("Bijoux", "set", "diaz")
