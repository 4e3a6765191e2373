"""The console and input/output of every command: colour or plain ASCII, a log read within
the limits or a located error, text and JSON written whole (a file atomically), and the
exit statuses (0 clean, 1 findings at error severity, 2 unreadable input or bad usage)."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn, Optional, TextIO

import typer

from cartlog.cli.options import ThemeName
from cartlog.core.text import to_ascii

if TYPE_CHECKING:
    from cartlog.core.errors import LogSyntaxError
    from cartlog.render.console import LogConsole

EXIT_CLEAN, EXIT_FINDINGS, EXIT_UNREADABLE = 0, 1, 2


def _no_color() -> bool:
    """``NO_COLOR`` set to anything but the empty string (https://no-color.org)."""
    return bool(os.environ.get("NO_COLOR"))


class _AsciiStream:
    """A text stream that writes everything through :func:`to_ascii` (``--ascii``)."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        self._stream.write(to_ascii(text))
        return len(text)

    def flush(self) -> None:
        self._stream.flush()

    def isatty(self) -> bool:
        return False


UNWRAPPED = 1 << 16  # the width of output to a file or pipe: long lines are not wrapped


def open_console(ascii_only: bool = False, stderr: bool = False,
             theme_name: ThemeName = ThemeName.auto) -> LogConsole:
    """The console of this run. ``--ascii`` and ``NO_COLOR`` turn off every ANSI escape.

    Output to a terminal wraps at its width; output to a file or a pipe is not wrapped, so
    that each line stays whole for grep and diff. ``COLUMNS`` set in the environment is the
    width in both cases (the snapshots are written at 100)."""
    from cartlog.render.console import LogConsole
    from cartlog.render.theme import theme

    plain = ascii_only or _no_color()
    stream = sys.stderr if stderr else sys.stdout
    width = None
    if not os.environ.get("COLUMNS", "").isdigit() and not is_terminal(stream):
        width = UNWRAPPED
    return LogConsole(theme=theme(theme_name.value, os.environ.get("COLORFGBG")),
                      file=_AsciiStream(stream) if ascii_only else stream, width=width,
                      no_color=plain, color_system=None if plain else "auto", highlight=False,
                      emoji=False, soft_wrap=True, legacy_windows=False, safe_box=True)


def memory_console(width: int, theme_name: str = "dark", colour: bool = False) -> LogConsole:
    """A console that draws into memory at ``width`` columns (recording what it prints): the
    score view of the ruling page, the tables of the viewer. It escapes a log's text as the
    terminal's console does."""
    from io import StringIO

    from cartlog.render.console import LogConsole
    from cartlog.render.theme import theme

    return LogConsole(theme=theme(theme_name, None), file=StringIO(), width=width,
                      record=True, no_color=not colour,
                      color_system="truecolor" if colour else None, highlight=False,
                      emoji=False, soft_wrap=False, legacy_windows=False, safe_box=True)


def is_terminal(stream: TextIO) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):  # no isatty, or a closed stream
        return False


def json_text(text: str) -> str | None:
    """The text of a JSON log, so that its findings are placed at a line and column; None for
    a log in the text notation, whose findings carry their own."""
    from cartlog.logs import is_json

    return text if is_json(text) else None


def key_given(path: Path | None) -> bytes | None:
    """The key of a ``--key FILE`` option (``None`` without one); a key file that cannot be
    read or used is bad usage, said in one line."""
    if path is None:
        return None
    from cartlog.cli.options import read_key

    try:
        return read_key(path)
    except ValueError as exc:
        fail(str(exc))


def fail(message: str, code: int = EXIT_UNREADABLE) -> NoReturn:
    sys.stderr.write(f"cartlog: {message}\n")
    raise typer.Exit(code)


def report_unreadable(err: LogSyntaxError, ascii_only: bool = False,
                     theme_name: ThemeName = ThemeName.auto) -> None:
    from cartlog.core.errors import LogSyntaxError, SyntaxProblem
    from cartlog.core.limits import max_problems
    from cartlog.render.report import render_unreadable

    limit = max_problems()
    if len(err.problems) > limit:
        more = len(err.problems) - limit
        err = LogSyntaxError(err.path, err.problems[:limit] + [SyntaxProblem(
            0, 0, f"{more} more problem{'s' if more != 1 else ''} not shown "
            "(CARTLOG_MAX_PROBLEMS shows more)")], err.source)
    open_console(ascii_only, stderr=True, theme_name=theme_name).print(render_unreadable(err))


