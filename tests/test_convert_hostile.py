"""``convert`` is lossless or a located refusal, for any log (docs/cli.md, convert); and a
number too long for any count is a located problem in every game, text and JSON, never
``int()``'s error."""

from __future__ import annotations

import json
import random
import re

import msgspec
import pytest

from cartlog.core.errors import LogSyntaxError
from cartlog.core.text import MAX_DIGITS
from cartlog.logs import read_log, strip_spans
from tests.fuzzing import LOCATED, ROOT, SAMPLES, mutate, run

READABLE = [p for p in SAMPLES if p.suffix in (".cartlog", ".json")]
ONE_PER_GAME = [ROOT / "samples/cartagena/from-position-after-the-break.cartlog",
                ROOT / "samples/meuterer/from-position-round-5.cartlog",
                ROOT / "samples/mutiny/from-position-mutiny.cartlog",
                ROOT / "samples/cartagena/jamaica-4p.cartlog",
                ROOT / "samples/meuterer/club-4p.cartlog",
                ROOT / "samples/mutiny/club-3p.cartlog"]


def plain(log) -> object:
    return msgspec.to_builtins(strip_spans(log))


def lossless_or_refused(source, to: str, tmp_path) -> tuple[str, object]:
    """Convert ``source`` (a path) ``--to`` a form: ``("refused", None)`` when convert exits
    2 with a located message and writes nothing; ``("written", path)`` when it exits 0 and
    the file reads back as the same log. Anything else fails."""
    out = tmp_path / ("out.json" if to == "json" else "out.cartlog")
    out.unlink(missing_ok=True)
    code, text = run(["convert", str(source), "--to", to, "-o", str(out)])
    assert code in (0, 2), text
    if code == 2:
        assert LOCATED.search(text), text
        assert not out.exists(), "a refused conversion wrote a file"
        return "refused", None
    try:
        original = read_log(source.read_bytes().removeprefix(b"\xef\xbb\xbf").decode(),
                            "<original>")
    except LogSyntaxError:  # it read with its board file: the comparison is convert's own
        return "written", out
    back = read_log(out.read_text(encoding="utf-8"), "<written>")
    assert plain(back) == plain(original), f"{source} --to {to} does not read back the same"
    return "written", out


