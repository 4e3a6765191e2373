"""The judge: replays a log the oracle can read, line by line, and says whether it is lawful
and, if not, at which line the first fault is: the first line that no lawful game can follow
from the lines before it. A wrong ``Result`` tag is judged last, after the body."""

from __future__ import annotations

from dataclasses import dataclass, field

from tests.oracle.meuterer import game as g
from tests.oracle.meuterer import read, rules


@dataclass
class Verdict:
    lawful: bool
    line: int | None = None
    reason: str = ""
    winners: list[str] = field(default_factory=list)


class Fault(Exception):
    """The first fault; raised to end the replay (the judge's own control flow)."""

    def __init__(self, line: int, reason: str) -> None:
        super().__init__(reason)
        self.line = line
        self.reason = reason


def judge(text: str) -> Verdict:
    tags, where, body = read.read(text)
    seats = [e.split()[0] for e in tags["Players"].split(",")]
    state = g.new_game(tags.get("Variant", "base"), seats, tags["Captain"],
                       [i.strip() for i in tags["Islands"].split(",")],
                       read.read_deal(tags["Deal"], seats))
    try:
        check_deal(state, where["Deal"])
        replay(state, body)
    except Fault as fault:
        return Verdict(False, fault.line, fault.reason)
    winners = rules.winners(state["totals"])
    recorded = [w.strip() for w in tags.get("Result", "").split(",")]
    if "Result" in tags and sorted(recorded) != sorted(winners):
        return Verdict(False, where["Result"], f"the winners are {winners}", winners)
    return Verdict(True, winners=winners)


def fail(line: int, reason: str | None) -> None:
    if reason:
        raise Fault(line, reason)


def check_deal(state: dict, line: int) -> None:
    """Rulebook 001, "Mise en place d'une partie": five cards each, from the game's cards."""
    for p, hand in state["hands"].items():
        fail(line, f"{p} is dealt {len(hand)}" if len(hand) != rules.HAND else None)
    fail(line, g.too_many(state))


def replay(state: dict, body: list[tuple[int, str, object]]) -> None:
    last = rules.rounds(len(state["seats"]))
    sales: list = []
    points: dict[str, int] = {}
    for line, keyword, value in body:
        if keyword == "round":
            fail(line, "a round after the last" if state["round"] == last else None)
            g.start_round(state)
            sales = []
        elif keyword == "wage":
            fail(line, g.check_wage(state, value))
            state["wage"] = value
        elif keyword == "sell":
            sell(state, line, value)
        elif keyword == "dest":
            dests(state, line, value)
        elif keyword == "mutiny":
            adds, outcome = value
            fail(line, g.check_mutiny(state, adds, outcome))
            g.apply_mutiny(state, adds, outcome)
            fail(line, g.too_many(state))
        elif keyword == "sale":
            fail(line, g.check_sales(state, value))
            sales = value
        elif keyword == "score":
            if g.holder(state, "mutineer") and state["mutiny"] is None:
                # a mutiny the log does not record: nobody added a card (notation.md, mutiny)
                g.apply_mutiny(state, [], g.mutiny_outcome(state, []))
            points = g.round_points(state, sales)
            sheet(line, "score", value, points)
            for p in state["seats"]:
                state["totals"][p] += points[p]
        elif keyword == "total":
            sheet(line, "total", value, state["totals"])
        elif keyword == "draw":
            fail(line, "a draw after the last round" if state["round"] == last else None)
            g.end_round(state)
            draw(state, line, value)


def sell(state: dict, line: int, steps: list[tuple]) -> None:
    """Rulebook 001, "Phase 2": the plays and passes in turn; the phase ends when all passed."""
    for p, kind, value, extra in steps:
        if kind == "play":
            fail(line, g.check_play(state, p, value, extra))
            g.apply_play(state, p, value)
            fail(line, g.too_many(state))
        else:
            fail(line, g.check_pass(state, p, value, extra))
            g.apply_pass(state, p, extra)
    fail(line, "the selling is not over" if state["turn"] is not None else None)


def dests(state: dict, line: int, written: dict[str, str]) -> None:
    """U7: the destinations the kept cards give; a mutineer's only when a player took the
    mutineer card. A destination the log leaves out is the one the rules give."""
    due = {r: state["circle"][i] for r, i in g.due_dests(state).items()}
    for r, island in written.items():
        fail(line, "a mutineer's destination without a mutineer" if r not in due else None)
        fail(line, f"the {r}'s destination is {due[r]}" if island != due[r] else None)
    state["dests"] = g.due_dests(state)


def sheet(line: int, what: str, written: dict[str, int], due: dict[str, int]) -> None:
    """Rulebook 001, "Phase 5": the score sheet, each round's points and the running totals."""
    for p, v in written.items():
        fail(line, f"{p}'s {what} is {due[p]}, not {v}" if due[p] != v else None)


def draw(state: dict, line: int, draws: list[tuple]) -> None:
    """Rulebook 001, "Phase 8": from the captain clockwise, back to five."""
    fail(line, "the draws are not in order" if [d[0] for d in draws] != g.draw_order(state)
         else None)
    for p, cards, keep in draws:
        fail(line, g.check_draw(state, p, cards, keep))
        fail(line, g.apply_draw(state, p, cards, keep))
    fail(line, g.too_many(state))
