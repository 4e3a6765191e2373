"""The compiled build (setup.py): which modules mypyc compiles, and what such a module may
not hold. The rules are the Python source; the compiled modules must behave the same, and a
stale build must not hide an edit."""

from __future__ import annotations

import ast
import importlib
import importlib.util
import os
import re
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _setup_module() -> ModuleType:
    """setup.py as a module, without running the build (its ``setup()`` runs as a script)."""
    spec = importlib.util.spec_from_file_location("cartlog_setup", ROOT / "setup.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


SETUP = _setup_module()
GROUPS = SETUP.compiled_groups()


def _compiled_sources() -> list[Path]:
    """The modules setup.py compiles: each package's ``COMPILED`` declaration."""
    return [ROOT / path for paths, _ in GROUPS for path in paths]


COMPILED = _compiled_sources()


def _module_name(source: Path) -> str:
    return ".".join(source.relative_to(ROOT).with_suffix("").parts)


def test_every_compiled_module_exists_and_is_in_the_package() -> None:
    for source in COMPILED:
        assert source.is_file(), source
        assert source.relative_to(ROOT).parts[0] == "cartlog", source


def test_each_package_declares_its_compiled_modules_once() -> None:
    """A package names its compiled modules in its ``__init__`` (``COMPILED``), which setup.py
    reads as a literal: the package's value when imported is the one the build read, and each
    package is one shared library (``cartlog_<package>``), the core's and one a game's."""
    from cartlog.games import SPECS

    for paths, library in GROUPS:
        package = _module_name(ROOT / paths[0]).rsplit(".", 1)[0]
        declared = importlib.import_module(package).COMPILED
        assert [f"{package.replace('.', '/')}/{name}.py" for name in declared] == paths, package
        assert library == "cartlog_" + package.rsplit(".", 1)[-1]
    libraries = [library for _, library in GROUPS]
    assert len(set(libraries)) == len(libraries), libraries
    assert "cartlog_core" in libraries
    assert set(libraries) <= {"cartlog_core", *(f"cartlog_{spec.name}" for spec in SPECS)}


def test_ci_type_checks_every_compiled_module() -> None:
    """The compiler refuses a type error the type checker would report: the CI's mypy run
    names every compiled module (a file or a folder holding it), so that such an error fails
    the check, not only the compiled build."""
    run = (ROOT / ".ci" / "run").read_text()
    command = re.search(r"^mypy (.*?)(?<!\\)$", run, re.M | re.S)
    assert command, ".ci/run runs no mypy"
    named = [ROOT / p for p in command.group(1).replace("\\\n", " ").split()]
    for source in COMPILED:
        assert any(source == p or p in source.parents for p in named), source

@pytest.mark.parametrize("source", COMPILED, ids=lambda p: _module_name(p))
def test_no_struct_is_declared_in_a_compiled_module(source: Path) -> None:
    """A compiled class loses its docstring and msgspec misreads its annotations: Structs are
    declared in plain modules (each game's frames.py, Meuterer's score.py)."""
    for node in ast.walk(ast.parse(source.read_text())):
        if isinstance(node, ast.ClassDef):
            bases = [ast.unparse(b) for b in node.bases]
            assert not any(b in ("msgspec.Struct", "Struct") for b in bases), \
                f"{source.name}: class {node.name} is a msgspec Struct"


@pytest.mark.parametrize("source", COMPILED, ids=lambda p: _module_name(p))
def test_no_object_is_made_without_its_constructor_in_a_compiled_module(source: Path) -> None:
    """A compiled class has no bare ``__new__`` and no ``__dict__``: copies go through the
    constructor."""
    text = source.read_text()
    assert ".__new__(" not in text, f"{source.name} calls __new__"
    assert "__dict__" not in text, f"{source.name} uses __dict__"


@pytest.mark.parametrize("source", COMPILED, ids=lambda p: _module_name(p))
def test_classes_compared_by_type_in_a_compiled_module_are_final_aliases(source: Path) -> None:
    """A class imported by name (``from events import Turn``) is read from the module's
    dictionary at every use of the name in compiled code: a class tested by identity
    (``type(event) is Turn``, ``kind in (Forward, Back)``), as the hot paths do for every
    event and action, is compared through a ``Final`` alias (``_TURN``), a C static."""
    tree = ast.parse(source.read_text())
    imported = {a.asname or a.name for node in tree.body if isinstance(node, ast.ImportFrom)
                for a in node.names}
    classes = {n for n in imported if n[:1].isupper() and not n.isupper()}
    for node in ast.walk(tree):
        if not isinstance(node, ast.Compare):
            continue
        for op, right in zip(node.ops, node.comparators):
            if isinstance(op, (ast.Is, ast.IsNot)):
                named = [right]
            elif isinstance(op, (ast.In, ast.NotIn)) and isinstance(right, (ast.Tuple, ast.Set)):
                named = list(right.elts)
            else:
                continue
            bad = [n.id for n in named if isinstance(n, ast.Name) and n.id in classes]
            assert not bad, f"{source.name}:{node.lineno}: {bad} compared by name, not alias"


@pytest.mark.parametrize("source", COMPILED, ids=lambda p: _module_name(p))
def test_module_constants_of_a_compiled_module_are_final(source: Path) -> None:
    """Compiled code reads a module-level name from the module's dictionary on every use
    unless it is ``Final`` (then it is a C constant or static): every constant (an upper-case
    name) is declared ``Final``, and none is bound by unpacking, which cannot be."""
    constant = re.compile(r"^_?[A-Z][A-Z0-9_]*$")
    for node in ast.parse(source.read_text()).body:
        if isinstance(node, ast.Assign):
            for target in node.targets:
                names = target.elts if isinstance(target, ast.Tuple) else [target]
                bad = [n.id for n in names if isinstance(n, ast.Name) and constant.match(n.id)
                       and not _is_typevar(node.value)]
                assert not bad, f"{source.name}:{node.lineno}: {bad} not Final"
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) \
                and constant.match(node.target.id):
            assert ast.unparse(node.annotation).startswith("Final"), \
                f"{source.name}:{node.lineno}: {node.target.id} not Final"


