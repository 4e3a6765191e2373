"""JSON Schemas generated from the Structs: one per game's log, and one per JSON document the
command line writes.

``cartlog schema --out schemas`` writes them; ``tests/test_schemas.py`` fails when ``schemas/``
is stale. The Structs are generic in what depends on the game (a report's breakdown, a
replay's frames); here they are parametrised with the union of every registered game's types,
so that the schemas and :func:`report_type` & co. describe exactly what is written. The types
are built once (cached), so that documents decoded twice compare equal.
"""

from __future__ import annotations

from functools import cache
from typing import Any, Union

import msgspec

from cartlog.audit import Report
from cartlog.core.findings import Finding
from cartlog.core.spec import GameSpec
from cartlog.documents import CheckDocument, ReplayDocument, ScoreDocument
from cartlog.games import each

# schemas/ describes cartlog's own games: written with no other game installed, or as here
REGENERATE = "CARTLOG_NO_PLUGINS=1 python -m cartlog schema --out schemas"


def _dump(schema: dict[str, Any]) -> str:  # a JSON Schema: decoded JSON
    return msgspec.json.format(msgspec.json.encode(schema).decode(), indent=2) + "\n"


def _union(types: tuple[type[Any], ...]) -> Any:  # the Struct classes of every game
    return Union[types] if len(types) > 1 else types[0]


def _of(generic: Any, argument: Any) -> Any:
    """``generic[argument]``: a generic Struct parametrised with a runtime-built type."""
    return generic[argument]


@cache
def breakdown_type() -> Any:
    """The union of every game's final breakdown (tagged by ``game``)."""
    return _union(tuple(t for _, t in each(lambda spec: spec.breakdown_type, "its breakdown type")))


@cache
def frame_type() -> Any:
    """The union of every game's replay frame (tagged by ``game``)."""
    return _union(tuple(t for _, t in each(lambda spec: spec.frame_type, "its frame type")))


@cache
def report_type() -> Any:
    """:class:`Report` with ``breakdown`` typed as the union of every game's breakdown."""
    return _of(Report, breakdown_type())


@cache
def check_document_type() -> Any:
    """What ``cartlog check --format json`` writes."""
    return _of(CheckDocument, report_type())


@cache
def replay_document_type() -> Any:
    """What ``cartlog replay --format json`` writes."""
    return _of(ReplayDocument, frame_type())


@cache
def score_document_type() -> Any:
    """What ``cartlog score --format json`` writes."""
    return _of(ScoreDocument, breakdown_type())


@cache
def log_type() -> Any:
    """The union of every game's log (tagged by ``game``)."""
    return _union(tuple(t for _, t in each(lambda spec: spec.log_type, "its log type")))


def _plain_names(schema: dict[str, Any]) -> dict[str, Any]:
    """Definitions of a parametrised Struct are named after the Struct alone (``Report``, not
    ``Report_typing.Union_...``): each document holds one parametrisation of each."""
    defs = schema.get("$defs", {})
    renames = {key: value["title"].split("[", 1)[0] for key, value in defs.items()
               if "[" in value.get("title", "")}
    if not renames:
        return schema
    text = msgspec.json.encode(schema).decode()
    for old, new in renames.items():
        text = text.replace(f'"#/$defs/{old}"', f'"#/$defs/{new}"').replace(f'"{old}":', f'"{new}":')
    out: dict[str, Any] = msgspec.json.decode(text)
    for new in renames.values():
        out["$defs"][new]["title"] = new
    return out


def _schema(typ: Any, title: str) -> str:
    schema = _plain_names(msgspec.json.schema(typ))
    schema["title"] = title
    return _dump(schema)


def all_schemas(specs: tuple[GameSpec, ...] | None = None) -> dict[str, str]:
    """File name -> schema text, for ``schemas/``: of every registered game, or of ``specs``
    (``schemas/`` holds cartlog's own games', :data:`~cartlog.games.BUILT_IN`)."""
    games = ([spec for spec, _ in each(lambda spec: spec.log_type, "its log type")]
             if specs is None else list(specs))
    if specs is None:
        report, breakdown, frame = report_type(), breakdown_type(), frame_type()
    else:
        breakdown = _union(tuple(entry.breakdown_type for entry in games))
        frame = _union(tuple(entry.frame_type for entry in games))
        report = _of(Report, breakdown)
    out: dict[str, str] = {}
    for entry in games:
        out[f"{entry.name}.log.schema.json"] = _schema(entry.log_type,
                                                       f"cartlog {entry.title} log")
    out["report.schema.json"] = _schema(report, "cartlog check report (one log)")
    out["finding.schema.json"] = _schema(Finding, "cartlog finding")
    out["check.schema.json"] = _schema(_of(CheckDocument, report),
                                       "cartlog check --format json")
    out["replay.schema.json"] = _schema(_of(ReplayDocument, frame),
                                        "cartlog replay --format json")
    out["score.schema.json"] = _schema(_of(ScoreDocument, breakdown),
                                       "cartlog score --format json")
    return out
