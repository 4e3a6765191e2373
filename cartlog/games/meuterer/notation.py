"""Meuterer text notation: parse a log a person wrote, and write the canonical form.

After the tag-pair header (``Game``, ``Variant``, ``Players``, ``Captain``, ``Islands``,
optional ``IslandTable``, ``Deal``, ``Result`` and free tags such as ``Event``, ``Site``,
``Date``), the body has one keyword per line, grouped in rounds::

    round 1
    wage 2
    sell red R, blue S, green pass 3 mate, yellow W, red pass 2, blue R, yellow pass 0 mutineer, blue pass 1 merchant
    dest captain Sandkap, mutineer Hochland
    mutiny red 1, green 0, yellow 2 => mutineers
    sale blue G Affeninsel 2, blue G Hochland 2
    draw red 2, blue SR, green 3, yellow SRWXCRRG keep SRWXC
    score red 5, blue 3, green 0, yellow 2
    total red 12, blue 7, green 4, yellow 9

``sell``: the plays and passes in order; a play is a goods letter (or name), ``P robbed`` when
the pirate card made the table discard the goods (U8); a pass gives the cards kept and the
action card taken. ``dest``: the destinations claimed. ``mutiny``: the conflict cards each
player adds, optionally the side they count for, and after ``=>`` the recorded outcome.
``sale``: declarations (player, good, island, count). ``draw``: cards or counts; the stevedore's
draw with ``keep CARDS`` or ``return N``. ``score``/``total``: the score sheet as written.
Comments: whole lines ``; ...`` or ``{...}``, and ``; ...`` or ``{...}`` on a line. ``!``
after a play or pass (``green C!``), or at the end of a ``wage``, ``dest``, ``mutiny``,
``sale`` or ``draw`` line, before its comment, marks it as condoned: the table let it stand
although illegal (:data:`CONDONED_MARK`).

The reader is tolerant: any case, extra spaces, good and action names in English or French,
unique prefixes of colours, actions and islands, island names with umlauts written out or
dropped. ``parse`` collects every problem it meets and raises one :class:`LogSyntaxError`
listing them all, each located by line and column.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, Final, Union, cast

import msgspec

from cartlog.core.errors import LogSyntaxError, SyntaxProblem
from cartlog.core.notation import (
    HeaderQuestion,
    LogReader,
    Tag,
    comment_text,
    entries,
    escape,
    is_comment_line,
    join_comments,
    number,
)
from cartlog.core.words import Palette, Word, did_you_mean, located_words, span, with_hint
from cartlog.games.meuterer import ALIASES
from cartlog.games.meuterer.events import (
    CARD_PATTERN,
    CARDS_PATTERN,
    GOOD_PATTERN,
    Add,
    Comment,
    Dest,
    DestEntry,
    Draw,
    DrawEntry,
    Entry,
    Event,
    IslandData,
    MeutererLog,
    Mutiny,
    Outcome,
    Pass,
    Play,
    Player,
    Role,
    Round,
    Sale,
    SaleEntry,
    Score,
    Sell,
    Step,
    Total,
    Wage,
)
from cartlog.games.meuterer.model import (
    ACTIONS,
    ANY,
    COLOURS,
    DEFAULT_ISLANDS,
    GOOD_ALIASES,
    GOODS,
    ISLAND_BY_CODE,
    ISLAND_BY_NAME,
    LETTERS,
    NGOODS,
    OVER,
    START_ISLAND,
    Island,
    State,
    find_action,
    find_island,
    find_variant,
    island_with,
    islands_fitting,
)
from cartlog.games.meuterer.position import HELP as POSITION_HELP
from cartlog.games.meuterer.position import PositionError, error_field, from_position

# the classes compared by type below, as C statics: compiled, a class imported by name is
# looked up in the module's dictionary at every use (docs/performance.md, "Writing for the
# compiler")
_COMMENT: Final = Comment
_DEST: Final = Dest
_DRAW: Final = Draw
_MUTINY: Final = Mutiny
_PASS: Final = Pass
_PLAY: Final = Play
_ROUND: Final = Round
_SALE: Final = Sale
_SCORE: Final = Score
_SELL: Final = Sell
_TOTAL: Final = Total
_WAGE: Final = Wage

HEADER_FIELDS: Final = ("game", "variant", "rules", "players", "captain", "islands", "islandtable", "deal",
                 "position", "result")
TAG_ORDER: Final = ("Event", "Site", "Date", "Round")
KEYWORDS: Final = {
    "round": "round", "wage": "wage", "sell": "sell", "selling": "sell", "dest": "dest",
    "destination": "dest", "destinations": "dest", "mutiny": "mutiny", "sale": "sale",
    "sales": "sale", "draw": "draw", "draws": "draw", "score": "score", "scores": "score",
    "total": "total", "totals": "total",
}
_READERS: Final = {kind: f"_{kind}" for kind in set(KEYWORDS.values())}  # the method of each line
CONDONED_MARK: Final = "!"  # after a play or pass, or a line: the table let it stand although illegal
MARKED_LINES: Final = frozenset({"wage", "dest", "mutiny", "sale", "draw"})  # lines a ! may end
PASS_WORDS: Final = frozenset({"pass", "passe", "passes", "passed"})
ROBBED_WORDS: Final = frozenset({"robbed", "rob", "robbery", "stolen", "vole", "volé", "raided"})
KEEP_WORDS: Final = frozenset({"keep", "keeps", "kept", "garde"})
RETURN_WORDS: Final = frozenset({"return", "returns", "returned", "under"})
ROLE_WORDS: Final[dict[str, Role]] = {"captain": "captain", "capitaine": "captain", "capt": "captain", "cap": "captain",
              "kapitaen": "captain", "kapitän": "captain",
              "mutineer": "mutineer", "mutineers": "mutineer", "mutin": "mutineer",
              "mutins": "mutineer", "mut": "mutineer", "meuterer": "mutineer"}
OUTCOME_WORDS: Final[dict[str, Outcome]] = {"captain": "captain", "captains": "captain", "capitaine": "captain",
                 "failed": "captain", "fails": "captain", "fail": "captain",
                 "crushed": "captain", "loyal": "captain",
                 "mutineers": "mutineers", "mutineer": "mutineers", "mutins": "mutineers",
                 "mutin": "mutineers", "mutiny": "mutineers", "success": "mutineers",
                 "succeeds": "mutineers", "successful": "mutineers"}
_INT: Final = re.compile(r"[+\-\u2212]?\d+")
_KEYWORD: Final = re.compile(r"[^\s:!]+")  # a keyword ends before a ! (dest!: a line marked)
_ENTRY_WORD: Final = re.compile(r"[^\s,]+|,")  # located_words of each comma-separated entry
_GOOD_NAMES: Final = {name: GOODS[kind] for name, kind in GOOD_ALIASES.items()}
_DRAW_WORDS: Final = {**{k: "keep" for k in KEEP_WORDS}, **{r: "return" for r in RETURN_WORDS}}
RoundEntry = Union[DestEntry, DrawEntry, Entry]  # an entry round_problems may point at
# an entry of a line written plainly: its words, the column of the first, the column after the last
PlainEntry = tuple[list[str], int, int]

_CARD_HELP: Final = ("R (ruby), S (salt), W (wine), C (cloth), G (grain), X (conflict), P (pirate), "
              "? (unseen), or a good's name")


def _unknown_island(text: str) -> str:
    """The problem of an island name that is none of the 12, with the nearest names; or of a
    short spelling that fits several (``K``), with the islands it may mean."""
    fits = islands_fitting(text)
    if len(fits) > 1:
        return (f"ambiguous island {text!r}: it may mean {', '.join(fits[:-1])} or {fits[-1]}; "
                "write more of the name")
    return with_hint(f"unknown island {text!r}", did_you_mean(
        text, [i.name for i in DEFAULT_ISLANDS]))


def _card_of(word: str) -> str | None:
    """One card as a letter, from a letter or a name (``wine``, ``vin``); None if neither."""
    w = word.lower()
    if w in GOOD_ALIASES:
        return LETTERS[GOOD_ALIASES[w]]
    if len(word) == 1 and (word.upper() in LETTERS or word == "?"):
        return word.upper()
    return None


def _letters_of(word: str) -> str | None:
    """A run of cards: a good's name, or goods letters (``SRW``, ``??``); None if neither."""
    one = _card_of(word)
    if one is not None:
        return one
    if word and all(c.upper() in LETTERS or c == "?" for c in word):
        return word.upper()
    return None


def _plain_number(word: str) -> int | None:
    """A number written plainly (ASCII digits, as :func:`_int` reads them at once), or None."""
    return int(word) if word.isdigit() and word.isascii() and len(word) <= 15 else None


