"""The Meuterer text notation: a tolerant reader, one canonical writer, every problem located,
JSON validation, and a fuzz test (the reader raises nothing but ``LogSyntaxError``)."""

from __future__ import annotations

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cartlog.core.errors import LogSyntaxError
from cartlog.games.meuterer.events import (
    LOG_TYPE,
    Dest,
    Draw,
    IslandData,
    Mutiny,
    Play,
    Round,
    Sale,
    Score,
    Sell,
    Total,
    Wage,
)
from cartlog.games.meuterer.model import find_action, find_island
from cartlog.games.meuterer.notation import format_log, parse, validate
from cartlog.games.meuterer.replay import Replay, build_circle
from cartlog.games.meuterer.simulate import simulate
from cartlog.logs import strip_spans
from games.meuterer.helpers import ISLANDS, ROUND1, audit, make, read

HURRIED = """\
[game "meuterer"]
[variant "Pirates"]
[players "RED Anna,Blue Ben , green Cleo, yel Dan"]
[captain "Anna"]
[islands "frosthoehle, gruenland, karge, eis, affen, kalte, sommer, rotes riff, piraten, finger, sand, hoch"]
[IslandTable "fingerhut ruby 2/1/0 ship 2; sandkap ship 4"]
[deal "red ruby salt wine cloth conflict, blue SS WWX, green ?????, yellow r w g g x"]

Round 1 {the first}
WAGE 2
sell Red wine, b S , green tissu, yel G,red pass 4, blue S, green pass 4 quartier-maître, yellow G, blue pass 3 marchand, yellow pass 3 mutin
dest capt Eisfelsen , mut karge zunge
mutiny red 1 capitaine, green 0, yellow 1 => failed
sale blue salt hoch 2
draw red 2, blue S R, green 1, yellow 3
score red 3, blue +4, green 3, yellow 3   ; as written
total red 3, blue 4, green 3, yellow 3
"""

CANONICAL = """\
[Game "Meuterer"]
[Variant "pirate"]
[Players "red Anna, blue Ben, green Cleo, yellow Dan"]
[Captain "red"]
[Islands "Hochland, Frosthöhle, Grünland, Karge Zunge, Eisfelsen, Affeninsel, Kalte Klippe, Sommerland, Rotes Riff, Piratennest, Fingerhut, Sandkap"]
[IslandTable "Fingerhut ruby 2/1/0 ship 2; Sandkap ship 4"]
[Deal "red RSWCX, blue SSWWX, green ?????, yellow RWGGX"]

round 1 ; the first
wage 2
sell red W, blue S, green C, yellow G, red pass 4, blue S, green pass 4 mate, yellow G, blue pass 3 merchant, yellow pass 3 mutineer
dest captain Eisfelsen, mutineer Karge Zunge
mutiny red 1 captain, green 0, yellow 1 => captain
sale blue S Hochland 2
draw red 2, blue SR, green 1, yellow 3
score red 3, blue 4, green 3, yellow 3 ; as written
total red 3, blue 4, green 3, yellow 3
"""


def test_hurried_log_reads_and_is_written_canonically():
    log = parse(HURRIED)
    assert format_log(log) == CANONICAL
    assert format_log(parse(CANONICAL)) == CANONICAL


def test_reader_is_tolerant():
    log = parse(HURRIED)
    assert [p.colour for p in log.players] == ["red", "blue", "green", "yellow"]
    assert log.captain == "red" and log.variant == "pirate"
    assert log.islands[0] == "Hochland" and log.islands[1] == "Frosthöhle"  # turned to Hochland
    assert log.island_table == {"Fingerhut": IslandData(good="R", values=[2, 1, 0], ship=2),
                                "Sandkap": IslandData(ship=4)}
    sell = next(e for e in log.events if isinstance(e, Sell))
    assert sell.steps[0] == Play(player="red", card="W", line=sell.steps[0].line,
                                 col=6, end=14)
    assert sell.steps[6].action == "mate" and sell.steps[9].action == "mutineer"


