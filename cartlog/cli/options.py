"""Options and arguments shared by the commands, defined once, and their values read here so
that a wrong one is answered in this program's words."""

from __future__ import annotations

import os
import stat
from collections.abc import Callable
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Optional, TypeVar

import typer

from cartlog.games import SPECS


def game_titles(titles: list[str] | None = None, sep: str = " and ") -> str:
    titles = [spec.title for spec in SPECS] if titles is None else titles
    return ", ".join(titles[:-1]) + sep + titles[-1] if len(titles) > 1 else titles[0]


def play_units(plural: bool = False) -> str:
    """What the games count their play in, from their specs: ``turn or round``; with
    ``plural``, which game counts which (``turns in Cartagena, rounds in Meuterer and ...``)."""
    by_word: dict[str, list[str]] = {}
    for spec in SPECS:
        by_word.setdefault(spec.turns_word if plural else spec.turn_word, []).append(spec.title)
    if not plural:
        return " or ".join(by_word)
    return "; ".join(f"{word} in {game_titles(titles)}" for word, titles in by_word.items())


class Format(StrEnum):
    text = "text"
    json = "json"


class ConvertTo(StrEnum):
    json = "json"
    text = "text"


class ThemeName(StrEnum):
    auto = "auto"
    dark = "dark"
    light = "light"


def read_number(text: str | int) -> int:
    """A whole number (``--turn 12``)."""
    if isinstance(text, int):  # the default
        return text
    value = text.strip()
    digits = value.removeprefix("-")
    if not (digits.isascii() and digits.isdigit()):
        raise typer.BadParameter(f"{text!r} is not a whole number")
    if len(digits.lstrip("0")) > 18:
        raise typer.BadParameter(f"{text!r} is too large")
    return int(value)


E = TypeVar("E", bound=StrEnum)  # the words of an option


def one_of(kind: type[E]) -> Callable[[str | E], E]:
    """The value of an option that takes one of a few words (``--format json``)."""
    words: list[str] = [m.value for m in kind]

    def read(text: str | E) -> E:
        if isinstance(text, kind):  # the default
            return text
        value = str(text).strip().lower()
        if value not in words:
            raise typer.BadParameter(f"{text!r}: expected {', '.join(words[:-1])} or "
                                     f"{words[-1]}")
        return kind(value)

    return read


FormatOpt = Annotated[Format, typer.Option("--format", "-f", metavar="text|json",
                                           parser=one_of(Format),
                                           help="text for people, json for programs.")]


AsciiOpt = Annotated[bool, typer.Option("--ascii", help="Plain ASCII, no colour: for dumb "
                                        "terminals, files and snapshots.")]


ThemeOpt = Annotated[ThemeName, typer.Option(
    "--theme", metavar="auto|dark|light", envvar="CARTLOG_THEME", parser=one_of(ThemeName),
    help="Colours for a dark or a light terminal background; auto: light when the terminal "
    "says so (COLORFGBG), else dark.")]


# A path is never checked by the argument parser (typer checks that it can be read, with a
# usage message and no JSON): the command says itself, at the path, why it cannot read it
# (docs/cli.md, "Exit status").
LogArg = Annotated[Path, typer.Argument(metavar="LOG", help="A game log, text or JSON ('-' for "
                                        "standard input).", show_default=False,
                                        readable=False)]


GameOpt = Annotated[Optional[int], typer.Option(
    "--game", "-g", metavar="N", parser=read_number, show_default=False,
    help="Of a file of several games written one after the other, the game numbered N "
    "(from 1).")]


OutputOpt = Annotated[Optional[Path], typer.Option("--output", "-o", metavar="FILE",
                                                   help="Write to this file instead of "
                                                   "standard output.", readable=False)]


KeyOpt = Annotated[Optional[Path], typer.Option(
    "--key", metavar="FILE", show_default=False, readable=False,
    help="A key file (its text, at least 16 characters): seals are HMAC-SHA256 with this key, "
    "so only its holder can seal a log or verify one (docs/cli.md, \"Sealed logs\").")]


def read_key(path: Path) -> bytes:
    """The key a key file holds (:func:`cartlog.core.seal.read_key`); ``ValueError`` saying
    why it cannot be read or used, with the path as it may be shown."""
    from cartlog.core.seal import MAX_KEY
    from cartlog.core.seal import read_key as key_of
    from cartlog.core.text import printable

    name = printable(str(path))
    try:
        mode = os.stat(path).st_mode
        if not stat.S_ISREG(mode):  # a FIFO or a device would block or never end
            raise ValueError(f"{name}: not a key file (a regular file holding the key)")
        with open(path, "rb") as handle:
            data = handle.read(MAX_KEY + 1)
    except OSError as exc:
        raise ValueError(f"{name}: cannot read the key: {exc.strerror or exc}") from None
    if len(data) > MAX_KEY:
        raise ValueError(f"{name}: not a key file (more than {MAX_KEY} bytes)")
    try:
        return key_of(data)
    except ValueError as exc:
        raise ValueError(f"{name}: {exc}") from None


def starting_with(incomplete: str, words: list[str]) -> list[str]:
    """Shell completion: the words that start with what has been typed, sorted, once each."""
    typed = incomplete.strip().lower()
    return sorted({w for w in words if w.startswith(typed)})


def game_names(incomplete: str) -> list[str]:
    return starting_with(incomplete, [spec.name for spec in SPECS])


def rule_set_names(ctx: typer.Context, incomplete: str) -> list[str]:
    """The rule sets of the game already typed (``simulate meuterer --rules <TAB>``: base,
    pirate), or of every game before a game is given (shell completion). The words typed
    come from the shell (``COMP_WORDS`` in bash, ``_TYPER_COMPLETE_ARGS`` in zsh, fish and
    PowerShell): the game is the first after the command that is no option."""
    from cartlog.games import find_game

    game = (ctx.params or {}).get("game")
    if not isinstance(game, str):
        words = (os.environ.get("COMP_WORDS") or os.environ.get("_TYPER_COMPLETE_ARGS")
                 or "").split()
        after = next((i for i, w in enumerate(words) if w in ("simulate", "record")), None)
        game = next((w for w in words[after + 1:] if not w.startswith("-")), None) \
            if after is not None else None
    spec = find_game(game) if isinstance(game, str) else None
    specs = [spec] if spec is not None else SPECS
    return starting_with(incomplete, [r for s in specs for r in s.rulesets])


def code_names(incomplete: str) -> list[str]:
    """The finding codes that start with what has been typed (shell completion)."""
    from cartlog.games import all_codes

    return starting_with(incomplete, list(all_codes()))
