"""Files a log names (a Mutiny board file, ruling M7) are read only from the log's folder or
below, only as a regular file, within a size limit, as UTF-8; a refusal is one problem at the
Board tag that never quotes the file (docs/notation.md, Part 3, "Header tags")."""

from __future__ import annotations

import json
import os
import socket

import pytest

from cartlog.core.errors import LogSyntaxError
from cartlog.core.files import read_named
from tests.fuzzing import run

BOARD = ('[Track "length 30; storms 6 12; start 2:0 3:1 4:2"]\n'
         '[Combat "P1 8, P2 6, P3 6, G1 8, G2 6, G3 6"]\n[Gold "1 8, 2 6, 3 4"]\n')
SECRET = "SECRET-d41d8cd98f00b204"


def log_naming(folder, board: str, name: str = "game.cartlog"):
    path = folder / name
    path.write_text(f'[Game "mutiny"]\n[Players "red, blue"]\n[Board "{board}"]\n\nround 1\n',
                    encoding="utf-8")
    return path


def refused(path, *words: str) -> str:
    """``check`` of the log refuses it (exit 2) with one located problem at the Board tag
    (line 3, column 9) whose message holds ``words``, as text and as JSON."""
    code, out = run(["check", "--ascii", str(path)])
    assert code == 2, out
    assert f"{path.name}:3:9: " in out or f"{path}:3:9: " in out, out
    assert all(w in out for w in words), out
    code, doc = run(["check", "--format", "json", str(path)])
    assert code == 2, doc
    problems = json.loads(doc)["unreadable"][0]["problems"]
    assert [(p["line"], p["col"]) for p in problems] == [(3, 9)], problems
    assert all(w in problems[0]["message"] for w in words), problems
    return out + doc


def test_named_file_in_the_folder_or_below_is_read(tmp_path):
    (tmp_path / "boards").mkdir()
    (tmp_path / "boards" / "club.board").write_text(BOARD, encoding="utf-8")
    code, out = run(["check", "-v", str(log_naming(tmp_path, "boards/club.board"))])
    assert code in (0, 1) and "track=30/6.12/2:0.3:1.4:2" in out, out


def test_named_file_absolute_path_refused(tmp_path):
    (tmp_path / "club.board").write_text(BOARD, encoding="utf-8")
    refused(log_naming(tmp_path, str(tmp_path / "club.board")), "absolute path")
    refused(log_naming(tmp_path, "/etc/passwd"), "absolute path")


def test_named_file_dotdot_escaping_the_folder_refused(tmp_path):
    (tmp_path / "club.board").write_text(BOARD, encoding="utf-8")
    (tmp_path / "logs").mkdir()
    refused(log_naming(tmp_path / "logs", "../club.board"), "goes up out of the log's folder")
    # going up and back down inside the folder is the folder
    (tmp_path / "logs" / "b").mkdir()
    (tmp_path / "logs" / "b" / "c.board").write_text(BOARD, encoding="utf-8")
    code, out = run(["check", str(log_naming(tmp_path / "logs", "b/../b/c.board"))])
    assert code in (0, 1), out


def test_named_file_symlink_leading_out_refused(tmp_path):
    outside = tmp_path / "outside.board"
    outside.write_text(BOARD + f"; {SECRET}\n", encoding="utf-8")
    (tmp_path / "logs").mkdir()
    (tmp_path / "logs" / "club.board").symlink_to(outside)
    text = refused(log_naming(tmp_path / "logs", "club.board"), "symbolic link")
    assert SECRET not in text
    # a folder inside that is a link out, too
    (tmp_path / "logs" / "sub").symlink_to(tmp_path)
    refused(log_naming(tmp_path / "logs", "sub/outside.board"), "symbolic link")


def test_named_file_folder_refused(tmp_path):
    (tmp_path / "sub").mkdir()
    refused(log_naming(tmp_path, "sub"), "a folder")
    refused(log_naming(tmp_path, "."), "folder")


def test_named_file_fifo_refused_without_waiting(tmp_path):
    os.mkfifo(tmp_path / "pipe.board")  # nobody writes to it: reading it would wait forever
    refused(log_naming(tmp_path, "pipe.board"), "a FIFO, not a file")


def test_named_file_socket_refused(tmp_path):
    server = socket.socket(socket.AF_UNIX)
    try:
        server.bind(str(tmp_path / "s.board"))
    except OSError:
        pytest.skip("no Unix socket here")
    try:
        refused(log_naming(tmp_path, "s.board"), "socket")
    finally:
        server.close()


def test_named_file_device_refused(tmp_path):
    refused(log_naming(tmp_path, "/dev/zero"), "absolute path")
    (tmp_path / "zero.board").symlink_to("/dev/zero")
    refused(log_naming(tmp_path, "zero.board"), "symbolic link")
    # a device in the log's own folder (its folder /dev) is no regular file either
    with pytest.raises(LogSyntaxError, match="a character device"):
        read_named("/dev/log.cartlog", "zero")


def test_named_file_too_big_refused(tmp_path, monkeypatch):
    (tmp_path / "big.board").write_text("; a comment\n" * 10000, encoding="utf-8")
    refused(log_naming(tmp_path, "big.board"), "too large: over 65536 bytes",
            "CARTLOG_MAX_NAMED_BYTES")
    monkeypatch.setenv("CARTLOG_MAX_NAMED_BYTES", "1000000")
    code, out = run(["check", str(log_naming(tmp_path, "big.board"))])
    assert code in (0, 1), out


def test_named_file_not_utf8_refused_at_its_line(tmp_path):
    (tmp_path / "latin.board").write_bytes(BOARD.encode() + b"; Stra\xdfe\n")
    refused(log_naming(tmp_path, "latin.board"), "line 4", "not UTF-8")


def test_named_file_content_not_echoed(tmp_path):
    """A file that is no board file (notes, a key) is refused at its first fault: nothing of
    it is shown but the one line at fault, cut; the lines around it never."""
    lines = [f"[Event \"{SECRET}-event\"]", f"{SECRET}-body " * 3,
             '[Combat "P1 ' + "x" * 5000 + '"]']
    for i, line in enumerate(lines):
        (tmp_path / "notes.txt").write_text(f"; {SECRET}-above\n" + line + f"\n{SECRET}-below\n",
                                            encoding="utf-8")
        text = refused(log_naming(tmp_path, "notes.txt"), "board file 'notes.txt', line 2")
        assert f"{SECRET}-above" not in text and f"{SECRET}-below" not in text
        if i == 2:
            assert "x" * 300 not in text  # the line at fault is cut
    code, out = run(["replay", str(log_naming(tmp_path, "notes.txt"))])
    assert code == 2 and SECRET not in out


def test_named_file_from_stdin_not_read(tmp_path):
    """A log on standard input has no folder: its board file is not read, and the report
    says so."""
    from typer.testing import CliRunner

    from cartlog.cli import app

    (tmp_path / "club.board").write_text(BOARD, encoding="utf-8")
    text = log_naming(tmp_path, "club.board").read_text(encoding="utf-8")
    result = CliRunner().invoke(app, ["check", "-"], input=text)
    assert result.exit_code in (0, 1), result.output
    assert "the board file 'club.board' was not read" in result.output
