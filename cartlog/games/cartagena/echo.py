"""What a line did, in a few words, for the recorder's echo (``cartlog record``): the
pirates that moved, the cards a player holds when they drew, and the actions left in a turn
still open."""

from __future__ import annotations

from typing import Any

from cartlog.games.cartagena.model import START


def echo(before: Any, after: Any) -> str:
    """What changed from the engine ``before`` a line to the engine ``after`` it:
    ``yellow's pirates 7, 14 (1 in the boat); 2 actions left``."""
    b, a = before.state, after.state
    out = []
    for seat, colour in enumerate(a.colours):
        if a.pirates[seat] != b.pirates[seat]:
            out.append(f"{colour}'s pirates {_spaces(a.pirates[seat], a.boat)}")
        if sum(a.hands[seat]) > sum(b.hands[seat]):
            n = sum(a.hands[seat])
            out.append(f"{colour} holds {n} card{'s' if n != 1 else ''}")
    if a.winner is None and 0 < a.done < a.rs.actions:
        left = a.rs.actions - a.done
        out.append(f"{left} action{'s' if left != 1 else ''} left")
    return "; ".join(out)


def _spaces(pirates: list[int], boat: int) -> str:
    """``7, 14 (2 in the boat)``: a player's pirates on the passage, in order, and how many
    are in the boat."""
    on = ", ".join(str(p) for p in sorted(pirates) if p not in (START, boat))
    aboard = sum(1 for p in pirates if p == boat)
    if not aboard:
        return on or "all at start"
    if not on:
        return "all in the boat" if aboard == len(pirates) else f"{aboard} in the boat"
    return f"{on} ({aboard} in the boat)"
