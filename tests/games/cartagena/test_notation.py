"""The Cartagena text notation: what the reader accepts, where it places every problem, and that
no input - text or JSON - makes it fail with anything but a LogSyntaxError."""

from __future__ import annotations

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cartlog.audit import audit
from cartlog.core.errors import LogSyntaxError
from cartlog.games.cartagena.events import (
    Back,
    Comment,
    Draw,
    Forward,
    HandClaim,
    Pass,
    PiratesClaim,
    Row,
    Turn,
)
from cartlog.games.cartagena.notation import format_log, parse
from cartlog.games.cartagena.simulate import simulate
from cartlog.logs import read_log, strip_spans

BOARD_2000 = " ".join(["SDKBPH"] * 6)
BOARD_RB = " ".join(["BKPHLS"] * 5)


def head(rules: str = "2000-jamaica", players: str = "red Ann, blue Ben",
         board: str | None = None, extra: str = "") -> str:
    board = board or (BOARD_RB if rules.startswith("ravensburger") else BOARD_2000)
    return (f'[Game "Cartagena"]\n[Rules "{rules}"]\n[Players "{players}"]\n'
            f'[Board "{board}"]\n{extra}\n')


def body(text: str, **kw) -> list:
    return parse(head(**kw) + text).events


def first_action(text: str, **kw):
    (turn,) = [e for e in body(text, **kw) if isinstance(e, Turn)]
    return turn.actions[0]


def problems(text: str) -> list[tuple[int, int, str]]:
    with pytest.raises(LogSyntaxError) as info:
        read_log(text)
    return [(p.line, p.col, p.message) for p in info.value.problems]


# -- what the reader accepts ---------------------------------------------------------------------


@pytest.mark.parametrize("rules,written,letter", [
    ("2000-jamaica", "S0-1", "S"), ("2000-jamaica", "s0-1", "S"),
    ("2000-jamaica", "skull0-1", "S"), ("2000-jamaica", "Skull 0-1", "S"),
    ("2000-jamaica", "SKULLS 0-1", "S"), ("2000-jamaica", "crâne0-1", "S"),
    ("2000-jamaica", "CRÂNE 0-1", "S"), ("2000-jamaica", "Dagger0-1", "D"),
    ("2000-jamaica", "poignard 0-1", "D"), ("2000-jamaica", "Clé0-1", "K"),
    ("2000-jamaica", "k0-1", "K"), ("2000-jamaica", "RUM0-1", "B"),
    ("2000-jamaica", "Tricorne0-1", "H"), ("2000-jamaica", "?0-1", "?"),
    ("ravensburger", "longue-vue0-1", "S"), ("ravensburger", "Lanterne 0-1", "L"),
    ("ravensburger", "GRAPPIN0-1", "H"), ("ravensburger", "keys0-1", "K"),
    ("ravensburger", "h0-1", "H"), ("ravensburger", "Telescope0-1", "S"),
])
def test_sign_names_and_letters_in_either_case(rules, written, letter):
    action = first_action(f"1. red {written}\n", rules=rules)
    assert action == Forward(card=letter, start=0, to=1, line=6, col=8,
                             end=8 + len(written))


def test_letters_belong_to_the_rule_set():
    # L is a lantern in the Ravensburger edition, no sign at all in the 2000 edition
    assert first_action("1. red L0-5\n", rules="ravensburger").card == "L"
    assert problems(head() + "1. red L0-5\n")[0][:2] == (6, 8)


def test_extra_spaces_and_commas():
    (turn,) = body("   12 .   red    S 0 - 1 ,  D0-2   7 - 1 + 2   ,\n")
    assert turn.number == 12 and turn.player == "red"
    assert [strip_spans(a) for a in turn.actions] == [
        Forward(card="S", start=0, to=1), Forward(card="D", start=0, to=2),
        Back(start=7, to=1, count=2)]
    assert turn.actions[2].col == 36


def test_start_and_boat():
    (turn,) = body("1. red S start-1 H35-boat BOAT-36+2 Start-5+1 D0>2\n")
    assert [strip_spans(a) for a in turn.actions] == [
        Forward(card="S", start=0, to=1), Forward(card="H", start=35, to=37),
        Back(start=37, to=36, count=2), Back(start=0, to=5, count=1),
        Forward(card="D", start=0, to=2)]


