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
OPT_LEVEL = "3"  # the C compiler's; chosen by measurement (docs/performance.md, "Building")


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
    """Compiles every C file of every library in one queue on every core, the largest first,
    then links the libraries: no core waits on one library's last file while the other has
    nothing to do. All or nothing: when one module fails to compile, none is installed
    compiled."""

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
            reason = " ".join(str(error).split())
            reason = reason if len(reason) <= 100 else reason[:97] + "..."
            print(f"warning: cartlog's rule modules were not compiled ({reason}); "
                  "installing the pure Python package, which runs the same rules slower",
                  file=sys.stderr)

    def build_extensions(self) -> None:
        from concurrent.futures import ThreadPoolExecutor

        self.check_extensions_list(self.extensions)
        if self.compiler.compiler_type == "unix":
            # mypyc defines a library's table of another library's functions in a header that
            # each C file of the library includes (multi_file): one definition, shared
            for ext in self.extensions:
                ext.extra_compile_args = [*(ext.extra_compile_args or []), "-fcommon"]
        owner = {}  # each C file once: mypyc's runtime files are shared by the libraries
        for ext in self.extensions:
            for source in ext.sources:
                owner.setdefault(source, ext)
        queue = sorted(owner, key=os.path.getsize, reverse=True)
        compile_files = self.compiler.compile
        with ThreadPoolExecutor(max(1, int(self.parallel))) as pool:
            for _ in pool.map(lambda source: self._compile(compile_files, source, owner[source]),
                              queue):
                pass
            # every object is made: a library's build only links
            self.compiler.compile = lambda sources, output_dir=None, **_: \
                self.compiler.object_filenames(sources, output_dir=output_dir)
            try:
                for _ in pool.map(self.build_extension, self.extensions):
                    pass
            finally:
                self.compiler.compile = compile_files

    def _compile(self, compile_files, source: str, ext) -> None:
        obj = self.compiler.object_filenames([source], output_dir=self.build_temp)[0]
        if not self.force and os.path.exists(obj) and all(
                os.path.getmtime(path) <= os.path.getmtime(obj)
                for path in [source, *ext.depends] if os.path.exists(path)):
            return  # built before, and nothing it reads changed since
        macros = [*ext.define_macros, *((name,) for name in ext.undef_macros)]
        compile_files([source], output_dir=self.build_temp, macros=macros,
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
    # one C file a module (multi_file), so that the cores share the C compiler's work evenly;
    # OPT_LEVEL: docs/performance.md, "Building"
    return mypycify([path for paths, _ in groups for path in paths], opt_level=OPT_LEVEL,
                    separate=groups, multi_file=True)


if __name__ == "__main__":
    setup(ext_modules=extensions(), cmdclass={"build_ext": OptionalBuildExt})
