"""Waiting for a job: block on its event stream, forward progress, stop at the end or the deadline."""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable

from shared.errors import NotFound
from shared.jobs.record import JobRecord
from shared.jobs.store import JobStore

__all__ = ["ProgressCallback", "wait_for_job"]

ProgressCallback = Callable[[float, str | None], Awaitable[None]]


async def wait_for_job(
    store: JobStore, job_id: str, *, seconds: float, on_progress: ProgressCallback | None = None
) -> JobRecord:
    """The job's record once it ends, or as it stands when `seconds` have passed."""
    deadline = time.monotonic() + seconds
    async for event in store.follow(job_id, deadline):
        if event.kind == "progress" and event.percent is not None and on_progress is not None:
            await on_progress(event.percent, event.message)
        elif event.state is not None and event.state.terminal:
            break
    record = await store.get(job_id)
    if record is None:
        raise NotFound(f"job {job_id} is gone from the job store", hint="Jobs expire; start the operation again.")
    return record