def test_destination_and_draw_may_be_left_out():
    (turn,) = body("1. red S0 7+1 9+SK 4-1+?\n")
    assert [strip_spans(a) for a in turn.actions] == [
        Forward(card="S", start=0), Back(start=7, count=1), Back(start=9, cards="SK"),
        Back(start=4, to=1, cards="?")]


def test_stuck_draw_pass_and_condoned_marks():
    (t1, t2, t3, t4) = body("1. red +K\n2. blue +1!\n3. red PASS\n4. blue S0-7! 7-1+s!\n")
    assert strip_spans(t1).actions == [Draw(cards="K")]
    assert strip_spans(t2).actions == [Draw(count=1, condoned=True)]
    assert strip_spans(t3).actions == [Pass()]
    assert strip_spans(t4).actions == [Forward(card="S", start=0, to=7, condoned=True),
                                       Back(start=7, to=1, cards="S", condoned=True)]


def test_comments_in_braces_and_after_a_semicolon():
    events = body("; a comment line\n# another\n{ a third }\n"
                  "1. red S0-1 {after the skull} D0-2 ; the turn's note {not a brace}\n"
                  "2. blue {before} S0-7 {}\n")
    assert [strip_spans(e) for e in events[:3]] == [
        Comment(text="a comment line"), Comment(text="another"), Comment(text="a third")]
    turn = events[3]
    assert turn.comment == "the turn's note {not a brace}"
    assert turn.actions[0].comment == "after the skull" and turn.actions[1].comment is None
    assert events[4].comment == "before" and events[4].actions[0].comment == ""


def test_no_comment_is_lost():
    text = head() + "1. red {one} S0-1 {two} {three} ; four\n"
    canonical = format_log(parse(text))
    assert "{two; three}" in canonical and "; one; four" in canonical
    for word in ("one", "two", "three", "four"):
        assert word in canonical


def test_comment_between_tags_is_not_an_event():
    log = parse('[Game "Cartagena"]\n; a note in the header\n[Rules "2000-jamaica"]\n'
                f'[Players "red, blue"]\n[Board "{BOARD_2000}"]\n\n1. red S0-1\n')
    assert [type(e) for e in log.events] == [Turn]


def test_turn_numbers_are_optional():
    (t1, t2, t3) = body("red S0-1\n2... blue S0-7\n3.red D0-2\n")
    assert (t1.number, t2.number, t3.number) == (None, 2, 3)
    assert (t1.player, t2.player, t3.player) == ("red", "blue", "red")


def test_colour_prefixes_and_aliases():
    players = "rouge Ann, bleu Ben, noir Cy"
    (t1, t2, t3, t4) = body("r S0-1\nBLU: S0-7\nNoir D0-2\nRed S0-13\n", players=players)
    assert [t.player for t in (t1, t2, t3, t4)] == ["red", "blue", "black", "red"]
    log = parse(head(players=players))
    assert [(p.colour, p.name) for p in log.players] == [
        ("red", "Ann"), ("blue", "Ben"), ("black", "Cy")]
    # "b" could be blue or black
    assert problems(head(players=players) + "b S0-1\n") == [
        (6, 1, "'b' is not a player of this game")]


def test_claims_row_hand_pirates():
    events = body("row SDK BPH|sdk.bph\nhand red 5\nhand blue SK ??\npirates: red 0 1 boat start"
                  " 36 12\n", rules="2000-tortuga")
    assert [strip_spans(e) for e in events] == [
        Row(cards="SDKBPHSDKBPH"), HandClaim(player="red", size=5),
        HandClaim(player="blue", cards="SK??"),
        PiratesClaim(player="red", spaces=[0, 1, 37, 0, 36, 12])]


