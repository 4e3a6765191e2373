"""``cartlog record`` at a terminal or from standard input: the front of :mod:`cartlog.record`.

At a terminal the recorder asks for the setup (or takes it from ``--from`` or the file given to
``--resume``; from ``--position``, only the players' names), then prompts line by line with
prompt_toolkit: line editing, history, and completion (Tab) of the words of the lawful lines.
Each line accepted is echoed in two lines (the line as recorded; what it did, in the game's
own words, and who moves next); the board is drawn on ``board``, and with ``--board`` after
every turn (every round in Meuterer and the Mutiny); ``--quiet`` shows only refusals and the
end. What the recorder says is wrapped to the terminal's width. With standard input not a terminal, the body lines are read from it one per
line, and every refusal is reported on standard error with its input line number; a line
refused there is written as it stands and the game goes on with it played (a piped log is a
transcription of what the table did), a line that cannot be read is left out.

The log is locked while it is recorded (:func:`cartlog.record.hold`): a second ``cartlog
record`` on the same file (by any name: a hard or symbolic link), with ``--out`` or
``--resume``, stops with exit status 2.

Every file the recorder reads (``--resume``, ``--from``, ``--position``) is read as a log is
(:func:`cartlog.corpus.read`, within ``CARTLOG_MAX_BYTES`` and ``CARTLOG_MAX_LINE``), and only
when it is a regular file (:func:`cartlog.record.regular_file`); a line typed is read within
the same limits, and the log is never written past them. Everything shown that comes from the
log or from a line typed is escaped (:func:`cartlog.record.shown`).

Exit status: 0 every line accepted (or, at a terminal, the recording left with ``quit``), 1
some line refused or not read (standard input only), 2 a header or file that cannot be read
or written (a line that could not be written, from standard input, too), a log another
recorder has, or bad usage. prompt_toolkit is imported only here, and only for a terminal.
"""

from __future__ import annotations

import os
import sys
import textwrap
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

from cartlog.core.errors import LogSyntaxError
from cartlog.core.spec import GameSpec
from cartlog.record import (
    Busy,
    Lock,
    Recorder,
    Reply,
    answer_problems,
    canonical_header,
    header_text,
    hold,
    read_position,
    regular_file,
    setup_problems,
    shown,
)

EXIT_OK, EXIT_REFUSED, EXIT_UNUSABLE = 0, 1, 2


class Usage(Exception):
    """Bad usage or an input that cannot be used: said on standard error, exit status 2."""


def record(*, game: str | None, rules: str | None, out: Path | None, source: Path | None,
           resume: Path | None, seal: bool, board: bool, ascii_only: bool,
           console: Callable[..., Any], show_unreadable: Callable[..., None],
           position: str | None = None, quiet: bool = False,
           key: bytes | None = None, key_file: str = "") -> int:
    """Run the recorder; the exit status. ``console(ascii_only, stderr=False)`` gives a rich
    console, ``show_unreadable(err, ascii_only)`` reports a log that cannot be read.
    ``position``: a one-line position (or a file holding one) the new game starts from.
    ``quiet``: say only the refusals and the end; ``key``: seal with HMAC-SHA256 and this
    key (``--key``), read from the file ``key_file``."""
    with ExitStack() as held:  # the log's lock, let go of however the recording ends
        return _record(game, rules, out, source, resume, seal, board, ascii_only, console,
                       show_unreadable, held, position, quiet, key, key_file)


def _record(game: str | None, rules: str | None, out: Path | None, source: Path | None,
            resume: Path | None, seal: bool, board: bool, ascii_only: bool,
            console: Callable[..., Any], show_unreadable: Callable[..., None],
            held: ExitStack, position: str | None = None, quiet: bool = False,
            key: bytes | None = None, key_file: str = "") -> int:
    interactive = sys.stdin.isatty() and sys.stdout.isatty()
    try:
        rec = _recorder(game, rules, out, source, resume, seal, interactive, ascii_only,
                        console, held, position, key)
        if rec is not None:
            rec.key_file = key_file
    except LogSyntaxError as err:
        show_unreadable(err, ascii_only)
        return EXIT_UNUSABLE
    except Usage as exc:
        sys.stderr.write(f"cartlog: {shown(str(exc))}\n")
        return EXIT_UNUSABLE
    if rec is None:  # the setup was left
        return EXIT_OK
    try:
        if interactive:
            return _at_terminal(rec, board, ascii_only, console, resumed=resume is not None,
                                quiet=quiet)
        return _from_stdin(rec, sys.stdin, ascii_only, console, quiet)
    except OSError as exc:
        sys.stderr.write(shown(f"cartlog: {rec.path}: cannot write: {exc.strerror or exc}; "
                               "the log holds every line accepted before this one") + "\n")
        return EXIT_UNUSABLE


