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
A word the reader does not know is reported with the nearest one it knows (a sign name, a
keyword, a player, a rule set); a header without its Rules, Players or Board tag, or with a
rule set the board cannot be read with, is one problem that says what to write, and the body is
read on so that its own problems show too.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache
from typing import Any, Final, Protocol, Union

import msgspec

from cartlog.core.errors import LogSyntaxError, SyntaxProblem
from cartlog.core.notation import (
    Header,
    HeaderQuestion,
    LogReader,
    Tag,
    comment_text,
    entries,
    escape,
    is_comment_line,
    join_comments,
    parse_bool,
)
from cartlog.core.notation import number as to_number
from cartlog.core.words import (
    Palette,
    aside,
    did_you_mean,
    hint_text,
    located_words,
    suggestions,
    with_hint,
)
from cartlog.games.cartagena import ALIASES
from cartlog.games.cartagena.events import (
    CARD_PATTERN,
    CARDS_PATTERN,
    SOME_CARDS_PATTERN,
    Action,
    Back,
    CartagenaLog,
    Comment,
    Draw,
    EndTurn,
    Event,
    Forward,
    HandClaim,
    Pass,
    PiratesClaim,
    Player,
    Row,
    Turn,
)
from cartlog.games.cartagena.model import (
    COLOURS,
    RULESET_SPELLINGS,
    RULESETS,
    RuleSet,
    State,
    find_ruleset,
)
from cartlog.games.cartagena.position import HELP as POSITION_HELP
from cartlog.games.cartagena.position import PositionError, error_field, from_position

# the classes compared by type below, as C statics: compiled, a class imported by name is
# looked up in the module's dictionary at every use (docs/performance.md, "Writing for the
# compiler")
_BACK: Final = Back
_COMMENT: Final = Comment
_DRAW: Final = Draw
_END_TURN: Final = EndTurn
_FORWARD: Final = Forward
_HAND_CLAIM: Final = HandClaim
_PASS: Final = Pass
_PIRATES_CLAIM: Final = PiratesClaim
_ROW: Final = Row
_TURN: Final = Turn

HEADER_FIELDS: Final = ("game", "rules", "players", "board", "options", "deal", "row", "position",
                 "result")
TAG_ORDER: Final = ("Event", "Site", "Date", "Round")
_SPACE: Final = r"\d+|start|boat"
# between two spaces, as on paper: a dash (also an en or em dash, "<" or ">"), an arrow, or
# the word "to" (the rulebook's "retreat his pirate at 17 to 12")
_DASH: Final = "->|=>|\u2192|[-<>\u2013\u2014]|to(?![A-Za-z])"
# before the cards drawn: "+", or the word as on paper ("14-9 draw 2")
_PLUS: Final = r"(?:\+|draws?(?![A-Za-z])|drew(?![A-Za-z]))"
DRAW_WORDS: Final = ("draw", "draws", "drew")
CLAIMS: Final = ("row", "hand", "pirates")
Line = Union[Event, Action, EndTurn]  # what a line a recorder reads or writes holds
# what the header's board, deal, row and result and the body read as, with one rule set
Parts = tuple[str, dict[str, str], Union[str, None], Union[str, None], list[Event]]
Bad = Callable[[str, str, Union[str, None]], None]  # a problem of a JSON log, at its path


class Numbering(Protocol):
    """The game a recorder plays (the engine before an event), which numbers a new turn."""

    @property
    def state(self) -> State: ...


def _fold(text: str) -> str:
    """Lower case as the case-insensitive patterns below compare letters: beside ASCII case,
    ``re.IGNORECASE`` takes the long s, the dotless i, the dotted capital I and the Kelvin sign
    for s, i, i and k, so a matched word is looked up in this form."""
    return text.lower().replace("\u0131", "i").replace("i\u0307", "i").replace("\u017f", "s")


@cache
def _action_re(rs_name: str) -> re.Pattern[str]:
    rs = RULESETS[rs_name]
    names = sorted(rs.aliases, key=len, reverse=True)
    card = "|".join(re.escape(n) for n in names) + r"|\?"
    return re.compile(
        r"(?P<pass>pass)(?![\w])(?P<bangp>!)?"
        rf"|{_PLUS}\s*(?P<d0>\d+|[A-Za-z?]+)(?P<bang0>!)?"
        rf"|(?:(?P<card>{card})\s*)?(?P<from>{_SPACE})"
        rf"(?:\s*(?P<sep>{_DASH})\s*(?P<to>{_SPACE}))?"
        # a back move's draw may stand apart ("14-9 +SH"); after a forward move only a "+"
        # written against it is taken (and reported: a forward move draws no cards), one
        # written apart starting a stuck draw of its own ("B0-1 +B")
        rf"(?:(?(card)|\s*){_PLUS}\s*(?P<draw>\d+|[A-Za-z?]+))?(?P<bang>!)?",
        re.IGNORECASE,
    )



