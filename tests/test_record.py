"""``cartlog record``: the recorder's session driven directly, the command fed through
standard input for every game, a person at a terminal (a pseudo-terminal), a recorder killed
at random points and resumed, seals, and the prompts and refusals as snapshots.

Syncing to disk is what makes a recorded line survive a power cut, not a killed process: the
in-process tests turn ``os.fsync`` off (the lines are still written), the killed processes
keep it.
"""

from __future__ import annotations

import os
import random
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import msgspec
import pytest
from typer.testing import CliRunner

from cartlog.audit import audit
from cartlog.cli import app
from cartlog.core.spec import GameSpec
from cartlog.games import BUILT_IN, GAMES, SPECS
from cartlog.logs import read_log, write_log
from cartlog.record import OPEN_MARK, Busy, Recorder, header_text, hold, lock_path, setup_problems

ROOT = Path(__file__).resolve().parent.parent
IDS = [spec.name for spec in SPECS]
OWN = sorted(spec.name for spec in BUILT_IN)  # the games of the hand-written scripts below
runner = CliRunner()


@pytest.fixture
def no_sync(monkeypatch):
    monkeypatch.setattr(os, "fsync", lambda fd: None)


SHORT = {"cartagena": "ravensburger"}  # the rule set of the shortest games


def simulated(spec: GameSpec, rules: str | None = None, players: int | None = None,
              seed: int = 5, turns: int | None = None) -> tuple[object, str, str]:
    """A simulated log (cut to its first ``turns`` events), its header alone and its text."""
    rules = rules or SHORT.get(spec.name, spec.default_rules)
    log = spec.simulate(rules, players or spec.players[0], seed)
    if turns is not None:
        log = msgspec.structs.replace(log, events=log.events[:turns], result=None)
    header = spec.notation.format_log(msgspec.structs.replace(log, events=[]))
    return log, header, spec.notation.format_log(log)


def body(spec: GameSpec, log) -> list[str]:
    return [spec.notation.format_event(ev, log) for ev in log.events]


def typed_one_by_one(spec: GameSpec, log) -> list[str]:
    """What a person types event by event: a Cartagena turn action by action (and ``end``
    when it ends early), Meuterer's selling one step at a time, other lines whole."""
    out = []
    for ev in log.events:
        kind = type(ev).__name__
        if spec.name == "cartagena" and kind == "Turn":
            out += [spec.notation.format_event(a, log) for a in ev.actions]
            out.append("end")
        elif spec.name == "meuterer" and kind == "Sell":
            out += [f"sell {spec.notation.format_step(s)}" for s in ev.steps]
        else:
            out.append(spec.notation.format_event(ev, log))
    return out


def unsealed(text: str) -> str:
    """A sealed log's text without its seals."""
    lines = [re.sub(r" ; #sha256:\w+$|; #sha256:\w+$", "", line) for line in text.splitlines()
             if not line.startswith(("[Seal ", "; seal of the line above"))]
    return "\n".join(lines) + "\n"


def errors_of(text: str) -> list[str]:
    return [f.code for f in audit(read_log(text)).findings if f.severity == "error"
            and not f.condoned]


# -- the session, driven directly ------------------------------------------------------------


@pytest.mark.parametrize("spec", SPECS, ids=IDS)
def test_a_game_fed_line_by_line_is_the_log_written_by_hand(spec, tmp_path, no_sync):
    log, header, full = simulated(spec)
    rec = Recorder.create(tmp_path / "game.cartlog", header)
    for line in body(spec, log):
        reply = rec.enter(line)
        assert reply.kind == "accepted", (line, reply.text)
    assert rec.game.is_over()
    assert (tmp_path / "game.cartlog").read_text(encoding="utf-8") == full
    assert errors_of(full) == []


@pytest.mark.parametrize("spec", SPECS, ids=IDS)
def test_a_header_without_its_blank_line_is_recorded_in_canonical_form(spec, tmp_path,
                                                                       no_sync):
    """However the header file ends, the recorded log is what ``convert`` would write."""
    log, header, full = simulated(spec)
    rec = Recorder.create(tmp_path / "game.cartlog", header.rstrip("\n") + "\n")
    for line in body(spec, log):
        rec.enter(line)
    assert (tmp_path / "game.cartlog").read_text(encoding="utf-8") == full


@pytest.mark.parametrize("spec", SPECS, ids=IDS)
def test_typed_event_by_event_with_undo_and_resume(spec, tmp_path, no_sync):
    """Cartagena's actions go on their turn's line, Meuterer's steps on one sell line; undo
    and resume anywhere (in the middle of a turn too) give the same log."""
    log, header, full = simulated(spec, rules=spec.rulesets[-1], seed=11, turns=30)
    path = tmp_path / "game.cartlog"
    rec = Recorder.create(path, header)
    rnd = random.Random(4)
    for line in typed_one_by_one(spec, log):
        if rnd.random() < 0.15:
            rec = Recorder.resume(path)
        reply = rec.enter(line)
        if reply.kind == "refused" and line == "end":
            continue  # the turn had already ended: its last action left no choice
        assert reply.kind == "accepted", (line, reply.text)
        if rnd.random() < 0.1:
            assert rec.enter("undo").text == f"took back: {line}"
            assert rec.enter(line).kind == "accepted"
        read_log(path.read_text(encoding="utf-8"))  # a valid log after every line
    assert path.read_text(encoding="utf-8") == full


def test_a_turn_in_progress_is_marked_and_goes_on_after_resume(tmp_path, no_sync):
    spec = GAMES["cartagena"]
    log, header, _ = simulated(spec, seed=3, turns=5)
    path = tmp_path / "game.cartlog"
    rec = Recorder.create(path, header)
    first = log.events[0].actions
    rec.enter(spec.notation.format_event(first[0], log))
    text = path.read_text(encoding="utf-8")
    assert text.endswith(f"1. red {spec.notation.format_event(first[0], log)}\n{OPEN_MARK}\n")
    assert errors_of(text) == []
    again = Recorder.resume(path)
    assert again.open_line() == f"1. red {spec.notation.format_event(first[0], log)}"
    assert again.game.position() == rec.game.position()
    assert again.enter("undo").kind == "command"
    assert OPEN_MARK not in path.read_text(encoding="utf-8")


