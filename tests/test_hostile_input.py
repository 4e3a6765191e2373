"""Every input gets a clear answer, in bounded time and memory: one test per class of hostile
input (too-long numbers, odd digits, setup errors under --stop-at-first, broken encodings and
streams, quadratic costs, terminal escapes)."""

from __future__ import annotations

import os
import subprocess
import sys
import time

import pytest

from cartlog.core.errors import LogSyntaxError, SyntaxProblem
from cartlog.core.text import echo_line, printable, safe_int
from tests.fuzzing import ROOT, run

JAMAICA = ROOT / "samples/cartagena/jamaica-4p.cartlog"


def cli(*args, env=None, **kw):
    return subprocess.run([sys.executable, "-m", "cartlog", *args], cwd=ROOT, text=True,
                          capture_output=True, env={**os.environ, **(env or {})}, **kw)


def assert_clear(code, out):
    assert code in (0, 1, 2), out
    assert "internal error" not in out and "Traceback" not in out, out


# 1. integers too long for int() and digits that are not 0-9


def test_integers_too_long_or_not_ascii_digits(tmp_path):
    assert safe_int("12") == 12 and safe_int("-3") == -3
    for bad in ("9" * 5000, "²", "\u0663", "1_000", "", "-"):
        assert safe_int(bad) is None
    head = JAMAICA.read_text(encoding="utf-8").split("\n\n")[0]
    for body in ("9" * 5000 + ". red draw", "1. red forward 9" + "9" * 5000, "1. red draw ²"):
        p = tmp_path / "n.cartlog"
        p.write_text(head + "\n\n" + body + "\n", encoding="utf-8")
        code, out = run(["check", str(p)])
        assert_clear(code, out)


# 2. --stop-at-first when the first error is in the setup

# every readable sample, those whose first error is in the header among them: the engines
# set the table up before they place a header's findings, so a stop always has a state
STOP_SAMPLES = sorted(str(p.relative_to(ROOT / "samples"))
                      for p in (ROOT / "samples").glob("*/*")
                      if p.suffix in (".cartlog", ".json"))


@pytest.mark.parametrize("sample", STOP_SAMPLES)
def test_stop_at_first_on_a_setup_error(sample):
    code, out = run(["check", "--stop-at-first", str(ROOT / "samples" / sample)])
    assert code in (0, 1) and "internal error" not in out, out


# 3. encodings, file names, streams and permissions


def test_bom_before_invalid_utf8_is_located_after_the_bom(tmp_path):
    p = tmp_path / "b.cartlog"
    p.write_bytes(b'\xef\xbb\xbf[Game "x\xff"]\n')
    code, out = run(["check", str(p)])
    assert code == 2 and f"{p}:1:9: " in out and "0xff" in out


def test_file_name_not_utf8_with_json_output(tmp_path):
    name = os.fsdecode(b"n\xff.cartlog")
    p = tmp_path / name
    p.write_bytes(JAMAICA.read_bytes())
    r = cli("check", "--format", "json", str(p))
    assert r.returncode in (0, 1) and "\\udcff" in r.stdout, r.stderr


def test_output_to_a_full_device():
    if not os.path.exists("/dev/full"):
        pytest.skip("no /dev/full")
    with open("/dev/full", "w") as full:
        r = subprocess.run([sys.executable, "-m", "cartlog", "check", str(JAMAICA)], cwd=ROOT,
                           stdout=full, stderr=subprocess.PIPE, text=True)
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert r.stderr.strip().count("\n") == 0 and "cannot write" in r.stderr


def test_ascii_only_output_encoding(tmp_path):
    p = tmp_path / "é.cartlog"
    p.write_bytes(ROOT.joinpath("samples/cartagena/jamaica-4p-disputed.cartlog").read_bytes())
    r = cli("check", str(p), env={"PYTHONIOENCODING": "ascii"})
    assert r.returncode == 1 and "Traceback" not in r.stderr + r.stdout


def test_unreadable_file_is_one_located_line(tmp_path):
    code, out = run(["check", str(tmp_path)])
    assert code == 2 and f"{tmp_path}: error: is a directory" in out
    if os.geteuid() != 0:
        p = tmp_path / "locked.cartlog"
        p.write_text("x")
        p.chmod(0)
        code, out = run(["check", str(p)])
        assert code == 2 and f"{p}: error: permission denied" in out


# 4. bounded time and memory


def test_json_problems_located_in_linear_time(tmp_path):
    import json

    doc = json.loads(ROOT.joinpath("samples/cartagena/ravensburger-advanced-3p.json").read_text())
    events = doc["events"]
    doc["events"] = [dict(e, bogus=1) if isinstance(e, dict) else e for e in events] * 60
    p = tmp_path / "big.json"
    p.write_text(json.dumps(doc, indent=1))
    t = time.perf_counter()
    code, out = run(["check", str(p)])
    assert_clear(code, out)
    assert time.perf_counter() - t < 10


def test_json_findings_placed_by_bisection_where_counting_puts_them():
    # every finding of a long JSON log is placed through one index of line starts; it must
    # agree with counting the newlines before each value
    from cartlog.core.notation import line_col_of_offset
    from cartlog.logs.places import _json_spans, place_of_path

    text = ROOT.joinpath("samples/cartagena/ravensburger-advanced-3p.json").read_text()
    spans = _json_spans(text)
    assert len(spans) > 100
    for path, (start, end) in spans.items():
        line, col = line_col_of_offset(text, start)
        end_line, end_col = line_col_of_offset(text, end)
        assert place_of_path(text, path) == (line, col, end_col if end_line == line else None)


