"""What the recorder says at a terminal: each line accepted echoed in two lines in the game's
own words, the board only when asked, ``--quiet``, one summary at the end, and every line
wrapped to the terminal's width."""

from __future__ import annotations

import re

import pytest

from cartlog.games import GAMES
from cartlog.record import Recorder
from tests import test_record as recording
from tests.test_record import body, simulated

no_sync, terminal = recording.no_sync, recording.terminal  # the fixtures, shared

SPECS = [GAMES[name] for name in ("cartagena", "meuterer", "mutiny")]
IDS = [spec.name for spec in SPECS]
PROMPT = re.compile(r"\w+>")  # a line prompt_toolkit draws (and draws again)
NOISE = ("unfinished", "not checked", "-- End", "game/unfinished")
# the start of what the recorder says to a line, then the next prompt
REPLY = r"(recorded|refused|cannot read|Lawful now|took back|hands|pirates|-- ).*?\w>"


def said(screen: str) -> list[str]:
    """The lines the recorder printed: the screen without the prompts' lines."""
    return [line for line in screen.split("\n") if line.strip() and not PROMPT.search(line)]


# -- the echo, from the session ----------------------------------------------------------------


@pytest.mark.parametrize("spec", SPECS, ids=IDS)
def test_each_line_accepted_is_echoed_in_two_lines_in_the_game_s_words(spec, tmp_path, no_sync):
    """The line as recorded, then what it did and who moves next (or how the game ended):
    never the board, the end of a replay or "not checked"."""
    log, header, _ = simulated(spec, seed=3)
    rec = Recorder.create(tmp_path / "game.cartlog", header)
    echoes = []
    for line in body(spec, log):
        reply = rec.enter(line)
        assert reply.kind == "accepted", (line, reply.text)
        first, second = reply.text.split("\n")
        assert first.startswith("recorded: ")
        assert not any(word in reply.text for word in NOISE), reply.text
        echoes.append(second)
    assert echoes[-1].endswith(")") and "the game is over: won by" in echoes[-1]
    words = {"cartagena": "'s pirates ", "meuterer": "scores ", "mutiny": "the ship at "}
    assert any(words[spec.name] in echo for echo in echoes), echoes[:20]
    assert any(" to move (" in echo for echo in echoes)


def test_a_cartagena_turn_in_progress_says_the_actions_left(tmp_path, no_sync):
    header = ('[Game "Cartagena"]\n[Rules "2000-jamaica"]\n[Players "red Anne, blue Bart"]\n'
              '[Board "KDSBPH HPBSDK KDSBPH HPBSDK KDSBPH HPBSDK"]\n'
              '[Deal "red: KKDSBP, blue: HHPBSD"]\n\n')
    rec = Recorder.create(tmp_path / "game.cartlog", header)
    assert rec.enter("K0-1").text == "recorded: 1. red K0-1\n  red's pirates 1; 2 actions left"
    assert rec.enter("D0-2").text.endswith("red's pirates 1, 2; 1 action left")
    assert rec.enter("B0-4").text.endswith("red's pirates 1, 2, 4; blue Bart to move (turn)")
    assert rec.enter("H0-6").text.endswith("blue's pirates 6; 2 actions left")
    assert rec.enter("6-4+B").text.endswith(
        "blue's pirates 4; blue holds 6 cards; 1 action left")


# -- at a terminal -----------------------------------------------------------------------------


def _near_the_end(spec, tmp_path, left: int, seed: int = 3) -> tuple[str, list[str]]:
    """A log of ``spec`` written up to its last ``left`` lines, and those lines."""
    log, header, _ = simulated(spec, seed=seed)
    lines = body(spec, log)
    (tmp_path / "start.cartlog").write_text(header + "\n".join(lines[:-left]) + "\n",
                                            encoding="utf-8")
    return "start.cartlog", lines[-left:]