# -- setting up --------------------------------------------------------------------------------


def _spec(name: str) -> GameSpec:
    from cartlog.games import GAMES, find_game

    found = find_game(name)
    if found is None:
        raise Usage(f"unknown game {name!r}; expected one of {', '.join(GAMES)} "
                    "(see cartlog games)")
    return found


def _lock(held: ExitStack, path: Path) -> Lock:
    """Hold ``path`` for this recorder until ``held`` closes: another recorder on it is bad
    usage."""
    try:
        return held.enter_context(hold(path))
    except Busy as exc:
        raise Usage(str(exc)) from None
    except OSError as exc:
        raise Usage(f"{path}: cannot write: {exc.strerror or exc}") from None


def _limits() -> dict[str, int]:
    """The reader's limits, which the recorder keeps as it reads and writes (so that the log
    it writes reads back in ``check``)."""
    from cartlog.core.limits import limit
    from cartlog.corpus import MAX_BYTES, MAX_LINE

    return {"max_bytes": limit("CARTLOG_MAX_BYTES", MAX_BYTES),
            "max_line": limit("CARTLOG_MAX_LINE", MAX_LINE)}


def _recorder(game: str | None, rules: str | None, out: Path | None, source: Path | None,
              resume: Path | None, seal: bool, interactive: bool, ascii_only: bool,
              console: Callable[..., Any], held: ExitStack,
              position: str | None = None, key: bytes | None = None) -> Recorder | None:
    if resume is not None:
        given = [name for name, value in (("GAME", game), ("--rules", rules), ("--out", out),
                                          ("--from", source), ("--position", position))
                 if value is not None]
        if given:
            raise Usage(f"--resume goes on with the file's own game and header: leave out "
                        f"{', '.join(given)}")
        from cartlog.corpus import cannot_read

        try:  # not there, or in a folder that may not be searched: said at the path
            os.lstat(resume)
        except OSError as exc:
            raise cannot_read(resume, exc) from None
        regular_file(resume)  # before the lock opens it
        try:
            lock = _lock(held, resume)
            rec = Recorder.resume(resume, _read(resume), lock=lock, key=key, **_limits())
        except OSError as exc:
            raise cannot_read(resume, exc) from None
        except ValueError as exc:  # not the key it is sealed with
            raise Usage(str(exc)) from None
        if seal and not rec.sealed:
            raise Usage(f"{resume} is not sealed: --hash seals a log from its start (record "
                        "it again with --from and --hash)")
        return rec
    if out is None:
        raise Usage("--out FILE is needed: the log to write (or --resume FILE to go on with "
                    "one)")
    lock = _lock(held, out)
    if os.path.lexists(out) and not (out.is_symlink() and not out.exists()):
        raise Usage(f"{out} already exists: cartlog record --resume {out} goes on with it")
    if position is not None:
        text = _from_position(game, rules, source, position, out, interactive, ascii_only,
                              console)
        if text is None:
            return None
    elif source is not None:
        text = _read(source)
        from cartlog.games import game_of
        from cartlog.logs import read_log

        spec = game_of(read_log(text, str(source)))
        if game is not None and _spec(game) is not spec:
            raise Usage(f"{source} records {spec.title}, not {game}")
        if rules is not None:
            raise Usage("--rules is read from the header given with --from")
    else:
        if game is None:
            from cartlog.games import GAMES

            raise Usage(f"name the game ({', '.join(GAMES)}), or give a header with --from "
                        "HEADER")
        spec = _spec(game)
        rules = _rules(spec, rules)
        if not interactive:
            raise Usage("standard input is not a terminal: give the header with --from HEADER "
                        "(the body lines are then read from standard input)")
        asked = _ask_setup(spec, rules, out, ascii_only, console)
        if asked is None:
            return None
        text = asked
    try:
        return Recorder.create(out, text, seal=seal, name=str(out), lock=lock, key=key,
                               **_limits())
    except ValueError as exc:  # a sealed header, not with the key given
        raise Usage(str(exc)) from None
    except FileExistsError:
        raise Usage(f"{out} already exists: cartlog record --resume {out} goes on with "
                    "it") from None
    except OSError as exc:
        raise Usage(f"{out}: cannot write: {exc.strerror or exc}; nothing was "
                    "written") from None


