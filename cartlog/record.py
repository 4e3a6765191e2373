"""The recorder: a game written down as it is played, one line at a time, checked as it goes.

A :class:`Recorder` holds a game in progress (an engine of :mod:`cartlog.engine`) and the log
file it writes. Each line typed is read in the game's own notation (``read``), checked
(``check``) and, when lawful, applied and written; an unlawful line is refused with the rule it
breaks and the lawful lines closest to it, unless it is typed again with ``!`` at the end,
when it is written as played all the same (condoned, where the notation has a mark for it).

The recorder knows no game: everything game-specific comes from the engine and from the
game's notation module, which gives ``format_event(event, log)`` (one event in canonical
notation), ``RULES_TAG`` and ``header_questions(rules)`` (what to ask for a new header), and,
for a game whose log writes several events on one line (Cartagena's turn, Meuterer's
``sell``), ``join_event(line, event, game)`` and ``split_line(line)``; ``CONDONED_MARK``
(``"!"``) where the notation marks an action the table let stand.

The file on disk is a complete, valid log after every accepted line (docs/cli.md, "The
log on disk"), and after every write that fails it is the log it was before:

- a new log is written to a temporary file beside it, synced and linked into place, so that
  it appears whole (and never over a file that is there);
- a line that only adds to the file is appended, flushed and synced (``os.fsync``); when any
  step fails (a full disk, an I/O error, a permission lost), the file is cut back to the length
  it had, so that no part of the line stays (:meth:`Recorder._append`);
- a line already on disk that changes (``undo``, or a turn line that grows by an action) is
  never rewritten in place: the whole log is written to a temporary file beside it, synced,
  and renamed over it; a failure before the rename leaves the file untouched;
- a line still being written (a turn not yet ended) is followed by the comment line
  :data:`OPEN_MARK`, so that ``cartlog record --resume`` goes on with that line; it goes
  once the line is complete.

A line whose write fails is not recorded: the game in memory goes back to the file's, and
the reply says so (``failed``); the session goes on, and the line may be typed again. A log
symbolic link is written through: the recorder writes the file it points to
(:attr:`Recorder.file`), so the link stays.

``--resume`` reads only a whole log: a text log whose last line does not end in a line break
was cut while being written (:func:`torn_line`) and is refused, located at that line.

One recorder at a time: :func:`hold` and :class:`Lock`, see there.

With sealing on (``--hash``), the header and every line carry a seal
(:mod:`cartlog.core.seal`). Nothing here draws or reads a terminal: that is
:mod:`cartlog.record_cli`'s business.
"""

from __future__ import annotations

import difflib
import errno
import os
import stat
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgspec

from cartlog import engine
from cartlog.core import seal as core_seal
from cartlog.core.codes import CODES as COMMON_CODES
from cartlog.core.errors import LogSyntaxError, SyntaxProblem
from cartlog.core.files import decode_text, kind_of
from cartlog.core.findings import Violation
from cartlog.core.limits import limit
from cartlog.core.notation import read_header
from cartlog.core.spec import GameSpec
from cartlog.core.text import echo_line, printable, split_lines
from cartlog.games import seals
from cartlog.logs import is_json, read_log

OPEN_TEXT = "recording: the line above is still being written"
OPEN_MARK = f"; {OPEN_TEXT}"
COMMANDS = ("undo", "board", "hand", "help", "quit")
SHOWN_OPTIONS = 8  # lawful lines listed in a prompt
CLOSEST = 3  # lawful lines offered with a refusal


# -- what a line gives -------------------------------------------------------------------------


@dataclass
class Reply:
    """What the recorder says to a line typed.

    ``kind``: ``accepted``, ``refused`` (breaks a rule), ``unreadable`` (not notation, or
    over the reader's limits), ``failed`` (lawful, but the file could not be written: not
    recorded), ``command`` (``hand``, ``help``, ``undo``), ``board`` (draw the board),
    ``quit``, ``empty``. ``text``: what to show, plain lines, every character of the log or
    of the line typed escaped (:func:`cartlog.core.text.printable`). ``written``: the line as
    the log now holds it. ``turn_over``: the game came back to its opening phase with another
    player to move, or ended: a moment to draw the board.
    """

    kind: str
    text: str = ""
    written: str | None = None
    turn_over: bool = False

    def __post_init__(self) -> None:
        self.text = shown(self.text)


@dataclass
class _Line:
    """A body line of the file: its event without a seal (``None`` for a blank line), its
    text on disk, and the seal it carries."""

    event: Any
    text: str
    seal: str | None = None


@dataclass
class _Snapshot:
    """What ``undo`` goes back to: the state before a line was accepted. Lines only change at
    the end of the log (a line added, the last line written again), so the lines before are
    kept as their count and the last of them, not copied."""

    game: Any
    count: int  # lines there were
    last: _Line | None  # the last of them, as it was
    open: bool
    base: Any
    typed: str
    unit: int  # the first line of the turn or round then under way
    unit_kind: type | None


MAX_UNDO = 100  # lines ``undo`` may take back, one after another (memory stays linear)
UNDO_TEXT = 256 * 1024  # characters of the lines kept for undo, at most (see _remember)
MAX_RECORD_LINES = 20_000  # lines a recorded log may hold (CARTLOG_MAX_RECORD_LINES)
MAX_UNIT_LINES = 500  # lines one turn or round may hold (CARTLOG_MAX_UNIT_LINES)


