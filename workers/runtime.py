"""Running one job: the job record's life cycle around an operation's handler.

Every arq job function is `job_function(op, handler)`: it finds (or, for a job written
straight into Redis, creates) the record, refuses to run a job that already ended, validates
the payload again, checks the safety tier with this worker's own settings, runs the handler
under a deadline and writes the outcome. Handlers only do the PVE work.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import structlog
from arq.worker import Function, Retry, func
from pydantic import ValidationError

from shared.catalogue import Operation
from shared.errors import InternalError, InvalidInput, Locked, ProxmoxMcpError, WaitTimeout
from shared.jobs.locks import acquire_guest_lock, release_guest_lock
from shared.jobs.record import JobRecord, utcnow
from shared.jobs.states import JobState
from shared.operations.base import Params, Result
from shared.redact import Redactor
from shared.safety import Tier, enforce_tier
from shared.sanitize import GuestKind
from workers.app import WorkerApp

__all__ = ["Handler", "JobContext", "JobEnded", "Outcome", "job_function", "validation_message"]

log = structlog.get_logger("workers.runtime")

#: the handler's own deadline sits this far inside arq's job timeout, so we (not arq) end a slow job
_DEADLINE_MARGIN_SECONDS = 2.0
_LOCK_RETRY_SECONDS = 1.0


@dataclass(frozen=True)
class Outcome:
    """A handler's result with a terminal state other than plain success, or extra record fields."""

    result: Result
    state: JobState = JobState.SUCCEEDED
    message: str | None = None
    fields: dict[str, Any] = field(default_factory=dict)


class JobEnded(Exception):  # an ending, not an error: cancelled, timed out, unknown
    """End the job in `state` (cancelled, timed_out, unknown) with a sentence saying why."""

    def __init__(self, state: JobState, message: str) -> None:
        super().__init__(message)
        self.state = state
        self.message = message


@dataclass
class JobContext:
    """What a handler gets besides its params: the worker's resources and this job's record."""

    app: WorkerApp
    op: Operation
    record: JobRecord
    attempt: int
    #: monotonic time this pickup started: a slice of following a task ends relative to it
    started: float
    locked_vmid: int | None = None

    @property
    def job_id(self) -> str:
        return self.record.job_id

    async def note_guest(self, node: str, kind: GuestKind) -> None:
        """Remember where the job's guest is, for reruns that can no longer look it up (it was deleted)."""
        if (self.record.node, self.record.kind) != (node, kind):
            self.record.node, self.record.kind = node, kind
            await self.app.store.update(self.job_id, node=node, kind=kind)

    async def lock_guest(self, vmid: int) -> None:
        """Hold the guest's write lock for this job, or wait (rerun later) while another job holds it."""
        ttl = 2 * self.op.timeout_seconds(self.app.settings)
        holder = await acquire_guest_lock(self.app.redis, vmid, self.job_id, ttl)
        if holder is None:
            self.locked_vmid = vmid
            return
        waited = (utcnow() - self.record.created_at).total_seconds()
        if waited > self.app.settings.lock_wait_seconds:
            raise Locked(
                f"guest {vmid} is still being changed by job {holder} after {waited:.0f}s",
                hint=f"Follow that job with get_task_status(job_id='{holder}'), then call again.",
            )
        log.info("guest_lock_wait", vmid=vmid, holder=holder)
        raise Retry(defer=_LOCK_RETRY_SECONDS)


Handler = Callable[[JobContext, Any], Awaitable[Result | Outcome]]


def validation_message(exc: ValidationError) -> str:
    """The first problem of a ValidationError as `field: message`, without echoing the value."""
    first = exc.errors(include_input=False, include_url=False)[0]
    where = ".".join(str(part) for part in first["loc"]) or "payload"
    return f"{where}: {first['msg']}"


def _validate(op: Operation, payload: Any) -> Params:
    try:
        return op.params.model_validate(payload)
    except ValidationError as exc:
        raise InvalidInput(f"payload for {op.name} rejected: {validation_message(exc)}") from None


async def _record_for(app: WorkerApp, op: Operation, job_id: str, payload: Any) -> JobRecord:
    """The job's record; a job enqueued without one (written straight into Redis) gets one now."""
    record = await app.store.get(job_id)
    if record is not None:
        return record
    args = payload if isinstance(payload, dict) else {"payload": payload}
    record = JobRecord(job_id=job_id, operation=op.name, tier=op.tier.value, args=Redactor()(args))
    await app.store.create(record)
    log.warning("job_without_record", note="enqueued directly into Redis, not through the MCP server")
    return record


