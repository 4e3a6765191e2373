"""The Cartagena: The Mutiny views: the voyage round by round and the mutiny duel by duel
(``cartlog replay``), and the winner's breakdown (``cartlog score``).

A replay shows the setup (players, the declared track and card splits, or what is not
declared), then each round: the row as the giver laid it, every turn in notation and in
words with its findings, the ship's move, and the table after the round (each player's coins,
combat and gold cards as far as they are known, whether a conviction is set, the supplies,
the ship and the lifeboat). Then the mutiny: each duel's sailors, its combat rounds with both
sides' totals when every card is known, the monkeys' coins and the winner; then the reveal,
the gold and the outcome. ``start`` and ``end`` are round numbers; the mutiny is shown when
the last round is. In ASCII (at 80 columns)::

    -- Round 2  giver blue
       row         ? ? ? ? ? ?
       blue ^Nero -G1 -P1 +2    turns Dean Nero; uses Dean Nero; puts G1 P1 under
                                the pile; takes 2 coins
       ...
       ship 0 at 3              the ship moves 0 to space 3
       row         Dean Nero* Cambivalute Tembo* Ojo Satè Bijoux*
       coins       red 3  blue 3  green 1
       ...

The score view is the mutiny's duels as a table, then the players: conviction, gold (coins and
gold cards), the tie-break values, and the winners with the reason.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping

from rich import box
from rich.console import Group, JustifyMethod, RenderableType
from rich.table import Table
from rich.text import Text

from cartlog.games.mutiny import SPEC
from cartlog.games.mutiny.events import MutinyLog
from cartlog.games.mutiny.frames import Frame
from cartlog.games.mutiny.score import MutinyBreakdown
from cartlog.render.theme import player_style
from cartlog.render.widgets import (
    Audited,
    Glyphs,
    Hanging,
    Packed,
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

_TITLE = "Cartagena: The Mutiny"


class _View:
    """What every part of a view needs: the log, glyphs and the findings."""

    def __init__(self, log: MutinyLog, report: Audited, ascii: bool,
                 board: bool = True) -> None:
        self.log = log
        self.report = report
        self.board = board  # the holdings and the board after each round (``--no-board``)
        self.g: Glyphs = glyphs(ascii)
        self.colours = list(dict.fromkeys(p.colour for p in log.players))
        self.names = {p.colour: p.name for p in log.players if p.name}

    def player(self, colour: str | None, with_name: bool = True) -> Text:
        if colour is None:
            return Text()
        text = Text()
        for i, one in enumerate(colour.split(", ")):
            if i:
                text.append(", ")
            text.append(one, style=player_style(one))
            if with_name and self.names.get(one):
                text.append(" " + self.g.clean(self.names[one]))
        return text

    def words(self, text: str, style: str = "") -> Text:
        return Text(self.g.clean(text), style=style)


# -- the header and the setup ------------------------------------------------------------------


def _header(view: _View, start: int | None, end: int | None) -> Hanging:
    """``game.cartlog: Cartagena: The Mutiny, 3 players: red Ann, blue Bob, green Cy``."""
    text = Text.styled(view.g.clean(view.report.file), "bold")
    text.append(f": {_TITLE}, {len(view.log.players)} players: ")
    for i, colour in enumerate(view.colours):
        if i:
            text.append(", ")
        text.append_text(view.player(colour))
    if start is not None or end is not None:
        text.append("; " + shown_range(start, end, view.report.breakdown.turns, "round"),
                    style="label")
    return wrapped(text)


def _declared(view: _View) -> Hanging:
    """The component facts the log declares (M7), or that they are not declared."""
    log = view.log
    rows = Hanging(3)
    t = log.track
    if t is None:
        rows.add(Text.styled("track".ljust(11), "label"), Text.styled("not declared", "muted"))
    else:
        parts = [f"length {t.length}" if t.length is not None else "length not declared",
                 "storms " + " ".join(map(str, t.storms)) if t.storms is not None
                 else "storms not declared"]
        if t.starts is not None:
            parts.append("start " + " ".join(f"{k} players at {v}"
                                              for k, v in sorted(t.starts.items())))
        else:
            parts.append("start spaces not declared")
        if t.mutiny is not None:
            parts.append(f"mutiny space {t.mutiny}")
        rows.add(Text.styled("track".ljust(11), "label"), view.words(", ".join(parts)))
    for name, split in (("combat", log.combat), ("gold", log.gold)):
        shown = (", ".join(f"{k} {n}" for k, n in split.items()) if split is not None
                 else "split not declared")
        rows.add(Text.styled(name.ljust(11), "label"),
                 view.words(shown, "" if split is not None else "muted"))
    if log.sailors:
        rows.add(Text.styled("sailors".ljust(11), "label"), view.words(", ".join(
            f"{pair} {v[0]}-{v[1]}" for pair, v in sorted(log.sailors.items()))))
    if log.board:
        rows.add(Text.styled("board file".ljust(11), "label"), view.words(log.board))
    return rows


def _setup(view: _View, frame: Frame) -> list[RenderableType]:
    """Who plays, what the log declares (M7) and the table; for a log that starts from a
    position, the position too."""
    players = [view.player(c) for c in view.colours]
    position = view.log.position
    if view.log.giver:
        first = "first giver" if position is None else "giver"
        players.append(Text.styled(f"({first} {view.log.giver})", "muted"))
    head: list[RenderableType] = [heading(view, "Setup" if position is None else "From the position"),
            Packed("players", players, 3, 12), _declared(view)]
    if position is not None:
        head.append(position_lines(view, position, 3, 12))
    return head + findings_block(view, frame.findings, 3) + _table(view, frame)


# -- the table -----------------------------------------------------------------------------------


def _per_player(view: _View, label: str, values: Mapping[str, object] | None) -> list[RenderableType]:
    if not values:
        return []
    entries = []
    for colour in view.colours:
        entry = view.player(colour, with_name=False)
        entry.append(" " + view.g.clean(str(values.get(colour, "-"))))
        entries.append(entry)
    return [Packed(label, entries, 3, 12)]


def _row(view: _View, cells: list[str] | None) -> list[RenderableType]:
    if cells is None:
        return []
    entries = [Text.styled("?", "cards.unseen") if c == "?" else view.words(c) for c in cells]
    return [Packed("row", entries, 3, 12)]


def _table(view: _View, frame: Frame) -> list[RenderableType]:
    """Holdings as far as they are known, the supplies, the ship and the lifeboat (none with
    ``--no-board``)."""
    if frame.coins is None or not view.board:
        return []
    out = (_per_player(view, "coins", frame.coins) + _per_player(view, "combat", frame.combat)
           + _per_player(view, "gold", frame.gold)
           + _per_player(view, "conviction", frame.conviction))
    s = frame.supply or {}
    ship = (f"space {frame.ship}" if frame.ship is not None
            else f"{frame.moved} spaces from the start")
    boat = frame.lifeboat or "empty"
    out.append(Packed("board", [
        view.words(f"supply: combat {s.get('combat')}, gold {s.get('gold')}, "
                   f"coins {s.get('coins')}"),
        view.words(f"ship {ship}"), view.words(f"lifeboat {boat}")], 3, 12))
    return out


# -- the steps -------------------------------------------------------------------------------------


def _line(view: _View, rows: Hanging, frame: Frame) -> None:
    """One event: who or what (the label), its notation, its words; its findings under it."""
    notation = frame.notation or frame.kind
    label = frame.player if frame.kind == "turn" and frame.player else frame.kind
    if frame.kind == "turn" and frame.player and notation.startswith(frame.player + " "):
        notation = notation[len(frame.player) + 1:]
    elif notation.startswith(frame.kind):
        notation = notation[len(frame.kind):].lstrip()
    if frame.kind == "comment":  # the comment's words once, as written
        notation, label = "", "comment"
        text = Text.styled(view.g.clean(frame.text or frame.notation or ""), "comment")
    else:
        text = Text.styled(view.g.clean(notation), "notation")
    if frame.text and frame.kind != "comment":
        text.append(("  " if notation else "") + view.g.clean(frame.text))
    rows.add(Text.styled(view.g.clean(label), player_style(label) if frame.kind == "turn"
                         else "label"), text, 2)
    add_findings(view, rows, frame.findings)


def _rounds(view: _View, frames: list[Frame]) -> list[list[Frame]]:
    """Frames grouped: setup, each round (round .. ship), the mutiny, the end."""
    groups: list[list[Frame]] = []
    for frame in frames:
        new = frame.kind in ("setup", "round", "mutiny", "duel", "reveal", "end")
        if frame.kind == "reveal" and groups and groups[-1][0].kind == "reveal":
            new = False
        if new or not groups:
            groups.append([frame])
        else:
            groups[-1].append(frame)
    return groups


def _round(view: _View, group: list[Frame]) -> list[RenderableType]:
    head = group[0]
    giver = None
    if head.kind == "round" and head.notation and " giver " in head.notation:
        giver = head.notation.split(" giver ", 1)[1].split()[0]
    title = heading(view, f"Round {head.turn}")
    if giver:
        title.append("  giver ", style="label")
        title.append_text(view.player(giver, with_name=False))
    out: list[RenderableType] = [title]
    rows = Hanging(3)
    for frame in group:
        _line(view, rows, frame)
    out.append(rows)
    last = group[-1]
    return out + _row(view, last.row) + _table(view, last)


def _mutiny(view: _View, group: list[Frame]) -> list[RenderableType]:
    head = group[0]
    if head.kind == "mutiny":
        title = "Mutiny"
    elif head.kind == "duel":
        title = f"Duel {head.duel or ''}".rstrip()
    else:
        title = "Reveal"
    out: list[RenderableType] = [heading(view, title)]
    rows = Hanging(3)
    for frame in group:
        _line(view, rows, frame)
        if frame.kind == "fight" and frame.totals:
            rows.add(Text(), Text.styled(
                f"totals Valverde {frame.totals['valverde']}, Diaz {frame.totals['diaz']}",
                "muted"))
        if frame.kind == "won" and frame.wins:
            rows.add(Text(), Text.styled(
                f"duels won Valverde {frame.wins['valverde']}, Diaz {frame.wins['diaz']}",
                "muted"))
    out.append(rows)
    if group[-1].kind in ("reveal", "gold"):
        last = next((f for f in reversed(group) if f.coins is not None), None)
        if last is not None:
            out += _table(view, last)
    return out


def _end(view: _View, frame: Frame, cut: bool) -> list[RenderableType]:
    b = view.report.breakdown
    out: list[RenderableType] = [heading(view, "End")]
    outcome = Text("  ")
    if b.winners:
        outcome.append("won by ")
        outcome.append_text(view.player(", ".join(b.winners)))
    elif b.finished:
        outcome.append("no winner", style="finding.warning")
    else:
        outcome.append("unfinished", style="finding.warning")
    outcome.append(": " + view.g.clean(b.reason))
    out.append(wrapped(outcome, 0))
    if not cut:
        out.extend(findings_block(view, frame.findings, 2))
    notes = Hanging(2)
    for item in view.report.unchecked:
        notes.add(Text.styled("not checked:", "muted"), Text.styled(view.g.clean(item), "muted"))
    summary = summary_line(view.report, SPEC)
    summary.plain = view.g.clean(summary.plain)
    return out + [notes, wrapped(summary)]


def replay_parts(log: MutinyLog, report: Audited, frames: list[Frame], source: str | None,
                 *, start: int | None = None, end: int | None = None, board: bool = True,
                 ascii: bool = False, only: Collection[int] | None = None
                 ) -> Iterator[RenderableType]:
    """The voyage round by round from ``start`` to ``end`` (inclusive) when given, then the
    mutiny when the last round is shown; ``board``: the holdings and the board after each
    round; ``only``: just those rounds (0: the setup; the mutiny is shown when it has a
    finding), a line saying which were left out. ``source`` is accepted for symmetry with the other games (every event is shown in
    its canonical notation)."""
    view = _View(log, report, ascii, board)
    yield _header(view, start, end)
    rounds = report.breakdown.turns
    cut = end is not None and end < rounds
    shown_any = False
    previous = 0  # the last round shown (with ``only``)
    for group in _rounds(view, frames):
        kind = group[0].kind
        if kind == "setup":
            if (start is None or start <= 1) and (only is None or 0 in only):
                yield from [Text()] + _setup(view, group[0])
                if len(group) > 1:  # comments before the first round
                    rows = Hanging()
                    for frame in group[1:]:
                        _line(view, rows, frame)
                    yield rows
        elif kind == "round":
            n = group[0].turn or 0
            if ((start is None or n >= start) and (end is None or n <= end)
                    and (only is None or n in only)):
                if only is not None and n > previous + 1:
                    yield from [Text(), left_out("rounds", previous + 1, n - 1)]
                shown_any, previous = True, n
                yield from [Text()] + _round(view, group)
        elif kind == "end":
            if only is not None and rounds > previous:
                yield from [Text(), left_out("rounds", previous + 1, rounds)]
                previous = rounds
            if not shown_any and start is not None and start > rounds:
                yield from [Text(), Text.styled(f"  no round {start} in this game "
                                                f"({rounds} rounds)", "muted")]
            yield from [Text()] + _end(view, group[0], cut)
        elif not cut and (start is None or start <= rounds) and (
                only is None or any(f.findings for f in group)):
            if only is not None and rounds > previous:
                yield from [Text(), left_out("rounds", previous + 1, rounds)]
                previous = rounds
            yield from [Text()] + _mutiny(view, group)


def render_replay(log: MutinyLog, report: Audited, frames: list[Frame], source: str | None,
                  *, start: int | None = None, end: int | None = None, board: bool = True,
                  ascii: bool = False) -> RenderableType:
    """The parts of :func:`replay_parts` as one renderable."""
    return Group(*replay_parts(log, report, frames, source, start=start, end=end, board=board,
                               ascii=ascii))


# -- the score -------------------------------------------------------------------------------------


def _result_line(view: _View) -> Text:
    b = view.report.breakdown
    return result_line(view, b.recorded, b.winner or ("none" if b.finished else "unfinished"), b.agrees)


def _duels(view: _View, b: MutinyBreakdown) -> Table | Text:
    if not b.duels:
        return Text.styled("duels     none recorded", "muted")
    table = Table(box=box.ASCII if view.g.ascii else box.ROUNDED, show_edge=True)
    columns: tuple[tuple[str, JustifyMethod], ...] = (
        ("duel", "left"), ("sailors", "right"), ("rounds", "left"), ("totals", "right"),
        ("winner", "left"), ("written", "left"))
    for name, justify in columns:
        table.add_column(name, justify=justify, header_style="heading")
    for d in b.duels:
        sailors = (f"{d.valverde}-{d.diaz}" if d.valverde is not None and d.diaz is not None
                   else "?")
        rounds = " / ".join(", ".join(r) for r in d.rounds) or "-"
        totals = f"{d.totals['valverde']}-{d.totals['diaz']}" if d.totals else "?"
        winner = d.winner or "?"
        written = Text(d.written or "-")
        if d.winner and d.written and d.winner != d.written:
            written.stylize("bad")
        table.add_row(d.pair, sailors, view.g.clean(rounds), totals, winner, written)
    return table


def render_score(log: MutinyLog, report: Audited, *, ascii: bool = False) -> RenderableType:
    """The final breakdown: duels, the winning side, each player's conviction, gold and
    tie-break values, the winners with the reason, the result check and the counts."""
    view = _View(log, report, ascii)
    b = report.breakdown
    head = Text.styled(view.g.clean(report.file), "bold")
    head.append(f": {_TITLE}, {b.rounds} rounds, {b.actions} turns")
    if b.trigger:
        head.append(f"; the voyage ended by {b.trigger}")
    winner = Text.styled("winner    ", "label")
    if b.winners:
        winner.append_text(view.player(", ".join(b.winners)))
    else:
        winner.append("nobody" if b.finished else "unfinished", style="finding.warning")
    winner.append(": " + view.g.clean(b.reason))
    mutiny = Text.styled("mutiny    ", "label")
    mutiny.append(f"Valverde {b.wins['valverde']}, Diaz {b.wins['diaz']} duels won")
    if b.side:
        mutiny.append(f": {b.side.capitalize()} wins")
    table = Table(box=box.ASCII if ascii else box.ROUNDED, show_edge=True)
    columns: tuple[tuple[str, JustifyMethod], ...] = (
        ("#", "right"), ("player", "left"), ("conviction", "left"), ("coins", "right"),
        ("gold cards", "left"), ("gold", "right"), ("tie-break", "right"),
        ("combat left", "left"))
    for name, justify in columns:
        table.add_column(name, justify=justify, header_style="heading")
    for place, row in enumerate(b.standings, 1):
        conviction = Text(row.conviction)
        if row.out:
            conviction.append(" (out)", style="finding.warning")
        elif row.eligible:
            conviction.stylize("ok")
        gold = str(row.gold) if row.gold is not None else "?"
        if row.recorded_gold is not None and row.recorded_gold != row.gold:
            gold += f" (written {row.recorded_gold})"
        table.add_row(str(place), view.player(row.colour), conviction, str(row.coins),
                      row.gold_cards, gold,
                      "-" if row.side_cards is None else str(row.side_cards),
                      view.g.clean(row.combat))
    return Group(head, wrapped(winner), mutiny, _duels(view, b), table, _result_line(view),
                 counts_line(report))
