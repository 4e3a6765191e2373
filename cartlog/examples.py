"""The example of a finding code: a small log each game writes for it (its ``examples``
module), audited, so that ``cartlog explain`` and docs/codes.md show a wrong line and what
cartlog says of it, and neither can drift from the engine.

An example is the game's base header (``HEADER``) with some tags replaced or removed, then a
short body; a body that starts with the game's ``SIMULATED`` marker is a simulated game
(``SIMULATED_GAME``) and the lines after it. Codes common to every game have samples instead
(``samples/README.md``), which docs/gen_codes.py reads.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, NamedTuple

from cartlog.audit import audit
from cartlog.core.findings import Finding
from cartlog.games import GAMES
from cartlog.logs import read_log

FILE = "game.cartlog"  # the name an example's findings are reported under
# the samples of a checkout (not installed with the package): the examples of the codes no
# game's examples module writes (samples/README.md lists the codes each sample gives)
SAMPLES = Path(__file__).resolve().parent.parent / "samples"


class Example(NamedTuple):
    """A code's example: the whole log, what is shown of it (the header lines that differ
    from the base header, then the body), and the finding the audit gives for the code."""

    game: str
    text: str
    shown: list[str]
    finding: Finding | None
    name: str = FILE  # the file name its findings are reported under


def game_of(code: str) -> str | None:
    """The game a code belongs to; None for a code common to every game."""
    return next((g for g, spec in GAMES.items() if code in spec.codes.CODES), None)


def example(code: str) -> Example | None:
    """The example the code's game writes for it, audited; else the first sample that
    samples/README.md lists for it, where the samples are at hand (a checkout); None when
    there is neither."""
    game = game_of(code)
    try:
        ex: Any = GAMES[game].module("examples") if game is not None else None
    except ModuleNotFoundError:
        ex = None
    if game is None or ex is None or code not in getattr(ex, "EXAMPLES", {}):
        return _from_sample(code, game)
    changes, body = ex.EXAMPLES[code]
    base = ex.HEADER
    marker = getattr(ex, "SIMULATED", None)
    if marker and body.startswith(marker):
        rest = body[len(marker):].lstrip("\n")
        spec = GAMES[game]
        text = spec.notation.format_log(spec.simulate(*ex.SIMULATED_GAME)) + rest + "\n"
        shown = [f"... {marker}:", *rest.split("\n")]
    else:
        tags = {**base, **changes}
        changed = [n for n in tags if n in changes and changes[n] != base[n]]
        shown = [f'[{n} "{tags[n]}"]' for n in changed if tags[n] is not None]
        shown += [f"(no {n} tag)" for n in changed if tags[n] is None]
        if shown and body:
            shown.append("")
        shown += body.split("\n") if body else []
        lines = [f'[{n} "{v}"]' for n, v in tags.items() if v is not None]
        text = "\n".join(lines) + "\n\n" + body + ("\n" if body else "")
    report = audit(read_log(text, FILE), FILE)
    finding = next((f for f in report.findings if f.code == code), None)
    return Example(game, text, shown or ["(the header alone)"], finding)


def sample_of(code: str, game: str | None) -> str | None:
    """The first sample samples/README.md lists for ``code`` (a sample of ``game``, or of any
    game for a common code), as a path under samples/; None when none is at hand."""
    index = SAMPLES / "README.md"
    if not index.is_file():
        return None
    for line in index.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 6 or not cells[0].startswith(f"`{game or ''}"):
            continue
        if code in (c.strip() for c in cells[4].split(",")):
            return cells[0].strip("`")
    return None


def _from_sample(code: str, game: str | None) -> Example | None:
    where = sample_of(code, game)
    if where is None or not (SAMPLES / where).is_file():
        return None
    text = (SAMPLES / where).read_text(encoding="utf-8")
    name = where.split("/")[-1]
    finding = next((f for f in audit(read_log(text, name), name).findings if f.code == code),
                   None)
    if finding is None:
        return None
    line = text.splitlines()[finding.line - 1] if finding.line else None
    at = f"line {finding.line}" if finding.line else f"{finding.path}"
    shown = [f"... samples/{where}, {at}:", line] if line is not None else [f"samples/{where}"]
    return Example(game or "", text, shown, finding, name)


def message(finding: Finding, name: str = FILE) -> list[str]:
    """A finding as ``check`` prints its first lines: ``file:line:col: severity[code] ...``,
    then what was expected and found."""
    where = f"{name}:{finding.line}:{finding.col}" if finding.line else f"{name}:{finding.path}"
    label = "condoned" if finding.condoned else finding.severity
    out = [f"{where}: {label}[{finding.code}] {finding.message}"]
    if finding.expected is not None or finding.actual is not None:
        out.append(f"    expected {finding.expected if finding.expected is not None else '-'}"
                   f", found {finding.actual if finding.actual is not None else '-'}")
    return out


def anchor(code: str) -> str:
    """The code's place in docs/codes.md: ``docs/codes.md#moveforward-destination``."""
    return "docs/codes.md#" + code.replace("/", "")
