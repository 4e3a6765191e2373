"""The Meuterer replay and score views, rendered to plain text."""

from __future__ import annotations

import io
import itertools
import re

import msgspec
import pytest
from rich.console import Console
from typer.testing import CliRunner

from cartlog.audit import replay_report
from cartlog.cli import app
from cartlog.core.text import to_ascii
from cartlog.games.meuterer.notation import format_log
from cartlog.games.meuterer.render import render_replay, render_score
from cartlog.games.meuterer.render.circle import MARKS, circle_lines, circle_marks
from cartlog.games.meuterer.replay import build_circle
from cartlog.games.meuterer.simulate import simulate
from cartlog.logs import read_log
from cartlog.render.theme import theme
from cartlog.render.widgets import ASCII_GLYPHS, UNICODE_GLYPHS

GAMES = [("base", 3, 2), ("base", 4, 1), ("pirate", 3, 1), ("pirate", 4, 5)]
WORDS = "|".join(word for word, _ in MARKS.values())
RULE = "(?:--|\u2500\u2500)"  # a heading's rule, in ASCII or not


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


@pytest.fixture(scope="module", params=GAMES, ids=[f"{v}-{n}p" for v, n, _ in GAMES])
def game(request) -> str:
    variant, players, seed = request.param
    return format_log(simulate(variant, players, seed))


@pytest.fixture(scope="module")
def base4() -> str:
    return format_log(simulate("base", 4, 1))


def round_block(output: str, n: int) -> str:
    """The text of round ``n``, from its heading to the next blank line."""
    start = re.search(rf"^{RULE} Round {n}  .*$", output, re.M)
    assert start, f"no heading for round {n}"
    return output[start.start():].split("\n\n", 1)[0]


PHASES = ("wage", "sell", "reveal", "mutiny", "sales", "sheet", "points", "sails", "refill",
          "end", "hands", "scores", "circle")


def phases(block: str) -> list[tuple[str, str]]:
    """Each line of a round block after its heading, with the phase label it stands under."""
    out, phase = [], ""
    for line in block.splitlines()[1:]:
        word = line[3:12].strip()
        if line[3:4] != " " and word in PHASES:
            phase = word
        out.append((phase, line))
    return out


def phase_of(block: str, needle: str) -> str:
    """The phase label of the first line of a round block holding ``needle``."""
    for phase, line in phases(block):
        if needle in line:
            return phase
    raise AssertionError(f"{needle!r} not in the block:\n{block}")


def with_line(text: str, n: int, prefix: str, change) -> str:
    """The log with the first line of round ``n`` starting with ``prefix`` changed."""
    lines = text.splitlines()
    at = lines.index(f"round {n}")
    i = next(i for i in range(at + 1, len(lines)) if lines[i].startswith(prefix))
    lines[i] = change(lines[i])
    return "\n".join(lines) + "\n"


# -- the replay, round by round ----------------------------------------------------------------


def test_every_round_shows_its_phases_in_order(game):
    out = replay_text(game, ascii=True)
    log, report, frames = audited(game)
    b = report.breakdown
    assert b.finished and b.played == b.rounds
    headings = [int(n) for n in re.findall(r"^-- Round (\d+)", out, re.M)]
    assert headings == list(range(1, b.rounds + 1))
    for rb in b.scores:
        block = round_block(out, rb.round)
        seen = [p for p, _ in phases(block) if p in ("wage", "sell", "reveal", "mutiny",
                                                          "points", "sails", "refill", "end")]
        last = rb.round == b.rounds
        tail = ["end"] if last else ["sails", "refill"]
        assert list(dict.fromkeys(seen)) == ["wage", "sell", "reveal", "mutiny", "points"] + tail
        assert f"captain; the ship lies at {to_ascii(rb.port)}" in block.splitlines()[0]


def test_selling_shows_every_play_and_pass_with_kept_cards_and_action(game):
    out = replay_text(game, width=200)
    _, report, frames = audited(game)
    for n in range(1, report.breakdown.rounds + 1):
        block = round_block(out, n)
        actions = [f for f in frames if f.kind == "action" and f.turn == n]
        lines = [line for phase, line in phases(block) if phase == "sell"]
        assert len(lines) == len(actions)
        for line, frame in zip(lines, actions):
            assert re.match(rf"^   (sell    |        ) {re.escape(frame.notation)} +\S", line)
            if " pass " in f" {frame.notation} ":
                kept = frame.notation.split()[2]
                assert f"keeping {kept} card" in line
                if len(frame.notation.split()) > 3:
                    assert "takes the" in line