def _int(word: str) -> int | None:
    """A whole number, negative too (score lines); runaway lengths read as capped."""
    plain = _plain_number(word)  # the common case
    if plain is not None:
        return plain
    if _INT.fullmatch(word):
        text = word.replace("\u2212", "-")
        sign = -1 if text.startswith("-") else 1
        digits = text.lstrip("+-")
        value = number(digits)
        return None if value is None else sign * value
    return None


def _role(word: str) -> Role | None:
    w = word.lower().rstrip(":")
    if w in ROLE_WORDS:
        return ROLE_WORDS[w]
    found = {r for k, r in ROLE_WORDS.items() if k.startswith(w)} if w else set()
    return found.pop() if len(found) == 1 else None


# The words of the plain lines cartlog writes, each with what the full reading makes of it
# (computed from the full readers, so that the quick reading cannot differ): a card letter as
# a play (not a pass word), an action card by its name; a run of card letters that is no
# good's name.
_PLAIN_CARDS: Final = {c: _card_of(c) for c in "RSWCGXP?" if c.lower() not in PASS_WORDS}
_PLAIN_ACTIONS: Final = {a: ACTIONS[i] for a in ACTIONS if (i := find_action(a)) is not None}
_LETTER_RUN_ALIASES: Final = frozenset(k for k in GOOD_ALIASES if not k.upper().strip("RSWCGXP?"))
_ARROW: Final = re.compile(r"=>|->|=")


def _keyword(text: str, at: int) -> tuple[str | None, str, int]:
    """The line's keyword from ``at``: the kind of line it names (None: no keyword), the word
    as read (in lower case) and where it ends."""
    space = text.find(" ", at)
    word = text[at:space] if space >= 0 else text[at:]
    kind = KEYWORDS.get(word)  # the common case: the keyword as written, then a space or the end
    if kind is not None:
        return kind, word, at + len(word)
    m = _KEYWORD.match(text, at)
    if m is None:
        return None, "", at
    word = m.group(0).lower()
    return KEYWORDS.get(word), word, m.end()


def _locate(words: list[str], first: int) -> list[tuple[str, int]]:
    """The words of a plain entry (one space between words) with their columns."""
    out = []
    for word in words:
        out.append((word, first))
        first += len(word) + 1
    return out


