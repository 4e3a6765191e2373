"""The documentation stays true: its examples parse, and the code list is generated."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import msgspec
import pytest

from cartlog.games import BUILT_IN, all_codes, catalogue
from cartlog.logs import read_log, strip_spans

# the docs (notation.md, codes.md, rules.md) are of cartlog's own games; a game of another
# package has its own
GAMES = {spec.name: spec for spec in BUILT_IN}

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
NOTATION = DOCS / "notation.md"
CODES = DOCS / "codes.md"


def _blocks(text: str, lang: str) -> list[str]:
    """The contents of the fenced code blocks tagged ``lang``."""
    return re.findall(rf"^```{lang}[ \t]*\n(.*?)^```[ \t]*$", text, re.S | re.M)


def _part(game: str) -> str:
    """The part of notation.md on ``game``: from its ``# Part N: <title>`` heading to the
    next part."""
    text = NOTATION.read_text(encoding="utf-8")
    title = GAMES[game].title
    found = re.search(rf"^# Part \d+: {re.escape(title)}\n(.*?)(?=^# Part \d+: |\Z)", text,
                      re.S | re.M)
    assert found, f"docs/notation.md has no part titled {title!r}"
    return found.group(1)


def _examples(game: str) -> list[str]:
    """The game's example logs: the blocks of its part fenced with its name."""
    return _blocks(_part(game), game)


def _after(game: str, marker: str, lang: str) -> tuple[str, str]:
    """The last ``game`` block before ``marker`` in the game's part and the first ``lang``
    block after it: the two sides of an example shown side by side."""
    part = _part(game)
    assert marker in part, f"{game}: docs/notation.md has no {marker!r}"
    at = part.index(marker)
    return _blocks(part[:at], game)[-1], _blocks(part[at:], lang)[0]