@dataclass
class Recorder:
    """A game being recorded into ``path``: see the module's docstring."""

    path: Path
    log: Any  # the decoded log as last read: its header is the game's setup
    game: Any  # the engine, with every accepted line applied
    head: list[str]  # the header's lines as on disk
    lines: list[_Line] = field(default_factory=list)
    sealed: bool = False
    open: bool = False  # the last line is still being written
    base: Any = None  # the engine before the open line's first event
    history: deque[_Snapshot] = field(default_factory=lambda: deque(maxlen=MAX_UNDO))
    disk: str = ""  # the file's text as last written
    notes: list[str] = field(default_factory=list)  # said once, when recording starts
    opening: str = ""  # the phase the game starts in
    lock: Lock | None = None  # held by :func:`hold`: a file written anew is locked too
    max_bytes: int | None = None  # the reader's limits (CARTLOG_MAX_BYTES, CARTLOG_MAX_LINE)
    max_line: int | None = None
    stale: bool = False  # the file may hold part of a line whose write failed: write it whole
    unit: int = 0  # the first line of the turn or round under way (see _unreadable_log)
    unit_kind: type | None = None  # the kind of line that begins one (see _opens_unit)

    @property
    def file(self) -> Path:
        """The file written: ``path``, or the file a symbolic link ``path`` points to."""
        return Path(os.path.realpath(self.path))

    # -- construction --------------------------------------------------------------------------

    @classmethod
    def create(cls, path: Path, text: str, *, seal: bool = False, name: str | None = None,
               lock: Lock | None = None, max_bytes: int | None = None,
               max_line: int | None = None) -> Recorder:
        """Start recording into a new file ``path`` from ``text``: a header, or a header and
        lines already played (replayed as they stand). ``LogSyntaxError`` when ``text`` cannot
        be read, or would be written over the limits; ``FileExistsError`` when ``path``
        exists; ``OSError`` when it cannot be written (nothing is left behind)."""
        rec = cls._load(path, text, name or str(path))
        rec.lock, rec.max_bytes, rec.max_line = lock, max_bytes, max_line
        if (rec.head and rec.head[-1].strip()
                and (not rec.lines or rec.lines[0].text.strip())):
            rec.head.append("")  # the canonical form: a blank line after the header
        if seal and not rec.sealed:
            rec._seal_all()
        over = rec._over_limits(rec.text())
        if over is not None:
            raise LogSyntaxError(name or str(path), [SyntaxProblem(0, 0, over)])
        rec._write(create=True)
        return rec

    @classmethod
    def resume(cls, path: Path, text: str | None = None, *, lock: Lock | None = None,
               max_bytes: int | None = None, max_line: int | None = None) -> Recorder:
        """Go on recording into ``path`` where it stopped (``text``: its text, when already
        read). ``LogSyntaxError`` when it cannot be read: not a regular file, a torn last line
        (:func:`torn_line`), not a log (``OSError`` when it cannot be opened)."""
        if text is None:
            regular_file(path)
            text = decode_text(path.read_bytes(), str(path))
        torn_line(text, printable(str(path)))
        rec = cls._load(path, text, str(path))
        rec.lock, rec.max_bytes, rec.max_line = lock, max_bytes, max_line
        rec.disk = text
        for index, v in seals.check(rec.log):
            where = "the header" if index is None else f"line {rec.log.events[index].line}"
            rec.notes.append(shown(f"warning: {where}: {v.message}"))
        return rec

    @classmethod
    def _load(cls, path: Path, text: str, name: str) -> Recorder:
        log = read_log(text, name)
        raw = split_lines(text)
        body_start = read_header(raw, []).body_start
        game = engine.start(log)
        first = game.to_move()
        rec = cls(path=path, log=log, game=game, head=raw[:body_start],
                  sealed=seals.seal_tag(log) is not None,
                  opening=first.phase if first is not None else "")
        by_line = {getattr(ev, "line", 0): ev for ev in log.events}
        filled = [i for i in range(body_start, len(raw)) if raw[i].strip()]
        marker = filled[-1] if filled and rec._is_marker(by_line.get(filled[-1] + 1)) else None
        opened = filled[-2] if marker is not None and len(filled) > 1 else None
        for i in range(body_start, len(raw)):
            if i == marker:
                continue
            event = by_line.get(i + 1) if raw[i].strip() else None
            if event is None:
                rec.lines.append(_Line(None, raw[i]))
                continue
            bare, found = seals.unseal(event)
            previous = rec._last_event()
            if (seals.is_seal_line(event) and previous is not None
                    and not seals.can_hold(previous) and rec.lines[-1].event is previous):
                last = rec.lines[-1]
                rec.lines[-1] = _Line(last.event, f"{last.text}\n{raw[i]}", found)
                continue
            if i == opened:  # a line still being written: its events one by one
                for part in rec._notation("split_line", lambda e: [e])(bare):
                    rec._remember(raw[i].strip())
                    rec._apply(part)
                continue
            rec._remember(raw[i].strip())
            rec.game.apply(event)
            rec.lines.append(_Line(bare, raw[i], found))
        rec._settle()
        return rec

    def _remember(self, typed: str) -> None:
        """Keep what ``undo`` goes back to, before a line is taken: the last
        :data:`MAX_UNDO` lines, and fewer when the lines they keep pass :data:`UNDO_TEXT`
        characters (a line that grows with every entry, Meuterer's ``sell``, is kept as it was
        at each entry), so that memory stays linear in the log."""
        last = self.lines[-1] if self.lines else None
        self.history.append(_Snapshot(self.game.copy(), len(self.lines), last, self.open,
                                      self.base, typed, self.unit, self.unit_kind))
        held = sum(len(back.last.text) for back in self.history if back.last is not None)
        while held > UNDO_TEXT and len(self.history) > 1:
            oldest = self.history.popleft()
            held -= len(oldest.last.text) if oldest.last is not None else 0

    def _is_marker(self, event: Any) -> bool:
        if event is None or type(event).__name__ != "Comment":
            return False
        return seals.unseal(event)[0].text == OPEN_TEXT

    # -- the game's parts ----------------------------------------------------------------------

    @property
    def spec(self) -> GameSpec:
        return self.game.spec  # type: ignore[no-any-return]

    def _notation(self, name: str, default: Any = None) -> Any:
        return getattr(self.spec.notation, name, default)

    def format(self, event: Any) -> str:
        """An event in canonical notation."""
        return str(self.spec.notation.format_event(event, self.log))

    def severity(self, v: Violation) -> str:
        info = self.spec.codes.CODES.get(v.code) or COMMON_CODES.get(v.code)
        return info.severity if info is not None else "error"

    def rule(self, v: Violation) -> str:
        info = self.spec.codes.CODES.get(v.code) or COMMON_CODES.get(v.code)
        return v.rule or (info.rule if info is not None else "")

    # -- where the game stands -----------------------------------------------------------------

    def player_name(self, colour: str) -> str:
        """The colour and the player's name, shown escaped (a name is the log's text)."""
        for p in getattr(self.log, "players", ()):
            if p.colour == colour and p.name:
                return printable(f"{colour} {p.name}")
        return colour

    def open_line(self) -> str | None:
        """The line still being written, as the log holds it now."""
        if not self.open:
            return None
        return self.format(self._last_event())

    def options(self) -> list[str]:
        """The lawful next lines, in canonical notation, each once."""
        seen: dict[str, None] = {}
        for event in self.game.legal():
            seen.setdefault(self.format(event), None)
        return list(seen)

    def status(self) -> str:
        """Whose turn it is, in which phase, what the line so far holds, and what they may
        do; or how the game ended."""
        if self.game.is_over():
            outcome = self.game.outcome()
            winners = ", ".join(self.player_name(c) for c in outcome.winners) or "nobody"
            return (f"the game is over: won by {winners} ({outcome.reason}); "
                    "undo takes the last line back, quit leaves")
        who = self.game.to_move()
        out = [f"{self.player_name(who.player)} to move ({who.phase})"]
        line = self.open_line()
        if line is not None:
            out.append(f"  so far: {line}")
        options = self.options()
        if options:
            shown = ", ".join(options[:SHOWN_OPTIONS])
            more = (f" ... ({len(options)} in all; help lists them)"
                    if len(options) > SHOWN_OPTIONS else "")
            out.append(f"  may: {shown}{more}")
        return "\n".join(out)

    def prompt(self) -> str:
        """The prompt before a line: the player to move and the phase."""
        who = self.game.to_move()
        return "over> " if who is None else f"{who.player} {who.phase}> "

    def closest(self, typed: str, n: int = CLOSEST) -> list[str]:
        """The lawful lines whose text is nearest to ``typed``. An option shorter than the
        typed line (an action, where a whole turn line was typed with its number and player)
        is also compared with as many of the typed line's last words, so that the action
        typed, not the words every option leaves out, decides."""
        key = typed.strip().lower()
        words = key.split()
        options = self.options()

        def nearness(option: str) -> float:
            option = option.lower()
            near = difflib.SequenceMatcher(None, key, option).ratio()
            width = len(option.split())
            if width < len(words):
                tail = " ".join(words[-width:])
                near = max(near, difflib.SequenceMatcher(None, tail, option).ratio())
            return near

        ranked = sorted(range(len(options)), key=lambda i: (-nearness(options[i]), i))
        return [options[i] for i in ranked[:n]]

    # -- a line typed --------------------------------------------------------------------------

    def enter(self, typed: str) -> Reply:
        """Take one line: a command, or a line of the log's notation."""
        if self.max_line is not None and len(typed.rstrip("\r\n")) > self.max_line:
            return Reply("unreadable", f"cannot read: the line is over {self.max_line} "
                         "characters, the longest a log may hold (CARTLOG_MAX_LINE raises "
                         "the limit)")
        text = typed.strip()
        if not text:
            return Reply("empty")
        if text.lower() in COMMANDS:
            return getattr(self, f"_{text.lower()}")()  # type: ignore[no-any-return]
        force = _forced(text)
        marks = self._notation("CONDONED_MARK") == "!"  # the notation reads the ! itself
        try:
            event = self.game.read(text if marks or not force else _unforced(text))
        except LogSyntaxError as err:
            if not (marks and force):
                return Reply("unreadable", self._unreadable(text, err))
            try:  # a line the notation cannot mark (a score line): recorded unmarked
                event = self.game.read(_unforced(text))
            except LogSyntaxError:
                return Reply("unreadable", self._unreadable(text, err))
        return self._take(text, event, force)

    def _take(self, text: str, event: Any, force: bool) -> Reply:
        too_long = self._too_long(event)
        if too_long is not None:
            return Reply("refused", too_long)
        if self.game.is_over() and self._join(None, event) is not None:
            return Reply("refused", f"refused: {self.status()}")  # it would begin a turn
        target, closing = self._target(event)
        restart = self._restart(event)
        if restart is not None:
            target = restart
        found = target.check(event)
        errors = [v for v in found if self.severity(v) == "error"]
        if errors and not force:
            return Reply("refused", self._refusal(text, event, errors))
        notes = [v for v in found if v not in errors]
        if force and not errors:
            bare = _unforced(text)
            try:
                event = self.game.read(bare) if bare is not None else event
            except LogSyntaxError:
                pass
            target, closing = self._target(event)
        before = self.game.to_move()
        closed_line = self.open_line() if closing and self._could_go_on() else None
        self._remember(text)
        if not self.open and self._opens_unit(event):
            self.unit = len(self.lines)  # this line begins a turn or a round
        if closing:
            self.game, self.open, self.base = target, False, None
        restart = self._restart(event)
        if restart is not None:
            self.game = restart
        self._apply(event)
        self._settle()
        unreadable = self._over_limits(self.text()) or self._unreadable_log()
        if unreadable is not None:
            self._restore(self.history.pop())
            near = self.closest(self.format(event))
            return Reply("refused", f"refused: the log would not read with this line: "
                         f"{unreadable}" + (f"\n  closest lawful: {', '.join(near)}"
                                            if near else ""))
        try:
            self._write()
        except OSError as exc:
            self._restore(self.history.pop())
            return Reply("failed", self._failed(exc, "not recorded: the line was not "
                                                "written"))
        said = [f"recorded: {self.format(self.lines[-1].event)}"]
        if closed_line is not None:  # the open line could not take this one: it ends there
            said.append(f"  `{closed_line}` ends here: a line of another kind cannot go "
                        "inside it")
        if errors:
            said.append("  recorded as played although it breaks a rule:")
            said += [f"    {self._violation(v)}" for v in errors]
        said += [f"  {self.severity(v)}: {self._violation(v)}" for v in notes]
        after = self.game.to_move()
        turn_over = after is None or (before is not None and after.phase == self.opening
                                      and (after.player, after.phase) != (before.player,
                                                                          before.phase))
        return Reply("accepted", "\n".join(said), written=self.lines[-1].text,
                     turn_over=turn_over)

    def _over_limits(self, text: str) -> str | None:
        """Why ``text`` would be over the reader's limits (so that ``check`` would not read
        the log back), or ``None``: ``CARTLOG_MAX_BYTES``, ``CARTLOG_MAX_LINE``."""
        if self.max_bytes is not None and len(text.encode("utf-8")) > self.max_bytes:
            return (f"the log would grow past {self.max_bytes} bytes, the most a log may hold "
                    "(CARTLOG_MAX_BYTES raises the limit)")
        if self.max_line is not None and len(text) > self.max_line:
            longest = max(map(len, split_lines(text)), default=0)
            if longest > self.max_line:
                return (f"a line of the log would be over {self.max_line} characters, the "
                        "longest a log may hold (CARTLOG_MAX_LINE raises the limit)")
        return None

    def _failed(self, exc: OSError, what: str) -> str:
        """One line on a write that failed: what failed, that nothing changed, what to do."""
        where = printable(str(self.path))
        why = exc.strerror or str(exc)
        if self.stale:
            return (f"{what}: writing {where} failed ({why}), and it could not be cut back: "
                    "it may end in part of this line, which the next line written replaces "
                    "(the whole log is then written again); --resume refuses it until then")
        return (f"{what}: writing {where} failed ({why}); {where} still holds every line "
                "accepted before, as it did; type the line again once it can be written")

    def _opens_unit(self, event: Any) -> bool:
        """Whether ``event`` begins a turn or a round: it is of the kind of the log's first
        line of play (Cartagena's turn line, Meuterer's and the Mutiny's ``round``)."""
        if self.unit_kind is None:
            first = next((line.event for line in self.lines if line.event is not None
                          and type(line.event).__name__ != "Comment"), event)
            if type(first).__name__ == "Comment":
                return True
            self.unit_kind = type(first)
        return type(event) is self.unit_kind

    def _too_long(self, event: Any) -> str | None:
        """Why ``event`` would make the log or its turn or round longer than any game's, or
        ``None``: a log holds at most :data:`MAX_RECORD_LINES` lines and a turn or round
        :data:`MAX_UNIT_LINES`, so that each line is checked in bounded time."""
        most = limit("CARTLOG_MAX_RECORD_LINES", MAX_RECORD_LINES)
        if len(self.lines) >= most:
            return (f"refused: the log holds {most} lines, more than any game needs "
                    "(CARTLOG_MAX_RECORD_LINES raises the limit)")
        most = limit("CARTLOG_MAX_UNIT_LINES", MAX_UNIT_LINES)
        if (not self.open and len(self.lines) - self.unit >= most
                and not self._opens_unit(event)):
            return (f"refused: this turn or round already holds {most} lines, more than any "
                    "game's (CARTLOG_MAX_UNIT_LINES raises the limit)")
        return None

    def _unreadable_log(self) -> str | None:
        """Why the log as it would now be written cannot be read (what the reader of a whole
        log checks beyond one line: Meuterer's lines before the first round, a second wage in
        a round), or ``None``.

        The log before this line read, so the header and the lines from the start of the turn
        or round under way are read, which keeps the cost of a line independent of the length
        of the game; only when they do not read is the whole log read, which decides."""
        head = "".join(f"{line}\n" for line in self.head)
        tail = "".join(f"{line.text}\n" for line in self.lines[self.unit:])
        if self.open:
            tail += self._marker() + "\n"
        try:
            read_log(head + tail, str(self.path))
            return None
        except LogSyntaxError:
            pass
        try:
            read_log(self.text(), str(self.path))
        except LogSyntaxError as err:
            p = err.problems[0]
            return p.message + (f" (expected {p.expected})" if p.expected else "")
        return None

    def _restart(self, event: Any) -> Any:
        """For the first line of the body, the game set up again with that line in the log,
        when the setup reads it (the Mutiny's first giver, when no Giver tag names one): the
        audit sets the game up from the whole log. ``None`` when nothing changes."""
        if self._last_event() is not None:
            return None
        fresh = engine.start(msgspec.structs.replace(self.log, events=[event]))
        return fresh if fresh.position() != self.game.position() else None

    def _target(self, event: Any) -> tuple[Any, bool]:
        """The engine ``event`` is checked against, and whether the open line closes first
        (``event`` cannot join it: the log then holds that line complete)."""
        if not self.open or self._join(self._last_event(), event) is not None:
            return self.game, False
        closed = self.base.copy()
        closed.apply(self._last_event())
        return closed, True

    def _could_go_on(self) -> bool:
        """Whether the open line could still take a lawful event of its own (a Cartagena turn
        with an action left), so that a line of another kind cuts it short."""
        last = self._last_event()
        return any(self._join(last, ev) is not None for ev in self.game.legal())

    def _join(self, line: Any, event: Any) -> tuple[Any, bool] | None:
        join = self._notation("join_event")
        if join is None:
            return None
        return join(line, event, self.game)  # type: ignore[no-any-return]

    def _apply(self, event: Any) -> None:
        """Carry out an accepted event and put it in the lines."""
        joined = self._join(self._last_event() if self.open else None, event)
        if joined is None:
            self.game.apply(event)
            self._put(len(self.lines), _no_empty_comment(event))
            return
        line, goes_on = joined
        if not self.open:
            self.base = self.game.copy()
        self.game.apply(event)
        self._put(len(self.lines) - 1 if self.open else len(self.lines), line)
        self.open = goes_on

    def _settle(self) -> None:
        """Carry out what the open line leaves no choice about and writes nothing (the end of
        a turn with no action left), and close the line once the game is over."""
        while self.open and not self.game.is_over():
            legal = self.game.legal()
            if len(legal) != 1:
                break
            joined = self._join(self._last_event(), legal[0])
            if joined is None or self.format(joined[0]) != self.format(self._last_event()):
                break
            self.game.apply(legal[0])
            self.open = joined[1]
            self.lines[-1] = _Line(joined[0], self.lines[-1].text, self.lines[-1].seal)
        if self.game.is_over() or not self.open:
            self.open, self.base = False, None

    def _last_event(self) -> Any:
        return next((line.event for line in reversed(self.lines) if line.event is not None),
                    None)

    # -- what the log writes -------------------------------------------------------------------

    def _put(self, index: int, event: Any) -> None:
        """Write ``event`` as the line at ``index`` (a new line at the end, or the last line
        again): canonical, and sealed when the log is."""
        if not self.sealed:
            line = _Line(event, self.format(event))
        else:
            seal = core_seal.line_seal(self._seal_before(index), self.format(event))
            if seals.can_hold(event):
                text = self.format(seals.seal_event(event, seal))
            else:  # a comment line of its own carries the seal
                above = self.game.read(f"; {seals.SEAL_ABOVE}")
                text = f"{self.format(event)}\n{self.format(seals.seal_event(above, seal))}"
            line = _Line(event, text, seal)
        if index == len(self.lines):
            self.lines.append(line)
        else:
            self.lines[index] = line

    def _seal_before(self, index: int) -> str:
        """The seal the line at ``index`` follows: the last one before it, or the header's."""
        for line in reversed(self.lines[:index]):
            if line.seal is not None:
                return line.seal
        return core_seal.read_tag(seals.seal_tag(self.log)) or core_seal.header_seal(
            seals.header_text(self.log))

    def _seal_all(self) -> None:
        """Seal a log that was not: the Seal tag in the header, every line written again."""
        value = core_seal.tag_value(core_seal.header_seal(seals.header_text(self.log)))
        self.head = [*self.head, f'[{core_seal.TAG} "{value}"]']
        self.log = msgspec.structs.replace(self.log, tags={**self.log.tags,
                                                            core_seal.TAG: value})
        self.sealed = True
        for i, line in enumerate(self.lines):
            if line.event is not None:
                self._put(i, _no_empty_comment(line.event))
        self.history.clear()  # lines taken back would come back unsealed

    def text(self) -> str:
        """The whole log as the file should hold it now."""
        out = [*self.head, *(line.text for line in self.lines)]
        if self.open:
            out.append(self._marker())
        return "".join(f"{line}\n" for line in out)

    def _marker(self) -> str:
        if not self.sealed:
            return OPEN_MARK
        event = self.game.read(OPEN_MARK)
        seal = core_seal.line_seal(self._seal_before(len(self.lines)), self.format(event))
        return self.format(seals.seal_event(event, seal))

    def _write(self, create: bool = False) -> None:
        """Bring the file up to :meth:`text`: appended when the file only grows, else written
        whole beside it and renamed (a new file: linked) into place; synced either way.
        ``OSError`` when it cannot be: the file is then as it was (or :attr:`stale`)."""
        new = self.text()
        if create or self.stale or not new.startswith(self.disk):
            self._replace(new.encode("utf-8"), create)
        elif new != self.disk:
            self._append(new[len(self.disk):].encode("utf-8"))
        self.disk, self.stale = new, False

    def _replace(self, data: bytes, create: bool) -> None:
        """The whole log written to ``.NAME.tmp`` beside the file, synced, locked (see
        :class:`Lock`), then linked (a new log, never over a file there) or renamed into
        place. Any failure removes the temporary file: the log is untouched."""
        file = self.file
        temporary = file.with_name(f".{file.name}.tmp")
        try:
            os.unlink(temporary)  # left by a recorder killed: never written through
        except FileNotFoundError:
            pass
        fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW | _CLOEXEC,
                     0o666)
        try:
            _write_all(fd, data)
            os.fsync(fd)
            if self.lock is not None:
                self.lock.take(fd)
            if create:  # a new file appears whole, and never over one that is there
                os.link(temporary, file)
            else:
                os.replace(temporary, file)
        except BaseException:
            os.close(fd)
            try:
                os.unlink(temporary)
            except OSError:
                pass
            raise
        if create:
            try:
                os.unlink(temporary)
            except OSError:
                pass
        _sync_folder(file)
        if self.lock is not None:
            self.lock.keep(fd)
        else:
            os.close(fd)

    def _append(self, data: bytes) -> None:
        """``data`` appended to the file and synced; on any failure the file is cut back to
        the length it had (a write cut by a full disk leaves no part of the line). When even
        that fails, :attr:`stale` says so: the next write writes the whole log."""
        fd = os.open(self.file, os.O_WRONLY | os.O_APPEND | _CLOEXEC)
        try:
            size = os.fstat(fd).st_size
            try:
                _write_all(fd, data)
                os.fsync(fd)
            except OSError:
                try:
                    os.ftruncate(fd, size)
                except OSError:
                    self.stale = True
                raise
        finally:
            os.close(fd)

    # -- replies -------------------------------------------------------------------------------

    def _violation(self, v: Violation) -> str:
        rule = self.rule(v)
        return f"{v.message} [{v.code}" + (f"; rule {rule}]" if rule else "]")

    def _refusal(self, text: str, event: Any, errors: list[Violation]) -> str:
        out = [f"refused: {self._violation(errors[0])}"]
        out += [f"  also: {self._violation(v)}" for v in errors[1:]]
        # a claim (hand, pirates) is no move: its refusal gives the replay's value, not moves
        claim = all(v.code.startswith("claim/") for v in errors)
        near = [] if claim else self.closest(self.format(event))
        if near:
            out.append(f"  closest lawful: {', '.join(near)}")
        out.append("  to record it as played all the same, type it again with ! at the end")
        return "\n".join(out)

    def _unreadable(self, text: str, err: LogSyntaxError) -> str:
        out = []
        for p in err.problems[:3]:
            out.append(f"cannot read: {printable(p.message)}")
            if p.col:
                line, caret, width = echo_line(text, p.col, p.end_col)
                out.append(f"  {line}")
                out.append("  " + " " * (caret - 1) + "^" * width)
            if p.expected:
                out.append(f"  expected: {p.expected}")
        near = self.closest(text)
        if near:
            out.append(f"  closest lawful: {', '.join(near)}")
        return "\n".join(out)

    # -- commands ------------------------------------------------------------------------------

    def _undo(self) -> Reply:
        if not self.history:
            return Reply("command", "nothing to take back")
        back = self.history.pop()
        current = (self.game, self.lines[max(0, back.count - 1):], self.open, self.base)
        self._restore(back)
        try:
            self._write()
        except OSError as exc:
            game, tail, self.open, self.base = current
            self.game = game
            self.lines[max(0, back.count - 1):] = tail
            self.history.append(back)
            return Reply("failed", self._failed(exc, "not taken back"))
        return Reply("command", f"took back: {back.typed}")

    def _restore(self, back: _Snapshot) -> None:
        del self.lines[back.count:]
        if back.last is not None:
            self.lines[back.count - 1] = back.last
        self.game, self.open, self.base = back.game, back.open, back.base
        self.unit, self.unit_kind = back.unit, back.unit_kind

    def _board(self) -> Reply:
        return Reply("board")

    def _quit(self) -> Reply:
        where = "; the line in progress goes on" if self.open else ""
        n = self.count()
        return Reply("quit", f"{self.path}: {n} line{'s' if n != 1 else ''} recorded, the log "
                     f"is complete{where}; cartlog record --resume {self.path} goes on")

    def count(self) -> int:
        return sum(1 for line in self.lines if line.event is not None)

    def _help(self) -> Reply:
        options = self.options()
        out = [
            "Type one line of the log, as a log writes it; it is checked at once and "
            "written when lawful.",
            "A line typed again with ! at the end is recorded as played although it breaks "
            "a rule.",
            "Cards nobody saw are written ?, as in any log.",
            "Commands: undo (take back the last line), board (draw the table), hand (what "
            "each player holds, as far as the log knows), help, quit (the log stays "
            "complete; --resume goes on).",
        ]
        if options:
            out.append(f"Lawful now ({len(options)}):")
            out += [f"  {o}" for o in options[:60]]
            if len(options) > 60:
                out.append(f"  ... and {len(options) - 60} more")
        return Reply("command", "\n".join(out))

    def _hand(self) -> Reply:
        frames = self.replay()[2]
        table = next((f for f in reversed(frames) if _table_of(f, self.colours())), None)
        if table is None:
            return Reply("command", "nothing is known of the players' hands yet")
        out = []
        for name, values in _table_of(table, self.colours()):
            cells = "  ".join(f"{c} {_cell(v)}" for c, v in values.items())
            out.append(f"{name:<10} {cells}")
        return Reply("command", "\n".join(out))

    def colours(self) -> list[str]:
        return [p.colour for p in getattr(self.log, "players", ())]

    def replay(self) -> tuple[Any, Any, list[Any], str]:
        """The log as written so far, replayed as a log in progress (a round still being
        played is not settled as if the log stopped there): ``(log, report, frames, text)``
        for a renderer."""
        from cartlog.audit import replay_report

        text = self.text()
        log = read_log(text, str(self.path))
        report, frames = replay_report(log, str(self.path), in_progress=True)
        return log, report, frames, text

    def last_unit(self, frames: list[Any]) -> int | None:
        """The last turn (or round) the replay's frames reach."""
        turns = [f.turn for f in frames if getattr(f, "turn", None) is not None
                 and getattr(f, "kind", "") != "end"]
        return max(turns) if turns else None


