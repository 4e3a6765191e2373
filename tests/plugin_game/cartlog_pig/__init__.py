"""Pig, the dice game (public domain; described by John Scarne, 1945), for 2 to 8 players.

The rules (``RULES.md`` beside the package, P1-P5):

- P1 Turns: the players take turns in the order of the Players header, the first listed first.
- P2 Rolling: on a turn the player rolls one six-sided die as often as he likes; each roll of
  2 to 6 adds its value to the turn's total.
- P3 A one: a roll of 1 ends the turn at once and the turn's total is lost; the next player
  rolls.
- P4 Holding: instead of rolling, a player who has rolled at least once this turn may hold: the
  turn's total is added to his score, and the turn passes on.
- P5 The end: the first player whose score reaches the target (100, or the Target header) when
  he holds wins, and the game ends.

Nothing is hidden: every view of a game is the whole game. A log is one line per roll
(``red 4``) or hold (``red hold``); see :mod:`cartlog_pig.notation`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cartlog.core.spec import GameSpec

SPEC = GameSpec(
    name="pig", title="Pig", aliases=("pig", "pig dice", "schweinchen"),
    package=__name__, rulesets=("standard",), default_rules="standard", players=(2, 8),
    turn_word="turn", turns_word="turns", renderer="cartlog_pig.render",
    summary="each player's score, the turns played and who reached the target",
)

if TYPE_CHECKING:  # the parts cartlog uses follow the game contract (mypy checks)
    from cartlog.core.spec import CodeBook, Notation, PositionReader
    from cartlog_pig import codes, notation, position

    _CONTRACT: tuple[Notation, CodeBook, PositionReader] = (notation, codes, position)
