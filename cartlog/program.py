"""The ``cartlog`` program's entry point (the console script and ``python -m cartlog``).

``cartlog --version`` (or ``-V``) alone is answered here, before the command line and its
libraries (typer, rich) are loaded; everything else runs :func:`cartlog.cli.main`.
"""

from __future__ import annotations

import os
import sys

from cartlog import version_line

VERSION_ONLY = (["--version"], ["-V"])


def main() -> None:
    """Run the program for ``sys.argv``."""
    completing = any(name.endswith("_COMPLETE") for name in os.environ)
    if sys.argv[1:] in VERSION_ONLY and not completing:
        try:
            sys.stdout.write(version_line() + "\n")
            sys.stdout.flush()
            return
        except OSError:  # a closed pipe, a full disk: the command line says so, as ever
            pass
    from cartlog.cli import main as run

    run()
