"""The ruling page (``replay --html``) and the board pictures (``replay --svg``), for every
game: one step per replay frame, every step and turn addressable, every finding linked to its
step, the page opening at the first finding or at ``--turn``, everything a log holds escaped,
nothing fetched from the network; the pictures drawn from frames (docs/cli.md, "A ruling as
one file")."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from cartlog.audit import replay_report
from cartlog.cli.output import memory_console
from cartlog.games import BUILT_IN
from cartlog.logs import read_log
from cartlog.render.html import board_picture, ruling_of
from tests.fuzzing import ROOT, run

OURS = sorted(spec.name for spec in BUILT_IN)
SAMPLES = sorted(p for p in (ROOT / "samples").glob("*/*.cartlog") if p.parent.name in OURS)
# markup a log may carry in a comment, and in a name (no quote, comma or semicolon there)
INJECTED = '<script>alert(1)</script><img src=x onerror="alert(2)">&amp;"\'</svg></style>'
IN_A_NAME = "<script>alert(3)</script><img src=x onerror='alert(4)'>&lt</svg></style>"


class _Page(HTMLParser):
    """The elements of a page: their tags and attributes, the text, the ids."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.ids: set[str] = set()
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        self.tags.append((tag, attributes))
        if attributes.get("id"):
            self.ids.add(str(attributes["id"]))

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def _page(path: Path) -> tuple[str, object, list]:
    text = path.read_text(encoding="utf-8")
    log = read_log(text, str(path))
    report, frames = replay_report(log, str(path), text=None)
    return ruling_of(log, report, frames, memory_console(100)), report, frames


def _parsed(html: str) -> _Page:
    page = _Page()
    page.feed(html)
    page.close()
    return page


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_step_turn_and_finding_is_addressable(path):
    html, report, frames = _page(path)
    page = _parsed(html)
    steps = [a for tag, a in page.tags if tag == "section" and a.get("class") == "step"
             and re.fullmatch(r"s\d+", a["id"])]  # the log as recorded: the first view
    assert [a["id"] for a in steps] == [f"s{k}" for k in range(len(frames))]
    turns = {f.turn for f in frames if f.turn is not None}
    assert {f"t{t}" for t in turns} <= page.ids
    placed = {i for f in frames for i in f.findings}
    assert {f"f{i + 1}" for i in placed} <= page.ids
    links = {a["href"] for tag, a in page.tags if tag == "a" and a.get("href")}
    assert {f"#f{i + 1}" for i in placed} <= links
    # the page opens at the first finding's step, or at the start of a clean log
    body = next(a for tag, a in page.tags if tag == "body")
    first = min((k for k, f in enumerate(frames) if f.findings), default=0)
    assert body["data-first"] == str(first)
    # one file: nothing is fetched, one script (the page's own)
    assert not re.search(r"""(src|href)=["']?(https?:|//)""", html)
    assert [tag for tag, _ in page.tags].count("script") == 1


@pytest.mark.parametrize("game", OURS)
def test_the_page_opens_at_the_turn_asked(game):
    path = ROOT / "samples" / game / ("tortuga-3p.cartlog" if game == "cartagena"
                                      else "club-3p.cartlog")
    text = path.read_text(encoding="utf-8")
    log = read_log(text, str(path))
    report, frames = replay_report(log, str(path), text=None)
    turn = max(f.turn for f in frames if f.turn is not None)
    page = _parsed(ruling_of(log, report, frames, memory_console(100), turn=turn))
    body = next(a for tag, a in page.tags if tag == "body")
    assert frames[int(body["data-first"])].turn == turn


@pytest.mark.parametrize("game", OURS)
def test_markup_in_a_log_is_text_on_the_page_and_in_the_picture(game):
    from tests.test_escaping import sample_text

    text = sample_text(game)
    text = re.sub(
        r'\[Players "red( [^,"]*)?', '[Players "red ' + IN_A_NAME, text,
        count=1)
    lines = text.split("\n")
    first = next(i for i, line in enumerate(lines) if line and not line.startswith(("[", ";")))
    lines.insert(first, "; " + INJECTED)
    text = "\n".join(lines)
    log = read_log(text, "hostile.cartlog")
    report, frames = replay_report(log, "hostile.cartlog", text=None)
    html = ruling_of(log, report, frames, memory_console(100))
    page = _parsed(html)
    assert [tag for tag, _ in page.tags].count("script") == 1
    assert "img" not in [tag for tag, _ in page.tags]
    assert not any(k.startswith("on") for _, a in page.tags for k in a)
    assert any(INJECTED in t for t in page.text), "the comment is shown as text"
    picture = board_picture(log, report, frames, None)
    assert picture is not None and "<script" not in picture and "<img" not in picture


