"""The oracle's own writer of cartlog's text notation for the Mutiny (docs/notation.md, the
Mutiny part), and a reader for the lines it writes (and the same lines with one value
changed).

`write(game)` gives the table view with every card known; `write(game, seat="red")` what red
saw: red's own cards and conviction named, the other players' draws `C?`/`$?`, their
conviction cards `set`/`move` without a side, their Cambivalute pairs without values, and the
combat cards of the duels without owners but red's.
"""

import re

from .model import COLOURS, KINDS, PIRATES, SIDES


def header(game):
    t = game["track"]
    starts = " ".join(f"{n}:{t['start'][n]}" for n in (2, 3, 4))
    storms = "".join(f" {s}" for s in t["storms"])
    track = f"length {t['length']};{' storms' + storms + ';' if storms else ''} start {starts}; "
    track += f"mutiny {t['mutiny']}"
    combat = ", ".join(f"{k} {game['combat'][k]}" for k in KINDS)
    gold = ", ".join(f"{v} {game['gold'][v]}" for v in (1, 2, 3))
    result = ", ".join(game["result"]) if game["result"] else "none"
    return [
        '[Game "Cartagena: The Mutiny"]',
        f'[Players "{", ".join(game["players"])}"]',
        f'[Track "{track}"]',
        f'[Combat "{combat}"]',
        f'[Gold "{gold}"]',
        f'[Result "{result}"]',
        "",
    ]


def write(game, seat=None):
    return "\n".join(header(game) + [line(ev, seat) for ev in game["events"]]) + "\n"


def line(ev, seat):
    t = ev["t"]
    if t == "round":
        boat = f" lifeboat {ev['lifeboat']}" if ev["lifeboat"] else ""
        return f"round {ev['n']} giver {ev['giver']}{boat}"
    if t == "turn":
        return turn_line(ev, seat)
    if t == "ship":
        return f"ship {ev['moved']} at {ev['at']}" + (" storm" if ev["storm"] else "")
    if t == "mutiny":
        return f"mutiny {ev['why']}"
    if t == "duel":
        return f"duel {ev['pair']} {ev['v']}-{ev['d']}"
    if t == "fight":
        shown = []
        for owner, kind in ev["cards"]:
            known = seat is None or owner == seat or kind == "monkey"
            shown.append(f"{owner} {kind}" if known else kind)
        return "fight " + ", ".join(shown)
    if t == "steal":
        if ev["victim"] is None:
            return f"steal {ev['p']} supply"
        return f"steal {ev['p']} from {ev['victim']}"
    if t == "won":
        return f"won {ev['side']}"
    if t == "reveal":
        return "reveal " + ", ".join(f"{c} {s or 'none'}" for c, s in ev["sides"])
    if t == "gold":
        return "gold " + ", ".join(f"{c} {n}" for c, n in ev["counts"])
    raise ValueError(t)


def turn_line(ev, seat):
    own = seat is None or seat == ev["p"]
    out = [ev["p"]] + ["^" + c for c in ev["turned"]]
    if ev["card"]:
        out.append(ev["card"])
    out += ["-" + (k if own else "C?") for k in ev["under"]]
    out += ["+" + (k if own else "C?") for k in ev["gain"]]
    out += ["+$" + (str(v) if own else "?") for v in ev["gold"]]
    if ev["coins"] is not None:
        out.append(f"{ev['coins']:+d}")
    if ev["victim"]:
        out += ["from", ev["victim"]]
    if ev["conv"]:
        if own:
            out += [ev["conv"]] + ([ev["side"]] if ev["side"] else [])
        else:
            out.append("set" if ev["conv"] == "set" else "move")
    if ev["look"]:
        out += ["look", ev["look"]]
    if ev["pair"]:
        letter, v, d = ev["pair"]
        out += ["pair", letter] + ([f"{v}-{d}"] if own else [])
    if ev["peek"]:
        out += ["look", ev["peek"]] + (["swap"] if ev["swap"] else [])
    return " ".join(out)


# -- reading --------------------------------------------------------------------------

TAG = re.compile(r'^\[(\w+) "(.*)"\]$')


