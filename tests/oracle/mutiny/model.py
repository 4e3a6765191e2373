"""A plain second reading of the rules of Cartagena: The Mutiny, written from the rule texts.

Sources: rulebook 003 (English, file 003_a9ce59f924375f47.txt), rulebook 000 (French, file
000_4b771e9fe92ba09b.txt) read with it, the project's rulings M1-M12 and its component facts
(docs/rules.md cites them). Nothing here comes from cartlog's own rule code.

`Judge` replays a game as a list of events (what a log line says, as plain dicts) and names
the first event that breaks a rule. Every card is known (the table view with all cards, as
an app exports it), so hands, piles and supplies are plain counts. The random player
(`play.py`) runs the same judge as it plays, so every game it writes is lawful by this
reading.

Events (dicts, key "t"):
  round  n, giver, lifeboat (card or None)
  turn   p, turned [cards], card (taken face up, or None), gain [kinds], under [kinds],
         gold [values], coins (int or None), victim, conv ("set"/"change"/"bluff"), side,
         look (colour), pair (letter, v, d), peek (letter), swap (bool)
  ship   moved, at, storm (True/False/None)
  mutiny why;  duel pair, v, d;  fight cards [(owner, kind or "monkey")];
  steal  p, victim (None: the supply);  won side;  reveal sides {colour: side or None};
  gold   counts {colour: n}
"""

from collections import Counter

PIRATES = ("Valverde", "Diaz", "Crackpott", "Tembo", "Wessel-Jan", "Nero", "Pang",
           "Chang-Ye", "Sate", "Bijoux", "Ojo", "Cambivalute", "Ghost")
COLOURS = ("red", "blue", "green", "yellow")
KINDS = ("P1", "P2", "P3", "G1", "G2", "G3")
SIDES = ("valverde", "diaz")
PAIRS = "ABCDE"
SUPPLIES = ("combat", "gold", "coins")


class Fault(Exception):
    """The event breaks a rule: the judge stops at it."""


class Incomplete(Exception):
    """The event leaves out an effect that the notation then takes as unseen cards or an
    unknown choice (docs/notation.md, 'An effect left out'): this oracle models fully known
    logs only, so it gives no verdict on such a log."""


def side_of(kind):
    """M1: pink combat cards (P) count for Captain Valverde, grey (G) for Ramon Diaz."""
    return "valverde" if kind[0] == "P" else "diaz"


def value_of(kind):
    return int(kind[1])


def storm_met(before, after, storms):
    """M5 ('Storm'): a move onto or over a storm space calls for a storm."""
    return any(before < s <= after for s in storms)


def duel_winner(v, d, cards):
    """M8 ('The sailor duels'): higher total wins; equal totals, the higher sum of combat
    cards; the sailors are distinct so nothing further is needed."""
    pink = sum(value_of(k) for k in cards if side_of(k) == "valverde")
    grey = sum(value_of(k) for k in cards if side_of(k) == "diaz")
    tv, td = v + pink, d + grey
    if tv != td:
        return "valverde" if tv > td else "diaz"
    return "valverde" if pink > grey else "diaz"


def winners(state, side):
    """M10 ('Ending the game'): among the players on the winning side still in the game,
    one wins outright; several: most gold, then the highest sum of remaining combat cards in
    the winning side's colour, then a shared win; none: nobody wins."""
    cands = [c for c in state["players"]
             if state["conv"][c] == side and c not in state["out"]]
    if len(cands) <= 1:
        return cands
    best = max(gold_of(state, c) for c in cands)
    cands = [c for c in cands if gold_of(state, c) == best]

    def colour_sum(c):
        return sum(value_of(k) * n for k, n in state["hand"][c].items() if side_of(k) == side)

    top = max(colour_sum(c) for c in cands)
    return [c for c in cands if colour_sum(c) == top]


def gold_of(state, c):
    """M10: gold is coins plus the values of the gold cards."""
    return state["coins"][c] + sum(state["gold"][c])


