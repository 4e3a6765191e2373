"""Settling a Meuterer round: rule functions of the state and the round's record.

Each takes the :class:`~cartlog.games.meuterer.model.State` and the
:class:`~cartlog.games.meuterer.model.RoundRecord` of the round being settled, carries its
phase out on the state, and returns what it found as :data:`Found`: the violation, the path
of the line or entry it applies to, that line or entry (for its place in the text, or a span
of its own), and the player. The engine makes them :class:`Finding` records, which the
walk places in the log; nothing here knows the audit.

So far the score sheet (phase 5, :func:`sheet_checks`), the sales (U2, :func:`sales`) and
a round recorded without its selling (:func:`sail_as_written`,
:func:`captain_from_draw`, :func:`played_unseen`) are settled here; the destinations, the mutiny and the refill
are still the engine's. Where the walk reads a value as a slip of the pen
(:mod:`~cartlog.games.meuterer.lookahead`), the settling follows the reading with the
functions at the end (:class:`DrawSlip`, :func:`add_slip`, :func:`count_slip`,
:func:`restore`).
"""

from __future__ import annotations

from typing import NamedTuple

from cartlog.core import cards
from cartlog.core.findings import Violation
from cartlog.games.meuterer import rules
from cartlog.games.meuterer.events import Add, DrawEntry, SaleEntry
from cartlog.games.meuterer.model import (
    CONFLICT,
    HAND_SIZE,
    LETTER_INDEX,
    STEVEDORE,
    STEVEDORE_EXTRA,
    UNKNOWN,
    EventPath,
    RoundRecord,
    SoldCards,
    State,
)

# (violation, path, the line or entry it is at, or its span (line, col, end), the player,
# whether the finding carries the position of the table as the function returns it)
Found = tuple[Violation, EventPath, object, int | None, bool]


class Finding(NamedTuple):
    """A violation the engine found, and where: plain data, which the walk places in the log.

    ``path``: the event's index in the log, the field of it and the entry of that field
    (:data:`EventPath`), or for the header, the name of its field (``deal.red``,
    ``position``); ``at``: the event or entry found at (its place in a text log), a span of
    its own (line, column, end) or ``None``; ``round``, ``action`` (the selling turn's
    number within the round) and ``seat`` where they apply; ``position``: the table's
    one-line position at the finding, within the engine's ``room`` for them; ``condoned``:
    the play or line is marked ``!``."""

    violation: Violation
    path: EventPath | str
    at: object | None
    round: int | None
    action: int | None
    seat: int | None
    position: str | None
    condoned: bool


class Told(NamedTuple):
    """A step of the game, in words, for the step-by-step view: its kind (``setup``,
    ``round``, ``wage``, ``action``, ``phase``, ``round-end``, ``comment``), the event and the
    play or pass of it (``item``), the round, the selling turn's number, the seat, the
    words, and the phase a ``phase`` step settles (``dest``, ``mutiny``, ``score``,
    ``refill``). The findings made since the step before are its own."""

    kind: str
    event: object | None
    item: object | None
    round: int | None
    action: int | None
    seat: int | None
    text: str
    phase: str | None = None


def sales(state: State, rec: RoundRecord, seat_of: dict[str, int], pos_of: dict[str, int]
          ) -> tuple[list[SoldCards], list[Found]]:
    """U2: the sales of the round, as its sale lines declare them where they may
    (:func:`rules.resolve_sales`); a declaration on an island not in the circle, one the
    rules refuse, and the default sale assumed for a player who could split goods and
    declares nothing (at the sale line, or the round line without one)."""
    found: list[Found] = []
    declared: list[tuple[int, int, int, int | None]] = []
    where: list[tuple[EventPath, SaleEntry]] = []
    for path, s in rec.sales:
        seat = seat_of.get(s.player, 0)
        pos = pos_of.get(s.island, -1)
        if pos < 0:
            found.append((Violation(
                "sale/wrong-island", f"{s.island} is not in this game's circle",
                expected=", ".join(state.island_name(p) for p in state.active()),
                actual=s.island), path, s, seat, False))
            continue
        declared.append((seat, LETTER_INDEX[s.good], pos, s.count))
        where.append((path, s))
    sold, bad, assumed = rules.resolve_sales(state, declared)
    for i, v in bad:
        path, s = where[i]
        found.append((v, path, s, seat_of.get(s.player, 0), True))
    if assumed:
        line_path, ev = rec.sale_at if rec.sale_at is not None else (
            (rec.index, None, None), rec.event)
        names = " and ".join(state.island_name(p) for p in state.active())
        for seat, what in assumed:
            found.append((Violation(
                "sale/assumed", f"{state.colours[seat]} could split goods between {names} but "
                f"declares no sale there: assumed {what}", expected="a sale declaration",
                actual="none"), line_path, ev, seat, False))
    return sold, found


