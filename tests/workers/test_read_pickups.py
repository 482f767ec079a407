"""Reads and their pickups: one whose worker keeps dying ends failed, not stuck in `running`; a quick one is one write.

Every claim of a job counts a pickup in its record's `attempts`; a read is run again only when its
worker stopped or died while running it. The test sets that count as if earlier workers had died,
then lets a real worker take the job.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest
from redis.asyncio import Redis

from pvesim.config import SimConfig
from pvesim.simulator import Simulator
from shared.jobs import keys
from shared.jobs.client import JobClient
from shared.jobs.connection import connect_redis
from shared.jobs.record import JobRecord
from shared.jobs.store import JobStore
from shared.operations.nodes import LIST_NODES, ListNodesParams
from shared.redact import Redactor
from tests.support.inprocess import inprocess_settings
from tests.support.redis_server import RedisServer
from tests.support.signing import SIGNER
from tests.support.waiting import eventually
from workers.lifecycle import READ_PICKUPS, READ_RUNNING_AFTER
from workers.worker import build_worker

pytestmark = pytest.mark.timeout(90)


@pytest.fixture
async def sim() -> AsyncIterator[Simulator]:
    async with Simulator(SimConfig()) as running:
        yield running


async def _run_after_lost_pickups(sim: Simulator, redis_proc: RedisServer, redis: Redis, lost: int) -> JobRecord:
    """Submit list_nodes, count `lost` earlier pickups for it, and let a worker take it to its end."""
    settings = inprocess_settings(sim, REDIS_URL=redis_proc.url, PROXMOX_MCP_WORKER_NAME="rescuer")
    connections = connect_redis(settings)
    store = JobStore(connections.store, ttl_seconds=600)
    submitted = await JobClient(store, redactor=Redactor(), signer=SIGNER).submit(LIST_NODES, ListNodesParams())
    await redis.hset(keys.job_record(submitted.job_id), "attempts", lost)
    sim.requests.clear()
    worker_connections = connect_redis(settings)
    worker = build_worker(settings, connections=worker_connections, handle_signals=False)
    running = asyncio.create_task(worker.async_run())

    async def ended() -> JobRecord | None:
        record = await store.get(submitted.job_id)
        return record if record is not None and record.terminal else None

    try:
        return await eventually(ended, timeout=30, interval=0.05, what="the read to end")
    finally:
        await worker.close()
        await asyncio.gather(running, return_exceptions=True)
        await worker_connections.aclose()
        await connections.aclose()


async def test_a_read_interrupted_on_every_pickup_ends_failed_and_says_why(
    sim: Simulator, redis_proc: RedisServer, redis: Redis
) -> None:
    record = await _run_after_lost_pickups(sim, redis_proc, redis, lost=READ_PICKUPS)
    assert record.state.value == "failed"
    assert record.error_code == "INTERNAL_ERROR"
    assert record.error_message == (
        f"list_nodes was interrupted {READ_PICKUPS} times (its worker stopped or died each time); not tried again"
    )
    assert not [r for r in sim.requests if r.path == "/nodes"]  # not run a fifth time


async def test_a_read_on_its_last_allowed_pickup_still_runs(
    sim: Simulator, redis_proc: RedisServer, redis: Redis
) -> None:
    record = await _run_after_lost_pickups(sim, redis_proc, redis, lost=READ_PICKUPS - 1)
    assert record.state.value == "succeeded"
    assert [r for r in sim.requests if r.path == "/nodes"]


async def _states(redis: Redis, job_id: str) -> list[str]:
    entries = await redis.xrange(keys.job_events(job_id))
    return [fields["state"] for _id, fields in entries if fields.get("kind") == "state"]


async def test_a_quick_read_goes_from_queued_to_its_end_in_one_write_and_says_who_took_it(
    sim: Simulator, redis_proc: RedisServer, redis: Redis
) -> None:
    record = await _run_after_lost_pickups(sim, redis_proc, redis, lost=0)
    assert record.state.value == "succeeded"
    assert await _states(redis, record.job_id) == ["queued", "succeeded"]
    assert record.worker == "rescuer"
    assert record.started_at is not None


async def test_a_slow_read_shows_running_while_pve_takes_its_time(
    sim: Simulator, redis_proc: RedisServer, redis: Redis
) -> None:
    sim.faults.latency = READ_RUNNING_AFTER + 1.0
    record = await _run_after_lost_pickups(sim, redis_proc, redis, lost=0)
    assert record.state.value == "succeeded"
    assert await _states(redis, record.job_id) == ["queued", "running", "succeeded"]
    assert record.worker == "rescuer"
