"""Cartagena: The Mutiny finding codes: severity, a one-line summary and the rule enforced.

Codes are stable: tools may match on them. They are grouped by the part of the game they
concern (``crew``, ``row``, ``action``, ``supply``, ``ship``, ``storm``, ``voyage``, ``duel``,
``winner``), and none is spelled like a code of another game. Rule references cite rulebook 003
(English) and 000 (French) by section heading and the rulings of ``RULINGS.md`` by ID.
"""

from __future__ import annotations

from cartlog.core.findings import Code

_EN = "rulebook 003"
_FR = "rulebook 000"
_PREP = f"{_EN} 'Preparation'; {_FR} 'Préparation'"
_VOYAGE = f"{_EN} 'A: The voyage'; {_FR} 'A: Le voyage'"
_STORM = f"{_EN} 'Storm'; {_FR} 'Tempête'"
_MUTINY = f"{_EN} 'Mutiny', 'Shortages'; {_FR} 'Mutinerie', 'Rappels'"
_ACTIONS = f"{_EN} 'Actions of the pirate cards'; {_FR} 'Actions des cartes pirate'"
_DUELS = f"{_EN} 'The sailor duels'; {_FR} 'Les duels de marins'"
_END = f"{_EN} 'Ending the game and determining the winner'; {_FR} 'Fin du jeu'"