class _Reader(LogReader):
    """One pass over a text log, collecting problems instead of stopping at the first."""

    header_fields = HEADER_FIELDS
    palette = Palette(COLOURS)
    names_are_players = True

    def __init__(self, text: str, path: str) -> None:
        super().__init__(text, path)
        self.rs: RuleSet = RULESETS["2000-jamaica"]
        self.boat = 37
        self.deal_spans: dict[str, tuple[int, int, int]] = {}
        self.start: State | None = None  # the position the log starts from, when it does
        self._colour_of: dict[str, str] = {}  # a plain turn line's player word -> colour

    # -- header ------------------------------------------------------------------------------

    def read(self) -> CartagenaLog:
        header, spans, first_line = self.read_header()
        tags = header.tags
        position = None
        if "position" in tags:
            position = " ".join(tags["position"].value.split())
            self.start = self.read_position(tags["position"], from_position, error_field,
                                            POSITION_HELP)
        rules = tags["rules"].value.strip() if "rules" in tags else (
            self.start.rs.name if self.start is not None else "2000-jamaica")
        rs = find_ruleset(rules)
        if rs is not None:
            self.rs = rs
            rules = rs.name
        if "game" in tags and tags["game"].value.strip().lower() not in ALIASES:
            t = tags["game"]
            self.problem(t.line, t.col, f"game {t.value!r} is not Cartagena",
                         expected="Cartagena", end=t.end)
        missing_at = len(self.problems)  # the missing tags go here once the body is read
        if "players" in tags:
            players = [Player(c, n) for c, n in self.read_players(tags["players"])]
        else:
            players = []
            self.guessing = True  # the colours of the turns are taken as players
            if self.start is not None:  # the position's first, in its order
                self.colours = list(self.start.colours)
        options = self._options(tags.get("options"))
        other = {t: tags[t.lower()].value for t in header.order if t.lower() not in HEADER_FIELDS}
        mark = len(self.problems)
        parts = self._signs_and_turns(header)
        suggested = self.start.rs.name if self.start is not None else None
        if ((rs is None or "rules" not in tags) and len(self.problems) > mark
                and self.start is None):
            parts, suggested = self._without_rule_set(header, mark, parts)
        self._missing_tags(header, missing_at, suggested)
        if self.guessing:
            players = [Player(c) for c in self.colours]
        board, deal, row, result, events = parts
        spans.update((f"deal.{c}", span) for c, span in self.deal_spans.items() if c in deal)
        log = CartagenaLog(
            rules=rules, players=players, board=board, options=options, deal=deal, row=row,
            position=position, result=result, tags=other, events=events, line=first_line,
            spans=spans)
        if self.start is not None:
            for field, message, expected in position_problems(log, self.start):
                line, col, end = spans.get(field, spans["position"])
                self.problem(line, col, message, expected, end)
        return log

    def _signs_and_turns(self, header: Header) -> Parts:
        """What is read with the rule set's signs and board: the board, the deal, the row, the
        turns and claims, and the result (read last, so that a log without a Players tag
        takes its players in the order the turns name them)."""
        tags = header.tags
        board = (self._cards(tags["board"], "board", allow_unknown=False) if "board" in tags
                 else "")
        # no Board tag: the position's board, else the rule set's board length, so that the
        # turns read on
        self.boat = (len(board) + 1 if "board" in tags else self.start.boat
                     if self.start is not None else self.rs.boat)
        events = self._body(header)
        deal = self._deal(tags.get("deal"))
        row = self._cards(tags["row"], "row") if "row" in tags else None
        result = self._result(tags.get("result"))
        return board, deal, row, result, events

    def _without_rule_set(self, header: Header, mark: int, parts: Parts
                          ) -> tuple[Parts, str | None]:
        """A log whose rule set is unknown (or not given) and whose board or turns do not read
        with the 2000-jamaica signs: one problem at the Rules tag rather than one for every
        sign; the parts read and the rule set to suggest, if any.

        Each rule set is tried, the near spellings of the one written first: the one the log
        reads with best (the fewest problems; on a tie, the one of the board's length), if it
        reads better than with 2000-jamaica, is suggested, and the log is read with it, so
        that the problems left are the log's own. When none reads better,
        the problems are not the rule set's: they stay, and an unknown rule set is left to
        the audit (``setup/rules``)."""
        tag = header.tags.get("rules")
        written = tag.value.strip() if tag is not None else ""
        near = list(dict.fromkeys(RULESET_SPELLINGS[n] for n in suggestions(
            written, RULESET_SPELLINGS, n=4))) if written else []
        kept = self.problems[:mark]
        board_tag = header.tags.get("board")
        board = None if board_tag is None else sum(
            1 for ch in board_tag.value if not (ch.isspace() or ch in "/|-."))

        def score(name: str, problems: int) -> tuple[int, bool]:
            # fewer problems first; on a tie, the rule set of the board's length
            return problems, board is not None and board != RULESETS[name].spaces

        first = self.rs.name
        best_name, best_parts, best_problems = first, parts, self.problems[mark:]
        best = score(first, len(best_problems))
        for name in near + [n for n in RULESETS if n not in near]:
            if name == first or best == (0, False):
                continue
            self.problems = kept[:]
            self.rs = RULESETS[name]
            attempt = self._signs_and_turns(header)
            got = score(name, len(self.problems) - mark)
            if got < best:
                best, best_name, best_parts, best_problems = (
                    got, name, attempt, self.problems[mark:])
        self.problems = kept + best_problems
        self.rs = RULESETS[best_name]
        if best_name == first:  # no rule set reads better (a parts tuple has no identity compiled)
            if tag is not None and self.problems and find_ruleset(written) is None:
                # the log is unreadable anyway: the audit would not get to say it
                self.problem(tag.line, tag.col, f"unknown rule set {written!r}"
                             + aside(did_you_mean(written, RULESET_SPELLINGS))
                             + f"; read as {first}",
                             expected="one of " + ", ".join(RULESETS), end=tag.end)
            return parts, None
        if tag is not None:
            hint = (f"did you mean {best_name}?" if best_name in near
                    else f"they read with those of {best_name}")
            self.problem(tag.line, tag.col, with_hint(
                f"unknown rule set {written!r}: the board and the turns need its signs", hint),
                expected="one of " + ", ".join(RULESETS), end=tag.end)
        return best_parts, best_name

    def _missing_tags(self, header: Header, index: int, rules: str | None) -> None:
        """One problem for each required tag the header lacks, placed just after the last tag
        (where the tag belongs) and listed in the order of the header, each with what to
        write: the rule set the log reads with, the board's letters, the players the body
        names (:meth:`~cartlog.core.notation.LogReader.missing_players`)."""
        lines = len(self.lines)
        line = header.body_start + 1 if header.body_start < lines else max(1, lines)
        rs = self.rs
        helps = {
            "game": '[Game "Cartagena"] at the top of the log',
            "rules": f'[Rules "{rules}"] before the first turn' + (
                     " (the position's rule set)" if self.start is not None else
                     " (the board and the turns read with its signs)") if rules is not None else
                     '[Rules "..."] before the first turn: ' + ", ".join(RULESETS),
            "board": f'[Board "..."] before the first turn: the sign letters of spaces 1 to '
                     f"{rs.spaces} ({', '.join(rs.letters)}), in sections of six",
        }
        for name in ("game", "rules", "players", "board"):
            if name == "board" and "position" in header.tags:
                continue  # the position gives the board
            if name == "players":
                if self.guessing:
                    self.missing_players(line, "before the first turn", index)
                    index += 1
            elif name not in header.tags:
                self.problems.insert(index, SyntaxProblem(
                    line, 1, f"missing header tag {name.capitalize()}", expected=helps[name]))
                index += 1

    def _cards(self, tag: Tag, what: str, allow_unknown: bool = True) -> str:
        out: list[str] = []
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

    def _options(self, tag: Tag | None) -> dict[str, bool]:
        out: dict[str, bool] = {}
        if tag is None:
            return out
        for part, col in entries(tag.value, tag.col):
            name, _, value = part.partition("=")
            flag = parse_bool(value) if value else True
            if flag is None:
                self.problem(tag.line, col, f"option {name.strip()} needs true or false",
                             expected=f"{name.strip()}=true or {name.strip()}=false",
                             end=col + len(part.strip()))
                continue
            out[name.strip().lower().replace("-", "_")] = flag
        return out

    def _deal(self, tag: Tag | None) -> dict[str, str]:
        out: dict[str, str] = {}
        if tag is None:
            return out
        for part, col in entries(tag.value, tag.col):
            words = located_words(part, col=col)
            colour = self.who(words[0][0], col, tag.line)
            if colour is None:
                continue
            cards = "".join(w for w, _ in words[1:])
            # the column of each card letter, words of cards may stand apart
            cols = [at + k for w, at in words[1:] for k in range(len(w))]
            bad = [i for i, ch in enumerate(cards) if ch.upper() not in self.rs.letters + "?"]
            for i in bad:
                self.problem(tag.line, cols[i], f"{cards[i]!r} is not a sign letter",
                             expected=self._letters_help(), end=cols[i] + 1)
            out[colour] = cards.upper()
            # where the player's part stands, for a finding about that hand (setup/deal-size)
            self.deal_spans[colour] = (tag.line, col, col + len(part))
        return out

    def _result(self, tag: Tag | None) -> str | None:
        if tag is None:
            return None
        v = tag.value.strip().lower()
        if v in ("*", "unfinished", "none", "?", ""):
            return "unfinished"
        word = tag.value.split()[0]
        colour = self.player(word)
        if colour is None:
            self.problem(tag.line, tag.col, with_hint(f"result {tag.value!r} names no player",
                                                      self.player_hint(word)),
                         expected="a player's colour, or unfinished", end=tag.end)
        return colour

    # -- body --------------------------------------------------------------------------------

    def _body(self, header: Header) -> list[Event]:
        events: list[Event] = []
        # a plain line's spaces: the numbers up to the boat (of at most four digits) as
        # written without leading zeros; its cards: the sign letters and ?
        spaces = {str(n): n for n in range(min(self.boat, 9999) + 1)}
        spaces["boat"] = self.boat
        signs = self.rs.letters + "?"
        for i in range(header.body_start, len(self.lines)):
            raw = self.lines[i]
            if raw[:1].isdigit():
                turn = self._plain_turn(raw, i + 1, spaces, signs)
                if turn is not None:
                    events.append(turn)
                    continue
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
            named = self.named(raw, rest_at) if self.long_names else None
            if named is not None:
                events.append(self._turn(raw, lineno, indent + 1, number, named[0], named[1]))
                continue
            word_m = re.compile(r"[A-Za-z]+:?").match(raw, rest_at)
            written = word_m.group(0).rstrip(":") if word_m is not None else ""
            word = written.lower()
            word_end = word_m.end() if word_m is not None else rest_at
            if number is None and word in CLAIMS:
                ev = self._claim(word, raw, lineno, indent, word_end)
                if ev is not None:
                    events.append(ev)
                continue
            colour = self.player(word) if word else None
            if colour is None:
                col = rest_at + 1
                if word:
                    near = self.player_hint(written, CLAIMS if number is None else ())
                    what = with_hint(f"{written!r} is not a player of this game", near)
                    hint = "a player: " + ", ".join(self.colours) + (
                        "; or a claim: row, hand, pirates" if number is None else "")
                elif (bare := re.match(r"\d+(?:\s*[):,-])?(?=\s*[A-Za-z])", stripped)):
                    self.problem(lineno, col, "a turn number ends with a point",
                                 expected="12. red K3-11 ...", end=col + len(bare.group(0)))
                    continue
                else:
                    what = "unreadable line"
                    hint = "a turn (12. red K3-11 ...), row, hand, pirates or a ; comment"
                self.problem(lineno, col, what, expected=hint, end=col + max(1, len(word)))
                continue
            events.append(self._turn(raw, lineno, indent + 1, number, colour, word_end))
        return events

    def _plain_turn(self, raw: str, line: int, spaces: dict[str, int], signs: str
                    ) -> Turn | None:
        """A turn line as cartlog writes it (``12. red K3-11 S0-1 24-21+KS``: a number of up
        to six digits and a point, a colour in small letters, then one or more moves, one
        space apart: a sign letter or ``?`` (of ``signs``) and two spaces, or two spaces and
        the cards drawn, up to eight, or their number, up to two digits) read as the full
        reader reads it; ``None`` for a line of any other form, one the full reader would
        find a problem in (a word that is no player, a space past the boat) or whose spaces
        are written otherwise than ``spaces`` has them."""
        words = raw.split(" ")
        if len(words) < 3:
            return None
        number = words[0]
        digits = number[:-1]
        if not (number[-1:] == "." and 1 <= len(digits) <= 6 and digits.isascii()
                and digits.isdigit()):
            return None
        word = words[1]
        if not (word.isascii() and word.isalpha() and word.islower()):
            return None
        colour = self._colour_of.get(word)
        if colour is None:
            colour = self.player(word)
            if colour is None:
                return None
            if not self.guessing:  # while the players are guessed, a word may read anew
                self._colour_of[word] = colour
        actions: list[Action] = []
        col = len(number) + len(word) + 3  # where the first move starts, from 1
        for k in range(2, len(words)):
            move = words[k]
            if not move:
                return None
            end = col + len(move)
            lead = move[0]
            if lead in "0123456789b":  # a move back: from-to+drawn
                run, plus, drawn = move.partition("+")
                f, _, t = run.partition("-")
                start = spaces.get(f)
                to = spaces.get(t)
                if start is None or to is None or not plus:
                    return None
                if drawn.isascii() and drawn.isdigit():
                    if len(drawn) > 2:
                        return None
                    actions.append(Back(start=start, to=to, count=int(drawn), line=line,
                                        col=col, end=end))
                elif 1 <= len(drawn) <= 8 and not drawn.strip(signs):
                    actions.append(Back(start=start, to=to, cards=drawn, line=line, col=col,
                                        end=end))
                else:
                    return None
            else:  # a move forward: card, from-to
                if lead not in signs:
                    return None
                f, _, t = move[1:].partition("-")
                start = spaces.get(f)
                to = spaces.get(t)
                if start is None or to is None:
                    return None
                actions.append(Forward(card=lead, start=start, to=to, line=line, col=col,
                                       end=end))
            col = end + 1
        return Turn(player=colour, actions=actions, number=int(number[:-1]), line=line,
                    col=1, end=len(raw) + 1)

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
        actions: list[Action] = []
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
                pos = self._bad_action(raw, line, pos, pattern)
                continue
            actions.append(self._action(m, line))
            pos = m.end()
        return Turn(player=colour, actions=actions, number=number, comment=comment,
                    line=line, col=col, end=n + 1)

    def _bad_action(self, raw: str, line: int, pos: int, pattern: re.Pattern[str]) -> int:
        """Report the word at ``pos`` that is no action, with the nearest sign name or keyword
        (``botle`` for bottle, ``passes`` for pass); the place to read on from. A card name
        that cannot be read takes the spaces written after it with it (``botle 0-3``), so
        that they are not reported again as a move without a card."""
        n = len(raw)
        end = pos
        while end < n and not raw[end].isspace() and raw[end] not in ",;{":
            end += 1
        token = raw[pos:end]
        letters = re.match(r"[^\W\d_]+", token)
        hint = ""
        if letters is not None and (len(letters.group()) > 1 or token.isalpha()):
            rest = token[letters.end():]
            if not rest and token.lower() != "pass":
                at = end
                while at < n and raw[at].isspace():
                    at += 1
                follow = pattern.match(raw, at)
                if (follow is not None and follow.group("from") is not None
                        and follow.group("card") is None and follow.group("draw") is None
                        and (follow.end() == n or not raw[follow.end()].isalnum())):
                    end = follow.end()  # "botle 0-3": the spaces belong to the bad card
                    rest = "".join(follow.group().split())
            rs = self.rs
            vocabulary = {**{name: rs.letters[sign] for name, sign in rs.aliases.items()
                             if len(name) > 1}, "pass": "pass"}
            near = suggestions(letters.group(), vocabulary)
            hint = "did you mean " + " or ".join(
                f"{w}{rest}" + (f" ({rs.signs[rs.index[w]]})" if w != "pass" else "")
                for w in near) + "?" if near else ""
        self.problem(line, pos + 1, with_hint(f"cannot read action {raw[pos:end]!r}", hint),
                     expected="K3-11 (card, from, to), 14-9+2 (back, +cards drawn), "
                     "+K (stuck draw) or pass", end=end + 1)
        return end

    def _action(self, m: re.Match[str], line: int) -> Action:
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
            move = m.group(0)[:m.end("to" if to is not None else "from") - m.start()]
            back = move[len(card):].strip()
            self.problem(line, m.start("draw") + 1, "a forward move draws no cards",
                         expected=f"{move} +{draw} (a forward move, then a stuck draw) or "
                         f"{back}+{draw} (a move back)", end=end)
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

    def _claim(self, word: str, raw: str, line: int, indent: int, pos: int
               ) -> Row | HandClaim | PiratesClaim | None:
        rest = raw[pos:]
        col = indent + 1
        if word == "row":
            row: list[str] = []
            for i, ch in enumerate(rest):
                if ch.isspace() or ch in "/|-.":
                    continue
                if ch == ";":
                    break
                if ch.upper() in self.rs.letters or ch == "?":
                    row.append(ch.upper())
                else:
                    self.problem(line, pos + i + 1, f"{ch!r} is not a sign letter",
                                 expected=self._letters_help(), end=pos + i + 2)
            return Row(cards="".join(row), line=line, col=col, end=len(raw) + 1)
        stop = raw.find(";", pos)
        words = located_words(raw, pos, stop if stop >= 0 else len(raw))
        if not words:
            self.problem(line, pos + 1, f"{word} needs a player",
                         expected=f"{word} red ...", end=pos + 2)
            return None
        name, at = words[0]
        colour = self.who(name, at, line)
        if colour is None:
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
    return with_position(log)


