"""The job client writes jobs arq runs, without importing arq itself."""

from __future__ import annotations

import pytest
from arq.constants import expires_extra_ms, in_progress_key_prefix, job_key_prefix, result_key_prefix
from arq.jobs import deserialize_job
from redis.asyncio import Redis
from redis.exceptions import (
    BusyLoadingError,
    ConnectionError,  # redis-py's, what a lost connection raises
    ReadOnlyError,
    ResponseError,
    TimeoutError,  # redis-py's
)

from shared.errors import WaitTimeout
from shared.jobs import codec, keys
from shared.jobs.claims import woken_job
from shared.jobs.client import ARQ_JOB_TTL_MS, JobClient, store_failure
from shared.jobs.keys import ARQ_JOB_PREFIX
from shared.jobs.store import JobStore
from shared.operations.nodes import LIST_NODES, ListNodesParams
from shared.operations.power import POWER_CONTROL, PowerParams
from shared.redact import Redactor
from tests.support.signing import SIGNER


def test_the_client_uses_arqs_own_key_and_lifetime() -> None:
    assert (job_key_prefix, expires_extra_ms) == (ARQ_JOB_PREFIX, ARQ_JOB_TTL_MS)
    assert (in_progress_key_prefix, result_key_prefix) == (keys.ARQ_IN_PROGRESS_PREFIX, keys.ARQ_RESULT_PREFIX)


async def test_a_submitted_job_is_queued_as_arq_reads_it_and_recorded_with_its_arguments(fake_redis: Redis) -> None:
    jobs = JobClient(JobStore(fake_redis, ttl_seconds=600), redactor=Redactor(), signer=SIGNER)
    record = await jobs.submit(POWER_CONTROL, PowerParams(vmid=101, action="start", confirmed=True))
    raw = await fake_redis.get(job_key_prefix + record.job_id)
    job = deserialize_job(raw.encode(), deserializer=codec.loads)
    assert (job.function, job.job_try) == ("power_control", None)
    assert list(job.args) == [{"confirmed": True, "vmid": 101, "node": None, "action": "start", "timeout": None}]
    # the caller, the expiry and the signature, in the keyword arguments: what a worker checks
    assert job.kwargs["caller"] == {"kind": "stdio", "name": "stdio", "scopes": ["critical"]}
    assert (
        SIGNER.verify(record.job_id, "power_control", job.args[0], job.kwargs, cluster="default", started=False).label
        == "stdio"
    )
    assert await fake_redis.zscore(keys.queue_for(keys.DEFAULT_CLUSTER, False), record.job_id) is not None
    stored = await jobs.store.get(record.job_id)
    assert stored is not None and (stored.operation, stored.vmid, stored.state.value) == (
        "power_control",
        101,
        "queued",
    )


async def test_a_read_goes_to_the_read_queue_which_workers_take_first(fake_redis: Redis) -> None:
    jobs = JobClient(JobStore(fake_redis, ttl_seconds=600), redactor=Redactor(), signer=SIGNER)
    record = await jobs.submit(LIST_NODES, ListNodesParams())
    assert await fake_redis.zscore(keys.queue_for(keys.DEFAULT_CLUSTER, True), record.job_id) is not None
    assert await fake_redis.zscore(keys.queue_for(keys.DEFAULT_CLUSTER, False), record.job_id) is None
    # its wake-up token names it, so the worker that pops the token claims it before polling
    (token,) = await fake_redis.lrange(keys.wake(keys.DEFAULT_CLUSTER), 0, -1)
    assert woken_job(token) == (keys.queue_for(keys.DEFAULT_CLUSTER, True), record.job_id)


async def test_a_job_for_a_cluster_goes_to_its_queue_and_waits_named_when_no_worker_serves_it(
    fake_redis: Redis,
) -> None:
    jobs = JobClient(JobStore(fake_redis, ttl_seconds=600), redactor=Redactor(), signer=SIGNER).on("lab")
    await fake_redis.set(keys.worker_health("w1"), "Nov-30 03:22:55 j_ongoing=0 queued=1 clusters=prod", ex=60)
    record = await jobs.submit(LIST_NODES, ListNodesParams())
    assert record.cluster == "lab"
    assert await fake_redis.zscore(keys.queue_for("lab", True), record.job_id) is not None
    assert await fake_redis.llen(keys.wake("lab")) == 1 and not await fake_redis.exists(keys.wake("prod"))
    with pytest.raises(WaitTimeout, match="is still queued: no worker for cluster lab is running"):
        await jobs.read(LIST_NODES, ListNodesParams(), seconds=0.1)
    assert await jobs.workers_alive("prod") == 1


@pytest.mark.parametrize(
    ("raised", "code"),
    [
        pytest.param(ConnectionError("Connection refused"), "JOB_STORE_UNAVAILABLE", id="connection-lost"),
        pytest.param(ConnectionRefusedError(111, "refused"), "JOB_STORE_UNAVAILABLE", id="refused-by-the-os"),
        pytest.param(TimeoutError("Timeout reading"), "JOB_STORE_UNAVAILABLE", id="timeout"),
        pytest.param(BusyLoadingError("loading"), "JOB_STORE_UNAVAILABLE", id="loading"),
        pytest.param(ReadOnlyError("READONLY"), "JOB_STORE_UNAVAILABLE", id="read-only-replica"),
        pytest.param(ResponseError("value is out of range"), "INTERNAL_ERROR", id="range-out-of-range"),
        pytest.param(ResponseError("WRONGTYPE"), "INTERNAL_ERROR", id="wrong-type"),
    ],
)
def test_an_outage_is_told_apart_from_a_command_redis_refused(raised: Exception, code: str) -> None:
    assert store_failure(raised, "reading a log").code == code
