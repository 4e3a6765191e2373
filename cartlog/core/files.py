"""Reading files: a log's bytes as text, within limits, and the files a log names.

A log is written by a stranger. The one file it may make cartlog read besides itself (a
Mutiny board file, ``[Board "..."]``, ruling M7) is read by :func:`read_named` alone, which
every game uses: only from the log's own folder or below, only a regular file, at most
``CARTLOG_MAX_NAMED_BYTES`` bytes, decoded as logs are (docs/notation.md, "Header tags" of
Part 3).
"""

from __future__ import annotations

import os
import stat
from typing import Any

from cartlog.core.errors import LogSyntaxError, SyntaxProblem
from cartlog.core.limits import limit
from cartlog.core.text import printable

MAX_NAMED_BYTES = 64 * 1024  # the largest file a log may name, a board file (CARTLOG_MAX_NAMED_BYTES)


def read_bounded(stream: Any, limit: int) -> bytes:
    """At most ``limit + 1`` bytes, read in bounded chunks (an endless pipe or ``/dev/zero``
    stops at the limit)."""
    chunks, size = [], 0
    while size <= limit:
        chunk = stream.read(min(1 << 20, limit + 1 - size))
        if not chunk:
            break
        chunks.append(chunk)
        size += len(chunk)
    return b"".join(chunks)


def decode_text(data: bytes, path: str = "<log>") -> str:
    """The text of a log file's bytes: UTF-8, with or without a byte-order mark.

    Raises :class:`LogSyntaxError` located at the first byte that is not UTF-8.
    """
    body = data[3:] if data.startswith(b"\xef\xbb\xbf") else data
    try:
        return body.decode("utf-8")  # offsets below count from after the byte-order mark
    except UnicodeDecodeError as exc:
        before = body[:exc.start].decode("utf-8")
        line = before.count("\n") + 1
        col = len(before) - (before.rfind("\n") + 1) + 1
        shown = body.decode("utf-8", errors="replace")
        raise LogSyntaxError(path, [SyntaxProblem(
            line, col, f"not UTF-8 text: byte 0x{body[exc.start]:02x} ({exc.reason})",
            expected="a log saved as UTF-8 text", end_col=col + 1)], shown) from None


_KINDS = ((stat.S_ISREG, "regular file"), (stat.S_ISDIR, "folder"), (stat.S_ISFIFO, "FIFO"),
          (stat.S_ISSOCK, "socket"), (stat.S_ISCHR, "character device"),
          (stat.S_ISBLK, "block device"))


def kind_of(mode: int) -> str:
    """What a file's mode says it is, in a report's words: ``regular file``, ``folder``,
    ``FIFO``, ``socket``, ``character device``, ``block device`` (else ``special file``).
    Every reader names what it refuses with it."""
    return next((kind for test, kind in _KINDS if test(mode)), "special file")


_OPEN_FLAGS = (os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0)
               | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0))


def read_named(log_path: str, name: str) -> str:
    """The text of the file ``name`` that the log at ``log_path`` names, read as a log is.

    Refused, as :class:`LogSyntaxError` with one problem at line 0 saying why: a name that is
    empty or absolute, that goes up out of the log's folder (``..``) or leads out of it
    through a symbolic link; anything but a regular file (a folder, a device such as
    ``/dev/zero``, a named pipe, a socket); a file over ``CARTLOG_MAX_NAMED_BYTES`` bytes. A
    file that is not UTF-8 is a problem at its line and column. The file is opened without
    following a link and without waiting (a named pipe never blocks), and read only up to the
    limit. The messages never hold the file's content.
    """
    shown = printable(name)
    folder = os.path.dirname(os.path.abspath(log_path))
    reason = _outside(folder, name)
    if reason is not None:
        raise _refused(shown, reason)
    target = os.path.realpath(os.path.join(folder, name))
    most = limit("CARTLOG_MAX_NAMED_BYTES", MAX_NAMED_BYTES)
    try:
        fd = os.open(target, _OPEN_FLAGS)
    except OSError as exc:
        raise _refused(shown, _open_error(exc)) from None
    try:
        info = os.fstat(fd)
    except OSError as exc:
        os.close(fd)
        raise _refused(shown, _open_error(exc)) from None
    if not stat.S_ISREG(info.st_mode) or info.st_size > most:
        os.close(fd)
        raise _refused(shown, _too_large(most) if stat.S_ISREG(info.st_mode) else
                       f"a {kind_of(info.st_mode)}, not a file: only a regular file is read")
    with os.fdopen(fd, "rb", buffering=0) as stream:
        try:
            data = read_bounded(stream, most)
        except OSError as exc:
            raise _refused(shown, f"cannot read: {exc.strerror or exc}") from None
    if len(data) > most:
        raise _refused(shown, _too_large(most))
    try:
        return decode_text(data, shown)
    except LogSyntaxError as err:  # the place of the first bad byte, not the text
        raise LogSyntaxError(shown, err.problems, None) from None


def _outside(folder: str, name: str) -> str | None:
    """Why ``name`` does not stand in ``folder`` or below, or ``None``."""
    if not name.strip():
        return "an empty name"
    if "\0" in name:
        return "a name holding a NUL character"
    if os.path.isabs(name) or name[:1] in ("/", "\\") or os.path.splitdrive(name)[0]:
        return "an absolute path: only a file in the log's folder or below is read"
    if os.path.normpath(name).replace("\\", "/").split("/")[0] == "..":
        return "a path that goes up out of the log's folder: only a file in it or below is read"
    real_folder = os.path.realpath(folder)
    real = os.path.realpath(os.path.join(folder, name))
    if real == real_folder or os.path.commonpath([real_folder, real]) != real_folder:
        return ("a symbolic link that leads out of the log's folder: only a file in it or "
                "below is read") if real != real_folder else "the log's folder, not a file"
    return None


def _open_error(exc: OSError) -> str:
    import errno

    return {errno.ENOENT: "no such file in the log's folder",
            errno.EACCES: "permission denied",
            errno.ELOOP: "a symbolic link: only a file in the log's folder or below is read",
            errno.ENXIO: "a socket, not a file: only a regular file is read",
            errno.EISDIR: "a folder, not a file: only a regular file is read"}.get(
        exc.errno or 0, f"cannot read: {exc.strerror or exc}")


def _too_large(most: int) -> str:
    return f"too large: over {most} bytes (CARTLOG_MAX_NAMED_BYTES raises the limit)"


def _refused(shown: str, reason: str) -> LogSyntaxError:
    return LogSyntaxError(shown, [SyntaxProblem(0, 0, reason)], None)