def test_long_lines_are_cut_around_the_caret():
    line = "a" * 8000 + "BAD" + "b" * 8000
    shown, caret, width = echo_line(line, 8001, 8004)
    assert len(shown) < 200 and shown[caret - 1:caret - 1 + width] == "BAD"
    err = LogSyntaxError("f", [SyntaxProblem(1, 8001, "m", end_col=8004)] * 5, line)
    assert sum(map(len, err.format_lines())) < 2000


def test_header_tag_scan_memory_is_bounded():
    import tracemalloc

    from cartlog.core.notation import read_header

    tracemalloc.start()
    read_header(['[Board "' + "a\\\"" * 40000 + '"]'], [])
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert peak < 4_000_000


def test_input_size_line_length_and_problem_count_are_limited(tmp_path):
    r = cli("check", "-", input="x" * 5000, env={"CARTLOG_MAX_BYTES": "1000"})
    assert r.returncode == 2 and "<stdin>: error: too large" in r.stderr
    p = tmp_path / "long.cartlog"
    p.write_text('[Game "Cartagena"]\n' + "x" * 3000 + "\n")
    r = cli("check", str(p), env={"CARTLOG_MAX_LINE": "1000"})
    assert r.returncode == 2 and f"{p}:2:1001: " in r.stderr
    p.write_text('[Game "Cartagena"]\n' + "[Bad\n" * 300)
    r = cli("check", str(p), env={"CARTLOG_MAX_PROBLEMS": "10"})
    assert r.returncode == 2 and "more problems not shown" in r.stderr
    assert r.stderr.count("malformed header tag") == 10


# 5. terminal escapes


def test_control_characters_are_shown_escaped(tmp_path):
    assert printable("a\x1b[2Jb\r\t") == "a\\x1b[2Jb\\r\\t"
    head = JAMAICA.read_text(encoding="utf-8")
    p = tmp_path / "esc.cartlog"
    p.write_text(head.replace('[Game "Cartagena"]', '[Game "Carta\x1b[2J\rgena"]'))
    for args in (["check", str(p)], ["check", "--ascii", str(p)]):
        code, out = run(args)
        assert code == 2 and "\x1b" not in out and "\r" not in out and "\\x1b" in out


# 6. files written: whole or not at all


def test_a_file_written_fails_whole_and_the_file_there_is_kept(tmp_path, monkeypatch):
    """``convert -o`` (and ``simulate``, ``schema``) write beside the file and rename: a write
    that fails (a full disk) leaves the file that was there as it was, and no part file."""
    from cartlog import cli as cli_module

    target = tmp_path / "game.cartlog"
    target.write_text("the log that was there\n", encoding="utf-8")
    real = os.fdopen

    def full(fd, *args, **kw):
        stream = real(fd, *args, **kw)

        def write(text):
            raise OSError(28, "No space left on device")
        stream.write = write
        return stream

    monkeypatch.setattr(cli_module.os, "fdopen", full)
    code, out = run(["convert", str(JAMAICA), "--to", "text", "-o", str(target)])
    assert code == 2 and "cannot write: No space left on device; nothing was written" in out
    assert target.read_text(encoding="utf-8") == "the log that was there\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.cartlog"]
    monkeypatch.undo()
    code, out = run(["convert", str(JAMAICA), "--to", "text", "-o", str(target)])
    assert code == 0 and target.read_text(encoding="utf-8").startswith('[Game "Cartagena"]')


def test_a_file_written_through_a_symbolic_link_keeps_the_link(tmp_path):
    real = tmp_path / "real.json"
    link = tmp_path / "link.json"
    link.symlink_to(real)
    code, out = run(["convert", str(JAMAICA), "--to", "json", "-o", str(link)])
    assert code == 0 and link.is_symlink() and real.read_text().startswith("{")


def test_convert_to_a_terminal_shows_a_log_s_text_escaped(tmp_path):
    """The text notation is the log itself in a file or a pipe; on a terminal it is shown
    escaped, as every command shows a log's text."""
    import pty

    p = tmp_path / "esc.cartlog"
    p.write_text(JAMAICA.read_text(encoding="utf-8").replace(
        '[Event "Thursday club night"]', '[Event "Thursday\x1b[2J\u202e night"]'))
    piped = cli("convert", str(p), "--to", "text")
    assert piped.returncode == 0 and "\x1b[2J\u202e" in piped.stdout
    leader, follower = pty.openpty()
    proc = subprocess.Popen([sys.executable, "-m", "cartlog", "convert", str(p), "--to", "text"],
                            cwd=ROOT, stdout=follower, stderr=subprocess.PIPE)
    os.close(follower)
    shown = b""
    while True:
        try:
            chunk = os.read(leader, 65536)
        except OSError:
            break
        if not chunk:
            break
        shown += chunk
    proc.wait(timeout=60)
    os.close(leader)
    text = shown.decode("utf-8")
    assert proc.returncode == 0 and "\x1b" not in text and "\u202e" not in text
    assert "Thursday\\x1b[2J\\u202e night" in text
