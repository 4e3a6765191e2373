"""Which reading of a slip the rest of a Meuterer log supports.

A recorded value the rules do not give is either what the table really did (the game went on
"as played") or a slip of the scribe's pen while the game went on from the lawful value. When
a round closes with such a value (a destination, a mutiny's outcome, a count of conflict cards
the player did not keep, a draw of the wrong number of cards), the walker's engine settles the
round from each reading on copies, plays the log's next round after it, and counts the errors
each reading meets, one more for each value a reading says was miswritten: the reading with
fewer is followed, a tie keeping the log as written. A wage the score sheet contradicts is
read from the sheet itself (:func:`sheet_wage`). Nothing here is run for a round the rules
find nothing wrong in.
"""

from __future__ import annotations

from typing import Final, Protocol

import msgspec

from cartlog.core.findings import Violation
from cartlog.games.meuterer import rules
from cartlog.games.meuterer.codes import CODES
from cartlog.games.meuterer.events import Add, DestEntry, DrawEntry, Event, MeutererLog, Round
from cartlog.games.meuterer.model import (
    CONFLICT,
    MATE,
    MUTINEER,
    OVER,
    SIDE_OF_ACTION,
    UNKNOWN,
    WAGES,
    EventPath,
    RoundRecord,
    State,
)
from cartlog.games.meuterer.score import RoundBreakdown
from cartlog.games.meuterer.settle import DrawSlip, Finding, Told, restore

# the classes compared by type below, as C statics: compiled, a class imported by name is
# looked up in the module's dictionary at every use (docs/performance.md, "Writing for the
# compiler")
_ROUND: Final = Round



class Walker(Protocol):
    """What the slip reader asks of the walker's engine: its public surface, no more."""

    log: MeutererLog | None
    state: State
    seat_of: dict[str, int]
    pos_of: dict[str, int]  # each island's place in the circle, by name
    scores: list[RoundBreakdown]
    marked: dict[int, bool]  # the lines marked condoned (!): no slip is read in them
    out: list[Finding | Told | str]  # what a copy finds as it goes on

    next_event: int  # the index of the log's event after the round being settled

    def copy(self) -> Walker: ...

    def feed(self, index: int, event: Event) -> None: ...

    def close(self, refill: bool = True) -> None: ...

    def refill(self, cur: RoundRecord, first: int = 0, again: bool = False,
               slip: DrawSlip | None = None) -> bool: ...

HORIZON: Final = 2  # rounds of the log played past the one being settled: bounded in cost
# a draw one card off shifts every later draw from the deck: its readings are played to the end
# of the log, for this many draws of a log (past them, a table that draws wrong every time makes
# no slips of the pen, and each draw is read over HORIZON rounds)
FAR_READS: Final = 25

Reading = dict[EventPath, object]  # a path's lawful entry (or outcome); empty: as written


def _ahead(engine: Walker, twin: Walker, start: int, horizon: int = HORIZON) -> int:
    """The errors ``twin`` (a copy of ``engine`` with the round being closed settled up to
    where it stands) has found since ``start``, once it has finished that round and played
    the log's next ``horizon`` round(s) (-1: the rest of the log); at the end of the log, a
    recorded result the twin's game does not give counts as one more."""
    log = engine.log
    assert log is not None
    events = log.events
    n = len(events)
    i = engine.next_event
    rounds = 0
    while i < n:
        ev = events[i]
        if type(ev) is _ROUND:
            rounds += 1
            if rounds > horizon >= 0:
                break
        twin.feed(i, ev)
        i += 1
    twin.close()
    errors = sum(1 for f in twin.out[start:]
                 if isinstance(f, Finding) and CODES[f.violation.code].severity == "error")
    state = twin.state
    if i >= n and log.result is not None and state.phase == OVER:
        winners = sorted(state.colours[s] for s in rules.winners(state))
        errors += winners != sorted(log.result)
    return errors


# -- a round's destinations and mutiny -----------------------------------------------------------


def _adds(engine: Walker, cur: RoundRecord) -> list[tuple[int, int, int | None]]:
    return [(engine.seat_of.get(a.player, 0), a.count,
             None if a.side is None else (1 if a.side == "captain" else -1))
            for _, a in cur.adds]


def _held(state: State, seat: int) -> int:
    hand = state.hands[seat]
    return hand[CONFLICT] + hand[UNKNOWN]


