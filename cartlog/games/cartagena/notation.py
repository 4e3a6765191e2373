"""Cartagena text notation: parse a log a person wrote, and write the canonical form.

The grammar is specified in ``docs/notation.md``. In short, after the tag-pair header, one line
per turn::

    12. red K3-11 14-9+SH {nice} P0
    13. blue pass

``K3-11`` plays a key for the pirate on 3 (it lands on 11); ``14-9+SH`` moves the pirate on 14
back to 9 and draws a skull and a hat (``+2`` when the cards are not known); ``+K`` alone is a
stuck player's draw (R3); ``!`` after an action marks it as condoned. Body lines ``row``,
``hand`` and ``pirates`` record a Tortuga row and claims that the audit checks.

``parse`` collects every problem it meets and raises one :class:`LogSyntaxError` listing them.
"""

from __future__ import annotations

import re
from functools import cache

from cartlog.core.errors import LogSyntaxError, SyntaxProblem
from cartlog.core.notation import (
    Header,
    LogReader,
    comment_text,
    escape,
    is_comment_line,
    join_comments,
    parse_bool,
)
from cartlog.core.notation import number as to_number
from cartlog.games.cartagena import ALIASES
from cartlog.games.cartagena.events import (
    Back,
    CartagenaLog,
    Comment,
    Draw,
    EndTurn,
    Forward,
    HandClaim,
    Pass,
    PiratesClaim,
    Player,
    Row,
    Turn,
)
from cartlog.games.cartagena.model import COLOUR_ALIASES, COLOURS, RULESETS, RuleSet, find_ruleset

HEADER_FIELDS = ("game", "rules", "players", "board", "options", "deal", "row", "result")
TAG_ORDER = ("Event", "Site", "Date", "Round")
_SPACE = r"\d+|start|boat"
_WORD = re.compile(r"\S+")


def _fold(text: str) -> str:
    """Lower case as the case-insensitive patterns below compare letters: beside ASCII case,
    ``re.IGNORECASE`` takes the long s, the dotless i, the dotted capital I and the Kelvin sign
    for s, i, i and k, so a matched word is looked up in this form."""
    return text.lower().replace("\u0131", "i").replace("i\u0307", "i").replace("\u017f", "s")


def _entries(tag):
    """The comma- or semicolon-separated entries of a tag value, each with the column of its
    first character; empty entries are skipped."""
    offset = 0
    for part in re.split(r"[,;]", tag.value):
        col = tag.col + offset + (len(part) - len(part.lstrip()))
        offset += len(part) + 1
        if part.strip():
            yield part, col


@cache
def _action_re(rs_name: str) -> re.Pattern[str]:
    rs = RULESETS[rs_name]
    names = sorted(rs.aliases, key=len, reverse=True)
    card = "|".join(re.escape(n) for n in names) + r"|\?"
    return re.compile(
        r"(?P<pass>pass)(?![\w])(?P<bangp>!)?"
        r"|\+\s*(?P<d0>\d+|[A-Za-z?]+)(?P<bang0>!)?"
        rf"|(?:(?P<card>{card})\s*)?(?P<from>{_SPACE})"
        rf"(?:\s*(?P<sep>[-<>])\s*(?P<to>{_SPACE}))?"
        r"(?:\s*\+\s*(?P<draw>\d+|[A-Za-z?]+))?(?P<bang>!)?",
        re.IGNORECASE,
    )


