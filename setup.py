"""Build cartlog, with the rules engines' hot modules compiled by mypyc.

Each package that has hot modules names them in its ``__init__.py``: ``COMPILED = ("model",
"rules", ...)``, a literal tuple that this file reads without importing cartlog. Each such
package becomes one shared library (calls inside it are C calls). The modules are plain, fully
typed Python; mypyc turns each into a C extension that runs the same code several times faster
(docs/performance.md, "Compiled rule modules"). The Python source stays the reference:
``CARTLOG_PURE_PYTHON=1`` builds without compiling, and a build that cannot compile (no C
compiler, say) warns and installs the pure package.
"""

from __future__ import annotations

import ast
import os
import sys
from pathlib import Path

try:
    from setuptools import setup
    from setuptools.command.build_ext import build_ext
except ModuleNotFoundError:  # read for its declarations alone (tests/test_build.py)
    build_ext = object

ROOT = Path(__file__).resolve().parent


def declared(init: Path) -> tuple[str, ...]:
    """The ``COMPILED`` tuple of a package's ``__init__.py`` (empty when it has none)."""
    for node in ast.parse(init.read_text(encoding="utf-8")).body:
        target = node.target if isinstance(node, ast.AnnAssign) else \
            node.targets[0] if isinstance(node, ast.Assign) and len(node.targets) == 1 else None
        if isinstance(target, ast.Name) and target.id == "COMPILED" and node.value is not None:
            names = ast.literal_eval(node.value)
            if not (isinstance(names, tuple) and all(isinstance(n, str) for n in names)):
                raise SystemExit(f"setup.py: {init}: COMPILED is not a tuple of module names")
            return names
    return ()


def compiled_groups(root: Path = ROOT) -> list[tuple[list[str], str]]:
    """One group a package that declares compiled modules: its source files (relative to
    ``root``, with ``/``) and the name of its shared library, ``cartlog_<package>``."""
    groups = []
    for init in sorted((root / "cartlog").rglob("__init__.py")):
        names = declared(init)
        if names:
            package = init.parent.relative_to(root).as_posix()
            groups.append(([f"{package}/{name}.py" for name in names],
                           f"cartlog_{init.parent.name}"))
    return groups


class OptionalBuildExt(build_ext):
    """Compiles the C files of every library in one queue on every core, the largest first
    (so that no core waits on one library while the other has nothing to do), then links the
    libraries. All or nothing: when one module fails to compile, none is installed compiled."""

    def finalize_options(self) -> None:
        super().finalize_options()
        if self.parallel is None:
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

    def build_extensions(self) -> None:
        from concurrent.futures import ThreadPoolExecutor

        self.check_extensions_list(self.extensions)
        owner = {}  # each C file once: mypyc's runtime files are shared by the libraries
        for ext in self.extensions:
            for source in ext.sources:
                owner.setdefault(source, ext)
        queue = sorted(owner, key=os.path.getsize, reverse=True)
        compile_one = self.compiler.compile
        with ThreadPoolExecutor(max(1, int(self.parallel))) as pool:
            for _ in pool.map(lambda source: self._compile(compile_one, source, owner[source]),
                              queue):
                pass
            # the objects are made: linking a library compiles nothing again
            self.compiler.compile = lambda sources, output_dir=None, **_: \
                self.compiler.object_filenames(sources, output_dir=output_dir)
            try:
                for _ in pool.map(self.build_extension, self.extensions):
                    pass
            finally:
                self.compiler.compile = compile_one

    def _compile(self, compile_one, source: str, ext) -> None:
        obj = self.compiler.object_filenames([source], output_dir=self.build_temp)[0]
        if not self.force and os.path.exists(obj) and all(
                os.path.getmtime(dep) <= os.path.getmtime(obj) for dep in [source, *ext.depends]
                if os.path.exists(dep)):
            return  # built before, and no input changed since
        macros = [*ext.define_macros, *((undef,) for undef in ext.undef_macros)]
        compile_one([source], output_dir=self.build_temp, macros=macros,
                    include_dirs=ext.include_dirs, debug=self.debug,
                    extra_postargs=ext.extra_compile_args or [], depends=ext.depends)


def extensions() -> list:
    if os.environ.get("CARTLOG_PURE_PYTHON"):
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        print("warning: mypyc is not installed; installing the pure Python package",
              file=sys.stderr)
        return []
    groups = compiled_groups()
    return mypycify([path for paths, _ in groups for path in paths], opt_level="3",
                    separate=groups)


if __name__ == "__main__":
    setup(ext_modules=extensions(), cmdclass={"build_ext": OptionalBuildExt})
