"""The state of a game of Meuterer and its moves, each move as a check (what is wrong with it,
or None) and an apply, over plain dicts and lists. The random player and the judge both run
games through these functions.

A hand is a list of cards; '?' stands for a card the log does not show (a seat's view). The
deck is a list of segments, top first, each a dict kind -> count of cards whose order nobody
knows: the deck left after the deal (or the shuffled discard pile), then each batch the
stevedore put under it (rulebook 001, "Phase 8").
"""

from __future__ import annotations

from collections import Counter

from tests.oracle.meuterer import rules


def new_game(variant: str, seats: list[str], captain: str, circle: list[str],
             deal: dict[str, list[str]]) -> dict:
    """Rulebook 001, "Mise en place d'une partie": the ship at Hochland, five cards each, the
    rest a face-down deck; in the variant the pirate ship at Piratennest."""
    deck = Counter(rules.deck_contents(variant))
    for hand in deal.values():
        for card in hand:
            if card != "?":
                deck[card] -= 1
    unseen = any("?" in hand for hand in deal.values())
    if unseen:
        # a seat's view: the deck's size, and at most as many cards of a kind as not seen
        deck = bounded(sum(rules.deck_contents(variant).values()) - 5 * len(seats), deck)
    return {
        "variant": variant, "seats": list(seats), "captain": captain, "circle": list(circle),
        "hands": {p: list(deal[p]) for p in seats},
        "deck": [{k: n for k, n in deck.items() if n > 0}],
        "unseen": unseen,  # some hand is not known: the deck is known by its size only
        "discard": [],
        "port": 0, "previous": None,
        "pirate": circle.index(rules.PIRATE_START),
        "totals": {p: 0 for p in seats},
        "round": 0,
    }


def bounded(size: int, most: dict[str, int]) -> dict[str, int]:
    """A part of the deck known by its size ('#') and, for each kind, the most cards of that
    kind it can hold (a seat's view, where some cards are not seen)."""
    return {"#": size, **{k: min(n, size) for k, n in most.items() if n > 0}}


def too_many(game: dict) -> str | None:
    """Rulebook 001, "Matériel": no more cards of a kind at once in the hands, on the table and
    in the discard pile (all named by the log) than the game has."""
    named = Counter(c for h in game["hands"].values() for c in h if c != "?")
    named.update(c for cards in game.get("played", {}).values() for c in cards)
    named.update(game["discard"])
    named.update(c for c in game.get("drawing", []) if c != "?")
    for kind, n in named.items():
        if n > rules.deck_contents(game["variant"]).get(kind, 0):
            return f"{n} {kind} cards named at once; the game has fewer"
    if any(n < 0 for seg in game["deck"] for n in seg.values()):
        return "more cards named than the game has"
    return None


def start_round(game: dict) -> None:
    """Rulebook 001, "Déroulement d'une partie": a round opens; nobody has played or passed."""
    game["round"] += 1
    game.update(wage=None, played={p: [] for p in game["seats"]}, passed={}, actions={},
                turn=game["captain"], dests={}, mutiny=None, won=False, sales=None,
                points=None, robbed=False)


def order(game: dict) -> list[str]:
    """From the captain clockwise (rulebook 001, "Phase 2", "Phase 4", "Phase 8")."""
    return rules.clockwise(game["seats"], game["captain"])


# Phase 1 ------------------------------------------------------------------------------------

def check_wage(game: dict, wage: int) -> str | None:
    """Rulebook 001, "Phase 1": the captain card shows 0, 1, 2 or 3."""
    return None if 0 <= wage <= 3 else f"wage {wage} is not 0 to 3"


# Phase 2 ------------------------------------------------------------------------------------

def next_turn(game: dict, after: str) -> str | None:
    """The next player clockwise who has not passed (rulebook 001, "Phase 2"); None when all
    have passed and the selling is over."""
    seats = game["seats"]
    i = seats.index(after)
    for k in range(1, len(seats) + 1):
        p = seats[(i + k) % len(seats)]
        if p not in game["passed"]:
            return p
    return None


def free_actions(game: dict) -> list[str]:
    """Rulebook 001, "Phase 2": the action cards still in the middle."""
    return [a for a in rules.ACTIONS if a not in game["actions"].values()]


def check_play(game: dict, player: str, card: str, robbed: bool) -> str | None:
    """Rulebook 001, "Phase 2": in turn, a player who has not passed lays one card of the hand
    face up (any card, conflict cards too); U8: a pirate card robs exactly when the pirate ship
    reaches or passes the merchant ship."""
    if game["turn"] is None or player != game["turn"]:
        return f"not {player}'s turn"
    hand = game["hands"][player]
    if card not in hand and "?" not in hand:
        return f"{player} holds no {card}"
    if card == "P" or robbed:
        if card != "P" or game["variant"] != "pirate":
            return "a robbery without the pirate card"
        _, robs = rules.pirate_sail(game["pirate"], game["port"], len(hand) - 1)
        if robs != robbed:
            return "the pirate ship robbed" if robs else "the pirate ship did not rob"
    return None


