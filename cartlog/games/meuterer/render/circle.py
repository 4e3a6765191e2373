"""Drawing the Meuterer table: the island circle with its markers, goods cards, hands and the
island table.

The twelve islands are drawn as a ring folded in two columns: clockwise down the left column
from Hochland, across the bottom, up the right column and back across the top::

    v  1 *Hochland     prev           <-    12  Karge Zunge
    v  2  Sommerland                      ^ 11  Fingerhut
    v  3  Piratennest  pirate             ^ 10  Grunland
    v  4  Sandkap                         ^  9  Affeninsel   mut
    v  5  Rotes Riff                      ^  8  Frosthohle   capt
       6 *Kalte Klippe port           ->  ^  7  Eisfelsen

``*`` marks an active island (ruling U3), and the words after a name say what lies there:
``port`` the merchant ship (the round's port), ``prev`` the port of the round before,
``capt`` and ``mut`` the captain's and the mutineer's destinations, ``pirate`` the pirate ship
(pirate variant). Five markers at most share the circle and the port before is never the
port, so a line never passes 80 columns.
"""

from __future__ import annotations

from collections.abc import Iterable

from rich.text import Text

from cartlog.games.meuterer.frames import Frame
from cartlog.games.meuterer.model import GOODS, LETTERS, Island
from cartlog.render.theme import player_style
from cartlog.render.widgets import Glyphs, Packed

GOODS_STYLES = {letter: f"goods.{name}" for letter, name in zip(LETTERS, GOODS)}

# a marker's word and style, in the order they are written after an island
MARKS: dict[str, tuple[str, str]] = {
    "port": ("port", "island.port"),
    "previous": ("prev", "island.previous"),
    "captain": ("capt", "island.captain"),
    "mutineer": ("mut", "island.mutineer"),
    "pirate": ("pirate", "island.pirate"),
}
LEFT_MARKS = len("port capt mut")
ARROWS = {True: {"down": "v", "up": "^", "left": "<-", "right": "->"},
          False: {"down": "\u2193", "up": "\u2191", "left": "\u2190 ", "right": "\u2192 "}}


def goods_text(cards: str) -> Text:
    """Goods letters, each in its good's style (``?`` unseen, muted); ``-`` for none."""
    if not cards:
        return Text.styled("-", "muted")
    text = Text()
    for letter in cards:
        text.append(letter, style=GOODS_STYLES.get(letter.upper(), "cards.unseen"))
    return text


def goods_legend() -> Text:
    """``R ruby  S salt  W wine ...`` in the goods' styles."""
    text = Text()
    for i, (letter, name) in enumerate(zip(LETTERS, GOODS)):
        if i:
            text.append("  ")
        text.append(f"{letter} {name}", style=GOODS_STYLES[letter])
    return text


def hand_entries(colours: list[str], hands: dict[str, str]) -> list[Text]:
    """``red RSWGX (5)`` for each player of ``hands``."""
    entries = []
    for colour in colours:
        if colour not in hands:
            continue
        text = Text.styled(colour, player_style(colour)) + " " + goods_text(hands[colour])
        text.append(f" ({len(hands[colour])})", style="muted")
        entries.append(text)
    return entries


def table_lines(colours: list[str], frame: Frame, *, label: str = "hands", indent: int = 3,
                label_width: int = 9) -> list[Packed]:
    """Hands, deck and discard pile, cards still on the table and the scores after a frame."""
    entries = hand_entries(colours, frame.hands or {})
    if frame.deck is not None:
        entries.append(Text.styled(f"deck {frame.deck}  discard {frame.discard or 0}",
                                   "label"))
    lines = [Packed(label, entries, indent, label_width)]
    played = {c: p for c, p in (frame.played or {}).items() if p}
    if played:
        lines.append(Packed("on table", [Text.styled(c, player_style(c)) + " " + goods_text(p)
                                         for c, p in played.items()], indent, label_width))
    if frame.scores is not None:
        lines.append(Packed("scores", [Text.styled(c, player_style(c)) + f" {frame.scores[c]}"
                                       for c in colours if c in frame.scores],
                            indent, label_width))
    return lines


