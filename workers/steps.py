"""Changes made of PVE tasks, each task dispatched once (DESIGN.md "Effects happen once").

A job may run more than once: a worker killed mid-job leaves it to another. A change is
therefore a list of steps (start; or stop, then destroy), each a PVE task, and its progress
lives in the job record:

1. Before a step's POST the job is marked `dispatching` with the time; the UPID PVE returns
   is stored at once (`running`).
2. A rerun that finds a stored UPID for the step never dispatches again: it resumes following.
3. A rerun that finds the step `dispatching` without a UPID reconciles first: it looks for a
   task of that type for that guest, started by our token since the dispatch time, in the
   node's task list, and adopts it; failing that it checks whether the effect is already
   there; only then does it dispatch.
4. A POST that may have reached PVE before failing (DispatchUncertain) is reconciled the same
   way before anything is sent again.

Once a step's UPID is stored the job awaits the task's end out of its slot
(`JobContext.follow_task`), then acts on it where it stopped: the next step, or the job's
outcome. A worker that takes the job over (its first worker died) replays the handler: the
steps recorded done are skipped, and the one under way is followed from its UPID. Our own
limits never kill a PVE task.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

import structlog
from redis.asyncio.client import Pipeline

from shared.errors import DispatchUncertain, Locked, ProxmoxMcpError, TaskFailed, TransientPveError
from shared.jobs import keys
from shared.jobs.record import utcnow
from shared.jobs.states import JobState
from shared.operations.base import Result
from shared.pve.models import NO_DATA, TaskSummary
from shared.pve.upid import Upid
from workers.guest_lookup import Guest
from workers.pve_tasks import TaskEnd, classify_exitstatus
from workers.runtime import JobContext, JobEnded, Outcome, Retry, passing_server_error
from workers.task_logs import pay_before_next_task

__all__ = ["StepOutcome", "TaskStep", "find_our_task", "guest_step", "outcome_of", "run_step"]

log = structlog.get_logger("workers.steps")

#: a task PVE lists with a start time up to this much before our dispatch time is still ours (clock skew)
_CLOCK_SKEW = timedelta(seconds=10)
#: after a POST whose answer was lost, give PVE this long to register the task before looking for it
_UNCERTAIN_GRACE_SECONDS = 3.0
#: an idempotent step's tries after server errors that may pass, and the wait before the n-th retry (n times this)
_SERVER_ERROR_TRIES = 4
_SERVER_ERROR_WAIT_SECONDS = 0.5
#: PVE's own lock conflicts inside a task ("can't lock file ... got timeout"): dispatch again later
_PVE_LOCK_TEXTS = ("can't lock file", "is locked")


@dataclass(frozen=True)
class TaskStep:
    """One PVE task of a change."""

    name: str  # "start", "stop", "destroy", ... (unique within the change)
    node: str
    task_type: str  # PVE's task type: qmstart, vzcreate, qmdestroy, ...
    vmid: int | None  # the task's id (None: a vzdump of several guests, whose task has none)
    dispatch: Callable[[], Awaitable[Upid]]
    #: is the step's effect already there? (used when no task of ours is found)
    effect_present: Callable[[], Awaitable[bool]] | None = None
    #: the task's id when it names no guest (download-url's: the file name), to tell ours from others'
    task_id: str | None = None
    #: sent again, the request does what once does (a destroy, say): after a server error that may
    #: pass it is retried, a few times, rather than ending the change with what it did half done
    idempotent: bool = False


def guest_step(
    guest: Guest,
    action: str,
    dispatch: Callable[[], Awaitable[Upid]],
    effect_present: Callable[[], Awaitable[bool]] | None = None,
    *,
    idempotent: bool = False,
) -> TaskStep:
    """The step that runs PVE's `action` task on `guest` (qmstart, vzdestroy, ...), named after the action."""
    return TaskStep(
        action, guest.node, guest.task_type(action), guest.vmid, dispatch, effect_present, idempotent=idempotent
    )


@dataclass(frozen=True)
class StepOutcome:
    """How a step ended; `end` is None when its effect was found already there and nothing ran."""

    step: str
    upid: str | None
    end: TaskEnd | None


def _finished(job: JobContext, step: TaskStep) -> StepOutcome | None:
    for done in job.record.steps:
        if done.get("step") == step.name:
            return StepOutcome(step.name, done.get("upid"), _end_of(done))
    return None


def _end_of(done: dict[str, Any]) -> TaskEnd | None:
    """A finished step's task end as the record keeps it (None for a step whose effect was found already there)."""
    exitstatus = done.get("exitstatus")
    if not done.get("upid") or not exitstatus:
        return None
    return TaskEnd(str(exitstatus), classify_exitstatus(str(exitstatus)), list(done.get("warnings") or []), [])


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


