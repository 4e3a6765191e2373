"""Every number a log records is held to the bounds the known facts allow (docs/rules.md,
"Numbers out of bounds").

The property, over random legal games of every rule set in every view: any number in the
body of the log (a space, a count of cards, coins or goods, a wage, a score, a total, a gold
value, a ship's move...) pushed outside its bounds gives an error at its own line, or is
refused by the reader there. The numbers that only label a line (a turn or round number) give
a warning at their line instead: they number the record, not the game.
"""

from __future__ import annotations

import re

import pytest

from cartlog.audit import audit
from cartlog.core.errors import LogSyntaxError
from cartlog.games import BUILT_IN
from cartlog.logs import read_log, write_log

_NUMBER = re.compile(r"\d+")
# the numbers that label a line rather than record the game: a Cartagena turn number
# (``12. red ...``) and a round number (``round 3``)
_LABEL = re.compile(r"^(?:\d+(?=\.)|round \d+)")
OUT_OF_BOUNDS = ("97",)  # beyond every track, hand, supply, count and score a game reaches

GAMES = [(spec.name, rules, view, seed)
         for spec in BUILT_IN for rules in spec.rulesets
         for view in ("all", "table", "seat") for seed in (1,)]


def _simulated(name: str, rules: str, view: str, seed: int):
    spec = next(s for s in BUILT_IN if s.name == name)
    players = min(max(3, spec.players[0]), spec.players[1])
    log = spec.simulate(rules, players, seed, view="all")
    if view != "all":
        log = spec.simulate(rules, players, seed,
                            view="table" if view == "table" else log.players[0].colour)
    return log


def _numbers(text: str):
    """Each number of the body: (line index, start, end, whether it labels the line)."""
    for i, line in enumerate(text.split("\n")):
        if not line or line.startswith(("[", ";")):
            continue
        body = line.split(";", 1)[0]
        label = _LABEL.match(body)
        for m in _NUMBER.finditer(body):
            yield i, m.start(), m.end(), label is not None and m.start() < label.end()


def _findings_at(text: str, line: int) -> list[str] | None:
    """The severities of the findings at ``line`` (1-based), or None when the reader
    refuses the log at that line."""
    try:
        log = read_log(text)
    except LogSyntaxError as e:
        assert line in [p.line for p in e.problems], str(e)
        return None
    return [f.severity for f in audit(log, "pushed.cartlog").findings if f.line == line]


@pytest.mark.parametrize(("game", "rules", "view", "seed"), GAMES)
def test_any_recorded_number_out_of_bounds_is_an_error_at_its_line(game, rules, view, seed):
    text = write_log(_simulated(game, rules, view, seed), to_json=False)
    lines = text.split("\n")
    clean = audit(read_log(text), "clean.cartlog")
    assert not [f for f in clean.findings if f.severity == "error"]
    pushed = 0
    for i, start, end, label in _numbers(text):
        for value in OUT_OF_BOUNDS:
            line = lines[i]
            if line[start:end] == value:
                continue
            lines[i] = line[:start] + value + line[end:]
            found = _findings_at("\n".join(lines), i + 1)
            lines[i] = line
            pushed += 1
            if found is None:
                continue  # refused by the reader, at the number's line
            want = "warning" if label else "error"
            assert want in found, (game, rules, view, line, value, found)
    assert pushed > 20
