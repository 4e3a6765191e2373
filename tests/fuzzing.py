"""Hostile inputs for every command: mutation of the real sample logs of every game, hostile
files around a log, and one in-process run of the command line with its verdict. Used by the
fuzz tests (``tests/test_fuzz.py``, a short fixed-seed run in CI) and the long campaign
(``benchmarks/fuzz_campaign.py``).

A verdict holds a command to the promises of docs/security.md: a clear answer (an exit status
the command documents, never an internal error or a traceback), located when the log cannot be
read, no character of the log driving the terminal, valid JSON under ``--format json``, output
bounded by the size of the input, an answer in bounded time, and ``convert`` lossless or a
refusal.
"""

from __future__ import annotations

import json
import os
import random
import re
import signal
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = sorted(p for p in (ROOT / "samples").glob("*/*") if p.is_file())
LOCATED = re.compile(r":\d+:\d+: |: error: ")
USAGE = re.compile(r"^cartlog: --((turn|round|from|to|game) \d+|view \S+): ", re.M)  # past the
# game(s), or a view that is no player
HOSTILE = [b"\x1b[2J", b"\x1b]0;title\x07", b"\r", b"\t", b"\xef\xbb\xbf", b"\xff", b"\xc3",
           b"\x00", b"\xc2\x9b31m", "²".encode(), b"9" * 5000, b"{", b"}", b"[", b"]", b'"',
           b"\\", b"\n", b";", b"-", b"0", "\u202e".encode(), "\u2066".encode(),
           "\u200b".encode(), "\u2028".encode(), b"99999999999999999999", b"[bold red]",
           b'[Board "../../../../etc/passwd"]\n', b'[Board "/dev/zero"]\n']

# text that reads as text where a log takes any (comments, names, notes) but must never drive
# the terminal or the markup it is printed with
TEXT = [b"\x1b[2J\x1b[Hclean", b"\x1b]8;;http://x\x07link\x1b]8;;\x07", b"\r", b"\x08\x08",
        b"\xc2\x9b31m", "\u202eevil".encode(), "\u2067rtl\u2069".encode(),
        "zero\u200bwidth".encode(), "\ufeff".encode(), "line\u2028sep".encode(), b"\x07",
        b"[bold red]x[/]", b"[link=file:///etc/passwd]y[/link]", b"\x00", b"\x7f"]

# what no output may hold raw: C0 controls but the line break, DEL and C1 controls, bidi
# embeddings, overrides and isolates, zero-width characters, line and paragraph separators,
# the byte order mark
RAW = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u200b-\u200f\u202a-\u202e\u2066-\u2069"
                 "\u2028\u2029\ufeff]")
FAILURES = ("crash", "hang", "unlocated", "escape", "json", "bloat", "lossy", "slow",
            "invented", "leak")
SLOW = 20.0  # seconds one command may take on a mutant of a sample before it is "slow"
HANG = 60  # seconds before a command is stopped as hung
OUTPUT_PER_BYTE = 400  # output bytes one input byte may give (a replay draws the table often)
OUTPUT_FLOOR = 2_000_000  # output any input may give