def island_entries(circle: Iterable[Island], g: Glyphs) -> list[Text]:
    """``1 Hochland any 4/3/2 ship 5``: each island of the circle with its card."""
    out = []
    for pos, isl in enumerate(circle, 1):
        text = Text.styled(f"{pos} ", "space.number")
        text.append(g.clean(isl.name))
        text.append(" " + isl.table_text(), style="label")
        out.append(text)
    return out


def circle_marks(names: list[str], **where: str | None) -> dict[int, list[str]]:
    """The markers of each position: ``where`` maps a marker of :data:`MARKS` to an island
    name (None: not on the circle this time). The port before is not marked where the ship
    still lies (U3: one active island)."""
    marks: dict[int, list[str]] = {}
    for kind in MARKS:
        name = where.get(kind)
        if kind == "previous" and name == where.get("port"):
            continue
        if name is not None and name in names:
            marks.setdefault(names.index(name), []).append(kind)
    return marks


def _cell(pos: int, name: str, name_width: int, active: bool, g: Glyphs) -> Text:
    text = Text.styled(f"{pos + 1:>2} ", "space.number")
    text.append("*" if active else " ", style="island.active")
    text.append(g.clean(name), style="island.active" if active else "")
    text.pad_right(name_width - len(name))
    return text


def _marks_text(kinds: list[str]) -> Text:
    text = Text()
    for kind in kinds:
        word, style = MARKS[kind]
        if text.plain:
            text.append(" ")
        text.append(word, style=style)
    return text


def circle_lines(names: list[str], marks: dict[int, list[str]], active: set[str], g: Glyphs,
                 indent: int = 3) -> list[Text]:
    """The circle as a ring in two columns (see the module's docstring)."""
    n = len(names)
    if not n:
        return []
    arrows = ARROWS[g.ascii]
    half = (n + 1) // 2
    name_width = max(len(name) for name in names)
    # the right column stays in place from one drawing to the next unless the left one holds
    # more than three markers on one island (then the right one holds at most one)
    left_marks = max([LEFT_MARKS] + [len(_marks_text(marks.get(p, [])).plain)
                                     for p in range(half)])
    lines = []
    for i in range(half):
        line = Text(" " * indent)
        line.append(arrows["down"] if i < half - 1 else " ", style="space.section")
        line.append(" ")
        line.append_text(_cell(i, names[i], name_width, names[i] in active, g))
        marked = _marks_text(marks.get(i, []))
        line.append(" ")
        line.append_text(marked)
        line.pad_right(left_marks - len(marked.plain))
        right = n - 1 - i
        if right >= half:
            joint = arrows["left"] if i == 0 else arrows["right"] if i == half - 1 else "  "
            line.append(f"  {joint:<2}  ", style="space.section")
            line.append(arrows["up"] if i > 0 else " ", style="space.section")
            line.append(" ")
            line.append_text(_cell(right, names[right], name_width, names[right] in active, g))
            tail = _marks_text(marks.get(right, []))
            if tail.plain:
                line.append(" ")
                line.append_text(tail)
        line.rstrip()
        lines.append(line)
    return lines


def circle_legend(pirate: bool = False, indent: int = 3, label_width: int = 9) -> Packed:
    """What the signs of the circle mean, flowing at the width."""
    meaning = {"port": "the ship's port", "previous": "the port before",
               "captain": "captain's destination", "mutineer": "mutineer's destination",
               "pirate": "the pirate ship"}
    entries = [Text.styled("clockwise: down the left, up the right;", "label"),
               Text.styled("*", "island.active") + Text.styled(" active (U3)", "label")]
    for kind in ("port", "previous", "captain", "mutineer") + (("pirate",) if pirate else ()):
        word, style = MARKS[kind]
        entries.append(Text.styled(word, style) + Text.styled(" " + meaning[kind], "label"))
    return Packed("circle", entries, indent, label_width)
