"""Shared fixtures: where the samples are, and text snapshots; and a run that refuses to start
on rule modules compiled before their source was last edited."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest
from syrupy.extensions.single_file import SingleFileSnapshotExtension, WriteMode

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples"


def stale_extensions(package: Path = ROOT / "cartlog") -> list[str]:
    """The compiled modules older than their source. An extension beside its source wins the
    import, so after an edit the tests would run the old rules without a word."""
    stale = []
    for extension in sorted(package.rglob("*.so")) + sorted(package.rglob("*.pyd")):
        source = extension.with_name(extension.name.split(".", 1)[0] + ".py")
        if source.exists() and source.stat().st_mtime > extension.stat().st_mtime:
            stale.append(str(source.relative_to(package.parent)))
    return stale


def partly_compiled(package: Path = ROOT / "cartlog") -> list[str]:
    """The modules a package compiles (its ``COMPILED``, read as setup.py reads it) that have
    no extension while a sibling has one: that sibling loads the package's shared library,
    which brings the compiled, maybe older, version of the module with it."""
    spec = importlib.util.spec_from_file_location("cartlog_setup_for_tests", ROOT / "setup.py")
    assert spec is not None and spec.loader is not None
    setup = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(setup)
    missing = []
    for init in sorted(package.rglob("__init__.py")):
        names = setup.declared(init)
        built = [n for n in names if any(init.parent.glob(f"{n}.*.so"))]
        if built:
            missing += [str((init.parent / f"{n}.py").relative_to(package.parent))
                        for n in names if n not in built]
    return missing


def pytest_sessionstart(session: pytest.Session) -> None:
    if hasattr(session.config, "workerinput"):  # a worker of pytest -n: the controller checked
        return
    part = partly_compiled()
    if part:
        pytest.exit(f"compiled in part: no extension for {', '.join(part)} while its package's "
                    "others have one; build again with `pip install -e .`, or remove every "
                    "extension", returncode=4)
    stale = stale_extensions()
    if stale:
        pytest.exit(f"edited since they were compiled: {', '.join(stale)}; build again with "
                    "`pip install -e .`, or work on pure Python with "
                    "`CARTLOG_PURE_PYTHON=1 pip install -e .`", returncode=4)


@pytest.fixture
def samples_dir() -> Path:
    return SAMPLES


class TextSnapshot(SingleFileSnapshotExtension):
    """One UTF-8 text file per snapshot."""

    _write_mode = WriteMode.TEXT
    file_extension = "txt"


@pytest.fixture
def snap(snapshot):
    return snapshot.use_extension(TextSnapshot)
