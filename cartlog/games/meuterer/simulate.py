"""Random legal Meuterer games, seeded and reproducible (``cartlog simulate meuterer``).

The simulator plays through the engine (:class:`engine.Engine`: each line is applied as it is
written; destinations and the score sheet are what ``legal()`` gives), keeping the real cards
(a shuffled deck, the discard pile, the hands, the cards on the table) beside it for what
chance and the players decide, and writes every line a careful scorekeeper would: the
plays and passes, the destinations, the mutiny with its outcome, the sale declarations of
every player who can split goods, the draws, and the score sheet. ``view`` redacts the log to
what someone at the table saw.
"""

from __future__ import annotations

import random

import msgspec

from cartlog.games.meuterer import rules
from cartlog.games.meuterer.engine import Engine
from cartlog.games.meuterer.events import (
    Add,
    Draw,
    DrawEntry,
    Event,
    MeutererLog,
    Mutiny,
    Pass,
    Play,
    Player,
    Round,
    Sale,
    SaleEntry,
    Sell,
    Step,
    Wage,
)
from cartlog.games.meuterer.model import (
    ACTIONS,
    COLOURS,
    CONFLICT,
    DEFAULT_ISLANDS,
    HAND_SIZE,
    ISLAND_BY_NAME,
    LETTERS,
    MUTINEER,
    NGOODS,
    NKINDS,
    PIRATE,
    START_ISLAND,
    STEVEDORE,
    STEVEDORE_EXTRA,
    find_variant,
)

DEFAULT_NAMES = ("Anne", "Bart", "Carla", "Diego")


class _Cards:
    """The physical deck (top = end of the list) and discard pile."""

    def __init__(self, totals: tuple[int, ...], rng: random.Random) -> None:
        self.rng = rng
        self.deck = [k for k in range(NKINDS) for _ in range(totals[k])]
        rng.shuffle(self.deck)
        self.discard: list[int] = []

    def take(self) -> int | None:
        if not self.deck:
            self.deck, self.discard = self.discard, []
            self.rng.shuffle(self.deck)
        return self.deck.pop() if self.deck else None

    def deal(self, n: int) -> list[int]:
        """A hand of ``n`` cards at the start of the game, when the deck holds every hand."""
        hand: list[int] = []
        for _ in range(n):
            c = self.take()
            assert c is not None, "the deck holds all the hands"
            hand.append(c)
        return hand

    def under(self, card: int) -> None:
        self.deck.insert(0, card)


