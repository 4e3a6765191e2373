"""Pieces shared by every game's text notation: the tag-pair header and comments.

A log starts with tag pairs, one per line, as in PGN: ``[Name "value"]``. Inside a value, ``\\"``
stands for a quote and ``\\\\`` for a backslash. Blank lines and comment lines (``; ...``) may
stand anywhere. The body follows the header; its grammar belongs to each game.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, ClassVar, Final, NamedTuple, Self

from mypy_extensions import mypyc_attr

from cartlog.core.errors import SyntaxProblem
from cartlog.core.text import split_lines
from cartlog.core.words import Palette, Word, hint_text, suggestions, with_hint

# Possessive runs: the value is scanned once, holding no backtracking state per character.
_TAG_RE: Final = re.compile(r'\[\s*+([A-Za-z][A-Za-z0-9_-]*+)\s++"((?:[^"\\]++|\\.)*+)"\s*+\]\s*+$')
# a tag whose value a word processor put in typographic quotes (“...” or „...“): read as
# the same tag
_CURLY_TAG_RE: Final = re.compile(
    r'\[\s*+([A-Za-z][A-Za-z0-9_-]*+)\s++[\u201c\u201e]([^\u201c\u201d"]*+)[\u201c\u201d]\s*+\]\s*+$')


@dataclass(frozen=True, slots=True)
class Tag:
    """One header tag pair with the place of its value in the text (1-based)."""

    name: str
    value: str
    line: int
    col: int  # column of the first character of the value
    end: int  # column just after the value


@dataclass(slots=True)
class Header:
    tags: dict[str, Tag]  # keyed by lower-case name; first occurrence wins
    order: list[str]  # tag names as written, in order
    body_start: int  # index of the first body line (0-based)


class HeaderQuestion(NamedTuple):
    """One header tag a recorder asks for when a game is set up: the tag, what it holds in
    words, an example value, and whether a log must have it."""

    tag: str
    question: str
    example: str
    required: bool = False


def join_comments(first: str | None, more: str) -> str:
    """Several comments on one turn or action are kept, joined by ``; ``."""
    return more if not first else f"{first}; {more}"


def unescape(value: str) -> str:
    return re.sub(r"\\(.)", r"\1", value)


def escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def is_comment_line(stripped: str) -> bool:
    return stripped.startswith(";") or stripped.startswith("#") or (
        stripped.startswith("{") and stripped.endswith("}") and stripped.count("}") == 1)


def comment_text(stripped: str) -> str:
    if stripped.startswith("{"):
        return stripped[1:-1].strip()
    return stripped[1:].strip()


def read_header(lines: list[str], problems: list[SyntaxProblem]) -> Header:
    """Read the tag pairs at the top of ``lines``; duplicate or malformed tags are problems."""
    tags: dict[str, Tag] = {}
    order: list[str] = []
    i = 0
    body_start = 0  # just after the last tag line: comments after it belong to the body
    while i < len(lines):
        raw = lines[i]
        stripped = raw.strip()
        if not stripped or stripped.startswith(";") or stripped.startswith("#"):
            i += 1
            continue
        if not stripped.startswith("["):
            break
        body_start = i + 1
        m = _TAG_RE.match(stripped) or _CURLY_TAG_RE.match(stripped)
        indent = len(raw) - len(raw.lstrip())
        if not m:
            problems.append(SyntaxProblem(
                i + 1, indent + 1, "malformed header tag",
                expected='[Name "value"], the value in double quotes',
                end_col=len(raw.rstrip()) + 1))
            i += 1
            continue
        name = m.group(1)
        key = name.lower()
        col = indent + m.start(2) + 1
        tag = Tag(name, unescape(m.group(2)), i + 1, col, indent + m.end(2) + 1)
        if key in tags:
            problems.append(SyntaxProblem(
                i + 1, indent + 1, f"tag {name} given twice (first on line {tags[key].line})",
                end_col=len(raw.rstrip()) + 1))
        else:
            tags[key] = tag
            order.append(name)
        i += 1
    return Header(tags, order, body_start if tags or body_start else 0)


def entries(value: str, col: int, seps: str = ",;") -> list[Word]:
    """The parts of a tag value split at any of ``seps``, each stripped, with the column of its
    first character; empty parts are dropped."""
    out: list[Word] = []
    offset = 0
    for part in re.split(f"[{re.escape(seps)}]", value):
        if part.strip():
            out.append((part.strip(), col + offset + len(part) - len(part.lstrip())))
        offset += len(part) + 1
    return out


@mypyc_attr(allow_interpreted_subclasses=True)  # a reader may be made outside the games
class LogReader:
    """The shell of a game's text reader: the lines, every problem met (reading goes on after
    one), where the header's own fields stand, and the players: their colours (from the
    game's :class:`~cartlog.core.words.Palette`) and names."""

    header_fields: ClassVar[tuple[str, ...]] = ()  # tags the game reads itself (lower case)
    palette: ClassVar[Palette] = Palette(())  # the colours the game allows
    names_are_players: ClassVar[bool] = False  # a player's name may stand for its colour

    def __init__(self, text: str, path: str) -> None:
        self.text = text
        self.path = path
        self.lines = split_lines(text)
        self.problems: list[SyntaxProblem] = []
        self.colours: list[str] = []
        self.names: dict[str, str] = {}  # player name (lower case) -> colour
        self.shown: dict[str, str] = {}  # player name (lower case) -> the name as written
        self.guessing = False  # no Players tag: every colour the body names is a player
        self.shared: dict[str, list[str]] = {}  # a name that may be two players -> their colours
        self.long_names: list[str] = []  # names that are not one plain word, longest first

    @classmethod
    def of_players(cls, players: Iterable[Any]) -> Self:
        """A reader of no text that knows the players of a decoded log (each with ``colour``
        and ``name``): its messages and suggestions about players, for checking a JSON log
        with the text reader's words."""
        reader = cls("", "<json>")
        for p in players:
            if p.colour in reader.palette.colours:
                reader.colours.append(p.colour)
                if p.name:
                    reader.names.setdefault(p.name.lower(), p.colour)
                    reader.shown.setdefault(p.name.lower(), p.name)
        return reader

    def problem(self, line: int, col: int, message: str, expected: str | None = None,
                end: int | None = None) -> None:
        self.problems.append(SyntaxProblem(line, col, message, expected, end))

    def strip_comments(self, raw: str, line: int) -> tuple[str, str | None]:
        """The line with ``{...}`` comments blanked out (columns kept) and cut at ``;``, and
        the comment text (both kinds joined); an unclosed ``{`` is a problem."""
        notes: list[str] = []
        chars = list(raw)
        pos = 0
        while True:
            open_at = raw.find("{", pos)
            semi = raw.find(";", pos)
            if semi >= 0 and (open_at < 0 or semi < open_at):
                notes.append(raw[semi + 1:].strip())
                chars = chars[:semi]
                break
            if open_at < 0:
                break
            close = raw.find("}", open_at)
            if close < 0:
                self.problem(line, open_at + 1, "comment not closed", expected="}",
                             end=len(raw) + 1)
                chars = chars[:open_at]
                break
            notes.append(raw[open_at + 1:close].strip())
            for k in range(open_at, close + 1):
                chars[k] = " "
            pos = close + 1
        return "".join(chars), ("; ".join(notes) if notes else None)

    # -- players -----------------------------------------------------------------------------

    def read_players(self, tag: Tag, twice_is_problem: bool = False
                     ) -> list[tuple[str, str | None]]:
        """The ``Players`` tag: entries separated by commas (or semicolons), each a colour
        (a name, an alias or a unique prefix of one of the game's colours) and the player's
        optional name, in seat order. Sets :attr:`colours` and :attr:`names`.

        A misspelt colour is a problem that names the nearest colour; when one colour is
        near, the player is read with it, so that the lines naming that colour read on
        without a problem of their own. ``twice_is_problem``: a colour given twice is
        reported here (else the audit reports it)."""
        out: list[tuple[str, str | None]] = []
        for part, col in entries(tag.value, tag.col):
            words = part.split()
            colour = self.palette.colour(words[0])
            name = " ".join(words[1:]) or None
            if colour is None:
                colour, name = self._bad_colour(tag, words, col)
                if colour is None:
                    continue
            elif twice_is_problem and colour in self.colours:
                self.problem(tag.line, col, f"colour {colour} given twice",
                             end=col + len(part))
                continue
            self.colours.append(colour)
            if name:
                self.names.setdefault(name.lower(), colour)
                self.shown.setdefault(name.lower(), name)
            out.append((colour, name))
        self.know_names(out)
        return out

    def know_names(self, players: list[tuple[str, str | None]]) -> None:
        """The players' names (``players``: colour and name, as the Players tag gives them),
        each of which may stand for its colour where the game allows it
        (:attr:`names_are_players`), as on paper (``Carla K5-14``), unless it is ambiguous: a
        name two players answer to, or one that also reads as another player's colour (the
        colour, an alias or a prefix of it). Such a name names nobody (:meth:`player`), and
        the hint says which colours to write (:meth:`player_hint`)."""
        held: dict[str, list[str]] = {}
        for colour, name in players:
            if not name:
                continue
            key = name.lower()
            self.names.setdefault(key, colour)
            self.shown.setdefault(key, name)
            held.setdefault(key, [])
            if colour not in held[key]:
                held[key].append(colour)
        for key, colours in held.items():
            other = self.palette.colour(key, self.colours) if self.colours else None
            if other is not None and other not in colours:
                colours = [*colours, other]
            if len(colours) > 1:
                self.shared[key] = colours
        self.long_names = sorted((n for n in self.names if not (n.isascii() and n.isalpha())),
                                 key=len, reverse=True)

    def named(self, raw: str, at: int) -> tuple[str, int] | None:
        """The player whose name of more than one plain word (``Anne Marie``, ``Zoë``) ``raw``
        holds at ``at``, followed by a space, a colon or the end, and where the name (with
        its colon) ends; None for none."""
        if not self.names_are_players:
            return None
        for name in self.long_names:
            end = at + len(name)
            if (raw[at:end].lower() == name and name not in self.shared
                    and (end == len(raw) or raw[end].isspace() or raw[end] == ":")):
                return self.names[name], end + (1 if raw[end:end + 1] == ":" else 0)
        return None

    def _bad_colour(self, tag: Tag, words: list[str], col: int
                    ) -> tuple[str | None, str | None]:
        """Report an entry of the Players tag whose first word is no colour; the colour and
        name to read it with when a colour is plainly meant (see :meth:`read_players`)."""
        first = words[0]
        end = col + len(first)
        named = [k for k, w in enumerate(words) if k and self.palette.colour(w) is not None]
        if len(named) == 1:  # "Anna red": the name written first
            colour = self.palette.colour(words[named[0]])
            name = " ".join(w for k, w in enumerate(words) if k != named[0])
            self.problem(tag.line, col, f"unknown colour {first!r}; the colour comes first: "
                         f"did you mean {colour} {name}?",
                         expected="a colour, then the name: red Anna, blue Ben", end=end)
            return (colour, name) if colour not in self.colours else (None, None)
        near = suggestions(first, self.palette.spellings())
        self.problem(tag.line, col, with_hint(f"unknown colour {first!r}", hint_text(near)),
                     expected="one of " + ", ".join(self.palette.colours), end=end)
        if len(near) == 1 and near[0] not in self.colours:
            return near[0], " ".join(words[1:]) or None
        return None, None

    def player(self, word: str) -> str | None:
        """A player's colour from a word: the colour or an alias, the player's name (where
        the game allows it), or a prefix that fits only one player's colour. With no Players
        tag (:attr:`guessing`), any of the game's colours in full is taken as a player."""
        w = word.lower().rstrip(":")
        if self.names_are_players and w in self.shared:
            return None  # an ambiguous name (see know_names)
        colour: str | None = self.palette.aliases.get(w, w)
        if colour in self.colours:
            return colour
        if self.names_are_players and w in self.names:
            return self.names[w]
        colour = self.palette.colour(w, self.colours) if self.colours else None
        if colour is None and self.guessing:
            colour = self.palette.words.get(w)
            if colour is not None and colour not in self.colours:
                self.colours.append(colour)
        return colour

    def player_hint(self, word: str, keywords: Iterable[str] = ()) -> str:
        """A suggestion for a word that names no player: the player's colour for a name, else
        the nearest of the players' colours and names and the ``keywords`` that may also
        stand there (a line's first word). An ambiguous name (:meth:`know_names`): the
        colours it may be."""
        colours = self.shared.get(word.lower().rstrip(":")) if self.names_are_players else None
        if colours is not None:
            return (f"{word.rstrip(':')} may be {' or '.join(colours)}: write the colour "
                    f"({colours[0]} ...)")
        return self.palette.hint(word, self.colours, self.names, keywords, self.shown)

    def who(self, word: str, at: int, line: int) -> str | None:
        """The player ``word`` names; a problem at ``at`` (with the nearest player) if none."""
        colour = self.player(word)
        if colour is None:
            self.problem(line, at, with_hint(f"{word!r} is not a player of this game",
                                             self.player_hint(word)),
                         expected="one of " + ", ".join(self.colours), end=at + len(word))
        return colour

    def missing_players(self, line: int, where: str, index: int | None = None) -> None:
        """A log without a Players tag: one problem, suggesting the tag from the colours the
        body names (read as players while :attr:`guessing`, so that the body reads on without
        a problem for each of them). ``index``: where the problem goes among those met, so
        that the missing tags are listed in the order of the header."""
        shown = ", ".join(self.colours) if self.colours else "red Anna, blue Ben"
        problem = SyntaxProblem(
            line, 1, "missing header tag Players",
            expected=f'[Players "{shown}"] {where}' + (
                " (the colours the log names; a player's name may follow each colour)"
                if self.colours else ""))
        self.problems.insert(len(self.problems) if index is None else index, problem)

    def read_position(self, tag: Tag, read: Any, field_of: Any, expected: str,
                      sep: str = ":") -> Any:
        """The game's state from the ``Position`` tag, read with ``read`` (the game's
        ``from_position``); a position that cannot be read is a problem at the tag's value,
        with the reader's own words, the caret under the field they name (``field_of``: the
        message to the field's place, see :func:`field_span`), and ``None``."""
        try:
            return read(tag.value)
        except ValueError as err:
            message = str(err)
            span = field_span(tag.value, field_of(message), sep)
            start, end = span if span is not None else (0, len(tag.value.rstrip()))
            self.problem(tag.line, tag.col + start, f"unreadable position: {message}",
                         expected=expected, end=tag.col + max(end, start + 1))
            return None

    def read_header(self) -> tuple[Header, dict[str, tuple[int, int, int]], int]:
        """The header, the spans of the game's own fields (and of the ``Seal`` tag, where the
        seal's findings on the header stand), and the line of the first tag."""
        header = read_header(self.lines, self.problems)
        tags = header.tags
        spans = {k: (t.line, t.col, t.end) for k, t in tags.items()
                 if k in self.header_fields or k == "seal"}
        first_line = min((t.line for t in tags.values()), default=1)
        return header, spans, first_line