class _Reader(LogReader):
    """One pass over a text log, collecting problems instead of stopping at the first."""

    header_fields = HEADER_FIELDS

    def __init__(self, text: str, path: str) -> None:
        super().__init__(text, path)
        self.rs: RuleSet = RULESETS["2000-jamaica"]
        self.boat = 37

    # -- header ------------------------------------------------------------------------------

    def read(self) -> CartagenaLog:
        header, spans, first_line = self.read_header()
        tags = header.tags
        for name in ("game", "rules", "players", "board"):
            if name not in tags:
                self.problem(header.body_start + 1 if header.body_start < len(self.lines)
                             else max(1, len(self.lines)), 1,
                             f"missing header tag {name.capitalize()}",
                             expected=f'[{name.capitalize()} "..."] before the first turn')
        if "game" in tags and tags["game"].value.strip().lower() not in ALIASES:
            t = tags["game"]
            self.problem(t.line, t.col, f"game {t.value!r} is not Cartagena",
                         expected="Cartagena", end=t.end)
        rules = tags["rules"].value.strip() if "rules" in tags else "2000-jamaica"
        rs = find_ruleset(rules)
        if rs is not None:
            self.rs = rs
            rules = rs.name
        players = self._players(tags.get("players"))
        board = self._cards(tags["board"], "board", allow_unknown=False) if "board" in tags else ""
        self.boat = len(board) + 1
        options = self._options(tags.get("options"))
        deal = self._deal(tags.get("deal"))
        row = self._cards(tags["row"], "row") if "row" in tags else None
        result = self._result(tags.get("result"))
        other = {t: tags[t.lower()].value for t in header.order if t.lower() not in HEADER_FIELDS}
        events = self._body(header)
        return CartagenaLog(
            rules=rules, players=players, board=board, options=options, deal=deal, row=row,
            result=result, tags=other, events=events, line=first_line, spans=spans)

    def _players(self, tag) -> list[Player]:
        if tag is None:
            return []
        players: list[Player] = []
        offset = 0
        for part in tag.value.split(","):
            col = tag.col + offset + (len(part) - len(part.lstrip()))
            offset += len(part) + 1
            words = part.split()
            if not words:
                self.problem(tag.line, col, "empty player entry",
                             expected="a colour, then the name: red Anna, blue Ben")
                continue
            colour = self._colour_name(words[0])
            if colour is None:
                self.problem(tag.line, col, f"unknown colour {words[0]!r}",
                             expected="one of " + ", ".join(COLOURS), end=col + len(words[0]))
                continue
            players.append(Player(colour, " ".join(words[1:]) or None))
        self.colours = [p.colour for p in players]
        return players

    @staticmethod
    def _colour_name(word: str) -> str | None:
        w = word.lower()
        w = COLOUR_ALIASES.get(w, w)
        return w if w in COLOURS else None

    def _cards(self, tag, what: str, allow_unknown: bool = True) -> str:
        out = []
        for i, ch in enumerate(tag.value):
            if ch.isspace() or ch in "/|-.":
                continue
            up = ch.upper()
            if up in self.rs.letters or (allow_unknown and ch == "?"):
                out.append(up)
            else:
                self.problem(tag.line, tag.col + i, f"{ch!r} in the {what} is not a sign letter",
                             expected=self._letters_help(allow_unknown), end=tag.col + i + 1)
        return "".join(out)

    def _letters_help(self, allow_unknown: bool = True) -> str:
        rs = self.rs
        text = ", ".join(f"{rs.letters[s]} ({rs.signs[s]})" for s in range(6))
        return text + (", ? (unseen)" if allow_unknown else "")

    def _options(self, tag) -> dict[str, bool]:
        out: dict[str, bool] = {}
        if tag is None:
            return out
        for part, col in _entries(tag):
            name, _, value = part.partition("=")
            flag = parse_bool(value) if value else True
            if flag is None:
                self.problem(tag.line, col, f"option {name.strip()} needs true or false",
                             expected=f"{name.strip()}=true or {name.strip()}=false",
                             end=col + len(part.strip()))
                continue
            out[name.strip().lower().replace("-", "_")] = flag
        return out

    def _deal(self, tag) -> dict[str, str]:
        out: dict[str, str] = {}
        if tag is None:
            return out
        for part, col in _entries(tag):
            words = part.split()
            colour = self._player(words[0])
            if colour is None:
                self.problem(tag.line, col, f"{words[0]!r} is not a player of this game",
                             expected="one of " + ", ".join(self.colours),
                             end=col + len(words[0]))
                continue
            cards = "".join(words[1:])
            # the column of each card letter, words of cards may stand apart
            base = col - (len(part) - len(part.lstrip()))
            cols = [base + w.start() + k for w in list(_WORD.finditer(part))[1:]
                    for k in range(len(w.group()))]
            bad = [i for i, ch in enumerate(cards) if ch.upper() not in self.rs.letters + "?"]
            for i in bad:
                self.problem(tag.line, cols[i], f"{cards[i]!r} is not a sign letter",
                             expected=self._letters_help(), end=cols[i] + 1)
            out[colour] = cards.upper()
        return out

    def _result(self, tag) -> str | None:
        if tag is None:
            return None
        v = tag.value.strip().lower()
        if v in ("*", "unfinished", "none", "?", ""):
            return "unfinished"
        word = v.split()[0]
        colour = self._player(word)
        if colour is None:
            self.problem(tag.line, tag.col, f"result {tag.value!r} names no player",
                         expected="a player's colour, or unfinished", end=tag.end)
        return colour

    def _player(self, word: str) -> str | None:
        """A player's colour from a word: the colour, an alias, or a unique prefix."""
        w = word.lower().rstrip(":")
        w = COLOUR_ALIASES.get(w, w)
        if w in self.colours:
            return w
        found = [c for c in self.colours if c.startswith(w)] if w else []
        return found[0] if len(found) == 1 else None

    # -- body --------------------------------------------------------------------------------

    def _body(self, header: Header) -> list:
        events: list = []
        for i in range(header.body_start, len(self.lines)):
            raw = self.lines[i]
            stripped = raw.strip()
            if not stripped:
                continue
            lineno = i + 1
            indent = len(raw) - len(raw.lstrip())
            if stripped.startswith("["):
                self.problem(lineno, indent + 1, "header tag after the first turn",
                             expected="all tag pairs at the top of the log")
                continue
            if is_comment_line(stripped):
                events.append(Comment(text=comment_text(stripped), line=lineno, col=indent + 1))
                continue
            m = re.match(r"(\d+)\s*\.+\s*|(?=\D)", stripped)
            number = to_number(m.group(1)) if m and m.group(1) else None
            rest_at = indent + (m.end() if m else 0)
            word_m = re.compile(r"[A-Za-z]+:?").match(raw, rest_at)
            word = word_m.group(0).rstrip(":").lower() if word_m else ""
            if number is None and word in ("row", "hand", "pirates"):
                ev = self._claim(word, raw, lineno, indent, word_m.end())
                if ev is not None:
                    events.append(ev)
                continue
            colour = self._player(word) if word else None
            if colour is None:
                col = rest_at + 1
                if word:
                    what = f"{word!r} is not a player of this game"
                    hint = "a player: " + ", ".join(self.colours)
                else:
                    what = "unreadable line"
                    hint = "a turn (12. red K3-11 ...), row, hand, pirates or a ; comment"
                self.problem(lineno, col, what, expected=hint, end=col + max(1, len(word)))
                continue
            events.append(self._turn(raw, lineno, indent + 1, number, colour, word_m.end()))
        return events

    def _space(self, text: str, line: int, col: int) -> int:
        t = _fold(text)
        if t == "start":
            return 0
        if t == "boat":
            return self.boat
        n = to_number(t) or 0
        if n > self.boat:
            self.problem(line, col, f"space {n} is past the boat ({self.boat})",
                         expected=f"0 (start) to {self.boat - 1}, or boat", end=col + len(text))
        return n

    def _draw_spec(self, spec: str, line: int, col: int, cols: list[int] | None = None
                   ) -> tuple[str | None, int | None]:
        """Cards or a count; ``cols`` gives each character's column when ``spec`` was joined
        from words apart."""
        if spec.isdecimal():
            return None, to_number(spec)
        out = []
        for i, ch in enumerate(spec):
            up = ch.upper()
            if up in self.rs.letters or ch == "?":
                out.append(up)
            else:
                at = cols[i] if cols else col + i
                self.problem(line, at, f"{ch!r} is not a sign letter",
                             expected=self._letters_help(), end=at + 1)
        return "".join(out), None

    def _turn(self, raw: str, line: int, col: int, number: int | None, colour: str,
              pos: int) -> Turn:
        pattern = _action_re(self.rs.name)
        actions: list = []
        comment: str | None = None
        n = len(raw)
        while pos < n:
            ch = raw[pos]
            if ch.isspace() or ch == ",":
                pos += 1
                continue
            if ch == ";":
                comment = join_comments(comment, raw[pos + 1:].strip())
                break
            if ch == "{":
                close = raw.find("}", pos)
                if close < 0:
                    self.problem(line, pos + 1, "comment not closed", expected="}", end=n + 1)
                    break
                text = raw[pos + 1:close].strip()
                if actions:
                    actions[-1].comment = join_comments(actions[-1].comment, text)
                else:
                    comment = join_comments(comment, text)
                pos = close + 1
                continue
            m = pattern.match(raw, pos)
            if not m or m.end() == pos or (m.end() < n and raw[m.end()].isalnum()):
                end = pos
                while end < n and not raw[end].isspace() and raw[end] not in ",;{":
                    end += 1
                self.problem(line, pos + 1, f"cannot read action {raw[pos:end]!r}",
                             expected="K3-11 (card, from, to), 14-9+2 (back, +cards drawn), "
                             "+K (stuck draw) or pass", end=end + 1)
                pos = end
                continue
            actions.append(self._action(m, line))
            pos = m.end()
        return Turn(player=colour, actions=actions, number=number, comment=comment,
                    line=line, col=col, end=n + 1)

    def _action(self, m: re.Match[str], line: int):
        col, end = m.start() + 1, m.end() + 1
        if m.group("pass"):
            return Pass(condoned=bool(m.group("bangp")), line=line, col=col, end=end)
        if m.group("d0") is not None:
            cards, count = self._draw_spec(m.group("d0"), line, m.start("d0") + 1)
            return Draw(cards=cards, count=count, condoned=bool(m.group("bang0")),
                        line=line, col=col, end=end)
        start = self._space(m.group("from"), line, m.start("from") + 1)
        to = self._space(m.group("to"), line, m.start("to") + 1) if m.group("to") else None
        condoned = bool(m.group("bang"))
        card = m.group("card")
        draw = m.group("draw")
        if card is not None and draw is not None:
            self.problem(line, m.start("draw") + 1, "a forward move draws no cards",
                         expected=f"{card}{m.group('from')} (forward) or {m.group('from')}"
                         f"+{draw} (back)", end=end)
        if card is not None:
            sign = -1 if card == "?" else self.rs.aliases.get(_fold(card), -1)
            letter = "?" if sign < 0 else self.rs.letters[sign]
            return Forward(card=letter, start=start, to=to, condoned=condoned,
                           line=line, col=col, end=end)
        if draw is None:
            self.problem(line, col, f"{m.group(0).strip()!r} names no card and no draw",
                         expected=f"a card before the space (K{m.group('from')}: forward) or "
                         "the cards drawn after it (+2 or +KS: back)", end=end)
            return Back(start=start, to=to, line=line, col=col, end=end)
        cards, count = self._draw_spec(draw, line, m.start("draw") + 1)
        return Back(start=start, to=to, cards=cards, count=count, condoned=condoned,
                    line=line, col=col, end=end)

    def _claim(self, word: str, raw: str, line: int, indent: int, pos: int):
        rest = raw[pos:]
        col = indent + 1
        if word == "row":
            cards = []
            for i, ch in enumerate(rest):
                if ch.isspace() or ch in "/|-.":
                    continue
                if ch == ";":
                    break
                if ch.upper() in self.rs.letters or ch == "?":
                    cards.append(ch.upper())
                else:
                    self.problem(line, pos + i + 1, f"{ch!r} is not a sign letter",
                                 expected=self._letters_help(), end=pos + i + 2)
            return Row(cards="".join(cards), line=line, col=col, end=len(raw) + 1)
        stop = raw.find(";", pos)
        # each word with its own 1-based column
        words = [(w.group(), w.start() + 1)
                 for w in _WORD.finditer(raw, pos, stop if stop >= 0 else len(raw))]
        if not words:
            self.problem(line, pos + 1, f"{word} needs a player",
                         expected=f"{word} red ...", end=pos + 2)
            return None
        name, at = words[0]
        colour = self._player(name)
        if colour is None:
            self.problem(line, at, f"{name!r} is not a player of this game",
                         expected="one of " + ", ".join(self.colours), end=at + len(name))
            return None
        values = words[1:]
        if word == "hand":
            spec = "".join(v for v, _ in values)
            at = values[0][1] if values else len(raw) + 1
            if not spec:
                self.problem(line, at, "hand needs a size or the cards",
                             expected="hand red 5, or hand red KKS??")
                return None
            cols = [c + k for v, c in values for k in range(len(v))]
            cards, count = self._draw_spec(spec, line, at, cols)
            return HandClaim(player=colour, size=count, cards=cards, line=line, col=col,
                             end=len(raw) + 1)
        spaces = []
        for v, at in values:
            if re.fullmatch(_SPACE, v, re.IGNORECASE):
                spaces.append(self._space(v, line, at))
            else:
                self.problem(line, at, f"{v!r} is not a space", expected="0-N, start or boat",
                             end=at + len(v))
        return PiratesClaim(player=colour, spaces=spaces, line=line, col=col, end=len(raw) + 1)


