"""Running one job: the job record's life cycle around an operation's handler.

Every arq job function is `job_function(op, handler)`: it finds (or, for a job written
straight into Redis, creates) the record, refuses to run a job that already ended, validates
the payload again, checks the safety tier with this worker's own settings, runs the handler
under a deadline and writes the outcome. Handlers only do the PVE work.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import structlog
from arq.worker import Function, Retry, func
from pydantic import ValidationError

from shared.catalogue import Operation
from shared.errors import InternalError, InvalidInput, ProxmoxMcpError, WaitTimeout
from shared.jobs.record import JobRecord, utcnow
from shared.jobs.states import JobState
from shared.operations.base import Params, Result
from shared.redact import Redactor
from shared.safety import enforce_tier
from workers.app import WorkerApp

__all__ = ["Handler", "JobContext", "Outcome", "job_function", "validation_message"]

log = structlog.get_logger("workers.runtime")

#: the handler's own deadline sits this far inside arq's job timeout, so we (not arq) end a slow job
_DEADLINE_MARGIN_SECONDS = 2.0


@dataclass(frozen=True)
class Outcome:
    """A handler's result with a terminal state other than plain success, or extra record fields."""

    result: Result
    state: JobState = JobState.SUCCEEDED
    fields: dict[str, Any] = field(default_factory=dict)


@dataclass
class JobContext:
    """What a handler gets besides its params: the worker's resources and this job's record."""

    app: WorkerApp
    op: Operation
    record: JobRecord
    attempt: int

    @property
    def job_id(self) -> str:
        return self.record.job_id


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
    except InvalidInput:
        raise
    except ValueError as exc:  # a model validator's own complaint
        raise InvalidInput(f"payload for {op.name} rejected: {exc}") from None


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


async def run_job(  # noqa: PLR0917  # the pickup's facts, all positional at its one call site
    app: WorkerApp, op: Operation, handler: Handler, job_id: str, attempt: int, payload: Any
) -> str:
    """Run one pickup of a job; returns the state it left the job in."""
    store = app.store
    record = await _record_for(app, op, job_id, payload)
    if record.terminal:
        # arq may hand out a job again after we finished it (a kill between our write and arq's);
        # the outcome is already recorded, so running again could only repeat the effect.
        log.info("job_already_finished", state=record.state.value)
        return record.state.value
    record.attempts += 1
    pickup = {"attempts": record.attempts, "worker": app.name, "started_at": record.started_at or utcnow()}
    if record.state is JobState.QUEUED and not op.starts_task:
        await store.transition(job_id, JobState.RUNNING, **pickup)
    else:
        await store.update(job_id, **pickup)
    try:
        params = _validate(op, payload)
        confirmed = bool(getattr(params, "confirmed", False))
        enforce_tier(op.tier, allow_danger=app.settings.proxmox_allow_danger, confirmed=confirmed)
        async with asyncio.timeout(op.timeout_seconds - _DEADLINE_MARGIN_SECONDS):
            outcome = await handler(JobContext(app, op, record, attempt), params)
    except (Retry, asyncio.CancelledError):
        raise  # arq runs the job again (continuation, lock wait, or this worker shutting down)
    except TimeoutError:
        error = WaitTimeout(f"{op.name} did not finish within {op.timeout_seconds:.0f}s", hint="Call the tool again.")
        await store.fail(job_id, error)
        log.warning("job_timed_out", timeout_s=op.timeout_seconds)
        return JobState.FAILED.value
    except ProxmoxMcpError as exc:
        exitstatus = exc.details.get("exitstatus") if exc.details else None
        await store.fail(job_id, exc, **({"exitstatus": exitstatus} if exitstatus else {}))
        log.info("job_failed", code=exc.code, error=exc.message)
        return JobState.FAILED.value
    except Exception:
        log.exception("job_crashed")
        await store.fail(job_id, InternalError(f"{op.name} failed unexpectedly in worker {app.name}"))
        return JobState.FAILED.value
    if isinstance(outcome, Result):
        outcome = Outcome(outcome)
    await store.transition(job_id, outcome.state, result=outcome.result.model_dump(mode="json"), **outcome.fields)
    log.info("job_finished", state=outcome.state.value)
    return outcome.state.value


def job_function(op: Operation, handler: Handler, *, max_tries: int) -> Function:
    """The arq function for `op`: arq calls it with the payload dict as its only argument."""

    async def run(ctx: dict[str, Any], payload: Any) -> dict[str, str]:
        app: WorkerApp = ctx["app"]
        job_id: str = ctx["job_id"]
        attempt: int = ctx["job_try"]
        with structlog.contextvars.bound_contextvars(job_id=job_id, operation=op.name, attempt=attempt):
            state = await run_job(app, op, handler, job_id, attempt, payload)
        return {"state": state}

    run.__qualname__ = run.__name__ = op.name
    return func(run, name=op.name, timeout=op.timeout_seconds, max_tries=max_tries)
