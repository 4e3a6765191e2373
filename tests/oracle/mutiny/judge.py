"""The oracle's verdict on a log text it wrote (possibly with one value changed): it reads
the text with its own reader and replays it with `model.Judge`."""

from .model import Fault, Incomplete, Judge
from .text import read


def verdict(text):
    """Returns (line of the first fault or None, the winners by the replay or None, what the
    fault is); the
    line is "incomplete" for a log that leaves out an effect this oracle cannot take as
    known (model.Incomplete).

    The events are replayed in order and the first that breaks a rule is the fault. A log
    whose body is lawful is then held to its `Result` tag: a tag that names other winners is
    the fault, at the tag's line (M10)."""
    game = read(text)
    judge = Judge(game["players"], game["track"], game["combat"], game["gold"])
    for ev in game["events"]:
        try:
            judge.step(ev)
        except Fault as fault:
            return ev["line"], None, str(fault)
        except Incomplete:
            return "incomplete", None, ""
    result = judge.s["result"]
    if result is None:
        return game["events"][-1]["line"], None, "unfinished"
    if sorted(result) != sorted(game["result"]):
        return game["result_line"], result, "result"
    return None, result, ""
