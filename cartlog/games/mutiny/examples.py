"""The examples of docs/codes.md for the Mutiny: every code's example is a line of a sample log
(``EXAMPLES`` is empty, so ``docs/gen_codes.py`` takes the first sample that
``samples/README.md`` lists for the code). :data:`NOTE` opens the game's part of that page.
"""

from __future__ import annotations

HEADER: dict[str, str | None] = {}
EXAMPLES: dict[str, tuple[dict[str, str | None], str]] = {}

NOTE = """\
All Cartagena: The Mutiny codes, by family. The example of each code is a line of a sample
log in `samples/mutiny/` (the first sample that `samples/README.md` lists for the code); the
message shown is the one the audit gives for it when this page is generated. The samples
declare the simulator's example track and card splits, not the printed board.

"""
