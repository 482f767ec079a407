"""The job client: submit a job, wait for it, read its answer, cancel it. Every producer uses it.

The MCP server, scripts/admin_dashboard.py and scripts/test_connection.py run operations
through this client, so none writes job keys by hand or waits its own way.

A job is recorded in the store and enqueued as an arq job under the same ID in one Redis
transaction, so it is visible and waitable at once and never recorded without being queued.
The arq job is written the way `ArqRedis.enqueue_job` writes it (arq's job dict `{t, f, a, k,
et}` as our JSON, its job key and queue score) minus its WATCH round trips: our job IDs are
fresh UUIDs, so the duplicate check they guard against cannot trigger. With the wake-up token
in the same transaction, submitting costs one round trip. Producers do not import arq (a
producer that only submits starts faster without it); tests/jobs/test_client.py checks that
arq reads these jobs back.

Waiting blocks on the job's event stream (XREAD BLOCK), forwarding progress, until the job
ends or the wait is over; it never polls.
"""

from __future__ import annotations

import json
import time
import uuid
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, TypeVar

import structlog
from pydantic import ValidationError
from redis.asyncio.client import Pipeline
from redis.exceptions import OutOfMemoryError, ReadOnlyError, ResponseError

from shared.caller import STDIO, Caller
from shared.errors import (
    InternalError,
    JobCancelled,
    JobStoreUnavailable,
    NotFound,
    ProxmoxMcpError,
    WaitTimeout,
    validation_message,
)
from shared.jobs import keys
from shared.jobs.claims import add_wake
from shared.jobs.connection import REDIS_ERRORS
from shared.jobs.health import health_keys, serves
from shared.jobs.record import JobRecord
from shared.jobs.signing import JobSigner
from shared.jobs.states import TERMINAL_STATES, JobState
from shared.jobs.store import CREATED_EVENT, JobStore
from shared.operations.base import Params, Result
from shared.operations.operation import Operation
from shared.operations.tasks import CANCEL_TASK, CancelParams
from shared.redact import Redactor
from shared.safety import Tier

__all__ = [
    "ARQ_JOB_TTL_MS",
    "JobClient",
    "PreparedJob",
    "ProgressCallback",
    "job_result",
    "new_job_id",
    "store_failure",
]

log = structlog.get_logger("shared.jobs.client")

R = TypeVar("R", bound=Result)
ProgressCallback = Callable[[float, str | None], Awaitable[None]]

#: how long arq keeps a job key (arq.constants.expires_extra_ms)
ARQ_JOB_TTL_MS = 86_400_000
_ENDED = frozenset(state.value for state in TERMINAL_STATES)


def new_job_id() -> str:
    return uuid.uuid4().hex


def store_failure(exc: Exception, doing: str) -> ProxmoxMcpError:
    """Our error for what Redis raised while `doing` something: an outage, or a command it refused.

    A connection lost or refused (REDIS_ERRORS), a timeout, a Redis loading or read-only (a replica, a full disk) is
    JOB_STORE_UNAVAILABLE: try again later. Any other refusal (a range out of bounds, a wrong
    type) is no outage but our bug, INTERNAL_ERROR, so nobody waits for Redis to come back.
    """
    if isinstance(exc, ResponseError) and not isinstance(exc, (ReadOnlyError, OutOfMemoryError)):
        return InternalError(f"the job store refused a command while {doing} ({type(exc).__name__})")
    return JobStoreUnavailable(f"the job store did not answer while {doing} ({type(exc).__name__})")


def job_result(record: JobRecord, result: type[R]) -> R:
    """The job's result as `result`; one that does not fit is our bug (worker and server disagree), not bad input."""
    try:
        return result.model_validate(record.result)
    except ValidationError as exc:
        raise InternalError(
            f"the result of job {record.job_id} ({record.operation}) does not fit {result.__name__}: "
            f"{validation_message(exc)}",
            hint="Run the same version of proxmox-mcp for the server and its workers.",
        ) from None


@dataclass(frozen=True)
class PreparedJob:
    """A job's record and payload before they are written: `JobClient.add_submit` writes both."""

    record: JobRecord
    #: the operation's params as the worker validates them (unredacted: arq's job holds them the same way)
    payload: dict[str, Any]
    #: a read, for the read queue
    read: bool


