"""The Cartagena: The Mutiny table as an SVG picture, drawn from a replay frame: the voyage
track with the ship (its length, storms and mutiny space as the log declares them, M7: an
undeclared track is drawn only as far as the ship, and says so), the row of pirate cards
(used ones marked), the lifeboat, the duels won by each side, then each player's conviction,
coins, combat and gold cards (rulebooks 003 and 000).

A picture is drawn where the frame holds the table (the setup, after each round's ship move,
after each duel, the end); with a finding since the last picture it is framed as a finding's.
"""

from __future__ import annotations

import re

from cartlog.games.mutiny.events import MutinyLog
from cartlog.games.mutiny.frames import Frame
from cartlog.render.svg import Svg, player_class

WIDTH, CELL, PER_ROW, ROW = 480, 17, 25, 22  # picture width, a track space, spaces a line
MOST_SPACES = 96  # track spaces drawn at most; a longer declared track says how long it is
MOST_CARDS = 16  # combat cards drawn in a hand; more are written as "+N"


def table_svg(log: MutinyLog, colours: list[str], frame: Frame, *, finding: bool = False,
              caption: str = "", duels: list[list[str]] | None = None) -> Svg:
    """The track, the row and the players after ``frame`` (which holds the table); ``duels``,
    the mutiny's duels so far, each as its letter, sailors, totals and winner."""
    duels = duels or []
    track = log.track
    declared = track is not None and track.length is not None
    length = (track.length or 0) if track is not None and declared else (frame.ship or 0)
    drawn = min(length, MOST_SPACES - 1) + 1
    lines = (drawn + PER_ROW - 1) // PER_ROW
    top = 16 if caption else 0
    height = (top + 30 + lines * (CELL + 6) + 80 + ROW * len(colours) + 10
              + (ROW * (len(duels) + 1) if duels else 0))
    svg = Svg(WIDTH, height, caption or "The Mutiny table", "mutiny")
    svg.add("rect", cls="bg", x=0, y=0, width=WIDTH, height=height)
    if caption:
        svg.text(10, 12, caption, "muted")
    y = top + 8
    storms = set(track.storms or ()) if track is not None else set()
    mutiny = track.mutiny if track is not None else None
    note = (f"track of {length} spaces" if declared else
            "track length not declared: drawn to the ship")
    if length >= MOST_SPACES:
        note += f"; the first {MOST_SPACES} drawn"
    svg.text(10, y + 8, note, "muted")
    y += 14
    for space in range(drawn):
        x = 10 + (space % PER_ROW) * (CELL + 1)
        sy = y + (space // PER_ROW) * (CELL + 6)
        kind = ("storm" if space in storms else "mutiny space" if space == mutiny else "")
        cls = "space" + (" moved" if space == frame.ship else "") + (
            " finding" if finding and space == frame.ship else "")
        svg.add("rect", tip=f"space {space}" + (f": {kind}" if kind else "")
                + (": the ship" if space == frame.ship else ""), cls=cls, x=x, y=sy,
                width=CELL, height=CELL, rx=3)
        if space in storms or space == mutiny:
            svg.text(x + CELL / 2, sy + 13, "S" if space in storms else "M", "marker", "middle")
        if space == frame.ship:
            svg.add("path", cls="ship", d=f"M{x + 2} {sy - 1} h{CELL - 4} l-3 -4 h{CELL - 10} z")
    y += lines * (CELL + 6) + 8
    svg.text(10, y + 12, "row")
    if not frame.row:
        svg.text(44, y + 12, "-", "muted")
    left = 44.0
    for card in (frame.row or [])[:12]:
        used = card.endswith("*")
        name = card.rstrip("*")
        svg.add("rect", tip=name + (" (used)" if used else ""), cls="card open" if used
                else "card", x=left, y=y, width=66, height=18, rx=3)
        svg.text(left + 33, y + 13, name if len(name) <= 11 else name[:10] + ".", "num",
                 "middle")
        left += 70
    y += 26
    wins = frame.wins or {}
    svg.text(10, y + 12, f"lifeboat {frame.lifeboat or '-'}   duels won: valverde "
             f"{wins.get('valverde', 0)}, diaz {wins.get('diaz', 0)}", "label")
    y += 26
    for colour in colours:
        _player(svg, colour, y, frame)
        y += ROW
    if duels:
        y += 4
        svg.text(10, y + 12, "duel", "muted")
        svg.text(60, y + 12, "sailors", "muted")
        svg.text(150, y + 12, "totals (valverde : diaz)", "muted")
        svg.text(330, y + 12, "won by", "muted")
        for letter, sailors, totals, winner in duels:
            y += ROW
            svg.text(10, y + 12, letter)
            svg.text(60, y + 12, sailors)
            svg.text(150, y + 12, totals)
            svg.text(330, y + 12, winner, "label")
    if finding:
        svg.add("rect", cls="finding-frame", x=2, y=2, width=WIDTH - 4, height=height - 4,
                tip="a finding since the last table")
    return svg


def _player(svg: Svg, colour: str, y: float, frame: Frame) -> None:
    svg.add("circle", cls=f"pirate {player_class(colour)}", cx=16, cy=y + 8, r=6)
    conviction = (frame.conviction or {}).get(colour, "?")
    svg.text(28, y + 12, f"{colour}  {conviction}")
    coins = (frame.coins or {}).get(colour)
    svg.text(170, y + 12, f"{coins if coins is not None else '?'} coins", "label")
    combat = (frame.combat or {}).get(colour, "")
    cards = re.findall(r"[A-Z]\d+|\?", combat)  # P2, G1, ? for an unseen card
    x = 240.0
    for card in cards[:MOST_CARDS]:
        svg.add("rect", tip=f"combat card {card}", cls="card", x=x, y=y, width=14, height=17,
                rx=2)
        svg.text(x + 7, y + 12, card, "num", "middle")
        x += 15
    if len(cards) > MOST_CARDS:
        svg.text(x + 2, y + 12, f"+{len(cards) - MOST_CARDS}", "muted")
    gold = (frame.gold or {}).get(colour, "-")
    svg.text(WIDTH - 12, y + 12, f"gold {gold}", "label", "end")


def board_pictures(log: MutinyLog, frames: list[Frame], *, theme: str = "",
                   drawn: dict[object, str] | None = None) -> dict[int, str]:
    """The table at every frame that holds it, as SVG markup for the ruling page."""
    colours = list(dict.fromkeys(p.colour for p in log.players))
    pictures: dict[int, str] = {}
    drawn = {} if drawn is None else drawn  # the pictures drawn already, for other views
    found = False
    duels: list[list[str]] = []  # letter, sailors, totals, winner
    for k, frame in enumerate(frames):
        found = found or bool(frame.findings)
        _follow_duels(duels, frame)
        if frame.coins is None:
            continue
        caption = (f"after round {frame.turn}" if frame.kind == "ship" and frame.turn
                   else frame.kind if frame.duel is None else f"after duel {frame.duel}")
        key = (repr((frame.row, frame.coins, frame.combat, frame.gold, frame.conviction,
                     frame.ship, frame.lifeboat, frame.wins, duels)), found, caption)
        if key in drawn:
            pictures[k], found = drawn[key], False
            continue
        svg = table_svg(log, colours, frame, finding=found, caption=caption,
                        duels=[list(d) for d in duels])
        if theme:
            svg.classes += " " + theme
        pictures[k] = drawn[key] = svg.markup(styled=False)
        found = False
    return pictures


def _follow_duels(duels: list[list[str]], frame: Frame) -> None:
    """The mutiny's duels as its frames tell them: a duel's sailors, its totals after each
    combat round, its winner."""
    if frame.duel is None:
        return
    if frame.kind == "duel":
        sailors = (frame.notation or "").split(" ")[-1]
        duels.append([frame.duel, sailors, "", ""])
    elif duels and duels[-1][0] == frame.duel:
        if frame.totals:
            duels[-1][2] = (f"{frame.totals.get('valverde', 0)} : "
                            f"{frame.totals.get('diaz', 0)}")
        if frame.kind == "won":
            duels[-1][3] = (frame.notation or "").removeprefix("won ").strip()
