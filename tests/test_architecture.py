"""Imports run one way: ``cli`` -> ``render`` / ``audit`` -> ``games`` -> ``core``.

Every module's syntax tree is scanned, imports inside functions included, so that a lazy
import cannot slip past.
"""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "cartlog"


def module_name(path: Path, root: Path = ROOT) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports_of(path: Path, root: Path = ROOT) -> set[str]:
    """Every module an import statement in ``path`` names, relative imports resolved."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    package = module_name(path, root).split(".")
    if path.name != "__init__.py":
        package = package[:-1]
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[:len(package) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            found.add(module)
            found.update(f"{module}.{alias.name}" for alias in node.names)
        elif (isinstance(node, ast.Call) and isinstance(node.func, (ast.Name, ast.Attribute))
              and getattr(node.func, "id", getattr(node.func, "attr", "")) == "import_module"
              and node.args and isinstance(node.args[0], ast.Constant)):
            found.add(str(node.args[0].value))
    return found


def modules_under(*parts: str) -> list[Path]:
    base = PACKAGE.joinpath(*parts)
    return [base] if base.is_file() else sorted(base.rglob("*.py"))


def touches(name: str, forbidden: str) -> bool:
    return name == forbidden or name.startswith(forbidden + ".")


RULES = [
    ("core", ("cartlog.games", "cartlog.audit", "cartlog.render", "cartlog.cli",
              "cartlog.schemas", "rich", "typer")),
    ("games", ("rich", "typer", "cartlog.render", "cartlog.audit", "cartlog.cli",
               "cartlog.schemas")),
    ("render", ("typer", "cartlog.cli")),
    ("audit.py", ("rich", "typer", "cartlog.render", "cartlog.cli")),
]


@pytest.mark.parametrize("layer, forbidden", RULES, ids=[r[0] for r in RULES])
def test_imports_run_one_way(layer, forbidden):
    paths = modules_under(layer)
    assert paths, f"no modules under cartlog/{layer}"
    bad = [f"{path.relative_to(ROOT)} imports {name}"
           for path in paths for name in sorted(imports_of(path))
           if any(touches(name, f) for f in forbidden)]
    assert not bad, "\n".join(bad)


def test_the_scanner_sees_lazy_and_relative_imports(tmp_path):
    pkg = tmp_path / "cartlog" / "games"
    pkg.mkdir(parents=True)
    probe = pkg / "probe.py"
    probe.write_text("def f():\n    import rich.console\n    from ..render import theme\n"
                     "    from . import cartagena\n", encoding="utf-8")
    found = imports_of(probe, tmp_path)
    assert {"rich.console", "cartlog.render", "cartlog.render.theme",
            "cartlog.games.cartagena"} <= found


def console_calls(path: Path) -> list[int]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    return [node.lineno for node in ast.walk(tree)
            if isinstance(node, ast.Call) and (
                (isinstance(node.func, ast.Name) and node.func.id == "Console")
                or (isinstance(node.func, ast.Attribute) and node.func.attr == "Console"))]


def test_only_the_cli_creates_a_console():
    bad = [f"{path.relative_to(ROOT)}:{line}" for path in sorted(PACKAGE.rglob("*.py"))
           if path != PACKAGE / "cli.py" for line in console_calls(path)]
    assert not bad, f"Console( outside cartlog/cli.py: {bad}"
    assert console_calls(PACKAGE / "cli.py"), "the CLI should own the console"


def test_renderers_never_print():
    bad = []
    for path in modules_under("render"):
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
