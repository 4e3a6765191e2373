"""The ``cartlog`` command line: a thin layer over the library, one module per command.

Each command reads its input, calls one library function and renders the result; only this
package owns a console. Exit statuses follow linters: 0 clean, 1 findings at error severity,
2 unreadable input or bad usage. :func:`main` runs the program with no traceback reaching the
user, building only the command asked for.
"""

from __future__ import annotations

import importlib
import os
import sys
from typing import TYPE_CHECKING, Annotated, Any, cast

import typer

from cartlog import version_line
from cartlog.cli.application import APP_SETTINGS
from cartlog.cli.application import app as _app
from cartlog.cli.options import ThemeName
from cartlog.cli.output import EXIT_UNREADABLE, quiet_exit
from cartlog.core.text import to_ascii

if TYPE_CHECKING:
    from io import TextIOWrapper

    from typer.models import CommandInfo

__all__ = ["ThemeName", "app", "main", "to_ascii", "whole_app"]
# the commands, in the order the help lists them: each is the module of that name, which adds
# its command to the app when imported (a run imports the one it runs)
COMMANDS = ("check", "replay", "view", "score", "simulate", "convert", "explain", "games",
            "schema", "record")


def _load(name: str) -> None:
    importlib.import_module(f"cartlog.cli.{name}")


def whole_app() -> typer.Typer:
    """The app with every command, in the order of :data:`COMMANDS` (help, completion)."""
    for name in COMMANDS:
        _load(name)
    _app.registered_commands.sort(key=lambda info: COMMANDS.index(_command_name(info)))
    return _app


def __getattr__(name: str) -> Any:
    """``app`` (every command), and the names a command's module holds (``FEW_LOGS`` and
    ``_Screen`` of check), loaded when first asked for."""
    if name == "app":
        return whole_app()
    if name in ("FEW_LOGS", "_Screen"):
        from cartlog.cli import check

        return getattr(check, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _version(value: bool) -> None:
    if value:
        sys.stdout.write(version_line() + "\n")
        raise typer.Exit()


@_app.callback()
def _root(version: Annotated[bool, typer.Option("--version", "-V", callback=_version,
                                                is_eager=True, help="Print the version.")]
          = False) -> None:
    """Replay and audit recorded games."""


def main() -> None:
    """The ``cartlog`` program: no traceback reaches the user.

    Set ``CARTLOG_DEBUG=1`` to see the traceback of an internal error."""
    for stream in (sys.stdout, sys.stderr):  # PYTHONIOENCODING=ascii: escape, never fail
        try:
            # a TextIOWrapper, unless replaced by one with no reconfigure (caught)
            cast("TextIOWrapper", stream).reconfigure(errors="backslashreplace")
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
        return whole_app()
    if args[0] in ("--version", "-V"):
        wanted = []  # the version needs no command
    elif args[0] in COMMANDS:
        _load(args[0])
        wanted = [info for info in _app.registered_commands if _command_name(info) == args[0]]
    else:
        return whole_app()
    one = typer.Typer(help=_app.info.help, add_completion=False,
                      **APP_SETTINGS)  # type: ignore[arg-type]
    one.registered_commands = wanted
    one.registered_callback = _app.registered_callback
    return one


def _command_name(info: CommandInfo) -> str:
    if info.name:
        return info.name
    assert info.callback is not None, "a command is registered with its function"
    return info.callback.__name__.lower().replace("_", "-")

