"""Writes a game record (see ``play``) as a log in cartlog's notation (docs/notation.md, Part 2),
as the whole table saw it (every card known) or as one seat saw it (the other hands, the cards
they drew and the cards the stevedore kept hidden)."""

from __future__ import annotations

TABLE = "table"


def cards_text(cards: list[str]) -> str:
    return "".join(cards)


def header(record: dict, view: str) -> list[str]:
    seats = record["seats"]
    players = ", ".join(f"{p} {n}" for p, n in zip(seats, record["names"]))
    deal = ", ".join(f"{p} {cards_text(record['deal'][p])}" for p in seats
                     if view in (TABLE, p))
    lines = [
        '[Game "Meuterer"]',
        f'[Variant "{record["variant"]}"]',
        f'[Players "{players}"]',
        f'[Captain "{record["captain"]}"]',
        f'[Islands "{", ".join(record["circle"])}"]',
        f'[Deal "{deal}"]',
    ]
    if record.get("result") is not None:
        lines.append(f'[Result "{", ".join(record["result"])}"]')
    return lines


def step_text(step: tuple) -> str:
    p, kind, value, extra = step
    if kind == "play":
        return f"{p} {value}" + (" robbed" if extra else "")
    return f"{p} pass {value}" + (f" {extra}" if extra else "")


def draw_text(entry: tuple, view: str) -> str:
    p, cards, keep = entry
    if view in (TABLE, p):
        text = f"{p} {cards_text(cards) or '0'}"
        if keep is not None:
            text += f" keep {cards_text(keep) or '-'}"
        return text
    if keep is not None:
        return f"{p} {len(cards)} return {len(cards) - len(keep)}"
    return f"{p} {len(cards)}"


def round_lines(n: int, rnd: dict, view: str) -> list[str]:
    lines = [f"round {n}", f"wage {rnd['wage']}"]
    lines.append("sell " + ", ".join(step_text(s) for s in rnd["sell"]))
    lines.append("dest " + ", ".join(f"{r} {i}" for r, i in rnd["dest"].items()))
    if rnd["mutiny"] is not None:
        adds, outcome = rnd["mutiny"]
        lines.append("mutiny " + ", ".join(f"{p} {k}" for p, k in adds) + f" => {outcome}")
    if rnd["sale"]:
        lines.append("sale " + ", ".join(f"{p} {g} {i} {k}" for p, g, i, k in rnd["sale"]))
    lines.append("score " + ", ".join(f"{p} {v}" for p, v in rnd["score"].items()))
    lines.append("total " + ", ".join(f"{p} {v}" for p, v in rnd["total"].items()))
    if rnd["draw"] is not None:
        lines.append("draw " + ", ".join(draw_text(d, view) for d in rnd["draw"]))
    return lines


def write(record: dict, view: str = TABLE) -> str:
    """The log text: header, a blank line, then the rounds."""
    lines = header(record, view) + [""]
    for n, rnd in enumerate(record["rounds"], 1):
        lines += round_lines(n, rnd, view)
    return "\n".join(lines) + "\n"
