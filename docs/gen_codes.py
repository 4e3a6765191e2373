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
from cartlog.games import GAMES, read_log  # noqa: E402

# -- the example logs ---------------------------------------------------------------------------

BOARD_2000 = "SDKBPH SDKBPH SDKBPH SDKBPH SDKBPH SDKBPH"
BOARD_RB = "BKPHLS BKPHLS BKPHLS BKPHLS BKPHLS"

# The header every example starts from; an example replaces or removes (None) single tags.
BASE = {
    "Game": "Cartagena",
    "Rules": "2000-jamaica",
    "Players": "red Anna, blue Ben",
    "Board": BOARD_2000,
    "Options": None,
    "Deal": "red SDKBPH, blue SSKKHH",
    "Row": None,
    "Result": None,
}
RB = {"Rules": "ravensburger", "Board": BOARD_RB, "Deal": "red BKPHLS, blue SSSSS"}
TORTUGA = {"Rules": "2000-tortuga", "Row": "SDKBPHSDKBPH"}

# code -> (tags replaced, body). ``!`` marks in some bodies only take a game where an example
# needs it quickly (into the boat, to the end); their condoned findings are not the ones shown.
EXAMPLES: dict[str, tuple[dict[str, str | None], str]] = {
    "setup/rules": ({"Rules": "2000-jamacia"}, "1. red S0-1"),
    "setup/players": ({"Players": "red Anna, red Ben", "Deal": None}, "1. red S0-1"),
    "setup/option": ({**RB, "Options": "stuck_player_draws=true"}, "1. red B0-1"),
    "setup/board-length": ({"Board": "SDKBPH SDKBPH SDKBPH SDKBPH SDKBPH"}, "1. red S0-1"),
    "setup/board-section": ({"Board": "SDKBPH SDKBPS SDKBPH SDKBPH SDKBPH SDKBPH"},
                            "1. red S0-1"),
    "setup/deal-size": ({**RB, "Deal": "red BKPHLS, blue BKPHLS"}, "1. red B0-1"),
    "setup/row": ({**TORTUGA, "Row": "SDKBPHSDKBP"}, "1. red S0-1"),
    "turn/out-of-order": ({}, "1. blue S0-1"),
    "turn/too-many-actions": ({}, "1. red S0-1 D0-2 K0-3 B0-4"),
    "turn/no-action": ({}, "1. red pass"),
    "turn/stuck-no-draw": (RB, "1. red B0-1 S1-6\n"
                               "2. blue S0-12 S12-18\n"
                               "3. red K6-8 P8-9\n"
                               "4. blue S18-24 S24-30\n"
                               "5. red H9-10 L10-11\n"
                               "6. blue 30-11+1\n"
                               "7. red pass"),
    "turn/number": ({}, "1. red S0-1\n3. blue S0-7"),
    "game/action-after-end": ({}, "1. red S0-boat! D0-boat! K0-boat!\n"
                                  "2. blue S0-1\n"
                                  "3. red B0-boat! P0-boat! H0-boat!\n"
                                  "4. blue S1-7"),
    "game/unfinished": ({}, "1. red S0-1"),
    "move/no-pirate": ({}, "1. red S5-7"),
    "move/forward-from-boat": ({}, "1. red S0-boat!\n2. blue S0-1\n3. red Kboat"),
    "move/forward-destination": ({}, "1. red K0-9"),
    "move/back-impossible": ({}, "1. red S0-1\n2. blue S0-7\n3. red 1-0+1"),
    "move/back-destination": ({}, "1. red S0-1 D0-2 K0-3\n2. blue S0-7\n3. red 3-1+1"),
    "move/back-from-boat": ({"Options": "boat_retreat=false"},
                            "1. red S0-boat! D0-2\n2. blue S0-1\n3. red boat-2+1"),
    "move/space-full": ({}, "1. red S0-1\n"
                            "2. blue S0-7 7-1+1\n"
                            "3. red D0-2 2-1+2\n"
                            "4. blue K0-1"),
    "card/not-in-hand": ({}, "1. red S0-1 S1-7"),
    "card/too-many": ({**RB, "Players": "red Anna, blue Ben, yellow Cleo",
                       "Deal": "red BBBBBB, blue BBBBB, yellow BBBBB"}, "1. red B0-1"),
    "draw/count": ({}, "1. red S0-1\n2. blue S0-7 7-1+2"),
    "draw/not-next-in-row": (TORTUGA, "1. red S0-1\n2. blue S0-7 7-1+H"),
    "draw/not-stuck": (RB, "1. red +B"),
    "claim/hand": ({}, "1. red S0-1\nhand red 6"),
    "claim/pirates": ({}, "1. red S0-1\npirates red 0 0 0 0 0 3"),
    "result/winner": ({"Result": "blue"}, "1. red S0-1"),
    "condoned/legal": ({}, "1. red S0-1!"),
}