def test_header_fields():
    log = parse(head(players="red Ann Lee, blue", extra=(
        '[Options "boat_retreat=false; stuck-player-draws=yes"]\n'
        '[Deal "red SSDDKK, blue ss dd k?"]\n[Row "SDKBPH SDKBPH"]\n[Result "*"]\n'
        '[Event "Club \\"night\\""]\n[Site "Bologna"]\n')))
    assert log.options == {"boat_retreat": False, "stuck_player_draws": True}
    assert log.deal == {"red": "SSDDKK", "blue": "SSDDK?"}
    assert log.row == "SDKBPHSDKBPH" and log.result == "unfinished"
    assert log.tags == {"Event": 'Club "night"', "Site": "Bologna"}
    assert log.players[0].name == "Ann Lee" and log.players[1].name is None
    assert log.board == BOARD_2000.replace(" ", "")
    assert parse(head(extra='[Result "Blue wins"]\n')).result == "blue"


def test_letters_that_only_match_by_unicode_case_folding():
    # re's IGNORECASE takes the long s, the dotless i and the Kelvin sign for s, i and k
    (turn,) = body("1. red \u017fkull0-1 p\u0131stol0-5 \u212a0-3 \u017ftart-1+1\n")
    assert [strip_spans(a) for a in turn.actions] == [
        Forward(card="S", start=0, to=1), Forward(card="P", start=0, to=5),
        Forward(card="K", start=0, to=3), Back(start=0, to=1, count=1)]
    events = body("pirates red \u017ftart BOAT\n")
    assert events[0].spaces == [0, 37]


# -- syntax errors: every one located, all of them in one LogSyntaxError ---------------------------

BROKEN = """[Game "Cartagena"]
[Rules "2000-jamaica"]
[Players "red Ann,, blue Ben, pinkish"]
[Board "SDKBPH SDKBPX SDKBPH SDKBPH SDKBPH SDKBPH"]
[Options "boat_retreat=maybe, stuck_player_draws"]
[Deal "red SSDDKK, green SSDDKK, blue SSD DKX"]
[Row "SDKQ"]
[Result "nobody"]
[Rules "again"]
[Event unquoted]

1. red S0-1 {oops
2. blue S0-40 7-1+SX zz S0-1+2 3-1
3. green S0-1
row SDX
hand
pirates green 0
hand red
pirates red 0 x boat xx x
hand blue SK X
[Site "late"]
  x. red S0-1
"""

BROKEN_PROBLEMS = [
    (3, 31, "unknown colour 'pinkish'; did you mean pink?"),
    (4, 21, "'X' in the board is not a sign letter"),
    (5, 11, "option boat_retreat needs true or false"),
    (6, 20, "'green' is not a player of this game"),
    (6, 45, "'X' is not a sign letter"),
    (7, 10, "'Q' in the row is not a sign letter"),
    (8, 10, "result 'nobody' names no player"),
    (9, 1, "tag Rules given twice (first on line 2)"),
    (10, 1, "malformed header tag"),
    (12, 13, "comment not closed"),
    (13, 12, "space 40 is past the boat (36)"),  # the board lost its X: 35 spaces
    (13, 20, "'X' is not a sign letter"),
    (13, 22, "cannot read action 'zz'"),
    (13, 30, "a forward move draws no cards"),
    (13, 32, "'3-1' names no card and no draw"),
    (14, 4, "'green' is not a player of this game"),
    (15, 7, "'X' is not a sign letter"),
    (16, 5, "hand needs a player"),
    (17, 9, "'green' is not a player of this game"),
    (18, 9, "hand needs a size or the cards"),
    (19, 15, "'x' is not a space"),
    (19, 22, "'xx' is not a space"),
    (19, 25, "'x' is not a space"),
    (20, 14, "'X' is not a sign letter"),
    (21, 1, "header tag after the first turn"),
    (22, 3, "'x' is not a player of this game"),
]


def test_every_syntax_error_with_its_line_and_col():
    assert problems(BROKEN) == BROKEN_PROBLEMS


def test_syntax_error_text_shows_each_place():
    with pytest.raises(LogSyntaxError) as info:
        read_log(BROKEN, "game.log")
    text = str(info.value)
    assert "game.log:13:22: cannot read action 'zz'" in text
    assert "    2. blue S0-40 7-1+SX zz S0-1+2 3-1\n" + " " * 25 + "^^" in text
    assert text.count("game.log:") == len(BROKEN_PROBLEMS)


def test_missing_header_tags():
    # placed just after the last tag, where the missing ones belong
    assert problems('[Game "Cartagena"]\n[Rules "2000-jamaica"]\n\n1. red S0-1\n') == [
        (3, 1, "missing header tag Players"), (3, 1, "missing header tag Board")]


