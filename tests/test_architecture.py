"""Imports run one way: ``cli`` -> ``render`` / ``audit`` -> ``engine`` -> ``games`` -> ``core``.

The import rules are import-linter contracts (pyproject.toml), checked here and in CI; the
syntax-tree checks below keep the terminal in the CLI's hands.
"""

from __future__ import annotations

import ast
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import cartlog
from cartlog.games import GAMES

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "cartlog"


def modules_under(*parts: str) -> list[Path]:
    base = PACKAGE.joinpath(*parts)
    return [base] if base.is_file() else sorted(base.rglob("*.py"))


def test_import_contracts_hold():
    """The layers, the independence of the games and the rules' distance from the terminal
    are import-linter contracts (``[tool.importlinter]`` in pyproject.toml)."""
    exe = shutil.which("lint-imports")
    if exe is None:
        pytest.skip("import-linter is not installed (pip install '.[test]')")
    proc = subprocess.run([exe], cwd=ROOT, capture_output=True, text=True, timeout=300,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "0 broken" in proc.stdout


def console_calls(path: Path, names=("Console", "LogConsole")) -> list[int]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    return [node.lineno for node in ast.walk(tree)
            if isinstance(node, ast.Call) and (
                (isinstance(node.func, ast.Name) and node.func.id in names)
                or (isinstance(node.func, ast.Attribute) and node.func.attr in names))]


def test_only_the_cli_creates_a_console_and_it_escapes_a_logs_text():
    own = PACKAGE / "cli" / "output.py"  # the command line's console and input/output
    bad = [f"{path.relative_to(ROOT)}:{line}" for path in sorted(PACKAGE.rglob("*.py"))
           if path != own for line in console_calls(path)]
    assert not bad, f"Console( outside {own.relative_to(ROOT)}: {bad}"
    assert console_calls(own), "the CLI should own the console"
    # every console is the one that escapes control characters (cartlog/render/console.py)
    assert not console_calls(own, ("Console",)), "a console not LogConsole"


def test_renderers_never_print():
    bad = []
    for path in modules_under("render") + sorted(PACKAGE.glob("games/*/render/*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        bad += [f"{path.relative_to(ROOT)}:{node.lineno}" for node in ast.walk(tree)
                if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                and node.func.id == "print"]
    assert not bad, f"print() in a renderer: {bad}"


def test_rules_import_neither_rich_nor_typer():
    code = ("import sys, cartlog.games.cartagena.rules, cartlog.games.cartagena.notation; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('rich', 'typer')))")
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                          text=True, timeout=60, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "[]"


# -- start-up: a command imports only what it uses ---------------------------------------------

NOT_AT_START = ("pydantic", "prompt_toolkit", "hashlib", "cartlog.record",
                "cartlog.games.cartagena.engine", "cartlog.games.meuterer.engine",
                "concurrent.futures.process",
                # the game registry reads the entry points without importlib.metadata, and
                # imports no part of a game beyond its spec (Pig's, when installed)
                "importlib.metadata", "cartlog_pig.engine",
                # only cartlog view draws with Textual
                "textual", "cartlog.viewer")


@pytest.mark.parametrize("args", [["--version"], ["-V"]])
def test_the_version_alone_loads_no_command_line(args):
    """``cartlog --version`` answers before typer and rich are imported, with the line the
    command line would print."""
    code = ("import sys, runpy; sys.argv = ['cartlog', *sys.argv[1:]]\n"
            "runpy.run_module('cartlog', run_name='__main__')\n"
            "sys.stderr.write(repr(sorted({m.split('.')[0] for m in sys.modules} "
            "& {'typer', 'rich', 'click', 'msgspec'})))")
    proc = subprocess.run([sys.executable, "-c", code, *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=60, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == cartlog.version_line() + "\n"
    assert proc.stderr == "[]"


@pytest.mark.parametrize("args", [
    ["--version"],
    ["check", "samples/mutiny/one-player.cartlog"],
    ["check", "--format", "json", "samples/mutiny/one-player.cartlog"],
    ["replay", "samples/mutiny/one-player.cartlog"],
    ["replay", "samples/mutiny/one-player.cartlog", "--html", "-"],
    ["view", "--help"],
])
def test_start_up_imports_nothing_the_command_does_not_use(args):
    """An unsealed Mutiny log: no other game's engine, no seal hashing, no recorder, no worker
    processes, and no pydantic (which typer 0.29 would bring)."""
    code = ("import sys, runpy; sys.argv = ['cartlog', *sys.argv[1:]]\n"
            "try:\n    runpy.run_module('cartlog', run_name='__main__')\n"
            "except SystemExit:\n    pass\n"
            f"sys.stderr.write(repr(sorted(m for m in {NOT_AT_START!r} if m in sys.modules)))")
    proc = subprocess.run([sys.executable, "-c", code, *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=60, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert proc.stderr.splitlines()[-1] == "[]", proc.stderr


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_logs_events_are_not_tracked_by_the_garbage_collector(game):
    """A log's Structs never form a cycle (gc=False): a decode of thousands of them costs
    the collector nothing, which an archive's audit feels."""
    import gc

    from cartlog.core.errors import LogSyntaxError
    from cartlog.logs import read_log

    samples = sorted((Path(__file__).parent.parent / "samples" / game).glob("*.cartlog"))
    texts = [(path.name, path.read_text()) for path in samples]
    if not texts:  # a game of another package: a game it simulates
        spec = GAMES[game]
        texts = [("simulated", spec.notation.format_log(spec.simulate(seed=1)))]
    for name, text in texts:
        try:
            log = read_log(text, name)
        except LogSyntaxError:  # an unreadable sample has no events to look at
            continue
        assert log.events, name
        for event in log.events:
            assert not gc.is_tracked(event), (name, type(event).__name__)
            for item in getattr(event, "actions", None) or ():
                assert not gc.is_tracked(item), (name, type(item).__name__)
        return
    raise AssertionError(f"no readable {game} sample")


def test_only_the_viewer_imports_textual():
    """Textual is the ``view`` extra: nothing but the viewer and its command imports it (the
    command only to say what to install when it is missing)."""
    allowed = {PACKAGE / "viewer.py", PACKAGE / "cli" / "view.py"}
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            if any(n.split(".")[0] == "textual" for n in names) and path not in allowed:
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert not found