CODES: dict[str, Code] = {
    c.code: c
    for c in (
        # -- setup -------------------------------------------------------------------------------
        Code(code="crew/seats", severity="error", rule=f"{_EN} (2-4 pirates)",
             summary="not 2 to 4 players, or a colour used twice"),
        Code(code="crew/declared", severity="error", rule=f"{_PREP}; M7",
             summary="a declared component fact that cannot be: a combat split not adding to "
             "40, a gold split not adding to 18, a track space outside the track"),
        Code(code="crew/not-checked", severity="info", rule="M7; docs/rules.md 'Components, and what a log must declare'",
             summary="a check skipped because the log does not declare the fact it needs "
             "(track length, storm spaces, start spaces, mutiny space, card splits)",
             explanation="cartlog never invents the printed board; the message names each "
             "check left out."),
        # -- the row (M2) --------------------------------------------------------------------------
        Code(code="row/giver", severity="error", rule=f"{_VOYAGE}",
             summary="the round's giver is not the left neighbour of the last round's giver"),
        Code(code="row/number", severity="warning", rule="docs/notation.md (part 3)",
             summary="the round number written is not the round's place in the voyage"),
        Code(code="row/out-of-turn", severity="error", rule=f"{_VOYAGE}; M2",
             summary="a turn by a player other than the one to play (giver first, then "
             "clockwise), or a second turn in one round"),
        Code(code="row/not-open", severity="error", rule=f"{_VOYAGE}; M2",
             summary="the card used was not open to the player: face down, already used, or "
             "turned before the player's latest card; or no card used at all (a turn must "
             "use one, the Ghost included)"),
        Code(code="row/last-card", severity="error", rule=f"{_VOYAGE} item 2; M2",
             summary="the last card of the row was turned and not used"),
        Code(code="row/ghost", severity="error", rule=f"{_VOYAGE} item 3; M2",
             summary="the player went on after turning the Ghost, or used another card"),
        Code(code="row/overrun", severity="error", rule=f"{_VOYAGE}; M2",
             summary="more cards turned than the row holds face down"),
        Code(code="row/duplicate", severity="error", rule=f"{_VOYAGE}; {_STORM}",
             summary="a pirate card turned that is already in the row or in the lifeboat"),
        Code(code="row/unfinished", severity="warning", rule=f"{_VOYAGE}; M2",
             summary="the round was closed before every player had used a card"),
        Code(code="row/turn-missing", severity="error", rule=f"{_VOYAGE}; M2",
             summary="a turn line seems to be missing: the line is another player's than the "
             "one to play (or the ship line closes a round that player has not played), and "
             "the rest of the log fits a turn of theirs left out better than the line as "
             "written (Cartagena's `turn/missing`)",
             explanation="The walk goes on as if the missing turn had been played, with the "
             "row's cards as the lines after it fit best (a card open in the row, or one or "
             "more cards turned), none of them named: what the card gave (combat or gold "
             "cards, coins) is unknown, so findings about its player's later lines follow "
             "from it."),
        Code(code="row/turn-repeated", severity="warning", rule="docs/notation.md (part 3)",
             summary="a turn line written twice in a row: the same player, the same cards and "
             "effects; it is read once (Cartagena's `turn/repeated`)",
             explanation="A line copied twice changes nothing in the game: the second is "
             "not played."),
        Code(code="row/turns-swapped", severity="error", rule=f"{_VOYAGE}; M2",
             summary="two turn lines written in the wrong order: the line is not the turn of "
             "the player to play, the next line is, and the rest of the log fits the two "
             "played the other way round better than as written",
             explanation="The walk plays the next line first, then this one, each with its "
             "own findings, and goes on from there."),
        Code(code="row/round-missing", severity="error", rule=f"{_VOYAGE}; M4",
             summary="a round line seems to be missing: a turn line after every player used a "
             "card in the round (with or without the ship line, which a log may leave out), "
             "and the rest of the log fits the next round opened there better than the line "
             "as written",
             explanation="The walk opens the next round there, its giver the left neighbour "
             "of the last one, and after a storm its lifeboat card not named (`lifeboat ?`), "
             "then plays the line."),
        # -- actions -----------------------------------------------------------------------------
        Code(code="action/effect", severity="error", rule=_ACTIONS,
             summary="an effect the card used does not give (or not in that amount)"),
        Code(code="action/unrecorded", severity="warning", rule=_ACTIONS,
             summary="the card leaves a choice and the log does not say what was taken: "
             "nothing is assumed"),
        Code(code="action/half-written", severity="error", rule=_ACTIONS,
             summary="part of a card's effect written, a part the rules fix left out: the "
             "line does not say what the card did; the game goes on with that part as the "
             "rules give it (unseen cards, the coins due)",
             explanation="An effect is written whole (`Crackpott +P2 +G1`, `Nero +P1 -1`; an "
             "unseen card is `+C?`) or left out whole (`Crackpott`: two unseen combat cards). "
             "Written in part it is an error, once: the replay goes on as if the rest were "
             "written as the rules fix it, `Crackpott +P2` as `Crackpott +P2 +C?`, `Nero +P1` "
             "as `Nero +P1 -1`."),
        Code(code="action/limit", severity="error", rule=f"{_ACTIONS} (Wessel-Jan, Dean Nero)",
             summary="more than 3 cards or coins exchanged, or unequal sides of an exchange"),
        Code(code="action/not-held", severity="error", rule=_ACTIONS,
             summary="cards or coins given up that the player does not hold"),
        Code(code="action/no-coin", severity="error", rule=f"{_ACTIONS} (Chang Ye)",
             summary="Chang Ye's victim has no coin, or is the player"),
        Code(code="action/sate", severity="error", rule=f"{_ACTIONS} (Satè); M3",
             summary="Satè paid other than 1 coin plus 1 per player who passed it this round"),
        Code(code="action/conviction", severity="error", rule=f"{_ACTIONS} (Bijoux, Ojo)",
             summary="a conviction set, changed or looked at against the card's two cases"),
        Code(code="action/pair", severity="error", rule=f"{_ACTIONS} (Cambivalute)",
             summary="sailors placed out of the order A-E, after all five pairs, or a look "
             "before all five are placed; or values that cannot be"),
        Code(code="supply/empty", severity="error", rule=f"{_MUTINY}; M6",
             summary="a card or coin gained from a supply that was used up: it gives nothing"),
        Code(code="supply/impossible", severity="error", rule=f"{_PREP}; M7",
             summary="a card named that the declared split cannot still hold in the pile"),
        # -- the ship ------------------------------------------------------------------------------
        Code(code="ship/move", severity="error", rule=f"{_VOYAGE}; M4",
             summary="the ship's move as written is not the number of cards left face down"),
        Code(code="ship/at", severity="error", rule=f"{_VOYAGE}; M4, M7",
             summary="the space written for the ship is not where the declared track puts it"),
        Code(code="storm/missing", severity="warning", rule=f"{_STORM}; M5",
             summary="the ship moved onto or past a storm space and the next round names no "
             "card moved to the lifeboat (one is assumed, not known)"),
        Code(code="storm/no-card", severity="error", rule=f"{_STORM}; M5",
             summary="the ship moved onto or past a storm space and the next round says no "
             "card went to the lifeboat (`lifeboat -`)"),
        Code(code="storm/calm", severity="error", rule=f"{_STORM}; M5, M7",
             summary="the ship line says `calm` where the declared track puts a storm space "
             "on or before the ship's new space",
             explanation="A ship line that leaves the word out is no claim: the storm is "
             "then `storm/missing` at the next round if it names no lifeboat card."),
        Code(code="storm/unexpected", severity="error", rule=f"{_STORM}; M5",
             summary="a card moved to the lifeboat, or a storm written, with no storm space "
             "reached"),
        Code(code="storm/lifeboat-card", severity="error", rule=f"{_STORM}; M5",
             summary="the card moved to the lifeboat is not in the pile of used cards: it "
             "lay face up in the row, unused, or was not used in the round just played"),
        # -- mutiny ---------------------------------------------------------------------------------
        Code(code="voyage/early", severity="error", rule=f"{_MUTINY}; M6",
             summary="the mutiny starts with neither trigger met"),
        Code(code="voyage/over", severity="error", rule=f"{_MUTINY}; M6",
             summary="a round played after a mutiny trigger was met"),
        Code(code="duel/order", severity="error", rule=f"{_DUELS} (A-E in order)",
             summary="a duel out of alphabetical order, or after one side won three"),
        Code(code="duel/line-missing", severity="error", rule=f"{_DUELS}; M8, M9, M10",
             summary="a line of the mutiny seems to be missing: a `duel` line (a combat round "
             "with no duel open), a `steal` line (a second-round monkey's coin not written), "
             "a `won` line (the next duel or the reveal with every player of the duel "
             "withdrawn), a `fight` line (a combat round of the duel going on) or the `reveal` "
             "line (the gold counted after the duels are decided, with no reveal), and the "
             "rest of the log fits that line written there better than the line as written",
             explanation="The walk plays the line the game allows there that the lines "
             "after it fit best (the duel with its sailors as known, the monkey's coin from "
             "the victim or the supply, the winner by the totals or, when the cards are not "
             "known, the side the later duels and the reveal fit, a combat round's cards not "
             "named, with the monkeys the later rounds show, the convictions the log knows "
             "and the Result tag fits, saying whose side it cannot tell), then the line "
             "written."),
        Code(code="duel/sailors", severity="error", rule=f"{_DUELS}; {_ACTIONS} (Cambivalute)",
             summary="sailors' values that differ from those declared or seen before for the "
             "pair (Sailors header, Cambivalute), or a value used twice"),
        Code(code="duel/winner", severity="error", rule=f"{_DUELS}; M8",
             summary="the duel's winner as written is not the side with the higher total "
             "(equal totals: the higher sum of combat cards)"),
        Code(code="duel/monkey", severity="error", rule=f"{_DUELS}; M9",
             summary="a monkey's coin taken that the duel's round does not give, taken from "
             "the wrong place, or withheld (a second-round monkey's coin not written); or a "
             "card shown by a player whose monkey is already down"),
        Code(code="duel/cards", severity="error", rule=f"{_DUELS}; {_MUTINY}; M8",
             summary="a combat round that does not show one card from each player still in "
             "the duel: a card from a player with no conviction (003 'Exclusion'), two from "
             "one player, a combat card not held (or none left: the monkey is due), or a "
             "monkey in the first round from a player holding combat cards"),
        Code(code="winner/gold", severity="error", rule=f"{_END}; M10",
             summary="a gold count written that is not the player's coins plus gold cards "
             "(exactly when every gold card of that player is known; otherwise outside what "
             "the unseen ones may be worth)"),
        Code(code="winner/conviction", severity="error", rule=f"{_END}; {_ACTIONS} (Bijoux)",
             summary="a conviction revealed that was never set, or a side other than the one "
             "the log knew"),
        Code(code="winner/unfinished", severity="info", rule=f"{_END}; M10",
             summary="the log ends before the game does (the voyage, the mutiny's third "
             "duel won, or the reveal): no winner is computed"),
        Code(code="winner/differs", severity="error", rule=f"{_END}; M10",
             summary="the recorded winners differ from the replay's"),
        Code(code="condoned/lawful-turn", severity="warning", rule="docs/notation.md",
             summary="a turn marked as condoned (`!`) that breaks no rule",
             explanation="The `!` says the table let an illegal turn stand; on a lawful one "
             "it is needless (Cartagena's `condoned/legal`)."),
    )
}

CONSEQUENCES = frozenset({"supply/impossible", "ship/at", "winner/differs", "voyage/over"})
TABLE_WIDE = frozenset({"supply/impossible", "ship/at", "winner/differs", "voyage/over",
                        "crew/not-checked"})
RECORD_ONLY = frozenset({"winner/unfinished", "row/number", "ship/move", "ship/at", "winner/differs", "crew/not-checked",
                         "action/unrecorded", "action/half-written",
                         "condoned/lawful-turn", "row/turn-repeated"})


# The families of codes (the part before the ``/``): a title and what they concern.
FAMILIES: dict[str, tuple[str, str]] = {
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
    "condoned": ("Condoned turns", "The `!` mark that says an illegal turn stood at the "
                 "table."),
}
