"""A random player: plays a whole lawful game of the Mutiny from a seed.

It holds what the log does not show (the order of the combat and gold piles, the row, the
sailors still on the deck) and writes each step as an event that `model.Judge` replays as it
goes, so a game that the judge would refuse fails at once.
"""

import random

from .model import COLOURS, KINDS, PAIRS, PIRATES, SIDES, Judge, duel_winner, storm_met


def random_track(rng):
    """M7: the track is not in the texts; each game declares one (storms at least 4 apart,
    so a move of 0-3 meets at most one)."""
    length = rng.randint(14, 30)
    starts = {2: rng.randint(0, 3), 3: rng.randint(0, 4), 4: rng.randint(0, 5)}
    storms = []
    s = max(starts.values()) + rng.randint(1, 4)
    while s < length and len(storms) < 4:
        storms.append(s)
        s += rng.randint(4, 8)
    return {"length": length, "storms": storms, "start": starts, "mutiny": length}


def split(rng, total, parts, least):
    """Random counts summing to `total`, each at least its `least`."""
    counts = list(least)
    for _ in range(total - sum(least)):
        counts[rng.randrange(parts)] += 1
    return counts


def random_splits(rng):
    """COMPONENTS.md: 40 combat cards valued 1-3 in pink and grey, 18 gold cards valued 1-3;
    the splits are not known, so each game declares one (at least 4 pink and 4 grey 1s for
    the starting hands)."""
    combat = dict(zip(KINDS, split(rng, 40, 6, [4, 1, 1, 4, 1, 1])))
    gold = dict(zip((1, 2, 3), split(rng, 18, 3, [1, 1, 1])))
    return combat, gold


def play(seed):
    """Plays one game; returns a dict: players, track, combat, gold, events, result."""
    rng = random.Random(seed)
    n = rng.choice((2, 3, 4))
    players = rng.sample(COLOURS, n)
    track = random_track(rng)
    combat, gold = random_splits(rng)
    g = Game(rng, players, track, combat, gold)
    g.voyage()
    g.mutiny()
    return {"players": players, "track": track, "combat": combat, "gold": gold,
            "events": g.events, "result": g.judge.s["result"], "seed": seed}


