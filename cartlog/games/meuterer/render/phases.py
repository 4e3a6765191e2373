"""The phases of a Meuterer round as the replay shows them, and what they share with the
score view (:class:`View`).

The replay's frames are grouped by round (:func:`rounds_of`); :func:`round_lines` then draws a
round phase by phase in one column of labels (``wage``, ``sell``, ``reveal``, ``mutiny``,
``sales``, ``points``, ``sails``, ``refill``) whose texts wrap under themselves, each
finding under the step it arises at, followed by the table after the round and the circle.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple

from rich.console import Console, ConsoleOptions, RenderableType, RenderResult
from rich.text import Text

from cartlog.games.meuterer.events import (
    Comment,
    Dest,
    Draw,
    Event,
    MeutererLog,
    Mutiny,
    Round,
    Sale,
    Sell,
    Wage,
)
from cartlog.games.meuterer.frames import Frame
from cartlog.games.meuterer.model import build_circle
from cartlog.games.meuterer.notation import format_draw
from cartlog.games.meuterer.render.circle import (
    circle_legend,
    circle_lines,
    circle_marks,
    table_lines,
)
from cartlog.games.meuterer.score import MeutererBreakdown, Points, RoundBreakdown
from cartlog.render.theme import player_style
from cartlog.render.widgets import Audited, Glyphs, Hanging, add_findings, glyphs, heading

LABEL = 8  # the width of a phase's label; its text starts at column 3 + LABEL + 1
SIDES = {"captain": "captain", "mate": "captain", "mutineer": "mutineer",
         "cabin boy": "mutineer"}


class View:
    """What every part of a view needs: the log, the breakdown, glyphs and the circle."""

    def __init__(self, log: MeutererLog, report: Audited, ascii: bool, board: bool = True
                 ) -> None:
        self.log = log
        self.report = report
        self.b: MeutererBreakdown = report.breakdown
        self.g: Glyphs = glyphs(ascii)
        self.board = board
        self.colours = list(dict.fromkeys(p.colour for p in log.players))
        self.names = {p.colour: p.name for p in log.players if p.name}
        self.circle = build_circle(log)
        self.islands = [i.name for i in self.circle]
        self.by_round = {rb.round: rb for rb in self.b.scores}
        self.width = max((len(c) for c in self.colours), default=0)
        self.legend_shown = False

    def player(self, colour: str | None, with_name: bool = True) -> Text:
        """A colour in its style, followed by the player's name."""
        if colour is None:
            return Text()
        text = Text.styled(colour, player_style(colour))
        if with_name and self.names.get(colour):
            text.append(" " + self.g.clean(self.names[colour]))
        return text

    def colour(self, colour: str) -> Text:
        """A colour in its style, padded to the widest colour of the game."""
        return Text.styled(f"{colour:<{self.width}}", player_style(colour))

    def steps(self, start: str, to: str) -> int:
        """Islands clockwise from ``start`` to ``to`` (U7)."""
        if start not in self.islands or to not in self.islands:
            return 0
        return (self.islands.index(to) - self.islands.index(start)) % len(self.islands)


def label(word: str = "") -> Text:
    """A phase's label, padded so that its text starts in the phases' column."""
    return Text.styled(f"{word:<{LABEL}} ", "phase.label")


class Rows(Hanging):
    """Rows of a round: each row's label keeps its own width (a selling turn's label holds
    its notation too), so that a text wraps under itself; a row without a label (a finding, a
    comment) starts in the phases' column."""

    def __init__(self, indent: int = 3) -> None:
        super().__init__(indent)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        for head_label, text, hang in self.rows:
            lead = self.indent + (len(head_label.plain) if head_label.plain else LABEL + 1)
            width = max(20, options.max_width - lead - hang)
            for i, line in enumerate(text.wrap(console, width)):
                line.rstrip()
                head = Text(" " * self.indent)
                head.append_text(head_label if i == 0 else Text())
                head.pad_right(lead + (hang if i else 0) - len(head.plain))
                yield head + line


# -- pairing frames with rounds ----------------------------------------------------------------


