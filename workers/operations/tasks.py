"""Reads of PVE tasks this server did not start (by UPID)."""

from __future__ import annotations

from datetime import UTC, datetime

from shared.jobs.states import JobState
from shared.operations.tasks import JobStatus, PveTaskLogParams, PveTaskParams, TaskLogLine, TaskLogPage
from shared.pve.models import TaskLogLine as PveTaskLogLine
from shared.pve.models import TaskStatus
from shared.pve.upid import Upid
from workers.follow import classify_exitstatus
from workers.runtime import JobContext

__all__ = ["pve_task_log", "pve_task_status"]


def _vmid(upid: Upid) -> int | None:
    return int(upid.id) if upid.id.isdigit() else None


async def pve_task_status(job: JobContext, params: PveTaskParams) -> JobStatus:
    upid = Upid.parse(params.upid)
    status = await job.app.pve.get(
        "/nodes/{node}/tasks/{upid}/status", TaskStatus, path={"node": upid.node, "upid": params.upid}
    )
    state = JobState.RUNNING if status.status == "running" else classify_exitstatus(status.exitstatus or "")
    started = datetime.fromtimestamp(upid.starttime, UTC)
    return JobStatus(
        operation=upid.type,
        state=state.value,
        done=state.terminal,
        node=upid.node,
        vmid=_vmid(upid),
        upid=params.upid,
        exitstatus=status.exitstatus,
        started_at=started,
    )


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
