"""``cartlog simulate``: random legal games, one or many, in either form."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Optional

import typer

from cartlog.cli.application import Command, app
from cartlog.cli.options import (
    Format,
    FormatOpt,
    OutputOpt,
    game_names,
    read_number,
    rule_set_names,
)
from cartlog.cli.output import fail, write_text
from cartlog.games import SPECS

if TYPE_CHECKING:
    from cartlog.core.spec import GameSpec


@app.command(cls=Command)
def simulate(
    game: Annotated[str, typer.Argument(
        metavar="GAME", help="The game: " + ", ".join(spec.name for spec in SPECS) + ".",
        show_default=False, autocompletion=game_names)],
    rules: Annotated[Optional[str], typer.Option(
        "--rules", "-r", metavar="NAME", autocompletion=rule_set_names,
        help="The rule set or variant; see cartlog games. Default: "
        + ", ".join(f"{spec.default_rules} ({spec.name})" for spec in SPECS) + ".")] = None,
    players: Annotated[int, typer.Option("--players", "-n", metavar="N", parser=read_number,
                                         help="Number of players.")] = 4,
    seed: Annotated[int, typer.Option("--seed", "-s", metavar="N", parser=read_number,
                                      help="Random seed: the same seed gives the same "
                                      "game.")] = 0,
    view: Annotated[str, typer.Option("--view", metavar="all|table|COLOUR", help="all: every "
                                      "card known; table: what the whole table saw; or a "
                                      "colour: the table's view plus that player's "
                                      "cards.")] = "all",
    fmt: FormatOpt = Format.text,
    output: OutputOpt = None,
    count: Annotated[int, typer.Option("--count", "-c", metavar="N", parser=read_number,
                                       help="Play N games, with the seeds --seed to "
                                       "--seed + N - 1 (needs --out).")] = 1,
    out: Annotated[Optional[Path], typer.Option(
        "--out", metavar="DIR", help="Write each game into this folder (made if missing), "
        "one file per game, named so that they sort by seed: "
        "cartagena-2000-jamaica-4p-0042.cartlog. A name ending in .cartlog or .json is one "
        "game's file, as with -o.", readable=False)] = None,
) -> None:
    """Play a random legal game and write it as a log (seeded, reproducible).

    With --count and --out, play many games in one go, one file each, for a corpus to check
    (cartlog check DIR).

    Exit status: 0 written, 2 unknown game, rule set, player count or view, or a file that
    cannot be written.

    Examples:

      cartlog simulate cartagena --rules 2000-tortuga --players 3 --seed 7

      cartlog simulate cartagena --rules ravensburger --view table -o game.cartlog

      cartlog simulate meuterer --rules pirate --players 3 --seed 2

      cartlog simulate cartagena --count 1000 --out corpus/
    """
    from cartlog.games import find_game

    if count < 1:
        fail(f"--count {count}: give 1 or more games")
    if out is not None and output is not None:
        fail("--out (a folder) and --output (a file) cannot be given together")
    if count > 1 and out is None:
        fail(f"--count {count} needs --out DIR, the folder to write the games into")
    if out is not None and out.suffix.lower() in (".cartlog", ".json") and not out.is_dir():
        # a log's name: the file the user means (-o), not a folder of that name
        if count > 1:
            fail(f"--out {out}: --count {count} writes a folder of games, and this name is a "
                 f"log's; give a folder (--out games/), or -o {out} for one game")
        out, output = None, out
    if out is not None and seed < 0:
        fail(f"--seed {seed}: give 0 or more with --out, so that the file names sort")
    entry = find_game(game)
    if entry is None:
        from cartlog.games import GAMES

        fail(f"unknown game {game!r}; expected one of {', '.join(GAMES)} (see cartlog games)")
    rules = rules or entry.default_rules
    try:
        log = entry.simulate(rules, players, seed, view=view)
    except ValueError as exc:
        fail(f"{exc} (see cartlog games)")
    seats = [p.colour for p in getattr(log, "players", ())]
    if view not in ("all", "table", *seats):
        fail(f"unknown view {view!r}; expected all, table or a player: {', '.join(seats)}")
    if out is None:
        _emit_log(log, entry, fmt, output)
        return
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        if out.exists() and not out.is_dir():
            fail(f"{out} is a file: --out names the folder to write the games into (a name "
                 "ending in .cartlog or .json is one log's file)")
        fail(f"{out}: cannot make the folder: {exc.strerror or exc}")
    width = len(str(seed + count - 1))
    suffix = ".json" if fmt is Format.json else ".cartlog"
    names = []
    for n in range(seed, seed + count):
        if n != seed:
            log = entry.simulate(rules, players, n, view=view)
        names.append(f"{entry.name}-{rules}-{players}p-{n:0{width}d}{suffix}")
        _emit_log(log, entry, fmt, out / names[-1])
    shown = names[0] if count == 1 else f"{names[0]} to {names[-1]}"
    sys.stdout.write(f"{out}: {count} log{'s' if count != 1 else ''} written ({shown})\n")


def _emit_log(log: Any, entry: GameSpec, fmt: Format, output: Optional[Path]) -> None:
    # log: the game's log Struct
    from cartlog.logs import write_log

    write_text(write_log(log, fmt is Format.json), output)
