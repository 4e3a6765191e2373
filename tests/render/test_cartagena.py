"""The Cartagena replay and score views, rendered to plain text."""

from __future__ import annotations

import io
import re
import unicodedata

import pytest
from rich.console import Console

from cartlog.audit import replay_report
from cartlog.games.cartagena.model import RULESETS
from cartlog.games.cartagena.notation import format_log
from cartlog.games.cartagena.render import render_replay, render_score
from cartlog.games.cartagena.render.board import PIRATE_LETTERS, board_lines, pirate_letters
from cartlog.games.cartagena.simulate import simulate
from cartlog.logs import read_log
from cartlog.render.theme import theme
from cartlog.render.widgets import ASCII_GLYPHS

CELL = re.compile(r"\|\s*(\d+) ([A-Z]) ([a-z]*)")


def render(renderable, width: int = 100) -> str:
    out = io.StringIO()
    Console(file=out, width=width, color_system=None, theme=theme("dark")).print(renderable)
    return out.getvalue()


def audited(text: str):
    log = read_log(text, "game.cartlog")
    report, frames = replay_report(log, "game.cartlog")
    return log, report, frames


def replay_text(text: str, width: int = 100, **options) -> str:
    log, report, frames = audited(text)
    return render(render_replay(log, report, frames, text, **options), width)


def score_text(text: str, width: int = 100, **options) -> str:
    log, report, _ = audited(text)
    return render(render_score(log, report, **options), width)


@pytest.fixture(scope="module")
def tortuga() -> str:
    return format_log(simulate("2000-tortuga", 3, 0))


def turn_block(output: str, turn: int) -> str:
    """The text of one turn, from its heading to the next blank line."""
    start = re.search(rf"^-- Turn {turn}  .*$", output, re.M)
    assert start, f"no heading for turn {turn}"
    rest = output[start.start():]
    return rest.split("\n\n", 1)[0]


def with_line(text: str, old: str, new: str) -> str:
    """The log with one body line replaced (the line must exist)."""
    lines = text.splitlines()
    index = lines.index(old)
    lines[index] = new
    return "\n".join(lines) + "\n"


def turn_line(text: str, turn: int) -> str:
    return next(line for line in text.splitlines() if line.startswith(f"{turn}. "))


# -- the replay --------------------------------------------------------------------------------


def test_replay_shows_every_turn_in_order_with_notation_and_words(tortuga):
    out = replay_text(tortuga, ascii=True)
    log, report, frames = audited(tortuga)
    turns = report.breakdown.turns
    headings = re.findall(r"^-- Turn (\d+)  (\w+)", out, re.M)
    assert [int(n) for n, _ in headings] == list(range(1, turns + 1))
    assert headings[0][1] == log.events[0].player
    first_action = next(f for f in frames if f.kind == "action")
    block = turn_block(out, 1)
    assert f"{first_action.notation} {first_action.text}" in " ".join(block.split())
    assert out.index("-- Setup") < out.index("-- Turn 1 ") < out.index("-- End")


def test_replay_header_and_end(tortuga):
    out = replay_text(tortuga, ascii=True)
    log, report, _ = audited(tortuga)
    first = out.splitlines()[0]
    assert first.startswith("game.cartlog: Cartagena, 2000-tortuga, 3 players: red Anne")
    winner = report.breakdown.winner
    assert winner is not None
    assert re.search(rf"^  won by {winner} \w+ after {report.breakdown.turns} turns", out, re.M)
    assert out.rstrip().endswith(f"won by {winner}, as recorded")
    assert "game.cartlog: clean" in out


def test_setup_shows_deal_and_legend(tortuga):
    out = replay_text(tortuga, ascii=True)
    setup = out.split("-- Setup", 1)[1].split("-- Turn 1", 1)[0]
    log, _, frames = audited(tortuga)
    assert "players  r red Anne  b blue Bart  y yellow Carla" in setup
    assert "signs    S skull  D dagger  K key  B bottle  P pistol  H hat" in setup
    assert f"deal     red {frames[0].hands['red']} (6)" in setup
    assert f"row {log.row}" in setup
    assert "start    red 6  blue 6  yellow 6" in setup


