"""The sample logs keep the promises that samples/README.md makes about them.

The README's table is the single source: for every sample it gives the exact set of finding
codes that ``cartlog check`` must report and its exit status. These tests read that table and
hold every sample to it; every file under each game's folder (``samples/cartagena``,
``samples/meuterer``) must be listed, every listed file must exist, and between them the
samples must produce every finding code of every game.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cartlog.cli import app
from cartlog.core.codes import CODES as COMMON_CODES
from cartlog.games import BUILT_IN, all_codes

# samples/ and its README are of cartlog's own games; a game of another package has its own
GAMES = {spec.name: spec for spec in BUILT_IN}

SAMPLES = Path(__file__).resolve().parent.parent / "samples"
README = SAMPLES / "README.md"
LOG_SUFFIXES = {".cartlog", ".json"}
COLUMNS = ["file", "rule set", "players", "what it shows", "codes", "exit"]
# the sample folders, one per game, and what the "rule set" column may say for each
RULE_SETS = {name: set(spec.rulesets) for name, spec in GAMES.items()}
PLAYER_COUNTS = {name: set(range(spec.players[0], spec.players[1] + 1))
                 for name, spec in GAMES.items()}
CODES = all_codes(BUILT_IN)
NONE = {"—", "-", ""}

runner = CliRunner()


def _cells(line: str) -> list[str]:
    return [c.strip() for c in line.strip().strip("|").split("|")]


def read_table() -> list[dict]:
    """The rows of the README's one table, as dicts keyed by column name."""
    lines = [ln for ln in README.read_text(encoding="utf-8").splitlines()
             if ln.lstrip().startswith("|")]
    assert lines, "samples/README.md has no table"
    header = _cells(lines[0])
    assert header == COLUMNS, f"table columns are {header}, expected {COLUMNS}"
    assert set(lines[1].replace("|", "").replace(" ", "")) <= set("-:"), "no separator row"
    rows = []
    for line in lines[2:]:
        cells = _cells(line)
        assert len(cells) == len(COLUMNS), f"row with {len(cells)} cells: {line}"
        row = dict(zip(COLUMNS, cells))
        row["file"] = row["file"].strip("`")
        codes = row["codes"]
        row["codes"] = (set() if codes in NONE else
                        {c.strip().strip("`") for c in codes.split(",")})
        row["exit"] = int(row["exit"])
        row["game"] = row["file"].split("/", 1)[0]
        rows.append(row)
    return rows


ROWS = read_table()
READABLE = [r for r in ROWS if r["exit"] != 2]
UNREADABLE = [r for r in ROWS if r["exit"] == 2]


def sample_files() -> set[str]:
    return {p.relative_to(SAMPLES).as_posix() for game in RULE_SETS
            for p in (SAMPLES / game).rglob("*")
            if p.is_file() and p.suffix in LOG_SUFFIXES}


def check(path: Path, *args: str):
    result = runner.invoke(app, ["check", *args, str(path)])
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result


# -- the table itself --------------------------------------------------------------------------


def test_every_sample_is_listed_and_every_listed_file_exists():
    listed = [r["file"] for r in ROWS]
    assert len(listed) == len(set(listed)), "a sample is listed twice"
    on_disk = sample_files()
    assert sorted(on_disk - set(listed)) == [], "samples missing from samples/README.md"
    assert sorted(set(listed) - on_disk) == [], "listed samples that do not exist"


def test_every_game_has_a_sample_folder():
    assert set(RULE_SETS) == set(GAMES)


def test_table_cells_are_well_formed():
    for row in ROWS:
        assert row["game"] in RULE_SETS, row["file"]
        assert row["rule set"] in RULE_SETS[row["game"]], row["file"]
        assert row["players"].isdigit(), row["file"]
        assert row["exit"] in (0, 1, 2), row["file"]
        assert row["what it shows"], row["file"]
        game_codes = set(GAMES[row["game"]].module("codes").CODES) | set(COMMON_CODES)
        assert row["codes"] <= game_codes, f"{row['file']}: codes not of {row['game']}: " \
            f"{sorted(row['codes'] - game_codes)}"
        if row["exit"] == 2:
            assert not row["codes"], f"{row['file']}: an unreadable log has no findings"
            assert row["file"].startswith(f"{row['game']}/unreadable/"), row["file"]


def test_every_code_is_produced_by_some_sample():
    produced = set().union(*(r["codes"] for r in READABLE))
    assert sorted(set(CODES) - produced) == []