def _overs(state: State, adds: list[tuple[int, int, int | None]]) -> list[bool]:
    """For each entry of a mutiny line, in order: more conflict cards than the player can
    have kept (the counts of :func:`rules.check_add`, unseen cards shown as conflict cards
    counting against the 6 the game has)."""
    known = state.known_out[CONFLICT]
    total = state.variant.totals[CONFLICT]
    out = []
    for seat, count, _ in adds:
        hand = state.hands[seat]
        shown = count - hand[CONFLICT]
        out.append(shown > 0 and (shown > hand[UNKNOWN] or known + shown > total))
        if shown > 0:
            known += min(shown, hand[UNKNOWN])
    return out


def doubtful(engine: Walker, cur: RoundRecord) -> bool:
    """Whether the round being settled records more conflict cards than a player kept, or an
    outcome the cards added do not give: values a look-ahead may read as slips. Asked before
    the round is settled (:func:`before_close`), for every round with a mutiny."""
    state = engine.state
    mut = state.taken[MUTINEER]
    if mut < 0 or (cur.outcome is None and not cur.adds):
        return False
    # the strength of each side and whether a count goes beyond the conflict cards known,
    # without building the entries (this runs for every round with a mutiny)
    hands, seat_of = state.hands, engine.seat_of
    c, m = (1 if state.taken[MATE] >= 0 else 0), 0
    shown = False
    for _, a in cur.adds:
        seat = seat_of.get(a.player, 0)
        count = a.count
        if count > hands[seat][CONFLICT]:
            shown = True
        side = (1 if a.side == "captain" else -1) if a.side is not None else \
            rules.side_of(state, seat)
        if side > 0:
            c += count
        elif side < 0:
            m += count
    if shown and any(_overs(state, _adds(engine, cur))):
        return True
    return cur.outcome is not None and (cur.outcome[2] == "mutineers") != \
        rules.mutiny_succeeds(c, m)


def before_close(engine: Walker) -> None:
    """Before the walker's engine settles the round under way: a destination the kept cards
    do not give, more conflict cards than a player kept or a mutiny's outcome the cards do not
    give (:func:`doubtful`) are read as slips where the log's next lines support it
    (:func:`read_round`); the round's ``fixes``, which its settling follows, say which. A
    round without selling, or one read already, is left as it is."""
    state = engine.state
    cur = state.open
    if cur is None or cur.skip or cur.last_sell is None or cur.fixes is not None:
        return
    capt, mut = state.captain, state.taken[MUTINEER]
    pos_of = engine.pos_of
    for _, d in cur.dests:
        seat = capt if d.role == "captain" else mut
        claimed = pos_of.get(d.island, -1)
        if seat >= 0 and claimed >= 0 and claimed != rules.destination(state, seat):
            read_round(engine, cur)
            return
    if mut >= 0 and doubtful(engine, cur):
        read_round(engine, cur)


def _round_cost(engine: Walker, cur: RoundRecord, reading: Reading) -> int:
    twin = engine.copy()
    tc = twin.state.open
    assert tc is not None
    if reading:
        tc.dests = [(p, reading.get(p, d)) for p, d in tc.dests]  # type: ignore[misc]
        tc.adds = [(p, reading.get(p, a)) for p, a in tc.adds]  # type: ignore[misc]
        if tc.outcome is not None and tc.outcome[0] in reading:
            p, ev, _ = tc.outcome
            tc.outcome = (p, ev, str(reading[p]))
    start = len(twin.out)
    twin.close()
    return _ahead(engine, twin, start) + len(reading)