def _from_position(game: str | None, rules: str | None, source: Path | None, given: str,
                   out: Path, interactive: bool, ascii_only: bool,
                   console: Callable[..., Any]) -> str | None:
    """The header of a game recorded from a position: the game, its rule set and players
    as the position gives them, the players' names (asked for at a terminal), and the
    ``Position`` tag; ``None`` when the setup is left."""
    if source is not None or rules is not None:
        raise Usage("--position gives the setup: leave out "
                    + ", ".join(n for n, v in (("--from", source), ("--rules", rules)) if v))
    if game is None:
        from cartlog.games import GAMES

        raise Usage(f"name the game whose position --position gives ({', '.join(GAMES)})")
    spec = _spec(game)
    path, line, text = "--position", 1, given
    file = Path(given)
    if "\n" not in given and len(given) < 4096 and os.path.lexists(file):
        path = given
        filled = [(i, raw) for i, raw in enumerate(_read(file).splitlines(), 1)
                  if raw.strip() and not raw.lstrip().startswith((";", "#"))]
        if len(filled) != 1:
            raise Usage(f"{given} holds {len(filled)} lines: a position is one line")
        line, text = filled[0]
    position, rule_set, colours = read_position(spec, text, path, line)
    answers = {"Players": ", ".join(colours)}
    if interactive:
        asked = _ask_names(spec, rule_set, answers, position, out, ascii_only, console)
        if asked is None:
            return None
        answers = asked
    return header_text(spec, rule_set, answers, position)


def _ask_names(spec: GameSpec, rules: str, answers: dict[str, str], position: str, out: Path,
               ascii_only: bool, console: Callable[..., Any]) -> dict[str, str] | None:
    """At a terminal, the one thing a position does not give: the players' names, each
    after its colour in the position's seat order; ``None`` when the setup is left."""
    from prompt_toolkit import PromptSession

    session: PromptSession[str] = PromptSession()
    say = _sayer(console(ascii_only))
    say(shown(f"New game of {spec.title} ({rules}) from a position, recorded to {out}. "
              "Players: the position's colours in its order, each may be followed by the "
              "player's name; Ctrl-D leaves."), markup=False, highlight=False)
    value = answers["Players"]
    while True:
        try:
            value = session.prompt("Players> ", default=value).strip() or answers["Players"]
        except EOFError:
            return None
        except KeyboardInterrupt:
            continue
        problems = setup_problems(header_text(spec, rules, {"Players": value}, position))
        if not problems:
            return {"Players": value}
        for tag, message in problems:
            say(shown(f"  {tag or 'header'}: {message}"), markup=False, highlight=False)


def _rules(spec: GameSpec, rules: str | None) -> str:
    if rules is None:
        return spec.default_rules
    for name in spec.rulesets:
        if name == rules.strip().lower():
            return name
    raise Usage(f"{spec.title} has no rule set {rules!r}; expected one of "
                f"{', '.join(spec.rulesets)} (see cartlog games)")


def _read(path: Path) -> str:
    """A file's text (a header, a log to go on with, a position), read as every log is (the
    same limits and messages), and only from a regular file: a FIFO, a device or a socket
    is refused before it is opened (:func:`cartlog.record.regular_file`)."""
    from cartlog.corpus import read

    regular_file(path)
    return read(path)[0]