@pytest.mark.parametrize("game", sorted(RULE_SETS))
def test_every_code_of_each_game_is_produced_by_a_sample_of_that_game(game):
    produced = set().union(*(r["codes"] for r in READABLE if r["game"] == game))
    assert sorted(set(GAMES[game].module("codes").CODES) - produced) == []


@pytest.mark.parametrize("game", sorted(RULE_SETS))
def test_clean_games_cover_every_rule_set_and_player_count(game):
    clean = [r for r in READABLE if not r["codes"] and r["game"] == game]
    assert {r["rule set"] for r in clean} == RULE_SETS[game]
    assert {int(r["players"]) for r in clean} >= PLAYER_COUNTS[game]
    assert any(r["file"].endswith(".json") for r in clean), "no clean sample in JSON form"


def test_named_samples_are_there():
    names = {r["file"] for r in ROWS}
    assert "cartagena/jamaica-4p.cartlog" in names
    assert "cartagena/jamaica-4p-disputed.cartlog" in names
    assert "meuterer/club-4p.cartlog" in names
    assert "meuterer/club-4p-sheet-errors.cartlog" in names


def test_sheet_errors_sample_shows_every_kind_of_sheet_error():
    """The club game's sheet: wrong round scores, a slip in a total, and totals that carry."""
    row = next(r for r in ROWS if r["file"] == "meuterer/club-4p-sheet-errors.cartlog")
    result = check(SAMPLES / row["file"], "--format", "json")
    (report,) = json.loads(result.stdout)["reports"]
    found = report["findings"]
    rounds = {(f["code"], f["player"], f["turn"]) for f in found if f["code"] == "score/round"}
    assert len(rounds) == 5, rounds
    assert sum(f["code"] == "score/total" for f in found) == 1
    assert sum(f["code"] == "score/carried" for f in found) >= 2


def test_meuterer_clean_games_play_every_round():
    """Every round of the game, those before the position of a log that starts from one
    included (they count as played: their points are in the position's scores)."""
    for row in READABLE:
        if row["codes"] or row["game"] != "meuterer":
            continue
        result = check(SAMPLES / row["file"], "--format", "json")
        (report,) = json.loads(result.stdout)["reports"]
        b = report["breakdown"]
        assert b["turns"] == b["rounds"] == {3: 9, 4: 8}[int(row["players"])], row["file"]
        if not row["file"].split("/")[-1].startswith("from-position-"):
            assert b["played"] == b["rounds"], row["file"]


# -- each sample against its row ------------------------------------------------------------


@pytest.mark.parametrize("row", READABLE, ids=[r["file"] for r in READABLE])
def test_sample_produces_exactly_its_codes(row):
    path = SAMPLES / row["file"]
    result = check(path, "--format", "json")
    assert result.exit_code == row["exit"], result.output
    doc = json.loads(result.stdout)
    assert doc["unreadable"] == []
    (report,) = doc["reports"]
    assert report["rules"] == row["rule set"]
    assert len(report["breakdown"]["standings"]) == int(row["players"])
    produced = {f["code"] for f in report["findings"]}
    assert produced == row["codes"], (
        f"{row['file']}: missing {sorted(row['codes'] - produced)}, "
        f"unexpected {sorted(produced - row['codes'])}")


@pytest.mark.parametrize("row", READABLE, ids=[r["file"] for r in READABLE])
def test_text_report_gives_the_same_exit_status(row):
    path = SAMPLES / row["file"]
    result = check(path, "--ascii")
    assert result.exit_code == row["exit"], result.output
    headings = re.findall(r"^#\d+ .*$", result.stdout, re.M)
    assert bool(headings) == bool(row["codes"]), result.stdout
    if row["file"].endswith(".cartlog"):
        # every finding in a text log is placed at its line and column
        place = re.compile(rf"#\d+ {re.escape(str(path))}:\d+:\d+: ")
        assert all(place.match(h) for h in headings), headings


def test_clean_complete_games_are_finished_as_recorded():
    for row in READABLE:
        if row["codes"]:
            continue
        result = check(SAMPLES / row["file"], "--format", "json")
        (report,) = json.loads(result.stdout)["reports"]
        b = report["breakdown"]
        assert b["finished"] and b["agrees"], row["file"]
        assert report["errors"] == report["warnings"] == 0, row["file"]


@pytest.mark.parametrize("row", UNREADABLE, ids=[r["file"] for r in UNREADABLE])
def test_unreadable_sample_is_rejected_with_a_located_message(row):
    path = SAMPLES / row["file"]
    result = check(path, "--ascii")
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    assert re.search(rf"^{re.escape(str(path))}:\d+:\d+: ", result.stderr, re.M), result.stderr
    assert "Traceback" not in result.output