# -- helpers -----------------------------------------------------------------------------------


def _cut_comment(text: str) -> str:
    """A line without its comments (``;`` to the end, ``{...}``)."""
    out, depth = [], 0
    for ch in text:
        if ch == ";" and depth == 0:
            break
        if ch == "{":
            depth += 1
        elif ch == "}" and depth:
            depth -= 1
        elif depth == 0:
            out.append(ch)
    return "".join(out)


def _forced(text: str) -> bool:
    """Whether a line ends with ``!`` (before its comments): record it all the same."""
    return _cut_comment(text).rstrip().endswith("!")


def _unforced(text: str) -> str | None:
    """The line without the ``!`` that ends it, or ``None``."""
    bare = _cut_comment(text).rstrip()
    if not bare.endswith("!"):
        return None
    at = len(bare) - 1
    return text[:at] + text[at + 1:]


def _no_empty_comment(event: Any) -> Any:
    if getattr(event, "comment", None) == "":
        return msgspec.structs.replace(event, comment=None)
    return event


def _table_of(frame: Any, colours: list[str]) -> list[tuple[str, dict[str, Any]]]:
    """The parts of a replay frame that hold something per player (hands, pirates, coins,
    scores), in the frame's order."""
    out = []
    for name in getattr(type(frame), "__struct_fields__", ()):
        value = getattr(frame, name)
        if isinstance(value, dict) and value and set(value) <= set(colours):
            out.append((name, value))
    return out


