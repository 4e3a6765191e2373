"""One slip, one finding: a value miswritten in an otherwise lawful Meuterer log is reported
once, at the changed value, naming the lawful value (docs/rules.md, "Slips of the pen
(Meuterer)"); the walker asks the next rounds which reading they support
(:mod:`cartlog.games.meuterer.lookahead`). The trials are made by ``slips.py`` beside this
file, which also measures them in full."""

from __future__ import annotations

import pytest

from cartlog.games.meuterer.examples import ROUND2
from games.meuterer.helpers import ROUND1, audit, codes, make
from games.meuterer.slips import trials, two_trials

TRIALS = 60


def _errors(text: str):
    return [f for f in audit(text) if f.severity == "error"]


# -- the property over simulated games -----------------------------------------------------------


@pytest.mark.parametrize("kind", ["dest", "score", "total", "mutiny-outcome", "wage"])
def test_one_miswritten_value_gives_one_finding_naming_the_lawful_value(kind):
    results = [o for _, _, o in trials(kind, TRIALS)]
    one = sum(o.one for o in results)
    assert one / TRIALS >= 0.95, f"{kind}: {one} of {TRIALS}"


def test_one_miswritten_draw_gives_one_finding_at_the_draw():
    # a draw one card off for a player who added conflict cards to the round's mutiny may be
    # explained as well by the mutiny line one card off: the draw, which breaks the rule, is
    # named unless the mutiny line's reading meets fewer errors to the end of the log
    results = [o for _, _, o in trials("draw-count", TRIALS)]
    at_the_draw = sum(o.one for o in results)
    assert at_the_draw / TRIALS >= 0.95, f"{at_the_draw} of {TRIALS} at the draw"


def test_one_miswritten_mutiny_count_gives_one_finding():
    # a count of conflict cards one off that keeps the outcome shows only at the player's
    # draw, which it puts one card off: the draw is named (it breaks the rule; the mutiny line
    # breaks none) unless the lines after it tell the two apart
    results = [o for _, _, o in trials("mutiny-add", TRIALS)]
    at_the_entry = sum(o.one for o in results)
    single = sum(o.errors == 1 for o in results)
    assert at_the_entry / TRIALS >= 0.50, f"{at_the_entry} of {TRIALS} at the mutiny line"
    assert single / TRIALS >= 0.95, f"{single} of {TRIALS} with one error"


# -- destinations --------------------------------------------------------------------------------


def test_a_destination_the_score_line_contradicts_is_read_as_a_slip():
    # red kept 4 cards: Eisfelsen; the sheet scores red's ship 5 (Eisfelsen) - wage 2
    errors = _errors(make(ROUND1.replace("captain Eisfelsen", "captain Affeninsel")))
    assert codes(errors) == ["dest/wrong-island"]
    assert errors[0].line == 11 and errors[0].expected == "Eisfelsen"
    assert errors[0].message.endswith("did you mean captain Eisfelsen?")


def test_a_destination_of_the_losing_side_is_kept_as_written():
    # the mutiny fails: the mutineer's destination changes nothing later
    errors = _errors(make(ROUND1.replace("mutineer Karge Zunge", "mutineer Grünland")))
    assert codes(errors) == ["dest/wrong-island"]
    assert errors[0].expected == "Karge Zunge" and "did you mean" not in errors[0].message


def test_a_slip_does_not_hide_an_independent_error_after_it():
    body = (ROUND1.replace("captain Eisfelsen", "captain Affeninsel") + ROUND2
            .replace("blue pass 4 merchant", "blue pass 3 merchant"))
    errors = _errors(make(body))
    assert codes(errors) == ["dest/wrong-island", "sell/kept-count"]
    assert "did you mean captain Eisfelsen?" in errors[0].message


# -- the mutiny ----------------------------------------------------------------------------------


def test_a_mutiny_outcome_the_score_line_contradicts_is_read_as_a_slip():
    # 1 + the mate's 1 against 1: the captain holds, and the sheet scores it so
    errors = _errors(make(ROUND1.replace("=> captain", "=> mutineers")))
    assert codes(errors) == ["mutiny/outcome"]
    assert errors[0].expected == "captain"
    assert errors[0].message.endswith("did you mean => captain?")


