"""Build cartlog, with the rules engines' hot modules compiled by mypyc.

The modules in ``COMPILED`` are plain, fully typed Python; mypyc turns each into a C extension
that runs the same code several times faster (docs/performance.md, "Compiled rule modules").
The Python source stays the reference: ``CARTLOG_PURE_PYTHON=1`` builds without compiling, and
a build that cannot compile (no C compiler, say) warns and installs the pure package.
"""

from __future__ import annotations

import os
import sys

from setuptools import setup
from setuptools.command.build_ext import build_ext

COMPILED = [
    "cartlog/core/cards.py",
    "cartlog/core/notation.py",
    "cartlog/core/walk.py",
    "cartlog/games/cartagena/model.py",
    "cartlog/games/cartagena/engine.py",
    "cartlog/games/cartagena/lookahead.py",
    "cartlog/games/cartagena/rules.py",
    "cartlog/games/cartagena/notation.py",
    "cartlog/games/cartagena/replay.py",
    "cartlog/games/meuterer/engine.py",
    "cartlog/games/meuterer/lookahead.py",
    "cartlog/games/meuterer/model.py",
    "cartlog/games/meuterer/rules.py",
    "cartlog/games/meuterer/settle.py",
    "cartlog/games/meuterer/notebook.py",
    "cartlog/games/meuterer/replay.py",
    "cartlog/games/meuterer/notation.py",
    "cartlog/games/mutiny/model.py",
    "cartlog/games/mutiny/rules.py",
    "cartlog/games/mutiny/replay.py",
    "cartlog/games/mutiny/notation.py",
]


class OptionalBuildExt(build_ext):
    """All or nothing: when one module fails to compile, none is installed compiled."""

    def finalize_options(self) -> None:
        super().finalize_options()
        if self.parallel is None:  # compile the C files on every core
            self.parallel = os.cpu_count() or 1

    def run(self) -> None:
        try:
            super().run()
        except Exception as error:  # a compiler's failure takes many forms
            for path in self.get_outputs():
                if os.path.exists(path):
                    os.remove(path)
            print(f"warning: cartlog's rule modules were not compiled ({error}); "
                  "installing the pure Python package, which runs the same rules slower",
                  file=sys.stderr)


def extensions() -> list:
    if os.environ.get("CARTLOG_PURE_PYTHON"):
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        print("warning: mypyc is not installed; installing the pure Python package",
              file=sys.stderr)
        return []
    # one group (one shared library, built on its own core) a game: calls inside a group are
    # C calls; the core modules go with Cartagena, whose audit calls them most
    groups = [([p for p in COMPILED if f"/{game}/" in p or (game == "cartagena" and "/core/" in p)],
               f"cartlog_{game}") for game in ("cartagena", "meuterer", "mutiny")]
    grouped = sorted(path for paths, _ in groups for path in paths)
    if grouped != sorted(COMPILED):
        raise SystemExit(f"setup.py: compiled modules in no group: {set(COMPILED) - set(grouped)}")
    return mypycify(COMPILED, opt_level="3", separate=groups)


setup(ext_modules=extensions(), cmdclass={"build_ext": OptionalBuildExt})
