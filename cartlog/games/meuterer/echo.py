"""What a line did, in a few words, for the recorder's echo (``cartlog record``): a new
round and its captain, the merchant ship's new port, the scores when they change."""

from __future__ import annotations

from typing import Any


def echo(before: Any, after: Any) -> str:
    """What changed from the engine ``before`` a line to the engine ``after`` it:
    ``round 3 of 8, captain blue; the ship in port at Sandkap``."""
    b, a = before.state, after.state
    out = []
    if a.round != b.round:
        out.append(f"round {a.round} of {a.rounds}, captain {a.colours[a.captain]}")
    if a.ship != b.ship:
        out.append(f"the ship in port at {a.circle[a.ship].name}")
    if a.scores != b.scores:
        out.append("scores " + ", ".join(f"{c} {s}" for c, s in zip(a.colours, a.scores)))
    return "; ".join(out)