def test_island_names_ascii_case_and_prefixes():
    assert find_island("Frosthoehle") == find_island("frosthohle") == "Frosthöhle"
    assert find_island("GRUENLAND") == find_island("grün") == "Grünland"
    assert find_island("karge") == "Karge Zunge" and find_island("Kalte-Klippe") == "Kalte Klippe"
    assert find_island("K") is None  # Karge Zunge or Kalte Klippe
    assert find_island("rotes_riff") == "Rotes Riff"


def test_action_names_english_french_and_prefixes():
    assert find_action("mousse") == find_action("boy") == find_action("cabinboy") == 1
    assert find_action("quartermaster") == find_action("quartier-maitre") == 2
    assert find_action("débardeur") == find_action("docker") == find_action("stev") == 4
    assert find_action("marchand") == find_action("merch") == 3
    assert find_action("m") is None


def test_every_line_kind_reads():
    log = parse(make(ROUND1))
    kinds = [type(e) for e in log.events]
    assert kinds == [Round, Wage, Sell, Dest, Mutiny, Score, Total, Draw]
    mutiny = log.events[4]
    assert [(a.player, a.count, a.side) for a in mutiny.adds] == [
        ("red", 1, None), ("green", 0, None), ("yellow", 1, None)]
    assert mutiny.outcome == "captain"


def test_pirate_robbed_and_stevedore_draws():
    body = ("round 1\nsell red P robbed, red pass 4\n"
            "draw yellow SRWXCRRG keep SRWXC, blue 8 return 3, green WCG keep -\n")
    log = parse(make(body, variant="pirate"))
    assert log.events[1].steps[0] == Play(player="red", card="P", robbed=True, line=9, col=6,
                                          end=18)
    draws = log.events[2].draws
    assert (draws[0].cards, draws[0].keep) == ("SRWXCRRG", "SRWXC")
    assert (draws[1].count, draws[1].returned) == (8, 3)
    assert draws[2].keep == ""
    assert "green WCG keep -" in format_log(log)


def test_sale_without_count_and_island_with_spaces():
    log = parse(make("round 1\nsale blue W Rotes Riff, red grain karge 2\n"))
    sale = log.events[1]
    assert isinstance(sale, Sale)
    assert [(s.player, s.good, s.island, s.count) for s in sale.sales] == [
        ("blue", "W", "Rotes Riff", None), ("red", "G", "Karge Zunge", 2)]


def test_result_forms():
    assert parse(make("", result="red, blue")).result == ["red", "blue"]
    assert parse(make("", result="*")).result == []
    assert "[Result \"unfinished\"]" in format_log(parse(make("", result="unfinished")))


def test_every_problem_is_located():
    text = make("wage 1\nround 1\nwage x\nsell red Q, bleu S, green pass 2 3\n"
                "dest pilot Hochland, captain Atlantis\nmutiny red many\n"
                "sale red X Hochland\ndraw red keep\nscore red five\nvoyage 3\n"
                "round 2 extra\n", islands=ISLANDS.replace("Sandkap", "Sankt Peter"))
    with pytest.raises(LogSyntaxError) as err:
        parse(text, "game.cartlog")
    where = [(p.line, p.col) for p in err.value.problems]
    assert where == sorted(where)
    got = {(p.line, p.message.split(" ")[0]) for p in err.value.problems}
    assert (5, "unknown") in got  # Sankt Peter
    lines = {p.line for p in err.value.problems}
    assert lines >= {5, 8, 10, 11, 12, 13, 14, 15, 16, 17, 18}
    assert str(err.value).startswith("game.cartlog:5:")
    # the caret stands under the token at fault
    problem = next(p for p in err.value.problems if p.line == 11 and "Q" in p.message)
    assert text.splitlines()[10][problem.col - 1] == "Q"


def test_missing_header_tags_are_problems():
    with pytest.raises(LogSyntaxError) as err:
        parse('[Game "Meuterer"]\n\nround 1\n')
    assert {p.message for p in err.value.problems} == {"missing header tag Players",
                                                        "missing header tag Islands"}


