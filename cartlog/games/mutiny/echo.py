"""What a line did, in a few words, for the recorder's echo (``cartlog record``): a new
round and its giver, where the ship now stands, the coins a player holds when they change,
the duels won."""

from __future__ import annotations

from typing import Any

SIDES = {"V": "Valverde", "D": "Diaz"}  # the sides of the mutiny, as the wins name them


def echo(before: Any, after: Any) -> str:
    """What changed from the engine ``before`` a line to the engine ``after`` it:
    ``the ship at 9; blue holds 3 coins``."""
    b, a = before.state, after.state
    out = []
    if a.round != b.round and 0 <= a.giver < len(a.colours):
        out.append(f"round {a.round}, giver {a.colours[a.giver]}")
    if a.ship != b.ship:
        out.append(f"the ship at {a.ship}")
    for colour, was, now in zip(a.colours, b.coins, a.coins):
        if now != was:
            out.append(f"{colour} holds {now} coin{'s' if now != 1 else ''}")
    if a.wins != b.wins:
        out.append("duels won: " + ", ".join(f"{SIDES.get(side, side)} {n}"
                                             for side, n in a.wins.items()))
    return "; ".join(out)