def _gen_codes():
    spec = importlib.util.spec_from_file_location("gen_codes", DOCS / "gen_codes.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


BLOCKS = [(game, i) for game in sorted(GAMES) for i in range(len(_examples(game)))]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_game_has_its_part_of_the_notation_with_examples(game):
    """A first example, a hurried log and its canonical form, a log beside its JSON."""
    assert len(_examples(game)) >= 4


@pytest.mark.parametrize(("game", "index"), BLOCKS)
def test_every_example_log_reads_as_a_log_of_its_game(game, index):
    log = read_log(_examples(game)[index], f"docs/notation.md {game} block {index + 1}")
    assert isinstance(log, GAMES[game].log_type)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_canonical_form_example_is_what_convert_writes(game):
    """The hurried log and its canonical form, as shown side by side."""
    before, after = _after(game, "is written back in canonical form as:", game)
    assert GAMES[game].notation.format_log(read_log(before)) == after


@pytest.mark.parametrize(("game", "index"), BLOCKS)
def test_every_example_log_but_the_hurried_one_is_in_canonical_form(game, index):
    """What a reader copies from the page is what ``cartlog convert`` would write."""
    hurried, _ = _after(game, "is written back in canonical form as:", game)
    block = _examples(game)[index]
    if block != hurried:
        assert GAMES[game].notation.format_log(read_log(block)) == block


@pytest.mark.parametrize("game", sorted(GAMES))
def test_json_example_is_the_text_example(game):
    """The JSON block reads as the same log as the text block before it."""
    as_text, as_json = _after(game, "and the same log as JSON:", "json")
    assert msgspec.json.encode(read_log(as_json)) == \
        msgspec.json.encode(strip_spans(read_log(as_text)))


@pytest.mark.parametrize("game", sorted(GAMES))
def test_position_example_is_the_first_example_replayed(game):
    """The one-line position shown after a link to the first example is where its replay
    ends, and it reads back as itself."""
    spec = GAMES[game]
    part = _part(game)
    found = re.search(r"^After [^\n]*\[the first example\]\(#[^)]+\)", part, re.M)
    assert found, f"{game}: no position of the first example"
    shown = _blocks(part[found.end():], "text")[0].strip()
    position = spec.module("position")
    state = spec.module("replay").Replay(read_log(_examples(game)[0])).run().state
    assert position.to_position(state) == shown
    assert position.to_position(position.from_position(shown)) == shown


def test_codes_md_is_generated():
    expected = _gen_codes().render()
    assert CODES.read_text(encoding="utf-8") == expected, (
        "docs/codes.md is stale: run python docs/gen_codes.py > docs/codes.md")


def test_every_code_is_documented():
    text = CODES.read_text(encoding="utf-8")
    for code in all_codes(BUILT_IN):
        assert f"### {code}\n" in text, code
        assert f"[`{code}`]" in text, code


def test_every_code_has_an_example_that_produces_it():
    """Each code's example comes from its game's ``examples`` module or, failing that, from
    the first sample listed for it; the audit of that example gives the code."""
    gen = _gen_codes()
    for code in all_codes(BUILT_IN):
        gen.example_source(code)
        assert gen.example_message(code) is not None, code


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_written_example_is_a_code_of_its_game(game):
    examples = GAMES[game].module("examples").EXAMPLES
    assert set(examples) <= set(GAMES[game].codes.CODES)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_family_of_codes_has_a_title(game):
    codes = GAMES[game].codes
    assert {c.split("/")[0] for c in codes.CODES} <= set(codes.FAMILIES)


# -- what only one game has ---------------------------------------------------------------------


@pytest.mark.parametrize("index", range(len(_examples("meuterer"))))
def test_every_meuterer_example_is_a_legal_game_so_far(index):
    """Every Meuterer example is a legal (if unfinished) game, as its part says."""
    from cartlog.audit import audit

    block = _examples("meuterer")[index]
    report = audit(read_log(block))
    condoned = ["sell/after-pass"] if "yellow C!" in block else []  # A disputed play
    assert [f.code for f in report.findings if not f.condoned] == ["end/unfinished"]
    assert [f.code for f in report.findings if f.condoned] == condoned


def test_mutiny_condoned_turn_example_passes_and_fails_without_its_mark():
    """The Mutiny's "Condoned" example: the `!` turns its one error into a condoned one."""
    from cartlog.audit import audit

    block = next(b for b in _examples("mutiny") if "Ghost!" in b)
    report = audit(read_log(block))
    assert report.errors == 0 and [f.code for f in report.findings if f.condoned] == [
        "row/not-open"]
    assert audit(read_log(block.replace("Ghost!", "Ghost"))).errors == 1


def test_meuterer_disputed_play_fails_without_its_mark():
    """The `!` of "A disputed play" is what lets the log pass."""
    from cartlog.audit import audit

    block = next(b for b in _examples("meuterer") if "yellow C!" in b)
    assert audit(read_log(block)).errors == 0
    report = audit(read_log(block.replace("yellow C!", "yellow C")))
    assert [f.code for f in report.findings if f.severity == "error"] == ["sell/after-pass"]


def test_meuterer_pirate_example_without_robbed_is_reported():
    from cartlog.audit import audit

    block = next(b for b in _examples("meuterer") if "P robbed" in b)
    codes = [f.code for f in audit(read_log(block.replace("P robbed", "P"))).findings]
    assert "pirate/not-robbed" in codes


RULINGS = ROOT.parent / "shared" / "RULINGS.md"


def _ruling_ids() -> list[str]:
    """The IDs of the rulings cartlog follows (``C1``, ``O2``, ``M10``, ``U8``, ...)."""
    if not RULINGS.exists():
        pytest.skip("the rulings file is not beside the project")
    return re.findall(r"^- \*\*([A-Z]+\d+)\b", RULINGS.read_text(encoding="utf-8"), re.M)


def test_rules_md_gives_every_ruling():
    text = (DOCS / "rules.md").read_text(encoding="utf-8")
    ids = _ruling_ids()
    assert len(ids) >= 30
    assert [r for r in ids if f"**{r} —" not in text] == []


def test_rules_md_names_every_option():
    text = (DOCS / "rules.md").read_text(encoding="utf-8")
    options = [o for entry in catalogue() for o in entry["option_help"]]
    assert [o for o in options if f"`{o}`" not in text] == []


# -- links -----------------------------------------------------------------------------------


def _slug(heading: str) -> str:
    """A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces to
    hyphens."""
    text = re.sub(r"[`*_]", "", heading.strip().lower())
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def _anchors(path: Path) -> set[str]:
    """The anchors of a Markdown file: ``<a id>`` tags and its headings' slugs (a repeated
    slug gains ``-1``, ``-2``, ... as on GitHub)."""
    text = path.read_text(encoding="utf-8")
    text = re.sub(r"^```.*?^```", "", text, flags=re.S | re.M)
    found = set(re.findall(r'<a id="([^"]+)"', text))
    seen: dict[str, int] = {}
    for heading in re.findall(r"^#{1,6} (.+)$", text, re.M):
        slug = _slug(heading)
        found.add(slug if slug not in seen else f"{slug}-{seen[slug]}")
        seen[slug] = seen.get(slug, 0) + 1
    return found


MARKDOWN = [ROOT / "README.md", *sorted(DOCS.glob("*.md")), ROOT / "samples" / "README.md"]


@pytest.mark.parametrize("page", MARKDOWN, ids=lambda p: p.name)
def test_every_link_between_pages_leads_somewhere(page):
    """Every relative link names a file of the project, and every ``#anchor`` a heading or an
    ``<a id>`` of its page."""
    text = re.sub(r"^```.*?^```", "", page.read_text(encoding="utf-8"), flags=re.S | re.M)
    broken = []
    for target in re.findall(r"\]\(([^)\s]+)\)", text):
        if re.match(r"[a-z]+:", target):
            continue
        file, _, anchor = target.partition("#")
        path = (page.parent / file).resolve() if file else page
        if not path.exists():
            broken.append(target)
        elif anchor and path.suffix == ".md" and anchor not in _anchors(path):
            broken.append(target)
    assert broken == []