def test_reveal_and_mutiny_follow_the_breakdown(game):
    out = replay_text(game, width=200)
    b = audited(game)[1].breakdown
    for rb in b.scores:
        block = round_block(out, rb.round)
        reveal = next(line for line in block.splitlines() if line.startswith("   reveal"))
        for p in rb.players:
            assert f"{p.colour} {p.role}" in reveal
        assert f"captain {rb.captain}: {rb.captain_destination}" in block
        mutiny = next(line for line in block.splitlines() if line.startswith("   mutiny"))
        if rb.mutineer is None:
            assert "no mutiny" in mutiny
            continue
        assert f"mutineer {rb.mutineer}: {rb.mutineer_destination}" in block
        assert f"captain's side {rb.captain_side} " in mutiny
        assert f"mutineers {rb.mutineer_side} " in mutiny
        assert ("the mate's +1" in mutiny) == any(p.role == "mate" for p in rb.players)
        won = "the mutineers win" in mutiny
        assert won == (rb.mutiny == "succeeded")
        assert won != ("the captain holds" in mutiny)


def test_points_show_every_source_and_total(game):
    out = replay_text(game, width=300)
    b = audited(game)[1].breakdown
    for rb in b.scores:
        block = round_block(out, rb.round)
        for p in rb.players:
            row = next(line for line in block.splitlines()
                       if re.match(rf"^   (points  |        ) {p.colour} +-?\d", line))
            assert re.search(rf"{p.colour} +{p.points} ", row)
            for item in p.items:
                assert item.text in row
            assert f"total {p.total}" in row
            assert "!" not in row


def test_refill_shows_the_draws_and_the_ship_sails(base4):
    out = replay_text(base4, width=200)
    log, report, frames = audited(base4)
    ends = [f for f in frames if f.kind == "round-end"]
    block = round_block(out, 2)
    assert f"the ship sails to {ends[1].ship}" in block
    draw = next(line for line in base4.splitlines()[base4.splitlines().index("round 2"):]
                if line.startswith("draw "))
    assert draw[len("draw "):] in block
    assert phase_of(block, draw[len("draw "):]) == "refill"
    last = round_block(out, report.breakdown.rounds)
    assert "refill" not in last and "nobody draws" in last


# -- findings at their step --------------------------------------------------------------------


def wrong_destination(text: str, n: int) -> tuple[str, str, str]:
    """The log with round ``n``'s captain destination moved one island on."""
    log = read_log(text, "x")
    names = [i.name for i in build_circle(log)]
    line = next(line for line in text.splitlines()[text.splitlines().index(f"round {n}"):]
                if line.startswith("dest captain "))
    right = line[len("dest captain "):].split(",")[0]
    wrong = names[(names.index(right) + 1) % len(names)]
    bad = with_line(text, n, "dest captain ", lambda s: s.replace(f"captain {right}",
                                                                  f"captain {wrong}", 1))
    return bad, right, wrong


def test_a_wrong_destination_shows_at_the_reveal_of_its_round(base4):
    bad, right, wrong = wrong_destination(base4, 2)
    _, report, _ = audited(bad)
    index = next(i for i, f in enumerate(report.findings) if f.code == "dest/wrong-island")
    assert report.findings[index].turn == 2
    out = replay_text(bad, width=200)
    head = f"#{index + 1} error[dest/wrong-island]"
    assert head in round_block(out, 2)
    assert head not in round_block(out, 1) and head not in round_block(out, 3)
    block = round_block(out, 2)
    assert phase_of(block, head) == "reveal"
    assert f"expected {right}, found {wrong}" in block
    assert f"captain {report.breakdown.scores[1].captain}: {wrong}" in block