FAMILIES = {
    "setup": ("Setup", "The header: rule set, players, options, board, deal and the Tortuga "
              "row. Reported on the header line of the tag concerned."),
    "turn": ("Turns", "Whose turn it is and how many actions it holds."),
    "game": ("Game end", "The end of the game: nothing may follow it, and a log may stop "
             "before it."),
    "move": ("Moves", "Where a pirate may go, forward or back."),
    "card": ("Cards", "Cards played and the deck's contents."),
    "draw": ("Draws", "How many cards a player draws, and which."),
    "claim": ("Claims", "`hand` and `pirates` lines: what the log says the table showed."),
    "result": ("Result", "The `Result` tag against the replayed game."),
    "condoned": ("Condoned actions", "The `!` mark that says an illegal action stood at the "
                 "table."),
}


# -- Meuterer ------------------------------------------------------------------------------------
# The examples are the logs of tests/games/meuterer/test_codes.py (CASES): variations of one legal
# round, MEUTERER_ROUND1, under the header MEUTERER_BASE.

ISLANDS = ("Hochland, Frosthöhle, Grünland, Karge Zunge, Eisfelsen, Affeninsel, Kalte Klippe, "
           "Sommerland, Rotes Riff, Piratennest, Fingerhut, Sandkap")
MEUTERER_BASE = {
    "Game": "Meuterer",
    "Variant": "base",
    "Players": "red Anna, blue Ben, green Cleo, yellow Dan",
    "Captain": "red",
    "Islands": ISLANDS,
    "IslandTable": None,
    "Deal": "red RSWCX, blue SSWWX, green CCGGX, yellow RWGGX",
    "Result": None,
}
R = """\
round 1
wage 2
sell red W, blue S, green C, yellow G, red pass 4, blue S, green pass 4 mate, yellow G, \
blue pass 3 merchant, yellow pass 3 mutineer
dest captain Eisfelsen, mutineer Karge Zunge
mutiny red 1, green 0, yellow 1 => captain
score red 3, blue 4, green 3, yellow 3
total red 3, blue 4, green 3, yellow 3
draw red 2, blue 2, green 1, yellow 3"""
MEUTERER_ROUND1 = R
PIRATE_FIRST = ISLANDS.replace("Hochland, ", "Hochland, Piratennest, ").replace(
    ", Piratennest, Fingerhut", ", Fingerhut")
PIRATE_DEAL = "red RSPCX, blue SSWWX, green CCGGX, yellow RWGGX"
SIX_CARDS = ("sell red R, blue S, green C, yellow G, red S, blue S, green pass 4 mate, yellow G, "
             "red W, blue pass 3 merchant, yellow pass 3 mutineer, red C, red X, red G, "
             "red pass 0")
ROUND2 = ("round 2\nwage 1\nsell red R, blue W, green G, yellow R, red pass 4, "
          "blue pass 4 merchant, green pass 4 mate, yellow pass 4 stevedore")
SIMULATED = "the log written by cartlog simulate meuterer --seed 5, all 8 rounds scored, then"

