"""Setting a recording up: the header a recorder builds from its answers, a one-line position
to start from, and what is wrong with a header built (to ask for a tag again)."""

from __future__ import annotations

from cartlog.core.errors import LogSyntaxError
from cartlog.core.spec import GameSpec
from cartlog.core.text import split_lines
from cartlog.logs import read_log


def header_text(spec: GameSpec, rules: str, answers: dict[str, str],
                position: str | None = None) -> str:
    """A header from a recorder's answers: the game, the rule set, then each tag answered,
    and the ``Position`` tag of a game recorded from a position."""
    from cartlog.core.notation import escape

    lines = [f'[Game "{escape(spec.title)}"]']
    tag = spec.notation.RULES_TAG
    if tag:
        lines.append(f'[{tag} "{escape(rules)}"]')
    for name, value in answers.items():
        if value.strip():
            lines.append(f'[{name} "{escape(value.strip())}"]')
    if position is not None:
        lines.append(f'[Position "{escape(position)}"]')
    return "\n".join(lines) + "\n\n"


def read_position(spec: GameSpec, text: str, path: str = "--position",
                  line: int = 1) -> tuple[str, str, list[str]]:
    """A one-line position of ``spec``'s game, as ``cartlog record --position`` takes it:
    the position with single spaces, its rule set and its players' colours. A position
    that cannot be read raises :class:`LogSyntaxError`, located at the field the position
    reader names, as a log's ``Position`` tag is (``line``: where the text stands in
    ``path``)."""
    from cartlog.core.errors import SyntaxProblem
    from cartlog.core.notation import field_span

    position = " ".join(text.split())
    try:
        rules, colours = spec.notation.position_players(position)
    except ValueError as err:
        module = spec.positions
        message = str(err)
        span = field_span(text, module.error_field(message), module.KEY_SEP)
        start, end = span if span is not None else (0, len(text.rstrip()))
        problem = SyntaxProblem(line, start + 1, f"unreadable position: {message}",
                                module.HELP, max(end, start + 1) + 1)
        source = "\n" * (line - 1) + text
        raise LogSyntaxError(path, [problem], source) from None
    return position, rules, colours


def setup_problems(text: str) -> list[tuple[str | None, str]]:
    """What is wrong with a header a recorder built: ``(tag, message)`` pairs, the tag the
    problem is about when it can be told (to ask for it again). Syntax problems and the
    setup's errors (a board that is not one, a deal of the wrong size)."""
    try:
        log = read_log(text, "<header>")
    except LogSyntaxError as err:
        raw = split_lines(text)
        out: list[tuple[str | None, str]] = []
        for p in err.problems:
            line = raw[p.line - 1] if 0 < p.line <= len(raw) else ""
            tag = line.strip()[1:].split(" ", 1)[0] if line.strip().startswith("[") else None
            out.append((tag, p.message + (f" (expected {p.expected})" if p.expected else "")))
        return out
    from cartlog.audit import audit

    report = audit(log, "<header>")
    names = {t.lower().replace("_", ""): t for t in _header_tags(text)}
    out = []
    for f in report.findings:
        if f.severity != "error" or f.code in _ENDING:
            continue
        key = (f.path or "").removeprefix("$.").split(".")[0].split("[")[0]
        out.append((names.get(key.replace("_", "")), f"{f.message} [{f.code}]"))
    return out


_ENDING = frozenset({"game/unfinished", "end/unfinished"})


def answer_problems(spec: GameSpec, rules: str, answers: dict[str, str], tag: str
                    ) -> list[str]:
    """What is wrong with the answer for ``tag``, as soon as it is typed: the problems of the
    header built from the answers so far that are about that tag. A required tag not
    answered yet stands in as its question's example, so that the header reads; what the
    others lack is not held against this one."""
    given = {}
    for q in spec.notation.header_questions(rules):
        value = answers.get(q.tag, "").strip()
        if value:
            given[q.tag] = value
        elif q.required:
            given[q.tag] = q.example
    return [message for name, message in setup_problems(header_text(spec, rules, given))
            if name is not None and name.lower() == tag.lower()]


def canonical_header(text: str) -> str:
    """A header as cartlog writes it (``blu`` as ``blue``, an island's name spelt in full):
    the header read and written back; as given when it does not read."""
    import msgspec

    try:
        log = read_log(text, "<header>")
    except LogSyntaxError:
        return text
    from cartlog.games import game_of

    written = str(game_of(log).notation.format_log(msgspec.structs.replace(log, events=[])))
    return written.rstrip("\n") + "\n\n"


def _header_tags(text: str) -> list[str]:
    return [line.strip()[1:].split(" ", 1)[0] for line in split_lines(text)
            if line.strip().startswith("[")]