def mutate(data: bytes, rng: random.Random) -> bytes:
    """One to four byte, token or line mutations of ``data``."""
    for _ in range(rng.randint(1, 4)):
        kind = rng.randrange(9)
        i = rng.randrange(len(data) + 1)
        if kind == 0 and data:  # flip a byte
            data = data[:i - 1] + bytes([rng.randrange(256)]) + data[i:]
        elif kind == 1:  # insert a hostile token
            data = data[:i] + rng.choice(HOSTILE) + data[i:]
        elif kind == 2:  # delete a run
            data = data[:i] + data[i + rng.randint(1, 20):]
        elif kind in (3, 4):  # duplicate, drop or swap lines
            lines = data.split(b"\n")
            a, b = rng.randrange(len(lines)), rng.randrange(len(lines))
            if kind == 3:
                lines.insert(a, lines[b])
            else:
                lines[a], lines[b] = lines[b], lines[a]
            data = b"\n".join(lines)
        elif kind == 5:  # repeat a run of lines many times (growth, many findings)
            lines = data.split(b"\n")
            a = rng.randrange(len(lines))
            b = min(len(lines), a + rng.randint(1, 5))
            lines[a:a] = lines[a:b] * rng.randint(2, 60)
            data = b"\n".join(lines)
        elif kind == 7:  # hostile text in a comment, where the reader takes any text
            lines = data.split(b"\n")
            a = rng.randrange(len(lines))
            lines[a] += b" ; " + rng.choice(TEXT)
            data = b"\n".join(lines)
        elif kind == 8:  # hostile text in a tag's value (names, notes)
            quotes = [m.start() for m in re.finditer(rb'"[^"\n]', data)]
            if quotes:
                at = rng.choice(quotes) + 1 + rng.randrange(3)
                data = data[:at] + rng.choice(TEXT) + data[at:]
        else:  # replace a word by another word of the log
            words = re.findall(rb"[A-Za-z0-9]+", data)
            if words:
                w = rng.choice(words)
                data = data.replace(w, rng.choice(words), 1)
    return data


class Hung(Exception):
    """A command ran past :data:`HANG` seconds."""


def _alarm(signum, frame):
    raise Hung()


def run(argv: list[str], input: str | None = None, timeout: int | None = None):
    """``cartlog argv`` in process: (exit status, output and error text). ``timeout``: stop a
    command after that many seconds (in the main thread only) and answer ``(-2, ...)``."""
    from typer.testing import CliRunner

    from cartlog.cli import app

    armed = timeout is not None and hasattr(signal, "SIGALRM")
    if armed:
        previous = signal.signal(signal.SIGALRM, _alarm)
        signal.alarm(timeout)
    try:
        result = CliRunner().invoke(app, argv, input=input,
                                    env={"NO_COLOR": None, "FORCE_COLOR": None,
                                         "COLUMNS": "100", "TERM": "dumb"})
    except Hung:
        return -2, f"no answer in {timeout} s"
    finally:
        if armed:
            signal.alarm(0)
            signal.signal(signal.SIGALRM, previous)
    text = result.stdout + (result.stderr if hasattr(result, "stderr") else "")
    if isinstance(result.exception, Hung):
        return -2, f"no answer in {timeout} s"
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        import traceback

        return -1, "".join(traceback.format_exception(result.exception))
    return result.exit_code, text


# -- the commands and what each may answer ----------------------------------------------------


@dataclass(frozen=True)
class Command:
    """One way of running cartlog on a log: its arguments, the exit statuses it documents, and
    whether it writes a JSON document to standard output."""

    name: str
    argv: Callable[[Path, Path], list[str]]
    exits: tuple[int, ...]
    json: bool = False
    input: str | None = None


COMMANDS = [
    Command("check", lambda p, t: ["check", str(p)], (0, 1, 2)),
    Command("check-ascii-v", lambda p, t: ["check", "--ascii", "-v", str(p)], (0, 1, 2)),
    Command("check-json", lambda p, t: ["check", "--format", "json", str(p)], (0, 1, 2),
            json=True),
    Command("replay", lambda p, t: ["replay", str(p)], (0, 1, 2)),
    Command("replay-ascii-turn", lambda p, t: ["replay", "--ascii", "--turn", "2", str(p)],
            (0, 1, 2)),
    Command("replay-json", lambda p, t: ["replay", "--format", "json", str(p)], (0, 1, 2),
            json=True),
    Command("replay-game", lambda p, t: ["replay", "--ascii", "--game", "1", str(p)],
            (0, 1, 2)),
    Command("replay-html", lambda p, t: ["replay", str(p), "--html", str(t / "ruling.html")],
            (0, 1, 2)),
    Command("replay-position", lambda p, t: ["replay", "--position", str(p)], (0, 1, 2)),
    Command("replay-findings-table", lambda p, t: ["replay", "--ascii", "--findings", "--view",
                                                   "table", str(p)], (0, 1, 2)),
    Command("score", lambda p, t: ["score", str(p)], (0, 1, 2)),
    Command("score-game-json", lambda p, t: ["score", "--game", "1", "--format", "json",
                                             str(p)], (0, 1, 2), json=True),
    Command("score-json", lambda p, t: ["score", "--format", "json", str(p)], (0, 1, 2),
            json=True),
    Command("record-from", lambda p, t: ["record", "--from", str(p), "--out",
                                         str(t / "rec.cartlog")], (0, 1, 2)),
    Command("record-resume", lambda p, t: ["record", "--resume", str(_copy(p, t))], (0, 1, 2)),
]
BY_NAME = {c.name: c for c in COMMANDS}