def _ask_setup(spec: GameSpec, rules: str, out: Path, ascii_only: bool,
               console: Callable[..., Any]) -> str | None:
    """Ask for the header, tag by tag, until it reads and breaks no rule of the setup (or the
    recorder says to keep it); ``None`` when the setup is left (Ctrl-D)."""
    from prompt_toolkit import PromptSession

    session: PromptSession[str] = PromptSession()
    say = _sayer(console(ascii_only))
    say(shown(f"New game of {spec.title} ({rules}), recorded to {out}. Enter leaves an "
              "optional tag out; Ctrl-D leaves."), markup=False, highlight=False)
    questions = list(spec.notation.header_questions(rules))
    answers: dict[str, str] = {q.tag: "" for q in questions}
    todo = [q.tag for q in questions]
    while True:
        for q in questions:
            if q.tag not in todo:
                continue
            say(f"{q.tag}: {q.question}; for example: {q.example}"
                + ("" if q.required else " (optional)"), markup=False, highlight=False)
            while True:
                try:
                    answer = session.prompt(f"{q.tag}> ", default=answers[q.tag])
                except EOFError:
                    return None
                except KeyboardInterrupt:
                    continue
                if answer.strip() or not q.required:
                    answers[q.tag] = answer.strip()
                    wrong = answer_problems(spec, rules, answers, q.tag) if answer.strip() else []
                    if not wrong:
                        break
                    for message in wrong:  # at once, the answer offered again to mend
                        say(shown(f"  {q.tag}: {message}"), markup=False, highlight=False)
        text = header_text(spec, rules, answers)
        problems = setup_problems(text)
        if not problems:
            return canonical_header(text)
        for tag, message in problems:
            say(shown(f"  {tag or 'header'}: {message}"), markup=False, highlight=False)
        todo = [tag for tag, _ in problems if tag in answers]
        if not todo:
            try:
                keep = session.prompt("record with this header all the same? [y/N] ")
            except (EOFError, KeyboardInterrupt):
                return None
            if keep.strip().lower() in ("y", "yes"):
                return canonical_header(text)
            todo = [q.tag for q in questions]


# -- recording ---------------------------------------------------------------------------------


def _from_stdin(rec: Recorder, lines: Any, ascii_only: bool,
                console: Callable[..., Any], quiet: bool = False) -> int:
    """Standard input: one body line per line, each read within the line limit
    (:func:`_bounded_lines`); refusals, and lines that could not be written, on standard
    error. A piped log is a transcription of what the table did: a line refused is written as
    it stands and the game goes on with it played (``Recorder.enter(as_played=True)``); a
    line that cannot be read is left out, and the lines after it go on without it."""
    refused = unread = failed = 0
    for number, raw in enumerate(_bounded_lines(lines, rec.max_line), 1):
        if number == 1:
            raw = raw.removeprefix("\ufeff")  # a byte order mark, as editors on Windows write
        reply = rec.enter(raw.rstrip("\r\n"), as_played=True)
        if reply.kind in ("refused", "unreadable", "failed"):
            refused += reply.kind == "refused"
            unread += reply.kind == "unreadable"
            failed += reply.kind == "failed"
            sys.stderr.write(f"<stdin>:{number}: {_indented(reply.text)}\n")
        elif reply.kind == "board":
            _draw(rec, console(ascii_only), ascii_only)
        elif reply.kind == "command":
            sys.stdout.write(reply.text + "\n")
        elif reply.kind == "accepted" and not quiet and _noted(reply.text):
            noted = reply.text.rsplit("\n", 1)[0]  # the echo left out: a pipe echoes nothing
            sys.stderr.write(f"<stdin>:{number}: {_indented(noted)}\n")
        elif reply.kind == "quit":
            break
    state = "the game is over" if rec.game.is_over() else rec.status().splitlines()[0]
    n = rec.count()
    not_read = f", {unread} not read" if unread else ""
    not_written = f", {failed} not written" if failed else ""
    sys.stdout.write(shown(f"{rec.path}: {n} line{'s' if n != 1 else ''}, {refused} "
                           f"refused{not_read}{not_written}; {state}") + "\n")
    final = _final_seal(rec)
    if final:
        sys.stdout.write(shown(final) + "\n")
    return EXIT_UNUSABLE if failed else EXIT_REFUSED if refused or unread else EXIT_OK


