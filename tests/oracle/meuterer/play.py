"""A random player: plays a lawful game of Meuterer from a seed, every card known, and returns
it as a record (plain dicts) that ``write`` turns into a log.

A record: ``variant``, ``seats``, ``names``, ``captain``, ``circle`` (island names, Hochland
first), ``deal`` (seat -> cards), ``rounds`` (a list of dicts with ``wage``, ``sell`` (steps:
``(player, "play", card, robbed)`` or ``(player, "pass", kept, action)``), ``dest`` (role ->
island), ``mutiny`` (``(adds, outcome)`` or None), ``sale`` (``(player, good, island, n)``),
``score``, ``total`` and ``draw`` (``(player, cards, keep)``, None in the last round)), and
``result`` (the winners).
"""

from __future__ import annotations

import random

from tests.oracle.meuterer import game as g
from tests.oracle.meuterer import rules

COLOURS = ["red", "blue", "green", "yellow"]
NAMES = ["Anna", "Ben", "Cleo", "Dan"]


def deal_cards(rng: random.Random, variant: str, seats: list[str]) -> tuple[dict, list[str]]:
    """Rulebook 001, "Mise en place d'une partie": shuffle the goods cards, five to each."""
    cards = [k for k, n in rules.deck_contents(variant).items() for _ in range(n)]
    rng.shuffle(cards)
    deal = {p: cards[5 * i:5 * i + 5] for i, p in enumerate(seats)}
    return deal, cards[5 * len(seats):]


def play_game(seed: int, players: int | None = None, variant: str | None = None) -> dict:
    """One lawful game from ``seed`` (3 or 4 players, base or pirate when not given)."""
    rng = random.Random(seed)
    players = players or rng.choice([3, 4])
    variant = variant or rng.choice(["base", "pirate"])
    seats = COLOURS[:players]
    circle = [rules.START] + rng.sample([i for i in rules.ISLANDS if i != rules.START], 11)
    captain = rng.choice(seats)
    deal, deck = deal_cards(rng, variant, seats)
    state = g.new_game(variant, seats, captain, circle, deal)
    record = {"variant": variant, "seats": seats, "names": NAMES[:players], "captain": captain,
              "circle": circle, "deal": {p: list(h) for p, h in deal.items()}, "rounds": []}
    world = {"deck": deck}  # the real order of the cards
    last = rules.rounds(players)
    for n in range(1, last + 1):
        record["rounds"].append(play_round(rng, state, world, n == last))
    record["result"] = rules.winners(state["totals"])
    return record


def play_round(rng: random.Random, state: dict, world: dict, last: bool) -> dict:
    """One round through the phases of rulebook 001, "Déroulement d'une partie"."""
    g.start_round(state)
    rnd: dict = {"wage": rng.randint(0, 3)}
    state["wage"] = rnd["wage"]
    rnd["sell"] = sell(rng, state)
    state["dests"] = g.due_dests(state)
    rnd["dest"] = {r: state["circle"][i] for r, i in state["dests"].items()}
    rnd["mutiny"] = None
    if "mutineer" in state["dests"]:
        adds = [(p, rng.randint(0, state["hands"][p].count("X"))) for p in g.mutiny_players(state)]
        rnd["mutiny"] = (adds, g.mutiny_outcome(state, adds))
        g.apply_mutiny(state, adds, rnd["mutiny"][1])
    islands = g.active(state)
    rnd["sale"] = []
    for p in g.order(state):
        tab = g.table(state, p)
        if rules.has_choice(tab, islands):
            rnd["sale"] += [(p, *s) for s in rng.choice(rules.sale_choices(tab, islands))]
    points = g.round_points(state, rnd["sale"])
    for p in state["seats"]:
        state["totals"][p] += points[p]
    rnd["score"] = points
    rnd["total"] = dict(state["totals"])
    rnd["draw"] = None
    if not last:
        g.end_round(state)
        rnd["draw"] = refill(rng, state, world)
    return rnd


def sell(rng: random.Random, state: dict) -> list[tuple]:
    """Rulebook 001, "Phase 2": play a card or pass, from the captain clockwise."""
    steps: list[tuple] = []
    while state["turn"] is not None:
        p = state["turn"]
        hand = state["hands"][p]
        if hand and rng.random() < 0.7:
            card = rng.choice(hand)
            robbed = False
            if card == "P":
                _, robbed = rules.pirate_sail(state["pirate"], state["port"], len(hand) - 1)
            assert g.check_play(state, p, card, robbed) is None
            g.apply_play(state, p, card)
            steps.append((p, "play", card, robbed))
        else:
            action = None if p == state["captain"] else rng.choice(g.free_actions(state))
            assert g.check_pass(state, p, len(hand), action) is None
            steps.append((p, "pass", len(hand), action))
            g.apply_pass(state, p, action)
    return steps


def refill(rng: random.Random, state: dict, world: dict) -> list[tuple]:
    """Rulebook 001, "Phase 8": each draws back to five, from the captain; the stevedore draws
    three more and puts back under the deck the cards not kept; an empty deck is replaced by the
    shuffled discard pile."""
    draws = []
    for p in g.draw_order(state):
        cards = []
        for _ in range(g.need(state, p)):
            if not world["deck"]:
                world["deck"] = list(state["discard"])
                rng.shuffle(world["deck"])
            cards.append(world["deck"].pop(0))
        keep = None
        if state["actions"].get(p) == "stevedore":
            wanted = rules.HAND - len(state["hands"][p])
            keep = rng.sample(cards, wanted)
            rest = list(cards)
            for c in keep:
                rest.remove(c)
            rng.shuffle(rest)
        assert g.check_draw(state, p, cards, keep) is None
        fault = g.apply_draw(state, p, cards, keep)
        assert fault is None, fault
        if keep is not None:
            world["deck"] += rest
        draws.append((p, cards, keep))
    return draws