def read_round(engine: Walker, cur: RoundRecord) -> None:
    """Read the doubtful values of the open round (see :func:`doubtful`) as slips where the
    log's next lines support it: ``cur.fixes`` gets the lawful value of each and the words
    for its finding."""
    state = engine.state
    capt, mut = state.captain, state.taken[MUTINEER]
    readings: list[Reading] = []
    impossible: list[EventPath] = []  # entries adding more conflict cards than were kept
    for path, d in cur.dests:
        claimed = engine.pos_of.get(d.island, -1)
        seat = capt if d.role == "captain" else mut
        if claimed < 0 or seat < 0:
            continue
        want = rules.destination(state, seat)
        if claimed != want:
            readings.append({path: msgspec.structs.replace(d, island=state.island_name(want))})
    if mut >= 0 and (cur.outcome is not None or cur.adds):
        adds = _adds(engine, cur)
        held = [_held(state, seat) for seat, _, _ in adds]
        over = _overs(state, adds)
        success = rules.mutiny_succeeds(*rules.mutiny_strength(state, adds))
        outcome = cur.outcome
        said = None if outcome is None else outcome[2] == "mutineers"
        if outcome is not None and said != success:
            readings.append({outcome[0]: "mutineers" if success else "captain"})
        if any(over) or (said is not None and said != success):
            for j, (path, a) in enumerate(cur.adds):
                seat, _, side = adds[j]
                for count in range(held[j], -1, -1):  # the nearest to the written first
                    if count == a.count:
                        continue
                    trial = adds[:]
                    trial[j] = (seat, count, side)
                    if said is not None and said != rules.mutiny_succeeds(
                            *rules.mutiny_strength(state, trial)):
                        continue
                    if any(_overs(state, trial)):
                        continue  # still more than was kept, here or at another entry
                    readings.append({path: msgspec.structs.replace(a, count=count)})
                    if any(over):
                        impossible.append(path)
    cur.fixes = {}  # read: asked once a round
    if engine.marked:  # a line marked condoned (!) stood as written: it is no slip
        readings = [r for r in readings if not any(p[0] in engine.marked for p in r)]
    if not readings:
        return
    best: Reading = {}
    fewest = written = _round_cost(engine, cur, best)
    for reading in readings:
        n = _round_cost(engine, cur, reading)
        # more conflict cards than were kept cannot have been added: on a tie with the log
        # as written, the nearest count that can is named (the log is followed as written)
        if n < fewest or (n == written and not best and next(iter(reading)) in impossible):
            best, fewest = reading, n
    if best:
        # on a tie, a count that cannot have been added is kept as the table counted it, and
        # its finding names the nearest count that can
        follow = fewest < written
        cur.fixes = {path: (value, _words(value, follow), follow)
                     for path, value in best.items()}


def _words(value: object, follow: bool) -> str:
    if isinstance(value, DestEntry):
        return (f"; the lines after it fit {value.island}: did you mean {value.role} "
                f"{value.island}?")
    if isinstance(value, Add):
        return (f"the outcome and the lines after it fit {value.count}: " if follow else "") + \
            f"did you mean {value.player} {value.count}?"
    side = "the mutineers winning" if value == "mutineers" else "the captain holding"
    return f"; the lines after it follow {side}: did you mean => {value}?"


# -- a draw ------------------------------------------------------------------------------------


def _lawful_draws(d: DrawEntry, want: int) -> list[DrawEntry]:
    """The entries a draw of ``want`` cards may have been, written as ``d``: the count
    mended; cards missing as unseen ones; a card too many left out, each kind in turn."""
    replace = msgspec.structs.replace
    if d.cards is None:
        return [replace(d, count=want)]
    cards = d.cards
    if want == 0:
        return [replace(d, cards=None, count=0)]
    if len(cards) < want:
        return [replace(d, cards=cards + "?" * (want - len(cards)))]
    if len(cards) - want > 1:
        return [replace(d, cards=cards[:want])]
    out = []
    for c in dict.fromkeys(cards):
        k = cards.rindex(c)
        out.append(replace(d, cards=cards[:k] + cards[k + 1:]))
    return out


def _draw_cost(engine: Walker, cur: RoundRecord, j: int, entry: DrawEntry, horizon: int,
               kept: tuple[int, int] | None = None) -> int:
    twin = engine.copy()
    tc = cur.copy()
    tc.draws[j] = (tc.draws[j][0], entry)
    if kept is not None:
        restore(twin.state, *kept)
    start = len(twin.out)
    twin.refill(tc, j)
    rules.next_round(twin.state)
    return _ahead(engine, twin, start, horizon)