def test_twice_in_a_round_is_a_problem():
    with pytest.raises(LogSyntaxError) as err:
        parse(make("round 1\nwage 1\nwage 2\nscore red 1, red 2\n"
                   "dest captain Hochland\ndest captain Sandkap\n"))
    assert [p.line for p in err.value.problems] == [10, 11, 13]


def test_json_round_trip_and_validation():
    log = strip_spans(parse(make(ROUND1)))
    data = msgspec.json.encode(log)
    back = read(data.decode())
    assert back == log
    raw = msgspec.json.decode(data)
    raw["events"][2]["steps"][0]["player"] = "purple"
    raw["islands"][3] = "Atlantis"
    raw["events"].insert(0, {"type": "wage", "wage": 1})
    problems = validate(msgspec.convert(raw, type=LOG_TYPE))
    messages = [p.message for p in problems]
    assert any("$.events[3].steps[0].player" in m for m in messages)
    assert any("$.islands[3]" in m for m in messages)
    assert any("$.events[0]" in m and "before the first round" in m for m in messages)
    with pytest.raises(LogSyntaxError):
        read(msgspec.json.encode(raw).decode())


def test_island_table_applies_to_the_circle():
    log = parse(make("", table="Fingerhut cloth 7/5/3 ship 9; Hochland ship 1"))
    circle = build_circle(log)
    fingerhut = next(i for i in circle if i.name == "Fingerhut")
    assert (fingerhut.good, fingerhut.values, fingerhut.ship) == (3, (7, 5, 3), 9)
    assert circle[0].ship == 1 and circle[0].values == (4, 3, 2)
    replay = Replay(parse(make("round 1\nwage 0\nsell red pass 5, blue pass 5 mate, green pass "
                               "5 merchant, yellow pass 5 stevedore\n"
                               "score red 7, blue 1, green 0, yellow 0\n",
                               table="Affeninsel ship 7"))).run()
    assert [n.violation.code for n in replay.notes] == ["end/unfinished"]


@pytest.mark.parametrize("variant, players, view", [
    ("base", 3, "all"), ("pirate", 4, "table"), ("pirate", 3, "green"), ("base", 4, "red")])
def test_text_json_text_is_lossless(variant, players, view):
    log = simulate(variant, players, 11, view=view)
    text = format_log(log)
    parsed = parse(text)
    assert strip_spans(parsed) == log
    again = read(msgspec.json.encode(strip_spans(parsed)).decode())
    assert format_log(again) == text


# -- fuzz ----------------------------------------------------------------------------------------

SEED_TEXT = format_log(simulate("pirate", 4, 2))
TOKENS = ["round", "wage", "sell", "dest", "mutiny", "sale", "draw", "score", "total", "pass",
          "keep", "return", "robbed", "=>", ",", ";", "{", "}", "[", "]", '"', "red", "blue",
          "P", "X", "?", "-1", "99999999999999999999", "Hochland", "Rotes Riff", "mate", "\n",
          " ", "\t", "é", "\u0130", "\ufeff", "0", "/", ":"]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_reader_raises_only_log_syntax_errors(data):
    text = SEED_TEXT
    for _ in range(data.draw(st.integers(1, 6))):
        at = data.draw(st.integers(0, len(text)))
        if data.draw(st.booleans()):
            cut = data.draw(st.integers(0, 30))
            text = text[:at] + text[at + cut:]
        else:
            text = text[:at] + data.draw(st.sampled_from(TOKENS)) + text[at:]
    try:
        log = parse(text)
    except LogSyntaxError as err:
        assert err.problems and all(p.line >= 1 and p.col >= 1 for p in err.problems)
        return
    Replay(log).run()  # whatever reads is auditable without an exception
    assert parse(format_log(log)) is not None


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=300))
def test_reader_survives_any_text(text):
    try:
        log = parse(text)
    except LogSyntaxError:
        return
    Replay(log).run()