class _Reader(LogReader):
    """One pass over a text log, collecting problems instead of stopping at the first."""

    header_fields = HEADER_FIELDS
    palette = Palette(COLOURS)
    names_are_players = True

    def __init__(self, text: str, path: str) -> None:
        super().__init__(text, path)
        self._player_of: dict[str, str] = {}  # words read as a player, once the header is read

    def player(self, word: str) -> str | None:
        """:meth:`LogReader.player`, remembered for the words a log repeats (not while the
        players are guessed from the body)."""
        colour = self._player_of.get(word)
        if colour is not None:
            return colour
        colour = super().player(word)
        if colour is not None and not self.guessing:
            self._player_of[word] = colour
        return colour

    def who(self, word: str, at: int, line: int) -> str | None:
        colour = self._player_of.get(word)  # a word read before: no problem to give
        return colour if colour is not None else super().who(word, at, line)

    def strip_comments(self, raw: str, line: int) -> tuple[str, str | None]:
        if "{" not in raw and ";" not in raw:  # the common case: a line without comments
            return raw, None
        return super().strip_comments(raw, line)

    # -- header ------------------------------------------------------------------------------

    def read(self) -> MeutererLog:
        header, spans, first_line = self.read_header()
        tags = header.tags
        missing_at = (header.body_start + 1 if header.body_start < len(self.lines)
                      else max(1, len(self.lines)))
        start: State | None = None
        position = None
        if "position" in tags:
            position = " ".join(tags["position"].value.split())
            start = self.read_position(tags["position"], from_position, error_field,
                                       POSITION_HELP)
        players_at = 0
        for name, shown in (("game", "Game"), ("players", "Players"), ("islands", "Islands")):
            if name == "islands" and "position" in tags:
                continue  # the position gives the circle
            if name == "players":
                players_at = len(self.problems)  # its problem waits for the body's colours
                self.guessing = name not in tags
            elif name not in tags:
                self.problem(missing_at, 1, f"missing header tag {shown}",
                             expected=f'[{shown} "..."] before the first round' + (
                                 ": the 12 island cards clockwise, from any of them ("
                                 + ", ".join(i.name for i in DEFAULT_ISLANDS) + ")"
                                 if name == "islands" else ""))
        if "game" in tags and tags["game"].value.strip().lower() not in ALIASES:
            t = tags["game"]
            self.problem(t.line, t.col, f"game {t.value!r} is not Meuterer",
                         expected="Meuterer", end=t.end)
        # the variant is the rule set: [Rules "pirate"] says the same (cartlog simulate
        # --rules pirate), and is read as such unless a Variant tag is there too; without
        # either, the position's, else the base game
        variant = start.variant.name if start is not None else "base"
        tag = tags.get("variant") or tags.get("rules")
        if tag is not None:
            raw = tag.value.strip()
            found = find_variant(raw)
            variant = found.name if found is not None else raw
            if "variant" not in spans:
                spans["variant"] = (tag.line, tag.col, tag.end)
        if "variant" in tags and "rules" in tags:
            t = tags["rules"]
            self.problem(t.line, t.col, "both Variant and Rules name the variant",
                         expected="one of them", end=t.end)
        if self.guessing and start is not None:  # the position's players, in its order
            self.colours = list(start.colours)
        players = self._players(tags.get("players"))
        islands = self._islands(tags.get("islands"))
        table = self._island_table(tags.get("islandtable"))
        other = {t: tags[t.lower()].value for t in header.order if t.lower() not in HEADER_FIELDS}
        # the body before the captain, the deal and the result: without a Players tag the
        # players are the colours the rounds name, in the order they first play
        events = self._body(header.body_start)
        captain = self._captain(tags.get("captain"))
        deal = self._deal(tags.get("deal"))
        result = self._result(tags.get("result"))
        if self.guessing:
            self.missing_players(missing_at, "before the first round", players_at)
            players = [Player(c) for c in self.colours]
        log = MeutererLog(
            variant=variant, players=players, captain=captain, islands=islands,
            island_table=table, deal=deal, position=position, result=result, tags=other,
            events=events, line=first_line, spans=spans)
        if start is not None:
            for field, message, expected in position_problems(log, start):
                line, col, end = spans.get(field.replace("_", ""), spans["position"])
                self.problem(line, col, message, expected, end)
        for index, entry, said, wanted in round_problems(log):
            obj: RoundEntry | Event = entry if entry is not None else log.events[index]
            self.problem(obj.line, obj.col, said, wanted, obj.end or None)
        return log

    def _players(self, tag: Tag | None) -> list[Player]:
        if tag is None:
            return []
        return [Player(colour, name) for colour, name in self.read_players(tag)]

    def _captain(self, tag: Tag | None) -> str | None:
        if tag is None:
            return None
        colour = self.player(tag.value.strip())
        if colour is None:
            self.problem(tag.line, tag.col, with_hint(
                f"captain {tag.value!r} is not a player", self.player_hint(tag.value.strip())),
                expected="one of " + ", ".join(self.colours), end=tag.end)
        return colour

    def _islands(self, tag: Tag | None) -> list[str]:
        if tag is None:
            return []
        names: list[str] = []
        if not tag.value.strip(" ,;/"):  # the JSON form needs the circle as well (12 islands)
            self.problem(tag.line, tag.col, "an empty Islands tag names no island",
                         expected=", ".join(i.name for i in DEFAULT_ISLANDS), end=tag.end)
            return names
        for part, col in entries(tag.value, tag.col, ",;/"):
            name = find_island(part)
            if name is None:
                self.problem(tag.line, col, _unknown_island(part),
                             expected=", ".join(i.name for i in DEFAULT_ISLANDS),
                             end=col + len(part))
                continue
            names.append(name)
        if START_ISLAND in names:  # the circle is written from Hochland
            at = names.index(START_ISLAND)
            names = names[at:] + names[:at]
        return names

    def _island_table(self, tag: Tag | None) -> dict[str, IslandData]:
        out: dict[str, IslandData] = {}
        if tag is None:
            return out
        for part, col in entries(tag.value, tag.col, ";"):
            words = located_words(part, col=col)
            k = 0
            while k < len(words) and not self._table_word(words[k][0]):
                k += 1
            name_text = " ".join(w for w, _ in words[:k])
            name = find_island(name_text) if name_text else None
            if name is None:
                self.problem(tag.line, col, _unknown_island(name_text) if name_text
                             else "an island table entry needs the island's name",
                             expected=", ".join(i.name for i in DEFAULT_ISLANDS),
                             end=col + max(1, len(name_text)))
                continue
            data = IslandData()
            rest = words[k:]
            i = 0
            while i < len(rest):
                word, at = rest[i]
                low = word.lower()
                if low == "ship":
                    value = _int(rest[i + 1][0]) if i + 1 < len(rest) else None
                    if value is None:
                        self.problem(tag.line, at, "ship needs its points", expected="ship 3",
                                     end=at + len(word))
                    else:
                        data.ship = value
                    i += 2
                    continue
                if "/" in word:
                    parts = word.split("/")
                    values = [_int(p) for p in parts]
                    numbers = [v for v in values if v is not None]
                    if len(values) != 3 or len(numbers) != 3:
                        self.problem(tag.line, at, f"{word!r} is not three values",
                                     expected="sole/two tied/three tied, e.g. 4/2/1",
                                     end=at + len(word))
                    else:
                        data.values = numbers
                elif low == "any":
                    data.good = "any"
                elif (card := _card_of(word)) is not None and card in LETTERS[:NGOODS]:
                    data.good = card
                else:
                    self.problem(tag.line, at, f"cannot read {word!r} in the island table",
                                 expected="a good (or any), three values a/b/c, ship N",
                                 end=at + len(word))
                i += 1
            out[name] = data
        return out

    @staticmethod
    def _table_word(word: str) -> bool:
        low = word.lower()
        card = _card_of(word)
        return (low in ("ship", "any") or "/" in word
                or (card is not None and card in LETTERS[:NGOODS] and len(word) > 1)
                or (len(word) == 1 and word.upper() in LETTERS[:NGOODS]))

    def _deal(self, tag: Tag | None) -> dict[str, str]:
        out: dict[str, str] = {}
        if tag is None:
            return out
        for part, col in entries(tag.value, tag.col, ",;"):
            words = located_words(part, col=col)
            colour = self.who(words[0][0], col, tag.line)
            if colour is None:
                continue
            cards = self._cards(words[1:], tag.line)
            if cards is not None:
                out[colour] = cards
        return out

    def _cards(self, words: list[tuple[str, int]], line: int,
               keywords: dict[str, str] | None = None) -> str | None:
        """Cards from words of letters or names; problems located at the bad character, with
        the nearest good's name or of the ``keywords`` that may stand there."""
        out: list[str] = []
        ok = True
        for word, at in words:
            if word == "-":  # no card
                continue
            got = _letters_of(word)
            if got is not None:
                out.append(got)
                continue
            ok = False
            bad = next((i for i, c in enumerate(word) if c.upper() not in LETTERS and c != "?"),
                       0)
            near = did_you_mean(word, {**_GOOD_NAMES, **(keywords or {})})
            self.problem(line, at + bad, with_hint(
                f"{word!r} is not goods letters or a good's name", near),
                expected=_CARD_HELP, end=at + len(word))
        return "".join(out) if ok else None

    def _result(self, tag: Tag | None) -> list[str] | None:
        if tag is None:
            return None
        v = tag.value.strip().lower()
        if v in ("*", "unfinished", "none", "?", ""):
            return []
        out: list[str] = []
        for part, col in entries(tag.value, tag.col, ",;&+"):
            for word in part.split():
                if word.lower() in ("and", "et", "tie", "shared"):
                    continue
                colour = self.player(word)
                if colour is None:
                    self.problem(tag.line, col, with_hint(f"result {part!r} names no player",
                                                          self.player_hint(word)),
                                 expected="the winner's colour, winners sharing a tie "
                                 "(red, blue), or unfinished", end=col + len(part))
                elif colour not in out:
                    out.append(colour)
        return out

    # -- body --------------------------------------------------------------------------------

    def _body(self, start: int) -> list[Event]:
        events: list[Event] = []
        lines = self.lines
        for i in range(start, len(lines)):
            raw = lines[i]
            stripped = raw.strip()
            if not stripped:
                continue
            lineno = i + 1
            indent = 0 if stripped is raw else len(raw) - len(raw.lstrip())
            if stripped[0] in "[;#{":  # a tag or a comment line may start so
                if stripped.startswith("["):
                    self.problem(lineno, indent + 1, "header tag after the first round",
                                 expected="all tag pairs at the top of the log")
                    continue
                if is_comment_line(stripped):
                    events.append(Comment(text=comment_text(stripped), line=lineno,
                                          col=indent + 1, end=len(raw) + 1))
                    continue
            ev = self._line(raw, lineno, indent)
            if ev is not None:
                events.append(ev)
        return events

    def _line(self, raw: str, line: int, indent: int) -> Event | None:
        if "{" not in raw and ";" not in raw:  # a line without comments (strip_comments)
            text, comment = raw, None
        else:
            text, comment = self.strip_comments(raw, line)
        kind, word, pos = _keyword(text, indent)
        if kind is None and word in self.colours:
            kind, pos = "sell", indent  # a play as written on paper: ``red R``, no ``sell``
        if kind is None:
            self.problem(line, indent + 1, with_hint(
                f"{word!r} is not a line of a Meuterer log", did_you_mean(word, KEYWORDS))
                if word else "unreadable line",
                         expected="round, wage, sell, dest, mutiny, sale, draw, score, total "
                         "or a ; comment", end=indent + 1 + max(1, len(word)))
            return None
        if pos < len(text) and text[pos] == ":":
            pos += 1
        col, end = indent + 1, len(raw) + 1
        read: Callable[[str, int, int, int, int, str | None], Event | None] = getattr(
            self, _READERS[kind])  # the line's reader: _round, _wage, _sell, ...
        if kind == "sell" or "!" not in text:  # a sell line's marks are its steps'
            return read(text, pos, line, col, end, comment)
        bare = text.rstrip()
        if not bare.endswith(CONDONED_MARK) or kind not in MARKED_LINES:
            at = text.index("!")
            self.problem(line, at + 1, f"a {kind} line cannot be marked condoned (!)"
                         if kind not in MARKED_LINES else "! stands only at the end of a line",
                         expected="! after a play or pass (sell green C!), or at the end of a "
                         "wage, dest, mutiny, sale or draw line", end=at + 2)
            return None
        ev = read(bare[:-1], pos, line, col, end, comment)
        if isinstance(ev, _MARKED):  # not None: the kind is one of MARKED_LINES
            ev.condoned = True
        return ev

    def _entries(self, text: str, pos: int) -> list[list[tuple[str, int]]]:
        """The comma-separated entries of a line, as lists of located words."""
        rest = text[pos:]
        out: list[list[Word]] = []
        if rest.isprintable():  # the common case: no blank but spaces, cut with str.split
            col = pos + 1  # the column of the next word (a comma or space takes one)
            for part in rest.split(","):
                words: list[tuple[str, int]] = []
                for word in part.split(" "):
                    if word:
                        words.append((word, col))
                    col += len(word) + 1
                if words:
                    out.append(words)
            return out
        words = []
        for m in _ENTRY_WORD.finditer(text, pos):  # the words, and the commas between entries
            word = m.group()
            if word == ",":
                if words:
                    out.append(words)
                    words = []
            else:
                words.append((word, m.start() + 1))
        if words:
            out.append(words)
        return out

    def _parts(self, text: str, pos: int) -> list[list[Word] | PlainEntry]:
        """The comma-separated entries of a line as :meth:`_entries` reads them, except on a
        line written plainly (``, `` between entries, one space between words and before the
        first, none at the end, as cartlog writes them): there each entry comes as its words,
        the column of the first and the column just after the last, with no column for each
        word (:func:`_locate` gives them)."""
        rest = text[pos:]
        if not (rest[:1] == " " and rest[-1] != " " and "  " not in rest and " ," not in rest
                and rest.count(",") == rest.count(", ") and rest.isprintable()):
            # read only, as a list of the wider type
            return cast("list[list[Word] | PlainEntry]", self._entries(text, pos))
        out: list[list[Word] | PlainEntry] = []
        first = pos + 2
  # the column of the entry's first word
        for part in rest[1:].split(", "):
            last = first + len(part)
            out.append((part.split(" "), first, last))
            first = last + 2
        return out

    def _round(self, text: str, pos: int, line: int, col: int, end: int,
               comment: str | None) -> Round:
        words = located_words(text, pos)
        number = None
        if words:
            w, at = words[0]
            number = _int(w.lstrip("#"))
            if number is None or len(words) > 1:
                bad = words[0] if number is None else words[1]
                self.problem(line, bad[1], f"cannot read {bad[0]!r} after round",
                             expected="round 3", end=bad[1] + len(bad[0]))
        return Round(number=number, comment=comment, line=line, col=col, end=end)

    def _wage(self, text: str, pos: int, line: int, col: int, end: int,
              comment: str | None) -> Wage | None:
        words = located_words(text, pos)
        wage = _int(words[0][0]) if words else None
        if wage is None or len(words) > 1:
            at = words[0][1] if words and wage is None else (words[1][1] if len(words) > 1
                                                             else pos + 1)
            self.problem(line, at, "wage needs one number", expected="wage 2 (0 to 3)",
                         end=at + 1)
            return None
        return Wage(wage=wage, comment=comment, line=line, col=col, end=end)

    def _sell(self, text: str, pos: int, line: int, col: int, end: int,
              comment: str | None) -> Sell:
        steps: list[Step] = []
        player_of = self._player_of
        for part in self._parts(text, pos):
            if isinstance(part, tuple):  # a plain entry: red W, red pass 4 mate
                words, first, last = part
                colour = player_of.get(words[0])  # a player word read before
                if colour is not None:
                    n = len(words)
                    if n == 2:
                        card = _PLAIN_CARDS.get(words[1])
                        if card is not None:
                            steps.append(Play(player=colour, card=card, line=line, col=first,
                                              end=last))
                            continue
                    elif 3 <= n <= 4 and words[1] == "pass" \
                            and (kept := _plain_number(words[2])) is not None:
                        action = _PLAIN_ACTIONS.get(words[3]) if n == 4 else None
                        if n == 3 or action is not None:
                            steps.append(Pass(player=colour, kept=kept,
                                              action=action, line=line, col=first, end=last))
                            continue
                part = _locate(words, first)
            step = self._step(part, line)
            if step is not None:
                steps.append(step)
        return Sell(steps=steps, comment=comment, line=line, col=col, end=end)

    def _step(self, words: list[Word], line: int) -> Step | None:
        colour = self.who(*words[0], line)
        first, last = span(words)
        condoned = False
        if words[-1][0][-1] == "!" and len(words) > 1:  # green C!, green pass 4 mate !
            condoned = True
            w, at = words[-1]
            words = words[:-1] + ([(w[:-1], at)] if len(w) > 1 else [])
        rest = words[1:]
        if not rest:
            self.problem(line, first, "a selling turn needs a card or pass",
                         expected="red W, red P robbed, or red pass 3 mate", end=last)
            return None
        word, at = rest[0]
        if word.lower() in PASS_WORDS:
            kept = None
            action = None
            for w, a in rest[1:]:
                n = _int(w)
                if n is not None and kept is None and n >= 0:
                    kept = n
                elif n is None and action is None:
                    found = find_action(w)
                    action = ACTIONS[found] if found is not None else w.lower()
                else:
                    self.problem(line, a, f"cannot read {w!r} in a pass",
                                 expected="pass, the cards kept, the action card: "
                                 "pass 3 mate", end=a + len(w))
            if colour is None:
                return None
            return Pass(player=colour, kept=kept, action=action, condoned=condoned, line=line,
                        col=first, end=last)
        card = _card_of(word)
        if card is None:
            self.problem(line, at, with_hint(f"{word!r} is not a card or pass", did_you_mean(
                word, {**_GOOD_NAMES, **{p: "pass" for p in PASS_WORDS}})), expected=_CARD_HELP
                         + ", or pass", end=at + len(word))
            return None
        robbed = False
        for w, a in rest[1:]:
            if w.lower() in ROBBED_WORDS and card == "P" and not robbed:
                robbed = True
            else:
                self.problem(line, a, f"cannot read {w!r} after a card" if card == "P" or
                             w.lower() not in ROBBED_WORDS else "only the pirate card robs",
                             expected="one card a turn (red W); P robbed for the pirate card",
                             end=a + len(w))
        if colour is None:
            return None
        return Play(player=colour, card=card, robbed=robbed, condoned=condoned, line=line,
                    col=first, end=last)

    def _dest(self, text: str, pos: int, line: int, col: int, end: int,
              comment: str | None) -> Dest:
        dests: list[DestEntry] = []
        for words in self._entries(text, pos):
            first, last = span(words)
            role = _role(words[0][0])
            if role is None:
                self.problem(line, first, with_hint(f"{words[0][0]!r} is not captain or mutineer",
                                                    did_you_mean(words[0][0], ROLE_WORDS)),
                             expected="dest captain Sandkap, mutineer Hochland",
                             end=first + len(words[0][0]))
                continue
            island_text = " ".join(w for w, _ in words[1:])
            name = find_island(island_text) if island_text else None
            if name is None:
                at = words[1][1] if len(words) > 1 else first
                self.problem(line, at, _unknown_island(island_text) if island_text
                             else f"the {role}'s destination needs an island",
                             expected=", ".join(i.name for i in DEFAULT_ISLANDS), end=last)
                continue
            dests.append(DestEntry(role=role, island=name, line=line, col=first, end=last))
        return Dest(dests=dests, comment=comment, line=line, col=col, end=end)

    def _mutiny(self, text: str, pos: int, line: int, col: int, end: int,
                comment: str | None) -> Mutiny:
        outcome: Outcome | None = None
        arrow = _ARROW.search(text, pos)
        stop = len(text)
        if arrow:
            stop = arrow.start()
            words = located_words(text, arrow.end())
            if len(words) != 1 or words[0][0].lower() not in OUTCOME_WORDS:
                at = words[0][1] if words else arrow.end() + 1
                self.problem(line, at, with_hint("cannot read the mutiny's outcome",
                                                 did_you_mean(words[0][0], OUTCOME_WORDS)
                                                 if len(words) == 1 else ""),
                             expected="=> captain, or => mutineers", end=len(text) + 1)
            else:
                outcome = OUTCOME_WORDS[words[0][0].lower()]
        adds = []
        player_of = self._player_of
        for part in self._parts(text[:stop].rstrip(), pos):  # no words in the blanks cut
            if isinstance(part, tuple):  # a plain entry
                plain, first, last = part
                if len(plain) == 2:  # red 2
                    colour = player_of.get(plain[0])
                    number = _plain_number(plain[1])
                    if colour is not None and number is not None:
                        adds.append(Add(player=colour, count=number, line=line,
                                        col=first, end=last))
                        continue
                words = _locate(plain, first)
            else:
                words = part
            first, last = span(words)
            colour = self.who(*words[0], line)
            count = _int(words[1][0]) if len(words) > 1 else None
            side = None
            if count is None or count < 0:
                at = words[1][1] if len(words) > 1 else first
                self.problem(line, at, "a mutiny entry needs the number of conflict cards",
                             expected="red 2 (or red 2 captain)", end=last)
                continue
            for w, a in words[2:]:
                r = _role(w)
                if r is not None and side is None:
                    side = r
                else:
                    self.problem(line, a, with_hint(f"cannot read {w!r} in a mutiny entry",
                                                    did_you_mean(w, ROLE_WORDS)),
                                 expected="the side: captain or mutineer", end=a + len(w))
            if colour is not None:
                adds.append(Add(player=colour, count=count, side=side, line=line, col=first,
                                end=last))
        return Mutiny(adds=adds, outcome=outcome, comment=comment, line=line, col=col, end=end)

    def _sale(self, text: str, pos: int, line: int, col: int, end: int,
              comment: str | None) -> Sale:
        sales: list[SaleEntry] = []
        for words in self._entries(text, pos):
            first, last = span(words)
            colour = self.who(*words[0], line)
            card = _card_of(words[1][0]) if len(words) > 1 else None
            if card is None or card not in LETTERS[:NGOODS]:
                at = words[1][1] if len(words) > 1 else first
                near = did_you_mean(words[1][0], {k: v for k, v in _GOOD_NAMES.items()
                                                  if v in GOODS[:NGOODS]}) \
                    if card is None and len(words) > 1 else ""
                self.problem(line, at, with_hint("a sale needs a good that can be sold", near),
                             expected="blue G Affeninsel 2 (R, S, W, C or G)", end=last)
                continue
            rest = words[2:]
            count = _int(rest[-1][0]) if rest else None
            if count is not None:
                rest = rest[:-1]
            island_text = " ".join(w for w, _ in rest)
            name = find_island(island_text) if island_text else None
            if name is None:
                at = rest[0][1] if rest else last
                self.problem(line, at, _unknown_island(island_text) if island_text
                             else "a sale needs the island", expected=", ".join(
                                 i.name for i in DEFAULT_ISLANDS), end=last)
                continue
            if count is not None and count < 0:
                self.problem(line, rest[-1][1] if rest else first, "a negative count",
                             expected="0 or more", end=last)
                continue
            if colour is not None:
                sales.append(SaleEntry(player=colour, good=card, island=name, count=count,
                                       line=line, col=first, end=last))
        return Sale(sales=sales, comment=comment, line=line, col=col, end=end)

    def _draw(self, text: str, pos: int, line: int, col: int, end: int,
              comment: str | None) -> Draw:
        draws: list[DrawEntry] = []
        player_of = self._player_of
        for part in self._parts(text, pos):
            if isinstance(part, tuple):  # a plain entry
                plain, first, last = part
                if len(plain) == 2:  # red 2, red SWX
                    colour = player_of.get(plain[0])
                    drawn = plain[1]
                    if colour is not None:
                        count = _plain_number(drawn)
                        if count is not None:
                            draws.append(DrawEntry(player=colour, count=count, line=line,
                                                   col=first, end=last))
                            continue
                        if (not drawn.strip("RSWCGXP?")
                                and drawn.lower() not in _LETTER_RUN_ALIASES):
                            draws.append(DrawEntry(player=colour, cards=drawn, line=line,
                                                   col=first, end=last))
                            continue
                words = _locate(plain, first)
            else:
                words = part
            first, last = span(words)
            colour = self.who(*words[0], line)
            cards = count = keep = returned = None
            mode = "cards"
            drawn_words = []
            keep_words = []
            ok = True
            for w, a in words[1:]:
                low = w.lower()
                if low in KEEP_WORDS:
                    mode = "keep"
                    continue
                if low in RETURN_WORDS:
                    mode = "return"
                    continue
                if mode == "cards":
                    drawn_words.append((w, a))
                elif mode == "keep":
                    keep_words.append((w, a))
                else:
                    n = _int(w)
                    if n is None or n < 0 or returned is not None:
                        self.problem(line, a, f"cannot read {w!r} after return",
                                     expected="return 3", end=a + len(w))
                        ok = False
                    else:
                        returned = n
            if len(drawn_words) == 1 and (drawn_count := _int(drawn_words[0][0])) is not None:
                count = drawn_count
                if count < 0:
                    self.problem(line, drawn_words[0][1], "a negative count",
                                 expected="0 or more", end=last)
                    ok = False
            elif drawn_words:
                cards = self._cards(drawn_words, line, _DRAW_WORDS)
                ok = ok and cards is not None
            else:
                self.problem(line, first, "a draw needs the cards or their number",
                             expected="red 2, blue SR, or yellow 8 return 3", end=last)
                ok = False
            if keep_words:
                keep = self._cards(keep_words, line)
                ok = ok and keep is not None
            elif mode == "keep":
                self.problem(line, last, "keep needs the cards kept", expected="keep SRW",
                             end=last)
                ok = False
            if mode == "return" and returned is None and ok:
                self.problem(line, last, "return needs a number", expected="return 3",
                             end=last)
                ok = False
            if colour is not None and ok:
                draws.append(DrawEntry(player=colour, cards=cards, count=count, keep=keep,
                                       returned=returned, line=line, col=first, end=last))
        return Draw(draws=draws, comment=comment, line=line, col=col, end=end)

    def _sheet(self, text: str, pos: int, line: int, what: str) -> list[Entry]:
        entries: list[Entry] = []
        player_of = self._player_of
        for part in self._parts(text, pos):
            if isinstance(part, tuple):  # a plain entry
                plain, first, last = part
                if len(plain) == 2:  # red 5
                    colour = player_of.get(plain[0])
                    number = _plain_number(plain[1])
                    if colour is not None and number is not None:
                        entries.append(Entry(player=colour, points=number, line=line,
                                             col=first, end=last))
                        continue
                words = _locate(plain, first)
            else:
                words = part
            first, last = span(words)
            colour = self.who(*words[0], line)
            points = _int(words[1][0]) if len(words) == 2 else None
            if points is None:
                at = words[1][1] if len(words) > 1 else first
                self.problem(line, at, f"a {what} entry is a player and a number",
                             expected=f"{what} red 5, blue -1", end=last)
                continue
            if colour is not None:
                entries.append(Entry(player=colour, points=points, line=line, col=first,
                                     end=last))
        return entries

    def _score(self, text: str, pos: int, line: int, col: int, end: int,
               comment: str | None) -> Score:
        return Score(entries=self._sheet(text, pos, line, "score"), comment=comment, line=line,
                     col=col, end=end)

    def _total(self, text: str, pos: int, line: int, col: int, end: int,
               comment: str | None) -> Total:

        return Total(entries=self._sheet(text, pos, line, "total"), comment=comment, line=line,
                     col=col, end=end)


