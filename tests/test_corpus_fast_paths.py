"""The quick tests ``cartlog check`` makes of every log, against the full checks they spare.

Each quick test rules a problem out for the common log, and leaves any log it cannot rule out
to the full check: the long lines of a log, the line breaks and seal marks a JSON text may
hide in escapes, the checks of a Cartagena JSON log's values (``notation.validate``), and the
summary lines of a whole archive written without the console's rendering. Every test here
holds a quick answer against the slow one, on the logs most likely to tell them apart.
"""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Group
from rich.text import Text

from cartlog import corpus
from cartlog.audit import audit
from cartlog.cli import ThemeName, _Screen
from cartlog.core.errors import LogSyntaxError
from cartlog.games import seals
from cartlog.games.cartagena import notation
from cartlog.games.cartagena.events import (
    Back,
    CartagenaLog,
    Comment,
    Draw,
    Forward,
    HandClaim,
    Pass,
    PiratesClaim,
    Player,
    Row,
    Turn,
)
from cartlog.logs import read_log, strip_spans, value_problems
from cartlog.render.check import plain_text
from cartlog.render.console import LogConsole

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples" / "cartagena"


def json_of(path: Path) -> str:
    """A sample log as the JSON cartlog writes (one line, no escapes)."""
    log, _, _ = corpus.parse(path)
    return msgspec.json.encode(strip_spans(log)).decode()


def findings(text: str, name: str = "x.json") -> list[tuple]:
    """The findings of a JSON log, without their columns (an escape moves what follows)."""
    log = read_log(text, name)
    return [(f.code, f.line, f.path, f.message, f.expected, f.actual)
            for f in audit(log, name, text=text).findings]


# -- long lines --------------------------------------------------------------------------------


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet="ab\n\r", max_size=60), st.integers(min_value=-1, max_value=14))
def test_a_line_over_the_limit_is_found_by_measuring_a_few_lines(text, most):
    assert corpus._over_long(text, most) == (max(map(len, text.split("\n"))) > most)


@pytest.mark.parametrize("at", [0, 1, 7, 8, 9, 15, 16, 17, 30])
def test_a_line_over_the_limit_in_a_json_log_is_still_refused(tmp_path, at):
    """A long string on one line of an indented JSON log, wherever it stands against the
    characters the quick test measures from (the first line made longer by ``at``), is
    refused at its line, as the full split refuses it."""
    log = json.loads(json_of(SAMPLES / "jamaica-4p.cartlog"))
    lines = json.dumps(log, indent=2).split("\n")
    lines[0] += " " * at
    lines.insert(6, '  "_": "' + "x" * 40 + '",')
    path = tmp_path / "long.json"
    path.write_text("\n".join(lines), encoding="utf-8")
    with pytest.raises(LogSyntaxError) as caught:
        corpus.read(path, max_line=32)
    problem = caught.value.problems[0]
    assert (problem.line, problem.col, problem.end_col) == (7, 33, 34)
    assert problem.message.startswith("line too long: over 32 characters")
    corpus.read(path, max_line=len(max(lines, key=len)))  # the longest line itself passes


# -- line breaks written as JSON escapes -------------------------------------------------------


@pytest.mark.parametrize("escape", ["\\n", "\\r", "\\u000a", "\\u000D", "\\r\\n"])
def test_a_line_break_written_as_a_json_escape_is_still_found(escape):
    text = json_of(SAMPLES / "jamaica-4p.cartlog").replace(
        '"Event":"', f'"Event":"two{escape}lines ', 1)
    with pytest.raises(LogSyntaxError) as caught:
        read_log(text, "x.json")
    assert "a line break cannot be written in a text log" in caught.value.problems[0].message


@pytest.mark.parametrize("escape", ['\\"', "\\\\", "\\u00e9", "\\t", "\\/"])
def test_other_json_escapes_are_no_line_break(escape):
    """A backslash alone is no line break: the full search finds none either."""
    text = json_of(SAMPLES / "jamaica-4p.cartlog").replace(
        '"Event":"', f'"Event":"one{escape}line ', 1)
    log = msgspec.json.decode(text, type=CartagenaLog)
    assert value_problems(log, text) == value_problems(log, None)
    assert not [p for p in value_problems(log, text) if "line break" in p.message]


# -- seal marks written as JSON escapes --------------------------------------------------------


def sealed_json(*, tag: bool) -> str:
    text = json_of(SAMPLES / "sealed-and-edited.cartlog")
    return text if tag else re.sub(r',"Seal":"[^"]*"', "", text)


