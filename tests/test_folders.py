"""Folders, paths that cannot be read, deep and wide trees, and the path arguments of every
command that reads a log (issue 21; docs/cli.md, "Folders" and "Exit status").

Each test names a class of input. Every path problem is a located one-line error
``path: error: ...`` (or ``path:1:1: ...`` for what was read and is no log), exit status 2,
also as a JSON document under ``--format json``; never the argument parser's usage message,
never silence; the other logs are still reported.

The tests run as root here, where file modes do not deny: the real permission cases run
``python -m cartlog`` with the capabilities that override modes dropped (``setpriv``), or
skip saying why; one case simulates the folder that cannot be listed in process.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import threading
import tracemalloc
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from cartlog import corpus
from cartlog.cli import FEW_LOGS, app
from tests.fuzzing import ROOT

CLEAN = ROOT / "samples/cartagena/jamaica-4p.cartlog"
ERRORS = ROOT / "samples/cartagena/bad-forward-destination.cartlog"
POSIX = pytest.mark.skipif(os.name != "posix", reason="FIFOs, sockets and modes: POSIX only")


def run(*args: str | Path):
    """``cartlog args`` in process: the result, with standard output and error apart."""
    result = CliRunner().invoke(app, [str(a) for a in args])
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise AssertionError(f"cartlog {args} raised {result.exception!r}") from \
            result.exception
    return result


def process(*args: str | Path, prefix: list[str] | None = None, **kw):
    """``python -m cartlog args`` in a process of its own (a minute at most: no hang)."""
    return subprocess.run([*(prefix or []), sys.executable, "-m", "cartlog",
                           *map(str, args)], cwd=ROOT, capture_output=True, text=True,
                          timeout=60, env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"},
                          **kw)


def assert_no_usage_message(code: int, out: str) -> None:
    assert code == 2, out
    for said in ("Usage:", "Try 'cartlog", "Traceback", "internal error", "cannot write the "
                 "output"):
        assert said not in out, out


def unreadable_in(document: str) -> dict[str, str]:
    """The unreadable files of a JSON document, each with its first problem's message."""
    return {u["file"]: u["problems"][0]["message"] for u in json.loads(document)["unreadable"]}


@pytest.fixture(scope="module")
def as_user(tmp_path_factory) -> list[str]:
    """The prefix of a process for which file modes deny: nothing for a user, ``setpriv``
    dropping the capabilities that override them for root; skips when neither works."""
    if os.name != "posix":
        pytest.skip("file modes: POSIX only")
    if os.geteuid() != 0:
        return []
    setpriv = shutil.which("setpriv")
    if setpriv is None:
        pytest.skip("running as root, and no setpriv to drop the override of file modes")
    prefix = [setpriv, "--bounding-set=-dac_override,-dac_read_search"]
    probe = tmp_path_factory.mktemp("probe") / "closed"
    probe.write_text("x")
    probe.chmod(0)
    done = subprocess.run([*prefix, sys.executable, "-c", f"open({str(probe)!r})"],
                          capture_output=True, text=True, timeout=60)
    if "PermissionError" not in done.stderr:
        pytest.skip(f"setpriv cannot drop root's override of file modes here: {done.stderr}")
    return prefix


# -- 1. what cannot be listed or read under a folder is a located problem ------------------


def archive(root: Path, *, errors_in: str) -> Path:
    """A folder of logs: clean ones, one with errors in ``errors_in``, enough for a pool."""
    (root / errors_in).mkdir(parents=True)
    (root / errors_in / "errors.cartlog").write_bytes(ERRORS.read_bytes())
    for i in range(FEW_LOGS):
        (root / f"{i}-clean.cartlog").write_bytes(CLEAN.read_bytes())
    return root


def test_a_folder_that_cannot_be_listed_is_a_located_problem_never_silence(tmp_path,
                                                                           monkeypatch):
    """Simulated in process (os.scandir refuses): the folder is reported at its path, exit
    2, and every other log is still reported, in text and JSON, in this process and in a
    pool of workers."""
    root = archive(tmp_path / "club", errors_in="locked")
    locked = root / "locked"
    scandir = os.scandir

    def refusing(path="."):
        if Path(path) == locked:
            raise PermissionError(13, "Permission denied", str(path))
        return scandir(path)

    monkeypatch.setattr(os, "scandir", refusing)
    outputs = set()
    for jobs in ("1", "2"):
        result = run("check", "-q", "-j", jobs, root)
        assert_no_usage_message(result.exit_code, result.output)
        assert f"{locked}: error: cannot list folder: permission denied" in result.stderr
        assert result.stdout.count(": clean;") == FEW_LOGS
        assert f"{FEW_LOGS + 1} logs: {FEW_LOGS} clean, 0 with errors, 1 unreadable" in \
            result.stdout
        document = run("check", "--format", "json", "-j", jobs, root)
        assert document.exit_code == 2
        assert unreadable_in(document.stdout) == {
            str(locked): "cannot list folder: permission denied"}
        assert len(json.loads(document.stdout)["reports"]) == FEW_LOGS
        outputs.add((result.stdout, result.stderr, document.stdout))
    assert len(outputs) == 1  # the same, whatever the number of workers