def test_a_line_of_another_kind_ends_the_turn_being_written_and_says_so(tmp_path, no_sync):
    """A claim or a comment cannot stand inside a turn line: typed while the turn could go
    on, it ends the turn there, and the recorder says which line ends."""
    spec = GAMES["cartagena"]
    log, header, _ = simulated(spec, seed=4)
    rec = Recorder.create(tmp_path / "game.cartlog", header)
    for line in typed_one_by_one(spec, log):
        if rec.open:
            break
        assert rec.enter(line).kind == "accepted", line
    assert rec.open
    was = rec.open_line()
    reply = rec.enter("; the table stops for tea")
    assert reply.kind == "accepted"
    assert f"`{was}` ends here" in reply.text
    assert not rec.open
    plain = rec.enter("; and again")  # no line was open: nothing more to say
    assert plain.kind == "accepted" and "ends here" not in plain.text

def test_forced_lines_are_condoned_where_the_notation_can_say_so(tmp_path, no_sync):
    cartagena = GAMES["cartagena"]
    _, header, _ = simulated(cartagena, seed=2, turns=0)
    rec = Recorder.create(tmp_path / "c.cartlog", header)
    legal = rec.options()[0]  # a forward move from the start
    wrong = legal.split("-")[0] + "-" + str(int(legal.split("-")[1]) + 1)
    assert rec.enter(wrong).kind == "refused"
    reply = rec.enter(wrong + "!")
    assert reply.kind == "accepted" and "breaks a rule" in reply.text
    report = audit(read_log((tmp_path / "c.cartlog").read_text(encoding="utf-8")))
    assert report.errors == 0 and report.condoned == 1
    assert rec.enter("undo").kind == "command"
    assert rec.enter(legal + "!").written == f"1. red {legal}"  # a lawful line: no mark kept

    meuterer = GAMES["meuterer"]
    _, header, _ = simulated(meuterer, seed=2, turns=0)
    rec = Recorder.create(tmp_path / "m.cartlog", header)
    assert rec.enter("wage 9").kind == "refused"
    assert rec.enter("round 1").kind == "accepted"
    assert rec.enter("wage 2").kind == "accepted"
    seller = rec.game.to_move().player
    assert rec.enter(f"sell {seller} pass 9").kind == "refused"
    reply = rec.enter(f"sell {seller} pass 9!")
    assert reply.kind == "accepted" and reply.written == f"sell {seller} pass 9!"
    report = rec.replay()[1]  # the round still being played
    assert report.errors == 0 and [f.code for f in report.findings if f.condoned] == [
        "sell/kept-count"]
    assert rec.enter("score red 99!").kind == "accepted"  # a line no ! can mark: unmarked
    assert rec.lines[-1].text == "score red 99"


def test_a_refused_line_recorded_with_the_mark_is_condoned_and_the_log_passes(
        tmp_path, no_sync):
    """Meuterer and the Mutiny mark a forced line (docs/notation.md): each sample with a
    condoned action, typed into the recorder line by line, has its marked action refused,
    then recorded with ``!``; the log written audits with that finding condoned and
    ``check`` exits 0. A lawful line typed with ``!`` is written without it."""
    for name in ("meuterer/condoned-play.cartlog", "mutiny/condoned-turn.cartlog"):
        source = (ROOT / "samples" / name).read_text(encoding="utf-8")
        log = read_log(source)
        spec = GAMES[name.split("/")[0]]
        head = source[:source.index("\n\n") + 2]
        path = tmp_path / name.replace("/", "-")
        rec = Recorder.create(path, head)
        marked: list[str] = []
        for ev in log.events:
            if type(ev).__name__ == "Comment":
                continue
            bare = msgspec.structs.replace(ev, comment=None)
            lines = ([f"sell {spec.notation.format_step(s)}" for s in ev.steps]
                     if type(ev).__name__ == "Sell" else [spec.notation.format_event(bare)])
            for line in lines:
                if line.endswith("!"):
                    reply = rec.enter(line[:-1])
                    if reply.kind == "refused":
                        marked.append(line)
                        reply = rec.enter(line)
                        assert reply.kind == "accepted" and "breaks a rule" in reply.text
                    else:  # lawful: recorded as it stands; with ! it is written without
                        rec.enter("undo")
                        reply = rec.enter(line)
                        assert reply.kind == "accepted" and not reply.written.endswith("!")
                else:
                    assert rec.enter(line).kind == "accepted", line
        assert len(marked) == 1, name
        text = path.read_text(encoding="utf-8")
        assert marked[0].removeprefix("sell ") in text
        report = audit(read_log(text))
        assert report.errors == 0 and report.condoned == 1, report.findings
        assert runner.invoke(app, ["check", str(path)]).exit_code == 0

def test_the_file_grows_by_appending_and_changes_by_renaming(tmp_path, no_sync):
    spec = GAMES["cartagena"]
    log, header, _ = simulated(spec, seed=2, turns=3)
    path = tmp_path / "game.cartlog"
    rec = Recorder.create(path, header)
    node = path.stat().st_ino
    rec.enter(spec.notation.format_event(log.events[0], log))  # a whole turn: appended
    assert path.stat().st_ino == node
    rec.enter("undo")  # a line taken back: the log is written again and renamed over
    assert path.stat().st_ino != node
    assert not list(tmp_path.glob(".*.tmp"))
    with pytest.raises(FileExistsError):
        Recorder.create(path, header)


def test_commands_and_the_end_of_the_game(tmp_path, no_sync):
    spec = GAMES["cartagena"]
    log, header, _ = simulated(spec, seed=2)
    rec = Recorder.create(tmp_path / "game.cartlog", header)
    assert rec.enter("undo").text == "nothing to take back"
    assert rec.enter("").kind == "empty"
    assert rec.enter("board").kind == "board"
    help_text = rec.enter("HELP").text
    assert "Lawful now (4):" in help_text and all(o in help_text for o in rec.options())
    assert rec.enter("; the table is ready").kind == "accepted"
    for line in body(spec, log):
        rec.enter(line)
    assert rec.game.is_over() and "won by" in rec.status()
    assert rec.enter(rec.colours()[0] and "K0-2").kind == "refused"
    assert rec.enter("; the end").kind == "accepted"
    hand = rec.enter("hand").text
    assert hand.startswith("pirates") and "\nhands" in hand
    assert rec.enter("quit").kind == "quit"


@pytest.mark.parametrize("spec", SPECS, ids=IDS)
def test_a_lawful_log_in_progress_replays_clean(spec, tmp_path, no_sync):
    """What board and hand draw at any point of a game typed event by event: the log as it
    stands, with the turn or round in progress not settled as if the log stopped there
    (Meuterer's selling would end with players who never passed, and a refill)."""
    log, header, _ = simulated(spec, rules=spec.rulesets[-1], seed=3, turns=30)
    rec = Recorder.create(tmp_path / "game.cartlog", header)
    for line in typed_one_by_one(spec, log):
        if rec.enter(line).kind != "accepted":
            continue
        report = rec.replay()[1]
        assert [f.code for f in report.findings if f.severity == "error"] == [], line


