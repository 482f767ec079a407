"""The chaos run of bench/chaos.py, short: a minute of changes under worker kills, a Redis restart and PVE faults.

The long version (`python -m bench.chaos --minutes 10 --seed N`) is the same code at the
default pace; this one fits CI and still holds several kills and a Redis restart.
"""

from __future__ import annotations

import pytest

from bench.chaos import QUICK, report, run

pytestmark = [pytest.mark.slow, pytest.mark.timeout(420)]


async def test_a_minute_of_chaos_loses_doubles_misreports_and_strands_nothing() -> None:
    tally = await run(minutes=1.0, seed=7, workers=2, pace=QUICK)

    assert report(tally, 1.0, 7) == 0, tally
    assert tally.submitted > 20
    assert tally.kills >= 2
    assert tally.redis_restarts >= 1
