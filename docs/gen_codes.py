"""Write docs/codes.md from the code registry, with an audited example for every code.

Run from the repository root::

    python docs/gen_codes.py > docs/codes.md

Every code's severity, summary, explanation and rule reference come from
``cartlog.games.all_codes()``. Each example is a small log that is parsed and audited here, and
the message shown is the one the audit gives for it, so the page cannot drift from the engine:
``tests/test_docs.py`` fails when ``docs/codes.md`` differs from this script's output.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from cartlog.audit import audit  # noqa: E402
from cartlog.core import codes as common  # noqa: E402
from cartlog.games import BUILT_IN  # noqa: E402

GAMES = {spec.name: spec for spec in BUILT_IN}  # codes.md lists cartlog's own games' codes
from cartlog.logs import read_log  # noqa: E402

SAMPLES = ROOT / "samples"


def _examples(game: str):
    return GAMES[game].module("examples")


def _sample_of_code(game: str | None) -> dict[str, str]:
    """For each code of ``game`` (``None``: of any game), the first sample that
    samples/README.md lists for it."""
    out: dict[str, str] = {}
    for line in (SAMPLES / "README.md").read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 6 or not cells[0].startswith(f"`{game or ''}"):
            continue
        for code in (c.strip() for c in cells[4].split(",")):
            if "/" in code:
                out.setdefault(code, cells[0].strip("`"))
    return out


def _game_of(code: str) -> str | None:
    """The game a code belongs to; ``None`` for a code common to every game."""
    return next((g for g, spec in GAMES.items() if code in spec.codes.CODES), None)


def example_source(code: str) -> tuple[str, str]:
    """Where the example of ``code`` comes from: ``("examples", game)`` when the game's
    ``examples`` module writes one, else ``("sample", path)`` (for a code common to every
    game, a sample of any game); ``SystemExit`` when neither."""
    game = _game_of(code)
    if game is not None and code in _examples(game).EXAMPLES:
        return "examples", game
    sample = _sample_of_code(game).get(code)
    if sample is None:
        raise SystemExit(f"gen_codes.py: no example for {code}; add one to "
                         f"cartlog/games/{game}/examples.py or list a sample for it in "
                         "samples/README.md")
    return "sample", sample


def example_log(code: str) -> tuple[str, list[str], str, str]:
    """The full example log of ``code``, the header lines that differ from the game's base
    header, the body as shown, and the file name the messages use."""
    kind, where = example_source(code)
    if kind == "sample":
        text = (SAMPLES / where).read_text(encoding="utf-8")
        name = where.split("/")[-1]
        f = next(f for f in audit(read_log(text, name), name).findings if f.code == code)
        line = text.splitlines()[f.line - 1] if f.line else None
        at = f"line {f.line}" if f.line else f"{f.path}"
        return text, [], (f"... samples/{where}, {at}:\n{line}" if line is not None
                          else f"samples/{where}"), name
    ex = _examples(where)
    base = ex.HEADER
    changes, body = ex.EXAMPLES[code]
    tags = {**base, **changes}
    changed = [name for name in tags if name in changes and changes[name] != base[name]]
    shown = [f'[{name} "{tags[name]}"]' for name in changed if tags[name] is not None]
    shown += [f"(no {name} tag)" for name in changed if tags[name] is None]
    marker = getattr(ex, "SIMULATED", None)
    if marker and body.startswith(marker):
        rest = body[len(marker):].lstrip("\n")
        spec = GAMES[where]
        game_text = spec.notation.format_log(spec.simulate(*ex.SIMULATED_GAME))
        return game_text + rest + "\n", [], f"... {marker}:\n{rest}", "game.cartlog"
    lines = [f'[{name} "{value}"]' for name, value in tags.items() if value is not None]
    return ("\n".join(lines) + "\n\n" + body + ("\n" if body else ""), shown, body,
            "game.cartlog")


def example_message(code: str) -> str | None:
    """The audit's message for the example of ``code``, as ``file:line:col: ...`` lines."""
    text, _, _, name = example_log(code)
    report = audit(read_log(text, name), name)
    for f in report.findings:
        if f.code != code:
            continue
        where = f"{name}:{f.line}:{f.col}" if f.line else f"{name}:{f.path}"
        label = "condoned" if f.condoned else f.severity
        out = [f"{where}: {label}[{f.code}] {f.message}"]
        if f.expected is not None or f.actual is not None:
            out.append(f"    expected {f.expected if f.expected is not None else '-'}, "
                       f"found {f.actual if f.actual is not None else '-'}")
        return "\n".join(out)
    return None


