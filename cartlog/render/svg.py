"""Board pictures as SVG text: the shared parts every game's drawing uses.

A game draws its table from a replay frame (never from its rules) with :class:`Svg`, which
escapes every text it is given (a log's names and comments included: markup characters as
entities, control and invisible characters as visible escapes, :func:`printable`). Colours
are CSS classes only (``pc-red``, ``sign-2``, ``moved``, ``finding``), so that the light and
dark themes are two stylesheets (:data:`STYLE`): a picture written alone carries the
stylesheet; one in the HTML ruling page takes the page's. Standard library only.
"""

from __future__ import annotations

from html import escape

from cartlog.core.text import printable

# the colours a player may have, each with a class of its own; any other colour is drawn
# with ``pc-other`` and its letter
PLAYER_COLOURS: tuple[str, ...] = (
    "red", "blue", "yellow", "green", "black", "white", "purple", "grey", "orange", "brown",
    "pink")


_MARKUP = frozenset('<>&"\'')


def text_of(value: object) -> str:
    """``value`` as text safe inside SVG or HTML markup (element text or a quoted attribute)."""
    text = value if isinstance(value, str) else str(value)
    if text.isprintable() and _MARKUP.isdisjoint(text):  # the common case: nothing to escape
        return text
    return escape(printable(text), quote=True)


def _value(value: object) -> str:
    """An attribute's value: a number as written, anything else escaped."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return _num(value)
    return text_of(value)


def player_class(colour: str) -> str:
    """The CSS class of a player's colour (``pc-other`` for a colour the stylesheet lacks)."""
    return f"pc-{colour}" if colour in PLAYER_COLOURS else "pc-other"


class Svg:
    """An SVG document built element by element; every text and attribute is escaped."""

    def __init__(self, width: int, height: int, title: str, classes: str = "") -> None:
        self.width, self.height = width, height
        self.parts: list[str] = [f"<title>{text_of(title)}</title>"]
        self.classes = ("cartlog-board " + classes).strip()

    def add(self, tag: str, text: str | None = None, tip: str | None = None,
            **attributes: object) -> None:
        """One element; ``text`` its content, ``tip`` a tooltip (an SVG ``<title>``).
        Attribute names use ``_`` for ``-`` (``text_anchor``), ``cls`` for ``class``."""
        attrs = "".join(f' {_name(k)}="{_value(v)}"' for k, v in attributes.items()
                        if v is not None)
        inner = (f"<title>{text_of(tip)}</title>" if tip else "") + (
            text_of(text) if text is not None else "")
        self.parts.append(f"<{tag}{attrs}>{inner}</{tag}>" if inner else f"<{tag}{attrs}/>")

    def open(self, tag: str = "g", tip: str | None = None, **attributes: object) -> None:
        """Open a group (closed by :meth:`close`)."""
        attrs = "".join(f' {_name(k)}="{_value(v)}"' for k, v in attributes.items()
                        if v is not None)
        self.parts.append(f"<{tag}{attrs}>" + (f"<title>{text_of(tip)}</title>" if tip else ""))

    def close(self, tag: str = "g") -> None:
        self.parts.append(f"</{tag}>")

    def text(self, x: float, y: float, text: str, cls: str = "label", anchor: str = "start",
             tip: str | None = None) -> None:
        self.add("text", text, tip, x=_num(x), y=_num(y), cls=cls,
                 text_anchor=None if anchor == "start" else anchor)

    def markup(self, styled: bool) -> str:
        """The SVG document; with its stylesheet when ``styled`` (a picture written alone)."""
        style = f"<style>{STYLE}</style>" if styled else ""
        return (f'<svg xmlns="http://www.w3.org/2000/svg" class="{text_of(self.classes)}" '
                f'viewBox="0 0 {self.width} {self.height}" width="{self.width}" '
                f'height="{self.height}" role="img">' + style + "".join(self.parts)
                + "</svg>")


def _name(key: str) -> str:
    return _NAMES.get(key) or key


_NAMES = {"cls": "class", "text_anchor": "text-anchor"}


def _num(value: float) -> str:
    if isinstance(value, int):
        return str(value)
    return str(int(value)) if value.is_integer() else f"{value:.1f}"


