"""The command line's application and its help: click's plain layout, wrapped at the
terminal's width, each example a paragraph of its own."""

from __future__ import annotations

import inspect
import shutil
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

import typer
from typer.core import TyperArgument, TyperCommand, TyperGroup, TyperOption

from cartlog.cli.options import game_titles

# Help is click's plain layout, which wraps every line at the terminal's width (typer's boxed
# layout cuts option names short on a narrow terminal). Paragraphs flow to the width (the
# docstrings' own line breaks do not count) and each example is a paragraph of its own. Values
# are shown by their metavar (LOG, N, FILE); a flag shows none. Typer prints an argument's
# Python type beside its name (``<path>``) with no setting to turn it off, so the commands
# below show arguments through :class:`_Argument`, which prints the name alone.

HELP_WIDTH = 100  # help is wrapped at the terminal's width, and at most at this one

if TYPE_CHECKING:  # the classes of typer's own copy of click, by name for the type checker
    from typer._click.core import Context as _Context
    from typer._click.core import Parameter
    from typer._click.formatting import HelpFormatter as _Formatter
else:
    _Context = TyperCommand.context_class
    _Formatter = _Context.formatter_class


class _HelpFormatter(_Formatter):
    """Click's help formatter, wrapping at the terminal's width however narrow (click's own
    never goes under 50 columns) and putting an option's help under it when the option is
    long for the width."""

    def __init__(self, indent_increment: int = 2, width: int | None = None,
                 max_width: int | None = None) -> None:
        if width is None:
            width = max(min(shutil.get_terminal_size().columns, HELP_WIDTH) - 2, 20)
        super().__init__(indent_increment, width, max_width)

    def write_dl(self, rows: Sequence[tuple[str, str]], col_max: int = 30,
                 col_spacing: int = 2) -> None:
        super().write_dl(rows, min(col_max, max(8, self.width // 3)), col_spacing)


class _HelpContext(_Context):
    formatter_class = _HelpFormatter


class _Argument(TyperArgument):
    """An argument in help and usage: its name (``LOG``, ``[LOG]`` when optional, ``LOGS...``),
    never its Python type."""

    def make_metavar(self, ctx: _Context, *, usage: bool = False) -> str:
        name = self.metavar or (self.name or "").upper()
        if usage and not self.required:
            name = f"[{name}]"
        return name + ("..." if self.nargs != 1 else "")


def _plain_params(params: Iterable[Parameter]) -> None:
    for param in params:
        if type(param) is TyperArgument:
            param.__class__ = _Argument
        elif isinstance(param, TyperOption) and param.metavar is None and param.is_flag:
            param.metavar = ""  # a flag takes no value: nothing to show after its name


def _short_help(help_text: str | None) -> str:
    """A command's line in the list of commands: the first sentence of its help, whole."""
    first = inspect.cleandoc(help_text or "").split("\n\n")[0].replace("\n", " ")
    end = first.find(". ")
    return first[:end + 1] if end != -1 else first


class _PlainHelp:
    """What commands and the group share in help: the plain layout, names for values."""

    context_class: type[_Context] = _HelpContext

    def __init__(self, *args: Any, **kwargs: Any) -> None:  # a click command's arguments
        super().__init__(*args, **kwargs)
        _plain_params(self.params)  # type: ignore[attr-defined]

    def get_help_option(self, ctx: _Context) -> TyperOption | None:
        option: TyperOption | None = super().get_help_option(ctx)  # type: ignore[misc]
        _plain_params([option] if option is not None else [])
        return option


class Command(_PlainHelp, TyperCommand):
    def get_short_help_str(self, limit: int = 45) -> str:
        return self.short_help or _short_help(self.help)


class _Group(_PlainHelp, TyperGroup):
    pass


APP_SETTINGS = dict(name="cartlog", cls=_Group, no_args_is_help=True, rich_markup_mode=None,
                     context_settings={"help_option_names": ["-h", "--help"]},
                     pretty_exceptions_enable=False)


app = typer.Typer(
    help=f"""Replay and audit recorded games of {game_titles()}: every illegal move and every
    wrong score or result, at its line and column.

    Exit status: 0 clean, 1 errors found, 2 unreadable input or bad usage.

    Examples:

      cartlog check game.cartlog

      cartlog check logs/

      cartlog replay game.cartlog --turn 12

      cartlog explain move/forward-destination""",
    add_completion=True,
    **APP_SETTINGS,  # type: ignore[arg-type]
)