def round_problems(log: MeutererLog) -> list[tuple[int, RoundEntry | None, str, str | None]]:
    """What the text reader and :func:`validate` both reject in the body: a line before the
    first ``round``, a second wage in a round, a destination, score, total or draw given twice
    for the same role or player in a round, two different mutiny outcomes. Returns (event
    index, the entry at fault or None, message, expected)."""
    if _plain_rounds(log.events):  # the common case
        return []
    out: list[tuple[int, RoundEntry | None, str, str | None]] = []
    opened = False
    seen: dict[str, set[str]] = {}
    first = "round 1 first"
    if log.position is not None:
        try:
            first = f"round {from_position(log.position).round} first (the position's round)"
        except PositionError:
            pass
    before: dict[str, set[str]] = {}  # the round before's lines
    events = log.events
    for i, ev in enumerate(events):
        kind = type(ev)
        if kind is _COMMENT:
            continue
        if kind is _ROUND:
            opened = True
            before, seen = seen, {}
            continue
        if not opened:
            out.append((i, None, "a line before the first round", first))
            continue
        # a slip of the pen the audit reads (docs/rules.md, "Slips of the pen (Meuterer)"):
        # a line copied from the line before, or the round before's line written after the
        # round line (swapped with it)
        if i and type(events[i - 1]) is kind and format_event(ev) == format_event(
                events[i - 1]):
            continue
        if (i > 1 and type(events[i - 1]) is _ROUND and kind is not _WAGE
                and kind.__name__.lower() not in before):
            continue
        if kind is _WAGE:
            if "wage" in seen:
                out.append((i, None, "a second wage in this round", "one wage line a round"))
            seen["wage"] = set()
        elif type(ev) is _DEST:
            got = seen.setdefault("dest", set())
            for e in ev.dests:
                if e.role in got:
                    out.append((i, e, f"the {e.role}'s destination is given twice in this "
                                "round", "one destination each"))
                got.add(e.role)
        elif type(ev) is _MUTINY and ev.outcome is not None:
            got = seen.setdefault("outcome", set())
            if got and ev.outcome not in got:
                out.append((i, None, "two different outcomes for one mutiny",
                            "one outcome a round"))
            got.add(ev.outcome)
        elif type(ev) is _SCORE or type(ev) is _TOTAL or type(ev) is _DRAW:
            name = kind.__name__.lower()
            got = seen.setdefault(name, set())
            for item in (ev.draws if isinstance(ev, Draw) else ev.entries):
                if item.player in got:
                    out.append((i, item, f"{item.player} has two {name} entries in this round",
                                f"one {name} entry per player a round"))
                got.add(item.player)
    return out