class RoundFrames(NamedTuple):
    """One round's frames and log lines."""

    number: int
    head: Frame  # the round frame
    early: list[Frame]  # wage, actions and comments, in order
    phases: dict[str, Frame]  # dest, mutiny, score, refill -> frame
    events: list[Event]  # the log's lines of the round
    end: list[Frame]  # the round-end frame, when the round closed


def _groups(log: MeutererLog) -> tuple[list[Event], list[list[Event]]]:
    """The log's lines before the first round (comments), and those of each round."""
    before: list[Event] = []
    groups: list[list[Event]] = []
    for ev in log.events:
        if isinstance(ev, Round):
            groups.append([ev])
        elif not groups and isinstance(ev, Comment):
            before.append(ev)
        elif not groups:  # a line before any round line opens a round of its own
            groups.append([ev])
        else:
            groups[-1].append(ev)
    return before, groups


def rounds_of(log: MeutererLog, frames: list[Frame]
              ) -> tuple[Frame | None, list[Frame], list[RoundFrames], Frame | None]:
    """The setup frame, comments before round 1, each round, the end frame. The rounds of a
    log that starts from a position are numbered on from the position's."""
    _, groups = _groups(log)
    setup: Frame | None = None
    end: Frame | None = None
    before: list[Frame] = []
    rounds: list[RoundFrames] = []
    skipped = 0  # the rounds before the position the log starts from
    for frame in frames:
        if frame.kind == "setup":
            setup = frame
        elif frame.kind == "end":
            end = frame
        elif frame.kind == "round":
            n = len(rounds)
            if not n and log.position is not None and frame.turn:
                skipped = frame.turn - 1
            rounds.append(RoundFrames(n + 1 + skipped, frame, [], {},
                                      groups[n] if n < len(groups) else [], []))
        elif not rounds:
            before.append(frame)
        elif frame.kind == "phase":
            rounds[-1].phases.setdefault(frame.phase or "other", frame)
        elif frame.kind == "round-end":
            rounds[-1].end.append(frame)
        else:
            rounds[-1].early.append(frame)
    return setup, before, rounds, end


# -- the phases of a round ---------------------------------------------------------------------


def _comments(view: View, rows: Hanging, events: Iterable[Event],
              kinds: type | tuple[type, ...]) -> None:
    for ev in events:
        comment = getattr(ev, "comment", None)
        if isinstance(ev, kinds) and comment:
            rows.add(label(), Text.styled("; " + view.g.clean(comment), "comment"))


def _selling(view: View, rows: Hanging, r: RoundFrames) -> None:
    """The wage, then every play and pass with its findings, comments where they stand."""
    clean = view.g.clean
    actions = [f for f in r.early if f.kind == "action"]
    width = max((len(f.notation or "?") for f in actions), default=0)
    first = True
    for frame in r.early:
        if frame.kind == "wage":
            rows.add(label("wage"), Text(clean(frame.text)))
            _comments(view, rows, r.events, Wage)
        elif frame.kind == "action":
            words = frame.text
            if frame.player and words.startswith(frame.player + " "):
                words = words[len(frame.player) + 1:]  # the notation names the player
            head = label("sell" if first else "")
            head.append(f"{clean(frame.notation or '?'):<{width}}  ", style="notation")
            rows.add(head, Text(clean(words)))
            first = False
        elif frame.kind == "comment":
            rows.add(label(), Text.styled("; " + clean(frame.text), "comment"))
        else:
            rows.add(label(), Text.styled(clean(frame.text), "muted"))
        add_findings(view, rows, frame.findings, frame.player)
    _comments(view, rows, r.events, Sell)