def field_span(text: str, field: int | str | None, sep: str = ":") -> tuple[int, int] | None:
    """Where a field of a one-line position stands in ``text``, as (start, end) offsets: the
    ``field``-th word (counted from 0) of the fields separated by spaces, or the optional
    field ``key`` written ``key`` + ``sep`` + value; ``None`` when it is not there."""
    if field is None:
        return None
    words = list(re.finditer(r"\S+", text))
    if isinstance(field, int):
        return words[field].span() if field < len(words) else None
    for m in words:
        if m.group().startswith(field + sep):
            return m.span()
    return None


NUMBER_CAP: Final = 10**15  # larger numbers in a log are read as this: absurd, and safe to compare


def number(text: str) -> int | None:
    """A whole number written in decimal digits, or ``None`` (``"²"`` is a digit to
    ``str.isdigit`` but no number). Longer than 15 digits reads as :data:`NUMBER_CAP`, so that
    a runaway number is reported by the rule it breaks, never by ``int()``."""
    if not text or not text.isdecimal():
        return None
    if len(text) > 15:
        return NUMBER_CAP
    return int(text)


def parse_bool(text: str) -> bool | None:
    t = text.strip().lower()
    if t in ("true", "yes", "on", "1", "y"):
        return True
    if t in ("false", "no", "off", "0", "n"):
        return False
    return None


def line_col_of_offset(text: str | bytes, offset: int) -> tuple[int, int]:
    """1-based line and column of a character (or byte) offset."""
    if isinstance(text, str):  # no copy of the text: counted in place
        return (text.count("\n", 0, offset) + 1,
                offset - text.rfind("\n", 0, offset))
    return (text.count(b"\n", 0, offset) + 1,
            offset - text.rfind(b"\n", 0, offset))
