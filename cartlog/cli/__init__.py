"""The ``cartlog`` command line: a thin layer over the library, one module per command.

Each command reads its input, calls one library function and renders the result; only this
package owns a console. Exit statuses follow linters: 0 clean, 1 findings at error severity,
2 unreadable input or bad usage. :func:`main` runs the program with no traceback reaching the
user, building only the command asked for.
"""

from __future__ import annotations

import os
import sys
from typing import Annotated

import typer

from cartlog import version_line

# each command's module adds its command to the app
from cartlog.cli import check, convert, explain, games, record, replay, schema, score, simulate
from cartlog.cli.app import APP_SETTINGS, app
from cartlog.cli.check import FEW_LOGS, _Screen
from cartlog.cli.options import ThemeName
from cartlog.cli.output import EXIT_UNREADABLE, quiet_exit
from cartlog.core.text import to_ascii

__all__ = ["FEW_LOGS", "ThemeName", "_Screen", "app", "main", "to_ascii"]
_MODULES = (check, convert, explain, games, record, replay, schema, score, simulate)
ORDER = ("check", "replay", "score", "simulate", "convert", "explain", "games", "schema",
         "record")  # the order the help lists the commands in


def _version(value: bool) -> None:
    if value:
        sys.stdout.write(version_line() + "\n")
        raise typer.Exit()


@app.callback()
def _root(version: Annotated[bool, typer.Option("--version", "-V", callback=_version,
                                                is_eager=True, help="Print the version.")]
          = False) -> None:
    """Replay and audit recorded games."""


def main() -> None:
    """The ``cartlog`` program: no traceback reaches the user.

    Set ``CARTLOG_DEBUG=1`` to see the traceback of an internal error."""
    for stream in (sys.stdout, sys.stderr):  # PYTHONIOENCODING=ascii: escape, never fail
        try:
            stream.reconfigure(errors="backslashreplace")
        except (AttributeError, ValueError):
            pass
    try:
        _app_for(sys.argv[1:])(prog_name="cartlog", standalone_mode=True)
    except KeyboardInterrupt:
        sys.stderr.write("cartlog: interrupted\n")
        sys.exit(130)
    except BrokenPipeError:
        quiet_exit()
    except OSError as exc:  # standard output or error cannot be written (/dev/full)
        quiet_exit(f"cartlog: cannot write the output: {exc.strerror or exc}\n")
    except Exception as exc:  # noqa: BLE001 - the last line of defence
        if os.environ.get("CARTLOG_DEBUG"):
            raise
        sys.stderr.write(f"cartlog: internal error: {type(exc).__name__}: {exc}\n"
                         "cartlog: please report it with the log and the command; "
                         "CARTLOG_DEBUG=1 shows the traceback\n")
        sys.exit(EXIT_UNREADABLE)


def _app_for(args: list[str]) -> typer.Typer:
    """The app to run for ``args``: when they start with a command's name, an app holding that
    command alone, since building every command's parameters is most of the start-up time
    and a run uses one (none for ``--version``); otherwise (help, ``--version``, a mistyped command, completion) the
    whole app, so that the list of commands and "did you mean" are those of every command."""
    if not args or any(name.endswith("_COMPLETE") for name in os.environ):
        return app
    if args[0] in ("--version", "-V"):
        wanted = []  # the version needs no command
    else:
        wanted = [info for info in app.registered_commands if _command_name(info) == args[0]]
        if len(wanted) != 1:
            return app
    one = typer.Typer(help=app.info.help, add_completion=False,
                      **APP_SETTINGS)  # type: ignore[arg-type]
    one.registered_commands = wanted
    one.registered_callback = app.registered_callback
    return one


def _command_name(info) -> str:
    return info.name or info.callback.__name__.lower().replace("_", "-")


app.registered_commands.sort(key=lambda info: ORDER.index(_command_name(info)))