class JobClient:
    """Submits jobs to the queue and follows them in the store."""

    def __init__(
        self, store: JobStore, *, redactor: Redactor, signer: JobSigner, cluster: str = keys.DEFAULT_CLUSTER
    ) -> None:
        self.store = store
        self.redactor = redactor
        self.signer = signer
        #: the cluster its jobs are for: they go to its queue, signed for it (shared.clusters)
        self.cluster = cluster

    def on(self, cluster: str) -> JobClient:
        """This client, for jobs on `cluster`."""
        if cluster == self.cluster:
            return self
        return JobClient(self.store.on(cluster), redactor=self.redactor, signer=self.signer, cluster=cluster)

    def prepare(
        self, op: Operation[Any, Any], params: Params, *, job_id: str | None = None, caller: Caller = STDIO
    ) -> PreparedJob:
        """The record and arq job of one run of `op` for `caller`, not yet written (`submit` writes them)."""
        payload: dict[str, Any] = params.model_dump(mode="json")
        vmid = payload.get("vmid")
        record = JobRecord(
            job_id=job_id or new_job_id(),
            operation=op.name,
            tier=op.tier_of(payload).value,
            caller=caller,
            cluster=self.cluster,
            args=self.redactor(payload),
            node=payload.get("node"),
            vmid=vmid if isinstance(vmid, int) else None,
        )
        return PreparedJob(record, payload, read=op.tier is Tier.SAFE)

    def add_submit(self, pipe: Pipeline, job: PreparedJob) -> None:
        """The commands that record and enqueue `job`, signed, added to a transaction of the caller's.

        The caller, the expiry and the signature (shared.jobs.signing) ride in arq's keyword
        arguments, next to the payload; the signature is made now, so a job held for the user's
        yes (an MCP task's) expires from when it is queued.
        """
        enqueued_ms = int(time.time() * 1000)
        caller = job.record.caller or STDIO
        cluster = job.record.cluster
        signed = self.signer.sign(
            job.record.job_id, job.record.operation, job.payload, caller, cluster=cluster, now_ms=enqueued_ms
        )
        arq_job: dict[str, Any] = {
            "t": None,
            "f": job.record.operation,
            "a": [job.payload],
            "k": signed,
            "et": enqueued_ms,
        }
        encoded = json.dumps(arq_job, separators=(",", ":"), ensure_ascii=False).encode()
        job_id = job.record.job_id
        self.store.add_create(pipe, job.record)
        pipe.psetex(keys.job_payload(job_id), ARQ_JOB_TTL_MS, encoded)
        queue = keys.queue_for(cluster, job.read)
        pipe.zadd(queue, {job_id: enqueued_ms})
        # one token per job, naming it: one idle worker wakes and takes it now, not at its next poll
        add_wake(pipe, cluster, queue=queue, job_id=job_id)

    async def submit(
        self,
        op: Operation[Any, Any],
        params: Params,
        *,
        also: Callable[[Pipeline], object] | None = None,
        caller: Caller = STDIO,
    ) -> JobRecord:
        """Record and enqueue one run of `op` for `caller` (with `also`'s commands in the same transaction)."""
        return await self.enqueue(self.prepare(op, params, caller=caller), also=also)

    async def submit_once(
        self, op: Operation[Any, Any], params: Params, *, job_id: str, caller: Caller = STDIO
    ) -> JobRecord:
        """Record and enqueue one run of `op` as job `job_id`, unless a job has that ID already (its record then).

        A fleet's parent queues each guest's job under an ID it stored beforehand, so a rerun after a
        kill queues none twice. It writes through its fenced store (shared.jobs.claims): only the
        worker holding the parent writes, so the check cannot race another writer of the same ID.
        """
        if (existing := await self.store.get(job_id)) is not None:
            return existing
        return await self.enqueue(self.prepare(op, params, job_id=job_id, caller=caller))

    async def enqueue(self, job: PreparedJob, *, also: Callable[[Pipeline], object] | None = None) -> JobRecord:
        """Record and enqueue a prepared job (with `also`'s commands in the same transaction); its record."""

        def write(pipe: Pipeline) -> None:
            self.add_submit(pipe, job)
            if also is not None:
                also(pipe)

        try:
            await self.store.commit(write, durable="a job a client is given")
        except REDIS_ERRORS as exc:
            raise store_failure(exc, f"enqueueing {job.record.operation}") from exc
        return job.record

    async def wait(
        self,
        job_id: str,
        *,
        seconds: float,
        on_progress: ProgressCallback | None = None,
        created: bool = False,
        read: bool = False,
    ) -> JobRecord:
        """The job's record once it ends, or as it stands when `seconds` have passed.

        `created`: this client just created the job, so its first event (queued) is known and not
        read back. `read`: the job is a read, which follows no PVE task (its wait is not marked).
        """
        deadline = time.monotonic() + seconds
        after = CREATED_EVENT if created else "0"
        record: JobRecord | None = None
        async for event, seen in self.store.follow(job_id, deadline, after=after, mark=not read):
            if event.kind == "progress" and event.percent is not None and on_progress is not None:
                await on_progress(event.percent, event.message)
            elif event.state is not None and event.state.terminal:
                record = seen  # as the ending write left it, read with the event
                break
        if record is None:  # the wait ran out (or the record is gone): as it stands now
            record = await self.store.get(job_id)
        if record is None:
            raise NotFound(f"job {job_id} is gone from the job store", hint="Jobs expire; start the operation again.")
        return record

    async def run(
        self,
        op: Operation[Any, Any],
        params: Params,
        *,
        seconds: float,
        on_progress: ProgressCallback | None = None,
        caller: Caller = STDIO,
    ) -> JobRecord:
        """Submit `op` and wait for it up to `seconds`; the record as it then stands.

        Once a change is queued it may happen whatever becomes of this call: losing Redis while
        waiting names the job and says not to call again (a second call could make the change twice).
        """
        submitted = await self.submit(op, params, caller=caller)
        if op.changes:
            log.info("job_submitted", job_id=submitted.job_id, operation=op.name, caller=caller.label)
        try:
            return await self.wait(
                submitted.job_id, seconds=seconds, on_progress=on_progress, created=True, read=not op.changes
            )
        except REDIS_ERRORS as exc:
            if not op.changes:
                raise
            raise JobStoreUnavailable(
                f"lost Redis while waiting for job {submitted.job_id} ({op.name}), which was queued: the change "
                f"may be under way ({type(exc).__name__})",
                hint=f"Do not call {op.name} again. Once Redis is back, follow the job with "
                f"get_task_status(job_id='{submitted.job_id}').",
                details={"job_id": submitted.job_id},
            ) from exc

    async def read(self, op: Operation[Any, R], params: Params, *, seconds: float, caller: Caller = STDIO) -> R:
        """Run a read to its end and return its result; its error, if it failed."""
        return await self.answer(op, await self.run(op, params, seconds=seconds, caller=caller))

    async def answer(self, op: Operation[Any, R], record: JobRecord) -> R:
        """What a read's record answers: its result, or raise its error (or why it has none)."""
        if not record.terminal:
            raise await self._not_finished(record)
        if record.error is not None:
            raise record.error
        if record.state is JobState.CANCELLED:
            raise JobCancelled(f"job {record.job_id} ({record.operation}) was cancelled: {record.message}")
        if not record.state.succeeded:  # ended by a worker's limit, without an error
            raise WaitTimeout(
                f"job {record.job_id} ({record.operation}) ended {record.state.value}: {record.message or 'no result'}",
                hint="Call the tool again.",
            )
        return job_result(record, op.result)

    async def cancel(self, target: CancelParams, *, seconds: float, caller: Caller = STDIO) -> JobRecord:
        """Run a cancel_task job for `target` (confirmed: the caller vouches), waiting up to `seconds` for it.

        When it asked a job of ours to stop, that job is waited for too (up to `seconds` more), so
        the record's result tells how it ended rather than that it was asked to.
        """
        # a job is cancelled by a job on its own cluster (whose PVE runs its task), whichever cluster this client's is
        found = await self.store.get(target.job_id) if target.job_id is not None else None
        client = self.on(found.cluster) if found is not None else self
        record = await client.run(
            CANCEL_TASK, target.model_copy(update={"confirmed": True}), seconds=seconds, caller=caller
        )
        result = record.result if isinstance(record.result, dict) else {}
        stopping = result.get("job_id")
        if record.state.succeeded and isinstance(stopping, str) and result.get("state") not in _ENDED:
            ended = await self.wait(stopping, seconds=seconds)
            record.result = {**result, "state": ended.state.value}
        return record

    async def workers_alive(self, cluster: str | None = None) -> int:
        """How many workers wrote their health key recently (that serve `cluster`, if given)."""
        found = await health_keys(self.store.redis)
        if cluster is None or not found:
            return len(found)
        lines = await self.store.redis.mget(found)
        return sum(1 for line in lines if isinstance(line, str) and serves(line, cluster))

    async def _not_finished(self, record: JobRecord) -> WaitTimeout:
        if record.state is JobState.QUEUED and await self.workers_alive(record.cluster) == 0:
            which = "" if record.cluster == keys.DEFAULT_CLUSTER else f" for cluster {record.cluster}"
            return WaitTimeout(
                f"job {record.job_id} ({record.operation}) is still queued: no worker{which} is running",
                hint="Start workers (docker compose up -d worker, or proxmox-mcp-worker; PROXMOX_MCP_WORKER_CLUSTERS "
                "says which clusters one serves); the job runs once one is up.",
            )
        return WaitTimeout(
            f"job {record.job_id} ({record.operation}) is still {record.state.value}",
            hint=f"Read it later with get_task_status(job_id='{record.job_id}').",
        )