def sheet_checks(state: State, rec: RoundRecord, items: list[list[rules.Item]],
                 points: list[int], source_lines: list[int]
                 ) -> tuple[list[int | None], list[int | None], list[Found], bool, bool]:
    """Phase 5 on the score sheet: each player's round score and running total compared with
    the replay's (``points``, the sums of ``items``; the totals are ``state.scores``, the
    round's points added). A total wrong only because the sheet carried its own earlier
    error is ``score/carried``: ``state.sheet`` holds the totals as the sheet adds them and
    ``state.sheet_from`` the round of the error each carries (``source_lines``: the line of
    that error in the log, 0 if not known). Returns the scores and totals the sheet
    records (``None`` where it has no entry), the findings (``score/round`` and
    ``score/total`` are the errors later totals may carry), and whether the round has no
    score line, no total line."""
    colours = state.colours
    running = state.scores
    sheet, sheet_from = state.sheet, state.sheet_from
    lines, total_lines = rec.score_lines, rec.total_lines
    if len(lines) == 1 and len(total_lines) == 1 and 0 < len(set(colours)) == len(colours):
        # the common case: one score and one total line, each giving every player once in
        # seat order, as the replay has them
        scored, summed = lines[0][1].entries, total_lines[0][1].entries
        if ([e.points for e in scored] == points and [e.points for e in summed] == running
                and [e.player for e in scored] == colours
                and [e.player for e in summed] == colours and len(sheet) == len(running)):
            sheet[:] = running
            same: list[int | None] = list(points)
            same_totals: list[int | None] = list(running)
            return same, same_totals, [], False, False
    rnd = state.round
    scores, totals = rec.scores, rec.totals
    found: list[Found] = []
    recorded: list[int | None] = []
    recorded_totals: list[int | None] = []
    for line in (scores, totals):
        if not line or line.keys() >= set(colours):  # the common case: every player
            continue
        missing = [c for c in colours if c not in line]
        path, e = next(iter(line.values()))
        what = "score" if line is scores else "total"
        found.append((Violation(
            "score/missing", f"the {what} line of round {rnd} has no entry for "
            f"{', '.join(missing)}: not compared", expected="an entry per player",
            actual=", ".join(line)), (path[0], "", 0), (e.line, 1, 6) if e.line else None,
            None, False))
    lines_of = source_lines[:]
    for seat, colour in enumerate(colours):
        pts = points[seat]
        got = scores.get(colour)
        tot = totals.get(colour)
        if got is not None and tot is not None:
            p, t = got[1].points, tot[1].points
            if p == pts and t == running[seat]:  # the common case: the sheet agrees
                recorded.append(p)
                recorded_totals.append(t)
                sheet[seat] = t
                continue
        if got is None:
            recorded.append(None)
            sheet[seat] += pts
        else:
            path, e = got
            recorded.append(e.points)
            if e.points != pts:
                found.append((Violation(
                    "score/round", f"{colour}'s round {rnd} score is {pts}, not {e.points}: "
                    f"{rules.explain(items[seat])}", expected=str(pts),
                    actual=str(e.points)), path, e, seat, False))
                lines_of[seat] = e.line
                sheet_from[seat] = rnd
            sheet[seat] += e.points
        if tot is None:
            recorded_totals.append(None)
            continue
        path, e = tot
        recorded_totals.append(e.points)
        right = running[seat]
        if e.points != right:
            if e.points == sheet[seat] and sheet_from[seat]:
                at = lines_of[seat]
                src = f"line {at}" if at else f"round {sheet_from[seat]}"
                found.append((Violation(
                    "score/carried", f"{colour}'s total after round {rnd} is {right}, not "
                    f"{e.points}, only because of the error carried from {src}",
                    expected=str(right), actual=str(e.points)), path, e, seat, False))
            else:
                found.append((Violation(
                    "score/total", f"{colour}'s total after round {rnd} is {right}, not "
                    f"{e.points}: {right - pts} before the round + {pts} this round",
                    expected=str(right), actual=str(e.points)), path, e, seat, False))
                lines_of[seat] = e.line
                sheet_from[seat] = rnd
        sheet[seat] = e.points
    return recorded, recorded_totals, found, not scores, not totals


def needless_mark(what: str) -> Violation:
    """A play or pass (``what``), or a line, marked condoned (``!``) that breaks no rule."""
    return Violation("condoned/lawful", f"marked as condoned (!) but the {what} breaks no rule",
                     expected="no !", actual="!")


# -- a round recorded without its selling ------------------------------------------------------


