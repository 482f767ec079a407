"""A change PVE makes at once, with no task to follow: one request, sent once its plan is stored.

Most of PVE's configuration endpoints (a guest's config, a node's network declaration, a firewall
rule, an HA resource) answer when they are done, with no UPID. Such a step is exactly once
this way (DESIGN.md "Effects happen once"):

1. Its plan (what it changes, in terms a later read can check) is stored with the step, and the
   job marked `dispatching`, before the request goes.
2. A rerun that finds the step `dispatching` reads PVE again and asks `done(plan)`: the plan's
   effect is there, so only the answer was lost and the step is done; or it is not, so nothing
   of it took effect and the request is sent again, computed afresh.
3. A request PVE refused changed nothing: the plan is dropped and the job is `queued` again.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from shared.errors import DispatchUncertain, ProxmoxMcpError, TransientPveError
from shared.jobs.record import utcnow
from shared.jobs.states import JobState
from workers.job import JobContext, Retry

__all__ = ["Request", "dispatch_once", "finished_step", "record_step", "send_once"]

T = TypeVar("T")


@dataclass(frozen=True)
class Request(Generic[T]):
    """One request of a change, named as its step (unique within the job)."""

    step: str
    #: the plan from what PVE shows now; it may raise to refuse the change before anything is sent
    plan: Callable[[], Awaitable[dict[str, Any]]]
    #: send the request the plan says (computed afresh on a rerun: the plan's effect is not there)
    send: Callable[[dict[str, Any]], Awaitable[T]]
    #: whether the plan's effect is there now (a rerun asks before sending again)
    done: Callable[[dict[str, Any]], Awaitable[bool]]


def finished_step(job: JobContext, step: str) -> dict[str, Any] | None:
    """The record of a step this job has done, if it has."""
    return next((done for done in job.record.steps if done.get("step") == step), None)


async def record_step(job: JobContext, entry: dict[str, Any]) -> None:
    """The step (`entry["step"]`) is done: it joins the record's steps, and the step under way is cleared."""
    record = job.record
    record.steps, record.step, record.plan = [*record.steps, entry], None, None
    await job.app.store.update(job.job_id, steps=record.steps, clear=("step", "plan"))


async def send_once(job: JobContext, request: Request[Any]) -> dict[str, Any]:
    """Carry out `request` exactly once, resuming a previous run; its plan (as stored, on a rerun)."""
    if (done := finished_step(job, request.step)) is not None:
        return dict(done.get("plan") or {})
    record = job.record
    if record.step == request.step and record.plan is not None:
        plan = dict(record.plan)
        if await request.done(plan):  # the answer was lost, the effect is there
            await record_step(job, {"step": request.step, "plan": plan})
            return plan
    else:
        plan = await request.plan()
    await dispatch_once(job, request.step, plan, lambda: request.send(plan))
    await record_step(job, {"step": request.step, "plan": plan})
    return plan


async def dispatch_once(
    job: JobContext,
    step: str,
    plan: dict[str, Any],
    send: Callable[[], Awaitable[T]],
    *,
    refused: Callable[[ProxmoxMcpError], ProxmoxMcpError | None] | None = None,
) -> T:
    """Store the plan and mark the job `dispatching`, then send; a request PVE refused drops the plan.

    `refused` may name a refusal better (a stale digest as CONFLICT) than PVE's own words.
    """
    await job.end_if_cancelled()
    record = job.record
    record.step, record.plan, record.state = step, plan, JobState.DISPATCHING
    await job.app.store.transition(job.job_id, JobState.DISPATCHING, step=step, plan=plan, dispatched_at=utcnow())
    job.assert_may_send()
    try:
        return await send()
    except DispatchUncertain:
        raise Retry(defer=1.0) from None  # it may have been applied: the rerun reads PVE and sees
    except TransientPveError:
        raise  # nothing reached PVE, or PVE's lock: the job runs again and looks first
    except ProxmoxMcpError as error:
        record.step, record.plan, record.state = None, None, JobState.QUEUED
        await job.app.store.transition(job.job_id, JobState.QUEUED, clear=("step", "plan"))
        better = refused(error) if refused is not None else None
        if better is not None:
            raise better from None
        raise
