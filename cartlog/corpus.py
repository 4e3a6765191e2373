"""Whole archives: reading log files, and auditing many of them in worker processes.

:func:`read` and :func:`parse` read one log file within the size limits every command keeps
(``CARTLOG_MAX_BYTES``, ``CARTLOG_MAX_LINE``); :func:`expand` turns folders into the logs
under them. :func:`audit_files` audits any number of files and yields one :class:`Outcome`
per file (per game of a file of several), in the order given: the report, or the located
reason the file could not be read.
It runs in this process, in a pool of worker processes, or on any
:class:`concurrent.futures.Executor` (a Dask ``client.get_executor()``, for instance), with a
bounded number of tasks in flight, so that its memory stays flat however many logs there are::

    from cartlog.corpus import audit_files, expand

    for outcome in audit_files(expand(["archive/"]), jobs=2):
        if outcome.status:
            print(outcome.name, outcome.status)

Nothing here writes to a terminal; :mod:`cartlog.cli` renders the outcomes.
"""

from __future__ import annotations

import errno
import os
import stat
import sys
from collections import deque
from collections.abc import Generator, Iterable, Iterator, Sized
from pathlib import Path
from typing import TYPE_CHECKING, Any

import msgspec

from cartlog.core.errors import LogSyntaxError, SyntaxProblem
from cartlog.core.files import kind_of, read_bounded
from cartlog.core.limits import limit, max_findings, max_games

if TYPE_CHECKING:
    from concurrent.futures import Executor

    from cartlog.audit import Report

MAX_BYTES = 16 * 1024 * 1024  # the largest log read (CARTLOG_MAX_BYTES)
MAX_LINE = 64 * 1024  # the longest line read, in characters (CARTLOG_MAX_LINE)
LOG_SUFFIXES = (".cartlog", ".json")  # the files a folder is searched for
SEVERITIES = ("info", "warning", "error")  # from the least to the most severe

MAX_BATCH = 32  # files per task at most: enough to make a task's overhead small
BATCH = 16  # files per task when the number of files is not known beforehand
IN_FLIGHT_PER_WORKER = 4  # tasks submitted and not yet yielded, per worker

EXIT_CLEAN, EXIT_FINDINGS, EXIT_UNREADABLE = 0, 1, 2


# -- reading one log ------------------------------------------------------------------------


def check_line_length(text: str, name: str, max_line: int | None = None) -> None:
    """Raise :class:`LogSyntaxError` at the first line longer than the limit."""
    most = limit("CARTLOG_MAX_LINE", MAX_LINE) if max_line is None else max_line
    if len(text) <= most or not _over_long(text, most):
        return  # (a line between newlines holds every line that \r or \r\n ends)
    for number, line in enumerate(text.replace("\r\n", "\n").replace("\r", "\n")
                                  .split("\n"), 1):
        if len(line) > most:
            raise LogSyntaxError(name, [SyntaxProblem(number, most + 1, (
                f"line too long: over {most} characters (CARTLOG_MAX_LINE raises the limit)"),
                end_col=most + 2)], text)


def _over_long(text: str, most: int) -> bool:
    """Whether a line between newlines is over ``most`` characters. Only the lines that hold
    a multiple of ``most`` (as an index) are measured: of any ``most`` characters in a row, one
    stands at such an index. A few searches for a newline, where splitting a long log into its
    lines costs a string per line."""
    if most < 1:
        return max(map(len, text.split("\n"))) > most
    at, size = most, len(text)
    while at < size:
        end = text.find("\n", at)
        if end < 0:
            end = size
        if end - (text.rfind("\n", 0, at) + 1) > most:
            return True
        at = end - end % most + most  # the first multiple past this line
    return False


