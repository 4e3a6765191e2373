"""Every command's memory and output grow linearly with the log (docs/security.md: bounded time and
memory everywhere), for every game and every worst case of ``tests/growing_logs.py``: many
illegal moves and findings, many stuck draws, long comments.

Not a timed test: each command runs in this process on logs of 1, N and 8N units of play;
what is asserted is the peak of memory allocated while it runs (:mod:`tracemalloc`, the
command's fixed cost, measured on the 1-unit log, taken off) and the bytes it writes. Linear
growth makes the 8N log cost about 8 times the N log; a cost that grows with the square of
the log, 64 times. ``benchmarks/bench_growth.py`` prints the same figures with the times, for
``docs/performance.md``.
"""

from __future__ import annotations

import pytest

from tests.growing_logs import CASES, COMMANDS, growing_log, measure

LINEAR = 20  # 8 times the log may cost at most this many times more (the square: 64)
SIZES = {"record": (4, 32)}  # units of play: the recorder writes and syncs every line
SMALL, LARGE = 8, 64  # units of play for the other commands
FLOOR = 16 * 1024  # below this much memory over the fixed cost, growth is not measured


# no case is expected to grow faster than the log (an entry here names a case and the reason)
QUADRATIC: set[tuple[str, str, str]] = set()


def _params():
    for game, case in CASES:
        for command in COMMANDS:
            marks = [pytest.mark.xfail(strict=True, reason="undo keeps each version of Meuterer's "
                                       "sell line, which grows with every entry")
                     ] if (command, game, case) in QUADRATIC else []
            yield pytest.param(command, game, case, marks=marks,
                               id=f"{game}-{case}-{command}")


@pytest.mark.parametrize(("command", "game", "case"), list(_params()))
def test_memory_and_output_grow_linearly_with_the_log(command, game, case, tmp_path):
    small_n, large_n = SIZES.get(command, (SMALL, LARGE))
    measure(command, growing_log(game, case, 1), tmp_path)  # imports and caches filled
    fixed, _, _ = measure(command, growing_log(game, case, 1), tmp_path)
    small, small_out, _ = measure(command, growing_log(game, case, small_n), tmp_path)
    large, large_out, _ = measure(command, growing_log(game, case, large_n), tmp_path)
    grown, base = large - fixed, max(small - fixed, FLOOR)
    assert grown <= LINEAR * base, (
        f"{command} {game} {case}: peak {small / 1e6:.2f} MB at {small_n} units, "
        f"{large / 1e6:.2f} MB at {large_n} (fixed cost {fixed / 1e6:.2f} MB)")
    assert large_out <= LINEAR * small_out, (
        f"{command} {game} {case}: {small_out} bytes written at {small_n} units, "
        f"{large_out} at {large_n}")


def test_meuterer_slips_of_structure_cost_in_proportion_to_the_log(monkeypatch):
    """A Meuterer log with a play under another colour in every round: each place read for a
    slip audits the log again, and at most ``structure.MOST`` places are read, so twice the
    rounds cost about twice the lines walked (the square would be four times)."""
    import msgspec

    from cartlog.audit import audit
    from cartlog.games.meuterer import structure
    from cartlog.games.meuterer.events import Play, Round, Sell
    from cartlog.games.meuterer.replay import Replay
    from cartlog.games.meuterer.simulate import simulate

    game = simulate("base", 3, 5)
    colours = [p.colour for p in game.players]

    def rounds(n: int):
        events, seen = [], 0
        for e in game.events:
            if type(e) is Round:
                seen += 1
                if seen > n:
                    break
            if type(e) is Sell:  # a play of the line written under the next player's colour
                steps = list(e.steps)
                j = next(j for j, s in enumerate(steps) if type(s) is Play)
                other = colours[(colours.index(steps[j].player) + 1) % len(colours)]
                steps[j] = msgspec.structs.replace(steps[j], player=other)
                e = msgspec.structs.replace(e, steps=steps)
            events.append(e)
        return msgspec.structs.replace(game, events=events, result=None)

    walked = [0]
    run = Replay.run

    def counted(self, *args, **kw):
        walked[0] += len(self.log.events)
        return run(self, *args, **kw)

    monkeypatch.setattr(Replay, "run", counted)
    cost = {}
    for n in (structure.MOST, 2 * structure.MOST):
        walked[0] = 0
        found = audit(rounds(n)).findings
        assert sum(f.code == "sell/wrong-colour" for f in found) >= structure.MOST - 1
        cost[n] = walked[0]
    assert cost[2 * structure.MOST] <= 2.5 * cost[structure.MOST], cost


def _turns_left_out(n: int) -> str:
    """A Cartagena log of ``n`` lines in which every other turn is left out: each is read as a
    turn left out, and what it did is searched for (docs/rules.md, "Slips of the pen")."""
    from tests.growing_logs import _header

    head = _header("cartagena/stuck-draw-2000-edition.cartlog", "\n1. ")
    return head + "".join(f"{2 * i - 1}. red K0-3\n" for i in range(1, n + 1))


def test_the_search_for_turns_left_out_takes_time_in_proportion_to_the_log():
    # timed, unlike the cases above: the search plays many readings of each turn left out,
    # and a log may leave out any number of them (at most a few are searched)
    import time

    from cartlog.audit import audit
    from cartlog.logs import read_log

    def seconds(n: int) -> float:
        log = read_log(_turns_left_out(n))
        best = float("inf")
        for _ in range(3):
            start = time.perf_counter()
            report = audit(log)
            best = min(best, time.perf_counter() - start)
        assert n < 2 or report.findings[0].code == "turn/missing"
        return best

    seconds(1)  # imports and caches filled
    small, large = seconds(SMALL), seconds(LARGE)
    assert large <= LINEAR * small, f"{small:.3f} s at {SMALL} lines, {large:.3f} s at {LARGE}"