@pytest.mark.parametrize("spec", SPECS, ids=IDS)
def test_at_a_terminal_a_line_is_two_lines_and_the_end_one_summary(spec, tmp_path, terminal):
    start, last = _near_the_end(spec, tmp_path, 4)
    term = terminal("--from", start, "--out", "game.cartlog")
    term.expect(r"\w>")
    ends = []
    for line in last:
        screen = term.line(line, REPLY)
        shown = said(screen)
        assert shown[0].startswith("recorded: "), screen
        assert not any(word in screen for word in NOISE), screen
        if "the game is over" in screen and not ends:  # the end: then one summary
            assert len(shown) == 3, screen
            assert re.search(r"the game is over: won by .*game\.cartlog: clean;.*won by",
                             screen, re.S), screen
            ends.append(line)
        else:
            assert len(shown) == 2, screen  # no board, no "may:", no status block
    assert ends
    term.line("quit", r"the log\s+is\s+complete")
    assert term.proc.wait(20) == 0


def test_quiet_says_only_the_refusals_and_the_end(tmp_path, terminal):
    spec = GAMES["cartagena"]
    start, last = _near_the_end(spec, tmp_path, 3)
    term = terminal("--from", start, "--out", "game.cartlog", "--quiet")
    screen = term.expect(r"turn>")
    assert not said(screen)  # no banner, no status
    screen = term.line(last[0], r"red turn>")
    assert not said(screen)
    screen = term.line("K0-40", REPLY)
    assert said(screen)[0].startswith("cannot read: ")
    screen = term.line("quit", r"the log\s+is\s+complete")
    assert term.proc.wait(20) == 0
    assert "game.cartlog: " in screen


def test_the_board_is_drawn_only_when_asked(tmp_path, terminal):
    """Without ``--board`` no board after a turn; ``board`` draws the last turn without the
    end of a replay; ``--board`` draws after each turn."""
    spec = GAMES["cartagena"]
    start, last = _near_the_end(spec, tmp_path, 3)
    term = terminal("--from", start, "--out", "game.cartlog")
    term.expect(r"turn>")
    screen = term.line(last[0], REPLY)
    assert "-- Turn" not in screen
    screen = term.line("board", REPLY)
    assert "-- Turn" in screen and not any(word in screen for word in NOISE), screen
    term.line("quit", r"complete")

    again = terminal("--resume", "game.cartlog", "--board")
    again.expect(r"turn>")
    screen = again.line(last[1], REPLY)
    assert "-- Turn" in screen and "-- End" not in screen, screen
    again.line("quit", r"complete")


@pytest.mark.parametrize("columns", [80, 40])
def test_what_the_recorder_says_is_wrapped_to_the_terminal(tmp_path, terminal, columns):
    """The set-up questions, the help, a refusal, the echo and the end: no line wider than
    the terminal (the answers typed are kept short, as prompt_toolkit draws those)."""
    term = terminal("mutiny", "--out", "game.cartlog", columns=columns)
    screen = term.expect("Players>")
    screen += term.line("red, blue", "Giver>")
    for tag in ("Track>", "Combat>", "Gold>", r"deal>"):
        screen += term.line("", tag)
    screen += term.line("help", REPLY)
    screen += term.line("red ^Q", REPLY)
    screen += term.line("round 1 giver red", REPLY)
    screen += term.line("blue ^Sate", REPLY)
    screen += term.line("quit", r"complete")
    assert "Lawful now" in screen and "cannot read" in screen and "Giver:" in screen
    wide = [line for line in said(screen) if len(line) > columns]
    assert not wide, wide

    spec = GAMES["cartagena"]
    start, last = _near_the_end(spec, tmp_path, 3)
    term = terminal("--from", start, "--out", "cartagena.cartlog", columns=columns)
    screen = term.expect(r"turn>")
    screen += term.line("K0-40", REPLY)
    screen += term.line(last[0], REPLY)
    screen += term.line("hand", REPLY)
    screen += term.line("quit", r"complete")
    assert ("refused:" in screen or "cannot read:" in screen) and "recorded:" in screen
    wide = [line for line in said(screen) if len(line) > columns]
    assert not wide, wide
