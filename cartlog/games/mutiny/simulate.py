"""Random legal games of Cartagena: The Mutiny, seeded and reproducible.

The printed board and the card splits are not known (ruling M7, docs/rules.md, components), so a
simulated game runs on :data:`model.EXAMPLE_TRACK` and the example splits below, and its log
says so in a ``Note`` tag: **they are examples, not the printed game**. The simulator keeps
the real piles (combat and gold cards in order, top first) beside the engine, which follows
the row, Satè's bounty, the ship and the storms, and writes every card by its value.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Literal

import msgspec

from cartlog.games.mutiny.engine import Engine
from cartlog.games.mutiny.events import (
    Duel,
    Fight,
    Gold,
    Mutiny,
    MutinyLog,
    Played,
    Player,
    Reveal,
    Round,
    Ship,
    Steal,
    TrackData,
    Turn,
    Won,
)
from cartlog.games.mutiny.model import (
    BIJOUX,
    CAMBIVALUTE,
    CHANGYE,
    COMBAT,
    CRACKPOTT,
    DIAZ,
    EXAMPLE_TRACK,
    GHOST,
    GOLD,
    NERO,
    OJO,
    PAIRS,
    PANG,
    PIRATES,
    SATE,
    TEMBO,
    VALVERDE,
    WESSELJAN,
)
from cartlog.games.mutiny.rules import (
    FACEDOWN,
    duel_winner,
    gold_total,
    lifeboat_cards,
    mutiny_winner,
    open_slots,
    ship_after,
)

# Examples only, NOT the printed game's splits (which no source we have gives).
EXAMPLE_COMBAT = {"P1": 8, "P2": 6, "P3": 6, "G1": 8, "G2": 6, "G3": 6}
EXAMPLE_GOLD = {"1": 8, "2": 6, "3": 4}
NOTE = "example track and card splits for simulation, not the printed game (docs/rules.md, components)"
COLOURS = ("red", "blue", "green", "yellow")
SIDE: dict[str, Literal["valverde", "diaz"]] = {"V": "valverde", "D": "diaz"}
REASON: dict[str, Literal["track", "combat", "gold", "coins"]] = {
    "track": "track", "combat": "combat", "gold": "gold", "coins": "coins"}


def _example_log(players: int) -> MutinyLog:
    t = EXAMPLE_TRACK
    return MutinyLog(
        players=[Player(c) for c in COLOURS[:players]],
        track=TrackData(length=t.length, storms=list(t.storms or ()),
                        starts={str(k): v for k, v in (t.starts or {}).items()},
                        mutiny=t.mutiny),
        combat=dict(EXAMPLE_COMBAT), gold=dict(EXAMPLE_GOLD), tags={"Note": NOTE})


def simulate(rules: str = "base", players: int = 4, seed: int = 0, *,
             view: str = "all") -> MutinyLog:
    """Play a random legal game from the first round to the reveal. ``view``: ``all``
    (every card known, as an app would export it), ``table`` (what the whole table saw) or a
    colour (the table's view plus that player's own cards, side and looks)."""
    if rules != "base":
        raise ValueError(f"unknown rule set {rules!r}: the game has one, base")
    if not 2 <= players <= 4:
        raise ValueError(f"{players} players: the game is for 2 to 4")
    if view not in ("all", "table") and view not in COLOURS[:players]:
        raise ValueError(f"unknown view {view!r}: all, table or a player's colour "
                         f"({', '.join(COLOURS[:players])})")
    log = _play(players, seed)
    return redact(log, view) if view != "all" else log


def _play(players: int, seed: int) -> MutinyLog:
    rng = random.Random(seed)
    log = _example_log(players)
    e = Engine.start(log)
    s = e.state
    combat = [COMBAT.index(c) for c, n in EXAMPLE_COMBAT.items() for _ in range(n)]
    for k in (0, 3):  # each player's starting pink 1 and grey 1
        for _ in range(players):
            combat.remove(k)
    rng.shuffle(combat)
    gold = [GOLD.index(g) for g, n in EXAMPLE_GOLD.items() for _ in range(n)]
    rng.shuffle(gold)
    sailors = list(range(1, 11))
    rng.shuffle(sailors)
    events: list[object] = []

    def emit(ev: object) -> None:
        events.append(ev)
        e.apply(ev)

    while s.trigger is None and s.round < 80:
        # M5: the lifeboat card comes from the pile of the round's used cards
        boat = PIRATES[rng.choice(lifeboat_cards(s))] if s.storm else None
        emit(Round(number=s.round + 1, giver=s.colours[s.giver], lifeboat=boat))
        cards = [c for c in range(13) if c != s.lifeboat]
        rng.shuffle(cards)
        hidden = cards[:len(s.row)]
        while s.phase == "turn":
            seat = s.turn
            slots = open_slots(s)
            turned: list[str] = []
            if slots and (rng.random() < 0.5 or s.facedown() == 0):
                card = s.row[rng.choice(slots)]
            else:
                i = s.row.index(FACEDOWN)
                while True:
                    turned.append(PIRATES[hidden[i]])
                    if hidden[i] == GHOST or i == len(s.row) - 1 or rng.random() < 0.5:
                        break
                    i += 1
                card = hidden[i]
            ev = Turn(player=s.colours[seat], turned=turned,
                      card=None if turned else PIRATES[card])
            _act(ev, card, seat, e, combat, gold, sailors, rng)
            emit(ev)
        move = s.facedown()
        emit(Ship(moved=move, at=ship_after(s, move)))
    emit(Mutiny(reason=REASON.get(s.trigger or "")))
    _mutiny(e, emit, sailors, rng)
    outcome = e.outcome()
    return msgspec.structs.replace(log, events=events,
                                   result=None if outcome is None else list(outcome.winners))


def _act(ev: Turn, card: int, seat: int, e: Engine, combat: list[int], gold: list[int],
         sailors: list[int], rng: random.Random) -> None:
    """Carry out ``card`` on the real piles and write its effect into ``ev``."""
    s = e.state
    hand = [k for k in range(6) for _ in range(s.hands[seat][k])]

    def draw(n: int) -> None:
        for _ in range(n):
            if combat:
                ev.combat.append(COMBAT[combat.pop(0)])

    if card == VALVERDE:
        if gold:
            ev.gold.append(GOLD[gold.pop(0)])
        ev.coins = min(1, s.supply)
    elif card == DIAZ:
        if gold and (not combat or rng.random() < 0.5):
            ev.gold.append(GOLD[gold.pop(0)])
            if combat:
                combat.append(combat.pop(0))
        elif combat:
            draw(1)
            if gold:
                gold.append(gold.pop(0))
    elif card == CRACKPOTT:
        draw(2)
    elif card == TEMBO:
        if len(combat) >= 2 and rng.random() < 0.5:
            combat[0], combat[1] = combat[1], combat[0]
        draw(1)
        if combat:
            combat.append(combat.pop(0))
    elif card == WESSELJAN:
        k = rng.randint(0, min(3, len(hand)))
        for c in rng.sample(hand, k):
            ev.under.append(COMBAT[c])
            combat.append(c)
        draw(k)
    elif card == NERO:
        if hand and rng.random() < 0.5:
            k = rng.randint(0, min(3, len(hand), s.supply))
            for c in rng.sample(hand, k):
                ev.under.append(COMBAT[c])
                combat.append(c)
            ev.coins = k
        else:
            k = rng.randint(0, min(3, s.coins[seat], len(combat)))
            draw(k)
            ev.coins = -k
    elif card == PANG:
        if combat and (rng.random() < 0.5 or not s.supply):
            draw(1)
        else:
            ev.coins = min(1, s.supply)
    elif card == CHANGYE:
        rich = [v for v in range(s.players) if v != seat and s.coins[v] > 0]
        if rich:
            ev.victim = s.colours[rng.choice(rich)]
    elif card == SATE:
        ev.coins = min(1 + s.bounty, s.supply)
    elif card in (BIJOUX, OJO):
        if not s.conviction[seat]:
            ev.conviction, ev.side = "set", rng.choice(("valverde", "diaz"))
        elif card == BIJOUX:
            flip = rng.random() < 0.5
            ev.conviction = "change" if flip else "bluff"
        else:
            others = [v for v in range(s.players) if v != seat and s.conviction[v]]
            if others:
                ev.look = s.colours[rng.choice(others)]
    elif card == CAMBIVALUTE:
        if s.placed < len(PAIRS):
            ev.pair = PAIRS[s.placed]
            ev.values = sailors[2 * s.placed:2 * s.placed + 2]
        else:
            ev.look = rng.choice(PAIRS)
            ev.swap = rng.random() < 0.3
            if ev.swap:
                i = PAIRS.index(ev.look)
                sailors[2 * i], sailors[2 * i + 1] = sailors[2 * i + 1], sailors[2 * i]


def _mutiny(e: Engine, put: Callable[[object], None], sailors: list[int],
            rng: random.Random) -> None:
    """The duels A-E until a side has three (M8, M9), then the reveal and the gold."""
    s = e.state
    playing = [v for v in range(s.players) if s.conviction[v]]
    for d in range(len(PAIRS)):
        if mutiny_winner(s.wins) is not None:
            break
        v, dv = sailors[2 * d], sailors[2 * d + 1]
        put(Duel(pair=PAIRS[d], valverde=v, diaz=dv))
        played: list[int] = []
        active = list(playing)
        rnd = 0
        while active:
            rnd += 1
            cards: list[Played] = []
            monkeys: list[int] = []
            for p in active:
                hand = [k for k in range(6) for _ in range(s.hands[p][k])]
                if hand and (rnd == 1 or rng.random() < 0.4):
                    k = rng.choice(hand)
                    cards.append(Played(card=COMBAT[k], player=s.colours[p]))
                    played.append(k)
                else:
                    cards.append(Played(card="monkey", player=s.colours[p]))
                    monkeys.append(p)
            put(Fight(cards=cards))
            if rnd == 2 and len(monkeys) == 1:
                rich = [o for o in range(s.players) if o != monkeys[0] and s.coins[o] > 0]
                if rich:
                    put(Steal(player=s.colours[monkeys[0]],
                              victim=s.colours[rng.choice(rich)]))
            elif rnd == 2:
                for m in monkeys:
                    if e.pending_steals():
                        put(Steal(player=s.colours[m]))
            active = [p for p in active if p not in monkeys]
        side = duel_winner(v, dv, played)
        put(Won(side=SIDE[side or "V"]))
    put(Reveal(sides={s.colours[p]: SIDE[s.side[p] or "V"] if s.conviction[p] else None
                      for p in range(s.players)}))
    counts = {s.colours[p]: gold_total(s.coins[p], s.golds[p]) or 0
              for p in range(s.players)}
    put(Gold(counts=counts))


def redact(log: MutinyLog, view: str) -> MutinyLog:
    """What someone at the table saw: the cards turned and taken, coins, victims, looks and
    swaps, the ship, the duels' sailors, the combat cards shown and whose monkey each is,
    the reveal and the gold are public; combat and gold cards drawn or put under a pile,
    the side a conviction is set to and the sailors Cambivalute looks at are not, except
    those of the player ``view`` names (``table`` hides them all). Combat cards are
    shuffled before they are shown, so only that player's own card keeps its owner."""
    keep = view if view in {p.colour for p in log.players} else None
    events: list[object] = []
    for ev in log.events:
        if isinstance(ev, Turn) and ev.player != keep:
            conviction = ev.conviction
            if conviction in ("change", "bluff"):
                conviction = "move"
            ev = msgspec.structs.replace(
                ev, combat=["?"] * len(ev.combat), under=["?"] * len(ev.under),
                gold=["?"] * len(ev.gold), conviction=conviction, side=None,
                values=[] if ev.pair is not None or ev.look in tuple(PAIRS) else ev.values)
        elif isinstance(ev, Fight):
            ev = msgspec.structs.replace(ev, cards=[
                p if p.card == "monkey" or p.player == keep
                else msgspec.structs.replace(p, player=None) for p in ev.cards])
        events.append(ev)
    return msgspec.structs.replace(log, events=events)
