"""The Meuterer engine: the rules of a round driven one log line at a time.

Implements :class:`cartlog.core.spec.Engine`. Events are the log's own Structs (:mod:`events`):
``round``, ``wage``, ``sell`` (one or more plays and passes), ``dest``, ``mutiny``, ``sale``,
``score``, ``total``, ``draw`` and comments. The state has an explicit phase
(:meth:`Engine.phase`): the round to open, the wage (rulebook 001 phase 1), the selling (phase
2), then the lines of phases 3-8 that a log may give (destinations, mutiny, sales, the score
sheet, the refill). The plays and passes of the selling are checked as they come; the rest of
a round is settled when the round closes (the next ``round`` line, the end of the log, or for
the last round its ``total`` line), in the order of the rulebook's phases, whatever order the
round's lines came in (U1-U8). The game's whole state, the round under way included, is its
:class:`~cartlog.games.meuterer.model.State`; the violations found are kept as plain data,
each with the index of the event it stands at and the field and entry of it
(:class:`~cartlog.games.meuterer.settle.Finding`), which the walker
(:class:`~cartlog.games.meuterer.replay.Replay`) places in the log.
"""

from __future__ import annotations

from typing import Final, NamedTuple

import msgspec

from cartlog.core.findings import Violation
from cartlog.core.spec import GameSpec, Outcome, ToMove
from cartlog.core.words import aside, did_you_mean
from cartlog.games.meuterer import SPEC, rules, settle
from cartlog.games.meuterer.codes import CODES
from cartlog.games.meuterer.events import (
    Add,
    Comment,
    Dest,
    DestEntry,
    Draw,
    DrawEntry,
    Entry,
    Event,
    MeutererLog,
    Mutiny,
    Pass,
    Play,
    Round,
    Sale,
    Score,
    Sell,
    Total,
    Wage,
)
from cartlog.games.meuterer.model import (
    ACTION_TITLES,
    ACTIONS,
    CONFLICT,
    DEFAULT_ISLANDS,
    GOODS,
    LETTER_INDEX,
    LETTERS,
    MATE,
    MUTINEER,
    NKINDS,
    OVER,
    PIRATE,
    STEVEDORE,
    UNKNOWN,
    VARIANT_SPELLINGS,
    VARIANTS,
    WAGES,
    EventPath,
    RoundRecord,
    SoldCards,
    State,
    Variant,
    build_circle,
    find_action,
    find_variant,
    located,
)
from cartlog.games.meuterer.position import from_position, to_position
from cartlog.games.meuterer.score import PlayerRound, RoundBreakdown
from cartlog.games.meuterer.settle import Finding, Told, needless_mark

# the classes compared by type below, as C statics: compiled, a class imported by name is
# looked up in the module's dictionary at every use (docs/performance.md, "Writing for the
# compiler")
_COMMENT: Final = Comment
_DEST: Final = Dest
_DRAW: Final = Draw
_MUTINY: Final = Mutiny
_PASS: Final = Pass
_PLAY: Final = Play
_ROUND: Final = Round
_SALE: Final = Sale
_SCORE: Final = Score
_SELL: Final = Sell
_TOTAL: Final = Total
_WAGE: Final = Wage


_ACTION_INDEX: Final = {name: i for i, name in enumerate(ACTIONS)}
# what hidden cards and missing lines kept the rules from seeing, counted (Engine.counts)
COUNTS: Final = ("hidden_plays", "unseen_plays", "count_draws", "no_draw", "hidden_mutiny",
                 "no_score", "no_total", "no_sell")
# the letters of the cards a play can sell without more ado: every named card but the pirate
_SOLD: Final = {letter: kind for letter, kind in LETTER_INDEX.items() if 0 <= kind != PIRATE}


_KINDS: Final[dict[str, tuple[int, ...]]] = {}  # the short runs of cards a log repeats, read once


def _kinds_of(text: str) -> tuple[int, ...]:
    """Cards written as letters, as kinds (-1: unseen or not a card)."""
    kinds = _KINDS.get(text)
    if kinds is None:
        kinds = tuple([LETTER_INDEX.get(c, -1) for c in text])
        if len(text) <= 8 and len(_KINDS) < 4096:
            _KINDS[text] = kinds
    return kinds


def _kinds(text: str | None) -> tuple[int, ...] | None:
    return None if text is None else _kinds_of(text)


def _after_the_end(state: State, number: int | None) -> Violation:
    """U1: the game ends after the last round's scoring; a round after it is not played."""
    return Violation(
        "end/after-last-round", f"the game ended after round {state.rounds} "
        f"({state.rounds} rounds with {state.players} players); this round should not "
        "have been played", expected="no further round",
        actual=f"round {number if number is not None else state.round + 1}")


def _round_number(number: int, written: int) -> Violation:
    return Violation("round/number", f"round written as {written} is round {number} of the "
                     "game", expected=str(number), actual=str(written))


def _action_of(word: str | None) -> int | None:
    """The action card a pass takes: ``None`` for none, -1 for a word that names none."""
    if word is None:
        return None
    a = _ACTION_INDEX.get(word)
    if a is None:
        a = find_action(word)
    return a if a is not None else -1


def _sell_step(state: State, seat: int, step: Play | Pass, room: int
               ) -> tuple[list[Violation], str | None]:
    """One play or pass of phase 2 checked by the rules (:func:`rules.check_play`, for the
    pirate card :func:`rules.check_pirate`, :func:`rules.check_pass`), then carried out, as
    played; with ``room`` for positions, the position for its findings: the table before the
    step (for the pirate ship's, once the card is played)."""
    pos: str | None = None
    if type(step) is _PLAY:
        card = LETTER_INDEX.get(step.card, -1)
        found = rules.check_play(state, seat, card)
        if found and room > 0:
            pos = table_position(state)
        rules.apply_play(state, seat, card)
        if card == PIRATE:
            more = rules.check_pirate(state, seat, step.robbed)
            if more:
                found = found + more
                if pos is None and room > 0:
                    pos = table_position(state)
            rules.apply_pirate(state, seat, step.robbed)
        return found, pos
    action = _action_of(step.action)  # type: ignore[union-attr]
    found = rules.check_pass(state, seat, step.kept, action, step.action)  # type: ignore
    if found and room > 0:
        pos = table_position(state)
    rules.apply_pass(state, seat, action)
    return found, pos


def table_position(state: State) -> str | None:
    """The one-line position a finding carries. A card played from a hand that held none is
    still played, so that a log of such plays grows the cards played with the game: a table
    holding more cards than the game has is no position a game reaches (the reader refuses
    it), and gets none; no finding's position grows with the log."""
    held = (sum(sum(h) for h in state.hands) + sum(sum(p) for p in state.played)
            + sum(state.discard))
    if held > state.variant.deck_size:
        return None
    return to_position(state)


