"""Every Meuterer finding code is produced by a small log, at the right place; the code table
itself is complete and consistent.

The logs are variations of one legal round (``helpers.ROUND1``): the published circle,
red the captain, the deal ``red RSWCX, blue SSWWX, green CCGGX, yellow RWGGX``.
"""

from __future__ import annotations

import pytest

from cartlog.core.findings import Code
from cartlog.games.cartagena import codes as cartagena_codes
from cartlog.games.meuterer import codes as meuterer_codes
from cartlog.games.meuterer.examples import ROUND2
from cartlog.games.meuterer.notation import format_log
from cartlog.games.meuterer.simulate import simulate
from games.meuterer.helpers import ISLANDS, ROUND1, audit, make

R = ROUND1
PIRATE_FIRST = ISLANDS.replace("Hochland, ", "Hochland, Piratennest, ").replace(
    ", Piratennest, Fingerhut", ", Fingerhut")
PIRATE_DEAL = "red RSPCX, blue SSWWX, green CCGGX, yellow RWGGX"
SIX_CARDS = ("sell red R, blue S, green C, yellow G, red S, blue S, green pass 4 mate, yellow G, "
             "red W, blue pass 3 merchant, yellow pass 3 mutineer, red C, red X, red G, "
             "red pass 0\n")


def _last_round_with_a_draw() -> str:
    text = format_log(simulate("base", 4, 5))
    return text + "draw red 1\n"


