"""The hostile-input campaign: every command of cartlog against crafted inputs (outside CI; a
short run of the same code is ``tests/test_fuzz.py``).

    python benchmarks/fuzz_campaign.py [--mutants N] [--files N] [--kills N] [--seed S]
                                       [--commands check,replay,...]

Three parts, each counted by outcome (docs/security.md says what was run and found):

- ``--mutants N`` (default 2000): N mutants of the sample logs of every game (bytes flipped,
  hostile tokens, lines dropped, doubled, swapped and repeated many times), each run through
  every command of :data:`tests.fuzzing.COMMANDS` (check, check -v --ascii, check --format json,
  replay, replay --turn, replay --format json, score, score --format json, record --from,
  record --resume) and converted both ways;
- ``--files N`` (default 200): N Mutiny logs whose ``Board`` tag names a hostile file (a FIFO
  with no writer, a socket, a link out of the folder, a device, a path out of the folder, a
  large or binary file), through every command;
- ``--kills N`` (default 50): N recorders killed (SIGKILL) at a random moment while lines are
  fed to them; after each, the log must read back (``check``) or be refused located by
  ``record --resume``, never hold a line that was not accepted, and never stay locked.

Every failing input is saved under ``benchmarks/out/``; the exit status is 1 when any failed.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.fuzzing import (  # noqa: E402
    BY_NAME,
    COMMANDS,
    FAILURES,
    HANG,
    SAMPLES,
    hostile_case,
    mutate,
    run,
    verdict,
)


def _save(out: Path, outcome: str, tag: str, data: bytes, suffix: str, detail: str) -> None:
    out.mkdir(parents=True, exist_ok=True)
    saved = out / f"{outcome}-{tag}{suffix}"
    saved.write_bytes(data)
    print(f"{outcome}: {saved}\n{detail[-800:]}", flush=True)


def mutants(n: int, rng: random.Random, seed: int, commands, out: Path) -> Counter[str]:
    counts: Counter[str] = Counter()
    start = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        tmp_path = Path(tmp)
        for i in range(n):
            source = rng.choice(SAMPLES)
            data = mutate(source.read_bytes(), rng)
            path = tmp_path / f"mutant{source.suffix}"
            path.write_bytes(data)
            outcome, detail = verdict(path, tmp_path, commands, timeout=HANG)
            counts[outcome] += 1
            if outcome in FAILURES:
                _save(out, outcome, f"{seed}-{i}", data, source.suffix,
                      f"(from {source.name}) {detail}")
            if (i + 1) % 500 == 0:
                print(f"{i + 1} mutants, {time.perf_counter() - start:.0f} s: {dict(counts)}",
                      file=sys.stderr, flush=True)
    return counts


def files(n: int, rng: random.Random, seed: int, commands, out: Path) -> Counter[str]:
    counts: Counter[str] = Counter()
    with tempfile.TemporaryDirectory() as tmp:
        tmp_path = Path(tmp)
        for i in range(n):
            log = hostile_case(rng, tmp_path)
            outcome, detail = verdict(log, tmp_path, commands, timeout=HANG)
            counts[outcome] += 1
            if outcome in FAILURES:
                _save(out, outcome, f"file-{seed}-{i}", log.read_bytes(), ".cartlog", detail)
    return counts


def _body(source: Path) -> tuple[str, list[str]]:
    """A text sample's header and its body's lines."""
    text = source.read_text(encoding="utf-8")
    head, _, body = text.partition("\n\n")
    return head + "\n", [line for line in body.split("\n") if line.strip()]


def kills(n: int, rng: random.Random, seed: int, out: Path) -> Counter[str]:
    """Recorders killed at random moments: the log left behind reads back or is refused
    located, holds no line that was not fed, and is not left locked."""
    counts: Counter[str] = Counter()
    sources = [p for p in SAMPLES if p.suffix == ".cartlog" and "Position" not in p.read_text()]
    with tempfile.TemporaryDirectory() as tmp:
        tmp_path = Path(tmp)
        for i in range(n):
            source = rng.choice(sources)
            head, lines = _body(source)
            header = tmp_path / "header.cartlog"
            header.write_text(head, encoding="utf-8")
            log = tmp_path / f"kill-{i}.cartlog"
            proc = subprocess.Popen(
                [sys.executable, "-m", "cartlog", "record", "--from", str(header), "--out",
                 str(log)], stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL, cwd=ROOT)
            began = time.monotonic()  # killed once it has the log, after k lines
            while not log.exists() and proc.poll() is None and time.monotonic() - began < 10:
                time.sleep(0.005)
            k = rng.randint(0, len(lines))
            try:
                for line in lines[:k]:
                    proc.stdin.write((line + "\n").encode())
                    proc.stdin.flush()
                    time.sleep(rng.uniform(0, 0.004))
            except BrokenPipeError:
                pass
            time.sleep(rng.uniform(0, 0.05))
            proc.send_signal(signal.SIGKILL)
            proc.wait()
            outcome, detail = _after_kill(log, lines)
            counts[outcome] += 1
            if outcome in FAILURES:
                data = log.read_bytes() if log.exists() else b""
                _save(out, outcome, f"kill-{seed}-{i}", data, ".cartlog", detail)
    return counts


_SEAL = re.compile(r"\s*;?\s*#sha256:[0-9a-f]+")


def _bare(line: str) -> str:
    """A line without its seal and its marks of a condoned action (a ``!`` on a lawful line
    is dropped), in the recorder's spacing, to compare with a line fed."""
    return " ".join(_SEAL.sub("", line).replace("!", " ").replace(";", " ; ").split())


