"""A guest lock left behind by a job that ended (its worker killed before the release) holds nobody up."""

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
from shared.jobs.states import JobState
from shared.jobs.store import JobStore
from shared.operations.power import POWER_CONTROL, PowerParams
from shared.redact import Redactor
from tests.support.inprocess import inprocess_settings
from tests.support.redis_server import RedisServer
from tests.support.signing import SIGNER
from tests.support.waiting import eventually
from workers.worker import build_worker

pytestmark = pytest.mark.timeout(60)


@pytest.fixture
async def sim() -> AsyncIterator[Simulator]:
    async with Simulator(SimConfig(task_duration=0.1)) as running:
        yield running


async def test_a_lock_whose_job_ended_is_taken_over_at_once(
    sim: Simulator, redis_proc: RedisServer, redis: Redis
) -> None:
    settings = inprocess_settings(sim, REDIS_URL=redis_proc.url, PROXMOX_MCP_WORKER_NAME="locks")
    connections = connect_redis(settings)
    store = JobStore(connections.store, ttl_seconds=600)
    ended = JobRecord(job_id="e" * 32, operation="power_control", tier="restricted", vmid=101)
    await store.create(ended)
    await store.transition(ended.job_id, JobState.SUCCEEDED)
    await redis.set(
        keys.guest_lock(keys.DEFAULT_CLUSTER, 101), ended.job_id, px=3_600_000
    )  # left behind by a killed worker
    queue = JobClient(store, redactor=Redactor(), signer=SIGNER)
    submitted = await queue.submit(POWER_CONTROL, PowerParams(vmid=101, action="start", confirmed=True))
    worker_connections = connect_redis(settings)
    worker = build_worker(settings, connections=worker_connections, handle_signals=False)
    running = asyncio.create_task(worker.async_run())

    async def done() -> JobRecord | None:
        record = await store.get(submitted.job_id)
        return record if record is not None and record.terminal else None

    try:
        record = await eventually(done, timeout=20, what="the start to end")
    finally:
        await worker.close()
        await asyncio.gather(running, return_exceptions=True)
        await worker_connections.aclose()
        await connections.aclose()
    assert record.state is JobState.SUCCEEDED, record
    assert record.lock_wait_since is None  # it never waited for the lock
    assert not await redis.exists(keys.guest_lock(keys.DEFAULT_CLUSTER, 101))  # and released it at its end
