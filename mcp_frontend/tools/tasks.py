"""Task tools: where a job (or any PVE task) stands, and its task log."""

from __future__ import annotations

import asyncio
import time
from datetime import UTC, datetime
from typing import Annotated, Any

from mcp.server import MCPServer
from mcp.server.mcpserver import Context, Elicit, ElicitationResult, Resolve
from pydantic import Field

from mcp_frontend.app import FrontendApp, app_of
from mcp_frontend.confirm import Approval, Plan, approved, ask
from mcp_frontend.tools.common import add_tool, annotations_for
from mcp_frontend.waiting import wait_for_job
from shared.catalogue import operation
from shared.errors import NotFound
from shared.jobs.record import JobRecord
from shared.jobs.states import TERMINAL_STATES
from shared.operations.changes import ChangeReport, Confirmed, WaitSeconds
from shared.operations.tasks import (
    CancelParams,
    CancelResult,
    ErrorInfo,
    JobIdField,
    JobStatus,
    LogLimit,
    LogStart,
    PveTaskLogParams,
    PveTaskParams,
    TaskLogLine,
    TaskLogPage,
    UpidField,
    require_one_target,
)
from shared.pve.upid import Upid

__all__ = ["job_status", "register"]

TASK_STATUS = operation("pve_task_status")
TASK_LOG = operation("pve_task_log")
CANCEL = operation("cancel_task")
_ENDED = frozenset(state.value for state in TERMINAL_STATES)

WaitArg = Annotated[
    float,
    Field(ge=0, le=55, description="Wait up to this many seconds for the job to finish before answering (0: don't)."),
]


def job_status(record: JobRecord) -> JobStatus:
    """The public view of a job record."""
    end = record.finished_at or datetime.now(UTC)
    error = record.error
    return JobStatus(
        **record.summary(),
        progress=record.progress,
        progress_message=record.progress_message,
        attempts=record.attempts,
        created_at=record.created_at,
        started_at=record.started_at,
        finished_at=record.finished_at,
        duration_seconds=round((end - record.started_at).total_seconds(), 3) if record.started_at else None,
        log_lines=record.log_lines,
        message=record.message,
        result=record.result,
        error=ErrorInfo(code=error.code, message=error.message, hint=error.hint) if error else None,
    )


async def _our_job(app: FrontendApp, job_id: str | None, upid: str | None) -> str | None:
    """The job ID these arguments name, if the job is ours; None for a foreign UPID."""
    if job_id is not None:
        return job_id
    assert upid is not None
    return await app.store.job_for_upid(upid)


async def _record(app: FrontendApp, job_id: str) -> JobRecord:
    record = await app.store.get(job_id)
    if record is None:
        days = app.settings.job_ttl_seconds // 86400
        raise NotFound(
            f"no job {job_id} in the job store (jobs are kept {days} days)",
            hint="Check the job_id; for a task started elsewhere pass its upid instead.",
        )
    return record


async def _foreign_task_status(app: FrontendApp, upid: str, wait_seconds: float) -> JobStatus:
    """A task started outside this server, read from PVE; with wait_seconds, read again until it ends.

    No job of ours follows it, so there are no events to wait on: the status is polled, every
    0.25 s at first and at most every 2 s.
    """
    deadline = time.monotonic() + wait_seconds
    delay = 0.25
    while True:
        status = await app.read(TASK_STATUS, PveTaskParams(upid=upid), JobStatus)
        left = deadline - time.monotonic()
        if status.done or left <= 0:
            return status
        await asyncio.sleep(min(delay, left))
        delay = min(delay * 1.6, 2.0)


async def get_task_status(
    ctx: Context[FrontendApp, Any], job_id: JobIdField = None, upid: UpidField = None, wait_seconds: WaitArg = 0
) -> JobStatus:
    """Where a job stands: state, progress, UPID, PVE exit status, warnings, result or error.

    Pass the job_id a tool returned (or the UPID of its PVE task); `done` tells whether it
    ended. With wait_seconds, the answer comes as soon as the job ends (or when the time is up).
    A UPID of a task started outside this server is read from PVE directly (and, with
    wait_seconds, read again until it ends).
    """
    require_one_target(job_id, upid)
    app = app_of(ctx)
    ours = await _our_job(app, job_id, upid)
    if ours is None:
        assert upid is not None
        return await _foreign_task_status(app, upid, wait_seconds)
    record = await _record(app, ours)
    if wait_seconds > 0 and not record.terminal:
        record = await wait_for_job(app.store, ours, seconds=wait_seconds)
    return job_status(record)


