"""The audit is the engine: at every event of a log, the findings the audit places there are
the violations ``engine.check`` gives there, so that the recorder (which accepts or refuses a
line with ``engine.check``) and the audit never disagree about a line.

Over every sample of every game and over deterministic one-value mutants of the samples and
of simulated games (a destination, a count, a card, a player, an island... changed, a line
dropped or doubled: :func:`conformance.mutant`), :func:`conformance.compare` walks the log
through the game's walker (the audit's notes, each at its JSON path ``$.events[i]...``) and
through a bare engine (``spec.engine.start(log)``, then ``check`` and ``apply`` per event),
and the two must agree:

- Cartagena and the Mutiny, event by event: the codes the audit places at ``$.events[i]``
  or inside it (a turn line's actions, its player) are those ``engine.check(event)`` gives
  (a whole turn line at once), as many times each.
- Meuterer settles a round when it closes (rulebook 001, phases 3-8), so the audit places
  at a round's lines what only the lines after them tell; the engine's settling of a round
  is its close (at the next round line, the last total line or the end of the log). At a
  line of phases 1-2 (the round line, the wage, a sell line) or after the end of the game,
  the audit's codes are ``check``'s there and those the settling places there; at a line of
  phases 3-8, those the settling places there (as many times each); and the codes ``check``
  gives at a line of phases 3-8 (judging it by settling the round so far on a copy) are
  among the audit's there, unless a line of its kind follows in the round (the outcome of
  a mutiny written over two lines is judged with both), and at the round's last line, which
  ``check`` settles with every line of the round, they are the audit's there.

Left out, by name:

- the codes about the log rather than the play, each game's ``codes.RECORD_ONLY``: turn and
  round numbering (``turn/number``, ``round/number``, ``row/number``), condoned marks
  (``condoned/*``), the claims a log makes about itself (``claim/*``, the score sheet's
  ``score/*``, ``sale/assumed``, ``sell/kept-count``, ``action/missing``), the recorded
  result and an unfinished log (``result/*``, ``winner/differs``, ``*/unfinished``, the
  Mutiny's ``ship/*``, ``crew/not-checked``): the engine checks the game, the walker the log;
- the codes common to every game (``seal/edited``, ``comment/entries``): the report adds
  them from the file, no walker places them;
- findings not at an event (the header's, the result's, ``$.events`` for the log's end);
- the exact count of codes at a slip reading. Where a value is no lawful one, the walker may
  read it as a slip of the pen, when the rest of the log fits the lawful value better (its
  finding then says "...: did you mean ...?"), and follow the value read. The engine is then
  fed the event as the walker read it (the value its finding names); at that event (in
  Meuterer, over that round) the audit's codes are among those ``check`` gives for the event
  as written and as read and the slip's own, and those of the event as read are among the
  audit's, as sets (the walker judges what comes before the slip as written, what comes
  after it as read). Meuterer's count of conflict cards that the draw line reads as a slip
  ("the draw line and the lines after it fit ...") mends the hand after the mutiny was
  settled with the count written, which no line fed to the engine does: such a log is
  compared up to the round holding it.

A disagreement is a bug: of the engine or its rules (fixed there), or of a walker (a strict
expected failure below names it until the walker is fixed).
"""

from __future__ import annotations

import pytest

from cartlog.core.errors import LogSyntaxError
from cartlog.games import GAMES, SPECS
from cartlog.logs import read_log
from tests import conformance
from tests.conformance import ROOT, compare, mutants

SAMPLES = sorted(p for spec in SPECS for p in (ROOT / "samples" / spec.name).rglob("*")
                 if p.is_file() and p.suffix in (".cartlog", ".json"))
SAMPLE_MUTANTS = 12  # one-value mutants of each sample
# simulated games (game, rules, players, view, seed), each with its mutants
SIMULATED = [
    ("cartagena", "2000-jamaica", 3, "all", 1),
    ("cartagena", "2000-tortuga", 4, "table", 2),
    ("cartagena", "ravensburger", 2, "all", 3),
    ("cartagena", "ravensburger-advanced", 5, "red", 4),
    ("meuterer", "base", 3, "all", 1),
    ("meuterer", "pirate", 4, "table", 2),
    ("meuterer", "base", 4, "red", 3),
    ("mutiny", "base", 2, "all", 1),
    ("mutiny", "base", 3, "table", 2),
    ("mutiny", "base", 4, "red", 3),
]
# a game registered beside cartlog's own: its default rules, all its seats, every card seen
SIMULATED += [(spec.name, spec.default_rules, spec.players[1], "all", 1) for spec in SPECS
              if spec.name not in {game for game, *_ in SIMULATED}]
