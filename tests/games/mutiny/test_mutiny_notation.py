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
round 2 giver blue lifeboat Tembo
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
    assert found == [(28, "voyage/early")]  # ship at 8 of 24, no supply used up
    assert e.outcome() is None  # a side needs three duels


def test_tolerant_spellings():
    log = parse('[Game "la mutinerie"]\n[Players "rouge, bleu"]\n\n'
                "round 1\nrouge ^Chang Ye from bleu\nbleu ^SATÈ +1\n")
    turns = [ev for ev in log.events if type(ev).__name__ == "Turn"]
    assert turns[0].turned == ["Chang-Ye"] and turns[0].victim == "blue"
    assert turns[1].turned == ["Sate"]


def test_problems_are_located():
    text = ('[Game "mutiny"]\n[Players "red, blue"]\n\nround 1\nred ^Pangolin +1\n'
            "purple ^Pang\nship at x\n")
    with pytest.raises(LogSyntaxError) as info:
        parse(text)
    where = [(p.line, p.col) for p in info.value.problems]
    assert (5, 5) in where  # ^Pangolin
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
