"""The frontend's resources for the server's lifetime, and the one path every tool call takes.

A tool validates its input, then `FrontendApp.call` records and enqueues the job, waits on
its events and returns the result (or raises the job's error). In embedded mode (REDIS_URL
unset) the same app also runs a worker in this process, on the in-memory store.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any, TypeVar

import structlog
from mcp.server.mcpserver import Context
from pydantic import ValidationError

from mcp_frontend.waiting import ProgressCallback, wait_for_job
from shared.catalogue import Operation
from shared.errors import InternalError, JobCancelled, ProxmoxMcpError, WaitTimeout, validation_message
from shared.jobs.connection import FRONTEND_RETRIES, RedisConnections, connect_redis
from shared.jobs.health import health_keys
from shared.jobs.queue import JobQueue
from shared.jobs.record import JobRecord
from shared.jobs.states import JobState
from shared.jobs.store import JobStore
from shared.logs import RedisLogSink
from shared.operations.base import Params, Result
from shared.operations.changes import ChangeReport
from shared.redact import Redactor
from shared.settings import Settings
from workers.worker import QueueWorker, build_worker

__all__ = ["FrontendApp", "app_of", "change_report", "frontend_app"]

log = structlog.get_logger("mcp_frontend.app")

R = TypeVar("R", bound=Result)


@dataclass
class FrontendApp:
    """What tools use: the store, the queue and the settings."""

    settings: Settings
    connections: RedisConnections
    store: JobStore
    queue: JobQueue

    async def submit_and_wait(
        self, op: Operation, params: Params, *, wait_seconds: float, on_progress: ProgressCallback | None = None
    ) -> JobRecord:
        """Enqueue `op` and wait for it up to `wait_seconds`; the record as it then stands."""
        record = await self.queue.submit(op, params)
        log.info("job_submitted", job_id=record.job_id, operation=op.name)
        return await wait_for_job(self.store, record.job_id, seconds=wait_seconds, on_progress=on_progress)

    async def read(self, op: Operation, params: Params, result: type[R]) -> R:
        """Run a read to its end and return its result; its error, if it failed."""
        record = await self.submit_and_wait(op, params, wait_seconds=self.settings.read_timeout_seconds)
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
        return _result(record, result)

    async def change(
        self, ctx: Context[Any, Any], op: Operation, params: Params, result: type[R], wait_seconds: float | None
    ) -> ChangeReport[R]:
        """Run a change: wait for it (forwarding progress) up to `wait_seconds`, then report where it stands."""
        seconds = self.settings.wait_seconds if wait_seconds is None else wait_seconds

        async def progress(percent: float, message: str | None) -> None:
            await ctx.report_progress(percent, 100, message)

        record = await self.submit_and_wait(op, params, wait_seconds=seconds, on_progress=progress)
        if record.error is not None:
            raise _with_log_tail(record.error)
        return change_report(record, result)

    async def workers_alive(self) -> int:
        """How many workers wrote their health key recently."""
        return len(await health_keys(self.store.redis))

    async def _not_finished(self, record: JobRecord) -> ProxmoxMcpError:
        if record.state.value == "queued" and await self.workers_alive() == 0:
            return WaitTimeout(
                f"job {record.job_id} ({record.operation}) is still queued: no worker is running",
                hint="Start workers (docker compose up -d worker, or proxmox-mcp-worker); the job runs once one is up.",
            )
        return WaitTimeout(
            f"job {record.job_id} ({record.operation}) is still {record.state.value}",
            hint=f"Read it later with get_task_status(job_id='{record.job_id}').",
        )


async def _started(worker: QueueWorker, task: asyncio.Task[None]) -> None:
    """Wait until the embedded worker takes jobs; if it fails to start, fail the server's start with its reason."""
    ready = asyncio.create_task(worker.ready.wait())
    await asyncio.wait({ready, task}, return_when=asyncio.FIRST_COMPLETED)
    if worker.ready.is_set():
        return
    ready.cancel()
    failure = task.exception()
    if isinstance(failure, ProxmoxMcpError):
        raise failure
    raise InternalError(f"the embedded worker did not start: {failure!r}")


def _with_log_tail(error: ProxmoxMcpError) -> ProxmoxMcpError:
    """A failed task's error, its message ending with the last lines of the task log."""
    tail = error.details.get("log_tail") if error.details else None
    if tail:
        error.message = f"{error.message.rstrip('.')} (task log ends: {' | '.join(tail[-5:])})"
    return error


def change_report(record: JobRecord, result: type[R]) -> ChangeReport[R]:
    """The agent's view of a change's job: done with its result, or still going with how to follow it."""
    started, ended = record.started_at, record.finished_at
    if record.terminal:
        message = record.message or f"{record.operation} {record.state.value}"
    else:
        message = (
            f"still {record.state.value}; the job goes on. Follow it with "
            f"get_task_status(job_id='{record.job_id}', wait_seconds=30) and get_task_log."
        )
    return ChangeReport[result](  # type: ignore[valid-type]  # a generic parametrized at run time
        **record.summary(),
        duration_seconds=round((ended - started).total_seconds(), 3) if started and ended else None,
        message=message,
        result=_result(record, result) if record.result is not None else None,
    )


def _result(record: JobRecord, result: type[R]) -> R:
    """The job's result as `result`; one that does not fit is our bug (worker and server disagree), not bad input."""
    try:
        return result.model_validate(record.result)
    except ValidationError as exc:
        raise InternalError(
            f"the result of job {record.job_id} ({record.operation}) does not fit {result.__name__}: "
            f"{validation_message(exc)}",
            hint="Run the same version of proxmox-mcp for the server and its workers.",
        ) from None


def app_of(ctx: Context[FrontendApp, Any]) -> FrontendApp:
    """The FrontendApp of the server handling this request."""
    return ctx.request_context.lifespan_context


@asynccontextmanager
async def frontend_app(
    settings: Settings, *, log_formatter: logging.Formatter | None = None
) -> AsyncIterator[FrontendApp]:
    """Connect the store (and, when embedded, start the in-process worker) for the server's lifetime."""
    connections = connect_redis(settings, retries=FRONTEND_RETRIES)
    store = JobStore(connections.store, ttl_seconds=settings.job_ttl_seconds)
    app = FrontendApp(
        settings, connections, store, JobQueue(connections.arq, store, redactor=Redactor(settings.secrets()))
    )
    sink = None
    if log_formatter is not None:
        sink = RedisLogSink(connections.store, formatter=log_formatter, maxlen=settings.log_stream_max)
        await sink.start()
    worker: QueueWorker | None = None
    worker_task: asyncio.Task[None] | None = None
    try:
        if connections.embedded:
            worker = build_worker(settings, connections=connections, handle_signals=False)
            worker_task = asyncio.create_task(worker.async_run(), name="embedded-worker")
            await _started(worker, worker_task)
        log.info("frontend_started", embedded=connections.embedded)
        yield app
    finally:
        if worker is not None and worker_task is not None:
            await worker.close()
            with contextlib.suppress(asyncio.CancelledError):
                await worker_task
        if sink is not None:
            await sink.aclose()
        await connections.aclose()
