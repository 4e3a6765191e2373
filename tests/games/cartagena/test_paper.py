"""Cartagena lines as a scribe writes them on paper (docs/notation.md, "Written as on paper"):
each form reads as the canonical line, in a log and in the recorder, and is written back
canonical; the ambiguous ones are refused, naming the form to write."""

from __future__ import annotations

import os
import random
import re

import msgspec
import pytest

from cartlog.core.errors import LogSyntaxError
from cartlog.games import GAMES
from cartlog.games.cartagena.model import RULESETS
from cartlog.games.cartagena.notation import format_event, format_log, parse, read_line
from cartlog.record import Recorder

SPEC = GAMES["cartagena"]
RS = RULESETS["2000-jamaica"]
COLOURS = ["red", "blue", "yellow"]
NAMES = [("red", "Anne"), ("blue", "Bart"), ("yellow", "Carla")]
HEADER = """[Game "Cartagena"]
[Rules "2000-jamaica"]
[Players "red Anne, blue Bart, yellow Carla"]
[Board "KSDHPB HSKBPD DPHKBS KHDBSP DKBHSP BKPSHD"]

"""


@pytest.fixture
def no_sync(monkeypatch):
    monkeypatch.setattr(os, "fsync", lambda fd: None)


def line(text: str, names=NAMES, number: int | None = None) -> str:
    """``text`` read as a recorder reads it (yellow to move), in canonical form."""
    return format_event(read_line(text, RS, COLOURS, 37, "yellow", names=names, number=number))


def body(text: str) -> str:
    """``text`` read as the body of a log, written back in canonical form."""
    return format_log(parse(HEADER + text + "\n")).split("\n\n", 1)[1].strip()


# each form a scribe writes, and the canonical line it stands for
PAPER = [
    ("yellow K5-14 D3-7", "yellow K5-14 D3-7"),  # the turn number left out
    ("Carla K5-14", "yellow K5-14"),  # the player's name for the colour
    ("carla: K5-14", "yellow K5-14"),
    ("yellow K 5-14, D 3-7", "yellow K5-14 D3-7"),  # commas, spaces inside
    ("yellow K5 - 14", "yellow K5-14"),
    ("yellow k5-14 d3-7", "yellow K5-14 D3-7"),  # lower-case signs
    ("yellow keys 5-14, dagger 3-7", "yellow K5-14 D3-7"),  # the sign's word
    ("yellow K5->14", "yellow K5-14"),  # an arrow for the dash
    ("yellow K5→14", "yellow K5-14"),
    ("yellow K5–14", "yellow K5-14"),  # an en dash, as a word processor writes it
    ("yellow key 5 to 14, 14 to 9 draw 2", "yellow K5-14 14-9+2"),  # the rulebook's words
    ("yellow K 5 TO 20", "yellow K5-20"),
    ("yellow 14-9 +2", "yellow 14-9+2"),  # the draw written apart
    ("yellow 14-9 draw 2", "yellow 14-9+2"),  # the draw as a word
    ("yellow 14→9 draws SH", "yellow 14-9+SH"),
    ("Carla 14 - 9 draw 1, K 9 -> 14", "yellow 14-9+1 K9-14"),
]


@pytest.mark.parametrize("paper, canonical", PAPER)
def test_a_line_written_as_on_paper_reads_as_the_canonical_line(paper, canonical):
    assert line(paper) == canonical
    assert body(paper) == canonical


@pytest.mark.parametrize("paper, canonical", [
    ("5->14 +2", "5-14+2"), ("14-9 draw 2", "14-9+2"), ("draw 1", "+1"), ("drew K", "+K"),
    ("key 5→14", "K5-14"),
])
def test_a_single_action_written_as_on_paper(paper, canonical):
    assert line(paper) == canonical


def test_a_turn_line_without_its_number_takes_the_games_number():
    assert line("Carla K5-14", number=7) == "7. yellow K5-14"
    assert line("3. Carla K5-14", number=7) == "3. yellow K5-14"  # as written: checked later


def test_a_name_of_several_words_or_letters_beyond_ascii_stands_for_its_colour():
    names = [("red", "Anne Marie"), ("blue", "Zoë"), ("yellow", None)]
    assert line("Anne Marie K5-14", names) == "red K5-14"
    assert line("zoë: 14-9 +1", names) == "blue 14-9+1"
    text = HEADER.replace("red Anne, blue Bart", "red Anne Marie, blue Zoë")
    log = parse(text + "1. Anne Marie K0-1\nZoë H0-4\n")
    assert [t.player for t in log.events] == ["red", "blue"]


