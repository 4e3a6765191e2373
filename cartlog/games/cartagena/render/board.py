"""Drawing a Cartagena table (the passage with its pirates, the start, the boat, hands and
piles) and the two layouts the Cartagena views use (:class:`Hanging`, :class:`Packed`).

The passage is drawn one section (6 spaces) per line, read left to right, top to bottom::

      start    red 4  blue 5  yellow 5
      +-----------+-----------+-----------+-----------+-----------+-----------+
      | 1 P       | 2 K       | 3 D r     | 4 S       | 5 H rb    | 6 B       |
      | 7 P       | 8 S y     | 9 D       |10 H       |11 K       |12 B       |
      ...
      +-----------+-----------+-----------+-----------+-----------+-----------+
      boat     red 0  blue 0  yellow 0

Each cell holds the space number, the space's sign and the pirates standing there. Signs are
written as their letter in the rule set (the letters of the notation), each sign in a colour
of its own (``sign.0`` .. ``sign.5`` in the theme). Pirates are lower-case letters in the
player's colour, one letter per pirate (:data:`PIRATE_LETTERS`); more than five pirates on a
space stack on further lines of the same cell. Spaces whose pirates changed since the last
drawing are highlighted (``space.moved``). Six cells of 11 characters keep a line at 75
columns; :class:`Passage` draws twelve a line on a terminal 147 columns wide or more, and
three on one under 75.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.console import Console, ConsoleOptions, RenderableType, RenderResult
from rich.text import Text

from cartlog.games.cartagena.frames import Frame
from cartlog.games.cartagena.model import RULESETS, RuleSet
from cartlog.games.cartagena.notation import format_space
from cartlog.games.cartagena.styles import SIGN_STYLES
from cartlog.render.theme import player_style
from cartlog.render.widgets import Glyphs, Packed

# One letter per colour, the same in every game. Colours that share a first letter keep it
# for the commonest one (blue, green, purple); the others take a letter of their own:
# blacK (the printers' key colour), grEy, browN, pInk.
PIRATE_LETTERS: dict[str, str] = {
    "red": "r", "blue": "b", "yellow": "y", "green": "g", "black": "k", "white": "w",
    "purple": "p", "grey": "e", "orange": "o", "brown": "n", "pink": "i",
}
PER_LINE = 5  # pirates shown side by side in a cell before stacking
DRAWN_SPACES = max(rs.spaces for rs in RULESETS.values())  # spaces always drawn (36)


def pirate_letters(colours: list[str]) -> dict[str, str]:
    """The pirate letter of each colour of a game (unknown colours get a free letter)."""
    letters: dict[str, str] = {}
    taken = {PIRATE_LETTERS[c] for c in colours if c in PIRATE_LETTERS}
    for colour in colours:
        if colour in letters:
            continue
        if colour in PIRATE_LETTERS:
            letters[colour] = PIRATE_LETTERS[colour]
            continue
        free = [ch for ch in colour.lower() + "abcdefghijklmnopqrstuvwxyz"
                if ch.isascii() and ch.isalpha() and ch not in taken]
        letters[colour] = free[0] if free else "?"
        taken.add(letters[colour])
    return letters


def sign_style(rs: RuleSet, letter: str) -> str:
    sign = rs.index.get(letter, -1)
    return SIGN_STYLES[sign] if 0 <= sign < len(SIGN_STYLES) else "cards.unseen"


def cards_text(rs: RuleSet, cards: str) -> Text:
    """Sign letters, each in its sign's colour (``?`` for an unseen card, muted)."""
    text = Text()
    for letter in cards:
        text.append(letter, style=sign_style(rs, letter))
    return text


def sign_legend(rs: RuleSet) -> Text:
    """``S skull  D dagger  K key ...`` in the signs' colours."""
    text = Text()
    for sign, (letter, name) in enumerate(zip(rs.letters, rs.signs)):
        if sign:
            text.append("  ")
        text.append(f"{letter} {name}", style=SIGN_STYLES[sign])
    return text


