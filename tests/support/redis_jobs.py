"""Jobs as anyone with Redis access could write them, and how to wait for a worker to end one."""

from __future__ import annotations

import time
import uuid
from typing import Any

from arq.constants import expires_extra_ms, job_key_prefix
from arq.jobs import serialize_job
from redis.asyncio import Redis

from shared.caller import STDIO, Caller
from shared.jobs import codec, keys
from shared.jobs.record import JobRecord
from shared.jobs.signing import JobSigner
from shared.jobs.store import JobStore
from tests.support.redis_server import RedisServer
from tests.support.signing import SIGNER
from tests.support.waiting import eventually

__all__ = ["ended", "inject"]


async def inject(
    server: RedisServer,
    function: str,
    payload: dict[str, Any],
    *,
    signer: JobSigner | None = SIGNER,
    caller: Caller = STDIO,
    job_id: str | None = None,
    envelope: dict[str, Any] | None = None,
    cluster: str = keys.DEFAULT_CLUSTER,
) -> str:
    """Enqueue an arq job straight into Redis: arq's own format, no record, no MCP server.

    Signed with `signer` (the tests' key: as a frontend would, or whoever holds the key), for
    `caller`; `signer=None` leaves it unsigned, as anyone else with Redis access could write it.
    `envelope` replaces the signed keyword arguments outright (a replayed or altered job's).
    It goes to `cluster`'s queue of changes.
    """
    job_id = job_id or uuid.uuid4().hex
    now_ms = int(time.time() * 1000)
    kwargs = (
        signer.sign(job_id, function, payload, caller, cluster=cluster, now_ms=now_ms) if signer is not None else {}
    )
    if envelope is not None:
        kwargs = envelope
    job = serialize_job(function, (payload,), kwargs, None, now_ms, serializer=codec.dumps)
    client = Redis.from_url(server.url)
    try:
        await client.psetex(job_key_prefix + job_id, expires_extra_ms, job)
        await client.zadd(keys.queue_for(cluster, False), {job_id: now_ms})
    finally:
        await client.aclose()
    return job_id


async def ended(server: RedisServer, job_id: str) -> JobRecord:
    """The job's record, once a worker ended the job."""
    client = Redis.from_url(server.url, decode_responses=True)
    store = JobStore(client, ttl_seconds=600)

    async def terminal() -> JobRecord | None:
        record = await store.get(job_id)
        return record if record is not None and record.terminal else None

    try:
        record = await eventually(terminal, timeout=30, what=f"injected job {job_id} to end")
    finally:
        await client.aclose()
    assert record is not None  # eventually returns a truthy value only
    return record