@POSIX
def test_folders_and_files_that_cannot_be_read_with_real_permissions(tmp_path, as_user):
    """A folder of mode 000 (with a log with errors in it), a file of mode 000 and a log in a
    folder that cannot be searched, under a folder and named: each one located line, the
    clean log still reported, exit 2, in text and JSON."""
    root = archive(tmp_path / "club", errors_in="locked")
    closed = root / "closed.cartlog"
    closed.write_bytes(CLEAN.read_bytes())
    unsearchable = tmp_path / "unsearchable"
    unsearchable.mkdir()
    (unsearchable / "x.cartlog").write_bytes(CLEAN.read_bytes())
    for path, mode in ((root / "locked", 0), (closed, 0), (unsearchable, 0o644)):
        path.chmod(mode)
    try:
        args = ("-q", root, unsearchable / "x.cartlog", CLEAN)
        text = process("check", *args, prefix=as_user)
        document = process("check", "--format", "json", *args, prefix=as_user)
    finally:
        for path in (root / "locked", closed, unsearchable):
            path.chmod(0o755)
    assert_no_usage_message(text.returncode, text.stdout + text.stderr)
    expected = {str(root / "locked"): "cannot list folder: permission denied",
                str(closed): "permission denied",
                str(unsearchable / "x.cartlog"): "permission denied"}
    for name, message in expected.items():
        assert f"{name}: error: {message}\n" in text.stderr
    assert f"{CLEAN}: clean;" in text.stdout
    assert text.stdout.count(": clean;") == FEW_LOGS + 1
    assert document.returncode == 2 and unreadable_in(document.stdout) == expected
    assert len(json.loads(document.stdout)["reports"]) == FEW_LOGS + 1


# -- 2. the walk: iterative, no symbolic link to a folder followed, loops, deep and wide ----


@POSIX
def test_the_walk_reads_only_regular_files_and_follows_no_link_to_a_folder(tmp_path):
    """A FIFO (no writer: a read would wait forever), a socket, a link to /dev/zero, a broken
    link and a loop of links, each with a log's name: each said at its path; links to the
    folder itself and to its parent are not followed, so the log is reported once."""
    folder = tmp_path / "w"
    folder.mkdir()
    (folder / "ok.cartlog").write_bytes(CLEAN.read_bytes())
    os.mkfifo(folder / "pipe.cartlog")
    server = socket.socket(socket.AF_UNIX)
    server.bind(str(folder / "sock.cartlog"))
    (folder / "zero.cartlog").symlink_to("/dev/zero")
    (folder / "gone.cartlog").symlink_to("nowhere")
    (folder / "loop.cartlog").symlink_to("loop.cartlog")
    (folder / "self").symlink_to(".")
    (folder / "up").symlink_to("..")
    try:
        result = process("check", "-q", folder)
    finally:
        server.close()
    assert_no_usage_message(result.returncode, result.stdout + result.stderr)
    regular = "not a regular file: only regular files are read in a folder"
    for name, message in (("gone", "is a broken symbolic link"),
                          ("loop", "cannot read: too many levels of symbolic links"),
                          ("pipe", f"is a FIFO, {regular}"),
                          ("sock", f"is a socket, {regular}"),
                          ("zero", f"is a character device, {regular}")):
        assert f"{folder / name}.cartlog: error: {message}\n" in result.stderr
    assert result.stdout.count(": clean;") == 1
    assert "6 logs: 1 clean, 0 with errors, 5 unreadable" in result.stdout


def nest(top: Path, depth: int) -> None:
    """Folders ``d`` inside each other under ``top``, each made from the one above (in a
    loop: mkdir with parents, as makedirs, recurses; and no path may be that long)."""
    fd = os.open(top, os.O_RDONLY)
    try:
        for _ in range(depth):
            os.mkdir("d", dir_fd=fd)
            below = os.open("d", os.O_RDONLY, dir_fd=fd)
            os.close(fd)
            fd = below
    finally:
        os.close(fd)


def remove_deep(path: Path) -> None:
    """Remove a tree deeper than shutil.rmtree's recursion (``rm`` walks it in a loop)."""
    subprocess.run(["rm", "-rf", str(path)], check=False, timeout=120)


