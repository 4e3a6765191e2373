"""A log's text never drives the terminal (issue 21): player names, comments and tag values
holding ESC sequences, C1 controls (CSI), DEL, NUL, bidi overrides and isolates, zero-width
characters, a byte order mark, line separators, a lone surrogate (a file name that is not
UTF-8) and rich markup go through every command that prints a log, in every game and every
output (colour, plain, NO_COLOR, --ascii, JSON), and come out as visible escapes."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import msgspec
import pytest

from cartlog.games import BUILT_IN
from cartlog.games import GAMES as REGISTRY
from tests.fuzzing import ROOT, run

# what a log may hold on one line of the text notation (no comma or semicolon: those would
# split a name), then what a JSON log may hold besides
HOSTILE = ("\x1b[2J\x1b[5m\x07\x9b31m\x7f\x00\u202e\u2066\u200b\ufeff\u2028"
           "[red]X[/red]")
HOSTILE_JSON = HOSTILE + "\t\x85\u2029\u00ad"
RAW = ("\x1b[2J", "\x1b[5m", "\x07", "\x9b", "\x7f", "\x00", "\u202e", "\u2066",
       "\u200b", "\ufeff", "\u2028", "\u2029", "\x85", "\t", "\u00ad", "\r")
SHOWN = ("\\x1b[2J", "\\x9b31m", "\\u202e", "\\u2066", "\\u200b", "\\ufeff")
SGR = re.compile(r"\x1b\[[0-9;]*m")  # the colours rich writes for cartlog's own styles

# a sample of each of cartlog's own games; any other game's is a game it simulates
SAMPLES = {"cartagena": "cartagena/tortuga-3p.cartlog", "meuterer": "meuterer/club-3p.cartlog",
           "mutiny": "mutiny/club-3p.cartlog"}
GAMES = sorted(REGISTRY)


def sample_text(game: str) -> str:
    """A log of the game with an Event tag and a player of colour red."""
    if game in SAMPLES:
        return (ROOT / "samples" / SAMPLES[game]).read_text(encoding="utf-8")
    spec = REGISTRY[game]
    log = spec.simulate(spec.default_rules, spec.players[0] + 1, 1)
    log = msgspec.structs.replace(log, tags={**log.tags, "Event": "a sample"})
    return spec.notation.format_log(log)
OUTPUTS = {"colour": ([], {"FORCE_COLOR": "1", "TERM": "xterm-256color"}),
           "plain": ([], {}), "no-color": ([], {"NO_COLOR": "1"}), "ascii": (["--ascii"], {})}


def hostile_text_log(game: str) -> str:
    """The game's sample with a hostile player name, Event tag, comment line and comment
    after the first turn or round."""
    text = sample_text(game)
    text = re.sub(r'\[Players "red( [^,"]*)?', '[Players "red Ev' + HOSTILE + "il", text,
                  count=1)
    text = text.replace('[Event "', '[Event "' + HOSTILE, 1)
    lines = text.split("\n")
    first = next(i for i, line in enumerate(lines)
                 if line and not line.startswith(("[", ";")))
    lines[first] += " ; c" + HOSTILE
    lines.insert(first, "; note " + HOSTILE)
    return "\n".join(lines)


def hostile_json_log(game: str, tmp_path: Path) -> str:
    """The same log in the JSON form, every name, tag and comment holding ``HOSTILE_JSON``."""
    src = tmp_path / "src.cartlog"
    src.write_text(hostile_text_log(game), encoding="utf-8")
    code, out = run(["convert", str(src), "--to", "json"])
    assert code == 0, out
    doc = json.loads(out)
    for player in doc["players"]:
        player["name"] = "N" + HOSTILE_JSON
    doc["tags"]["Event"] = "E" + HOSTILE_JSON
    for event in doc["events"]:
        if event.get("type") == "comment":
            event["text"] = "C" + HOSTILE_JSON
        elif "comment" in event:
            event["comment"] = "C" + HOSTILE_JSON
    return json.dumps(doc)


def cartlog(args: list[str], env: dict[str, str]) -> tuple[int, str]:
    """``cartlog args`` in process with ``env`` set (``tests.fuzzing.run`` sets its own):
    (exit status, output and error text). Wide, so that no escape is cut by a wrapped line."""
    from typer.testing import CliRunner

    from cartlog.cli import app

    result = CliRunner().invoke(app, args, env={
        "NO_COLOR": None, "FORCE_COLOR": None, "TERM": "xterm-256color", "COLUMNS": "1000",
        **env})
    assert result.exception is None or isinstance(result.exception, SystemExit), result
    return result.exit_code, result.stdout + result.stderr


def assert_nothing_raw(out: str, colour: bool = False) -> None:
    """No control, format or separator character of the log is in ``out``; with colour, the
    console's own colour codes are the only escapes."""
    for raw in RAW:
        assert raw not in out, (raw, out[:3000])
    text = SGR.sub("", out) if colour else out
    bad = sorted({c for c in text if not c.isprintable() and c != "\n"})
    assert not bad, bad


def assert_shown(out: str) -> None:
    for escape in SHOWN:
        assert escape in out, (escape, out[:3000])
    assert "[red]X[/red]" in out  # markup printed as written


def _turn_option(game: str) -> str:
    return "--turn" if game == "cartagena" else "--round"


