"""Cartagena finding codes: each with its severity, a one-line summary and the rule it enforces.

Codes are stable: tools may match on them. ``docs/codes.md`` lists them all and
``cartlog explain CODE`` prints one.
"""

from __future__ import annotations

from cartlog.core.findings import Code

_B2 = "rulebook 002"
_B4 = "rulebook 004"

CODES: dict[str, Code] = {
    c.code: c
    for c in (
        # -- setup ---------------------------------------------------------------------------
        Code(code="setup/rules", severity="error", rule=f"{_B2}; {_B4}",
             summary="the Rules header names no known Cartagena rule set",
             explanation="The four rule sets are 2000-jamaica, 2000-tortuga, ravensburger and "
             "ravensburger-advanced. The audit goes on with 2000-jamaica so that the rest of "
             "the log is still read."),
        Code(code="setup/players", severity="error", rule=f"{_B2} (setup list); {_B4} 'MISE EN PLACE'; O1; R1",
             summary="wrong number of players, or a colour used twice or unknown",
             explanation="Cartagena is for 2 to 5 players, each with a pawn colour of their own."),
        Code(code="setup/option", severity="error", rule="C3 (boat_retreat); O2 (stuck_player_draws)",
             summary="an option the rule set does not have, or a value that is not true/false"),
        Code(code="setup/board-length", severity="error", rule="C7; O1; R1",
             summary="the board has the wrong number of spaces for the rule set",
             explanation="36 spaces (6 sections) in the 2000 edition and the Ravensburger "
             "advanced game, 30 (5 sections) in the Ravensburger base game."),
        Code(code="setup/board-section", severity="error", rule="C7",
             summary="a board section does not hold each sign exactly once",
             explanation="Every section of 6 spaces shows each of the 6 signs once."),
        Code(code="setup/deal-size", severity="error", rule="O1; R1",
             summary="a player was dealt the wrong number of cards",
             explanation="6 cards each in the 2000 edition; in the Ravensburger edition the "
             "first player gets 6 and every other player 5."),
        Code(code="setup/row", severity="error", rule="O4",
             summary="a Tortuga row of the wrong size, a row in a game without one, or a row "
             "that contradicts cards already drawn from it"),
        # -- turns ---------------------------------------------------------------------------
        Code(code="turn/repeated", severity="warning", rule="docs/notation.md",
             summary="a turn line written twice in a row: the same player and the same "
             "actions; it is read once",
             explanation="A line copied twice changes nothing in the game: the second is "
             "not played, and the turns after it are numbered on from the first."),
        Code(code="turn/missing", severity="error", rule=f"{_B2} 'How to play'; {_B4} 'DÉROULEMENT'",
             summary="a turn line seems to be missing: the line is numbered one past the turn "
             "of the game and is the next player's, and the rest of the log fits a turn left "
             "out better than the line as written",
             explanation="The walk goes on from what the missing turn seems to have been: "
             "the player's lawful turns are searched for the one the next lines fit best (the "
             "cards a backward move drew unseen), and the finding names it when one fits "
             "better than every other. When none is clear, findings about its player's later "
             "moves, and about other players' moves that reach a space the readings leave "
             "held otherwise, follow from it; when no turn fits better than none, the turn is "
             "played with nothing written."),
        Code(code="turn/swapped", severity="error", rule=f"{_B2} 'How to play'; {_B4} 'DÉROULEMENT'",
             summary="two turn lines seem swapped: the line is not the turn of the player to "
             "move, the next line is, and the rest of the log fits the two read the other way "
             "round better than as written",
             explanation="The walk plays the next line first, then this one (with the turn "
             "numbers in order, whether the lines were swapped with their numbers or without), "
             "and goes on: the moves of the two lines are checked in the order they were "
             "played."),
        Code(code="turn/out-of-order", severity="error", rule=f"{_B2} 'How to play'; {_B4} 'DÉROULEMENT'",
             summary="a turn taken by a player whose turn it was not (play goes clockwise "
             "in seat order)",
             explanation="The audit follows the game as played: the next turn is expected "
             "from the player after the one who actually moved."),
        Code(code="turn/too-many-actions", severity="error", rule="O2; R2; R3",
             summary="more actions in a turn than the rule set allows (3, or 2 in the "
             "Ravensburger base game), or any action after a stuck player's draw"),
        Code(code="turn/no-action", severity="error", rule="O2; R2",
             summary="a turn with no action (or a pass) although the player could move"),
        Code(code="turn/action-after-pass", severity="error", rule="O2",
             summary="an action written after a pass in the same turn",
             explanation="A pass is a turn in which the player does nothing. The audit plays "
             "the actions written after it as recorded; a pass written after actions only "
             "ends the turn and is not reported."),
        Code(code="turn/stuck-no-draw", severity="error", rule="R3",
             summary="a stuck player (no card, no backward move) did not draw the 1 card the "
             "rule gives"),
        Code(code="turn/number", severity="warning", rule="docs/notation.md",
             summary="the turn number written in the log is not the turn's place in the game"),
        Code(code="game/action-after-end", severity="error", rule="C6",
             summary="an action after the game had ended (a player's last pirate had boarded)"),
        Code(code="game/unfinished", severity="info", rule="C6; O2",
             summary="the log ends before any player has brought every pirate aboard"),
        # -- moves ---------------------------------------------------------------------------
        Code(code="move/no-pirate", severity="error", rule="C1; C2",
             summary="the player has no pirate on the space the action names"),
        Code(code="move/forward-from-boat", severity="error", rule="C1",
             summary="a card played for a pirate that is already in the boat"),
        Code(code="move/forward-destination", severity="error", rule="C1",
             summary="a forward move recorded to the wrong space: it goes to the first free "
             "space ahead with the card's sign, or to the boat"),
        Code(code="move/back-impossible", severity="error", rule="C2",
             summary="a backward move with no space holding 1 or 2 pirates behind the pirate"),
        Code(code="move/back-destination", severity="error", rule="C2",
             summary="a backward move recorded to a space that is not the nearest one behind "
             "holding 1 or 2 pirates"),
        Code(code="move/back-from-boat", severity="error", rule="C3 (option boat_retreat)",
             summary="a pirate moved back out of the boat although the table's option forbids it"),
        Code(code="move/space-full", severity="error", rule="C4",
             summary="a pirate put on a passage space that already holds 3 pirates"),
        # -- cards ---------------------------------------------------------------------------
        Code(code="card/not-in-hand", severity="error", rule="C1",
             summary="a card played that the player's known hand does not hold"),
        Code(code="card/too-many", severity="error", rule="O1; R1; C5",
             summary="more cards of a sign known to be in play than the deck holds, or a card "
             "drawn that the deck can no longer hold"),
        Code(code="draw/count", severity="error", rule="C2; R3",
             summary="a wrong number of cards drawn: as many as pirates on the space reached "
             "by a backward move (1 or 2), 1 for a stuck player"),
        Code(code="draw/not-next-in-row", severity="error", rule="O4",
             summary="a Tortuga draw that is not the next card(s) of the row in arrow order"),
        Code(code="draw/not-stuck", severity="error", rule="R3; O2",
             summary="a free draw by a player who was not stuck (or in a rule set without it)"),
        # -- claims in the log ---------------------------------------------------------------
        Code(code="claim/hand", severity="error", rule="O3; R1 (hand sizes are public)",
             summary="a recorded hand (size or cards) that differs from the replay"),
        Code(code="claim/pirates", severity="error", rule="C1; C2",
             summary="recorded pirate positions that differ from the replay"),
        Code(code="result/winner", severity="error", rule="C6",
             summary="the recorded result differs from the replay's"),
        Code(code="condoned/legal", severity="warning", rule="docs/notation.md",
             summary="an action marked as condoned (`!`) that was in fact legal"),
    )
}

# Codes that can be mere consequences of an earlier error: the auditor links them to it.
CONSEQUENCES = frozenset({
    "card/not-in-hand", "card/too-many", "draw/not-next-in-row", "setup/row", "claim/hand",
    "claim/pirates", "result/winner", "move/no-pirate", "game/action-after-end",
})
# Of those, the ones that concern the whole table rather than one player.
TABLE_WIDE = frozenset({"card/too-many", "draw/not-next-in-row", "setup/row", "result/winner",
                        "game/action-after-end"})
# Findings about what the log says rather than what was played: they change nothing in the
# replay, so nothing later can follow from them.
RECORD_ONLY = frozenset({"claim/hand", "claim/pirates", "result/winner", "turn/number",
                         "game/unfinished", "condoned/legal", "turn/repeated"})


# The families of codes (the part before the ``/``): a title and what they concern.
FAMILIES: dict[str, tuple[str, str]] = {
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
