"""Whether a picked-up job may run at all: signed by a frontend, not expired, and no replay.

A worker trusts no payload it did not see signed (shared.jobs.signing): a job written straight
into Redis, or written again after it ran, is refused before anything of it runs.
"""

from __future__ import annotations

from typing import Any

from redis.asyncio.client import Pipeline

from shared.caller import Caller
from shared.catalogue import Operation
from shared.errors import JobRefused
from shared.jobs import keys
from shared.jobs.record import JobRecord
from shared.settings import Settings
from workers.app import WorkerApp

__all__ = ["mark_taken", "signed_caller"]


def mark_taken(pipe: Pipeline, settings: Settings, job_id: str) -> None:
    """The command that marks a job taken (see `signed_caller`); its answer says whether this was the first time."""
    pipe.set(keys.job_signed(job_id), "1", nx=True, ex=int(settings.job_expiry_seconds) + 60)


async def signed_caller(
    app: WorkerApp,
    op: Operation,
    *,
    job_id: str,
    payload: Any,
    envelope: Any,
    found: JobRecord | None,
    newly_taken: bool | None,
) -> Caller:
    """The job's caller, once its signature holds, it has not expired (not started yet) and is no replay.

    The first pickup marks the job taken, until its signature expires (and a minute more): a job
    found taken whose record is gone was written again, after its record was deleted, to run it
    twice; after that, a job written again that looks new is refused as expired. `newly_taken`: the
    answer of `mark_taken`, when the worker sent it with its read of the job (None: marked here).
    """
    started = found is not None and found.started_at is not None
    caller = app.signer.verify(job_id, op.name, payload, envelope, cluster=app.cluster, started=started)
    if started:
        return caller  # marked at its first pickup (the mark matters only for a job whose record is gone)
    if newly_taken is None:
        async with app.store.redis.pipeline(transaction=False) as pipe:
            mark_taken(pipe, app.settings, job_id)
            (newly_taken,) = await pipe.execute()
    if not newly_taken and found is None:
        raise JobRefused(f"job {job_id} ({op.name}) ran before and its record is gone (a replay); nothing was sent")
    return caller