def test_a_sheet_error_shows_at_the_points_and_in_the_score_table(base4):
    bad = with_line(base4, 3, "score ", lambda s: re.sub(
        r"(red )(-?\d+)", lambda m: f"{m[1]}{int(m[2]) + 5}", s, count=1))
    log, report, _ = audited(bad)
    index = next(i for i, f in enumerate(report.findings) if f.code == "score/round")
    f = report.findings[index]
    assert (f.turn, f.player) == (3, "red")
    out = replay_text(bad, width=200)
    block = round_block(out, 3)
    head = f"#{index + 1} error[score/round]"
    assert phase_of(block, head) == "points"
    assert f"expected {f.expected}, found {f.actual}" in block
    assert f"sheet {f.actual}!" in next(line for line in block.splitlines() if " red " in line
                                        and "total" in line)
    # the score table: round 3's red cell carries the mark, no other cell of that row
    table = score_text(bad, ascii=True)
    rows = [line for line in table.splitlines() if line.startswith("|")]
    row = next(r for r in rows if re.match(r"^\| 3 ", r))
    cells = [c.strip() for c in row.strip("|").split("|")]
    assert cells[1].split()[0] == f.expected and cells[1].endswith(f"{f.actual}!")
    assert all("!" not in c for c in cells[2:])
    assert "! the sheet differs from the replay" in table


def test_a_wrong_total_is_marked_in_the_total_row(base4):
    bad = with_line(base4, 2, "total ", lambda s: re.sub(
        r"(blue )(-?\d+)", lambda m: f"{m[1]}{int(m[2]) + 2}", s, count=1))
    _, report, _ = audited(bad)
    index = next(i for i, f in enumerate(report.findings) if f.code == "score/total")
    assert phase_of(round_block(replay_text(bad, width=200), 2),
                    f"#{index + 1} error[score/total]") == "points"
    rows = [line for line in score_text(bad, ascii=True).splitlines() if line.startswith("|")]
    at = next(i for i, r in enumerate(rows) if re.match(r"^\| 2 ", r))
    total = [c.strip() for c in rows[at + 1].strip("|").split("|")]
    assert total[0] == "total"
    assert total[2].endswith("!") and "!" not in "".join(total[:2] + total[3:])
    assert "!" not in rows[at]


def test_a_clean_game_has_no_mark(game):
    assert "!" not in score_text(game, ascii=True)
    assert "error[" not in replay_text(game, ascii=True)


def test_a_condoned_finding_is_shown_as_condoned(base4):
    bad, _, _ = wrong_destination(base4, 2)
    log, report, frames = audited(bad)
    index = next(i for i, f in enumerate(report.findings) if f.code == "dest/wrong-island")
    report.findings[index] = msgspec.structs.replace(report.findings[index], condoned=True)
    out = render(render_replay(log, report, frames, bad, ascii=True))
    assert f"#{index + 1} condoned error[dest/wrong-island]" in round_block(out, 2)


def test_the_end_shows_the_outcome_unchecked_items_and_summary(base4):
    lines = base4.splitlines()
    cut = "\n".join(lines[:lines.index("round 4")]) + "\n"
    cut = cut.replace("draw ", "; no draw\ndraw ", 1)
    out = replay_text(cut, ascii=True)
    _, report, _ = audited(cut)
    end = out[out.index("-- End"):]
    assert "unfinished after 3 of 8 rounds" in end
    for i, f in enumerate(report.findings):
        if f.code in ("end/unfinished", "result/differs"):
            assert f"#{i + 1} {f.severity}[{f.code}]" in end
    assert end.rstrip().splitlines()[-1].startswith("game.cartlog: 1 error")
    assert "unfinished" in score_text(cut, ascii=True)


def test_a_round_without_selling_takes_the_sheet(base4):
    lines = base4.splitlines()
    at = lines.index("round 2")
    keep = [line for i, line in enumerate(lines)
            if not (at < i < at + 7 and not line.startswith(("score", "total", "draw")))]
    log_text = "\n".join(keep) + "\n"
    _, report, _ = audited(log_text)
    index = next(i for i, f in enumerate(report.findings) if f.code == "sell/missing")
    block = round_block(replay_text(log_text, width=200), 2)
    assert phase_of(block, f"#{index + 1} warning[sell/missing]") == "sheet"
    assert "sheet as written" in block
    table = score_text(log_text, ascii=True)
    assert re.search(r"^\| 2 \* ", table, re.M) and "* no selling recorded" in table


# -- the island circle -------------------------------------------------------------------------


def circles(out: str, names: list[str]) -> list[dict[str, tuple[bool, set[str]]]]:
    """Every circle drawn: island -> (active, markers)."""
    pattern = re.compile(r"(\d{1,2}) ([* ])(" + "|".join(map(re.escape, names))
                         + rf")((?: +(?:{WORDS}))*)")
    found, current = [], {}
    for line in out.splitlines():
        cells = pattern.findall(line) if line.startswith("   ") and "  " in line[3:8] else []
        if not cells:
            if current:
                found.append(current)
                current = {}
            continue
        for number, star, name, marks in cells:
            assert names[int(number) - 1] == name
            current[name] = (star == "*", set(marks.split()))
    if current:
        found.append(current)
    return found