def test_the_example_of_the_notation_reads():
    import ast
    from pathlib import Path

    from cartlog.games.meuterer import notation

    # the module's docstring as written: a compiled module (setup.py) keeps none at run time
    source = Path(notation.__file__).with_name("notation.py").read_text()
    doc = ast.get_docstring(ast.parse(source), clean=False) or ""
    body = doc[doc.index("    round 1"):doc.index("``sell``")].strip()
    body = "\n".join(line.strip() for line in body.splitlines())
    log = parse(make(body + "\n"))
    assert [type(e).__name__ for e in log.events] == [
        "Round", "Wage", "Sell", "Dest", "Mutiny", "Sale", "Draw", "Score", "Total"]
    Replay(log).run()


def test_catalogue_states_the_island_source():
    from cartlog.games.meuterer.model import catalogue

    cat = catalogue()
    assert [r["name"] for r in cat["rulesets"]] == ["base", "pirate"]
    assert "one source" in cat["island_confidence"] and len(cat["islands"]) == 12
    assert msgspec.json.encode(cat)


def test_a_rules_tag_names_the_variant():
    """``[Rules "pirate"]`` (as ``cartlog simulate --rules pirate`` says it) is the variant, and
    a misspelt one is reported at its tag, never ignored."""
    text = make(variant=None).replace('[Game "Meuterer"]', '[Game "Meuterer"]\n[Rules "pirate"]')
    log = read(text)
    assert log.variant == "pirate" and "Rules" not in log.tags
    findings = audit(make(variant=None).replace('[Game "Meuterer"]',
                                                '[Game "Meuterer"]\n[Rules "pirat3"]'))
    assert [(f.code, f.line) for f in findings if f.code == "setup/variant"] == [
        ("setup/variant", 2)]


def test_variant_and_rules_together_is_a_problem():
    text = make().replace('[Game "Meuterer"]', '[Game "Meuterer"]\n[Rules "pirate"]')
    with pytest.raises(LogSyntaxError, match="both Variant and Rules"):
        read(text)


# -- header problems: one at the header, with what to write ---------------------------------------


def problems_of(text: str) -> list[tuple[int, int, str]]:
    with pytest.raises(LogSyntaxError) as err:
        parse(text)
    return [(p.line, p.col, p.message) for p in err.value.problems]


@pytest.mark.parametrize("body, players", [
    (ROUND1, "red, blue, green, yellow"),  # in the order the rounds first name them
    ("round 1\nwage 1\nsell blau S, ROT W\nscore green 1\n", "blue, red, green"),
])
def test_a_missing_players_tag_is_one_problem_naming_the_colours_of_the_rounds(body, players):
    text = make(body, players=None, captain=None, deal=None)
    with pytest.raises(LogSyntaxError) as err:
        parse(text)
    (problem,) = err.value.problems
    assert (problem.line, problem.col, problem.message) == (4, 1, "missing header tag Players")
    assert problem.expected.startswith(f'[Players "{players}"] before the first round')


def test_a_log_without_players_still_reports_its_own_problems():
    text = make(ROUND1.replace("wage 2", "wage x").replace("score red 3", "score rd 3"),
                players=None, captain=None, deal=None)
    assert problems_of(text) == [
        (4, 1, "missing header tag Players"), (6, 6, "wage needs one number"),
        (10, 7, "'rd' is not a player of this game; did you mean red?")]


def test_a_missing_islands_tag_is_one_problem_listing_the_island_cards():
    with pytest.raises(LogSyntaxError) as err:
        parse(make(islands=None))
    (problem,) = err.value.problems
    assert problem.message == "missing header tag Islands"
    assert problem.expected == ('[Islands "..."] before the first round: the 12 island cards '
                                f"clockwise, from any of them ({ISLANDS})")


@pytest.mark.parametrize("written, variant", [("pirate", "pirate"), ("Pirates", "pirate"),
                                              ("base", "base"), ("jeu de base", "base")])
def test_the_rules_tag_names_the_variant_as_cartlog_games_lists_it(written, variant):
    text = make(variant=None).replace('[Game "Meuterer"]',
                                      f'[Game "Meuterer"]\n[Rules "{written}"]')
    log = read(text)
    assert log.variant == variant and "Rules" not in log.tags
    assert f'[Variant "{variant}"]' in format_log(log)