def read(path: str | Path, *, max_bytes: int | None = None,
         max_line: int | None = None) -> tuple[str, str]:
    """The text of a log and the name to show for it; ``-`` is standard input.

    Raises :class:`LogSyntaxError` when the file cannot be read as text: a problem at line 0
    for the file as a whole (missing, a directory, permission denied, too large), located at
    the first bad byte otherwise. The limits default to ``CARTLOG_MAX_BYTES`` and
    ``CARTLOG_MAX_LINE``, else :data:`MAX_BYTES` and :data:`MAX_LINE`. A file named here may
    be a pipe or a device, read within the same limits (:func:`read_file`).
    """
    from cartlog.core.files import decode_text
    from cartlog.core.text import printable

    name = "<stdin>" if str(path) == "-" else printable(str(path))
    most = limit("CARTLOG_MAX_BYTES", MAX_BYTES) if max_bytes is None else max_bytes
    try:
        if name == "<stdin>":
            stdin = sys.stdin.buffer if hasattr(sys.stdin, "buffer") else None
            data = (read_bounded(stdin, most) if stdin is not None
                    else sys.stdin.read(most + 1).encode())
        else:
            data = read_file(path, most)
    except OSError as exc:
        raise cannot_read(path, exc) from None
    if len(data) > most:
        raise LogSyntaxError(name, [SyntaxProblem(0, 0, (
            f"too large: over {most} bytes (CARTLOG_MAX_BYTES raises the limit)"))], None)
    text = decode_text(data, name)
    check_line_length(text, name, max_line)
    return text, name


def read_file(path: str | Path, most: int) -> bytes:
    """At most ``most + 1`` bytes of a file, in one unbuffered read loop.

    The file is opened without waiting (``O_NONBLOCK``): a FIFO that no program writes to
    reads as empty instead of waiting forever for a writer; one that a writer holds open is
    then read, waiting for what it sends, as ``<(cat log)`` is. A device (``/dev/zero``)
    stops at the limit. Raises :class:`OSError`; a folder is :class:`IsADirectoryError`."""
    fd = os.open(path, os.O_RDONLY | _NONBLOCK | getattr(os, "O_BINARY", 0)
                 | getattr(os, "O_CLOEXEC", 0))
    with open(fd, "rb", buffering=0) as stream:  # (closes fd)
        mode = os.fstat(fd).st_mode
        if stat.S_ISDIR(mode):
            raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR))
        if _NONBLOCK and not stat.S_ISREG(mode):
            os.set_blocking(fd, True)  # a writer that is there: wait for what it sends
        return read_bounded(stream, most)


_NONBLOCK = getattr(os, "O_NONBLOCK", 0)

_REASONS: dict[type[OSError], str] = {
    FileNotFoundError: "no such file",
    IsADirectoryError: "is a directory, not a log",
    PermissionError: "permission denied",
}


def why(exc: OSError, path: str | Path | None = None, doing: str = "cannot read") -> str:
    """An error of the operating system in a report's words: ``no such file``, ``permission
    denied``, ``is a socket, not a log``, else ``cannot read: <the system's words>``
    (``doing``: ``cannot list folder`` for a folder)."""
    if exc.errno == errno.ENXIO and path is not None and _kind(path) == "socket":
        return "is a socket, not a log"  # (a socket cannot be opened)
    reason = _REASONS.get(type(exc))
    if reason is not None and doing == "cannot read":
        return reason
    if type(exc) not in (FileNotFoundError, PermissionError):
        words = exc.strerror or str(exc)
        reason = words[:1].lower() + words[1:]
    return f"{doing}: {reason}"


def cannot_read(path: str | Path, exc: OSError) -> LogSyntaxError:
    """The error of a file that cannot be opened or read: ``path: error: permission
    denied``."""
    from cartlog.core.text import printable

    return LogSyntaxError(printable(str(path)), [SyntaxProblem(0, 0, why(exc, path))], None)


def _kind(path: str | Path) -> str:
    """What a path names (:func:`cartlog.core.files.kind_of`), ``file`` when it cannot be
    told."""
    try:
        return kind_of(os.stat(path).st_mode)
    except OSError:
        return "file"