async def get_task_log(
    ctx: Context[FrontendApp, Any],
    job_id: JobIdField = None,
    upid: UpidField = None,
    start: LogStart = 0,
    limit: LogLimit = 50,
) -> TaskLogPage:
    """A page of a job's PVE task log (lines numbered from 1), by job_id or UPID.

    Read on with start=next_start while next_start is set; while task_done is false more
    lines may still come. A UPID of a task started outside this server is read from PVE.
    """
    require_one_target(job_id, upid)
    app = app_of(ctx)
    ours = await _our_job(app, job_id, upid)
    if ours is None:
        assert upid is not None
        return await app.read(TASK_LOG, PveTaskLogParams(upid=upid, start=start, limit=limit), TaskLogPage)
    record = await _record(app, ours)
    page = await app.store.read_log(ours, start, limit)
    return TaskLogPage(
        job_id=ours,
        upid=record.upid,
        start=start,
        total=page.total,
        lines=[TaskLogLine(n=start + i + 1, t=text) for i, text in enumerate(page.lines)],
        next_start=page.next_start,
        task_done=record.terminal,
    )


async def _confirm_cancel(
    ctx: Context[FrontendApp, Any], job_id: str | None, upid: str | None, confirmed: bool
) -> Approval | Elicit[Approval]:
    require_one_target(job_id, upid)
    if confirmed:
        return Approval(approve=True)
    app = app_of(ctx)
    ours = await _our_job(app, job_id, upid)
    if ours is not None:
        record = await _record(app, ours)
        guest = f"guest {record.vmid}" if record.vmid is not None else "no particular guest"
        summary = (
            f"stop job {ours} ({record.operation} on {guest}, node {record.node or 'not yet known'}, "
            f"now {record.state.value}); what its PVE task did so far stays done"
        )
        plan = Plan(action="cancel_task", summary=summary, node=record.node, vmid=record.vmid)
    else:
        assert upid is not None
        task = Upid.parse(upid)
        summary = f"stop PVE task {task.type} of {task.id or 'the node'} on node {task.node} (started elsewhere)"
        plan = Plan(action="cancel_task", summary=summary, node=task.node, vmid=task.vmid)
    return ask(ctx, confirmed, plan)


async def cancel_task(
    ctx: Context[FrontendApp, Any],
    approval: Annotated[ElicitationResult[Approval], Resolve(_confirm_cancel)],
    job_id: JobIdField = None,
    upid: UpidField = None,
    confirmed: Confirmed = False,
    wait_seconds: WaitSeconds = None,
) -> ChangeReport[CancelResult]:
    """Cancel a job of this server (stopping its PVE task), or ask PVE to stop any task by UPID.

    A job no worker has taken yet ends cancelled at once and changes nothing. A job under way
    is asked to stop: PVE stops its running task (DELETE of the task), or it ends before
    starting its next one; either way it ends cancelled, and what its earlier tasks did stays
    done. A job that already ended cannot be undone: the answer gives its final state. A task
    started elsewhere is only asked to stop (state stop_requested). Cancelling a wait for a
    change never cancels its job; only this tool does. Restricted: needs the user's confirmation.
    """
    approved(approval, "stop a PVE task")
    app = app_of(ctx)
    params = CancelParams(job_id=job_id, upid=upid, confirmed=True)
    report = await app.change(ctx, CANCEL, params, CancelResult, wait_seconds)
    cancelled = report.result
    if cancelled is not None and cancelled.job_id is not None and cancelled.state not in _ENDED:
        # let the cancelled job see PVE stop its task, so the answer tells how it ended
        seconds = app.settings.wait_seconds if wait_seconds is None else wait_seconds
        target = await wait_for_job(app.store, cancelled.job_id, seconds=seconds)
        report.result = cancelled.model_copy(update={"state": target.state.value})
    return report


def register(server: MCPServer[FrontendApp]) -> None:
    add_tool(server, get_task_status, annotations_for(TASK_STATUS, "Job status"))
    add_tool(server, get_task_log, annotations_for(TASK_LOG, "Task log"))
    add_tool(server, cancel_task, annotations_for(CANCEL, "Cancel a task", idempotent=True))