def new_state(players, track, combat, gold):
    """'Preparation': each player a pink 1, a grey 1 and a coin; the rest of the combat cards,
    the gold cards and the coins are the supplies; the ship on its start for the player count
    (M7: the track is the log's)."""
    hand = {c: Counter({"P1": 1, "G1": 1}) for c in players}
    return {
        "players": list(players), "track": track,
        "hand": hand, "gold": {c: [] for c in players}, "coins": {c: 1 for c in players},
        "conv": {c: None for c in players}, "out": set(),
        "deck": Counter({k: n for k, n in combat.items()}) - Counter(
            {"P1": len(players), "G1": len(players)}),
        "golds": Counter(gold), "supply": 30 - len(players),
        "ship": track["start"][len(players)],
        "phase": "deal", "round": 0, "giver": None, "storm": False, "boat": None,
        "used_last": [], "pairs": {}, "seen": set(), "wins": {"valverde": 0, "diaz": 0},
        "duel": None, "result": None,
    }


class Judge:
    """Replays events one at a time; `step` raises Fault at the first unlawful one."""

    def __init__(self, players, track, combat, gold):
        self.s = new_state(players, track, combat, gold)

    # -- the round ---------------------------------------------------------------------

    def next_giver(self, written=None):
        """'A: The voyage': the giver passes to the left neighbour each round. The first is
        the oldest player ('Preparation'), which the seating in `Players` does not tell: the
        first round line names it."""
        s = self.s
        if s["giver"] is None:
            return written or s["players"][0]
        i = s["players"].index(s["giver"])
        return s["players"][(i + 1) % len(s["players"])]

    def step(self, ev):
        getattr(self, "on_" + ev["t"])(ev)

    def on_round(self, ev):
        s = self.s
        if s["phase"] != "deal":
            raise Fault("a round line here")
        # The round's number is the log's own count: no rule of the texts numbers the rounds,
        # so a misnumbered round breaks none (cartlog warns, row/number).
        if ev["giver"] != self.next_giver(ev["giver"]):
            raise Fault("giver")
        card = ev["lifeboat"]
        if s["storm"]:
            # M5: the next giver moves a card from the pile of used cards to the lifeboat; a
            # later storm swaps it for the card there.
            if card is None or card == s["boat"]:
                raise Fault("lifeboat card")
            if card not in s["used_last"]:
                raise Fault("lifeboat card not used last round")
            s["boat"] = card
        elif card is not None:
            raise Fault("lifeboat card without a storm")
        s["storm"] = False
        s["round"] += 1
        s["giver"] = ev["giver"]
        i = s["players"].index(ev["giver"])
        n = len(s["players"])
        s["order"] = [s["players"][(i + k) % n] for k in range(n)]
        s["done"] = []
        s["row_size"] = n + 3  # M2: players plus three
        s["turned"] = []       # cards turned this round, in order
        s["used"] = []
        s["sate_passed"] = set()
        s["ran_out"] = set()
        s["phase"] = "turns"

    def on_turn(self, ev):
        s = self.s
        if s["phase"] != "turns":
            raise Fault("a turn here")
        p = ev["p"]
        expected = next(c for c in s["order"] if c not in s["done"])
        if p != expected:
            raise Fault("out of turn")  # M2: giver first, then clockwise
        open_up = [c for c in s["turned"] if c not in s["used"]]
        card = self.take_card(ev, open_up)
        # M3: every player who had Satè open and used another card raises its bounty.
        if card != "Sate":
            had_open = "Sate" in open_up or "Sate" in ev["turned"]
            if had_open and "Sate" not in s["used"]:
                s["sate_passed"].add(p)
        s["used"].append(card)
        s["done"].append(p)
        self.act(card, ev)
        self.note_supplies()
        if len(s["done"]) == len(s["players"]):
            s["phase"] = "ship"

    def take_card(self, ev, open_up):
        """M2: a player takes a face-up unused card, or has face-down cards turned one by
        one; once one is turned only that card is open; the last card of the row must be
        taken; the Ghost ends the turn and counts as used."""
        s = self.s
        turned = ev["turned"]
        if not turned:
            if ev["card"] is None or ev["card"] not in open_up:
                raise Fault("card not open")
            return ev["card"]
        for i, c in enumerate(turned):
            if len(s["turned"]) >= s["row_size"]:
                raise Fault("row overrun")
            if c in s["turned"] or c == s["boat"]:
                raise Fault("card already seen")
            s["turned"].append(c)
            if c == "Ghost" and i != len(turned) - 1:
                raise Fault("turned past the Ghost")
        last = turned[-1]
        if ev["card"] is not None and ev["card"] != last:
            raise Fault("card not open")
        return last

    def act(self, card, ev):
        """'Actions of the pirate cards', with M6: an action that takes from an empty supply
        gives nothing and a short supply gives what it holds."""
        s = self.s
        p = ev["p"]
        allowed = {
            "Valverde": {"gold", "coins"}, "Diaz": {"gain", "gold"}, "Crackpott": {"gain"},
            "Tembo": {"gain"}, "Wessel-Jan": {"gain", "under"}, "Nero": {"gain", "under", "coins"},
            "Pang": {"gain", "coins"}, "Chang-Ye": {"victim"}, "Sate": {"coins"},
            "Bijoux": {"conv"}, "Ojo": {"conv", "look"}, "Cambivalute": {"pair", "peek"},
            "Ghost": set(),
        }[card]
        present = {k for k in ("gain", "under", "gold") if ev[k]}
        present |= {k for k in ("coins", "victim", "conv", "look", "pair", "peek")
                    if ev[k] is not None}
        if card == "Chang-Ye" and ev["coins"] is not None:
            # cartlog's notation reads a count written on Chang Ye as the coins the thief
            # gained: 1 with a victim, else 0 (a reading of the notation, not a rule).
            self.need(ev["coins"] == (1 if ev["victim"] else 0))
            present.discard("coins")
        if ev["swap"]:
            present.add("peek")
        if present - allowed:
            raise Fault("effect the card does not give")
        self.assume(card, ev)
        gain, under, gold, coins = ev["gain"], ev["under"], ev["gold"], ev["coins"] or 0
        deck = sum(s["deck"].values())
        if card == "Valverde":
            # 'Captain Valverde': the top gold card and a coin.
            self.need(len(gold) == min(1, sum(s["golds"].values())))
            self.need(coins == min(1, s["supply"]))
        elif card == "Diaz":
            # 'Ramon Diaz': the top gold card or the top combat card, one of them.
            can = (deck > 0) + (sum(s["golds"].values()) > 0)
            self.need(len(gain) + len(gold) == min(1, can))
        elif card == "Crackpott":
            self.need(len(gain) == min(2, deck))  # 'Crackpott': the two top combat cards
        elif card == "Tembo":
            self.need(len(gain) == min(1, deck))  # 'Tembo': keeps one of the top two
        elif card == "Wessel-Jan":
            # 'Wessel-Jan': 0 to 3 cards under the pile, then as many from its top.
            self.need(len(under) <= 3 and len(gain) == len(under))
        elif card == "Nero":
            # 'Dean Nero': 0 to 3 combat cards for coins, or 0 to 3 coins for combat cards,
            # one for one.
            if under:
                self.need(not gain and len(under) <= 3)
                self.need(coins == min(len(under), s["supply"]))
            elif coins < 0:
                self.need(-coins <= 3 and s["coins"][p] >= -coins)
                self.need(len(gain) == min(-coins, deck))
            else:
                self.need(coins == 0 and not gain)
        elif card == "Pang":
            # 'Pang': the top combat card or a coin; nothing only when both are gone.
            if gain:
                self.need(len(gain) == 1 and coins == 0)
            else:
                self.need(coins == min(1, s["supply"]))
                self.need(coins == 1 or deck == 0)
        elif card == "Sate":
            self.need(coins == min(1 + len(s["sate_passed"]), s["supply"]))  # M3
        elif card == "Chang-Ye":
            # 'Chang Ye': a coin (not a gold card) from a fellow player who has one.
            v = ev["victim"]
            if v is not None:
                self.need(v != p and v in s["players"] and s["coins"][v] > 0)
                s["coins"][v] -= 1
                s["coins"][p] += 1
        elif card in ("Bijoux", "Ojo"):
            self.conviction(card, ev)
        elif card == "Cambivalute":
            self.cambivalute(ev)
        # Move what the effects say (checked above for their number).
        for k in under:
            self.need(s["hand"][p][k] > 0)
            s["hand"][p][k] -= 1
            s["deck"][k] += 1
        for k in gain:
            if s["deck"][k] <= 0:
                # COMPONENTS.md and M7: the declared split bounds every kind.
                raise Fault(card + " draws a card the pile cannot hold")
            s["deck"][k] -= 1
            s["hand"][p][k] += 1
        for g in gold:
            self.need(s["golds"][g] > 0)
            s["golds"][g] -= 1
            s["gold"][p].append(g)
        if card in ("Valverde", "Nero", "Pang", "Sate"):
            s["coins"][p] += coins
            s["supply"] -= coins

    def assume(self, card, ev):
        """An effect left out is taken as the rules give it where they leave no choice
        (docs/notation.md): the coins of Valverde, Satè and Dean Nero are then known; cards
        or a side left out would be unseen, and a choice left out unknown (Incomplete)."""
        s = self.s
        p = ev["p"]
        deck = sum(s["deck"].values())
        golds = sum(s["golds"].values())
        written = ev["gain"] or ev["gold"] or ev["coins"] is not None
        # docs/notation.md, 'Turn lines': an effect is written whole or left out whole; one
        # written in part (a coin or a card the rules fix left out) is a fault of the line
        if card == "Valverde":
            if written and ((not ev["gold"] and golds)
                            or (ev["coins"] is None and s["supply"])):
                raise Fault("action written in part")
            if not ev["gold"] and golds:
                raise Incomplete(card)
            if ev["coins"] is None:
                ev["coins"] = min(1, s["supply"])
        elif card == "Sate" and ev["coins"] is None:
            ev["coins"] = min(1 + len(s["sate_passed"]), s["supply"])
        elif card == "Nero":
            cards = ev["under"] or ev["gain"]
            if (cards and ev["coins"] is None) or (not cards and ev["coins"]):
                raise Fault("action written in part")
        elif card in ("Diaz", "Pang") and not written and (deck or (golds if card == "Diaz"
                                                                    else s["supply"])):
            raise Incomplete(card)
        elif card in ("Crackpott", "Tembo") and not ev["gain"] and deck:
            raise Incomplete(card)
        elif card in ("Bijoux", "Ojo") and s["conv"][p] is None and ev["conv"] is None:
            raise Incomplete(card)
        elif card == "Cambivalute" and ev["pair"] is None and ev["peek"] is None:
            if len(s["pairs"]) < 5:
                raise Incomplete(card)

    def need(self, ok):
        if not ok:
            raise Fault("action")

    def conviction(self, card, ev):
        """'Bijoux' and 'Ojo' 1: set the conviction when none is set. Then Bijoux may change
        it or only seem to (M11: `bluff`, a lawful change that keeps the side); Ojo looks at
        a fellow player's conviction card (one who has set one)."""
        s = self.s
        p = ev["p"]
        if s["conv"][p] is None:
            self.need(ev["conv"] == "set" and ev["side"] in SIDES and ev["look"] is None)
            s["conv"][p] = ev["side"]
        elif card == "Bijoux":
            # M11: `change` turns the card (to the side named, if any: the same side is a
            # lawful bluff); `bluff` keeps it; nothing written, nothing done.
            self.need(ev["look"] is None and ev["conv"] in (None, "change", "bluff"))
            other = "diaz" if s["conv"][p] == "valverde" else "valverde"
            if ev["conv"] == "change":
                s["conv"][p] = ev["side"] or other
            elif ev["conv"] == "bluff":
                self.need(ev["side"] in (None, s["conv"][p]))
        else:
            self.need(ev["conv"] is None)
            others = [c for c in s["players"] if c != p and s["conv"][c] is not None]
            # 'Ojo' 2: the player may look; not looking is lawful too.
            self.need(ev["look"] is None or ev["look"] in others)

    def cambivalute(self, ev):
        """'Cambivalute' 1: two sailors from the deck go to the next letter pair (A, then B,
        ...); 2: once all five are placed, a look at any pair, which may be swapped."""
        s = self.s
        if len(s["pairs"]) < 5:
            self.need(ev["pair"] is not None and ev["peek"] is None and not ev["swap"])
            letter, v, d = ev["pair"]
            self.need(letter == PAIRS[len(s["pairs"])])
            self.need(self.fresh(v, d))
            s["pairs"][letter] = (v, d)
            s["seen"] |= {v, d}
        elif ev["peek"] is not None or ev["swap"]:
            self.need(ev["pair"] is None and ev["peek"] in s["pairs"])
            if ev["swap"]:
                v, d = s["pairs"][ev["peek"]]
                s["pairs"][ev["peek"]] = (d, v)

    def fresh(self, v, d):
        """M8: the ten sailors are valued 1 to 10, all distinct."""
        s = self.s
        return v != d and all(1 <= x <= 10 and x not in s["seen"] for x in (v, d))

    def note_supplies(self):
        """M6: a supply that is used up at any point of a round ends the voyage after it."""
        s = self.s
        if sum(s["deck"].values()) == 0:
            s["ran_out"].add("combat")
        if sum(s["golds"].values()) == 0:
            s["ran_out"].add("gold")
        if s["supply"] == 0:
            s["ran_out"].add("coins")

    def on_ship(self, ev):
        """M4: the ship moves one space per card still face down (0 to 3), stopping on the
        mutiny space; M5: a storm met calls for a lifeboat card before the next row."""
        s = self.s
        if s["phase"] != "ship":
            raise Fault("a ship line here")
        moved = s["row_size"] - len(s["turned"])
        end = s["track"]["mutiny"]
        at = min(s["ship"] + moved, end)
        if ev["moved"] != moved or ev["at"] != at:
            raise Fault("ship")
        storm = storm_met(s["ship"], at, s["track"].get("storms", []))
        if ev["storm"] is not None and ev["storm"] != storm:
            raise Fault("storm written calm" if storm else "storm written")
        s["ship"] = at
        s["storm"] = storm
        s["used_last"] = list(s["used"])
        s["reasons"] = set(s["ran_out"]) | ({"track"} if at == end else set())
        s["phase"] = "end" if s["reasons"] else "deal"

    # -- the mutiny --------------------------------------------------------------------

    def on_mutiny(self, ev):
        """M6: the voyage ends at the end of the round in which the ship reached the mutiny
        space or a supply ran out; the line names one of those reasons."""
        s = self.s
        if s["phase"] != "end" or ev["why"] not in s["reasons"]:
            raise Fault("mutiny")
        s["phase"] = "duels"
        # 'Exclusion': only players with a conviction take part.
        s["party"] = [c for c in s["players"] if s["conv"][c] is not None]

    def on_duel(self, ev):
        """'The sailor duels': pairs A to E in order; placed pairs keep the values seen."""
        s = self.s
        if s["phase"] != "duels":
            raise Fault("a duel here")
        letter = PAIRS[len(s.get("duels", []))]
        if ev["pair"] != letter:
            raise Fault("duel order")
        if letter in s["pairs"]:
            if (ev["v"], ev["d"]) != s["pairs"][letter]:
                raise Fault("sailors")
        elif not self.fresh(ev["v"], ev["d"]):
            raise Fault("sailors")
        s["seen"] |= {ev["v"], ev["d"]}
        s["pairs"][letter] = (ev["v"], ev["d"])
        s.setdefault("duels", []).append(letter)
        s["duel"] = {"v": ev["v"], "d": ev["d"], "round": 0, "cards": [],
                     "in": list(s["party"]), "steals": None}
        s["phase"] = "fight" if s["party"] else "won"

    def on_fight(self, ev):
        """M8: every player still in the duel shows one card: a combat card or, from the
        second round, the monkey, which withdraws the player; a player without combat cards
        must show the monkey, and in a first round is then out of the game. M9/M12: in the second round a
        lone monkey steals from an opponent, several take from the supply."""
        s = self.s
        if s["phase"] != "fight":
            raise Fault("a fight here")
        duel = s["duel"]
        owners = [o for o, _ in ev["cards"]]
        if sorted(owners) != sorted(duel["in"]):
            raise Fault("fight players")
        duel["round"] += 1
        monkeys = []
        for o, k in ev["cards"]:
            if k == "monkey":
                monkeys.append(o)
                continue
            if s["hand"][o][k] <= 0:
                raise Fault("card not held")
            s["hand"][o][k] -= 1
            duel["cards"].append(k)
        # A player with no combat card left can only show the monkey: a card not held is
        # refused above. The monkey may be shown from the second round on ('Beginning with
        # the second round'); in a first round only by a player who has no combat card
        # (000: 'obligé de jouer son singe'), who is then out of the game (M8).
        if duel["round"] == 1:
            for o in monkeys:
                if sum(s["hand"][o].values()) > 0:
                    raise Fault("monkey in a first round with combat cards in hand")
        if duel["round"] == 1:
            s["out"] |= set(monkeys)
        duel["in"] = [o for o in duel["in"] if o not in monkeys]
        duel["steals"] = []
        if duel["round"] == 2 and len(monkeys) == 1:
            p = monkeys[0]
            if any(s["coins"][c] > 0 for c in s["players"] if c != p):
                duel["steals"] = [("lone", p)]
        elif duel["round"] == 2 and len(monkeys) > 1:
            if s["supply"] < len(monkeys):
                for c in s["players"]:  # M12: every player with a coin returns one first
                    if s["coins"][c] > 0:
                        s["coins"][c] -= 1
                        s["supply"] += 1
            pay = min(len(monkeys), s["supply"])
            duel["steals"] = [("supply", monkeys)] * pay
        duel["paid"] = []
        self.after_fight()

    def after_fight(self):
        s = self.s
        duel = s["duel"]
        if duel["steals"]:
            s["phase"] = "steal"
        elif duel["in"]:
            s["phase"] = "fight"
        else:
            s["phase"] = "won"

    def on_steal(self, ev):
        s = self.s
        if s["phase"] != "steal":
            raise Fault("a steal here")
        duel = s["duel"]
        how, who = duel["steals"].pop(0)
        p = ev["p"]
        if how == "lone":
            v = ev["victim"]
            if p != who or v is None or v == p or v not in s["players"] or s["coins"][v] <= 0:
                raise Fault("steal")
            s["coins"][v] -= 1
        else:
            if p in duel["paid"] and ev["victim"] is None:
                raise Fault("monkey paid twice")  # M9: each monkey takes one coin
            if p not in who or ev["victim"] is not None:
                raise Fault("steal")
            duel["paid"].append(p)
            s["supply"] -= 1
        s["coins"][p] += 1
        self.after_fight()

    def on_won(self, ev):
        s = self.s
        if s["phase"] != "won":
            raise Fault("a won line here")
        duel = s["duel"]
        side = duel_winner(duel["v"], duel["d"], duel["cards"])
        if ev["side"] != side:
            raise Fault("duel winner")
        s["wins"][side] += 1
        # 'Mutiny victory': three duels won end the mutiny.
        s["phase"] = "reveal" if s["wins"][side] == 3 else "duels"
        s["side"] = side

    def on_reveal(self, ev):
        """M10: every player who set a conviction card shows it, with the side it holds; a
        player without one may be written `none`."""
        s = self.s
        if s["phase"] != "reveal":
            raise Fault("a reveal here")
        named = [c for c, _ in ev["sides"]]
        if len(set(named)) < len(named):  # docs/notation.md: each player once
            raise Fault("reveal, player named twice")
        for c, side in ev["sides"]:
            if c not in s["players"] or side != s["conv"][c]:
                raise Fault("reveal" + twice(named, c))
        if any(s["conv"][c] is not None and c not in named for c in s["players"]):
            raise Fault("reveal leaves out a conviction")
        s["phase"] = "gold"

    def on_gold(self, ev):
        """M10: the gold each player counted, coins plus gold cards; a player left out is
        not counted (nothing claimed), a count written is held to the replay."""
        s = self.s
        if s["phase"] != "gold":
            raise Fault("a gold line here")
        named = [c for c, _ in ev["counts"]]
        if len(set(named)) < len(named):  # docs/notation.md: each player once
            raise Fault("gold, player named twice")
        for c, n in ev["counts"]:
            if c not in s["players"] or n != gold_of(s, c):
                raise Fault("gold" + twice(named, c))
        s["phase"] = "over"
        s["result"] = winners(s, s["side"])


def twice(named, c):
    return ", player named twice" if named.count(c) > 1 else ""
