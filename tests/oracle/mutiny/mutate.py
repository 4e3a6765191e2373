"""One-fault mutants of a log text: one recorded value changed to another the notation
accepts (a colour, a pirate card, a combat card, a gold card, a count of coins, a number, a
side, a pair, a reason, a winner...)."""

import re

from .model import KINDS, PAIRS, PIRATES, SIDES

REASONS = ("track", "combat", "gold", "coins")
CONV = ("set", "change", "bluff")


def options(word, prev, players):
    """The values that may stand for `word` (its neighbour `prev` tells numbers apart)."""
    if word in players:
        return [c for c in players if c != word]
    if word.startswith("^") and word[1:] in PIRATES:
        return ["^" + c for c in PIRATES if c != word[1:]]
    if word in PIRATES:
        return [c for c in PIRATES if c != word]
    if word[:1] in "+-" and word[1:] in KINDS:
        return [word[0] + k for k in KINDS if k != word[1:]]
    if re.fullmatch(r"\+\$[123]", word):
        return ["+$" + v for v in "123" if v != word[2]]
    if re.fullmatch(r"[+-]\d+", word):
        n = int(word)
        return [f"{m:+d}" for m in (n - 1, n + 1)]
    if word in SIDES:
        return [s for s in SIDES + ("none",) if s != word] if prev in players else \
            [s for s in SIDES if s != word]
    if word == "none" and prev in players:
        return list(SIDES)
    if word in CONV:
        return [c for c in CONV if c != word]
    if word in REASONS and prev == "mutiny":
        return [r for r in REASONS if r != word]
    if word == "storm":
        return ["calm"]
    if word in PAIRS and prev in ("duel", "pair", "look"):
        return [p for p in PAIRS if p != word]
    if re.fullmatch(r"\d+-\d+", word):
        v, d = (int(x) for x in word.split("-"))
        alts = [(d, v), (v, d % 10 + 1), (v % 10 + 1, d)]
        return [f"{a}-{b}" for a, b in alts]
    if word in KINDS or word == "monkey":
        return [k for k in KINDS + ("monkey",) if k != word]
    if word.isdigit() and (prev in ("round", "ship", "at") or prev in players):
        n = int(word)
        return [str(m) for m in (n - 1, n + 1) if m >= 0]
    return []


def sites(text, players):
    """Every (line index, word index, replacement) of the body and the Result tag."""
    out = []
    for i, line in enumerate(text.split("\n")):
        if line.startswith("[Result "):
            value = line[len('[Result "'):-2]
            now = sorted([] if value == "none" else value.split(", "))
            alts = [[c] for c in players] + [[], sorted(players[:2])]
            for alt in alts:
                if sorted(alt) != now:
                    out.append((i, None, ", ".join(alt) or "none"))
            continue
        if not line or line.startswith("["):
            continue
        words = line.split(" ")
        for j, raw in enumerate(words):
            word = raw.rstrip(",")
            prev = words[j - 1].rstrip(",") if j else ""
            for alt in options(word, prev, players):
                out.append((i, j, alt + raw[len(word):]))
    return out


def apply(text, site):
    i, j, alt = site
    lines = text.split("\n")
    if j is None:
        lines[i] = f'[Result "{alt}"]'
    else:
        words = lines[i].split(" ")
        words[j] = alt
        lines[i] = " ".join(words)
    return "\n".join(lines)


def mutants(text, players, rng, count):
    """`count` distinct mutants of `text` (fewer if it has fewer sites)."""
    found = sites(text, players)
    return [apply(text, s) for s in rng.sample(found, min(count, len(found)))]
