"""Cartagena: The Mutiny / Die Meuterei / La mutinerie (Michael Rieneck), 2 to 4 players.

Rulebooks: 003 (English, ``rulebooks/003_a9ce59f924375f47.txt``) and 000 (French,
``rulebooks/000_4b771e9fe92ba09b.txt``); where one is vague the other is read with it.

Rulings followed (``RULINGS.md``, "Cartagena: The Mutiny"): M1 sides (pink for Captain
Valverde, grey for Ramon Diaz), M2 the row (what is open to the player, the last card must be
taken, the Ghost ends the turn and counts as the card used), M3 Satè's growing bounty, M4 the
ship moves one space per card still face down, M5 storms and the lifeboat, M6 the two mutiny
triggers and "an empty supply gives nothing", M7 track data only from the log, M8 duels and
their ties, M9 monkey coins, M10 the winner.

Components (docs/rules.md, components): 13 pirate cards, 10 sailors valued 1-10, 8 conviction cards,
4 monkeys, 40 combat cards (values 1-3, pink and grey), 18 gold cards (values 1-3), 30 coins,
5 duel pairs A-E. Not known and never invented (M7): the voyage track (length, storm spaces,
the island start spaces for 2/3/4 players, the mutiny space), the split of combat cards by
colour and value and of gold cards by value. A log declares them in its header (``Track``,
``Combat``, ``Gold``); a check that needs an undeclared fact is skipped and listed as not
checked (:meth:`engine.Engine.not_checked`).

A log may also declare the sailors' values of the duel pairs it knows (``Sailors``); they are
checked against Cambivalute's looks and the duels. :mod:`simulate` plays random legal games on
:data:`model.EXAMPLE_TRACK` and example card splits, which its logs label as examples.

Readings of our own, where the rulebooks and the rulings are silent:

- Seats: the Players header lists the players clockwise; the first giver is the Giver header's
  player, else the giver written on the first round line, else the first listed. The giver of
  each later round is the left neighbour (the next seat) of the one before. A round line
  naming another giver is reported (``row/giver``) and read as a slip of the pen: the round
  goes on from the rules' giver, and the turns follow the players who played.
- Setup: the combat deck holds the 40 cards less the two dealt to each player in play (with 2
  or 3 players the unused starting cards are shuffled in, as 003 'Preparation' says "the
  remaining combat cards"); the coin supply holds 30 less one per player.
- A turn is one record: the cards the player had turned and the card used. A player who takes
  a card already face up turns none. When the log names no card used, it is the last card the
  player turned (M2 leaves no other open; the Ghost included). Turning the last card of the row
  and using an earlier one is reported as ``row/last-card``.
- Effects not written in the log are assumed as the rules give them with unseen cards
  (Valverde: a gold card and a coin, the gold card even when only the coin is written; Crackpott: two combat cards; Tembo: one; Satè: its bounty;
  Bijoux/Ojo: the conviction set when the player had none). For a choice the log does not say
  (Ramon Diaz, Pang) nothing is assumed and a warning says so. Wessel-Jan, Dean Nero and Chang
  Ye with nothing written exchange or steal nothing (0 is allowed by 003 'Actions').
- Ramon Diaz and Tembo: the card not kept goes from the top to the bottom of its pile; the
  pile's size is unchanged and its contents are no better known.
- Wessel-Jan: the cards go under the pile first, then as many are drawn from the top (003);
  Dean Nero: coins paid go to the supply, coins gained come from it; a side of the trade the
  supply cannot meet is cut to what it holds (M6).
- Satè (M3): the bounty counts, for each turn of the round, a player at whose turn's end Satè
  lay face up and untaken; a player who turned it counts even if a later card was used.
  The bounty is paid from the supply; a short supply pays what it holds (M6).
- Chang Ye: the steal is optional ("can"); naming a victim without a coin is an error and
  moves nothing.
- Bijoux on a set conviction: the table cannot tell a change from a bluff; the log may say
  ``change`` or ``bluff`` (a player's own log), else the side stays unknown to the engine.
- Cambivalute before all pairs are placed must place the next pair in the order A-E; after
  that the look (and optional swap) may concern any pair.
- The ship (M4) moves after the last player's card is used; the round is closed by the ``ship``
  line or, when the log has none, by the next ``round`` or ``mutiny`` line.
- Storm (M5): with the track declared, a move onto or past a storm space puts one card from
  the pile in the lifeboat before the next row; the card that was there returns to the pile.
  With several storm spaces in one move, one storm only (the rulebooks speak of "a" card).
- Mutiny trigger (M6): a supply "ran out" in a round when it held nothing at any moment of
  the round (after a turn), even if Wessel-Jan or Dean Nero put cards or coins back later in
  the same round. The ship on or beyond the declared mutiny space ends the voyage at the end
  of that round. With the track undeclared, a mutiny with no supply used up cannot be shown
  early and is not reported.
- Ojo looking at a player who has no conviction card under the board is reported (there is
  nothing to look at); a conviction revealed at the end must have been set during the voyage,
  and must be the side the log knew when it knew one (``winner/conviction``).
- Combat cards revealed in a duel round are shuffled first (003 'The sailor duels'), so the log
  names the cards and, only when the table knows it, who played each; a card with a known
  owner leaves that player's hand. Monkeys are shown with their colour. A player whose monkey
  is down plays no further card in that duel (M8); a steal is checked against the monkeys of
  the last combat round (M9). A duel's winner as written is checked only when both sailors
  and every card of the duel are known.
- The winner (M10) is computed once the convictions are revealed and a side has three duels;
  a player's gold is the count the log writes, else coins plus gold-card values when every
  gold card of that player is known.
- The one-line position keeps the voyage (row, hands, supplies, ship, lifeboat, convictions,
  pairs placed) but not the sailors' values seen by Cambivalute nor a duel in progress.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cartlog.core.spec import GameSpec

SPEC = GameSpec(
    name="mutiny", title="Cartagena: The Mutiny",
    aliases=("mutiny", "the mutiny", "cartagena: the mutiny", "cartagena the mutiny",
             "die meuterei", "cartagena: die meuterei", "la mutinerie",
             "cartagena : la mutinerie", "cartagena: la mutinerie"),
    package=__name__,
    rulesets=("base",),
    default_rules="base", players=(2, 4), turn_word="round", turns_word="rounds",
    renderer="cartlog.games.mutiny.render",
    summary="the duels, the winning side, each player's conviction and gold, and the winners "
    "with the reason",
)
NAME, TITLE, ALIASES = SPEC.name, SPEC.title, SPEC.aliases

# The modules of this package that the install compiles with mypyc, into one shared library
# (setup.py reads this literal without importing cartlog; docs/performance.md, "Compiled
# rule modules"). Each must follow "Writing for the compiler" there.
COMPILED: tuple[str, ...] = ("model", "rules", "replay", "notation")

if TYPE_CHECKING:  # the parts the rest of cartlog uses follow the game contract (mypy checks)
    from cartlog.core.spec import CodeBook, Notation, PositionReader
    from cartlog.games.mutiny import codes, notation, position

    _CONTRACT: tuple[Notation, CodeBook, PositionReader] = (notation, codes, position)
