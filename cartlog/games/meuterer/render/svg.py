"""The Meuterer table as an SVG picture, drawn from a replay frame: the circle of twelve
islands clockwise from the top (rulebook 001, "Matériel"; the circle of the log's
``Islands`` tag), the merchant ship at its port, the port before and the pirate ship (pirate
variant), then each player's hand as goods cards, the captain and the scores, and the deck.

A picture is drawn where the frame holds the table (the setup and the end of every round);
with a finding in that round the picture is framed as a finding's.
"""

from __future__ import annotations

import math

from cartlog.games.meuterer.events import MeutererLog
from cartlog.games.meuterer.frames import Frame
from cartlog.games.meuterer.model import GOODS, LETTERS, build_circle
from cartlog.render.svg import Svg, player_class

WIDTH, RING, RADIUS, ISLAND = 480, 150, 16, 230  # picture width, ring radius, island, centre y
ROW = 22  # a player's line
MOST_CARDS = 14  # cards drawn in a hand; more are written as "+N"


def table_svg(islands: list[str], colours: list[str], frame: Frame, *, finding: bool = False,
              caption: str = "") -> Svg:
    """The circle and the hands after ``frame`` (which holds the table)."""
    top = 16 if caption else 0
    height = top + 2 * ISLAND + 20 + ROW * (len(colours) + 1)
    svg = Svg(WIDTH, height, caption or "Meuterer table", "meuterer")
    svg.add("rect", cls="bg", x=0, y=0, width=WIDTH, height=height)
    if caption:
        svg.text(10, 12, caption, "muted")
    cx, cy = WIDTH / 2, top + ISLAND
    svg.add("circle", cls="ring", cx=cx, cy=cy, r=RING)
    n = len(islands)
    for i, name in enumerate(islands):
        angle = 2 * math.pi * i / max(n, 1) - math.pi / 2  # clockwise from the top
        x, y = cx + RING * math.cos(angle), cy + RING * math.sin(angle)
        _island(svg, i, name, x, y, frame, outward=(math.cos(angle), math.sin(angle)))
    y = top + 2 * ISLAND + 10
    for colour in colours:
        _player(svg, colour, y, frame)
        y += ROW
    svg.text(10, y + 14, f"deck {frame.deck if frame.deck is not None else '?'}  discard "
             f"{frame.discard or 0}", "muted")
    if finding:
        svg.add("rect", cls="finding-frame", x=2, y=2, width=WIDTH - 4, height=height - 4,
                tip="a finding in this round")
    return svg


def _island(svg: Svg, i: int, name: str, x: float, y: float, frame: Frame,
            outward: tuple[float, float]) -> None:
    marks = []
    cls = "island"
    if name == frame.ship:
        cls += " port"
        marks.append("the merchant ship (port)")
    elif name == frame.previous:
        cls += " previous"
        marks.append("the port before")
    if name == frame.pirate:
        marks.append("the pirate ship")
    tip = f"{i + 1} {name}" + (": " + ", ".join(marks) if marks else "")
    svg.open("g", tip=tip)
    svg.add("circle", cls=cls, cx=x, cy=y, r=RADIUS)
    svg.text(x, y + 4, str(i + 1), "num", "middle")
    lx, ly = x + outward[0] * (RADIUS + 8), y + outward[1] * (RADIUS + 8) + 4
    anchor = "middle" if abs(outward[0]) < 0.3 else ("start" if outward[0] > 0 else "end")
    svg.text(lx, ly, name, "label", anchor)
    if name == frame.ship:
        svg.add("path", cls="ship", d=f"M{x - 11:.1f} {y - 24:.1f} h22 l-5 7 h-12 z")
    if name == frame.pirate:
        svg.text(x + RADIUS - 2, y - RADIUS + 2, "P", "marker", "middle")
    svg.close()


def _player(svg: Svg, colour: str, y: float, frame: Frame) -> None:
    """A player's line: colour, captain, hand as goods cards, score."""
    svg.add("circle", cls=f"pirate {player_class(colour)}", cx=16, cy=y + 8, r=6)
    who = colour + (" (captain)" if colour == frame.captain else "")
    svg.text(28, y + 12, who)
    hand = (frame.hands or {}).get(colour, "")
    x = 130.0
    for letter in hand[:MOST_CARDS]:
        kind = LETTERS.find(letter.upper())
        name = GOODS[kind] if kind >= 0 else "unseen"
        svg.open("g", tip=name)
        svg.add("rect", cls=f"good-{kind}" if kind >= 0 else "good-unseen", x=x, y=y,
                width=14, height=17, rx=2)
        svg.text(x + 7, y + 12, letter if kind >= 0 else "?", "good-letter", "middle")
        svg.close()
        x += 16
    if len(hand) > MOST_CARDS:
        svg.text(x + 2, y + 12, f"+{len(hand) - MOST_CARDS}", "muted")
    score = (frame.scores or {}).get(colour)
    if score is not None:
        svg.text(WIDTH - 12, y + 12, f"{score} points", "label", "end")


def board_pictures(log: MeutererLog, frames: list[Frame], *, theme: str = "",
                   drawn: dict[object, str] | None = None) -> dict[int, str]:
    """The table at the setup and after every round, as SVG markup for the ruling page."""
    islands = [island.name for island in build_circle(log)]
    colours = list(dict.fromkeys(p.colour for p in log.players))
    pictures: dict[int, str] = {}
    drawn = {} if drawn is None else drawn  # the pictures drawn already, for other views
    found = False
    for k, frame in enumerate(frames):
        found = found or bool(frame.findings)
        if frame.hands is None:
            continue
        caption = (f"after round {frame.turn}" if frame.kind == "round-end" and frame.turn
                   else frame.kind)
        key = (repr((frame.hands, frame.scores, frame.captain, frame.ship, frame.previous, frame.pirate, frame.deck, frame.discard)), found, caption)
        if key in drawn:
            pictures[k], found = drawn[key], False
            continue
        svg = table_svg(islands, colours, frame, finding=found, caption=caption)
        if theme:
            svg.classes += " " + theme
        pictures[k] = drawn[key] = svg.markup(styled=False)
        found = False
    return pictures