# -- header problems: one at the header, with what to write, never one on every body line ------

TURNS_2000 = "1. blue S0-1\n2. red D0-2 ; red and blue play\n3. blue 1-0+1\n"
TURNS_RB = "1. red L0-5\n2. blue S0-6 K0-1\n3. red H5-10\n"


def expected_of(text: str) -> list[tuple[int, str, str | None]]:
    with pytest.raises(LogSyntaxError) as info:
        read_log(text)
    return [(p.line, p.message, p.expected) for p in info.value.problems]


@pytest.mark.parametrize("turns, players", [
    (TURNS_2000, "blue, red"),  # in the order the turns first name them
    ("1. red S0-1\nhand yellow 3\n2. blue S0-2\n", "red, yellow, blue"),
    ("1. noir S0-1\n2. ROUGE: S0-2\n", "black, red"),  # aliases, any case
])
def test_a_missing_players_tag_is_one_problem_naming_the_colours_of_the_body(turns, players):
    text = f'[Game "Cartagena"]\n[Rules "2000-jamaica"]\n[Board "{BOARD_2000}"]\n\n' + turns
    ((line, message, expected),) = expected_of(text)
    assert (line, message) == (4, "missing header tag Players")
    assert expected.startswith(f'[Players "{players}"] before the first turn')


def test_a_turn_number_without_its_point_is_named():
    text = (f'[Game "Cartagena"]\n[Rules "2000-jamaica"]\n[Players "red, blue"]\n'
            f'[Board "{BOARD_2000}"]\n\n1 red S0-1\n2) blue S0-2\n')
    assert problems(text) == [(6, 1, "a turn number ends with a point"),
                              (7, 1, "a turn number ends with a point")]


def test_a_log_without_players_still_reports_its_own_problems():
    text = (f'[Game "Cartagena"]\n[Rules "2000-jamaica"]\n[Board "{BOARD_2000}"]\n\n'
            "1. red S0-1\n2. blue zz S0-2\n3. rd S0-3\n")
    assert problems(text) == [
        (4, 1, "missing header tag Players"), (6, 9, "cannot read action 'zz'"),
        (7, 4, "'rd' is not a player of this game; did you mean red?")]


def test_a_missing_board_is_one_problem_and_the_turns_read_on_the_rule_sets_board():
    text = '[Game "Cartagena"]\n[Rules "ravensburger"]\n[Players "red, blue"]\n\n' + TURNS_RB
    assert expected_of(text) == [(4, "missing header tag Board", '[Board "..."] before the '
                                  "first turn: the sign letters of spaces 1 to 30 (B, K, P, H, "
                                  "L, S), in sections of six")]
    # a turn's own problem still shows: 31 is the boat of a 30-space board, 32 is past it
    assert problems(text + "4. blue K1-31 S0-32\n")[1:] == [
        (8, 18, "space 32 is past the boat (31)")]


@pytest.mark.parametrize("board, turns, expected", [
    (BOARD_RB, TURNS_RB, '[Rules "ravensburger"] before the first turn (the board and the '
     "turns read with its signs)"),
    (" ".join(["BKPHLS"] * 6), TURNS_RB, '[Rules "ravensburger-advanced"] before the first '
     "turn (the board and the turns read with its signs)"),
    (BOARD_2000, TURNS_2000, '[Rules "..."] before the first turn: 2000-jamaica, '
     "2000-tortuga, ravensburger, ravensburger-advanced"),
])
def test_a_missing_rules_tag_names_the_rule_set_the_log_reads_with(board, turns, expected):
    text = f'[Game "Cartagena"]\n[Players "red, blue"]\n[Board "{board}"]\n\n' + turns
    assert expected_of(text) == [(4, "missing header tag Rules", expected)]


def test_missing_tags_are_listed_in_the_order_of_the_header():
    text = '[Game "Cartagena"]\n\n' + TURNS_RB
    assert [(p[1], p[2].split(" before")[0]) for p in expected_of(text)] == [
        ("missing header tag Rules", '[Rules "ravensburger"]'),
        ("missing header tag Players", '[Players "red, blue"]'),
        ("missing header tag Board", '[Board "..."]')]


