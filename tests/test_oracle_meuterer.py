"""cartlog against a second, independent reading of the rules of Meuterer (tests/oracle/meuterer):
the oracle's random games must audit clean with the oracle's result."""

from __future__ import annotations

import pytest

from cartlog.audit import audit
from cartlog.logs import read_log
from tests.oracle.meuterer import play, write

SEEDS = range(150)


def verdict(text: str) -> tuple[list, list[str]]:
    report = audit(read_log(text), "oracle.cartlog")
    errors = [f for f in report.findings if f.severity == "error"]
    return errors, sorted(report.breakdown.winners)


@pytest.mark.parametrize("seed", SEEDS)
def test_oracle_game_is_clean(seed: int) -> None:
    record = play.play_game(seed)
    for view in [write.TABLE, record["seats"][seed % len(record["seats"])]]:
        text = write.write(record, view)
        errors, winners = verdict(text)
        assert not errors, f"{view}:\n{text}\n" + "\n".join(f"{f.line} {f.code} {f.message}" for f in errors)
        assert winners == sorted(record["result"]), text