async def _pickup(app: WorkerApp, op: Operation, record: JobRecord) -> asyncio.Task[None] | None:
    """Record who took the job; for a read, while its handler already runs (returns that write).

    A read's handler only waits on PVE, so its `running` write need not delay it; `_end` awaits
    the write before the outcome's, keeping the record's writes in order. A change writes first.
    """
    record.attempts += 1
    pickup: dict[str, Any] = {
        "attempts": record.attempts,
        "worker": app.name,
        "started_at": record.started_at or utcnow(),
    }
    if op.tier is Tier.SAFE and record.state is JobState.QUEUED:
        record.state = JobState.RUNNING
        return asyncio.create_task(app.store.transition(record.job_id, JobState.RUNNING, **pickup))
    await app.store.update(record.job_id, **pickup)
    return None


async def _end(
    app: WorkerApp, job: JobContext, outcome: Outcome | ProxmoxMcpError | JobEnded, pending: asyncio.Task[None] | None
) -> str:
    """Write how the job ended (after the pickup write, if that is still going) and release its guest lock."""
    store = app.store
    if pending is not None:
        await pending
    if isinstance(outcome, Outcome):
        result = outcome.result.model_dump(mode="json")
        await store.transition(job.job_id, outcome.state, result=result, message=outcome.message, **outcome.fields)
        state = outcome.state
    elif isinstance(outcome, JobEnded):
        await store.transition(job.job_id, outcome.state, message=outcome.message)
        state = outcome.state
    else:
        exitstatus = outcome.details.get("exitstatus") if outcome.details else None
        await store.fail(job.job_id, outcome, **({"exitstatus": exitstatus} if exitstatus else {}))
        state = JobState.FAILED
    if job.locked_vmid is not None:
        await release_guest_lock(app.redis, job.locked_vmid, job.job_id)
    log.info(
        "job_finished",
        state=state.value,
        code=getattr(outcome, "code", None),
        duration_ms=round((time.monotonic() - job.started) * 1000, 1),
    )
    return state.value


async def run_job(  # noqa: PLR0917  # the pickup's facts, all positional at its one call site
    app: WorkerApp, op: Operation, handler: Handler, job_id: str, attempt: int, payload: Any
) -> str:
    """Run one pickup of a job; returns the state it left the job in."""
    started = time.monotonic()
    timeout = op.timeout_seconds(app.settings)
    record = await _record_for(app, op, job_id, payload)
    if record.terminal:
        # arq may hand out a job again after we finished it (a kill between our write and arq's);
        # the outcome is already recorded, so running again could only repeat the effect.
        log.info("job_already_finished", state=record.state.value)
        return record.state.value
    pending = await _pickup(app, op, record)
    job = JobContext(app, op, record, attempt, started)
    try:
        params = _validate(op, payload)
        confirmed = bool(getattr(params, "confirmed", False))
        enforce_tier(op.tier, allow_danger=app.settings.proxmox_allow_danger, confirmed=confirmed)
        async with asyncio.timeout(timeout - _DEADLINE_MARGIN_SECONDS):
            outcome = await handler(job, params)
    except (Retry, asyncio.CancelledError):
        if pending is not None:
            await asyncio.shield(pending)
        raise  # arq runs the job again (next slice, lock wait, or this worker shutting down)
    except TimeoutError:
        log.warning("job_timed_out", timeout_s=timeout)
        error = WaitTimeout(f"{op.name} did not finish within {timeout:.0f}s", hint="Call the tool again.")
        return await _end(app, job, error, pending)
    except (ProxmoxMcpError, JobEnded) as ended:
        return await _end(app, job, ended, pending)
    except Exception:
        log.exception("job_crashed")
        return await _end(app, job, InternalError(f"{op.name} failed unexpectedly in worker {app.name}"), pending)
    return await _end(app, job, outcome if isinstance(outcome, Outcome) else Outcome(outcome), pending)


def job_function(op: Operation, handler: Handler, *, timeout: float, max_tries: int) -> Function:
    """The arq function for `op`: arq calls it with the payload dict as its only argument."""

    async def run(ctx: dict[str, Any], payload: Any) -> dict[str, str]:
        app: WorkerApp = ctx["app"]
        job_id: str = ctx["job_id"]
        attempt: int = ctx["job_try"]
        with structlog.contextvars.bound_contextvars(job_id=job_id, operation=op.name, attempt=attempt):
            state = await run_job(app, op, handler, job_id, attempt, payload)
        return {"state": state}

    run.__qualname__ = run.__name__ = op.name
    return func(run, name=op.name, timeout=timeout, max_tries=max_tries)
