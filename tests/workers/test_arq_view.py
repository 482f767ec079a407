"""Jobs are arq jobs: arq's own `Job` reads any job's status, info and result, queued, running or ended.

Our worker takes jobs from our queues, but it keeps the keys arq's client reads: the job key
(`arq:job:<id>`) while queued, `arq:in-progress:<id>` while a worker holds the job (runs it or
follows its PVE task), and `arq:result:<id>` for an hour after it ended, all in our JSON codec.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest
from arq.jobs import Job, JobStatus
from redis.asyncio import Redis

from pvesim.config import SimConfig
from pvesim.simulator import Simulator
from shared.errors import InternalError, JobRefused, NotFound
from shared.jobs import codec, keys
from shared.jobs.client import JobClient
from shared.jobs.connection import connect_redis
from shared.jobs.signing import JobSigner
from shared.jobs.store import JobStore
from shared.operations.guests import GET_INSTANCE_CONFIG, GetConfigParams
from shared.operations.power import POWER_CONTROL, PowerParams
from shared.redact import Redactor
from tests.support.inprocess import inprocess_settings
from tests.support.redis_server import RedisServer
from tests.support.signing import SIGNER
from tests.support.waiting import eventually
from workers.job import cancelled_message
from workers.operations.tasks import arq_result_of_cancelled
from workers.worker import build_worker

pytestmark = pytest.mark.timeout(60)


@pytest.fixture
async def sim() -> AsyncIterator[Simulator]:
    async with Simulator(SimConfig(task_duration=1.5)) as running:
        yield running


def arq_job(job_id: str, redis: Redis, *, read: bool = False) -> Job:
    """arq's own view of a job: its client, told our queue and codec."""
    return Job(job_id, redis, _queue_name=keys.queue_for(keys.DEFAULT_CLUSTER, read), _deserializer=codec.loads)


async def test_arqs_job_reads_a_job_queued_running_and_ended(sim: Simulator, redis_proc: RedisServer) -> None:
    settings = inprocess_settings(sim, REDIS_URL=redis_proc.url)
    connections = connect_redis(settings)
    queue = JobClient(JobStore(connections.store, ttl_seconds=600), redactor=Redactor(), signer=SIGNER)
    arq_redis = Redis.from_url(redis_proc.url)  # bytes, as arq's own pool
    start = await queue.submit(POWER_CONTROL, PowerParams(vmid=101, action="start", confirmed=True))
    missing = await queue.submit(GET_INSTANCE_CONFIG, GetConfigParams(vmid=999))
    forger = JobClient(queue.store, redactor=Redactor(), signer=JobSigner(b"not-the-job-key" * 3, expiry_seconds=60))
    forged = await forger.submit(POWER_CONTROL, PowerParams(vmid=102, action="start", confirmed=True))
    started, failed = arq_job(start.job_id, arq_redis), arq_job(missing.job_id, arq_redis, read=True)
    refused = arq_job(forged.job_id, arq_redis)
    # a job whose payload is gone, and one of an operation this worker does not have (a newer release's)
    lost = await queue.submit(POWER_CONTROL, PowerParams(vmid=103, action="start", confirmed=True))
    await arq_redis.delete(keys.job_payload(lost.job_id))
    newer = queue.prepare(POWER_CONTROL, PowerParams(vmid=104, action="start", confirmed=True))
    newer.record.operation = "power_control_v2"
    await queue.enqueue(newer)
    # and one cancelled in its queue (cancel_task on a job no worker holds)
    doomed = await queue.submit(POWER_CONTROL, PowerParams(vmid=105, action="start", confirmed=True))
    cancelled = arq_job(doomed.job_id, arq_redis)
    assert await queue.store.cancel_unclaimed(
        doomed.job_id, keys.job_claim(doomed.job_id), cancelled_message, also=arq_result_of_cancelled
    )
    assert await cancelled.status() == JobStatus.complete

    assert await started.status() == JobStatus.queued
    info = await started.info()
    assert info is not None and (info.function, info.args[0]["vmid"]) == ("power_control", 101)

    worker_connections = connect_redis(settings)
    worker = build_worker(settings, connections=worker_connections, handle_signals=False)
    running = asyncio.create_task(worker.async_run())
    try:
        # a worker holds the job while it follows the start's PVE task (1.5 s)
        await eventually(lambda: _is(started, JobStatus.in_progress), timeout=10, what="the start in progress")
        assert await started.result(timeout=20, poll_delay=0.1) == await _result_of(queue, start.job_id)
        assert await started.status() == JobStatus.complete
        ended = await started.info()
        assert ended is not None and ended.success and ended.job_try >= 1 and ended.function == "power_control"
        with pytest.raises(NotFound, match="999"):
            await failed.result(timeout=20, poll_delay=0.1)
        assert await failed.status() == JobStatus.complete
        with pytest.raises(JobRefused):  # refused before it ran: its end is arq's result too
            await refused.result(timeout=20, poll_delay=0.1)
        with pytest.raises(InternalError, match="lost its payload"):
            await arq_job(lost.job_id, arq_redis).result(timeout=20, poll_delay=0.1)
        with pytest.raises(InternalError, match="no operation 'power_control_v2'"):
            await arq_job(newer.record.job_id, arq_redis).result(timeout=20, poll_delay=0.1)
        ended_unrun = await queue.store.get(newer.record.job_id)
        assert ended_unrun is not None and ended_unrun.state.value == "failed"  # its record ends too
        await eventually(
            lambda: _gone_from_queue(arq_redis, doomed.job_id), timeout=10, what="the cancelled job's pickup"
        )
        with pytest.raises(asyncio.CancelledError):  # its pickup took it out of the queue and kept arq's result
            await cancelled.result(timeout=5, poll_delay=0.1)
        assert [r.path for r in sim.requests if r.path.endswith("/105/status/start")] == []  # it never ran
    finally:
        await worker.close()
        await asyncio.gather(running, return_exceptions=True)
        await worker_connections.aclose()
        await connections.aclose()
        await arq_redis.aclose()


async def _gone_from_queue(redis: Redis, job_id: str) -> bool:
    return await redis.zscore(keys.queue_for(keys.DEFAULT_CLUSTER, False), job_id) is None


async def _is(job: Job, status: JobStatus) -> bool:
    return await job.status() == status


async def _result_of(queue: JobClient, job_id: str) -> object:
    record = await queue.store.get(job_id)
    assert record is not None and record.result is not None, record
    return record.result
