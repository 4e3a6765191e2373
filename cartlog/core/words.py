"""Words, colours and suggestions shared by every game's text reader.

- :func:`located_words` cuts a slice of a line into words, each with its 1-based column, so
  that a problem points at the word that caused it.
- :class:`Palette` resolves a written colour (an English name, an alias such as ``rouge`` or
  ``blau``, or a unique prefix such as ``yel``) among the colours a game allows.
- :func:`did_you_mean` names the nearest spellings of a closed vocabulary (sign names, islands,
  rule sets, colours, keywords) for a word the reader does not know.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping

Word = tuple[str, int]  # a word and the 1-based column of its first character

_WORD = re.compile(r"\S+")


def located_words(text: str, start: int = 0, stop: int | None = None,
                  col: int = 1) -> list[Word]:
    """The words (runs of non-blank characters) of ``text[start:stop]``, each with its column;
    ``col`` is the column of ``text[0]`` (1 for a whole line, a tag value's column for a part
    of a value)."""
    end = len(text) if stop is None else stop
    return [(m.group(), m.start() + col) for m in _WORD.finditer(text, start, end)]


def span(words: list[Word]) -> tuple[int, int]:
    """The column of the first word and the column just after the last."""
    return words[0][1], words[-1][1] + len(words[-1][0])


# -- suggestions ---------------------------------------------------------------------------------


def _key(text: str) -> str:
    """A spelling as suggestions compare it: lower case, accents dropped."""
    low = unicodedata.normalize("NFKD", text.strip().lower())
    return "".join(c for c in low if not unicodedata.combining(c))


def suggestions(word: str, choices: Iterable[str] | Mapping[str, str], n: int = 2,
                cutoff: float = 0.6) -> list[str]:
    """The spellings nearest to ``word``, best first: those within a little of the best
    difflib ratio (case and accents ignored), so that a clear winner stands alone. ``choices``
    is a vocabulary, or a mapping from every accepted spelling to the name to suggest
    (``{"wein": "wine", "vin": "wine", ...}``): an alias that comes close suggests its name.
    A name is suggested once; ``word`` itself never."""
    table = choices if isinstance(choices, Mapping) else {c: c for c in choices}
    key = _key(word)
    if not key:
        return []
    scored: list[tuple[float, str]] = []
    import difflib  # suggestions are made only when a problem is reported

    matcher = difflib.SequenceMatcher(b=key)
    for spelling, name in table.items():
        matcher.set_seq1(_key(spelling))
        if matcher.real_quick_ratio() >= cutoff and matcher.quick_ratio() >= cutoff:
            ratio = matcher.ratio()
            if ratio >= cutoff and _key(name) != key:
                scored.append((ratio, name))
    if not scored:
        return []
    scored.sort(key=lambda rn: -rn[0])
    best = scored[0][0]
    out: list[str] = []
    for ratio, name in scored:
        if ratio >= best - 0.03 and name not in out:
            out.append(name)
    return out[:n]


def did_you_mean(word: str, choices: Iterable[str] | Mapping[str, str], n: int = 2,
                 cutoff: float = 0.6) -> str:
    """``"did you mean bottle?"`` (``"did you mean wine or salt?"``) for the nearest spellings
    of a closed vocabulary (see :func:`suggestions`), or ``""`` when none is near."""
    return hint_text(suggestions(word, choices, n, cutoff))


def hint_text(near: list[str]) -> str:
    """``"did you mean a or b?"`` for suggestions already found, ``""`` for none."""
    return f"did you mean {' or '.join(near)}?" if near else ""


def with_hint(message: str, hint: str) -> str:
    """A problem's message with a suggestion after it (``"...; did you mean red?"``)."""
    return f"{message}; {hint}" if hint else message


def aside(hint: str) -> str:
    """A suggestion to set inside a message: ``" (did you mean red?)"``, or ``""``."""
    return f" ({hint})" if hint else ""


# -- colours -------------------------------------------------------------------------------------

COLOUR_NAMES = ("red", "blue", "yellow", "green", "black", "white", "purple", "grey", "orange",
                "brown", "pink")
COLOUR_ALIASES: dict[str, str] = {
    "violet": "purple", "gray": "grey",
    "rouge": "red", "bleu": "blue", "jaune": "yellow", "vert": "green", "noir": "black",
    "blanc": "white", "gris": "grey",
    "rot": "red", "blau": "blue", "gelb": "yellow", "gruen": "green", "grün": "green",
    "schwarz": "black", "weiss": "white",
}


class Palette:
    """The colours one game allows, in the order it lists them, with every alias of
    :data:`COLOUR_ALIASES` that names one of them."""

    __slots__ = ("colours", "aliases", "words")

    def __init__(self, colours: Iterable[str]) -> None:
        self.colours = tuple(colours)
        assert all(c in COLOUR_NAMES for c in self.colours), self.colours
        self.aliases = {a: c for a, c in COLOUR_ALIASES.items() if c in self.colours}
        self.words = self.spellings()  # every full spelling of the game's colours

    def colour(self, word: str, among: Iterable[str] | None = None) -> str | None:
        """The colour ``word`` names among ``among`` (the game's colours by default): the
        colour, an alias, or a prefix that fits only one of them. A trailing colon is
        ignored (``red:``)."""
        pool = self.colours if among is None else tuple(among)
        w = word.lower().rstrip(":")
        w = self.aliases.get(w, w)
        if w in pool:
            return w
        found = [c for c in pool if c.startswith(w)] if w else []
        return found[0] if len(found) == 1 else None

    def spellings(self, among: Iterable[str] | None = None) -> dict[str, str]:
        """Every full spelling of the colours ``among`` (the game's by default), each mapped
        to its colour: what a misspelt colour is compared with."""
        pool = self.colours if among is None else tuple(among)
        return {**{c: c for c in pool}, **{a: c for a, c in self.aliases.items() if c in pool}}

    def hint(self, word: str, among: Iterable[str] | None = None,
             names: Mapping[str, str] | None = None, keywords: Iterable[str] = (),
             shown: Mapping[str, str] | None = None) -> str:
        """A suggestion for a word that names no colour: the player's colour when ``word`` is
        a player's name (``names``: lower-case name to colour), else the nearest of the
        colours, the names (suggesting the colour with the name as ``shown``:
        ``blue (Ben)``) and the ``keywords`` that may also stand there."""
        w = word.lower().rstrip(":")
        if names and w in names:
            return f"{word.rstrip(':')} plays {names[w]}: did you mean {names[w]}?"
        table = self.spellings(among)
        for name, colour in (names or {}).items():
            table.setdefault(name, f"{colour} ({(shown or {}).get(name, name)})")
        for keyword in keywords:
            table.setdefault(keyword, keyword)
        return did_you_mean(w, table)
