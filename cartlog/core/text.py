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