async def _reconcile(job: JobContext, step: TaskStep, since: datetime) -> tuple[Upid | None, bool]:
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
            raise  # the job reruns and reconciles again, READ_RETRIES times at most (workers.runtime)
        raise JobEnded(
            JobState.UNKNOWN,
            f"the {step.name} request may have reached PVE, and checking failed ({exc.code}: {exc.message}); "
            f"it is not sent again",
        ) from exc
    log.info("task_not_found", step=step.name, effect_present=present)
    return None, present


async def _record_done(job: JobContext, outcome: StepOutcome) -> None:
    """The step is done; a wait for the guest, if there was one, is over (the next step's starts afresh).

    The write goes with the job's next one (its outcome, or the next step's dispatch): a rerun
    that finds it missing derives the same from the record (the task's end is in `task_end`; an
    effect found already there is found again), so it is one transaction fewer per step.
    """
    record = job.record
    end = outcome.end
    done: dict[str, Any] = {"step": outcome.step, "upid": outcome.upid}
    if end is not None:
        done |= {"exitstatus": end.exitstatus, "warnings": end.warnings}
    record.steps = steps = [*record.steps, done]
    record.lock_wait_since = record.message = record.task_end = None
    store = job.app.store
    store.defer(
        lambda pipe: store.add_update(pipe, job.job_id, steps=steps, clear=("lock_wait_since", "message", "task_end"))
    )


async def _dispatch(job: JobContext, step: TaskStep) -> Upid | None:
    """Send the step's request and store its UPID; None when a lost answer turned out to have done the effect."""
    store = job.app.store
    since = utcnow()
    if job.record.log_copying is not None:
        # the last task's log is still owed: its lines go before this task's, with the dispatch
        await pay_before_next_task(job.app.pve, store, job.job_id, job.record.log_copying, job.record.log_base)
        job.record.log_copying = None

    def dispatching(pipe: Pipeline) -> None:
        store.add_transition(
            pipe, job.job_id, JobState.DISPATCHING, step=step.name, dispatched_at=since, clear=("upid",)
        )
        pipe.llen(keys.job_log(job.job_id))  # where the task's log will start: only this job's holder appends

    log_base: int | None = int((await store.commit(dispatching))[-1])
    job.record.state, job.record.step, job.record.upid, job.record.dispatched_at = (
        JobState.DISPATCHING,
        step.name,
        None,
        since,
    )
    try:
        upid = await _send(job, step)
    except DispatchUncertain:
        log.warning("dispatch_uncertain", step=step.name)
        await asyncio.sleep(_UNCERTAIN_GRACE_SECONDS)
        found, present = await _reconcile(job, step, since)
        if found is None:
            if present:
                return None  # the request did its work; only its answer was lost
            raise Retry(defer=1.0) from None  # nothing reached PVE: the rerun reconciles once more, then dispatches
        upid = found
        log_base = None  # time has passed: read it again with the UPID
    except ProxmoxMcpError:
        # PVE answered with an error: it checks before it forks a task, so nothing started and a
        # rerun must dispatch afresh rather than look for a task (it might adopt someone else's).
        # A Locked refusal reruns the job after a wait (workers.runtime).
        await _reset_dispatch(job)
        raise
    await _adopt(job, step, upid, log_base)
    log.info("task_dispatched", step=step.name, upid=str(upid))
    return upid


async def _send(job: JobContext, step: TaskStep) -> Upid:
    """The step's request. PVE answers a task it started with its UPID, and an error before it forks
    one; so an idempotent step is sent again after a server error that may pass, a bounded number of times."""
    attempt = 1
    while True:
        job.assert_may_send()
        try:
            return await step.dispatch()
        except ProxmoxMcpError as exc:
            if not (step.idempotent and passing_server_error(exc)) or attempt >= _SERVER_ERROR_TRIES:
                raise
            log.warning("task_dispatch_retried", step=step.name, attempt=attempt, reason=exc.message)
            await asyncio.sleep(_SERVER_ERROR_WAIT_SECONDS * attempt)
            attempt += 1


async def _adopt(job: JobContext, step: TaskStep, upid: Upid, log_base: int | None = None) -> None:
    """Make `upid` the step's task in the record: from now on it is followed, never dispatched again."""
    record = job.record
    recorded = await job.app.store.record_upid(job.job_id, str(upid), log_base=log_base, step=step.name)
    record.log_base, record.cancel_requested = recorded.log_base, recorded.cancel_requested
    record.upid, record.state = str(upid), JobState.RUNNING


async def _reset_dispatch(job: JobContext) -> None:
    """Back to queued with no step under way: nothing of the current step changed PVE, so dispatch anew.

    `dispatched_at` stays: the no-progress bound counts from the latest dispatch.
    """
    await job.app.store.transition(job.job_id, JobState.QUEUED, clear=("step", "upid", "task_end"))
    job.record.state, job.record.step, job.record.upid, job.record.task_end = JobState.QUEUED, None, None, None


