"""The Cartagena table as an SVG picture: the start, the passage with its signs and pirates,
and the boat (rulebooks 002 and 004, "Setup"), drawn from a replay frame.

The passage is drawn as the text board is, one section of 6 spaces per row; the spaces whose
pirates changed in the last turn are marked ``moved``, and with a finding at the step shown
they are framed as ``finding``. A board longer than every rule set's draws its first 36
spaces, then only the sections that hold a pirate (as :func:`board.passage_lines` folds them),
so a picture stays the size of a table however long a log makes the board.
"""

from __future__ import annotations

from cartlog.games.cartagena.events import CartagenaLog
from cartlog.games.cartagena.frames import Frame
from cartlog.games.cartagena.model import RULESETS, RuleSet, find_ruleset
from cartlog.games.cartagena.render.board import DRAWN_SPACES, moved_spaces, pirate_letters
from cartlog.render.svg import Svg, player_class

CELL_W, CELL_H, PAD, BAND = 70, 56, 10, 30  # a space, the margin, the start and boat bands
PER_CELL = 5  # pirates drawn side by side in a space; more are written as "+N"


def board_svg(rs: RuleSet, board: str, colours: list[str], frame: Frame,
              before: dict[str, list[int]] | None, *, finding: bool = False,
              caption: str = "") -> Svg:
    """The table after ``frame`` (which holds the pirates), the spaces changed since
    ``before`` marked, framed as a finding's when ``finding``."""
    pirates = frame.pirates or {}
    moved = moved_spaces(before, pirates)
    letters = pirate_letters(colours)
    rows = _rows(len(board), pirates, moved)
    height = 2 * PAD + 2 * BAND + len(rows) * CELL_H + (16 if caption else 0)
    svg = Svg(6 * CELL_W + 2 * PAD, height, caption or "Cartagena table", "cartagena")
    svg.add("rect", cls="bg", x=0, y=0, width=svg.width, height=height)
    y = PAD
    if caption:
        svg.text(PAD, y + 11, caption, "muted")
        y += 16
    _band(svg, "start", 0, y, colours, letters, pirates, "start")
    y += BAND
    for row in rows:
        if row[0] < 0:  # a run of folded sections
            svg.text(PAD + 6, y + CELL_H / 2 + 4, f"spaces {-row[0]}-{-row[1]}: no pirate",
                     "muted")
        for column, space in enumerate(row if row[0] > 0 else ()):
            _space(svg, rs, board, space, PAD + column * CELL_W, y, colours, letters,
                   pirates, moved, finding)
        y += CELL_H
    _band(svg, "boat", len(board) + 1, y, colours, letters, pirates, "boat")
    return svg


def _rows(length: int, pirates: dict[str, list[int]], moved: frozenset[int]
          ) -> list[list[int]]:
    """The spaces drawn, a section a row; a run of folded sections is ``[-first, -last]``."""
    standing = {s for spaces in pirates.values() for s in spaces} | set(moved)
    rows: list[list[int]] = []
    for first in range(1, length + 1, 6):
        spaces = list(range(first, min(first + 5, length) + 1))
        if first > DRAWN_SPACES and standing.isdisjoint(spaces):
            if rows and rows[-1][0] < 0:
                rows[-1][1] = -spaces[-1]
            else:
                rows.append([-spaces[0], -spaces[-1]])
            continue
        rows.append(spaces)
    return rows