# -- the page -----------------------------------------------------------------------------------

INTRO = """\
# Finding codes

<!-- Generated by docs/gen_codes.py from the code registry; do not edit by hand.
     Regenerate with: python docs/gen_codes.py > docs/codes.md -->

`cartlog check` reports every problem it finds in a log as a *finding*: a stable code, a
severity, a message, the place in the log (line and column for a text log, a JSON path such as
`$.events[3].actions[1]` for a JSON log), the turn, action and player, what the rules expected
and what the log shows, and the rule the finding enforces. `cartlog explain CODE` prints the
entry of one code. Codes never change meaning; tools may match on them.

Codes are grouped by game ([Cartagena](#cartagena), [Meuterer](#meuterer),
[Cartagena: The Mutiny](#cartagena-the-mutiny), and the few common to [every game](#every-game)),
then by family
(the part before the `/`). A code belongs to one game only: no code of one game is spelt like a
code of another.

Rule references name a ruling of the project (`C1`, `O2`, `R3` for Cartagena, `U1` to `U8`
for Meuterer, `M1` to `M10` for the Mutiny; see [rules.md](rules.md)), a rulebook section (`rulebook 002 'How to play'`,
`rulebook 001 'Phase 4 : Mutinerie'`; the rulebooks are listed in [rules.md](rules.md)) or a
page of these docs.

## Exit status

| status | meaning |
| --- | --- |
| 0 | every log was read and no finding of severity `error` remains (warnings, infos and condoned findings do not count) |
| 1 | at least one log has an `error` finding that is not condoned |
| 2 | input that cannot be used: a missing or unreadable file, a log that does not parse, or bad usage of the command line; this wins over 1 when both apply |

`cartlog replay` and `cartlog score` exit with 1 as well when the log has errors.
`cartlog check --stop-at-first` stops each log at its first error that is not condoned.

## Severities

- **error**: the log breaks a rule, or contradicts itself (a claim or result that the replay
  does not bear out). Errors set exit status 1.
- **warning**: something worth a look that breaks no rule: a turn or round number that is not
  its place, a `!` on a legal action, a round with no selling recorded.
- **info**: a plain fact, such as a log that ends before the game did, a sale the audit had to
  assume, or a running total that is wrong only because of an earlier slip on the score sheet.

## Condoned findings

A `!` says that the table let an illegal action stand: in Cartagena right after an action
(`K3-11!`), in Meuterer right after a play or pass (`sell yellow C!`) or at the end of a
`wage`, `dest`, `mutiny`, `sale` or `draw` line, in the Mutiny at the end of a turn line
(`green Ghost!`). The audit still reports what the action breaks, with `"condoned": true` in
JSON and the label `condoned` in the text report, but such findings do not count as errors,
warnings or infos and do not affect the exit status; the report's summary counts them apart.
`!` condones the findings raised on that action or line; findings about the turn as a whole
(Cartagena's `turn/out-of-order`, `turn/too-many-actions`, `turn/no-action`, ...) are not
condoned by it. A `!` on a lawful action is itself reported (`condoned/legal`,
`condoned/lawful`, `condoned/lawful-turn`).

The audit always goes on from the action as recorded (see [rules.md](rules.md)), so the rest of
the game is checked against the table as it really was.

## Findings that may only follow from another

One wrong action often makes later, correct-looking actions look wrong too: once a card has gone
missing from the record, every later play of that sign may seem impossible. An `error` of one
of the codes marked *may follow* below gets a `follows` field: the index (0-based, in the JSON
report's `findings` list) of the first earlier independent error of the same player, or of any
player for the codes that concern the whole table (marked *table-wide*). The text report lists
such a finding under the one it follows from, folded into one line unless `-v` is given.
Findings are listed in the order of the log's text. Fix that earlier error and the later one may go
away. A finding with `follows` set still counts as an error. In a Meuterer log, a running total
that is wrong only because of an earlier slip on the score sheet is reported as
`score/carried` (an info) and its `follows` points at the finding where the slip was made.

Each game's part below lists the codes that never have a later finding follow from them.

## What the audit cannot check

When a log leaves something out, the audit checks what it can and lists the rest under
`not checked` in the text report (`unchecked` in JSON). The items are:

- a deal that is missing or has `?` cards: cards played from those hands are checked only
  against the number of cards of each sign (or kind of goods) in the game;
- in the Tortuga way, an opening row that is not recorded (no `Row` tag);
- a log without a `Result` tag: there is no recorded result to compare;
- card plays from hands the log does not know (counted);
- draws that give only a count (`+2`) or `?` cards: which signs were drawn is not checked
  (counted);
- forward moves with an unseen card (`?`) and no destination on the passage: where the pirate
  went is not checked (counted);
- Meuterer: plays and mutiny entries from hands the log does not know, cards played as `?`,
  draws that give only a count, rounds without a `total` line (counted);
- the Mutiny: each check that needs a component fact the log does not declare (the storm
  spaces, the mutiny space, the ship's start space, the splits of the combat and gold cards;
  ruling M7), a board file named but not read, the tie-break among winners when the gold or
  the combat cards it needs are not known;
- with `--stop-at-first`, everything after the first error, the result included.

None of these is a finding; they never change the exit status.

"""