# code -> (tags replaced, body); a body starting with SIMULATED is that game plus the rest.
MEUTERER_EXAMPLES: dict[str, tuple[dict[str, str | None], str]] = {
    "setup/variant": ({"Variant": "deluxe"}, R),
    "setup/seats": ({"Players": "red A, blue B", "Deal": None}, ""),
    "setup/islands": ({"Islands": ISLANDS.replace("Sandkap", "Fingerhut")}, ""),
    "setup/deal-count": ({"Deal": "red RSWC, blue SSWWX, green CCGGX, yellow RWGGX"}, ""),
    "goods/too-many": ({"Deal": "red RRRRR, blue SSWWX, green CCGGX, yellow RWGGX"}, ""),
    "round/number": ({}, R.replace("round 1", "round 2")),
    "round/wage": ({}, R.replace("wage 2", "wage 5")),
    "round/no-wage": ({}, R.replace("wage 2\n", "")),
    "end/after-last-round": ({}, SIMULATED + "\ndraw red 1"),
    "end/unfinished": ({}, R),
    "sell/missing": ({}, "round 1\nscore red 3, blue 4"),
    "sell/out-of-order": ({}, R.replace("sell red W, blue S", "sell blue S, red W")),
    "sell/after-pass": ({}, R.replace("red pass 4, blue S,", "red pass 4, blue S, red S,")),
    "sell/no-card": ({}, R.replace(R.splitlines()[2], SIX_CARDS)),
    "sell/not-in-hand": ({}, R.replace("sell red W", "sell red G")),
    "sell/kept-count": ({}, R.replace("red pass 4", "red pass 3")),
    "sell/no-pass": ({}, R.replace(", yellow pass 3 mutineer", "")),
    "action/taken-twice": ({}, R.replace("blue pass 3 merchant", "blue pass 3 mate")),
    "action/captain": ({}, R.replace("red pass 4", "red pass 4 mate")),
    "action/missing": ({}, R.replace("green pass 4 mate", "green pass 4")),
    "action/unknown": ({}, R.replace("green pass 4 mate", "green pass 4 navigator")),
    "dest/wrong-island": ({}, R.replace("captain Eisfelsen", "captain Sandkap")),
    "mutiny/no-mutineer": ({}, R.replace("yellow pass 3 mutineer", "yellow pass 3 cabinboy")
                           .replace(", mutineer Karge Zunge", "")),
    "mutiny/not-recorded": ({}, R.replace("mutiny red 1, green 0, yellow 1 => captain\n", "")),
    "mutiny/neutral": ({}, R.replace("mutiny red 1,", "mutiny red 1, blue 1,")),
    "mutiny/wrong-side": ({}, R.replace("mutiny red 1,", "mutiny red 1 mutineer,")),
    "mutiny/too-many": ({}, R.replace("yellow 1 =>", "yellow 2 =>")),
    "mutiny/out-of-order": ({}, R.replace("mutiny red 1, green 0, yellow 1",
                                          "mutiny yellow 1, red 1, green 0")),
    "mutiny/outcome": ({}, R.replace("=> captain", "=> mutineers")),
    "sale/wrong-island": ({}, R.replace("score", "sale blue S Sandkap 2\nscore", 1)),
    "sale/one-type": ({}, R.replace("score", "sale blue S Hochland 1, blue W Hochland 1\n"
                                             "score", 1)),
    "sale/too-many": ({}, R.replace("score", "sale blue S Hochland 3\nscore", 1)),
    "sale/assumed": ({}, R + "\n" + ROUND2),
    "pirate/not-robbed": ({"Variant": "pirate", "Islands": PIRATE_FIRST, "Deal": PIRATE_DEAL},
                          R.replace("sell red W,", "sell red P,")),
    "pirate/robbed": ({"Variant": "pirate", "Deal": PIRATE_DEAL},
                      R.replace("sell red W,", "sell red P robbed,")),
    "refill/count": ({}, R.replace("draw red 2", "draw red 3")),
    "refill/stevedore": ({}, R.replace("draw red 2", "draw red 2 keep RS")),
    "refill/out-of-order": ({}, R.replace("draw red 2, blue 2", "draw blue 2, red 2")),
    "score/round": ({}, R.replace("score red 3", "score red 5")),
    "score/total": ({}, R.replace("total red 3", "total red 5")),
    "score/missing": ({}, R.replace("score red 3, blue 4, ", "score red 3, ")),
    "score/carried": ({}, R.replace("score red 3", "score red 5")
                      .replace("total red 3", "total red 5")),
    "result/differs": ({"Result": "red"}, R),
}

MEUTERER_FAMILIES = {
    "setup": ("Setup", "The header: variant, players, the circle of islands and the deal."),
    "goods": ("Goods", "The cards named in the log against the cards the game has."),
    "round": ("Rounds", "The `round` and `wage` lines (phase 1)."),
    "end": ("Game end", "The last round (ruling U1): nothing may follow its scoring, and a "
            "log may stop before it."),
    "sell": ("Selling", "The plays and passes of phase 2, from the captain clockwise."),
    "action": ("Action cards", "The action card each player takes on passing."),
    "dest": ("Destinations", "The captain's and the mutineer's destinations (ruling U7)."),
    "mutiny": ("The mutiny", "Phase 4: who may add conflict cards, how many, and the outcome "
               "(ruling U6)."),
    "sale": ("Sales", "What is sold on the active islands (rulings U2, U3)."),
    "pirate": ("The pirate variant", "The pirate card and the robbery (ruling U8)."),
    "refill": ("The refill", "Phase 8: the draws back to five cards and the stevedore's "
               "choice."),
    "score": ("The score sheet", "The `score` and `total` lines against the replay."),
    "result": ("Result", "The `Result` tag against the replayed winners (ruling U1)."),
}