def sail_as_written(state: State, rec: RoundRecord, seat_of: dict[str, int],
                    pos_of: dict[str, int]) -> str | None:
    """Phases 6-7 of a round with no selling recorded, as its lines give them (001 'Phase
    5', 'Phase 6', U5): the ship sails to the captain's destination, or after a mutiny the
    mutiny line says won, to the mutineer's, and the mutineer takes the captain card. Who
    was the mutineer the log tells only when one player besides the captain adds to the
    mutiny; otherwise the captain stays. Returns what the log leaves unknown, or ``None``."""
    capt_dest = mut_dest = -1
    for _, d in rec.dests:
        pos = pos_of.get(d.island, -1)
        if d.role == "captain":
            capt_dest = pos
        else:
            mut_dest = pos
    won = rec.outcome is not None and rec.outcome[2] == "mutineers"
    dest = mut_dest if won else capt_dest
    rules.apply_move(state, dest if dest >= 0 else state.ship, None)
    if not won:
        return None
    others = {seat_of.get(a.player, -1) for _, a in rec.adds} - {state.captain, -1}
    if len(others) == 1 and mut_dest >= 0:
        state.captain = others.pop()
        return None
    return (f"round {state.round} records no selling and a mutiny the mutineers won: "
            + ("who took the captain card is not known (the mutiny line names more than one "
               "player besides the captain); the captain was kept" if mut_dest >= 0 else
               "the mutineer's destination is not recorded; the ship was kept in port and the "
               "captain kept"))


def captain_from_draw(state: State, rec: RoundRecord, seat_of: dict[str, int]) -> bool:
    """A round with no selling recorded whose log does not say the captain held: the new
    captain draws first (001 'Phase 8'), so the draw line's first player is the captain from
    here on. Whether the captain changed so."""
    if not rec.draws or (rec.outcome is not None and rec.outcome[2] == "captain"):
        return False
    first = seat_of.get(rec.draws[0][1].player, -1)
    if first < 0 or first == state.captain:
        return False
    state.captain = first
    return True


def played_unseen(state: State, rec: RoundRecord, seat_of: dict[str, int]) -> None:
    """A round with no selling recorded, before its refill: what each player played and kept
    is not known. Every hand becomes unseen cards (a card named before is no longer known to
    be there; by kind, an unseen card is bounded as the deck's are); the conflict cards the
    mutiny line names leave the hands for the discard pile; and each hand keeps the cards its
    draw line entry shows it did not lack (five less the cards drawn, the stevedore's three
    more aside: the stevedore is the player whose entry keeps or returns cards), the rest
    going, unseen, to the discard pile with the cards sold (001 'Phase 2', 'Phase 7',
    'Phase 8')."""
    hands = state.hands
    for hand in hands:
        cards.forget(state, hand)
    for _, a in rec.adds:
        seat = seat_of.get(a.player, -1)
        if seat >= 0 and a.count > 0:
            rules.apply_add(state, seat, a.count)
    for _, d in rec.draws:
        seat = seat_of.get(d.player, -1)
        if seat < 0:
            continue
        got = len(d.cards) if d.cards is not None else (d.count or 0)
        if d.keep is not None or d.returned is not None:
            state.taken[STEVEDORE] = seat
            state.action[seat] = STEVEDORE
            got -= STEVEDORE_EXTRA
        hand = hands[seat]
        played = hand[UNKNOWN] - (HAND_SIZE - got)
        if played > 0:
            hand[UNKNOWN] -= played
            state.discard[UNKNOWN] += played


# -- following a slip of the pen the walker reads (lookahead) -------------------------------------


class DrawSlip(NamedTuple):
    """A draw read as a slip: the lawful entry; or, when ``add`` is given, the mutiny line's
    entry (its path, the entry, the count the log fits) read as the slip instead."""

    entry: DrawEntry | None
    words: str
    add: tuple[EventPath, Add, int] | None = None


def add_slip(state: State, seat: int, written: int, count: int, side: int | None,
             words: str) -> Violation:
    """The finding of a count of conflict cards read as a slip, before the mutiny is
    settled: more than the player kept (``mutiny/too-many``) or a count the lines after it
    do not fit (``mutiny/count``); either names the count the log fits."""
    for v in rules.check_add(state, seat, written, side):
        if v.code in ("mutiny/too-many", "goods/too-many"):
            return v._replace(message=f"{v.message}; {words}", expected=str(count))
    return count_slip(state.colours[seat], written, count, words)


def count_slip(colour: str, written: int, count: int, words: str) -> Violation:
    return Violation(
        "mutiny/count", f"{colour} adds {written} conflict card{'s' if written != 1 else ''}, "
        f"but {words}", expected=str(count), actual=str(written))


def restore(state: State, seat: int, more: int) -> None:
    """``seat`` kept ``more`` conflict cards more than the mutiny line said (fewer, if
    negative): they come back from the discard pile to the hand, or go there."""
    hand = state.hands[seat]
    kind = UNKNOWN if hand[UNKNOWN] else CONFLICT  # a hidden hand takes them back unseen
    for _ in range(more):
        if state.discard[CONFLICT]:
            state.discard[CONFLICT] -= 1
            hand[kind] += 1
            if kind == UNKNOWN:
                state.known_out[CONFLICT] -= 1
        else:  # the discard pile has been shuffled into the deck since
            rules.take(state, seat, -1 if kind == UNKNOWN else CONFLICT)
    if more < 0:
        rules.apply_add(state, seat, -more)
