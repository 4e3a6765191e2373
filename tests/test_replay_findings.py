"""``replay --findings``: only the turns or rounds with a finding, each with the one before
it, in every game; every finding of the report is shown, where the full replay shows it
(docs/cli.md, "cartlog replay")."""

from __future__ import annotations

import json
import re

import pytest

from tests.fuzzing import ROOT, run

SAMPLES = ["cartagena/jamaica-4p-disputed.cartlog", "cartagena/turn-missing.cartlog",
           "meuterer/club-4p-sheet-errors.cartlog", "meuterer/mutiny-not-written.cartlog",
           "mutiny/actions.cartlog", "mutiny/mutiny-disputed.cartlog"]
HEADING = re.compile(r"^-- (?:Turn|Round) (\d+)", re.M)


def _blocks(text: str) -> dict[int, str]:
    """Each turn's or round's block of a replay, by its number."""
    found = list(HEADING.finditer(text))
    return {int(m.group(1)): text[m.start():(found[i + 1].start() if i + 1 < len(found)
                                             else len(text))].split("\n\n")[0]
            for i, m in enumerate(found)}


@pytest.mark.parametrize("relative", SAMPLES)
def test_only_the_turns_with_findings_and_the_one_before(relative):
    path = str(ROOT / "samples" / relative)
    status, full = run(["replay", path, "--ascii", "--no-board"])
    status2, short = run(["replay", path, "--ascii", "--no-board", "--findings"])
    assert status == status2
    findings = set(re.findall(r"#(\d+) (?:error|warning|info)\[", full))
    assert set(re.findall(r"#(\d+) (?:error|warning|info)\[", short)) == findings
    every, shown = _blocks(full), _blocks(short)
    status, document = run(["replay", path, "--format", "json"])
    with_findings = {f["turn"] for f in json.loads(document)["frames"]
                     if f.get("findings") and f.get("turn") is not None}
    assert set(shown) == {n for n in every if n in with_findings or n + 1 in with_findings}
    for n, block in shown.items():
        assert block == every[n], n  # each shown as the full replay shows it
    left_out = set(every) - set(shown)
    if left_out:
        assert "not shown (no finding)" in short