def load_log(path: Path, ascii_only: bool = False, json_kind: str | None = None,
             theme_name: ThemeName = ThemeName.auto, game: int | None = None
             ) -> tuple[Any, str, str]:
    """Read and parse one log, or say why it cannot be read and exit with 2. With
    ``json_kind`` (``replay``, ``score``) the reason is that command's JSON document.

    A file of several games is one problem listing them, unless ``game`` (``--game N``)
    picks one: its log, the file's text and the game's name (``file#N``); its lines are the
    file's."""
    from cartlog.core.errors import LogSyntaxError

    # Reading a log file within the size limits (CARTLOG_MAX_BYTES, CARTLOG_MAX_LINE) is the
    # library's, so that worker processes read logs as the commands do.
    from cartlog.corpus import read

    if game is not None and game < 1:
        fail(f"--game {game}: the first game is 1")
    try:
        text, name = read(path)
        return _one_game(text, name, game)
    except LogSyntaxError as err:
        if json_kind is not None:
            from cartlog.documents import unreadable_document

            write_json(unreadable_document(json_kind, err))
        else:
            report_unreadable(err, ascii_only, theme_name)
        raise typer.Exit(EXIT_UNREADABLE) from None


def _one_game(text: str, name: str, game: int | None) -> tuple[Any, str, str]:
    """The log of a file of one game, or the game ``game`` of a file of several."""
    from cartlog.logs import is_json, read_log
    from cartlog.logs.reading import read_game, several_games, split_games

    games = None if is_json(text) else split_games(text, game)
    if games is None or len(games.parts) == 1 and not games.rest:
        if game is not None and game > 1:
            fail(f"--game {game}: {name} holds one game")
        return read_log(text, name), text, name
    if game is None:
        count = len(games.parts) + games.rest
        raise several_games(text, games, name,
                            expected=f"--game N, from 1 to {count}, to pick one game")
    if game > len(games.parts):
        fail(f"--game {game}: {name} holds only {len(games.parts)} games")
    game_name = f"{name}#{game}"
    return read_game(text, games.parts[game - 1], name, game_name), text, game_name


def write_json(obj: object) -> None:
    import msgspec

    from cartlog.core.text import json_visible

    sys.stdout.write(json_visible(msgspec.json.format(msgspec.json.encode(obj).decode(),
                                                      indent=2)) + "\n")


def write_text(text: str, output: Optional[Path]) -> None:
    """Write to ``output``, or to standard output when it is None or ``-``.

    A file is written whole or not at all: to a file beside it, synced, then renamed over it,
    so that a full disk or an error never leaves a part of it, nor harms the file that was
    there (``convert game.cartlog -o game.cartlog`` included). On a terminal, a log's text
    is shown escaped (docs/cli.md, "A log's text on the terminal"); written to a pipe or a
    file, it is the log itself."""
    if output is None or str(output) == "-":
        if is_terminal(sys.stdout) and not text.replace("\n", "").isprintable():
            from cartlog.core.text import printable

            text = "".join(printable(line) + "\n" for line in text.split("\n")[:-1])
        sys.stdout.write(text)
        return
    import stat
    import tempfile

    target = Path(os.path.realpath(output))  # a symbolic link stays, its file is written
    folder = target.parent
    temporary = None
    try:
        if target.exists() and not stat.S_ISREG(target.stat().st_mode):  # /dev/stdout, a FIFO
            with open(target, "w", encoding="utf-8", newline="") as stream:
                stream.write(text)
            return
        fd, temporary = tempfile.mkstemp(prefix=f".{output.name}.", suffix=".tmp",
                                         dir=folder)
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as stream:
            stream.write(text)
            stream.flush()
            if target.exists():  # the file there is kept until the new one is on the disk
                os.fsync(stream.fileno())
        if target.exists():
            os.chmod(temporary, target.stat().st_mode & 0o7777)
        else:
            os.chmod(temporary, 0o666 & ~_umask())
        os.replace(temporary, target)
    except OSError as exc:
        if temporary is not None:
            try:
                os.unlink(temporary)
            except OSError:
                pass
        from cartlog.core.text import printable

        fail(f"{printable(str(output))}: cannot write: {exc.strerror or exc}; nothing was "
              "written")


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def quiet_exit(message: str = "") -> NoReturn:
    """Leave with status 2 when an output stream is gone or full: one line, no traceback."""
    try:
        sys.stdout = open(os.devnull, "w")  # nothing more is flushed to the broken stream
        if message:
            sys.stderr.write(message)
            sys.stderr.flush()
    except OSError:
        pass
    if not message:
        os._exit(EXIT_UNREADABLE)
    sys.exit(EXIT_UNREADABLE)
