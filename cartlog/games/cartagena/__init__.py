"""Cartagena (Leo Colovini), in four rule sets.

- ``2000-jamaica`` / ``2000-tortuga``: the original 2000 edition, rulebook 002 ("Jamaica" with
  hidden hands and a face-down stock, "Tortuga" with open hands and a row of 12 face-up cards).
- ``ravensburger`` / ``ravensburger-advanced``: the Ravensburger edition, rulebook 004 (base
  game: 5 sections, 4 pirates, 2 actions; advanced: 6 sections, 5 pirates, 3 actions).

Rulings followed (``RULINGS.md``): C1 forward move, C2 backward move, C3 boat retreat (option
``boat_retreat``), C4 space capacity, C5 reshuffle, C6 end of game, C7 board; O1 setup, O2 turn
and locked games (option ``stuck_player_draws``), O3 Jamaica, O4 Tortuga row; R1 setup and
uneven deal, R2 turn, R3 stuck player.

Readings of our own where the texts and rulings are silent (``docs/rules.md``): a depleted
Tortuga row is replaced at once, not at the next draw; seat order is the order of the Players
header, whose first player starts.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cartlog.core.spec import GameSpec

SPEC = GameSpec(
    name="cartagena", title="Cartagena",
    aliases=("cartagena", "carthagene", "carthagène", "cartagène", "karthago"),
    package=__name__,
    rulesets=("2000-jamaica", "2000-tortuga", "ravensburger", "ravensburger-advanced"),
    default_rules="2000-jamaica", players=(2, 5), turn_word="turn", turns_word="turns",
    renderer="cartlog.games.cartagena.render",
    summary="pirates aboard, distance to the boat, recorded vs replayed result",
)
NAME, TITLE, ALIASES = SPEC.name, SPEC.title, SPEC.aliases

# The modules of this package that the install compiles with mypyc, into one shared library
# (setup.py reads this literal without importing cartlog; docs/performance.md, "Compiled
# rule modules"). Each must follow "Writing for the compiler" there.
COMPILED: tuple[str, ...] = ("model", "engine", "lookahead", "rules", "notation", "replay")

if TYPE_CHECKING:  # the parts the rest of cartlog uses follow the game contract (mypy checks)
    from cartlog.core.spec import CodeBook, Notation, PositionReader
    from cartlog.games.cartagena import codes, notation, position

    _CONTRACT: tuple[Notation, CodeBook, PositionReader] = (notation, codes, position)
