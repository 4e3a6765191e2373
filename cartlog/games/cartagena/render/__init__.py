"""The Cartagena views: a game step by step (``cartlog replay``) and its final breakdown
(``cartlog score``).

A replay shows the setup once, then each turn: a heading, every action in notation with its
plain-words account and the findings that arise there (numbered as ``cartlog check`` numbers
them), then the hands and a drawing of the passage (:mod:`cartlog.games.cartagena.render.board`).
Rows laid, claims and comments appear where the log has them. It ends with the outcome, what
could not be checked and a one-line summary. In ASCII::

    -- Turn 4  red Anne
       P4-7  red plays pistol: pirate from 4 to 7
       7-5+D red moves a pirate back from 7 to 5 where 1 pirate stood and draws 1
             card (dagger)
       D0-3  red plays dagger: pirate from start to 3
      hands    red DBBB (4)  blue SSBHH (5)  yellow KBPPH (5)  deck 72  discard 5
               row KSDPDDDPBHS
      start    red 4  blue 5  yellow 5
      ...

Long texts wrap at the console's width under their own column; the board fits 80 columns.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator
from typing import Any, NamedTuple

import msgspec
from rich import box
from rich.console import Group, JustifyMethod, RenderableType
from rich.table import Table
from rich.text import Text

from cartlog.games.cartagena import SPEC
from cartlog.games.cartagena.events import (
    CartagenaLog,
    Comment,
    Draw,
    HandClaim,
    Pass,
    PiratesClaim,
    Row,
    Turn,
)
from cartlog.games.cartagena.frames import Frame
from cartlog.games.cartagena.model import RULESETS, find_ruleset
from cartlog.games.cartagena.notation import format_action, format_space
from cartlog.games.cartagena.render.board import cards_text, legend_lines, spaces_text, table_lines
from cartlog.render.theme import player_style
from cartlog.render.widgets import (
    Audited,
    Glyphs,
    Hanging,
    add_findings,
    counts_line,
    findings_block,
    glyphs,
    heading,
    left_out,
    position_lines,
    result_line,
    shown_range,
    summary_line,
    wrapped,
)

__all__ = ["render_replay", "render_score", "replay_parts"]


class _Step(NamedTuple):
    """One event of the log with its frames: a turn holds the frames of its actions."""

    kind: str  # setup, turn, row, claim, comment, end
    frame: Frame  # the frame of the step (turn-end for a turn)
    event: Any  # the log's event: a Turn for a turn, Row, a claim, Comment; None at setup, end
    actions: list[Frame]


class _View:
    """What every part of a view needs: the log, its rule set, glyphs and the findings."""

    def __init__(self, log: CartagenaLog, report: Audited, ascii: bool, board: bool = True
                 ) -> None:
        self.log = log
        self.report = report
        self.rs = find_ruleset(log.rules) or RULESETS["2000-jamaica"]
        self.g: Glyphs = glyphs(ascii)
        self.board = board
        self.boat = len(log.board) + 1
        self.colours = list(dict.fromkeys(p.colour for p in log.players))
        self.names = {p.colour: p.name for p in log.players if p.name}

    def legend(self) -> list[RenderableType]:
        """Pirate letters, signs and options."""
        return legend_lines(self.rs, self.colours, self.player, self.log.options)

    def table(self, frame: Frame, before: dict[str, list[int]] | None, label: str = "hands"
              ) -> list[RenderableType]:
        """Hands, piles and (when drawn) the passage after ``frame``."""
        return table_lines(self.rs, self.log.board, self.colours, frame, before, self.g,
                           label=label, board_drawn=self.board)

    def player(self, colour: str | None, with_name: bool = True) -> Text:
        """A colour in its style, followed by the player's name."""
        if colour is None:
            return Text()
        text = Text.styled(colour, player_style(colour))
        if with_name and self.names.get(colour):
            text.append(" " + self.g.clean(self.names[colour]))
        return text


# -- pairing frames with events ----------------------------------------------------------------