def _after_kill(log: Path, fed: list[str]) -> tuple[str, str]:
    if not log.exists():
        return "not-created", ""
    text = log.read_bytes().decode("utf-8", "replace")
    body = text.partition("\n\n")[2]
    written = [line for line in body.split("\n") if line.strip()]
    known = {_bare(line) for line in fed}
    for line in written:
        if _bare(line) not in known and not line.startswith(";"):
            if text.endswith("\n") or line != written[-1]:
                return "invented", f"a line never fed: {line!r}"
    code, out = run(["record", "--resume", str(log)], "", timeout=HANG)
    if "already being recorded" in out:
        return "locked", out
    if code not in (0, 1, 2) or "Traceback" in out or "internal error" in out:
        return "crash", out
    if code == 2 and not text.endswith("\n"):
        return ("refused-torn", "") if ":" in out else ("unlocated", out)
    code, out = run(["check", str(log)], timeout=HANG)
    if code not in (0, 1):
        return "unreadable-after-kill", out
    return "reads-back", ""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mutants", type=int, default=2000)
    parser.add_argument("--files", type=int, default=200)
    parser.add_argument("--kills", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--memory", type=int, default=4096,
                        help="address space the campaign may take, in MiB: past it a command "
                        "meets MemoryError, counted as a crash, instead of the system's killer")
    parser.add_argument("--commands", default=",".join(c.name for c in COMMANDS),
                        help="the commands to run, by name (tests/fuzzing.py COMMANDS)")
    args = parser.parse_args()
    commands = [BY_NAME[name] for name in args.commands.split(",")]
    rng = random.Random(args.seed)
    try:
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (args.memory << 20, args.memory << 20))
    except (ImportError, ValueError, OSError):
        pass
    out = ROOT / "benchmarks" / "out"
    os.environ.setdefault("NO_COLOR", "1")
    total: Counter[str] = Counter()
    for part, counts in (
            ("mutants", lambda: mutants(args.mutants, rng, args.seed, commands, out)),
            ("files", lambda: files(args.files, rng, args.seed, commands, out)),
            ("kills", lambda: kills(args.kills, rng, args.seed, out))):
        began = time.perf_counter()
        got = counts()
        total.update(got)
        print(f"{part}: {sum(got.values())} in {time.perf_counter() - began:.0f} s: "
              + ", ".join(f"{k} {v}" for k, v in sorted(got.items())), flush=True)
    failed = sum(total[k] for k in (*FAILURES, "locked", "unreadable-after-kill"))
    print(f"failures: {failed}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
