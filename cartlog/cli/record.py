"""``cartlog record``: record a game as it is played (the session is
:mod:`cartlog.record_cli` and :mod:`cartlog.record`)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Optional

import typer

from cartlog.cli.application import Command, app
from cartlog.cli.options import (
    AsciiOpt,
    KeyOpt,
    ThemeName,
    ThemeOpt,
    game_names,
    rule_set_names,
)
from cartlog.cli.output import key_given, open_console, report_unreadable
from cartlog.games import SPECS

if TYPE_CHECKING:
    from cartlog.core.errors import LogSyntaxError
    from cartlog.render.console import LogConsole


@app.command(cls=Command)
def record(
    game: Annotated[Optional[str], typer.Argument(
        metavar="GAME", help="The game: " + ", ".join(spec.name for spec in SPECS) + " (not "
        "needed with --from or --resume).", show_default=False,
        autocompletion=game_names)] = None,
    rules: Annotated[Optional[str], typer.Option(
        "--rules", "-r", metavar="NAME", autocompletion=rule_set_names,
        help="The rule set or variant of a new game; see cartlog games.")] = None,
    out: Annotated[Optional[Path], typer.Option("--out", "-o", metavar="FILE",
                                                help="The log to write (a new file).",
                                                readable=False)] = None,
    source: Annotated[Optional[Path], typer.Option(
        "--from", metavar="HEADER", help="Take the setup from this log: a header, or a header "
        "and the lines already played.", readable=False)] = None,
    resume: Annotated[Optional[Path], typer.Option(
        "--resume", metavar="FILE", help="Go on with this log where it stopped.",
        readable=False)] = None,
    position: Annotated[Optional[str], typer.Option(
        "--position", metavar="TEXT_OR_FILE", help="Start from this one-line position (or "
        "the file holding it) instead of the setup: only the players' names are asked for.")
    ] = None,
    seal: Annotated[bool, typer.Option("--hash", help="Seal the header and every line with "
                                       "a running SHA-256 (cartlog check finds edits).")]
    = False,
    key: KeyOpt = None,
    board: Annotated[bool, typer.Option("--board/--no-board", help="Draw the board after "
                                        "each turn (each round in Meuterer and the Mutiny), "
                                        "at a terminal; board draws it at any time.")]
    = False,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="Say only the refusals and "
                                        "the end: no echo of the lines accepted.")] = False,
    ascii_only: AsciiOpt = False,
    theme_name: ThemeOpt = ThemeName.auto,
) -> None:
    """Record a game as it is played: each line is checked at once and written when lawful.

    At a terminal, asks for the setup (or takes it from --from), then prompts for each line
    in the log's notation, naming whose turn it is (the lawful lines at the start and after
    undo); an unlawful line is
    refused with the rule it breaks and the closest lawful lines, and recorded all the same
    when typed again with ! at the end. A line accepted is echoed in two lines: the line as
    recorded, then what it did and who moves next (--quiet: nothing). When the game ends, the
    header gets its Result tag (a sealed log is sealed again) and the recorder sums the log
    up as check does; undo takes the tag away again. The lawful lines include, for a hand
    the log does not know, a play of each card it may hold and of the card unseen (?).
    Commands: undo, board, hand, help, quit. The log on disk is complete after every line;
    --resume goes on after an interruption.

    One recorder at a time: while a recorder has a log it is locked (.FILE.lock beside it), and
    a second cartlog record on it stops with exit status 2. A killed recorder holds nothing.

    With --position, the game starts from a one-line position (docs/notation.md, "Starting
    from a position"): the log's header holds it in a Position tag, and the recorder asks
    only for the players' names (none from standard input).

    With standard input not a terminal, reads the body lines from it (a header from --from,
    or a position from --position). A piped log is a transcription of what the table did: a
    line refused is reported on standard error and written as it stands (check reports it),
    and the lines after it go on from the game with it played; a line that cannot be read is
    reported and left out.

    Exit status: 0 every line accepted, 1 some line refused or not read, 2 a header or file
    that cannot be read or written, a log another recorder has, or bad usage.

    Examples:

      cartlog record cartagena --rules 2000-tortuga --out game.cartlog

      cartlog record --from header.cartlog --out game.cartlog --hash < turns.txt

      cartlog record --from header.cartlog --out game.cartlog --key club.key < turns.txt

      cartlog record --resume game.cartlog

      cartlog record meuterer --position round6.txt --out game.cartlog < rounds.txt
    """
    from cartlog.record_cli import record as run

    secret = key_given(key)

    def console(plain: bool, stderr: bool = False) -> LogConsole:
        return open_console(plain, stderr, theme_name)

    def show_unreadable(err: LogSyntaxError, plain: bool) -> None:
        report_unreadable(err, plain, theme_name)

    raise typer.Exit(run(game=game, rules=rules, out=out, source=source, resume=resume,
                         seal=seal, board=board, ascii_only=ascii_only, console=console,
                         show_unreadable=show_unreadable, position=position, quiet=quiet,
                         key=secret, key_file=str(key) if key is not None else ""))
