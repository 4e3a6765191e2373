"""The ``Result`` tag the recorder writes when the recorded game ends: in the header as the
game's notation writes it, the file kept whole, a sealed log sealed again from its header on,
and taken away by ``undo``; ``check`` of the log then compares the result."""

from __future__ import annotations

import re
from pathlib import Path

import msgspec
import pytest

from cartlog.audit import audit
from cartlog.cli import app
from cartlog.games import GAMES
from cartlog.logs import read_log
from cartlog.record import Recorder
from tests import test_record as recording
from tests.test_record import body, invoke, runner, simulated

no_sync, terminal = recording.no_sync, recording.terminal  # the fixtures, shared

SPECS = [GAMES[name] for name in ("cartagena", "meuterer", "mutiny")]
IDS = [spec.name for spec in SPECS]
RESULT = re.compile(r'^\[Result "[^"]*"\]\n', re.M)


def unresulted(spec, seed: int = 3) -> tuple[str, list[str], str]:
    """A simulated game's header without its Result tag, its lines, and the tag."""
    log, header, full = simulated(spec, seed=seed)
    tag = RESULT.search(header)
    assert tag is not None
    return RESULT.sub("", header), body(spec, log), tag.group(0).rstrip("\n")


def checked(path: Path) -> str:
    """What ``cartlog check`` says of a log (exit status 0 asserted)."""
    result = runner.invoke(app, ["check", str(path)], env={"NO_COLOR": "1", "COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    return result.output


def ends_at(spec, header: str, lines: list[str]) -> int:
    """The index of the line the game ends with."""
    log = read_log(header + "\n".join(lines) + "\n")
    game = spec.engine.start(msgspec.structs.replace(log, events=[]))
    for i, event in enumerate(log.events):
        game.apply(event)
        if game.is_over():
            return i
    raise AssertionError("the game does not end")


@pytest.mark.parametrize("sealed", [False, True], ids=["unsealed", "sealed"])
@pytest.mark.parametrize("spec", SPECS, ids=IDS)
def test_piped_the_result_tag_is_written_and_undo_takes_it_away(spec, sealed, tmp_path,
                                                                 no_sync):
    header, lines, tag = unresulted(spec)
    (tmp_path / "header.cartlog").write_text(header, encoding="utf-8")
    out = tmp_path / "game.cartlog"
    result = invoke("--from", tmp_path / "header.cartlog", "--out", out,
                    *(["--hash"] if sealed else []), input="\n".join(lines) + "\n")
    assert result.exit_code == 0, result.stderr
    text = out.read_text(encoding="utf-8")
    assert tag in text.split("\n\n", 1)[0]
    said = checked(out)
    assert "records no result" not in said and "as recorded" in said, said
    assert ("seal verified" in said) == sealed

    # undo back to before the end: the tag goes, the seals are those of the log before
    end = ends_at(spec, header, lines)
    undos = len(lines) - end
    result = invoke("--resume", out, input="undo\n" * undos + "quit\n")
    assert result.exit_code == 0, result.stderr
    text = out.read_text(encoding="utf-8")
    assert "[Result " not in text
    said = checked(out)
    assert "seal/edited" not in said and ("seal verified" in said) == sealed, said

    # the last lines again: the tag is back, as the whole game recorded at once writes it
    result = invoke("--resume", out, input="\n".join(lines[end:]) + "\n")
    assert result.exit_code == 0, result.stderr
    again = tmp_path / "again.cartlog"
    invoke("--from", tmp_path / "header.cartlog", "--out", again,
           *(["--hash"] if sealed else []), input="\n".join(lines) + "\n")
    assert out.read_text(encoding="utf-8") == again.read_text(encoding="utf-8")


@pytest.mark.parametrize("sealed", [False, True], ids=["unsealed", "sealed"])
@pytest.mark.parametrize("spec", SPECS, ids=IDS)
def test_the_header_is_part_of_what_undo_takes_back(spec, sealed, tmp_path, no_sync):
    """Undo straight after the line that ends the game gives back the file as it was before
    that line, byte for byte, the header and every seal included; typed again, the file is
    as it was after it."""
    header, lines, tag = unresulted(spec)
    end = ends_at(spec, header, lines)
    path = tmp_path / "game.cartlog"
    rec = Recorder.create(path, header, seal=sealed)
    for line in lines[:end]:
        assert rec.enter(line).kind == "accepted"
    before = path.read_text(encoding="utf-8")
    reply = rec.enter(lines[end])
    assert reply.kind == "accepted" and f"the header says so: {tag}" in reply.text
    after = path.read_text(encoding="utf-8")
    assert tag in after and not [f for f in audit(read_log(after)).findings
                                 if f.severity == "error"]
    reply = rec.enter("undo")
    assert "Result tag taken away" in reply.text
    assert path.read_text(encoding="utf-8") == before
    rec.enter(lines[end])
    assert path.read_text(encoding="utf-8") == after


@pytest.mark.parametrize("sealed", [False, True], ids=["unsealed", "sealed"])
@pytest.mark.parametrize("spec", SPECS, ids=IDS)
def test_at_a_terminal_the_result_tag_is_written_and_undo_takes_it_away(spec, sealed,
                                                                        tmp_path, terminal):
    header, lines, tag = unresulted(spec)
    end = ends_at(spec, header, lines)
    (tmp_path / "start.cartlog").write_text(header + "\n".join(lines[:end]) + "\n",
                                            encoding="utf-8")
    term = terminal("--from", "start.cartlog", "--out", "game.cartlog",
                    *(["--hash"] if sealed else []))
    term.expect(r"\w>")
    value = tag.split('"')[1]
    term.line(lines[end], r"header\s+says\s+so:\s+\[Result\s+\"" + re.escape(value)
              + r"\"\].*as recorded.*over>")
    path = tmp_path / "game.cartlog"
    assert tag in path.read_text(encoding="utf-8")
    said = checked(path)
    assert "records no result" not in said and ("seal verified" in said) == sealed
    term.line("undo", r"Result tag\s+taken\s+away.*\w>")
    assert "[Result " not in path.read_text(encoding="utf-8")
    term.line("quit", r"complete")
    assert term.proc.wait(20) == 0
    said = checked(path)
    assert "seal/edited" not in said and ("seal verified" in said) == sealed


@pytest.mark.parametrize("spec", SPECS, ids=IDS)
def test_a_finished_game_given_with_from_gets_its_result_tag(spec, tmp_path, no_sync):
    header, lines, tag = unresulted(spec)
    (tmp_path / "played.cartlog").write_text(header + "\n".join(lines) + "\n", "utf-8")
    out = tmp_path / "game.cartlog"
    result = invoke("--from", tmp_path / "played.cartlog", "--out", out, "--hash", input="")
    assert result.exit_code == 0, result.stderr
    assert tag in out.read_text(encoding="utf-8")
    said = checked(out)
    assert "as recorded" in said and "seal verified" in said


@pytest.mark.parametrize("spec", SPECS, ids=IDS)
def test_a_sealed_log_changed_by_hand_is_not_sealed_again_at_its_end(spec, tmp_path, no_sync):
    """Writing the Result tag into a sealed log seals it again from its header on: a log
    whose seals show a change (resumed, or given with --from) keeps its header, so that the
    change is not sealed over and check still finds it."""
    header, lines, tag = unresulted(spec)
    end = ends_at(spec, header, lines)
    path = tmp_path / "game.cartlog"
    rec = Recorder.create(path, header, seal=True)
    for line in lines[:end]:
        assert rec.enter(line).kind == "accepted"
    del rec
    text = path.read_text(encoding="utf-8")
    first = lines[0]
    changed = text.replace(f"\n{first} ;", f"\n{first}  {{changed}} ;", 1)
    assert changed != text
    for how in ("resume", "from"):
        target = tmp_path / f"{how}.cartlog"
        if how == "resume":
            target.write_text(changed, encoding="utf-8")
            rec = Recorder.resume(target)
        else:
            rec = Recorder.create(target, changed, seal=True)
        reply = rec.enter(lines[end])
        assert reply.kind == "accepted" and "the header says so" not in reply.text
        written = target.read_text(encoding="utf-8")
        assert "[Result " not in written
        assert "seal/edited" in [f.code for f in audit(read_log(written)).findings]
