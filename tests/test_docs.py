"""The documentation stays true: its examples parse, and the code list is generated."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import msgspec
import pytest

from cartlog.games import GAMES, all_codes, read_log, strip_spans

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
NOTATION = DOCS / "notation.md"
CODES = DOCS / "codes.md"


def _blocks(text: str, lang: str) -> list[str]:
    """The contents of the fenced code blocks tagged ``lang``."""
    return re.findall(rf"^```{lang}[ \t]*\n(.*?)^```[ \t]*$", text, re.S | re.M)


def _cartlog_blocks() -> list[str]:
    return _blocks(NOTATION.read_text(encoding="utf-8"), "cartlog")


def _gen_codes():
    spec = importlib.util.spec_from_file_location("gen_codes", DOCS / "gen_codes.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_notation_has_examples():
    assert len(_cartlog_blocks()) >= 5


@pytest.mark.parametrize("index", range(len(_cartlog_blocks())))
def test_every_cartlog_block_parses(index):
    block = _cartlog_blocks()[index]
    read_log(block, f"docs/notation.md block {index + 1}")


def test_canonical_form_example_is_what_convert_writes():
    """The hurried log and its canonical form, as shown side by side."""
    from cartlog.games.cartagena.notation import format_log

    text = NOTATION.read_text(encoding="utf-8")
    at = text.index("is written back as:")
    before = _blocks(text[:at], "cartlog")[-1]
    after = _blocks(text[at:], "cartlog")[0]
    assert format_log(read_log(before)) == after


def test_json_example_is_the_text_example():
    """The JSON block reads as the same log as the text block before it."""
    text = NOTATION.read_text(encoding="utf-8")
    at = text.index("and the same log as JSON:")
    as_text = _blocks(text[:at], "cartlog")[-1]
    as_json = _blocks(text[at:], "json")[0]
    assert msgspec.json.encode(read_log(as_json)) == \
        msgspec.json.encode(strip_spans(read_log(as_text)))


def test_position_example_is_the_first_example_replayed():
    from cartlog.games.cartagena.position import from_position, to_position
    from cartlog.games.cartagena.replay import Replay

    text = NOTATION.read_text(encoding="utf-8")
    first = _cartlog_blocks()[0]
    at = text.index("After the ten turns of")
    shown = _blocks(text[at:], "text")[0].strip()
    state = Replay(read_log(first)).run().state
    assert to_position(state) == shown
    assert to_position(from_position(shown)) == shown


def test_codes_md_is_generated():
    expected = _gen_codes().render()
    assert CODES.read_text(encoding="utf-8") == expected, (
        "docs/codes.md is stale: run python docs/gen_codes.py > docs/codes.md")


def test_every_code_is_documented():
    text = CODES.read_text(encoding="utf-8")
    for code in all_codes():
        assert f"### {code}\n" in text, code
        assert f"[`{code}`]" in text, code


def test_every_code_has_an_example_that_produces_it():
    """Each code's example comes from its game's ``examples`` module or, failing that, from
    the first sample listed for it; the audit of that example gives the code."""
    gen = _gen_codes()
    for code in all_codes():
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


# -- Meuterer ----------------------------------------------------------------------------------


def _meuterer_blocks() -> list[str]:
    return _blocks(NOTATION.read_text(encoding="utf-8"), "meuterer")


def test_notation_has_meuterer_examples():
    assert len(_meuterer_blocks()) >= 5


@pytest.mark.parametrize("index", range(len(_meuterer_blocks())))
def test_every_meuterer_block_parses_and_audits_clean(index):
    """Every Meuterer example is a legal (if unfinished) game, as the page says."""
    from cartlog.audit import audit

    log = read_log(_meuterer_blocks()[index], f"docs/notation.md meuterer block {index + 1}")
    assert type(log).__name__ == "MeutererLog"
    report = audit(log)
    assert [f.code for f in report.findings] == ["end/unfinished"]


def test_meuterer_pirate_example_without_robbed_is_reported():
    from cartlog.audit import audit

    block = next(b for b in _meuterer_blocks() if "P robbed" in b)
    codes = [f.code for f in audit(read_log(block.replace("P robbed", "P"))).findings]
    assert "pirate/not-robbed" in codes


def test_meuterer_canonical_form_example_is_what_convert_writes():
    from cartlog.games.meuterer.notation import format_log

    text = NOTATION.read_text(encoding="utf-8")
    at = text.index("is written back in canonical form as:")
    before = _blocks(text[:at], "meuterer")[-1]
    after = _blocks(text[at:], "meuterer")[0]
    assert format_log(read_log(before)) == after


def test_meuterer_json_example_is_the_text_example():
    text = NOTATION.read_text(encoding="utf-8")
    at = text.index("and the same log as JSON (for Meuterer):")
    as_text = _blocks(text[:at], "meuterer")[-1]
    as_json = _blocks(text[at:], "json")[0]
    assert msgspec.json.encode(read_log(as_json)) == \
        msgspec.json.encode(strip_spans(read_log(as_text)))


def test_meuterer_position_example_is_the_first_example_replayed():
    from cartlog.games.meuterer.position import from_position, to_position
    from cartlog.games.meuterer.replay import Replay

    text = NOTATION.read_text(encoding="utf-8")
    first = _meuterer_blocks()[0]
    at = text.index("After the two rounds of")
    shown = _blocks(text[at:], "text")[0].strip()
    state = Replay(read_log(first)).run().state
    assert to_position(state) == shown
    assert to_position(from_position(shown)) == shown


def test_rules_md_cites_every_meuterer_ruling():
    text = (DOCS / "rules.md").read_text(encoding="utf-8")
    for ruling in ("U1", "U2", "U3", "U4", "U5", "U6", "U7", "U8"):
        assert f"**{ruling} —" in text, ruling


def test_rules_md_cites_every_ruling():
    text = (DOCS / "rules.md").read_text(encoding="utf-8")
    for ruling in ("C1", "C2", "C3", "C4", "C5", "C6", "C7", "O1", "O2", "O3", "O4",
                   "R1", "R2", "R3"):
        assert f"**{ruling} —" in text, ruling
    for ruling in (f"M{i}" for i in range(1, 11)):
        assert f"**{ruling} —" in text, ruling
    for option in ("boat_retreat", "stuck_player_draws"):
        assert f"`{option}`" in text, option
