"""Meuterer / Le Mutin (Marcel-André Casasola-Merkle), rulebook 001: the base game and the
pirate variant ("Variante : Le pirate"), 3 or 4 players.

Rulings followed (``RULINGS.md``): U1 rounds and end (8 rounds with 4 players, 9 with 3; the
game ends after the last round's scoring; ties share the win), U2 selling (one goods type per
player and island; splits declared, captain first), U3 active islands (the round's port and
the port before), U4 majorities (table values by the number tied; the merchant's first value),
U5 captain and mate (wage), U6 mutiny (sides, the mate's 1, ties to the mutineers), U7
destinations (cards kept = islands clockwise), U8 pirate variant.

Components: the goods cards of rulebook 001 'Matériel' (4 ruby, 5 salt, 6 wine, 7 cloth,
8 grain, 6 conflict, and the pirate card in the variant). The island table (good, majority
values, ship points) is :data:`model.DEFAULT_ISLANDS`, from docs/rules.md, components: names and the
published order from two sources, the numbers from one source not checked against the cards;
a log overrides any island in its ``IslandTable`` header, and always gives its own circle.

Readings of our own, where rulebook 001 and the rulings are silent:

- Seats: the order of the Players header is clockwise. The first captain is the Captain
  header's player, else the first player listed. The circle is read clockwise and turned so
  that Hochland, the start port, comes first.
- A round's lines may stand in any order: plays and passes are checked as they come, and the
  rest is settled when the round closes (next ``round`` line or end of log), in the order of
  the rulebook's phases.
- As played: a recorded destination, a recorded mutiny outcome and a recorded robbery (``P
  robbed``) are what the table did, so the replay follows them (and reports them when they are
  wrong). A card played after passing still goes on the table; an action card taken twice stays
  with its first holder; the captain's action card is ignored. A pass that keeps a number of
  cards other than the hand holds is reported; the hand, not the number, fixes the destination.
  A play from an empty hand is taken to have come from the deck, so that no card is lost.
- Selling ends only when everyone has passed; a player who never passed is taken to pass with
  the cards left and no action card.
- Destinations (U7) count the cards held when the destinations are revealed, which are the
  cards kept when passing. The captain's and the mutineer's may be the same island.
- The mate's 1 counts whenever a player took the mate card, whether or not the mate adds
  conflict cards. Conflict cards laid down by the merchant, the stevedore or a player without an
  action card count for no side unless the log names one, and are discarded all the same.
- A round with a mate and no recorded wage pays 0 (with a warning).
- Majorities (U4) are among the players who sell at least one card on the island. The merchant
  tied for most scores the first value in any tie, a four-way tie included.
- Sales (U2): a declaration without a count sells every card of that good not declared
  elsewhere; a player's first declaration for an island stands (a second is reported); a count
  beyond the cards is cut to the cards. Where a player who could split goods declares nothing
  for an island, the default sale is assumed (and reported as info): whole goods types only,
  the pair of types (one per island) selling the most cards, on a tie more cards on the round's
  port, then the earlier good in the order ruby, salt, wine, cloth, grain. A player with no
  choice sells on each island the good with the most cards that fits it.
- Pirate variant (U8): the pirate ship moves by the cards left in the hand after the pirate card
  is played; a move of 0 islands reaches nothing, even when the pirate ship lies at the port;
  the goods discarded include the pirate card itself and any conflict card played face up; the
  pirate ship stays where it stopped, round after round.
- Refill (phase 8): after a successful mutiny the new captain (the former mutineer) draws
  first. The stevedore chooses among the cards drawn (the cards kept back stay in hand) and puts
  the others under the deck; with a full hand he draws 3 and puts all 3 back. A round without
  a draw line is taken to refill as the rules say, with unseen cards; a draw line that leaves a
  player out is reported, and that player's refill is assumed.
- The last round ends with its scoring: no ship move, no draw, the cards played stay on the
  table.
- The score sheet: every round's points and running totals are compared with the replay; a
  total that is wrong only because the sheet added its own earlier error (a wrong score entry
  or total) is reported as carried, following the finding at the error's source. A round with
  no selling recorded takes its points from the sheet as written.
- Hidden information: cards are counted where the log names them (dealt, drawn, played,
  added to a mutiny, kept by the stevedore); an unseen card is never counted against a kind,
  and the deck is known by its size and an upper bound per kind.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cartlog.core.spec import GameSpec

SPEC = GameSpec(
    name="meuterer", title="Meuterer",
    aliases=("meuterer", "le mutin", "mutin", "mutineer"),
    package=__name__,
    rulesets=("base", "pirate"),
    default_rules="base", players=(3, 4), turn_word="round", turns_word="rounds",
    renderer="cartlog.games.meuterer.render",
    summary="the score sheet round by round: sources of every point, recorded vs replayed",
)
NAME, TITLE, ALIASES = SPEC.name, SPEC.title, SPEC.aliases

# The modules of this package that the install compiles with mypyc, into one shared library
# (setup.py reads this literal without importing cartlog; docs/performance.md, "Compiled
# rule modules"). Each must follow "Writing for the compiler" there.
COMPILED: tuple[str, ...] = ("engine", "lookahead", "model", "rules", "settle", "replay", "notation")

if TYPE_CHECKING:  # the parts the rest of cartlog uses follow the game contract (mypy checks)
    from cartlog.core.spec import CodeBook, Notation, PositionReader
    from cartlog.games.meuterer import codes, notation, position

    _CONTRACT: tuple[Notation, CodeBook, PositionReader] = (notation, codes, position)