def counts_line(label: str, space: int, colours: list[str],
                pirates: dict[str, list[int]], style: str) -> Text:
    """``start  red 4  blue 5``: how many pirates of each colour stand on ``space``."""
    text = Text.styled(f"{label:<7}", style)
    for colour in colours:
        n = pirates.get(colour, []).count(space)
        text.append("  ")
        text.append(f"{colour} {n}", style=player_style(colour) if n else "muted")
    return text


def _cell_tokens(space: int, colours: list[str], letters: dict[str, str],
                 pirates: dict[str, list[int]]) -> list[tuple[str, str]]:
    """The pirates on one space as (letter, style), in seat order."""
    out = []
    for colour in colours:
        for _ in range(pirates.get(colour, []).count(space)):
            out.append((letters[colour], player_style(colour)))
    return out


def passage_lines(rs: RuleSet, board: str, colours: list[str], pirates: dict[str, list[int]],
                  g: Glyphs, moved: frozenset[int] = frozenset(), per_row: int = 6
                  ) -> list[Text]:
    """The passage, a line per section (plus a line per extra layer of stacked pirates).

    Spaces in ``moved`` (whose pirates changed since the last drawing) are highlighted. A
    board longer than every rule set's (a ``setup/board-length`` error) is drawn in full as
    far as :data:`DRAWN_SPACES`; beyond, each run of sections with no pirate and no change is
    one line (``spaces 37-978: no pirate``), so that a drawing stays the size of the table
    however long the log makes the board: replay output linear in the log (issue 21).
    """
    width = len(str(len(board)))
    letters = pirate_letters(colours)
    standing = {s for spaces in pirates.values() for s in spaces} | set(moved)
    lines: list[Text] = []
    empty: list[int] = []  # the first and last space of a run of folded sections
    for first in range(0, len(board), per_row):
        spaces = range(first + 1, min(first + per_row, len(board)) + 1)
        if first >= DRAWN_SPACES and standing.isdisjoint(spaces):
            empty = [empty[0] if empty else spaces[0], spaces[-1]]
            continue
        if empty:
            lines.append(_folded(empty[0], empty[1], g))
            empty = []
        tokens = {s: _cell_tokens(s, colours, letters, pirates) for s in spaces}
        layers = max(1, *((len(t) + PER_LINE - 1) // PER_LINE for t in tokens.values()))
        for layer in range(layers):
            line = Text("  ")
            for s in spaces:
                line.append(g.bar, style="space.section")
                if layer == 0:
                    line.append(f"{s:>{width}}", style="space.moved" if s in moved
                                else "space.number")
                    letter = board[s - 1]
                    line.append(" ")
                    line.append(g.clean(letter), style=sign_style(rs, letter.upper()))
                    line.append(" ")
                else:
                    line.append(" " * (width + 3))
                chunk = tokens[s][layer * PER_LINE:(layer + 1) * PER_LINE]
                for letter, style in chunk:
                    line.append(letter, style=style)
                line.append(" " * (PER_LINE - len(chunk) + 1))
            line.append(g.bar, style="space.section")
            lines.append(line)
    if empty:
        lines.append(_folded(empty[0], empty[1], g))
    return lines


def _folded(first: int, last: int, g: Glyphs) -> Text:
    """One line for the sections from space ``first`` to ``last`` that are not drawn."""
    line = Text("  ")
    line.append(g.bar, style="space.section")
    line.append(f" spaces {first}-{last}: no pirate", style="muted")
    return line


def _border(corners: str, cells: int, cell_width: int, g: Glyphs) -> Text:
    left, middle, right = corners[0], corners[1], corners[2]
    return Text("  " + left + middle.join([g.rule * cell_width] * cells) + right,
                style="space.section")


def board_lines(rs: RuleSet, board: str, colours: list[str], pirates: dict[str, list[int]],
                g: Glyphs, moved: frozenset[int] = frozenset(), per_row: int = 6
                ) -> list[Text]:
    """The whole table: the start, the passage and the boat, with their pirates; ``per_row``
    spaces a line."""
    boat = len(board) + 1
    cells, cell_width = min(per_row, len(board)), len(str(len(board))) + PER_LINE + 4
    return ([Text("  ") + counts_line("start", 0, colours, pirates, "space.start"),
             _border(g.top, cells, cell_width, g)]
            + passage_lines(rs, board, colours, pirates, g, moved, per_row)
            + [_border(g.bottom, cells, cell_width, g),
               Text("  ") + counts_line("boat", boat, colours, pirates, "space.boat")])


class Passage:
    """The table drawn to the width it is given: a section (6 spaces) a line as a rule, two
    sections a line on a terminal wide enough for them (147 columns), half a section on one
    too narrow for six (under 75). Output to a file or a pipe, whose width is not a
    terminal's, keeps a section a line."""

    def __init__(self, rs: RuleSet, board: str, colours: list[str],
                 pirates: dict[str, list[int]], g: Glyphs, moved: frozenset[int]) -> None:
        self.args = (rs, board, colours, pirates, g, moved)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        board = self.args[1]
        cell = len(str(len(board))) + PER_LINE + 5  # a cell and its bar
        width = options.max_width
        per_row = 12 if 2 + 12 * cell + 1 <= width < 1000 else (
            6 if width >= 2 + 6 * cell + 1 else 3)
        yield from board_lines(*self.args, per_row=per_row)


def moved_spaces(before: dict[str, list[int]] | None, after: dict[str, list[int]]
                 ) -> frozenset[int]:
    """Spaces whose pirates differ between two tables (none when there is no earlier one)."""
    if before is None:
        return frozenset()
    changed: set[int] = set()
    for colour, spaces in after.items():
        old = before.get(colour, [])
        for s in set(spaces) | set(old):
            if spaces.count(s) != old.count(s):
                changed.add(s)
    return frozenset(changed)


def hand_entries(rs: RuleSet, colours: list[str], hands: dict[str, str]) -> list[Text]:
    """``red DBBB (4)``, ``blue ??? (3)``: each player's known cards and hand size."""
    entries = []
    for colour in colours:
        if colour not in hands:
            continue
        cards = hands[colour]
        text = Text.styled(colour, player_style(colour))
        text.append(" ")
        text.append_text(cards_text(rs, cards) if cards else Text.styled("-", "muted"))
        text.append(f" ({len(cards)})", style="muted")
        entries.append(text)
    return entries


def spaces_text(pirates: list[int], boat: int, aboard: bool = False) -> str:
    """``36 34x2 start`` (and ``boat`` when ``aboard``): spaces in the given order, repeats
    counted; ``-`` for none."""
    names = [format_space(p, boat) if p else "start" for p in pirates if aboard or p != boat]
    parts: list[str] = []
    for name in dict.fromkeys(names):
        n = names.count(name)
        parts.append(f"{name}x{n}" if n > 1 else name)
    return " ".join(parts) or "-"


def legend_lines(rs: RuleSet, colours: list[str], player: Callable[[str], Text],
                 options: dict[str, bool]
                 ) -> list[RenderableType]:
    """Who is which pirate letter (``player(colour)`` names them), the signs, the options."""
    letters = pirate_letters(colours)
    who = [Text.styled(letters[c], player_style(c)) + " " + player(c) for c in colours]
    lines: list[RenderableType] = [Packed("players", who), Packed("signs", [sign_legend(rs)])]
    if options:
        lines.append(Packed("options", [Text.styled(f"{k}={str(v).lower()}", "label")
                                        for k, v in options.items()]))
    return lines


def table_lines(rs: RuleSet, board: str, colours: list[str], frame: Frame,
                before: dict[str, list[int]] | None,
                g: Glyphs, *, label: str = "hands", board_drawn: bool = True
                ) -> list[RenderableType]:
    """Hands and piles after a frame, then (when drawn) the start, passage and boat.

    ``before`` holds the pirates of the previous drawing, to highlight the spaces that changed.
    """
    entries = hand_entries(rs, colours, frame.hands or {})
    if frame.deck is not None:
        entries.append(Text.styled(f"deck {frame.deck}  discard {frame.discard or 0}",
                                   "label"))
    if frame.row is not None:
        row = cards_text(rs, frame.row) if frame.row else Text.styled("-", "muted")
        entries.append(Text.styled("row ", "label") + row)
    lines: list[RenderableType] = [Packed(label, entries)]
    if board_drawn and frame.pirates is not None:
        lines.append(Passage(rs, board, colours, frame.pirates, g,
                             moved_spaces(before, frame.pirates)))
    return lines
