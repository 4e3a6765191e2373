"""``convert`` is lossless or refuses: for each game, a log the readers accept converts text ->
JSON -> text and JSON -> text -> JSON without a change, and a JSON value the text notation
cannot hold (a line break, a comma in a name, an empty name, a negative count, a tag named like
a header field) is a located problem. Hypothesis generates the logs (random legal games, cut
short) and the hostile values."""

from __future__ import annotations

import functools
import json

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cartlog.core.errors import LogSyntaxError
from cartlog.core.text import split_lines
from cartlog.games import GAMES, game_of
from cartlog.logs import check_conversion, place_of_path, read_log, strip_spans


@functools.cache
def _game_log(game: str, seed: int):
    spec = GAMES[game]
    players = 2 + seed % 3 if game == "cartagena" else 3 + seed % 2
    log = spec.simulate(spec.default_rules, min(players, spec.players[1]), seed,
                        view="table" if seed % 2 else "all")
    return msgspec.structs.replace(log, events=log.events[:25])


def _plain(log) -> dict:
    return msgspec.to_builtins(strip_spans(log))


def _located(text: str, err: LogSyntaxError) -> None:
    """Every problem of a refused log stands at a line and column of its text."""
    lines = len(split_lines(text)) + 1  # a problem may stand just past the last line
    for p in err.problems:
        assert 1 <= p.line <= lines and p.col >= 1, p
        assert p.message, p


def _convertible(text: str):
    """What ``cartlog convert`` reads: the log, checked as it is read and then for a lossless
    conversion (``check`` stops after the first)."""
    log = read_log(text)
    check_conversion(log, text)
    return log


def _round_trips(log) -> None:
    """JSON -> text -> JSON and text -> JSON -> text hold, exactly."""
    notation = game_of(log).module("notation")
    plain = _plain(log)
    text = notation.format_log(strip_spans(log))
    back = read_log(text)
    assert _plain(back) == plain
    again = read_log(msgspec.json.encode(strip_spans(back)).decode())
    assert notation.format_log(strip_spans(again)) == text


def _answer(doc: dict) -> None:
    """A JSON document is refused with located problems, or round-trips exactly."""
    text = json.dumps(doc, indent=1)
    try:
        log = _convertible(text)
    except LogSyntaxError as err:
        _located(text, err)
        return
    _round_trips(log)


HOSTILE_TEXT = st.one_of(
    st.sampled_from(["", " ", "a,b", "a;b", "a\nb", "a\rb", "\t", "\x1b[2J", "}", "{", '"',
                     "\\", "red", "x y", " lead", "trail ", "\u202e", "unfinished", "*"]),
    st.text(max_size=8),
)
HOSTILE_INT = st.one_of(st.sampled_from([-1, -10**20, 10**20, 10**15 + 1, 0]),
                        st.integers(-5, 60))
TAG_NAMES = st.sampled_from(["line", "col", "end", "spans", "Line", "Spans", "Players",
                             "Result", "game", "Rules", "Event", "event", "bad name", "9x",
                             "Tags", "Deal"])


