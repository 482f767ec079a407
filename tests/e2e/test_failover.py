"""The Redis primary SIGKILLed under load, a replica promoted by Sentinel: bench/failover.py, short.

Every job that was given an ID is found afterwards and ends truthfully (pvesim's effect counters
agree), no change happens twice, no MCP task is lost, and no worker or frontend exits. The run
prints its figures: the jobs, the time to recover, and the cost of the durable writes.
"""

from __future__ import annotations

import pytest

from bench.failover import report, run

pytestmark = [pytest.mark.slow, pytest.mark.timeout(420)]


async def test_a_failover_under_load_loses_doubles_misreports_and_strands_nothing() -> None:
    measured = await run(seconds=20, seed=5, cost_rounds=50)

    assert report(measured, 20) == 0, measured
    assert measured.tally.submitted > 20
    assert measured.mcp_tasks >= 5
    assert measured.recovered_s is not None and measured.recovered_s < 30