_TURN_START: Final = re.compile(r"\s*(?:\d+\s*\.|[A-Za-z]+:?(?=\s|$))")


def read_line(line: str, rs: RuleSet, colours: list[str], boat: int, player: str,
              path: str = "<input>", names: list[tuple[str, str | None]] | None = None,
              number: int | None = None) -> Line:
    """One body line read in the context of a game in progress: a turn line (``12. red K0-3``,
    or with a player's name of ``names`` for the colour: ``Carla K0-3``) gives a
    :class:`Turn`; a bare action (``K3-11``, ``14-9+SH``, ``pass``) the action of ``player``,
    the player to move; ``end`` an :class:`EndTurn`; ``row``, ``hand`` and ``pirates`` lines
    their claims; a comment line a :class:`Comment`. A turn line written without its number
    takes ``number`` (the game's, as on paper the number is left out). Raises
    :class:`LogSyntaxError` (located in ``line``, as line 1) when the line cannot be read."""
    reader = _Reader(line, path)
    reader.rs, reader.colours, reader.boat = rs, list(colours), boat
    if names:
        reader.know_names(names)
    stripped = line.strip()
    if stripped.lower() == "end":
        return EndTurn()
    if is_comment_line(stripped):
        indent = len(line) - len(line.lstrip())
        return Comment(text=comment_text(stripped), line=1, col=indent + 1)
    m = _TURN_START.match(line)
    word = m.group(0).strip().rstrip(":").lower() if m else ""
    events: list[Event] = []
    if not stripped:
        reader.problem(1, 1, "empty line", expected="a turn, an action, end, or a claim")
    elif (m and (word[:1].isdigit() or word in ("row", "hand", "pirates")
                 or reader.player(word) is not None)) or (
            reader.long_names and reader.named(line, len(line) - len(line.lstrip()))):
        events = reader._body(Header({}, [], 0))
    elif (word == "pass" or word in DRAW_WORDS
          or not (m and word.isalpha() and word not in rs.aliases)):
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
    event = events[0]
    if number is not None and isinstance(event, Turn) and event.number is None:
        event.number = number
    return event