def _final_seal(rec: Recorder) -> str:
    """For a sealed log, the line that gives its final seal, to write on the paper score
    sheet or send to the director: ``check --seal`` then verifies that the log ends there
    (docs/cli.md, "Sealed logs"); '' for a log that is not sealed."""
    if not rec.sealed:
        return ""
    from cartlog.core.errors import LogSyntaxError
    from cartlog.games.seals import final_seal
    from cartlog.logs import read_log

    try:
        seal = final_seal(read_log(rec.text(), str(rec.path)))
    except (ValueError, LogSyntaxError):  # a log the recorder wrote reads back: say nothing
        # rather than guess
        return ""
    key = f" --key {rec.key_file or 'KEYFILE'}" if rec.key is not None else ""
    return (f"final seal: {seal} (write it on the score sheet; cartlog check{key} --seal "
            f"{seal} {rec.path} verifies that the log ends here)") if seal else ""


def _bounded_lines(stream: Any, most: int | None) -> Iterator[str]:
    """The lines of ``stream``, none read whole past ``most`` characters: a longer line is
    given cut to ``most + 1`` (which the recorder refuses as too long), the rest of it read
    and dropped in bounded pieces. A plain list of lines is given as it is."""
    if most is None or not hasattr(stream, "readline"):
        yield from stream
        return
    while True:
        line = stream.readline(most + 1)
        if not line:
            return
        if len(line) > most and not line.endswith("\n"):
            rest = line
            while rest and not rest.endswith("\n"):
                rest = stream.readline(most + 1)
        yield line


def _noted(text: str) -> bool:
    """Whether an accepted line's reply says more than the line and its echo (a warning, a
    turn it ended): worth saying on standard error when the lines come from a pipe."""
    return text.count("\n") > 1


def _indented(text: str) -> str:
    return shown(text).replace("\n", "\n    ")


def _at_terminal(rec: Recorder, board: bool, ascii_only: bool,
                 console: Callable[..., Any], resumed: bool = False, quiet: bool = False) -> int:
    """The recorder at a terminal: each line accepted echoed in two lines (not with
    ``quiet``), a refusal in full, the board on ``board`` (and after each turn or round with
    ``board`` given, ``quiet`` or not), and one summary when the game ends."""
    from prompt_toolkit import PromptSession
    from prompt_toolkit.history import InMemoryHistory

    out = console(ascii_only)
    history = InMemoryHistory()
    completer = _LegalLines(rec)
    session: PromptSession[str] = PromptSession(history=history, completer=completer,
                                                complete_while_typing=False)

    def say(text: str, style: str | None = None) -> None:
        _say(out, text, style)

    if not quiet:
        say(shown(f"Recording {rec.spec.title} to {rec.path}: type the lines of the log; "
                  "help, undo, board, hand, quit."))
    for note in rec.notes:
        say(shown(note), "finding.warning")
    if resumed and rec.count() and not quiet:  # a recap: where the game was left
        _recap(rec, out, ascii_only)
    if not quiet:
        say(shown(rec.status()))
    while True:
        completer.refresh()
        try:
            typed = session.prompt(rec.prompt())
        except KeyboardInterrupt:
            continue
        except EOFError:
            typed = "quit"
        over = rec.game.is_over()
        reply = rec.enter(typed)
        if reply.kind == "empty":
            continue
        if reply.kind == "quit":
            say(reply.text)
            final = _final_seal(rec)
            if final:
                say(shown(final), "label")
            return EXIT_OK
        if reply.kind in ("refused", "unreadable", "failed"):
            say(reply.text, "finding.error")
            continue
        if reply.text and not (quiet and reply.kind == "accepted"):
            say(reply.text)
        if reply.kind == "board" or (board and reply.turn_over):
            _draw(rec, out, ascii_only)
        if reply.kind == "command" and typed.strip().lower() == "undo" and not quiet:
            say(shown(rec.status()))
        if rec.game.is_over() and not over:  # the game ended with this line: one summary
            _summary(rec, out)