async def _stop_if_cancelled(job: JobContext, upid: Upid, *, known: bool = False) -> None:
    """Honour cancel_task for a dispatched step: ask PVE to stop its task (the job ends cancelled once it has).

    `known`: the record's `cancel_requested` was read with the UPID's write just now (`_adopt`).
    """
    if known:
        if not job.record.cancel_requested:
            return
    else:
        fresh = await job.app.store.get(job.job_id)
        if fresh is None or not fresh.cancel_requested:
            return
    job.assert_may_send()
    await job.app.pve.delete("/nodes/{node}/tasks/{upid}", NO_DATA, path={"node": upid.node, "upid": str(upid)})
    log.info("task_stop_requested", upid=str(upid))


async def run_step(job: JobContext, step: TaskStep) -> StepOutcome:
    """Carry out `step` exactly once, resuming or reconciling a previous run; raises on failure.

    A step whose task runs awaits its end out of the job's slot, then acts on it.
    """
    if (done := _finished(job, step)) is not None:
        return done
    record = job.record
    upid: Upid | None = None
    adopted = False  # the UPID was stored by this run (its log base and a cancel request were read then)
    if record.step == step.name and record.upid:
        upid = Upid.parse(record.upid)
        if (end := _recorded_end(job, upid)) is not None:
            return await _ended(job, step, upid, end)
    elif record.step == step.name and record.state is JobState.DISPATCHING:
        since = record.dispatched_at or record.created_at
        upid, present = await _reconcile(job, step, since)
        if upid is not None:
            await _adopt(job, step, upid)
            adopted = True
        elif present:
            outcome = StepOutcome(step.name, None, None)
            await _record_done(job, outcome)
            return outcome
    if upid is None:
        await job.end_if_cancelled()
        upid = await _dispatch(job, step)
        if upid is None:
            outcome = StepOutcome(step.name, None, None)
            await _record_done(job, outcome)
            return outcome
        adopted = True
    await _stop_if_cancelled(job, upid, known=adopted)
    since = job.record.dispatched_at or job.record.created_at
    ended = await job.follow_task(
        upid, log_base=job.record.log_base, since=since.timestamp(), have=0 if adopted else None
    )
    return await _ended(job, step, upid, _task_end(upid, ended))


def _recorded_end(job: JobContext, upid: Upid) -> TaskEnd | None:
    """How the step's task ended, if the watcher has recorded that; following it failed: the job ends unknown."""
    end = job.record.task_end
    if end is None or end.get("upid") != str(upid):
        return None
    return _task_end(upid, end)


def _task_end(upid: Upid, end: dict[str, Any]) -> TaskEnd:
    """A task's end as the watcher emitted it; following it failed: the job ends unknown."""
    if error := end.get("error"):
        raise JobEnded(
            JobState.UNKNOWN,
            f"PVE task {upid} was started, but following it failed ({error}); "
            f"read it with get_task_status(upid='{upid}')",
        )
    exitstatus = str(end.get("exitstatus") or "unknown")
    return TaskEnd(
        exitstatus, classify_exitstatus(exitstatus), list(end.get("warnings") or []), list(end.get("log_tail") or [])
    )


async def _ended(job: JobContext, step: TaskStep, upid: Upid, end: TaskEnd) -> StepOutcome:
    """Act on the end of the step's task: done, stopped on request, refused by PVE's lock, or failed."""
    if end.state is JobState.FAILED:
        fresh = await job.app.store.get(job.job_id)
        if fresh is not None and fresh.cancel_requested:
            raise JobEnded(JobState.CANCELLED, f"PVE stopped the task on request ({end.exitstatus})")
        if any(text in end.exitstatus for text in _PVE_LOCK_TEXTS):
            # PVE's lock was busy inside the task: nothing changed, so the step is dispatched anew after a wait
            await _reset_dispatch(job)
            raise Locked(f"the PVE task {step.task_type} found the guest locked: {end.exitstatus}")
        raise TaskFailed(
            f"the PVE task {step.task_type} failed: {end.exitstatus}",
            hint=f"Read the whole task log with get_task_log(upid='{upid}').",
            details={"exitstatus": end.exitstatus, "upid": str(upid), "log_tail": end.log_tail},
        )
    outcome = StepOutcome(step.name, str(upid), end)
    await _record_done(job, outcome)
    return outcome


def outcome_of(result: Result, steps: list[StepOutcome], message: str | None = None) -> Outcome:
    """The job's outcome after its steps: warnings make it succeeded_with_warnings; the last task is the job's."""
    ends = [s.end for s in steps if s.end is not None]
    warnings = [line for end in ends for line in end.warnings]
    fields: dict[str, object] = {"warnings": warnings}
    if ends:
        fields["exitstatus"] = ends[-1].exitstatus
    state = (
        JobState.SUCCEEDED_WITH_WARNINGS
        if any(e.state is JobState.SUCCEEDED_WITH_WARNINGS for e in ends)
        else (JobState.SUCCEEDED)
    )
    return Outcome(result, state=state, message=message, fields=fields)