def _plain_rounds(events: list[Event]) -> bool:
    """True when :func:`round_problems` surely has nothing to say: every line in a round, at
    most one wage, destination, draw, score and total line a round, each naming a role or
    player once, and one mutiny outcome."""
    opened = False
    once: set[type] = set()  # the lines of the round that may come once, so far
    outcome = None
    for ev in events:
        kind = type(ev)
        if kind is _ROUND:
            opened = True
            once = set()
            outcome = None
        elif kind is _COMMENT:
            continue
        elif not opened:
            return False
        elif kind in _ONCE_A_ROUND:
            if kind in once:
                return False
            once.add(kind)
            if type(ev) is _SCORE or type(ev) is _TOTAL:
                if len({e.player for e in ev.entries}) != len(ev.entries):
                    return False
            elif type(ev) is _DRAW:
                if len({d.player for d in ev.draws}) != len(ev.draws):
                    return False
            elif type(ev) is _DEST and len({d.role for d in ev.dests}) != len(ev.dests):
                return False
        elif type(ev) is _MUTINY and ev.outcome is not None:
            if outcome is not None and ev.outcome != outcome:
                return False
            outcome = ev.outcome
    return True


def parse(text: str, path: str = "<log>") -> MeutererLog:
    """Read a Meuterer text log. Raises :class:`LogSyntaxError` listing every problem."""
    reader = _Reader(text, path)
    log = reader.read()
    if reader.problems:
        raise LogSyntaxError(path, sorted(reader.problems, key=lambda p: (p.line, p.col)), text)
    return with_position(log)