_LETTERS: Final = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz?"
_LETTER_SET: Final = frozenset(_LETTERS)
_CARD_RE: Final = re.compile(CARD_PATTERN)
_CARDS_RE: Final = re.compile(CARDS_PATTERN)
_SOME_CARDS_RE: Final = re.compile(SOME_CARDS_PATTERN)


def _letter_problem(log: CartagenaLog, path: str, pattern: re.Pattern[str], field: str,
                    value: str) -> SyntaxProblem:
    """Cards that are no letters, with the message a typed decode of the JSON gives (the
    pattern, the path, the suggestion of :func:`json_hint`)."""
    return SyntaxProblem(1, 1, "invalid log: " + with_hint(
        f"Expected `str` matching regex '{pattern.pattern}' - at `{path}`",
        json_hint({"rules": log.rules}, field, value) if field else ""))


def letter_problem(log: CartagenaLog) -> SyntaxProblem | None:
    """The first card field of a decoded JSON log that does not match its pattern
    (:mod:`~cartlog.games.cartagena.events`), in the order a JSON log written by cartlog is
    decoded, or None. A quick test of the letters first; the pattern itself (as the decoder
    would search it) only for a value that fails it."""
    for cards in log.deal.values():
        if cards.strip(_LETTERS) and not _CARDS_RE.search(cards):
            return _letter_problem(log, "$.deal[...]", _CARDS_RE, "", cards)
    if log.row is not None and log.row.strip(_LETTERS) and not _CARDS_RE.search(log.row):
        return _letter_problem(log, "$.row", _CARDS_RE, "row", log.row)
    letter = _LETTER_SET
    for i, ev in enumerate(log.events):
        if type(ev) is _TURN:
            for j, a in enumerate(ev.actions):
                if type(a) is _FORWARD:
                    if a.card not in letter and not _CARD_RE.search(a.card):
                        return _letter_problem(log, f"$.events[{i}].actions[{j}].card",
                                               _CARD_RE, "card", a.card)
                elif isinstance(a, (Back, Draw)):  # the others: a pass names no card
                    some = a.cards
                    if some is not None and (not some or some.strip(_LETTERS)) \
                            and not _SOME_CARDS_RE.search(some):
                        return _letter_problem(log, f"$.events[{i}].actions[{j}].cards",
                                               _SOME_CARDS_RE, "cards", some)
        elif type(ev) is _ROW or type(ev) is _HAND_CLAIM:
            some = ev.cards
            pattern = _CARDS_RE if type(ev) is _ROW else _SOME_CARDS_RE
            if some is not None and (not some or some.strip(_LETTERS)) \
                    and not pattern.search(some):
                return _letter_problem(log, f"$.events[{i}].cards", pattern, "cards", some)
    return None