def _space(svg: Svg, rs: RuleSet, board: str, space: int, x: float, y: float,
           colours: list[str], letters: dict[str, str], pirates: dict[str, list[int]],
           moved: frozenset[int], finding: bool) -> None:
    letter = board[space - 1].upper()
    sign = rs.index.get(letter, -1)
    name = rs.signs[sign] if 0 <= sign < len(rs.signs) else "unknown sign"
    cls = "space" + (" moved" if space in moved else "") + (
        " finding" if finding and space in moved else "")
    svg.add("rect", tip=f"space {space}: {name}", cls=cls, x=x + 2, y=y + 2,
            width=CELL_W - 4, height=CELL_H - 4, rx=6)
    svg.text(x + 7, y + 14, str(space), "num")
    svg.text(x + CELL_W - 10, y + 17, letter,
             f"sign sign-{sign}" if sign >= 0 else "sign muted", "end", tip=name)
    _pirates(svg, x + 10, y + CELL_H - 14, space, colours, letters, pirates)


def _pirates(svg: Svg, x: float, y: float, space: int, colours: list[str],
             letters: dict[str, str], pirates: dict[str, list[int]]) -> None:
    """The pirates standing on ``space`` as discs in their players' colours, seat order."""
    shown = [c for c in colours for _ in range(pirates.get(c, []).count(space))]
    for i, colour in enumerate(shown[:PER_CELL]):
        cx = x + i * 12
        svg.open("g", tip=f"a {colour} pirate")
        svg.add("circle", cls=f"pirate {player_class(colour)}", cx=cx, cy=y, r=5.5)
        svg.text(cx, y + 3, letters[colour], "pirate-letter", "middle")
        svg.close()
    if len(shown) > PER_CELL:
        svg.text(x + PER_CELL * 12, y + 4, f"+{len(shown) - PER_CELL}", "muted")


def _band(svg: Svg, label: str, space: int, y: float, colours: list[str],
          letters: dict[str, str], pirates: dict[str, list[int]], cls: str) -> None:
    """The start or the boat: how many pirates of each colour are there."""
    svg.add("rect", cls=cls, x=PAD + 2, y=y + 2, width=6 * CELL_W - 4, height=BAND - 6, rx=6)
    svg.text(PAD + 10, y + BAND / 2 + 3, label)
    x = PAD + 60.0
    for colour in colours:
        n = pirates.get(colour, []).count(space)
        svg.open("g", tip=f"{n} {colour} pirate{'s' if n != 1 else ''} at the {label}")
        svg.add("circle", cls=f"pirate {player_class(colour)}", cx=x, cy=y + BAND / 2 - 1,
                r=5.5)
        svg.text(x, y + BAND / 2 + 2, letters[colour], "pirate-letter", "middle")
        svg.text(x + 9, y + BAND / 2 + 3, str(n), "label" if n else "muted")
        svg.close()
        x += 44


def board_pictures(log: CartagenaLog, frames: list[Frame], *, theme: str = "",
                   drawn: dict[object, str] | None = None) -> dict[int, str]:
    """The table after each frame that holds it (the setup, every turn), as SVG markup for
    the ruling page, the spaces of the turn's moves marked, framed when the turn has a
    finding. ``drawn`` keeps the pictures drawn already, for the page's other views (the
    passage is public: a seat's view draws the same tables)."""
    drawn = {} if drawn is None else drawn
    rs = find_ruleset(log.rules) or RULESETS["2000-jamaica"]
    colours = list(dict.fromkeys(p.colour for p in log.players))
    pictures: dict[int, str] = {}
    before: dict[str, list[int]] | None = None
    found = False  # a finding since the last table
    for k, frame in enumerate(frames):
        found = found or bool(frame.findings)
        if frame.pirates is None:
            continue
        caption = f"after turn {frame.turn}" if frame.turn is not None else frame.kind
        key = (_table(before), _table(frame.pirates), found, caption)
        if key not in drawn:
            svg = board_svg(rs, log.board, colours, frame, before, finding=found,
                            caption=caption)
            if theme:
                svg.classes += " " + theme
            drawn[key] = svg.markup(styled=False)
        pictures[k] = drawn[key]
        before, found = frame.pirates, False
    return pictures


def _table(pirates: dict[str, list[int]] | None) -> object:
    return None if pirates is None else tuple((c, tuple(s)) for c, s in pirates.items())