def parse(text: str, path: str = "<log>") -> CartagenaLog:
    """Read a Cartagena text log. Raises :class:`LogSyntaxError` listing every problem."""
    reader = _Reader(text, path)
    log = reader.read()
    if reader.problems:
        raise LogSyntaxError(path, sorted(reader.problems, key=lambda p: (p.line, p.col)), text)
    return log


_TURN_START = re.compile(r"\s*(?:\d+\s*\.|[A-Za-z]+:?(?=\s|$))")


def read_line(line: str, rs: RuleSet, colours: list[str], boat: int, player: str,
              path: str = "<input>"):
    """One body line read in the context of a game in progress: a turn line (``12. red K0-3``)
    gives a :class:`Turn`; a bare action (``K3-11``, ``14-9+SH``, ``pass``) the action of
    ``player``, the player to move; ``end`` an :class:`EndTurn`; ``row``, ``hand`` and
    ``pirates`` lines their claims; a comment line a :class:`Comment`. Raises
    :class:`LogSyntaxError` (located in ``line``, as line 1) when the line cannot be read."""
    reader = _Reader(line, path)
    reader.rs, reader.colours, reader.boat = rs, list(colours), boat
    stripped = line.strip()
    if stripped.lower() == "end":
        return EndTurn()
    m = _TURN_START.match(line)
    word = m.group(0).strip().rstrip(":").lower() if m else ""
    events: list = []
    if not stripped:
        reader.problem(1, 1, "empty line", expected="a turn, an action, end, or a claim")
    elif m and (word[:1].isdigit() or word in ("row", "hand", "pirates")
                or reader._player(word) is not None):
        events = reader._body(Header({}, [], 0))
    elif word == "pass" or not (m and word.isalpha() and word not in rs.aliases):
        turn = reader._turn(line, 1, 1, None, player, 0)
        if len(turn.actions) == 1 and not reader.problems:
            action = turn.actions[0]
            if turn.comment is not None and action.comment is None:
                action.comment = turn.comment
            return action
        if not reader.problems:
            reader.problem(1, 1, f"{len(turn.actions)} actions on a line of their own",
                           expected="one action (K3-11), or a whole turn (12. red K3-11 S0-1)",
                           end=len(line) + 1)
    else:
        events = reader._body(Header({}, [], 0))
    if reader.problems:
        raise LogSyntaxError(path, sorted(reader.problems, key=lambda p: (p.line, p.col)), line)
    if len(events) != 1:
        raise LogSyntaxError(path, [SyntaxProblem(1, 1, "nothing to read on this line")], line)
    return events[0]


