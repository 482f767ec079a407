"""Tasks by UPID (also those started elsewhere), and cancelling a job's task."""

from __future__ import annotations

from redis.asyncio.client import Pipeline

from shared.errors import NotFound
from shared.jobs import codec, keys
from shared.jobs.claims import write_result
from shared.jobs.record import JobRecord
from shared.jobs.states import JobState
from shared.operations.tasks import (
    CANCEL_TASK,
    PVE_TASK_LOG,
    PVE_TASK_STATUS,
    CancelParams,
    CancelResult,
    JobStatus,
    PveTaskLogParams,
    PveTaskParams,
    TaskLogLine,
    TaskLogPage,
)
from shared.pve.models import NO_DATA, TaskStatus
from shared.pve.models import TaskLogLine as PveTaskLogLine
from shared.pve.upid import Upid
from shared.safety import Tier
from workers.job import JobContext, Outcome, cancelled_message
from workers.pve_tasks import classify_exitstatus
from workers.registry import handles

__all__ = ["cancel_task", "pve_task_log", "pve_task_status"]


@handles(PVE_TASK_STATUS)
async def pve_task_status(job: JobContext, params: PveTaskParams) -> JobStatus:
    upid = Upid.parse(params.upid)
    status = await job.app.pve.get(
        "/nodes/{node}/tasks/{upid}/status", TaskStatus, path={"node": upid.node, "upid": params.upid}
    )
    state = JobState.RUNNING if status.status == "running" else classify_exitstatus(status.exitstatus or "")
    return JobStatus(
        operation=upid.type,
        state=state.value,
        done=state.terminal,
        node=upid.node,
        vmid=upid.vmid,
        upid=params.upid,
        exitstatus=status.exitstatus,
        started_at=upid.started_at,
    )


@handles(PVE_TASK_LOG)
async def pve_task_log(job: JobContext, params: PveTaskLogParams) -> TaskLogPage:
    upid = Upid.parse(params.upid)
    path = {"node": upid.node, "upid": params.upid}
    query = {"start": params.start, "limit": params.limit}
    page = await job.app.pve.get_page("/nodes/{node}/tasks/{upid}/log", PveTaskLogLine, path=path, query=query)
    status = await job.app.pve.get("/nodes/{node}/tasks/{upid}/status", TaskStatus, path=path)
    lines = [TaskLogLine(n=line.n, t=line.t) for line in page.data]
    end = params.start + len(lines)
    return TaskLogPage(
        upid=params.upid,
        start=params.start,
        total=page.total,
        lines=lines,
        next_start=end if end < page.total else None,
        task_done=status.status == "stopped",
    )


def arq_result_of_cancelled(pipe: Pipeline, record: JobRecord, message: str) -> None:
    """arq's result of a job cancelled in its queue (its pickup, later, only takes it out of the queue)."""
    queue = keys.queue_for(record.cluster, record.tier == Tier.SAFE.value)
    write_result(pipe, record.job_id, codec.encode_result(record, queue, JobState.CANCELLED, message))


@handles(CANCEL_TASK)
async def cancel_task(job: JobContext, params: CancelParams) -> Outcome:
    """The cancel's own job reports what happened to the target (its message is the agent's answer)."""
    result = await _cancel(job, params)
    return Outcome(result, message=result.message)


async def _cancel(job: JobContext, params: CancelParams) -> CancelResult:
    store, pve = job.app.store, job.app.pve
    target_id = params.job_id or (await store.job_for_upid(params.upid) if params.upid else None)
    if target_id is None:
        assert params.upid is not None
        upid = Upid.parse(params.upid)
        await pve.delete("/nodes/{node}/tasks/{upid}", NO_DATA, path={"node": upid.node, "upid": params.upid})
        return CancelResult(upid=params.upid, state="stop_requested", message="PVE was asked to stop the task")
    target = await store.get(target_id)
    if target is None:
        raise NotFound(f"no job {target_id} in the job store", hint="Check the job_id with get_task_status.")
    if target.terminal:
        return CancelResult(
            job_id=target_id, upid=target.upid, state=target.state.value, message="the job had already ended"
        )
    cancelled = await store.cancel_unclaimed(
        target_id, keys.job_claim(target_id), cancelled_message, also=arq_result_of_cancelled
    )
    message = None
    if not cancelled:
        # a worker holds the job (or it is under way): it sees the flag before its next PVE task
        await store.update(target_id, cancel_requested=True)
        if target.upid is not None and target.state is JobState.RUNNING:
            upid = Upid.parse(target.upid)
            await pve.delete("/nodes/{node}/tasks/{upid}", NO_DATA, path={"node": upid.node, "upid": target.upid})
            message = "PVE was asked to stop the task; the job ends as cancelled once it has"
        elif target.operation == "execute_lxc_command" and target.state is JobState.DISPATCHING:
            message = "the command already runs in the container; it cannot be stopped from here"
        else:
            message = "the job stops before its next PVE task, or stops that task as soon as PVE names it"
    fresh = await store.get(target_id) or target
    message = message or fresh.message or "cancelled"
    return CancelResult(job_id=target_id, upid=fresh.upid, state=fresh.state.value, message=message)