def validate(log: CartagenaLog) -> list[SyntaxProblem]:
    """Check a decoded JSON log for what the text reader checks while reading, with the text
    reader's messages and suggestions: known colours, players named in turns and claims, sign
    letters of the rule set, spaces up to the boat; and for what the text form cannot hold: a
    draw or a hand given both as cards and as a count, an action's comment holding ``}``.
    Problems are located by JSON path (line 1, column 1). Cards that are no letters are the
    one problem given, as a typed decode gives it (see :func:`letter_problem`).

    A log that :func:`_plainly_valid` passes has none of these problems; any other is
    checked in full, by :func:`_problems`."""
    return [] if _plainly_valid(log) else _problems(log)


@cache
def _known(letters: str) -> frozenset[str] | None:
    """The cards a log of a rule set with these sign letters may name (the letters and
    ``?``), when every one is a letter that :func:`letter_problem` lets through; else None."""
    known = frozenset(letters + "?")
    return known if known <= _LETTER_SET else None


def _plainly_valid(log: CartagenaLog) -> bool:
    """Whether a JSON log is, in one quick pass, free of every problem :func:`_problems`
    looks for: a log of known players and colours, every card a sign letter of its rule set
    (or ``?``), every draw and hand given one way, every space up to the boat, no action's
    comment holding ``}``. False says only that the log must be checked in full: a log that
    starts from a position, or has no board, always is."""
    if log.position is not None or not log.board:
        return False
    known = _known((find_ruleset(log.rules) or RULESETS["2000-jamaica"]).letters)
    if known is None:
        return False
    colours = {p.colour for p in log.players}
    boat = len(log.board) + 1
    result = log.result
    if (not colours.issubset(COLOURS) or "?" in log.board or not known.issuperset(log.board)
            or not colours.issuperset(log.deal)
            or not all(map(known.issuperset, log.deal.values()))
            or (log.row is not None and not known.issuperset(log.row))
            or (result is not None and result != "unfinished" and result not in colours)):
        return False
    for ev in log.events:
        if type(ev) is _TURN:
            if ev.player not in colours:
                return False
            for a in ev.actions:
                if type(a) is _FORWARD:
                    if (a.card not in known or a.start > boat
                            or (a.to is not None and a.to > boat)):
                        return False
                elif type(a) is _BACK:
                    cards = a.cards
                    if (not cards or a.count is not None or not known.issuperset(cards)
                            or a.start > boat or (a.to is not None and a.to > boat)):
                        return False
                elif type(a) is _DRAW:
                    cards = a.cards
                    if not (cards and a.count is None and known.issuperset(cards)
                            or cards is None and a.count is not None):
                        return False
                if a.comment is not None and "}" in a.comment:
                    return False
        elif type(ev) is _ROW:
            if not known.issuperset(ev.cards):
                return False
        elif type(ev) is _HAND_CLAIM:
            cards = ev.cards
            if ev.player not in colours or not (
                    cards and ev.size is None and known.issuperset(cards)
                    or cards is None and ev.size is not None):
                return False
        elif type(ev) is _PIRATES_CLAIM:
            if ev.player not in colours or max(ev.spaces, default=0) > boat:
                return False
        elif type(ev) is not _COMMENT:
            return False
    return True