def validate(log: CartagenaLog) -> list[SyntaxProblem]:
    """Check a decoded JSON log for what the text reader checks while reading: known colours,
    players named in turns and claims, sign letters of the rule set, spaces up to the boat.
    Problems are located by JSON path (line 1, column 1)."""
    rs = find_ruleset(log.rules) or RULESETS["2000-jamaica"]
    boat = len(log.board) + 1
    colours = [p.colour for p in log.players]
    out: list[SyntaxProblem] = []

    def bad(path: str, message: str, expected: str | None = None) -> None:
        out.append(SyntaxProblem(1, 1, f"at {path}: {message}", expected))

    for i, p in enumerate(log.players):
        if p.colour not in COLOURS:
            bad(f"$.players[{i}].colour", f"unknown colour {p.colour!r}", ", ".join(COLOURS))
    for i, ch in enumerate(log.board):
        if ch not in rs.letters:
            bad(f"$.board[{i}]", f"{ch!r} is not a sign letter of {rs.name}", rs.letters)
    for colour, cards in log.deal.items():
        if colour not in colours:
            bad(f"$.deal.{colour}", "not a player of this game", ", ".join(colours))
        _letters(cards, rs, f"$.deal.{colour}", bad)
    if log.row is not None:
        _letters(log.row, rs, "$.row", bad)
    if log.result is not None and log.result != "unfinished" and log.result not in colours:
        bad("$.result", f"{log.result!r} names no player", "a colour or unfinished")
    known = frozenset(rs.letters + "?")
    for i, ev in enumerate(log.events):
        kind = type(ev)
        if kind is Turn:  # the bulk of a log: quick tests, a path only for a problem
            if ev.player not in colours:
                bad(f"$.events[{i}].player", f"{ev.player!r} is not a player of this game",
                    ", ".join(colours))
            for j, a in enumerate(ev.actions):
                k = type(a)
                if k is Forward:
                    fine = a.card in known and a.start <= boat and (a.to is None or a.to <= boat)
                elif k is Back:
                    fine = (a.start <= boat and (a.to is None or a.to <= boat)
                            and (known.issuperset(a.cards) if a.cards is not None
                                 else a.count is not None))
                elif k is Draw:
                    fine = (known.issuperset(a.cards) if a.cards is not None
                            else a.count is not None)
                else:
                    fine = True
                if not fine:
                    _action_problems(a, f"$.events[{i}].actions[{j}]", rs, boat, bad)
            continue
        path = f"$.events[{i}]"
        player = getattr(ev, "player", None)
        if player is not None and player not in colours:
            bad(path + ".player", f"{player!r} is not a player of this game", ", ".join(colours))
        if kind is Row:
            _letters(ev.cards, rs, path + ".cards", bad)
        elif kind is HandClaim and ev.cards is not None:
            _letters(ev.cards, rs, path + ".cards", bad)
        elif kind is PiratesClaim:
            for v in ev.spaces:
                if v > boat:
                    bad(path + ".spaces", f"space {v} is past the boat ({boat})")
    return out


