"""The JSON Schemas in ``schemas/`` are generated from the Structs and kept fresh, and what
cartlog writes decodes with the types they describe."""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest
from typer.testing import CliRunner

from cartlog.cli import app
from cartlog.games import BUILT_IN, GAMES
from cartlog.logs import read_log, strip_spans
from cartlog.schemas import REGENERATE, all_schemas, check_document_type, log_type, report_type

ROOT = Path(__file__).resolve().parent.parent
SCHEMAS = ROOT / "schemas"


def test_schema_files_are_fresh():
    generated = all_schemas(BUILT_IN)  # schemas/ describes cartlog's own games
    on_disk = {p.name: p.read_text(encoding="utf-8") for p in SCHEMAS.glob("*.json")}
    stale = sorted(name for name, text in generated.items() if on_disk.get(name) != text)
    extra = sorted(set(on_disk) - set(generated))
    assert not stale and not extra, (
        f"schemas/ is out of date (stale: {stale}, no longer generated: {extra}); "
        f"run: {REGENERATE}" + (" and delete the extra files" if extra else ""))


def test_every_schema_is_a_titled_json_schema():
    for name, text in all_schemas().items():
        schema = msgspec.json.decode(text)
        assert schema["title"].startswith("cartlog"), name
        assert "$defs" in schema or "type" in schema, name


def test_one_log_schema_per_game():
    assert {f"{name}.log.schema.json" for name in GAMES} <= set(all_schemas())


@pytest.mark.parametrize("rules", ["2000-jamaica", "2000-tortuga", "ravensburger",
                                   "ravensburger-advanced"])
def test_simulated_log_round_trips_through_json(rules):
    entry = GAMES["cartagena"]
    log = entry.module("simulate").simulate(rules, 3, 4)
    data = msgspec.json.encode(strip_spans(log))
    decoded = msgspec.json.decode(data, type=entry.module("events").LOG_TYPE)
    assert decoded == strip_spans(log)
    assert msgspec.json.decode(data, type=log_type()) == decoded
    assert read_log(data.decode(), "sim.json") == decoded  # what the CLI reads


def test_check_report_decodes_with_report_type(tmp_path):
    entry = GAMES["cartagena"]
    log = entry.module("simulate").simulate("2000-jamaica", 2, 9)
    path = tmp_path / "game.cartlog"
    path.write_text(entry.module("notation").format_log(log), encoding="utf-8")
    result = CliRunner().invoke(app, ["check", "--format", "json", str(path)])
    assert result.exit_code == 0, result.output
    raw = msgspec.json.decode(result.stdout)
    (report_raw,) = raw["reports"]
    report = msgspec.json.decode(msgspec.json.encode(report_raw), type=report_type())
    assert report.file == str(path) and report.errors == 0
    assert msgspec.to_builtins(report) == report_raw
    document = msgspec.json.decode(result.stdout, type=check_document_type())
    assert document.reports == [report]