def read_line(line: str, colours: list[str], names: dict[str, str] | None = None,
              path: str = "<input>") -> Event:
    """One body line read in the context of a game in progress (its players' colours and
    names): a ``round``, ``wage``, ``sell``, ``dest``, ``mutiny``, ``sale``, ``draw``,
    ``score`` or ``total`` line, or a comment. Raises :class:`LogSyntaxError` (located in
    ``line``, as line 1) when it cannot be read."""
    reader = _Reader(line, path)
    reader.colours = list(colours)
    reader.names = dict(names or {})
    events = reader._body(0)
    if not reader.problems and len(events) != 1:
        reader.problem(1, 1, "nothing to read on this line",
                       expected="round, wage, sell, dest, mutiny, sale, draw, score or total")
    if reader.problems:
        raise LogSyntaxError(path, sorted(reader.problems, key=lambda p: (p.line, p.col)), line)
    return events[0]


_ONE_WORD: Final = re.compile(r"\S*[^\s!]")  # an action card's word: the text gives it no final !


_CARD_RE: Final = re.compile(CARD_PATTERN)
_CARDS_RE: Final = re.compile(CARDS_PATTERN)
_GOOD_RE: Final = re.compile(GOOD_PATTERN)
_CARD_SET: Final = frozenset("RSWCGXP?")
_GOOD_SET: Final = frozenset("RSWCG")


def _letter_problem(path: str, pattern: re.Pattern[str], field: str, value: str
                    ) -> SyntaxProblem:
    """A card or good that is no letter, with the message a typed decode of the JSON gives
    (the pattern, the path, the suggestion of :func:`json_hint`)."""
    return SyntaxProblem(1, 1, "invalid log: " + with_hint(
        f"Expected `str` matching regex '{pattern.pattern}' - at `{path}`",
        json_hint({}, field, value) if field else ""))


def letter_problem(log: MeutererLog) -> SyntaxProblem | None:
    """The first card or good of a decoded JSON log that does not match its pattern
    (:mod:`~cartlog.games.meuterer.events`), in the order a JSON log is decoded, or None."""
    for cards in log.deal.values():
        if cards.strip("RSWCGXP?") and not _CARDS_RE.search(cards):
            return _letter_problem("$.deal[...]", _CARDS_RE, "", cards)
    for i, ev in enumerate(log.events):
        if type(ev) is _SELL:
            for j, step in enumerate(ev.steps):
                if (type(step) is _PLAY and step.card not in _CARD_SET
                        and not _CARD_RE.search(step.card)):
                    return _letter_problem(f"$.events[{i}].steps[{j}].card", _CARD_RE, "card",
                                           step.card)
        elif type(ev) is _DRAW:
            for j, d in enumerate(ev.draws):
                for field, some in (("cards", d.cards), ("keep", d.keep)):
                    if some and some.strip("RSWCGXP?") and not _CARDS_RE.search(some):
                        return _letter_problem(f"$.events[{i}].draws[{j}].{field}", _CARDS_RE,
                                               field, some)
        elif type(ev) is _SALE:
            for j, sale in enumerate(ev.sales):
                if sale.good not in _GOOD_SET and not _GOOD_RE.search(sale.good):
                    return _letter_problem(f"$.events[{i}].sales[{j}].good", _GOOD_RE, "good",
                                           sale.good)
    return None


def validate(log: MeutererLog) -> list[SyntaxProblem]:
    """Check a decoded JSON log for what the text reader checks while reading: known colours,
    players named in the body, island names, goods letters, the shape of rounds. Problems are
    located by JSON path (line 1, column 1). A card or good that is no letter is the one
    problem given, as a typed decode gives it (see :func:`letter_problem`).

    The common case first: a body that :func:`_plain_body` finds clean has no problem of
    letters, names or the shape of rounds, and only the header is checked."""
    colours = [p.colour for p in log.players]
    if _plain_body(log.events, frozenset(colours)):
        for cards in log.deal.values():
            if cards.strip("RSWCGXP?"):
                break
        else:
            return _read_checks(log, body=False)
    letter = letter_problem(log)
    return [letter] if letter is not None else _read_checks(log)


_ISLAND_NAMES: Final = frozenset(i.name for i in DEFAULT_ISLANDS)
_LAWFUL_ACTIONS: Final = frozenset(ACTIONS)  # one word each, with no final !


def _plain_body(events: list[Event], players: frozenset[str]) -> bool:
    """True when the body surely gives no problem to :func:`letter_problem`,
    :func:`_read_checks` or :func:`round_problems`: every line in a round, every card and good
    a letter, every player one of ``players``, every island one of the circle's cards, an
    action card by its name, a robbery only by the pirate card, a draw with its cards or their
    number, and at most one wage, destination, draw, score and total line a round, each
    naming a role or player once, and one mutiny outcome. False leaves the verdict to them."""
    opened = False
    once: set[type] = set()  # the lines of the round that may come once, so far
    outcome = None
    for ev in events:
        kind = type(ev)
        if kind is _ROUND:
            opened = True
            once = set()
            outcome = None
            continue
        if kind is _COMMENT:
            continue
        if not opened:
            return False
        if kind in _ONCE_A_ROUND:
            if kind in once:
                return False
            once.add(kind)
        elif type(ev) is _MUTINY and ev.outcome is not None:
            if outcome is not None and ev.outcome != outcome:
                return False
            outcome = ev.outcome
        if not _PLAIN_LINE[kind](ev, players):
            return False
    return True


def _plain_sell(ev: Sell, players: frozenset[str]) -> bool:
    for step in ev.steps:
        if step.player not in players:
            return False
        if type(step) is _PLAY:
            if step.card not in _CARD_SET or (step.robbed and step.card != "P"):
                return False
        elif type(step) is _PASS and step.action is not None \
                and step.action not in _LAWFUL_ACTIONS:
            return False
    return True


def _plain_sheet(ev: Score | Total, players: frozenset[str]) -> bool:
    named = {e.player for e in ev.entries}
    return len(named) == len(ev.entries) and named <= players


def _plain_draw(ev: Draw, players: frozenset[str]) -> bool:
    named = set()
    for d in ev.draws:
        c, k = d.cards, d.keep
        if (c is None and d.count is None) or (c and c.strip("RSWCGXP?")) or (
                k and k.strip("RSWCGXP?")):
            return False
        named.add(d.player)
    return len(named) == len(ev.draws) and named <= players


def _plain_sale(ev: Sale, players: frozenset[str]) -> bool:
    for e in ev.sales:
        if e.player not in players or e.good not in _GOOD_SET or e.island not in _ISLAND_NAMES:
            return False
    return True


def _plain_dest(ev: Dest, players: frozenset[str]) -> bool:
    roles = {e.role for e in ev.dests}
    return len(roles) == len(ev.dests) and all(e.island in _ISLAND_NAMES for e in ev.dests)


def _plain_mutiny(ev: Mutiny, players: frozenset[str]) -> bool:
    for a in ev.adds:
        if a.player not in players:
            return False
    return True


_ONCE_A_ROUND: Final = frozenset({Wage, Dest, Draw, Score, Total})
_PLAIN_LINE: Final[dict[type, Callable[[Any, frozenset[str]], bool]]] = {
    Sell: _plain_sell, Score: _plain_sheet, Total: _plain_sheet, Draw: _plain_draw,
    Sale: _plain_sale, Dest: _plain_dest, Mutiny: _plain_mutiny, Wage: lambda ev, _: True}


