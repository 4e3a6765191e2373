"""A small log for every Cartagena finding code: the examples of docs/codes.md.

Each example is the header :data:`HEADER` with some tags replaced (or removed, ``None``) and a
short body; ``docs/gen_codes.py`` audits it and shows the message the audit gives, so the page
cannot drift from the engine. :data:`NOTE` opens the game's part of that page.
"""

from __future__ import annotations

BOARD_2000 = "SDKBPH SDKBPH SDKBPH SDKBPH SDKBPH SDKBPH"
BOARD_RB = "BKPHLS BKPHLS BKPHLS BKPHLS BKPHLS"

# The header every example starts from; an example replaces or removes (None) single tags.
HEADER = {
    "Game": "Cartagena",
    "Rules": "2000-jamaica",
    "Players": "red Anna, blue Ben",
    "Board": BOARD_2000,
    "Options": None,
    "Deal": "red SDKBPH, blue SSKKHH",
    "Row": None,
    "Result": None,
}
RB: dict[str, str | None] = {"Rules": "ravensburger", "Board": BOARD_RB, "Deal": "red BKPHLS, blue SSSSS"}
TORTUGA: dict[str, str | None] = {"Rules": "2000-tortuga", "Row": "SDKBPHSDKBPH"}

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
    "turn/action-after-pass": ({}, "1. red pass S0-1"),
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


NOTE = """\
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