@pytest.mark.parametrize("output", OUTPUTS)
@pytest.mark.parametrize("form", ["text", "json"])
@pytest.mark.parametrize("game", GAMES)
def test_log_text_with_control_bidi_and_zero_width_characters_is_escaped_in_every_command(
        tmp_path, game, form, output):
    path = tmp_path / f"hostile.{'cartlog' if form == 'text' else 'json'}"
    path.write_text(hostile_text_log(game) if form == "text" else
                    hostile_json_log(game, tmp_path), encoding="utf-8")
    options, env = OUTPUTS[output]
    colour = output == "colour"
    for command in (["replay"], ["replay", _turn_option(game), "1"], ["score"]):
        code, out = cartlog([*command, *options, str(path)], env)
        assert code in (0, 1), out[-2000:]
        assert_nothing_raw(out, colour)
        assert_shown(out)
        if colour:
            assert "\x1b[" in out, "the colour output must be in colour"
    # check shows a log's text where it quotes it: a line it cannot read
    broken = tmp_path / f"broken.{path.suffix}"
    broken.write_text(hostile_text_log(game) + "\n999 red " + HOSTILE + "\n", encoding="utf-8")
    code, out = cartlog(["check", *options, str(broken)], env)
    assert code == 2
    assert_nothing_raw(out, colour)
    assert "\\x1b[2J" in out and "\\u202e" in out


def _strings(obj):
    if isinstance(obj, str):
        yield obj
    elif isinstance(obj, dict):
        for value in obj.values():
            yield from _strings(value)
    elif isinstance(obj, list):
        for value in obj:
            yield from _strings(value)


@pytest.mark.parametrize("game", GAMES)
def test_json_documents_escape_invisible_characters_and_keep_the_values(tmp_path, game):
    path = tmp_path / "hostile.json"
    path.write_text(hostile_json_log(game, tmp_path), encoding="utf-8")
    for command in ("replay", "score"):
        code, out = cartlog([command, "--format", "json", str(path)], {})
        assert code in (0, 1)
        assert_nothing_raw(out)
        assert "\\u202e" in out and "\\u0085" in out
        assert any(HOSTILE_JSON in value for value in _strings(json.loads(out)))  # kept
    # a text log converted to JSON: the same escapes (the text notation holds no tab)
    text = tmp_path / "hostile.cartlog"
    text.write_text(hostile_text_log(game), encoding="utf-8")
    code, out = run(["convert", str(text), "--to", "json"])
    assert code == 0
    assert_nothing_raw(out)
    assert any(HOSTILE in value for value in _strings(json.loads(out)))


@pytest.mark.parametrize("game", GAMES)
def test_a_file_name_that_is_not_utf8_or_holds_escapes_is_shown_escaped(tmp_path, game):
    # a lone surrogate (the undecodable byte, as the file system gives it) and an ESC
    path = tmp_path / os.fsdecode(b"game\xff\x1b[2J.cartlog")
    path.write_bytes(sample_text(game).encode("utf-8"))
    for command in (["replay"], ["score"], ["check"], ["replay", "--ascii"]):
        code, out = cartlog([*command, str(path)], {})
        assert code in (0, 1), out
        assert_nothing_raw(out)
        assert "game\\udcff\\x1b[2J.cartlog" in out


def test_score_tables_measure_escaped_names(tmp_path):
    # names are escaped before the table is laid out: every row of a table is as wide as its
    # border, however many invisible characters a name holds
    for game in GAMES:
        path = tmp_path / f"{game}.cartlog"
        path.write_text(hostile_text_log(game), encoding="utf-8")
        code, out = cartlog(["score", "--ascii", str(path)], {})
        assert code in (0, 1)
        table: list[str] = []
        tables = 0
        for line in out.split("\n"):
            if line.startswith(("|", "+")):
                table.append(line)
            if table and line.startswith("+") and table[0] is not line:  # its bottom border
                assert len({len(row) for row in table}) == 1, table
                table, tables = [], tables + 1
        assert tables and not table
        assert "Ev\\x1b[2J" in out


def test_every_field_of_a_finding_that_quotes_the_log_is_escaped_in_check():
    """A finding's message, expected and found values, rule, position and the recorded result
    of the summary line may all quote the log: a hostile word put into the lines of every
    game's samples reaches none of them raw, in the text report (its fast path included),
    ``-v``, and ``--ascii``."""
    import random
    import re as re_module

    from tests.fuzzing import RAW, ROOT, run

    rng = random.Random(4)
    failures = []
    for game in sorted(spec.name for spec in BUILT_IN):  # the sample folders of cartlog's own
        samples = sorted((ROOT / "samples" / game).glob("*.cartlog"))
        for _ in range(40):  # a word of a line, with an escape sequence that ends it in a ';'
            source = rng.choice(samples)
            lines = source.read_text(encoding="utf-8").split("\n")
            body = [i for i, line in enumerate(lines) if line[:1].isalnum()]
            body = [i for i in body if "pass " in lines[i]] or body  # Meuterer's roles
            if not body:
                continue
            i = rng.choice(body)
            roles = list(re_module.finditer(r"(?<=pass \d )[a-z]+", lines[i]))
            w = rng.choice(roles or list(re_module.finditer(r"[^\s,;]+", lines[i])))
            edited = list(lines)
            edited[i] = lines[i][:w.end()] + "\x1b]0;x\x07" + lines[i][w.end():]
            path = ROOT / "tests" / ".escaped-finding.cartlog"
            try:
                path.write_text("\n".join(edited), encoding="utf-8")
                for args in (["check", str(path)], ["check", "-v", "--ascii", str(path)]):
                    code, out = run(args)
                    found = RAW.search(out)
                    if found:
                        failures.append(f"{source.name}:{i + 1} {args[:-1]}: "
                                        f"{out[max(0, found.start() - 80):found.end()]!r}")
            finally:
                path.unlink(missing_ok=True)
    assert not failures, "\n".join(failures[:5])
