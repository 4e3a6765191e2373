"""The Meuterer score view (``cartlog score``): the score sheet as a table of rounds by
players, the replay's points beside the sheet's (``!`` where they differ), each round's points
by source, the totals, the winners and the recorded result beside the replayed one::

    +-------------------------------------------------------------------------+
    |         | red Anne      | blue Bart     | green Carla   | yellow Diego  |
    | round   | replay  sheet | replay  sheet | replay  sheet | replay  sheet |
    |---------+---------------+---------------+---------------+---------------|
    | 1       |    0     0    |    4     4    |    0     0    |    4     4    |
    |   total |    0     0    |    4     4    |    0     0    |    4     4    |
    | 2       |    3     3    |    0     0    |    4     7!   |    3     5!   |
    ...
"""

from __future__ import annotations

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from cartlog.games.meuterer.events import MeutererLog
from cartlog.games.meuterer.render.phases import Rows, View, sources
from cartlog.render.widgets import Audited, Packed, counts_line

__all__ = ["outcome", "render_score", "standings"]


def outcome(view: View, won: bool = True) -> Text:
    b = view.b
    text = Text()
    if not b.finished:
        text.append("unfinished", style="finding.warning")
        # the rounds of the game: those before the position a log starts from count too
        text.append(f" after {b.turns} of {b.rounds} rounds")
        return text
    top = next((s.total for s in b.standings), 0)
    if won:
        text.append("won by " if len(b.winners) == 1 else "shared by ")
    for i, colour in enumerate(b.winners):
        if i:
            text.append(" and " if i == len(b.winners) - 1 else ", ")
        text.append_text(view.player(colour))
    text.append(f" with {top}" + (" each" if len(b.winners) > 1 else ""))
    return text


def standings(view: View, indent: int = 2) -> Packed:
    entries = []
    for s in view.b.standings:
        text = view.player(s.colour, with_name=False) + f" {s.total}"
        if s.recorded_total is not None and s.recorded_total != s.total:
            text.append(f" (sheet {s.recorded_total}!)", style="score.mismatch")
        entries.append(text)
    return Packed("totals", entries, indent, 10 - indent)


# -- the score ---------------------------------------------------------------------------------


def _cell(points: int, recorded: int | None, style: str = "") -> Text:
    """``  9    9``: the replay's number, then the sheet's (``-`` when it has none), ``!``
    after a sheet number that differs."""
    text = Text(f"{points:>4}", style=style)
    if recorded is None:
        text.append(f"{'-':>6} ", style="score.sheet")
    elif recorded != points:
        text.append(f"{recorded:>6}!", style="score.mismatch")
    else:
        text.append(f"{recorded:>6} ", style="score.sheet")
    return text


def _sheet_table(view: View, ascii: bool) -> Table:
    b = view.b
    table = Table(box=box.ASCII if ascii else box.ROUNDED, show_edge=True)
    table.add_column("round", justify="left", header_style="heading")
    for colour in view.colours:
        head = view.player(colour)
        head.append("\nreplay  sheet", style="label")
        table.add_column(head, justify="left", header_style="heading", no_wrap=True)
    for rb in b.scores:
        by = {p.colour: p for p in rb.players}
        label = f"{rb.round}" + ("" if rb.checked else " *")
        table.add_row(label, *(_cell(by[c].points, by[c].recorded) if c in by else Text("-")
                               for c in view.colours))
        table.add_row(Text("  total", style="muted"),
                      *(_cell(by[c].total, by[c].recorded_total, "muted") if c in by
                        else Text("-") for c in view.colours))
    return table


def _sources_block(view: View) -> list[RenderableType]:
    """Each round's points by source and player."""
    rows = Rows(2)
    width = len(f"round {len(view.b.scores)} ")
    for rb in view.b.scores:
        first = True
        for p in rb.players:
            if not p.items and not p.points:
                continue
            head = Text.styled(f"{f'round {rb.round}' if first else '':<{width}}", "label")
            head.append_text(view.colour(p.colour))
            head.append(f" {p.points:>3} = ")
            rows.add(head, Text(view.g.clean(sources(p.items)) if p.items else "-"))
            first = False
        if first:
            rows.add(Text.styled(f"{f'round {rb.round}':<{width}}", "label"),
                     Text.styled("nobody scores", "muted"))
    return [Text.styled("points by source", "heading"), rows] if rows.rows else []


def _result_line(view: View) -> Text:
    """The recorded result beside the replayed one."""
    b = view.b
    text = Text.styled("result    ", "label")
    text.append("recorded ")
    if b.recorded is None:
        text.append("nothing (no Result tag)", style="muted")
    else:
        text.append(view.g.clean(b.recorded))
    text.append("; replayed " + (b.winner or "unfinished"))
    if b.agrees is True:
        text.append(": agree", style="result.agree")
    elif b.agrees is False:
        text.append(": ")
        text.append("DISAGREE", style="result.disagree")
    return text


def render_score(log: MeutererLog, report: Audited, *, ascii: bool = False) -> RenderableType:
    """The score sheet: rounds by players, replay beside sheet; sources, totals, winners."""
    view = View(log, report, ascii)
    b = view.b
    head = Text.styled(view.g.clean(report.file), "heading")
    head.append(f": Meuterer, {view.g.clean(b.variant)} "
                f"{'game' if b.variant == 'base' else 'variant'}, {b.played} of {b.rounds} rounds, "
                f"{b.actions} plays and passes")
    winner = Text.styled("winner    " if len(b.winners) < 2 else "winners   ", "label")
    winner.append_text(outcome(view, won=False))
    parts: list[RenderableType] = [head, _sheet_table(view, ascii)]
    notes = []
    if any(not rb.checked for rb in b.scores):
        notes.append("* no selling recorded: the points are the sheet's, not checked")
    if any(p.recorded is not None and p.recorded != p.points
           or p.recorded_total is not None and p.recorded_total != p.total
           for rb in b.scores for p in rb.players):
        notes.append("! the sheet differs from the replay")
    parts += [Text.styled(n, "muted") for n in notes]
    parts += _sources_block(view)
    parts += [standings(view, 0), winner, _result_line(view), counts_line(report)]
    return Group(*parts)