@POSIX
def test_a_deep_tree_is_walked_in_a_loop_and_a_path_past_the_system_limit_is_located(
        tmp_path, monkeypatch):
    """2,100 folders deep, past Python's recursion limit: the logs at the top and 2,000
    folders down are both audited; the folder whose path grows past the system's limit
    (4,096 bytes on Linux) is said at its path, and the walk ends there."""
    depth = 2000
    assert depth > sys.getrecursionlimit()
    nest(tmp_path, depth + 100)
    monkeypatch.chdir(tmp_path)
    bottom = Path("/".join(["d"] * depth))
    try:
        (bottom / "deep.cartlog").write_bytes(CLEAN.read_bytes())
        Path("d", "top.cartlog").write_bytes(ERRORS.read_bytes())
        result = run("check", "-q", "d")
        assert_no_usage_message(result.exit_code, result.output)
        assert f"{bottom / 'deep.cartlog'}: clean;" in result.stdout
        assert "3 logs: 1 clean, 1 with errors, 1 unreadable" in result.stdout
        [line] = result.stderr.splitlines()
        assert line.startswith(f"{bottom}/d/") and line.endswith(
            ": error: cannot list folder: file name too long")
    finally:
        monkeypatch.chdir(ROOT)
        remove_deep(tmp_path / "d")


def test_a_wide_folder_is_walked_holding_only_the_names_of_logs_and_folders(tmp_path):
    """5,000 files that are not logs beside a few logs: the walk finds the logs, in order,
    and holds none of the other names (a folder of 100,000 entries costs the memory of its
    logs' names)."""
    for i in range(5_000):
        (tmp_path / f"notes-{i:05d}.txt").touch()
    (tmp_path / "sub").mkdir()
    for name in ("b.cartlog", "a.cartlog", "sub/c.cartlog"):
        (tmp_path / name).write_bytes(CLEAN.read_bytes())
    tracemalloc.start()
    try:
        found = list(corpus.walk(tmp_path))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert [p.relative_to(tmp_path).as_posix() for p in found] == [
        "a.cartlog", "b.cartlog", "sub/c.cartlog"]
    assert peak < 100_000, peak  # an entry held for each of the 5,000 is over 1 MB
    result = run("check", "-q", tmp_path)
    assert result.exit_code == 0 and result.stdout.count(": clean;") == 3


@POSIX
def test_a_loop_of_mounts_is_walked_once(tmp_path):
    """A folder mounted inside itself (a bind mount: no link to follow) is said once at the
    path where the walk meets it again, and the walk ends."""
    unshare = shutil.which("unshare")
    if unshare is None or os.geteuid() != 0:
        pytest.skip("a bind mount needs root and unshare")
    (tmp_path / "a" / "loop").mkdir(parents=True)
    (tmp_path / "a" / "ok.cartlog").write_bytes(CLEAN.read_bytes())
    script = (f"mount --bind {tmp_path} {tmp_path}/a/loop || exit 99; exec {sys.executable} "
              f"-m cartlog check -q {tmp_path}")
    done = subprocess.run([unshare, "-m", "sh", "-c", script], cwd=ROOT, capture_output=True,
                          text=True, timeout=60)
    if done.returncode in (1, 99) and "cartlog" not in done.stderr:  # (unshare, mount)
        pytest.skip(f"no bind mount here: {done.stderr}")
    assert done.returncode == 2, done.stderr
    assert done.stderr == (f"{tmp_path}/a/loop: error: is a folder inside itself (a loop): "
                           "not walked again\n")
    assert done.stdout.count(": clean;") == 1


# -- 3. and 4. a path any command cannot read: located, exit 2, JSON where asked ----------


COMMANDS = [("check",), ("check", "--format", "json"), ("replay",),
            ("replay", "--format", "json"), ("score",), ("score", "--format", "json"),
            ("convert",), ("record", "--resume")]
NOT_A_LOG = "is a directory, not a log"


def unreadable_paths(tmp_path: Path) -> dict[str, tuple[Path, str, bool]]:
    """Each class of path that cannot be read as a log: (the path, what is said, whether the
    recorder's --resume is held to it here: the recorder reads its own files)."""
    (tmp_path / "empty" / "sub").mkdir(parents=True)
    (tmp_path / "empty" / "sub" / "notes.txt").write_text("x\n", encoding="utf-8")
    os.mkfifo(tmp_path / "fifo")
    return {
        "missing": (tmp_path / "nosuch.cartlog", "no such file", True),
        "folder with no log": (tmp_path / "empty", NOT_A_LOG, True),
        "socket": (tmp_path / "sock", "is a socket, not a log", False),
        "/dev/zero": (Path("/dev/zero"), "too large: over 16777216 bytes", False),
        "/dev/urandom": (Path("/dev/urandom"), "too large: over 16777216 bytes", False),
        "FIFO with no writer": (tmp_path / "fifo", "the log is empty", False),
    }


