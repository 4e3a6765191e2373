"""Games are plugins: every game, cartlog's own three too, is registered through the entry point
group ``cartlog.games``; a game of another distribution (Pig, ``tests/plugin_game``, installed
beside cartlog) is reached by every command; a game that cannot be loaded is left out with one
warning line, and cartlog runs on (docs/api.md, "Adding a game")."""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from pathlib import Path

import msgspec
import pytest
from typer.testing import CliRunner

from cartlog.cli import app
from cartlog.core.spec import GameSpec
from cartlog.games import (
    BUILT_IN,
    BUILT_IN_DECLARED,
    GAMES,
    GROUP,
    OWN,
    SPECS,
    declared,
    find_game,
    load,
)
from cartlog.logs import read_log, write_log

ROOT = Path(__file__).resolve().parent.parent
PLUGIN = ROOT / "tests" / "plugin_game"
IDS = [spec.name for spec in SPECS]
runner = CliRunner()


def test_cartlog_declares_its_own_games_as_entry_points():
    """pyproject.toml declares the three games; the registry's fallback for a cartlog whose
    installed metadata predates them is the same list."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    points = project["project"]["entry-points"][GROUP]
    assert tuple(points.items()) == BUILT_IN_DECLARED
    assert [spec.name for spec in BUILT_IN] == list(points)


def test_the_installed_games_come_from_the_entry_points():
    """cartlog's own games are read from cartlog's installed metadata (not the fallback),
    and Pig from its distribution's, as importlib.metadata finds them."""
    from importlib.metadata import entry_points

    found = {(d.name, d.value) for d in declared()}
    assert set(BUILT_IN_DECLARED) <= found
    assert ("pig", "cartlog_pig:SPEC") in found
    assert found == {(ep.name, ep.value) for ep in entry_points(group=GROUP)}
    assert {d.dist for d in declared() if d.name in GAMES} == {OWN, "cartlog_pig"}


def test_the_fixture_game_is_registered_and_not_built_in():
    pig = find_game("Pig")
    assert pig is not None and pig is GAMES["pig"]
    assert pig not in BUILT_IN and not pig.package.startswith("cartlog.")
    assert [spec.name for spec in SPECS][:3] == ["cartagena", "meuterer", "mutiny"]


