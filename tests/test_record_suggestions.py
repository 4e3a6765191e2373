"""The recorder's suggestions from the scribe's view: over random play, in the table's view
and a seat's (a simulated log redacted as ``simulate --view`` writes it), every lawful line the
recorder offers (``Recorder.options()``, and so ``closest()``) names no card the view does
not see, and, typed, is accepted."""

from __future__ import annotations

import os
import random

import msgspec
import pytest

from cartlog.games import GAMES
from cartlog.games.cartagena.events import Back, Draw
from cartlog.games.meuterer.events import Draw as MeutererDraw
from cartlog.games.mutiny.events import Fight
from cartlog.games.mutiny.events import Turn as MutinyTurn
from cartlog.record import Recorder

TYPED = 4  # suggestions typed at each step, besides the closest to the line played


@pytest.fixture
def no_sync(monkeypatch):
    monkeypatch.setattr(os, "fsync", lambda fd: None)


def hidden(event, player: str, view: str) -> list[str]:
    """What ``event`` (read from a suggestion; ``player``: the player to move) names that
    ``view`` does not see, by the game's rules of who sees what: a Cartagena draw of another
    player (hands are hidden, cards drawn face down); a Meuterer player's draw; a Mutiny
    player's combat and gold cards gained or put under, the side of a conviction, the
    sailors' values of a pair placed or looked at, and whose combat card a fight shows."""
    out = []
    kind = type(event)
    if kind in (Back, Draw) and event.cards is not None and player != view:
        out.append(f"{player}'s draw {event.cards}")
    elif kind is MeutererDraw:
        out += [f"{d.player}'s draw {d.cards}" for d in event.draws
                if d.cards is not None and d.player != view]
    elif kind is MutinyTurn and event.player != view:
        out += [f"card {c}" for c in [*event.combat, *event.under, *event.gold] if c != "?"]
        if event.side is not None:
            out.append(f"side {event.side}")
        if event.values and (event.pair is not None or event.look in tuple("ABCDE")):
            out.append(f"values {event.values}")
    elif kind is Fight:
        out += [f"{p.player}'s {p.card}" for p in event.cards
                if p.player is not None and p.card != "monkey" and p.player != view]
    return out


CASES = [
    ("cartagena", "2000-jamaica", 3, 1),
    ("cartagena", "ravensburger", 2, 2),
    ("cartagena", "ravensburger-advanced", 4, 3),
    ("meuterer", "base", 3, 4),
    ("mutiny", "base", 3, 5),
    ("mutiny", "base", 4, 6),
]


@pytest.mark.parametrize("view", ["table", "seat"])
@pytest.mark.parametrize("game, rules, players, seed", CASES,
                         ids=[f"{g}-{r}-{p}" for g, r, p, _ in CASES])
def test_every_suggestion_is_writable_in_the_view_and_accepted(game, rules, players, seed,
                                                               view, tmp_path, no_sync):
    spec = GAMES[game]
    full = spec.simulate(rules, players, seed)
    seat = full.players[seed % players].colour
    who = "table" if view == "table" else seat
    log = spec.redact(full, who)
    header = spec.notation.format_log(msgspec.structs.replace(log, events=[], result=None))
    rec = Recorder.create(tmp_path / "game.cartlog", header)
    rng = random.Random(seed)
    lines = []
    for ev in log.events:  # what the scribe types: a Cartagena turn action by action
        if game == "cartagena" and type(ev).__name__ == "Turn":
            lines += [spec.notation.format_event(a, log) for a in ev.actions] + ["end"]
        else:
            lines.append(spec.notation.format_event(ev, log))
    steps = typed = 0
    for played in lines:
        if rec.game.is_over():
            break
        if played == "end" and not rec.open:
            continue  # the turn ended with its last action
        options = rec.options()
        to_move = rec.game.to_move()
        for option in options:
            named = hidden(rec.game.read(option), to_move.player, who)
            assert not named, (option, named, who)
        tries = rng.sample(options, min(TYPED, len(options))) + rec.closest(played)
        for option in dict.fromkeys(tries):
            reply = rec.enter(option)
            assert reply.kind == "accepted", (option, reply.text, who)
            assert rec.enter("undo").kind == "command"
            typed += 1
        reply = rec.enter(played)
        assert reply.kind == "accepted", (played, reply.text)
        steps += 1
    assert steps > 20 and typed > steps


def test_an_unseen_draw_is_suggested_as_a_count_and_the_seats_own_by_its_cards(
        tmp_path, no_sync):
    spec = GAMES["cartagena"]
    full = spec.simulate("2000-jamaica", 3, 1)
    for view in ["table", "red"]:
        log = spec.redact(full, view)
        rec = Recorder.create(tmp_path / f"{view}.cartlog", spec.notation.format_log(
            msgspec.structs.replace(log, events=log.events[:9], result=None)))
        assert rec.view() == view
        backs = {}  # the player to move -> the back moves offered
        for _ in range(3):  # red, blue, yellow in turn: each their back moves
            who = rec.game.to_move().player
            backs[who] = [o for o in rec.options() if "+" in o]
            rec.enter(next(o for o in rec.options() if "+" not in o))
            rec.enter("end") if rec.open else None
        for who, offered in backs.items():
            assert offered, who
            counts = all(o.rsplit("+", 1)[1].isdigit() for o in offered)
            assert counts == (who != view), (view, who, offered)
    # a log naming every seat's cards hides nothing from its writer
    rec = Recorder.create(tmp_path / "all.cartlog", spec.notation.format_log(
        msgspec.structs.replace(full, events=full.events[:9], result=None)))
    assert rec.view() is None