def _steps(log: CartagenaLog, frames: list[Frame]) -> list[_Step]:
    """Pair the frames with the log's events: one step per event, plus setup and end."""
    expected: dict[str, type | tuple[type, ...]] = {
        "turn-end": Turn, "row": Row, "claim": (HandClaim, PiratesClaim), "comment": Comment}
    events = iter(log.events)
    steps: list[_Step] = []
    pending: list[Frame] = []
    for frame in frames:
        if frame.kind == "action":
            pending.append(frame)
        elif frame.kind in ("setup", "end"):
            steps.append(_Step(frame.kind, frame, None, []))
        else:
            event = next(events, None)
            if not isinstance(event, expected.get(frame.kind, ())):
                event = None
            kind = "turn" if frame.kind == "turn-end" else frame.kind
            steps.append(_Step(kind, frame, event, pending))
            pending = []
    return steps


# -- findings ----------------------------------------------------------------------------------


# -- the steps ---------------------------------------------------------------------------------


def _setup(view: _View, step: _Step) -> list[RenderableType]:
    """The setup once: who plays, the signs, the deal and the table before turn 1; or, for a
    log that starts from a position, the position and its table."""
    position = view.log.position
    if position is not None:
        return ([heading(view, "From the position")] + view.legend()
                + [position_lines(view, position)] + view.table(step.frame, None)
                + findings_block(view, step.frame.findings, 2))
    return ([heading(view, "Setup")] + view.legend()
            + view.table(step.frame, None, "deal")
            + findings_block(view, step.frame.findings, 2))


def _context(view: _View, frame: Frame, start: int) -> list[RenderableType]:
    """The table before the first turn shown, when the setup is not shown."""
    return ([heading(view, f"Before turn {start}")] + view.legend()
            + view.table(frame, None))


def _action_text(view: _View, act: Any, frame: Frame | None) -> tuple[str, Text]:
    """Notation and plain words of one action of a turn (``act`` None: frame only).

    An action's comment follows the words rather than widening the notation column.
    """
    clean = view.g.clean
    if act is None:
        return (frame.notation or "?", Text(clean(frame.text))) if frame is not None else \
            ("?", Text())
    notation = format_action(msgspec.structs.replace(act, comment=None), view.boat)
    if frame is not None:
        words = frame.text
        if isinstance(act, Draw) and act.cards:
            words += " (" + ", ".join(view.rs.sign_name(view.rs.index.get(c, -1))
                                      if c != "?" else "unseen" for c in act.cards) + ")"
    elif isinstance(act, Pass):
        words = "no action (pass)"
    else:
        words = "not played: the game was over"
    text = Text(clean(words))
    if act.comment:
        text.append("  {" + clean(act.comment) + "}", style="comment")
    return notation, text


def _turn(view: _View, step: _Step, before: dict[str, list[int]] | None) -> list[RenderableType]:
    """A turn: heading, each action with its findings, then the table after it."""
    frame, event = step.frame, step.event
    colour = event.player if event is not None else frame.player
    by_number = {a.action: a for a in step.actions}
    shown = {i for a in step.actions for i in a.findings}
    leftover = [i for i in frame.findings if i not in shown]
    at_action: dict[int | None, list[int]] = {}
    numbers = set(by_number) | set(range(1, len(event.actions) + 1) if event else ())
    for i in leftover:
        n = view.report.findings[i].action
        at_action.setdefault(n if n in numbers else None, []).append(i)
    out: list[RenderableType] = [heading(view, f"Turn {frame.turn}", colour)]
    if frame.text == "after the end":
        out.append(Text.styled("   played after the end of the game", "muted"))
    rows = Hanging()
    add_findings(view, rows, at_action.get(None, []), colour)
    actions = event.actions if event is not None else [None] * len(step.actions)
    for n, act in enumerate(actions, 1):
        notation, text = _action_text(view, act, by_number.get(n))
        rows.add(Text.styled(view.g.clean(notation), "notation"), text)
        found = at_action.get(n, []) + (by_number[n].findings if n in by_number else [])
        add_findings(view, rows, found, colour)
    if rows.rows:
        out.append(rows)
    if event is not None and event.comment:
        out.append(Text.styled("   ; " + view.g.clean(event.comment), "comment"))
    return out + view.table(frame, before)