def _cell(value: Any) -> str:
    if isinstance(value, list):
        return " ".join(map(str, value)) or "-"
    if value in ("", None):
        return "-"
    return str(value)


def _sync_folder(path: Path) -> None:
    """Make a file's creation or renaming durable (where the system allows it)."""
    try:
        fd = os.open(path.parent if str(path.parent) else ".", os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


# -- one recorder at a time --------------------------------------------------------------------


class Busy(Exception):
    """The log is being recorded by another recorder: ``pid`` is its process, when known."""

    def __init__(self, path: Path, pid: int | None) -> None:
        super().__init__(path, pid)
        self.path, self.pid = path, pid

    def __str__(self) -> str:
        by = f" (process {self.pid})" if self.pid else ""
        return f"{printable(str(self.path))}: already being recorded by another cartlog record{by}"


def lock_path(path: Path) -> Path:
    """The lock file of the log ``path``: hidden, beside the file it is (a symbolic link
    resolved)."""
    file = Path(os.path.realpath(path))
    return file.with_name(f".{file.name}.lock")


@dataclass
class Lock:
    """A log held by this recorder: see :func:`hold`. :meth:`release` lets go of it and
    removes the lock file. Nothing is held where there is no ``fcntl``.

    ``fd``: the lock file beside the log. ``files``: the log's own files, locked: the file as
    it was when recording started (which other hard links may name) and the file as last
    written (each rewrite is a new file: :meth:`take` locks it before it is renamed into
    place, :meth:`keep` lets go of the one before)."""

    path: Path | None = None
    fd: int | None = None
    files: list[int] = field(default_factory=list)

    def take(self, fd: int) -> None:
        """Lock a new file of the log before it takes the log's place (``OSError`` when it
        cannot be locked: it is not put in place)."""
        if self.fd is None:
            return
        import fcntl

        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)

    def keep(self, fd: int) -> None:
        """``fd``, locked by :meth:`take`, is the log now: hold it, and let go of the file
        written before it (the first file is held to the end)."""
        if self.fd is None:
            os.close(fd)
            return
        if len(self.files) > 1:
            os.close(self.files.pop())
        self.files.append(fd)

    def release(self) -> None:
        for fd in self.files:
            os.close(fd)
        self.files = []
        if self.fd is None or self.path is None:
            return
        try:
            if _same_file(self.fd, self.path):
                os.unlink(self.path)  # while still locked: a newcomer finds no file, or its own
        except OSError:
            pass
        finally:
            os.close(self.fd)
            self.fd = None

    def __enter__(self) -> Lock:
        return self

    def __exit__(self, *exc: object) -> None:
        self.release()