def apply_play(game: dict, player: str, card: str) -> None:
    hand = game["hands"][player]
    hand.remove(card if card in hand else "?")
    game["played"][player].append(card)
    if card == "P":
        game["pirate"], robs = rules.pirate_sail(game["pirate"], game["port"], len(hand))
        if robs:
            # U8, rules.md "The pirate variant": every card played so far is discarded
            for p in game["seats"]:
                game["discard"] += game["played"][p]
                game["played"][p] = []
            game["robbed"] = True
    game["turn"] = next_turn(game, player)


def check_pass(game: dict, player: str, kept: int, action: str | None) -> str | None:
    """Rulebook 001, "Phase 2": a player passes keeping every card left (the number public);
    a player other than the captain takes one of the free action cards, the captain none."""
    if game["turn"] is None or player != game["turn"]:
        return f"not {player}'s turn"
    if kept != len(game["hands"][player]):
        return f"{player} keeps {len(game['hands'][player])}, not {kept}"
    if player == game["captain"]:
        return "the captain takes no action card" if action else None
    if action not in free_actions(game):
        return f"{action} is not free"
    return None


def apply_pass(game: dict, player: str, action: str | None) -> None:
    game["passed"][player] = len(game["hands"][player])
    if action and player != game["captain"]:
        game["actions"][player] = action
    game["turn"] = next_turn(game, player)


def role(game: dict, player: str) -> str | None:
    """A player's part in the round: captain, or the action card taken."""
    return "captain" if player == game["captain"] else game["actions"].get(player)


def holder(game: dict, action: str) -> str | None:
    for p, a in game["actions"].items():
        if a == action:
            return p
    return None


# Phases 2-3: destinations -----------------------------------------------------------------

def due_dests(game: dict) -> dict[str, int]:
    """U7 (rulebook 001, "Phase 2" and "Phase 3"): the captain's destination and, when a player
    took the mutineer card, the mutineer's, from the cards each kept."""
    dests = {"captain": rules.destination(game["port"], game["passed"][game["captain"]])}
    mutineer = holder(game, "mutineer")
    if mutineer:
        dests["mutineer"] = rules.destination(game["port"], game["passed"][mutineer])
    return dests


# Phase 4 ------------------------------------------------------------------------------------

def mutiny_players(game: dict) -> list[str]:
    """U6: those who may add conflict cards, from the captain clockwise."""
    return [p for p in order(game) if rules.side(role(game, p))]


def check_mutiny(game: dict, adds: list[tuple[str, int]], outcome: str) -> str | None:
    """U6 (rulebook 001, "Phase 4"): only with a mutineer; captain and mate for the captain,
    mutineer and cabin boy for the mutineer, each adding conflict cards from the cards kept;
    the merchant and the stevedore add none; the mate adds 1; a tie goes to the mutineers. A
    player the log leaves out of the mutiny added nothing (docs/notation.md, mutiny); the order
    the entries are written in is the scribe's, not a move."""
    if not holder(game, "mutineer"):
        return "a mutiny without a mutineer"
    added: Counter[str] = Counter()
    for p, n in adds:
        added[p] += n
    for p, n in added.items():
        hand = game["hands"][p]
        if n > 0 and not rules.side(role(game, p)):
            return f"{p} ({role(game, p)}) takes no part in a mutiny"
        if n > hand.count("X") + hand.count("?"):
            return f"{p} kept fewer than {n} conflict cards"
    if outcome != mutiny_outcome(game, adds):
        return f"the mutiny's outcome is {mutiny_outcome(game, adds)}"
    return None


def mutiny_outcome(game: dict, adds: list[tuple[str, int]]) -> str:
    """U6: the outcome the conflict cards give."""
    sides = {"captain": 0, "mutineer": 0, None: 0}
    for p, n in adds:
        sides[rules.side(role(game, p))] += n
    won = rules.mutiny_won(sides["captain"], sides["mutineer"], bool(holder(game, "mate")))
    return "mutineers" if won else "captain"


def apply_mutiny(game: dict, adds: list[tuple[str, int]], outcome: str) -> None:
    for p, n in adds:
        hand = game["hands"][p]
        for _ in range(n):
            hand.remove("X" if "X" in hand else "?")
            game["discard"].append("X")
    game["won"] = outcome == "mutineers"
    game["mutiny"] = adds