def _problems(log: CartagenaLog) -> list[SyntaxProblem]:
    """Every problem :func:`validate` reports, each with its path and message."""
    letter = letter_problem(log)
    if letter is not None:
        return [letter]
    rs = find_ruleset(log.rules) or RULESETS["2000-jamaica"]
    boat = len(log.board) + 1
    colours = [p.colour for p in log.players]
    reader = _Reader.of_players(log.players)  # the text reader's words and suggestions
    reader.rs, reader.boat = rs, boat
    out: list[SyntaxProblem] = []

    def bad(path: str, message: str, expected: str | None = None) -> None:
        out.append(SyntaxProblem(1, 1, f"at {path}: {message}", expected))

    def not_player(path: str, word: str) -> None:
        bad(path, with_hint(f"{word!r} is not a player of this game", reader.player_hint(word)),
            "one of " + ", ".join(colours))

    start = _json_position(log, out)
    if not log.board:
        if start is None:  # as the text reader's missing Board tag; and every space would be
            return out if log.position else out + _no_board(rs)  # past the boat
        boat = reader.boat = start.boat
    _json_players_and_board(log, rs, reader, bad)
    for colour, cards in log.deal.items():
        if colour not in colours:
            not_player(f"$.deal.{colour}", colour)
        _letters(cards, rs, f"$.deal.{colour}", bad)
    if log.row is not None:
        _letters(log.row, rs, "$.row", bad)
    if log.result is not None and log.result != "unfinished" and log.result not in colours:
        bad("$.result", with_hint(f"result {log.result!r} names no player",
                                  reader.player_hint(log.result)),
            "a player's colour, or unfinished")
    known = frozenset(rs.letters + "?")
    for i, ev in enumerate(log.events):
        if type(ev) is _TURN:  # the bulk of a log: quick tests, a path only for a problem
            if ev.player not in colours:
                not_player(f"$.events[{i}].player", ev.player)
            for j, a in enumerate(ev.actions):
                if type(a) is _FORWARD:
                    fine = a.card in known and a.start <= boat and (a.to is None or a.to <= boat)
                elif type(a) is _BACK:
                    fine = (a.start <= boat and (a.to is None or a.to <= boat)
                            and (known.issuperset(a.cards) if a.cards is not None
                                 else a.count is not None) and a.count is None)
                elif type(a) is _DRAW:
                    fine = (known.issuperset(a.cards) if a.cards is not None
                            else a.count is not None) and (a.cards is None or a.count is None)
                else:
                    fine = True
                if a.comment is not None and "}" in a.comment:
                    bad(f"$.events[{i}].actions[{j}].comment", "an action's comment cannot "
                        "hold }: the text notation ends the comment there",
                        "a comment without }, or the turn's comment")
                if not fine:
                    _action_problems(a, f"$.events[{i}].actions[{j}]", rs, boat, bad)
            continue
        path = f"$.events[{i}]"
        player = getattr(ev, "player", None)
        if player is not None and player not in colours:
            not_player(path + ".player", player)
        if type(ev) is _ROW:
            _letters(ev.cards, rs, path + ".cards", bad)
        elif type(ev) is _HAND_CLAIM:
            if ev.cards is not None:
                _letters(ev.cards, rs, path + ".cards", bad)
                if ev.size is not None:
                    bad(path + ".size", "a hand is given as its cards or its size, not both",
                        '"cards": "KS?" or "size": 3')
            elif ev.size is None:
                bad(path, "hand needs a size or the cards", '"cards": "KS?" or "size": 3')
        elif type(ev) is _PIRATES_CLAIM:
            for j, v in enumerate(ev.spaces):
                if v > boat:
                    bad(f"{path}.spaces[{j}]", f"space {v} is past the boat ({boat})",
                        f"0 (start) to {boat - 1}, or boat")
    return out


# -- a log that starts from a position ---------------------------------------------------------


def _board_letters(state: State) -> str:
    return "".join(state.rs.letters[s] for s in state.board)


def _changed_options(state: State) -> dict[str, bool]:
    """The position's options that differ from its rule set's defaults (as ``opt:`` writes
    them, and as the ``Options`` tag does)."""
    return {k: v for k, v in state.options.items() if state.rs.options.get(k) != v}


