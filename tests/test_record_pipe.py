"""Piped input is a transcription of what the table did: a line refused is written as it
stands (``check`` reports it) and the lines after it go on from the game with it played; a
line that cannot be read is reported and left out."""

from __future__ import annotations

import random
import re

import pytest

from cartlog.audit import audit
from cartlog.games import GAMES
from cartlog.logs import read_log
from cartlog.record import Recorder
from tests import test_record as recording
from tests.test_record import body, invoke, simulated

no_sync = recording.no_sync  # the fixture, shared

# per game: how many lines of a simulated game come first, then a line that breaks a rule
# but can be played (the engine carries it out), and the code check gives it
EARLY = {
    "cartagena": (0, "K0-12", "move/forward-destination"),
    "meuterer": (1, "wage 5", "round/wage"),
    "mutiny": (1, "red ^Tembo ^Tembo", "row/duplicate"),
}


def transcript(name: str, tmp_path) -> tuple[str, list[str], int]:
    """A header, the lines piped (a refused line early, then lawful lines played on from the
    game with it played, to the end of the game) and the index of the refused line."""
    spec = GAMES[name]
    log, header, _ = simulated(spec, players=spec.players[1], seed=3)
    header = re.sub(r'\[Result "[^"]*"\]\n', "", header)
    first, bad, _ = EARLY[name]
    lines = body(spec, log)[:first] + [bad]
    rec = Recorder.create(tmp_path / "scratch.cartlog", header)
    for line in lines:
        rec.enter(line, as_played=True)
    rng = random.Random(1)
    while not rec.game.is_over():
        line = rec.format(rng.choice(rec.game.legal()))
        assert rec.enter(line).kind == "accepted", line
        lines.append(line)
    return header, lines, first


@pytest.mark.parametrize("name", list(EARLY))
def test_a_refused_line_is_written_as_it_stands_and_the_lines_after_it_go_on(name, tmp_path,
                                                                             no_sync):
    header, lines, at = transcript(name, tmp_path)
    assert len(lines) - at > 40  # a long log after the refused line
    lines.insert(at + 3, "this is not a line")  # unreadable: reported and left out
    (tmp_path / "header.cartlog").write_text(header, encoding="utf-8")
    out = tmp_path / "game.cartlog"
    result = invoke("--from", tmp_path / "header.cartlog", "--out", out,
                    input="\n".join(lines) + "\n")
    assert result.exit_code == 1
    code = EARLY[name][2]
    # the refusal, with its rule and the closest lawful lines, at its input line
    assert re.match(rf"<stdin>:{at + 1}: refused: .*\[{re.escape(code)}; rule .*\n"
                    r"\s+closest lawful: .*\n\s+written as it stands: check reports it\n"
                    rf"<stdin>:{at + 4}: cannot read: ", result.stderr), result.stderr
    assert result.stderr.count("refused: ") == 1 and result.stderr.count("cannot read") == 1
    assert re.search(r": \d+ lines, 1 refused, 1 not read; the game is over", result.stdout)
    # every later lawful line accepted: the log is the one the lines without the unreadable
    # one make, the refused line played
    text = out.read_text(encoding="utf-8")
    assert text == (tmp_path / "scratch.cartlog").read_text(encoding="utf-8")
    log = read_log(text)
    errors = [f for f in audit(log).findings if f.severity == "error"]
    assert [f.code for f in errors] == [code], [(f.code, f.line, f.message) for f in errors]
    assert EARLY[name][1] in text.splitlines()[errors[0].line - 1]
    assert '[Result "' in text  # the game, played on, ended


def test_a_line_refused_from_a_pipe_without_a_mark_is_not_condoned(tmp_path, no_sync):
    """Written as it stands: without the ``!`` a line typed again at a terminal gets, so that
    check reports it as the error it is (a condoned line would pass)."""
    header, lines, at = transcript("cartagena", tmp_path)
    (tmp_path / "header.cartlog").write_text(header, encoding="utf-8")
    out = tmp_path / "game.cartlog"
    invoke("--from", tmp_path / "header.cartlog", "--out", out,
           input="\n".join(lines[:at + 1]) + "\n")
    text = out.read_text(encoding="utf-8")
    assert "K0-12\n" in text and "K0-12!" not in text
    assert [f.condoned for f in audit(read_log(text)).findings if f.severity == "error"] == [
        False]