# Phase 5 ------------------------------------------------------------------------------------

def table(game: dict, player: str) -> dict[str, int]:
    """The goods a player has face up at scoring (U2: conflict and pirate cards are no goods)."""
    return dict(Counter(c for c in game["played"][player] if c in rules.GOODS))


def active(game: dict) -> list[str]:
    """U3: the active islands, by name."""
    return [game["circle"][i] for i in rules.active_islands(game["port"], game["previous"])]


def check_sales(game: dict, entries: list[tuple[str, str, str, int]]) -> str | None:
    """U2, U3 (rulebook 001, "Phase 2" and "Phase 5", "Cas particulier"): a declaration sells a
    kind the island buys, on an active island, one kind per island for each player; the cards of
    a kind declared are all sold, split over the two islands if the player says so. The order
    the entries are written in is the scribe's."""
    islands = active(game)
    for p in game["seats"]:
        mine = [(g, i, n) for q, g, i, n in entries if q == p]
        if len({i for _, i, _ in mine}) < len(mine):
            return f"{p} sells two kinds, or one twice, on one island"
        tab = table(game, p)
        for g, i, _ in mine:
            if i not in islands or not rules.fits(i, g):
                return f"{p} cannot sell {g} on {i}"
        plan = sale_plan(tab, islands, mine)
        for kind in {g for g, _, _ in mine}:
            if sum(n for g, _, n in plan if g == kind) != tab.get(kind, 0):
                return f"{p} played {tab.get(kind, 0)} {kind} and sells another number"
    return None


def sale_plan(tab: dict[str, int], islands: list[str],
              declared: list[tuple[str, str, int]]) -> list[tuple[str, str, int]]:
    """What a player sells: the declarations, and on an island the player declares nothing
    for, the notation's default (docs/rules.md, "Sales and the default split"): with nothing
    declared, ``assumed_sale``; else the kind with the most cards not declared elsewhere that
    the island buys (the earlier kind on a tie)."""
    if not declared:
        return assumed_sale(tab, islands)
    plan = list(declared)
    left = {k: tab.get(k, 0) - sum(n for g, _, n in declared if g == k) for k in rules.GOODS}
    for island in islands:
        if any(i == island for _, i, _ in declared):
            continue
        kinds = [k for k in rules.GOODS if left[k] > 0 and rules.fits(island, k)]
        if kinds:
            k = max(kinds, key=lambda k: (left[k], -rules.GOODS.index(k)))
            plan.append((k, island, left[k]))
            left[k] = 0
    return plan


def round_points(game: dict, sales: list[tuple[str, str, str, int]]) -> dict[str, int]:
    """Rulebook 001, "Phase 5": U5 for captain, mate, mutineer and cabin boy, then U4 on each
    active island from the sales (declared, or the only full sale of a player with no choice)."""
    points = {p: 0 for p in game["seats"]}
    captain, mate = game["captain"], holder(game, "mate")
    if game["won"]:
        mutineer = holder(game, "mutineer")
        points[mutineer] += rules.ISLANDS[game["circle"][game["dests"]["mutineer"]]][4]
        boy = holder(game, "cabinboy")
        if boy:
            points[boy] += rules.CABINBOY_POINTS
    else:
        points[captain] += rules.ISLANDS[game["circle"][game["dests"]["captain"]]][4]
        if mate:
            points[mate] += 1 + (game["wage"] or 0)
            points[captain] -= game["wage"] or 0
    islands = active(game)
    counts: dict[str, dict[str, int]] = {i: {} for i in islands}
    for p in game["seats"]:
        plan = sale_plan(table(game, p), islands, [(g, i, n) for q, g, i, n in sales if q == p])
        for _, i, n in plan:
            counts[i][p] = counts[i].get(p, 0) + n
    merchant = holder(game, "merchant")
    for i in islands:
        for p, v in rules.majority_points(i, counts[i], merchant).items():
            points[p] += v
    return points


def assumed_sale(tab: dict[str, int], islands: list[str]) -> list[tuple[str, str, int]]:
    """What a log that declares no sale for a player means (docs/notation.md "The body", sale;
    docs/rules.md "Sales and the default split"): for a player with no choice, the kind with
    the most cards on each island (``rules.default_sale``); for a player with a choice, whole
    kinds, one per island, the pair selling the most cards, then the most on the round's port,
    then the earlier kinds in the order ruby, salt, wine, cloth, grain."""
    if not rules.has_choice(tab, islands):
        return rules.default_sale(tab, islands)
    a, b = islands
    kinds = [None] + [k for k in rules.GOODS if tab.get(k, 0) > 0]
    best: tuple | None = None
    for ka in kinds:
        for kb in kinds:
            if (ka and ka == kb) or (ka and not rules.fits(a, ka)) or (kb and not rules.fits(b, kb)):
                continue
            na, nb = tab.get(ka, 0) if ka else 0, tab.get(kb, 0) if kb else 0
            key = (-(na + nb), -na, rules.GOODS.index(ka) if ka else 9,
                   rules.GOODS.index(kb) if kb else 9)
            if best is None or key < best[0]:
                best = (key, ka, kb)
    assert best is not None
    return [(k, i, tab[k]) for k, i in ((best[1], a), (best[2], b)) if k]