@pytest.mark.parametrize("written, message", [
    ("ravensburgr", "unknown rule set 'ravensburgr': the board and the turns need its signs; "
     "did you mean ravensburger?"),
    ("Ravensberger Base", "unknown rule set 'Ravensberger Base': the board and the turns need "
     "its signs; did you mean ravensburger?"),
    ("xyz", "unknown rule set 'xyz': the board and the turns need its signs; they read with "
     "those of ravensburger"),
])
def test_an_unknown_rule_set_the_board_cannot_be_read_with_is_one_problem(written, message):
    text = head(rules="ravensburger").replace('"ravensburger"', f'"{written}"') + TURNS_RB
    assert problems(text) == [(2, 9, message)]


def test_an_unknown_rule_set_keeps_the_problems_that_are_the_logs_own():
    text = head(rules="ravensburger").replace('"ravensburger"', '"ravensburgr"') + TURNS_RB
    assert problems(text + "4. blue zz\n") == [
        (2, 9, "unknown rule set 'ravensburgr': the board and the turns need its signs; "
         "did you mean ravensburger?"), (9, 9, "cannot read action 'zz'")]


@pytest.mark.parametrize("written, message", [
    ("original", "unknown rule set 'original' (did you mean 2000-jamaica or 2000-tortuga?); "
     "read as 2000-jamaica"),
    ("jamaika", "unknown rule set 'jamaika' (did you mean 2000-jamaica?); read as 2000-jamaica"),
    ("chess", "unknown rule set 'chess'; read as 2000-jamaica"),
])
def test_an_unknown_rule_set_the_log_reads_without_is_left_to_the_audit(written, message):
    log = read_log(head(rules=written) + TURNS_2000)
    assert log.rules == written
    (finding,) = [f for f in audit(log).findings if f.code == "setup/rules"]
    assert finding.message == message


def test_an_unknown_rule_set_is_named_among_the_problems_of_an_unreadable_log():
    """The audit, which names an unknown rule set the log reads without, never runs on a log
    that cannot be read: the reader names it then, beside the log's own problems."""
    text = head(rules="ravensberger") + TURNS_2000 + "4. blue zz\n"
    found = problems(text)
    assert found[0] == (2, 9, "unknown rule set 'ravensberger' (did you mean ravensburger?); "
                        "read as 2000-jamaica")
    assert any("cannot read action 'zz'" in p[2] for p in found[1:])


# -- suggestions for a word the reader does not know ---------------------------------------------


@pytest.mark.parametrize("rules, option, message", [
    ("2000-jamaica", "boat_retret", "2000-jamaica has no option 'boat_retret' (did you mean "
     "boat_retreat?)"),
    ("2000-jamaica", "stuck-player-draw", "2000-jamaica has no option 'stuck_player_draw' (did "
     "you mean stuck_player_draws?)"),
    ("ravensburger", "stuck_player_draws", "ravensburger has no option 'stuck_player_draws'"),
])
def test_a_misspelt_option_is_reported_by_the_audit_with_the_nearest(rules, option, message):
    log = read_log(head(rules=rules, extra=f'[Options "{option}"]\n') + "1. red S0-1\n")
    (finding,) = [f for f in audit(log).findings if f.code == "setup/option"]
    assert finding.message == message



@pytest.mark.parametrize("rules, action, message", [
    ("2000-jamaica", "botle 0-3", "cannot read action 'botle 0-3'; did you mean B0-3 (bottle)?"),
    ("2000-jamaica", "Skul3-11", "cannot read action 'Skul3-11'; did you mean S3-11 (skull)?"),
    ("2000-jamaica", "pistolets 0-3",
     "cannot read action 'pistolets 0-3'; did you mean P0-3 (pistol)?"),
    ("ravensburger", "lantrn 0-5",
     "cannot read action 'lantrn 0-5'; did you mean L0-5 (lantern)?"),
    ("ravensburger", "grapin", "cannot read action 'grapin'; did you mean H (hook)?"),
    ("2000-jamaica", "passes", "cannot read action 'passes'; did you mean pass?"),
    ("2000-jamaica", "zz", "cannot read action 'zz'"),
])
def test_a_misspelt_sign_name_or_keyword_suggests_the_one_meant(rules, action, message):
    assert problems(head(rules=rules) + f"1. red {action}\n") == [(6, 8, message)]


