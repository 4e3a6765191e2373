"""Errors for input that cannot be read at all (exit status 2).

Rule violations are never exceptions: they are findings. :class:`LogSyntaxError` is raised only
when a log cannot be parsed or decoded; it carries every problem the reader met, each located
by line and column, so that one run shows them all.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from cartlog.core.text import echo_line, printable, split_lines


@dataclass(frozen=True, slots=True)
class SyntaxProblem:
    """One reason a log could not be read, at a 1-based line and column."""

    line: int
    col: int
    message: str
    expected: str | None = None
    end_col: int | None = None


@dataclass
class LogSyntaxError(Exception):
    """A log that cannot be read. ``problems`` lists every reason found, in file order."""

    path: str
    problems: list[SyntaxProblem] = field(default_factory=list)
    source: str | None = None

    def __str__(self) -> str:
        return "\n".join(self.format_lines())

    def format_lines(self) -> list[str]:
        """``file:line:col: message`` lines, each followed by the source line and a caret."""
        lines = split_lines(self.source) if self.source is not None else []
        out: list[str] = []
        for p in self.problems:
            out.append(f"{printable(self.path)}:{p.line}:{p.col}: {printable(p.message)}")
            if 0 < p.line <= len(lines):
                text, caret, width = echo_line(lines[p.line - 1], p.col, p.end_col)
                out.append(f"    {text}")
                out.append("    " + " " * (caret - 1) + "^" * width)
            if p.expected:
                out.append(f"    expected: {printable(p.expected)}")
        return out
