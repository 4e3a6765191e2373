"""``cartlog record`` against a hostile machine and hostile input: writes that fail
at any step (a full disk), torn last lines, files that are not regular files, lines and logs
over the reader's limits, terminal escapes in names, comments and lines typed, and a second
recorder through a hard or a symbolic link.

Faults are injected (no small full file system is at hand in a test): every ``os`` call the
recorder makes on its files (open, write, fsync, replace, link) fails in turn with ENOSPC.
"""

from __future__ import annotations

import errno
import os
import re
import socket
import stat
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from cartlog.games import GAMES, SPECS
from cartlog.record import Busy, Recorder, hold
from tests.fuzzing import RAW  # what must never reach a terminal raw
from tests.test_record import (
    ROOT,
    _process,
    _wait_for,
    body,
    invoke,
    simulated,
    typed_one_by_one,
)

IDS = [spec.name for spec in SPECS]
NOT_RECORDED = "still holds every line accepted before"
HOSTILE = "Ev\x1b[2J\x1b[31mil\x07\u202egnp.exe\u200b"  # no , or ; (a name ends there)


class Faults:
    """The recorder's ``os`` calls on files under ``root`` (not on ``root`` itself: a folder
    is synced when the system allows it, and a failure there is no write), counted; the
    ``at``-th one fails
    with ``OSError(ENOSPC)`` (a write first writes half of its bytes, as a full disk does).
    ``cut_back``: whether ``os.ftruncate`` works. ``calls``: the names of the calls made."""

    NAMES = ("open", "write", "fsync", "replace", "link")

    def __init__(self, monkeypatch, root: Path, at: int | None = None,
                 cut_back: bool = True, when: bytes | None = None) -> None:
        self.root, self.at, self.when = str(root), at, when
        self.count, self.fired, self.calls = 0, None, []
        self.fds: set[int] = set()
        self.real = {name: getattr(os, name) for name in (*self.NAMES, "ftruncate")}
        for name in self.NAMES:
            monkeypatch.setattr(os, name, self._wrap(name))
        if not cut_back:
            def no_truncate(fd, size):
                if fd in self.fds:
                    raise OSError(errno.EIO, os.strerror(errno.EIO))
                return self.real["ftruncate"](fd, size)
            monkeypatch.setattr(os, "ftruncate", no_truncate)

    def _ours(self, name: str, args: tuple) -> bool:
        if name in ("write", "fsync"):
            return args[0] in self.fds
        return str(args[0]).startswith(self.root) and str(args[0]) != self.root

    def _wrap(self, name: str):
        real = self.real[name]

        def call(*args, **kwargs):
            if not self._ours(name, args):
                return real(*args, **kwargs)
            self.calls.append(name)
            self.count += 1
            due = (self.at == self.count if self.when is None
                   else name == "write" and self.when in bytes(args[1]) and self.fired is None)
            if due:
                self.fired = name
                if name == "write" and len(args[1]) > 1:
                    real(args[0], bytes(args[1])[:len(args[1]) // 2])  # a part gets through
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
            if name == "fsync":
                return None  # (fast: what a sync makes durable is not tested here)
            result = real(*args, **kwargs)
            if name == "open":
                self.fds.add(result)
            return result
        return call


def _entered_through_every_fault(rec: Recorder, line: str, path: Path, monkeypatch,
                                 root: Path) -> set[str]:
    """``line`` entered with the 1st, 2nd, ... of the recorder's file calls failing, until it
    goes through: after each failure the file is as before, the game in memory is the file's,
    the reply says so. The way the line was written at last: ``append`` or ``rewrite``."""
    at = 1
    while True:
        before = path.read_bytes()
        with monkeypatch.context() as m:
            faults = Faults(m, root, at)
            reply = rec.enter(line)
        if faults.fired is None:
            assert reply.kind in ("accepted", "command"), (line, reply.text)
            return {"rewrite" if "replace" in faults.calls else "append"}
        assert reply.kind == "failed", (line, at, faults.fired, reply.text)
        assert NOT_RECORDED in reply.text and "No space left on device" in reply.text
        assert "\n" not in reply.text  # one line
        assert path.read_bytes() == before, (line, faults.fired)
        assert rec.text() == before.decode("utf-8")  # memory == disk
        fresh = Recorder.resume(path)
        assert fresh.options() == rec.options() and fresh.status() == rec.status()
        assert [p.name for p in path.parent.iterdir() if p.name.endswith(".tmp")] == []
        at += 1


@pytest.mark.parametrize("sealed", [False, True], ids=["plain", "sealed"])
@pytest.mark.parametrize("spec", SPECS, ids=IDS)
def test_a_write_failing_at_any_step_leaves_the_log_as_it_was_and_the_session_goes_on(
        spec, sealed, tmp_path, monkeypatch):
    """Every line (appended or rewritten, ``undo`` too) with each of the recorder's calls on
    its files failing in turn: the file stays the log after the last line accepted, the game
    in memory goes back to it, and the same line typed again is recorded."""
    log, header, _ = simulated(spec, rules=spec.rulesets[-1], seed=11, turns=8)
    path = tmp_path / "game.cartlog"
    rec = Recorder.create(path, header, seal=sealed)
    ways: set[str] = set()
    lines = typed_one_by_one(spec, log)[:10]
    for line in lines:
        ways |= _entered_through_every_fault(rec, line, path, monkeypatch, tmp_path)
    ways |= _entered_through_every_fault(rec, "undo", path, monkeypatch, tmp_path)
    ways |= _entered_through_every_fault(rec, lines[-1], path, monkeypatch, tmp_path)
    assert ways == {"append", "rewrite"}
    again = Recorder.create(tmp_path / "again.cartlog", header, seal=sealed)
    for line in lines:
        again.enter(line)
    assert path.read_text(encoding="utf-8") == again.text()


@pytest.mark.parametrize("spec", SPECS, ids=IDS)
def test_a_new_log_whose_write_fails_leaves_nothing(spec, tmp_path, monkeypatch):
    """``--out``, sealed or not (the sealing rewrites every line copied with ``--from``): a
    failure at any step leaves no log and no temporary file, and says nothing was written."""
    log, header, full = simulated(spec, seed=3, turns=6)
    source = tmp_path / "start.cartlog"
    source.write_text(full, encoding="utf-8")
    folder = tmp_path / "logs"
    folder.mkdir()
    out = folder / "game.cartlog"
    for sealed in ((), ("--hash",)):
        at, unwritten = 1, 0
        while True:
            with monkeypatch.context() as m:
                faults = Faults(m, folder, at)
                result = invoke("--from", source, "--out", out, *sealed, input="")
            if faults.fired is None:
                break
            if result.exit_code == 0:  # a failure the recorder may pass over (the lock's
                assert out.exists()  # look for a log that is not there yet)
                out.unlink()
            else:
                assert result.exit_code == 2, result.stderr
                assert "No space left on device" in result.stderr
                unwritten += "; nothing was written" in result.stderr
                assert list(folder.iterdir()) == []
            at += 1
        assert unwritten >= 4 and result.exit_code == 0, (at, unwritten)
        out.unlink()


@pytest.mark.parametrize("spec", SPECS, ids=IDS)
def test_a_full_disk_from_standard_input_is_said_and_the_line_typed_again_is_recorded(
        spec, tmp_path, monkeypatch):
    """Through the command: the line whose write fails (half of it written, as on a full
    disk) is reported at its input line, the lines after it are still taken, the line typed
    again is recorded, and the exit status is 2 (a line could not be written)."""
    log, header, full = simulated(spec, seed=8)
    lines = body(spec, log)
    (tmp_path / "header.cartlog").write_text(header, encoding="utf-8")
    out = tmp_path / "game.cartlog"
    # the first line from the middle on that was not written before (the fault fires at the
    # first write of its text; a game's lines may repeat, as Pig's rolls do)
    at = next(i for i in range(len(lines) // 2, len(lines)) if lines[i] not in lines[:i])
    typed = [*lines[:at], lines[at], *lines[at:]]  # the failed line, typed again
    with monkeypatch.context() as m:
        faults = Faults(m, tmp_path, when=lines[at].encode("utf-8"))
        result = invoke("--from", tmp_path / "header.cartlog", "--out", out,
                        input="\n".join(typed) + "\n")
    assert faults.fired == "write"
    assert result.exit_code == 2, result.stderr
    said = result.stderr.splitlines()
    assert said[0].startswith(f"<stdin>:{at + 1}: not recorded: the line was not written: "
                              f"writing {out} failed (No space left on device); {out} "
                              f"{NOT_RECORDED}"), said
    assert out.read_text(encoding="utf-8") == full
    assert ", 1 not written;" in result.stdout


@pytest.mark.parametrize("spec", SPECS, ids=IDS)
def test_a_write_that_cannot_even_be_cut_back_is_said_and_healed_by_the_next_write(
        spec, tmp_path, monkeypatch):
    """The worst case: half a line written and the file cannot be cut back. The reply says
    the file may end in part of the line; ``--resume`` then refuses the torn line; the next
    line written in the session writes the whole log again, whole."""
    log, header, full = simulated(spec, seed=8)
    lines = body(spec, log)
    path = tmp_path / "game.cartlog"
    rec = Recorder.create(path, header)
    for line in lines[:4]:
        rec.enter(line)
    good = path.read_text(encoding="utf-8")
    with monkeypatch.context() as m:
        Faults(m, tmp_path, when=lines[4].encode("utf-8"), cut_back=False)
        reply = rec.enter(lines[4])
    assert reply.kind == "failed" and "could not be cut back" in reply.text
    torn = path.read_text(encoding="utf-8")
    assert torn.startswith(good) and torn != good and not torn.endswith("\n")
    result = invoke("--resume", path, input="")
    assert result.exit_code == 2 and "does not end in a line break" in result.stderr
    assert rec.text() == good
    assert rec.enter(lines[4]).kind == "accepted"
    assert path.read_text(encoding="utf-8") == good + body_line(rec)
    for line in lines[5:]:
        rec.enter(line)
    assert path.read_text(encoding="utf-8") == full


def body_line(rec: Recorder) -> str:
    return rec.lines[-1].text + "\n"


# -- torn last lines ---------------------------------------------------------------------------


@pytest.mark.parametrize("spec", SPECS, ids=IDS)
def test_resume_refuses_a_torn_last_line_at_every_cut(spec, tmp_path):
    """A log cut anywhere inside its last line (no line break at its end) is refused by
    ``--resume``, located at that line, the line echoed escaped, saying what to do; the log
    whole, or with that line finished, goes on."""
    log, header, full = simulated(spec, seed=8, turns=10)
    path = tmp_path / "game.cartlog"
    start = full.rstrip("\n").rfind("\n") + 1
    number = full[:start].count("\n") + 1
    for cut in range(start + 1, len(full) - 1):
        if full[cut - 1] in " \t":
            continue
        path.write_text(full[:cut] + "\x1b[2J", encoding="utf-8")
        result = invoke("--resume", path, input="")
        assert result.exit_code == 2, result.stderr
        first = result.stderr.splitlines()[0]
        assert first.startswith(f"{path}:{number}:1: syntax error: the last line does not end "
                                "in a line break"), first
        assert "finish it and end it with a line break, or delete it" in first
        assert "\\x1b[2J" in result.stderr and not RAW.search(result.stderr)
        assert path.read_text(encoding="utf-8") == full[:cut] + "\x1b[2J"  # left as it was
    path.write_text(full, encoding="utf-8")
    assert invoke("--resume", path, input="").exit_code == 0
    path.write_text(full + "  ", encoding="utf-8")  # spaces after the last break: not a line
    assert invoke("--resume", path, input="").exit_code == 0


# -- only regular files are read ---------------------------------------------------------------


def _specials(folder: Path) -> dict[str, Path]:
    """A FIFO, a socket, a character device and a folder."""
    out = {"a FIFO": folder / "fifo.cartlog", "a character device": Path("/dev/zero"),
           "a directory": folder / "folder.cartlog"}
    os.mkfifo(out["a FIFO"])
    out["a directory"].mkdir()
    short = Path(tempfile.mkdtemp(prefix="cl"))  # a socket's path must be short
    try:
        server = socket.socket(socket.AF_UNIX)
        server.bind(str(short / "s.cartlog"))
        out["a socket"] = short / "s.cartlog"
    except OSError:
        pass
    return out


def _cli(*args: str, timeout: float = 60) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "NO_COLOR": "1"}
    return subprocess.run([sys.executable, "-m", "cartlog", "record", *args], cwd=ROOT,
                          capture_output=True, text=True, input="", env=env, timeout=timeout)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs")
def test_the_recorder_reads_only_regular_files_and_never_blocks(tmp_path):
    """``--resume``, ``--from``, ``--position`` on a FIFO (which would block), ``/dev/zero``
    (endless), a socket and a folder: each a one-line refusal naming what it is, exit 2, at
    once (a subprocess with a timeout: a blocked read would hang the test)."""
    specials = _specials(tmp_path)
    out = tmp_path / "out.cartlog"
    for kind, special in specials.items():
        for args in (("--resume", str(special)), ("--from", str(special), "--out", str(out)),
                     ("cartagena", "--position", str(special), "--out", str(out))):
            result = _cli(*args)
            assert result.returncode == 2, (args, result.stderr)
            why = ("" if kind == "a directory" else
                   ": the recorder reads only a regular file")  # (a folder: as check says)
            assert result.stderr.strip() == f"{special}: error: is {kind}, not a log{why}", args
            assert not out.exists()


def test_a_symbolic_link_to_a_device_is_refused_too(tmp_path):
    link = tmp_path / "game.cartlog"
    link.symlink_to("/dev/zero")
    result = _cli("--resume", str(link))
    assert result.returncode == 2
    assert "a character device, not a log" in result.stderr


# -- the reader's limits -------------------------------------------------------------------------


@pytest.mark.parametrize("spec", SPECS, ids=IDS)
def test_a_line_typed_over_the_line_limit_is_refused_as_it_is_read(spec, tmp_path,
                                                                   monkeypatch):
    """A typed line longer than ``CARTLOG_MAX_LINE`` is refused (read in bounded pieces, the
    rest of it dropped), and the lines after it are taken."""
    log, header, full = simulated(spec, seed=8)
    lines = body(spec, log)
    most = max(map(len, full.splitlines()))
    monkeypatch.setenv("CARTLOG_MAX_LINE", str(most))
    (tmp_path / "header.cartlog").write_text(header, encoding="utf-8")
    out = tmp_path / "game.cartlog"
    typed = [lines[0], "; " + "x" * (10 * most), *lines[1:]]
    result = invoke("--from", tmp_path / "header.cartlog", "--out", out,
                    input="\n".join(typed) + "\n")
    assert result.exit_code == 1
    assert result.stderr.splitlines()[0] == (
        f"<stdin>:2: cannot read: the line is over {most} characters, the longest a log may "
        "hold (CARTLOG_MAX_LINE raises the limit)")
    assert out.read_text(encoding="utf-8") == full


@pytest.mark.parametrize("spec", SPECS, ids=IDS)
def test_the_log_never_grows_past_the_byte_limit_and_reads_back(spec, tmp_path, monkeypatch):
    """With ``CARTLOG_MAX_BYTES`` set to half the game, the lines that would take the log
    past it are refused; the log written reads back in ``check`` under the same limit."""
    log, header, full = simulated(spec, seed=8)
    most = len(full.encode("utf-8")) // 2
    monkeypatch.setenv("CARTLOG_MAX_BYTES", str(most))
    (tmp_path / "header.cartlog").write_text(header, encoding="utf-8")
    out = tmp_path / "game.cartlog"
    result = invoke("--from", tmp_path / "header.cartlog", "--out", out,
                    input="\n".join(body(spec, log)) + "\n")
    assert result.exit_code == 1
    assert (f"the log would grow past {most} bytes, the most a log may hold "
            "(CARTLOG_MAX_BYTES raises the limit)") in result.stderr
    written = out.read_bytes()
    assert most // 2 < len(written) <= most
    from tests.fuzzing import run

    assert run(["check", str(out)])[0] in (0, 1)  # read, not "too large"


# -- nothing from a log or a line typed drives the terminal --------------------------------------


def _refused_after(folder: Path, header: str, lines: list[str]) -> str:
    """A line the recorder refuses after the game's first two lines: the second typed again
    (a line repeated breaks a rule in most games), else the first of the game's lines that
    is refused there (in Pig a roll may be repeated)."""
    for n, line in enumerate([lines[1], *lines[2:]]):
        probe = Recorder.create(folder / f"probe{n}.cartlog", header)
        for before in lines[:2]:
            probe.enter(before)
        if probe.enter(line).kind == "refused":
            return line
    raise AssertionError("no line of the game is refused after its first two")


def _hostile_header(header: str) -> str:
    return re.sub(r'\[Players "(\w+)', lambda m: f'[Players "{m.group(1)} {HOSTILE}', header)


@pytest.mark.parametrize("spec", SPECS, ids=IDS)
def test_terminal_escapes_in_names_comments_and_typed_lines_are_shown_escaped(
        spec, tmp_path, no_sync):
    """A hostile player name in the header, a hostile comment, a hostile line that does not
    read and one that breaks a rule: nothing the recorder says (replies, status, the closing
    line, ``help``, ``hand``, refusals) holds a raw control, bidi or zero-width character, and
    what was there is shown as an escape."""
    log, header, _ = simulated(spec, seed=8)
    lines = body(spec, log)
    header = _hostile_header(header)
    (tmp_path / "header.cartlog").write_text(header, encoding="utf-8")
    out = tmp_path / "game.cartlog"
    again = _refused_after(tmp_path, header, lines)
    typed = [lines[0], f"; a note {HOSTILE}", f"zz {HOSTILE}", f"{lines[1]} {HOSTILE}",
             "hand", "help", f"{lines[1]} ; {HOSTILE}", f"{again} ; {HOSTILE}", lines[2]]
    result = invoke("--from", tmp_path / "header.cartlog", "--out", out,
                    input="\n".join(typed) + "\n")
    said = result.stdout + result.stderr
    assert result.exit_code == 1, said
    assert not RAW.search(said), [m.group() for m in RAW.finditer(said)]
    assert "\\x1b[2J" in said and "\\u202e" in said
    # the session's own replies, as any front shows them (a terminal shows every one)
    rec = Recorder.create(tmp_path / "session.cartlog", header)
    replies = [rec.enter(line) for line in (*typed, "undo")]
    assert {r.kind for r in replies} >= {"accepted", "refused", "unreadable", "command"}
    for text in (*(r.text for r in replies), rec.status(), *rec.notes):
        assert not RAW.search(text), text
    assert "\\x1b[2J" in rec.player_name(rec.colours()[0])  # as the status names them
    assert "\\x1b[2J" in "".join(r.text for r in replies if r.kind == "accepted")


def test_a_hostile_file_name_is_shown_escaped(tmp_path):
    result = invoke("--resume", tmp_path / f"{HOSTILE}.cartlog", input="")
    assert result.exit_code == 2 and ".cartlog: error: no such file" in result.stderr
    assert not RAW.search(result.stderr) and "\\x1b[2J" in result.stderr


@pytest.fixture
def no_sync(monkeypatch):
    monkeypatch.setattr(os, "fsync", lambda fd: None)


# -- one recorder per file, whatever its name ---------------------------------------------------


@pytest.mark.skipif(sys.platform == "win32", reason="no flock")
def test_the_lock_holds_per_file_through_hard_and_symbolic_links_and_rewrites(tmp_path,
                                                                             no_sync):
    """A second recorder on the log through a hard link or a symbolic link is refused, with
    the first one's process; so it is after the log was written again (renamed over: a new
    file), through a link made before or after that; once the first lets go, a link goes on."""
    spec = GAMES["cartagena"]
    log, header, _ = simulated(spec, seed=2, turns=6)
    path = tmp_path / "game.cartlog"
    typed = typed_one_by_one(spec, log)
    with hold(path) as lock:
        rec = Recorder.create(path, header, lock=lock)
        hard, soft = tmp_path / "hard.cartlog", tmp_path / "soft.cartlog"
        os.link(path, hard)
        soft.symlink_to(path.name)
        node = path.stat().st_ino
        rec.enter(typed[0])
        rec.enter(typed[1])  # the turn's line grows: written again, renamed over
        assert path.stat().st_ino != node
        late_hard, late_soft = tmp_path / "late.cartlog", tmp_path / "late-soft.cartlog"
        os.link(path, late_hard)
        late_soft.symlink_to(path)
        for other in (path, hard, soft, late_hard, late_soft):
            with pytest.raises(Busy) as busy:
                hold(other)
            if os.path.exists("/proc/locks"):
                assert busy.value.pid == os.getpid(), other
        assert soft.is_symlink() and late_soft.is_symlink()
    with hold(late_hard), pytest.raises(Busy):
        hold(soft)


def _script(spec, log, header: str, scratch: Path) -> list[str]:
    """What a person types action by action, an ``end`` only where a turn does not end by
    itself (the lines a recorder accepts)."""
    rec = Recorder.create(scratch, header)
    return [line for line in typed_one_by_one(spec, log) if rec.enter(line).kind == "accepted"]


@pytest.mark.skipif(sys.platform == "win32", reason="no flock")
def test_a_second_recorder_through_a_link_is_refused_with_the_first_ones_process(tmp_path):
    """Through the command: a recorder writing a log (rewrites included: a Cartagena turn
    typed action by action) and a second one on it by a hard link, then by a symbolic link:
    exit 2 with the first one's process number; the symbolic link still points to the log,
    which the first one wrote whole."""
    spec = GAMES["cartagena"]
    log, header, full = simulated(spec, seed=2, turns=6)
    source = tmp_path / "header.cartlog"
    source.write_text(header, encoding="utf-8")
    out, hard, soft = (tmp_path / "game.cartlog", tmp_path / "hard.cartlog",
                       tmp_path / "soft.cartlog")
    first = _process("--from", source, "--out", out, stdin=subprocess.PIPE,
                     stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        _wait_for(out)
        os.link(out, hard)
        soft.symlink_to(out)
        typed = _script(spec, log, header, tmp_path / "script.cartlog")
        first.stdin.write("".join(f"{line}\n" for line in typed[:3]).encode())
        first.stdin.flush()
        for name in (hard, soft):
            result = invoke("--resume", name, input="")
            assert result.exit_code == 2
            pid = f" (process {first.pid})" if os.path.exists("/proc/locks") else ""
            assert result.stderr == (f"cartlog: {name}: already being recorded by another "
                                     f"cartlog record{pid}\n")
        first.stdin.write("".join(f"{line}\n" for line in typed[3:]).encode())
        first.stdin.close()
        assert first.wait(30) == 0, first.stderr.read().decode()
    finally:
        if first.poll() is None:
            first.kill()
        first.stderr.close()
    assert soft.is_symlink() and soft.read_text(encoding="utf-8") == full
    result = invoke("--resume", soft, input="undo\n")
    assert result.exit_code == 0, result.stderr
    assert soft.is_symlink() and stat.S_ISREG(os.stat(out).st_mode)
    assert out.read_text(encoding="utf-8") != full


def _quoted(title: str) -> str:
    """The message docs/cli.md quotes (indented) under the paragraph starting ``title``."""
    text = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    after = text[text.index(title):]
    return next(line[4:] for line in after.splitlines() if line.startswith("    "))


def test_the_messages_docs_cli_md_quotes_are_what_the_recorder_says(tmp_path, monkeypatch):
    """The full disk's message and the torn line's, as docs/cli.md shows them."""
    monkeypatch.chdir(tmp_path)
    spec = GAMES["cartagena"]
    log, header, full = simulated(spec, seed=8)
    lines = body(spec, log)
    rec = Recorder.create(Path("game.cartlog"), header)
    with monkeypatch.context() as m:
        Faults(m, tmp_path, at=1)
        reply = rec.enter(lines[0])
    assert reply.text == _quoted("**A write that fails**")
    Path("game.cartlog").write_text("\n".join(full.splitlines()[:23]) + "\n24. g", "utf-8")
    result = invoke("--resume", "game.cartlog", input="")
    assert result.exit_code == 2
    assert result.stderr.splitlines()[0] == _quoted("**A torn last line.**")


# -- each line checked in bounded time and memory -----------------------------------------------


@pytest.mark.parametrize("spec", SPECS, ids=IDS)
def test_a_log_and_a_turn_or_round_longer_than_any_game_s_are_refused(spec, tmp_path,
                                                                     monkeypatch):
    """Past ``CARTLOG_MAX_RECORD_LINES`` lines a log takes no more, and past
    ``CARTLOG_MAX_UNIT_LINES`` a turn or round takes no more (comments count): each line is
    checked against its turn or round in bounded time; the log written reads back."""
    log, header, full = simulated(spec, seed=8)
    lines = body(spec, log)
    monkeypatch.setenv("CARTLOG_MAX_RECORD_LINES", "6")
    (tmp_path / "header.cartlog").write_text(header, encoding="utf-8")
    out = tmp_path / "game.cartlog"
    result = invoke("--from", tmp_path / "header.cartlog", "--out", out,
                    input="\n".join(lines) + "\n")
    assert result.exit_code == 1
    assert "refused: the log holds 6 lines, more than any game needs" in result.stderr
    monkeypatch.delenv("CARTLOG_MAX_RECORD_LINES")
    monkeypatch.setenv("CARTLOG_MAX_UNIT_LINES", "3")
    out2 = tmp_path / "game2.cartlog"
    result = invoke("--from", tmp_path / "header.cartlog", "--out", out2,
                    input="\n".join([lines[0], *["; a remark"] * 5, *lines[1:]]) + "\n")
    assert result.exit_code == 1
    assert "refused: this turn or round already holds 3 lines" in result.stderr
    from tests.fuzzing import run

    assert run(["check", str(out2)])[0] in (0, 1)


@pytest.mark.parametrize("spec", SPECS, ids=IDS)
def test_undo_goes_back_max_undo_lines_and_the_log_stays_what_the_game_holds(spec, tmp_path,
                                                                            monkeypatch):
    """The undo history keeps the last ``MAX_UNDO`` lines (a copy of the engine each): taken
    back one by one, the log is the game's first lines again, as typed."""
    import cartlog.record.session as record

    monkeypatch.setattr(record, "MAX_UNDO", 3)
    log, header, full = simulated(spec, seed=8)
    lines = body(spec, log)
    rec = Recorder.create(tmp_path / "g.cartlog", header)
    rec.history = record.deque(maxlen=3)
    for line in lines[:6]:
        assert rec.enter(line).kind == "accepted", line
    after_three = None
    for n in range(4):
        reply = rec.enter("undo")
        if n == 2:
            after_three = (tmp_path / "g.cartlog").read_text(encoding="utf-8")
    assert reply.text == "nothing to take back"
    again = Recorder.create(tmp_path / "h.cartlog", header)
    for line in lines[:3]:
        again.enter(line)
    assert after_three == (tmp_path / "h.cartlog").read_text(encoding="utf-8")
    assert rec.options() == again.options()
    assert rec.game.position() == again.game.position()


@pytest.mark.parametrize("spec", SPECS, ids=IDS)
def test_the_lines_kept_for_undo_stay_within_their_budget(spec, tmp_path, monkeypatch):
    """Past ``UNDO_TEXT`` characters of lines kept, the oldest snapshots go (a line that grows
    with every entry, Meuterer's ``sell``, would keep a version at each); the latest line can
    still be taken back, and the log is then what the game held before it."""
    import cartlog.record.session as record

    monkeypatch.setattr(record, "UNDO_TEXT", 64)
    log, header, full = simulated(spec, seed=8)
    lines = body(spec, log)
    rec = Recorder.create(tmp_path / "g.cartlog", header)
    for line in lines[:8]:
        assert rec.enter(line).kind == "accepted", line
        kept = [b.last.text for b in rec.history if b.last is not None]
        assert len(rec.history) == 1 or sum(map(len, kept)) <= 64
    assert rec.enter("undo").kind == "command"
    again = Recorder.create(tmp_path / "h.cartlog", header)
    for line in lines[:7]:
        again.enter(line)
    assert rec.game.position() == again.game.position()
    assert (tmp_path / "g.cartlog").read_text() == (tmp_path / "h.cartlog").read_text()