def position_problems(log: CartagenaLog, start: State) -> list[tuple[str, str, str]]:
    """Where the header says otherwise than the position the log starts from, as (header
    field, message naming both values, what to write): the rule set, the players' colours in
    seat order, and the board and options when given. A deal or an opening row describe the
    start of a game, which such a log does not have."""
    out: list[tuple[str, str, str]] = []
    rs = find_ruleset(log.rules)
    if rs is not start.rs:
        out.append(("rules", f"the rule set is {log.rules}, the position's {start.rs.name}",
                    start.rs.name))
    colours = [p.colour for p in log.players]
    if colours != start.colours:
        out.append(("players", f"the players are {', '.join(colours) or 'none'}, the "
                    f"position's {', '.join(start.colours)}",
                    "the position's colours in its order (each may be followed by a name): "
                    + ", ".join(start.colours)))
    board = _board_letters(start)
    if log.board and log.board != board:
        at = next((i for i, (a, b) in enumerate(zip(log.board, board)) if a != b), None)
        said = (f"space {at + 1} is {log.board[at]} here, {board[at]} in the position"
                if at is not None else
                f"{len(log.board)} spaces here, {len(board)} in the position")
        out.append(("board", f"the board differs from the position's: {said}",
                    "no Board tag (the position gives the board), or the position's"))
    if log.options:
        mine = {**start.rs.options, **log.options}
        theirs = dict(start.options)
        for name in dict.fromkeys([*mine, *theirs]):
            a, b = mine.get(name), theirs.get(name)
            if a != b:
                out.append(("options", f"option {name} is {_flag(a)} here, {_flag(b)} in the "
                            "position", "no Options tag (the position gives the options), or "
                            "the position's"))
                break
    if log.deal:
        out.append(("deal", "a log that starts from a position has no deal: the hands are in "
                    "the position", "no Deal tag"))
    if log.row is not None:
        out.append(("row", "a log that starts from a position has no opening row: the row is "
                    "in the position", "no Row tag"))
    return out


def _flag(value: bool | None) -> str:
    return "not set" if value is None else str(value).lower()


def _json_players_and_board(log: CartagenaLog, rs: RuleSet, reader: _Reader, bad: Bad
                            ) -> None:
    """Known colours, and sign letters of the rule set in the board (``validate``)."""
    for i, p in enumerate(log.players):
        if p.colour not in COLOURS:
            near = suggestions(p.colour, _Reader.palette.spellings())
            bad(f"$.players[{i}].colour", with_hint(f"unknown colour {p.colour!r}",
                                                    hint_text(near)),
                "one of " + ", ".join(COLOURS))
    for i, ch in enumerate(log.board):
        if ch not in rs.letters:
            bad(f"$.board[{i}]", f"{ch!r} in the board is not a sign letter",
                reader._letters_help(allow_unknown=False))


def _no_board(rs: RuleSet) -> list[SyntaxProblem]:
    """A JSON log with neither a board nor a position (nor one that can be read)."""
    return [SyntaxProblem(1, 1, 'at $: missing field "board"', f'"board": the sign letters of '
                          f"spaces 1 to {rs.spaces} ({', '.join(rs.letters)}), or a "
                          '"position" to start from')]


def _json_position(log: CartagenaLog, out: list[SyntaxProblem]) -> State | None:
    """The position of a JSON log, when it can be read; its problems, each at its path, added
    to ``out`` as :func:`validate` gives them: a position that cannot be read, a header field
    that says otherwise."""
    if log.position is None:
        return None
    try:
        start = from_position(log.position)
    except PositionError as err:
        out.append(SyntaxProblem(1, 1, f"at $.position: unreadable position: {err}",
                                 POSITION_HELP))
        return None
    out += [SyntaxProblem(1, 1, f"at $.{field}: {message}", expected)
            for field, message, expected in position_problems(log, start)]
    return start


def position_players(text: str) -> tuple[str, list[str]]:
    """The rule set and the players' colours (in seat order) of a one-line position, for a
    header that starts from it (``cartlog record --position``); ``PositionError`` when it
    cannot be read."""
    state = from_position(text)
    return state.rs.name, list(state.colours)


def with_position(log: CartagenaLog) -> CartagenaLog:
    """A log that starts from a position, with what its header leaves out filled in from
    the position: the board and the options (what :func:`format_log` leaves out again);
    its position written with single spaces. Any other log as it is."""
    if log.position is None:
        return log
    position = " ".join(log.position.split())
    try:
        start = from_position(position)
    except PositionError:
        return log
    changes: dict[str, Any] = {}  # the fields of CartagenaLog replaced
    if position != log.position:
        changes["position"] = position
    if not log.board:
        changes["board"] = _board_letters(start)
    if not log.options:
        changes["options"] = _changed_options(start)
    return msgspec.structs.replace(log, **changes) if changes else log


def json_hint(raw: dict[str, Any], field: str, value: str) -> str:
    """The suggestion for a card of a JSON log that is no sign letter: a sign's name or a
    near spelling of one gives its letter (``"bottle"``: did you mean B (bottle)?)."""
    if field not in ("card", "cards", "board", "row") and not field.endswith("deal"):
        return ""
    rules = raw.get("rules")
    rs = (find_ruleset(rules) if isinstance(rules, str) else None) or RULESETS["2000-jamaica"]
    names = {name: f"{rs.letters[sign]} ({rs.signs[sign]})" for name, sign in rs.aliases.items()
             if len(name) > 1}
    exact = names.get(_fold(value.strip()))
    return f"did you mean {exact}?" if exact else did_you_mean(value, names)


def _action_problems(a: Action, apath: str, rs: RuleSet, boat: int, bad: Bad) -> None:
    """Every problem of one action of a JSON log, each with its path."""
    if isinstance(a, Forward):
        _letters(a.card, rs, apath + ".card", bad)
    if isinstance(a, (Back, Draw)):
        if a.cards is not None:
            _letters(a.cards, rs, apath + ".cards", bad)
            if a.count is not None:
                bad(apath + ".count", "a draw records the cards drawn or how many, not both",
                    '"cards": "KS" or "count": 2')
        elif a.count is None:
            bad(apath, "a draw records the cards drawn or how many",
                '"cards": "KS" or "count": 2')
    for name in ("start", "to"):
        v = getattr(a, name, None)
        if v is not None and v > boat:
            bad(f"{apath}.{'from' if name == 'start' else name}",
                f"space {v} is past the boat ({boat})", f"0 (start) to {boat - 1}, or boat")


