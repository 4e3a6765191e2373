"""Random legal Cartagena games, seeded and reproducible (``cartlog simulate cartagena``).

The simulator plays through the engine (:class:`engine.Engine`: ``legal``, ``apply``), keeping the
real cards (a shuffled deck, the discard pile, the Tortuga row) beside it to decide what each
chance event brings, and writes every action as the rules make it happen, with destinations and
drawn cards. ``view`` redacts the log to what someone at the table saw.
"""

from __future__ import annotations

import random
from typing import TypedDict

from cartlog.games.cartagena import rules
from cartlog.games.cartagena.engine import Engine
from cartlog.games.cartagena.events import (
    Action,
    Back,
    CartagenaLog,
    Draw,
    EndTurn,
    Event,
    Forward,
    Pass,
    Player,
    Row,
    Turn,
)
from cartlog.games.cartagena.model import COLOURS, NSIGNS, RuleSet, find_ruleset

DEFAULT_NAMES = ("Anne", "Bart", "Carla", "Diego", "Elif")


class _Cards:
    """The physical cards: deck (top = end of list), discard pile, Tortuga row."""

    def __init__(self, rs: RuleSet, rng: random.Random) -> None:
        self.rng = rng
        self.deck = [s for s in range(NSIGNS) for _ in range(rs.per_sign)]
        rng.shuffle(self.deck)
        self.discard: list[int] = []
        self.row: list[int] = []
        self.row_next = 0
        self.rs = rs
        self.rows_laid: list[list[int]] = []

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
            assert c is not None, "a deck of a rule set holds all its hands"
            hand.append(c)
        return hand

    def lay_row(self) -> None:
        n = min(self.rs.row_size, len(self.deck) + len(self.discard))
        self.row = [c for c in (self.take() for _ in range(n)) if c is not None]
        self.row_next = 0
        self.rows_laid.append(self.row)

    def draw(self, n: int) -> list[int]:
        got: list[int] = []
        for _ in range(n):
            if not self.rs.tortuga:
                c = self.take()
                if c is None:
                    break
                got.append(c)
                continue
            if self.row_next >= len(self.row):
                self.lay_row()
                if not self.row:
                    break
            got.append(self.row[self.row_next])
            self.row_next += 1
            if self.row_next >= len(self.row):
                self.lay_row()
        return got


class _Drawn(TypedDict, total=False):
    """What a draw took, as the fields of a :class:`Back` or a :class:`Draw`."""

    cards: str
    count: int


def _drawn(got: list[int], letters: str) -> _Drawn:
    """The cards drawn, or a count of 0 when there was nothing left to draw (C5)."""
    return {"cards": "".join(letters[c] for c in got)} if got else {"count": 0}


def random_board(rs: RuleSet, rng: random.Random) -> list[int]:
    """C7: sections of 6, each a random order of the 6 signs."""
    board: list[int] = []
    for _ in range(rs.sections):
        section = list(range(NSIGNS))
        rng.shuffle(section)
        board += section
    return board


def simulate(rules_name: str = "2000-jamaica", players: int = 4, seed: int = 0, *,
             view: str = "all", max_turns: int = 2000, forward_bias: float = 0.7
             ) -> CartagenaLog:
    """Play a random legal game. ``view``: ``all`` (every card known), ``table`` (what the
    whole table saw) or a colour (the table's view plus that player's own cards)."""
    rs = find_ruleset(rules_name)
    if rs is None:
        raise ValueError(f"unknown rule set {rules_name!r}")
    if not rs.min_players <= players <= rs.max_players:
        raise ValueError(f"{rs.name} is for {rs.min_players} to {rs.max_players} players")
    if view not in ("all", "table") and view not in COLOURS[:players]:
        raise ValueError(f"unknown view {view!r}: all, table or a player's colour "
                         f"({', '.join(COLOURS[:players])})")
    rng = random.Random(seed)
    board = random_board(rs, rng)
    colours = list(COLOURS[:players])
    cards = _Cards(rs, rng)
    hands = [cards.deal(rs.deal_size(seat)) for seat in range(players)]
    game = Engine(rules.new_game(rs, board, colours, None, hands))
    state = game.state
    letters = rs.letters
    row_header = None
    if rs.tortuga:
        cards.lay_row()
        row_header = "".join(letters[c] for c in cards.row)
        game.apply(Row(cards=row_header))
    events: list[Event] = []
    passes_in_a_row = 0
    for number in range(1, max_turns + 1):
        if game.is_over():
            break
        seat = state.seat
        laid_before = len(cards.rows_laid)
        actions: list[Action] = []
        wanted = rng.randint(1, rs.actions)
        while not game.is_over() and len(actions) < wanted:
            legal = [e for e in game.legal() if type(e) is not EndTurn]
            if not legal:
                break
            # the cards drawn are the simulator's to deal: the count-only forms of draws
            action: Action
            forwards = [e for e in legal if type(e) is Forward]
            backs = [e for e in legal if type(e) is Back and e.cards is None]
            draws = [e for e in legal if type(e) is Draw and e.cards is None]
            if forwards and (not backs or rng.random() < forward_bias):
                action = rng.choice(forwards)
                cards.discard.append(rs.index[action.card])
            elif backs:
                back = rng.choice(backs)
                got = cards.draw(back.count or 0)
                action = Back(start=back.start, to=back.to, **_drawn(got, letters))
            elif draws:
                got = cards.draw(draws[0].count or 0)
                action = Draw(**_drawn(got, letters))
            else:
                action = Pass()
            game.apply(action)
            actions.append(action)
            if type(action) in (Draw, Pass):
                break
        passes_in_a_row = passes_in_a_row + 1 if actions and isinstance(actions[0], Pass) else 0
        events.append(Turn(player=colours[seat], actions=actions, number=number))
        if len(cards.rows_laid) > laid_before:
            row = Row(cards="".join(letters[c] for c in cards.rows_laid[-1]))
            events.append(row)
            game.apply(row)
        game.apply(EndTurn())
        if passes_in_a_row >= players:
            break  # O2: the game is locked, nobody can ever move again
    result = colours[state.winner] if state.winner is not None else "unfinished"
    log = CartagenaLog(
        rules=rs.name, players=[Player(c, n) for c, n in zip(colours, DEFAULT_NAMES)],
        board="".join(letters[s] for s in board),
        deal={c: "".join(letters[x] for x in h) for c, h in zip(colours, hands)},
        row=row_header, result=result,
        tags={"Event": "cartlog simulation", "Seed": str(seed)}, events=events)
    return redact(log, view) if view != "all" else log


def redact(log: CartagenaLog, view: str) -> CartagenaLog:
    """What someone at the table saw: in Tortuga every card is open, so nothing is hidden;
    otherwise the hidden deal and drawn cards are replaced by counts, except those of the
    player ``view`` names (``table`` hides them all)."""
    rs = find_ruleset(log.rules)
    if rs is None or rs.tortuga:
        return log
    import msgspec

    keep = view if view in {p.colour for p in log.players} else None
    events: list[Event] = []
    for ev in log.events:
        if isinstance(ev, Turn) and ev.player != keep:
            acts: list[Action] = []
            for a in ev.actions:
                if isinstance(a, (Back, Draw)) and a.cards is not None:
                    a = msgspec.structs.replace(a, cards=None, count=len(a.cards))
                acts.append(a)
            ev = msgspec.structs.replace(ev, actions=acts)
        events.append(ev)
    deal = {c: cards for c, cards in log.deal.items() if c == keep}
    return msgspec.structs.replace(log, deal=deal, events=events)