@pytest.mark.parametrize("line, col, message", [
    ("hnad red 5", 1, "'hnad' is not a player of this game; did you mean hand?"),
    ("pirats red 0 0 1", 1, "'pirats' is not a player of this game; did you mean pirates?"),
    ("1. rd S0-1", 4, "'rd' is not a player of this game; did you mean red?"),
    ("1. bleue S0-1", 4, "'bleue' is not a player of this game; did you mean blue?"),
    ("1. Anm S0-1", 4, "'Anm' is not a player of this game; did you mean red (Ann)?"),
    ("1. Bne S0-1", 4, "'Bne' is not a player of this game; did you mean blue (Ben)?"),
    ("hand rd 5", 6, "'rd' is not a player of this game; did you mean red?"),
    ("1. hnad S0-1", 4, "'hnad' is not a player of this game"),  # a turn: no claim there
])
def test_a_word_that_names_no_player_suggests_the_player_or_keyword_meant(line, col,
                                                                          message):
    assert problems(head() + line + "\n") == [(6, col, message)]


@pytest.mark.parametrize("tag, message", [
    ('[Deal "red SSDDKK, bleu SSDDKK, rd SSDDKK"]',
     "'rd' is not a player of this game; did you mean red?"),
    ('[Result "Anm"]', "result 'Anm' names no player; did you mean red (Ann)?"),
    ('[Result "rde"]', "result 'rde' names no player; did you mean red?"),
])
def test_the_deal_and_the_result_suggest_the_player_meant(tag, message):
    assert [m for _, _, m in problems(head(extra=tag + "\n"))] == [message]


def test_the_players_tag_reads_semicolons_prefixes_and_aliases_and_suggests_colours():
    log = parse(head(players="rouge Ann; yel Ben, Schwarz Cy,, gruen"))
    assert [(p.colour, p.name) for p in log.players] == [
        ("red", "Ann"), ("yellow", "Ben"), ("black", "Cy"), ("green", None)]
    assert problems(head(players="red Ann, gren Ben") + "1. green S0-1\n") == [
        (3, 20, "unknown colour 'gren'; did you mean green?")]  # the turn reads on


# -- a draw written apart from a forward move ----------------------------------------------------


@pytest.mark.parametrize("rules, written, actions", [
    ("2000-jamaica", "B0-1 +B", [Forward(card="B", start=0, to=1), Draw(cards="B")]),
    ("ravensburger", "L26-boat +1", [Forward(card="L", start=26, to=31), Draw(count=1)]),
    ("2000-jamaica", "K0 + 2", [Forward(card="K", start=0), Draw(count=2)]),
    ("2000-jamaica", "key 0-3\t+?!", [Forward(card="K", start=0, to=3),
                                      Draw(cards="?", condoned=True)]),
    ("2000-jamaica", "S0-1! +S", [Forward(card="S", start=0, to=1, condoned=True),
                                 Draw(cards="S")]),
    ("2000-jamaica", "7-1 +2", [Back(start=7, to=1, count=2)]),  # a back move draws
])
def test_a_draw_written_apart_after_a_forward_move_is_a_stuck_draw(rules, written, actions):
    (turn,) = body(f"1. red {written}\n", rules=rules)
    assert [strip_spans(a) for a in turn.actions] == actions
    assert turn.actions[-1].end == 8 + len(written)


@pytest.mark.parametrize("written, expected", [
    ("B0-1+B", "B0-1 +B (a forward move, then a stuck draw) or 0-1+B (a move back)"),
    ("K 3+2", "K 3 +2 (a forward move, then a stuck draw) or 3+2 (a move back)"),
])
def test_a_draw_written_against_a_forward_move_is_an_error(written, expected):
    with pytest.raises(LogSyntaxError) as info:
        parse(head() + f"1. red {written}\n")
    (problem,) = info.value.problems
    assert problem.message == "a forward move draws no cards" and problem.expected == expected