def _is_typevar(value: ast.expr) -> bool:
    return isinstance(value, ast.Call) and ast.unparse(value.func) == "TypeVar"


def test_the_modules_are_compiled_all_or_none() -> None:
    """setup.py installs every module compiled, or (CARTLOG_PURE_PYTHON=1, or no compiler)
    none: a compiled module calls its compiled neighbours directly."""
    files = {_module_name(s): importlib.import_module(_module_name(s)).__file__ or ""
             for s in COMPILED}
    compiled = sorted(name for name, path in files.items() if not path.endswith(".py"))
    assert compiled in ([], sorted(files)), f"only some modules are compiled: {compiled}"


def test_a_run_refuses_to_start_on_a_module_edited_since_it_was_compiled(tmp_path) -> None:
    """An extension beside its source wins the import: the run stops at once, naming the
    module and the two ways on, rather than test the old rules."""
    from tests.conftest import stale_extensions

    package = tmp_path / "cartlog"
    package.mkdir()
    (package / "rules.cpython-311-x86_64-linux-gnu.so").write_bytes(b"")
    (package / "model.cpython-311-x86_64-linux-gnu.so").write_bytes(b"")
    (package / "rules.py").write_text("")
    (package / "model.py").write_text("")
    old = (package / "rules.py").stat().st_mtime - 10
    os.utime(package / "rules.cpython-311-x86_64-linux-gnu.so", (old, old))
    assert stale_extensions(package) == ["cartlog/rules.py"]
    assert stale_extensions() == [], "this tree's compiled modules are older than their source"


def test_the_version_says_whether_the_rule_modules_run_compiled() -> None:
    from cartlog import __version__, version_line

    compiled = not (importlib.import_module("cartlog.core.cards").__file__ or "").endswith(".py")
    assert version_line() == f"cartlog {__version__} (compiled: {'yes' if compiled else 'no'})"


def test_a_package_compiled_in_part_is_named(tmp_path):
    """A module of a compiled package without its extension, while a sibling has one, would
    run the old compiled version the package's shared library brings: the run names it."""
    from tests.conftest import partly_compiled

    pkg = tmp_path / "cartlog" / "game"
    pkg.mkdir(parents=True)
    (pkg / "__init__.py").write_text('COMPILED = ("rules", "engine")\n', encoding="utf-8")
    for name in ("rules", "engine"):
        (pkg / f"{name}.py").write_text("", encoding="utf-8")
    assert partly_compiled(tmp_path / "cartlog") == []  # pure: nothing compiled
    (pkg / "rules.cpython-311-x86_64-linux-gnu.so").write_bytes(b"")
    assert partly_compiled(tmp_path / "cartlog") == ["cartlog/game/engine.py"]
    (pkg / "engine.cpython-311-x86_64-linux-gnu.so").write_bytes(b"")
    assert partly_compiled(tmp_path / "cartlog") == []