def test_a_count_of_conflict_cards_the_outcome_and_draw_contradict_is_read_as_a_slip():
    # red 0 would make it 1 against 1, the mutineers' tie; the line says the captain held,
    # and red draws 2, holding 3 after adding a card
    errors = _errors(make(ROUND1.replace("mutiny red 1,", "mutiny red 0,")))
    assert codes(errors) == ["mutiny/count"]
    assert (errors[0].line, errors[0].col) == (12, 8)
    assert errors[0].expected == "1" and errors[0].message.endswith("did you mean red 1?")


def test_more_conflict_cards_than_kept_names_the_count_that_can_have_been_added():
    errors = _errors(make(ROUND1.replace("yellow 1 =>", "yellow 2 =>")))
    assert codes(errors) == ["mutiny/too-many"]
    assert errors[0].expected == "1" and errors[0].message.endswith("did you mean yellow 1?")


# -- the refill ----------------------------------------------------------------------------------


def test_a_draw_count_the_next_round_contradicts_is_read_as_a_slip():
    # blue holds 3 and draws 2; written 3, but blue keeps 4 of 5 in round 2
    errors = _errors(make(ROUND1.replace("blue 2, green 1", "blue 3, green 1") + ROUND2))
    assert codes(errors) == ["refill/count"]
    assert errors[0].expected == "2" and errors[0].message.endswith("did you mean blue 2?")


def test_a_draw_count_the_next_round_follows_is_kept_as_written():
    body = (ROUND1.replace("blue 2, green 1", "blue 3, green 1")
            + ROUND2.replace("blue pass 4 merchant", "blue pass 5 merchant"))
    errors = _errors(make(body))
    assert codes(errors) == ["refill/count"]
    assert "did you mean" not in errors[0].message


def test_a_draw_the_mutiny_line_explains_as_well_is_named_at_the_draw():
    # green (the mate) holds 4 with one conflict card, adds none and draws 1; written 2. Green
    # adding the conflict card explains it as well, but the mutiny line breaks no rule and its
    # reading meets no fewer errors to the end of the log: the draw is named
    errors = _errors(make(ROUND1.replace("green 1, yellow 3", "green 2, yellow 3") + ROUND2))
    assert codes(errors) == ["refill/count"]
    assert errors[0].expected == "1"


def test_a_captain_s_draw_the_mutiny_line_cannot_explain_is_named_at_the_draw():
    # red, the captain, adds 1 conflict card and draws 2; written 1. Red adding none would
    # explain the draw, but the captain's cards count for the captain's side (U6): 1 against
    # 1, a tie the mutineers win, not the outcome recorded. So the draw is the slip
    errors = _errors(make(ROUND1.replace("draw red 2,", "draw red 1,") + ROUND2))
    assert codes(errors) == ["refill/count"]
    assert errors[0].expected == "2" and errors[0].message.endswith("did you mean red 2?")

# -- the wage and the score sheet ----------------------------------------------------------------


def test_a_wage_the_score_line_contradicts_is_read_as_a_slip():
    # the sheet pays the mate 1 + 2 and charges red 2: a wage of 2, written 1
    errors = _errors(make(ROUND1.replace("wage 2", "wage 1")))
    assert codes(errors) == ["round/wage-sheet"]
    assert (errors[0].line, errors[0].path) == (9, "$.events[1].wage")
    assert errors[0].expected == "2" and errors[0].message.endswith("did you mean wage 2?")


def test_a_wrong_score_for_the_captain_alone_is_not_read_as_a_wage_slip():
    errors = _errors(make(ROUND1.replace("score red 3", "score red 2")))
    assert codes(errors) == ["score/round"]


def test_a_miswritten_score_gives_one_finding_and_its_carried_total_follows_it():
    found = audit(make(ROUND1.replace("score red 3", "score red 5")
                       .replace("total red 3", "total red 5")))
    assert codes(found)[:2] == ["score/round", "score/carried"]
    assert found[0].expected == "3" and found[1].follows == 0


