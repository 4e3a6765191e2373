"""Limits that keep every command bounded on a crafted log, each a constant that an environment
variable overrides (issue 21, "A log is untrusted input"; docs/cli.md, "Limits").

The limits of reading a file (``CARTLOG_MAX_BYTES``, ``CARTLOG_MAX_LINE``) are
:mod:`cartlog.corpus`'s; those of what a report lists are here, below every layer that lists.
"""

from __future__ import annotations

import os

MAX_FINDINGS = 1000  # findings listed per log, the first in the log's order (CARTLOG_MAX_FINDINGS)
MAX_PROBLEMS = 100  # syntax problems listed per unreadable log (CARTLOG_MAX_PROBLEMS)


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
