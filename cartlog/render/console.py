"""The console every command prints through: a log's text never drives the terminal.

Renderers escape a log's own text (names, comments, tag values, messages that quote it) where
it enters them, with :func:`cartlog.core.text.printable`, so that widths are measured on what
is shown. :class:`LogConsole` is the guard behind them: whatever text reaches it, a control
character (ESC, CR, C1 such as CSI), a bidi override or isolate, a zero-width or other format
character, a line or paragraph separator or a lone surrogate is written as a visible escape
(``\\x1b``, ``\\u202e``), and no text is ever read as rich markup (``[red]`` in a name prints
as written). cartlog's own colours come from styles, which rich writes itself, and the
console's own control codes (cursor moves of a progress line) are segments of their own: the
guard leaves both alone. docs/cli.md, "A log's text on the terminal".
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rich.console import Console, ConsoleOptions, RenderableType
from rich.segment import Segment
from rich.text import Text

from cartlog.core.text import printable


def shown(text: str) -> str:
    r"""``text`` as the console writes it: every line break kept (rich ends its own lines with
    ``\n``), every other control or invisible character escaped."""
    if text.isprintable():
        return text
    return "\n".join(printable(part) for part in text.split("\n"))


class LogConsole(Console):
    """A rich console that writes no control or format character it was not told to as a
    style or a control code, and reads no markup (docs/cli.md)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs["markup"] = False
        super().__init__(*args, **kwargs)

    def render_str(self, text: str, **kwargs: Any) -> Text:
        """A string as text, never as markup: a log's ``[bold]`` is printed as written."""
        kwargs["markup"] = False
        return super().render_str(text, **kwargs)

    def render(self, renderable: RenderableType,
               options: ConsoleOptions | None = None) -> Iterable[Segment]:
        for segment in super().render(renderable, options):
            text = segment.text
            if segment.control or text.isprintable():
                yield segment
            else:
                yield Segment(shown(text), segment.style)
