"""The Mutiny's lines as a scribe writes them on paper (docs/notation.md, "Written as on
paper"): each form reads as the canonical line, in a log and in the recorder, and is written
back canonical; the ambiguous ones are refused, naming the form to write."""

from __future__ import annotations

import os
import random
import re

import msgspec
import pytest

from cartlog.core.errors import LogSyntaxError
from cartlog.games import GAMES
from cartlog.games.mutiny.notation import format_event, format_log, parse, read_line
from cartlog.record import Recorder

SPEC = GAMES["mutiny"]
COLOURS = ["red", "blue", "green"]
NAMES = [("red", "Ann"), ("blue", "Bob"), ("green", "Cy")]
HEADER = """[Game "Cartagena: The Mutiny"]
[Players "red Ann, blue Bob, green Cy"]

"""


@pytest.fixture
def no_sync(monkeypatch):
    monkeypatch.setattr(os, "fsync", lambda fd: None)


def line(text: str, names=NAMES, number: int | None = None) -> str:
    return format_event(read_line(text, COLOURS, names=names, number=number))


def body(text: str) -> str:
    return format_log(parse(HEADER + text + "\n")).split("\n\n", 1)[1].strip()


PAPER = [
    ("Ann ^Sate ^Pang Pang +C?", "red ^Sate ^Pang Pang +C?"),  # the name for the colour
    ("ann: ^Sate", "red ^Sate"),
    ("Bob ^Chang Ye from Ann", "blue ^Chang-Ye from red"),  # names after from, look, giver
    ("Cy ^Ojo look Bob", "green ^Ojo look blue"),
    ("round 2 giver Bob", "round 2 giver blue"),
    ("round giver Bob", "round giver blue"),  # the number left out
    ("red ^Sate, ^Pang", "red ^Sate ^Pang"),  # commas between the cards
    ("red ^Sate +2 coins", "red ^Sate +2"),  # the coins' word
    ("red ^Nero -1 coin +C?", "red ^Nero +C? -1"),
    ("red ^Crackpott +pink2 +grey1", "red ^Crackpott +P2 +G1"),  # a combat card by colour
    ("red ^Tembo +gray3", "red ^Tembo +G3"),
    ("red ^Captain Valverde +gold2 +1", "red ^Valverde +$2 +1"),  # a gold card by its word
    ("ship +3 at 5", "ship 3 at 5"),  # the spaces moved with a sign
    ("fight P2, Ann mascot", "fight P2, red monkey"),  # the rulebook's word for the monkey
    ("gold Ann 3, Bob 4, green 1", "gold red 3, blue 4, green 1"),
]


@pytest.mark.parametrize("paper, canonical", PAPER)
def test_a_line_written_as_on_paper_reads_as_the_canonical_line(paper, canonical):
    assert line(paper) == canonical
    assert body(paper) == canonical


def test_a_round_line_without_its_number_takes_the_games_number():
    assert line("round giver Bob", number=3) == "round 3 giver blue"
    assert line("round 2 giver Bob", number=3) == "round 2 giver blue"  # as written


def test_a_name_of_several_words_stands_for_its_colour():
    names = [("red", "Ann Marie"), ("blue", "Zoë"), ("green", None)]
    assert line("Ann Marie ^Sate, ^Pang", names) == "red ^Sate ^Pang"
    assert line("zoë: Sate +2", names) == "blue Sate +2"


@pytest.mark.parametrize("typed, said", [
    ("ship 3 to 5", "write the spaces moved and the space reached"),
    ("ship 3 -> 5", "ship N at SPACE"),
])
def test_a_ship_line_that_may_mean_two_things_is_refused_naming_the_canonical_form(typed, said):
    with pytest.raises(LogSyntaxError) as err:
        read_line(typed, COLOURS, names=NAMES)
    assert said in str(err.value)


def test_a_name_two_players_answer_to_is_refused_naming_the_colours():
    names = [("red", "Sam"), ("blue", "Sam"), ("green", None)]
    with pytest.raises(LogSyntaxError) as err:
        read_line("Sam ^Sate", COLOURS, names=names)
    assert "Sam may be red or blue: write the colour (red ...)" in str(err.value)


# -- over whole games ------------------------------------------------------------------------


def on_paper(canonical: str, names: dict[str, str], rng: random.Random) -> str:
    """A canonical line written as a scribe might: any of the paper forms at random."""
    words = canonical.split(" ")
    if words[0] in names and rng.random() < 0.7:
        words[0] = names[words[0]]
    out = []
    for k, w in enumerate(words):
        before = words[k - 1] if k else ""
        if before in ("from", "look", "giver") and w in names and rng.random() < 0.5:
            w = names[w]
        elif re.fullmatch(r"\+[PG][123]", w) and rng.random() < 0.5:
            w = "+" + {"P": "pink", "G": rng.choice(["grey", "gray"])}[w[1]] + w[2]
        elif re.fullmatch(r"\+\$[123]", w) and rng.random() < 0.5:
            w = "+gold" + w[2]
        elif re.fullmatch(r"[+-]\d+", w) and words[0] != "ship" and rng.random() < 0.5:
            w += rng.choice([" coins", " coin"])
        elif w.startswith("^") and k + 1 < len(words) and rng.random() < 0.5:
            w += ","
        out.append(w)
    if out[0] == "round" and len(out) > 1 and out[1].isdigit() and rng.random() < 0.5:
        del out[1]
    if out[0] == "ship" and len(out) > 1 and out[1].isdigit() and rng.random() < 0.5:
        out[1] = "+" + out[1]
    return " ".join(out)


@pytest.mark.parametrize("players, seed", [(2, 1), (3, 2), (4, 3)])
def test_a_whole_game_typed_as_on_paper_is_recorded_as_the_canonical_log(
        players, seed, tmp_path, no_sync):
    log = SPEC.simulate("base", players, seed)
    log = msgspec.structs.replace(log, players=[
        msgspec.structs.replace(p, name=n) for p, n in zip(log.players, ["Ann", "Bob", "Cy",
                                                                        "Dee"])])
    header = format_log(msgspec.structs.replace(log, events=[], result=None))
    names = {p.colour: p.name for p in log.players}
    rng = random.Random(seed)
    rec = Recorder.create(tmp_path / "game.cartlog", header)
    paper = []
    for ev in log.events:
        canonical = format_event(ev, log)
        typed = on_paper(canonical, names, rng)
        paper.append(typed)
        reply = rec.enter(typed)
        assert reply.kind == "accepted", (typed, reply.text)
        assert reply.written == canonical, typed
    # the same lines as a log's body: the canonical log, a round's number as written
    again = parse(header + "\n".join(paper) + "\n")
    unnumbered = [re.sub(r"^round \d+", "round", format_event(e, log)) for e in log.events]
    assert [re.sub(r"^round \d+", "round", format_event(e, again)) for e in again.events] \
        == unnumbered
