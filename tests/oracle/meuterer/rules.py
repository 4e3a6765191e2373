"""The rules of Meuterer as pure functions over plain data, read from rulebook 001 (French,
"Le Mutin - Meuterer", version 1.0) and the project's rulings U1-U8 (/work/shared/RULINGS.md).

Nothing here comes from cartlog's own rule code. Cards are one-letter strings: R ruby, S salt,
W wine, C cloth, G grain (the goods), X conflict, P the pirate card (pirate variant only).
Islands are indices 0-11 into the circle, clockwise, 0 being Hochland (the start port).
"""

from __future__ import annotations

GOODS = "RSWCG"
"""The five kinds that can be sold, in the order used to break ties between kinds."""

DECK_BASE = {"R": 4, "S": 5, "W": 6, "C": 7, "G": 8, "X": 6}
"""Rulebook 001, "Matériel": 37 goods cards; without the pirate card in the base game."""

ACTIONS = ("mutineer", "cabinboy", "mate", "merchant", "stevedore")
"""Rulebook 001, "Mise en place d'une partie": the five action cards."""

HAND = 5
"""Rulebook 001, "Mise en place" and "Phase 8": five cards in hand."""

STEVEDORE_EXTRA = 3
"""Rulebook 001, "Phase 8": the stevedore draws three more cards."""

CABINBOY_POINTS = 2
"""Rulebook 001, "Phase 5": the cabin boy scores 2 when the mutiny succeeds (U5)."""

ANY = "any"

ISLANDS = {
    # name: (good, sole, two tied, three tied, ship points); /work/shared/COMPONENTS.md
    "Hochland": (ANY, 4, 3, 2, 5),
    "Frosthöhle": ("C", 3, 2, 1, 3),
    "Grünland": ("S", 5, 3, 2, 4),
    "Karge Zunge": ("G", 6, 3, 2, 4),
    "Eisfelsen": ("R", 6, 4, 3, 5),
    "Affeninsel": ("G", 2, 1, 1, 2),
    "Kalte Klippe": ("C", 5, 2, 2, 4),
    "Sommerland": ("S", 3, 1, 1, 2),
    "Rotes Riff": ("W", 4, 2, 2, 3),
    "Piratennest": (ANY, 4, 3, 2, 5),
    "Fingerhut": ("R", 2, 1, 0, 2),
    "Sandkap": ("W", 4, 2, 1, 3),
}
START = "Hochland"
PIRATE_START = "Piratennest"


def deck_contents(variant: str) -> dict[str, int]:
    """Rulebook 001, "Matériel" and "Variante : Le pirate": the pirate card joins the deck only
    in the pirate variant."""
    deck = dict(DECK_BASE)
    if variant == "pirate":
        deck["P"] = 1
    return deck


def rounds(players: int) -> int:
    """Ruling U1 (rulebook 001, "Déroulement d'une partie"): 8 rounds with 4 players, 9 with 3."""
    return 9 if players == 3 else 8


def clockwise(seats: list[str], first: str) -> list[str]:
    """The seats in turn order, from ``first`` clockwise (rulebook 001, "Phase 2", "Phase 4",
    "Phase 8": everything goes round from the captain clockwise)."""
    i = seats.index(first)
    return seats[i:] + seats[:i]


def destination(port: int, kept: int) -> int:
    """Ruling U7 (rulebook 001, "Phase 2" and "Phase 3"): as many islands clockwise from the
    port as the cards kept; none kept leaves the ship at its port."""
    return (port + kept) % 12


def pirate_sail(pirate: int, ship: int, steps: int) -> tuple[int, bool]:
    """Ruling U8 (rulebook 001, "Variante : Le pirate"): the pirate ship sails counter-clockwise
    by ``steps`` (the cards left in the hand of the player who played the pirate card); it robs
    when it reaches or passes the merchant ship on the way. A move of 0 reaches nothing."""
    passed = {(pirate - k) % 12 for k in range(1, steps + 1)}
    return (pirate - steps) % 12, ship in passed


def fits(island: str, good: str) -> bool:
    """Ruling U2 (rulebook 001, "Phase 2"): an island buys its own good; Hochland and
    Piratennest buy any; conflict and pirate cards are never goods."""
    if good not in GOODS:
        return False
    want = ISLANDS[island][0]
    return want == ANY or want == good


