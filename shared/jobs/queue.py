"""The producer side of the queue, our small interface over arq.

A job is recorded in the store and enqueued as an arq job under the same ID in one Redis
transaction, so it is visible and waitable at once and never recorded without being queued.
The arq job is written the way `ArqRedis.enqueue_job` writes it (arq's own `serialize_job`,
job key and queue score) minus its WATCH round trips: our job IDs are fresh UUIDs, so the
duplicate check they guard against cannot trigger. With the wake-up token in the same
transaction, submitting costs one round trip.
"""

from __future__ import annotations

import uuid
from typing import Any

from arq.connections import ArqRedis
from arq.constants import expires_extra_ms, job_key_prefix
from arq.jobs import serialize_job
from arq.utils import timestamp_ms
from redis.asyncio.client import Pipeline
from redis.exceptions import RedisError

from shared.catalogue import Operation
from shared.errors import JobStoreUnavailable
from shared.jobs import codec, keys
from shared.jobs.record import JobRecord
from shared.jobs.store import JobStore
from shared.operations.base import Params
from shared.redact import Redactor

__all__ = ["JobQueue", "new_job_id"]

#: tokens beyond this are pointless: each only saves one poll interval
_MAX_WAKE_TOKENS = 100


def new_job_id() -> str:
    return uuid.uuid4().hex


class JobQueue:
    """Creates job records and enqueues their arq jobs."""

    def __init__(self, arq: ArqRedis, store: JobStore, *, redactor: Redactor) -> None:
        self.arq = arq
        self.store = store
        self.redactor = redactor

    async def submit(self, op: Operation, params: Params, *, node: str | None = None) -> JobRecord:
        """Record and enqueue one run of `op`; returns the queued record."""
        payload: dict[str, Any] = params.model_dump(mode="json")
        vmid = payload.get("vmid")
        record = JobRecord(
            job_id=new_job_id(),
            operation=op.name,
            tier=op.tier.value,
            args=self.redactor(payload),
            node=node or payload.get("node"),
            vmid=vmid if isinstance(vmid, int) else None,
        )
        enqueued_ms = timestamp_ms()
        job = serialize_job(op.name, (payload,), {}, None, enqueued_ms, serializer=codec.dumps)

        def enqueue(pipe: Pipeline) -> None:
            pipe.psetex(job_key_prefix + record.job_id, expires_extra_ms, job)
            pipe.zadd(keys.QUEUE_NAME, {record.job_id: enqueued_ms})
            # one token per job: one idle worker wakes and polls now instead of at its next interval
            pipe.lpush(keys.WAKE, "1")
            pipe.ltrim(keys.WAKE, 0, _MAX_WAKE_TOKENS - 1)
            pipe.expire(keys.WAKE, 60)

        try:
            await self.store.create(record, also=enqueue)
        except RedisError as exc:
            raise JobStoreUnavailable(f"cannot reach Redis to enqueue {op.name}: {type(exc).__name__}") from exc
        return record
