"""``cartlog view``: step through a game in the terminal (Textual, the ``view`` extra).

A step is a frame of the replay, as on the ruling page (:mod:`cartlog.render.html`): each
action, each turn's or round's end, each comment. The screen shows the step (its turn, player,
notation and words, and its findings with their rule and what was expected), the table as it
stood (the game's ``panel``: the last frame at or before the step that holds it), and the
one-line position as the step's turn began (copied with ``c``, for ``record --position``).
Views: the log as recorded, then the table's and each seat's when the log knows more than
they did (``v``). Keys are listed at the foot of the screen and in docs/cli.md.

Nothing else in cartlog imports Textual; the command line imports this module only for
``cartlog view``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from importlib import import_module
from typing import Any, ClassVar, NamedTuple

from rich.console import Console, RenderableType
from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.widgets import Input, Static

from cartlog.core.text import printable


class Seat(NamedTuple):
    """One view of the game: its label, log, report and frames, and for each step the frame
    whose table it shows (None before the first)."""

    label: str
    log: Any
    report: Any
    frames: Sequence[Any]
    tables: list[int | None]


def seats_of(log: Any, report: Any, frames: Sequence[Any], view: str | None = None
             ) -> list[Seat]:
    """The views of a game: the log as recorded (or as ``view`` saw it, alone), then the
    table's and each seat's, each that differs from the ones before (as the ruling page)."""
    from cartlog.audit import seat_views, view_label

    panel = _panel(report.game)
    seats = [_seat("as recorded" if view is None else view_label(view), log, report, frames,
                   panel)]
    if view is None:
        seats += [_seat(view_label(name), seen, seat_report, seat_frames, panel)
                  for name, seen, seat_report, seat_frames in seat_views(log, report.file)]
    return seats


def _panel(game: str) -> Any:
    from cartlog.games import GAMES

    try:
        return import_module(GAMES[game].renderer + ".panel")
    except ModuleNotFoundError:  # a game that draws no table: the steps only
        return None


def _seat(label: str, log: Any, report: Any, frames: Sequence[Any], panel: Any) -> Seat:
    tables: list[int | None] = []
    latest = None
    for k, frame in enumerate(frames):
        if panel is not None and panel.has_table(frame):
            latest = k
        tables.append(latest)
    return Seat(label, log, report, frames, tables)


def step_text(seat: Seat, k: int, turn_word: str) -> Text:
    """The step: where it is, who, the notation and words, and its findings."""
    frame = seat.frames[k]
    head = Text()
    if frame.turn is not None:
        head.append(f"{turn_word.capitalize()} {frame.turn}", style="bold")
    else:
        head.append(frame.kind.capitalize(), style="bold")
    for extra in (getattr(frame, "duel", None) and f"duel {frame.duel}",
                  getattr(frame, "phase", None)):
        if extra:
            head.append(f"  {extra}")
    if frame.player:
        head.append("  " + printable(frame.player), style="bold")
    if frame.notation:
        head.append("  " + printable(frame.notation))
    if frame.line:
        head.append(f"  line {frame.line}", style="dim")
    out = [head]
    if frame.text:
        out.append(Text(printable(frame.text)))
    findings = seat.report.findings
    for i in frame.findings:
        if not 0 <= i < len(findings):
            continue
        f = findings[i]
        style = {"error": "bold red", "warning": "bold yellow"}.get(f.severity, "bold blue")
        line = Text(f"#{i + 1} ")
        line.append(f"{f.severity}[{f.code}]", style=style)
        line.append(" " + printable(f.message))
        out.append(line)
        if f.expected:
            out.append(Text("   expected: " + printable(f.expected)))
        where = f"line {f.line}:{f.col}" if f.line is not None else ""
        rule = f"rule {f.rule}" if f.rule else ""
        if where or rule:
            out.append(Text("   " + "; ".join(p for p in (where, rule) if p), style="dim"))
        if f.follows is not None:
            out.append(Text(f"   follows from #{f.follows + 1}", style="dim"))
    if not frame.findings:
        out.append(Text("no finding at this step", style="dim"))
    return Text("\n").join(out)


class _Pane(VerticalScroll, can_focus=False):
    """The table's pane: scrolled by the mouse; the keys stay the viewer's."""


HELP = "<-/-> step  up/down {unit}  home/end  n/p finding  g go  v view  c copy  q quit"


class Viewer(App[None]):
    """The viewer: one step at a time, with the table and the findings."""

    AUTO_FOCUS = None  # the keys are the viewer's until g opens the turn box
    CSS = """
    #where { height: 1; background: $boost; }
    #step { height: auto; max-height: 40%; padding: 0 1; }
    #board-pane { height: 1fr; }
    #board { padding: 0 1; }
    #position { height: auto; max-height: 3; color: $text-muted; padding: 0 1; }
    #keys { height: 1; color: $text-muted; }
    #goto { display: none; }
    #goto.shown { display: block; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "step(-1)", "previous step", show=False),
        Binding("right", "step(1)", "next step", show=False),
        Binding("up,pageup", "turn(-1)", "previous turn", show=False),
        Binding("down,pagedown", "turn(1)", "next turn", show=False),
        Binding("home", "to(0)", "start", show=False),
        Binding("end", "to(-1)", "end", show=False),
        Binding("n", "finding(1)", "next finding", show=False),
        Binding("p", "finding(-1)", "previous finding", show=False),
        Binding("g", "goto", "go to a turn", show=False),
        Binding("v", "next_view", "next view", show=False),
        Binding("c", "copy_position", "copy the position", show=False),
        Binding("q,escape", "quit", "quit", show=False),
    ]

    def __init__(self, seats: list[Seat], console: Callable[[int, str], Console], *,
                 turn: int | None = None, ascii: bool = False, theme_name: str = "dark"
                 ) -> None:
        """``console(width, theme)``: a console drawing into memory (the command line's)."""
        super().__init__()
        self.console_at = console
        from cartlog.games import GAMES

        self.seats = seats
        self.seat = 0
        self.spec = GAMES[seats[0].report.game]
        self.ascii = ascii
        self.theme_name = theme_name
        self.step = self._opening(turn)
        self._positions: dict[tuple[int, int | None], str] = {}
        self._drawn: dict[tuple[int, int | None, int], Text] = {}

    # -- what is shown ----------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(id="where")
        yield Static(id="step")
        with _Pane(id="board-pane"):
            yield Static(id="board")
        yield Static(id="position")
        yield Input(placeholder=f"{self.spec.turn_word} number, then Enter", id="goto")
        yield Static(HELP.format(unit=self.spec.turn_word), id="keys")

    def on_mount(self) -> None:
        self.theme = "textual-light" if self.theme_name == "light" else "textual-dark"
        self.title = f"cartlog view: {printable(self.seats[0].report.file)}"
        self.redraw()

    def on_resize(self) -> None:
        self._drawn.clear()
        self.redraw()

    @property
    def current(self) -> Seat:
        return self.seats[self.seat]

    def _opening(self, turn: int | None) -> int:
        frames = self.current.frames
        if turn is not None:
            found = next((k for k, f in enumerate(frames) if f.turn == turn), None)
            if found is not None:
                return found
        return next((k for k, f in enumerate(frames) if f.findings), 0)

    def redraw(self) -> None:
        """Draw the step, its table and its position."""
        seat, k = self.current, self.step
        frame = seat.frames[k]
        parts = [f"step {k + 1}/{len(seat.frames)}"]
        if frame.turn is not None:
            parts.append(f"{self.spec.turn_word} {frame.turn}")
        if len(self.seats) > 1:
            parts.append(seat.label)
        errors = seat.report.errors
        parts.append(f"{errors} error{'s' if errors != 1 else ''}" if errors else "clean")
        name = printable(seat.report.file).replace("\\", "/").rsplit("/", 1)[-1]
        where = " | ".join(parts + [name])
        self.query_one("#where", Static).update(Text(where))
        self.query_one("#step", Static).update(step_text(seat, k, self.spec.turn_word))
        self.query_one("#board", Static).update(self._table(k))
        position = self.position_line()
        self.query_one("#position", Static).update(
            Text("position as this " + self.spec.turn_word + " began: " + position)
            if position else Text(""))

    def _table(self, k: int) -> RenderableType:
        seat = self.current
        at = seat.tables[k]
        if at is None:
            return Text("no table yet", style="dim")
        width = max(40, self.size.width - 2)
        key = (self.seat, at, width)
        if key not in self._drawn:
            panel = _panel(seat.report.game)
            before = next((seat.frames[j] for j in range(at - 1, -1, -1)
                           if panel.has_table(seat.frames[j])), None)
            drawing = panel.panel(seat.log, seat.report, seat.frames[at], before, self.ascii)
            self._drawn[key] = _resolved(drawing, self.console_at(width, self.theme_name))
        return self._drawn[key]

    def position_line(self) -> str:
        """The one-line position as the step's turn began ('' where it cannot be had)."""
        from cartlog.engine import position_at

        frame = self.current.frames[self.step]
        turn = frame.turn
        key = (self.seat, turn)
        if key not in self._positions:
            try:
                self._positions[key] = position_at(self.current.log, turn)
            except (ValueError, LookupError, TypeError, AttributeError):
                self._positions[key] = ""
        return self._positions[key]

    # -- moving -----------------------------------------------------------------------------

    def go(self, k: int) -> None:
        self.step = max(0, min(len(self.current.frames) - 1, k))
        self.redraw()

    def action_step(self, d: int) -> None:
        self.go(self.step + d)

    def action_to(self, k: int) -> None:
        self.go(k if k >= 0 else len(self.current.frames) - 1)

    def action_turn(self, d: int) -> None:
        """Down: the first step of the next turn; Up: the first step of this turn, or of the
        turn before when already there."""
        frames = self.current.frames
        t, k = frames[self.step].turn, self.step
        if d < 0 and t is not None:
            begins = next(j for j, f in enumerate(frames) if f.turn == t)
            if begins < k:
                self.go(begins)
                return
        while 0 <= k + d < len(frames):
            k += d
            u = frames[k].turn
            if u is not None and u != t:
                if d < 0:
                    k = next(j for j, f in enumerate(frames) if f.turn == u)
                self.go(k)
                return
        self.go(0 if d < 0 else len(frames) - 1)

    def action_finding(self, d: int) -> None:
        frames = self.current.frames
        k = self.step + d
        while 0 <= k < len(frames):
            if frames[k].findings:
                self.go(k)
                return
            k += d
        self.bell()

    def action_goto(self) -> None:
        box = self.query_one("#goto", Input)
        box.add_class("shown")
        box.value = ""
        box.focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        box = self.query_one("#goto", Input)
        box.remove_class("shown")
        self.set_focus(None)
        text = event.value.strip()
        if text.isdigit():
            turn = int(text)
            found = next((k for k, f in enumerate(self.current.frames) if f.turn == turn), None)
            if found is not None:
                self.go(found)
                return
        self.notify(f"no {self.spec.turn_word} {printable(text)!r} in this game",
                    severity="warning")

    def action_next_view(self) -> None:
        if len(self.seats) < 2:
            self.notify("the log holds no other view", severity="information")
            return
        frames = self.current.frames
        turn, last = frames[self.step].turn, self.step == len(frames) - 1
        self.seat = (self.seat + 1) % len(self.seats)
        frames = self.current.frames
        if turn is None:
            self.step = len(frames) - 1 if last else 0
        else:
            self.step = next((k for k, f in enumerate(frames) if f.turn == turn), 0)
        self.redraw()

    def action_copy_position(self) -> None:
        position = self.position_line()
        if not position:
            self.notify("no position at this step", severity="warning")
            return
        self.copy_to_clipboard(position)
        self.notify("position copied")


def _resolved(renderable: RenderableType, console: Console) -> Text:
    """A renderable drawn by ``console`` (cartlog's theme) into text whose styles are
    resolved, so that Textual shows it with cartlog's colours."""
    lines = console.render_lines(renderable, console.options, pad=False)
    text = Text()
    for n, line in enumerate(lines):
        if n:
            text.append("\n")
        for segment in line:
            if not segment.control:
                text.append(segment.text, segment.style)
    return text