def _action_problems(a, apath: str, rs: RuleSet, boat: int, bad) -> None:
    """Every problem of one action of a JSON log, each with its path."""
    if isinstance(a, Forward):
        _letters(a.card, rs, apath + ".card", bad)
    if isinstance(a, (Back, Draw)):
        if a.cards is not None:
            _letters(a.cards, rs, apath + ".cards", bad)
        elif a.count is None:
            bad(apath, "a draw records the cards drawn or how many",
                '"cards": "KS" or "count": 2')
    for name in ("start", "to"):
        v = getattr(a, name, None)
        if v is not None and v > boat:
            bad(f"{apath}.{'from' if name == 'start' else name}",
                f"space {v} is past the boat ({boat})")


def _letters(cards: str, rs: RuleSet, path: str, bad) -> None:
    for k, ch in enumerate(cards):
        if ch != "?" and ch not in rs.letters:
            bad(f"{path}[{k}]", f"{ch!r} is not a sign letter of {rs.name}",
                rs.letters + " or ?")


# -- writing ---------------------------------------------------------------------------------


def format_space(space: int, boat: int) -> str:
    return "boat" if space == boat else str(space)


def format_action(action, boat: int) -> str:
    """One action in canonical notation (``K3-11``, ``14-9+SH``, ``+K``, ``pass``)."""
    if isinstance(action, Forward):
        text = f"{action.card}{format_space(action.start, boat)}"
        if action.to is not None:
            text += f"-{format_space(action.to, boat)}"
    elif isinstance(action, Back):
        text = format_space(action.start, boat)
        if action.to is not None:
            text += f"-{format_space(action.to, boat)}"
        text += "+" + _draw_text(action.cards, action.count)
    elif isinstance(action, Draw):
        text = "+" + _draw_text(action.cards, action.count)
    else:
        text = "pass"
    if action.condoned:
        text += "!"
    if action.comment is not None:
        text += " {" + action.comment + "}" if action.comment else " {}"
    return text


