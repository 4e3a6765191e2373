"""Helpers for the Meuterer tests: small logs, and the findings of the production audit.

Logs are read with ``cartlog.logs.read_log`` and audited with ``cartlog.audit`` (the same
report assembly as ``cartlog check``).
"""

from __future__ import annotations

from cartlog.audit import audit as run_audit
from cartlog.audit import report_of
from cartlog.core.findings import Finding
from cartlog.games.meuterer.position import from_position
from cartlog.games.meuterer.replay import Replay
from cartlog.logs import read_log

ISLANDS = ("Hochland, Frosthöhle, Grünland, Karge Zunge, Eisfelsen, Affeninsel, Kalte Klippe, "
           "Sommerland, Rotes Riff, Piratennest, Fingerhut, Sandkap")
CIRCLE = "HO/FR/GR/KZ/EI/AF/KK/SO/RR/PN/FI/SK"
PLAYERS4 = "red Anna, blue Ben, green Cleo, yellow Dan"
DEAL4 = "red RSWCX, blue SSWWX, green CCGGX, yellow RWGGX"

# Round 1 of a legal game with the header above (red captain, the published circle):
# red plays wine and keeps 4 (destination Eisfelsen), blue sells 2 salt as the merchant, green
# is the mate, yellow the mutineer keeping 3 (Karge Zunge). Red and yellow add a conflict card
# each: 1 + the mate's 1 against 1, the captain holds. On Hochland blue and yellow tie with 2
# cards: yellow scores the second value 3, blue the merchant's 4. Red: ship 5 - wage 2 = 3;
# green: mate 1 + wage 2 = 3.
ROUND1 = """\
round 1
wage 2
sell red W, blue S, green C, yellow G, red pass 4, blue S, green pass 4 mate, yellow G, blue pass 3 merchant, yellow pass 3 mutineer
dest captain Eisfelsen, mutineer Karge Zunge
mutiny red 1, green 0, yellow 1 => captain
score red 3, blue 4, green 3, yellow 3
total red 3, blue 4, green 3, yellow 3
draw red 2, blue 2, green 1, yellow 3
"""


def make(body: str = ROUND1, *, players: str = PLAYERS4, captain: str | None = "red",
         deal: str | None = DEAL4, variant: str | None = "base", islands: str = ISLANDS,
         result: str | None = None, table: str | None = None) -> str:
    """A text log: the header from the arguments (None leaves a tag out), then ``body``."""
    tags = [("Game", "Meuterer"), ("Variant", variant), ("Players", players),
            ("Captain", captain), ("Islands", islands), ("IslandTable", table),
            ("Deal", deal), ("Result", result)]
    head = "\n".join(f'[{k} "{v}"]' for k, v in tags if v is not None)
    return f"{head}\n\n{body}"


def read(text: str, path: str = "<log>"):
    """Read a Meuterer log, text or JSON, as ``cartlog check`` does."""
    return read_log(text, path)


def findings_of(replay: Replay) -> list[Finding]:
    """The report's finding list for a finished Meuterer replay (``cartlog.audit``)."""
    return report_of(replay, "<log>").findings


def audit(text_or_log, **kw) -> list[Finding]:
    log = read(text_or_log) if isinstance(text_or_log, str) else text_or_log
    return run_audit(log, **kw).findings


def codes(findings) -> list[str]:
    return [f.code for f in findings]


def position(players: str, *, ships: str = "HO", turn: str = "1/sell/-",
             captain: str = "red:2", variant: str = "base", extra: str = "",
             circle: str = CIRCLE):
    """A state from the fields that matter: ``players`` is the position's players field."""
    return from_position(f"{variant} {circle} {ships} {turn} {captain} {players} {extra}".strip())