@pytest.mark.parametrize("tag", [True, False])
def test_a_seal_mark_written_as_a_json_u_escape_is_still_found(tag):
    """The seal marks of a sealed log, with its Seal tag or without it, found as they are
    when their ``#`` is written ``\\u0023``: the quick test sees no ``#`` but a backslash."""
    text = sealed_json(tag=tag)
    escaped = text.replace("#", "\\u0023")
    assert "#" not in escaped
    seal_findings = [f for f in findings(text) if f[0] == "seal/edited"]
    assert seal_findings
    assert findings(escaped) == findings(text)


def test_a_json_log_with_no_seal_mark_has_no_seal_finding_either_way():
    text = json_of(SAMPLES / "jamaica-4p.cartlog")
    assert "#" not in text and "\\" not in text
    log = read_log(text, "x.json")
    assert seals.check(log, text) == seals.check(log) == []


def test_a_seal_mark_in_a_json_log_without_escapes_is_found():
    text = sealed_json(tag=False)
    log = read_log(text, "x.json")
    assert seals.check(log, text) == seals.check(log) != []


# -- the values of a Cartagena JSON log (notation.validate) -----------------------------------

COLOURS = ("red", "blue", "yellow", "green", "purple", "pink")
CARDS = ("K", "S", "D", "H", "P", "B", "?", "", "x", "KS", "K?", "k", "7", "Q", "S\n", "}")
SPACES = st.integers(min_value=0, max_value=40)
COMMENTS = st.sampled_from([None, None, None, "fine", "a } brace", ""])
CARD = st.sampled_from(CARDS)
MAYBE_CARDS = st.one_of(st.none(), CARD)
COUNT = st.one_of(st.none(), st.integers(min_value=0, max_value=3))
PLAYER = st.sampled_from(COLOURS + ("nobody",))

ACTIONS = st.one_of(
    st.builds(Forward, card=CARD, start=SPACES, to=st.one_of(st.none(), SPACES),
              comment=COMMENTS),
    st.builds(Back, start=SPACES, to=st.one_of(st.none(), SPACES), cards=MAYBE_CARDS,
              count=COUNT, comment=COMMENTS),
    st.builds(Draw, cards=MAYBE_CARDS, count=COUNT, comment=COMMENTS),
    st.builds(Pass, comment=COMMENTS),
)
EVENTS = st.one_of(
    st.builds(Turn, player=PLAYER, actions=st.lists(ACTIONS, max_size=3)),
    st.builds(Row, cards=CARD),
    st.builds(HandClaim, player=PLAYER, size=COUNT, cards=MAYBE_CARDS),
    st.builds(PiratesClaim, player=PLAYER, spaces=st.lists(SPACES, max_size=3)),
    st.builds(Comment, text=st.sampled_from(["a note", "}"])),
)
BOARD = "PKDSHBPSDHKBHBSKDPHSBDKPBPDKSHDSPHBK"


@st.composite
def cartagena_logs(draw) -> CartagenaLog:
    """Logs near a valid one, each value drawn from valid ones and the wrong ones next to
    them (a letter of no sign, a space past the boat, a player not at the table, a draw
    given both ways, a comment holding ``}``)."""
    colours = draw(st.lists(st.sampled_from(COLOURS + ("mauve",)), min_size=1, max_size=4,
                            unique=True))
    board = draw(st.sampled_from([BOARD, BOARD[:30], BOARD[:-1] + "?", BOARD[:-1] + "x",
                                  BOARD[:-1] + "KK"]))
    deal = draw(st.dictionaries(st.sampled_from(COLOURS), st.sampled_from(
        ["PBBBDS", "HSSHBH", "", "P?", "Px", "pB"]), max_size=3))
    return CartagenaLog(
        rules=draw(st.sampled_from(["2000-jamaica", "ravensburger", "tortuga", "none"])),
        players=[Player(c) for c in colours], board=board, deal=deal,
        row=draw(st.sampled_from([None, "", "KS?", "Kx"])),
        result=draw(st.sampled_from([None, "unfinished", colours[0], "nobody"])),
        events=draw(st.lists(EVENTS, max_size=6)))


@settings(max_examples=600, deadline=None)
@given(cartagena_logs())
def test_a_plainly_valid_log_has_none_of_the_problems_validate_looks_for(log):
    """``validate`` gives what the full checks give, for any log: the quick pass calls a log
    valid only when the full checks find nothing."""
    assert notation.validate(log) == notation._problems(log)


