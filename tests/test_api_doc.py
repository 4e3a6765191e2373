"""docs/api.md is true: its Python blocks run, in order, in one namespace, from the project
root."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "api.md"


def test_the_worked_examples_run(monkeypatch, capsys):
    monkeypatch.chdir(ROOT)
    blocks = re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    assert len(blocks) >= 5
    namespace: dict = {}
    for block in blocks:
        exec(compile(block, str(DOC), "exec"), namespace)  # noqa: S102 - our own document
    assert "Outcome(winners=" in capsys.readouterr().out


def test_every_call_of_the_protocol_is_documented():
    text = DOC.read_text(encoding="utf-8")
    from cartlog.core.spec import Engine

    calls = [name for name in vars(Engine) if not name.startswith("_") and name != "spec"]
    assert calls
    for name in calls:
        assert f"g.{name}(" in text, name
