"""``cartlog view``, driven headless with Textual's Pilot: keys pressed, the step and the
finding shown asserted, in every game, at 80 and 120 columns, in every view the log holds, in
plain ASCII and the light theme (docs/cli.md, "cartlog view")."""

from __future__ import annotations

import asyncio
import sys

import pytest

pytest.importorskip("textual", reason="cartlog view needs the view extra (Textual)")

from textual.widgets import Static  # noqa: E402

from cartlog import engine  # noqa: E402
from cartlog.audit import replay_report  # noqa: E402
from cartlog.logs import read_log  # noqa: E402
from cartlog.viewer import Viewer, seats_of  # noqa: E402
from tests.fuzzing import ROOT, run  # noqa: E402

SAMPLES = ["cartagena/jamaica-4p-disputed.cartlog", "meuterer/club-4p-sheet-errors.cartlog",
           "mutiny/actions.cartlog"]


def _app(relative: str, **options) -> Viewer:
    path = ROOT / "samples" / relative
    log = read_log(path.read_text(encoding="utf-8"), relative)
    report, frames = replay_report(log, relative, text=None)
    return Viewer(seats_of(log, report, frames), _console, **options)


def _console(width: int, shade: str):
    from cartlog.cli.output import memory_console

    return memory_console(width, shade, colour=True)


def _shown(app: Viewer, widget: str) -> str:
    return str(app.query_one(f"#{widget}", Static).content)


def _drive(app: Viewer, size: tuple[int, int], script):
    async def main():
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await script(pilot)
    asyncio.run(main())


@pytest.mark.parametrize("relative", SAMPLES)
@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_the_keys_step_through_the_game_and_the_step_shown_is_the_frame(relative, size):
    app = _app(relative)

    async def script(pilot):
        frames = app.current.frames
        first = min(k for k, f in enumerate(frames) if f.findings)
        assert app.step == first  # opens at the first finding
        report = app.current.report
        for i in frames[first].findings:
            assert f"[{report.findings[i].code}]" in _shown(app, "step")
        await pilot.press("home")
        assert app.step == 0
        for k in range(1, 6):
            await pilot.press("right")
            assert app.step == k
            frame = frames[k]
            text = _shown(app, "step")
            assert (frame.notation or "") in text and (frame.text[:30] if frame.text else "") \
                in text.replace("\n", " ")
        await pilot.press("left")
        assert app.step == 4
        await pilot.press("n", "n")
        with_findings = [k for k, f in enumerate(frames) if f.findings]
        assert app.step == with_findings[1]
        await pilot.press("p")
        assert app.step == with_findings[0]
        await pilot.press("end")
        assert app.step == len(frames) - 1
        last = max(f.turn for f in frames if f.turn is not None)
        await pilot.press("up")  # the first step of the last turn
        assert frames[app.step].turn == last and frames[app.step - 1].turn != last
        await pilot.press("up")  # the turn before
        assert frames[app.step].turn == last - 1 and frames[app.step - 1].turn != last - 1
        await pilot.press("right", "up")  # back to the first step of this turn
        assert frames[app.step].turn == last - 1 and frames[app.step - 1].turn != last - 1
        await pilot.press("g", "2", "enter")
        assert frames[app.step].turn == 2 and frames[app.step - 1].turn != 2
        assert _shown(app, "board").strip(), "the table is drawn"
        lines = _shown(app, "board").split("\n")
        assert max(len(line) for line in lines) <= size[0]

    _drive(app, size, script)


@pytest.mark.parametrize("relative", SAMPLES)
def test_the_position_shown_and_copied_is_the_one_the_turn_began_with(relative):
    app = _app(relative)

    async def script(pilot):
        await pilot.press("home", "down", "down", "down")
        turn = app.current.frames[app.step].turn
        expected = engine.position_at(app.current.log, turn)
        assert expected in _shown(app, "position").replace("\n", "")
        await pilot.press("c")
        assert app.clipboard == expected

    _drive(app, (120, 40), script)


def test_v_switches_to_each_seat_at_the_same_turn():
    app = _app(SAMPLES[0])  # a Jamaica game: hidden hands, a view per seat

    async def script(pilot):
        labels = [s.label for s in app.seats]
        assert labels[:2] == ["as recorded", "the table's view"] and len(labels) == 6
        await pilot.press("g", "7", "enter")
        for n in range(1, len(labels)):
            await pilot.press("v")
            assert app.seat == n and app.current.frames[app.step].turn == 7
            assert labels[n] in _shown(app, "where")
        await pilot.press("v")
        assert app.seat == 0

    _drive(app, (80, 24), script)


def test_ascii_and_the_light_theme():
    app = _app(SAMPLES[0], ascii=True, theme_name="light")

    async def script(pilot):
        await pilot.press("home", "down")
        assert app.theme == "textual-light"
        assert _shown(app, "board").isascii()

    _drive(app, (80, 24), script)


def test_opens_at_the_turn_asked():
    app = _app(SAMPLES[1], turn=3)

    async def script(pilot):
        assert app.current.frames[app.step].turn == 3

    _drive(app, (80, 24), script)


def test_without_textual_the_command_says_what_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "textual", None)  # import textual raises ImportError
    status, output = run(["view", str(ROOT / "samples" / SAMPLES[0])])
    assert status == 2 and "pip install 'cartlog[view]'" in output
    assert "Traceback" not in output


def test_without_a_terminal_the_command_says_to_use_replay(tmp_path):
    # keys cannot be read from a pipe: the viewer never waits on one
    import subprocess

    sample = str(ROOT / "samples" / SAMPLES[0])
    proc = subprocess.run([sys.executable, "-m", "cartlog", "view", sample],
                          stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2 and "needs a terminal" in proc.stderr
    assert proc.stdout == ""
    status, output = run(["view", sample])
    assert status == 2 and "cartlog replay" in output