def _draw_text(cards: str | None, count: int | None) -> str:
    if cards:
        return cards
    return str(count if count is not None else 0)


def format_turn(turn: Turn, boat: int) -> str:
    parts = [f"{turn.number}." if turn.number is not None else "", turn.player]
    text = " ".join(p for p in parts if p)
    if turn.actions:
        text += " " + " ".join(format_action(a, boat) for a in turn.actions)
    if turn.comment is not None:
        text += " ; " + turn.comment if turn.comment else " ;"
    return text


def format_board(board: str) -> str:
    return " ".join(board[i:i + 6] for i in range(0, len(board), 6))


def _tag(name: str, value: str) -> str:
    return f'[{name} "{escape(value)}"]'


def format_log(log: CartagenaLog) -> str:
    """The canonical text form of a log (what ``cartlog convert --to text`` writes)."""
    boat = len(log.board) + 1
    lines = [_tag("Game", "Cartagena"), _tag("Rules", log.rules)]
    for name in TAG_ORDER:
        if name in log.tags:
            lines.append(_tag(name, log.tags[name]))
    for name, value in log.tags.items():
        if name not in TAG_ORDER:
            lines.append(_tag(name, value))
    lines.append(_tag("Players", ", ".join(
        f"{p.colour} {p.name}" if p.name else p.colour for p in log.players)))
    lines.append(_tag("Board", format_board(log.board)))
    if log.options:
        lines.append(_tag("Options", ", ".join(
            f"{k}={'true' if v else 'false'}" for k, v in log.options.items())))
    if log.deal:
        lines.append(_tag("Deal", ", ".join(f"{c} {cards}" for c, cards in log.deal.items())))
    if log.row is not None:
        lines.append(_tag("Row", log.row))
    if log.result is not None:
        lines.append(_tag("Result", log.result))
    lines.append("")
    for ev in log.events:
        if isinstance(ev, Turn):
            lines.append(format_turn(ev, boat))
        elif isinstance(ev, Row):
            lines.append(f"row {ev.cards}")
        elif isinstance(ev, HandClaim):
            spec = ev.cards if ev.cards is not None else str(ev.size)
            lines.append(f"hand {ev.player} {spec}")
        elif isinstance(ev, PiratesClaim):
            lines.append(f"pirates {ev.player} " + " ".join(
                format_space(s, boat) for s in ev.spaces))
        elif isinstance(ev, Comment):
            lines.append(f"; {ev.text}" if ev.text else ";")
    return "\n".join(lines) + "\n"
