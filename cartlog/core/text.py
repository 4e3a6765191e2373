"""Text helpers shared by readers and renderers."""

from __future__ import annotations


def split_lines(text: str) -> list[str]:
    r"""Lines as an editor counts them: broken at ``\n``, ``\r\n`` or ``\r`` only (unlike
    ``str.splitlines``, which also breaks at form feeds and other separators)."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return lines


_ASCII = {"\u2026": "...", "\u2192": "->", "\u2190": "<-", "\u2194": "<->", "\u00d7": "x",
          "\u00b7": ".", "\u2022": "*", "\u2013": "-", "\u2014": "-", "\u2018": "'",
          "\u2019": "'", "\u201c": '"', "\u201d": '"', "\u00ab": '"', "\u00bb": '"',
          "\u00a0": " "}


def to_ascii(text: str, keep_length: bool = False) -> str:
    """``text`` in plain ASCII: accents dropped, box drawing as ``- | +``, others as ``?``.

    With ``keep_length`` every character becomes exactly one, so that columns stay aligned.
    """
    if text.isascii():
        return text
    import unicodedata

    out = []
    for ch in text:
        if ch.isascii():
            out.append(ch)
        elif ch in _ASCII:
            out.append(_ASCII[ch][:1] if keep_length else _ASCII[ch])
        elif "\u2500" <= ch <= "\u257f":
            name = unicodedata.name(ch, "")
            out.append("-" if "HORIZONTAL" in name and "VERTICAL" not in name else
                       "|" if "VERTICAL" in name and "HORIZONTAL" not in name else "+")
        else:
            base = unicodedata.normalize("NFKD", ch).encode("ascii", "ignore").decode()
            base = "".join(c for c in base if c.isprintable())
            out.append((base[:1] if keep_length else base) or "?")
    return "".join(out)


# -- a log's own text, shown safely ---------------------------------------------------------------

_SHOWN = {"\t": "\\t", "\r": "\\r", "\n": "\\n", "\x1b": "\\x1b", "\x7f": "\\x7f"}


def _show_char(ch: str) -> str:
    if ch in _SHOWN:
        return _SHOWN[ch]
    o = ord(ch)
    if o < 0x20 or 0x7f <= o < 0xa0:
        return f"\\x{o:02x}"
    if ch.isprintable() or ch == " ":
        return ch
    # format characters (bidi overrides, zero-width), separators, surrogates, unassigned
    return f"\\u{o:04x}" if o <= 0xffff else f"\\U{o:08x}"


def printable(text: str) -> str:
    r"""``text`` with every control or invisible character shown as an escape (``\x1b``,
    ``\r``, ``\t``, ``\u202e``): a log's text never drives the terminal it is shown on."""
    if text.isprintable():
        return text
    return "".join(_show_char(ch) for ch in text)


def json_visible(document: str) -> str:
    r"""A JSON document with every invisible or control character in its strings written as a
    ``\uXXXX`` escape (a UTF-16 pair past U+FFFF): the same values, read back, but nothing in
    it drives the terminal it is shown on. JSON encoders escape only the characters below
    U+0020; DEL, C1 controls, bidi overrides, zero-width characters and line separators they
    write raw. The document's own line breaks (indentation) are kept."""
    return "\n".join(line if line.isprintable() else "".join(map(_json_char, line))
                     for line in document.split("\n"))


def _json_char(ch: str) -> str:
    if ch.isprintable():
        return ch
    o = ord(ch)
    if o > 0xffff:
        o -= 0x10000
        return f"\\u{0xd800 + (o >> 10):04x}\\u{0xdc00 + (o & 0x3ff):04x}"
    return f"\\u{o:04x}"


ECHO_CONTEXT = 60  # characters kept each side of the caret when a long line is echoed
ECHO_WHOLE = 320  # lines up to this length are echoed whole


def echo_line(line: str, col: int, end_col: int | None = None,
              context: int = ECHO_CONTEXT) -> tuple[str, int, int]:
    """A source line as echoed under a message: control characters escaped, a line longer
    than ``ECHO_WHOLE`` cut to ``context`` characters each side of the located span (``…``
    marks a cut, ``...`` under ``--ascii``).

    Returns ``(shown, caret_col, caret_width)``, the caret re-placed on the shown text
    (1-based column); the caret never runs past the end of the line plus one.
    """
    col = max(1, col)
    end = end_col if end_col and end_col > col else col + 1
    end = min(end, len(line) + 1)
    end = max(end, col + 1) if col <= len(line) else col + 1
    if len(line) <= ECHO_WHOLE:
        lo, hi = 0, len(line)
    else:
        lo = max(0, col - 1 - context)
        hi = min(len(line), max(end - 1, col) + context)
    if hi - lo > ECHO_WHOLE and end - col > 2 * context:  # a very long span: its start, then the cut
        hi = min(len(line), col - 1 + 2 * context)
        end = hi + 1
    window = line[lo:hi]
    head = "\u2026" if lo > 0 else ""
    tail = "\u2026" if hi < len(line) else ""
    if window.isprintable() and "\t" not in window:
        before, span = window[:col - 1 - lo], window[col - 1 - lo:end - 1 - lo]
        shown = head + window + tail
    else:
        before = "".join(_show_char(c) for c in window[:col - 1 - lo])
        span = "".join(_show_char(c) for c in window[col - 1 - lo:end - 1 - lo])
        shown = head + before + span + "".join(
            _show_char(c) for c in window[end - 1 - lo:]) + tail
    caret_col = len(head) + len(before) + 1
    return shown, caret_col, max(1, len(span))


_DIGITS = frozenset("0123456789")
MAX_INT_DIGITS = 18
MAX_DIGITS = 1000  # the longest run of digits a log may hold (no count comes near)


def safe_int(text: str, max_digits: int = MAX_INT_DIGITS) -> int | None:
    """The integer ASCII digits ``text`` spell (an optional sign), or ``None``: never raises.

    Unlike ``int()`` it refuses non-ASCII digits (``²``, Arabic-Indic digits, which
    ``str.isdigit`` accepts), underscores, and numbers longer than ``max_digits`` (no game
    count needs more; Python's ``int()`` raises past 4,300 digits)."""
    s = text.strip()
    digits = s[1:] if s[:1] in ("+", "-") else s
    if not digits or len(digits) > max_digits or not _DIGITS.issuperset(digits):
        return None
    return int(s)


def is_number(text: str) -> bool:
    """``text`` is ASCII digits only (the test ``str.isdigit`` was meant to be)."""
    return bool(text) and text.isascii() and text.isdigit()