def _reveal(view: View, rows: Hanging, rb: RoundBreakdown, frame: Frame | None) -> None:
    """Phase 3: who holds which card, and where the captain and the mutineer would sail."""
    roles = Text()
    for p in rb.players:
        if roles.plain:
            roles.append(", ")
        roles.append_text(view.player(p.colour, with_name=False))
        roles.append(f" {p.role}", style="muted" if p.role == "none" else "")
    rows.add(label("reveal"), roles)
    dests = Text("captain ")
    dests.append_text(view.player(rb.captain, with_name=False))
    dests.append(": ")
    dests.append(view.g.clean(rb.captain_destination), style="island.captain")
    n = view.steps(rb.port, rb.captain_destination)
    dests.append(f" ({n} island{'' if n == 1 else 's'} on)", style="muted")
    if rb.mutineer is not None and rb.mutineer_destination is not None:
        dests.append("; mutineer ")
        dests.append_text(view.player(rb.mutineer, with_name=False))
        dests.append(": ")
        dests.append(view.g.clean(rb.mutineer_destination), style="island.mutineer")
        n = view.steps(rb.port, rb.mutineer_destination)
        dests.append(f" ({n} on)", style="muted")
    rows.add(label(), dests)
    if frame is not None:
        add_findings(view, rows, frame.findings)


def _mutiny(view: View, rows: Hanging, rb: RoundBreakdown, events: Sequence[Event],
            frame: Frame | None) -> None:
    """Phase 4: the conflict cards of each side, the mate's 1 and the outcome (U6)."""
    if rb.mutineer is None:
        rows.add(label("mutiny"), Text.styled("no mutiny: nobody took the mutineer card",
                                               "muted"))
    else:
        roles = {p.colour: p.role for p in rb.players}
        sides: dict[str | None, list[str]] = {"captain": [], "mutineer": [], None: []}
        for ev in events:
            if isinstance(ev, Mutiny):
                for a in ev.adds:
                    sides[a.side or SIDES.get(roles.get(a.player, ""))].append(
                        f"{a.player} {a.count}")
        mate = next((p.colour for p in rb.players if p.role == "mate"), None)
        if mate is not None:
            sides["captain"].append("the mate's +1")
        text = Text(f"captain's side {rb.captain_side} ")
        text.append(f"({', '.join(sides['captain']) or 'no card'})", style="muted")
        text.append(f", mutineers {rb.mutineer_side} ")
        text.append(f"({', '.join(sides['mutineer']) or 'no card'})", style="muted")
        if sides[None]:
            text.append(f", for no side: {', '.join(sides[None])}", style="muted")
        if rb.mutiny == "succeeded":
            text.append(": the mutineers win", style="island.mutineer")
            if rb.captain_side == rb.mutineer_side:
                text.append(" (a tie goes to the mutineers)", style="muted")
        else:
            text.append(": the captain holds", style="island.captain")
        rows.add(label("mutiny"), text)
    _comments(view, rows, events, Mutiny)
    if frame is not None:
        add_findings(view, rows, frame.findings)


def sources(items: Iterable[Points]) -> str:
    """``ship 5 (Eisfelsen) - wage 2 + Hochland grain majority alone 4``."""
    out = ""
    for item in items:
        text = "sheet as written" if item.source == "sheet" else item.text
        if not out:
            out = ("- " if item.points < 0 else "") + text
        else:
            out += (" - " if item.points < 0 else " + ") + text
    return out


def _points(view: View, rows: Hanging, rb: RoundBreakdown, events: Sequence[Event],
            frame: Frame | None) -> None:
    """Phase 5: the sales declared, then each player's points by source and the sheet."""
    sales = [s for ev in events if isinstance(ev, Sale) for s in ev.sales]
    if sales:
        rows.add(label("sales"), Text(view.g.clean(", ".join(
            f"{s.player} {s.good} {s.island}" + (f" {s.count}" if s.count is not None else "")
            for s in sales))))
    _comments(view, rows, events, Sale)
    for i, p in enumerate(rb.players):
        head = label("points" if i == 0 else "") + view.colour(p.colour)
        head.append(f" {p.points:>3} " + ("= " if p.items else " "))
        text = Text(view.g.clean(sources(p.items)) + "  " if p.items else "")
        text.append(f"total {p.total}", style="muted")
        if p.recorded is not None and p.recorded != p.points:
            text.append(f"  sheet {p.recorded}!", style="score.mismatch")
        if p.recorded_total is not None and p.recorded_total != p.total:
            text.append(f"  sheet total {p.recorded_total}!", style="score.mismatch")
        rows.add(head, text)
    if frame is not None:
        add_findings(view, rows, frame.findings)


