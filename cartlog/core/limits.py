"""Limits that keep every command bounded on a crafted log, each a constant that an environment
variable overrides (docs/cli.md, "Limits"; docs/security.md).

The limits of reading a file (``CARTLOG_MAX_BYTES``, ``CARTLOG_MAX_LINE``) are
:mod:`cartlog.corpus`'s; those of what a report lists are here, below every layer that lists.
"""

from __future__ import annotations

import os

MAX_FINDINGS = 1000  # findings listed per log, the first in the log's order (CARTLOG_MAX_FINDINGS)
MAX_PROBLEMS = 100  # syntax problems listed per unreadable log (CARTLOG_MAX_PROBLEMS)
MAX_GAMES = 1000  # games read from one file of several (CARTLOG_MAX_GAMES)


def limit(variable: str, default: int) -> int:
    """A size limit, overridden by a positive integer in the environment variable."""
    value = os.environ.get(variable, "").strip()
    return int(value) if value.isascii() and value.isdigit() and 0 < len(value) < 19 \
        else default


def max_findings() -> int:
    """The findings a report lists: :data:`MAX_FINDINGS`, or ``CARTLOG_MAX_FINDINGS``."""
    return limit("CARTLOG_MAX_FINDINGS", MAX_FINDINGS)


def max_problems() -> int:
    """The syntax problems listed per unreadable log: :data:`MAX_PROBLEMS`, or
    ``CARTLOG_MAX_PROBLEMS``."""
    return limit("CARTLOG_MAX_PROBLEMS", MAX_PROBLEMS)


def max_games() -> int:
    """The games read from one file that holds several: :data:`MAX_GAMES`, or
    ``CARTLOG_MAX_GAMES``; those past it are one problem."""
    return limit("CARTLOG_MAX_GAMES", MAX_GAMES)
