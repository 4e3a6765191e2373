"""Cartagena: The Mutiny text notation: read a log a player kept at the table, write the
canonical form, and check a decoded JSON log the same way.

After the tag-pair header (``Game``, ``Players``, optional ``Giver``, ``Track``, ``Combat``,
``Gold``, ``Board``, ``Result`` and free tags such as ``Event``, ``Date``), one line per
event::

    round 1 giver red
    red ^Sate ^Pang Pang +C?
    blue Sate +2
    green ^Ghost
    ship 3 at 5
    round 2 giver blue lifeboat Tembo
    ...
    mutiny coins
    duel A 3-7
    fight P2, G1, red G3, green monkey
    steal green from blue
    won diaz
    reveal red valverde, blue diaz, green none
    gold red 7, blue 5, green 3

A turn line starts with the player; ``^CARD`` is a card the player turned (in order), a card
name alone is the card used (left out, it is the last card turned); effects: ``+P2``/``+G1``/``+C?``
combat cards gained, ``-P1``/``-C?`` combat cards put under the pile, ``+$2``/``+$?`` gold
cards gained, ``+N``/``-N`` coins gained or paid, ``from COLOUR`` (Chang Ye), ``set``,
``change``, ``bluff`` or ``move`` and ``valverde``/``diaz`` (Bijoux, Ojo), ``look X`` (a player
for Ojo, a pair for Cambivalute), ``pair A`` with ``3-7`` (the sailors' values, Valverde's side
first) and ``swap`` (Cambivalute). Comments: whole lines ``; ...`` or ``{...}``, and ``; ...``
or ``{...}`` after a line. ``!`` at the end of a turn line, before its comment, marks the
turn as condoned: the table let it stand although illegal (:data:`CONDONED_MARK`). See
``docs/notation.md (part 3)``.

The reader is tolerant (any case, accents, unique prefixes of pirate names, ``Chang Ye`` in two
words) and never stops at a problem: ``parse`` raises one :class:`LogSyntaxError` listing every
problem met, each located by line and column.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any, Final, Literal

import msgspec

from cartlog.core.errors import LogSyntaxError, SyntaxProblem
from cartlog.core.files import read_named
from cartlog.core.notation import (
    HeaderQuestion,
    LogReader,
    comment_text,
    entries,
    escape,
    is_comment_line,
)
from cartlog.core.text import MAX_DIGITS, printable, safe_int
from cartlog.core.words import (
    Palette,
    Word,
    did_you_mean,
    hint_text,
    located_words,
    suggestions,
    with_hint,
)
from cartlog.games.mutiny import ALIASES
from cartlog.games.mutiny.events import (
    Comment,
    Duel,
    Fight,
    Gold,
    Mutiny,
    MutinyLog,
    Played,
    Player,
    Reveal,
    Round,
    Ship,
    Steal,
    TrackData,
    Turn,
    Won,
)
from cartlog.games.mutiny.model import (
    COLOURS,
    COMBAT,
    GOLD,
    PAIRS,
    PIRATE_SPELLINGS,
    PIRATES,
    SIDE_ALIASES,
    State,
    find_pirate,
)
from cartlog.games.mutiny.position import HELP as POSITION_HELP
from cartlog.games.mutiny.position import KEY_SEP, PositionError, error_field, from_position

# the classes compared by type below, as C statics: compiled, a class imported by name is
# looked up in the module's dictionary at every use (docs/performance.md, "Writing for the
# compiler")
_DUEL: Final = Duel
_FIGHT: Final = Fight
_GOLD: Final = Gold
_MUTINY: Final = Mutiny
_REVEAL: Final = Reveal
_ROUND: Final = Round
_SHIP: Final = Ship
_STEAL: Final = Steal
_TURN: Final = Turn
_WON: Final = Won

HEADER_FIELDS: Final = ("game", "players", "giver", "track", "combat", "gold", "board", "sailors",
                 "position", "result")
TAG_ORDER: Final = ("Event", "Site", "Date")
KEYWORDS: Final = {"round": "round", "ship": "ship", "mutiny": "mutiny", "duel": "duel",
            "fight": "fight", "steal": "steal", "won": "won", "reveal": "reveal",
            "gold": "gold"}
CONVICTION_WORDS: Final = ("set", "change", "bluff", "move")
REASONS: Final = ("track", "combat", "gold", "coins")
SIDE_NAME: Final = {"V": "valverde", "D": "diaz"}
# the words of a turn line besides the cards, for suggesting one
EFFECT_WORDS: Final = ("from", *CONVICTION_WORDS, "valverde", "diaz", "look", "pair", "swap")
MONKEY_WORDS: Final = ("monkey", "mascot", "singe", "m")
# every spelling of a side (the one-letter ones aside), each mapped to the side's name
SIDE_SPELLINGS: Final = {word: SIDE_NAME[side] for word, side in SIDE_ALIASES.items() if len(word) > 1}
_TWO_WORDS: Final = re.compile(r"(?i)\b(chang|wessel|dean|ramon|captain|capitaine|kapitan)( +)(ye|jan|nero|diaz|valverde)\b")
_PAIR_VALUES: Final = re.compile(r"^([0-9]+|\?)-([0-9]+|\?)$")
# as on paper: a combat card by its colour's word (+pink2, +grey1), a gold card by its word
# (+gold2), coins with their word after the count (+2 coins)
_CARD_WORDS: Final = {"PINK": "P", "GREY": "G", "GRAY": "G", "GOLD": "$"}
COIN_WORDS: Final = ("coin", "coins")

Words = list[Word]


def _digits(word: str) -> int | None:
    """The number ASCII digits alone spell, up to ``MAX_DIGITS`` of them, else ``None``."""
    return safe_int(word, MAX_DIGITS) if word.isascii() and word.isdigit() else None


def _side(word: str) -> str | None:
    s = SIDE_ALIASES.get(word.lower())
    return None if s is None else SIDE_NAME[s]


def _no_commas(words: Words) -> Words:
    """A turn line's words with the commas between its cards dropped, as on paper
    (``red ^Sate, ^Pang``)."""
    out: Words = []
    for w, col in words:
        bare = w.strip(",")
        if bare:
            out.append((bare, col + len(w) - len(w.lstrip(","))))
    return out


def _card_word(body: str) -> str:
    """A card gained or put under, written with its word as on paper (``PINK2``, ``GREY1``,
    ``GOLD2``), as the notation writes it (``P2``, ``G1``, ``$2``); anything else as it is."""
    for word, letter in _CARD_WORDS.items():
        if body.startswith(word) and (body[len(word):].isdigit() or body[len(word):] == "?"):
            return letter + body[len(word):]
    return body


class _Reader(LogReader):
    """One pass over a text log, collecting problems instead of stopping at the first."""

    header_fields = HEADER_FIELDS
    palette = Palette(COLOURS)
    names_are_players = True

    # -- header ---------------------------------------------------------------------------------

    def read(self) -> MutinyLog:
        header, spans, first_line = self.read_header()
        tags = header.tags
        missing_at = max(1, min(header.body_start + 1, len(self.lines)))
        if "game" not in tags:
            self.problem(missing_at, 1, "missing header tag Game",
                         expected='[Game "..."] at the top of the log')
        position = None
        start = None
        if "position" in tags:
            position = " ".join(tags["position"].value.split())
            start = self.read_position(tags["position"], from_position, error_field,
                                       POSITION_HELP, sep=KEY_SEP)
        players_at = len(self.problems)
        self.guessing = "players" not in tags
        if self.guessing and start is not None:  # the position's players, in its order
            self.colours = list(start.colours)
        if "game" in tags and tags["game"].value.strip().lower() not in ALIASES:
            t = tags["game"]
            self.problem(t.line, t.col, f"{t.value!r} is not Cartagena: The Mutiny",
                         expected='[Game "Cartagena: The Mutiny"]', end=t.end)
        players = self._players(tags["players"]) if "players" in tags else []
        track = self._track(tags["track"]) if "track" in tags else None
        combat = self._split(tags["combat"], COMBAT) if "combat" in tags else None
        gold = self._split(tags["gold"], GOLD) if "gold" in tags else None
        board = tags["board"].value.strip() if "board" in tags else None
        if board == "":  # M7: a board file is named, or the tag is left out
            t = tags["board"]
            self.problem(t.line, t.col, "an empty Board tag names no board file",
                         expected='[Board "FILE"], a file in the log\'s folder, or no Board tag',
                         end=t.end)
        sailors = self._sailors(tags["sailors"]) if "sailors" in tags else None
        free = {t.name: t.value for k, t in tags.items() if k not in HEADER_FIELDS}
        self._rules(tags.get("rules"))
        events = self._body(header.body_start)
        # the giver and the result after the body: without a Players tag the players are the
        # colours the body names, in the order it first names them
        giver = None
        if "giver" in tags:
            t = tags["giver"]
            giver = self.who(t.value.strip(), t.col, t.line)
        result = self._result(tags["result"]) if "result" in tags else None
        if self.guessing:
            self.missing_players(missing_at, "at the top of the log", players_at)
            players = [Player(c) for c in self.colours]
        log = MutinyLog(players=players, giver=giver, track=track, combat=combat, gold=gold,
                        board=board, sailors=sailors, position=position, result=result,
                        tags=free, events=events, line=first_line, spans=spans)
        if start is not None:
            for field, message, expected in position_problems(log, start):
                line, col, end = spans.get(field, spans["position"])
                self.problem(line, col, message, expected, end)
        return log

    def _rules(self, tag: Any) -> None:
        """A ``Rules`` tag (kept as it is written): the Mutiny has one rule set, ``base`` (as
        ``cartlog games`` lists it and ``cartlog simulate --rules`` takes it; also
        ``standard`` or ``basic``); any other name is a problem, never read silently."""
        if tag is None or tag.value.strip().lower() in ("base", "standard", "basic"):
            return
        self.problem(tag.line, tag.col, f"unknown rule set {tag.value.strip()!r}: "
                     "Cartagena: The Mutiny has one, base", expected="base", end=tag.end)

    def _players(self, tag: Any) -> list[Player]:
        out = [Player(c, n) for c, n in self.read_players(tag, twice_is_problem=True)]
        if not out:  # a count outside 2-4 is the audit's finding (crew/seats)
            self.problem(tag.line, tag.col, "no players", expected="2 to 4 colours",
                         end=tag.end)
        return out

    def _int(self, word: str, at: int, line: int, what: str) -> int | None:
        """A number of digits 0-9, else a problem at the word (one too long for any count
        among them: never ``int()``'s error)."""
        n = _digits(word)
        if n is not None:
            return n
        if word.isascii() and word.isdigit():
            self.problem(line, at, f"a number of {len(word)} digits ({what})",
                         expected=f"a number of at most {MAX_DIGITS} digits", end=at + 1)
        else:
            self.problem(line, at, f"{_cut(repr(word), 80)} is not a number ({what})",
                         expected="a number", end=at + len(word))
        return None

    def _track(self, tag: Any) -> TrackData:
        data = TrackData()
        for part, col in entries(tag.value, tag.col, ";"):
            words = located_words(part, col=col)
            key = words[0][0].lower().rstrip(":")
            values = words[1:]
            if key in ("length", "storms", "storm", "mutiny") and not values:
                self.problem(tag.line, col, f"no value for {key}", end=col + len(part))
                continue
            if key == "length":
                data.length = self._int(values[0][0], values[0][1], tag.line, "length")
            elif key == "mutiny":
                data.mutiny = self._int(values[0][0], values[0][1], tag.line, "mutiny space")
            elif key in ("storms", "storm"):
                nums = [self._int(w.strip(","), c, tag.line, "storm space") for w, c in values]
                data.storms = [n for n in nums if n is not None]
            elif key in ("start", "starts"):
                starts: dict[str, int] = {}
                for w, c in values:
                    k, colon, v = w.strip(",").partition(":")
                    n = _digits(v)
                    if not colon or k not in ("2", "3", "4") or n is None:
                        self.problem(tag.line, c, f"{w!r} is not a start space",
                                     expected="PLAYERS:SPACE, e.g. 2:0 3:2 4:4", end=c + len(w))
                        continue
                    starts[k] = n
                data.starts = starts
            else:
                self.problem(tag.line, col, f"{key!r} is not part of a track",
                             expected="length, storms, start, mutiny", end=col + len(part))
        return data

    def _split(self, tag: Any, names: tuple[str, ...]) -> dict[str, int]:
        out: dict[str, int] = {}
        for part, col in entries(tag.value, tag.col):
            words = part.replace(":", " ").split()
            name = words[0].upper().lstrip("$")
            n = _digits(words[1]) if len(words) == 2 else None
            if name not in names or n is None:
                self.problem(tag.line, col, f"{part!r} is not a card and its count",
                             expected=f"{names[0]} 8, ... (cards: {' '.join(names)})",
                             end=col + len(part))
                continue
            out[name] = n
        return out

    def _sailors(self, tag: Any) -> dict[str, list[int]]:
        out: dict[str, list[int]] = {}
        for part, col in entries(tag.value, tag.col):
            words = part.split()
            vals = self._values(words[1], col, tag.line) if len(words) == 2 else []
            pair = words[0].upper()
            if pair not in PAIRS or len(words[0]) != 1 or not vals:
                self.problem(tag.line, col, f"{part!r} is not a pair and its sailors",
                             expected="A 3-7, B 2-9 (Valverde's side first)",
                             end=col + len(part))
                continue
            out[pair] = vals
        return out

    def _result(self, tag: Any) -> list[str] | Literal["unfinished"]:
        value = tag.value.strip().lower()
        if value in ("none", "nobody", "-", ""):
            return []
        if value in ("unfinished", "*", "?"):
            return "unfinished"
        out = []
        for part, col in entries(tag.value, tag.col):
            colour = self.who(part, col, tag.line)
            if colour is not None:
                out.append(colour)
        return out

    # -- body -----------------------------------------------------------------------------------

    def _body(self, start: int) -> list[Any]:
        events: list[Any] = []
        for i in range(start, len(self.lines)):
            raw = self.lines[i]
            stripped = raw.strip()
            if not stripped:
                continue
            lineno = i + 1
            indent = len(raw) - len(raw.lstrip())
            if stripped.startswith("["):
                self.problem(lineno, indent + 1, "header tag after the first event",
                             expected="all tag pairs at the top of the log")
                continue
            if is_comment_line(stripped):
                events.append(Comment(text=comment_text(stripped), line=lineno,
                                      col=indent + 1, end=len(raw) + 1))
                continue
            ev = self.line_event(raw, lineno)
            if ev is not None:
                events.append(ev)
        return events

    def line_event(self, raw: str, line: int) -> Any:
        text, comment = self.strip_comments(raw, line)
        marked = False
        if "!" in text:  # a turn marked condoned: the ! ends it, before its comment
            bare = text.rstrip()
            at = text.index("!")
            if at == len(bare) - 1 and at > 0:
                text, marked = bare[:-1], True
            else:
                self.problem(line, at + 1, "! stands only at the end of a turn line",
                             expected="red ^Sate Pang!", end=at + 2)
                return None
        text = _TWO_WORDS.sub(lambda m: m.group(1) + "-" * len(m.group(2)) + m.group(3), text)
        words = located_words(text)
        if not words:
            return None
        loc = {"line": line, "col": words[0][1], "end": len(raw.rstrip()) + 1}
        first = words[0][0].lower().rstrip(":")
        kind = KEYWORDS.get(first)
        if kind is not None and not (kind == "gold" and self.player(first)):
            if marked:
                self.problem(line, len(text) + 1, f"a {kind} line cannot be marked condoned "
                             "(!)", expected="! at the end of a turn line: red ^Sate Pang!",
                             end=len(text) + 2)
                return None
            return getattr(self, f"_{kind}")(text, words, loc, comment)
        named = self.named(text, words[0][1] - 1) if self.long_names else None
        if named is not None:  # a name of several words (Anne Marie) for the colour
            rest = [w for w in words if w[1] > named[1]]
            ev = self._turn(named[0], _no_commas(rest), loc, comment)
            ev.condoned = marked
            return ev
        colour = self.player(words[0][0])
        if colour is None:
            self.problem(line, words[0][1], with_hint(
                f"{words[0][0]!r} is neither a keyword nor a player",
                self.player_hint(words[0][0], KEYWORDS)),
                         expected="round, a player's turn, ship, mutiny, duel, fight, steal, "
                         "won, reveal, gold or a ; comment", end=words[0][1] + len(words[0][0]))
            return None
        ev = self._turn(colour, _no_commas(words[1:]) if "," in text else words[1:], loc,
                        comment)
        ev.condoned = marked
        return ev

    def _bad(self, line: int, word: str, col: int, message: str, expected: str) -> None:
        self.problem(line, col, message, expected=expected, end=col + len(word))

    def _unknown(self, line: int, word: str, col: int, message: str,
                 vocabulary: Iterable[str] | Mapping[str, str], expected: str,
                 nxt: Word | None, takes: tuple[str, ...] = ()) -> int:
        """Report a word that is none of ``vocabulary``, with the nearest of it; how many
        words to skip after it: 1 when the word plainly means one that ``takes`` the next
        word (``frm red``, ``att 5``), so that the next word is not reported as well."""
        near = suggestions(word, vocabulary)
        self._bad(line, word, col, with_hint(message, hint_text(near)), expected)
        return 1 if nxt is not None and len(near) == 1 and near[0] in takes else 0

    def _turn(self, colour: str, words: Words, loc: dict[str, int],
              comment: str | None) -> Turn:
        line = loc["line"]
        ev = Turn(player=colour, comment=comment, line=loc["line"], col=loc["col"], end=loc["end"])
        mark = len(self.problems)
        i = 0
        while i < len(words):
            w, col = words[i]
            lw = w.lower()
            nxt = words[i + 1] if i + 1 < len(words) else None
            if w.startswith("^"):
                p = "?" if w[1:] == "?" else self._pirate(w[1:], col + 1, line)
                if p is not None:
                    ev.turned.append(p)
            elif re.fullmatch(r"[+-][0-9]+", w):
                n = self._int(w[1:], col + 1, line, "coins")
                if n is not None:
                    ev.coins = (ev.coins or 0) + (n if w[0] == "+" else -n)
            elif w[:1] in "+-" and len(w) > 1:
                body = w[1:].upper()
                if len(body) > 2:  # longer than any card as the notation writes it
                    body = _card_word(body)
                if body.startswith("$"):
                    g = body[1:]
                    if w[0] == "+" and g in GOLD + ("?",):
                        ev.gold.append(g)
                    else:
                        self._bad(line, w, col, f"{w!r} is not a gold card gained",
                                  "+$1, +$2, +$3 or +$?")
                elif body in COMBAT or body in ("?", "C?"):
                    (ev.combat if w[0] == "+" else ev.under).append("?" if "?" in body else body)
                else:
                    self._bad(line, w, col, f"{w!r} is not a card or a number of coins",
                              "+P1..+G3, +C?, -P1..-G3, +$2, +1, -1")
            elif lw == "from" and nxt:
                ev.victim = self.who(nxt[0], nxt[1], line)
                i += 1
            elif lw in CONVICTION_WORDS:
                ev.conviction = lw  # type: ignore[assignment]
            elif _side(w) is not None and lw not in ("v", "d") and (
                    ev.conviction is not None or ev.card in ("Bijoux", "Ojo")):
                # a side after its conviction word (``set diaz``), or after Bijoux or Ojo
                # named as the card used; otherwise ``Diaz`` and ``Valverde`` are the cards
                ev.side = _side(w)  # type: ignore[assignment]
            elif lw == "look" and nxt:
                target = nxt[0]
                if target.upper() in PAIRS and len(target) == 1:
                    ev.look = target.upper()
                else:
                    ev.look = self.who(target, nxt[1], line)
                i += 1
            elif lw == "pair" and nxt:
                if nxt[0].upper() in PAIRS and len(nxt[0]) == 1:
                    ev.pair = nxt[0].upper()
                else:
                    self._bad(line, nxt[0], nxt[1], f"{nxt[0]!r} is not a duel pair", "A to E")
                i += 1
            elif _PAIR_VALUES.match(w):
                ev.values = self._values(w, col, line)
            elif lw == "swap":
                ev.swap = True
            elif lw in ("pass", "passes"):
                self._bad(line, w, col, "no pass in Cartagena: The Mutiny: every player uses "
                          "one card a round (ruling M2)", "^CARD to have the next card turned, "
                          "CARD to take one")
            elif lw in COIN_WORDS and i > 0 and re.fullmatch(r"[+-][0-9]+", words[i - 1][0]):
                pass  # "+2 coins": the count's word, as on paper
            else:
                p = self._pirate(w, col, line, quiet=True)
                if p is None:
                    i += self._unknown(
                        line, w, col, f"{w!r} is not a pirate card or an effect",
                        {**PIRATE_SPELLINGS, **{e: e for e in EFFECT_WORDS}},
                        "^CARD, CARD, +P2, -G1, +$2, +1, from, set/change/bluff/move, "
                        "valverde/diaz, look, pair, swap", nxt, ("from", "look", "pair"))
                elif ev.card is not None:
                    self._bad(line, w, col, "a second card used in one turn", "one card")
                else:
                    ev.card = p
            i += 1
        # a turn whose card could not be read (or that passes) is not reported again as a
        # turn without a card
        if ev.card is None and not ev.turned and len(self.problems) == mark:
            self.problem(line, loc["col"], "a turn names no card", expected="^CARD or CARD",
                         end=loc["end"])
        return ev

    def _values(self, w: str, col: int, line: int) -> list[int]:
        m = _PAIR_VALUES.match(w)
        if not m or "?" in w:
            return []
        vals = [_digits(m.group(1)) or 0, _digits(m.group(2)) or 0]
        if not all(1 <= v <= 10 for v in vals):
            self._bad(line, w, col, "sailors are valued 1 to 10", "V-D, e.g. 3-7")
            return []
        return vals

    def _pirate(self, word: str, col: int, line: int, quiet: bool = False) -> str | None:
        if word == "?":
            return "?"
        p = find_pirate(word)
        if p is None:
            if not quiet:
                self._bad(line, word, col, with_hint(f"{word!r} is not a pirate card",
                                                     did_you_mean(word, PIRATE_SPELLINGS)),
                          " ".join(PIRATES))
            return None
        return PIRATES[p]

    def _round(self, text: str, words: Words, loc: dict[str, int], comment: str | None) -> Round:
        ev = Round(comment=comment, line=loc["line"], col=loc["col"], end=loc["end"])
        rest = words[1:]
        line = loc["line"]
        if rest and rest[0][0].isdigit():
            ev.number = self._int(rest[0][0], rest[0][1], line, "round")
            rest = rest[1:]
        i = 0
        while i < len(rest):
            w, col = rest[i]
            nxt = rest[i + 1] if i + 1 < len(rest) else None
            if w.lower() == "giver" and nxt:
                ev.giver = self.who(nxt[0], nxt[1], line)
                i += 1
            elif w.lower() in ("lifeboat", "boat") and nxt:
                # ``-``: the log says no card went to the lifeboat (M5)
                ev.lifeboat = "-" if nxt[0] == "-" else self._pirate(nxt[0], nxt[1], line)
                i += 1
            else:
                i += self._unknown(line, w, col, f"{w!r} is not part of a round line",
                                   ("giver", "lifeboat"), "round N giver COLOUR lifeboat CARD",
                                   nxt, ("giver", "lifeboat"))
            i += 1
        return ev

    def _ship(self, text: str, words: Words, loc: dict[str, int], comment: str | None) -> Ship:
        ev = Ship(comment=comment, line=loc["line"], col=loc["col"], end=loc["end"])
        rest = words[1:]
        line = loc["line"]
        i = 0
        while i < len(rest):
            w, col = rest[i]
            nxt = rest[i + 1] if i + 1 < len(rest) else None
            if (w.isdigit() or (w[:1] == "+" and w[1:].isdigit())) and ev.moved is None:
                ev.moved = self._int(w.lstrip("+"), col, line, "ship's move")
            elif w.lower() == "at" and nxt:
                ev.at = self._int(nxt[0], nxt[1], line, "ship's space")
                i += 1
            elif w.lower() in ("storm", "calm"):
                ev.storm = w.lower() == "storm"
            elif w.lower() in ("to", "->", "\u2192") and nxt:
                # "ship 3 to 5": moved 3 spaces to space 5, or from space 3 to 5? Refused
                self._bad(line, w, col, f"{w!r} may mean 'moved to' or 'from ... to': write "
                          "the spaces moved and the space reached", "ship N at SPACE (ship 2 "
                          "at 5: 2 spaces moved, space 5 reached)")
                i += 1
            else:
                i += self._unknown(line, w, col, f"{w!r} is not part of a ship line",
                                   ("at", "storm", "calm"), "ship N at SPACE storm|calm", nxt,
                                   ("at",))
            i += 1
        return ev

    def _mutiny(self, text: str, words: Words, loc: dict[str, int],
                comment: str | None) -> Mutiny:
        ev = Mutiny(comment=comment, line=loc["line"], col=loc["col"], end=loc["end"])
        for w, col in words[1:]:
            if w.lower() in REASONS and ev.reason is None:
                ev.reason = w.lower()  # type: ignore[assignment]
            else:
                self._bad(loc["line"], w, col, with_hint(
                    f"{w!r} is not a reason for the mutiny", did_you_mean(w, REASONS)),
                          " ".join(REASONS))
        return ev

    def _duel(self, text: str, words: Words, loc: dict[str, int], comment: str | None) -> Any:
        line = loc["line"]
        if len(words) < 2 or words[1][0].upper() not in PAIRS or len(words[1][0]) != 1:
            at = words[1] if len(words) > 1 else words[0]
            self._bad(line, at[0], at[1], "a duel names its pair", "duel A 3-7")
            return None
        ev = Duel(pair=words[1][0].upper(), comment=comment, line=loc["line"], col=loc["col"], end=loc["end"])
        for w, col in words[2:]:
            if _PAIR_VALUES.match(w):
                vals = self._values(w, col, line)
                if vals:
                    ev.valverde, ev.diaz = vals
            else:
                self._bad(line, w, col, f"{w!r} is not the sailors' values", "3-7 or ?-?")
        return ev

    def _entries(self, text: str, words: Words) -> list[Words]:
        """The comma-separated entries after the keyword."""
        out: list[Words] = []
        cur: Words = []
        for w, col in words[1:]:
            pieces = w.split(",")
            c = col
            for j, piece in enumerate(pieces):
                if piece:
                    cur.append((piece, c))
                c += len(piece) + 1
                if j < len(pieces) - 1 and cur:
                    out.append(cur)
                    cur = []
        if cur:
            out.append(cur)
        return out

    def _fight(self, text: str, words: Words, loc: dict[str, int], comment: str | None) -> Fight:
        ev = Fight(comment=comment, line=loc["line"], col=loc["col"], end=loc["end"])
        line = loc["line"]
        for entry in self._entries(text, words):
            who = None
            if len(entry) == 2:
                who = self.who(entry[0][0], entry[0][1], line)
            elif len(entry) != 1:
                self._bad(line, entry[0][0], entry[0][1], "one card per entry",
                          "[COLOUR] CARD, e.g. red P2 or green monkey")
                continue
            w, col = entry[-1]
            card = w.upper() if w.upper() in COMBAT else ("?" if w in ("?", "C?") else (
                "monkey" if w.lower() in MONKEY_WORDS else None))
            if card is None:
                self._bad(line, w, col, with_hint(
                    f"{w!r} is not a combat card or a monkey",
                    did_you_mean(w, {m: "monkey" for m in MONKEY_WORDS if len(m) > 1})),
                          "P1..P3, G1..G3, ?, monkey")
                continue
            if card == "monkey" and who is None and len(entry) == 1:
                self._bad(line, w, col, "a monkey shows its player's colour", "COLOUR monkey")
                continue
            ev.cards.append(Played(card=card, player=who))  # type: ignore[arg-type]
        return ev

    def _steal(self, text: str, words: Words, loc: dict[str, int], comment: str | None) -> Any:
        line = loc["line"]
        if len(words) < 2:
            self._bad(line, words[0][0], words[0][1], "whose monkey", "steal COLOUR from COLOUR")
            return None
        who = self.who(words[1][0], words[1][1], line)
        victim = None
        rest = words[2:]
        if len(rest) == 2 and rest[0][0].lower() == "from":
            victim = self.who(rest[1][0], rest[1][1], line)
        elif rest and not (len(rest) == 1 and rest[0][0].lower() == "supply"):
            self._bad(line, rest[0][0], rest[0][1], "a steal is from a player or the supply",
                      "from COLOUR or supply")
        return None if who is None else Steal(player=who, victim=victim, comment=comment, line=loc["line"], col=loc["col"], end=loc["end"])

    def _won(self, text: str, words: Words, loc: dict[str, int], comment: str | None) -> Any:
        side = _side(words[1][0]) if len(words) == 2 else None
        if side is None and len(words) == 2:
            w, col = words[1]
            self._bad(loc["line"], w, col, with_hint(f"{w!r} is not a side", did_you_mean(
                w, SIDE_SPELLINGS)), "won valverde or won diaz")
            return None
        if side is None:
            self._bad(loc["line"], words[0][0], words[0][1], "the side that won the duel",
                      "won valverde or won diaz")
            return None
        return Won(side=side, comment=comment, line=loc["line"], col=loc["col"], end=loc["end"])  # type: ignore[arg-type]

    def _reveal(self, text: str, words: Words, loc: dict[str, int],
                comment: str | None) -> Reveal:
        ev = Reveal(comment=comment, line=loc["line"], col=loc["col"], end=loc["end"])
        for entry in self._entries(text, words):
            if len(entry) != 2:
                self._bad(loc["line"], entry[0][0], entry[0][1], "a player and a side",
                          "red valverde, blue diaz, green none")
                continue
            who = self.who(entry[0][0], entry[0][1], loc["line"])
            w, col = entry[1]
            side = _side(w)
            if side is None and w.lower() not in ("none", "-"):
                self._bad(loc["line"], w, col, with_hint(f"{w!r} is not a side", did_you_mean(
                    w, {**SIDE_SPELLINGS, "none": "none"})), "valverde, diaz, none")
                continue
            if who is not None and who in ev.sides:
                self._bad(loc["line"], entry[0][0], entry[0][1], f"{who} is named twice on the "
                          "reveal line", "each player once: red valverde, blue diaz")
            elif who is not None:
                ev.sides[who] = side  # type: ignore[assignment]
        return ev

    def _gold(self, text: str, words: Words, loc: dict[str, int], comment: str | None) -> Gold:
        ev = Gold(comment=comment, line=loc["line"], col=loc["col"], end=loc["end"])
        for entry in self._entries(text, words):
            if len(entry) != 2:
                self._bad(loc["line"], entry[0][0], entry[0][1], "a player and a number",
                          "red 7, blue 5")
                continue
            who = self.who(entry[0][0], entry[0][1], loc["line"])
            n = self._int(entry[1][0], entry[1][1], loc["line"], "gold")
            if who is not None and who in ev.counts:
                self._bad(loc["line"], entry[0][0], entry[0][1], f"{who} is named twice on the "
                          "gold line", "each player once: red 7, blue 5")
            elif who is not None and n is not None:
                ev.counts[who] = n
        return ev


def parse(text: str, path: str = "<log>") -> MutinyLog:
    """Read a text log. Raises :class:`LogSyntaxError` listing every problem met."""
    reader = _Reader(text, path)
    log = reader.read()
    if not reader.problems and log.board is not None and log.position is None:
        log = _with_board_file(log, path, reader)  # a position gives the facts itself
    if reader.problems:
        raise LogSyntaxError(path, sorted(reader.problems, key=lambda p: (p.line, p.col)), text)
    return with_position(log)


def _with_board_file(log: MutinyLog, path: str, reader: _Reader) -> MutinyLog:
    """M7: the facts of the board file the log names, read from the log's folder or below
    (:func:`cartlog.core.files.read_named`: a regular file, within a size limit); the log's
    own tags win. A log not read from a file (standard input, a string) names no folder: it
    keeps only its own facts, and the replay says the board file was not read. A board file
    that cannot be read is one problem at the Board tag, naming the board file's line and
    never quoting more of the file than that line's fault."""
    from pathlib import Path

    if path.startswith("<") or path == "-" or not Path(path).is_file():
        return log
    line, col, end = log.spans.get("board", (log.line or 1, 1, 2))
    name = log.board or ""
    shown = _cut(repr(name), 80)
    try:
        board = read_board(read_named(path, name), "<board>")
    except LogSyntaxError as err:
        first = min(err.problems, key=lambda p: (p.line, p.col))
        where = f", line {first.line}" if first.line else ""
        reader.problem(line, col, f"board file {shown}{where}: {_cut(first.message, 200)}",
                       expected=_cut(first.expected, 200) if first.line else
                       "a board file (Track, Combat, Gold tags) in the log's folder or below",
                       end=end)
        return log
    return with_board(log, board)


def _cut(text: str | None, most: int) -> str | None:
    """``text`` shown safely (control characters escaped), cut to ``most`` characters."""
    if text is None:
        return None
    text = printable(text)
    return text if len(text) <= most else text[:most - 1] + "\u2026"


def read_board(text: str, path: str = "<board>") -> MutinyLog:
    """A board file: the ``Track``, ``Combat`` and ``Gold`` tags alone, in the header form
    (M7). Returned as a log without players; ``LogSyntaxError`` lists its problems."""
    reader = _Reader(text, path)
    header, _, _ = reader.read_header()
    tags = header.tags
    for key, tag in tags.items():
        if key not in ("track", "combat", "gold", "game"):
            reader.problem(tag.line, 1, f"tag {tag.name} does not belong in a board file",
                           expected="Track, Combat, Gold")
    for i in range(header.body_start, len(reader.lines)):
        stripped = reader.lines[i].strip()
        if stripped and not is_comment_line(stripped):
            reader.problem(i + 1, 1, "a board file holds tags only", expected='[Track "..."]')
    board = MutinyLog(
        players=[],
        track=reader._track(tags["track"]) if "track" in tags else None,
        combat=reader._split(tags["combat"], COMBAT) if "combat" in tags else None,
        gold=reader._split(tags["gold"], GOLD) if "gold" in tags else None)
    if reader.problems:
        raise LogSyntaxError(path, reader.problems, text)
    return board


def with_board(log: MutinyLog, board: MutinyLog) -> MutinyLog:
    """``log`` with the facts of its board file filled in where the log itself is silent:
    the log's own tags win, part by part of the track."""
    track = log.track
    if board.track is not None:
        mine = log.track or TrackData()
        track = TrackData(
            length=mine.length if mine.length is not None else board.track.length,
            storms=mine.storms if mine.storms is not None else board.track.storms,
            starts=mine.starts if mine.starts is not None else board.track.starts,
            mutiny=mine.mutiny if mine.mutiny is not None else board.track.mutiny)
    return msgspec.structs.replace(
        log, track=track, combat=log.combat if log.combat is not None else board.combat,
        gold=log.gold if log.gold is not None else board.gold)


def read_line(line: str, colours: list[str], path: str = "<input>",
              names: list[tuple[str, str | None]] | None = None,
              number: int | None = None) -> Any:
    """One body line as an event, for a game between ``colours`` (``names``: each player's
    colour and name, a name standing for its colour as on paper). A round line written
    without its number takes ``number`` (the game's). Raises :class:`LogSyntaxError`
    (located in ``line``, as line 1) when it cannot be read."""
    reader = _Reader(line, path)
    reader.colours = list(colours)
    if names:
        reader.know_names(names)
    ev = reader.line_event(line, 1)
    if number is not None and isinstance(ev, Round) and ev.number is None:
        ev.number = number
    if ev is None and not reader.problems:
        reader.problem(1, 1, "empty line", expected="a round, turn, ship, mutiny or duel line")
    if reader.problems:
        raise LogSyntaxError(path, reader.problems, line)
    return ev


def validate(log: MutinyLog) -> list[SyntaxProblem]:
    """Check a decoded JSON log for what the text reader checks while reading: colours,
    players named in events, declared splits and track. Problems carry their JSON path."""
    out: list[SyntaxProblem] = []
    colours = [p.colour for p in log.players]
    reader = _Reader.of_players(log.players)  # the text reader's words and suggestions

    def bad(path: str, message: str, expected: str | None = None) -> None:
        out.append(SyntaxProblem(1, 1, f"at {path}: {message}", expected))

    def who(path: str, colour: str | None) -> None:
        if colour is not None and colour not in colours:
            bad(path, with_hint(f"{colour!r} is not a player of this game",
                                reader.player_hint(colour)), "one of " + ", ".join(colours))

    for i, p in enumerate(log.players):
        if p.colour not in COLOURS:
            bad(f"$.players[{i}].colour", with_hint(f"unknown colour {p.colour!r}", hint_text(
                suggestions(p.colour, _Reader.palette.spellings()))),
                "one of " + ", ".join(COLOURS))
    if not colours:
        bad("$.players", "no players", "2 to 4 colours")
    out += _json_position(log)
    who("$.giver", log.giver)
    for i, c in enumerate(log.result if isinstance(log.result, list) else ()):
        who(f"$.result[{i}]", c)
    for field, names in (("combat", COMBAT), ("gold", GOLD)):
        for k in getattr(log, field) or {}:
            if k not in names:
                bad(f"$.{field}.{k}", with_hint(f"{k!r} is not a card", did_you_mean(k, names)),
                    " ".join(names))
    for k, v in (log.sailors or {}).items():
        if k not in PAIRS or len(v) != 2 or not all(1 <= x <= 10 for x in v):
            bad(f"$.sailors.{k}", "a pair A-E and two sailors valued 1 to 10", "A: [3, 7]")
    if log.board is not None and not log.board.strip():
        bad("$.board", "an empty board names no board file",
            "the name of a file in the log's folder, or no board field")
    if log.track and log.track.starts:
        for k in log.track.starts:
            if k not in ("2", "3", "4"):
                bad(f"$.track.starts.{k}", "a start space is per player count", "2, 3 or 4")
    for i, ev in enumerate(log.events):
        if isinstance(ev, Turn):
            who(f"$.events[{i}].player", ev.player)
            who(f"$.events[{i}].victim", ev.victim)
            if ev.look is not None and ev.look not in PAIRS:
                who(f"$.events[{i}].look", ev.look)
            if ev.card is None and not ev.turned:
                bad(f"$.events[{i}]", "a turn names no card", "turned or card")
        elif isinstance(ev, Round):
            who(f"$.events[{i}].giver", ev.giver)
        elif isinstance(ev, Steal):
            who(f"$.events[{i}].player", ev.player)
            who(f"$.events[{i}].victim", ev.victim)
        elif isinstance(ev, Fight):
            for j, card in enumerate(ev.cards):
                who(f"$.events[{i}].cards[{j}].player", card.player)
        elif isinstance(ev, Reveal):
            for c in ev.sides:
                who(f"$.events[{i}].sides.{c}", c)
        elif isinstance(ev, Gold):
            for c in ev.counts:
                who(f"$.events[{i}].counts.{c}", c)
    return out


# -- a log that starts from a position ---------------------------------------------------------


def _facts(start: State) -> dict[str, Any]:
    """The header fields a position gives, as a log holds them: the giver of its round, and
    the track, the card splits and the sailors it declares (M7), each only when declared."""
    t = start.track
    out: dict[str, Any] = {"giver": start.colours[start.giver]}
    if (t.length, t.storms, t.starts, t.mutiny) != (None, None, None, None):
        out["track"] = TrackData(
            length=t.length, storms=None if t.storms is None else list(t.storms),
            starts=None if t.starts is None else {str(k): v for k, v in t.starts.items()},
            mutiny=t.mutiny)
    if start.combat.declared:
        out["combat"] = dict(zip(COMBAT, start.combat.totals))
    if start.gold.declared:
        out["gold"] = dict(zip(GOLD, start.gold.totals))
    if start.sailors_known:
        out["sailors"] = {PAIRS[i]: list(v) for i, v in sorted(start.sailors_known.items())}
    return out


_TRACK_PARTS: Final = ("length", "storms", "starts", "mutiny")


def position_problems(log: MutinyLog, start: State) -> list[tuple[str, str, str]]:
    """Where the header says otherwise than the position the log starts from, as (header
    field, message naming both values, what to write): the players' colours in seat order,
    and the giver (of the log's first round), each part of the track, the card splits and
    the sailors when given."""
    out: list[tuple[str, str, str]] = []
    facts = _facts(start)
    colours = [p.colour for p in log.players]
    if colours != start.colours:
        out.append(("players", f"the players are {', '.join(colours) or 'none'}, the "
                    f"position's {', '.join(start.colours)}",
                    "the position's colours in its order (each may be followed by a name): "
                    + ", ".join(start.colours)))
    if log.giver is not None and log.giver != facts["giver"]:
        out.append(("giver", f"the giver is {log.giver}, the position's {facts['giver']}",
                    f"{facts['giver']}, or no Giver tag (the position gives the giver)"))
    if log.track is not None:
        theirs = facts.get("track") or TrackData()
        for part in _TRACK_PARTS:
            mine, other = getattr(log.track, part), getattr(theirs, part)
            if mine is not None and mine != other:
                out.append(("track", f"the track's {part} is {_shown(mine)} here, "
                            f"{_shown(other)} in the position", "no Track tag (the position "
                            "gives what it declares), or the position's"))
                break
    for field, names in (("combat", COMBAT), ("gold", GOLD)):
        mine = getattr(log, field)
        if mine is None:
            continue
        theirs = facts.get(field)
        given = {k: mine.get(k, 0) for k in names}
        if given != theirs:
            out.append((field, f"the {field} split is {_shown(given)} here, "
                        f"{_shown(theirs)} in the position", f"no {field.capitalize()} tag "
                        "(the position gives what it declares), or the position's"))
    if log.sailors is not None:
        theirs = facts.get("sailors", {})
        for pair, values in log.sailors.items():
            if theirs.get(pair) != values:
                out.append(("sailors", f"pair {pair}'s sailors are {_shown(values)} here, "
                            f"{_shown(theirs.get(pair))} in the position", "no Sailors tag "
                            "(the position gives what it declares), or the position's"))
                break
    return out


def _shown(value: Any) -> str:
    if value is None:
        return "not declared"
    if isinstance(value, dict):
        return ", ".join(f"{k} {_shown(v)}" for k, v in value.items())
    if isinstance(value, list):
        return "-".join(map(str, value)) if len(value) == 2 and all(
            isinstance(v, int) for v in value) else " ".join(map(str, value))
    return str(value)


def _json_position(log: MutinyLog) -> list[SyntaxProblem]:
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
    return "base", list(state.colours)


def with_position(log: MutinyLog) -> MutinyLog:
    """A log that starts from a position, with what its header leaves out filled in from
    the position: the giver, and the track, the card splits and the sailors it declares
    (what :func:`format_log` leaves out again); its position written with single spaces.
    Any other log as it is."""
    if log.position is None:
        return log
    position = " ".join(log.position.split())
    try:
        start = from_position(position)
    except PositionError:
        return log
    changes: dict[str, Any] = {}
    if position != log.position:
        changes["position"] = position
    for field, value in _facts(start).items():
        if getattr(log, field) is None:
            changes[field] = value
    return msgspec.structs.replace(log, **changes) if changes else log


def json_hint(raw: dict[str, Any], field: str, value: str) -> str:
    """The suggestion for a pirate or a side of a JSON log that the game does not know, as the
    text reader makes it (did you mean Crackpott?)."""
    if field in ("turned", "card", "under", "look"):
        found = find_pirate(value)
        return (f"did you mean {PIRATES[found]}?" if found is not None
                else did_you_mean(value, PIRATE_SPELLINGS))
    if field in ("side", "sides"):
        return did_you_mean(value, SIDE_SPELLINGS)
    return ""


# -- writing ------------------------------------------------------------------------------------


def _tag(name: str, value: str) -> str:
    return f'[{name} "{escape(value)}"]'


def _comment(text: str, comment: str | None) -> str:
    if comment is None:
        return text
    return f"{text} ; {comment}" if comment else f"{text} ;"


def format_turn(ev: Turn) -> str:
    parts = [ev.player] + [f"^{c}" for c in ev.turned]
    if ev.card is not None:
        parts.append(ev.card)
    parts += [f"-{c}" if c != "?" else "-C?" for c in ev.under]
    parts += [f"+{c}" if c != "?" else "+C?" for c in ev.combat]
    parts += [f"+${g}" for g in ev.gold]
    if ev.coins is not None:
        parts.append(f"{ev.coins:+d}")
    if ev.victim is not None:
        parts.append(f"from {ev.victim}")
    if ev.conviction is not None:
        parts.append(ev.conviction)
    if ev.side is not None:
        parts.append(ev.side)
    if ev.look is not None:
        parts.append(f"look {ev.look}")
    if ev.pair is not None:
        parts.append(f"pair {ev.pair}")
    if ev.values:
        parts.append("-".join(map(str, ev.values)))
    if ev.swap:
        parts.append("swap")
    return " ".join(parts) + (CONDONED_MARK if ev.condoned else "")


def format_event(ev: Any, log: MutinyLog | None = None) -> str:
    """One body line in canonical notation (``log``, the header it belongs to, changes
    nothing here: every game's ``format_event`` takes it)."""
    kind = type(ev)
    if kind is _TURN:
        text = format_turn(ev)
    elif kind is _ROUND:
        text = "round" + (f" {ev.number}" if ev.number is not None else "") + (
            f" giver {ev.giver}" if ev.giver else "") + (
            f" lifeboat {ev.lifeboat}" if ev.lifeboat else "")
    elif kind is _SHIP:
        text = "ship" + (f" {ev.moved}" if ev.moved is not None else "") + (
            f" at {ev.at}" if ev.at is not None else "") + (
            "" if ev.storm is None else (" storm" if ev.storm else " calm"))
    elif kind is _MUTINY:
        text = "mutiny" + (f" {ev.reason}" if ev.reason else "")
    elif kind is _DUEL:
        text = f"duel {ev.pair}"
        if ev.valverde is not None and ev.diaz is not None:
            text += f" {ev.valverde}-{ev.diaz}"
    elif kind is _FIGHT:
        text = ("fight " + ", ".join((f"{p.player} " if p.player else "") + p.card
                                     for p in ev.cards)).rstrip()
    elif kind is _STEAL:
        text = f"steal {ev.player} " + (f"from {ev.victim}" if ev.victim else "supply")
    elif kind is _WON:
        text = f"won {ev.side}"
    elif kind is _REVEAL:
        text = ("reveal " + ", ".join(f"{c} {s or 'none'}" for c, s in ev.sides.items())).rstrip()
    elif kind is _GOLD:
        text = ("gold " + ", ".join(f"{c} {n}" for c, n in ev.counts.items())).rstrip()
    else:
        return f"; {ev.text}" if ev.text else ";"
    return _comment(text, ev.comment)


RULES_TAG: Final = None  # one rule set: no header tag names it
CONDONED_MARK: Final = "!"  # at the end of a turn line: the table let it stand although illegal


def header_questions(rules: str) -> list[HeaderQuestion]:
    """What a recorder asks for the header of a game, tag by tag."""
    return [
        HeaderQuestion("Players", "2 to 4 players, clockwise: a colour, then the name",
                       "red Ann, blue Bob, green Cy", True),
        HeaderQuestion("Giver", "the first giver, the oldest player (by default the first "
                       "player listed)", "blue"),
        HeaderQuestion("Track", "what is known of the voyage track (any part may be left "
                       "out)", "length 24; storms 5 11 17; start 2:0 3:2 4:4; mutiny 24"),
        HeaderQuestion("Combat", "the 40 combat cards by colour and value, when known",
                       "P1 8, P2 6, P3 6, G1 8, G2 6, G3 6"),
        HeaderQuestion("Gold", "the 18 gold cards by value, when known", "1 8, 2 6, 3 4"),
    ]


def join_event(line: Any, event: Any, game: Any) -> tuple[Any, bool] | None:
    """Every event of the Mutiny stands on a line of its own: a recorder never joins two."""
    return None


def split_line(line: Any) -> list[Any]:
    """A line holds one event."""
    return [line]


def format_log(log: MutinyLog) -> str:
    """The canonical text form of a log. A log that starts from a position leaves out the
    giver, the track, the card splits and the sailors the position gives."""
    facts: dict[str, Any] = {}
    if log.position is not None:
        try:
            facts = _facts(from_position(log.position))
        except PositionError:
            pass

    def given(field: str) -> Any:
        value = getattr(log, field)
        return None if field in facts and value == facts[field] else value

    lines = [_tag("Game", "Cartagena: The Mutiny")]
    for name in TAG_ORDER:
        if name in log.tags:
            lines.append(_tag(name, log.tags[name]))
    for name, value in log.tags.items():
        if name not in TAG_ORDER:
            lines.append(_tag(name, value))
    lines.append(_tag("Players", ", ".join(
        f"{p.colour} {p.name}" if p.name else p.colour for p in log.players)))
    giver = given("giver")
    if giver is not None:
        lines.append(_tag("Giver", giver))
    t = given("track")
    if t is not None:
        parts = []
        if t.length is not None:
            parts.append(f"length {t.length}")
        if t.storms is not None:
            parts.append("storms " + " ".join(map(str, t.storms)))
        if t.starts is not None:
            parts.append("start " + " ".join(f"{k}:{v}" for k, v in t.starts.items()))
        if t.mutiny is not None:
            parts.append(f"mutiny {t.mutiny}")
        lines.append(_tag("Track", "; ".join(parts)))
    for name, split in (("Combat", given("combat")), ("Gold", given("gold"))):
        if split is not None:
            lines.append(_tag(name, ", ".join(f"{k} {n}" for k, n in split.items())))
    if log.board is not None:
        lines.append(_tag("Board", log.board))
    sailors = given("sailors")
    if sailors is not None:
        lines.append(_tag("Sailors", ", ".join(f"{k} {v[0]}-{v[1]}" if len(v) == 2 else k
                                                for k, v in sailors.items())))
    if log.position is not None:
        lines.append(_tag("Position", log.position))
    if log.result is not None:
        lines.append(_tag("Result", log.result if isinstance(log.result, str) else
                          ", ".join(log.result) if log.result else "none"))
    lines.append("")
    for ev in log.events:
        lines.append(format_event(ev))
    return "\n".join(lines) + "\n"


def to_json(log: MutinyLog) -> bytes:
    """The canonical JSON form, without the text locations."""
    return msgspec.json.encode(strip_locations(log))


def strip_locations(log: MutinyLog) -> MutinyLog:
    events = [msgspec.structs.replace(ev, line=0, col=0, end=0) for ev in log.events]
    return msgspec.structs.replace(log, events=events, line=0, spans={})