# The pictures' stylesheet: the light theme by default, the dark one when the reader's system
# asks for it; a page's ``data-theme`` or the picture's own class (``light``, ``dark``) fixes one.
_LIGHT = """
--bg:#fbf8f1;--ink:#222;--muted:#777;--line:#8a7f6a;--space:#fffdf7;--moved:#ffe9a8;
--finding:#c0392b;--start:#e8f1e4;--boat:#dde8f4;--ship:#7a4a1d;
--s0:#444;--s1:#8e44ad;--s2:#b7950b;--s3:#1f618d;--s4:#a04000;--s5:#1e8449;
--red:#d62d20;--blue:#2d5cc8;--yellow:#e8b100;--green:#2e8b3a;--black:#222;--white:#fafafa;
--purple:#7d3c98;--grey:#8c8c8c;--orange:#e67e22;--brown:#7b4a26;--pink:#e26fa8;--other:#aaa;
"""
_DARK = """
--bg:#1d1f22;--ink:#e8e6e3;--muted:#9a9a9a;--line:#6b6457;--space:#2a2c30;--moved:#5a4a14;
--finding:#ff6b5a;--start:#22342a;--boat:#1f2c3a;--ship:#d9a066;
--s0:#cfcfcf;--s1:#c39bd3;--s2:#f4d03f;--s3:#7fb3d5;--s4:#f0a070;--s5:#7dcea0;
"""
STYLE = (
    ".cartlog-board{" + _LIGHT.replace("\n", "") + "font-family:sans-serif}"
    "@media (prefers-color-scheme:dark){.cartlog-board{" + _DARK.replace("\n", "") + "}}"
    "[data-theme=light] .cartlog-board,.cartlog-board.light{" + _LIGHT.replace("\n", "") + "}"
    "[data-theme=dark] .cartlog-board,.cartlog-board.dark{" + _DARK.replace("\n", "") + "}"
    ".cartlog-board .bg{fill:var(--bg)}"
    ".cartlog-board text{fill:var(--ink);font-size:11px}"
    ".cartlog-board .muted{fill:var(--muted)}"
    ".cartlog-board .num{font-size:9px;fill:var(--muted)}"
    ".cartlog-board .space{fill:var(--space);stroke:var(--line)}"
    ".cartlog-board .space.moved{fill:var(--moved)}"
    ".cartlog-board .space.finding{stroke:var(--finding);stroke-width:3}"
    ".cartlog-board .start{fill:var(--start);stroke:var(--line)}"
    ".cartlog-board .boat{fill:var(--boat);stroke:var(--line)}"
    ".cartlog-board .sign{font-weight:bold;font-size:13px}"
    + "".join(f".cartlog-board .sign-{i}{{fill:var(--s{i})}}" for i in range(6))
    + ".cartlog-board .pirate{stroke:var(--ink);stroke-width:.8}"
    + ".cartlog-board .pirate-letter{font-size:8px;fill:var(--bg);font-weight:bold}"
    + "".join(f".cartlog-board .{player_class(c)}{{fill:var(--{c})}}" for c in PLAYER_COLOURS)
    + ".cartlog-board .pc-other{fill:var(--other)}"
    ".cartlog-board .ring{fill:none;stroke:var(--line);stroke-dasharray:4 3}"
    ".cartlog-board .island{fill:var(--space);stroke:var(--line)}"
    ".cartlog-board .island.active{stroke-width:2.5}"
    ".cartlog-board .island.port{fill:var(--moved)}"
    ".cartlog-board .ship{fill:var(--ship)}"
    ".cartlog-board .marker{font-size:9px;font-weight:bold}"
    ".cartlog-board .card{fill:var(--space);stroke:var(--line)}"
    ".cartlog-board .card.open{fill:var(--moved)}"
    ".cartlog-board .good-0{fill:#c0392b}.cartlog-board .good-1{fill:#9a9a9a}"
    ".cartlog-board .good-2{fill:#8e44ad}.cartlog-board .good-3{fill:#2e6fb0}"
    ".cartlog-board .good-4{fill:#c9a227}.cartlog-board .good-5{fill:#333}"
    ".cartlog-board .good-6{fill:#555}.cartlog-board .good-unseen{fill:var(--muted)}"
    ".cartlog-board .good-letter{font-size:9px;fill:#fff;font-weight:bold}"
    ".cartlog-board .previous{stroke-dasharray:3 2}"
    ".cartlog-board .finding-mark{fill:var(--finding);font-weight:bold}"
    ".cartlog-board .finding-frame{fill:none;stroke:var(--finding);stroke-width:3}"
)