def parse(path: str | Path, *, max_bytes: int | None = None,
          max_line: int | None = None) -> tuple[Any, str, str]:
    """Read and parse one log: ``(log, text, name)``. Raises :class:`LogSyntaxError`."""
    from cartlog.logs import read_log

    text, name = read(path, max_bytes=max_bytes, max_line=max_line)
    return read_log(text, name), text, name


# -- folders ----------------------------------------------------------------------------------


def walk(folder: str | Path) -> Iterator[Path | Outcome]:
    """The logs under a folder, at any depth, in sorted order, and an :class:`Outcome` with
    the located reason for each thing under it that cannot be read (docs/cli.md, "Folders").

    The logs are every ``*.cartlog`` file and every ``*.json`` file that is not some other
    JSON document (valid JSON that names no game, such as a schema). Hidden files and
    folders are passed over, and so are symbolic links to folders. Only regular files are
    read: a log's name on a FIFO, a device or a socket, a broken symbolic link, a folder that
    cannot be listed, a folder met again inside itself (a loop of mounts) each give an
    outcome that says so. The walk is a loop, not a recursion (any depth), and holds the
    names of one folder at a time along the path it is on, only those of folders and logs."""
    first = _folder(Path(folder), set())
    if isinstance(first, Outcome):
        yield first
        return
    stack, seen = [first], {first[2]}
    while stack:
        where, entries, ident = stack[-1]
        for name, kind in entries:
            path = where / name
            if kind == _FOLDER:
                below = _folder(path, seen)
                if isinstance(below, Outcome):
                    yield below
                    continue
                stack.append(below)
                seen.add(below[2])
                break  # on with the folder below; this one's iterator goes on after it
            found = _log(path, name, kind)
            if found is not None:
                yield found
        else:
            stack.pop()
            seen.discard(ident)


_FOLDER, _FILE, _OTHER = 0, 1, 2  # a folder, a regular file, anything else (a link...)


def _folder(path: Path, seen: set[tuple[int, int]]
            ) -> tuple[Path, Iterator[tuple[str, int]], tuple[int, int]] | Outcome:
    """A folder to walk: its path, its entries worth a look (sorted) and its identity; or the
    outcome of one that cannot be listed, or that is one of the folders it is in."""
    try:
        info = os.stat(path)
        ident = (info.st_dev, info.st_ino)
        if ident in seen:
            return problem(path, "is a folder inside itself (a loop): not walked again")
        return path, iter(_entries(path)), ident
    except OSError as exc:
        return problem(path, why(exc, path, "cannot list folder"))


def _entries(folder: Path) -> list[tuple[str, int]]:
    """The names in a folder, sorted, of its subfolders (not symbolic links to them) and of
    what has a log's name, each with its kind as the listing tells it (no call per file)."""
    kept = []
    with os.scandir(folder) as listing:
        for entry in listing:
            name = entry.name
            if name.startswith("."):
                continue
            try:
                kind = (_FOLDER if entry.is_dir(follow_symlinks=False) else
                        _FILE if entry.is_file(follow_symlinks=False) else _OTHER)
            except OSError:
                kind = _OTHER
            if kind == _FOLDER or name.lower().endswith(LOG_SUFFIXES):
                kept.append((name, kind))
    kept.sort()
    return kept


def _log(path: Path, name: str, kind: int) -> Path | Outcome | None:
    """A name with a log's suffix: the log to read, the outcome of one that cannot be read, or
    None for what is passed over (other JSON, a symbolic link to a folder, a file gone)."""
    if kind == _OTHER:  # a symbolic link, or a kind the listing did not tell
        try:
            mode = os.stat(path).st_mode
        except FileNotFoundError:
            return problem(path, "is a broken symbolic link") if os.path.islink(path) else None
        except OSError as exc:
            return problem(path, why(exc, path))
        if stat.S_ISDIR(mode):
            return None  # a symbolic link to a folder: not followed
        if not stat.S_ISREG(mode):
            return problem(path, f"is a {_kind(path)}, not a regular file: only regular files "
                           "are read in a folder")
    if name[-5:].lower() == ".json" and _other_json(path):
        return None
    return path


