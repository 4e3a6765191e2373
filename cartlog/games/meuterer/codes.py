"""Meuterer finding codes: each with its severity, a one-line summary and the rule it enforces.

Codes are stable: tools may match on them. None of them is spelled like a code of another game,
so that a code names one rule of one game. Rule references cite rulebook 001 by its section
headings and the rulings of ``RULINGS.md`` by ID.
"""

from __future__ import annotations

from cartlog.core.findings import Code

_B = "rulebook 001"
_SETUP = f"{_B} 'Mise en place d'une partie'"
_P1 = f"{_B} 'Phase 1 : choix de la carte capitaine'"
_P2 = f"{_B} 'Phase 2 : vente des marchandises'"
_P3 = f"{_B} 'Phase 3 : Révélation des cartes action'"
_P4 = f"{_B} 'Phase 4 : Mutinerie'"
_P5 = f"{_B} 'Phase 5 : Attribution des points de victoire'"
_P8 = f"{_B} 'Phase 8 : Pioche de cartes marchandises'"
_END = f"{_B} 'Fin du jeu'"
_PIRATE = f"{_B} 'Variante : Le pirate'"

CODES: dict[str, Code] = {
    c.code: c
    for c in (
        # -- setup ---------------------------------------------------------------------------
        Code(code="setup/variant", severity="error", rule=f"{_B}; U8",
             summary="the Variant header names neither the base game nor the pirate variant",
             explanation="The audit goes on with the base game so that the rest of the log is "
             "still read."),
        Code(code="setup/seats", severity="error", rule=f"{_B} (3 or 4 players); U1",
             summary="not 3 or 4 players, or a colour used by two players"),
        Code(code="setup/islands", severity="error", rule=f"{_SETUP}; docs/rules.md 'Components'",
             summary="the circle of islands is not the 12 island cards, each once",
             explanation="The Islands header lists the circle clockwise from Hochland, the "
             "start. An island missing or given twice changes every destination after it; the "
             "audit goes on with the circle as written."),
        Code(code="setup/deal-count", severity="error", rule=f"{_SETUP}; {_P8}",
             summary="a player was dealt other than 5 cards, or holds other than 5 at the "
             "start of the round a log's position stands at",
             explanation="Every hand holds 5 cards when a round starts: the deal gives 5 and "
             "the refill of phase 8 brings each hand back to 5. A position the log starts "
             "from is checked for it at its tag; the audit goes on with the hands as written."),
        Code(code="goods/too-many", severity="error", rule=f"{_B} 'Matériel'; docs/rules.md 'Components'",
             summary="more cards of a kind named than the game has (4 ruby, 5 salt, 6 wine, "
             "7 cloth, 8 grain, 6 conflict; 1 pirate, in the pirate variant only), or a card "
             "drawn that the deck can no longer hold",
             explanation="Cards are counted where the log names them: dealt, drawn, played, "
             "added to a mutiny. A card nobody named is never counted against a kind."),
        # -- the round -----------------------------------------------------------------------
        Code(code="round/number", severity="warning", rule="docs/notation.md",
             summary="the round number written in the log is not the round's place in the game"),
        Code(code="round/wage", severity="error", rule=_P1,
             summary="a wage other than 0, 1, 2 or 3"),
        Code(code="round/no-wage", severity="warning", rule=f"{_P1}; U5",
             summary="a round with a mate records no wage: 0 is assumed"),
        Code(code="round/wage-sheet", severity="error", rule=f"{_P1}; {_P5}; U5",
             summary="the score line gives the captain and the mate the points of another "
             "wage than the one written",
             explanation="Read as a slip in the wage line: the round is scored with the wage "
             "the sheet gives, so its score and total lines raise nothing more."),
        Code(code="end/after-last-round", severity="error", rule=f"{_END}; U1",
             summary="play recorded after the game ended: a round beyond the 8th (4 players) "
             "or the 9th (3 players), or a draw after the last round's scoring"),
        Code(code="end/unfinished", severity="info", rule=f"{_END}; U1",
             summary="the log ends before the last round has been scored"),
        # -- selling -------------------------------------------------------------------------
        Code(code="sell/missing", severity="warning", rule=_P2,
             summary="a round records no selling: its plays, roles and sales cannot be "
             "checked, and its points are taken from the score sheet",
             explanation="What was played is not known, so every hand is read as unseen cards "
             "from that round on, each keeping the cards its draw line entry shows it did not "
             "lack; the draw line's first player is the next captain when the log does not "
             "say the captain held. A sell line left out by a slip of the pen is so one "
             "finding: the later plays and draws, which fit hands nobody saw, raise nothing."),
        Code(code="sell/out-of-order", severity="error", rule=_P2,
             summary="a play or pass by a player whose turn it was not (from the captain "
             "clockwise, passed players skipped)",
             explanation="The audit follows the game as played: the next turn is expected "
             "from the player after the one who actually acted."),
        Code(code="sell/after-pass", severity="error", rule=_P2,
             summary="a card played, or a second pass, by a player who had already passed"),
        Code(code="sell/no-card", severity="error", rule=_P2,
             summary="a card played by a player with no card left in hand (who must pass)"),
        Code(code="sell/not-in-hand", severity="error", rule=_P2,
             summary="a card played that the player's known hand does not hold"),
        Code(code="sell/kept-count", severity="error", rule=f"{_P2}; U7",
             summary="a pass that keeps a number of cards other than the cards left in hand",
             explanation="The cards kept face down are all the cards left in the hand, and "
             "their number is public: it fixes the captain's and the mutineer's "
             "destinations."),
        Code(code="sell/no-pass", severity="error", rule=_P2,
             summary="the round went on although a player had not passed",
             explanation="The selling phase ends only when every player has passed. The "
             "audit treats the player as passing with the cards left in hand."),
        Code(code="action/taken-twice", severity="error", rule=_P2,
             summary="an action card taken that another player already holds"),
        Code(code="action/captain", severity="error", rule=f"{_SETUP}; {_P2}",
             summary="the captain took an action card (the captain takes none)"),
        Code(code="action/missing", severity="warning", rule=_P2,
             summary="a non-captain passed without the log naming the action card taken"),
        Code(code="action/unknown", severity="error", rule=f"{_SETUP} (cartes action)",
             summary="a pass names no action card: mutineer, cabin boy, mate, merchant or "
             "stevedore"),
        # -- the log's lines -------------------------------------------------------------------
        Code(code="line/repeated", severity="warning", rule="docs/notation.md",
             summary="a body line written twice in a row: it is read once",
             explanation="A copy of the line before changes nothing in the game when the lines "
             "after it fit the line read once better than read twice."),
        Code(code="line/swapped", severity="error", rule="docs/notation.md",
             summary="two neighbouring lines that seem swapped: the lines after them follow "
             "the other order",
             explanation="Read as a slip of the pen: the audit follows the two lines in the "
             "other order, and the finding names the line meant first."),
        Code(code="line/missing", severity="error", rule=f"{_P4}; U6; docs/notation.md",
             summary="a mutiny line seems to be left out: the score line and the lines after "
             "it fit the mutiny it names better than none",
             explanation="Without a mutiny line nobody is taken to add conflict cards, and the "
             "mutineers win the tie. When the score line, the refill and the next round fit a "
             "mutiny (its counts read from the draw line) better, the audit follows it and "
             "the finding names the line meant."),
        # -- destinations and the mutiny -----------------------------------------------------
        Code(code="dest/wrong-island", severity="error", rule=f"{_P2}; {_P3}; U7",
             summary="a destination that is not as many islands clockwise from the port as "
             "the cards the player kept",
             explanation="The audit follows the destination as recorded: the ship sails there "
             "if that side wins."),
        Code(code="sell/wrong-colour", severity="error", rule=f"{_P2}; docs/notation.md",
             summary="a card played under another player's colour: the card fits the turn and "
             "the hand of the player meant, and the lines after it follow that player",
             explanation="Read as a slip of the pen: the audit follows the play as the named "
             "player's, and the finding names the play meant."),
        Code(code="mutiny/no-mutineer", severity="error", rule=f"{_P4}; U6",
             summary="a mutiny (or a mutineer's destination) although nobody took the mutineer "
             "card"),
        Code(code="mutiny/not-recorded", severity="warning", rule=f"{_P4}; U6",
             summary="a player took the mutineer card but the log has no mutiny line: nobody "
             "is assumed to have added conflict cards"),
        Code(code="mutiny/neutral", severity="error", rule=f"{_P4}; U6",
             summary="conflict cards added by the merchant, the stevedore or a player with no "
             "action card"),
        Code(code="mutiny/wrong-side", severity="error", rule=f"{_P4}; U6",
             summary="conflict cards counted for the side the player does not belong to "
             "(captain and mate: captain; mutineer and cabin boy: mutineer)"),
        Code(code="mutiny/too-many", severity="error", rule=f"{_P4}; U6",
             summary="more conflict cards added than the player kept back (cards played "
             "during the selling do not count)"),
        Code(code="mutiny/out-of-order", severity="warning", rule=f"{_P4}; U6",
             summary="the mutiny entries are not in order from the captain clockwise"),
        Code(code="mutiny/count", severity="error", rule=f"{_P4}; {_P8}; U6",
             summary="a count of conflict cards added that the recorded outcome and the lines "
             "after it (the refill, the next round) do not fit",
             explanation="Read as a slip in the mutiny line: the count the rest of the log "
             "fits is followed, and the finding names it."),
        Code(code="mutiny/outcome", severity="error", rule=f"{_P4}; U6",
             summary="the recorded outcome of the mutiny does not follow from the conflict "
             "cards (the mate adds 1; ties go to the mutineers)",
             explanation="The audit follows the outcome as recorded, as the table did."),
        # -- selling on the islands ----------------------------------------------------------
        Code(code="sale/wrong-island", severity="error", rule=f"{_P2}; {_P5}; U2; U3",
             summary="goods declared as sold on an island that is not active this round, or "
             "that does not buy that good"),
        Code(code="sale/one-type", severity="error", rule=f"{_P2}; U2",
             summary="a player sells two goods types, or one type twice, on one island"),
        Code(code="sale/too-many", severity="error", rule=f"{_P5}; U2",
             summary="a split of goods between the islands uses more cards than the player "
             "played (and still has on the table)"),
        Code(code="sale/too-few", severity="error", rule=f"{_P5}; U2",
             summary="a sale declares fewer cards of a good than the player played: the goods "
             "played are all sold, the declaration only says which island takes them",
             explanation="When no other active island can take the rest, they are counted on "
             "the island declared; otherwise the sale stands as declared."),
        Code(code="sale/assumed", severity="info", rule=f"{_P5}; U2",
             summary="a player could split goods between the two active islands but the log "
             "declares no sale: the default sale was assumed",
             explanation="Default: whole goods types only, the pair of types (one per island) "
             "that sells the most cards; on a tie, more cards on the round's port, then the "
             "earlier good in the order ruby, salt, wine, cloth, grain."),
        # -- the pirate variant --------------------------------------------------------------
        Code(code="pirate/not-robbed", severity="error", rule=f"{_PIRATE}; U8",
             summary="the pirate ship reached or passed the merchant ship but the goods played "
             "were not discarded"),
        Code(code="pirate/robbed", severity="error", rule=f"{_PIRATE}; U8",
             summary="the goods played were discarded although the pirate ship neither "
             "reached nor passed the merchant ship"),
        # -- the refill ----------------------------------------------------------------------
        Code(code="refill/count", severity="error", rule=_P8,
             summary="a player drew other than the cards needed to hold 5 again (the "
             "stevedore: 3 more)"),
        Code(code="refill/stevedore", severity="error", rule=_P8,
             summary="the stevedore kept other than the cards needed to hold 5, kept a card "
             "not drawn, or a player who is not the stevedore kept or returned cards"),
        Code(code="refill/out-of-order", severity="error", rule=_P8,
             summary="the draws are not in order from the captain clockwise",
             explanation="The order decides which cards each player gets from the top of the "
             "deck, so a refill made in another order breaks phase 8, as a play out of turn "
             "breaks phase 2 (`sell/out-of-order`)."),
        # -- the score sheet -----------------------------------------------------------------
        Code(code="score/round", severity="error", rule=f"{_P5}; U2-U5",
             summary="a round's points on the score sheet differ from the replay's "
             "(the message shows the computation)"),
        Code(code="score/total", severity="error", rule=f"{_P5}; U1",
             summary="a running total on the score sheet that is not the previous total plus "
             "the round's points"),
        Code(code="score/missing", severity="warning", rule=f"{_P5}; U1",
             summary="a score or total line of the sheet with no entry for a player: that "
             "cell was not compared",
             explanation="A blank cell is no error in itself, but it cannot be checked; the "
             "running total of a player with no total entry is carried on from the replay."),
        Code(code="score/carried", severity="info", rule=f"{_P5}; U1",
             summary="a running total that is wrong only because an earlier error on the "
             "sheet was carried into it",
             explanation="The finding follows the one at the error's source."),
        Code(code="result/differs", severity="error", rule=f"{_END}; U1",
             summary="the recorded result (winner, or winners sharing a tie) differs from the "
             "replay's"),
        Code(code="condoned/lawful", severity="warning", rule="docs/notation.md",
             summary="a play or pass, or a `wage`, `dest`, `mutiny`, `sale` or `draw` line, "
             "marked as condoned (`!`) that breaks no rule",
             explanation="The `!` says the table let an illegal action stand; on a lawful one "
             "it is needless (Cartagena's `condoned/legal`)."),
    )
}