def hold(path: Path) -> Lock:
    """Lock the log ``path`` for this process, without waiting: :class:`Busy` when another
    recorder has it; ``OSError`` when the lock file cannot be made (the log could not be
    written either).

    The lock holds per file, not per name (docs/cli.md, "One recorder at a time"), with
    ``fcntl.flock`` on two things:

    - the lock file beside the log (:func:`lock_path`, the path with symbolic links
      resolved), which holds the process number for the message, and holds a log not yet
      created (``--out``, from the setup questions on);
    - the log's own open file, when there is one: a second recorder through a hard link or a
      symbolic link opens the same file and finds it locked. A log written again is renamed
      over, a new file each time: the recorder locks the new file before renaming it into
      place (:meth:`Lock.take`), and a newcomer that locked a file checks that it is still
      the file at the path, and tries again if not (the same as for the lock file). The
      file the log was when recording started stays locked too, for the hard links to it,
      which a rename does not change.

    The process number of a recorder found through the log's own file comes from the
    system's table of locks (``/proc/locks``), where there is one. The system lets go of
    every lock when the process ends, killed or not; a lock file left behind blocks nothing.
    """
    try:
        import fcntl
    except ImportError:  # no flock on this system: record unlocked
        return Lock()
    where = lock_path(path)
    while True:
        fd = os.open(where, os.O_RDWR | os.O_CREAT | _CLOEXEC, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as exc:
            if exc.errno in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
                pid = _pid_in(fd)
                os.close(fd)
                raise Busy(path, pid) from None
            os.close(fd)  # a file system without flock: record unlocked
            return Lock()
        if _same_file(fd, where):
            break
        os.close(fd)  # the file was removed by a recorder leaving meanwhile: lock the new one
    lock = Lock(where, fd)
    try:  # the process number is a hint for the message: a full disk does not stop the lock
        os.ftruncate(fd, 0)
        _write_all(fd, f"{os.getpid()}\n".encode())
    except OSError:
        pass
    try:
        _hold_file(lock, path)
    except BaseException:
        lock.release()
        raise
    return lock


def _hold_file(lock: Lock, path: Path) -> None:
    """Lock the log's own file, when there is one and it is a regular file (any other is
    refused when it is read), for :func:`hold`."""
    import fcntl

    file = Path(os.path.realpath(path))
    while True:
        try:
            fd = os.open(file, os.O_RDONLY | os.O_NONBLOCK | _CLOEXEC | _NOCTTY)
        except OSError:
            return  # no log yet, or one that cannot be read (refused when it is read)
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            os.close(fd)
            return
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as exc:
            pid = _holder(fd)
            os.close(fd)
            if exc.errno in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
                raise Busy(path, pid) from None
            return  # a file system without flock
        if _same_file(fd, file):
            lock.files.append(fd)
            return
        os.close(fd)  # renamed over meanwhile: the new file is the log


def _holder(fd: int) -> int | None:
    """The process holding a flock on the file ``fd`` is open on, from ``/proc/locks``
    (Linux), or ``None``."""
    st = os.fstat(fd)
    node = f"{os.major(st.st_dev):02x}:{os.minor(st.st_dev):02x}:{st.st_ino}"
    try:
        with open("/proc/locks", encoding="ascii", errors="replace") as table:
            for row in table:
                words = row.split()
                if len(words) > 5 and words[1] == "FLOCK" and words[5] == node:
                    return int(words[4]) if words[4].isdigit() and words[4] != "0" else None
    except OSError:
        pass
    return None


def _same_file(fd: int, path: Path) -> bool:
    try:
        there = os.stat(path)
    except OSError:
        return False
    mine = os.fstat(fd)
    return (mine.st_dev, mine.st_ino) == (there.st_dev, there.st_ino)


def _pid_in(fd: int) -> int | None:
    try:
        text = os.pread(fd, 32, 0).decode("ascii", "replace").strip()
    except OSError:
        return None
    return int(text) if text.isdigit() else None


# -- reading a log to go on with ----------------------------------------------------------------

def regular_file(path: Path) -> None:
    """Refuse what is not a regular file (a FIFO, a device, a socket, a folder) before it
    is opened, so that reading never blocks on it nor runs without end:
    :class:`LogSyntaxError` for the file as a whole. A file that is not there passes (the
    reader says so)."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return
    if stat.S_ISREG(mode):
        return
    kind = kind_of(mode)
    raise LogSyntaxError(printable(str(path)), [SyntaxProblem(0, 0, (
        "is a directory, not a log" if kind == "folder" else
        f"is a {kind}, not a log: the recorder reads only a regular file"))])


def torn_line(text: str, name: str) -> None:
    """Refuse a text log whose last line does not end in a line break: the recorder ends
    every write with one, so such a line was cut while being written (a full disk, a crash)
    and may be torn (``24. g`` for ``24. green K0-3``). A last line of spaces and tabs only,
    and a JSON log, are not torn. :class:`LogSyntaxError` located at the line."""
    if not text or text.endswith(("\n", "\r")) or is_json(text):
        return
    lines = split_lines(text)
    last = lines[-1] if lines else ""
    if not last.strip(" \t"):
        return
    raise LogSyntaxError(name, [SyntaxProblem(
        len(lines), 1, "the last line does not end in a line break: its writing was cut "
        "(a full disk, a crash) and it may be torn; finish it and end it with a line break, "
        "or delete it, then --resume again", end_col=len(last) + 1)], text)


# -- writing -------------------------------------------------------------------------------------

_CLOEXEC = getattr(os, "O_CLOEXEC", 0)
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_NOCTTY = getattr(os, "O_NOCTTY", 0)


def _write_all(fd: int, data: bytes) -> None:
    """All of ``data`` to ``fd`` (``os.write`` may write part of it); ``OSError`` when a
    write fails."""
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def shown(text: str) -> str:
    """Plain lines with every character of a log or of a line typed that could drive a
    terminal escaped (:func:`cartlog.core.text.printable`, line by line)."""
    return "\n".join(printable(line) for line in text.split("\n"))


def header_text(spec: GameSpec, rules: str, answers: dict[str, str],
                position: str | None = None) -> str:
    """A header from a recorder's answers: the game, the rule set, then each tag answered,
    and the ``Position`` tag of a game recorded from a position."""
    from cartlog.core.notation import escape

    lines = [f'[Game "{escape(spec.title)}"]']
    tag = getattr(spec.notation, "RULES_TAG", None)
    if tag:
        lines.append(f'[{tag} "{escape(rules)}"]')
    for name, value in answers.items():
        if value.strip():
            lines.append(f'[{name} "{escape(value.strip())}"]')
    if position is not None:
        lines.append(f'[Position "{escape(position)}"]')
    return "\n".join(lines) + "\n\n"


def read_position(spec: GameSpec, text: str, path: str = "--position",
                  line: int = 1) -> tuple[str, str, list[str]]:
    """A one-line position of ``spec``'s game, as ``cartlog record --position`` takes it:
    the position with single spaces, its rule set and its players' colours. A position
    that cannot be read raises :class:`LogSyntaxError`, located at the field the position
    reader names, as a log's ``Position`` tag is (``line``: where the text stands in
    ``path``)."""
    from cartlog.core.errors import SyntaxProblem
    from cartlog.core.notation import field_span

    position = " ".join(text.split())
    try:
        rules, colours = spec.notation.position_players(position)
    except ValueError as err:
        module = spec.module("position")
        message = str(err)
        span = field_span(text, module.error_field(message), module.KEY_SEP)
        start, end = span if span is not None else (0, len(text.rstrip()))
        problem = SyntaxProblem(line, start + 1, f"unreadable position: {message}",
                                module.HELP, max(end, start + 1) + 1)
        source = "\n" * (line - 1) + text
        raise LogSyntaxError(path, [problem], source) from None
    return position, rules, colours


def setup_problems(text: str) -> list[tuple[str | None, str]]:
    """What is wrong with a header a recorder built: ``(tag, message)`` pairs, the tag the
    problem is about when it can be told (to ask for it again). Syntax problems and the
    setup's errors (a board that is not one, a deal of the wrong size)."""
    try:
        log = read_log(text, "<header>")
    except LogSyntaxError as err:
        raw = split_lines(text)
        out: list[tuple[str | None, str]] = []
        for p in err.problems:
            line = raw[p.line - 1] if 0 < p.line <= len(raw) else ""
            tag = line.strip()[1:].split(" ", 1)[0] if line.strip().startswith("[") else None
            out.append((tag, p.message + (f" (expected {p.expected})" if p.expected else "")))
        return out
    from cartlog.audit import audit

    report = audit(log, "<header>")
    names = {t.lower().replace("_", ""): t for t in _header_tags(text)}
    out = []
    for f in report.findings:
        if f.severity != "error" or f.code in _ENDING:
            continue
        key = (f.path or "").removeprefix("$.").split(".")[0].split("[")[0]
        out.append((names.get(key.replace("_", "")), f"{f.message} [{f.code}]"))
    return out


_ENDING = frozenset({"game/unfinished", "end/unfinished"})


def _header_tags(text: str) -> list[str]:
    return [line.strip()[1:].split(" ", 1)[0] for line in split_lines(text)
            if line.strip().startswith("[")]