def _svg_of(relative: str, turn: int | None) -> str:
    path = ROOT / "samples" / relative
    log = read_log(path.read_text(encoding="utf-8"), relative)
    report, frames = replay_report(log, relative, text=None)
    picture = board_picture(log, report, frames, turn)
    assert picture is not None
    return picture


@pytest.mark.parametrize("relative, turn", [
    ("cartagena/jamaica-4p-disputed.cartlog", 29), ("meuterer/club-3p.cartlog", 2),
    ("mutiny/actions.cartlog", 4)])
def test_board_picture(relative, turn, snapshot):
    picture = _svg_of(relative, turn)
    _parsed(picture)  # well formed enough to parse
    assert picture == snapshot


def test_the_cartagena_picture_draws_the_pirates_of_its_frame():
    # every pirate of the frame is a disc on its space, in its colour: counted back from
    # the picture's tooltips
    path = ROOT / "samples" / "cartagena/jamaica-4p-disputed.cartlog"
    log = read_log(path.read_text(encoding="utf-8"), str(path))
    report, frames = replay_report(log, str(path), text=None)
    from cartlog.games.cartagena.render.svg import board_pictures

    pictures = board_pictures(log, frames)
    assert pictures, "a picture after every turn"
    for k, markup in list(pictures.items())[::17]:
        pirates = frames[k].pirates
        on_passage = sum(1 for spaces in pirates.values() for s in spaces
                         if 0 < s <= len(log.board))
        assert markup.count("pirate</title>") == on_passage  # "a red pirate"
        for colour, spaces in pirates.items():
            at_start = spaces.count(0)
            assert f"{at_start} {colour} pirate" in markup


def test_replay_html_and_svg_write_their_files(tmp_path):
    sample = ROOT / "samples" / "cartagena" / "jamaica-4p-disputed.cartlog"
    page, picture = tmp_path / "ruling.html", tmp_path / "turn.svg"
    status, output = run(["replay", str(sample), "--html", str(page)])
    assert (status, output) == (1, ""), output  # the log has errors; nothing printed
    assert page.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    status, output = run(["replay", str(sample), "--turn", "29", "--svg", str(picture),
                          "--theme", "light"])
    assert (status, output) == (1, ""), output
    drawn = picture.read_text(encoding="utf-8")
    assert 'class="cartlog-board cartagena light"' in drawn and "after turn 29" in drawn


def test_replay_html_refuses_a_range_and_writes_nothing_where_it_cannot(tmp_path):
    sample = ROOT / "samples" / "cartagena" / "jamaica-4p-disputed.cartlog"
    status, output = run(["replay", str(sample), "--from", "3", "--html",
                          str(tmp_path / "x.html")])
    assert status == 2 and "--turn N only" in output
    assert not (tmp_path / "x.html").exists()
    status, output = run(["replay", str(sample), "--html", str(tmp_path / "no" / "x.html")])
    assert status == 2 and "cannot write" in output and "Traceback" not in output
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("game", OURS)
def test_the_page_holds_each_seat_view_that_differs_replayed_on_its_own(game):
    # the simulator's full game: the table's view and every seat's differ from it, and each
    # view's steps are the replay of the log redacted to that view (its own frames)
    from cartlog.games import GAMES

    spec = GAMES[game]
    log = spec.simulate(spec.default_rules, spec.players[0] + 1, 3)
    report, frames = replay_report(log, "game.cartlog", text=None)
    page = _parsed(ruling_of(log, report, frames, memory_console(100)))
    views = [a for tag, a in page.tags if tag == "div" and a.get("class") == "view"]
    colours = [p.colour for p in log.players]
    assert [v["data-view"] for v in views] == ["", "table", *colours]
    assert "hidden" not in views[0] and all("hidden" in v for v in views[1:])
    options = [a for tag, a in page.tags if tag == "option"]
    assert len(options) == len(views)
    for name in ["table", *colours]:
        redacted = spec.redact(log, name)
        _, seat_frames = replay_report(redacted, "game.cartlog", text=None)
        ids = [a["id"] for tag, a in page.tags if tag == "section"
               and a.get("class") == "step" and a["id"].startswith(f"{name}-s")]
        assert ids == [f"{name}-s{k}" for k in range(len(seat_frames))]


def test_a_log_of_one_seat_has_no_other_view():
    # what a seat's log does not know, no view of it can show: the page holds it alone
    from cartlog.games import GAMES

    spec = GAMES["meuterer"]
    log = spec.simulate(spec.default_rules, 3, 3, view="table")
    report, frames = replay_report(log, "game.cartlog", text=None)
    page = _parsed(ruling_of(log, report, frames, memory_console(100)))
    assert [a["data-view"] for tag, a in page.tags if tag == "div"
            and a.get("class") == "view"] == [""]
    assert not [tag for tag, _ in page.tags if tag == "select"]
