"""A file of several games written one after the other (the PGN habit) is a collection, for
every game (docs/notation.md, "Several games in one file"; docs/cli.md, "A file of several
games"): ``check`` audits and reports each game on its own, named ``FILE#N``, every line the
file's; ``replay``, ``score`` and ``convert`` take one game with ``--game N``; the games read
are bounded (``CARTLOG_MAX_GAMES``)."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cartlog.audit import audit
from cartlog.cli import app
from cartlog.core.errors import LogSyntaxError
from cartlog.corpus import audit_games
from cartlog.games import GAMES
from cartlog.logs import read_log, write_log
from cartlog.logs.reading import read_game, split_games

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "samples" / "several-games" / "club-evening.cartlog"
SEPARATORS = ["\n", "\n\n", "\n; the next game\n\n"]
ENV = {"COLUMNS": "100", "LINES": "50", "NO_COLOR": "1", "TERM": "dumb"}

runner = CliRunner()


def cartlog(*args: str, env: dict[str, str] | None = None):
    result = runner.invoke(app, list(args), env={**ENV, **(env or {})})
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result


def _text(spec, seed: int) -> str:
    return write_log(spec.simulate(spec.default_rules, spec.players[0], seed), to_json=False)


def _wrong_result(text: str) -> tuple[str, int]:
    """The log with its Result tag naming a player who did not win, and that tag's line: a
    fault every game reports at the tag."""
    tag = re.search(r'^\[Result "([^"]*)"\]$', text, re.M)
    players = re.search(r'^\[Players "([^"]*)"\]$', text, re.M)
    assert tag and players, text[:300]
    colours = [entry.split()[0] for entry in players.group(1).split(",")]
    other = next(c for c in colours if c not in tag.group(1))
    return (text[:tag.start()] + f'[Result "{other}"]' + text[tag.end():],
            text.count("\n", 0, tag.start()) + 1)


def _collection(name: str, between: str, newline: str = "\n"):
    """Three games of ``name`` one after the other, the second and third with a wrong
    Result: the file's text, each game's own text, the line each starts on, and the line of
    the fault of the second and third game in the file."""
    spec = GAMES[name]
    games = [_text(spec, 1)]
    faults = []
    for seed in (2, 3):
        text, line = _wrong_result(_text(spec, seed))
        games.append(text)
        faults.append(line)
    starts, at = [], 1
    for text in games:
        starts.append(at)
        at += (text.rstrip("\n") + between).count("\n")
    whole = between.join(text.rstrip("\n") for text in games) + "\n"
    return (whole.replace("\n", newline), games, starts,
            [starts[1] + faults[0] - 1, starts[2] + faults[1] - 1])


def _findings(report) -> list[tuple[str, int, int]]:
    return [(f.code, f.line, f.col) for f in report.findings]


# -- check: each game audited and reported on its own, at the file's lines -------------------


@pytest.mark.parametrize("name", sorted(GAMES))
@pytest.mark.parametrize("between", SEPARATORS)
@pytest.mark.parametrize("newline", ["\n", "\r\n"])
def test_every_game_of_a_file_is_audited_on_its_own_at_the_files_lines(name, between, newline,
                                                                        tmp_path):
    whole, games, starts, faults = _collection(name, between, newline)
    path = tmp_path / "club.cartlog"
    path.write_bytes(whole.encode())
    outcomes = audit_games(path)
    assert [o.name for o in outcomes] == [f"{path}#{n}" for n in (1, 2, 3)]
    assert [o.game for o in outcomes] == [1, 2, 3]
    for outcome, text, start in zip(outcomes, games, starts):
        assert outcome.error is None, str(outcome.error)
        alone = audit(read_log(text, "alone"), "alone")
        # the same findings as the game alone, each at the file's line
        assert _findings(outcome.report) == [
            (code, line + start - 1 if line else 0, col) for code, line, col in _findings(alone)]
        assert outcome.report.errors == alone.errors
    for outcome, fault in zip(outcomes[1:], faults):
        assert fault in {f.line for f in outcome.report.findings if f.severity == "error"}, (
            fault, _findings(outcome.report))
        shown = whole.replace("\r\n", "\n").split("\n")[fault - 1]
        assert shown.startswith("[Result ")
        assert outcome.text is not None  # the file's text, to show the file's line


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_text_between_games_belongs_to_no_game(name):
    spec = GAMES[name]
    first, second = _text(spec, 1).rstrip("\n"), _text(spec, 2)
    whole = first + "\n\n; between the games\n\n[Annotator \"club night\"]\n" + second
    parts = split_games(whole).parts
    assert [p.number for p in parts] == [1, 2]
    assert parts[0].text == first + "\n"
    assert parts[1].text == '[Annotator "club night"]\n' + second  # its tags are the second game's
    assert parts[1].line == first.count("\n") + 5
    log = read_game(whole, parts[1], "club.cartlog", "club.cartlog#2")
    assert log.tags.get("Annotator") == "club night"


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_tag_after_the_body_that_starts_no_game_is_read_as_before(name):
    # a Result tag written at the end, as some write it, is the header's slip, not a game
    spec = GAMES[name]
    text = _text(spec, 1).rstrip("\n") + '\n[Result "nobody"]\n'
    assert len(split_games(text).parts) == 1
    with pytest.raises(LogSyntaxError) as caught:
        read_log(text, "late-tag.cartlog")
    assert not any("games" in p.message for p in caught.value.problems)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_file_of_one_game_is_read_as_it_is(name):
    text = _text(GAMES[name], 1)
    (part,) = split_games(text).parts
    assert part.text is text and part.line == 1
    assert read_game(text, part, "x") == read_log(text, "x")


def test_a_tag_given_twice_in_a_later_game_names_the_files_line():
    spec = GAMES["cartagena"]
    first, second = _text(spec, 1), _text(spec, 2)
    second = second.replace("[Rules", '[Annotator "a"]\n[Annotator "b"]\n[Rules', 1)
    whole = first + second
    part = split_games(whole).parts[1]
    with pytest.raises(LogSyntaxError) as caught:
        read_game(whole, part, "club.cartlog", "club.cartlog#2")
    (problem,) = caught.value.problems
    assert caught.value.path == "club.cartlog#2"
    assert problem.line == part.line + 2
    assert problem.message == f"tag Annotator given twice (first on line {part.line + 1})"


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_game_that_cannot_be_read_is_its_own_report_and_the_others_are_audited(name,
                                                                                 tmp_path):
    whole, games, starts, _ = _collection(name, "\n\n")
    lines = whole.split("\n")
    broken = starts[1] + games[1].rstrip("\n").count("\n") - 1  # a body line of game 2
    lines[broken - 1] = "@@@ " + lines[broken - 1]
    path = tmp_path / "club.cartlog"
    path.write_text("\n".join(lines), encoding="utf-8")
    first, second, third = audit_games(path)
    assert first.report is not None and third.report is not None
    assert second.error is not None and second.name == f"{path}#2"
    assert broken in {p.line for p in second.error.problems}, str(second.error)
    assert second.error.source is not None
    assert second.error.source.split("\n")[broken - 1].startswith("@@@ ")
    result = cartlog("check", "--ascii", str(path))
    assert result.exit_code == 2
    assert f"{path}#2:{broken}:" in result.stderr
    assert f"{path}#1: " in result.stdout and f"{path}#3: " in result.stdout
    assert "3 logs: " in result.stdout


def test_check_names_each_game_in_text_and_json_and_the_exit_status_is_the_worst(tmp_path):
    whole, _, _, faults = _collection("cartagena", "\n; next\n")
    path = tmp_path / "club.cartlog"
    path.write_text(whole, encoding="utf-8")
    text = cartlog("check", "--ascii", str(path))
    assert text.exit_code == 1
    assert re.search(rf"^#1 {re.escape(str(path))}#2:{faults[0]}:\d+: error\[", text.stdout,
                     re.M), text.stdout
    assert re.search(rf"^ *{faults[0]} \| \[Result ", text.stdout, re.M)  # the file's line
    assert f"  {path}#3 (" in text.stdout  # the closing lines
    assert text.stdout.rstrip().endswith("3 logs: 1 clean, 2 with errors, 0 unreadable")
    doc = json.loads(cartlog("check", "--format", "json", str(path)).stdout)
    assert [r["file"] for r in doc["reports"]] == [f"{path}#{n}" for n in (1, 2, 3)]
    assert faults[1] in [f["line"] for f in doc["reports"][2]["findings"]]
    assert doc["summary"] == {"logs": 3, "clean": 1, "with_errors": 2, "unreadable": 0}


def test_check_of_several_files_holding_several_games_keeps_the_order(tmp_path):
    whole, _, _, _ = _collection("meuterer", "\n")
    one, two = tmp_path / "a.cartlog", tmp_path / "b.cartlog"
    one.write_text(whole, encoding="utf-8")
    two.write_text(_text(GAMES["meuterer"], 4), encoding="utf-8")
    doc = json.loads(cartlog("check", "--format", "json", "--jobs", "2", str(one), str(two),
                             str(one)).stdout)
    assert [r["file"] for r in doc["reports"]] == [
        f"{one}#1", f"{one}#2", f"{one}#3", str(two), f"{one}#1", f"{one}#2", f"{one}#3"]


# -- one game of a collection: --game N -----------------------------------------------------


@pytest.fixture()
def club(tmp_path) -> tuple[Path, list[str], list[int], list[int]]:
    whole, games, starts, faults = _collection("cartagena", "\n\n")
    path = tmp_path / "club.cartlog"
    path.write_text(whole, encoding="utf-8")
    return path, games, starts, faults


@pytest.mark.parametrize("command", [["replay"], ["score"], ["convert"],
                                     ["replay", "--format", "json"],
                                     ["score", "--format", "json"]])
def test_a_collection_without_game_is_one_problem_listing_the_games(command, club):
    path, _, starts, _ = club
    result = cartlog(*command, str(path))
    assert result.exit_code == 2
    said = result.stdout if "json" in command else result.stderr
    for number, start in enumerate(starts, 1):
        assert f"game {number} (line {start}: Players " in said, said
    assert "--game N, from 1 to 3" in said
    if "json" in command:
        (problem,) = json.loads(result.stdout)["unreadable"][0]["problems"]
        assert problem["line"] == starts[1]
    else:
        assert said.startswith(f"{path}:{starts[1]}:1: ")


def test_replay_game_n_replays_that_game_at_the_files_lines(club):
    path, games, starts, _ = club
    result = cartlog("replay", "--game", "2", "--format", "json", str(path))
    doc = json.loads(result.stdout)
    assert result.exit_code == 1  # the wrong result
    assert doc["file"] == f"{path}#2"
    lines = [f["line"] for f in doc["frames"] if f.get("line")]
    whole_lines = path.read_text(encoding="utf-8").split("\n")
    first_turn = games[1].split("\n").index(next(
        ln for ln in games[1].split("\n") if ln.startswith("1. "))) + 1
    assert min(lines) == starts[1] + first_turn - 1
    assert whole_lines[min(lines) - 1].startswith("1. ")
    text = cartlog("replay", "-g", "3", "--turn", "1", "--ascii", "--no-board", str(path))
    assert text.exit_code == 1
    assert f"{path}#3: " in text.stdout


def test_score_and_convert_take_the_game_numbered_n(club, tmp_path):
    path, games, _, _ = club
    doc = json.loads(cartlog("score", "--game", "3", "--format", "json", str(path)).stdout)
    assert doc["file"] == f"{path}#3"
    alone = tmp_path / "alone.cartlog"
    alone.write_text(games[2], encoding="utf-8")
    doc_alone = json.loads(cartlog("score", "--format", "json", str(alone)).stdout)
    assert doc["breakdown"] == doc_alone["breakdown"]
    out = tmp_path / "second.json"
    assert cartlog("convert", str(path), "--game", "2", "-o", str(out)).exit_code == 0
    assert out.read_text(encoding="utf-8") == write_log(read_log(games[1], "x"), to_json=True)
    text = cartlog("convert", str(path), "-g", "1", "--to", "text")
    assert text.stdout == write_log(read_log(games[0], "x"), to_json=False)


@pytest.mark.parametrize(("args", "said"), [
    (["--game", "4"], "--game 4: {path} holds only 3 games"),
    (["--game", "0"], "--game 0: the first game is 1"),
])
def test_a_game_the_file_does_not_hold_is_bad_usage(args, said, club):
    path = club[0]
    for command in ("replay", "score", "convert"):
        result = cartlog(command, str(path), *args)
        assert result.exit_code == 2
        assert result.stderr == f"cartlog: {said.format(path=path)}\n"


def test_game_one_of_a_file_of_one_game_is_that_game(tmp_path):
    text = _text(GAMES["mutiny"], 1)
    path = tmp_path / "one.cartlog"
    path.write_text(text, encoding="utf-8")
    assert cartlog("score", "--game", "1", "--ascii", str(path)).stdout == \
        cartlog("score", "--ascii", str(path)).stdout
    result = cartlog("score", "--game", "2", str(path))
    assert (result.exit_code, result.stderr) == (2, f"cartlog: --game 2: {path} holds one game\n")
    json_log = tmp_path / "one.json"
    cartlog("convert", str(path), "-o", str(json_log))
    assert cartlog("score", "-g", "1", str(json_log)).exit_code == 0
    assert cartlog("score", "-g", "2", str(json_log)).exit_code == 2


# -- bounded ---------------------------------------------------------------------------------


def test_the_games_past_the_limit_are_one_problem(club):
    path, _, starts, _ = club
    result = cartlog("check", "-q", str(path), env={"CARTLOG_MAX_GAMES": "2"})
    assert result.exit_code == 2
    assert f"{path}#1: " in result.stdout and f"{path}#2: " in result.stdout
    assert result.stderr.startswith(
        f"{path}#3:{starts[2]}:1: syntax error: 1 more game from here on, not read: a file is "
        "read up to 2 games (CARTLOG_MAX_GAMES reads more)")
    games = split_games(path.read_text(encoding="utf-8"), 1)
    assert (len(games.parts), games.rest, games.rest_line) == (1, 2, starts[1])
    # picking a game is not bounded by the limit
    picked = cartlog("score", "--game", "3", "-f", "json", str(path),
                     env={"CARTLOG_MAX_GAMES": "1"})
    assert json.loads(picked.stdout)["file"] == f"{path}#3"


def _tiny_games(n: int) -> str:
    game = ('[Game "Cartagena"]\n[Rules "2000-jamaica"]\n[Players "red A, blue B"]\n'
            '[Board "KBDPHS DSBPKH HKBDSP SDBKPH HDBSKP PSDHKB"]\n\n1. red K0-5!\n\n')
    return game * n


def test_a_file_of_many_tiny_games_costs_in_proportion_to_its_size(tmp_path):
    costs = []
    for n in (100, 800):
        path = tmp_path / f"tiny-{n}.cartlog"
        path.write_text(_tiny_games(n), encoding="utf-8")
        cartlog("check", "--ascii", str(path))  # caches filled
        start = time.perf_counter()
        result = cartlog("check", "--ascii", str(path))
        costs.append((time.perf_counter() - start, len(result.stdout)))
        assert result.stdout.rstrip().endswith(f"{n} logs: {n} clean, 0 with errors, "
                                               "0 unreadable")
    (small_time, small_out), (large_time, large_out) = costs
    assert large_out <= 8.5 * small_out
    assert large_time <= 20 * small_time  # the square would be 64 times


# -- the sample ------------------------------------------------------------------------------


def test_the_sample_collection_is_one_report_per_game(snap, monkeypatch):
    monkeypatch.chdir(ROOT)
    name = str(SAMPLE.relative_to(ROOT))
    result = cartlog("check", "--ascii", name)
    assert result.exit_code == 1
    assert f"exit {result.exit_code}\n{result.stdout}--- standard error\n{result.stderr}" == snap


def test_the_sample_collection_as_json(snap, monkeypatch):
    monkeypatch.chdir(ROOT)
    result = cartlog("check", "--format", "json", str(SAMPLE.relative_to(ROOT)))
    doc = json.loads(result.stdout)
    doc.pop("cartlog")
    assert [r["file"].rsplit("#", 1)[1] for r in doc["reports"]] == ["1", "2", "3", "4"]
    assert f"exit {result.exit_code}\n{json.dumps(doc, indent=2)}\n" == snap


@pytest.mark.parametrize(("text", "starts"), [
    # a header alone, then the next game: a Game tag in a later run of tag lines
    ('[Game "A"]\n[Players "x"]\n\n; next\n[Game "B"]\n1. x\n', [1, 5]),
    # the Game tag twice in one run is a tag given twice, not a game
    ('[Game "A"]\n[Game "A"]\n1. x\n', [1]),
    # after a body, the second game's tags start at its first tag, blank lines between them
    ('[Game "A"]\n1. x\n; end\n\n[Event "e"]\n\n[Game "B"]\n1. y\n', [1, 5]),
    ('[Event "e"]\n[Game "A"]\n[Players "1"]\n\n[Event "f"]\n[Game "B"]\n\n[Game "C"]\n',
     [1, 5, 8]),
])
def test_where_each_game_starts(text, starts):
    parts = split_games(text).parts
    assert [p.line for p in parts] == starts
    lines = text.split("\n")
    for part, after in zip(parts, [*starts[1:], None]):
        own = part.text.rstrip("\n").split("\n")
        assert own == lines[part.line - 1:part.line - 1 + len(own)]
        if after is not None:  # what stands between two games is blank lines and comments
            between = lines[part.line - 1 + len(own):after - 1]
            assert all(not ln.strip() or ln.lstrip()[0] in ";#" for ln in between), between
