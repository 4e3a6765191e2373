"""Walk a Meuterer log through the rules: check each event, then apply it as played.

:class:`Replay` is shared by the audit (which only wants the notes) and the step-by-step view
(which passes a listener and gets a :class:`Step` after every event). The plays and passes of
the selling are checked as they come; the rest of a round (destinations, mutiny, sales,
scoring, the ship's move and the refill) is settled when the round closes, at the next
``round`` line or the end of the log, in the order of the rulebook's phases, whatever order
the log's lines stand in. Nothing here prints: notes are data, located in the log by line and
column (text) or path (JSON).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

import msgspec

from cartlog.core.findings import Note, Violation
from cartlog.games.meuterer import rules
from cartlog.games.meuterer.codes import CODES
from cartlog.games.meuterer.events import (
    Comment, Dest, Draw, MeutererLog, Mutiny, Play, Round, Sale, Score, Sell, Total, Wage,
)
from cartlog.games.meuterer.model import (
    ACTION_TITLES, ACTIONS, ANY, CONFLICT, DEFAULT_ISLANDS, GOODS, ISLAND_BY_NAME, LETTER_INDEX,
    LETTERS, MATE, MUTINEER, OVER, PIRATE, START_ISLAND, STEVEDORE, UNKNOWN, VARIANTS, Island,
    State, cards_text, find_action, find_variant, island_with,
)
from cartlog.games.meuterer.position import to_position


class Step(NamedTuple):
    """What one event did, for a listener. ``state`` is live: copy what you keep."""

    kind: str  # setup, round, wage, action, phase, round-end, comment, end
    event: object | None
    item: object | None  # the sell step of an action
    round: int | None
    action_no: int | None
    seat: int | None
    text: str
    notes: list[Note]
    state: State


class RoundScore(NamedTuple):
    """What the scoring of one round found, for the breakdown."""

    round: int
    captain: int
    port: int
    previous: int
    active: list[int]
    wage: int
    captain_dest: int
    mutineer: int
    mutineer_dest: int
    mutiny: str  # none, failed, succeeded
    strength: tuple[int, int] | None
    items: list[list[rules.Item]]
    recorded: list[int | None]
    totals: list[int]
    recorded_totals: list[int | None]
    checked: bool  # False: a round without selling, its points taken from the sheet
    roles: list[str]  # each player's role at the scoring: captain, an action card, none


class _Stop(Exception):
    pass


class _Round:
    """The lines of the open round that are settled when it closes."""

    __slots__ = ("index", "event", "sold", "last_sell", "dests", "adds", "outcome",
                 "mutiny_at", "sales", "sale_at", "draws", "draw_at", "scores", "totals",
                 "wage_at", "skip")

    def __init__(self, index: int, event: Round) -> None:
        self.index = index
        self.event = event
        self.sold = False
        self.last_sell: tuple[int, object] | None = None
        self.dests: list[tuple[str, object]] = []
        self.adds: list[tuple[str, object]] = []
        self.outcome: tuple[str, object, str] | None = None
        self.mutiny_at: tuple[str, object] | None = None
        self.sales: list[tuple[str, object]] = []
        self.sale_at: tuple[str, object] | None = None
        self.draws: list[tuple[str, object]] = []
        self.draw_at: tuple[str, object] | None = None
        self.scores: dict[str, tuple[str, object]] = {}
        self.totals: dict[str, tuple[str, object]] = {}
        self.wage_at: tuple[str, object] | None = None
        self.skip = False


_ACTION_INDEX = {name: i for i, name in enumerate(ACTIONS)}


def _kinds(text: str | None) -> list[int] | None:
    if text is None:
        return None
    return [LETTER_INDEX.get(c, -1) for c in text]


def build_circle(log: MeutererLog) -> list[Island]:
    """The log's circle with its island table applied, turned so that Hochland comes first."""
    names = [n for n in log.islands if n in ISLAND_BY_NAME] or [i.name for i in DEFAULT_ISLANDS]
    if START_ISLAND in names:
        at = names.index(START_ISLAND)
        names = names[at:] + names[:at]
    circle = []
    for name in names:
        isl = ISLAND_BY_NAME[name]
        data = log.island_table.get(name)
        if data is not None:
            good = None
            if data.good is not None:
                good = ANY if data.good == "any" else LETTERS.index(data.good)
            values = tuple(data.values) if data.values is not None else None
            isl = island_with(isl, good, values, data.ship)
        circle.append(isl)
    return circle


