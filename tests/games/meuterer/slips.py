"""Slips of the pen in Meuterer logs: one recorded value of a simulated game changed, and what
the audit says about it.

Used by ``test_slips.py`` and runnable as a script to measure every kind of value::

    python tests/games/meuterer/slips.py            # 200 games a kind
    python tests/games/meuterer/slips.py 500        # 500 games a kind

A trial simulates a legal game (base or pirate, 3 or 4 players, seen by the whole table, by one
player or with every card known), changes ONE value of one kind and audits the result. It
counts as *one finding* when the audit gives exactly one error, at the changed value (its JSON
path) and with the lawful value as its ``expected``. The kinds:

- ``dest``: a destination island, moved 1 or 2 islands round the circle;
- ``score`` and ``total``: a number of a score or total line, off by 1 or 2;
- ``draw-count``: how many cards a player draws, one more or one fewer (a draw that names its
  cards gains a card or loses one; the stevedore's kept cards are left as they were);
- ``draw-cards``: one card a draw names replaced by a card of another kind (a game with every
  card known);
- ``mutiny-add``: the conflict cards a player adds, one more or one fewer, in a round with a
  draw line after it (in the last round a changed count that keeps the outcome leaves a
  lawful log);
- ``mutiny-outcome``: the recorded winner of the mutiny;
- ``wage``: the wage, in a round where it is paid (a mate, and the captain holds): elsewhere a
  changed wage leaves a lawful log.

The slips of structure (:data:`STRUCTURES`), one edit of the log's lines; a trial counts as
*one finding* when the audit gives exactly one finding that follows no other (an error or a
warning), at the edited place, whose ``expected`` names the repair (it starts with the
``lawful`` text):

- ``line-twice``: a body line written twice in a row (the copy is named, the line meant once);
- ``lines-swapped``: two neighbouring lines of a round swapped, where that makes the log
  unlawful (the first of the two is named, with the line meant there);
- ``wrong-colour``: a card played written under another player's colour (the play is named,
  with the colour meant);
- ``no-mutiny``: a round's mutiny line left out, in a round with a draw line after it, where
  someone added conflict cards (a line of no cards reads as none: nobody added any) (named at
  the line after the gap, the mutiny line meant);
- ``no-sell``: a round's sell line left out (named at the round's line: the round records
  no selling; the hands are read as unseen from there on);
- ``no-draw``: a round's draw line left out.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import NamedTuple

import msgspec

if __name__ == "__main__":  # run as a script: the worktree's cartlog
    sys.path.insert(0, str(Path(__file__).resolve().parents[3]))

from cartlog.audit import audit
from cartlog.games.meuterer.events import (
    Dest,
    Draw,
    MeutererLog,
    Mutiny,
    Play,
    Round,
    Score,
    Sell,
    Total,
    Wage,
)
from cartlog.games.meuterer.model import COLOURS, LETTERS
from cartlog.games.meuterer.notation import format_event, format_step
from cartlog.games.meuterer.replay import Replay
from cartlog.games.meuterer.simulate import simulate

KINDS = ("dest", "score", "total", "draw-count", "draw-cards", "mutiny-add", "mutiny-outcome",
         "wage", "line-twice", "lines-swapped", "wrong-colour", "no-mutiny", "no-sell", "no-draw")
STRUCTURES = ("line-twice", "lines-swapped", "wrong-colour", "no-mutiny", "no-sell", "no-draw")
GOODS = LETTERS[:6]  # the cards a slip may write: the five goods and the conflict card


class Slip(NamedTuple):
    """A changed log, the JSON path of the changed value and the lawful value, as a finding's
    ``expected`` would name it."""

    log: MeutererLog
    path: str
    lawful: str


class Outcome(NamedTuple):
    errors: int  # error findings
    one: bool  # exactly one, at the changed value, naming the lawful value


def game(seed: int, *, views: tuple[str, ...] = ("all", "table", "colour")) -> MeutererLog:
    """A simulated game chosen by ``seed``: variant, players, view and play bias."""
    rnd = random.Random(seed)
    variant = rnd.choice(["base", "pirate"])
    players = rnd.choice([3, 4])
    view = rnd.choice(views)
    if view == "colour":
        view = rnd.choice(COLOURS[:players])
    return simulate(variant, players, seed, view=view, play_bias=rnd.choice([0.5, 0.7, 0.9]))


def _replace(log: MeutererLog, i: int, event) -> MeutererLog:
    events = list(log.events)
    events[i] = event
    return msgspec.structs.replace(log, events=events)


def _entry(log: MeutererLog, i: int, field: str, j: int, **changes) -> MeutererLog:
    event = log.events[i]
    entries = list(getattr(event, field))
    entries[j] = msgspec.structs.replace(entries[j], **changes)
    return _replace(log, i, msgspec.structs.replace(event, **{field: entries}))


def _spots(log: MeutererLog, kind: type, field: str) -> list[tuple[int, int]]:
    return [(i, j) for i, e in enumerate(log.events) if type(e) is kind
            for j in range(len(getattr(e, field)))]


def _paid_wages(log: MeutererLog) -> list[int]:
    """The wage events of the rounds in which the wage is paid (a mate, the captain holding)."""
    replay = Replay(log).run()
    paid = {s.round for s in replay.scores
            if any(i.source == "mate" for p in s.players for i in p.items)}
    out, rnd = [], 0
    for i, e in enumerate(log.events):
        if type(e) is Round:
            rnd += 1
        elif type(e) is Wage and rnd in paid:
            out.append(i)
    return out


def _drawn_after(log: MeutererLog, i: int) -> bool:
    for e in log.events[i + 1:]:
        if type(e) is Round:
            return False
        if type(e) is Draw:
            return True
    return False


def miswrite(log: MeutererLog, kind: str, rnd: random.Random) -> Slip | None:
    """``log`` with one value of ``kind`` changed at random; None when the log has none."""
    if kind == "dest":
        spots = _spots(log, Dest, "dests")
        if not spots:
            return None
        i, j = rnd.choice(spots)
        d = log.events[i].dests[j]
        names = list(log.islands)
        at = names.index(d.island) + rnd.choice([-2, -1, 1, 2])
        return Slip(_entry(log, i, "dests", j, island=names[at % len(names)]),
                    f"$.events[{i}].dests[{j}]", d.island)
    if kind in ("score", "total"):
        spots = _spots(log, Score if kind == "score" else Total, "entries")
        i, j = rnd.choice(spots)
        e = log.events[i].entries[j]
        return Slip(_entry(log, i, "entries", j, points=e.points + rnd.choice([-2, -1, 1, 2])),
                    f"$.events[{i}].entries[{j}]", str(e.points))
    if kind == "draw-count":
        spots = _spots(log, Draw, "draws")
        if not spots:
            return None
        i, j = rnd.choice(spots)
        d = log.events[i].draws[j]
        path = f"$.events[{i}].draws[{j}]"
        if d.cards is None:
            n = d.count or 0
            new = n + (1 if n == 0 else rnd.choice([-1, 1]))
            return Slip(_entry(log, i, "draws", j, count=new), path, str(n))
        cards = d.cards
        if d.keep is None and rnd.random() < 0.5:  # one card fewer
            k = rnd.randrange(len(cards))
            new_cards = cards[:k] + cards[k + 1:]
        else:  # one card more, the stevedore keeping what he kept
            k = rnd.randrange(len(cards) + 1)
            new_cards = cards[:k] + rnd.choice(GOODS) + cards[k:]
        changes: dict = {"cards": new_cards or None}
        if not new_cards:
            changes["count"] = 0
        if d.returned is not None:
            changes["returned"] = d.returned + len(new_cards) - len(cards)
        return Slip(_entry(log, i, "draws", j, **changes), path, str(len(cards)))
    if kind == "draw-cards":
        spots = [(i, j) for i, j in _spots(log, Draw, "draws")
                 if log.events[i].draws[j].cards and log.events[i].draws[j].keep is None
                 and "?" not in log.events[i].draws[j].cards]
        if not spots:
            return None
        i, j = rnd.choice(spots)
        cards = log.events[i].draws[j].cards
        k = rnd.randrange(len(cards))
        new = cards[:k] + rnd.choice([c for c in GOODS if c != cards[k]]) + cards[k + 1:]
        return Slip(_entry(log, i, "draws", j, cards=new), f"$.events[{i}].draws[{j}]", cards)
    if kind == "mutiny-add":  # in a round with a draw line after it, which shows the count
        spots = [(i, j) for i, j in _spots(log, Mutiny, "adds") if _drawn_after(log, i)]
        if not spots:
            return None
        i, j = rnd.choice(spots)
        a = log.events[i].adds[j]
        new = a.count + (1 if a.count == 0 else rnd.choice([-1, 1]))
        return Slip(_entry(log, i, "adds", j, count=new), f"$.events[{i}].adds[{j}]",
                    str(a.count))
    if kind == "mutiny-outcome":
        spots = [i for i, e in enumerate(log.events) if type(e) is Mutiny and e.outcome]
        if not spots:
            return None
        i = rnd.choice(spots)
        ev = log.events[i]
        flip = "captain" if ev.outcome == "mutineers" else "mutineers"
        return Slip(_replace(log, i, msgspec.structs.replace(ev, outcome=flip)),
                    f"$.events[{i}]", ev.outcome)
    if kind == "wage":
        spots = _paid_wages(log)
        if not spots:
            return None
        i = rnd.choice(spots)
        ev = log.events[i]
        new = rnd.choice([w for w in range(4) if w != ev.wage])
        return Slip(_replace(log, i, msgspec.structs.replace(ev, wage=new)),
                    f"$.events[{i}].wage", str(ev.wage))
    if kind in STRUCTURES:
        return restructure(log, kind, rnd)
    raise ValueError(f"unknown kind {kind!r}")


def _events(log: MeutererLog, events: list) -> MeutererLog:
    return msgspec.structs.replace(log, events=events)


def _round_ends(log: MeutererLog, i: int) -> int:
    """The index of the round line after event ``i`` (the log's length at the end)."""
    for k in range(i + 1, len(log.events)):
        if type(log.events[k]) is Round:
            return k
    return len(log.events)


def restructure(log: MeutererLog, kind: str, rnd: random.Random, lo: int = 0,
                hi: int | None = None) -> Slip | None:
    """``log`` with one slip of structure of ``kind`` (see :data:`STRUCTURES`), made among its
    events ``lo`` to ``hi`` (the lines they touch, excluded)."""
    events = list(log.events)
    top = len(events) if hi is None else hi

    def inside(i: int, width: int = 1) -> bool:
        return lo <= i and i + width <= top

    if kind == "line-twice":
        spots = [i for i, e in enumerate(events) if type(e) is not Round and inside(i)]
        i = rnd.choice(spots)
        return Slip(_events(log, events[:i + 1] + [events[i]] + events[i + 1:]),
                    f"$.events[{i + 1}]", format_event(events[i]))
    if kind == "lines-swapped":
        spots = [i for i in range(1, len(events) - 1)
                 if inside(i, 2) and type(events[i]) is not Round and format_event(events[i])
                 != format_event(events[i + 1])]
        rnd.shuffle(spots)
        for i in spots[:8]:  # a swap that leaves a lawful log shows nothing: another
            swapped = events[:i] + [events[i + 1], events[i]] + events[i + 2:]
            new = _events(log, swapped)
            if any(f.severity == "error" for f in audit(new).findings):
                return Slip(new, f"$.events[{i}]", format_event(events[i]))
        return None
    if kind == "wrong-colour":
        spots = [(i, j) for i, e in enumerate(events) if type(e) is Sell and inside(i)
                 for j, step in enumerate(e.steps) if type(step) is Play]
        if not spots:
            return None
        i, j = rnd.choice(spots)
        step = events[i].steps[j]
        others = [p.colour for p in log.players if p.colour != step.player]
        new = _entry(log, i, "steps", j, player=rnd.choice(others))
        return Slip(new, f"$.events[{i}].steps[{j}]", format_step(step))
    wanted = {"no-mutiny": Mutiny, "no-sell": Sell, "no-draw": Draw}[kind]
    spots = [i for i, e in enumerate(events) if type(e) is wanted and inside(i)
             and (kind != "no-mutiny" or (any(a.count for a in e.adds) and any(
                 type(x) is Draw for x in events[i:_round_ends(log, i)])))]
    if not spots:
        return None
    i = rnd.choice(spots)
    if kind == "no-sell":  # named at its round's line: the round records no selling
        start = max(k for k in range(i) if type(events[k]) is Round)
        return Slip(_events(log, events[:i] + events[i + 1:]), f"$.events[{start}]",
                    "a sell line")
    return Slip(_events(log, events[:i] + events[i + 1:]), f"$.events[{i}]",
                format_event(events[i]).split(" ")[0])


# the slips of structure the audit reads (a sell or draw line left out is not read so)
BUILT = ("line-twice", "lines-swapped", "wrong-colour", "no-mutiny")
# what each moves the events after it by: a copy adds a line, a line left out takes one
SHIFT = {"line-twice": 1, "no-mutiny": -1, "no-sell": -1, "no-draw": -1}


def two_slips(log: MeutererLog, rnd: random.Random) -> tuple[Slip, Slip] | None:
    """``log`` with two slips of structure of the kinds built (:data:`BUILT`, each chosen at
    random), far apart: the first in a round, the second two rounds or more after it. Both
    slips hold the log they make together; their paths are the places in it."""
    starts = [i for i, e in enumerate(log.events) if type(e) is Round]
    if len(starts) < 4:
        return None
    for _ in range(12):
        r1 = rnd.randrange(len(starts) - 3)
        r2 = rnd.randrange(r1 + 2, len(starts))
        cut = starts[r1 + 2]  # the round line between them, touched by neither
        a_kind, b_kind = rnd.choice(BUILT), rnd.choice(BUILT)
        a = restructure(log, a_kind, rnd, 0, starts[r1 + 1] + 1)
        b = restructure(log, b_kind, rnd, starts[r2], None)
        if a is None or b is None or _at(b.path) < cut:
            continue
        shift = len(a.log.events) - len(log.events)
        events = list(a.log.events[:cut + shift]) + list(b.log.events[cut:])
        both = _events(log, events)
        path = f"$.events[{_at(b.path) + shift}]" + b.path[len(f"$.events[{_at(b.path)}]"):]
        return Slip(both, a.path, a.lawful), Slip(both, path, b.lawful)
    return None


def _at(path: str) -> int:
    return int(path[len("$.events["):path.index("]")])


def judge_two(first: Slip, second: Slip) -> Outcome:
    """Exactly two findings that follow no other (errors or warnings), one at each edited
    place, each naming its repair."""
    found = audit(first.log).findings
    errors = sum(1 for f in found if f.severity == "error")
    roots = [f for f in found if f.severity in ("error", "warning") and f.follows is None
             and not f.condoned]

    def named(slip: Slip) -> bool:
        return any(f.path is not None and (f.path == slip.path
                                           or f.path.startswith(slip.path + "."))
                   and (f.expected or "").startswith(slip.lawful) for f in roots)

    return Outcome(errors, len(roots) == 2 and named(first) and named(second))


def two_trials(n: int, first: int = 0) -> Iterator[tuple[int, Slip, Slip, Outcome]]:
    """``n`` trials of two slips of structure far apart (:func:`two_slips`)."""
    seed = first
    done = 0
    while done < n:
        slips = two_slips(game(seed), random.Random(seed * 7919 + len(KINDS)))
        if slips is not None:
            yield seed, *slips, judge_two(*slips)
            done += 1
        seed += 1


def judge(slip: Slip, structure: bool = False) -> Outcome:
    if structure:
        return judge_structure(slip)
    errors = [f for f in audit(slip.log).findings if f.severity == "error"]
    one = (len(errors) == 1 and errors[0].path is not None
           and (errors[0].path == slip.path or errors[0].path.startswith(slip.path + "."))
           and errors[0].expected == slip.lawful)
    return Outcome(len(errors), one)


def judge_structure(slip: Slip) -> Outcome:
    """One finding that follows no other (an error or a warning), at the edited place, whose
    ``expected`` names the repair."""
    found = audit(slip.log).findings
    errors = sum(1 for f in found if f.severity == "error")
    roots = [f for f in found if f.severity in ("error", "warning") and f.follows is None
             and not f.condoned]
    one = (len(roots) == 1 and roots[0].path is not None
           and (roots[0].path == slip.path or roots[0].path.startswith(slip.path + "."))
           and (roots[0].expected or "").startswith(slip.lawful))
    return Outcome(errors, one)


def trials(kind: str, n: int, first: int = 0, **kw) -> Iterator[tuple[int, Slip, Outcome]]:
    """``n`` trials of ``kind`` on the games of seeds ``first``, ``first + 1``, ... (games
    without a value of the kind are skipped)."""
    seed = first
    done = 0
    while done < n:
        log = game(seed, **kw)
        slip = miswrite(log, kind, random.Random(seed * 7919 + KINDS.index(kind)))
        if slip is not None:
            yield seed, slip, judge(slip, kind in STRUCTURES)
            done += 1
        seed += 1


def measure(n: int = 200, kinds: tuple[str, ...] = KINDS) -> dict[str, tuple[float, float]]:
    """For each kind: (fraction of trials with one finding, mean number of errors)."""
    out = {}
    for kind in kinds:
        views = ("all",) if kind == "draw-cards" else ("all", "table", "colour")
        results = [o for _, _, o in trials(kind, n, views=views)]
        out[kind] = (sum(o.one for o in results) / n, sum(o.errors for o in results) / n)
    return out


def measure_two(n: int = 200) -> tuple[float, float]:
    """Two slips of structure far apart: (fraction of trials with the two findings, mean
    number of errors)."""
    results = [o for *_, o in two_trials(n)]
    return sum(o.one for o in results) / n, sum(o.errors for o in results) / n


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    kinds = tuple(sys.argv[2:]) or KINDS
    print(f"| value changed | one finding ({n} games) | errors, mean |")
    print("| --- | ---: | ---: |")
    for kind, (one, mean) in measure(n, tuple(k for k in kinds if k != "two")).items():
        print(f"| {kind} | {one:.1%} | {mean:.1f} |")
    if "two" in kinds or kinds == KINDS:
        one, mean = measure_two(n)
        print(f"| two slips of structure | {one:.1%} | {mean:.1f} |")
