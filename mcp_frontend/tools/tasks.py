"""Task tools: where a job (or any PVE task) stands, its task log, and cancelling it.

These tools behave differently from the declared ones: they read the job store, and run an
operation (pve_task_status, pve_task_log) only for a UPID of a task this server did not start;
cancel_task names its target from the job record and waits for the cancelled job's end.
"""

from __future__ import annotations

import asyncio
import inspect
import time
from datetime import UTC, datetime
from typing import Annotated, Any

from mcp.server.mcpserver import Context, Elicit, ElicitationResult, Resolve
from mcp_types import CallToolResult
from pydantic import Field, Strict

from mcp_frontend.app import FrontendApp, app_of, change_report
from mcp_frontend.callers import current_caller
from mcp_frontend.clusters import current_cluster
from mcp_frontend.confirm import Approval, Target, approved, confirm_change
from mcp_frontend.tools.spec import ToolSpec, hints, make_tool, tool_result
from shared.errors import NotFound, OutOfScope
from shared.jobs.record import JobRecord
from shared.operations.base import Params
from shared.operations.changes import ChangeReport, Confirmed, WaitSeconds
from shared.operations.fleet import FLEET_CHANGES, FleetResult
from shared.operations.operation import Operation
from shared.operations.tasks import (
    CANCEL_TASK,
    PVE_TASK_LOG,
    PVE_TASK_STATUS,
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

__all__ = ["job_status", "task_tools"]


WaitArg = Annotated[float, Strict(), Field(ge=0, le=55, description="Wait up to this long for it to end.")]


def job_status(record: JobRecord) -> JobStatus:
    """The public view of a job record."""
    end = record.finished_at or datetime.now(UTC)
    error = record.error
    return JobStatus(
        **record.summary(),
        cluster=record.cluster,  # VMID 100 names another guest on each cluster
        progress=record.progress,
        progress_message=record.progress_message,
        attempts=record.attempts,
        created_at=record.created_at,
        started_at=record.started_at,
        finished_at=record.finished_at,
        duration_seconds=round((end - record.started_at).total_seconds(), 3) if record.started_at else None,
        log_lines=record.log_lines,
        message=record.message,
        result=_shown(record),
        error=ErrorInfo(code=error.code, message=error.message, hint=error.hint) if error else None,
    )


def _shown(record: JobRecord) -> Any:
    """The job's result as an answer carries it: a fleet's at most FLEET_SHOWN guests, the rest counted."""
    if record.operation in _FLEETS and isinstance(record.result, dict) and "guests" in record.result:
        return FleetResult.model_validate(record.result).shown().model_dump(mode="json", exclude_none=True)
    return record.result


_FLEETS = frozenset(op.name for op in FLEET_CHANGES)


async def _our_job(app: FrontendApp, job_id: str | None, upid: str | None) -> str | None:
    """The job ID these arguments name, if the job is ours; None for a foreign UPID."""
    if job_id is not None:
        return job_id
    assert upid is not None
    return await app.store.on(current_cluster.get()).job_for_upid(upid)


async def _record(app: FrontendApp, job_id: str) -> JobRecord:
    record = await app.store.get(job_id)
    if record is None:
        days = app.settings.job_ttl_seconds // 86400
        raise NotFound(
            f"no job {job_id} in the job store (jobs are kept {days} days)",
            hint="Check the job_id; for a task started elsewhere pass its upid instead.",
        )
    caller = current_caller.get()
    # a caller scoped to guests reads only its own jobs: whose guests another's jobs touch is not its business
    if caller.scope.guest_scoped and (record.caller is None or record.caller.label != caller.label):
        raise OutOfScope(f"job {job_id} was asked for by another caller; {caller.label} reads only its own jobs")
    caller.refuse_cluster(record.cluster)
    return record


async def _foreign_task_status(app: FrontendApp, upid: str, wait_seconds: float) -> JobStatus:
    """A task started outside this server, read from PVE; with wait_seconds, read again until it ends.

    No job of ours follows it, so there are no events to wait on: the status is polled, every
    0.25 s at first and at most every 2 s.
    """
    deadline = time.monotonic() + wait_seconds
    delay = 0.25
    while True:
        status = (await app.read(PVE_TASK_STATUS, PveTaskParams(upid=upid))).model_copy(
            update={"cluster": current_cluster.get()}
        )
        left = deadline - time.monotonic()
        if status.done or left <= 0:
            return status
        await asyncio.sleep(min(delay, left))
        delay = min(delay * 1.6, 2.0)


async def get_task_status(
    ctx: Context[FrontendApp, Any], job_id: JobIdField = None, upid: UpidField = None, wait_seconds: WaitArg = 0
) -> Annotated[CallToolResult, JobStatus]:
    """Where a job (or any PVE task, by UPID) stands: state, done, progress, result or error.

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
        return tool_result(await _foreign_task_status(app, upid, wait_seconds))
    record = await _record(app, ours)
    if wait_seconds > 0 and not record.terminal:
        record = await app.jobs.wait(ours, seconds=wait_seconds)
    return tool_result(job_status(record))


async def get_task_log(
    ctx: Context[FrontendApp, Any],
    job_id: JobIdField = None,
    upid: UpidField = None,
    start: LogStart = 0,
    limit: LogLimit = 50,
) -> Annotated[CallToolResult, TaskLogPage]:
    """A page of a job's (or any PVE task's) log, lines from 1; read on from next_start.

    Read on with start=next_start while next_start is set; while task_done is false (or
    log_copying is true) more lines may still come. A UPID of a task started outside this server is read from PVE.
    """
    require_one_target(job_id, upid)
    app = app_of(ctx)
    ours = await _our_job(app, job_id, upid)
    if ours is None:
        assert upid is not None
        params = PveTaskLogParams(upid=upid, start=start, limit=limit)
        return tool_result(await app.read(PVE_TASK_LOG, params))
    record = await _record(app, ours)
    page = await app.store.read_log(ours, start, limit)
    return tool_result(
        TaskLogPage(
            job_id=ours,
            upid=record.upid,
            start=start,
            total=page.total,
            lines=[TaskLogLine(n=start + i + 1, t=text) for i, text in enumerate(page.lines)],
            next_start=page.next_start,
            task_done=record.terminal,
            log_copying=record.log_copying is not None,
        )
    )


async def _cancel_target(app: FrontendApp, params: Params) -> Target:
    """The job (as its record says) or foreign task a cancel would stop, for its plan."""
    assert isinstance(params, CancelParams)
    ours = await _our_job(app, params.job_id, params.upid)
    if ours is None:
        assert params.upid is not None
        task = Upid.parse(params.upid)
        return (
            f"PVE task {task.type} of {task.id or 'the node'} on node {task.node} (started elsewhere)",
            task.node,
            task.vmid,
        )
    record = await _record(app, ours)
    guest = f"guest {record.vmid}" if record.vmid is not None else "no particular guest"
    described = (
        f"job {ours} ({record.operation} on {guest}, node {record.node or 'not yet known'}, "
        f"now {record.state.value}); what its PVE task did so far stays done"
    )
    return described, record.node, record.vmid


async def _confirm_cancel(
    ctx: Context[FrontendApp, Any], job_id: str | None, upid: str | None, confirmed: bool
) -> Approval | Elicit[Approval]:
    params = CancelParams(job_id=job_id, upid=upid)
    return await confirm_change(ctx, CANCEL_TASK, params, confirmed=confirmed, target=_cancel_target)


async def cancel_task(
    ctx: Context[FrontendApp, Any],
    approval: Annotated[ElicitationResult[Approval], Resolve(_confirm_cancel)],
    job_id: JobIdField = None,
    upid: UpidField = None,
    confirmed: Confirmed = False,
    wait_seconds: WaitSeconds = None,
) -> Annotated[CallToolResult, ChangeReport[CancelResult]]:
    approved(approval, "stop a PVE task")
    app = app_of(ctx)
    seconds = app.settings.wait_seconds if wait_seconds is None else wait_seconds
    record = await app.cluster_jobs().cancel(
        CancelParams(job_id=job_id, upid=upid), seconds=seconds, caller=current_caller.get()
    )
    if record.error is not None:
        raise record.error
    return tool_result(change_report(record, CancelResult))


def task_tools() -> list[ToolSpec]:
    """get_task_status, get_task_log and cancel_task."""
    return [
        _spec(get_task_status, PVE_TASK_STATUS, _doc(get_task_status)),
        _spec(get_task_log, PVE_TASK_LOG, _doc(get_task_log)),
        _spec(cancel_task, CANCEL_TASK, CANCEL_TASK.description),
    ]


def _doc(fn: Any) -> str:
    return inspect.getdoc(fn) or ""


def _spec(fn: Any, op: Operation[Any, Any], manual: str) -> ToolSpec:
    brief = manual.split("\n\n", 1)[0]
    tool = make_tool(fn, name=fn.__name__, title=op.title, description=brief, annotations=hints(op))
    return ToolSpec(tool, op.tier, "tasks", (op,), manual=manual)
