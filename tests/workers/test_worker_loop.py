"""The worker's loop: a job starts when it is enqueued or when a slot frees up, not at the next poll."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

import pytest
from redis.asyncio import Redis

from pvesim.config import SimConfig
from pvesim.simulator import Simulator
from shared.audit import read_entries
from shared.jobs import keys
from shared.jobs.client import JobClient
from shared.jobs.connection import connect_redis
from shared.jobs.store import JobStore
from shared.operations.nodes import LIST_NODES, ListNodesParams
from shared.operations.power import POWER_CONTROL, PowerParams
from shared.redact import Redactor
from tests.support.inprocess import inprocess_settings
from tests.support.redis_server import RedisServer
from tests.support.signing import SIGNER
from tests.support.waiting import eventually
from workers import lifecycle
from workers.worker import build_worker

pytestmark = pytest.mark.timeout(90)


@pytest.fixture
async def sim() -> AsyncIterator[Simulator]:
    async with Simulator(SimConfig()) as running:
        yield running


async def test_a_full_worker_takes_the_next_job_when_one_ends_not_at_its_next_poll(
    sim: Simulator, redis_proc: RedisServer, redis: Redis
) -> None:
    # One slot, and a fallback poll far longer than the test may take: the wake-up tokens run out
    # after 100 jobs, so the remaining jobs only start because a finished job frees the slot.
    settings = inprocess_settings(
        sim,
        REDIS_URL=redis_proc.url,
        PROXMOX_MCP_WORKER_MAX_JOBS="1",
        PROXMOX_MCP_WORKER_POLL="60",
        PROXMOX_MCP_WORKER_NAME="one-slot",
    )
    connections = connect_redis(settings)
    store = JobStore(connections.store, ttl_seconds=600)
    queue = JobClient(store, redactor=Redactor(), signer=SIGNER)
    records = [await queue.submit(LIST_NODES, ListNodesParams()) for _ in range(130)]
    assert int(await redis.llen(keys.wake(keys.DEFAULT_CLUSTER))) == 100
    worker_connections = connect_redis(settings)
    worker = build_worker(settings, connections=worker_connections, handle_signals=False)
    running = asyncio.create_task(worker.async_run())

    async def all_done() -> bool:
        states = [await store.get(r.job_id) for r in records]
        return all(s is not None and s.state.value == "succeeded" for s in states)

    try:
        await eventually(all_done, timeout=20, interval=0.2, what="130 jobs through a one-slot worker")
    finally:
        await worker.close()
        await asyncio.gather(running, return_exceptions=True)
        await worker_connections.aclose()
        await connections.aclose()


async def test_a_worker_told_to_stop_stops_without_waiting_out_its_poll(
    sim: Simulator, redis_proc: RedisServer
) -> None:
    # A poll of a minute: the idle worker waits on a wake token, and the stop must end that wait.
    settings = inprocess_settings(sim, REDIS_URL=redis_proc.url, PROXMOX_MCP_WORKER_POLL="60")
    connections = connect_redis(settings)
    worker = build_worker(settings, connections=connections, handle_signals=False)
    running = asyncio.create_task(worker.async_run())
    try:
        await asyncio.wait_for(worker.ready.wait(), 10)
        await asyncio.wait_for(worker.close(), 10)  # well within the minute's poll
        assert running.done()
    finally:
        running.cancel()
        await asyncio.gather(running, return_exceptions=True)
        await connections.aclose()


async def test_a_change_whose_end_is_written_keeps_its_audit_entry_through_a_heartbeat(
    sim: Simulator, redis_proc: RedisServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The end's write releases the claim; the audit entry is appended after it. A heartbeat that
    # renews in between finds the claim gone: it must not stop the job before its entry is written.
    audit_started, go = asyncio.Event(), asyncio.Event()
    real_audit = lifecycle.audit_change

    async def held_audit(*args: Any, **kwargs: Any) -> None:
        audit_started.set()
        await go.wait()
        await real_audit(*args, **kwargs)

    monkeypatch.setattr(lifecycle, "audit_change", held_audit)
    settings = inprocess_settings(sim, REDIS_URL=redis_proc.url)
    connections = connect_redis(settings)
    store = JobStore(connections.store, ttl_seconds=600)
    queue = JobClient(store, redactor=Redactor(), signer=SIGNER)
    vmid = next(g.vmid for g in sim.state.guests.values() if g.kind == "qemu" and g.status == "stopped")
    worker_connections = connect_redis(settings)
    worker = build_worker(settings, connections=worker_connections, handle_signals=False)
    running = asyncio.create_task(worker.async_run())
    try:
        record = await queue.submit(POWER_CONTROL, PowerParams(vmid=vmid, action="start", confirmed=True))
        await asyncio.wait_for(audit_started.wait(), 30)
        ended = await store.get(record.job_id)
        assert ended is not None and ended.state.value == "succeeded"
        renewed = worker.heartbeat.renewed
        await eventually(
            lambda: _true(worker.heartbeat.renewed > renewed), timeout=10, what="a heartbeat after the end"
        )
        go.set()

        async def audited() -> bool:
            return any(entry["job_id"] == record.job_id for entry in await read_entries(connections.store))

        await eventually(audited, timeout=10, what="the change's audit entry")
    finally:
        go.set()
        await worker.close()
        await asyncio.gather(running, return_exceptions=True)
        await worker_connections.aclose()
        await connections.aclose()


async def _true(value: bool) -> bool:
    return value
