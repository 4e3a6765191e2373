"""The recorder's file on disk: written so that it is always a whole log, and held by one
recorder at a time.

- :func:`write_whole`: the whole log written to a temporary file beside it, synced, then
  linked (a new log) or renamed into place; any failure leaves the file as it was.
- :func:`append`: lines added, synced, and cut back to the length the file had when any step
  fails, so that no part of a line stays.
- :func:`hold` and :class:`Lock`: one recorder per log.
- :func:`regular_file` and :func:`torn_line`: what ``--resume`` refuses to go on with.
"""

from __future__ import annotations

import errno
import os
import stat
from dataclasses import dataclass, field
from pathlib import Path

from cartlog.core.errors import LogSyntaxError, SyntaxProblem
from cartlog.core.files import kind_of
from cartlog.core.text import printable, split_lines
from cartlog.logs import is_json

_CLOEXEC = getattr(os, "O_CLOEXEC", 0)
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_NOCTTY = getattr(os, "O_NOCTTY", 0)


class TornAppend(OSError):
    """An append failed and the file could not be cut back to its length: it may end with
    part of a line, and the next write must write the whole log."""


def write_whole(file: Path, data: bytes, create: bool, lock: Lock | None) -> None:
    """The whole log written to ``.NAME.tmp`` beside ``file``, synced, locked (see
    :class:`Lock`), then linked (``create``: a new log, never over a file there) or renamed
    into place. Any failure removes the temporary file: the log is untouched."""
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
        if lock is not None:
            lock.take(fd)
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
    if lock is not None:
        lock.keep(fd)
    else:
        os.close(fd)


def append(file: Path, data: bytes) -> None:
    """``data`` appended to ``file`` and synced; on any failure the file is cut back to the
    length it had (a write cut by a full disk leaves no part of the line) and the error is
    raised, as :class:`TornAppend` when even the cut failed."""
    fd = os.open(file, os.O_WRONLY | os.O_APPEND | _CLOEXEC)
    try:
        size = os.fstat(fd).st_size
        try:
            _write_all(fd, data)
            os.fsync(fd)
        except OSError as exc:
            try:
                os.ftruncate(fd, size)
            except OSError:
                raise TornAppend(exc.errno, exc.strerror) from exc
            raise
    finally:
        os.close(fd)


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


def _write_all(fd: int, data: bytes) -> None:
    """All of ``data`` to ``fd`` (``os.write`` may write part of it); ``OSError`` when a
    write fails."""
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]