@pytest.mark.parametrize("tag, written, message", [
    ("Variant", "pirot", "unknown variant 'pirot' (did you mean pirate?); read as the base game"),
    ("Rules", "bsae", "unknown variant 'bsae' (did you mean base?); read as the base game"),
    ("Variant", "chess", "unknown variant 'chess'; read as the base game"),
])
def test_an_unknown_variant_is_reported_with_the_nearest(tag, written, message):
    text = make(variant=None).replace('[Game "Meuterer"]',
                                      f'[Game "Meuterer"]\n[{tag} "{written}"]')
    (finding,) = [f for f in audit(text) if f.code == "setup/variant"]
    assert (finding.line, finding.message) == (2, message)


# -- suggestions for a word the reader does not know ---------------------------------------------


@pytest.mark.parametrize("line, col, message", [
    ("wagee 2", 1, "'wagee' is not a line of a Meuterer log; did you mean wage?"),
    ("scores: red 3", None, None),  # a long keyword is no misspelling
    ("totl red 3", 1, "'totl' is not a line of a Meuterer log; did you mean total?"),
    ("dest captian Sandkap", 6, "'captian' is not captain or mutineer; did you mean captain?"),
    ("dest captain Sandkp", 14, "unknown island 'Sandkp'; did you mean Sandkap?"),
    ("sale red G Hochlnad", 12, "unknown island 'Hochlnad'; did you mean Hochland?"),
    ("dest captain K", 14, "ambiguous island 'K': it may mean Karge Zunge or Kalte Klippe; "
     "write more of the name"),
    ("sale red G Kal", None, None),  # a prefix that fits one island only
    ("sale red grian Hochland", 10,
     "a sale needs a good that can be sold; did you mean grain?"),
    ("sell red wien", 10, "'wien' is not a card or pass; did you mean wine?"),
    ("sell red pas 3", 10, "'pas' is not a card or pass; did you mean pass?"),
    ("draw red SR kep S", 13, "'kep' is not goods letters or a good's name; did you mean keep?"),
    ("mutiny red 1 => captian", 17, "cannot read the mutiny's outcome; did you mean captain?"),
    ("mutiny red 1 mutnieer", 14, "cannot read 'mutnieer' in a mutiny entry; did you mean "
     "mutineer?"),
    ("score Ana 3", 7, "'Ana' is not a player of this game; did you mean red (Anna)?"),
    ("score rd 3", 7, "'rd' is not a player of this game; did you mean red?"),
])
def test_a_misspelt_word_suggests_the_one_meant(line, col, message):
    text = make("round 1\n" + line + "\n", deal=None)
    if message is None:
        parse(text)
    else:
        assert problems_of(text) == [(8, col, message)]


@pytest.mark.parametrize("tags, message", [
    ({"captain": "Ana"}, "captain 'Ana' is not a player; did you mean red (Anna)?"),
    ({"deal": "red RSWCX, yelow RWGGX"},
     "'yelow' is not a player of this game; did you mean yellow?"),
    ({"result": "Bne"}, "result 'Bne' names no player; did you mean blue (Ben)?"),
    ({"islands": ISLANDS.replace("Sandkap", "Sandkapp")},
     "unknown island 'Sandkapp'; did you mean Sandkap?"),
    ({"islands": ISLANDS.replace("Sandkap", "S")},
     "ambiguous island 'S': it may mean Sommerland or Sandkap; write more of the name"),
    ({"players": "red Anna, blue Ben, gren Cleo, yellow Dan"},
     "unknown colour 'gren'; did you mean green?"),  # then read as green: no more problems
    ({"players": "Anna red, blue Ben, green Cleo, yellow Dan"},
     "unknown colour 'Anna'; the colour comes first: did you mean red Anna?"),
])
def test_the_header_suggests_the_player_colour_or_island_meant(tags, message):
    assert [m for _, _, m in problems_of(make(**tags))] == [message]