def _other(view: _View, step: _Step) -> list[RenderableType]:
    """A row laid, a claim or a comment, briefly."""
    frame, event = step.frame, step.event
    if step.kind == "comment":
        return [Text.styled("  ; " + view.g.clean(frame.text), "comment")]
    player = getattr(event, "player", None)
    if isinstance(event, Row):
        label, words = f"row {event.cards}", "a new row of cards is laid out"
    elif isinstance(event, HandClaim):
        spec = event.cards if event.cards is not None else str(event.size)
        held = spec if event.cards is not None else \
            f"{event.size} card{'' if event.size == 1 else 's'}"
        label, words = f"hand {player} {spec}", f"the log says {player} holds {held or 'no card'}"
    elif isinstance(event, PiratesClaim):
        label = f"pirates {player} " + " ".join(format_space(s, view.boat) for s in event.spaces)
        words = (f"the log says {player}'s pirates stand on "
                 f"{spaces_text(event.spaces, view.boat, aboard=True)}")
    else:
        label, words = frame.kind, frame.text
    rows = Hanging(2)
    rows.add(Text.styled(view.g.clean(label), "notation"),
             Text.styled(view.g.clean(words), "muted"))
    add_findings(view, rows, frame.findings, player)
    return [rows]


def _end(view: _View, frame: Frame, cut: bool) -> list[RenderableType]:
    """The outcome, what could not be checked and the one-line summary."""
    b = view.report.breakdown
    out: list[RenderableType] = [heading(view, "End")]
    outcome = Text("  ")
    if b.winner:
        outcome.append("won by ")
        outcome.append_text(view.player(b.winner))
        outcome.append(f" after {b.turns} turns ({b.actions} actions)")
    else:
        outcome.append("unfinished", style="finding.warning")
        outcome.append(f" after {b.turns} turns: no player has every pirate aboard")
    out.append(outcome)
    if not cut:
        out.extend(findings_block(view, frame.findings, 2))
    notes = Hanging(2)
    for item in view.report.unchecked:
        notes.add(Text.styled("not checked:", "muted"), Text.styled(view.g.clean(item), "muted"))
    summary = summary_line(view.report, SPEC)
    summary.plain = view.g.clean(summary.plain)
    return out + [notes, wrapped(summary)]


def _header(view: _View, start: int | None, end: int | None) -> Hanging:
    """``game.cartlog: Cartagena, 2000-tortuga, 3 players: red Anne, blue Bart, ...``."""
    text = Text.styled(view.g.clean(view.report.file), "bold")
    text.append(f": Cartagena, {view.g.clean(view.log.rules)}, "
                f"{len(view.log.players)} players: ")
    for i, colour in enumerate(view.colours):
        if i:
            text.append(", ")
        text.append_text(view.player(colour))
    if start is not None or end is not None:
        text.append("; " + shown_range(start, end, view.report.breakdown.turns, "turn"),
                    style="label")
    return wrapped(text)