def test_the_mutiny_takes_its_first_giver_from_round_one(tmp_path, no_sync):
    rec = Recorder.create(tmp_path / "m.cartlog",
                          '[Game "Cartagena: The Mutiny"]\n[Players "red, blue"]\n\n')
    assert rec.enter("round 1 giver blue").kind == "accepted"
    assert rec.game.to_move().player == "blue"


@pytest.mark.parametrize("spec", SPECS, ids=IDS)
def test_the_setup_questions_build_a_header_that_reads(spec):
    log, header, _ = simulated(spec)
    tags = {name.lower(): value for name, value in re.findall(r'\[(\w+) "([^"]*)"\]', header)}
    rules = SHORT.get(spec.name, spec.default_rules)
    answers = {q.tag: tags.get(q.tag.lower(), "") for q in spec.notation.header_questions(rules)}
    text = header_text(spec, rules, answers)
    assert setup_problems(text) == []
    assert read_log(text).players == log.players
    required = next((q.tag for q in spec.notation.header_questions(rules)
                     if q.tag != "Players" and q.required), None)  # none in the Mutiny, Pig
    if required is not None:
        broken = header_text(spec, rules, {**answers, required: "nonsense"})
        assert required in {tag for tag, _ in setup_problems(broken)}


# -- seals -----------------------------------------------------------------------------------


def test_a_sealed_log_shows_where_it_was_changed(tmp_path, no_sync):
    spec = GAMES["cartagena"]
    log, header, full = simulated(spec, rules="2000-tortuga", seed=4, turns=40)
    path = tmp_path / "game.cartlog"
    rec = Recorder.create(path, header, seal=True)
    for line in body(spec, log):
        assert rec.enter(line).kind == "accepted"
    text = path.read_text(encoding="utf-8")
    assert "[Seal \"sha256 " in text and "; seal of the line above; #sha256:" in text
    assert unsealed(text) == full
    assert ([f.code for f in audit(read_log(text)).findings]
            == [f.code for f in audit(read_log(full)).findings])

    def sealed_findings(changed: str) -> list[tuple[int, str]]:
        return [(f.line, f.message.split(":")[0]) for f in audit(read_log(changed)).findings
                if f.code == "seal/edited"]

    lines = text.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("12. "))
    edited = lines[:]
    edited[at] = edited[at].replace("12. ", "12.  ", 1)  # spacing is no edit
    assert sealed_findings("\n".join(edited)) == []
    edited[at] = edited[at].replace(" ; #", " {a note} ; #")
    assert sealed_findings("\n".join(edited)) == [
        (at + 1, "this line was changed after it was recorded, or a line just before it was "
         "removed")]
    removed = lines[:at] + lines[at + 1:]
    assert [line for line, _ in sealed_findings("\n".join(removed))] == [at + 1]
    added = lines[:at] + ["; an afterthought"] + lines[at:]
    assert sealed_findings("\n".join(added)) == [
        (at + 1, "a line without a seal in a sealed log")]
    header_changed = [line.replace("cartlog simulation", "club night") for line in lines]
    seal_tag = next(n for n, line in enumerate(lines, 1) if line.startswith("[Seal "))
    assert sealed_findings("\n".join(header_changed)) == [  # at the header's seal
        (seal_tag, "the header was changed after it was recorded")]
    # the JSON form keeps the seals, and an edit shows there too
    as_json = runner.invoke(app, ["convert", str(path)]).stdout
    assert sealed_findings(as_json) == []
    changed = tmp_path / "changed.cartlog"
    changed.write_text("\n".join(edited), encoding="utf-8")
    as_json = runner.invoke(app, ["convert", str(changed)]).stdout
    assert [f.path for f in audit(read_log(as_json)).findings if f.code == "seal/edited"] == [
        f"$.events[{sum(1 for line in lines[:at] if line and not line.startswith('['))}]"]

    again = Recorder.resume(path)
    assert again.sealed and again.notes == []
    again.enter("; recorded again after a break")
    assert sealed_findings(path.read_text(encoding="utf-8")) == []


def test_resuming_an_edited_sealed_log_says_so(tmp_path, no_sync):
    source = (ROOT / "samples" / "cartagena" / "sealed-and-edited.cartlog").read_text("utf-8")
    path = tmp_path / "game.cartlog"
    path.write_text(source, encoding="utf-8")
    rec = Recorder.resume(path)
    assert [n.split(":")[1].strip() for n in rec.notes] == ["the header", "line 16"]


# -- the prompts and refusals, as a person sees them ----------------------------------------


SCRIPTS = {
    "cartagena": ["K0-9", "X0-1", "9+?", "end", "K0-1", "D0-3", "end", "S0-2", "2-1+?", "?0",
                  "B0-7", "B0-7!", "undo", "hand"],
    "meuterer": ["wage 1", "round 2", "undo", "round 1", "wage 4", "wage 1", "sell red R",
                 "sell blue X", "sell blue ?", "sell green pass 5 mate", "undo", "sell green ?"],
    "mutiny": ["round 1 giver blue", "red ^Ghost", "blue ^?", "red ^Bijoux set", "ship",
               "red Bijoux"],
}


def test_the_scripts_are_of_cartlog_s_own_games():
    """The scripts above are written for cartlog's own games (each with its snapshot): one
    of them added without its script fails here."""
    assert sorted(SCRIPTS) == OWN


@pytest.mark.parametrize("spec", [GAMES[name] for name in OWN], ids=OWN)
def test_prompts_and_refusals(spec, tmp_path, no_sync, snap):
    """What a recorder shows: the status, the prompt, each reply (a table view: cards nobody
    saw are ``?``)."""
    headers = {
        "cartagena": '[Game "Cartagena"]\n[Rules "2000-jamaica"]\n[Players "red Anne, blue '
                     'Bart"]\n[Board "KSDHPB HSKBPD DPHKBS KHDBSP DKBHSP BKPSHD"]\n'
                     '[Deal "red KBPDBD"]\n\n',  # blue's hand unseen
        "meuterer": '[Game "Meuterer"]\n[Variant "base"]\n[Players "red Anna, blue Ben, green '
                    'Cleo"]\n[Islands "Hochland, Frosthöhle, Grünland, Karge Zunge, Eisfelsen, '
                    'Affeninsel, Kalte Klippe, Sommerland, Rotes Riff, Piratennest, Fingerhut, '
                    'Sandkap"]\n[Deal "red RSWCX"]\n\n',
        "mutiny": '[Game "Cartagena: The Mutiny"]\n[Players "red Ann, blue Bob"]\n'
                  '[Track "length 24; storms 5 11 17; start 2:0 3:2 4:4; mutiny 24"]\n\n',
    }
    rec = Recorder.create(tmp_path / "game.cartlog", headers[spec.name])
    out = [rec.status()]
    for line in SCRIPTS[spec.name]:
        prompt = rec.prompt()
        reply = rec.enter(line)
        out += [f"{prompt}{line}", f"[{reply.kind}]", reply.text, rec.status()]
    out += ["--- the log", (tmp_path / "game.cartlog").read_text(encoding="utf-8")]
    assert "\n".join(out) + "\n" == snap


