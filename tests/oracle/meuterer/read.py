"""Reads back the logs that ``write`` writes (and their mutants): the header tags, then each
body line as ``(line number, keyword, value)``. Only this writer's canonical spelling is read."""

from __future__ import annotations

import re

TAG = re.compile(r'^\[(\w+) "(.*)"\]$')


def entries(text: str) -> list[list[str]]:
    return [e.split() for e in text.split(",") if e.strip()]


def cards(word: str) -> list[str]:
    return [] if word in ("0", "-") else list(word)


def read_sell(rest: str) -> list[tuple]:
    steps: list[tuple] = []
    for words in entries(rest):
        if words[1] == "pass":
            steps.append((words[0], "pass", int(words[2]), words[3] if len(words) > 3 else None))
        else:
            steps.append((words[0], "play", words[1], len(words) > 2 and words[2] == "robbed"))
    return steps


def read_mutiny(rest: str) -> tuple[list[tuple[str, int]], str]:
    adds, outcome = rest.split("=>")
    return [(w[0], int(w[1])) for w in entries(adds)], outcome.strip()


def read_draw(rest: str) -> list[tuple]:
    """``(player, cards, keep)``; cards not shown are '?' (``blue 2``, ``blue 4 return 3``)."""
    draws: list[tuple] = []
    for words in entries(rest):
        p, what = words[0], words[1]
        drawn = ["?"] * int(what) if what.isdigit() and what != "0" else cards(what)
        keep = None
        if "keep" in words:
            keep = cards(words[words.index("keep") + 1])
        elif "return" in words:
            keep = ["?"] * (len(drawn) - int(words[words.index("return") + 1]))
        draws.append((p, drawn, keep))
    return draws


def read_line(keyword: str, rest: str):
    if keyword in ("round", "wage"):
        return int(rest)
    if keyword == "sell":
        return read_sell(rest)
    if keyword == "dest":
        return {w[0]: " ".join(w[1:]) for w in entries(rest)}
    if keyword == "mutiny":
        return read_mutiny(rest)
    if keyword == "sale":
        return [(w[0], w[1], " ".join(w[2:-1]), int(w[-1])) for w in entries(rest)]
    if keyword in ("score", "total"):
        return {w[0]: int(w[1]) for w in entries(rest)}
    if keyword == "draw":
        return read_draw(rest)
    raise ValueError(f"not a line this writer writes: {keyword}")


def read(text: str) -> tuple[dict, dict, list[tuple[int, str, object]]]:
    """The tags (name -> value), the line of each tag, and the body lines."""
    tags: dict[str, str] = {}
    where: dict[str, int] = {}
    body: list[tuple[int, str, object]] = []
    for n, line in enumerate(text.splitlines(), 1):
        m = TAG.match(line)
        if m:
            tags[m.group(1)] = m.group(2)
            where[m.group(1)] = n
        elif line.strip():
            keyword, _, rest = line.partition(" ")
            body.append((n, keyword, read_line(keyword, rest)))
    return tags, where, body


def read_deal(value: str, seats: list[str]) -> dict[str, list[str]]:
    """The Deal tag; a player left out holds five unseen cards."""
    deal = {p: ["?"] * 5 for p in seats}
    for words in entries(value):
        deal[words[0]] = list(words[1])
    return deal