@pytest.mark.parametrize("names, typed, said", [
    ([("red", "Sam"), ("blue", "Sam"), ("yellow", None)], "Sam K5-14",
     "Sam may be red or blue: write the colour (red ...)"),
    # a name that also reads as another player's colour (a prefix of yellow)
    ([("red", "Ye"), ("blue", None), ("yellow", None)], "Ye K5-14",
     "Ye may be red or yellow: write the colour (red ...)"),
])
def test_an_ambiguous_name_is_refused_naming_the_colour_to_write(names, typed, said):
    with pytest.raises(LogSyntaxError) as err:
        read_line(typed, RS, COLOURS, 37, "yellow", names=names)
    assert said in str(err.value)
    text = HEADER.replace("red Anne, blue Bart, yellow Carla",
                          ", ".join(f"{c} {n or ''}".strip() for c, n in names))
    with pytest.raises(LogSyntaxError) as err:
        parse(text + typed + "\n")
    assert said in str(err.value)


def test_a_back_move_without_its_draw_is_refused_naming_both_canonical_forms():
    with pytest.raises(LogSyntaxError) as err:
        read_line("yellow 5->14", RS, COLOURS, 37, "yellow")
    assert "K5: forward" in str(err.value) and "+2" in str(err.value)


# -- over whole games ------------------------------------------------------------------------


def _words(rs) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for name, sign in rs.aliases.items():
        if len(name) > 1 and name.isascii():
            out.setdefault(rs.letters[sign], []).append(name)
    return out


def on_paper(canonical: str, names: dict[str, str], rs, rng: random.Random) -> str:
    """A canonical turn line written as a scribe might: any of the paper forms at random."""
    number, colour, *actions = canonical.split(" ")
    words = _words(rs)
    out = []
    for action in actions:
        back = re.fullmatch(r"(\d+|boat)-(\d+|boat)\+(\w+)", action)
        forward = re.fullmatch(r"([A-Z?])(\d+)-(\d+|boat)", action)
        dash = rng.choice(["-", " - ", "->", "→", "–", " to "])
        if back:
            plus = rng.choice(["+", " +", " draw ", " draws "])
            draw = back[3] if rng.random() < 0.5 else back[3].lower()
            out.append(f"{back[1]}{dash}{back[2]}{plus}{draw}")
        elif forward and forward[1] != "?":
            card = rng.choice([forward[1], forward[1].lower(), *words[forward[1]]])
            gap = " " if len(card) > 1 or rng.random() < 0.5 else ""
            out.append(f"{card}{gap}{forward[2]}{dash}{forward[3]}")
        else:
            out.append(action)
    who = names.get(colour, colour) if rng.random() < 0.7 else colour
    lead = "" if rng.random() < 0.5 else number + " "
    return lead + who + " " + rng.choice([" ", ", "]).join(out)


def named(log):
    names = ["Anne", "Bart", "Carla", "Dirk", "Eva"]
    return msgspec.structs.replace(log, players=[
        msgspec.structs.replace(p, name=n) for p, n in zip(log.players, names)])


@pytest.mark.parametrize("rules", ["2000-jamaica", "ravensburger"])
@pytest.mark.parametrize("seed", [1, 2])
def test_a_whole_game_typed_as_on_paper_is_recorded_as_the_canonical_log(
        rules, seed, tmp_path, no_sync):
    log = named(SPEC.simulate(rules, 3, seed))
    header = format_log(msgspec.structs.replace(log, events=[], result=None))
    full = format_log(msgspec.structs.replace(log, result=None))
    names = {p.colour: p.name for p in log.players}
    rng = random.Random(seed)
    rec = Recorder.create(tmp_path / "game.cartlog", header)
    paper = []
    for ev in log.events:
        canonical = format_event(ev, log)
        typed = on_paper(canonical, names, rec.game.state.rs, rng) if canonical[0].isdigit() \
            else canonical
        paper.append(typed)
        reply = rec.enter(typed)
        assert reply.kind == "accepted", (typed, reply.text)
        assert reply.written == canonical, typed
    text = (tmp_path / "game.cartlog").read_text(encoding="utf-8")
    assert [ln for ln in text.splitlines() if ln[:1].isdigit()] == \
        [ln for ln in full.splitlines() if ln[:1].isdigit()]
    # the same lines as a log's body: read as the canonical log (the numbers as written)
    text = header + "\n".join(paper) + "\n"
    again = parse(text)
    assert [format_event(e, again).split(" ", 1)[-1] if format_event(e, again)[0].isdigit()
            else format_event(e, again) for e in again.events] == \
        [format_event(e, log).split(" ", 1)[-1] if format_event(e, log)[0].isdigit()
         else format_event(e, log) for e in log.events]