def _read_checks(log: MeutererLog, body: bool = True) -> list[SyntaxProblem]:
    """What the text reader checks, of a JSON log whose letters are all goods letters
    (``body`` false: of its header only, its body found plain)."""
    colours = [p.colour for p in log.players]
    out: list[SyntaxProblem] = []
    islands = _ISLAND_NAMES
    readers: list[_Reader] = []  # the text reader's words and suggestions, made when needed

    def bad(path: str, message: str, expected: str | None = None) -> None:
        out.append(SyntaxProblem(1, 1, f"at {path}: {message}", expected))

    def not_player(path: str, word: str, what: str = "is not a player of this game") -> None:
        if not readers:
            readers.append(_Reader.of_players(log.players))
        bad(path, with_hint(f"{word!r} {what}", readers[0].player_hint(word)),
            "one of " + ", ".join(colours))

    out += _json_position(log)
    if log.position is None and not log.islands:  # as the text reader's missing Islands tag
        bad("$", 'missing field "islands"', '"islands": the 12 island cards clockwise, from '
            "any of them (" + ", ".join(i.name for i in DEFAULT_ISLANDS) + '), or a "position" '
            "to start from")
    for i, p in enumerate(log.players):
        if p.colour not in COLOURS:
            bad(f"$.players[{i}].colour", with_hint(f"unknown colour {p.colour!r}", did_you_mean(
                p.colour, _Reader.palette.spellings())), "one of " + ", ".join(COLOURS))
    if log.captain is not None and log.captain not in colours:
        not_player("$.captain", log.captain, "is not a player")
    for i, name in enumerate(log.islands):
        if name not in islands:
            bad(f"$.islands[{i}]", _unknown_island(name), ", ".join(sorted(islands)))
    for name in log.island_table:
        if name not in islands:
            bad(f"$.island_table.{name}", _unknown_island(name), ", ".join(sorted(islands)))
    for colour in log.deal:
        if colour not in colours:
            not_player(f"$.deal.{colour}", colour)
    for i, colour in enumerate(log.result or []):
        if colour not in colours:
            not_player(f"$.result[{i}]", colour, "is not a player")
    if body:
        _body_checks(log, bad, not_player)
    return out


def _body_checks(log: MeutererLog, bad: Callable[..., None],
                 not_player: Callable[..., None]) -> None:
    """:func:`_read_checks` of the body: players, islands, words and the shape of rounds,
    each problem given to ``bad`` or ``not_player`` with its path."""
    players = frozenset(p.colour for p in log.players)
    islands = _ISLAND_NAMES
    for i, ev in enumerate(log.events):
        kind = type(ev)
        if type(ev) is _SELL:  # the bulk of a log: quick tests, a path only for a problem
            for j, step in enumerate(ev.steps):
                if step.player not in players:
                    not_player(f"$.events[{i}].steps[{j}].player", step.player)
                if type(step) is _PLAY and step.robbed and step.card != "P":
                    bad(f"$.events[{i}].steps[{j}].robbed", "only the pirate card robs", "false")
                if type(step) is _PASS and step.action is not None and not _ONE_WORD.fullmatch(
                        step.action):
                    bad(f"$.events[{i}].steps[{j}].action", f"the action card {step.action!r} "
                        "is not one word (without a final !): the text notation cannot hold it",
                        "one of " + ", ".join(ACTIONS))
            continue
        field = _ENTRY_FIELDS.get(kind)
        if field is None:
            continue
        for j, item in enumerate(getattr(ev, field)):
            if kind is not _DEST and item.player not in players:
                not_player(f"$.events[{i}].{field}[{j}].player", item.player)
            if (kind is _SALE or kind is _DEST) and item.island not in islands:
                bad(f"$.events[{i}].{field}[{j}].island", _unknown_island(item.island),
                    ", ".join(sorted(islands)))
            if kind is _DRAW and item.cards is None and item.count is None:
                bad(f"$.events[{i}].{field}[{j}]", "a draw needs the cards or their number",
                    "cards or count")
    for index, entry, message, expected in round_problems(log):
        path = f"$.events[{index}]"
        ev = log.events[index]
        if entry is not None:
            for field in ("dests", "draws", "entries"):
                items = getattr(ev, field, None)
                if items is not None and entry in items:
                    path += f".{field}[{items.index(entry)}]"
                    break
        bad(path, message, expected)


# -- a log that starts from a position ---------------------------------------------------------


def _table_data(isl: Island) -> IslandData:
    return IslandData(good="any" if isl.good == ANY else LETTERS[isl.good],
                      values=list(isl.values), ship=isl.ship)


def _overrides(state: State) -> dict[str, IslandData]:
    """The island cards of the position's circle that differ from the printed ones, as the
    ``IslandTable`` tag gives them."""
    return {isl.name: _table_data(isl) for isl in state.circle
            if ISLAND_BY_CODE.get(isl.code) != isl}


def at_round_start(state: State) -> bool:
    """Whether a position stands between rounds (or after the last): no round under way
    (``open:`` and the round's lines), no wage set, no card played and nobody passed in the
    round it names. A log opens each round with its round line, so a position it starts from
    stands there."""
    return state.open is None and (
        state.phase == OVER or (state.wage < 0 and not any(state.passed)
                                and not any(sum(p) for p in state.played)))


def position_problems(log: MeutererLog, start: State) -> list[tuple[str, str, str]]:
    """Where the header says otherwise than the position the log starts from, as (header
    field, message naming both values, what to write): the variant, the players' colours in
    seat order, and the circle, the island table and the captain when given (the captain of
    the log's first round); a deal, which describes the start of the game. A position in the
    middle of a round, or whose ships do not fit its round (a port of the round before from
    round 2 on, none in round 1: U3), is a problem of the position itself."""
    out: list[tuple[str, str, str]] = []
    if find_variant(log.variant) is not start.variant:
        out.append(("variant", f"the variant is {log.variant}, the position's "
                    f"{start.variant.name}", start.variant.name))
    colours = [p.colour for p in log.players]
    if colours != start.colours:
        out.append(("players", f"the players are {', '.join(colours) or 'none'}, the "
                    f"position's {', '.join(start.colours)}",
                    "the position's colours in its order (each may be followed by a name): "
                    + ", ".join(start.colours)))
    names = [isl.name for isl in start.circle]
    if log.islands and log.islands != names:
        at = next((i for i, (a, b) in enumerate(zip(log.islands, names)) if a != b), None)
        said = (f"island {at + 1} from Hochland is {log.islands[at]} here, {names[at]} in the "
                "position" if at is not None else
                f"{len(log.islands)} islands here, {len(names)} in the position")
        out.append(("islands", f"the circle differs from the position's: {said}",
                    "no Islands tag (the position gives the circle), or the position's"))
    mine = {isl.name: isl for isl in start.circle}
    for name, data in log.island_table.items():
        isl = mine.get(name)
        if isl is None:
            continue  # an island the position's circle does not hold: reported above
        given = island_with(ISLAND_BY_NAME.get(name, isl),
                            None if data.good is None else ANY if data.good == "any"
                            else LETTERS.index(data.good),
                            None if data.values is None else tuple(data.values),  # type: ignore[arg-type]
                            data.ship)
        if given != isl:
            out.append(("island_table", f"{name} is {format_table(data)} here, "
                        f"{format_table(_table_data(isl))} in the position",
                        "no IslandTable tag (the position gives the island cards), or the "
                        "position's"))
            break
    captain = start.colours[start.captain]
    if log.captain is not None and log.captain != captain:
        out.append(("captain", f"the captain is {log.captain}, the position's {captain}",
                    f"{captain}, or no Captain tag (the position gives the captain)"))
    if log.deal:
        out.append(("deal", "a log that starts from a position has no deal: the hands are "
                    "in the position", "no Deal tag"))
    if not at_round_start(start):
        out.append(("position", f"the position stands in the middle of round {start.round} "
                    "(a wage set, cards played, a player passed or a line of the round "
                    "recorded): a log opens each round with its round line", "a position "
                    "between rounds, as the engine writes it before a round line: no wage (-), "
                    "no card played, nobody passed, no open: nor round lines"))
    elif start.phase != OVER and (start.round == 1) != (start.prev < 0):
        # U3: the ship has lain at a port the round before from round 2 on, never in round 1
        out.append(("position", "round 1 has no port of the round before" if start.round == 1
                    else f"round {start.round} starts with no port of the round before",
                    "the ships as the engine writes them at a round's start: PORT in round 1, "
                    "PORT<PREVIOUS from round 2 on (U3)"))
    return out


def _json_position(log: MeutererLog) -> list[SyntaxProblem]:
    """The problems of a JSON log's position, each at its path, as :func:`validate` gives
    them: a position that cannot be read, a header field that says otherwise."""
    if log.position is None:
        return []
    try:
        start = from_position(log.position)
    except PositionError as err:
        return [SyntaxProblem(1, 1, f"at $.position: unreadable position: {err}",
                              POSITION_HELP)]
    return [SyntaxProblem(1, 1, f"at $.{field}: {message}", expected)
            for field, message, expected in position_problems(log, start)]


def position_players(text: str) -> tuple[str, list[str]]:
    """The rule set and the players' colours (in seat order) of a one-line position, for a
    header that starts from it (``cartlog record --position``); ``PositionError`` when it
    cannot be read."""
    state = from_position(text)
    return state.variant.name, list(state.colours)