def problem(path: str | Path, message: str) -> Outcome:
    """The outcome of a path that cannot be read, for the whole file: ``path: error: ...``."""
    from cartlog.core.text import printable

    name = printable(str(path))
    return Outcome(name=name, error=LogSyntaxError(name, [SyntaxProblem(0, 0, message)], None))


_LOG_START = (b'{"game":', b'{\n  "game":')  # how a JSON log written by cartlog begins


def _other_json(path: Path) -> bool:
    """Whether a ``.json`` file is valid JSON that is not a log (it names no game). A file that
    is not valid JSON may be a damaged log: it is checked, and reported. A file that starts
    the way cartlog writes a JSON log is one, without decoding it here."""
    try:  # its first bytes, without a buffered stream
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_BINARY", 0))
        try:
            head = os.read(fd, 16)
        finally:
            os.close(fd)
    except OSError:
        return False
    if head.removeprefix(b"\xef\xbb\xbf").startswith(_LOG_START):
        return False
    try:
        with open(path, "rb") as stream:
            data = read_bounded(stream, limit("CARTLOG_MAX_BYTES", MAX_BYTES))
        raw = msgspec.json.decode(data.removeprefix(b"\xef\xbb\xbf"))
    except (OSError, msgspec.DecodeError, RecursionError, UnicodeError):
        return False
    return not (isinstance(raw, dict) and "game" in raw)


def expand(paths: Iterable[str | Path]) -> list[Path | Outcome]:
    """The logs to audit: each path as given, a folder replaced by what :func:`walk` finds
    under it (the logs, and the outcome of each thing that cannot be read). A folder with
    nothing found under it is the outcome that says so (:func:`no_logs`)."""
    out: list[Path | Outcome] = []
    for given in paths:
        if str(given) != "-" and os.path.isdir(given):
            before = len(out)
            out.extend(walk(given))
            if len(out) == before:
                out.append(Outcome(name=no_logs(given).path, error=no_logs(given)))
        else:
            out.append(Path(given))
    return out


def no_logs(path: str | Path) -> LogSyntaxError:
    """The error of a folder with no log in it."""
    from cartlog.core.text import printable

    return LogSyntaxError(printable(str(path)), [SyntaxProblem(0, 0, (
        "is a directory with no log in it (no *.cartlog or *.json log, at any depth)"))], None)


# -- auditing many logs ---------------------------------------------------------------------


class Outcome(msgspec.Struct, frozen=True):
    """What auditing one file, or one game of a file of several, gave: its report, or why it
    could not be read.

    ``name`` is the file's name as shown in reports, ``file#N`` for the game numbered ``N``
    (``game``) of a file of several (:func:`audit_games`). ``text`` is the log's text when it is
    needed to show the lines its findings stand on (a finding with a line), else None; an
    unreadable file's ``error.source`` likewise. Outcomes pickle, so that they cross from
    worker processes."""

    name: str
    report: Report[Any] | None = None  # its breakdown is the game's
    error: LogSyntaxError | None = None
    text: str | None = None
    game: int = 0  # of a file of several games, the game's number (name: file#N); else 0

    @property
    def status(self) -> int:
        """The exit status this file alone gives: 0 clean, 1 errors found, 2 unreadable."""
        if self.error is not None:
            return EXIT_UNREADABLE
        return EXIT_FINDINGS if self.report is not None and self.report.errors else EXIT_CLEAN


class _Options(msgspec.Struct, frozen=True):
    stop_at_first: bool
    min_severity: str
    text: bool
    max_bytes: int
    max_line: int
    max_findings: int
    max_games: int
    seal: str | None = None
    key: bytes | None = None