@pytest.mark.parametrize("sample", READABLE, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_convert_lossless_or_located_refusal_over_samples_and_mutants(sample, tmp_path):
    """Every sample, and mutants of it, both ways: text to JSON and back, JSON to text and
    back: convert writes what reads back as the same log, or refuses at a place."""
    rng = random.Random(sample.name)
    data = sample.read_bytes()
    sources = [data] + [mutate(data, rng) for _ in range(4)]
    for i, body in enumerate(sources):
        src = tmp_path / f"in{i}{sample.suffix}"
        src.write_bytes(body)
        code, _ = run(["check", "--ascii", str(src)])
        if code == 2:
            continue
        for to in ("json", "text"):
            outcome, written = lossless_or_refused(src, to, tmp_path)
            if outcome == "written":  # and back again
                again = tmp_path / f"again{i}{written.suffix}"
                again.write_bytes(written.read_bytes())
                lossless_or_refused(again, "text" if to == "json" else "json", tmp_path)


def test_convert_refuses_what_does_not_read_back_as_a_class(tmp_path, monkeypatch):
    """Whatever the cause, a written form that does not read back as the same log (here: a
    writer that loses the gold split, or writes a tag no reader takes) is refused, located,
    exit 2, nothing written; both ways."""
    import cartlog.logs.conversion as conversion

    sample = ROOT / "samples/mutiny/club-3p.cartlog"
    json_path = tmp_path / "club.json"
    assert run(["convert", str(sample), "-o", str(json_path)])[0] == 0
    real = conversion.write_log
    damages = (lambda out: re.sub(r'\[Gold [^\n]*\n|  "gold": \{[^}]*\},\n', "", out),
               lambda out: out.replace("[Players", '[Players "red"]\n[Players')
               .replace('"players": [', '"players": "red", "x": ['))
    for damage in damages:
        monkeypatch.setattr(conversion, "write_log",
                            lambda log, to_json, damage=damage: damage(real(log, to_json)))
        for source, to in ((sample, "json"), (json_path, "text")):
            out = tmp_path / f"out.{to}"
            code, text = run(["convert", str(source), "--to", to, "-o", str(out)])
            assert code == 2 and not out.exists(), text
            assert "read" in text and LOCATED.search(text), text
    monkeypatch.setattr(conversion, "write_log", real)
    for source, to in ((sample, "json"), (json_path, "text")):
        assert run(["convert", str(source), "--to", to])[0] == 0


def refused_at(path, line: int, *words: str) -> None:
    for to in ("json", "text"):
        out = path.with_suffix(".out")
        code, text = run(["convert", str(path), "--to", to, "-o", str(out)])
        assert code == 2 and not out.exists(), text
        assert f":{line}:" in text and all(w in text for w in words), text


def test_convert_json_value_over_1000_digits_refused_at_read(tmp_path):
    doc = json.loads((ROOT / "samples/mutiny/seat-red-4p.json").read_text(encoding="utf-8"))
    doc["combat"]["P1"] = int("9" * (MAX_DIGITS + 1))  # msgspec reads it; no text reader does
    path = tmp_path / "long.json"
    path.write_text(json.dumps(doc, indent=2), encoding="utf-8")
    line = next(i for i, ln in enumerate(path.read_text().split("\n"), 1) if '"P1"' in ln)
    refused_at(path, line, f"a number of {MAX_DIGITS + 1} digits")


def test_convert_empty_board_or_islands_tag_refused_at_the_tag(tmp_path):
    mutiny = (ROOT / "samples/mutiny/club-3p.cartlog").read_text(encoding="utf-8")
    path = tmp_path / "board.cartlog"
    path.write_text(mutiny.replace("[Result", '[Board ""]\n[Result'), encoding="utf-8")
    refused_at(path, 8, "empty Board tag")
    doc = json.loads((ROOT / "samples/mutiny/seat-red-4p.json").read_text(encoding="utf-8"))
    doc["board"] = " "
    path = tmp_path / "board.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    refused_at(path, 1, "$.board", "empty board")
    meuterer = (ROOT / "samples/meuterer/club-4p.cartlog").read_text(encoding="utf-8")
    path = tmp_path / "islands.cartlog"
    path.write_text(re.sub(r'\[Islands "[^"]*"\]', '[Islands ""]', meuterer), encoding="utf-8")
    line = next(i for i, ln in enumerate(path.read_text().split("\n"), 1) if "Islands" in ln)
    refused_at(path, line, "empty Islands tag")


@pytest.mark.parametrize("seats", ["1", "5"])
def test_convert_mutiny_position_start_outside_2_to_4_players_refused(tmp_path, seats):
    text = (ROOT / "samples/mutiny/from-position-mutiny.cartlog").read_text(encoding="utf-8")
    path = tmp_path / "p.cartlog"
    path.write_text(text.replace("2:0.3:2.4:4", f"2:0.3:2.{seats}:4"), encoding="utf-8")
    line = next(i for i, ln in enumerate(text.split("\n"), 1) if "[Position" in ln)
    refused_at(path, line, f"{seats} players: a start space is given for 2, 3 or 4 players")


# -- numbers too long for any count --------------------------------------------------------


def _json_of(sample, tmp_path) -> str:
    if sample.suffix == ".json":
        return sample.read_text(encoding="utf-8")
    out = tmp_path / "sample.json"
    assert run(["convert", str(sample), "--to", "json", "-o", str(out)])[0] == 0
    return out.read_text(encoding="utf-8")


def _kinds(text: str):
    """One digit run per kind of field: the JSON key (or tag, or line word) before it and
    whether it stands inside a string (a position's field)."""
    seen = set()
    for m in re.finditer(r"[0-9]+", text):
        before = text[max(0, m.start() - 40):m.start()]
        key = re.findall(r'"(\w+)":|\[(\w+) |([a-z]+)[=:]|^(\w+)', before, re.M)
        kind = (key[-1] if key else None, before.count('"') % 2)
        if kind not in seen:
            seen.add(kind)
            yield m


@pytest.mark.parametrize("sample", ONE_PER_GAME, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_number_of_5000_digits_in_any_field_of_any_game_is_a_located_problem(sample, tmp_path):
    """Each kind of number of a log (a count, a space, a score, a field of a position), text
    and JSON, written with 5,000 digits: one problem at it, exit 2, never an internal
    error; and the game's own reader (what the recorder and convert call) raises only a
    located problem too."""
    from cartlog.games import find_game

    notation = find_game(sample.parent.name).module("notation")
    big = "9" * 5000
    for text, suffix in ((_json_of(sample, tmp_path), ".json"),
                         (sample.read_text(encoding="utf-8"), ".cartlog")):
        for m in _kinds(text):
            path = tmp_path / f"n{suffix}"
            path.write_text(text[:m.start()] + big + text[m.end():], encoding="utf-8")
            line = text.count("\n", 0, m.start()) + 1
            col = m.start() - (text.rfind("\n", 0, m.start()) + 1) + 1
            for argv in (["check", "--ascii"], ["convert"]):
                code, out = run([*argv, str(path)])
                assert code == 2, (argv, text[m.start() - 40:m.end()], out)
                assert f"{path}:{line}:{col}: " in out and "5000 digits" in out, out
            if suffix == ".cartlog":  # read, or a located problem: no other exception
                try:
                    notation.parse(path.read_text(encoding="utf-8"), "<direct>")
                except LogSyntaxError:
                    pass
