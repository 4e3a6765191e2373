"""Mutation of real sample logs and one in-process run of the command line, for the fuzz
tests (``tests/test_fuzz.py``) and the long campaign (``benchmarks/fuzz_campaign.py``)."""

from __future__ import annotations

import random
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = sorted(p for p in (ROOT / "samples").glob("*/*") if p.is_file())
LOCATED = re.compile(r":\d+:\d+: |: error: ")
HOSTILE = [b"\x1b[2J", b"\r", b"\t", b"\xef\xbb\xbf", b"\xff", b"\xc3", b"\x00", "²".encode(),
           b"9" * 5000, b"{", b"}", b"[", b"]", b'"', b"\\", b"\n", b";", b"-", b"0",
           "\u202e".encode(), b"99999999999999999999"]


def mutate(data: bytes, rng: random.Random) -> bytes:
    """One to four byte, token or line mutations of ``data``."""
    for _ in range(rng.randint(1, 4)):
        kind = rng.randrange(6)
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
        else:  # replace a word by another word of the log
            words = re.findall(rb"[A-Za-z0-9]+", data)
            if words:
                w = rng.choice(words)
                data = data.replace(w, rng.choice(words), 1)
    return data


def run(argv: list[str]):
    """``cartlog argv`` in process: (exit status, output and error text)."""
    from typer.testing import CliRunner

    from cartlog.cli import app

    result = CliRunner().invoke(app, argv)
    text = result.stdout + (result.stderr if hasattr(result, "stderr") else "")
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        import traceback

        return -1, "".join(traceback.format_exception(result.exception))
    return result.exit_code, text


def verdict(path: Path, tmp: Path) -> tuple[str, str]:
    """Check one mutant and convert it both ways: ``(outcome, detail)``; outcomes other than
    ``clean``, ``findings``, ``unreadable`` are failures."""
    code, out = run(["check", "--ascii", str(path)])
    if code not in (0, 1, 2) or "internal error" in out or "Traceback" in out:
        return "crash", f"check: {code}\n{out}"
    if code == 2 and not LOCATED.search(out):
        return "unlocated", out
    outcome = {0: "clean", 1: "findings", 2: "unreadable"}[code]
    if code == 2:
        return outcome, ""
    json_path, text_path = tmp / "m.json", tmp / "m.cartlog"
    code, out = run(["convert", str(path), "--to", "json", "-o", str(json_path)])
    if code not in (0, 2):
        return "crash", f"convert to json: {code}\n{out}"
    if code == 2:
        return outcome, ""
    code, out = run(["convert", str(json_path), "--to", "text", "-o", str(text_path)])
    if code not in (0, 2):
        return "crash", f"convert to text: {code}\n{out}"
    if code == 2:  # JSON that convert wrote must read back
        return "lossy", f"the JSON written does not read back\n{out}"
    if code == 0:
        code2, out2 = run(["convert", str(text_path), "--to", "json", "-o",
                           str(tmp / "m2.json")])
        import json  # the same document, tags in any order

        if code2 != 0 or (json.loads((tmp / "m2.json").read_bytes())
                          != json.loads(json_path.read_bytes())):
            return "lossy", f"round trip differs ({code2})\n{out2}"
    return outcome, ""