def _leaves(value, path=()):
    """Every (path, value) of a plain document's strings and numbers."""
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _leaves(v, path + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _leaves(v, path + (i,))
    elif isinstance(value, (str, int)) and not isinstance(value, bool):
        yield path, value


def _set(doc, path, value) -> None:
    for step in path[:-1]:
        doc = doc[step]
    doc[path[-1]] = value


@settings(max_examples=80, deadline=None, suppress_health_check=list(HealthCheck))
@given(game=st.sampled_from(sorted(GAMES)), seed=st.integers(0, 5), data=st.data())
def test_hostile_json_is_refused_located_or_round_trips(game, seed, data):
    doc = _plain(_game_log(game, seed))
    leaves = [(p, v) for p, v in _leaves(doc) if p[0] != "game"]
    for _ in range(data.draw(st.integers(1, 3))):
        kind = data.draw(st.sampled_from(["leaf", "tag", "name"]))
        if kind == "tag":
            doc.setdefault("tags", {})[data.draw(TAG_NAMES)] = data.draw(HOSTILE_TEXT)
        elif kind == "name":
            i = data.draw(st.integers(0, len(doc["players"]) - 1))
            doc["players"][i]["name"] = data.draw(HOSTILE_TEXT)
        else:
            path, value = data.draw(st.sampled_from(leaves))
            _set(doc, path, data.draw(HOSTILE_TEXT if isinstance(value, str) else HOSTILE_INT))
    _answer(doc)


@settings(max_examples=80, deadline=None, suppress_health_check=list(HealthCheck))
@given(game=st.sampled_from(sorted(GAMES)), seed=st.integers(0, 5), where=st.integers(0, 10**6),
       piece=HOSTILE_TEXT, how=st.sampled_from(["replace", "insert", "splice"]))
def test_edited_text_logs_are_refused_located_or_round_trip(game, seed, where, piece, how):
    notation = GAMES[game].module("notation")
    lines = notation.format_log(strip_spans(_game_log(game, seed))).split("\n")
    i = where % len(lines)
    if how == "replace":
        lines[i] = piece
    elif how == "insert":
        lines.insert(i, piece)
    else:
        j = where % (len(lines[i]) + 1)
        lines[i] = lines[i][:j] + piece + lines[i][j:]
    text = "\n".join(lines)
    try:
        log = _convertible(text)
    except LogSyntaxError as err:
        _located(text, err)
        return
    _round_trips(log)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_generated_logs_round_trip(game):
    for seed in range(3):
        _round_trips(_game_log(game, seed))


# -- the cases of the issue, one by one ---------------------------------------------------------


def _problem(doc: dict) -> tuple[str, tuple[int, int, int | None] | None]:
    text = json.dumps(doc, indent=1)
    with pytest.raises(LogSyntaxError) as info:
        _convertible(text)
    (first, *_) = info.value.problems
    return first.message, (first.line, first.col, first.end_col)


def _cartagena() -> dict:
    return _plain(_game_log("cartagena", 0))


def _at(doc: dict, path: str) -> tuple[int, int, int | None] | None:
    return place_of_path(json.dumps(doc, indent=1), path)


@pytest.mark.parametrize("change,path,words", [
    (lambda d: d["players"][0].update(name="An\nna"), "$.players[0].name", "a line break cannot"),
    (lambda d: d["players"][0].update(name="Anna, Ben"), "$.players[0].name", "a comma"),
    (lambda d: d["players"][0].update(name=""), "$.players[0].name", "an empty name"),
    (lambda d: d["players"][0].update(name=" Anna"), "$.players[0].name", "spaces around"),
    (lambda d: d["events"][0].update(comment="one\ntwo"), "$.events[0].comment", "line break"),
    (lambda d: d["events"][0].update(number=-3), "$.events[0].number", ">= 0"),
    (lambda d: d["events"][0].update(number=10**20), "$.events[0].number", "reads back as"),
    (lambda d: d["tags"].update(Players="x"), "$.tags.Players", "header field"),
    (lambda d: d["tags"].update(Event="a", event="b"), "$.tags.event", "only in case"),
    (lambda d: d["players"][0].update(colour="redd"), "$.players[0].colour",
     "unknown colour 'redd'; did you mean red?"),
])
def test_cartagena_json_values_the_text_cannot_hold(change, path, words):
    doc = _cartagena()
    doc.setdefault("tags", {})
    change(doc)
    message, place = _problem(doc)
    assert words in message and place == _at(doc, path), (message, place)


def test_a_draw_with_cards_and_a_count_is_refused():
    doc = _cartagena()
    turn = next(e for e in doc["events"] if e["type"] == "turn" and any(
        a["type"] == "back" for a in e["actions"]))
    back = next(a for a in turn["actions"] if a["type"] == "back")
    back["count"], back["cards"] = 2, back.get("cards", "KS")
    message, _ = _problem(doc)
    assert "not both" in message


@pytest.mark.parametrize("name", ["line", "col", "end", "spans", "Spans"])
def test_tags_named_like_locations_are_carried(name):
    doc = _cartagena()
    doc["tags"] = {name: "kept, as written"}
    log = read_log(json.dumps(doc))
    assert log.tags == {name: "kept, as written"}
    _round_trips(log)


def test_forward_move_then_a_draw_apart_reads_back():
    text = GAMES["cartagena"].module("notation").format_log(strip_spans(_game_log(
        "cartagena", 0))).split("\n\n")[0] + "\n\n1. red K0-3,+1\n"
    _round_trips(read_log(text))


def test_meuterer_action_must_be_one_word():
    doc = _plain(_game_log("meuterer", 0))
    for i, ev in enumerate(doc["events"]):
        for j, step in enumerate(ev.get("steps", [])):
            if step["type"] == "pass":
                for bad in ("", "two words", "a\nb"):
                    step["action"] = bad
                    message, place = _problem(doc)
                    assert place == _at(doc, f"$.events[{i}].steps[{j}].action"), message
                return
    raise AssertionError("no pass in the generated log")


@pytest.mark.parametrize("game,value", [("cartagena", "unfinished"), ("meuterer", []),
                                        ("mutiny", "unfinished")])
@pytest.mark.parametrize("written", ["*", "unfinished"])
def test_unfinished_result_reads_alike_in_every_game(game, value, written):
    notation = GAMES[game].module("notation")
    head = notation.format_log(strip_spans(_game_log(game, 0))).split("\n\n")[0]
    lines = [ln for ln in head.split("\n") if not ln.startswith("[Result")]
    text = "\n".join(lines + [f'[Result "{written}"]', ""])
    log = read_log(text)
    assert log.result == value
    _round_trips(log)


@pytest.mark.parametrize("game,path,value,hint", [
    ("cartagena", ("events", 0, "actions", 0, "card"), "botle", "did you mean B (bottle)?"),
    ("meuterer", None, "wine", "did you mean W (wine)?"),
])
def test_misspelt_words_in_json_get_suggestions(game, path, value, hint):
    doc = _plain(_game_log(game, 0))
    if path is None:  # the first card played in a Meuterer log
        i, ev = next((i, e) for i, e in enumerate(doc["events"]) if e["type"] == "sell")
        j = next(j for j, s in enumerate(ev["steps"]) if s["type"] == "play")
        path = ("events", i, "steps", j, "card")
    elif doc["events"][0]["actions"][0]["type"] != "forward":
        pytest.skip("the generated log does not open with a forward move")
    _set(doc, path, value)
    message, _ = _problem(doc)
    assert message.endswith(hint), message


def test_deal_size_points_at_the_players_part_of_the_deal(tmp_path):
    from tests.fuzzing import ROOT, run

    sample = ROOT / "samples/cartagena/deal-six-each.cartlog"
    code, out = run(["check", "--ascii", str(sample)])
    deal = next(ln for ln in sample.read_text().split("\n") if ln.startswith("[Deal"))
    assert f":8:{deal.index('blue') + 1}: error[setup/deal-size]" in out, out
    converted = tmp_path / "d.json"
    run(["convert", str(sample), "-o", str(converted)])
    code, out = run(["check", "--ascii", str(converted)])
    line, col, _ = place_of_path(converted.read_text(), "$.deal.blue")
    assert f":{line}:{col}: error[setup/deal-size]" in out, out


def test_convert_refuses_a_text_log_whose_canonical_text_reads_otherwise():
    """The last guard of convert: were the text reader to accept a value its canonical text
    cannot hold, convert would refuse at the line it was read from."""
    from cartlog.logs import check_conversion

    notation = GAMES["cartagena"].module("notation")
    text = notation.format_log(strip_spans(_game_log("cartagena", 0)))
    log = read_log(text)
    check_conversion(log, text)  # a readable log converts
    players = [msgspec.structs.replace(log.players[0], name="Anna, Ben"), *log.players[1:]]
    events = list(log.events)
    events[1] = msgspec.structs.replace(events[1], comment="one\ntwo")
    with pytest.raises(LogSyntaxError) as info:
        check_conversion(msgspec.structs.replace(log, players=players, events=events), text)
    lines = text.split("\n")
    assert any(lines[p.line - 1].startswith("[Players") and "comma" in p.message
               for p in info.value.problems)
    assert any(lines[p.line - 1] == notation.format_turn(log.events[1], len(log.board) + 1)
               for p in info.value.problems if "line break" in p.message)
