"""JSON Schemas generated from the Structs: one per game's log, one for the check report.

``cartlog schema --out schemas`` writes them; a test fails when ``schemas/`` is stale.
"""

from __future__ import annotations

from typing import Union

import msgspec

from cartlog.audit import Report
from cartlog.core.findings import Finding
from cartlog.games import GAMES


def _dump(schema: dict) -> str:
    return msgspec.json.format(msgspec.json.encode(schema).decode(), indent=2) + "\n"


def report_type() -> type:
    """:class:`Report` with ``breakdown`` typed as the union of every game's breakdown."""
    breakdowns = tuple(entry.module("score").BREAKDOWN_TYPE for entry in GAMES.values())
    union = Union[breakdowns] if len(breakdowns) > 1 else breakdowns[0]
    fields = [(name, Report.__annotations__[name]) for name in Report.__struct_fields__
              if name != "breakdown"]
    typed = msgspec.defstruct("Report", [*fields, ("breakdown", union)], kw_only=True)
    return typed


def all_schemas() -> dict[str, str]:
    """File name -> schema text."""
    out: dict[str, str] = {}
    for name, entry in GAMES.items():
        log_type = entry.module("events").LOG_TYPE
        schema = msgspec.json.schema(log_type)
        schema["title"] = f"cartlog {entry.title} log"
        out[f"{name}.log.schema.json"] = _dump(schema)
    report = msgspec.json.schema(report_type())
    report["title"] = "cartlog check report (one log)"
    out["report.schema.json"] = _dump(report)
    finding = msgspec.json.schema(Finding)
    finding["title"] = "cartlog finding"
    out["finding.schema.json"] = _dump(finding)
    return out
