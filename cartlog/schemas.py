"""JSON Schemas generated from the Structs: one per game's log, and one per JSON document the
command line writes.

``cartlog schema --out schemas`` writes them; ``tests/test_schemas.py`` fails when ``schemas/``
is stale. The Structs leave game-dependent fields typed ``object`` (a report's breakdown, a
replay's frames); here they are given the union of every registered game's types, so that the
schemas and :func:`report_type` & co. describe exactly what is written. The types are built
once (cached), so that documents decoded twice compare equal.
"""

from __future__ import annotations

from functools import cache
from typing import Any, Union

import msgspec

from cartlog.audit import Report
from cartlog.core.findings import Finding
from cartlog.documents import CheckDocument, ReplayDocument, ScoreDocument
from cartlog.games import GAMES

REGENERATE = "python -m cartlog schema --out schemas"


def _dump(schema: dict) -> str:
    return msgspec.json.format(msgspec.json.encode(schema).decode(), indent=2) + "\n"


def _union(types: tuple) -> Any:
    return Union[types] if len(types) > 1 else types[0]


def _retype(cls: type, **types: Any) -> type:
    """``cls`` rebuilt with the same fields, defaults and options, some fields retyped."""
    fields = []
    for f in msgspec.structs.fields(cls):
        typ = types.get(f.name, f.type)
        if f.default is not msgspec.NODEFAULT:
            fields.append((f.name, typ, f.default))
        elif f.default_factory is not msgspec.NODEFAULT:
            fields.append((f.name, typ, msgspec.field(default_factory=f.default_factory)))
        else:
            fields.append((f.name, typ))
    config = cls.__struct_config__
    return msgspec.defstruct(cls.__name__, fields, kw_only=True, module=cls.__module__,
                             omit_defaults=config.omit_defaults,
                             forbid_unknown_fields=config.forbid_unknown_fields,
                             tag=config.tag, tag_field=config.tag_field)


@cache
def breakdown_type() -> Any:
    """The union of every game's final breakdown (tagged by ``game``)."""
    return _union(tuple(entry.module("score").BREAKDOWN_TYPE for entry in GAMES.values()))


@cache
def frame_type() -> Any:
    """The union of every game's replay frame. (Frames carry no game tag: a second game
    will need one, and msgspec will say so here.)"""
    return _union(tuple(entry.module("replay").Frame for entry in GAMES.values()))


@cache
def report_type() -> type:
    """:class:`Report` with ``breakdown`` typed as the union of every game's breakdown."""
    return _retype(Report, breakdown=breakdown_type())


@cache
def check_document_type() -> type:
    """What ``cartlog check --format json`` writes."""
    return _retype(CheckDocument, reports=list[report_type()])


@cache
def replay_document_type() -> type:
    """What ``cartlog replay --format json`` writes."""
    return _retype(ReplayDocument, frames=list[frame_type()])


@cache
def score_document_type() -> type:
    """What ``cartlog score --format json`` writes."""
    return _retype(ScoreDocument, breakdown=breakdown_type() | None)


@cache
def log_type() -> Any:
    """The union of every game's log (tagged by ``game``)."""
    return _union(tuple(entry.module("events").LOG_TYPE for entry in GAMES.values()))


def _schema(typ: Any, title: str) -> str:
    schema = msgspec.json.schema(typ)
    schema["title"] = title
    return _dump(schema)


def all_schemas() -> dict[str, str]:
    """File name -> schema text, for ``schemas/``."""
    out: dict[str, str] = {}
    for name, entry in GAMES.items():
        out[f"{name}.log.schema.json"] = _schema(entry.module("events").LOG_TYPE,
                                                 f"cartlog {entry.title} log")
    out["report.schema.json"] = _schema(report_type(), "cartlog check report (one log)")
    out["finding.schema.json"] = _schema(Finding, "cartlog finding")
    out["check.schema.json"] = _schema(check_document_type(),
                                       "cartlog check --format json")
    out["replay.schema.json"] = _schema(replay_document_type(),
                                        "cartlog replay --format json")
    out["score.schema.json"] = _schema(score_document_type(),
                                       "cartlog score --format json")
    return out