@pytest.mark.parametrize("spec", SPECS, ids=IDS)
def test_the_closest_lawful_lines_rank_by_the_action_typed_not_the_line_prefix(
        spec, tmp_path, no_sync):
    """An action typed after a turn's number and player (as a whole log line is written)
    has the same nearest lawful line as the action typed alone: the words every option
    leaves out do not decide. Typed: each lawful option with its last character changed."""
    log, header, _ = simulated(spec, seed=3, turns=12)
    rec = Recorder.create(tmp_path / "game.cartlog", header)
    checked = 0
    for line in [*typed_one_by_one(spec, log), None]:
        for option in rec.options()[:12]:
            typed = option[:-1] + ("9" if option[-1] != "9" else "8")
            alone = rec.closest(typed)[0]
            prefixed = rec.closest(f"99. {rec.game.to_move().player} {typed}")[0]
            assert prefixed == alone, (typed, prefixed, alone)
            checked += 1
        if line is None or rec.game.is_over():
            break
        if rec.enter(line).kind != "accepted":
            assert line == "end"
    assert checked > 10


# -- the command, fed through standard input ---------------------------------------------------


def invoke(*args, input: str | None = None):
    result = runner.invoke(app, ["record", *map(str, args)], input=input,
                           env={"NO_COLOR": "1", "COLUMNS": "100"})
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result


@pytest.mark.parametrize("spec", SPECS, ids=IDS)
def test_the_command_records_a_game_from_standard_input(spec, tmp_path, no_sync):
    log, header, full = simulated(spec, seed=8)
    (tmp_path / "header.cartlog").write_text(header, encoding="utf-8")
    out = tmp_path / "game.cartlog"
    result = invoke("--from", tmp_path / "header.cartlog", "--out", out,
                    input="\n".join(body(spec, log)) + "\n")
    assert result.exit_code == 0, result.output
    assert result.stderr == ""
    assert out.read_text(encoding="utf-8") == full
    assert runner.invoke(app, ["check", str(out)]).exit_code == 0


def test_refused_lines_are_reported_with_their_line_number(tmp_path, no_sync, snap):
    """From a pipe, a line refused is reported with its input line number, its rule and the
    closest lawful lines, and written as it stands; a line that cannot be read is reported
    and left out; a command's output goes to standard output."""
    spec = GAMES["cartagena"]
    log, header, full = simulated(spec, "2000-jamaica", players=3, seed=2, turns=6)
    (tmp_path / "header.cartlog").write_text(header, encoding="utf-8")
    lines = body(spec, log)
    lines[2:2] = ["3. yellow Q0-9", "hand"]
    lines.append("hand yellow 40")
    out = tmp_path / "game.cartlog"
    result = invoke("--from", tmp_path / "header.cartlog", "--out", out,
                    input="\n".join(lines) + "\n")
    assert result.exit_code == 1
    assert out.read_text(encoding="utf-8") == full + "hand yellow 40\n"
    assert f"--- stdout\n{result.stdout}--- stderr\n{result.stderr}".replace(
        str(tmp_path), "TMP") == snap


def test_a_false_claim_is_refused_as_the_audit_would_report_it(tmp_path, no_sync):
    """A ``hand`` or ``pirates`` line the replay contradicts is refused with the replay's
    value, as a wrong move is; a true one is recorded."""
    spec = GAMES["cartagena"]
    log, header, full = simulated(spec, "2000-jamaica", players=3, seed=2, turns=6)
    (tmp_path / "header.cartlog").write_text(header, encoding="utf-8")
    lines = body(spec, log)
    lines[1:1] = ["hand red 40", "pirates blue 9 9 9 9 9 9"]
    out = tmp_path / "game.cartlog"
    result = invoke("--from", tmp_path / "header.cartlog", "--out", out,
                    input="\n".join(lines) + "\n")
    assert result.exit_code == 1
    assert "claim/hand" in result.stderr and "claim/pirates" in result.stderr
    assert "closest lawful" not in result.stderr  # no moves offered for a claim
    # written as they stand, from a pipe: check reports them, the lines after go on
    first, rest = full.split("\n1. ", 1)
    turn, rest = rest.split("\n", 1)
    assert out.read_text(encoding="utf-8") == (
        f"{first}\n1. {turn}\nhand red 40\npirates blue 9 9 9 9 9 9\n{rest}")
    assert errors_of(out.read_text(encoding="utf-8")) == ["claim/hand", "claim/pirates"]


def test_a_byte_order_mark_on_standard_input_is_not_part_of_the_first_line(tmp_path, no_sync):
    spec = GAMES["cartagena"]
    log, header, full = simulated(spec, "2000-jamaica", players=3, seed=2, turns=6)
    (tmp_path / "header.cartlog").write_text(header, encoding="utf-8")
    out = tmp_path / "game.cartlog"
    result = invoke("--from", tmp_path / "header.cartlog", "--out", out,
                    input="\ufeff" + "\n".join(body(spec, log)) + "\n")
    assert result.exit_code == 0, result.stderr
    assert out.read_text(encoding="utf-8") == full


def test_a_partly_played_log_goes_on_from_where_it_stands(tmp_path, no_sync):
    spec = GAMES["meuterer"]
    log, header, full = simulated(spec, seed=8)
    lines = body(spec, log)
    (tmp_path / "start.cartlog").write_text(header + "\n".join(lines[:10]) + "\n", "utf-8")
    out = tmp_path / "game.cartlog"
    result = invoke("--from", tmp_path / "start.cartlog", "--out", out,
                    input="\n".join(lines[10:]) + "\n")
    assert result.exit_code == 0 and out.read_text(encoding="utf-8") == full
    result = invoke("--resume", out, input="undo\nquit\n")
    assert result.exit_code == 0
    # the game taken back from its end: the Result tag goes with the last line
    assert '[Result "' in full
    assert out.read_text(encoding="utf-8") == re.sub(
        r'\[Result "[^"]*"\]\n', "", full.rsplit("\n", 2)[0] + "\n")


