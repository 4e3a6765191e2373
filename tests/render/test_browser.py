"""The ruling page in a real browser (Debian's ``chromium``, headless): opened at an address
(``#t29``, ``#f2``, ``#s5``) or at none, the step the page shows is the one asked, or the
first finding's; the keys step through the game. Skipped, with a message, where Chromium is
not installed (CI installs it)."""

from __future__ import annotations

import re
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

from cartlog.audit import replay_report
from cartlog.cli.output import memory_console
from cartlog.logs import read_log
from cartlog.render.html import ruling_of
from tests.fuzzing import ROOT

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
pytestmark = pytest.mark.skipif(CHROMIUM is None,
                                reason="Chromium is not installed (apt-get install chromium)")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-extensions"]
SAMPLES = ["cartagena/jamaica-4p-disputed.cartlog", "meuterer/club-4p-sheet-errors.cartlog",
           "mutiny/actions.cartlog"]


def _page(relative: str, tmp: Path, keys: str = "") -> tuple[Path, list]:
    """The sample's ruling page written to ``tmp``; ``keys`` (a JS array of key names) are
    pressed once the page has loaded."""
    path = ROOT / "samples" / relative
    log = read_log(path.read_text(encoding="utf-8"), relative)
    report, frames = replay_report(log, relative, text=None)
    html = ruling_of(log, report, frames, memory_console(100))
    if keys:
        html = html.replace("</body>", "<script>" + keys + ".forEach(function(k){document."
                            "dispatchEvent(new KeyboardEvent('keydown',{key:k}));});</script>"
                            "</body>")
    page = tmp / "ruling.html"
    page.write_text(html, encoding="utf-8")
    return page, frames


def _shown(page: Path, anchor: str = "") -> tuple[int, str]:
    """The step the browser shows (its number) and the board pane's caption."""
    with tempfile.TemporaryDirectory() as profile:
        dom = subprocess.run([CHROMIUM, *FLAGS, f"--user-data-dir={profile}", "--dump-dom",
                              page.as_uri() + anchor], capture_output=True, text=True,
                             timeout=120, check=True).stdout
    current = re.findall(r'<section class="step current" id="s(\d+)"', dom)
    assert len(current) == 1, dom[:2000]
    board = re.search(r'<figure id="board"[^>]*>(.*?)</figure>', dom, re.S)
    caption = re.search(r"<title>([^<]*)</title>", board.group(1)) if board else None
    return int(current[0]), caption.group(1) if caption else ""


@pytest.mark.parametrize("relative", SAMPLES)
def test_the_page_opens_at_the_address_or_the_first_finding(relative, tmp_path):
    page, frames = _page(relative, tmp_path)
    first = min(k for k, f in enumerate(frames) if f.findings)
    assert _shown(page)[0] == first
    turn = sorted({f.turn for f in frames if f.turn is not None})[2]
    step, caption = _shown(page, f"#t{turn}")
    assert step == min(k for k, f in enumerate(frames) if f.turn == turn)
    assert caption, "a board is shown beside the step"
    finding = max(i for f in frames for i in f.findings)
    step, _ = _shown(page, f"#f{finding + 1}")
    assert finding in frames[step].findings
    assert _shown(page, "#s5")[0] == 5


def test_the_keys_step_through_the_game(tmp_path):
    relative = SAMPLES[0]
    page, frames = _page(relative, tmp_path, "['Home','ArrowRight','ArrowRight','ArrowRight']")
    assert _shown(page)[0] == 3
    page, frames = _page(relative, tmp_path, "['Home','n','n']")
    with_findings = [k for k, f in enumerate(frames) if f.findings]
    assert _shown(page)[0] == with_findings[1]
    page, frames = _page(relative, tmp_path, "['Home','ArrowDown','ArrowDown']")
    step = _shown(page)[0]
    turns = [f.turn for f in frames if f.turn is not None]
    assert frames[step].turn == sorted(set(turns))[1]
    assert frames[step - 1].turn != frames[step].turn  # the first step of that turn
    page, frames = _page(relative, tmp_path, "['End','ArrowUp']")
    step = _shown(page)[0]
    last_turn = max(turns)
    assert frames[step].turn in (last_turn, last_turn - 1)
    assert frames[step - 1].turn != frames[step].turn


def test_an_address_in_a_seat_view_opens_that_view_and_v_switches_views(tmp_path):
    relative = SAMPLES[0]  # a Jamaica game: hidden hands, a view per seat
    page, frames = _page(relative, tmp_path)
    with tempfile.TemporaryDirectory() as profile:
        dom = subprocess.run([CHROMIUM, *FLAGS, f"--user-data-dir={profile}", "--dump-dom",
                              page.as_uri() + "#red-t5"], capture_output=True, text=True,
                             timeout=120, check=True).stdout
    assert re.findall(r'<section class="step current" id="([\w-]+)"', dom) == [
        re.search(r'id="(red-s\d+)"[^>]*data-turn="5"', dom).group(1)]
    assert re.search(r'<div class="view" id="red-view"[^>]*>', dom).group(0).find("hidden") < 0
    page, frames = _page(relative, tmp_path, "['Home','v']")
    with tempfile.TemporaryDirectory() as profile:
        dom = subprocess.run([CHROMIUM, *FLAGS, f"--user-data-dir={profile}", "--dump-dom",
                              page.as_uri()], capture_output=True, text=True, timeout=120,
                             check=True).stdout
    assert re.findall(r'<section class="step current" id="([\w-]+)"', dom) == ["table-s0"]