class Replay:
    """One pass over a log. After :meth:`run`: ``state``, ``notes``, ``unchecked``, counts
    (``turns``: rounds played, ``actions``: plays and passes) and ``scores`` (one
    :class:`RoundScore` a round)."""

    def __init__(self, log: MeutererLog, *, stop_at_first: bool = False) -> None:
        self.log = log
        self.stop_at_first = stop_at_first
        self.notes: list[Note] = []
        self.turns = 0
        self.actions = 0
        self.scores: list[RoundScore] = []
        self._listener: Callable[[Step], None] | None = None
        self.rs = find_variant(log.variant) or VARIANTS["base"]
        self.colours = [p.colour for p in log.players]
        self.seat_of: dict[str, int] = {}
        for seat, c in enumerate(self.colours):
            self.seat_of.setdefault(c, seat)
        self.state: State | None = None
        self.unchecked: list[str] = []
        self.stopped = False
        self._round: _Round | None = None
        self._n = 1  # the next selling turn's number within the round
        self._pos_of: dict[str, int] = {}
        self._sheet: list[int] = []  # the total the sheet would show if it added its own entries
        self._source: list[int | None] = []  # the note a player's sheet error started at
        self._counts = {"hidden_plays": 0, "unseen_plays": 0, "count_draws": 0,
                        "no_draw": 0, "hidden_mutiny": 0, "no_score": 0, "no_total": 0,
                        "no_sell": 0}

    # -- notes -------------------------------------------------------------------------------

    def _note(self, v: Violation, where, path: str, turn=None, action=None, seat=None,
              position=None, follows=None) -> Note:
        line, col, end = where if where else (0, 0, 0)
        if type(path) is tuple:  # built lazily: (event index, field, entry index)
            index, field, j = path
            path = f"$.events[{index}]" + (f".{field}[{j}]" if field else "")
        note = Note(v, line, col, end, path, turn, action, seat, position, False, follows)
        self.notes.append(note)
        if self.stop_at_first and CODES[v.code].severity == "error":
            raise _Stop
        return note

    def _header(self, field: str) -> tuple[int, int, int] | None:
        return self.log.spans.get(field) or ((self.log.line, 1, 1) if self.log.line else None)

    @staticmethod
    def _where(obj) -> tuple[int, int, int] | None:
        return (obj.line, obj.col, obj.end) if obj is not None and obj.line else None

    def _emit(self, kind, event, item, action_no, seat, text, start, rnd=None) -> None:
        if self._listener is not None:
            if rnd is None and self.state is not None and kind != "setup":
                rnd = self.state.round
            self._listener(Step(kind, event, item, rnd, action_no, seat, text,
                                self.notes[start:], self.state))

    # -- the walk ----------------------------------------------------------------------------

    def run(self, listener: Callable[[Step], None] | None = None) -> Replay:
        self._listener = listener
        try:
            self._setup()
            events = self.log.events
            for index, event in enumerate(events):
                self._event(index, event)
            self._close()
            self._finish()
        except _Stop:
            self.stopped = True
            rnd = self.state.round if self.state is not None else 1
            self.unchecked.append(
                f"the audit stopped at the first error (round {rnd}): the rest of the log and "
                "the result were not checked")
        return self

    def _setup(self) -> None:
        log = self.log
        variant = self.rs
        if find_variant(log.variant) is None:
            self._note(Violation("setup/variant", f"unknown variant {log.variant!r}; read as "
                                 "the base game", expected="base or pirate",
                                 actual=log.variant), self._header("variant"), "$.variant")
        n = len(self.colours)
        if not variant.min_players <= n <= variant.max_players:
            self._note(Violation("setup/seats", f"{n} players; Meuterer is for 3 or 4",
                                 expected="3-4", actual=str(n)),
                       self._header("players"), "$.players")
        dup = sorted({c for c in self.colours if self.colours.count(c) > 1})
        if dup:
            self._note(Violation("setup/seats", f"colour {', '.join(dup)} used by two players",
                                 expected="a colour per player", actual=", ".join(self.colours)),
                       self._header("players"), "$.players")
        for v in rules.check_circle(list(log.islands), [i.name for i in DEFAULT_ISLANDS]):
            self._note(v, self._header("islands"), "$.islands")
        circle = build_circle(log)
        self._pos_of = {}
        for pos, isl in enumerate(circle):
            self._pos_of.setdefault(isl.name, pos)
        hands = [_kinds(log.deal.get(c)) for c in self.colours]
        for seat, v in rules.check_deal(variant, hands):
            self._note(v, self._header("deal"),
                       "$.deal" + (f".{self.colours[seat]}" if seat >= 0 else ""),
                       seat=seat if seat >= 0 else None)
        captain = self.seat_of.get(log.captain, 0) if log.captain else 0
        colours = self.colours or ["red"]
        self.state = rules.new_game(variant, circle, colours, captain, hands)
        self._sheet = [0] * len(colours)
        self._source = [None] * len(colours)
        unseen = [c for c, h in zip(self.colours, hands) if h is None or -1 in h]
        if unseen:
            self.unchecked.append(
                f"the deal of {', '.join(unseen)} is not (fully) known: cards played from those "
                "hands are checked only against the number of cards of each kind")
        self._emit("setup", None, None, None, None, "setup", 0)

    def _event(self, index: int, event) -> None:
        kind = type(event)
        if kind is Comment:
            self._emit("comment", event, None, None, None, event.text, len(self.notes))
            return
        if kind is Round:
            self._close()
            self._open(index, event)
            return
        cur = self._round
        if cur is None:  # a line before the first round (the readers refuse it)
            cur = self._open(index, Round(number=None))
        if cur.skip:
            return
        path = (index, None, None)
        if kind is Sell:
            cur.sold = True
            cur.last_sell = (index, event)
            self._sell(index, event)
        elif kind is Wage:
            self._wage(index, event)
        elif kind is Dest:
            cur.dests += [((index, "dests", j), d) for j, d in enumerate(event.dests)]
        elif kind is Mutiny:
            cur.mutiny_at = cur.mutiny_at or (path, event)
            cur.adds += [((index, "adds", j), a) for j, a in enumerate(event.adds)]
            if event.outcome is not None:
                cur.outcome = (path, event, event.outcome)
        elif kind is Sale:
            cur.sale_at = cur.sale_at or (path, event)
            cur.sales += [((index, "sales", j), s) for j, s in enumerate(event.sales)]
        elif kind is Draw:
            cur.draw_at = cur.draw_at or (path, event)
            cur.draws += [((index, "draws", j), d) for j, d in enumerate(event.draws)]
        elif kind is Score:
            scores = cur.scores
            for j, e in enumerate(event.entries):
                if e.player not in scores:
                    scores[e.player] = ((index, "entries", j), e)
        elif kind is Total:
            totals = cur.totals
            for j, e in enumerate(event.entries):
                if e.player not in totals:
                    totals[e.player] = ((index, "entries", j), e)

    def _open(self, index: int, event: Round) -> _Round:
        state = self.state
        start = len(self.notes)
        cur = self._round = _Round(index, event)
        if state.phase == OVER:
            cur.skip = True
            self._note(Violation(
                "end/after-last-round", f"the game ended after round {state.rounds} "
                f"({state.rounds} rounds with {state.players} players); this round should not "
                "have been played", expected="no further round",
                actual=f"round {event.number if event.number is not None else state.round + 1}"),
                self._where(event), f"$.events[{index}]", state.rounds + 1)
            self._emit("round", event, None, None, None, "after the end", start)
            return cur
        if event.number is not None and event.number != state.round:
            self._note(Violation("round/number", f"round written as {event.number} is round "
                                 f"{state.round} of the game", expected=str(state.round),
                                 actual=str(event.number)),
                       self._where(event), f"$.events[{index}].number", state.round)
        if self._listener is not None:
            self._emit("round", event, None, None, state.captain,
                       f"round {state.round}: {state.colours[state.captain]} is captain, the "
                       f"ship lies at {state.island_name(state.ship)}", start)
        return cur

    def _wage(self, index: int, event: Wage) -> None:
        state = self.state
        start = len(self.notes)
        self._round.wage_at = (f"$.events[{index}]", event)
        for v in rules.check_wage(state, event.wage):
            self._note(v, self._where(event), f"$.events[{index}].wage", state.round, None,
                       state.captain, to_position(state))
        rules.apply_wage(state, event.wage)
        self._emit("wage", event, None, None, state.captain,
                   f"{state.colours[state.captain]} offers the mate {event.wage}", start)

    # -- selling -----------------------------------------------------------------------------

    def _sell(self, index: int, event: Sell) -> None:
        state = self.state
        seat_of = self.seat_of
        listening = self._listener is not None
        rnd = state.round
        hands, played, passed = state.hands, state.played, state.passed
        next_seller = rules.next_seller
        self.actions += len(event.steps)
        for j, step in enumerate(event.steps):
            seat = seat_of.get(step.player, 0)
            if type(step) is Play:
                card = LETTER_INDEX.get(step.card, -1)
                hand = hands[seat]
                if (card >= 0 and card != PIRATE and hand[card] and state.turn == seat
                        and not passed[seat]):
                    # the common case: a lawful play of a card the hand is known to hold
                    hand[card] -= 1
                    played[seat][card] += 1
                    state.turn = next_seller(state, seat)
                    if listening:
                        self._emit("action", event, step, self._n, seat,
                                   self._describe(step, seat), len(self.notes))
                    self._n += 1
                    continue
                found = rules.check_play(state, seat, card)
                if card < 0:
                    self._counts["unseen_plays"] += 1
                elif not hand[card] and hand[UNKNOWN]:
                    self._counts["hidden_plays"] += 1
                pos = to_position(state) if found else None
                rules.apply_play(state, seat, card)
                if card == PIRATE:
                    more = rules.check_pirate(state, seat, step.robbed)
                    if more:
                        found = found + more
                        pos = pos or to_position(state)
                    rules.apply_pirate(state, seat, step.robbed)
            else:
                action = None
                if step.action is not None:
                    a = _ACTION_INDEX.get(step.action)
                    if a is None:
                        a = find_action(step.action)
                    action = a if a is not None else -1
                found = rules.check_pass(state, seat, step.kept, action, step.action)
                pos = to_position(state) if found else None
                rules.apply_pass(state, seat, action)
            if found or listening:
                start = len(self.notes)
                path = (index, "steps", j)
                where = self._where(step)
                n = self._n
                for v in found:
                    self._note(v, where, path, rnd, n, seat, pos)
                if listening:
                    self._emit("action", event, step, n, seat, self._describe(step, seat), start)
            self._n += 1

    def _describe(self, step, seat: int) -> str:
        state = self.state
        colour = state.colours[seat]
        if type(step) is Play:
            card = LETTER_INDEX.get(step.card, -1)
            text = f"{colour} plays {'an unseen card' if card < 0 else GOODS[card]}"
            if card == PIRATE and state.pirate >= 0:
                text += f"; the pirate ship sails to {state.island_name(state.pirate)}"
                if step.robbed:
                    text += " and the goods played are discarded"
            return text
        kept = state.hand_size(seat)
        text = f"{colour} passes keeping {kept} card{'s' if kept != 1 else ''}"
        if state.action[seat] >= 0:
            text += f" and takes the {ACTION_TITLES[state.action[seat]]}"
        if seat == state.captain:
            text += f": destination {state.island_name(rules.destination(state, seat))}"
        return text

    # -- closing a round ---------------------------------------------------------------------

    def _close(self) -> None:
        cur = self._round
        if cur is None:
            return
        self._round = None
        self._n = 1
        if cur.skip:
            return
        state = self.state
        rnd = state.round
        start = len(self.notes)
        rpath = f"$.events[{cur.index}]"
        if not cur.sold:
            self._sheet_round(cur)
            return
        # phase 2 ends only when everyone has passed
        n = state.players
        at = cur.last_sell
        for k in range(n):
            seat = (state.captain + k) % n
            if not state.passed[seat]:
                self._note(Violation(
                    "sell/no-pass", f"{state.colours[seat]} never passed: the selling ends when "
                    "every player has passed", expected="pass", actual="no pass"),
                    self._where(at[1]), f"$.events[{at[0]}]", rnd, None, seat,
                    to_position(state))
                rules.apply_pass(state, seat, None)
        # phase 3: destinations (U7), the recorded ones as played
        capt = state.captain
        mut = state.taken[MUTINEER]
        capt_dest = rules.destination(state, capt)
        mut_dest = rules.destination(state, mut) if mut >= 0 else -1
        for path, d in cur.dests:
            claimed = self._pos_of.get(d.island, -1)
            if d.role == "mutineer" and mut < 0:
                self._note(Violation("mutiny/no-mutineer", "a destination for the mutineer, but "
                                     "nobody took the mutineer card", expected="no mutineer",
                                     actual=d.island), self._where(d), path, rnd)
                continue
            seat = capt if d.role == "captain" else mut
            if claimed < 0:
                self._note(Violation("dest/wrong-island", f"{d.island} is not in this game's "
                                     "circle", expected=state.island_name(
                                         rules.destination(state, seat)), actual=d.island),
                           self._where(d), path, rnd, None, seat)
                continue
            for v in rules.check_destination(state, seat, claimed, d.role):
                self._note(v, self._where(d), path, rnd, None, seat, to_position(state))
            if d.role == "captain":
                capt_dest = claimed
            else:
                mut_dest = claimed
        self._emit("phase", None, None, None, capt, self._dest_text(capt_dest, mut, mut_dest),
                   start)
        # phase 4: the mutiny (U6)
        start = len(self.notes)
        success, strength = self._mutiny(cur, mut)
        if self._listener is not None and (mut >= 0 or len(self.notes) > start):
            self._emit("phase", None, None, None, mut if mut >= 0 else None,
                       f"mutiny: captain's side {strength[0]}, mutineers {strength[1]}: "
                       + ("the mutineers win" if success else "the captain holds")
                       if mut >= 0 else "no mutiny: nobody took the mutineer card", start)
        # phase 5: sales and points (U2-U5)
        start = len(self.notes)
        sales = self._sales(cur)
        if state.taken[MATE] >= 0 and state.wage < 0 and not success:
            where = cur.event
            self._note(Violation("round/no-wage", "the round has a mate but records no wage; "
                                 "0 assumed", expected="wage 0-3", actual="none"),
                       self._where(where), rpath, rnd, None, capt)
        items = rules.round_points(state, success, capt_dest, mut_dest, sales)
        rules.apply_points(state, items)
        recorded = self._sheet_checks(cur, items)
        self.scores.append(RoundScore(
            rnd, capt, state.ship, state.prev, state.active(), max(0, state.wage), capt_dest,
            mut, mut_dest, "none" if mut < 0 else "succeeded" if success else "failed",
            strength if mut >= 0 else None, items, recorded[0], state.scores[:], recorded[1],
            True, [state.role(s) for s in range(state.players)]))
        self.turns += 1
        if self._listener is not None:
            self._emit("phase", None, None, None, None, "scoring: " + "; ".join(
                f"{c} {sum(i.points for i in its)}" for c, its in zip(state.colours, items)),
                start)
        if rnd >= state.rounds:
            self._game_over(cur)
            return
        # phases 6-7: the ship sails, the table is cleared
        dest = mut_dest if success else capt_dest
        rules.apply_move(state, dest, success)
        # phase 8: the refill
        start = len(self.notes)
        self._refill(cur)
        self._emit("phase", None, None, None, state.captain, "refill", start)
        rules.next_round(state)
        self._emit("round-end", cur.event, None, None, None, f"end of round {rnd}",
                   len(self.notes), rnd)

    def _dest_text(self, capt_dest: int, mut: int, mut_dest: int) -> str:
        if self._listener is None:
            return ""
        state = self.state
        text = f"the captain sails for {state.island_name(capt_dest)}"
        if mut >= 0:
            text += (f"; the mutineer ({state.colours[mut]}) for "
                     f"{state.island_name(mut_dest)}")
        return text

    def _game_over(self, cur: _Round) -> None:
        state = self.state
        start = len(self.notes)
        rules.end_game(state)
        if cur.draw_at is not None:
            path, ev = cur.draw_at
            self._note(Violation("end/after-last-round", "the game ends with the last round's "
                                 "scoring: nobody draws", expected="no draw", actual="draw"),
                       self._where(ev), path, state.round)
        self._emit("round-end", cur.event, None, None, None, f"end of round {state.round}: "
                   "the game is over", start)

    def _sheet_round(self, cur: _Round) -> None:
        """A round with no selling recorded: follow the sheet and the claims as written."""
        state = self.state
        rnd = state.round
        start = len(self.notes)
        self._counts["no_sell"] += 1
        self._note(Violation("sell/missing", f"round {rnd} records no selling: its points are "
                             "taken from the score sheet", expected="a sell line",
                             actual="none"), self._where(cur.event), f"$.events[{cur.index}]",
                   rnd)
        items = [[] for _ in state.colours]
        for seat, colour in enumerate(state.colours):
            got = cur.scores.get(colour)
            if got is not None:
                items[seat].append(rules.Item("sheet", got[1].points, "as written"))
        rules.apply_points(state, items)
        recorded = self._sheet_checks(cur, items)
        self.scores.append(RoundScore(
            rnd, state.captain, state.ship, state.prev, state.active(), max(0, state.wage),
            state.ship, -1, -1, "none", None, items, recorded[0], state.scores[:], recorded[1],
            False, ["unknown"] * state.players))
        self.turns += 1
        if rnd >= state.rounds:
            self._game_over(cur)
            return
        dest = state.ship
        for _, d in cur.dests:
            if d.role == "captain" and d.island in self._pos_of:
                dest = self._pos_of[d.island]
        rules.apply_move(state, dest, None)
        rules.next_round(state)
        self._emit("round-end", cur.event, None, None, None, f"end of round {rnd}", start, rnd)

    def _mutiny(self, cur: _Round, mut: int) -> tuple[bool | None, tuple[int, int]]:
        state = self.state
        rnd = state.round
        if mut < 0:
            if cur.mutiny_at is not None:
                path, ev = cur.mutiny_at
                self._note(Violation("mutiny/no-mutineer", "a mutiny, but nobody took the "
                                     "mutineer card", expected="no mutiny line",
                                     actual="mutiny"), self._where(ev), path, rnd)
            # as played: the conflict cards laid down still leave the hands (phase 7)
            for _, a in cur.adds:
                rules.apply_add(state, self.seat_of.get(a.player, 0), a.count)
            return None, (0, 0)
        if cur.mutiny_at is None:
            self._note(Violation("mutiny/not-recorded", f"{state.colours[mut]} took the "
                                 "mutineer card but the log records no mutiny: nobody is "
                                 "assumed to add conflict cards", expected="a mutiny line",
                                 actual="none"), self._where(cur.event),
                       f"$.events[{cur.index}]", rnd, None, mut)
        n = state.players
        adds = []
        last = -1
        out_of_order = False
        for path, a in cur.adds:
            seat = self.seat_of.get(a.player, 0)
            order = (seat - state.captain) % n
            if order < last and not out_of_order:
                out_of_order = True
                self._note(Violation("mutiny/out-of-order", f"{a.player} adds conflict cards "
                                     "after a player who sits later from the captain",
                                     expected="from the captain clockwise", actual=a.player),
                           self._where(a), path, rnd, None, seat)
            last = order
            side = None if a.side is None else (1 if a.side == "captain" else -1)
            hand = state.hands[seat]
            if a.count > hand[CONFLICT] and hand[UNKNOWN]:
                self._counts["hidden_mutiny"] += 1
            found = rules.check_add(state, seat, a.count, side)
            pos = to_position(state) if found else None
            for v in found:
                self._note(v, self._where(a), path, rnd, None, seat, pos)
            rules.apply_add(state, seat, a.count)
            adds.append((seat, a.count, side))
        strength = rules.mutiny_strength(state, adds)
        success = rules.mutiny_succeeds(*strength)
        if cur.outcome is not None:
            path, ev, outcome = cur.outcome
            said = outcome == "mutineers"
            if said != success:
                c, m = strength
                mate = " (the mate's 1 included)" if state.taken[MATE] >= 0 else ""
                why = (f"the captain's side counts {c}{mate}, the mutineers {m}: "
                       + ("ties go to the mutineers" if c == m else
                          "the mutineers win" if success else "the captain holds"))
                self._note(Violation("mutiny/outcome", why,
                                     expected="mutineers" if success else "captain",
                                     actual=outcome), self._where(ev), path, rnd, None, mut)
            success = said
        return success, strength

    def _sales(self, cur: _Round) -> list[rules.Sale]:
        state = self.state
        rnd = state.round
        declared = []
        where = []
        for path, s in cur.sales:
            seat = self.seat_of.get(s.player, 0)
            pos = self._pos_of.get(s.island, -1)
            if pos < 0:
                self._note(Violation("sale/wrong-island", f"{s.island} is not in this game's "
                                     "circle", expected=", ".join(
                                         state.island_name(p) for p in state.active()),
                                     actual=s.island), self._where(s), path, rnd, None, seat)
                continue
            declared.append((seat, LETTER_INDEX[s.good], pos, s.count))
            where.append((path, s))
        sales, bad, assumed = rules.resolve_sales(state, declared)
        for i, v in bad:
            path, s = where[i]
            self._note(v, self._where(s), path, rnd, None, self.seat_of.get(s.player, 0),
                       to_position(state))
        if assumed:
            path, ev = cur.sale_at if cur.sale_at is not None else (f"$.events[{cur.index}]",
                                                                    cur.event)
            for seat, what in assumed:
                names = " and ".join(state.island_name(p) for p in state.active())
                self._note(Violation("sale/assumed", f"{state.colours[seat]} could split goods "
                                     f"between {names} but declares no sale there: assumed "
                                     f"{what}", expected="a sale declaration", actual="none"),
                           self._where(ev), path, rnd, None, seat)
        return sales

    def _sheet_checks(self, cur: _Round, items) -> tuple[list, list]:
        """Compare the score sheet, entry by entry, with the replay; a running total wrong
        only because an earlier error was carried into it is reported as carried."""
        state = self.state
        rnd = state.round
        recorded: list[int | None] = []
        recorded_totals: list[int | None] = []
        if not cur.scores:
            self._counts["no_score"] += 1
        if not cur.totals:
            self._counts["no_total"] += 1
        for line in (cur.scores, cur.totals):
            missing = [c for c in state.colours if c not in line]
            if line and missing:
                path, e = next(iter(line.values()))
                what = "score" if line is cur.scores else "total"
                self._note(Violation(
                    "score/missing", f"the {what} line of round {rnd} has no entry for "
                    f"{', '.join(missing)}: not compared", expected="an entry per player",
                    actual=", ".join(line)), (e.line, 1, 6) if e.line else None,
                    (path[0], "", 0), rnd)
        for seat, colour in enumerate(state.colours):
            its = items[seat]
            points = sum(i.points for i in its)
            got = cur.scores.get(colour)
            recorded.append(got[1].points if got else None)
            if got is not None and got[1].points != points:
                path, e = got
                self._note(Violation(
                    "score/round", f"{colour}'s round {rnd} score is {points}, not "
                    f"{e.points}: {rules.explain(its)}", expected=str(points),
                    actual=str(e.points)), self._where(e), path, rnd, None, seat)
                self._source[seat] = len(self.notes) - 1
            self._sheet[seat] += got[1].points if got is not None else points
            tot = cur.totals.get(colour)
            recorded_totals.append(tot[1].points if tot else None)
            if tot is None:
                continue
            path, e = tot
            right = state.scores[seat]
            if e.points != right:
                before = right - points
                if e.points == self._sheet[seat] and self._source[seat] is not None:
                    src = self.notes[self._source[seat]]
                    self._note(Violation(
                        "score/carried", f"{colour}'s total after round {rnd} is {right}, not "
                        f"{e.points}, only because of the error carried from "
                        f"{'line ' + str(src.line) if src.line else 'round ' + str(src.turn)}",
                        expected=str(right), actual=str(e.points)),
                        self._where(e), path, rnd, None, seat, follows=self._source[seat])
                else:
                    self._note(Violation(
                        "score/total", f"{colour}'s total after round {rnd} is {right}, not "
                        f"{e.points}: {before} before the round + {points} this round",
                        expected=str(right), actual=str(e.points)),
                        self._where(e), path, rnd, None, seat)
                    self._source[seat] = len(self.notes) - 1
            self._sheet[seat] = e.points
        return recorded, recorded_totals

    def _refill(self, cur: _Round) -> None:
        state = self.state
        rnd = state.round
        n = state.players
        steve = state.taken[STEVEDORE]
        if cur.draw_at is None:
            self._counts["no_draw"] += 1
            for k in range(n):
                seat = (state.captain + k) % n
                need = rules.refill_need(state, seat)
                extra = 3 if seat == steve else 0
                rules.apply_refill(state, seat, None, min(need + extra,
                                                          rules.cards_available(state)),
                                   None, None)
            return
        last = -1
        out_of_order = False
        seen = set()
        for path, d in cur.draws:
            seat = self.seat_of.get(d.player, 0)
            order = (seat - state.captain) % n
            if order < last and not out_of_order:
                out_of_order = True
                self._note(Violation("refill/out-of-order", f"{d.player} draws after a player "
                                     "who sits later from the captain",
                                     expected="from the captain clockwise", actual=d.player),
                           self._where(d), path, rnd, None, seat)
            last = order
            seen.add(seat)
            cards = _kinds(d.cards)
            keep = _kinds(d.keep)
            if (cards is None and d.count) or (cards is not None and -1 in cards):
                self._counts["count_draws"] += 1
            found = rules.check_refill(state, seat, cards, d.count, keep, d.returned)
            pos = to_position(state) if found else None
            for v in found:
                self._note(v, self._where(d), path, rnd, None, seat, pos)
            rules.apply_refill(state, seat, cards, d.count, keep, d.returned)
        path, ev = cur.draw_at
        for k in range(n):
            seat = (state.captain + k) % n
            if seat in seen:
                continue
            need = rules.refill_need(state, seat) + (3 if seat == steve else 0)
            want = min(need, rules.cards_available(state))
            if want:
                self._note(Violation(
                    "refill/count", f"no draw is recorded for {state.colours[seat]}, who holds "
                    f"{state.hand_size(seat)} and draws {want}"
                    + (" (3 of them as the stevedore)" if seat == steve else "")
                    + "; the draw is assumed", expected=str(want), actual="0"),
                    self._where(ev), path, rnd, None, seat, to_position(state))
                rules.apply_refill(state, seat, None, want, None, None)

    # -- the end -----------------------------------------------------------------------------

    def _finish(self) -> None:
        state, log = self.state, self.log
        start = len(self.notes)
        over = state.phase == OVER
        winners = [state.colours[s] for s in rules.winners(state)] if over else []
        if not over:
            last = log.events[-1] if log.events else None
            where = self._where(last) if last is not None else self._header("players")
            done = state.round - 1
            self._note(Violation("end/unfinished", f"the log ends after {done} of "
                                 f"{state.rounds} rounds", expected=f"{state.rounds} rounds",
                                 actual=str(done)),
                       where, "$.events", done or None, None, None, to_position(state))
        if log.result is None:
            self.unchecked.append("the log records no result (Result tag): the result was "
                                  "not compared")
        elif sorted(log.result) != sorted(winners):
            said = ("unfinished" if not over else
                    f"won by {winners[0]}" if len(winners) == 1 else
                    "a tie shared by " + ", ".join(winners))
            self._note(Violation("result/differs", f"the replayed game is {said} "
                                 f"({self._totals_text()})",
                                 expected=", ".join(winners) or "unfinished",
                                 actual=", ".join(log.result) or "unfinished"),
                       self._header("result"), "$.result")
        c = self._counts
        if c["hidden_plays"]:
            self.unchecked.append(
                f"{c['hidden_plays']} card play(s) from hands the log does not know: checked "
                "only against the number of cards of each kind")
        if c["unseen_plays"]:
            self.unchecked.append(
                f"{c['unseen_plays']} card(s) played without their kind: not counted in any "
                "sale nor against any kind")
        if c["hidden_mutiny"]:
            self.unchecked.append(
                f"{c['hidden_mutiny']} mutiny entr{'ies' if c['hidden_mutiny'] > 1 else 'y'} "
                "from hands the log does not know: checked only against the cards kept")
        if c["count_draws"]:
            self.unchecked.append(
                f"{c['count_draws']} draw(s) record how many cards, not which: their kinds "
                "were not checked")
        if c["no_draw"]:
            self.unchecked.append(
                f"{c['no_draw']} round(s) record no draw: every player was assumed to refill "
                "to 5 (the stevedore drawing 3 more) with unseen cards")
        if c["no_sell"]:
            self.unchecked.append(
                f"{c['no_sell']} round(s) record no selling: their points were taken from the "
                "score sheet, not checked")
        if c["no_score"] and self.turns:
            self.unchecked.append(
                f"{c['no_score']} round(s) have no score line: the round points were not "
                "compared with a sheet")
        if c["no_total"] and self.turns:
            self.unchecked.append(
                f"{c['no_total']} round(s) have no total line: the running totals were not "
                "compared with a sheet")
        self._emit("end", None, None, None, None, ", ".join(winners) or "unfinished", start)

    def _totals_text(self) -> str:
        state = self.state
        return ", ".join(f"{c} {s}" for c, s in zip(state.colours, state.scores))