def replay_parts(log: CartagenaLog, report: Audited, frames: list[Frame], source: str | None,
                 *, start: int | None = None, end: int | None = None, board: bool = True,
                 ascii: bool = False, only: Collection[int] | None = None
                 ) -> Iterator[RenderableType]:
    """The game step by step, from turn ``start`` to turn ``end`` (inclusive) when given;
    with ``only``, just those turns (0: the setup), a line saying which were left out.

    ``source`` is accepted for symmetry with the check report; each action is shown in its
    canonical notation, so the log's own lines are not quoted. The parts come one at a time,
    for the console to print each as it comes: a replay's memory is that of one turn, not of
    the whole game's drawing.
    """
    view = _View(log, report, ascii, board)
    yield _header(view, start, end)
    from_start = start is None or start <= 1
    cut = end is not None and end < report.breakdown.turns
    last_turn = 0
    latest = None  # the last frame with a table: the position before the next turn
    shown_any = False
    shown_last = 0  # the last turn shown (with ``only``)
    for step in _steps(log, frames):
        frame = step.frame
        if step.kind == "turn" and frame.turn is not None:  # a turn's frame has its number
            last_turn = frame.turn
        in_range = ((start is None or last_turn >= start or (last_turn == 0 and from_start))
                    and (end is None or last_turn <= end)
                    and (only is None or last_turn in only))
        if step.kind == "setup" and from_start and (only is None or 0 in only):
            yield from [Text()] + _setup(view, step)
        elif step.kind == "turn" and in_range:
            if only is not None and last_turn > shown_last + 1:
                yield from [Text(), left_out("turns", shown_last + 1, last_turn - 1)]
                if latest is not None and last_turn - 1 not in only:
                    yield from _context(view, latest, last_turn)
            elif not shown_any and start is not None and not from_start and latest is not None:
                yield Text()
                yield from _context(view, latest, start)
            shown_any = True
            shown_last = last_turn
            yield from [Text()] + _turn(view, step, latest.pirates if latest else None)
        elif step.kind in ("row", "claim", "comment") and in_range:
            yield from _other(view, step)
        elif step.kind == "end":
            if only is not None and last_turn > shown_last:
                yield from [Text(), left_out("turns", shown_last + 1, last_turn)]
            if not shown_any and not from_start and only is None:
                yield from [Text(), Text.styled(f"  no turn {start} in this game "
                                                f"({report.breakdown.turns} turns)", "muted")]
            yield from [Text()] + _end(view, frame, cut)
        if step.kind in ("setup", "turn") and frame.pirates is not None:
            latest = frame


def render_replay(log: CartagenaLog, report: Audited, frames: list[Frame], source: str | None,
                  *, start: int | None = None, end: int | None = None, board: bool = True,
                  ascii: bool = False) -> RenderableType:
    """The parts of :func:`replay_parts` as one renderable."""
    return Group(*replay_parts(log, report, frames, source, start=start, end=end, board=board,
                               ascii=ascii))


# -- the score ---------------------------------------------------------------------------------


def _result_line(view: _View) -> Text:
    b = view.report.breakdown
    return result_line(view, b.recorded, b.winner or "unfinished", b.agrees)


def render_score(log: CartagenaLog, report: Audited, *, ascii: bool = False) -> RenderableType:
    """The final breakdown: winner, a table of the players, result check, finding counts."""
    view = _View(log, report, ascii)
    b = report.breakdown
    head = Text.styled(view.g.clean(report.file), "bold")
    head.append(f": Cartagena, {view.g.clean(b.rules)}, {b.turns} turns, {b.actions} actions")
    winner = Text.styled("winner    ", "label")
    if b.winner:
        winner.append_text(view.player(b.winner))
    else:
        winner.append("unfinished", style="finding.warning")
        winner.append(": no player has every pirate aboard")
    table = Table(box=box.ASCII if ascii else box.ROUNDED, show_edge=True)
    columns: tuple[tuple[str, JustifyMethod], ...] = (
        ("#", "right"), ("player", "left"), ("aboard", "right"), ("left", "right"),
        ("on spaces", "left"), ("distance", "right"), ("hand", "left"))
    for name, justify in columns:
        table.add_column(name, justify=justify, header_style="heading")
    for place, row in enumerate(b.standings, 1):
        total = len(row.pirates)
        hand = cards_text(view.rs, row.hand) if row.hand else Text.styled("-", "muted")
        table.add_row(str(place), view.player(row.colour), f"{row.aboard}/{total}",
                      str(total - row.aboard), spaces_text(row.pirates, b.boat),
                      str(row.distance), hand + Text.styled(f" ({row.hand_size})", "muted"))
    return Group(head, winner, table, _result_line(view), counts_line(report))