# Phases 6-8 ---------------------------------------------------------------------------------

def end_round(game: dict) -> None:
    """Rulebook 001, "Phase 5" (the mutineer becomes captain), "Phase 6" (the ship sails to the
    winning side's destination) and "Phase 7" (the cards played are discarded; the cards kept
    go back to the hand, where they stayed in this model)."""
    if game["won"]:
        game["captain"] = holder(game, "mutineer")
        target = game["dests"]["mutineer"]
    else:
        target = game["dests"]["captain"]
    game["previous"], game["port"] = game["port"], target
    for p in game["seats"]:
        game["discard"] += game["played"][p]
        game["played"][p] = []


def draw_order(game: dict) -> list[str]:
    """Rulebook 001, "Phase 8": from the captain (after a successful mutiny, the new one)."""
    return order(game)


def need(game: dict, player: str) -> int:
    """Rulebook 001, "Phase 8": back to five; the stevedore draws three more."""
    extra = rules.STEVEDORE_EXTRA if game["actions"].get(player) == "stevedore" else 0
    return rules.HAND - len(game["hands"][player]) + extra


def draw_card(game: dict, card: str) -> str | None:
    """Rulebook 001, "Phase 8": a card from the top of the deck; an empty deck is replaced by
    the shuffled discard pile. Returns a fault when the top of the deck cannot hold ``card``."""
    if not game["deck"]:
        if not game["discard"]:
            return "no card left to draw"
        shuffled = Counter(game["discard"])  # every card discarded was seen
        game["deck"] = [bounded(len(game["discard"]), shuffled) if game["unseen"]
                        else dict(shuffled)]
        game["discard"] = []
    top = game["deck"][0]
    if card != "?" and top.get(card, 0) < 1:
        return f"the deck holds no {card} there"
    if card != "?":
        top[card] -= 1
    if "#" in top:  # bounded: an unseen card leaves every kind's bound as it was
        top["#"] -= 1
        if top["#"] == 0:
            game["deck"].pop(0)
        return None
    if top[card] == 0:
        del top[card]
    if not top:
        game["deck"].pop(0)
    return None


def check_draw(game: dict, player: str, cards: list[str], keep: list[str] | None) -> str | None:
    """Rulebook 001, "Phase 8": the player draws the cards needed; the stevedore draws three
    more and keeps among them the cards needed, returning the rest."""
    if len(cards) != need(game, player):
        return f"{player} draws {len(cards)}, not {need(game, player)}"
    stevedore = game["actions"].get(player) == "stevedore"
    if stevedore:
        wanted = rules.HAND - len(game["hands"][player])
        if keep is None or len(keep) != wanted:
            return f"the stevedore keeps {wanted}"
        rest = Counter(cards)
        for c in keep:
            if c == "?" or rest[c] > 0:
                rest[c] -= 1
            elif rest["?"] > 0:
                rest["?"] -= 1
            else:
                return f"the stevedore keeps a {c} not drawn"
    elif keep is not None:
        return "only the stevedore keeps cards"
    return None


def apply_draw(game: dict, player: str, cards: list[str], keep: list[str] | None) -> str | None:
    """Draws the cards; returns a fault when the deck cannot hold them (or, in a seat's view,
    when more cards of a kind would be named at once than the game has)."""
    game["drawing"] = []
    for c in cards:
        fault = draw_card(game, c)
        if fault:
            return fault
        game["drawing"].append(c)
        fault = too_many(game)
        if fault:
            return fault
    game["drawing"] = []
    hand = game["hands"][player]
    if keep is None:
        hand += cards
        return None
    rest = list(cards)
    for c in keep:
        rest.remove(c if c in rest else "?")
        hand.append(c)
    if rest:  # under the deck, in no known order
        if "?" in rest:  # another seat's stevedore: any kind, as many as the batch
            most = {k: len(rest) for k in rules.deck_contents(game["variant"])}
        else:
            most = dict(Counter(rest))
        game["deck"].append(bounded(len(rest), most) if game["unseen"] else most)
    return None