SIMULATED_MUTANTS = 25


def _simulated(game: str, rules: str, players: int, view: str, seed: int):
    spec = GAMES[game]
    if view == "all":  # the simulator's own default: a game of another package takes no view
        return spec.simulate(rules, players, seed)
    return spec.simulate(rules, players, seed, view=view)


def _read(path):
    try:
        return read_log(path.read_text(encoding="utf-8"), str(path))
    except (LogSyntaxError, ValueError):
        return None


def _mended(log) -> bool:
    """Whether a Meuterer draw line reads a count of conflict cards as a slip (the log is
    compared up to that round)."""
    return any("the draw line and the lines after it fit" in n.violation.message
               for n in conformance.audit_notes(log))


def _disagreements(logs) -> list[str]:
    """Where each log differs, and any log not compared to its end without the one reason."""
    out = []
    for k, log in enumerate(logs):
        c = compare(log)
        what = "the log" if k == 0 else f"mutant {k}"
        out += [f"{what}, {d.unit}: engine.check {list(d.engine)}, audit {list(d.audit)}"
                for d in c.disagreements]
        if c.compared < c.events and not _mended(log):
            out.append(f"{what}: compared up to event {c.compared} of {c.events}")
    return out


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_the_audit_of_a_sample_and_its_mutants_is_the_engines(path):
    log = _read(path)
    if log is None:
        pytest.skip("a log the readers refuse: no event to compare")
    seed = SAMPLES.index(path)
    found = _disagreements([log] + mutants(log, seed, SAMPLE_MUTANTS))
    assert not found, "\n".join(found)


@pytest.mark.parametrize("game,rules,players,view,seed", SIMULATED)
def test_the_audit_of_a_simulated_game_and_its_mutants_is_the_engines(game, rules, players,
                                                                      view, seed):
    log = _simulated(game, rules, players, view, seed)
    assert not compare(log).disagreements
    found = _disagreements([log] + mutants(log, seed, SIMULATED_MUTANTS))
    assert not found, "\n".join(found)


def test_a_backward_move_read_twice_names_the_move_followed():
    """A backward move whose destination and draw are both read as slips names, in its draw
    finding, the move the walker follows: the destination read and the draw read."""
    text = (ROOT / "samples" / "cartagena" / "back-to-start.cartlog").read_text()
    line = "3. yellow S0-10 L10-18 P18-23\n"
    again = line.replace("3.", "4.", 1)  # yellow's turn 3 played again, as turn 4
    log = read_log(text.replace(line, line + again))
    notes = {n.violation.code: n.violation.message for n in conformance.audit_notes(log)
             if n.path == "$.events[5].actions[2]"}
    assert notes["move/back-destination"].endswith("did you mean 29-6+2?")
    assert notes["draw/count"].endswith("did you mean 29-6+1?")


def test_a_round_line_written_twice_before_a_draw_after_the_end():
    """A round line written twice shifts the rounds: the last one written is after the end
    of the game, and a draw after its total line is the round line's finding, for the engine
    as for the audit."""
    text = (ROOT / "samples" / "meuterer" / "draw-after-last-round.cartlog").read_text()
    log = read_log(text.replace("round 6\n", "round 6\nround 6\n"))
    c = compare(log)
    assert not c.disagreements and c.compared == c.events


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_comparison_catches_a_finding_the_audit_leaves_out(game, monkeypatch):
    """The test can fail: with one finding the audit places at an event left out, the
    comparison says where."""
    keep = conformance.compared_codes(GAMES[game])

    def placed(log) -> list:
        return [n for n in conformance.audit_notes(log)
                if conformance.event_index(n.path) is not None and n.violation.code in keep]

    simulated = _simulated(*next(g for g in SIMULATED if g[0] == game))
    logs = [log for p in SAMPLES if p.parent.name == game and (log := _read(p)) is not None]
    logs += [simulated] + mutants(simulated, 1, SIMULATED_MUTANTS)
    log = next(log for log in logs if placed(log))
    dropped = placed(log)[0]
    real = conformance.audit_notes
    monkeypatch.setattr(conformance, "audit_notes",
                        lambda lg: [n for n in real(lg) if n != dropped])
    assert compare(log).disagreements
