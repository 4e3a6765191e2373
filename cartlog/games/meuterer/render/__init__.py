"""The Meuterer views: a game round by round (``cartlog replay``) and its score sheet
(``cartlog score``).

A replay shows the setup once, then each round phase by phase: the wage, the selling (every
play and pass in notation and in words), the reveal (roles and destinations), the mutiny, the
points of each player by source, the ship's move and the refill; then the table and the island
circle (:mod:`cartlog.games.meuterer.render.circle`). Findings appear at the step where they arise,
numbered as ``cartlog check`` numbers them. ``start`` and ``end`` are round numbers. In
ASCII (at 80 columns)::

    -- Round 2  blue Bart captain; the ship lies at Kalte Klippe
       wage     blue offers the mate 3
       sell     blue C                  plays cloth
                green pass 5 mate       passes keeping 5 cards and takes the mate
                ...
                blue pass 2             passes keeping 2 cards: destination
                                        Frosthohle
       reveal   red stevedore, blue captain, green mate, yellow mutineer
                captain blue: Frosthohle (2 islands on); mutineer yellow: Affeninsel
                (3 on)
       mutiny   captain's side 1 (blue 0, green 0, the mate's +1), mutineers 2
                (yellow 2): the mutineers win
       points   red      0  total 0
                blue     8 = Kalte Klippe cloth majority alone 5 + Hochland grain
                             majority 2 tied 3  total 12
                ...
       sails    the ship sails to Affeninsel; yellow becomes captain
       refill   yellow WGSX, red SWR keep -, blue WGW, green 0
       hands    red SCGGX (5)  blue RWWGG (5)  green SSWCG (5)  yellow SWGXX (5)
                deck 3  discard 13
       scores   red 0  blue 12  green 0  yellow 9
       v  1 *Hochland     prev           <-    12  Karge Zunge
       ...

The score view is the sheet as a table, rounds by players: each cell holds the replay's points
beside the sheet's, a ``!`` where they differ; then every round's points by source.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator

from rich.console import Group, RenderableType
from rich.text import Text

from cartlog.games.meuterer import SPEC
from cartlog.games.meuterer.events import MeutererLog
from cartlog.games.meuterer.frames import Frame
from cartlog.games.meuterer.render.circle import (
    circle_lines,
    circle_marks,
    goods_legend,
    island_entries,
    table_lines,
)
from cartlog.games.meuterer.render.phases import (
    Rows,
    View,
    label,
    legend,
    round_lines,
    rounds_of,
)
from cartlog.games.meuterer.render.score import outcome, render_score, standings
from cartlog.render.widgets import (
    Audited,
    Hanging,
    Packed,
    add_findings,
    findings_block,
    heading,
    left_out,
    position_lines,
    shown_range,
    summary_line,
    wrapped,
)

__all__ = ["render_replay", "render_score", "replay_parts"]


# -- setup, context and end --------------------------------------------------------------------


def _players(view: View, captain: str | None) -> Packed:
    entries = []
    for colour in view.colours:
        text = view.player(colour)
        if colour == captain:
            text.append(" (captain)", style="muted")
        entries.append(text)
    return Packed("players", entries, 3)


def _setup(view: View, frame: Frame, comments: list[Frame]) -> list[RenderableType]:
    """Findings on the header, players in seat order, the goods, the island table, the deal,
    the circle and the comments before round 1."""
    found = Rows(3)
    add_findings(view, found, frame.findings)
    position = view.log.position
    title = "Setup" if position is None else "From the position"
    out: list[RenderableType] = [heading(view, title)]
    if found.rows:
        out.append(found)
    out += [
        _players(view, frame.captain),
        Packed("goods", [goods_legend()], 3),
        Packed("islands", island_entries(view.circle, view.g), 3)]
    if position is not None:
        out.append(position_lines(view, position, 3))
    out += table_lines(view.colours, frame, label="deal" if position is None else "hands")
    if view.board:
        marks = circle_marks(view.islands, port=frame.ship, pirate=frame.pirate)
        out += legend(view)
        out += circle_lines(view.islands, marks, set(), view.g)
    rows = Rows(3)
    for c in comments:
        rows.add(label(), Text.styled("; " + view.g.clean(c.text), "comment"))
        add_findings(view, rows, c.findings)
    return out + ([rows] if rows.rows else [])


def _context(view: View, frame: Frame, start: int) -> list[RenderableType]:
    """The table before the first round shown, when the setup is not shown."""
    out: list[RenderableType] = [heading(view, f"Before round {start}")]
    out += table_lines(view.colours, frame)
    if view.board:
        marks = circle_marks(view.islands, port=frame.ship, previous=frame.previous,
                             pirate=frame.pirate)
        out += legend(view)
        out += circle_lines(view.islands, marks, set(), view.g)
    return out


def _end(view: View, frame: Frame | None, cut: bool, placed: set[int]) -> list[RenderableType]:
    """The outcome, the findings of the end, what could not be checked and the summary."""
    out: list[RenderableType] = [heading(view, "End"), wrapped(outcome(view), 2),
                                 standings(view)]
    if not cut:
        late = list(frame.findings) if frame is not None else []
        late += [i for i in range(len(view.report.findings)) if i not in placed
                 and i not in late]
        out.extend(findings_block(view, late, 2))
    notes = Hanging(2)
    for item in view.report.unchecked:
        notes.add(Text.styled("not checked:", "muted"), Text.styled(view.g.clean(item), "muted"))
    summary = summary_line(view.report, SPEC)
    summary.plain = view.g.clean(summary.plain)
    return out + [notes, wrapped(summary)]


def _header(view: View, rounds: int, start: int | None, end: int | None) -> Hanging:
    """``game.cartlog: Meuterer, pirate variant, 3 players: red Anne, ...; round 2 of 9``."""
    text = Text.styled(view.g.clean(view.report.file), "heading")
    text.append(f": Meuterer, {view.g.clean(view.b.variant)} "
                f"{'game' if view.b.variant == 'base' else 'variant'}, "
                f"{len(view.log.players)} players: ")
    for i, colour in enumerate(view.colours):
        if i:
            text.append(", ")
        text.append_text(view.player(colour))
    if start is not None or end is not None:
        text.append("; " + shown_range(start, end, rounds, "round"), style="label")
    return wrapped(text)


def replay_parts(log: MeutererLog, report: Audited, frames: list[Frame], source: str | None,
                 *, start: int | None = None, end: int | None = None, board: bool = True,
                 ascii: bool = False, only: Collection[int] | None = None
                 ) -> Iterator[RenderableType]:
    """The game round by round, from round ``start`` to round ``end`` (inclusive) when given;
    with ``only``, just those rounds (0: the setup), a line saying which were left out.

    ``source`` is accepted for symmetry with the check report; every line is shown in its
    canonical notation, so the log's own lines are not quoted.
    """
    view = View(log, report, ascii, board)
    setup, before, rounds, end_frame = rounds_of(log, frames)
    placed = {i for f in frames for i in f.findings}
    last = max((r.number for r in rounds), default=0)  # past the position a log starts from
    yield _header(view, max(last, view.b.played), start, end)
    from_start = start is None or start <= 1
    shown = [r for r in rounds if (start is None or r.number >= start)
             and (end is None or r.number <= end) and (only is None or r.number in only)]
    if from_start and setup is not None and (only is None or 0 in only):
        yield from [Text()] + _setup(view, setup, before)
    elif shown and only is None:
        latest = setup
        for r in rounds:
            if r.number >= shown[0].number:
                break
            latest = r.end[0] if r.end else latest
        if latest is not None:
            yield from [Text()] + _context(view, latest, shown[0].number)
    previous = 0
    for r in shown:
        if only is not None and r.number > previous + 1:
            yield from [Text(), left_out("rounds", previous + 1, r.number - 1)]
            latest = next((q.end[0] for q in reversed(rounds)
                           if q.number < r.number and q.end), setup)
            if latest is not None and r.number - 1 not in only:
                yield from [Text()] + _context(view, latest, r.number)
        previous = r.number
        yield from [Text()] + round_lines(view, r)
    if only is not None and last > previous:
        yield from [Text(), left_out("rounds", previous + 1, last)]
    if not shown and only is None and (start is not None or end is not None):
        yield from [Text(), Text.styled(f"  no round {start or end} in this game "
                                        f"({last} rounds)", "muted")]
    cut = end is not None and end < last
    yield from [Text()] + _end(view, end_frame, cut, placed if not cut else placed)


def render_replay(log: MeutererLog, report: Audited, frames: list[Frame], source: str | None,
                  *, start: int | None = None, end: int | None = None, board: bool = True,
                  ascii: bool = False) -> RenderableType:
    """The parts of :func:`replay_parts` as one renderable."""
    return Group(*replay_parts(log, report, frames, source, start=start, end=end, board=board,
                               ascii=ascii))