def test_a_forward_move_and_a_draw_apart_are_audited_as_two_actions():
    text = head(extra='[Deal "red SDKBPH, blue SDKBPH"]\n') + "1. red B0-4 +B\n"
    codes = [(f.code, f.col) for f in audit(read_log(text)).findings]
    assert ("draw/not-stuck", 13) in codes


def test_log_of_another_game():
    with pytest.raises(LogSyntaxError) as info:
        parse('[Game "Chess"]\n[Rules "2000-jamaica"]\n[Players "red, blue"]\n'
              f'[Board "{BOARD_2000}"]\n')
    assert [(p.line, p.col) for p in info.value.problems] == [(1, 8)]
    assert problems('\n[Game "Chess"]\n') == [(2, 8, "unknown game 'Chess'")]
    assert problems('[Rules "2000-jamaica"]\n1. red S0-1\n')[0][2] == "the log names no game"


@pytest.mark.parametrize("text,line,col", [
    ('{\n  "game": "cartagena",\n  "rules": "x" x\n}', 3, 16),
    ('{\n  "game": "cartagena",\n  "rules": 5,\n}', 4, 1),
])
def test_json_syntax_errors_are_located(text, line, col):
    (problem,) = problems(text)
    assert problem[:2] == (line, col) and problem[2].startswith("invalid JSON")


def test_json_log_checked_like_text():
    log = simulate("2000-jamaica", 2, 3)
    log = msgspec.structs.replace(log, events=log.events[:6])
    raw = msgspec.to_builtins(log)
    assert read_log(msgspec.json.encode(raw).decode()) == log
    bad = dict(raw, board=raw["board"][:-1] + "L", players=[{"colour": "red"},
                                                             {"colour": "mauve"}])
    found = problems(msgspec.json.encode(bad).decode())
    assert any("unknown colour 'mauve'" in m for _, _, m in found)
    assert any("'L' in the board is not a sign letter" in m for _, _, m in found)
    bad = dict(raw, events=[{"type": "turn", "player": "red",
                             "actions": [{"type": "forward", "card": "S", "from": 99}]}])
    assert any("past the boat" in m for _, _, m in problems(msgspec.json.encode(bad).decode()))


# -- fuzzing: nothing but LogSyntaxError ----------------------------------------------------------

FUZZ = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])

NOTATION = st.sampled_from(list("SDKBPHLskdbph?0123456789-+<>!{};.,: \n\t[]\"\\/|#")
                           + ["\u017f", "\u0131", "\u0130", "\u212a", "\u00b2", "\u0663",
                              "\x85", "\u2028", "\x0c", "\xa0", "é", "Â", "red", "blue",
                              "boat", "start", "pass", "skull", "hand red ", "pirates blue ",
                              "row ", "999999999999999999999", "\r\n",
                              # words that only match the notation by Unicode case folding
                              " \u017fkull0-1", " p\u0131stol3", " \u017ftart-1+1",
                              " \u212a0-3", " BOTTLE\u017f0-4", " \u0130"])
BASE_LOGS = [format_log(simulate(name, 3, seed, view=view))
             for name, seed, view in [("2000-jamaica", 1, "all"), ("2000-tortuga", 2, "all"),
                                      ("ravensburger", 3, "table"),
                                      ("ravensburger-advanced", 4, "red")]]


def _reads_or_refuses(text: str):
    """read_log either gives a log - which then audits and re-reads without error - or raises
    LogSyntaxError."""
    try:
        log = read_log(text)
    except LogSyntaxError as exc:
        assert exc.problems
        return None
    if hasattr(log, "events"):
        audit(log)
        canonical = format_log(log)
        assert strip_spans(parse(canonical)) == strip_spans(log)
        assert format_log(parse(canonical)) == canonical
    return log


@FUZZ
@given(st.text())
def test_arbitrary_text_only_raises_log_syntax_error(text):
    _reads_or_refuses(text)


LINE_STARTS = st.sampled_from(["1. red ", "2. blue ", "red ", "b ", "row ", "hand red ",
                                "pirates blue ", "; ", "{", "", "[Site \"x\"]"])


@FUZZ
@given(st.lists(st.tuples(LINE_STARTS, st.lists(NOTATION | st.characters(), max_size=12)),
                max_size=8))