@pytest.mark.parametrize(("args", "message"), [
    ((), "--out FILE is needed"),
    (("chess", "--out", "x.cartlog"), "unknown game 'chess'"),
    (("cartagena", "--rules", "tortuga-deluxe", "--out", "x.cartlog"), "no rule set"),
    (("cartagena", "--out", "x.cartlog"), "standard input is not a terminal"),
    (("cartagena", "--resume", "x.cartlog"), "leave out GAME"),
    (("--resume", "missing.cartlog"), "missing.cartlog: error: no such file"),
])
def test_bad_usage_exits_with_2(args, message, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = invoke(*args)
    assert result.exit_code == 2 and message in result.stderr, result.stderr


def test_an_unreadable_header_or_an_existing_log_exits_with_2(tmp_path):
    bad = tmp_path / "bad.cartlog"
    bad.write_text('[Game "Cartagena"]\n[Rules "2000-jamaica"]\n[Players "red, mauve"]\n',
                   encoding="utf-8")
    result = invoke("--from", bad, "--out", tmp_path / "out.cartlog", input="")
    assert result.exit_code == 2 and "unknown colour 'mauve'" in result.stderr
    assert not (tmp_path / "out.cartlog").exists()
    result = invoke("--from", bad, "--out", bad, input="")
    assert result.exit_code == 2 and "already exists" in result.stderr


def test_check_starts_without_the_recorder():
    code = ("import sys; sys.argv = ['cartlog', 'check', '-q', "
            "'samples/cartagena/tortuga-3p.cartlog']\nfrom cartlog.cli import main\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\n"
            "print('prompt_toolkit' in sys.modules, 'cartlog.record' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                         text=True, timeout=60, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert out.stdout.splitlines()[-1] == "False False", out.stdout + out.stderr


# -- killed and resumed ----------------------------------------------------------------------


def _process(*args, **kwargs) -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "NO_COLOR": "1"}
    return subprocess.Popen([sys.executable, "-m", "cartlog", "record", *map(str, args)],
                            cwd=ROOT, env=env, **kwargs)


def test_a_recorder_killed_anywhere_loses_and_repeats_nothing(tmp_path, monkeypatch):
    """SIGKILL at random moments of a game typed action by action: the log on disk is always
    the log after some number of lines, whole; resuming with the lines after those gives the
    log of the whole game."""
    spec = GAMES["cartagena"]
    log, header, full = simulated(spec, rules="ravensburger", seed=6, turns=10)
    source = tmp_path / "header.cartlog"
    source.write_text(header, encoding="utf-8")
    # the lines a person types (an "end" only where the turn does not end by itself), and
    # the log after each number of them, as the session writes it
    script = []
    with monkeypatch.context() as m:
        m.setattr(os, "fsync", lambda fd: None)
        rec = Recorder.create(tmp_path / "expected.cartlog", header)
        after = [rec.text()]
        for line in typed_one_by_one(spec, log):
            if rec.enter(line).kind == "accepted":
                script.append(line)
                after.append(rec.text())
    assert after[-1] == full and len(set(after)) == len(after)
    rnd = random.Random(7)
    for attempt in range(3):
        out = tmp_path / f"game{attempt}.cartlog"
        proc = _process("--from", source, "--out", out, stdin=subprocess.PIPE,
                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        started = time.monotonic()
        while not out.exists() and time.monotonic() < started + 20:
            time.sleep(0.005)
        stop = rnd.randrange(len(script))
        for line in script[:stop + 1]:  # about the pace the recorder takes them at
            proc.stdin.write(f"{line}\n".encode())
            proc.stdin.flush()
            time.sleep(0.004)
        time.sleep(rnd.uniform(0, 0.02))
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
        proc.stdin.close()
        text = out.read_text(encoding="utf-8")
        assert text in after, f"not the log after any number of lines:\n{text}"
        done = max(i for i, state in enumerate(after) if state == text)
        assert done <= stop + 1
        result = invoke("--resume", out, input="".join(f"{line}\n" for line in script[done:]))
        assert result.exit_code == 0, result.stderr
        assert out.read_text(encoding="utf-8") == full


# -- one recorder at a time --------------------------------------------------------------------


def _wait_for(path: Path, timeout: float = 20) -> None:
    end = time.monotonic() + timeout
    while not path.exists():
        assert time.monotonic() < end, f"{path} never appeared"
        time.sleep(0.005)


def test_a_log_is_held_by_one_recorder_across_its_renames(tmp_path, no_sync, monkeypatch):
    """The lock is a file beside the log: the log written again and renamed over (undo) is
    still held; letting go removes the lock file; a lock file left behind (a killed recorder)
    holds nothing; without fcntl nothing is locked."""
    spec = GAMES["cartagena"]
    log, header, _ = simulated(spec, seed=2, turns=3)
    path = tmp_path / "game.cartlog"
    with hold(path):
        rec = Recorder.create(path, header)
        rec.enter(spec.notation.format_event(log.events[0], log))
        node = path.stat().st_ino
        assert rec.enter("undo").kind == "command" and path.stat().st_ino != node
        with pytest.raises(Busy) as busy:
            hold(path)
        assert busy.value.pid == os.getpid()
        assert str(busy.value) == (f"{path}: already being recorded by another cartlog record "
                                   f"(process {os.getpid()})")
        assert lock_path(path).read_text() == f"{os.getpid()}\n"
    assert not lock_path(path).exists()
    lock_path(path).write_text("99999999\n")  # left by a recorder killed
    with hold(path):
        assert lock_path(path).read_text() == f"{os.getpid()}\n"
    monkeypatch.setitem(sys.modules, "fcntl", None)  # a system without flock
    with hold(path), hold(path):
        assert not lock_path(path).exists()


@pytest.mark.skipif(sys.platform == "win32", reason="no flock")
def test_two_recorders_on_one_file(tmp_path):
    """While a recorder has a log, a second one, with --out or --resume, exits with 2 and
    says which process has it; once the first has left, --resume goes on."""
    spec = GAMES["meuterer"]
    log, header, full = simulated(spec, seed=8)
    lines = body(spec, log)
    source = tmp_path / "header.cartlog"
    source.write_text(header, encoding="utf-8")
    out = tmp_path / "game.cartlog"
    first = _process("--from", source, "--out", out, stdin=subprocess.PIPE,
                     stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        _wait_for(out)
        said = (f"cartlog: {out}: already being recorded by another cartlog record "
                f"(process {first.pid})\n")
        for args in (("--resume", out), ("--from", source, "--out", out)):
            result = invoke(*args, input="round 1\n")
            assert (result.exit_code, result.stderr) == (2, said)
        first.stdin.write("".join(f"{line}\n" for line in lines[:10]).encode())
        first.stdin.close()
        assert first.wait(20) == 0, first.stderr.read().decode()
    finally:
        if first.poll() is None:
            first.kill()
        first.stderr.close()
    assert not lock_path(out).exists()
    result = invoke("--resume", out, input="".join(f"{line}\n" for line in lines[10:]))
    assert result.exit_code == 0, result.stderr
    assert out.read_text(encoding="utf-8") == full


@pytest.mark.skipif(sys.platform == "win32", reason="no SIGKILL")
def test_a_killed_recorder_holds_its_log_no_longer(tmp_path):
    """SIGKILL leaves the lock file behind, but the system has let go of the lock: --resume
    goes on at once."""
    spec = GAMES["cartagena"]
    log, header, full = simulated(spec, seed=2, turns=6)
    source = tmp_path / "header.cartlog"
    source.write_text(header, encoding="utf-8")
    out = tmp_path / "game.cartlog"
    proc = _process("--from", source, "--out", out, stdin=subprocess.PIPE,
                    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        _wait_for(out)
        assert invoke("--resume", out, input="").exit_code == 2
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
        proc.stdin.close()
    assert lock_path(out).exists()
    result = invoke("--resume", out, input="".join(f"{line}\n" for line in body(spec, log)))
    assert result.exit_code == 0, result.stderr
    assert out.read_text(encoding="utf-8") == full
    assert not lock_path(out).exists()


# -- a person at a terminal --------------------------------------------------------------------


class Terminal:
    """``cartlog record`` in a pseudo-terminal: :meth:`expect` waits for the screen to show a
    pattern (escape sequences and carriage returns taken out), :meth:`type` types."""

    def __init__(self, *args: object, cwd: Path, columns: int = 100) -> None:
        import fcntl
        import pty
        import struct
        import termios

        self.master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 50, columns, 0, 0))
        env = {**os.environ, "PYTHONPATH": str(ROOT), "PROMPT_TOOLKIT_NO_CPR": "1",
               "NO_COLOR": "1", "TERM": "xterm"}
        env.pop("COLUMNS", None)  # the terminal's own width
        env.pop("LINES", None)
        self.proc = subprocess.Popen([sys.executable, "-m", "cartlog", "record",
                                      *map(str, args), "--ascii"],
                                     stdin=slave, stdout=slave, stderr=slave, cwd=cwd, env=env)
        os.close(slave)
        self.seen = b""

    def expect(self, pattern: str, timeout: float = 20) -> str:
        """What the screen showed up to the end of ``pattern`` (a regular expression, ``.``
        matching newlines too); the rest is kept for the next call."""
        import select

        end = time.monotonic() + timeout
        while True:
            clean = re.sub(rb"\x1b\[[0-9;?]*[A-Za-z]|\x1b[=>]|\r", b"", self.seen)
            found = re.search(pattern.encode(), clean, re.S)
            if found:
                self.seen = clean[found.end():]
                return clean[:found.end()].decode(errors="replace")
            if time.monotonic() > end:
                self.proc.kill()
                raise AssertionError(f"{pattern!r} not shown; the screen ends: "
                                     f"{clean[-1500:].decode(errors='replace')}")
            if select.select([self.master], [], [], 0.1)[0]:
                try:
                    self.seen += os.read(self.master, 65536)
                except OSError:
                    pass

    def type(self, text: str) -> None:
        os.write(self.master, text.encode())

    def line(self, text: str, then: str) -> str:
        """Type a line and Enter, and wait for ``then``."""
        self.type(f"{text}\r")
        return self.expect(then)

    def close(self) -> None:
        os.close(self.master)
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(10)


@pytest.fixture
def terminal(tmp_path):
    if sys.platform == "win32":
        pytest.skip("needs a pseudo-terminal")
    opened: list[Terminal] = []

    def start(*args: object, columns: int = 100) -> Terminal:
        opened.append(Terminal(*args, cwd=tmp_path, columns=columns))
        return opened[-1]

    yield start
    for term in opened:
        term.close()


def test_a_person_at_a_terminal(tmp_path, terminal):
    """Setup questions, a refused line, a line recorded all the same with !, Tab completion,
    undo, the board drawn after a turn (``--board``, without the end of a replay), and quit,
    through a pseudo-terminal."""
    out = tmp_path / "game.cartlog"
    term = terminal("cartagena", "--rules", "ravensburger", "--out", out, "--board")
    expect, type_ = term.expect, term.type
    expect("Players>")
    type_("red Anne, blue Bart\r")
    expect("Board>")
    type_("BKPHLS KPLSHB LSBKPH HLPSKB SBHKLP\r")
    expect("Deal>")
    type_("red BKPHLS, blue ?????\r")
    expect("Options>")
    type_("\r")
    expect(r"may: B0-1, K0-2, P0-3, H0-4, L0-5, S0-6\s+red turn>")
    type_("K0-9\r")
    expect(r"refused: keys from start goes to 2 .*closest lawful: K0-2.*red turn>")
    type_("K0-9!\r")
    expect(r"recorded: 1\. red K0-9!.*red's pirates 9; 1 action left\s+red turn>")
    type_("undo\r")
    expect(r"took back: K0-9!.*red turn>")
    type_("K0-\t")  # Tab completes the only lawful line that starts so
    expect(r"K0-2")
    type_("\r")
    expect(r"recorded: 1\. red K0-2.*red turn>")
    type_("B0-1\r")
    shown = expect(r"blue turn>")
    assert re.search(r"recorded: 1\. red K0-2 B0-1\s+red's pirates 1, 2; blue Bart to move "
                     r"\(turn\)\s+.*-- Turn 1  red Anne", shown, re.S), shown
    assert "-- End" not in shown and "unfinished" not in shown and "not checked" not in shown
    type_("quit\r")
    expect(r"1\s+line\s+recorded,\s+the\s+log\s+is\s+complete")
    assert term.proc.wait(20) == 0
    assert out.read_text(encoding="utf-8").endswith(
        '[Deal "red BKPHLS, blue ?????"]\n\n1. red K0-2 B0-1\n')


MEUTERER_CIRCLE = ("Hochland, Frosthöhle, Grünland, Karge Zunge, Eisfelsen, Affeninsel, "
                   "Kalte Klippe, Sommerland, Rotes Riff, Piratennest, Fingerhut")


def test_meuterer_at_a_terminal(tmp_path, terminal):
    """Meuterer from nothing: the header asked tag by tag (a circle that is not the twelve
    islands asked again, the answer kept to add to), the plays a hidden hand may make among
    the lawful lines and the closest ones, hand (a known and a hidden hand), board and hand in
    the middle of the selling (the round not settled as if the log stopped there), undo,
    quit, and --resume going on with the sell line in progress."""
    out = tmp_path / "game.cartlog"
    term = terminal("meuterer", "--out", out.name)
    term.expect("Players>")
    term.line("red Anna, blue Ben, green Cleo", "Captain>")
    term.line("", "Islands>")
    # Sandkap left out: said at once, the answer offered again to add to
    term.line(MEUTERER_CIRCLE, r"Islands: the circle has 11 islands \(missing: Sandkap\) "
              r"\[setup/islands\].*Islands> Hochland.*Fingerhut")
    term.line(", Sandkap", "IslandTable>")
    term.line("", "Deal>")
    term.line("red RSWCX", r"Recording Meuterer to game\.cartlog.*may: round 1\s+red round>")
    term.line("round 1", r"recorded: round 1.*red wage>")
    term.line("wage 2", r"recorded: wage 2\s+red Anna to move \(sell\)\s+red sell>")
    term.line("help", r"Lawful now \(6\):\s+sell red R\s+sell red S\s+sell red W\s+sell red C"
              r"\s+sell red X\s+sell red pass 5\s+red sell>")
    term.line("hand", r"hands +red RSWCX  blue \?\?\?\?\?  green \?\?\?\?\?.*red sell>")
    term.line("sell red R", r"recorded: sell red R\s+blue Ben to move \(sell\)\s+blue sell>")
    term.line("help", r"Lawful now \(12\):\s+sell blue R\s+sell blue S\s+sell blue W\s+sell "
              r"blue C\s+sell blue G\s+sell blue X\s+sell blue \?\s+sell blue pass 5 mutineer"
              r".*blue sell>")
    term.line("sell green ?", r"refused: it is blue's turn to sell, not green's "
              r"\[sell/out-of-order.*closest lawful: sell blue \?, .*blue sell>")
    term.line("sell blue W", r"recorded: sell red R, blue W.*green sell>")
    term.line("hand", r"hands +red SWCX  blue \?\?\?\?  green \?\?\?\?\?\s+played +red R  "
              r"blue W  green -\s+scores +red 0  blue 0  green 0.*green sell>")
    shown = term.line("board", r"-- Round 1 .*green sell>")
    assert re.search(r"-- Round 1 .*red R +plays ruby\s+blue W +plays wine", shown, re.S)
    assert "sell/no-pass" not in shown and "points" not in shown
    assert "-- End" not in shown and "unfinished" not in shown  # a game still being played
    term.line("sell green pass 5 mate", r"recorded: sell red R, blue W, green pass 5 mate.*"
              r"red sell>")
    term.line("undo", r"took back: sell green pass 5 mate.*green sell>")
    term.line("quit", r"game\.cartlog: 3 lines recorded, the log is complete; the line in\s+"
              r"progress goes on")
    assert term.proc.wait(20) == 0
    text = out.read_text(encoding="utf-8")
    assert f'[Islands "{MEUTERER_CIRCLE}, Sandkap"]\n[Deal "red RSWCX"]\n\n' in text
    assert text.endswith(f"round 1\nwage 2\nsell red R, blue W\n{OPEN_MARK}\n")
    assert not lock_path(out).exists()

    again = terminal("--resume", out.name)
    again.expect(r"green Cleo to move \(sell\)\s+so far: sell red R, blue W.*green sell>")
    again.line("sell green pass 5 mate", r"recorded: sell red R, blue W, green pass 5 mate")
    again.line("quit", "the log is complete")
    assert again.proc.wait(20) == 0
    assert out.read_text(encoding="utf-8").endswith(
        f"wage 2\nsell red R, blue W, green pass 5 mate\n{OPEN_MARK}\n")


def test_the_mutiny_at_a_terminal(tmp_path, terminal):
    """The Mutiny from nothing: the header asked tag by tag (a combat split that does not add
    up asked again), a refusal with the closest lawful lines, hand (every combat card known,
    then one drawn unseen), board in the middle of a round and after it, undo, quit, and
    --resume going on."""
    out = tmp_path / "game.cartlog"
    term = terminal("mutiny", "--out", out.name)
    term.expect("Players>")
    term.line("red Ann, blue Bob", "Giver>")
    term.line("", "Track>")
    term.line("length 24; storms 5 11 17; start 2:0 3:2 4:4; mutiny 24", "Combat>")
    # said at once, the answer offered again to mend
    term.line("P1 8, P2 6, P3 6, G1 8, G2 6, G3 5", r"the combat split does not add up to 40"
              r".*Combat> P1 8, P2 6, P3 6, G1 8, G2 6, G3 5")
    term.type("\x7f")  # Backspace: the answer given stands, to mend
    term.line("6", "Gold>")
    term.line("", r"may: round 1 giver red\s+red deal>")
    term.line("hand", r"combat +red P1G1  blue P1G1\s.*red deal>")
    term.line("round 1 giver red", r"red turn>")
    term.line("red ^Diaz ^Tembo ^Sate +1",
              r"recorded: red \^Diaz \^Tembo \^Sate \+1\s+red holds 2 coins; blue Bob to move "
              r"\(turn\)\s+blue turn>")
    term.line("help", r"Lawful now \(4\):\s+blue Diaz \+\$\?\s+blue Diaz \+C\?\s+blue Tembo\s+"
              r"blue \^\?\s+blue turn>")
    term.line("blue Sate", r"refused: Sate is not face up and unused in the row "
              r"\[row/not-open.*closest lawful: blue Tembo, blue \^\?, blue Diaz \+\$\?.*blue turn>")
    term.line("blue Tembo +C?", r"recorded: blue Tembo \+C\?.*red ship>")
    term.line("hand", r"coins +red 2  blue 1\s+combat +red P1G1  blue P1G1\?.*red ship>")
    shown = term.line("board", r"-- Round 1  giver red.*red ship>")
    assert re.search(r"-- Round 1  giver red.*blue +Tembo \+C\? +takes Tembo", shown, re.S)
    assert "-- End" not in shown
    term.line("undo", r"took back: blue Tembo \+C\?.*blue turn>")
    term.line("quit", r"game\.cartlog: 2 lines recorded, the log is complete")
    assert term.proc.wait(20) == 0
    assert out.read_text(encoding="utf-8").endswith(
        '[Combat "P1 8, P2 6, P3 6, G1 8, G2 6, G3 6"]\n\nround 1 giver red\n'
        "red ^Diaz ^Tembo ^Sate +1\n")

    again = terminal("--resume", out.name)
    again.expect(r"may: blue Diaz \+\$\?, blue Diaz \+C\?, blue Tembo, blue \^\?\s+blue turn>")
    again.line("blue Tembo +C?", "red ship>")
    again.line("ship 2 at 2", r"recorded: ship 2 at 2\s+the ship at 2; blue Bob to move "
               r"\(deal\)\s+blue deal>")
    again.line("quit", "the log is complete")
    assert again.proc.wait(20) == 0
    assert out.read_text(encoding="utf-8").endswith("blue Tembo +C?\nship 2 at 2\n")
    assert not lock_path(out).exists()


def test_a_round_line_numbered_wrong_is_recorded_with_the_warning_check_gives(tmp_path, no_sync):
    """The number a Mutiny round line gives is checked by the engine, so the recorder warns of
    it at once, as ``cartlog check`` reports it in the log written (``row/number``)."""
    header = '[Game "Cartagena: The Mutiny"]\n[Players "red, blue"]\n\n'
    rec = Recorder.create(tmp_path / "g.cartlog", header)
    reply = rec.enter("round 3 giver red")
    assert reply.kind == "accepted" and "row/number" in reply.text, reply.text
    findings = audit(read_log((tmp_path / "g.cartlog").read_text())).findings
    assert [f.code for f in findings if f.code == "row/number"] == ["row/number"]


def test_a_turn_line_numbered_wrong_is_recorded_with_the_warning_check_gives(tmp_path, no_sync):
    """The number a Cartagena turn line gives is checked by the engine (as the Mutiny's round
    number is), so the recorder warns of it at once, as ``cartlog check`` reports it in the
    log written (``turn/number``), and a line numbered right, or not numbered, has no
    warning."""
    header = ('[Game "Cartagena"]\n[Rules "2000-jamaica"]\n[Players "red, blue"]\n'
              '[Board "KDSBPH HPBSDK KDSBPH HPBSDK KDSBPH HPBSDK"]\n'
              '[Deal "red: KKDSBP, blue: HHPBSD"]\n\n')
    rec = Recorder.create(tmp_path / "g.cartlog", header)
    reply = rec.enter("1. red K0-1")
    assert reply.kind == "accepted" and "turn/number" not in reply.text, reply.text
    reply = rec.enter("5. blue H0-6")
    assert reply.kind == "accepted" and "turn/number" in reply.text, reply.text
    reply = rec.enter("red S0-3")
    assert reply.kind == "accepted" and "turn/number" not in reply.text, reply.text
    findings = audit(read_log((tmp_path / "g.cartlog").read_text())).findings
    assert [(f.code, f.line) for f in findings if f.code == "turn/number"] == [
        ("turn/number", 8)]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="a pseudo-terminal")
def test_resume_at_a_terminal_starts_with_a_recap_of_the_last_line(tmp_path):
    # the scribe taking a game up again sees where it was left before the first prompt
    import pty
    import select
    import time

    spec = GAMES["cartagena"]
    text = write_log(spec.simulate("2000-jamaica", 3, 2), to_json=False)
    head, body = text.split("\n\n", 1)
    lines = [line for line in body.split("\n") if line.strip()][:6]
    log = tmp_path / "game.cartlog"
    log.write_text(head.replace('[Result "yellow"]\n', "").rstrip("\n") + "\n\n"
                   + "\n".join(lines) + "\n", encoding="utf-8")
    leader, follower = pty.openpty()
    env = {**os.environ, "PYTHONPATH": str(ROOT), "TERM": "xterm", "COLUMNS": "100",
           "NO_COLOR": "1"}
    proc = subprocess.Popen([sys.executable, "-m", "cartlog", "record", "--resume", str(log)],
                            cwd=tmp_path, env=env, stdin=follower, stdout=follower,
                            stderr=follower)
    os.close(follower)
    seen, sent, deadline = b"", False, time.monotonic() + 60
    while time.monotonic() < deadline:
        ready, _, _ = select.select([leader], [], [], 0.5)
        if ready:
            try:
                chunk = os.read(leader, 65536)
            except OSError:
                break
            if not chunk:
                break
            seen += chunk
        if not sent and b"turn>" in seen:
            os.write(leader, b"quit\r")
            sent = True
        if proc.poll() is not None:
            break
    proc.wait(timeout=30)
    os.close(leader)
    shown = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", seen.decode("utf-8", "replace"))
    shown = re.sub(r"\s+", " ", shown)  # wrapped to the terminal's width
    assert "game.cartlog holds 6 lines; the last one:" in shown, shown[-2000:]
    assert lines[-1] in shown and "(board draws the table)" in shown
    assert shown.index("the last one:") < shown.index("to move")


def test_a_set_up_answer_is_checked_as_it_is_typed():
    # the board's section is wrong: said at the Board answer, not questions later
    from cartlog.record import answer_problems

    spec = GAMES["cartagena"]
    bad_board = "SDKBPH SDKBPS SDKBPH SDKBPH SDKBPH SDKBPH"
    said = answer_problems(spec, "2000-jamaica", {"Players": "red Anne, blue Bart",
                                                  "Board": bad_board}, "Board")
    assert said and "section 2" in said[0]
    # a later question not answered yet is not held against an answer
    assert answer_problems(spec, "2000-jamaica", {"Players": "red Anne, blue Bart"},
                           "Players") == []
    meuterer = GAMES["meuterer"]
    islands = ("Hochland, Frosthöhle, Grünland, Karge Zunge, Eisfelsen, Affeninsel, "
               "Kalte Klippe, Sommerland, Rotes Riff, Piratennest, Fingerhut, Schatzinsel")
    said = answer_problems(meuterer, "base", {"Players": "red Anna, blue Ben, green Cleo",
                                              "Islands": islands}, "Islands")
    assert said and "Schatzinsel" in said[0]


def test_the_header_is_written_as_cartlog_writes_it():
    # answers as typed (a colour in German, an island without its umlaut) come out canonical
    from cartlog.record import canonical_header

    spec = GAMES["meuterer"]
    typed = header_text(spec, "base", {
        "Players": "red Anna, blue Ben, gelb Cleo",
        "Islands": "Hochland, Frosthohle, Grunland, Karge Zunge, Eisfelsen, Affeninsel, "
                   "Kalte Klippe, Sommerland, Rotes Riff, Piratennest, Fingerhut, Sandkap"})
    written = canonical_header(typed)
    assert "yellow Cleo" in written and "Frosthöhle" in written and "Grünland" in written
    assert read_log(written + "round 1\n").players == read_log(typed + "round 1\n").players
