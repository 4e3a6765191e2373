"""The recorder's session: a game in progress (an engine of :mod:`cartlog.engine`) and the
log it writes. Each line typed is read in the game's notation, checked and, when lawful,
applied and written (:mod:`cartlog.record.storage`); an unlawful line is refused with the rule
it breaks and the closest lawful lines, unless typed again with ``!``. See :mod:`cartlog.record`.
"""

from __future__ import annotations

import difflib
import os
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgspec

from cartlog import engine
from cartlog.core import seal as core_seal
from cartlog.core.codes import CODES as COMMON_CODES
from cartlog.core.errors import LogSyntaxError, SyntaxProblem
from cartlog.core.files import decode_text
from cartlog.core.findings import Violation
from cartlog.core.limits import limit
from cartlog.core.notation import read_header
from cartlog.core.spec import GameSpec
from cartlog.core.text import echo_line, printable, split_lines
from cartlog.games import seals
from cartlog.logs import read_log
from cartlog.record.storage import Lock, TornAppend, append, regular_file, torn_line, write_whole

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
    head: list[str]  # the header's lines (never changed in place: a new list each time)
    log: Any  # the decoded header the lines are written with
    whole: list[_Line] | None = None  # every line, when taking the line back changes them
    # all (the Result tag written into a sealed log's header seals every line again)


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
    key: bytes | None = None  # the key its seals are made with (``--key``), when sealed with one
    key_file: str = ""  # the name of the file that key was read from, to say it
    _view: tuple[tuple[int, str, bool], str | None] | None = None  # view(), for these lines
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
    edited: bool = False  # a sealed log whose seals show it changed: never sealed again whole
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
               max_line: int | None = None, key: bytes | None = None) -> Recorder:
        """Start recording into a new file ``path`` from ``text``: a header, or a header and
        lines already played (replayed as they stand). ``LogSyntaxError`` when ``text`` cannot
        be read, or would be written over the limits; ``FileExistsError`` when ``path``
        exists; ``OSError`` when it cannot be written (nothing is left behind). ``key``: seal
        with HMAC-SHA256 and this key (``seal`` or not); ``ValueError`` when ``text`` is
        sealed otherwise (:meth:`key_problem`)."""
        rec = cls._load(path, text, name or str(path))
        rec.lock, rec.max_bytes, rec.max_line = lock, max_bytes, max_line
        if rec.sealed:
            problem = rec.key_problem(key)
            if problem is not None:
                raise ValueError(problem)
        rec.key = key
        if (rec.head and rec.head[-1].strip()
                and (not rec.lines or rec.lines[0].text.strip())):
            rec.head.append("")  # the canonical form: a blank line after the header
        if rec.sealed:  # a sealed log given: changed since it was sealed?
            rec.edited = any(True for _ in seals.check(rec.log, key=key))
        elif getattr(rec.log, "result", None) is None:
            rec._ended()  # lines copied to their end: the Result tag says how it ended
        if (seal or key is not None) and not rec.sealed:
            rec._seal_all()
        over = rec._over_limits(rec.text())
        if over is not None:
            raise LogSyntaxError(name or str(path), [SyntaxProblem(0, 0, over)])
        rec._write(create=True)
        return rec

    @classmethod
    def resume(cls, path: Path, text: str | None = None, *, lock: Lock | None = None,
               max_bytes: int | None = None, max_line: int | None = None,
               key: bytes | None = None) -> Recorder:
        """Go on recording into ``path`` where it stopped (``text``: its text, when already
        read). ``LogSyntaxError`` when it cannot be read: not a regular file, a torn last line
        (:func:`torn_line`), not a log (``OSError`` when it cannot be opened); ``ValueError``
        when ``key`` is not the key it is sealed with (:meth:`key_problem`)."""
        if text is None:
            regular_file(path)
            text = decode_text(path.read_bytes(), str(path))
        torn_line(text, printable(str(path)))
        rec = cls._load(path, text, str(path))
        rec.lock, rec.max_bytes, rec.max_line = lock, max_bytes, max_line
        rec.disk = text
        problem = rec.key_problem(key)
        if problem is not None:
            raise ValueError(problem)
        rec.key = key
        for index, v in seals.check(rec.log, key=key):
            where = "the header" if index is None else f"line {rec.log.events[index].line}"
            rec.notes.append(shown(f"warning: {where}: {v.message}"))
            rec.edited = True
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
                for part in rec.spec.notation.split_line(bare):
                    rec._remember(raw[i].strip())
                    rec._apply(part)
                continue
            rec._remember(raw[i].strip())
            rec.game.apply(event)
            rec.lines.append(_Line(bare, raw[i], found))
        rec._settle()
        return rec

    def key_problem(self, key: bytes | None) -> str | None:
        """Why the log cannot go on being sealed with ``key`` (``None``: no key), or ``None``
        when it can: a log sealed with a key goes on only with that key, a log sealed
        without one or not sealed takes none (docs/cli.md, "Sealed logs")."""
        tag = core_seal.read_tag(seals.seal_tag(self.log))
        named = tag.key_id if tag is not None else None  # None: not sealed with a key
        if named is not None and key is None:
            return (f"{self.path} is sealed with a key (key {named}): give it with --key "
                    "FILE to go on sealing it")
        if named is not None and key is not None and named not in ("", core_seal.key_id(key)):
            return (f"{self.path} is sealed with another key (key {named}), not with the "
                    f"key given (key {core_seal.key_id(key)})")
        if key is not None and named is None:
            state = "sealed without a key" if self.sealed else "not sealed"
            return (f"{self.path} is {state}: a key seals a log from its start (record it "
                    "again with --from and --key)")
        return None

    def _remember(self, typed: str) -> None:
        """Keep what ``undo`` goes back to, before a line is taken: the last
        :data:`MAX_UNDO` lines, and fewer when the lines they keep pass :data:`UNDO_TEXT`
        characters (a line that grows with every entry, Meuterer's ``sell``, is kept as it was
        at each entry), so that memory stays linear in the log."""
        last = self.lines[-1] if self.lines else None
        self.history.append(_Snapshot(self.game.copy(), len(self.lines), last, self.open,
                                      self.base, typed, self.unit, self.unit_kind,
                                      self.head, self.log))
        held = sum(len(back.last.text) for back in self.history if back.last is not None)
        while held > UNDO_TEXT and len(self.history) > 1:
            oldest = self.history.popleft()
            held -= len(oldest.last.text) if oldest.last is not None else 0

    def _is_marker(self, event: Any) -> bool:
        if event is None or type(event).__name__ != "Comment":
            return False
        text: str = seals.unseal(event)[0].text  # a comment line's text
        return text == OPEN_TEXT

    # -- the game's parts ----------------------------------------------------------------------

    @property
    def spec(self) -> GameSpec:
        return self.game.spec  # type: ignore[no-any-return]

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
        """The lawful next lines, in canonical notation, each once, as the scribe can write
        them: what the log's view does not see (:meth:`view`) written as the notation writes
        it in that view (a card drawn unseen as a count, ``17-11+1``), by the game's own
        redaction (``simulate --view``)."""
        seen: dict[str, None] = {}
        view = self.view()
        for event in self.game.legal():
            shown = event if view is None else self._as_seen(event, view)
            seen.setdefault(self.format(shown), None)
        return list(seen)

    def view(self) -> str | None:
        """The view the log is kept in: ``table``, when it names nothing hidden from the
        table; else the one seat whose hidden cards it names (``red``); ``None`` when it
        names more than one seat's, or the game hides nothing. Read from the log as it stands:
        the first of the table's and each seat's views to which the game's redaction leaves
        it unchanged. Worked out once for the lines as they stand (each prompt, refusal and
        status asks for it)."""
        key = (len(self.lines), self.lines[-1].text if self.lines else "", self.open)
        if self._view is not None and self._view[0] == key:
            return self._view[1]
        log = msgspec.structs.replace(
            self.log, events=[line.event for line in self.lines if line.event is not None])
        found: str | None = None
        for view in ["table", *self.colours()]:
            redacted = self.spec.redact(log, view)
            if redacted is None:
                break  # the game hides nothing
            if redacted == log:
                found = view
                break
        self._view = (key, found)
        return found

    def _as_seen(self, event: Any, view: str) -> Any:
        """``event`` as the game's redaction to ``view`` writes it: put on the line the
        recorder would write it on (a Cartagena action in its turn), redacted, taken back."""
        notation = self.spec.notation
        joined = notation.join_event(None, event, self.game)
        line = joined[0] if joined is not None else event
        redacted = self.spec.redact(msgspec.structs.replace(self.log, events=[line]), view)
        if redacted is None or not redacted.events:
            return event
        if joined is None:
            return redacted.events[0]
        parts = notation.split_line(redacted.events[0])
        return parts[-1] if parts else event

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

    def echo(self, before: Any) -> str:
        """What the last line did, in the game's own words (its ``echo`` module, given the
        engine ``before`` the line and the engine now), and who is to move now, or how the
        game ended: ``red's pirates 1, 2, 4; blue Bart to move (turn)``."""
        try:
            said = str(self.spec.module("echo").echo(before, self.game))
        except ModuleNotFoundError:  # a game that says nothing of its own
            said = ""
        if self.game.is_over():
            outcome = self.game.outcome()
            who = "the game is over"
            if outcome is not None:
                winners = ", ".join(self.player_name(c) for c in outcome.winners) or "nobody"
                who += f": won by {winners} ({outcome.reason})"
        else:
            to_move, was = self.game.to_move(), before.to_move()
            if said and was is not None and (was.player, was.phase) == (to_move.player,
                                                                        to_move.phase):
                return said  # the same player goes on
            who = f"{self.player_name(to_move.player)} to move ({to_move.phase})"
        return f"{said}; {who}" if said else who

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

    def enter(self, typed: str, as_played: bool = False) -> Reply:
        """Take one line: a command, or a line of the log's notation.

        ``as_played``: a line that breaks a rule is written as it stands (without the ``!``
        mark: ``check`` reports it as the error it is) and the game goes on with it played,
        as a line typed with ``!`` is; the reply is still ``refused``, with ``written`` set.
        A line that cannot be read, or would leave a log that cannot be, is not written."""
        if self.max_line is not None and len(typed.rstrip("\r\n")) > self.max_line:
            return Reply("unreadable", f"cannot read: the line is over {self.max_line} "
                         "characters, the longest a log may hold (CARTLOG_MAX_LINE raises "
                         "the limit)")
        text = typed.strip()
        if not text:
            return Reply("empty")
        if text.lower() in COMMANDS:
            command = {"undo": self._undo, "board": self._board, "hand": self._hand,
                       "help": self._help, "quit": self._quit}[text.lower()]
            return command()
        force = _forced(text)
        marks = self.spec.notation.CONDONED_MARK == "!"  # the notation reads the ! itself
        try:
            event = self.game.read(text if marks or not force else _unforced(text))
        except LogSyntaxError as err:
            if not (marks and force):
                return Reply("unreadable", self._unreadable(text, err))
            try:  # a line the notation cannot mark (a score line): recorded unmarked
                event = self.game.read(_unforced(text))
            except LogSyntaxError:
                return Reply("unreadable", self._unreadable(text, err))
        return self._take(text, event, force, as_played)

    def _take(self, text: str, event: Any, force: bool, as_played: bool = False) -> Reply:
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
        refusal = ""
        if errors and not force:
            refusal = self._refusal(text, event, errors, as_played)
            if not as_played:
                return Reply("refused", refusal)
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
        ended = self._ended()
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
        if refusal:  # written as it stands: the refusal says what it breaks
            return Reply("refused", refusal, written=self.lines[-1].text)
        said = [f"recorded: {self.format(self.lines[-1].event)}"]
        if closed_line is not None:  # the open line could not take this one: it ends there
            said.append(f"  `{closed_line}` ends here: a line of another kind cannot go "
                        "inside it")
        if errors:
            said.append("  recorded as played although it breaks a rule:")
            said += [f"    {self._violation(v)}" for v in errors]
        said += [f"  {self.severity(v)}: {self._violation(v)}" for v in notes]
        said.append(f"  {self.echo(self.history[-1].game)}"
                    + (f"; the header says so: {ended}" if ended else ""))
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
        return self.spec.notation.join_event(line, event, self.game)

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

    def _ended(self) -> str:
        """Once the game is over, the header's ``Result`` tag says how it ended, as the
        game's notation writes it (``[Result "red"]``; ``red, blue`` for a shared win), in
        place of one written before; a sealed log is sealed again from its header on (the
        header is the start of the chain), and the snapshot ``undo`` goes back to keeps
        every line as it was. The tag written, or '' when the header did not change. A sealed
        log given with ``--from``, or resumed with seals that show it was changed, is not
        sealed again (that would seal the changes): its header stays as it is."""
        if (not self.game.is_over() or self.open or not hasattr(self.log, "result")
                or self.edited):
            return ""
        outcome = self.game.outcome()
        if outcome is None:
            return ""
        result = self._with_result(", ".join(outcome.winners) or "none")
        if result is None:
            return ""
        head, log = result
        if head == self.head:
            return ""
        if self.sealed and self.history:
            back = self.history[-1]
            whole = self.lines[:back.count]
            if back.last is not None:
                whole[-1] = back.last
            back.whole = whole
        self._reheader(head, log)
        return next(line for line in head if _is_tag(line, "Result"))

    def _unended(self) -> None:
        """The game taken back from its end (``undo``) in a log whose header holds a
        ``Result`` tag (written when it ended, before a ``--resume``): the tag goes."""
        result = (self._with_result(None) if hasattr(self.log, "result") and not self.edited
                  else None)
        if result is not None and result[0] != self.head:
            self._reheader(*result)

    def _with_result(self, value: str | None) -> tuple[list[str], Any] | None:
        """The header's lines and the decoded header with the ``Result`` tag ``value`` (no
        tag: ``None``) in place of any there, the tag as the notation writes it (read and
        written back); ``None`` when the header would not read with it."""
        kept = [line for line in self.head if not _is_tag(line, "Result")]
        if value is not None:
            from cartlog.core.notation import escape

            at = next((i for i, line in enumerate(kept) if _is_tag(line, core_seal.TAG)),
                      max((i + 1 for i, line in enumerate(kept) if line.startswith("[")),
                          default=len(kept)))
            kept.insert(at, f'[Result "{escape(value)}"]')
        try:
            log = read_log("".join(f"{line}\n" for line in kept) + "\n", str(self.path))
        except LogSyntaxError:
            return None
        if value is not None:
            written = split_lines(str(self.spec.notation.format_log(
                msgspec.structs.replace(log, events=[]))))
            tag = next((line for line in written if _is_tag(line, "Result")), None)
            if tag is None:
                return None
            kept[at] = tag
        return kept, msgspec.structs.replace(self.log, result=log.result)

    def _reheader(self, head: list[str], log: Any) -> None:
        """Put ``head`` and ``log`` in place as the header; a sealed log is sealed again,
        the ``Seal`` tag and every line (what ``undo`` keeps is left as it is)."""
        self.head, self.log = head, log
        if not self.sealed:
            return
        kept = list(self.history)
        self.head = [line for line in head if not _is_tag(line, core_seal.TAG)]
        self.log = msgspec.structs.replace(log, tags={
            k: v for k, v in log.tags.items() if k.lower() != core_seal.TAG.lower()})
        self.sealed = False
        self._seal_all()
        self.history.extend(kept)

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
            keyed = self.key is not None
            seal = core_seal.line_seal(self._seal_before(index), self.format(event), self.key)
            if seals.can_hold(event):
                text = self.format(seals.seal_event(event, seal, keyed))
            else:  # a comment line of its own carries the seal
                above = self.game.read(f"; {seals.SEAL_ABOVE}")
                text = (f"{self.format(event)}\n"
                        f"{self.format(seals.seal_event(above, seal, keyed))}")
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
        tag = core_seal.read_tag(seals.seal_tag(self.log))
        if tag is not None:
            return tag.seal
        return core_seal.header_seal(seals.header_text(self.log), self.key)

    def _seal_all(self) -> None:
        """Seal a log that was not: the Seal tag in the header, every line written again."""
        value = core_seal.tag_value(core_seal.header_seal(seals.header_text(self.log),
                                                          self.key), self.key)
        tags = len(self.head)  # the tag goes after the last tag, before the blank line
        while tags and not self.head[tags - 1].strip():
            tags -= 1
        self.head = [*self.head[:tags], f'[{core_seal.TAG} "{value}"]', *self.head[tags:]]
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
        seal = core_seal.line_seal(self._seal_before(len(self.lines)), self.format(event),
                                   self.key)
        return self.format(seals.seal_event(event, seal, self.key is not None))

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
        """The whole log written beside the file and put in its place (:func:`write_whole`)."""
        write_whole(self.file, data, create, self.lock)

    def _append(self, data: bytes) -> None:
        """``data`` appended (:func:`append`); when the file could not even be cut back,
        :attr:`stale` says so: the next write writes the whole log."""
        try:
            append(self.file, data)
        except TornAppend:
            self.stale = True
            raise

    # -- replies -------------------------------------------------------------------------------

    def _violation(self, v: Violation) -> str:
        rule = self.rule(v)
        return f"{v.message} [{v.code}" + (f"; rule {rule}]" if rule else "]")

    def _refusal(self, text: str, event: Any, errors: list[Violation],
                 as_played: bool = False) -> str:
        out = [f"refused: {self._violation(errors[0])}"]
        out += [f"  also: {self._violation(v)}" for v in errors[1:]]
        # a claim (hand, pirates) is no move: its refusal gives the replay's value, not moves
        claim = all(v.code.startswith("claim/") for v in errors)
        near = [] if claim else self.closest(self.format(event))
        if near:
            out.append(f"  closest lawful: {', '.join(near)}")
        out.append("  written as it stands: check reports it" if as_played else
                   "  to record it as played all the same, type it again with ! at the end")
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
        over = self.game.is_over()  # taken back from the end: the header changes
        whole = list(self.lines) if back.whole is not None or over else None
        current = (self.game, self.lines[max(0, back.count - 1):], self.open, self.base,
                   self.head, self.log, self.unit, self.unit_kind)
        self._restore(back)
        if over and not self.game.is_over():
            self._unended()
        untagged = (any(_is_tag(line, "Result") for line in current[4])
                    and not any(_is_tag(line, "Result") for line in self.head))
        try:
            self._write()
        except OSError as exc:
            (self.game, tail, self.open, self.base, self.head, self.log, self.unit,
             self.unit_kind) = current
            if whole is not None:
                self.lines = whole
            else:
                self.lines[max(0, back.count - 1):] = tail
            self.history.append(back)
            return Reply("failed", self._failed(exc, "not taken back"))
        return Reply("command", f"took back: {back.typed}" + (
            "; the game goes on: the header's Result tag taken away" if untagged else ""))

    def _restore(self, back: _Snapshot) -> None:
        if back.whole is not None:
            self.lines = list(back.whole)
        del self.lines[back.count:]
        if back.last is not None:
            self.lines[back.count - 1] = back.last
        self.head, self.log = back.head, back.log
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


def _is_tag(line: str, name: str) -> bool:
    """Whether a header line is the tag ``name`` (any case)."""
    return line.strip().lower().startswith(f"[{name.lower()} ")


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



def shown(text: str) -> str:
    """Plain lines with every character of a log or of a line typed that could drive a
    terminal escaped (:func:`cartlog.core.text.printable`, line by line)."""
    return "\n".join(printable(line) for line in text.split("\n"))