MUTINY_FAMILIES = {
    "crew": ("Setup", "The header: the players and the component facts it declares (ruling M7)."),
    "row": ("The row", "The giver, the row of cards and what is open to each player (ruling M2)."),
    "action": ("The pirates' actions", "Each pirate card's effect as the log writes it."),
    "supply": ("Supplies", "Cards and coins taken from the board (rulings M6, M7)."),
    "ship": ("The ship", "The ship's move and space (rulings M4, M7)."),
    "storm": ("Storms", "Storm spaces and the lifeboat (ruling M5)."),
    "voyage": ("The end of the voyage", "When the mutiny starts (ruling M6)."),
    "duel": ("The duels", "Sailors, combat rounds, monkeys and each duel's winner (rulings M1, "
             "M8, M9)."),
    "winner": ("The winner", "The reveal, the gold and the winners (ruling M10)."),
}

FAMILIES_OF = {"cartagena": FAMILIES, "meuterer": MEUTERER_FAMILIES,
               "mutiny": MUTINY_FAMILIES}  # family titles per game

SAMPLES = ROOT / "samples"


def _sample_of_code() -> dict[str, str]:
    """The Mutiny's examples are its samples: for each code, the first sample that
    samples/README.md lists as producing it."""
    out: dict[str, str] = {}
    for line in (SAMPLES / "README.md").read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 6 or not cells[0].startswith("`mutiny/"):
            continue
        for code in (c.strip() for c in cells[4].split(",")):
            if "/" in code:
                out.setdefault(code, cells[0].strip("`"))
    return out


MUTINY_EXAMPLES = _sample_of_code()


def _simulated() -> str:
    from cartlog.games.meuterer.notation import format_log
    from cartlog.games.meuterer.simulate import simulate

    return format_log(simulate("base", 4, 5))


def example_log(code: str) -> tuple[str, list[str], str]:
    """The full example log of ``code``, the header lines that differ from the game's base
    header, and the body as shown."""
    if code in MUTINY_EXAMPLES:
        name = MUTINY_EXAMPLES[code]
        text = (SAMPLES / name).read_text(encoding="utf-8")
        f = next(f for f in audit(read_log(text, name), name).findings if f.code == code)
        line = text.splitlines()[f.line - 1] if f.line else None
        where = f"line {f.line}" if f.line else f"{f.path}"
        return text, [], (f"... samples/{name}, {where}:\n{line}" if line is not None
                          else f"samples/{name}")
    if code in EXAMPLES:
        base, (changes, body) = BASE, EXAMPLES[code]
    else:
        base, (changes, body) = MEUTERER_BASE, MEUTERER_EXAMPLES[code]
    tags = {**base, **changes}
    changed = [name for name in tags if name in changes and changes[name] != base[name]]
    shown = [f'[{name} "{tags[name]}"]' for name in changed if tags[name] is not None]
    shown += [f"(no {name} tag)" for name in changed if tags[name] is None]
    if body.startswith(SIMULATED):
        rest = body[len(SIMULATED):].lstrip("\n")
        return _simulated() + rest + "\n", [], f"... {SIMULATED}:\n{rest}"
    lines = [f'[{name} "{value}"]' for name, value in tags.items() if value is not None]
    return "\n".join(lines) + "\n\n" + body + ("\n" if body else ""), shown, body