def _copy(path: Path, tmp: Path) -> Path:
    """A copy of ``path`` to resume (``record --resume`` given no line must leave it as is)."""
    copy = tmp / "resumed.cartlog"
    copy.write_bytes(path.read_bytes())
    return copy


def check_answer(command: Command, code: int, out: str, size: int) -> tuple[str, str] | None:
    """The failure in one command's answer, or ``None``: ``(outcome, detail)``."""
    if code == -2:
        return "hang", f"{command.name}: {out}"
    if code not in command.exits or "internal error" in out or "Traceback" in out:
        return "crash", f"{command.name}: exit {code}\n{out[-3000:]}"
    raw = RAW.search(out)
    if raw:
        start = max(0, raw.start() - 80)
        return "escape", f"{command.name}: raw {raw.group()!r} in {out[start:raw.end() + 80]!r}"
    if len(out.encode("utf-8", "surrogateescape")) > OUTPUT_FLOOR + OUTPUT_PER_BYTE * size:
        return "bloat", f"{command.name}: {len(out)} characters of output for {size} bytes"
    if code == 2 and not (LOCATED.search(out) or USAGE.search(out)
                          or command.json and '"line": ' in out):
        return "unlocated", f"{command.name}: {out[-2000:]}"
    if command.json and (code in (0, 1) or out.lstrip().startswith("{")):
        try:
            json.loads(out[out.index("{"):] if "{" in out else out)
        except ValueError as exc:
            return "json", f"{command.name}: {exc}\n{out[:500]}"
    return None


def verdict(path: Path, tmp: Path, commands: list[Command] | None = None,
            timeout: int | None = None) -> tuple[str, str]:
    """Run every command (default :data:`COMMANDS`) on one mutant, then convert it both ways:
    ``(outcome, detail)``. The outcome is ``check``'s (``clean``, ``findings``,
    ``unreadable``) unless a command fails (one of :data:`FAILURES`)."""
    size = path.stat().st_size
    outcome = "unreadable"
    for command in commands if commands is not None else COMMANDS:
        for leftover in tmp.glob("rec.cartlog*"):
            leftover.unlink()
        began = time.perf_counter()
        code, out = run(command.argv(path, tmp), command.input, timeout)
        took = time.perf_counter() - began
        failure = check_answer(command, code, out, size)
        if failure is not None:
            return failure
        if timeout is not None and took > SLOW:
            return "slow", f"{command.name}: {took:.1f} s"
        if command.name == "record-resume" and (tmp / "resumed.cartlog").exists() and (
                (tmp / "resumed.cartlog").read_bytes() != path.read_bytes()):
            return "invented", "record --resume given no line changed the log"
        if leaked(out):
            return "leak", f"{command.name}: a file out of the log's folder is quoted"
        if command.name == "check":
            outcome = {0: "clean", 1: "findings", 2: "unreadable"}[code]
    if outcome == "unreadable":
        return outcome, ""
    return convert_both_ways(path, tmp, outcome, timeout)