# -- frames for the step-by-step view ----------------------------------------------------------


class Frame(msgspec.Struct, tag="meuterer", tag_field="game", omit_defaults=True,
            kw_only=True):
    """One step of a replay as plain data (``cartlog replay --format json``).

    ``findings`` are indices into the report's finding list. The table (hands, cards played,
    scores, ships, deck, discard) is given at setup, at the end of every round and at the end.
    """

    kind: str  # setup, round, wage, action, phase, round-end, comment, end
    turn: int | None = None  # the round
    action: int | None = None  # the selling turn within the round
    player: str | None = None
    notation: str | None = None
    text: str = ""
    findings: list[int] = []
    line: int | None = None
    hands: dict[str, str] | None = None
    played: dict[str, str] | None = None
    scores: dict[str, int] | None = None
    captain: str | None = None
    ship: str | None = None
    previous: str | None = None
    pirate: str | None = None
    deck: int | None = None
    discard: int | None = None
    winners: list[str] | None = None


def record(log: MeutererLog) -> tuple[Replay, list[Frame]]:
    """Replay a log and keep a :class:`Frame` for every step."""
    from cartlog.games.meuterer.notation import format_event, format_step

    replay = Replay(log)
    frames: list[Frame] = []
    index_of: dict[int, int] = {}

    def table(state: State) -> dict:
        over = state.phase == OVER
        return dict(
            hands={c: cards_text(h) for c, h in zip(state.colours, state.hands)},
            played={c: cards_text(p) for c, p in zip(state.colours, state.played)},
            scores=dict(zip(state.colours, state.scores)),
            captain=state.colours[state.captain], ship=state.island_name(state.ship),
            previous=state.island_name(state.prev) if state.prev >= 0 else None,
            pirate=state.island_name(state.pirate) if state.pirate >= 0 else None,
            deck=state.deck_count, discard=sum(state.discard),
            winners=[state.colours[s] for s in rules.winners(state)] if over else None)

    def listener(step: Step) -> None:
        for note in replay.notes[len(index_of):]:
            index_of[id(note)] = len(index_of)
        found = [index_of[id(n)] for n in step.notes]
        state = step.state
        colour = state.colours[step.seat] if step.seat is not None and step.seat >= 0 else None
        ev = step.event
        line = getattr(step.item if step.item is not None else ev, "line", 0) or None
        if step.kind == "action":
            frames.append(Frame(kind="action", turn=step.round, action=step.action_no,
                                player=colour, notation=format_step(step.item), text=step.text,
                                findings=found, line=line))
        elif step.kind in ("round-end", "setup", "end"):
            frames.append(Frame(kind=step.kind, turn=step.round, player=colour,
                                notation=format_event(ev) if ev is not None else None,
                                text=step.text, findings=found, line=line, **table(state)))
        else:
            frames.append(Frame(kind=step.kind, turn=step.round, player=colour,
                                notation=format_event(ev) if ev is not None else None,
                                text=step.text, findings=found, line=line))

    replay.run(listener)
    return replay, frames


__all__ = ["Frame", "Note", "Replay", "RoundScore", "Step", "build_circle", "record"]