def test_injected_error_shows_at_its_action(tortuga):
    line = turn_line(tortuga, 1)  # "1. red S0-4"
    card, dest = re.match(r"1\. red ([A-Z])0-(\d+)$", line).groups()
    wrong = with_line(tortuga, line, f"1. red {card}0-{int(dest) + 1}")
    out = replay_text(wrong, ascii=True)
    block = turn_block(out, 1)
    lines = block.splitlines()
    action = next(i for i, text in enumerate(lines) if f"{card}0-{int(dest) + 1} " in text)
    finding = next(i for i, text in enumerate(lines) if "error[move/forward-destination]" in text)
    assert finding > action
    assert lines[finding].strip().startswith("> #1 error[move/forward-destination]")
    joined = " ".join(block.split())
    assert f"expected {dest}, found {int(dest) + 1}; line " in joined
    assert out.count("> #1 ") == 1


def test_condoned_finding_is_shown_as_condoned(tortuga):
    line = turn_line(tortuga, 1)
    card, dest = re.match(r"1\. red ([A-Z])0-(\d+)$", line).groups()
    out = replay_text(with_line(tortuga, line, f"1. red {card}0-{int(dest) + 1}!"), ascii=True)
    assert "> #1 condoned error[move/forward-destination]" in turn_block(out, 1)
    assert "(1 condoned)" in out


def test_turn_level_finding_goes_under_the_heading(tortuga):
    line = turn_line(tortuga, 2)
    out = replay_text(with_line(tortuga, line, "7" + line[1:]), ascii=True)
    lines = turn_block(out, 2).splitlines()
    assert lines[0].startswith("-- Turn 2  blue Bart")
    assert "warning[turn/number] turn written as 7 is turn 2 of the game" in lines[1]
    assert "expected 2, found 7" in lines[2]


def test_comments_claims_and_pass(tortuga):
    line = turn_line(tortuga, 2)
    text = with_line(tortuga, line, line + "\n; the harbour is crowded\nhand red 9")
    out = replay_text(text, ascii=True)
    after = out.split("-- Turn 2 ", 1)[1].split("-- Turn 3 ", 1)[0]
    assert "  ; the harbour is crowded" in after
    assert "hand red 9 the log says red holds 9 cards" in after
    assert "error[claim/hand] red holds 5 cards in the replay" in " ".join(after.split())
    two = simulate("2000-jamaica", 2, 3)
    base = format_log(two)
    first = turn_line(base, 1)
    out = replay_text(with_line(base, first, first + " pass"), ascii=True, end=1)
    assert re.search(r"^   pass +no action \(pass\)$", turn_block(out, 1), re.M)


def test_ascii_output_is_pure_ascii():
    text = format_log(simulate("2000-tortuga", 4, 5)).replace("red Anne", "red Zo\u00eb")
    for out in (replay_text(text, ascii=True), score_text(text, ascii=True)):
        assert out.isascii()
        assert "red Zoe" in out


def test_unicode_output_has_single_width_symbols_only(tortuga):
    out = replay_text(tortuga, end=3) + score_text(tortuga)
    assert "\u2502" in out and "\u2500\u2500 Turn 1" in out
    assert not {ch for ch in out if unicodedata.east_asian_width(ch) in ("W", "F")}
    others = {ch for ch in out if not ch.isascii()} - {"\u25b8"}
    assert all(unicodedata.name(ch).startswith("BOX DRAWINGS") for ch in others), others


def test_lines_fit_80_columns():
    text = format_log(simulate("ravensburger-advanced", 5, 2, view="table"))
    out = replay_text(text, width=80, ascii=True, end=20)
    assert max(len(line) for line in out.splitlines()) <= 80
    assert "?" in out.split("-- Turn 1 ", 1)[1].split("hands", 1)[1].splitlines()[0]


def test_start_end_filter_and_context(tortuga):
    out = replay_text(tortuga, ascii=True, start=3, end=4)
    headings = re.findall(r"^-- (.+?)(?:  |$)", out, re.M)
    assert headings == ["Before turn 3", "Turn 3", "Turn 4", "End"]
    assert "-- Setup" not in out
    assert "turns 3-4 of" in out.splitlines()[0]
    _, _, frames = audited(tortuga)
    after_two = next(f for f in frames if f.kind == "turn-end" and f.turn == 2)
    context = out.split("-- Before turn 3", 1)[1].split("-- Turn 3", 1)[0]
    for colour, spaces in after_two.pirates.items():
        assert f"{colour} {spaces.count(0)}" in context.split("start", 1)[1].splitlines()[0]


def test_range_past_the_end():
    text = format_log(simulate("2000-jamaica", 2, 1))
    out = replay_text(text, ascii=True, start=10_000)
    assert "no turn 10000 in this game" in out
    assert "-- Turn" not in out