# -- slips of the log's structure (structure.py) -----------------------------------------------


@pytest.mark.parametrize("kind", ["line-twice", "lines-swapped", "wrong-colour", "no-mutiny"])
def test_one_slip_of_structure_gives_one_finding_naming_the_repair(kind):
    results = [o for _, _, o in trials(kind, TRIALS)]
    one = sum(o.one for o in results)
    assert one / TRIALS >= 0.95, f"{kind}: {one} of {TRIALS}"


def test_two_slips_of_structure_far_apart_give_two_findings_each_naming_its_repair():
    # two edits of the kinds read (a copy, a swap, a play under another colour, a mutiny line
    # left out), the second two rounds or more after the first: each is read on the log the
    # repair of the one before it mended
    results = [o for *_, o in two_trials(TRIALS)]
    two = sum(o.one for o in results)
    assert two / TRIALS >= 0.95, f"{two} of {TRIALS}"


def test_a_sell_line_left_out_is_one_warning_at_its_round():
    # the plays are not known: the hands are unseen from there on, fitted to the draw line;
    # a pirate ship moved by a pirate card played in the round may still be found off later
    results = [o for _, _, o in trials("no-sell", TRIALS)]
    one = sum(o.one for o in results)
    assert one / TRIALS >= 0.95, f"{one} of {TRIALS}"


def test_a_sell_line_left_out_reads_the_hands_as_unseen():
    # before, the hands stayed as they were before the round: the cards played in it were
    # found played again later (sell/not-in-hand) or counted twice (goods/too-many)
    from cartlog.audit import audit as audit_log

    for _, slip, _ in trials("no-sell", 20):
        found = audit_log(slip.log).findings
        assert not [f.code for f in found if f.code in ("sell/not-in-hand", "goods/too-many")]
        assert any(f.code == "sell/missing" and "unseen" in f.message for f in found)


def test_a_mutiny_line_left_out_is_named_with_the_counts_the_draw_gives():
    errors = _errors(make(ROUND1.replace("mutiny red 1, green 0, yellow 1 => captain\n", "")))
    assert codes(errors) == ["line/missing"]
    assert errors[0].line == 12
    assert errors[0].expected == "mutiny red 1, blue 0, green 0, yellow 1 => captain"


def test_a_play_under_another_colour_is_read_as_the_player_whose_turn_it_was():
    errors = _errors(make(ROUND1.replace("sell red W, blue S,", "sell red W, yellow S,")))
    assert codes(errors) == ["sell/wrong-colour"]
    assert errors[0].expected == "blue S" and errors[0].message.endswith("did you mean blue S?")


def test_a_play_under_another_colour_is_the_finding_of_the_player_meant():
    # the audit follows the card as played from blue's hand: blue's findings that only follow
    # from the play are linked to it (yellow's hand is left as if the play was never written)
    found = [f for f in audit(make(ROUND1.replace("sell red W, blue S,", "sell red W, yellow S,")))
             if f.severity == "error"]
    assert [(f.code, f.player) for f in found] == [("sell/wrong-colour", "blue")]


def test_a_sell_line_copied_is_read_once():
    body = ROUND1.replace("sell red W", "sell red W\nsell red W").replace(
        "sell red W\nsell red W, blue S", "sell red W\nsell red W\nsell blue S")
    found = audit(make(body))
    assert [f.code for f in found if f.severity != "info"] == ["line/repeated"]


def test_a_lawful_line_copied_is_one_warning():
    found = audit(make(ROUND1.replace("score red 3, blue 4, green 3, yellow 3\n",
                                      "score red 3, blue 4, green 3, yellow 3\n" * 2)))
    assert [f.code for f in found if f.severity != "info"] == ["line/repeated"]


def test_a_clean_log_reads_no_slip_of_structure(monkeypatch):
    from cartlog.games.meuterer import structure

    def fail(*args, **kw):
        raise AssertionError("read a clean log for slips")

    monkeypatch.setattr(structure, "_mends", fail)
    assert not _errors(make(ROUND1 + ROUND2))