def _refill(view: View, rows: Hanging, r: RoundFrames, rb: RoundBreakdown | None,
            last: bool) -> None:
    """Phases 6-8: the ship sails (and a new captain after a mutiny), the refill."""
    end = r.end[0] if r.end else None
    if last:
        rows.add(label("end"), Text.styled("the game ends with this round's scoring: the ship "
                                            "stays, nobody draws", "muted"))
    elif end is not None and end.ship is not None:
        text = Text("the ship sails to ")
        text.append(view.g.clean(end.ship), style="island.port")
        if rb is not None and rb.mutiny == "succeeded":
            text.append("; ")
            text.append_text(view.player(end.captain, with_name=False))
            text.append(" becomes captain")
        rows.add(label("sails"), text)
    draws = [d for ev in r.events if isinstance(ev, Draw) for d in ev.draws]
    checked = rb is None or rb.checked
    if draws:
        text = Text(view.g.clean(", ".join(format_draw(d) for d in draws)))
        if not checked:
            text.append("  (as written, not replayed)", style="muted")
        rows.add(label("refill"), text)
    elif not last and checked:
        rows.add(label("refill"), Text.styled("no draw recorded: every hand refilled with "
                                               "unseen cards", "muted"))
    _comments(view, rows, r.events, Draw)
    found = list(r.phases["refill"].findings) if "refill" in r.phases else []
    if checked:  # a draw in the last round is found when the round closes
        found += [i for frame in r.end for i in frame.findings]
    add_findings(view, rows, found)


def _circle(view: View, rb: RoundBreakdown, end: Frame | None) -> list[RenderableType]:
    """The circle during a round: its port, the port before, the destinations, the pirate."""
    marks = circle_marks(
        view.islands, port=rb.port, previous=rb.previous,
        captain=rb.captain_destination, mutineer=rb.mutineer_destination,
        pirate=end.pirate if end is not None else None)
    return legend(view) + circle_lines(view.islands, marks, set(rb.active), view.g)


def legend(view: View) -> list[RenderableType]:
    if view.legend_shown:
        return []
    view.legend_shown = True
    return [circle_legend(pirate=view.b.variant == "pirate")]


def round_lines(view: View, r: RoundFrames) -> list[RenderableType]:
    """A round phase by phase, then the table and the circle."""
    rb = view.by_round.get(r.number)
    head = r.head
    after = head.text == "after the end"
    title = heading(view, f"Round {r.number}", head.player if not after else None)
    if after:
        title.append("  played after the end of the game", style="muted")
    elif rb is not None:
        title.append(" captain; the ship lies at ")
        title.append(view.g.clean(rb.port), style="island.port")
    out: list[RenderableType] = [title]
    rows = Rows(3)
    add_findings(view, rows, head.findings)
    _comments(view, rows, r.events[:1], Round)
    _selling(view, rows, r)
    end = r.end[0] if r.end else None
    if rb is not None and not rb.checked:
        rows.add(label("sheet"), Text.styled("no selling recorded: the points are the sheet's",
                                              "muted"))
        for frame in r.end:  # the round closed at once: its findings concern the sheet
            add_findings(view, rows, frame.findings)
    if rb is not None and rb.checked:
        _reveal(view, rows, rb, r.phases.get("dest"))
        _comments(view, rows, r.events, Dest)
        _mutiny(view, rows, rb, r.events, r.phases.get("mutiny"))
    if rb is not None:
        _points(view, rows, rb, r.events, r.phases.get("score"))
        _refill(view, rows, r, rb, r.number >= view.b.rounds)
    for kind, frame in r.phases.items():
        if kind == "other":
            rows.add(label(), Text.styled(view.g.clean(frame.text), "muted"))
            add_findings(view, rows, frame.findings)
    if rows.rows:
        out.append(rows)
    if end is not None:
        out += table_lines(view.colours, end)
    if view.board and rb is not None:
        out += _circle(view, rb, end)
    return out