# code -> (log, line of the first finding of that code, column or None)
CASES: dict[str, tuple[str, int, int | None]] = {
    "setup/variant": (make(R, variant="deluxe"), 2, 11),
    "setup/seats": (make("", players="red A, blue B", deal=None), 3, 11),
    "setup/islands": (make("", islands=ISLANDS.replace("Sandkap", "Fingerhut")), 5, 11),
    "setup/deal-count": (make("", deal="red RSWC, blue SSWWX, green CCGGX, yellow RWGGX"), 6,
                         None),
    "goods/too-many": (make("", deal="red RRRRR, blue SSWWX, green CCGGX, yellow RWGGX"), 6,
                       None),
    "round/number": (make(R.replace("round 1", "round 2")), 8, 1),
    "round/wage": (make(R.replace("wage 2", "wage 5")), 9, 1),
    "round/no-wage": (make(R.replace("wage 2\n", "")), 8, 1),
    "round/wage-sheet": (make(R.replace("wage 2", "wage 1")), 9, 1),
    "end/after-last-round": (_last_round_with_a_draw(), -1, 1),
    "end/unfinished": (make(R), 15, 1),
    "sell/missing": (make("round 1\nscore red 3, blue 4\n"), 8, 1),
    "sell/out-of-order": (make(R.replace("sell red W, blue S", "sell blue S, red W")), 10, 6),
    "sell/after-pass": (make(R.replace("red pass 4, blue S,", "red pass 4, blue S, red S,")),
                        10, 60),
    "sell/no-card": (make(R.replace(R.splitlines()[2] + "\n", SIX_CARDS)), 10, 151),
    "sell/not-in-hand": (make(R.replace("sell red W", "sell red G")), 10, 6),
    "sell/kept-count": (make(R.replace("red pass 4", "red pass 3")), 10, 40),
    "sell/no-pass": (make(R.replace(", yellow pass 3 mutineer", "")), 10, 1),
    "action/taken-twice": (make(R.replace("blue pass 3 merchant", "blue pass 3 mate")), 10, 89),
    "action/captain": (make(R.replace("red pass 4", "red pass 4 mate")), 10, 40),
    "action/missing": (make(R.replace("green pass 4 mate", "green pass 4")), 10, 60),
    "action/unknown": (make(R.replace("green pass 4 mate", "green pass 4 navigator")), 10, 60),
    "dest/wrong-island": (make(R.replace("captain Eisfelsen", "captain Sandkap")), 11, 6),
    "mutiny/no-mutineer": (make(R.replace("yellow pass 3 mutineer", "yellow pass 3 cabinboy")
                                .replace(", mutineer Karge Zunge", "")), 12, 1),
    "mutiny/not-recorded": (make(R.replace("mutiny red 1, green 0, yellow 1 => captain\n", "")
                                 .replace("draw red 2, blue 2, green 1, yellow 3\n", "")),
                            8, 1),
    "line/missing": (make(R.replace("mutiny red 1, green 0, yellow 1 => captain\n", "")), 12,
                     1),
    "line/repeated": (make(R.replace("wage 2\n", "wage 2\nwage 2\n")), 10, 1),
    "line/swapped": (make(R.replace("draw red 2, blue 2, green 1, yellow 3\n", "round 2\n"
                                    "draw red 2, blue 2, green 1, yellow 3\n") + ROUND2[8:]),
                     15, 1),
    "sell/wrong-colour": (make(R.replace("sell red W, blue S, green C", "sell red W, green S, "
                                         "green C")), 10, 13),
    "mutiny/neutral": (make(R.replace("mutiny red 1,", "mutiny red 1, blue 1,")), 12, 15),
    "mutiny/wrong-side": (make(R.replace("mutiny red 1,", "mutiny red 1 mutineer,")), 12, 8),
    "mutiny/too-many": (make(R.replace("yellow 1 =>", "yellow 2 =>")), 12, 24),
    "mutiny/count": (make(R.replace("mutiny red 1,", "mutiny red 0,")), 12, 8),
    "mutiny/out-of-order": (make(R.replace("mutiny red 1, green 0, yellow 1",
                                           "mutiny yellow 1, red 1, green 0")), 12, 18),
    "mutiny/outcome": (make(R.replace("=> captain", "=> mutineers")), 12, 1),
    "sale/wrong-island": (make(R.replace("score", "sale blue S Sandkap 2\nscore", 1)), 13, 6),
    "sale/one-type": (make(R.replace("score", "sale blue S Hochland 1, blue W Hochland 1\n"
                                              "score", 1)), 13, 25),
    "sale/too-many": (make(R.replace("score", "sale blue S Hochland 3\nscore", 1)), 13, 6),
    "sale/too-few": (make(R.replace("score", "sale blue S Hochland 1\nscore", 1)), 13, 6),
    "sale/assumed": (make(R + "round 2\nwage 1\nsell red R, blue W, green G, yellow R, "
                              "red pass 4, blue pass 4 merchant, green pass 4 mate, "
                              "yellow pass 4 stevedore\n"), 16, 1),
    "pirate/not-robbed": (make(R.replace("sell red W,", "sell red P,"), variant="pirate",
                               islands=PIRATE_FIRST, deal=PIRATE_DEAL), 10, 6),
    "pirate/robbed": (make(R.replace("sell red W,", "sell red P robbed,"), variant="pirate",
                           deal=PIRATE_DEAL), 10, 6),
    "refill/count": (make(R.replace("draw red 2", "draw red 3")), 15, 6),
    "refill/stevedore": (make(R.replace("draw red 2", "draw red 2 keep RS")), 15, 6),
    "refill/out-of-order": (make(R.replace("draw red 2, blue 2", "draw blue 2, red 2")), 15, 14),
    "score/round": (make(R.replace("score red 3", "score red 5")), 13, 7),
    "score/total": (make(R.replace("total red 3", "total red 5")), 14, 7),
    "score/missing": (make(R.replace("score red 3, blue 4, ", "score red 3, ")), 13, 1),
    "score/carried": (make(R.replace("score red 3", "score red 5")
                           .replace("total red 3", "total red 5")), 14, 7),
    "result/differs": (make(R, result="red"), 7, 10),
    "condoned/lawful": (make(R.replace("sell red W,", "sell red W!,")), 10, 6),
}


def test_every_code_has_a_case():
    assert sorted(CASES) == sorted(meuterer_codes.CODES)