@pytest.mark.parametrize("ascii", [True, False])
def test_circle_markers_match_the_frames(game, ascii):
    log, report, frames = audited(game)
    out = replay_text(game, width=80, ascii=ascii)
    names = [to_ascii(i.name) if ascii else i.name for i in build_circle(log)]
    clean = (lambda s: to_ascii(s)) if ascii else (lambda s: s)
    drawn = circles(out, names)
    tables = [f for f in frames if f.kind in ("setup", "round-end")]
    assert len(drawn) == 1 + report.breakdown.rounds  # the setup, then every round
    assert all(len(c) == 12 for c in drawn)
    setup = drawn[0]
    assert "port" in setup[clean(tables[0].ship)][1]
    if log.variant == "pirate":
        assert "pirate" in setup[clean(tables[0].pirate)][1]
    else:
        assert not any("pirate" in m for _, m in setup.values())
    for n, circle in enumerate(drawn[1:], 1):
        before, after = tables[n - 1], tables[n]
        dest = next(f for f in frames if f.kind == "phase" and f.turn == n
                    and f.text.startswith("the captain sails for "))
        want: dict[str, set[str]] = {}
        want.setdefault(clean(before.ship), set()).add("port")
        if before.previous and before.previous != before.ship:
            want.setdefault(clean(before.previous), set()).add("prev")
        captain = re.match(r"the captain sails for ([^;]+)", dest.text)[1]
        want.setdefault(clean(captain), set()).add("capt")
        mutineer = re.search(r"the mutineer \(\w+\) for (.+)$", dest.text)
        if mutineer:
            want.setdefault(clean(mutineer[1]), set()).add("mut")
        if after.pirate:
            want.setdefault(clean(after.pirate), set()).add("pirate")
        assert {k: v[1] for k, v in circle.items() if v[1]} == want, f"round {n}"
        active = {clean(before.ship)} | ({clean(before.previous)} if before.previous else set())
        assert {k for k, v in circle.items() if v[0]} == active, f"round {n}"


def test_no_board_draws_no_circle(game):
    log = read_log(game, "x")
    names = [i.name for i in build_circle(log)]
    assert circles(replay_text(game, board=False), names) == []
    assert "circle" not in replay_text(game, board=False)


@pytest.mark.parametrize("g", [ASCII_GLYPHS, UNICODE_GLYPHS], ids=["ascii", "unicode"])
def test_the_circle_fits_80_columns_however_the_markers_fall(g):
    names = [i.name for i in build_circle(read_log(format_log(simulate("pirate", 4, 0)), "x"))]
    for places in itertools.product(range(12), repeat=4):
        port, previous, pirate, dest = (names[p] for p in places)
        # both destinations on one island: the most markers the circle can hold
        marks = circle_marks(names, port=port, previous=previous, captain=dest, mutineer=dest,
                             pirate=pirate)
        for line in circle_lines(names, marks, {port, previous}, g):
            assert line.cell_len <= 80, line.plain


# -- ascii, width, filtering -------------------------------------------------------------------


def test_ascii_output_is_pure_ascii(game):
    for out in (replay_text(game, ascii=True), score_text(game, ascii=True)):
        assert out.isascii()
    assert not replay_text(game).isascii()  # the Unicode view draws arrows and umlauts


def test_everything_fits_80_columns(game):
    for out in (replay_text(game, width=80, ascii=True), score_text(game, width=80, ascii=True),
                replay_text(game, width=80)):
        assert max(len(line) for line in out.splitlines()) <= 80
    table = [line for line in score_text(game, width=80, ascii=True).splitlines()
             if line.startswith(("|", "+"))]
    assert len({len(line) for line in table}) == 1  # no cell wrapped out of its row