class Game:
    def __init__(self, rng, players, track, combat, gold):
        self.rng = rng
        self.judge = Judge(players, track, combat, gold)
        self.s = self.judge.s
        deck = self.deck_list(combat, len(players))
        rng.shuffle(deck)
        self.deck = deck
        golds = [v for v, k in gold.items() for _ in range(k)]
        rng.shuffle(golds)
        self.golds = golds
        self.sailors = list(range(1, 11))
        rng.shuffle(self.sailors)
        self.events = []

    @staticmethod
    def deck_list(combat, n):
        left = dict(combat)
        left["P1"] -= n
        left["G1"] -= n
        return [k for k in KINDS for _ in range(left[k])]

    def emit(self, ev):
        self.judge.step(ev)
        self.events.append(ev)

    # -- the voyage --------------------------------------------------------------------

    def voyage(self):
        s = self.s
        while s["phase"] == "deal":
            self.round()

    def round(self):
        s, rng = self.s, self.rng
        boat = None
        if s["storm"]:
            boat = rng.choice([c for c in s["used_last"] if c != s["boat"]])
        giver = self.judge.next_giver()
        self.emit({"t": "round", "n": s["round"] + 1, "giver": giver, "lifeboat": boat})
        cards = [c for c in PIRATES if c != s["boat"]]
        rng.shuffle(cards)
        row = cards[: len(s["players"]) + 3]
        for p in list(s["order"]):
            self.turn(p, row)
        moved = s["row_size"] - len(s["turned"])
        at = min(s["ship"] + moved, s["track"]["mutiny"])
        storm = storm_met(s["ship"], at, s["track"].get("storms", []))
        self.emit({"t": "ship", "moved": moved, "at": at, "storm": storm})
        if s["phase"] == "end":
            reasons = sorted(s["reasons"])
            self.emit({"t": "mutiny", "why": rng.choice(reasons)})

    def turn(self, p, row):
        s, rng = self.s, self.rng
        ev = blank_turn(p)
        open_up = [c for c in s["turned"] if c not in s["used"]]
        wanted = ("Bijoux", "Ojo") if s["conv"][p] is None else ()
        nxt = len(s["turned"])
        pick = [c for c in open_up if c in wanted] or open_up
        if open_up and (rng.random() < 0.4 or pick != open_up or nxt == len(row)):
            ev["card"] = rng.choice(pick)
            card = ev["card"]
        else:
            while True:
                c = row[nxt]
                nxt += 1
                ev["turned"].append(c)
                if c == "Ghost" or nxt == len(row):
                    break
                if c in wanted or rng.random() < 0.55:
                    break
            card = ev["turned"][-1]
        if ev["turned"] and rng.random() < 0.1:
            ev["card"] = card  # the card written out though it is the last turned
        self.choose(card, p, ev)
        self.emit(ev)

    def choose(self, card, p, ev):
        """The player's choices for the card's action; draws come off the real piles."""
        s, rng = self.s, self.rng
        hand = s["hand"][p]
        if card == "Valverde":
            if self.golds:
                ev["gold"] = [self.golds.pop(0)]
            ev["coins"] = min(1, s["supply"])
        elif card == "Diaz":
            options = [o for o, pile in (("gain", self.deck), ("gold", self.golds)) if pile]
            if options:
                o = rng.choice(options)
                top_c = self.deck.pop(0) if self.deck else None
                top_g = self.golds.pop(0) if self.golds else None
                if o == "gain":
                    ev["gain"] = [top_c]
                    if top_g is not None:
                        self.golds.append(top_g)
                else:
                    ev["gold"] = [top_g]
                    if top_c is not None:
                        self.deck.append(top_c)
        elif card == "Crackpott":
            ev["gain"] = [self.deck.pop(0) for _ in range(min(2, len(self.deck)))]
        elif card == "Tembo":
            seen = [self.deck.pop(0) for _ in range(min(2, len(self.deck)))]
            if seen:
                rng.shuffle(seen)
                ev["gain"] = [seen[0]]
                self.deck.extend(seen[1:])
        elif card == "Wessel-Jan":
            k = rng.randint(0, min(3, sum(hand.values())))
            ev["under"] = rng.sample(list(hand.elements()), k)
            self.deck.extend(ev["under"])
            ev["gain"] = [self.deck.pop(0) for _ in range(k)]
        elif card == "Nero":
            mode = rng.choice(("cards", "coins", "none"))
            if mode == "cards":
                k = rng.randint(1, 3)
                k = min(k, sum(hand.values()), s["supply"])
                ev["under"] = rng.sample(list(hand.elements()), k)
                self.deck.extend(ev["under"])
                ev["coins"] = k
            elif mode == "coins":
                k = min(rng.randint(1, 3), s["coins"][p], len(self.deck))
                ev["coins"] = -k
                ev["gain"] = [self.deck.pop(0) for _ in range(k)]
            else:
                ev["coins"] = 0
        elif card == "Pang":
            options = [o for o, ok in (("gain", self.deck), ("coin", s["supply"])) if ok]
            if options:
                if rng.choice(options) == "gain":
                    ev["gain"] = [self.deck.pop(0)]
                else:
                    ev["coins"] = 1
        elif card == "Chang-Ye":
            victims = [c for c in s["players"] if c != p and s["coins"][c] > 0]
            if victims and rng.random() < 0.9:
                ev["victim"] = rng.choice(victims)
        elif card == "Sate":
            ev["coins"] = min(1 + len(s["sate_passed"]), s["supply"])
        elif card in ("Bijoux", "Ojo"):
            if s["conv"][p] is None:
                ev["conv"], ev["side"] = "set", rng.choice(SIDES)
            elif card == "Bijoux":
                ev["conv"] = rng.choice(("change", "bluff"))
            else:
                others = [c for c in s["players"] if c != p and s["conv"][c] is not None]
                if others:
                    ev["look"] = rng.choice(others)
        elif card == "Cambivalute":
            if len(s["pairs"]) < 5:
                v, d = self.sailors.pop(), self.sailors.pop()
                ev["pair"] = (PAIRS[len(s["pairs"])], v, d)
            else:
                ev["peek"] = rng.choice(PAIRS)
                ev["swap"] = rng.random() < 0.3

    # -- the mutiny --------------------------------------------------------------------

    def mutiny(self):
        s = self.s
        while s["phase"] == "duels":
            letter = PAIRS[len(s.get("duels", []))]
            if letter in s["pairs"]:
                v, d = s["pairs"][letter]
            else:
                v, d = self.sailors.pop(), self.sailors.pop()
            self.emit({"t": "duel", "pair": letter, "v": v, "d": d})
            while s["phase"] in ("fight", "steal"):
                if s["phase"] == "fight":
                    self.fight()
                else:
                    self.steal()
            d = s["duel"]
            self.emit({"t": "won", "side": duel_winner(d["v"], d["d"], d["cards"])})
        self.emit({"t": "reveal", "sides": [(c, s["conv"][c]) for c in s["players"]]})
        self.emit({"t": "gold", "counts": [(c, s["coins"][c] + sum(s["gold"][c]))
                                           for c in s["players"]]})

    def fight(self):
        s, rng = self.s, self.rng
        duel = s["duel"]
        cards = []
        for p in duel["in"]:
            hand = s["hand"][p]
            if not sum(hand.values()) or (duel["round"] >= 1 and rng.random() < 0.7):
                cards.append((p, "monkey"))
            else:
                cards.append((p, rng.choice(list(hand.elements()))))
        rng.shuffle(cards)
        self.emit({"t": "fight", "cards": cards})

    def steal(self):
        s, rng = self.s, self.rng
        how, who = s["duel"]["steals"][0]
        if how == "lone":
            victims = [c for c in s["players"] if c != who and s["coins"][c] > 0]
            self.emit({"t": "steal", "p": who, "victim": rng.choice(victims)})
        else:
            left = [c for c in who if c not in s["duel"]["paid"]]
            self.emit({"t": "steal", "p": rng.choice(left), "victim": None})


def blank_turn(p):
    return {"t": "turn", "p": p, "turned": [], "card": None, "gain": [], "under": [],
            "gold": [], "coins": None, "victim": None, "conv": None, "side": None,
            "look": None, "pair": None, "peek": None, "swap": False}