@POSIX
@pytest.mark.parametrize("kind", ["missing", "folder with no log", "socket", "/dev/zero",
                                  "/dev/urandom", "FIFO with no writer"])
def test_every_command_says_at_the_path_why_it_cannot_read_a_log(kind, tmp_path):
    """check, replay, score, convert and record --resume: one located line at the path (or
    the JSON document that says it), exit 2, never a usage message nor a hang."""
    path, message, resume = unreadable_paths(tmp_path)[kind]
    server = socket.socket(socket.AF_UNIX)
    server.bind(str(tmp_path / "sock"))
    try:
        for command in COMMANDS:
            if command[0] == "record" and not resume:
                continue
            done = process(*command, path)
            assert_no_usage_message(done.returncode, done.stdout + done.stderr)
            expected = message
            if command[0] == "check" and message == NOT_A_LOG:
                expected = "is a directory with no log in it"
            if "json" in command:
                assert unreadable_in(done.stdout)[str(path)].startswith(expected), command
            elif expected == "the log is empty":  # read, and empty: at its line 1
                assert f"{path}:1:1: syntax error: the log is empty" in done.stderr, command
            else:
                assert f"{path}: error: {expected}" in done.stderr, (command, done.stderr)
                assert len(done.stderr.splitlines()) == 1, done.stderr
    finally:
        server.close()


@POSIX
def test_every_command_says_at_the_path_a_log_it_may_not_read(tmp_path, as_user):
    """A file of mode 000 (and one in a folder that cannot be searched): the same located
    line or JSON document from every command, not the argument parser's usage message."""
    closed = tmp_path / "closed.cartlog"
    closed.write_bytes(CLEAN.read_bytes())
    closed.chmod(0)
    shut = tmp_path / "shut"
    shut.mkdir()
    (shut / "x.cartlog").write_bytes(CLEAN.read_bytes())
    shut.chmod(0o644)
    try:
        for path in (closed, shut / "x.cartlog"):
            for command in COMMANDS:
                done = process(*command, path, prefix=as_user)
                assert_no_usage_message(done.returncode, done.stdout + done.stderr)
                if "json" in command:
                    assert unreadable_in(done.stdout) == {str(path): "permission denied"}
                else:
                    assert done.stderr == f"{path}: error: permission denied\n", command
    finally:
        shut.chmod(0o755)


@POSIX
def test_a_pipe_or_fifo_named_on_the_command_line_is_read_from_its_writer(tmp_path):
    """A FIFO that a program writes to, and a pipe named as /dev/fd/N (what ``<(cat log)``
    gives): read as the log they carry."""
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)

    def write_fifo() -> None:
        with open(fifo, "wb") as stream:  # (waits for the reader)
            stream.write(CLEAN.read_bytes())

    writer = threading.Thread(target=write_fifo, daemon=True)
    writer.start()
    done = process("check", fifo)
    writer.join(timeout=60)
    assert done.returncode == 0 and f"{fifo}: clean;" in done.stdout, done.stderr

    read_end, write_end = os.pipe()

    def write_pipe() -> None:
        with open(write_end, "wb") as stream:
            stream.write(CLEAN.read_bytes())

    feeder = threading.Thread(target=write_pipe, daemon=True)
    feeder.start()
    try:
        done = process("score", f"/dev/fd/{read_end}", pass_fds=(read_end,))
    finally:
        os.close(read_end)
    feeder.join(timeout=60)
    assert done.returncode == 0 and "replayed red: agree" in done.stdout, done.stderr


def test_no_path_is_checked_by_the_argument_parser():
    """typer checks that a path can be read unless told not to, and says so with a usage
    message and no JSON: every path argument and option of every command leaves the checks
    to the command, which says why at the path."""
    group = typer.main.get_command(app)
    checked = []
    for name, command in group.commands.items():
        for param in command.params:
            if param.type.name == "path":  # (typer's own copy of click's Path)
                kind = param.type
                checked.append(f"{name} {param.name}")
                checks = (kind.exists, kind.readable, kind.writable,
                          getattr(kind, "executable", False))
                assert not any(checks), f"cartlog {name} {param.name}"
                assert kind.file_okay and kind.dir_okay, f"cartlog {name} {param.name}"
    for expected in ("check logs", "replay log", "score log", "convert log", "convert output",
                     "record out", "record source", "record resume", "simulate out"):
        assert expected in checked