def with_position(log: MeutererLog) -> MeutererLog:
    """A log that starts from a position, with what its header leaves out filled in from
    the position: the circle, the island table and the captain (what :func:`format_log`
    leaves out again); its position written with single spaces. Any other log as it is."""
    if log.position is None:
        return log
    position = " ".join(log.position.split())
    try:
        start = from_position(position)
    except PositionError:
        return log
    changes: dict[str, Any] = {}  # the fields of MeutererLog replaced
    if position != log.position:
        changes["position"] = position
    if not log.islands:
        changes["islands"] = [isl.name for isl in start.circle]
    if not log.island_table:
        changes["island_table"] = _overrides(start)
    if log.captain is None:
        changes["captain"] = start.colours[start.captain]
    return msgspec.structs.replace(log, **changes) if changes else log


def json_hint(raw: dict[str, Any], field: str, value: str) -> str:
    """The suggestion for a card or good of a JSON log that is no goods letter: a good's name
    in any of its spellings, or a near one, gives its letter (did you mean W (wine)?)."""
    if field not in ("card", "cards", "keep", "good") and not field.endswith("deal"):
        return ""
    names = {name: f"{LETTERS[kind]} ({GOODS[kind]})" for name, kind in GOOD_ALIASES.items()}
    exact = names.get(value.strip().lower())
    return f"did you mean {exact}?" if exact else did_you_mean(value, names)


_MARKED: Final = (Wage, Dest, Mutiny, Sale, Draw)  # the events a ! may mark whole
_ENTRY_FIELDS: Final = {Mutiny: "adds", Sale: "sales", Draw: "draws", Dest: "dests", Score: "entries",
                 Total: "entries"}


# -- writing -----------------------------------------------------------------------------------


def _tag(name: str, value: str) -> str:
    return f'[{name} "{escape(value)}"]'


def _comment(text: str, comment: str | None) -> str:
    if comment is None:
        return text
    return f"{text} ; {comment}" if comment else f"{text} ;"


def format_step(step: object) -> str:
    """One selling turn: ``red W``, ``yellow P robbed``, ``green pass 3 mate``; ``!`` after
    it when condoned. (``object``: the replay's steps hold their item untyped.)"""
    if isinstance(step, _PLAY):
        text = f"{step.player} {step.card}" + (" robbed" if step.robbed else "")
    else:
        assert isinstance(step, _PASS), f"not a selling turn: {step!r}"
        text = f"{step.player} pass"
        if step.kept is not None:
            text += f" {step.kept}"
        if step.action is not None:
            text += f" {step.action}"
    return text + CONDONED_MARK if step.condoned else text


def format_draw(d: DrawEntry) -> str:
    text = f"{d.player} {d.cards if d.cards else (d.count or 0)}"
    if d.keep is not None:
        text += f" keep {d.keep or '-'}"
    if d.returned is not None:
        text += f" return {d.returned}"
    return text


def format_event(ev: object, log: MeutererLog | None = None) -> str:
    """One body line in canonical notation (``log``, the header it belongs to, changes
    nothing here: every game's ``format_event`` takes it). (``object``: the replay's steps
    hold their event untyped.)"""
    # isinstance, not type() is: the last branch and the end know the event's type
    if isinstance(ev, _ROUND):
        text = "round" if ev.number is None else f"round {ev.number}"
    elif isinstance(ev, _WAGE):
        text = f"wage {ev.wage}"
    elif isinstance(ev, _SELL):
        text = "sell " + ", ".join(format_step(s) for s in ev.steps) if ev.steps else "sell"
    elif isinstance(ev, _DEST):
        text = "dest " + ", ".join(f"{d.role} {d.island}" for d in ev.dests) if ev.dests \
            else "dest"
    elif isinstance(ev, _MUTINY):
        text = "mutiny " + ", ".join(
            f"{a.player} {a.count}" + (f" {a.side}" if a.side else "") for a in ev.adds)
        text = text.rstrip()
        if ev.outcome is not None:
            text += f" => {ev.outcome}"
    elif isinstance(ev, _SALE):
        text = "sale " + ", ".join(
            f"{s.player} {s.good} {s.island}" + (f" {s.count}" if s.count is not None else "")
            for s in ev.sales)
        text = text.rstrip()
    elif isinstance(ev, _DRAW):
        text = ("draw " + ", ".join(format_draw(d) for d in ev.draws)).rstrip()
    elif isinstance(ev, _SCORE) or isinstance(ev, _TOTAL):
        text = (type(ev).__name__.lower() + " "
                + ", ".join(f"{e.player} {e.points}" for e in ev.entries)).rstrip()
    else:
        assert isinstance(ev, _COMMENT), f"not a Meuterer event: {ev!r}"
        return f"; {ev.text}" if ev.text else ";"
    if isinstance(ev, _MARKED) and ev.condoned:
        text += CONDONED_MARK
    return _comment(text, ev.comment)


def join_event(line: Sell | None, event: Event, game: object) -> tuple[Sell, bool] | None:
    """How a recorder writes ``event`` when ``line`` (a ``sell`` line, or ``None``) is still
    being written: the plays and passes of a round go on one ``sell`` line, as at the table.
    Returns the line with ``event`` in it and whether it goes on, or ``None`` when ``event``
    stands on a line of its own."""
    if type(event) is not _SELL:
        return None
    if line is None:
        return event, True
    return msgspec.structs.replace(line, steps=[*line.steps, *event.steps],
                                   comment=join_comments(line.comment, event.comment)
                                   if event.comment is not None else line.comment), True


def split_line(line: Event) -> list[Event]:
    """The events of a ``sell`` line written by :func:`join_event`, one step each."""
    if type(line) is not _SELL:
        return [line]
    return [msgspec.structs.replace(line, steps=[step], comment=None) for step in line.steps]


RULES_TAG: Final = "Variant"  # the header tag that names the variant


def header_questions(rules: str) -> list[HeaderQuestion]:
    """What a recorder asks for the header of a game of the ``rules`` variant, tag by tag."""
    circle = ", ".join(i.name for i in DEFAULT_ISLANDS)
    return [
        HeaderQuestion("Players", "3 or 4 players in seat order, clockwise: a colour, then "
                       "the name", "red Anna, blue Ben, green Cleo", True),
        HeaderQuestion("Captain", "the first captain (by default the first player listed)",
                       "blue"),
        HeaderQuestion("Islands", "the circle of the 12 island cards, clockwise", circle, True),
        HeaderQuestion("IslandTable", "island cards that differ from the default table",
                       "Fingerhut ruby 3/1/0 ship 2; Sandkap ship 4"),
        HeaderQuestion("Deal", "the five cards dealt to each player, where known (? for a "
                           "card not seen)", "red RSWCX, blue ?????"),
    ]


def format_table(data: IslandData) -> str:
    parts = []
    if data.good is not None:
        parts.append("any" if data.good == "any" else GOODS[LETTERS.index(data.good)])
    if data.values is not None:
        parts.append("/".join(map(str, data.values)))
    if data.ship is not None:
        parts.append(f"ship {data.ship}")
    return " ".join(parts)


def format_log(log: MeutererLog) -> str:
    """The canonical text form of a log (what ``cartlog convert --to text`` writes). A log
    that starts from a position leaves out the circle, the island table and the captain the
    position gives."""
    start = None
    if log.position is not None:
        try:
            start = from_position(log.position)
        except PositionError:
            pass
    lines = [_tag("Game", "Meuterer"), _tag("Variant", log.variant)]
    for name in TAG_ORDER:
        if name in log.tags:
            lines.append(_tag(name, log.tags[name]))
    for name, value in log.tags.items():
        if name not in TAG_ORDER:
            lines.append(_tag(name, value))
    lines.append(_tag("Players", ", ".join(
        f"{p.colour} {p.name}" if p.name else p.colour for p in log.players)))
    if log.captain is not None and (start is None
                                    or log.captain != start.colours[start.captain]):
        lines.append(_tag("Captain", log.captain))
    if start is None or log.islands != [isl.name for isl in start.circle]:
        lines.append(_tag("Islands", ", ".join(log.islands)))
    if log.island_table and (start is None or log.island_table != _overrides(start)):
        lines.append(_tag("IslandTable", "; ".join(
            f"{name} {format_table(d)}".rstrip() for name, d in log.island_table.items())))
    if log.deal:
        lines.append(_tag("Deal", ", ".join(f"{c} {cards}" for c, cards in log.deal.items())))
    if log.position is not None:
        lines.append(_tag("Position", log.position))
    if log.result is not None:
        lines.append(_tag("Result", ", ".join(log.result) if log.result else "unfinished"))
    lines.append("")
    for ev in log.events:
        lines.append(format_event(ev))
    return "\n".join(lines) + "\n"