def read(text):
    """Reads a table-view log this module wrote (one value possibly changed): the header
    facts and the events, each with its line number (1-based) under "line"."""
    game = {"events": []}
    for no, raw in enumerate(text.splitlines(), 1):
        s = raw.strip()
        if not s:
            continue
        m = TAG.match(s)
        if m:
            read_tag(game, m.group(1), m.group(2), no)
            continue
        ev = read_line(s.split())
        ev["line"] = no
        game["events"].append(ev)
    return game


def read_tag(game, tag, value, no):
    if tag == "Players":
        game["players"] = [c.strip() for c in value.split(",")]
    elif tag == "Track":
        t = {}
        for part in value.split(";"):
            w = part.split()
            if w[0] == "length":
                t["length"] = int(w[1])
            elif w[0] == "storms":
                t["storms"] = [int(x) for x in w[1:]]
            elif w[0] == "start":
                t["start"] = {int(a): int(b) for a, b in (x.split(":") for x in w[1:])}
            elif w[0] == "mutiny":
                t["mutiny"] = int(w[1])
        game["track"] = t
    elif tag == "Combat":
        game["combat"] = {k: int(n) for k, n in (x.split() for x in value.split(","))}
    elif tag == "Gold":
        game["gold"] = {int(k): int(n) for k, n in (x.split() for x in value.split(","))}
    elif tag == "Result":
        game["result"] = [] if value == "none" else [c.strip() for c in value.split(",")]
        game["result_line"] = no


def read_line(w):
    head = w[0]
    if head == "round":
        boat = w[w.index("lifeboat") + 1] if "lifeboat" in w else None
        return {"t": "round", "n": int(w[1]), "giver": w[3], "lifeboat": boat}
    if head == "ship":
        storm = True if "storm" in w else (False if "calm" in w else None)
        return {"t": "ship", "moved": int(w[1]), "at": int(w[3]), "storm": storm}
    if head == "mutiny":
        return {"t": "mutiny", "why": w[1]}
    if head == "duel":
        v, d = w[2].split("-")
        return {"t": "duel", "pair": w[1], "v": int(v), "d": int(d)}
    if head == "fight":
        items = " ".join(w[1:]).split(", ")
        return {"t": "fight", "cards": [tuple(x.split()) for x in items]}
    if head == "steal":
        victim = w[3] if w[2] == "from" else None
        return {"t": "steal", "p": w[1], "victim": victim}
    if head == "won":
        return {"t": "won", "side": w[1]}
    if head == "reveal":
        pairs = (x.split() for x in " ".join(w[1:]).split(", "))
        return {"t": "reveal", "sides": [(c, None if s == "none" else s) for c, s in pairs]}
    if head == "gold":
        pairs = (x.split() for x in " ".join(w[1:]).split(", "))
        return {"t": "gold", "counts": [(c, int(n)) for c, n in pairs]}
    return read_turn(w)


def read_turn(w):
    ev = {"t": "turn", "p": w[0], "turned": [], "card": None, "gain": [], "under": [],
          "gold": [], "coins": None, "victim": None, "conv": None, "side": None,
          "look": None, "pair": None, "peek": None, "swap": False}
    i = 1
    while i < len(w):
        x = w[i]
        nxt = w[i + 1] if i + 1 < len(w) else None
        if x.startswith("^"):
            ev["turned"].append(x[1:])
        elif x in PIRATES:
            ev["card"] = x
        elif x[0] in "+-" and x[1:] in KINDS:
            ev["gain" if x[0] == "+" else "under"].append(x[1:])
        elif x.startswith("+$"):
            ev["gold"].append(int(x[2:]))
        elif re.fullmatch(r"[+-]\d+", x):
            ev["coins"] = int(x)
        elif x == "from":
            ev["victim"] = nxt
            i += 1
        elif x in ("set", "change", "bluff"):
            ev["conv"] = x
            if nxt in SIDES:
                ev["side"] = nxt
                i += 1
        elif x == "look" and nxt in COLOURS:
            ev["look"] = nxt
            i += 1
        elif x == "look":
            ev["peek"] = nxt
            i += 1
        elif x == "swap":
            ev["swap"] = True
        elif x == "pair":
            v, d = w[i + 2].split("-")
            ev["pair"] = (w[i + 1], int(v), int(d))
            i += 2
        else:
            raise ValueError(f"cannot read {x!r}")
        i += 1
    return ev