def convert_both_ways(path: Path, tmp: Path, outcome: str,
                      timeout: int | None = None) -> tuple[str, str]:
    """A readable log converted to JSON, back to text and to JSON again: each step a refusal
    (exit 2, located) or a file that reads back to the same log."""
    json_path, text_path = tmp / "m.json", tmp / "m.cartlog"
    for stale in (json_path, text_path, tmp / "m2.json"):
        stale.unlink(missing_ok=True)
    code, out = run(["convert", str(path), "--to", "json", "-o", str(json_path)], None, timeout)
    if code not in (0, 2) or "internal error" in out or "Traceback" in out:
        return "crash", f"convert to json: {code}\n{out}"
    if code == 2:
        return (outcome, "") if LOCATED.search(out) else ("unlocated", f"convert: {out}")
    code, out = run(["convert", str(json_path), "--to", "text", "-o", str(text_path)], None,
                    timeout)
    if code not in (0, 2):
        return "crash", f"convert to text: {code}\n{out}"
    if code == 2:  # JSON that convert wrote must read back
        return "lossy", f"the JSON written does not read back\n{out}"
    code2, out2 = run(["convert", str(text_path), "--to", "json", "-o", str(tmp / "m2.json")],
                      None, timeout)
    if code2 != 0 or (json.loads((tmp / "m2.json").read_bytes())
                      != json.loads(json_path.read_bytes())):
        return "lossy", f"round trip differs ({code2})\n{out2}"
    return outcome, ""


# -- hostile files around a log ---------------------------------------------------------------

BOARD_TARGETS = ["/etc/passwd", "../../../../../../etc/passwd", "/dev/zero", "/dev/urandom",
                 "fifo", "socket", "link-out", "folder", "big", "binary", "deep/../../x",
                 "", " ", "board.txt\x00", "\x1b[2J", "nul\u202e"]


def hostile_case(rng: random.Random, tmp: Path, target: str | None = None) -> Path:
    """A Mutiny sample whose ``Board`` tag names a hostile file made beside it (a FIFO with no
    writer, a socket, a symbolic link out of the folder, a folder, a large file, a binary
    file) or a path out of its folder or to a device: every command must refuse it, located,
    without following it out of the folder or blocking."""
    import socket
    import stat

    source = rng.choice([p for p in SAMPLES if p.parent.name == "mutiny"
                         and p.suffix == ".cartlog" and "[Position" not in p.read_text()])
    folder = tmp / "case"
    if folder.exists():
        for child in sorted(folder.rglob("*"), key=lambda c: -len(c.parts)):
            if child.is_dir() and not child.is_symlink():
                child.rmdir()
            else:
                child.unlink()
        folder.rmdir()
    folder.mkdir()
    os.mkfifo(folder / "fifo")
    server = socket.socket(socket.AF_UNIX)
    try:
        server.bind(str(folder / "socket"))
    except OSError:
        pass
    finally:
        server.close()
    (folder / "link-out").symlink_to("/etc/passwd")
    (folder / "folder").mkdir()
    (folder / "big").write_bytes(b'[Track "length 24"]\n' + b"; " + b"x" * (3 << 20) + b"\n")
    (folder / "binary").write_bytes(bytes(range(256)) * 8)
    assert stat.S_ISFIFO(os.stat(folder / "fifo").st_mode)
    if target is None:
        target = rng.choice(BOARD_TARGETS)
    text = source.read_text(encoding="utf-8")
    lines = [line for line in text.split("\n")
             if not line.startswith(("[Track ", "[Combat ", "[Gold ", "[Board "))]
    lines.insert(1, f'[Board "{target}"]')
    log = folder / "game.cartlog"
    log.write_text("\n".join(lines), encoding="utf-8", errors="surrogatepass")
    return log


def leaked(out: str) -> str | None:
    """A line of a file out of the log's folder quoted in ``out`` (the board file case)."""
    for secret in ("root:x:0:0", "root:*:0:0"):
        if secret in out:
            return secret
    return None