def test_start_and_end_are_rounds(base4):
    out = replay_text(base4, start=3, end=4, ascii=True)
    assert re.findall(r"^-- Round (\d+)", out, re.M) == ["3", "4"]
    assert "-- Setup" not in out and "-- Before round 3" in out
    assert "rounds 3-4 of 8" in " ".join(out.splitlines()[:2])
    _, _, frames = audited(base4)
    before = [f for f in frames if f.kind == "round-end"][1]
    context = out[out.index("-- Before round 3"):out.index("-- Round 3")]
    assert f"scores   {'  '.join(f'{c} {s}' for c, s in before.scores.items())}" in context
    single = replay_text(base4, start=2, end=2, ascii=True)
    assert re.findall(r"^-- Round (\d+)", single, re.M) == ["2"]
    assert "round 2 of 8" in " ".join(single.splitlines()[:2])
    assert "no round 12 in this game" in replay_text(base4, start=12, ascii=True)
    first = replay_text(base4, end=1, ascii=True)
    assert "-- Setup" in first and re.findall(r"^-- Round (\d+)", first, re.M) == ["1"]


def test_findings_outside_the_range_are_not_shown(base4):
    bad, _, _ = wrong_destination(base4, 2)
    assert "dest/wrong-island" not in replay_text(bad, start=3, end=4)
    assert "dest/wrong-island" in replay_text(bad, start=2, end=2)


# -- the score sheet ---------------------------------------------------------------------------


def test_score_table_has_every_round_and_player(game):
    log, report, _ = audited(game)
    b = report.breakdown
    out = score_text(game, ascii=True)
    rows = [line for line in out.splitlines() if line.startswith("|")]
    numbered = [r for r in rows if re.match(r"^\| \d+ ", r)]
    assert len(numbered) == b.played
    for rb, row in zip(b.scores, numbered):
        cells = [c.split() for c in row.strip("|").split("|")[1:]]
        assert [int(c[0]) for c in cells] == [p.points for p in rb.players]
        assert [int(c[1]) for c in cells] == [p.recorded for p in rb.players]
    for p in log.players:
        assert p.colour in rows[0] or p.colour in rows[1]
    for s in b.standings:
        assert f"{s.colour} {s.total}" in out
    for rb in b.scores:
        for p in rb.players:
            for item in p.items:
                assert to_ascii(item.text) in out.replace("\n" + " " * 22, " ")


def test_score_shares_a_tie_and_compares_the_result():
    text = format_log(simulate("base", 3, 18))
    _, report, _ = audited(text)
    assert len(report.breakdown.winners) == 2
    out = score_text(text, ascii=True)
    a, b = report.breakdown.winners
    assert re.search(rf"^winners +{a} \w+ and {b} \w+ with \d+ each", out, re.M)
    assert "agree" in out and "DISAGREE" not in out
    wrong = re.sub(r'\[Result "[^"]*"\]', '[Result "red"]', text)
    assert "DISAGREE" in score_text(wrong, ascii=True)
    assert "shared by" in replay_text(text, ascii=True)


# -- the command line --------------------------------------------------------------------------


def test_the_cli_replays_and_scores(tmp_path, base4):
    runner = CliRunner()
    clean = tmp_path / "game.cartlog"
    clean.write_text(base4, encoding="utf-8")
    bad = tmp_path / "bad.cartlog"
    bad.write_text(wrong_destination(base4, 2)[0], encoding="utf-8")
    result = runner.invoke(app, ["replay", str(clean)])
    assert result.exit_code == 0, result.output
    assert "Round 8" in result.stdout
    result = runner.invoke(app, ["replay", str(clean), "--ascii"])
    assert result.exit_code == 0 and result.stdout.isascii()
    result = runner.invoke(app, ["replay", str(bad), "--turn", "2"])
    assert result.exit_code == 1
    assert re.findall(r"Round (\d+)", result.stdout) == ["2"]
    assert "dest/wrong-island" in result.stdout
    result = runner.invoke(app, ["score", str(clean), "--ascii"])
    assert result.exit_code == 0 and "replay  sheet" in result.stdout


def test_only_theme_style_names_are_used(base4):
    bad = with_line(wrong_destination(base4, 2)[0], 3, "score ", lambda s: s + "1")
    log, report, frames = audited(bad)
    console = Console(file=io.StringIO(), width=100, theme=theme("dark"))
    seen: set[str] = set()
    get_style = console.get_style

    def spy(name, *, default=None):
        if isinstance(name, str):
            seen.add(name)
        return get_style(name, default=default)

    console.get_style = spy
    console.print(render_replay(log, report, frames, bad))
    console.print(render_score(log, report))
    # rich's own table styles, and "bold" from the shared summary line
    assert seen - set(theme("dark").styles) <= {"", "none", "bold", "table.header"}
    assert {"island.port", "score.mismatch", "goods.ruby", "phase.label"} <= seen