# Codes that can be mere consequences of an earlier error: the auditor links them to it.
CONSEQUENCES = frozenset({
    "goods/too-many", "sell/no-card", "sell/not-in-hand", "sell/kept-count", "mutiny/too-many",
    "refill/count", "score/round", "score/total", "result/differs", "end/after-last-round",
})
# Of those, the ones that concern the whole table rather than one player.
TABLE_WIDE = frozenset({"goods/too-many", "result/differs", "end/after-last-round"})
# Findings about what the log says rather than what was played: they change nothing in the
# replay, so nothing later can follow from them.
RECORD_ONLY = frozenset({"score/missing",
    "round/number", "sell/kept-count", "action/missing", "sale/assumed", "score/round",
    "score/total", "score/carried", "result/differs", "end/unfinished", "condoned/lawful",
})


# The families of codes (the part before the ``/``): a title and what they concern.
FAMILIES: dict[str, tuple[str, str]] = {
    "setup": ("Setup", "The header: variant, players, the circle of islands and the deal."),
    "line": ("Lines", "The log's lines themselves: a line written twice, two lines swapped, a "
             "line left out (slips of the pen, docs/rules.md)."),
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
    "condoned": ("Condoned plays and lines", "The `!` mark that says an illegal play, pass or "
                 "line stood at the table."),
}