def _game_intro(game: str) -> str:
    """The note that opens a game's part: how its examples are built."""
    ex = _examples(game)
    base = "\n".join(f'[{n} "{v}"]' for n, v in ex.HEADER.items() if v is not None)
    return str(ex.NOTE).replace("{base}", base)

def _follow_note(codes_module) -> str:
    record_only = sorted(getattr(codes_module, "RECORD_ONLY", ()))
    if not record_only:
        return ""
    return ("Findings about what the log *says* rather than what was played change nothing in "
            "the replay, so nothing later is taken to follow from them: "
            + ", ".join(f"`{c}`" for c in record_only) + ".\n\n")


COMMON = "every game"
COMMON_INTRO = """\
These codes concern a log as a file, whatever game it records. Their examples are samples.

"""


def _title(game: str) -> str:
    return "Every game" if game == COMMON else GAMES[game].title


def render() -> str:
    out = [INTRO]

    by_game: dict[str, dict[str, list]] = {}
    for game, spec in GAMES.items():
        for code in spec.codes.CODES.values():
            by_game.setdefault(game, {}).setdefault(code.code.split("/")[0], []).append(code)
    games = [g for g in GAMES if g in by_game]
    for code in common.CODES.values():
        by_game.setdefault(COMMON, {}).setdefault(code.code.split("/")[0], []).append(code)
    parts = [*games, COMMON]

    out.append("## All codes\n\n")
    for game in parts:
        out.append(f"**{_title(game)}**\n\n| code | severity | summary |\n"
                   "| --- | --- | --- |\n")
        for family in by_game[game].values():
            for c in family:
                anchor = c.code.replace("/", "")
                out.append(f"| [`{c.code}`](#{anchor}) | {c.severity} | {c.summary} |\n")
        out.append("\n")

    for game in parts:
        codes_module = GAMES[game].module("codes") if game != COMMON else common
        follows = codes_module.CONSEQUENCES
        table_wide = codes_module.TABLE_WIDE
        families = codes_module.FAMILIES
        out.append(f"# {_title(game)}\n\n")
        out.append(_game_intro(game) if game != COMMON else COMMON_INTRO)
        if game != COMMON:
            out.append(_follow_note(codes_module))
        for prefix, family in by_game[game].items():
            title, blurb = families.get(prefix, (prefix.capitalize(), ""))
            out.append(f"## {title}\n\n")
            if blurb:
                out.append(blurb + "\n\n")
            for c in family:
                out.append(f"### {c.code}\n\n")
                marks = [f"**{c.severity}**"]
                if c.code in follows:
                    marks.append("may follow" + (", table-wide" if c.code in table_wide
                                                 else ""))
                out.append(" · ".join(marks) + f" · rule: {c.rule}\n\n")
                out.append(c.summary[0].upper() + c.summary[1:] + ".")
                if c.explanation:
                    out.append(" " + c.explanation)
                out.append("\n\n")
                _, shown, body, _ = example_log(c.code)
                lines = [*shown, *([""] if shown and body else []), *([body] if body else [])]
                if not lines:
                    lines = ["(the header alone)"]
                out.append("Example:\n\n```text\n" + "\n".join(lines) + "\n```\n\n")
                message = example_message(c.code)
                if message is None:
                    raise SystemExit(f"gen_codes.py: the example of {c.code} no longer "
                                     "produces it; fix the example")
                out.append("```text\n" + message + "\n```\n\n")
    return "".join(out).rstrip("\n") + "\n"


if __name__ == "__main__":
    sys.stdout.write(render())
