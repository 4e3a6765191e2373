"""Text helpers shared by readers and renderers."""

from __future__ import annotations


def split_lines(text: str) -> list[str]:
    r"""Lines as an editor counts them: broken at ``\n``, ``\r\n`` or ``\r`` only (unlike
    ``str.splitlines``, which also breaks at form feeds and other separators)."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return lines
