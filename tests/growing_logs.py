"""Logs of any length, for the growth test (``tests/test_growth.py``), the bounds test
(``tests/test_bounds.py``) and ``benchmarks/bench_growth.py``: a sample's header, then one
unit of play (a turn, a round) repeated ``n`` times, each unit a worst case for one class of
input (a log is untrusted input: docs/security.md).

- ``illegal``: every unit breaks rules (cards played from hands that hold none, draws the
  rules do not give): many findings, and a table the rules never reach;
- ``stuck``: Cartagena's stuck draws, a card drawn by a player who cannot move, turn after
  turn;
- ``comments``: every unit with a long comment.
"""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
COMMENT = "x" * 2000  # a long comment, well inside a line's limit


def _header(sample: str, first: str) -> str:
    text = (ROOT / "samples" / sample).read_text(encoding="utf-8")
    return text[:text.index(first)].rstrip("\n") + "\n\n"


def _cartagena(n: int, play: str) -> str:
    head = _header("cartagena/stuck-draw-2000-edition.cartlog", "\n1. ")
    return head + "".join(f"{i}. {'red' if i % 2 else 'blue'} {play}\n" for i in range(1, n + 1))


def _meuterer(n: int, comment: str = "") -> str:
    head = _header("meuterer/draw-one-too-many.cartlog", "\nround 1")
    return head + "round 1\nwage 3\n" + f"sell red G, blue G, green G, yellow G{comment}\n" * n


def _mutiny(n: int, comment: str = "") -> str:
    head = _header("mutiny/actions.cartlog", "\nround 1")
    return head + "".join(
        f"round {i} giver red{comment}\n"
        "red ^Crackpott +G1 +P2 +G2\n"
        "blue ^Wessel-Jan -P1 -G1 -P2 -G3 +P3 +G2 +G1 +G1\n"
        "green ^Diaz +$1\n"
        "ship 3 at 5\n" for i in range(1, n + 1))


CASES = {
    ("cartagena", "illegal"): lambda n: _cartagena(n, "K0-3 K0-3 K0-3"),
    ("cartagena", "stuck"): lambda n: _cartagena(n, "+SSSSSSSS"),
    ("cartagena", "comments"): lambda n: _cartagena(n, f"K0-3 ; {COMMENT}"),
    ("meuterer", "illegal"): lambda n: _meuterer(n),
    ("meuterer", "comments"): lambda n: _meuterer(n, f" ; {COMMENT}"),
    ("mutiny", "illegal"): lambda n: _mutiny(n),
    ("mutiny", "comments"): lambda n: _mutiny(n, f" ; {COMMENT}"),
}


def growing_log(game: str, case: str, n: int) -> str:
    """A log of ``game`` with ``n`` units of the worst case ``case`` (see :data:`CASES`)."""
    return CASES[game, case](n)


def lines_to_record(text: str) -> tuple[str, list[str]]:
    """A log as the recorder takes it: the header, then each line of play to type, marked
    ``!`` (recorded although it breaks a rule) before its comment."""
    head, _, body = text.partition("\n\n")
    typed = []
    for line in body.splitlines():
        play, sep, comment = line.partition(" ;")
        typed.append(f"{play} !{sep}{comment}")
    return head + "\n", typed


COMMANDS = ("check", "check-json", "replay", "score", "convert-json", "convert-text", "record",
            "check-games", "replay-game", "replay-html")


def measure(command: str, text: str, tmp: Path) -> tuple[int, int, float]:
    """Run ``command`` (one of :data:`COMMANDS`) on the log ``text`` in this process, through
    the command line as users meet it (the recorder: :class:`cartlog.record.Recorder` fed line
    by line): ``(peak bytes allocated, bytes written, seconds)``. The peak is traced from the
    command's start (:mod:`tracemalloc`), so that what was imported before is not counted."""
    import time
    import tracemalloc

    log = tmp / "growing.cartlog"
    if command in ("check-games", "replay-game"):  # the log twice, one game after the other
        text = text.rstrip("\n") + "\n\n" + text
    log.write_text(text, encoding="utf-8")
    out = tmp / "out"
    out.unlink(missing_ok=True)
    if command == "convert-text":  # the JSON form of the log, converted back
        code, said = _run(["convert", str(log), "--to", "json", "-o", str(tmp / "log.json")])
        assert code == 0, said
        log = tmp / "log.json"
    argv = {
        "check": ["check", "--ascii", str(log)],
        "check-json": ["check", "--format", "json", str(log)],
        "check-games": ["check", "--ascii", str(log)],
        "replay-game": ["replay", "--ascii", "--game", "2", str(log)],
        "replay": ["replay", "--ascii", str(log)],
        "replay-html": ["replay", str(log), "--html", str(out)],
        "score": ["score", "--ascii", str(log)],
        "convert-json": ["convert", str(log), "--to", "json", "-o", str(out)],
        "convert-text": ["convert", str(log), "--to", "text", "-o", str(out)],
    }.get(command)
    tracemalloc.start()
    start = time.perf_counter()
    try:
        _peak_from_read()
        if argv is None:
            written = _record(text, out)
        else:
            code, said = _run(argv)
            assert code in (0, 1), f"cartlog {' '.join(argv[:2])}: exit {code}\n{said[-2000:]}"
            written = out.stat().st_size if out.exists() else len(said.encode())
        seconds = time.perf_counter() - start
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    return peak, written, seconds


_COMMAND: list = []  # the command line as click runs it, built once


def _peak_from_read() -> None:
    """Trace the peak from when the log has been read: reading takes a buffer of up to a
    megabyte (:func:`cartlog.corpus.read_bounded`), freed at once, which would hide the
    command's own memory on a small log."""
    import tracemalloc

    from cartlog import corpus

    read = getattr(corpus.read_bounded, "__wrapped__", corpus.read_bounded)

    def read_bounded(stream, limit):
        data = read(stream, limit)
        tracemalloc.reset_peak()
        return data

    read_bounded.__wrapped__ = read  # type: ignore[attr-defined]
    corpus.read_bounded = read_bounded


def _run(argv: list[str]) -> tuple[int, str]:
    """``cartlog argv`` in process, as :func:`tests.fuzzing.run`, with the command line built
    once (typer builds it anew at each run, a megabyte or two that would hide the command's
    own memory)."""
    from click.testing import CliRunner
    from typer.main import get_command

    from cartlog.cli import app

    if not _COMMAND:
        _COMMAND.append(get_command(app))
    result = CliRunner().invoke(_COMMAND[0], argv)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.stdout + result.stderr


def _record(text: str, out: Path) -> int:
    """The log typed into the recorder line by line; the bytes of the file it keeps."""
    from cartlog.record import Recorder

    head, typed = lines_to_record(text)
    recorder = Recorder.create(out, head)
    for line in typed:
        recorder.enter(line)
    return out.stat().st_size
