"""Bounded reports (issue 21): no per-finding string grows with the game, findings and syntax
problems are listed up to a limit with the count of the rest, in text and in JSON."""

from __future__ import annotations

import json

import pytest

from tests.fuzzing import run
from tests.growing_logs import CASES, growing_log


def _check_json(path) -> dict:
    code, out = run(["check", "--format", "json", str(path)])
    assert code in (1, 2), out
    return json.loads(out)


@pytest.mark.parametrize(("game", "case"), list(CASES))
def test_no_per_finding_string_grows_with_the_game(game, case, tmp_path):
    longest = []  # past 34 turns of 3 keys played from empty hands, a table holds more
    for n in (60, 240):  # cards than the game has (test below)
        p = tmp_path / f"{n}.cartlog"
        p.write_text(growing_log(game, case, n), encoding="utf-8")
        findings = _check_json(p)["reports"][0]["findings"]
        longest.append({k: max(len(f.get(k) or "") for f in findings)
                        for k in ("message", "expected", "actual", "position")})
    # four times the log: a few more characters at most (the turn number's digits, a
    # position filling up to the game's cards), not four times as many
    assert all(longest[1][k] <= longest[0][k] + 40 for k in longest[0]), longest


def test_no_position_for_a_table_holding_more_cards_than_the_game_has(tmp_path):
    # keys played from hands that hold none go to the discard pile: past the game's 102
    # cards the table is no position a game reaches (O1, R1), and the finding gets none
    p = tmp_path / "conjured.cartlog"
    p.write_text(growing_log("cartagena", "illegal", 60), encoding="utf-8")
    findings = _check_json(p)["reports"][0]["findings"]
    positions = [f.get("position") for f in findings if f.get("turn")]
    assert positions[0] and positions[-1] is None
    assert max(len(p or "") for p in positions) < 300


@pytest.mark.parametrize(("game", "case"), [("cartagena", "illegal"), ("meuterer", "illegal"),
                                            ("mutiny", "illegal")])
def test_findings_per_log_are_capped_with_the_count_of_the_rest(game, case, tmp_path,
                                                               monkeypatch):
    p = tmp_path / "many.cartlog"
    p.write_text(growing_log(game, case, 30), encoding="utf-8")
    whole = _check_json(p)["reports"][0]
    assert "more_findings" not in whole and len(whole["findings"]) > 20
    monkeypatch.setenv("CARTLOG_MAX_FINDINGS", "7")
    capped = _check_json(p)["reports"][0]
    assert capped["findings"] == [  # one following a finding left out stands alone
        f if f.get("follows", 0) < 7 else {k: v for k, v in f.items() if k != "follows"}
        for f in whole["findings"][:7]]
    assert capped["more_findings"] == len(whole["findings"]) - 7
    assert (capped["errors"], capped["warnings"]) == (whole["errors"], whole["warnings"])
    code, out = run(["check", "--ascii", "-v", str(p)])
    assert code == 1 and "#7 " in out and "#8 " not in out
    assert f"{p}: and {len(whole['findings']) - 7} more findings, not listed" in out
    shown = [f for f in capped["findings"] if f.get("position")]
    assert out.count("= position: ") == len(shown)
    code, out = run(["replay", "--format", "json", str(p)])
    doc = json.loads(out[out.index("{"):])
    assert len(doc["findings"]) == 7 and doc["more_findings"] == capped["more_findings"]
    assert all(i < 7 for frame in doc["frames"] for i in frame.get("findings", []))


def test_findings_past_the_default_limit_are_counted(tmp_path):
    from cartlog.core.limits import MAX_FINDINGS

    p = tmp_path / "stuck.cartlog"
    p.write_text(growing_log("cartagena", "stuck", 120), encoding="utf-8")
    report = _check_json(p)["reports"][0]
    assert len(report["findings"]) == MAX_FINDINGS
    assert report["more_findings"] > 0
    assert report["errors"] + report["warnings"] + report["infos"] + report["condoned"] \
        == MAX_FINDINGS + report["more_findings"]


def test_syntax_problems_are_capped_in_json_documents(tmp_path, monkeypatch):
    head = growing_log("meuterer", "illegal", 0).split("round 1")[0]
    p = tmp_path / "unreadable.cartlog"
    p.write_text(head + "total red 5, blue 4\n" * 40, encoding="utf-8")
    monkeypatch.setenv("CARTLOG_MAX_PROBLEMS", "10")
    doc = _check_json(p)
    (bad,) = doc["unreadable"]
    assert len(bad["problems"]) == 10 and bad["more_problems"] == 30
    for command in ("replay", "score"):
        code, out = run([command, "--format", "json", str(p)])
        (bad,) = json.loads(out)["unreadable"]
        assert code == 2 and len(bad["problems"]) == 10 and bad["more_problems"] == 30


def test_capped_documents_follow_their_schemas(tmp_path, monkeypatch):
    jsonschema = pytest.importorskip("jsonschema")
    from tests.fuzzing import ROOT

    monkeypatch.setenv("CARTLOG_MAX_FINDINGS", "3")
    monkeypatch.setenv("CARTLOG_MAX_PROBLEMS", "2")
    p = tmp_path / "many.cartlog"
    p.write_text(growing_log("mutiny", "illegal", 5), encoding="utf-8")
    q = tmp_path / "bad.cartlog"
    q.write_text('[Game "Cartagena"]\n' + "[Bad\n" * 5, encoding="utf-8")
    code, out = run(["check", "--format", "json", str(p), str(q)])
    doc = json.loads(out)
    assert doc["reports"][0]["more_findings"] and doc["unreadable"][0]["more_problems"]
    schema = json.loads((ROOT / "schemas" / "check.schema.json").read_text())
    jsonschema.validate(doc, schema)