def _sayer(out: Any) -> Callable[..., None]:
    """A ``print`` for the set-up questions that wraps to the terminal (:func:`_say`)."""
    def say(text: str, style: str | None = None, **_: Any) -> None:
        _say(out, text, style)

    return say


def _say(out: Any, text: str, style: str | None = None) -> None:
    """Print plain lines wrapped to the terminal's width (read at each call: a terminal made
    narrower is followed), a line's continuation indented under its first word."""
    width = max(20, int(getattr(out, "width", 80) or 80))
    wrapped = []
    for line in text.split("\n"):
        indent = " " * (len(line) - len(line.lstrip(" ")))
        wrapped += textwrap.wrap(line, width, subsequent_indent=indent + "  ",
                                 break_on_hyphens=False, drop_whitespace=True) or [""]
    out.print("\n".join(wrapped), style=style, markup=False, highlight=False, soft_wrap=True)


def _summary(rec: Recorder, out: Any) -> None:
    """How the recorded game ended, as ``cartlog check`` sums the log up (its findings
    counted, the result compared with the Result tag the recorder wrote)."""
    from cartlog.audit import audit
    from cartlog.logs import read_log
    from cartlog.render.report import summary_line

    report = audit(read_log(rec.text(), str(rec.path)), str(rec.path), key=rec.key)
    _say(out, summary_line(report).plain, "label")


def _recap(rec: Recorder, out: Any, ascii_only: bool) -> None:
    """Where a resumed game was left, in two lines: how many lines the log holds and the
    last of them (``board`` draws the table)."""
    last = next((line.text for line in reversed(rec.lines) if line.event is not None), None)
    n = rec.count()
    _say(out, shown(f"{rec.path} holds {n} line{'s' if n != 1 else ''}; the last one:"))
    _say(out, shown(f"  {last}  (board draws the table)"))


def _draw(rec: Recorder, out: Any, ascii_only: bool) -> None:
    """The last turn (or round) recorded, as ``cartlog replay --turn`` draws it; while the
    game is being played, without the end of the replay (a game in progress is not
    "unfinished", and nothing is yet to be compared)."""
    from rich.console import Group
    from rich.text import Text

    from cartlog.render import game_renderer

    log, report, frames, text = rec.replay()
    unit = rec.last_unit(frames)
    parts = list(game_renderer(rec.spec.name).replay_parts(
        log, report, frames, text, start=unit, end=unit, board=True, ascii=ascii_only))
    if not rec.game.is_over():
        end = next((i for i, part in enumerate(parts)
                    if isinstance(part, Text) and part.plain.endswith(" End")), len(parts))
        parts = parts[:end - 1 if end and not parts[end - 1] else end]
    out.print(Group(*parts))


def _LegalLines(rec: Recorder) -> Any:
    """A prompt_toolkit completer of the lawful lines and of their words, the commands and
    the players' colours (made here: prompt_toolkit is imported only at a terminal)."""
    from prompt_toolkit.completion import Completer, Completion

    class LegalLines(Completer):
        def __init__(self) -> None:
            self.lines: list[str] = []
            self.words: list[str] = []

        def refresh(self) -> None:
            self.lines = rec.options()
            words: dict[str, None] = {}
            for line in self.lines:
                for word in line.replace(",", " ").split():
                    words.setdefault(word, None)
            for word in (*rec.colours(), "undo", "board", "hand", "help", "quit"):
                words.setdefault(word, None)
            self.words = list(words)

        def get_completions(self, document: Any, complete_event: Any) -> Any:
            before = document.text_before_cursor
            word = document.get_word_before_cursor(WORD=True)
            given: set[str] = set()
            if before.strip():
                for line in self.lines:
                    if line.lower().startswith(before.lower()) and line != before:
                        given.add(line)
                        yield Completion(line, start_position=-len(before))
            for candidate in self.words:
                if (candidate.lower().startswith(word.lower()) and candidate != word
                        and before[:len(before) - len(word)] + candidate not in given):
                    yield Completion(candidate, start_position=-len(word))

    return LegalLines()


__all__ = ["record", "Reply", "Usage"]