def simulate(variant: str = "base", players: int = 4, seed: int = 0, *, view: str = "all",
             play_bias: float = 0.7) -> MeutererLog:
    """Play a random legal game. ``variant``: ``base`` or ``pirate``. ``view``: ``all``
    (every card known), ``table`` (what the whole table saw) or a colour (the table's view
    plus that player's own cards)."""
    rs = find_variant(variant)
    if rs is None:
        raise ValueError(f"unknown variant {variant!r}: base or pirate")
    if not rs.min_players <= players <= rs.max_players:
        raise ValueError(f"Meuterer is for {rs.min_players} to {rs.max_players} players")
    colours = list(COLOURS[:players])
    if view not in ("all", "table") and view not in colours:
        raise ValueError(f"unknown view {view!r}: all, table or a player's colour "
                         f"({', '.join(colours)})")
    rng = random.Random(seed)
    others = [i.name for i in DEFAULT_ISLANDS if i.name != START_ISLAND]
    rng.shuffle(others)
    names = [START_ISLAND] + others
    circle = [ISLAND_BY_NAME[n] for n in names]
    captain = rng.randrange(players)
    cards = _Cards(rs.totals, rng)
    hands = [cards.deal(HAND_SIZE) for _ in range(players)]
    deal = {c: "".join(LETTERS[k] for k in h) for c, h in zip(colours, hands)}
    game = Engine(rs, colours)
    game.state = rules.new_game(rs, circle, colours, captain, [h[:] for h in hands])
    for pos, isl in enumerate(circle):
        game.pos_of.setdefault(isl.name, pos)
    state = game.state
    played: list[list[int]] = [[] for _ in range(players)]
    events: list[Event] = []

    def put(event: Event) -> None:
        events.append(event)
        game.apply(event)

    for rnd in range(1, state.rounds + 1):
        put(Round(number=rnd))
        put(Wage(wage=rng.randrange(4)))
        # phase 2: selling, one play or pass at a time through the engine
        steps: list[Step] = []
        while state.turn >= 0:
            seat = state.turn
            hand = hands[seat]
            bias = play_bias if len(hand) > 2 else play_bias * 0.6
            step: Step
            if hand and rng.random() < bias:
                goods = [k for k in hand if k != CONFLICT]
                card = rng.choice(goods if goods and rng.random() < 0.85 else hand)
                hand.remove(card)
                played[seat].append(card)
                robbed = card == PIRATE and rules.pirate_robs(state, len(hand))
                if robbed:
                    for p in played:
                        cards.discard += p
                        p.clear()
                step = Play(player=colours[seat], card=LETTERS[card], robbed=robbed)
            else:
                action = rng.choice(rules.free_actions(state)) if seat != state.captain else None
                step = Pass(player=colours[seat], kept=len(hand),
                            action=ACTIONS[action] if action is not None else None)
            steps.append(step)
            game.apply(Sell(steps=[step]))
        events.append(Sell(steps=steps))
        # phase 3: destinations (U7), as the engine gives them
        (dest,) = game.legal()
        put(dest)
        # phase 4: the mutiny (U6)
        capt, mut = state.captain, state.taken[MUTINEER]
        if mut >= 0:
            adds: list[tuple[int, int, int | None]] = []
            entries: list[Add] = []
            for k in range(players):
                seat = (capt + k) % players
                side = rules.side_of(state, seat)
                if side == 0:
                    continue
                have = hands[seat].count(CONFLICT)
                count = rng.randint(0, have) if have else 0
                for _ in range(count):
                    hands[seat].remove(CONFLICT)
                    cards.discard.append(CONFLICT)
                adds.append((seat, count, None))
                named = rng.random() < 0.3
                entries.append(Add(player=colours[seat], count=count,
                                   side=("captain" if side > 0 else "mutineer") if named
                                   else None))
            success = rules.mutiny_succeeds(*rules.mutiny_strength(state, adds))
            put(Mutiny(adds=entries, outcome="mutineers" if success else "captain"))
        # phase 5: the sales of every player who can split goods (U2); the sheet as the
        # engine settles it
        active = state.active()
        sale_entries: list[SaleEntry] = []
        for seat in range(players):
            if not rules.has_choice(state, seat, active):
                continue
            rem = state.played[seat][:NGOODS]
            split = -1  # a good the first island took part of: the second takes the rest
            for k, pos in enumerate(active):
                options = [g for g in range(NGOODS) if rem[g] and circle[pos].sells(g)]
                if split >= 0:
                    options = [split]
                if not options:
                    continue
                g = rng.choice(options)
                # the goods of a type sold are all sold (U2): part of them only when the
                # other island takes the rest
                later = any(circle[q].sells(g) for q in active[k + 1:])
                n = rng.randint(1, rem[g]) if later else rem[g]
                rem[g] -= n
                split = g if rem[g] else -1
                sale_entries.append(SaleEntry(player=colours[seat], good=LETTERS[g],
                                              island=names[pos], count=n))
        if sale_entries:
            put(Sale(sales=sale_entries))
        (score,) = game.legal()
        put(score)
        (total,) = game.legal()
        put(total)
        if game.is_over():
            break
        # phases 6-7: the table is cleared; phase 8: the refill, from the (new) captain
        for p in played:
            cards.discard += p
            p.clear()
        after = game.copy()
        after.close(refill=False)
        steve = after.state.taken[STEVEDORE]
        draws: list[DrawEntry] = []
        for k in range(players):
            seat = (after.state.captain + k) % players
            need = HAND_SIZE - len(hands[seat])
            want = need + (STEVEDORE_EXTRA if seat == steve else 0)
            got: list[int] = []
            for _ in range(want):
                c = cards.take()
                if c is None:
                    break
                got.append(c)
            keep: list[int] | None = None
            if seat == steve:
                kept = rng.sample(got, min(need, len(got)))
                rest = list(got)
                for c in kept:
                    rest.remove(c)
                for c in rest:
                    cards.under(c)
                hands[seat] += kept
                keep = kept
            else:
                hands[seat] += got
            draws.append(DrawEntry(player=colours[seat], cards="".join(LETTERS[c] for c in got),
                                   keep="".join(LETTERS[c] for c in keep)
                                   if keep is not None else None))
        put(Draw(draws=draws))
    top = max(state.scores)
    result = [c for c, s in zip(colours, state.scores) if s == top]
    log = MeutererLog(
        variant=rs.name, players=[Player(c, n) for c, n in zip(colours, DEFAULT_NAMES)],
        captain=colours[captain], islands=names, deal=deal, result=result,
        tags={"Event": "cartlog simulation", "Seed": str(seed)}, events=events)
    return redact(log, view) if view != "all" else log


def redact(log: MeutererLog, view: str) -> MeutererLog:
    """What someone at the table saw: the cards played and the conflict cards added are
    public, the deal and the draws are not, except those of the player ``view`` names
    (``table`` hides them all)."""
    keep = view if view in {p.colour for p in log.players} else None
    events: list[Event] = []
    for ev in log.events:
        if isinstance(ev, Draw):
            draws: list[DrawEntry] = []
            for d in ev.draws:
                if d.player != keep and d.cards is not None:
                    n = len(d.cards)
                    d = msgspec.structs.replace(
                        d, cards=None, count=n, keep=None,
                        returned=n - len(d.keep) if d.keep is not None else None)
                draws.append(d)
            ev = msgspec.structs.replace(ev, draws=draws)
        events.append(ev)
    deal = {c: cards for c, cards in log.deal.items() if c == keep}
    return msgspec.structs.replace(log, deal=deal, events=events)