def at_least(report: Report[Any], severity: str) -> Report[Any]:
    """The report with only its findings of ``severity`` or above (``info``, ``warning``,
    ``error``). The counts (errors, warnings, infos) still count every finding; ``follows``
    indices are renumbered, and dropped when they pointed at a finding left out."""
    rank = SEVERITIES.index(severity)
    if rank == 0:
        return report
    findings = report.findings
    keep = [i for i, f in enumerate(findings) if SEVERITIES.index(f.severity) >= rank]
    if len(keep) == len(findings):
        return report
    index = {old: new for new, old in enumerate(keep)}
    kept = []
    for i in keep:
        f = findings[i]
        if f.follows is not None:
            f = msgspec.structs.replace(f, follows=index.get(f.follows))
        kept.append(f)
    return msgspec.structs.replace(report, findings=kept)


def audit_games(path: str | Path, *, stop_at_first: bool = False, min_severity: str = "info",
                text: bool = True, max_bytes: int | None = None, max_line: int | None = None,
                max_findings: int | None = None, max_games: int | None = None,
                seal: str | None = None, key: bytes | None = None) -> list[Outcome]:
    """Read and audit one file: the outcome of its game, or of each game of a file of several
    written one after the other (docs/notation.md, "Several games in one file"), each named
    ``file#N``, its findings and problems at the file's lines. A game that cannot be read is
    its own unreadable outcome; the games past ``max_games`` (``CARTLOG_MAX_GAMES``) are one
    more. ``seal``, ``key``: the final seal and the key the log must be sealed with (``check
    --seal``, ``--key``). See :func:`audit_files` for the other options."""
    from cartlog.logs import is_json
    from cartlog.logs.reading import read_game, split_games

    try:
        source, name = read(path, max_bytes=max_bytes, max_line=max_line)
        games = None if is_json(source) else split_games(source, max_games)
        if games is None or len(games.parts) == 1 and not games.rest:
            from cartlog.logs import read_log

            log = read_log(source, name)
            return [_audited(log, source, name, stop_at_first=stop_at_first,
                             min_severity=min_severity, text=text, max_findings=max_findings,
                             seal=seal, key=key)]
    except LogSyntaxError as err:
        return [_unreadable(path, err, text)]
    outcomes = []
    for part in games.parts:
        game = f"{name}#{part.number}"
        try:
            log = read_game(source, part, name, game)
        except LogSyntaxError as err:
            outcomes.append(msgspec.structs.replace(_unreadable(path, err, text),
                                                    game=part.number))
            continue
        outcomes.append(msgspec.structs.replace(_audited(
            log, source, game, stop_at_first=stop_at_first, min_severity=min_severity,
            text=text, max_findings=max_findings, seal=seal, key=key), game=part.number))
    if games.rest:
        number = len(games.parts) + 1
        more = f"{games.rest} more game{'s' if games.rest != 1 else ''}"
        unread = LogSyntaxError(f"{name}#{number}", [SyntaxProblem(
            games.rest_line, 1, f"{more} from here on, not read: a file is read up to "
            f"{len(games.parts)} games (CARTLOG_MAX_GAMES reads more)")],
            source if text else None)
        outcomes.append(Outcome(name=unread.path, error=unread, game=number))
    return outcomes


def _unreadable(path: str | Path, err: LogSyntaxError, text: bool) -> Outcome:
    """The outcome of a file, or of a game, that cannot be read."""
    # a folder cannot be opened as a file ("is a directory, not a log"): one with no log
    # under it says so instead
    said = err
    if str(path) != "-" and os.path.isdir(path) and not any(
            isinstance(found, Path) for found in walk(path)):
        said = no_logs(path)
    if not text and said.source is not None:  # only the lines its problems show
        said = LogSyntaxError(said.path, said.problems, _lines_shown(said))
    return Outcome(name=said.path, error=said)