class Scoring(NamedTuple):
    """A round's scoring as the settling comes to it (phase 5): the round, whether the refill
    follows, the captain and the destinations, the mutiny's outcome and strength, the sales
    and each player's points (:func:`rules.round_points`)."""

    cur: RoundRecord
    refill: bool
    captain: int
    dest: int
    mutineer: int
    mutineer_dest: int
    success: bool | None
    strength: tuple[int, int]
    sales: list[SoldCards]
    items: list[list[rules.Item]]


class Engine:
    """A game of Meuterer in progress (see :class:`cartlog.core.spec.Engine`).

    :meth:`check` says which rules an event breaks, :meth:`apply` carries it out as played;
    a round is settled when it closes (:meth:`close`: the next round line, the last round's
    total line, or the walker at the end of the log). Kept as it goes: ``turns`` (rounds
    played), ``actions`` (plays and passes), ``scores`` (each round's breakdown, as its
    scoring made it: :class:`~cartlog.games.meuterer.score.RoundBreakdown`), ``counts``
    (what hidden cards and missing lines kept the rules from seeing), and ``out``: what it
    found and did since the walker last took it, as plain data: each finding where it stands
    (:class:`~cartlog.games.meuterer.settle.Finding`: which event, which field and entry of
    it), with ``telling`` each step in words (:class:`~cartlog.games.meuterer.settle.Told`),
    and in words what the log leaves unknown (a ``str``). A settled round's findings may
    stand at any of the round's lines.
    """

    spec: GameSpec = SPEC
    state: State  # the table, from setup() or from_position(): an engine before has none

    def __init__(self, variant: Variant, colours: list[str]) -> None:
        self.log: MeutererLog | None = None
        self.turns = 0
        self.actions = 0
        self.scores: list[RoundBreakdown] = []
        self.rs = variant
        self.colours = colours
        self.seat_of: dict[str, int] = {}
        for seat, c in enumerate(self.colours):
            self.seat_of.setdefault(c, seat)
        n = len(colours)
        self._after = [seat + 1 if seat + 1 < n else 0 for seat in range(n)]  # clockwise
        self.auto_close = True  # the last round closes with its total line (the walker: off)
        # the walker's engine stops where a value may be a slip of the pen the walker reads
        # (:mod:`lookahead`): a draw the rules refuse (``waiting``), a sheet giving the
        # captain other points (``scoring``); it follows the readings the walker gives it
        # (those of a round's destinations and mutiny in the round's ``fixes``); copies never
        # stop
        self.slips = False
        # the index in the log of the next event: apply() counts the events it applies; a
        # walker that feeds each event at its index sets it where a look-ahead reads on
        self.next_event = 0
        self._n = 1  # the next selling turn's number within the round
        self.pos_of: dict[str, int] = {}
        # the line of each player's last sheet error, for the totals that carry it (0: not
        # read from text; the state keeps its round)
        self._source_line = [0] * n
        self.counts: dict[str, int] = dict.fromkeys(COUNTS, 0)
        # the lines marked condoned (!) so far, each with whether a finding stands at it
        self.marked: dict[int, bool] = {}
        # what was found and done since the walker last took it (see the class)
        self.out: list[Finding | Told | str] = []
        self.room = 0  # how many more findings carry the table's position
        self.telling = False  # whether each step is told in words (the step-by-step view)
        # with slips: the round whose refill waits at a draw entry for the walker to read it,
        # the entry and the cards the rules give it (resume() goes on)
        self.waiting: tuple[RoundRecord, int, int] | None = None
        # with slips: the scoring that waits for the walker to read the sheet's wage
        self.scoring: Scoring | None = None

    # -- construction ------------------------------------------------------------------------

    @classmethod
    def start(cls, log: MeutererLog) -> Engine:
        """The game set up from a log's header (its circle, seats, captain and deal); the
        rules the header breaks are the first findings in ``out``."""
        engine = cls.for_log(log)
        engine.setup()
        return engine

    @classmethod
    def for_log(cls, log: MeutererLog) -> Engine:
        """An engine for ``log`` not yet set up (call :meth:`setup`)."""
        engine = cls(find_variant(log.variant) or VARIANTS["base"],
                     [p.colour for p in log.players])
        engine.log = log
        return engine

    @classmethod
    def from_position(cls, text: str) -> Engine:
        """The game set up from a one-line position (``PositionError``, a ValueError), the
        round it stands in with what the position says of it recorded."""
        state = from_position(text)
        engine = cls(state.variant, list(state.colours))
        engine.state = state
        for pos, isl in enumerate(state.circle):
            engine.pos_of.setdefault(isl.name, pos)
        return engine

    def setup(self) -> None:
        """Check the log's header and set the table (001 'Mise en place'), or the table of
        the position the log starts from (:meth:`_setup_at`)."""
        log = self.log
        assert log is not None, "an engine from a position has no header to set up"
        if log.position is not None:
            self._setup_at(log.position)
            return
        variant = self.rs
        found: list[tuple[Violation, str, int | None]] = []  # kept once the table is set

        def keep(v: Violation, field: str, seat: int | None = None) -> None:
            found.append((v, field, seat))

        if find_variant(log.variant) is None:
            keep(Violation("setup/variant", f"unknown variant {log.variant!r}"
                           + aside(did_you_mean(log.variant, VARIANT_SPELLINGS))
                           + "; read as the base game", expected="base or pirate",
                           actual=log.variant),
                 "variant")
        n = len(self.colours)
        if not variant.min_players <= n <= variant.max_players:
            keep(Violation("setup/seats", f"{n} players; Meuterer is for 3 or 4",
                           expected="3-4", actual=str(n)), "players")
        dup = sorted({c for c in self.colours if self.colours.count(c) > 1})
        if dup:
            keep(Violation("setup/seats", f"colour {', '.join(dup)} used by two players",
                           expected="a colour per player", actual=", ".join(self.colours)),
                 "players")
        for v in rules.check_circle(list(log.islands), [i.name for i in DEFAULT_ISLANDS]):
            keep(v, "islands")
        circle = build_circle(log)
        self.pos_of = {}
        for pos, isl in enumerate(circle):
            self.pos_of.setdefault(isl.name, pos)
        hands = [_kinds(log.deal.get(c)) for c in self.colours]
        for seat, v in rules.check_deal(variant, hands):
            keep(v, "deal" + (f".{self.colours[seat]}" if seat >= 0 else ""),
                 seat if seat >= 0 else None)
        captain = self.seat_of.get(log.captain, 0) if log.captain else 0
        colours = self.colours or ["red"]
        self.state = rules.new_game(variant, circle, colours, captain, hands)
        for v, field, who in found:
            self._found(v, None, field, seat=who)
        unseen = [c for c, h in zip(self.colours, hands) if h is None or -1 in h]
        if unseen:
            self.out.append(
                f"the deal of {', '.join(unseen)} is not (fully) known: cards played from those "
                "hands are checked only against the number of cards of each kind")
        self._tell("setup", None, None, None, None, "setup")

    def _setup_at(self, position: str) -> None:
        """The table of a log that starts from a position, at the start of a round
        (docs/notation.md, "Starting from a position"): the rounds before it count as played
        (their points are in the position's scores), and what the setup's rules can still
        say of it is found at the position: the number of players (U1), the circle and the
        hands of 5 every player holds at a round's start."""
        state = from_position(position)
        self.state = state
        self.rs = state.variant
        self.pos_of = {}
        for pos, isl in enumerate(state.circle):
            self.pos_of.setdefault(isl.name, pos)
        self.turns = state.round - 1 if state.phase != OVER else state.rounds
        n = len(state.colours)
        variant = state.variant
        if not variant.min_players <= n <= variant.max_players:
            self._found(Violation("setup/seats", f"{n} players; Meuterer is for 3 or 4",
                                  expected="3-4", actual=str(n)), None, "position")
        for v in rules.check_circle([isl.name for isl in state.circle],
                                    [i.name for i in DEFAULT_ISLANDS]):
            self._found(v, None, "position")
        if state.phase != OVER:
            for seat, v in rules.check_round_hands(state):
                self._found(v, None, "position", seat=seat)
        before = (f"rounds 1-{state.round - 1}" if state.round > 2 else "round 1"
                  if state.round == 2 else "nothing but the deal")
        scores = ", ".join(f"{c} {p}" for c, p in zip(state.colours, state.scores))
        self.out.append(
            f"the log starts from a position at round {state.round}: the setup, the deal and "
            f"{before} were not checked, and the position's hands, table and scores ({scores}) "
            "are taken as they are: the score sheet's totals are checked from them")
        unseen = [c for c, h in zip(state.colours, state.hands) if h[UNKNOWN]]
        if unseen:
            self.out.append(
                f"the hand of {', '.join(unseen)} is not (fully) known in the position: cards "
                "played from it are checked only against the number of cards of each kind")
        self._tell("setup", None, None, None, None, "from the position: " + position)

    def feed(self, index: int, event: Event) -> None:
        """Carry out the event that stands at ``index`` in the log (where its findings
        stand)."""
        if type(event) is _ROUND:
            self.close()
            self._open(index, event)
            return
        if type(event) is _COMMENT:
            self._tell("comment", event, None, None, None, event.text)
            return
        cur = self.state.open
        if cur is None:  # a line before the first round (the readers refuse it)
            cur = self._open(index, Round(number=None))
        if cur.skip:
            return
        if type(event) is _SELL:
            self._sell(index, event)
            cur.last_sell = (index, event)
        elif type(event) is _DRAW:
            if event.condoned:
                self._mark(cur, index, event)
            cur.draw_at = cur.draw_at or ((index, None, None), event)
            cur.draws += located(index, "draws", event.draws)
        elif type(event) is _SCORE:
            cur.score_lines.append((index, event))
            cur._scores = None
        elif type(event) is _TOTAL:
            cur.total_lines.append((index, event))
            cur._totals = None
        elif type(event) is _DEST:
            if event.condoned:
                self._mark(cur, index, event)
            cur.dests += located(index, "dests", event.dests)
        elif type(event) is _WAGE:
            if event.condoned:
                self._mark(cur, index, event)
            self._wage(index, event)  # its finding's position: the round before the line
            cur.wage_at = ((index, None, None), event)
        elif type(event) is _MUTINY:
            if event.condoned:
                self._mark(cur, index, event)
            path: EventPath = (index, None, None)
            cur.mutiny_at = cur.mutiny_at or (path, event)
            cur.adds += located(index, "adds", event.adds)
            if event.outcome is not None:
                cur.outcome = (path, event, event.outcome)
        elif type(event) is _SALE:
            if event.condoned:
                self._mark(cur, index, event)
            cur.sale_at = cur.sale_at or ((index, None, None), event)
            cur.sales += located(index, "sales", event.sales)

    def _open(self, index: int, event: Round) -> RoundRecord:
        state = self.state
        cur = self.state.open = RoundRecord(index, event)
        if state.phase == OVER:
            cur.skip = True
            self._found(_after_the_end(state, event.number), event, (index, None, None),
                        state.rounds + 1)
            self._tell("round", event, None, None, None, "after the end")
            return cur
        if event.number is not None and event.number != state.round:
            self._found(_round_number(state.round, event.number), event,
                        (index, "number", None), state.round)
        if self.telling:
            self._tell("round", event, None, None, state.captain,
                       f"round {state.round}: {state.colours[state.captain]} is captain, the "
                       f"ship lies at {state.island_name(state.ship)}")
        return cur

    def _wage(self, index: int, event: Wage) -> None:
        state = self.state
        for v in rules.check_wage(state, event.wage):
            self._found(v, event, (index, "wage", None), state.round, None, state.captain,
                        self._position())
        rules.apply_wage(state, event.wage)
        if self.telling:
            self._tell("wage", event, None, None, state.captain,
                       f"{state.colours[state.captain]} offers the mate {event.wage}")

    # -- selling -----------------------------------------------------------------------------

    def _sell(self, index: int, event: Sell) -> None:
        state = self.state
        seat_of, after = self.seat_of, self._after
        listening = self.telling
        hands, played, passed = state.hands, state.played, state.passed
        kind_of = _SOLD
        steps = event.steps
        self.actions += len(steps)
        first = self._n  # the number within the round of the line's first selling turn
        for j, step in enumerate(steps):
            try:  # subscripts rather than get(): the usual case finds the key
                seat = seat_of[step.player]
            except KeyError:
                seat = 0
            if type(step) is _PLAY:
                try:
                    card = kind_of[step.card]
                except KeyError:
                    card = None
                if card is not None:
                    hand = hands[seat]
                    if (hand[card] and state.turn == seat and not passed[seat]
                            and not step.condoned):
                        # the common case: a lawful play of a goods card the hand is known to
                        # hold (rules.check_play, rules.apply_play), the next seat clockwise
                        # selling next unless it has passed
                        hand[card] -= 1
                        played[seat][card] += 1
                        nxt = after[seat]
                        state.turn = nxt if not passed[nxt] else rules.next_seller(state, seat)
                        if listening:
                            self._n = first + j
                            self._tell("action", event, step, first + j, seat,
                                       self._describe(step, seat))
                        continue
            elif type(step) is _PASS and not listening:
                word = step.action
                action = _ACTION_INDEX.get(word) if word is not None else None
                if (word is None or action is not None) and not step.condoned and \
                        not rules.check_pass(state, seat, step.kept, action, word):
                    rules.apply_pass(state, seat, action)  # the common case: a lawful pass
                    continue
            self._n = first + j
            if j:  # the line's steps before this one are recorded (its position says so)
                self.state.open.last_sell = (index, event)  # type: ignore[union-attr]
            self._step(index, event, j, step, seat)
        self._n = first + len(steps)

    def _step(self, index: int, event: Sell, j: int, step: Play | Pass, seat: int) -> None:
        """One play or pass of a sell line, checked by the rules, then carried out."""
        state = self.state
        hand = state.hands[seat]
        if type(step) is _PLAY:
            card = LETTER_INDEX.get(step.card, -1)
            if card < 0:
                self.counts["unseen_plays"] += 1
            elif not hand[card] and hand[UNKNOWN]:
                self.counts["hidden_plays"] += 1
        found, pos = _sell_step(state, seat, step, self.room)
        listening = self.telling
        if found or listening or step.condoned:
            path: EventPath = (index, "steps", j)
            n = self._n
            for v in found:
                self._found(v, step, path, state.round, n, seat, pos, step.condoned)
            if step.condoned and not found:
                self._found(needless_mark("play or pass"), step, path, state.round, n, seat,
                            None, False)
            if listening:
                self._tell("action", event, step, n, seat, self._describe(step, seat))

    def _check_sell(self, event: Sell) -> list[Violation]:
        """What a sell line breaks, step by step on a copy of the table (:func:`_sell_step`,
        as :meth:`_step` carries it out), a needless ``!`` included."""
        state = self.state.copy()
        seat_of = self.seat_of
        found: list[Violation] = []
        for step in event.steps:
            broken, _ = _sell_step(state, seat_of.get(step.player, 0), step, 0)
            if broken:
                found += broken
            elif step.condoned:
                found.append(needless_mark("play or pass"))
        return found

    def _describe(self, step: Play | Pass, seat: int) -> str:
        state = self.state
        colour = state.colours[seat]
        if type(step) is _PLAY:
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

    def close(self, refill: bool = True) -> None:
        """Settle the open round (phases 3-8 of rulebook 001), if any; with ``refill`` false,
        stop before the refill (phase 8), as a look-ahead does. Once the round is settled, its
        lines marked condoned (``!``) that no finding is at are found (``condoned/lawful``)."""
        cur = self.state.open
        if cur is None:
            return
        self.state.open = None
        self._n = 1
        if cur.skip:
            return
        state = self.state
        rnd = state.round
        fixes = cur.fixes
        if cur.last_sell is None:
            self._sheet_round(cur)
            if cur.marked:
                self._marked_lawful(cur)
            return
        # phase 2 ends only when everyone has passed: found at the last sell line
        at, last = cur.last_sell
        for seat, v in rules.check_all_passed(state):
            self._found(v, last, (at, None, None), rnd, None, seat, self._position())
            rules.apply_pass(state, seat, None)
        # phase 3: destinations (U7), the recorded ones as played
        capt = state.captain
        mut = state.taken[MUTINEER]
        capt_dest = rules.destination(state, capt)
        mut_dest = rules.destination(state, mut) if mut >= 0 else -1
        for path, d in cur.dests:
            claimed = self.pos_of.get(d.island, -1)
            if d.role == "mutineer" and mut < 0:
                self._found(Violation("mutiny/no-mutineer", "a destination for the mutineer, "
                                      "but nobody took the mutineer card",
                                      expected="no mutineer", actual=d.island), d, path, rnd)
                continue
            seat = capt if d.role == "captain" else mut
            if claimed < 0:
                self._found(Violation("dest/wrong-island", f"{d.island} is not in this game's "
                                      "circle", expected=state.island_name(
                                          rules.destination(state, seat)), actual=d.island),
                            d, path, rnd, None, seat)
                continue
            found = rules.check_destination(state, seat, claimed, d.role)
            fix = fixes.get(path) if fixes and found else None
            if fix is not None:  # a slip: the lines after it follow the lawful island
                found = [v._replace(message=v.message + fix[1]) for v in found]
                claimed = self.pos_of[fix[0].island]  # type: ignore[attr-defined]
            for v in found:
                self._found(v, d, path, rnd, None, seat, self._position())
            if d.role == "captain":
                capt_dest = claimed
            else:
                mut_dest = claimed
        listening = self.telling
        if listening:
            self._tell("phase", None, None, None, capt,
                       self._dest_text(capt_dest, mut, mut_dest), phase="dest")
        # phase 4: the mutiny (U6)
        start = len(self.out)
        success, strength = self._mutiny(cur, mut)
        if listening and (mut >= 0 or len(self.out) > start):
            self._tell("phase", None, None, None, mut if mut >= 0 else None,
                       f"mutiny: captain's side {strength[0]}, mutineers {strength[1]}: "
                       + ("the mutineers win" if success else "the captain holds")
                       if mut >= 0 else "no mutiny: nobody took the mutineer card",
                       phase="mutiny")
        # phase 5: sales and points (U2-U5)
        sales = self._sales(cur)
        if state.taken[MATE] >= 0 and state.wage < 0 and not success:
            self._found(Violation("round/no-wage", "the round has a mate but records no wage; "
                                  "0 assumed", expected="wage 0-3", actual="none"),
                        cur.event, (cur.index, None, None), rnd, None, capt)
        items = rules.round_points(state, success, capt_dest, mut_dest, sales)
        if (self.slips and state.taken[MATE] >= 0 and cur.wage_at is not None
                and not cur.wage_at[1].condoned):  # a wage marked ! stood as written
            got = cur.score_of(state.colours[capt])
            # the sheet gives the captain other points (a finding): the wage line may be the
            # slip, which the walker reads from the sheet (lookahead.sheet_wage) before the
            # scoring goes on (score())
            if got is not None and got[1].points != sum(i.points for i in items[capt]):
                self.scoring = Scoring(cur, refill, capt, capt_dest, mut, mut_dest, success,
                                       strength, sales, items)
                return
        self._score(cur, refill, capt, capt_dest, mut, mut_dest, success, strength, items)

    def score(self, read: tuple[int, Violation] | None) -> None:
        """Go on with the scoring that waits for the walker (``scoring``): with the wage the
        score sheet gives and its finding at the wage line (``read``), or as written."""
        scoring = self.scoring
        assert scoring is not None
        self.scoring = None
        if read is not None:  # the wage line is the slip: the sheet's wage is followed
            cur = scoring.cur
            state = self.state
            wage, v = read
            (index, _, _), ev = cur.wage_at  # type: ignore[misc]
            self._found(v, ev, (index, "wage", None), state.round, None, scoring.captain)
            state.wage = wage
            scoring = scoring._replace(items=rules.round_points(
                state, scoring.success, scoring.dest, scoring.mutineer_dest, scoring.sales))
        (cur, refill, capt, capt_dest, mut, mut_dest, success, strength, _,
         items) = scoring
        self._score(cur, refill, capt, capt_dest, mut, mut_dest, success, strength, items)

    def _score(self, cur: RoundRecord, refill: bool, capt: int, capt_dest: int, mut: int,
               mut_dest: int, success: bool | None, strength: tuple[int, int],
               items: list[list[rules.Item]]) -> None:
        """Phase 5's points added up and compared with the sheet, then phases 6-8."""
        state = self.state
        rnd = state.round
        listening = self.telling
        points = rules.points_of(items)
        rules.apply_points(state, items, points)
        recorded = self._sheet_checks(cur, items, points)
        self.scores.append(self._breakdown(
            capt, capt_dest, mut, mut_dest, "none" if mut < 0 else "succeeded" if success
            else "failed", strength if mut >= 0 else None, items, points, recorded, True,
            state.roles()))
        self.turns += 1
        if listening:
            self._tell("phase", None, None, None, None, "scoring: " + "; ".join(
                f"{c} {sum(i.points for i in its)}" for c, its in zip(state.colours, items)),
                phase="score")
        if rnd >= state.rounds:
            self._game_over(cur)
            return
        # phases 6-7: the ship sails, the table is cleared
        dest = mut_dest if success else capt_dest
        rules.apply_move(state, dest, success)
        if not refill:
            return
        self._phase8(cur, 0)

    def _phase8(self, cur: RoundRecord, first: int, again: bool = False,
                slip: settle.DrawSlip | None = None) -> None:
        """Phase 8, the refill, from the draw line's entry ``first`` on (:meth:`refill`),
        then the round's end, unless the refill waits for the walker (``waiting``)."""
        if not self.refill(cur, first, again, slip):
            return
        state = self.state
        if cur.marked:
            self._marked_lawful(cur)
        if self.telling:
            self._tell("phase", None, None, None, state.captain, "refill", phase="refill")
        rnd = state.round
        rules.next_round(state)
        if self.telling:
            self._tell("round-end", cur.event, None, None, None, f"end of round {rnd}", rnd)

    def resume(self, slip: settle.DrawSlip | None) -> None:
        """Go on with the refill that waits at a draw (``waiting``): the draw, or the round's
        mutiny line, read as ``slip`` says (:func:`lookahead.read_draw`), or as written."""
        assert self.waiting is not None
        cur, j, _ = self.waiting
        self.waiting = None
        self._phase8(cur, j, True, slip)

    def _breakdown(self, captain: int, dest: int, mutineer: int, mutineer_dest: int,
                   mutiny: str, strength: tuple[int, int] | None, items: list[list[rules.Item]],
                   points: list[int], recorded: tuple[list[int | None], list[int | None]],
                   checked: bool, roles: list[str]) -> RoundBreakdown:
        """The breakdown of the round just scored (phase 5), as the final breakdown gives
        it: ``points``, each player's sum of ``items``; ``recorded``, the sheet's round
        scores and totals; ``checked`` false for a round without selling, whose points are
        the sheet's; ``roles``, each player's role at the scoring."""
        state = self.state
        colours, totals = state.colours, state.scores
        circle = state.circle
        n = len(circle)
        sheet, sheet_totals = recorded
        players = [PlayerRound(colour=colour, role=roles[seat], points=points[seat],
                               items=items[seat], recorded=sheet[seat], total=totals[seat],
                               recorded_total=sheet_totals[seat])
                   for seat, colour in enumerate(colours)]
        port, previous = state.ship, state.prev
        return RoundBreakdown(
            round=state.round, captain=colours[captain],
            port=circle[port % n].name if port >= 0 else "-",
            previous=circle[previous % n].name if previous >= 0 else None,
            active=[circle[p % n].name if p >= 0 else "-" for p in state.active()],
            wage=max(0, state.wage),
            captain_destination=circle[dest % n].name if dest >= 0 else "-",
            mutineer=colours[mutineer] if mutineer >= 0 else None,
            mutineer_destination=(circle[mutineer_dest % n].name if mutineer_dest >= 0
                                  else "-") if mutineer >= 0 else None,
            mutiny=mutiny, captain_side=strength[0] if strength is not None else None,
            mutineer_side=strength[1] if strength is not None else None, checked=checked,
            players=players)

    def _dest_text(self, capt_dest: int, mut: int, mut_dest: int) -> str:
        if not self.telling:
            return ""
        state = self.state
        text = f"the captain sails for {state.island_name(capt_dest)}"
        if mut >= 0:
            text += (f"; the mutineer ({state.colours[mut]}) for "
                     f"{state.island_name(mut_dest)}")
        return text

    def _game_over(self, cur: RoundRecord) -> None:
        state = self.state
        rules.end_game(state)
        if cur.draw_at is not None:
            path, ev = cur.draw_at
            self._found(Violation("end/after-last-round", "the game ends with the last round's "
                                  "scoring: nobody draws", expected="no draw", actual="draw"),
                        ev, path, state.round)
        if cur.marked:
            self._marked_lawful(cur)
        self._tell("round-end", cur.event, None, None, None,
                   f"end of round {state.round}: the game is over")

    def _sheet_round(self, cur: RoundRecord) -> None:
        """A round with no selling recorded: follow the sheet and the claims as written."""
        state = self.state
        rnd = state.round
        self.counts["no_sell"] += 1
        self._found(Violation("sell/missing", f"round {rnd} records no selling: what was "
                              "played is not known, so the hands are read as unseen cards from "
                              "here on, and the points are taken from the score sheet",
                              expected="a sell line", actual="none"),
                    cur.event, (cur.index, None, None), rnd)
        # phase 4 as far as no role is needed: the conflict cards added are cards the hands
        # can hold (U6); they leave the hands with the refill (settle.played_unseen)
        shown = 0
        for path, a in cur.adds:
            seat = self.seat_of.get(a.player, 0)
            found = rules.check_add_bounds(state, seat, a.count, shown)
            shown += max(0, a.count - state.hands[seat][CONFLICT])
            if found:
                pos = self._position()
                for v in found:
                    self._found(v, a, path, rnd, None, seat, pos)
        items: list[list[rules.Item]] = [[] for _ in state.colours]
        for seat, colour in enumerate(state.colours):
            got = cur.scores.get(colour)
            if got is not None:
                items[seat].append(rules.Item("sheet", got[1].points, "as written"))
        rules.apply_points(state, items)
        recorded = self._sheet_checks(cur, items)
        self.scores.append(self._breakdown(
            state.captain, state.ship, -1, -1, "none", None, items, rules.points_of(items),
            recorded, False, ["unknown"] * state.players))
        self.turns += 1
        if rnd >= state.rounds:
            self._game_over(cur)
            return
        unknown = settle.sail_as_written(state, cur, self.seat_of, self.pos_of)
        if settle.captain_from_draw(state, cur, self.seat_of):
            unknown = None
        if unknown:
            self.out.append(unknown)
        # the plays are not known: the hands are unseen from here on, fitted to the draw
        # line, which is then carried out as in any round (no count to read as a slip)
        settle.played_unseen(state, cur, self.seat_of)
        slips = self.slips
        self.slips = False
        self.refill(cur)
        self.slips = slips
        rules.next_round(state)
        self._tell("round-end", cur.event, None, None, None, f"end of round {rnd}", rnd)

    def _mutiny(self, cur: RoundRecord, mut: int) -> tuple[bool | None, tuple[int, int]]:
        state = self.state
        rnd = state.round
        if mut < 0:
            if cur.mutiny_at is not None:
                path, ev = cur.mutiny_at
                self._found(Violation("mutiny/no-mutineer", "a mutiny, but nobody took the "
                                      "mutineer card", expected="no mutiny line",
                                      actual="mutiny"), ev, path, rnd)
            # as played: the conflict cards laid down still leave the hands (phase 7)
            for _, a in cur.adds:
                rules.apply_add(state, self.seat_of.get(a.player, 0), a.count)
            return None, (0, 0)
        if cur.mutiny_at is None:
            self._found(Violation("mutiny/not-recorded", f"{state.colours[mut]} took the "
                                  "mutineer card but the log records no mutiny: nobody is "
                                  "assumed to add conflict cards", expected="a mutiny line",
                                  actual="none"), cur.event, (cur.index, None, None), rnd, None,
                        mut)
        seat_of, hands = self.seat_of, state.hands
        seats: list[int] = []
        sides: list[int | None] = []
        # U6: each side's strength as the log counts it (the mate's 1 included)
        c, m = (1 if state.taken[MATE] >= 0 else 0), 0
        for _, a in cur.adds:
            seat = seat_of.get(a.player, 0)
            side = None if a.side is None else (1 if a.side == "captain" else -1)
            seats.append(seat)
            sides.append(side)
            own = side if side is not None else rules.side_of(state, seat)
            if own > 0:
                c += a.count
            elif own < 0:
                m += a.count
        strength = (c, m)
        late = dict(rules.check_order(state, seats, "mutiny"))
        adds: list[tuple[int, int, int | None]] = []
        fixes = cur.fixes
        for j, (path, a) in enumerate(cur.adds):
            seat = seats[j]
            side = sides[j]
            count = a.count
            if not (late or fixes) and count <= hands[seat][CONFLICT]:  # the common case
                found = rules.check_add(state, seat, count, side)
                if not found:
                    rules.apply_add(state, seat, count)
                    continue
            if late and j in late:
                self._found(late[j], a, path, rnd, None, seat)
            hand = hands[seat]
            fix = fixes.get(path) if fixes else None
            if fix is not None and fix[2]:  # a slip: the lines after it fit another count
                count = fix[0].count  # type: ignore[attr-defined]
            if count > hand[CONFLICT] and hand[UNKNOWN]:
                self.counts["hidden_mutiny"] += 1
            found = rules.check_add(state, seat, count, side)
            if fix is not None:
                slip = settle.add_slip(state, seat, a.count, fix[0].count,  # type: ignore
                                          side, fix[1])
                found = [slip] + found if fix[2] else [
                    slip if v.code == slip.code else v for v in found]
            if found:
                pos = self._position()
                for v in found:
                    self._found(v, a, path, rnd, None, seat, pos)
            rules.apply_add(state, seat, count)
            if fixes:
                adds.append((seat, count, side))
        if fixes:  # counts read as slips: the strength of the counts followed
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
                fix = fixes.get(path) if fixes else None
                if fix is not None:  # a slip: the lines after it follow the cards' outcome
                    why += fix[1]
                    said = success
                self._found(Violation("mutiny/outcome", why,
                                      expected="mutineers" if success else "captain",
                                      actual=outcome), ev, path, rnd, None, mut)
            success = said
        return success, strength

    def _sales(self, cur: RoundRecord) -> list[SoldCards]:
        sold, found = settle.sales(self.state, cur, self.seat_of, self.pos_of)
        self._place(found)
        return sold

    def _sheet_checks(self, cur: RoundRecord, items: list[list[rules.Item]],
                      points: list[int] | None = None
                      ) -> tuple[list[int | None], list[int | None]]:
        """The score sheet compared with the replay (:func:`settle.sheet_checks`); a sheet
        error is the source a total that carries it follows."""
        if points is None:
            points = rules.points_of(items)
        recorded, totals, found, no_score, no_total = settle.sheet_checks(
            self.state, cur, items, points, self._source_line)
        if no_score:
            self.counts["no_score"] += 1
        if no_total:
            self.counts["no_total"] += 1
        if found:
            self._place(found)
        return recorded, totals

    def _place(self, found: list[settle.Found]) -> None:
        """Keep what a settling rule found, each at its line or entry, with the position of
        the table for those that carry one; a sheet error is the source the totals that carry
        it name (by its line)."""
        rnd = self.state.round
        for v, path, at, seat, placed in found:
            code = v.code
            self._found(v, at, path, rnd, None, seat,
                        self._position() if placed and code != "score/carried" else None)
            if seat is not None and code in ("score/round", "score/total"):
                self._source_line[seat] = getattr(at, "line", 0) or 0

    def refill(self, cur: RoundRecord, first: int = 0, again: bool = False,
               slip: settle.DrawSlip | None = None) -> bool:
        """Phase 8 as the draw line gives it, from its entry ``first`` on (a look-ahead
        resumes a refill there). The walker's engine (``slips``) waits at an entry drawing
        other than the rules give, not marked ``!``: ``waiting`` says which, and false is
        returned; ``again``: entry ``first`` is the one waited at, read as ``slip`` says
        (none: as written)."""
        state = self.state
        rnd = state.round
        if cur.draw_at is None:  # phase 8 assumed whole
            self.counts["no_draw"] += 1
            for seat, want in rules.assumed_draws(state, ()):
                rules.apply_refill(state, seat, None, want, None, None)
            return True
        seat_of = self.seat_of
        draws = cur.draws
        seats = [seat_of.get(d.player, 0) for _, d in draws]
        order = rules.check_order(state, seats, "refill")
        late = dict(order) if order else None
        counts = self.counts
        for j in range(first, len(draws)):
            path, d = draws[j]
            seat = seats[j]
            waited = again and j == first  # found and counted when the refill stopped here
            if late and j in late and not waited:
                self._found(late[j], d, path, rnd, None, seat)
            text = d.cards
            count = d.count
            if text is None:
                cards = None
                if count and not waited:
                    counts["count_draws"] += 1
            else:
                cards = _KINDS.get(text) or _kinds_of(text)
                if -1 in cards and not waited:
                    counts["count_draws"] += 1
            kept, returned = d.keep, d.returned
            if kept is None and returned is None and rules.plain_refill(state, seat, cards,
                                                                        count):
                continue  # the common case, checked and carried out
            keep = _kinds(kept) if kept is not None else None
            found = rules.check_refill(state, seat, cards, count, keep, returned)
            if not found:
                rules.apply_refill(state, seat, cards, count, keep, returned)
                continue
            if self.slips and found[0].code == "refill/count" and path[0] not in self.marked \
                    and not waited:  # the walker reads it (lookahead.read_draw), then resumes
                self.waiting = (cur, j, int(found[0].expected or 0))
                return False
            if waited:
                if slip is not None and slip.entry is not None:  # the draw is the slip
                    d = slip.entry
                    cards, keep = _kinds(d.cards), _kinds(d.keep)
                    found = [found[0]._replace(message=found[0].message + slip.words)] + \
                        rules.check_refill(state, seat, cards, d.count, keep, d.returned)
                elif (slip is not None and slip.add is not None
                      and slip.add[0][0] not in self.marked):  # the mutiny line is
                    self._mutiny_slip(slip.add, slip.words, seat)
                    found = rules.check_refill(state, seat, cards, d.count, keep, d.returned)
            pos = self._position() if found else None
            for v in found:
                self._found(v, d, path, rnd, None, seat, pos)
            rules.apply_refill(state, seat, cards, d.count, keep, d.returned)
        # the players the draw line leaves out: found at it, their draw assumed
        drawn = set(seats)
        if len(drawn) >= len(state.colours):  # every seat draws in the line
            return True
        at, ev = cur.draw_at
        steve = state.taken[STEVEDORE]
        for seat, want in rules.assumed_draws(state, drawn):
            self._found(Violation(
                "refill/count", f"no draw is recorded for {state.colours[seat]}, who holds "
                f"{state.hand_size(seat)} and draws {want}"
                + (" (3 of them as the stevedore)" if seat == steve else "")
                + "; the draw is assumed", expected=str(want), actual="0"),
                ev, at, rnd, None, seat, self._position())
            rules.apply_refill(state, seat, None, want, None, None)
        return True

    def _mutiny_slip(self, add: tuple[EventPath, Add, int], words: str, seat: int) -> None:
        """The round's mutiny line gave ``seat`` other conflict cards than the refill and the
        lines after it fit (:func:`lookahead.read_draw`): found at that entry, and the hand
        mended before the player draws."""
        path, a, count = add
        state = self.state
        self._found(settle.count_slip(state.colours[seat], a.count, count, words),
                    a, path, state.round, None, seat)
        settle.restore(state, seat, a.count - count)
        settled = self.scores[-1]
        c, m = settled.captain_side, settled.mutineer_side
        if c is not None and m is not None:
            side = settled.players[seat].role
            if a.side == "captain" or (a.side is None and side in ("captain", "mate")):
                c += count - a.count
            elif a.side == "mutineer" or (a.side is None and side in ("mutineer", "cabin boy")):
                m += count - a.count
            # a new breakdown: copies of the engine (look-aheads) keep the one they had
            self.scores[-1] = msgspec.structs.replace(settled, captain_side=c, mutineer_side=m)

    # -- the engine protocol -----------------------------------------------------------------

    def phase(self) -> str | None:
        """What the game waits for: ``round`` (the next round to open), ``wage`` (phase 1),
        ``sell`` (phase 2), then the lines of the settled phases, ``dest``, ``mutiny``,
        ``score``, ``total``, ``draw``; ``None`` when the game is over (U1)."""
        state = self.state
        if state.phase == OVER:
            return None
        cur = self.state.open
        if cur is None:
            return "round"
        if not all(state.passed):
            if state.wage < 0 and cur.wage_at is None and cur.last_sell is None:
                return "wage"
            return "sell"
        if not cur.dests:
            return "dest"
        if state.taken[MUTINEER] >= 0 and cur.mutiny_at is None:
            return "mutiny"
        if not cur.scores:
            return "score"
        if not cur.totals:
            return "total"
        if state.round < state.rounds and cur.draw_at is None:
            return "draw"
        return "round"

    def to_move(self) -> ToMove | None:
        """Who acts: the seller in phase 2, the mutineer in the mutiny, else the captain (who
        opens the round, sets the wage, and for whom the scorekeeper writes the sheet)."""
        phase = self.phase()
        if phase is None:
            return None
        state = self.state
        seat = state.captain
        if phase == "sell" and state.turn >= 0:
            seat = state.turn
        elif phase == "mutiny":
            seat = state.taken[MUTINEER]
        return ToMove(seat, state.colours[seat], phase)

    def legal(self) -> list[Event]:
        """The lawful next lines, one event each: the round to open; the wages 0-3; each
        play and pass of the seller (as a one-step ``sell``); the destinations the kept cards
        give (U7); every lawful set of conflict cards added, with the outcome it gives (U6);
        the score and total lines the round's settlement gives; the refill's counts (the
        cards drawn are chance). A hand holding cards the log does not know may play any kind
        one of them may be (the deck's counts allow it: 001 'Matériel') and the card unseen,
        ``?`` (notation.md, Part 2, sell), each once."""
        phase = self.phase()
        if phase is None:
            return []
        state = self.state
        colours = state.colours
        if phase == "round":
            number = state.round + 1 if self.state.open is not None else state.round
            return [Round(number=number)]
        if phase == "wage":
            return [Wage(wage=w) for w in WAGES]
        if phase == "sell":
            seat = state.turn
            colour = colours[seat]
            options: list[Event] = []
            kinds = rules.legal_plays(state, seat)
            hidden = (state.hands[seat][UNKNOWN] > 0 and state.turn == seat
                      and not state.passed[seat])
            if hidden:  # an unseen card may be any kind: the check below keeps the lawful
                kinds = list(range(NKINDS))
            for k in kinds:
                for robbed in ((False, True) if k == PIRATE else (False,)):
                    options.append(Sell(steps=[Play(player=colour, card=LETTERS[k],
                                                    robbed=robbed)]))
            if hidden:
                options.append(Sell(steps=[Play(player=colour, card="?")]))
            kept = state.hand_size(seat)
            actions = ([None] if seat == state.captain
                       else [ACTIONS[a] for a in rules.free_actions(state)])
            options += [Sell(steps=[Pass(player=colour, kept=kept, action=a)]) for a in actions]
            return [e for e in options if not self._errors(e)]
        if phase == "dest":
            capt, mut = state.captain, state.taken[MUTINEER]
            dests = [DestEntry(role="captain",
                               island=state.island_name(rules.destination(state, capt)))]
            if mut >= 0:
                dests.append(DestEntry(role="mutineer",
                                       island=state.island_name(rules.destination(state, mut))))
            return [Dest(dests=dests)]
        if phase == "mutiny":
            return self._mutinies()
        twin = self.copy()
        twin.close(refill=False)
        if phase == "score":
            players = twin.scores[-1].players
            return [Score(entries=[Entry(player=c, points=players[s].points)
                                   for s, c in enumerate(colours)])]
        if phase == "total":
            return [Total(entries=[Entry(player=c, points=twin.state.scores[s])
                                   for s, c in enumerate(colours)])]
        # the refill, from the captain of the next round clockwise (phase 8)
        after = twin.state
        n = len(colours)
        counts = dict(rules.assumed_draws(after, ()))
        order = [(after.captain + k) % n for k in range(n)]
        return [Draw(draws=[DrawEntry(player=colours[seat], count=counts.get(seat, 0))
                            for seat in order])]

    def _mutinies(self) -> list[Event]:
        """U6: every count of conflict cards the four players of the two sides may add, in
        mutiny order from the captain, with the outcome each gives."""
        state = self.state
        n = state.players
        order = [(state.captain + k) % n for k in range(n)]
        combos: list[list[tuple[int, int]]] = [[]]
        for seat in order:
            top = (state.hands[seat][CONFLICT] + state.hands[seat][UNKNOWN]
                   if rules.side_of(state, seat) else 0)
            combos = [c + [(seat, k)] for c in combos for k in range(top + 1)]
        out: list[Event] = []
        for combo in combos:
            adds: list[tuple[int, int, int | None]] = [(seat, k, None) for seat, k in combo]
            success = rules.mutiny_succeeds(*rules.mutiny_strength(state, adds))
            event = Mutiny(adds=[Add(player=state.colours[seat], count=k) for seat, k in combo],
                           outcome="mutineers" if success else "captain")
            if not self._errors(event):
                out.append(event)
        return out

    def _errors(self, event: Event) -> list[Violation]:
        return [v for v in self.check(event) if CODES[v.code].severity == "error"]

    def read(self, line: str) -> object:
        """One line of the text notation (``sell red G, blue pass 4 mate``, ``score red 4,
        ...``); ``LogSyntaxError`` when it cannot be read."""
        from cartlog.games.meuterer.notation import read_line

        names = {p.name.lower(): p.colour for p in (self.log.players if self.log else [])
                 if p.name}
        return read_line(line, self.state.colours, names)

    def check(self, event: Event) -> list[Violation]:
        """The rules ``event`` breaks here, the state untouched. A round line, a wage and a
        sell line are checked on the table as it stands (a sell line's steps on a copy of
        it); a line of phases 3-8 is carried out with the round settled on a copy
        (:meth:`copy`), and the violations that settling finds at it are returned."""
        kind = type(event)
        if kind is _COMMENT:
            return []
        state = self.state
        cur = state.open
        if kind is _ROUND:
            return self._check_round(event)  # type: ignore[arg-type]
        if state.phase == OVER:  # a line after the end: found at a round it opens, if none is
            return [] if cur is not None else [_after_the_end(state, None)]
        if kind is _WAGE:
            return rules.check_wage(state, event.wage)  # type: ignore[union-attr]
        if kind is _SELL:
            return self._check_sell(event)  # type: ignore[arg-type]
        twin = self.copy()
        twin.auto_close = False
        index = twin.next_event
        twin.apply(event)
        if twin.state.open is not None:
            twin.close()
        return [f.violation for f in twin.out
                if isinstance(f, Finding) and isinstance(f.path, tuple) and f.path[0] == index]

    def _check_round(self, event: Round) -> list[Violation]:
        """A round line closes the round under way (the last one ends the game, U1) and opens
        the next: after the end, a round not to be played; else its number, if written."""
        state = self.state
        cur = state.open
        open_now = cur is not None and not cur.skip
        if state.phase == OVER or (open_now and state.round >= state.rounds):
            return [_after_the_end(state, event.number)]
        number = state.round + 1 if open_now else state.round
        if event.number is not None and event.number != number:
            return [_round_number(number, event.number)]
        return []

    def apply(self, event: Event) -> None:
        """Carry out ``event`` as played, lawful or not; the last round closes with its
        ``total`` line (U1). A round opened after the end is no round: its total line closes
        nothing, and the lines after it stay the round line's finding, as in the audit."""
        self.feed(self.next_event, event)
        self.next_event += 1
        if self.auto_close and type(event) is _TOTAL:
            state = self.state
            cur = state.open
            if cur is not None and not cur.skip and state.round >= state.rounds:
                self.close()

    def copy(self) -> Engine:
        """An independent engine at the same point: the game (``state``) and the counts kept
        beside it; ``out`` empty, no room for positions, not telling and reading no slips
        (through the constructor: a compiled class has no bare ``__new__``)."""
        new = Engine(self.rs, self.colours)
        new.state = self.state.copy()
        new.log, new.turns, new.actions = self.log, self.turns, self.actions
        new.scores = self.scores[:]
        new.auto_close, new.next_event, new._n = self.auto_close, self.next_event, self._n
        new.seat_of, new.pos_of = self.seat_of, self.pos_of  # set once, at setup
        new._source_line = self._source_line[:]
        new.counts = dict(self.counts)
        new.marked = dict(self.marked)
        return new

    def position(self) -> str:
        return to_position(self.state)

    # -- what it found, for the walker -------------------------------------------------------

    def _found(self, v: Violation, at: object, path: EventPath | str, rnd: int | None = None,
               action: int | None = None, seat: int | None = None,
               position: str | None = None, condoned: bool | None = None) -> None:
        """Keep a finding (:class:`~cartlog.games.meuterer.settle.Finding`); ``condoned``
        ``None``: whether the line it stands at is marked ``!``."""
        marked = self.marked
        if marked and isinstance(path, tuple):
            index = path[0]
            if index in marked:
                marked[index] = True
                if condoned is None:
                    condoned = True
        self.room -= 1
        self.out.append(Finding(v, path, at, rnd, action, seat, position, bool(condoned)))

    def _position(self) -> str | None:
        """The position for the next finding, while there is room for one."""
        return table_position(self.state) if self.room > 0 else None

    def _tell(self, kind: str, event: object | None, item: object | None, action: int | None,
              seat: int | None, text: str, rnd: int | None = None,
              phase: str | None = None) -> None:
        """Tell a step in words, when telling (:class:`~cartlog.games.meuterer.settle.Told`)."""
        if self.telling:
            if rnd is None and kind != "setup":
                rnd = self.state.round
            self.out.append(Told(kind, event, item, rnd, action, seat, text, phase))

    def _mark(self, cur: RoundRecord, index: int, event: Wage | Dest | Mutiny | Sale | Draw
              ) -> None:
        """A line marked condoned (``!``): the findings at it are condoned."""
        self.marked.setdefault(index, False)
        cur.marked.append((index, event, self.state.round))

    def _marked_lawful(self, cur: RoundRecord) -> None:
        """Once a round is settled (its refill, or the game's end, included): its lines
        marked ``!`` that no finding stands at, each a needless mark (a warning, as
        Cartagena's ``condoned/legal``)."""
        marked = self.marked
        for index, ev, rnd in cur.marked:
            if not marked.get(index):
                self._found(needless_mark("line"), ev, (index, None, None), rnd,
                            condoned=False)

    def is_over(self) -> bool:
        return self.state.phase == OVER

    def outcome(self) -> Outcome | None:
        """U1: the highest total after the last round wins; a tie is shared."""
        state = self.state
        if state.phase != OVER:
            return None
        seats = rules.winners(state)
        reason = (f"highest total, {state.scores[seats[0]]}" if len(seats) == 1
                  else f"a shared highest total, {state.scores[seats[0]]}")
        return Outcome(tuple(state.colours[s] for s in seats), reason)

    def totals(self) -> dict[str, int]:
        """Every card: hands, table, discard pile and deck."""
        return {"cards": self.state.cards_in_play()}