def _distribution(folder: Path, name: str, points: dict[str, str], code: dict[str, str]
                  ) -> None:
    """A distribution as an installer lays it out: its metadata folder declaring ``points``
    in the group, and its modules."""
    info = folder / f"{name}-1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 1.0\n",
                                   encoding="utf-8")
    lines = [f"[{GROUP}]"] + [f"{k} = {v}" for k, v in points.items()]
    (info / "entry_points.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    for module, text in code.items():
        (folder / f"{module}.py").write_text(text, encoding="utf-8")


SPEC_TEXT = ("from cartlog.core.spec import GameSpec\n"
             "SPEC = GameSpec(name={name!r}, title='T', aliases={aliases!r}, package='x', "
             "rulesets=('a',), default_rules='a', players=(2, 4), turn_word='turn', "
             "turns_word='turns', renderer='x')\n")


@pytest.fixture
def broken(tmp_path: Path) -> Path:
    """Four distributions whose game cannot be loaded, and one that loads."""
    _distribution(tmp_path, "gone", {"gone": "no_such_module:SPEC"}, {})
    _distribution(tmp_path, "plain", {"plain": "plain_game:SPEC"},
                  {"plain_game": "SPEC = 'not a spec'\n"})
    _distribution(tmp_path, "clash", {"clash": "clash_game:SPEC"},
                  {"clash_game": SPEC_TEXT.format(name="clash", aliases=("karthago",))})
    _distribution(tmp_path, "misnamed", {"other": "misnamed_game:SPEC"},
                  {"misnamed_game": SPEC_TEXT.format(name="misnamed", aliases=())})
    _distribution(tmp_path, "fine", {"fine": "fine_game:SPEC"},
                  {"fine_game": SPEC_TEXT.format(name="fine", aliases=("fine",))})
    return tmp_path


def test_a_game_that_cannot_be_loaded_is_left_out_with_one_warning(broken, monkeypatch):
    monkeypatch.syspath_prepend(str(broken))
    specs, warnings = load([str(broken), *sys.path])
    names = [spec.name for spec in specs]
    assert names[:3] == ["cartagena", "meuterer", "mutiny"] and "fine" in names
    assert not {"gone", "plain", "clash", "other", "misnamed"} & set(names)
    assert len(warnings) == 4 and all("\n" not in w for w in warnings)
    said = "\n".join(warnings)
    assert "the game 'gone' (no_such_module:SPEC, from gone) is left out: " \
           "ModuleNotFoundError: No module named 'no_such_module'" in said
    assert "'plain' (plain_game:SPEC, from plain) is left out: it is a str, not a " \
           "cartlog.core.spec.GameSpec" in said
    assert "'clash' (clash_game:SPEC, from clash) is left out: 'karthago' already names " \
           "the built-in game 'cartagena'" in said
    assert "its spec names the game 'misnamed': the entry point must have its name" in said
    assert all(w.startswith("cartlog: warning: the game ") for w in warnings)


def test_a_broken_plugin_does_not_break_a_command(broken):
    """In a real process: one warning line each on standard error, the command's answer as
    ever (the games listed, a log checked)."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(broken), str(ROOT)])}
    games = subprocess.run([sys.executable, "-m", "cartlog", "games", "--format", "json"],
                           cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert games.returncode == 0, games.stderr
    # "fine" loads, but its parts (package "x") do not: it is left out of the list
    listed = [g["name"] for g in msgspec.json.decode(games.stdout)["games"]]
    assert listed == [spec.name for spec in SPECS]
    warned = [line for line in games.stderr.splitlines() if line]
    assert len(warned) == 5 and all(w.startswith("cartlog: warning: ") for w in warned)
    assert warned[-1] == ("cartlog: warning: the game 'fine' is left out: its catalogue "
                          "cannot be loaded: ModuleNotFoundError: No module named 'x'")
    check = subprocess.run([sys.executable, "-m", "cartlog", "check",
                            str(PLUGIN / "samples" / "clean.cartlog")],
                           cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert check.returncode == 0 and "clean" in check.stdout, check.stderr
    as_json = subprocess.run([sys.executable, "-m", "cartlog", "convert", "--to", "json",
                              str(PLUGIN / "samples" / "clean.cartlog")],
                             cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    check = subprocess.run([sys.executable, "-m", "cartlog", "check", "-"], input=as_json.stdout,
                           cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert check.returncode == 0 and "clean" in check.stdout, check.stderr
    assert "its log type cannot be loaded" in check.stderr


def test_no_plugins_runs_cartlog_s_own_games_only():
    env = {**os.environ, "PYTHONPATH": str(ROOT), "CARTLOG_NO_PLUGINS": "1"}
    games = subprocess.run([sys.executable, "-m", "cartlog", "games", "--format", "json"],
                           cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert [g["name"] for g in msgspec.json.decode(games.stdout)["games"]] == [
        spec.name for spec in BUILT_IN]


def test_the_scan_finds_what_importlib_metadata_finds_in_a_zip_archive(tmp_path):
    """A distribution in a zip archive on the path is read by importlib.metadata."""
    import zipfile

    archive = tmp_path / "zipped.zip"
    with zipfile.ZipFile(archive, "w") as z:
        z.writestr("zipped-1.0.dist-info/METADATA", "Metadata-Version: 2.1\nName: zipped\n"
                   "Version: 1.0\n")
        z.writestr("zipped-1.0.dist-info/entry_points.txt",
                   f"[{GROUP}]\nzipped = zipped_game:SPEC\n")
    assert [(d.name, d.value, d.dist) for d in declared([str(archive)])] == [
        ("zipped", "zipped_game:SPEC", "zipped")]


# -- every command reaches every registered game -------------------------------------------------


def _run(*args: str | Path, input: str | None = None):
    result = runner.invoke(app, [str(a) for a in args], input=input,
                           env={"NO_COLOR": "1", "COLUMNS": "100"})
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise AssertionError(f"cartlog {args} raised {result.exception!r}") \
            from result.exception
    return result


@pytest.mark.parametrize("spec", SPECS, ids=IDS)
def test_every_command_reaches_every_registered_game(spec: GameSpec, tmp_path, monkeypatch):
    monkeypatch.setattr(os, "fsync", lambda fd: None)
    # simulate, in text and JSON
    text = _run("simulate", spec.name, "--seed", "5")
    assert text.exit_code == 0, text.stderr
    as_json = _run("simulate", spec.name, "--seed", "5", "--format", "json")
    assert as_json.exit_code == 0 and f'"game": "{spec.name}"' in as_json.stdout
    log_file = tmp_path / "game.cartlog"
    log_file.write_text(text.stdout, encoding="utf-8")
    json_file = tmp_path / "game.json"
    json_file.write_text(as_json.stdout, encoding="utf-8")
    # check, replay and score, text and JSON, of both forms
    for path in (log_file, json_file):
        for command in ("check", "replay", "score"):
            out = _run(command, path, "--ascii")
            assert out.exit_code == 0, (command, out.stdout, out.stderr)
            doc = _run(command, path, "--format", "json")
            assert doc.exit_code == 0 and spec.name in doc.stdout, command
    # convert, both ways
    converted = _run("convert", log_file, "--to", "json")
    assert converted.exit_code == 0
    assert read_log(converted.stdout) == read_log(write_log(read_log(text.stdout), True))
    back = _run("convert", json_file, "--to", "text")
    assert back.exit_code == 0 and back.stdout == text.stdout
    # games, explain, schema
    listed = msgspec.json.decode(_run("games", "--format", "json").stdout)["games"]
    assert spec.name in [g["name"] for g in listed]
    for code in spec.codes.CODES:
        said = _run("explain", code, "--ascii")
        assert said.exit_code == 0 and code in said.stdout
    schemas = msgspec.json.decode(_run("schema").stdout)
    assert f"{spec.name}.log.schema.json" in schemas
    # record: the header, then the body line by line from standard input
    log = read_log(text.stdout)
    header = text.stdout.split("\n\n", 1)[0] + "\n"
    (tmp_path / "header.cartlog").write_text(header, encoding="utf-8")
    body = [spec.notation.format_event(ev, log) for ev in log.events]
    out = tmp_path / "recorded.cartlog"
    recorded = _run("record", "--from", tmp_path / "header.cartlog", "--out", out,
                    input="\n".join(body) + "\n")
    assert recorded.exit_code == 0, recorded.stderr
    assert read_log(out.read_text(encoding="utf-8")).events == read_log(text.stdout).events


def test_the_docs_of_adding_a_game_are_true():
    """docs/api.md, "Adding a game": the entry points shown are cartlog's, the fixture game's
    files are each described, and its entry point is the one its pyproject.toml declares."""
    import re

    text = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
    part = text[text.index("## Adding a game"):]
    shown = tomllib.loads(re.findall(r"```toml\n(.*?)```", part, re.S)[0])
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert shown["project"]["entry-points"] == {GROUP: project["project"]["entry-points"][GROUP]}
    for path in sorted((PLUGIN / "cartlog_pig").glob("*.py")):
        name = "cartlog_pig/__init__.py" if path.name == "__init__.py" else path.name
        assert f"| `{name}` |" in part, name
    fixture = tomllib.loads((PLUGIN / "pyproject.toml").read_text(encoding="utf-8"))
    [(name, value)] = fixture["project"]["entry-points"][GROUP].items()
    assert f'`{name} = "{value}"`' in part


def test_the_fixture_game_s_samples_give_its_codes():
    """Pig's clean sample is clean; the other gives every code of its rules, each at the
    line that breaks it; cut short, a game is unfinished."""
    from cartlog.audit import audit

    clean = (PLUGIN / "samples" / "clean.cartlog").read_text(encoding="utf-8")
    assert audit(read_log(clean)).findings == []
    text = (PLUGIN / "samples" / "findings.cartlog").read_text(encoding="utf-8")
    found = [(f.line, f.code) for f in audit(read_log(text)).findings]
    assert found == [(4, "target/result"), (8, "roll/after-one"), (9, "play/out-of-turn"),
                     (9, "roll/range"), (10, "hold/nothing"), (11, "hold/nothing"),
                     (12, "play/out-of-turn"), (17, "play/after-end")]
    short = clean.replace('[Result "red"]\n', "").rsplit("red hold", 1)[0]
    assert [f.code for f in audit(read_log(short)).findings] == ["target/unreached"]
