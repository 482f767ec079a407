"""The chaos run of bench/chaos.py, short: a minute of changes under worker kills, a Redis restart and PVE faults.

The long version (`python -m bench.chaos --minutes 10 --seed N`) is the same code at the
default pace; this one fits CI and still holds several kills and a Redis restart. A second minute
has PVE answer 10% of calls with 500 (`--errors 0.1:500`): a change may end partial only where a
step that cannot simply be sent again failed.
"""

from __future__ import annotations

import pytest

from bench.chaos import QUICK, PveErrors, report, run

pytestmark = [pytest.mark.slow, pytest.mark.timeout(420)]


async def test_a_minute_of_chaos_loses_doubles_misreports_and_strands_nothing() -> None:
    tally = await run(minutes=1.0, seed=7, workers=2, pace=QUICK)

    assert report(tally, 1.0, 7) == 0, tally
    assert tally.submitted > 20
    assert tally.kills >= 2
    assert tally.redis_restarts >= 1


async def test_a_minute_of_pve_500s_leaves_no_change_partial_at_a_step_that_could_be_retried() -> None:
    tally = await run(minutes=1.0, seed=11, workers=2, pace=QUICK, errors=PveErrors(0.10, (500,)))

    assert report(tally, 1.0, 11) == 0, tally
    assert tally.needless_partial == []
    assert tally.submitted > 20