def _letters(cards: str, rs: RuleSet, path: str, bad: Bad) -> None:
    help_text = None
    for k, ch in enumerate(cards):
        if ch != "?" and ch not in rs.letters:
            if help_text is None:
                help_text = ", ".join(f"{rs.letters[s]} ({rs.signs[s]})" for s in range(6))
                help_text += ", ? (unseen)"
            bad(f"{path}[{k}]", f"{ch!r} is not a sign letter", help_text)


# -- writing ---------------------------------------------------------------------------------


def format_space(space: int, boat: int) -> str:
    return "boat" if space == boat else str(space)


def format_action(action: Action, boat: int) -> str:
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


def format_event(ev: Line, log: CartagenaLog | None = None) -> str:
    """One event in canonical notation, as the recorder writes it and ``read_line`` reads it
    back: a turn, row, claim or comment line, a single action (``K3-11``) or ``end``.
    ``log``: the log whose header the event belongs to (the boat's space is written ``boat``;
    without it, as a number)."""
    boat = len(log.board) + 1 if log is not None else -1
    # isinstance, not type() is: the last line knows the event's type
    if isinstance(ev, _TURN):
        return format_turn(ev, boat)
    if isinstance(ev, (_FORWARD, _BACK, _DRAW, _PASS)):
        return format_action(ev, boat)
    if isinstance(ev, _END_TURN):
        return "end"
    if isinstance(ev, _ROW):
        return f"row {ev.cards}"
    if isinstance(ev, _HAND_CLAIM):
        return f"hand {ev.player} {ev.cards if ev.cards is not None else ev.size}"
    if isinstance(ev, _PIRATES_CLAIM):
        return f"pirates {ev.player} " + " ".join(format_space(s, boat) for s in ev.spaces)
    return f"; {ev.text}" if ev.text else ";"


def join_event(line: Turn | None, event: Line, game: Numbering) -> tuple[Turn, bool] | None:
    """How a recorder writes ``event`` when ``line`` (a :class:`Turn`, or ``None``) is the
    turn still being written: the actions of one turn go on one line. Returns the turn line
    with ``event`` in it and whether the turn goes on, or ``None`` when ``event`` stands on a
    line of its own (a whole turn, a row, a claim, a comment). ``game``: the engine before
    ``event``, which numbers a new turn."""
    kind = type(event)
    if kind not in (_FORWARD, _BACK, _DRAW, _PASS, _END_TURN):
        return None
    if line is None:
        state = game.state
        line = Turn(player=state.colours[state.seat], number=state.turn)
    if kind is _END_TURN:
        return line, False
    return msgspec.structs.replace(line, actions=[*line.actions, event]), True


def split_line(line: Line) -> list[Line]:
    """The events of a turn line written by :func:`join_event`, one by one."""
    return list(line.actions) if type(line) is _TURN else [line]


RULES_TAG: Final = "Rules"  # the header tag that names the rule set
CONDONED_MARK: Final = "!"  # after an action: the table let it stand although illegal


def header_questions(rules: str) -> list[HeaderQuestion]:
    """What a recorder asks for the header of a game under ``rules``, tag by tag."""
    rs = find_ruleset(rules) or RULESETS["2000-jamaica"]
    first = rs.letters
    signs = ", ".join(f"{rs.letters[i]} {rs.signs[i]}" for i in range(6))
    hand, unseen = (first * 2)[:rs.deal_first], "?" * rs.deal_other
    out = [
        HeaderQuestion("Players", "the players in seat order, the first to play first: a "
                       "colour, then the name", "red Anne, blue Bart, yellow Carla", True),
        HeaderQuestion("Board", f"the sign of each of the {rs.spaces} spaces, from the start "
                       f"to the boat ({signs})", f"{first} {first[::-1]} ...", True),
        HeaderQuestion("Deal", "the cards dealt, where known (? for a card not seen; a player "
                       "left out has only unseen cards)", f"red {hand}, blue {unseen}"),
        HeaderQuestion("Options", "table rules that differ from the rule set's defaults",
                       ", ".join(f"{k}={'false' if v else 'true'}"
                                 for k, v in rs.options.items())),
    ]
    if rs.tortuga:
        out.append(HeaderQuestion("Row", "the opening row of twelve face-up cards, in "
                                  "arrow order", "KHPHKPKKPBHH"))
    return out


def format_board(board: str) -> str:
    return " ".join(board[i:i + 6] for i in range(0, len(board), 6))


def _tag(name: str, value: str) -> str:
    return f'[{name} "{escape(value)}"]'


def format_log(log: CartagenaLog) -> str:
    """The canonical text form of a log (what ``cartlog convert --to text`` writes). A log
    that starts from a position leaves out the board and the options the position gives."""
    start = None
    if log.position is not None:
        try:
            start = from_position(log.position)
        except PositionError:
            pass
    lines = [_tag("Game", "Cartagena"), _tag("Rules", log.rules)]
    for name in TAG_ORDER:
        if name in log.tags:
            lines.append(_tag(name, log.tags[name]))
    for name, value in log.tags.items():
        if name not in TAG_ORDER:
            lines.append(_tag(name, value))
    lines.append(_tag("Players", ", ".join(
        f"{p.colour} {p.name}" if p.name else p.colour for p in log.players)))
    if start is None or log.board != _board_letters(start):
        lines.append(_tag("Board", format_board(log.board)))
    if log.options and (start is None or log.options != _changed_options(start)):
        lines.append(_tag("Options", ", ".join(
            f"{k}={'true' if v else 'false'}" for k, v in log.options.items())))
    if log.deal:
        lines.append(_tag("Deal", ", ".join(f"{c} {cards}" for c, cards in log.deal.items())))
    if log.row is not None:
        lines.append(_tag("Row", log.row))
    if log.position is not None:
        lines.append(_tag("Position", log.position))
    if log.result is not None:
        lines.append(_tag("Result", log.result))
    lines.append("")
    lines += [format_event(ev, log) for ev in log.events]
    return "\n".join(lines) + "\n"