def test_an_unknown_action_card_is_reported_by_the_audit_with_the_nearest():
    findings = audit(make(ROUND1.replace("pass 4 mate", "pass 4 maet")))
    (finding,) = [f for f in findings if f.code == "action/unknown"]
    assert finding.message == "'maet' is not an action card (did you mean mate?)"


# -- the condoned mark (docs/notation.md, Meuterer: "Condoned") ---------------------------------

CONDONED = """\
round 1
wage 2! ; a mark on a line
sell red W!, blue S, green pass 4 mate !, yellow G
dest captain Eisfelsen, mutineer Karge Zunge! {queried}
mutiny red 1, green 0, yellow 1 => captain!
sale blue S Hochland 2!
draw red 2, blue 2!
"""
CONDONED_CANONICAL = """\
round 1
wage 2! ; a mark on a line
sell red W!, blue S, green pass 4 mate!, yellow G
dest captain Eisfelsen, mutineer Karge Zunge! ; queried
mutiny red 1, green 0, yellow 1 => captain!
sale blue S Hochland 2!
draw red 2, blue 2!
"""


def test_the_condoned_mark_reads_after_a_play_or_pass_and_at_the_end_of_a_line():
    log = parse(make(body=CONDONED))
    sell = next(e for e in log.events if type(e) is Sell)
    assert [s.condoned for s in sell.steps] == [True, False, True, False]
    marked = [type(e).__name__ for e in log.events if getattr(e, "condoned", False)]
    assert marked == ["Wage", "Dest", "Mutiny", "Sale", "Draw"]
    assert next(e for e in log.events if type(e) is Dest).comment == "queried"
    assert format_log(log).split("\n\n", 1)[1] == CONDONED_CANONICAL


def test_the_condoned_mark_converts_to_json_and_back_losslessly():
    log = strip_spans(parse(make(body=CONDONED)))
    data = msgspec.json.decode(msgspec.json.encode(log))
    events = data["events"]
    assert events[2]["steps"][0]["condoned"] is True
    assert "condoned" not in events[2]["steps"][1]  # omitted when false
    assert events[1]["condoned"] is True and "condoned" not in events[0]
    back = msgspec.json.decode(msgspec.json.encode(log), type=LOG_TYPE)
    assert validate(back) == []
    assert format_log(back) == format_log(log)


@pytest.mark.parametrize("line,words", [
    ("score red 3, blue 4!", "a score line cannot be marked condoned"),
    ("round 1!", "a round line cannot be marked condoned"),
    ("dest captain Eisfelsen!, mutineer Karge Zunge", "! stands only at the end of a line"),
])
def test_the_condoned_mark_elsewhere_is_a_located_problem(line, words):
    with pytest.raises(LogSyntaxError) as info:
        parse(make(body="round 1\n" + line + "\n"))
    problem = info.value.problems[0]
    assert words in problem.message and problem.col == line.index("!") + 1


def test_a_pass_whose_action_ends_with_the_mark_cannot_be_written():
    log = parse(make(body=ROUND1))
    data = msgspec.json.decode(msgspec.json.encode(strip_spans(log)))
    step = next(s for e in data["events"] if e["type"] == "sell" for s in e["steps"]
                if s["type"] == "pass" and s.get("action"))
    step["action"] += "!"
    problems = validate(msgspec.json.decode(msgspec.json.encode(data), type=LOG_TYPE))
    assert problems and "without a final !" in problems[0].message


def test_a_sell_line_written_as_on_paper_without_its_keyword_reads_as_a_sell_line():
    # the scribe writes the plays as on the score sheet: "red R, blue pass 4 mate"
    from cartlog.games.meuterer.notation import format_event, read_line

    colours = ["red", "blue", "green"]
    paper = read_line("red R, blue pass 4 mate", colours)
    assert format_event(paper) == "sell red R, blue pass 4 mate"
    assert [(s.col, s.end) for s in paper.steps] == [(1, 6), (8, 24)]  # where they stand
    with pytest.raises(Exception, match="not a line of a Meuterer log"):
        read_line("yellow R", colours)  # not a player of this game: no play