def _add_readings(engine: Walker, cur: RoundRecord, seat: int, extra: int
                  ) -> list[tuple[EventPath, Add, int]]:
    """The refill of ``seat`` is ``extra`` cards more than the draw line gives: the mutiny
    line of the round may have miswritten the player's conflict cards instead, by as many,
    when the outcome stays the one followed. (path, entry, count) each."""
    if not cur.adds or not engine.scores:
        return []
    settled = engine.scores[-1]
    c, m = settled.captain_side, settled.mutineer_side
    if c is None or m is None or settled.mutiny == "none":
        return []
    state = engine.state
    success = settled.mutiny == "succeeded"
    if rules.mutiny_succeeds(c, m) != success:
        return []  # the outcome followed is not the cards' own: that is the finding
    out = []
    for path, a in cur.adds:
        if engine.seat_of.get(a.player, 0) != seat:
            continue
        count = a.count - extra
        if count < 0 or (count > a.count and count - a.count > _held(state, seat)):
            continue
        side = (None if a.side is None else 1 if a.side == "captain" else -1)
        if side is None:
            side = 1 if state.colours[seat] == settled.captain else (
                SIDE_OF_ACTION[state.action[seat]] if state.action[seat] >= 0 else 0)
        if side > 0:
            c2, m2 = c + count - a.count, m
        else:
            c2, m2 = c, m + (count - a.count if side < 0 else 0)
        if rules.mutiny_succeeds(c2, m2) == success:
            out.append((path, a, count))
    return out


def read_draw(engine: Walker, cur: RoundRecord, j: int, want: int, far: bool = True
              ) -> DrawSlip | None:
    """Entry ``j`` of the round's draw line draws other than the ``want`` cards the rules
    give: the draw read as a slip (or the round's mutiny line, which fixed the hand) when the
    log's next lines support it, else None (the draw stands as written). ``far``: each
    reading is played to the end of the log (a draw one card off shifts every later draw from
    the deck), else over :data:`HORIZON` rounds.

    The draw breaks the rule, the mutiny line none: the mutiny line is named only when its
    reading meets fewer errors than the draw's own readings, as written or as the rules give
    it; a tie names the draw."""
    from cartlog.games.meuterer.notation import format_draw

    horizon = -1 if far else HORIZON
    d = cur.draws[j][1]
    seat = engine.seat_of.get(d.player, 0)
    got = len(d.cards) if d.cards is not None else (d.count or 0)
    best: DrawSlip | None = None
    fewest = _draw_cost(engine, cur, j, d, horizon)
    lawful = _lawful_draws(d, want)
    for entry in lawful:
        n = _draw_cost(engine, cur, j, entry, horizon) + 1
        if n < fewest:
            best, fewest = DrawSlip(entry, f"; the lines after it fit a draw of {want}: did you "
                                    f"mean {format_draw(entry)}?"), n
    for path, a, count in _add_readings(engine, cur, seat, want - got):
        n = _draw_cost(engine, cur, j, d, horizon, (seat, a.count - count)) + 1
        if n < fewest:
            other = (f", or, the mutiny line standing, a draw of {format_draw(lawful[0])}"
                     if lawful else "")
            best, fewest = DrawSlip(None, (
                f"the draw line and the lines after it fit {count}: did you mean "
                f"{a.player} {count}{other}?"), (path, a, count)), n
    return best


# -- the wage ----------------------------------------------------------------------------------


def sheet_wage(engine: Walker, cur: RoundRecord, items: list[list[rules.Item]]
               ) -> tuple[int, Violation] | None:
    """A round in which the wage is paid (a mate, the captain holding), whose score line
    gives both the captain and the mate the points of another wage than the one written:
    that wage, with the finding at the wage line; else None."""
    state = engine.state
    mate, capt = state.taken[MATE], state.captain
    colours = state.colours
    got_c = cur.scores.get(colours[capt])
    if got_c is None:
        return None
    pc = sum(i.points for i in items[capt])
    if got_c[1].points == pc:  # the common case: the captain's score is right
        return None
    got_m = cur.scores.get(colours[mate])
    if (got_m is None or cur.wage_at is None
            or not any(i.source == "mate" for i in items[mate])):
        return None
    pm = sum(i.points for i in items[mate])
    delta = got_m[1].points - pm
    wage = max(0, state.wage) + delta
    if not delta or got_c[1].points - pc != -delta or wage not in WAGES:
        return None
    ev = cur.wage_at[1]
    return wage, Violation(
        "round/wage-sheet", f"the score sheet gives {colours[mate]} (the mate) {got_m[1].points} "
        f"and {colours[capt]} (the captain) {got_c[1].points}, the points of a wage of {wage}, "
        f"not {ev.wage}: did you mean wage {wage}?", expected=str(wage), actual=str(ev.wage))