def active_islands(port: int, previous: int | None) -> list[int]:
    """Ruling U3: the port of the round and, from round 2 on, the one before; the round's port
    first. One island when both are the same."""
    if previous is None or previous == port:
        return [port]
    return [port, previous]


def mutiny_won(captain_side: int, mutineer_side: int, mate: bool) -> bool:
    """Ruling U6 (rulebook 001, "Phase 4"): the mate adds 1 to the captain's side; a tie goes to
    the mutineers. True when the mutiny succeeds."""
    return mutineer_side >= captain_side + (1 if mate else 0)


def side(role: str | None) -> str | None:
    """Ruling U6: captain and mate count for the captain, mutineer and cabin boy for the
    mutineer; the merchant, the stevedore (and nobody else) take no part."""
    if role in ("captain", "mate"):
        return "captain"
    if role in ("mutineer", "cabinboy"):
        return "mutineer"
    return None


def majority_points(island: str, counts: dict[str, int], merchant: str | None) -> dict[str, int]:
    """Ruling U4 (rulebook 001, "Phase 5", "Schéma 2"): among the players selling on the
    island, those with the most cards score: alone the first value, two tied the second, three
    tied the third, four tied nothing; the merchant tied for most scores the first value."""
    sellers = {p: n for p, n in counts.items() if n > 0}
    if not sellers:
        return {}
    top = max(sellers.values())
    best = [p for p, n in sellers.items() if n == top]
    _, sole, two, three, _ = ISLANDS[island]
    value = {1: sole, 2: two, 3: three}.get(len(best), 0)
    return {p: (sole if p == merchant else value) for p in best}


def sale_choices(table: dict[str, int], islands: list[str]) -> list[list[tuple[str, str, int]]]:
    """Ruling U2 (rulebook 001, "Phase 5", "Cas particulier"): the ways a player can sell the
    goods on the table (kind: count) on the active islands: one kind per island, every card of
    a kind sold is sold, one kind may be split over the two islands (both parts at least 1).
    Only the plans that sell on as many islands as the player can: the notation reads an island
    a player declares nothing for as a default sale. Each plan is a list of (good, island,
    count)."""
    options = [[None] + [g for g in GOODS if table.get(g, 0) > 0 and fits(i, g)]
               for i in islands]
    if len(islands) == 1:
        return [[(g, islands[0], table[g])] for g in options[0] if g]
    a, b = islands
    plans: list[list[tuple[str, str, int]]] = []
    for ga in options[0]:
        for gb in options[1]:
            if ga and ga == gb:
                n = table[ga]
                plans += [[(ga, a, k), (ga, b, n - k)] for k in range(1, n)]
                continue
            plan = [(g, i, table[g]) for g, i in ((ga, a), (gb, b)) if g]
            if plan:
                plans.append(plan)
    most = max((len(p) for p in plans), default=0)
    return [p for p in plans if len(p) == most]


def has_choice(table: dict[str, int], islands: list[str]) -> bool:
    """Ruling U2: a player chooses (and the log records a ``sale``) when two islands are active
    and a kind the player played fits both."""
    if len(islands) < 2:
        return False
    return any(table.get(g, 0) > 0 and all(fits(i, g) for i in islands) for g in GOODS)


def default_sale(table: dict[str, int], islands: list[str]) -> list[tuple[str, str, int]]:
    """A player without a choice sells on each active island the kind with the most cards that
    fits it (more cards never score less; ties between kinds change nothing for anyone), the
    earlier kind in the order ruby, salt, wine, cloth, grain on a tie."""
    plan = []
    for island in islands:
        kinds = [g for g in GOODS if table.get(g, 0) > 0 and fits(island, g)]
        if kinds:
            g = max(kinds, key=lambda k: (table[k], -GOODS.index(k)))
            plan.append((g, island, table[g]))
    return plan


def winners(totals: dict[str, int]) -> list[str]:
    """Ruling U1 (rulebook 001, "Fin du jeu"): the highest total wins; a tie is a shared win."""
    top = max(totals.values())
    return [p for p, t in totals.items() if t == top]
