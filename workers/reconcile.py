"""Finding what a request whose answer was lost did: our task in the node's task list, or its effect.

A step's request may reach PVE and its answer be lost (the connection dropped, the worker
killed after it sent). Sending it again could do the work twice, so before anything is sent
again the step is reconciled (workers.lifecycle.run_step): a task of that type for that
guest, started by our token since the dispatch, is adopted; failing that, the step's effect
check says whether the work is already done.
"""

from __future__ import annotations

from datetime import datetime, timedelta

import structlog

from shared.errors import ProxmoxMcpError, TransientPveError
from shared.jobs.states import JobState
from shared.pve.models import TaskSummary
from shared.pve.upid import Upid
from workers.job import JobContext, JobEnded, TaskStep, passing_server_error

__all__ = ["find_our_task", "reconcile"]

log = structlog.get_logger("workers.reconcile")

#: a task PVE lists with a start time up to this much before our dispatch time is still ours (clock skew)
_CLOCK_SKEW = timedelta(seconds=10)


async def find_our_task(job: JobContext, step: TaskStep, since: datetime) -> Upid | None:
    """The task of `step` our token started since `since`, from the node's task list (active ones too)."""
    tasks = await job.app.pve.get(
        "/nodes/{node}/tasks",
        list[TaskSummary],
        path={"node": step.node},
        query={
            "source": "all",
            "vmid": step.vmid,  # None (no filter) for a task without a guest of its own
            "typefilter": step.task_type,
            "since": int((since - _CLOCK_SKEW).timestamp()),
            "limit": 100,
        },
    )
    ours = []
    for task in tasks:
        upid = Upid.parse(task.upid)
        if upid.type != step.task_type or upid.owner != job.app.settings.proxmox_token_name:
            continue
        if step.task_id is not None and upid.id != step.task_id:
            continue
        # a recorded task is known already: another job's, however close in time it started, or
        # an earlier try of this job's (one that failed on PVE's lock), which must not be taken again
        if await job.app.store.job_for_upid(task.upid) is not None:
            continue
        ours.append(upid)
    return min(ours, key=lambda u: (u.starttime, u.pid)) if ours else None


async def reconcile(job: JobContext, step: TaskStep, since: datetime) -> tuple[Upid | None, bool]:
    """(our task, if PVE has one) else (None, whether the effect is already there).

    A passing failure, or a read PVE answered 500, propagates (the job reruns and reconciles
    again); any other means we cannot tell what PVE did, and the job says so rather than guess.
    """
    try:
        upid = await find_our_task(job, step, since)
        if upid is not None:
            log.info("task_adopted", step=step.name, upid=str(upid))
            return upid, True
        present = step.effect_present is not None and await step.effect_present()
    except TransientPveError:
        raise
    except ProxmoxMcpError as exc:
        if passing_server_error(exc):
            raise  # the job reruns and reconciles again, READ_RETRIES times at most (workers.lifecycle)
        raise JobEnded(
            JobState.UNKNOWN,
            f"the {step.name} request may have reached PVE, and checking failed ({exc.code}: {exc.message}); "
            f"it is not sent again",
        ) from exc
    log.info("task_not_found", step=step.name, effect_present=present)
    return None, present