def test_arbitrary_body_only_raises_log_syntax_error(lines):
    text = "\n".join(start + "".join(pieces) for start, pieces in lines)
    _reads_or_refuses(head() + text)
    _reads_or_refuses(head(rules="ravensburger", players="red, blue, black") + text)


@FUZZ
@given(st.sampled_from(BASE_LOGS),
       st.lists(st.tuples(st.floats(0, 1, exclude_max=True), st.sampled_from(["ins", "del", "dup"]),
                          NOTATION | st.characters()), min_size=1, max_size=6),
       st.integers(6, 40))
def test_mutated_logs_only_raise_log_syntax_error(text, edits, keep):
    text = "\n".join(text.split("\n")[:keep])
    for where, op, piece in edits:
        k = int(where * (len(text) + 1))
        if op == "ins":
            text = text[:k] + piece + text[k:]
        elif op == "del":
            text = text[:k] + text[k + len(piece):]
        else:
            text = text[:k] + text[k:k + 12] + text[k:]
    _reads_or_refuses(text)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.floats(allow_nan=False)
    | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner,
                                                                 max_size=4),
    max_leaves=20)

LOG_KEYS = ["game", "rules", "players", "board", "options", "deal", "row", "result", "tags",
            "events", "line", "spans"]
EVENT_KEYS = ["type", "player", "actions", "number", "comment", "cards", "size", "spaces",
              "text", "from", "to", "count", "card", "condoned"]


@st.composite
def log_like_json(draw):
    """JSON objects shaped like a log, with fields of any type and events of any shape."""
    base = msgspec.to_builtins(simulate(draw(st.sampled_from(
        ["2000-jamaica", "2000-tortuga", "ravensburger"])), 2, draw(st.integers(0, 5))))
    base["events"] = base["events"][:draw(st.integers(0, 6))]
    for key in draw(st.lists(st.sampled_from(LOG_KEYS), max_size=3)):
        base[key] = draw(JSON)
    events = base.get("events")
    if isinstance(events, list):
        for _ in range(draw(st.integers(0, 3))):
            event = {k: draw(JSON | st.sampled_from(["turn", "forward", "back", "draw", "pass",
                                                      "row", "hand", "pirates", "red", "S", 3]))
                     for k in draw(st.lists(st.sampled_from(EVENT_KEYS), max_size=5))}
            if draw(st.booleans()):
                event["type"] = draw(st.sampled_from(["turn", "row", "hand", "pirates",
                                                      "comment"]))
            if event.get("type") == "turn" and draw(st.booleans()):
                event["actions"] = [
                    {k: draw(JSON | st.integers(0, 40) | st.sampled_from(["S", "?", "boat"]))
                     for k in draw(st.lists(st.sampled_from(EVENT_KEYS), max_size=5))}
                    | {"type": draw(st.sampled_from(["forward", "back", "draw", "pass", "x"]))}]
            events.insert(draw(st.integers(0, len(events))), event)
    return base


@FUZZ
@given(JSON | log_like_json())
def test_arbitrary_json_only_raises_log_syntax_error(value):
    text = msgspec.json.encode(value).decode()
    _reads_or_refuses(text)
    _reads_or_refuses("{" + text[1:] if text.startswith("[") else text + "}")


def test_condoned_pass_round_trips():
    (turn,) = body("1. red pass!\n")
    assert turn.actions[0].condoned
    assert "1. red pass!" in format_log(parse(head() + "1. red pass!\n"))


@pytest.mark.parametrize("name", ["Cartagena", "carthagene", "Carthagène", "CARTAGENA"])
def test_game_tag_accepts_the_game_names(name):
    text = head().replace('[Game "Cartagena"]', f'[Game "{name}"]') + "1. red S0-1\n"
    assert read_log(text).rules == "2000-jamaica"


def test_json_draw_with_neither_cards_nor_count_is_unreadable():
    log = parse(head() + "1. red S0-1\n2. blue S0-7 7-1+2\n")
    data = msgspec.to_builtins(strip_spans(log))
    del data["events"][1]["actions"][1]["count"]
    with pytest.raises(LogSyntaxError) as err:
        read_log(msgspec.json.encode(data).decode())
    assert "records the cards drawn or how many" in str(err.value)