# a mutineer's destination and no mutiny line, where the score line shows the captain held
# with no conflict card laid: a mutiny line "0, 0 => captain" is no lawful reading (a tie
# goes to the mutineers, rulebook 001 "Phase 4"), so no line is named as missing; the error
# stays where the second opinion puts it, at the score line (a mutant of its run, game 420)
NO_LAWFUL_MUTINY = """[Game "Meuterer"]
[Variant "pirate"]
[Players "red Anna, blue Ben, green Cleo"]
[Captain "green"]
[Islands "Hochland, Affeninsel, Sommerland, Grünland, Piratennest, Frosthöhle, Sandkap, Karge \
Zunge, Eisfelsen, Kalte Klippe, Fingerhut, Rotes Riff"]
[Deal "red SGWWW, blue CCGCG, green XXWCW"]
[Result "green"]

round 1
wage 3
sell green pass 5, red G, blue pass 5 stevedore, red W, red W, red S, red pass 1 merchant
dest captain Frosthöhle
score red 4, blue 0, green 3
total red 4, blue 0, green 3
draw green 0, red RRWR, blue GXX keep -
round 2
wage 3
sell green X, red pass 5 mutineer, blue G, green C, blue C, green pass 3, blue pass 3 stevedore
dest captain Eisfelsen
sale green C Frosthöhle 1, blue C Frosthöhle 1, blue G Hochland 1
score red 0, blue 6, green 7
total red 4, blue 6, green 10
draw green GG, red 0, blue SCSRX keep CS
round 3
wage 2
sell green W, red pass 5 cabinboy, blue pass 5 merchant, green G, green X, green W, green G, \
green pass 0
dest captain Eisfelsen
score red 0, blue 0, green 5
total red 4, blue 6, green 15
draw green SGXPS, red 0, blue 0
round 4
wage 1
sell green S, red pass 5 merchant, blue C, green S, blue C, green P, blue S, green G, blue G, \
green X, blue C, green pass 0, blue pass 0 mutineer
dest captain Eisfelsen, mutineer Eisfelsen
mutiny green 0, blue 0 => mutineers
score red 0, blue 5, green 0
total red 4, blue 11, green 15
draw blue CGCXG, green XXSRC, red 0
round 5
wage 1
sell blue pass 5, green pass 5 mate, red R, red W, red R, red pass 2 cabinboy
dest captain Affeninsel
score red 6, blue 1, green 2
total red 10, blue 12, green 17
draw blue 0, green 0, red XSC
round 6
wage 3
sell blue pass 5, green C, red pass 5 stevedore, green pass 4 mutineer
dest captain Sandkap, mutineer Frosthöhle
mutiny blue 1, green 2 => mutineers
score red 0, blue 0, green 3
total red 10, blue 12, green 20
draw green CSW, red GGX keep -, blue G
round 7
wage 2
sell green R, red pass 5 stevedore, blue G, green C, blue pass 4 merchant, green W, green S, \
green S, green pass 0
dest captain Frosthöhle
score red 0, blue 2, green 6
total red 10, blue 14, green 26
draw green WGCWG, red GWS keep -, blue X
round 8
wage 2
sell green pass 5, red X, blue G, red S, blue pass 4 mate, red C, red R, red pass 1 cabinboy
dest captain Fingerhut
score red 3, blue 3, green 0
total red 13, blue 17, green 26
draw green 0, red CPSX, blue G
round 9
wage 3
sell green G, red P robbed, blue G, green G, red X, blue C, green W, red S, blue G, green W, \
red C, blue X, green C, red W, blue C, green pass 0, red pass 0 merchant, blue pass 0 stevedore
dest captain Fingerhut
score red 0, blue 3, green 2
total red 13, blue 20, green 28
"""


def test_a_repair_whose_own_line_breaks_a_rule_is_not_named():
    found = audit(NO_LAWFUL_MUTINY)
    assert "line/missing" not in codes(found)
    errors = [f for f in found if f.severity == "error" and f.code != "result/differs"]
    score_line = NO_LAWFUL_MUTINY.splitlines().index("score red 0, blue 6, green 7") + 1
    assert errors and errors[0].line == score_line, [(f.line, f.code) for f in found]