@pytest.mark.parametrize("code", sorted(CASES))
def test_code_is_produced_where_it_belongs(code):
    text, line, col = CASES[code]
    found = audit(text)
    hits = [f for f in found if f.code == code]
    assert hits, f"{code} not produced; got {[f.code for f in found]}"
    f = hits[0]
    want = line if line > 0 else len(text.splitlines()) + 1 + line
    assert f.line == want, (f.line, f.message)
    if col is not None:
        assert f.col == col, (f.col, f.message)
    info = meuterer_codes.CODES[code]
    assert f.severity == info.severity and f.rule == info.rule
    assert f.message


def test_legal_round_is_clean():
    assert [f.code for f in audit(make(R))] == ["end/unfinished"]


def test_wrong_entry_shows_recorded_right_value_and_computation():
    found = audit(make(R.replace("score red 3", "score red 4")))
    assert [(f.code, f.expected, f.actual) for f in found][:1] == [("score/round", "3", "4")]
    assert found[0].message == ("red's round 1 score is 3, not 4: ship 5 (Eisfelsen) - wage 2 "
                                "= 3")


def test_carried_total_follows_its_source_and_is_info():
    body = R.replace("score red 3", "score red 5").replace("total red 3", "total red 5")
    body += ("round 2\nwage 0\nsell red pass 5, blue pass 5 merchant, green pass 5 mate, "
             "yellow pass 5 stevedore\ndest captain Hochland\nscore red 5, blue 0, green 1, "
             "yellow 0\ntotal red 10, blue 4, green 4, yellow 3\n")
    found = audit(make(body))
    sheet = [(f.code, f.line, f.follows) for f in found if f.code.startswith("score/")]
    source = next(i for i, f in enumerate(found) if f.code == "score/round")
    assert sheet == [("score/round", 13, None), ("score/carried", 14, source),
                     ("score/carried", 21, source)]
    assert all(f.severity == "info" for f in found if f.code == "score/carried")


def test_a_sheet_addition_error_is_the_source_of_later_ones():
    body = R.replace("total red 3", "total red 4")
    body += ("round 2\nwage 0\nsell red pass 5, blue pass 5 merchant, green pass 5 mate, "
             "yellow pass 5 stevedore\ndest captain Hochland\nscore red 5, blue 0, green 1, "
             "yellow 0\ntotal red 9, blue 4, green 4, yellow 3\n")
    found = audit(make(body))
    sheet = [(f.code, f.line) for f in found if f.code.startswith("score/")]
    assert sheet == [("score/total", 14), ("score/carried", 21)]
    assert found[[f.code for f in found].index("score/carried")].follows == \
        [f.code for f in found].index("score/total")


def test_consequences_follow_the_first_error_of_the_player():
    found = audit(make(R.replace("sell red W", "sell red G")))
    assert found[0].code == "sell/not-in-hand" and found[0].follows is None


def test_code_table_is_consistent():
    table = meuterer_codes.CODES
    assert all(isinstance(c, Code) and c.code == k for k, c in table.items())
    assert meuterer_codes.CONSEQUENCES <= set(table)
    assert meuterer_codes.TABLE_WIDE <= meuterer_codes.CONSEQUENCES
    assert meuterer_codes.RECORD_ONLY <= set(table)
    for c in table.values():
        assert c.severity in ("error", "warning", "info")
        assert "/" in c.code and c.summary
        assert "rulebook 001" in c.rule or c.rule == "docs/notation.md"


def test_codes_name_one_game_only():
    assert not set(meuterer_codes.CODES) & set(cartagena_codes.CODES)


@pytest.mark.parametrize("code", sorted(CASES))
def test_every_finding_is_shown_once_in_the_replay_frames(code):
    from cartlog.games.meuterer.replay import record
    from games.meuterer.helpers import read

    replay, frames = record(read(CASES[code][0]))
    shown = sorted(i for f in frames for i in f.findings)
    assert shown == list(range(len(replay.notes)))
