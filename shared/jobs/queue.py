"""The producer side of the queue, our small interface over arq.

A job is written to the store first (so it is visible and waitable at once) and then
enqueued as an arq job under the same ID, with the validated payload as its only argument.
"""

from __future__ import annotations

import uuid
from typing import Any

from arq.connections import ArqRedis
from redis.exceptions import RedisError

from shared.catalogue import Operation
from shared.errors import JobStoreUnavailable
from shared.jobs import keys
from shared.jobs.record import JobRecord
from shared.jobs.states import JobState
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
        try:
            await self.store.create(record)
            job = await self.arq.enqueue_job(
                op.name,
                payload,
                _job_id=record.job_id,
                _queue_name=keys.QUEUE_NAME,
            )
            await self._wake_a_worker()
        except RedisError as exc:
            raise JobStoreUnavailable(f"cannot reach Redis to enqueue {op.name}: {type(exc).__name__}") from exc
        if job is None:  # arq refuses an ID it already holds; ours are fresh UUIDs, so this is a store fault
            await self.store.transition(record.job_id, JobState.FAILED)
            raise JobStoreUnavailable(f"the queue already holds job {record.job_id}")
        return record

    async def _wake_a_worker(self) -> None:
        """One token per job: one idle worker wakes and polls now instead of at its next interval."""
        async with self.store.redis.pipeline(transaction=False) as pipe:
            pipe.lpush(keys.WAKE, "1")
            pipe.ltrim(keys.WAKE, 0, _MAX_WAKE_TOKENS - 1)
            pipe.expire(keys.WAKE, 60)
            await pipe.execute()
