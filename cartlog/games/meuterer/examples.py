"""A small log for every Meuterer finding code: the examples of docs/codes.md.

Most are variations of one legal first round, :data:`ROUND1`, under the header
:data:`HEADER`; ``docs/gen_codes.py`` audits each and shows the message the audit gives. A
body starting with :data:`SIMULATED` is the simulated game :data:`SIMULATED_GAME` (rules,
players, seed) written out, then the rest of the body.
"""

from __future__ import annotations

ISLANDS = ("Hochland, Frosthöhle, Grünland, Karge Zunge, Eisfelsen, Affeninsel, Kalte Klippe, "
           "Sommerland, Rotes Riff, Piratennest, Fingerhut, Sandkap")
HEADER = {
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
ROUND1 = R
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
EXAMPLES: dict[str, tuple[dict[str, str | None], str]] = {
    "setup/variant": ({"Variant": "deluxe"}, R),
    "setup/seats": ({"Players": "red A, blue B", "Deal": None}, ""),
    "setup/islands": ({"Islands": ISLANDS.replace("Sandkap", "Fingerhut")}, ""),
    "setup/deal-count": ({"Deal": "red RSWC, blue SSWWX, green CCGGX, yellow RWGGX"}, ""),
    "goods/too-many": ({"Deal": "red RRRRR, blue SSWWX, green CCGGX, yellow RWGGX"}, ""),
    "round/number": ({}, R.replace("round 1", "round 2")),
    "round/wage": ({}, R.replace("wage 2", "wage 5")),
    "round/no-wage": ({}, R.replace("wage 2\n", "")),
    "round/wage-sheet": ({}, R.replace("wage 2", "wage 1")),
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
    "mutiny/not-recorded": ({}, R.replace("mutiny red 1, green 0, yellow 1 => captain\n", "")
                            .replace("\ndraw red 2, blue 2, green 1, yellow 3", "")),
    "mutiny/neutral": ({}, R.replace("mutiny red 1,", "mutiny red 1, blue 1,")),
    "mutiny/wrong-side": ({}, R.replace("mutiny red 1,", "mutiny red 1 mutineer,")),
    "mutiny/too-many": ({}, R.replace("yellow 1 =>", "yellow 2 =>")),
    "mutiny/count": ({}, R.replace("mutiny red 1,", "mutiny red 0,")),
    "mutiny/out-of-order": ({}, R.replace("mutiny red 1, green 0, yellow 1",
                                          "mutiny yellow 1, red 1, green 0")),
    "mutiny/outcome": ({}, R.replace("=> captain", "=> mutineers")),
    "sale/wrong-island": ({}, R.replace("score", "sale blue S Sandkap 2\nscore", 1)),
    "sale/one-type": ({}, R.replace("score", "sale blue S Hochland 1, blue W Hochland 1\n"
                                             "score", 1)),
    "sale/too-many": ({}, R.replace("score", "sale blue S Hochland 3\nscore", 1)),
    "sale/too-few": ({}, R.replace("score", "sale blue S Hochland 1\nscore", 1)),
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
    "condoned/lawful": ({}, R.replace("sell red W,", "sell red W!,")),
}

SIMULATED_GAME = ("base", 4, 5)

NOTE = """\
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
NOTE = NOTE.replace("{round1}", ROUND1)
