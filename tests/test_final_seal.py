"""The final seal: ``record --hash`` prints it at the end, ``check --seal`` verifies that the
log ends with it; a log cut short, forged or with its seals taken out is ``seal/edited``; a
sealed log found unchanged says "seal verified"; no finding says what seal a changed line
would need (docs/cli.md, "Sealed logs")."""

from __future__ import annotations

import json
import re

import pytest

from cartlog.core import seal as core
from cartlog.games import GAMES
from cartlog.logs import write_log
from tests.fuzzing import ROOT, run

FINAL = re.compile(r"final seal: ([0-9a-f]{16})")


def pieces(tmp_path, game: str, count: int = 12):
    """A simulated game's header file (no Result) and its first ``count`` body lines."""
    spec = GAMES[game]
    text = write_log(spec.simulate(spec.default_rules, 3, 4), to_json=False)
    head, body = text.split("\n\n", 1)
    header = tmp_path / "header.cartlog"
    header.write_text("\n".join(line for line in head.split("\n")
                                if not line.startswith("[Result")) + "\n", encoding="utf-8")
    return header, [line for line in body.split("\n") if line.strip()][:count]


def _recorded(tmp_path, game: str):
    """A game of ``game`` recorded with --hash from piped lines; its file and final seal."""
    header, lines = pieces(tmp_path, game)
    out = tmp_path / "game.cartlog"
    status, said = run(["record", "--from", str(header), "--hash", "--out", str(out)],
                       input="\n".join(lines) + "\n")
    assert status == 0, said
    found = FINAL.search(said)
    assert found, said
    return out, found.group(1)


@pytest.mark.parametrize("game", ["cartagena", "meuterer", "mutiny"])
def test_the_final_seal_verifies_the_log_and_finds_it_cut_or_stripped(game, tmp_path):
    log, final = _recorded(tmp_path, game)
    status, said = run(["check", "--seal", final, str(log)])
    assert status in (0, 1) and "seal verified" in said and "seal/edited" not in said, said
    lines = log.read_text(encoding="utf-8").rstrip("\n").split("\n")
    cut = tmp_path / "cut.cartlog"
    cut.write_text("\n".join(lines[:-1]) + "\n", encoding="utf-8")
    status, said = run(["check", "--seal", final, str(cut)])
    assert status == 1 and "does not end with the final seal" in said, said
    status, said = run(["check", str(cut)])  # alone, a log cut short reads as whole
    assert "seal/edited" not in said
    stripped = tmp_path / "stripped.cartlog"
    stripped.write_text("\n".join(
        re.sub(r"\s*;?\s*#sha256:[0-9a-f]{16}", "", line) for line in lines
        if not line.startswith("[Seal") and "seal of the line above" not in line) + "\n",
        encoding="utf-8")
    status, said = run(["check", "--seal", final, str(stripped)])
    assert status == 1 and "carries no seal" in said, said
    status, said = run(["check", "--seal", "0" * 16, str(log)])
    assert status == 1 and "does not end with the final seal" in said
    document = json.loads(run(["check", "--format", "json", str(log)])[1])
    assert document["reports"][0]["seal"] == "verified"


def test_no_finding_says_what_seal_a_changed_line_would_need():
    # a forger would copy it: the sample's changed line and header show no seal to write
    from cartlog.games.seals import _lines, header_text, seal_tag
    from cartlog.logs import read_log

    path = ROOT / "samples" / "cartagena" / "sealed-and-edited.cartlog"
    log = read_log(path.read_text(encoding="utf-8"), str(path))
    needed = {core.header_seal(header_text(log))}
    tag = core.read_tag(seal_tag(log))
    previous = tag.seal if tag is not None else ""
    for line in _lines(log):
        needed.add(core.line_seal(previous, line.text))
        previous = line.seal or previous
    status, said = run(["check", "--verbose", "--format", "json", str(path)])
    written = set(re.findall(r"[0-9a-f]{16}", path.read_text(encoding="utf-8")))
    assert not (needed - written) & set(re.findall(r"[0-9a-f]{16}", said))