def _lines_shown(err: LogSyntaxError) -> str:
    """The log's text with only the lines ``err``'s problems show (each under its problem,
    with a caret) kept, the others left empty: a report without the log's text still shows
    where an unreadable log went wrong, at the cost of those lines."""
    from cartlog.core.text import split_lines

    wanted = {p.line for p in err.problems if p.line}
    if not wanted or err.source is None:
        return ""
    lines = split_lines(err.source)[:max(wanted)]
    return "\n".join(line if n in wanted else "" for n, line in enumerate(lines, 1))


def _audited(log: Any, source: str, name: str, *, stop_at_first: bool, min_severity: str,
             text: bool, max_findings: int | None, seal: str | None = None,
             key: bytes | None = None) -> Outcome:
    """The outcome of a log read: its report, and its text when a finding has a line."""
    from cartlog.audit import audit
    from cartlog.logs import is_json

    report = audit(log, name, stop_at_first=stop_at_first,
                   text=source if is_json(source) else None, max_findings=max_findings,
                   seal=seal, key=key)
    report = at_least(report, min_severity)
    shown = text and any(f.line for f in report.findings)
    return Outcome(name=name, report=report, text=source if shown else None)


def _audit_batch(paths: list[str], options: _Options) -> list[Outcome]:
    """The task a worker runs: a few files, audited one after the other."""
    return [outcome for path in paths for outcome in audit_games(
        path, stop_at_first=options.stop_at_first, min_severity=options.min_severity,
        text=options.text, max_bytes=options.max_bytes, max_line=options.max_line,
        max_findings=options.max_findings, max_games=options.max_games, seal=options.seal,
        key=options.key)]