def test_no_board(tortuga):
    out = replay_text(tortuga, ascii=True, end=2, board=False)
    assert "+---" not in out and "start    red" not in out
    assert "hands    red" in turn_block(out, 1)


def test_board_matches_the_frame(tortuga):
    out = replay_text(tortuga, ascii=True)
    log, _, frames = audited(tortuga)
    letters = pirate_letters([p.colour for p in log.players])
    ends = [f for f in frames if f.kind == "turn-end"]
    for frame in (ends[10], ends[len(ends) // 2], ends[-1]):
        block = out.split(f"-- Turn {frame.turn}  ", 1)[1].split("\n\n", 1)[0]
        start = next(line for line in block.splitlines() if line.startswith("  start"))
        boat = next(line for line in block.splitlines() if line.startswith("  boat"))
        for colour, spaces in frame.pirates.items():
            assert f"{colour} {spaces.count(0)}" in start
            assert f"{colour} {spaces.count(len(log.board) + 1)}" in boat
        cells = {int(n): (sign, who) for n, sign, who in CELL.findall(block)}
        assert sorted(cells) == list(range(1, len(log.board) + 1))
        for space, (sign, who) in cells.items():
            assert sign == log.board[space - 1]
            want = "".join(letters[c] * frame.pirates[c].count(space) for c in frame.pirates)
            assert who == want, space


def test_board_stacks_crowded_spaces_within_80_columns():
    rs = RULESETS["2000-jamaica"]
    board = "SDKBPH" * 6
    colours = ["red", "blue", "black", "brown"]
    pirates = {"red": [7] * 4 + [0, 0], "blue": [7] * 3 + [37] * 3, "black": [7] + [0] * 5,
               "brown": [12] * 6}
    lines = [line.plain for line in board_lines(rs, board, colours, pirates, ASCII_GLYPHS)]
    assert all(len(line) <= 80 for line in lines)
    second = [line for line in lines if "| 7 S" in line or "|12 H" in line]
    assert len(second) == 1
    row = lines.index(second[0])
    assert "| 7 S rrrrb |" in lines[row] and "|12 H nnnnn |" in lines[row]
    assert lines[row + 1].split("|")[1].strip() == "bbk"
    assert lines[row + 1].split("|")[6].strip() == "n"
    assert lines[0] == "  start    red 2  blue 0  black 5  brown 0"
    assert lines[-1] == "  boat     red 0  blue 3  black 0  brown 0"


def test_pirate_letters_are_distinct_and_documented():
    assert len(set(PIRATE_LETTERS.values())) == len(PIRATE_LETTERS)
    assert pirate_letters(["blue", "black", "brown"]) == {"blue": "b", "black": "k",
                                                          "brown": "n"}


# -- the score ---------------------------------------------------------------------------------


def test_score_shows_winner_table_and_agreement(tortuga):
    out = score_text(tortuga, ascii=True)
    _, report, _ = audited(tortuga)
    b = report.breakdown
    assert re.search(rf"^winner +{b.winner} ", out, re.M)
    rows = re.findall(r"^\| (\d) \| (\w+) ", out, re.M)
    assert [colour for _, colour in rows] == [s.colour for s in b.standings]
    top = b.standings[0]
    assert re.search(rf"\| 1 \| {top.colour} \w+ +\| +6/6 \| +0 \| - +\| +0 \|", out)
    assert f"recorded {b.winner}, replayed {b.winner}: agree" in out
    assert "findings  none" in out
    assert "+---" in out and out.isascii()


def test_score_highlights_a_disagreeing_result(tortuga):
    _, report, _ = audited(tortuga)
    winner = report.breakdown.winner
    other = next(s.colour for s in report.breakdown.standings if s.colour != winner)
    text = tortuga.replace(f'[Result "{winner}"]', f'[Result "{other}"]')
    out = score_text(text, ascii=True)
    assert f"recorded {other}, replayed {winner}: DISAGREE" in out
    assert "findings  1 error" in out
    replay = replay_text(text, ascii=True)
    assert "error[result/winner]" in replay.split("-- End", 1)[1]


def test_score_of_an_unfinished_game(tortuga):
    lines = tortuga.splitlines()
    cut = "\n".join(lines[:lines.index(turn_line(tortuga, 20)) + 1]) + "\n"
    out = score_text(cut, ascii=True)
    assert "winner    unfinished: no player has every pirate aboard" in out
    assert "replayed unfinished: DISAGREE" in out
    assert "1 info" in out
    replay = replay_text(cut, ascii=True, start=20)
    assert "unfinished after 20 turns" in replay
    assert "info[game/unfinished]" in replay
