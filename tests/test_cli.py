"""The command line as a user and a program meet it: exit statuses, messages, help, formats.

Logs are simulated here (seeded) and broken on purpose, so that these tests depend on no
sample file. Most runs go through ``typer.testing.CliRunner``; a few start ``python -m
cartlog`` for real, to prove that the module runs and that no traceback ever reaches a user.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import msgspec
import pytest
import typer
from typer.testing import CliRunner

from cartlog import version_line
from cartlog.cli import _app_for, _command_name, app
from cartlog.games import GAMES
from cartlog.schemas import (
    check_document_type,
    replay_document_type,
    report_type,
    score_document_type,
)

ROOT = Path(__file__).resolve().parent.parent
HAVE_RENDERER = (ROOT / "cartlog" / "games" / "cartagena" / "render" / "__init__.py").exists()
needs_renderer = pytest.mark.skipif(not HAVE_RENDERER,
                                    reason="cartlog/games/cartagena/render not written yet")
RULE_SETS = {"2000-jamaica", "2000-tortuga", "ravensburger", "ravensburger-advanced"}
ANSI = "\x1b["
LOCATED = re.compile(r"^(?P<file>[^\s:][^:]*):(?P<line>\d+):(?P<col>\d+): ", re.MULTILINE)

runner = CliRunner()


def run(*args: str | Path, input: str | bytes | None = None, env: dict | None = None):
    """Run the app in-process; fail on any exception other than an exit."""
    result = runner.invoke(app, [str(a) for a in args], input=input, env=env)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise AssertionError(f"cartlog {' '.join(map(str, args))} raised "
                             f"{result.exception!r}\n{result.output}") from result.exception
    assert "Traceback" not in result.output
    return result


def cartlog_process(*args: str | Path, env: dict | None = None, stdin: bytes | None = None):
    """Run ``python -m cartlog`` in a real process."""
    full_env = {**os.environ, "PYTHONPATH": str(ROOT), **(env or {})}
    return subprocess.run([sys.executable, "-m", "cartlog", *map(str, args)], cwd=ROOT,
                          env=full_env, input=stdin, capture_output=True, timeout=60)


# -- logs ------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def logs(tmp_path_factory) -> dict[str, Path]:
    """A clean simulated game and broken copies of it, by name."""
    d = tmp_path_factory.mktemp("logs")
    clean = d / "clean.cartlog"
    assert run("simulate", "cartagena", "--players", "3", "--seed", "2",
               "-o", clean).exit_code == 0
    text = clean.read_text(encoding="utf-8")
    lines = text.splitlines(keepends=True)
    turn1 = next(i for i, ln in enumerate(lines) if ln.startswith("1. "))
    turn2 = next(i for i, ln in enumerate(lines) if ln.startswith("2. "))

    def wrong_destination(line: str) -> str:
        # the first action of an opening turn is a card played from the start: K0-11
        return re.sub(r"^(\d+\. \w+ [A-Z](?:0|start)-)(\d+)",
                      lambda m: f"{m.group(1)}{int(m.group(2)) + 1}", line)

    def variant(name: str, edit) -> Path:
        new = list(lines)
        edit(new)
        assert new != lines, f"the edit for {name} changed nothing"
        path = d / name
        path.write_text("".join(new), encoding="utf-8")
        return path

    out = {"clean": clean}
    out["findings"] = variant("findings.cartlog", lambda ls: ls.__setitem__(
        turn1, wrong_destination(ls[turn1])))
    out["two-errors"] = variant("two-errors.cartlog", lambda ls: (
        ls.__setitem__(turn1, wrong_destination(ls[turn1])),
        ls.__setitem__(turn2, wrong_destination(ls[turn2]))))
    out["bad-card"] = variant("bad-card.cartlog", lambda ls: ls.__setitem__(
        turn1, re.sub(r"^(1\. \w+ )[A-Z]", r"\1X", ls[turn1])))
    out["unknown-player"] = variant("unknown-player.cartlog", lambda ls: ls.__setitem__(
        turn2, re.sub(r"^2\. \w+", "2. purple", ls[turn2])))
    out["out-of-order"] = variant("out-of-order.cartlog", lambda ls: (
        ls.__setitem__(turn2, re.sub(r"^2\. \w+", "2. yellow", ls[turn2])),
        [ls.__setitem__(i, ln.replace("Anne", "Zoë Ångström"))
         for i, ln in enumerate(ls) if ln.startswith("[Players")]))
    json_log = d / "clean.json"
    assert run("convert", clean, "--to", "json", "-o", json_log).exit_code == 0
    out["json"] = json_log
    return out


@pytest.fixture(scope="module")
def bad_inputs(tmp_path_factory) -> dict[str, Path]:
    """Every kind of input that cannot be read, by name."""
    d = tmp_path_factory.mktemp("bad")
    files = {
        "empty": b"",
        "blank": b"\n  \n",
        "not-utf8": b'[Game "Cartagena"]\n; caf\xe9\n',
        "binary": bytes(range(256)),
        "json-array": b"[1, 2, 3]\n",
        "json-string": b'"cartagena"\n',
        "json-number": b"42\n",
        "json-null": b"null\n",
        "json-wrong-shape": b'{\n  "game": "cartagena",\n  "rules": 5\n}\n',
        "json-missing-fields": b'{"game": "cartagena"}\n',
        "json-truncated": b'{"game": "cartagena", "rules": ',
        "json-malformed": b'{"game": cartagena}\n',
        "json-unknown-game": b'{"game": "chess"}\n',
        "json-no-game": b'{"rules": "2000-jamaica"}\n',
        "json-deep": b"[" * 5000 + b"]" * 5000,
        "json-deep-object": b'{"game": ' * 5000 + b"1" + b"}" * 5000,
        "unknown-game": b'[Game "Chess"]\n1. e4 e5\n',
        "no-game": b'[Rules "2000-jamaica"]\n',
        "prose": b"These are not the logs you are looking for.\n",
    }
    out = {}
    for name, data in files.items():
        path = d / f"{name}.cartlog"
        path.write_bytes(data)
        out[name] = path
    out["missing"] = d / "missing.cartlog"
    out["directory"] = d
    return out


def located_lines(output: str) -> list[re.Match]:
    return list(LOCATED.finditer(output))


def caret_under(output: str, line: int, col: int) -> bool:
    """The output shows source line ``line`` with a caret starting under column ``col``."""
    rows = output.splitlines()
    for i, row in enumerate(rows[:-1]):
        m = re.match(rf"^\s*{line} \| ", row)
        if m and re.match(r"^\s*\| ", rows[i + 1]):
            caret = rows[i + 1]
            start = caret.index("|") + 2
            return caret[start:].startswith(" " * (col - 1) + "^")
    return False


# -- exit statuses ---------------------------------------------------------------------------


def test_clean_log_exits_0(logs):
    result = run("check", logs["clean"])
    assert result.exit_code == 0, result.output
    assert "clean" in result.stdout


def test_findings_exit_1(logs):
    result = run("check", logs["findings"])
    assert result.exit_code == 1, result.output
    assert "move/forward-destination" in result.stdout


def test_unreadable_log_exits_2(logs):
    result = run("check", logs["bad-card"])
    assert result.exit_code == 2
    assert "unreadable" in result.stderr
    assert result.stdout == ""


@pytest.mark.parametrize("names, status", [
    (("clean", "clean"), 0),
    (("clean", "findings"), 1),
    (("findings", "clean", "json"), 1),
    (("clean", "bad-card"), 2),
    (("findings", "bad-card", "clean"), 2),
    (("bad-card", "findings"), 2),
])
def test_several_logs_exit_with_the_worst_status(logs, names, status):
    result = run("check", *(logs[n] for n in names))
    assert result.exit_code == status, result.output
    totals = result.stdout.strip().splitlines()[-1]
    readable = [n for n in names if n != "bad-card"]
    assert totals == (f"{len(names)} logs: {sum(n != 'findings' for n in readable)} clean, "
                      f"{readable.count('findings')} with errors, "
                      f"{names.count('bad-card')} unreadable")


def test_several_logs_one_report_each_in_order(logs):
    result = run("check", "--quiet", logs["findings"], logs["clean"], logs["json"])
    lines = result.stdout.splitlines()
    assert [ln.split(":")[0] for ln in lines[:3]] == [
        str(logs["findings"]), str(logs["clean"]), str(logs["json"])]
    assert lines[3:] == ["1 log with errors:", f"  {logs['findings']} (1 error)",
                         "3 logs: 2 clean, 1 with errors, 0 unreadable"]


def test_missing_file_does_not_stop_the_others(logs, bad_inputs):
    result = run("check", bad_inputs["missing"], logs["clean"])
    assert result.exit_code == 2
    assert f"{bad_inputs['missing']}: error: no such file" in result.stderr
    assert f"{logs['clean']}: clean" in result.stdout
    assert "2 logs: 1 clean, 0 with errors, 1 unreadable" in result.stdout


def test_warnings_alone_exit_0(logs, tmp_path):
    # a wrong turn number is a warning (turn/number), not an error
    text = logs["clean"].read_text(encoding="utf-8")
    path = tmp_path / "turn-number.cartlog"
    path.write_text(re.sub(r"^3\. ", "33. ", text, flags=re.MULTILINE), encoding="utf-8")
    result = run("check", "--format", "json", path)
    report = msgspec.json.decode(result.stdout)["reports"][0]
    assert report["errors"] == 0 and report["warnings"] >= 1
    assert result.exit_code == 0


def test_bad_usage_exits_2(logs):
    assert run("check").exit_code == 2
    assert run("check", logs["clean"], "--format", "yaml").exit_code == 2
    assert run("frobnicate").exit_code == 2
    assert run("replay", logs["clean"], "--turn", "0").exit_code == 2
    result = run("replay", logs["clean"], "--from", "5", "--to", "3", "--format", "json")
    assert result.exit_code == 2
    assert "--from 5 is after --to 3" in result.stderr
    assert run("schema", "--check").exit_code == 2


# -- help --------------------------------------------------------------------------------------


COMMANDS = sorted(typer.main.get_command(app).commands)


def test_all_commands_are_known():
    assert set(COMMANDS) == {"check", "replay", "view", "score", "simulate", "convert",
                             "explain", "games", "schema", "record"}


@pytest.mark.parametrize("command", [None, *COMMANDS])
def test_help_has_examples(command):
    args = ["--help"] if command is None else [command, "--help"]
    result = run(*args)
    assert result.exit_code == 0
    assert "Example" in result.stdout
    assert "cartlog " in result.stdout


def test_no_arguments_shows_help():
    result = run()
    assert "Usage" in result.output
    assert "check" in result.output


def test_version():
    result = run("--version")
    assert result.exit_code == 0
    assert result.stdout.strip() == version_line()


# -- error messages ----------------------------------------------------------------------------


def test_bad_card_letter_is_located_with_a_caret(logs):
    result = run("check", logs["bad-card"])
    found = located_lines(result.stderr)
    assert found, result.stderr
    m = found[0]
    assert m["file"] == str(logs["bad-card"])
    line, col = int(m["line"]), int(m["col"])
    source = logs["bad-card"].read_text(encoding="utf-8").splitlines()[line - 1]
    assert source.startswith("1. ") and source[col - 1] == "X"
    assert caret_under(result.stderr, line, col), result.stderr
    assert "expected" in result.stderr


def test_unknown_player_is_located_with_a_caret(logs):
    result = run("check", logs["unknown-player"])
    assert result.exit_code == 2
    m = located_lines(result.stderr)[0]
    line, col = int(m["line"]), int(m["col"])
    source = logs["unknown-player"].read_text(encoding="utf-8").splitlines()[line - 1]
    assert source[col - 1:].startswith("purple")
    assert "'purple'" in result.stderr
    assert caret_under(result.stderr, line, col)


def test_wrong_destination_is_located_with_a_caret(logs):
    result = run("check", logs["findings"])
    m = located_lines(result.stdout)[0]
    line, col = int(m["line"]), int(m["col"])
    source = logs["findings"].read_text(encoding="utf-8").splitlines()[line - 1]
    assert source.startswith("1. ")
    assert re.match(r"[A-Z]0-\d+", source[col - 1:])
    assert caret_under(result.stdout, line, col)
    assert "expected" in result.stdout and "rule" in result.stdout


def test_json_problem_is_located_at_the_value(bad_inputs):
    result = run("check", bad_inputs["json-wrong-shape"])
    assert result.exit_code == 2
    m = located_lines(result.stderr)[0]
    assert (m["line"], m["col"]) == ("3", "12")  # the 5 of "rules": 5
    assert "$.rules" in result.stderr
    assert caret_under(result.stderr, 3, 12)


def test_not_utf8_is_located_at_the_byte(bad_inputs):
    result = run("check", bad_inputs["not-utf8"])
    assert result.exit_code == 2
    assert f"{bad_inputs['not-utf8']}:2:6: " in result.stderr
    assert "UTF-8" in result.stderr


def test_json_that_is_not_an_object_says_so(bad_inputs):
    result = run("check", bad_inputs["json-array"])
    assert "must be an object, not an array" in result.stderr
    assert caret_under(result.stderr, 1, 1)


# -- no traceback, whatever the input ----------------------------------------------------------


BAD = ["empty", "blank", "not-utf8", "binary", "json-array", "json-string", "json-number",
       "json-null", "json-wrong-shape", "json-missing-fields", "json-truncated",
       "json-malformed", "json-unknown-game", "json-no-game", "json-deep", "json-deep-object",
       "unknown-game",
       "no-game", "prose", "missing", "directory"]


@pytest.mark.parametrize("name", BAD)
@pytest.mark.parametrize("command", [
    ["check"], ["check", "--format", "json"], ["replay", "--format", "json"],
    ["score", "--format", "json"], ["convert"], ["replay"], ["score"]])
def test_unreadable_input_exits_2_without_traceback(bad_inputs, name, command):
    result = run(*command, bad_inputs[name])
    assert result.exit_code == 2, result.output
    assert str(bad_inputs[name]) in result.stderr or "--format" in command
    if "--format" not in command and not (command == ["check"] and name == "directory"):
        assert result.stdout == ""  # (check reads the logs in a folder: a line of totals)


@pytest.mark.parametrize("name", ["json-array", "unknown-game", "binary", "empty"])
def test_standard_input_is_read_like_a_file(bad_inputs, name):
    result = run("check", "-", input=bad_inputs[name].read_bytes())
    assert result.exit_code == 2
    assert "<stdin>" in result.stderr


def test_standard_input_clean_log(logs):
    result = run("check", "-", input=logs["clean"].read_bytes())
    assert result.exit_code == 0
    assert result.stdout.startswith("<stdin>: clean")


def test_unwritable_output_exits_2(logs, tmp_path):
    result = run("convert", logs["clean"], "-o", tmp_path / "no" / "such" / "dir.json")
    assert result.exit_code == 2
    assert "cannot write" in result.stderr
    result = run("simulate", "cartagena", "-o", tmp_path)
    assert result.exit_code == 2


def test_real_process_never_shows_a_traceback(bad_inputs, logs):
    proc = cartlog_process("check", bad_inputs["not-utf8"], bad_inputs["missing"],
                           bad_inputs["json-array"], logs["clean"])
    err = proc.stderr.decode()
    assert proc.returncode == 2
    assert "Traceback" not in err + proc.stdout.decode()
    assert "no such file" in err and "UTF-8" in err
    assert "4 logs: 1 clean, 0 with errors, 3 unreadable" in proc.stdout.decode()


def test_internal_error_is_one_line_not_a_traceback(logs, monkeypatch, capsys):
    import cartlog.audit
    from cartlog.cli import main

    def broken(*args, **kwargs):
        raise RuntimeError("the auditor fell overboard")

    monkeypatch.setattr(cartlog.audit, "audit", broken)
    monkeypatch.setattr(sys, "argv", ["cartlog", "check", str(logs["clean"])])
    monkeypatch.delenv("CARTLOG_DEBUG", raising=False)
    with pytest.raises(SystemExit) as exit_:
        main()
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert "internal error: RuntimeError: the auditor fell overboard" in err
    assert "Traceback" not in err


def test_real_process_reads_standard_input(logs):
    proc = cartlog_process("check", "--format", "json", "-", stdin=b"\xff\xfe\x00")
    assert proc.returncode == 2
    doc = msgspec.json.decode(proc.stdout, type=check_document_type())
    assert doc.unreadable[0].file == "<stdin>"
    assert b"Traceback" not in proc.stderr


# -- JSON for programs -------------------------------------------------------------------------


def strict_decode(text: str, typ):
    """Decode with the documented type, and check nothing is lost on the way back."""
    doc = msgspec.json.decode(text, type=typ)
    assert msgspec.json.decode(msgspec.json.encode(doc)) == msgspec.json.decode(text)
    return doc


def test_check_json_validates(logs):
    result = run("check", "--format", "json", logs["clean"], logs["findings"], logs["json"])
    assert result.exit_code == 1
    doc = strict_decode(result.stdout, check_document_type())
    assert [r.file for r in doc.reports] == [str(logs[n]) for n in ("clean", "findings", "json")]
    assert doc.summary.logs == 3 and doc.summary.with_errors == 1
    for raw in msgspec.json.decode(result.stdout)["reports"]:
        strict_decode(msgspec.json.encode(raw), report_type())
    assert result.stderr == ""


def test_check_json_with_unreadable_logs_still_prints_the_document(logs, bad_inputs):
    result = run("check", "--format", "json", logs["clean"], bad_inputs["missing"],
                 logs["bad-card"])
    assert result.exit_code == 2
    doc = strict_decode(result.stdout, check_document_type())
    assert len(doc.reports) == 1
    missing, bad = doc.unreadable
    assert missing.file == str(bad_inputs["missing"])
    assert missing.problems[0].line is None and "no such file" in missing.problems[0].message
    assert bad.problems[0].line is not None and bad.problems[0].col is not None
    assert doc.summary.unreadable == 2


def test_replay_json_validates(logs):
    result = run("replay", "--format", "json", logs["findings"], "--from", "1", "--to", "2")
    assert result.exit_code == 1
    doc = strict_decode(result.stdout, replay_document_type())
    assert {f.turn for f in doc.frames} - {None} == {1, 2}
    assert doc.findings and doc.findings[0].code == "move/forward-destination"


@pytest.mark.parametrize("command, kind", [("replay", replay_document_type),
                                           ("score", score_document_type)])
def test_replay_and_score_json_of_unreadable_log(logs, command, kind):
    result = run(command, "--format", "json", logs["bad-card"])
    assert result.exit_code == 2
    doc = strict_decode(result.stdout, kind())
    assert doc.unreadable[0].file == str(logs["bad-card"])


def test_score_json_validates(logs):
    result = run("score", "--format", "json", logs["clean"])
    assert result.exit_code == 0
    doc = strict_decode(result.stdout, score_document_type())
    assert doc.breakdown.winner is not None and doc.errors == 0


def test_check_json_matches_the_schema_file(logs, bad_inputs):
    jsonschema = pytest.importorskip("jsonschema")
    schema = msgspec.json.decode((ROOT / "schemas" / "check.schema.json").read_bytes())
    result = run("check", "--format", "json", logs["findings"], bad_inputs["missing"])
    jsonschema.validate(msgspec.json.decode(result.stdout), schema)


# -- colour and ASCII --------------------------------------------------------------------------


COLOUR_ENV = {"FORCE_COLOR": "1", "TERM": "xterm-256color", "COLORTERM": "truecolor"}


def test_colour_when_forced(logs):
    # proves that the NO_COLOR test below would see escapes if there were any
    result = run("check", logs["findings"], env={**COLOUR_ENV, "NO_COLOR": ""})
    assert ANSI in result.stdout


@pytest.mark.parametrize("args", [
    ["check", "{findings}"], ["check", "{bad-card}"], ["explain", "draw/count"], ["games"],
    pytest.param(["replay", "{findings}", "--turn", "1"], marks=needs_renderer),
    pytest.param(["score", "{findings}"], marks=needs_renderer),
])
def test_no_color_means_no_escapes(logs, args):
    args = [a.format(**{k: str(v) for k, v in logs.items()}) for a in args]
    result = run(*args, env={**COLOUR_ENV, "NO_COLOR": "1"})
    assert ANSI not in result.output


def test_no_color_in_help_of_a_real_process():
    proc = cartlog_process("check", "--help", env={**COLOUR_ENV, "NO_COLOR": "1"})
    assert proc.returncode == 0
    assert b"\x1b[" not in proc.stdout


@pytest.mark.parametrize("args", [
    ["check", "{out-of-order}"], ["check", "{bad-card}"], ["check", "-v", "{two-errors}"],
    ["explain", "turn/out-of-order"], ["games"],
    pytest.param(["replay", "{out-of-order}"], marks=needs_renderer),
    pytest.param(["score", "{out-of-order}"], marks=needs_renderer),
])
def test_ascii_output_is_pure_ascii(logs, args):
    args = [a.format(**{k: str(v) for k, v in logs.items()}) for a in args]
    result = run(*args, "--ascii", env=COLOUR_ENV)
    assert result.output.isascii(), [ch for ch in result.output if not ch.isascii()]
    assert ANSI not in result.output
    assert result.output.strip()


def test_ascii_keeps_the_text_readable(logs):
    from cartlog.cli import to_ascii
    from cartlog.games import all_codes

    rule = all_codes()["turn/out-of-order"].rule  # rulebook 004's section: 'DÉROULEMENT'
    result = run("check", logs["out-of-order"], "--ascii")
    assert "turn/out-of-order" in result.stdout
    assert f"rule {to_ascii(rule)}" in result.stdout
    assert to_ascii("DÉROULEMENT → Zoë … ┌─┐│") == "DEROULEMENT -> Zoe ... +-+|"


# -- explain, games, convert, simulate ---------------------------------------------------------


def test_explain_known_code():
    result = run("explain", "draw/count")
    assert result.exit_code == 0
    assert result.stdout.startswith("draw/count")
    assert "rule:" in result.stdout


def test_explain_unknown_code_suggests():
    result = run("explain", "draw/cont")
    assert result.exit_code == 2
    assert "unknown code 'draw/cont'" in result.stderr
    assert "did you mean draw/count" in result.stderr


def test_explain_far_off_code_lists_codes():
    result = run("explain", "zzz")
    assert result.exit_code == 2
    assert "draw/count" in result.stderr


def test_games_lists_the_rule_sets():
    result = run("games", "--format", "json")
    assert result.exit_code == 0
    games = {g["name"]: g for g in msgspec.json.decode(result.stdout)["games"]}
    assert set(games) == set(GAMES)  # every registered game, a plugin's too
    assert {"cartagena", "meuterer", "mutiny"} <= set(games)
    assert {rs["name"] for rs in games["cartagena"]["rulesets"]} == RULE_SETS
    assert {rs["name"] for rs in games["meuterer"]["rulesets"]} == {"base", "pirate"}
    text = run("games").stdout
    for name in RULE_SETS | {"base", "pirate"}:
        assert re.search(rf"^\s+{re.escape(name)}\s", text, re.MULTILINE), name


def test_convert_round_trip(logs, tmp_path):
    as_json = tmp_path / "game.json"
    assert run("convert", logs["clean"], "-o", as_json).exit_code == 0  # text -> json
    assert as_json.read_text(encoding="utf-8").lstrip().startswith("{")
    back = run("convert", as_json)  # json -> text by default
    assert back.exit_code == 0
    canonical = run("convert", logs["clean"], "--to", "text").stdout
    assert back.stdout == canonical
    again = run("convert", "-", "--to", "json", input=back.stdout)
    assert again.stdout == as_json.read_text(encoding="utf-8")


def test_convert_keeps_an_illegal_game(logs):
    result = run("convert", logs["findings"], "--to", "json")
    assert result.exit_code == 0
    assert run("check", "-", input=result.stdout).exit_code == 1


def test_simulate_is_reproducible():
    first = run("simulate", "cartagena", "--seed", "11", "--players", "2")
    again = run("simulate", "cartagena", "--seed", "11", "--players", "2")
    other = run("simulate", "cartagena", "--seed", "12", "--players", "2")
    assert first.exit_code == 0
    assert first.stdout == again.stdout != other.stdout


@pytest.mark.parametrize("rules", sorted(RULE_SETS))
def test_simulated_games_are_clean(rules):
    sim = run("simulate", "cartagena", "--rules", rules, "--players", "3", "--seed", "5",
              "--format", "json")
    assert sim.exit_code == 0
    assert run("check", "-", input=sim.stdout).exit_code == 0


@pytest.mark.parametrize("args, message", [
    (["--players", "9"], "players"),
    (["--players", "1"], "players"),
    (["--rules", "monopoly"], "unknown rule set 'monopoly'"),
    (["--view", "mauve"], "unknown view 'mauve'"),
])
def test_simulate_rejects_bad_settings(args, message):
    result = run("simulate", "cartagena", *args)
    assert result.exit_code == 2
    assert message in result.stderr
    assert result.stdout == ""


def test_simulate_unknown_game():
    result = run("simulate", "chess")
    assert result.exit_code == 2
    assert "unknown game 'chess'" in result.stderr and "cartagena" in result.stderr


# -- check options -----------------------------------------------------------------------------


def test_stop_at_first(logs):
    full = msgspec.json.decode(run("check", "-f", "json", logs["two-errors"]).stdout)
    first = run("check", "-f", "json", "--stop-at-first", logs["two-errors"])
    assert first.exit_code == 1
    stopped = msgspec.json.decode(first.stdout)
    assert full["reports"][0]["errors"] >= 2
    assert stopped["reports"][0]["errors"] == 1
    errors = [f for f in stopped["reports"][0]["findings"] if f["severity"] == "error"]
    assert errors[-1] == stopped["reports"][0]["findings"][-1]
    assert errors[0] == full["reports"][0]["findings"][0]
    text = run("check", "--stop-at-first", logs["two-errors"]).stdout
    assert "stopped at the first error" in text
    assert "#2 " not in text


def test_quiet_prints_only_the_summary(logs):
    result = run("check", "-q", logs["findings"])
    assert result.stdout.count("\n") == 1
    assert "error" in result.stdout


def test_verbose_shows_the_position(logs):
    plain = run("check", logs["findings"]).stdout
    verbose = run("check", "-v", logs["findings"]).stdout
    assert "position:" in verbose and "position:" not in plain


def test_schema_check(tmp_path):
    assert run("schema", "--out", tmp_path, "--check").exit_code == 1
    assert run("schema", "--out", tmp_path).exit_code == 0
    assert run("schema", "--out", tmp_path, "--check").exit_code == 0
    printed = msgspec.json.decode(run("schema").stdout)
    assert printed["check.schema.json"]["title"] == "cartlog check --format json"


# -- text views (need the renderer) ------------------------------------------------------------


@needs_renderer
def test_replay_text(logs):
    result = run("replay", logs["findings"], "--turn", "1", "--ascii")
    assert result.exit_code == 1
    assert "move/forward-destination" in result.stdout


@needs_renderer
def test_score_text(logs):
    result = run("score", logs["clean"], "--ascii")
    assert result.exit_code == 0
    assert "Anne" in result.stdout


# -- docs/cli.md keeps up with the app ---------------------------------------------------------


def test_every_command_and_option_is_documented():
    doc = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")

    def documented(word: str) -> bool:
        return re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", doc) is not None

    group = typer.main.get_command(app)
    missing = [o for p in group.params for o in p.opts + p.secondary_opts if not documented(o)]
    for name, command in group.commands.items():
        if not documented(f"cartlog {name}"):
            missing.append(f"cartlog {name}")
        for param in command.params:
            if param.param_type_name == "option":
                names = param.opts + param.secondary_opts
            else:
                names = [param.name.upper()]
            missing += [f"{name} {o}" for o in names if not documented(o)]
    assert not missing, f"not in docs/cli.md: {missing}"


# -- help at every width, in the words of every game -------------------------------------------

HELP_WIDTHS = [40, 80, 200]
TYPE_NAMES = re.compile(r"<(bool|path|str|int|float|text|int range|list\[[^\]]*\])>|\[x[<>]=")
VALIDATION_WORDS = ("Value error", "Input should be", "is not in the range", "pydantic")


@pytest.mark.parametrize("columns", HELP_WIDTHS)
@pytest.mark.parametrize("command", [None, *COMMANDS])
def test_help_wraps_at_every_width(command, columns):
    args = ["--help"] if command is None else [command, "--help"]
    result = run(*args, env={"COLUMNS": str(columns)})
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    too_long = [ln for ln in lines if len(ln) > columns]
    assert not too_long, too_long
    assert max(map(len, lines)) <= 100  # a readable measure on a wide terminal
    assert "…" not in result.stdout  # nothing cut short


@pytest.mark.parametrize("command", [None, *COMMANDS])
def test_help_names_no_python_types_nor_validation_wording(command):
    args = ["--help"] if command is None else [command, "--help"]
    out = run(*args, env={"COLUMNS": "80"}).stdout
    assert not TYPE_NAMES.search(out), TYPE_NAMES.search(out)
    assert not any(word in out for word in VALIDATION_WORDS)


def test_help_paragraphs_flow_unbroken():
    # the docstring's own line breaks do not reach the help: a sentence is cut only at the width
    out = run("replay", "--help", env={"COLUMNS": "200"}).stdout
    assert max(map(len, out.splitlines())) > 90  # paragraphs fill the width...
    flowing = " ".join(out.split())  # ...and are whole, in order
    assert "with the cards drawn and the findings where they arise." in flowing
    assert "Replay a game step by step, with the board drawn after each turn or round." in flowing


def test_help_speaks_of_every_game():
    from cartlog.games import SPECS

    out = " ".join(run("replay", "--help", env={"COLUMNS": "200"}).stdout.split())
    assert "passage" not in out  # a Cartagena word
    for spec in SPECS:
        assert spec.title in out
        assert spec.turn_word in out and spec.turns_word in out
    listing = run("--help", env={"COLUMNS": "200"}).stdout
    replay_line = next(ln for ln in listing.splitlines() if ln.strip().startswith("replay "))
    assert "turn or round" in replay_line and "passage" not in replay_line


@pytest.mark.parametrize("command, usage", [
    ("check", "Usage: cartlog check [OPTIONS] LOGS..."),
    ("replay", "Usage: cartlog replay [OPTIONS] LOG"),
    ("simulate", "Usage: cartlog simulate [OPTIONS] GAME"),
])
def test_usage_line_names_arguments_plainly(command, usage):
    out = run(command, "--help", env={"COLUMNS": "80"}).stdout
    assert out.splitlines()[0] == usage
    assert "{" not in out.splitlines()[0]


def test_version_short_option():
    for option in ("-V", "--version"):
        result = run(option)
        assert result.exit_code == 0
        assert result.stdout == version_line() + "\n"


# -- usage errors ----------------------------------------------------------------------------


@pytest.mark.parametrize("args, env, message", [
    (["replay", "{clean}", "--turn", "abc"], None, "'abc' is not a whole number"),
    (["replay", "{clean}", "--turn", "0"], None, "--turn 0: the first turn or round is 1"),
    (["replay", "{clean}", "--round", "-2"], None, "--round -2: the first turn or round is 1"),
    (["replay", "{clean}", "--from", "0"], None, "--from 0: the first turn or round is 1"),
    (["replay", "{clean}", "--turn", "3", "--round", "3"], None, "give one"),
    (["replay", "{clean}", "--round", "3", "--to", "4"], None,
     "--round cannot be given with --from or --to"),
    (["check", "{clean}", "--format", "yaml"], None, "'yaml': expected text or json"),
    (["check", "{clean}"], {"CARTLOG_THEME": "pink"}, "'pink': expected auto, dark or light"),
    (["replay", "{clean}", "--turn", "99999999999999999999"], None,
     "'99999999999999999999' is too large"),
    (["replay", "{clean}", "--turn", "--5"], None, "'--5' is not a whole number"),
    (["simulate", "cartagena", "--players", "three"], None, "'three' is not a whole number"),
    (["simulate", "cartagena", "--players", "0"], None, "is for 2 to 5 players"),
    (["convert", "{clean}", "--to", "xml"], None, "'xml': expected json or text"),
])
def test_usage_errors_exit_2_in_plain_words(logs, args, env, message):
    args = [a.format(**{k: str(v) for k, v in logs.items()}) for a in args]
    result = run(*args, env=env)
    assert result.exit_code == 2
    assert message in result.stderr
    assert not any(word in result.stderr for word in VALIDATION_WORDS), result.stderr
    assert result.stdout == ""


# -- shell completion ------------------------------------------------------------------------


def test_shell_completion_script_is_offered():
    group = typer.main.get_command(app)
    assert {"--install-completion", "--show-completion"} <= {
        o for p in group.params for o in p.opts}
    proc = cartlog_process("--show-completion", "bash",  # a shell named, not detected
                           env={"_TYPER_COMPLETE_TEST_DISABLE_SHELL_DETECTION": "1"})
    assert proc.returncode == 0
    assert b"_CARTLOG_COMPLETE" in proc.stdout


@pytest.mark.parametrize("words, cword, expected", [
    ("cartlog re", 1, {"replay", "record"}),
    ("cartlog simulate me", 2, {"meuterer"}),
    ("cartlog simulate cartagena --rules rav", 4, {"ravensburger", "ravensburger-advanced"}),
    ("cartlog explain draw/cou", 2, {"draw/count"}),
])
def test_shell_completion_completes_commands_games_and_codes(words, cword, expected):
    proc = cartlog_process(env={"_CARTLOG_COMPLETE": "complete_bash", "COMP_WORDS": words,
                                "COMP_CWORD": str(cword)})
    assert proc.returncode == 0
    assert set(proc.stdout.decode().split()) == expected


# -- replay: turns and rounds, and past the end ------------------------------------------------


@pytest.fixture(scope="module")
def rounds_log(tmp_path_factory) -> Path:
    """A simulated Meuterer game: 9 rounds with three players."""
    path = tmp_path_factory.mktemp("rounds") / "mutin.cartlog"
    assert run("simulate", "meuterer", "--players", "3", "--seed", "1",
               "-o", path).exit_code == 0
    return path


def turns_of(path: Path) -> int:
    frames = msgspec.json.decode(run("replay", path, "--format", "json").stdout)["frames"]
    return max(f["turn"] for f in frames if f.get("turn") is not None)


@needs_renderer
def test_round_is_the_same_option_as_turn(rounds_log):
    by_round = run("replay", rounds_log, "--round", "3", "--ascii", "--no-board")
    by_turn = run("replay", rounds_log, "--turn", "3", "--ascii", "--no-board")
    assert by_round.exit_code == by_turn.exit_code == 0
    assert by_round.stdout == by_turn.stdout
    assert "round 3 of 9" in by_round.stdout
    as_json = msgspec.json.decode(run("replay", rounds_log, "--round", "3", "-f", "json").stdout)
    assert {f["turn"] for f in as_json["frames"] if f.get("turn") is not None} == {3}


@pytest.mark.parametrize("fmt", ["text", "json"])
@pytest.mark.parametrize("name", ["clean", "findings"])
def test_replay_past_the_end_is_bad_usage_and_says_how_long_the_game_is(logs, name, fmt):
    last = turns_of(logs["clean"])
    for args, given in ((["--turn", "500"], "--turn"), (["--round", "500"], "--round"),
                        (["--from", "500"], "--from"), (["--from", "500", "--to", "600"], "--from"),
                        (["--turn", str(last + 1)], "--turn")):
        result = run("replay", logs[name], *args, "--format", fmt, "--ascii")
        assert result.exit_code == 2, (args, result.output)  # as --turn 0 and --turn abc
        number = args[1]
        assert result.stderr == f"cartlog: {given} {number}: {logs[name]} has only {last} turns\n"
        assert result.stdout == ""


def test_replay_past_the_end_counts_in_the_games_unit(rounds_log):
    result = run("replay", rounds_log, "--round", "12", "--format", "json")
    assert result.exit_code == 2
    assert result.stderr == f"cartlog: --round 12: {rounds_log} has only 9 rounds\n"
    assert result.stdout == ""


def test_replay_of_a_game_with_no_turns_says_so(logs, tmp_path):
    text = logs["clean"].read_text(encoding="utf-8")
    header = tmp_path / "no-turns.cartlog"
    header.write_text(text[:text.index("\n1. ")] + "\n", encoding="utf-8")
    result = run("replay", header, "--turn", "1")
    assert result.exit_code == 2
    assert result.stderr == f"cartlog: --turn 1: {header} has no turns\n"


@needs_renderer
def test_replay_range_reaching_past_the_end_shows_the_last_turns(logs):
    last = turns_of(logs["clean"])
    result = run("replay", logs["clean"], "--from", str(last - 1), "--to", "999", "--ascii",
                 "--no-board")
    assert result.exit_code == 0 and result.stderr == ""
    assert f"Turn {last - 1} " in result.stdout and f"Turn {last} " in result.stdout
    inside = run("replay", logs["clean"], "--turn", str(last), "--ascii")
    assert inside.exit_code == 0 and inside.stderr == ""


# -- output to files and pipes -----------------------------------------------------------------


NO_COLUMNS = {"COLUMNS": None, "LINES": None}


@needs_renderer
def test_replay_to_a_pipe_is_not_wrapped(logs):
    # (the board is left out: it is drawn to the width given, tests/render/test_board_width.py)
    args = ["replay", logs["out-of-order"], "--ascii", "--no-board"]
    piped = run(*args, env=NO_COLUMNS).stdout
    narrow = run(*args, env={"COLUMNS": "60"}).stdout  # COLUMNS, when set, is the width
    assert max(map(len, piped.splitlines())) > 100
    assert len(narrow.splitlines()) > len(piped.splitlines())
    # the same text, only the line breaks differ
    assert "".join(piped.split()) == "".join(narrow.split())


@needs_renderer
@pytest.mark.parametrize("command", ["replay", "score", "check", "games"])
def test_output_to_a_pipe_is_as_on_a_wide_terminal(logs, command):
    args = [command, "--ascii"] if command == "games" else [command, logs["out-of-order"],
                                                              "--ascii"]
    piped = run(*args, env=NO_COLUMNS).stdout
    assert piped == run(*args, env={"COLUMNS": "1000"}).stdout  # no line cut short
    if command == "check":
        assert max(map(len, piped.splitlines())) > 100  # a finding's line, whole
        summary = piped.strip().splitlines()[-1]
        assert summary.startswith(f"{logs['out-of-order']}: ") and "132 turns" in summary


def test_real_process_output_to_a_pipe_is_not_wrapped(logs):
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
    proc = subprocess.run([sys.executable, "-m", "cartlog", "replay", str(logs["findings"]),
                           "--turn", "1", "--ascii"], cwd=ROOT, capture_output=True,
                          env={**env, "PYTHONPATH": str(ROOT)}, timeout=60)
    assert proc.returncode == 1
    header = proc.stdout.decode().splitlines()[0]
    assert header.endswith("turn 1 of " + str(turns_of(logs["clean"])))  # one line, whole


# -- colour themes -----------------------------------------------------------------------------


SGR = re.compile(r"\x1b\[([0-9;]*)m")
# foreground colours that cannot be read on a white background: white, bright white, yellow,
# bright yellow, and the palest of the 256 colours (light yellows, near-whites, light greys)
PALE_16 = {"37", "97", "33", "93"}
PALE_256 = {"3", "7", "11", "15", *map(str, range(226, 232)), *map(str, range(250, 256))}


def pale_text(output: str) -> list[str]:
    """The escape sequences in ``output`` that set a pale foreground without a background."""
    pale = []
    for m in SGR.finditer(output):
        params, i, fg, bg = m.group(1).split(";"), 0, None, False
        while i < len(params):
            p = params[i]
            if p in ("38", "48") and i + 1 < len(params):
                n = 3 if params[i + 1] == "5" else 5
                if p == "38" and params[i + 1] == "5":
                    fg = "256:" + params[i + 2]
                bg = bg or p == "48"
                i += n
                continue
            if p in PALE_16:
                fg = p
            bg = bg or p.isdigit() and (40 <= int(p) <= 47 or 100 <= int(p) <= 107)
            i += 1
        if fg is not None and not bg and (fg in PALE_16 or fg.removeprefix("256:") in PALE_256
                                          and fg.startswith("256:")):
            pale.append(m.group(0))
    return pale


COLOUR_256 = {**COLOUR_ENV, "COLORTERM": "", "TERM": "xterm-256color", "NO_COLOR": ""}


@needs_renderer
@pytest.mark.parametrize("args", [["replay", "{out-of-order}"], ["score", "{out-of-order}"],
                                  ["check", "{findings}"], ["replay", "{rounds}"],
                                  ["score", "{rounds}"], ["games"], ["explain", "draw/count"]])
def test_light_theme_has_no_pale_text(logs, rounds_log, args):
    paths = {**{k: str(v) for k, v in logs.items()}, "rounds": str(rounds_log)}
    args = [a.format(**paths) for a in args]
    light = run(*args, "--theme", "light", env=COLOUR_256).stdout
    assert ANSI in light
    assert not pale_text(light), sorted(set(pale_text(light)))


@needs_renderer
def test_theme_is_chosen_by_option_variable_or_terminal(logs):
    args = ["replay", str(logs["clean"]), "--turn", "2"]
    dark = run(*args, env=COLOUR_256).stdout
    assert pale_text(dark)  # the dark theme's bright signs: what the light theme avoids
    light = run(*args, "--theme", "light", env=COLOUR_256).stdout
    assert light != dark
    assert run(*args, env={**COLOUR_256, "CARTLOG_THEME": "light"}).stdout == light
    assert run(*args, env={**COLOUR_256, "COLORFGBG": "0;15"}).stdout == light
    assert run(*args, env={**COLOUR_256, "COLORFGBG": "15;0"}).stdout == dark
    assert run(*args, "--theme", "dark", env={**COLOUR_256, "CARTLOG_THEME": "light"}
               ).stdout == dark  # the option wins over the variable
    plain = run(*args, "--theme", "light", env={**COLOUR_256, "NO_COLOR": "1"}).stdout
    assert ANSI not in plain


# -- check: folders ----------------------------------------------------------------------------


@pytest.fixture
def folder(logs, tmp_path) -> Path:
    """A folder of logs at several depths, with files that are not logs beside them."""
    root = tmp_path / "club"
    (root / "2024" / "spring").mkdir(parents=True)
    (root / "2025").mkdir()
    (root / ".hidden").mkdir()
    (root / "b-clean.cartlog").write_bytes(logs["clean"].read_bytes())
    (root / "2024" / "spring" / "a-findings.cartlog").write_bytes(logs["findings"].read_bytes())
    (root / "2024" / "game.json").write_bytes(logs["json"].read_bytes())
    (root / "2025" / "notes.txt").write_text("not a log\n", encoding="utf-8")
    (root / "2025" / "settings.json").write_text('{"theme": "light"}\n', encoding="utf-8")
    (root / ".hidden" / "x.cartlog").write_text("not read\n", encoding="utf-8")
    (root / ".draft.cartlog").write_text("not read\n", encoding="utf-8")
    return root


def test_check_folder_checks_every_log_under_it_in_sorted_order(folder):
    result = run("check", "--quiet", folder)
    assert result.exit_code == 1, result.output
    names = [ln.split(": ")[0] for ln in result.stdout.splitlines()[:3]]
    assert names == [str(folder / "2024" / "game.json"),
                     str(folder / "2024" / "spring" / "a-findings.cartlog"),
                     str(folder / "b-clean.cartlog")]
    assert result.stdout.splitlines()[-1] == "3 logs: 2 clean, 1 with errors, 0 unreadable"
    assert result.stderr == ""


def test_check_folder_reports_each_finding_under_its_file(folder):
    result = run("check", folder)
    assert [m.group("file").removeprefix("#1 ") for m in located_lines(result.stdout)] == [
        str(folder / "2024" / "spring" / "a-findings.cartlog")]
    doc = strict_decode(run("check", "--format", "json", folder).stdout, check_document_type())
    assert [r.file for r in doc.reports] == names_in(folder)


def names_in(folder: Path) -> list[str]:
    return [str(folder / "2024" / "game.json"),
            str(folder / "2024" / "spring" / "a-findings.cartlog"),
            str(folder / "b-clean.cartlog")]


def test_check_folder_exits_with_the_worst_status(folder, logs):
    (folder / "2024" / "findings.cartlog").unlink(missing_ok=True)
    (folder / "2024" / "spring" / "a-findings.cartlog").unlink()
    assert run("check", "-q", folder).exit_code == 0
    (folder / "2025" / "broken.json").write_text('{"game": "cartagena", ', encoding="utf-8")
    result = run("check", "-q", folder)
    assert result.exit_code == 2
    assert f"{folder / '2025' / 'broken.json'}:" in result.stderr


def test_check_folder_with_no_log_is_unreadable(tmp_path, logs):
    empty = tmp_path / "empty"
    (empty / "sub").mkdir(parents=True)
    (empty / "sub" / "readme.txt").write_text("x\n", encoding="utf-8")
    result = run("check", empty, logs["clean"])
    assert result.exit_code == 2
    assert f"{empty}: error: is a directory with no log in it" in result.stderr
    assert "2 logs: 1 clean, 0 with errors, 1 unreadable" in result.stdout


# -- README ------------------------------------------------------------------------------------


def test_readme_makes_a_virtual_environment_before_pip_install():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for block in re.findall(r"```sh\n(.*?)```", readme, re.DOTALL):
        if "pip install" in block:
            assert block.index("-m venv .venv && . .venv/bin/activate") < block.index(
                "pip install"), block


def test_readme_cites_only_files_in_the_repository():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    links = re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", readme)
    quoted = re.findall(r"`((?:\.{0,2}/)?[\w.-]+(?:/[\w.*-]+)+/?)`", readme)
    cited = {c for c in links + quoted if "://" not in c}
    assert cited, "the README cites no file?"
    for path in cited:
        assert not path.startswith("../"), f"{path}: outside the repository"
        if "*" in path:
            assert list(ROOT.glob(path)), path
        else:
            assert (ROOT / path).exists(), f"README cites {path}, which does not exist"
    for command in re.findall(r"cartlog \w+ (samples/\S+)", readme):
        assert (ROOT / command).exists(), command


# -- JSON logs: findings at a line and column ----------------------------------------------------


@pytest.fixture
def json_finding(logs, tmp_path) -> tuple[Path, int, int]:
    """The log with a wrong destination in its first turn, converted to JSON: the file, and the
    line and column of that turn's first action, found in the JSON's text."""
    path = tmp_path / "findings.json"
    assert run("convert", logs["findings"], "--to", "json", "-o", path).exit_code == 0
    lines = path.read_text(encoding="utf-8").splitlines()
    actions = next(i for i, ln in enumerate(lines) if ln.strip() == '"actions": [')
    return path, actions + 2, lines[actions + 1].index("{") + 1  # the action's object


def test_json_log_finding_is_located_at_its_line_and_column(json_finding):
    path, line, col = json_finding
    result = run("check", path, "--ascii")
    assert result.exit_code == 1
    located = located_lines(result.stdout)
    assert [(m.group("file").removeprefix("#1 "), int(m.group("line")), int(m.group("col")))
            for m in located] == [(str(path), line, col)]
    assert "error[move/forward-destination]" in result.stdout
    assert caret_under(result.stdout, line, col)  # the JSON line quoted, a caret under it


def test_json_log_finding_is_located_in_every_json_document(json_finding):
    path, line, col = json_finding
    for args in (["check"], ["replay"]):
        doc = msgspec.json.decode(run(*args, path, "--format", "json").stdout)
        findings = doc["reports"][0]["findings"] if args == ["check"] else doc["findings"]
        assert [(f["code"], f["line"], f["col"], f["path"]) for f in findings] == [
            ("move/forward-destination", line, col, "$.events[0].actions[0]")]


@needs_renderer
def test_json_log_finding_is_located_in_the_replay(json_finding):
    path, line, col = json_finding
    result = run("replay", path, "--turn", "1", "--ascii", "--no-board")
    assert result.exit_code == 1
    assert f"line {line}:{col}" in result.stdout


# -- the program builds only the command it runs -----------------------------------------------

@pytest.mark.parametrize("name", [_command_name(info) for info in app.registered_commands])
def test_one_command_app_is_the_whole_apps_command(name):
    """``main`` builds the named command alone: its help, usage errors and exit statuses are
    those of the whole app."""
    one = _app_for([name])
    assert one is not app and [_command_name(i) for i in one.registered_commands] == [name]
    for args in ([name, "--help"], [name, "--no-such-option"]):
        whole = runner.invoke(app, args, env={"COLUMNS": "80"})
        alone = runner.invoke(one, args, env={"COLUMNS": "80"})
        assert (alone.exit_code, alone.output) == (whole.exit_code, whole.output)


@pytest.mark.parametrize("args", [[], ["--help"], ["chek"], ["-V", "check"]])
def test_whole_app_when_no_command_leads(args):
    if args[:1] == ["-V"]:
        assert _app_for(args).registered_commands == []  # the version needs no command
    else:
        assert _app_for(args) is app


def test_whole_app_while_completing(monkeypatch):
    monkeypatch.setenv("_CARTLOG_COMPLETE", "complete_bash")
    assert _app_for(["check"]) is app


def test_simulate_out_with_a_logs_name_writes_that_file(tmp_path):
    # --out names a folder for many games; a log's name is the one game's file (as -o)
    target = tmp_path / "one.cartlog"
    result = run("simulate", "cartagena", "--seed", "3", "--out", str(target))
    assert result.exit_code == 0, result.output
    assert target.is_file() and target.read_text().startswith('[Game "Cartagena"]')
    result = run("simulate", "cartagena", "--count", "2", "--out", str(tmp_path / "x.json"))
    assert result.exit_code == 2 and "-o" in result.output
    assert not (tmp_path / "x.json").exists()


def test_simulated_logs_keep_their_seed_in_a_seed_tag():
    # a Round tag is a tournament's round (PGN); the seed has a tag of its own
    for game in ("cartagena", "meuterer"):
        text = run("simulate", game, "--seed", "7").stdout
        assert '[Seed "7"]' in text and "[Round " not in text


@pytest.mark.parametrize("words, offered", [
    ("cartlog simulate meuterer --rules ", {"base", "pirate"}),
    ("cartlog simulate cartagena --rules ", {"2000-jamaica", "2000-tortuga", "ravensburger",
                                             "ravensburger-advanced"}),
    ("cartlog simulate mutin --rules ", {"base", "pirate"}),  # an alias of Meuterer
    ("cartlog record mutiny --rules ", {"base"}),
    ("cartlog simulate --rules ", {"2000-jamaica", "2000-tortuga", "ravensburger",
                                   "ravensburger-advanced", "base", "pirate"}),  # no game yet
])
def test_completion_of_rules_offers_the_games_own_rule_sets(words, offered):
    # as bash asks for it: the words typed, and the place of the word to complete
    env = {**os.environ, "_CARTLOG_COMPLETE": "complete_bash", "COMP_WORDS": words,
           "COMP_CWORD": str(len(words.split())), "CARTLOG_NO_PLUGINS": "1"}
    proc = subprocess.run([sys.executable, "-m", "cartlog"], env=env, capture_output=True,
                          text=True, timeout=60, cwd=ROOT)
    assert set(proc.stdout.split()) == offered, proc.stderr


@pytest.mark.parametrize("game", ["cartagena", "meuterer", "mutiny"])
def test_explain_shows_a_wrong_line_and_what_check_says_of_it_for_every_code(game):
    # every code of a game: its example's lines, the finding check gives there, the docs
    from cartlog.games import GAMES as ALL

    for code in ALL[game].codes.CODES:
        result = run("explain", code, "--ascii")
        assert result.exit_code == 0, code
        out = result.stdout
        assert "example, in a log:" in out and "cartlog check says:" in out, code
        assert f"[{code}]" in out.split("cartlog check says:")[1], code
        assert f"more: docs/codes.md#{code.replace('/', '')}" in out, code