@pytest.mark.parametrize("sample", sorted(p.name for p in SAMPLES.glob("*.cartlog")))
def test_validate_is_the_full_check_on_every_sample(sample):
    log, _, _ = corpus.parse(SAMPLES / sample)
    assert notation.validate(log) == notation._problems(log)


def test_a_simulated_log_is_plainly_valid():
    """The quick pass is taken by the logs it is there for."""
    log = read_log(json_of(SAMPLES / "jamaica-4p.cartlog"), "x.json")
    assert notation._plainly_valid(log)


# -- summary lines written without the console's rendering ------------------------------------

STYLES = st.sampled_from([None, "bold", "red", "ok", "bad on blue"])
CHARS = st.text(alphabet=st.sampled_from(list("ab ;:é漢\u0301\x1b\x07\r\n\t") + ["\u200b"]),
                max_size=12)


@st.composite
def texts(draw) -> Text:
    text = Text(end=draw(st.sampled_from(["\n", "\n", "", " "])),
                justify=draw(st.sampled_from([None, None, "left", "right"])),
                overflow=draw(st.sampled_from([None, None, "ellipsis"])))
    for _ in range(draw(st.integers(min_value=0, max_value=3))):
        text.append(draw(CHARS), style=draw(STYLES))
    return text


RENDERABLES = st.one_of(texts(), st.builds(lambda parts: Group(*parts),
                                           st.lists(texts(), max_size=3)))


def console(out, *, colour: bool, width: int) -> LogConsole:
    """A console as the CLI makes it (a :class:`LogConsole`, ``soft_wrap``), writing colours
    or none."""
    return LogConsole(file=out, width=width, force_terminal=colour or None,
                   color_system="truecolor" if colour else None, no_color=not colour,
                   highlight=False, emoji=False, soft_wrap=True, legacy_windows=False,
                   safe_box=True)


def printed_one_by_one(renderables, *, colour: bool = False, width: int = 80) -> str:
    out = io.StringIO()
    shown = console(out, colour=colour, width=width)
    for item in renderables:
        shown.print(item)
    return out.getvalue()


def written_by_check(renderables, *, colour: bool = False, width: int = 80) -> str:
    """What ``check`` writes for reports that came together: held, then written at once."""
    out = io.StringIO()
    screen = _Screen(console(out, colour=colour, width=width), 1, False, ThemeName.auto, True)
    for item in renderables:
        screen.report(item)
    screen.write_held()
    return out.getvalue()


@settings(max_examples=400, deadline=None)
@given(st.lists(RENDERABLES, max_size=4), st.sampled_from([5, 80, 100_000]))
def test_text_written_without_the_console_is_what_the_console_writes(renderables, width):
    plain = plain_text(renderables)
    if plain is not None:
        assert plain == printed_one_by_one(renderables, width=width)
    assert written_by_check(renderables, width=width) == printed_one_by_one(renderables,
                                                                              width=width)


@settings(max_examples=200, deadline=None)
@given(st.lists(RENDERABLES, max_size=4))
def test_reports_written_together_in_colour_are_each_report_in_turn(renderables):
    """In colour, the reports held together are printed with one call: the same bytes as
    printing each on its own."""
    assert written_by_check(renderables, colour=True) == printed_one_by_one(renderables,
                                                                             colour=True)


def test_summary_lines_are_written_without_the_console():
    lines = [Text("a.json: ", style="bold") + Text("clean", style="ok"), Group(Text("b"))]
    assert plain_text(lines) == "a.json: clean\nb\n" == printed_one_by_one(lines, width=20)
    assert plain_text([Text("a\tb")]) is None  # the console expands a tab


# -- the groups of a pool ----------------------------------------------------------------------


def test_groups_are_the_outcomes_in_order_in_batches(tmp_path):
    for i, sample in enumerate(["jamaica-4p.cartlog", "bad-forward-destination.cartlog",
                                "tortuga-3p.cartlog"] * 3):
        (tmp_path / f"{i}-{sample}").write_bytes((SAMPLES / sample).read_bytes())
    (tmp_path / "9-empty.cartlog").write_text("", encoding="utf-8")
    paths = corpus.expand([tmp_path])
    groups = list(corpus.audit_groups(paths, jobs=2, batch=4))
    assert [len(g) for g in groups] == [4, 4, 2]
    one = list(corpus.audit_files(paths, jobs=1))
    assert [o for g in groups for o in g] == one
    assert [len(g) for g in corpus.audit_groups(paths, jobs=1)] == [1] * len(paths)