def example_message(code: str) -> str | None:
    """The audit's message for the example of ``code``, as ``file:line:col: ...`` lines."""
    text, _, _ = example_log(code)
    name = "game.cartlog"
    if code in MUTINY_EXAMPLES:
        name = MUTINY_EXAMPLES[code].split("/")[-1]
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
[Cartagena: The Mutiny](#cartagena-the-mutiny)), then by family
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

Cartagena only. A `!` right after an action (`K3-11!`) says that the table let an illegal action stand. The
audit still reports what the action breaks, with `"condoned": true` in JSON and the label
`condoned` in the text report, but such findings do not count as errors, warnings or infos and
do not affect the exit status; the report's summary counts them apart. `!` condones the
findings raised on that action; findings about the turn as a whole (`turn/out-of-order`,
`turn/too-many-actions`, `turn/no-action`, ...) are not condoned by it. A `!` on a legal action
is itself reported (`condoned/legal`).

The audit always goes on from the action as recorded (see [rules.md](rules.md)), so the rest of
the game is checked against the table as it really was.

## Findings that may only follow from another

One wrong action often makes later, correct-looking actions look wrong too: once a card has gone
missing from the record, every later play of that sign may seem impossible. An `error` of one
of the codes marked *may follow* below gets a `follows` field: the index (0-based in the JSON
report's `findings` list; shown as `may only follow from finding #N above` in the text report)
of the first earlier independent error of the same player, or of any player for the codes that
concern the whole table (marked *table-wide*). Fix that earlier error and the later one may go
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


CARTAGENA_NOTE = """\
All Cartagena codes, by family. Each example below is a small log that the audit reads when this
page is generated; the message shown is the one it gives. Unless an example lists header tags of
its own, it uses this header:

```text
{base}
```

An example's full log is that header with the example's own tags put in (or taken out), in the
order Game, Rules, Players, Board, Options, Deal, Row, Result, then a blank line and the lines
shown; line numbers in the messages count in that full log.

"""

MEUTERER_NOTE = """\
All Meuterer codes, by family. Each example is a small log that the audit reads when this page
is generated, and the message shown is the one it gives. Most examples change one line of this
legal first round of a four-player game (red is captain; the round is explained in
[notation.md](notation.md#a-first-example-meuterer)):

```text
{base}

{round1}
```

An example's full log is that header, with the example's own tags put in (or taken out) in the
order Game, Variant, Players, Captain, Islands, IslandTable, Deal, Result, then a blank line and
the lines shown; line numbers in the messages count in that full log.

"""


MUTINY_NOTE = """\
All Cartagena: The Mutiny codes, by family. The example of each code is a line of a sample
log in `samples/mutiny/` (the first sample that `samples/README.md` lists for the code); the
message shown is the one the audit gives for it when this page is generated. The samples
declare the simulator's example track and card splits, not the printed board.

"""


def _game_intro(game: str) -> str:
    """The note that opens a game's part: how its examples are built (empty for a game that
    has none written here yet)."""
    if game == "cartagena":
        base = "\n".join(f'[{n} "{v}"]' for n, v in BASE.items() if v is not None)
        return CARTAGENA_NOTE.replace("{base}", base)
    if game == "meuterer":
        base = "\n".join(f'[{n} "{v}"]' for n, v in MEUTERER_BASE.items() if v is not None)
        return MEUTERER_NOTE.replace("{base}", base).replace("{round1}", MEUTERER_ROUND1)
    if game == "mutiny":
        return MUTINY_NOTE
    return ""


def _follow_note(codes_module) -> str:
    record_only = sorted(getattr(codes_module, "RECORD_ONLY", ()))
    if not record_only:
        return ""
    return ("Findings about what the log *says* rather than what was played change nothing in "
            "the replay, so nothing later is taken to follow from them: "
            + ", ".join(f"`{c}`" for c in record_only) + ".\n\n")


def render() -> str:
    out = [INTRO]

    by_game: dict[str, dict[str, list]] = {}
    for game, spec in GAMES.items():
        for code in spec.codes.CODES.values():
            by_game.setdefault(game, {}).setdefault(code.code.split("/")[0], []).append(code)
    games = [g for g in GAMES if g in by_game]

    out.append("## All codes\n\n")
    for game in games:
        out.append(f"**{GAMES[game].title}**\n\n| code | severity | summary |\n"
                   "| --- | --- | --- |\n")
        for family in by_game[game].values():
            for c in family:
                anchor = c.code.replace("/", "")
                out.append(f"| [`{c.code}`](#{anchor}) | {c.severity} | {c.summary} |\n")
        out.append("\n")

    for game in games:
        codes_module = GAMES[game].module("codes")
        follows = codes_module.CONSEQUENCES
        table_wide = codes_module.TABLE_WIDE
        families = FAMILIES_OF.get(game, {})
        out.append(f"# {GAMES[game].title}\n\n")
        out.append(_game_intro(game))
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
                if (c.code not in EXAMPLES and c.code not in MEUTERER_EXAMPLES
                        and c.code not in MUTINY_EXAMPLES):
                    raise SystemExit(f"gen_codes.py: no example for {c.code}; add one to "
                                     "EXAMPLES or MEUTERER_EXAMPLES, or a Mutiny sample")
                _, shown, body = example_log(c.code)
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
