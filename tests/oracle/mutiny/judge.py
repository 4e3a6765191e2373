"""The oracle's verdict on a log text it wrote (possibly with one value changed): it reads
the text with its own reader and replays it with `model.Judge`."""

from .model import Fault, Judge
from .text import read


def verdict(text):
    """Returns (line of the first fault or None, the winners by the replay or None).

    The events are replayed in order and the first that breaks a rule is the fault. A log
    whose body is lawful is then held to its `Result` tag: a tag that names other winners is
    the fault, at the tag's line (M10)."""
    game = read(text)
    judge = Judge(game["players"], game["track"], game["combat"], game["gold"])
    for ev in game["events"]:
        try:
            judge.step(ev)
        except Fault:
            return ev["line"], None
    result = judge.s["result"]
    if result is None:
        return game["events"][-1]["line"], None
    if sorted(result) != sorted(game["result"]):
        return game["result_line"], result
    return None, result