def default_jobs() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def batch_size(files: int | None, workers: int) -> int:
    """Files per task: a few tasks per worker for a small corpus, up to :data:`MAX_BATCH`."""
    if files is None:
        return BATCH
    return max(1, min(MAX_BATCH, files // (workers * IN_FLIGHT_PER_WORKER)))


def audit_files(paths: Iterable[str | Path | Outcome], *, executor: Executor | None = None,
                jobs: int | None = None, stop_at_first: bool = False,
                min_severity: str = "info", text: bool = True, batch: int | None = None,
                in_flight: int | None = None) -> Iterator[Outcome]:
    """Audit log files and yield one :class:`Outcome` per path (per game of a file of
    several, :func:`audit_games`), in the order given.

    - ``executor``: any :class:`concurrent.futures.Executor` to run the tasks on (a process
      pool, a Dask ``client.get_executor()``); it is left running. Without one, ``jobs``
      worker processes are started (default: every core; 1 audits in this process) and shut
      down at the end.
    - ``stop_at_first``: stop each log at its first error.
    - ``min_severity``: keep only the findings at this severity or above (``info``,
      ``warning``, ``error``); the counts still count every finding.
    - ``text``: keep the log's text in the outcome when a finding has a line to show
      (False for summaries and JSON, which show no source line).
    - ``batch``: files per task (default: from the number of files, at most
      :data:`MAX_BATCH`); ``in_flight``: tasks submitted and not yet yielded (default: four
      per worker). At most ``batch * in_flight`` outcomes are held at any time, and
      ``paths`` is consumed as the work goes, so that it may be a generator.

    An :class:`Outcome` among the paths (what :func:`expand` gives for a thing in a folder
    that cannot be read) is yielded as it is, in its place. Standard input (``-``) is read
    and audited in this process. The limits of ``CARTLOG_MAX_BYTES``, ``CARTLOG_MAX_LINE``
    and ``CARTLOG_MAX_FINDINGS`` are read here, once, and passed to the workers.
    """
    groups = audit_groups(paths, executor=executor, jobs=jobs, stop_at_first=stop_at_first,
                          min_severity=min_severity, text=text, batch=batch,
                          in_flight=in_flight)
    try:
        for group in groups:
            yield from group
    finally:
        groups.close()  # the worker processes stop here


def audit_groups(paths: Iterable[str | Path | Outcome], *, executor: Executor | None = None,
                 jobs: int | None = None, stop_at_first: bool = False,
                 min_severity: str = "info", text: bool = True, batch: int | None = None,
                 in_flight: int | None = None, seal: str | None = None,
                 key: bytes | None = None) -> Generator[list[Outcome], None, None]:
    """:func:`audit_files`, the outcomes yielded in the groups they come in: the files of one
    task, audited together in a worker; one file at a time in this process (``jobs=1``, and
    standard input). A caller may write each group at once. ``seal``: the seal each log
    must end with (``check --seal``); ``key``: the key each must be sealed with
    (``check --key``)."""
    if min_severity not in SEVERITIES:
        raise ValueError(f"min_severity {min_severity!r}: expected one of "
                         f"{', '.join(SEVERITIES)}")
    options = _Options(stop_at_first, min_severity, text,
                       limit("CARTLOG_MAX_BYTES", MAX_BYTES), limit("CARTLOG_MAX_LINE", MAX_LINE),
                       max_findings(), max_games(), seal, key)
    jobs = default_jobs() if jobs is None else max(1, jobs)
    own = executor is None
    if executor is None and jobs > 1:
        from concurrent.futures import ProcessPoolExecutor

        try:
            executor = ProcessPoolExecutor(max_workers=jobs, initializer=_worker_start)
        except (NotImplementedError, OSError, ImportError):  # no process pool on this system
            jobs = 1
    if executor is None:
        for path in paths:
            yield [path] if isinstance(path, Outcome) else _audit_batch([str(path)], options)
        return
    workers = jobs if own else getattr(executor, "_max_workers", None) or jobs
    files = len(paths) if isinstance(paths, Sized) else None
    size = batch or batch_size(files, workers)
    most = in_flight or workers * IN_FLIGHT_PER_WORKER
    try:
        yield from _in_order(executor, paths, options, size, most)
    finally:
        if own:
            executor.shutdown(wait=True, cancel_futures=True)


def _worker_start() -> None:
    """A worker leaves Ctrl-C to the process that started it, which stops the pool, and sets
    its imports apart from the collector (:func:`freeze_imports`)."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    freeze_imports()


def freeze_imports() -> None:
    """Set every object alive now (the modules imported, their functions and tables) apart
    from the cyclic garbage collector (:func:`gc.freeze`). An audit makes many short-lived
    lists and tuples, and each full collection would otherwise walk every object the imports
    made; about 4% of a Meuterer audit (docs/performance.md). Only for a process cartlog
    runs itself, the CLI and the pool's workers: a program using the library keeps its own
    collector as it is."""
    import gc

    gc.freeze()


def _in_order(executor: Executor, paths: Iterable[str | Path | Outcome], options: _Options,
              size: int, most: int) -> Iterator[list[Outcome]]:
    """Submit batches of ``size`` files, at most ``most`` at a time, and yield the outcomes of
    each batch in the order of ``paths``, the oldest batch first."""
    pending: deque[Any] = deque()  # futures, or outcomes already known (standard input)
    batch: list[str] = []
    try:
        for path in paths:
            known = isinstance(path, Outcome)  # a folder's entry that cannot be read
            if known or str(path) == "-":  # read here: a worker has no standard input
                if batch:
                    pending.append(executor.submit(_audit_batch, batch, options))
                    batch = []
                pending.append([path] if known else _audit_batch(["-"], options))
            else:
                batch.append(str(path))
                if len(batch) < size:
                    continue
                pending.append(executor.submit(_audit_batch, batch, options))
                batch = []
            while len(pending) >= most:
                yield _done(pending.popleft())
        if batch:
            pending.append(executor.submit(_audit_batch, batch, options))
        while pending:
            yield _done(pending.popleft())
    finally:
        for item in pending:
            if not isinstance(item, list):
                item.cancel()


def _done(item: Any) -> list[Outcome]:
    return item if isinstance(item, list) else item.result()
