"""One-fault mutants of a game record: one recorded value (a card, a count, an island, an
action, a coin of the score sheet, a winner...) changed to another that the notation accepts."""

from __future__ import annotations

import copy
import random

from tests.oracle.meuterer import rules

KINDS = ("wage", "play", "robbed", "kept", "action", "dest", "count", "outcome", "sale-island",
         "sale-count", "sale-good", "score", "total", "draw-card", "draw-more", "draw-fewer",
         "keep-card", "deal", "result", "captain", "step-player", "sale-player", "mutiny-player")


SEAT_KINDS = KINDS
"""A seat's view writes the same values, the cards it does not see as '?' or counts (a change
there may leave the log as it was, and is then not a mutant)."""


def letters(record: dict) -> str:
    return rules.GOODS + "X" + ("P" if record["variant"] == "pirate" else "")


def other(rng: random.Random, choices, old):
    return rng.choice([c for c in choices if c != old])


def sites(record: dict, kind: str) -> list[tuple]:
    """Every place a value of ``kind`` is recorded: (round index, entry index, ...)."""
    rounds = record["rounds"]
    out: list[tuple] = []
    for r, rnd in enumerate(rounds):
        if kind == "wage":
            out.append((r,))
        elif kind == "step-player":
            out += [(r, i) for i in range(len(rnd["sell"]))]
        elif kind == "mutiny-player" and rnd["mutiny"]:
            out += [(r, i) for i in range(len(rnd["mutiny"][0]))]
        elif kind in ("play", "robbed", "kept", "action"):
            for i, (p, what, value, _) in enumerate(rnd["sell"]):
                ok = {"play": what == "play", "robbed": what == "play" and value == "P",
                      "kept": what == "pass",
                      "action": what == "pass" and p != captain_of(record, r)}[kind]
                if ok:
                    out.append((r, i))
        elif kind == "dest":
            out += [(r, role) for role in rnd["dest"]]
        elif kind in ("count", "outcome") and rnd["mutiny"]:
            out += [(r, i) for i in range(len(rnd["mutiny"][0]))] if kind == "count" else [(r,)]
        elif kind.startswith("sale"):
            out += [(r, i) for i in range(len(rnd["sale"]))]
        elif kind in ("score", "total"):
            out += [(r, p) for p in record["seats"]]
        elif kind in ("draw-card", "draw-fewer") and rnd["draw"]:
            out += [(r, i) for i, d in enumerate(rnd["draw"]) if d[1]]
        elif kind == "draw-more" and rnd["draw"]:
            out += [(r, i) for i in range(len(rnd["draw"]))]
        elif kind == "keep-card" and rnd["draw"]:
            out += [(r, i) for i, d in enumerate(rnd["draw"]) if d[2]]
    if kind == "deal":
        out = [(p, i) for p in record["seats"] for i in range(5)]
    if kind in ("result", "captain"):
        out = [()]
    return out


def captain_of(record: dict, r: int) -> str:
    """The captain of round ``r``: the first, or the winner of the last successful mutiny."""
    captain = record["captain"]
    for rnd in record["rounds"][:r]:
        if rnd["mutiny"] and rnd["mutiny"][1] == "mutineers":
            captain = next(p for p, _, _, a in rnd["sell"] if a == "mutineer")
    return captain


def mutate(record: dict, rng: random.Random, kinds: tuple[str, ...] = KINDS
           ) -> tuple[dict, str] | None:
    """A copy of ``record`` with one value changed, and what was changed; None when the game
    holds no value of the kind drawn."""
    kind = rng.choice(kinds)
    places = sites(record, kind)
    if not places:
        return None
    site = rng.choice(places)
    m = copy.deepcopy(record)
    rounds = m["rounds"]
    if kind.endswith("-player"):
        swap_player(m, kind, site, rng)
    elif kind == "wage":
        rnd = rounds[site[0]]
        rnd["wage"] = other(rng, range(4), rnd["wage"])
    elif kind in ("play", "robbed", "kept", "action"):
        steps = rounds[site[0]]["sell"]
        p, what, value, extra = steps[site[1]]
        if kind == "play":
            steps[site[1]] = (p, what, other(rng, letters(m), value), False)
        elif kind == "robbed":
            steps[site[1]] = (p, what, value, not extra)
        elif kind == "kept":
            steps[site[1]] = (p, what, other(rng, range(6), value), extra)
        else:
            steps[site[1]] = (p, what, value, other(rng, rules.ACTIONS, extra))
    elif kind == "dest":
        rounds[site[0]]["dest"][site[1]] = other(rng, m["circle"], rounds[site[0]]["dest"][site[1]])
    elif kind in ("count", "outcome"):
        adds, outcome = rounds[site[0]]["mutiny"]
        if kind == "count":
            p, n = adds[site[1]]
            adds[site[1]] = (p, other(rng, range(5), n))
        else:
            outcome = "captain" if outcome == "mutineers" else "mutineers"
        rounds[site[0]]["mutiny"] = (adds, outcome)
    elif kind.startswith("sale"):
        sale = rounds[site[0]]["sale"]
        p, good, island, n = sale[site[1]]
        if kind == "sale-island":
            island = other(rng, m["circle"], island)
        elif kind == "sale-count":
            n = other(rng, range(1, 6), n)
        else:
            good = other(rng, rules.GOODS, good)
        sale[site[1]] = (p, good, island, n)
    elif kind in ("score", "total"):
        rounds[site[0]][kind][site[1]] += rng.choice([-3, -2, -1, 1, 2, 3])
    elif kind.startswith("draw") or kind == "keep-card":
        draws = rounds[site[0]]["draw"]
        p, cards, keep = draws[site[1]]
        cards, keep = list(cards), (list(keep) if keep is not None else None)
        if kind == "draw-card":
            i = rng.randrange(len(cards))
            old = cards[i]
            cards[i] = other(rng, letters(m), old)
            if keep is not None and old in keep:
                keep[keep.index(old)] = cards[i]  # the kept card is the one drawn
        elif kind == "draw-more":
            cards.insert(rng.randrange(len(cards) + 1), rng.choice(letters(m)))
        elif kind == "draw-fewer":
            gone = cards.pop(rng.randrange(len(cards)))
            if keep is not None and gone in keep and keep.count(gone) > cards.count(gone):
                keep.remove(gone)
        else:
            i = rng.randrange(len(keep))
            keep[i] = other(rng, letters(m), keep[i])
        draws[site[1]] = (p, cards, keep)
    elif kind == "deal":
        hand = m["deal"][site[0]]
        hand[site[1]] = other(rng, letters(m), hand[site[1]])
    elif kind == "result":
        subsets = [[p for k, p in enumerate(m["seats"]) if mask >> k & 1]
                   for mask in range(1, 2 ** len(m["seats"]))]
        m["result"] = other(rng, subsets, m["result"])
    elif kind == "captain":
        m["captain"] = other(rng, m["seats"], m["captain"])
    return m, f"{kind} {site}"


def swap_player(m: dict, kind: str, site: tuple, rng: random.Random) -> None:
    """The player of one entry (a play or pass, a sale, a mutiny entry) written as another
    player. (A draw written for another player gives two entries for one player, which the
    notation does not accept.)"""
    rnd = m["rounds"][site[0]]
    key = {"step-player": "sell", "sale-player": "sale"}.get(kind)
    if key:
        entry = rnd[key][site[1]]
        rnd[key][site[1]] = (other(rng, m["seats"], entry[0]), *entry[1:])
    else:
        adds, outcome = rnd["mutiny"]
        p, n = adds[site[1]]
        adds[site[1]] = (other(rng, m["seats"], p), n)
