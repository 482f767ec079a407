"""A job's life, in one module: its states, the events that move it, and the code that moves it.

Read this first, top to bottom. The record's `state` (shared.jobs.states.JobState) changes only
as the table below says, and only the function each row names makes that change.
docs/architecture.md's "A job's life" is generated from the table (`python -m workers.lifecycle`),
and a test checks every state change the test suite's jobs made against it
(tests/workers/test_lifecycle.py). Below the table comes the code, in the order a job meets it.

One `power_control start`, from pickup to its recorded end (this module and the handler's,
workers/operations/power.py):

1. The worker claims the job and calls `pick_up`, which decodes the arq job and finds its
   handler; `run_job` checks its signature, refuses a job that ended, and notes who took it
   (`_pickup`); `_run_handler` validates the payload, the caller's scopes and the tier
   (`_prepare`), then runs the handler under its deadline.
2. `power_control` locks and finds its guest and, the guest stopped, hands its step
   (`power_step`) to `run_step`.
3. `run_step` finds the step not done yet; `_dispatch` marks the job `dispatching`, `_send`
   POSTs, `_adopt` stores the UPID: `running`.
4. `_follow` awaits the task's end out of the job's slot: the watcher emits a `TaskEnded`,
   and the job takes a slot again. `_ended` reads the end, and `_record_done` records the step.
5. `power_control` returns its outcome (`outcome_of`); `_end` writes it, arq's result, the
   claim's release and the guest lock's in one transaction, then the audit entry.

Waits (a PVE task's end, another job's lock on the guest, a fleet's next look) happen out of
the slot, in place. A job leaves its worker only by its end, when its claim is lost, or by
`Retry`: after PVE's lock or a passing failure once something was sent, the job is queued again
and its handler replayed from the top, `run_step` skipping the steps recorded done. A worker
that takes a job over (its first one died) replays it the same way.
"""

from __future__ import annotations

import asyncio
import functools
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

import structlog
from arq.jobs import deserialize_job
from pydantic import ValidationError
from redis.asyncio.client import Pipeline

from shared import metrics
from shared.caller import Caller
from shared.catalogue import Operation
from shared.errors import (
    DispatchUncertain,
    InternalError,
    InvalidInput,
    JobRefused,
    Locked,
    ProxmoxMcpError,
    TaskFailed,
    TransientPveError,
    WaitTimeout,
    validation_message,
)
from shared.jobs import codec, keys
from shared.jobs.claims import Claim, ClaimLost, finish
from shared.jobs.locks import release_guest_lock
from shared.jobs.record import JobRecord, utcnow
from shared.jobs.states import JobState
from shared.jobs.store import JobStore
from shared.operations.base import Params, Result
from shared.pve.models import NO_DATA
from shared.pve.upid import Upid
from shared.redact import Redactor
from shared.safety import Tier, enforce_tier
from shared.settings import Settings
from workers.admission import signed_caller
from workers.app import WorkerApp
from workers.audit import audit_change
from workers.job import (
    Handler,
    JobContext,
    JobEnded,
    Outcome,
    Retry,
    StepOutcome,
    TaskStep,
    Waits,
    cancelled_message,
    no_progress_limit,
    partial_message,
    passing_server_error,
)
from workers.pve_tasks import TaskEnd, classify_exitstatus
from workers.reconcile import reconcile
from workers.scopes import enforce_scope
from workers.task_logs import pay_before_next_task

__all__ = [
    "ENDS",
    "READ_PICKUPS",
    "READ_RETRIES",
    "TRANSITIONS",
    "Transition",
    "allowed",
    "answer_read",
    "markdown",
    "pick_up",
    "run_job",
    "run_step",
]

log = structlog.get_logger("workers.lifecycle")

#: a change that hit a passing failure (PVE or a node unreachable) after it dispatched tries again this soon
_TRANSIENT_RETRY_SECONDS = 2.0

#: pickups a read gets: one reruns only when its worker stopped or died under it, and a read that
#: keeps doing that ends failed rather than waiting in `running` for its record to expire
READ_PICKUPS = 4

#: reruns a change gets for reads PVE answers with a server error after it sent something (see _after_failed_read)
READ_RETRIES = 5

#: a read still under way this long after its pickup is marked `running`; a quicker one goes from
#: queued to its end in one write
READ_RUNNING_AFTER = 1.0
#: after a POST whose answer was lost, give PVE this long to register the task before looking for it
_UNCERTAIN_GRACE_SECONDS = 3.0

#: an idempotent step's tries after server errors that may pass, and the wait before the n-th retry (n times this)
_SERVER_ERROR_TRIES = 4

_SERVER_ERROR_WAIT_SECONDS = 0.5

#: PVE's own lock conflicts inside a task ("can't lock file ... got timeout"): dispatch again later
_PVE_LOCK_TEXTS = ("can't lock file", "is locked")

#: the terminal states, in JobState's order
ENDS = tuple(state for state in JobState if state.terminal)

_LIVE = (JobState.QUEUED, JobState.DISPATCHING, JobState.RUNNING)


@dataclass(frozen=True)
class Transition:
    """One way a job's state changes: on `event`, from any of `sources` to any of `targets`."""

    event: str
    sources: tuple[JobState | None, ...]  # None: the job has no record yet
    targets: tuple[JobState, ...]
    #: the functions that make this change (module.function, under workers/ unless named)
    by: tuple[str, ...]
    #: what the transaction writes besides the state and a state event
    writes: str


TRANSITIONS: tuple[Transition, ...] = (
    Transition(
        "enqueued",
        (None,),
        (JobState.QUEUED,),
        ("shared.jobs.client.JobClient.enqueue", "lifecycle._new_record"),
        "the record, its index entry and arq's job, in one transaction",
    ),
    Transition(
        "a read still under way 1 s after its pickup",
        (JobState.QUEUED,),
        (JobState.RUNNING,),
        ("lifecycle._ReadPickup.start",),
        "who took it (`worker`, `started_at`)",
    ),
    Transition(
        "a fleet planned its guests",
        (JobState.QUEUED,),
        (JobState.RUNNING,),
        ("operations.fleet._plan",),
        "the plan: each guest and its own job ID",
    ),
    Transition(
        "a step is about to send the request that changes PVE",
        (JobState.QUEUED, JobState.RUNNING),
        (JobState.DISPATCHING,),
        (
            "lifecycle._dispatch",
            "requests.dispatch_once",
            "operations.exec.execute_lxc_command",
            "operations.agent._start",
        ),
        "the step's name and `dispatched_at`; the previous step's UPID is cleared",
    ),
    Transition(
        "PVE answered with a UPID, or a lost answer's task was found",
        (JobState.DISPATCHING,),
        (JobState.RUNNING,),
        ("lifecycle._adopt",),
        "the UPID and where its log starts (`log_base`); a task's end is awaited from here",
    ),
    Transition(
        "PVE refused the request, or its lock was busy inside the task: nothing changed",
        (JobState.DISPATCHING, JobState.RUNNING),
        (JobState.QUEUED,),
        ("lifecycle._reset_dispatch", "requests.dispatch_once", "operations.agent._unsent"),
        "the step (and UPID, task end, plan) cleared, so the next run dispatches afresh",
    ),
    Transition(
        "the handler returned, raised, or the job was found unable to go on",
        _LIVE,
        ENDS,
        ("lifecycle._end",),
        "the outcome (result or error), arq's result, the claim's and guest locks' release, and a log still owed "
        "after an OK end (`log_copying`, `owed-logs`: workers.task_logs); then the audit entry",
    ),
    Transition(
        "refused before anything ran (signature, expiry, replay), or unrunnable (payload gone, no such operation)",
        _LIVE,
        (JobState.FAILED, JobState.UNKNOWN),
        ("lifecycle._refuse", "lifecycle.run_job", "lifecycle._end_unrun"),
        "the error, arq's result and the claim's release",
    ),
    Transition(
        "cancel_task on a job no worker holds",
        (JobState.QUEUED, JobState.RUNNING),
        (JobState.CANCELLED,),
        ("shared.jobs.store.JobStore.cancel_unclaimed",),
        "the message naming the steps that had run; the job leaves its queue",
    ),
)


def allowed(source: JobState | None, target: JobState) -> bool:
    """Whether some transition moves a job from `source` to `target` (a repeated state is no change)."""
    if source == target:
        return True
    return any(source in t.sources and target in t.targets for t in TRANSITIONS)


def _states(states: tuple[JobState | None, ...]) -> str:
    if states == ENDS:
        return "any end"
    return ", ".join("(new)" if s is None else f"`{s.value}`" for s in states)


def markdown() -> str:
    """The table docs/architecture.md shows under "A job's life"."""
    rows = [
        "| from | event | to | made by | writes |",
        "|---|---|---|---|---|",
    ]
    for t in TRANSITIONS:
        by = ", ".join(f"`{name}`" for name in t.by)
        rows.append(f"| {_states(t.sources)} | {t.event} | {_states(t.targets)} | {by} | {t.writes} |")
    return "\n".join(rows) + "\n"


#: how a pickup's run of the handler ended: its outcome, the error it failed with, or an ending that is
#: no failure (cancelled, timed out, unknown); `_end` writes each
Ending = Outcome | ProxmoxMcpError | JobEnded


# --- a pickup: from the claimed job to its handler


async def pick_up(
    app: WorkerApp,
    functions: Mapping[str, tuple[Operation, Handler]],
    claim: Claim,
    pickup: int,
    loaded: list[Any],
    *,
    waits: Waits,
) -> str | Retry:
    """One pickup of a claimed job (`app.store` fenced by its claim): the state it leaves the job in, or a Retry.

    `loaded` is what the worker read with the claim (its payload, record, and whether this
    pickup marked it taken). The arq job names its function, our operation: its handler is in
    `functions`. A Retry is handed back for the worker to queue the job again (its claim
    released with the delay); any other way, the job's end has released the claim.
    """
    raw, fields, newly_taken = loaded
    del loaded
    record = JobStore.record_from(fields)  # read with the claim: nothing else writes it while the claim holds
    if raw is None:
        return await _payload_gone(app, claim, record)
    arq_job = deserialize_job(raw.encode(), deserializer=codec.loads)
    entry = functions.get(arq_job.function)
    if entry is None:
        log.error("unknown_function", function=arq_job.function)
        unknown = InternalError(
            f"job {claim.job_id}: no operation {arq_job.function!r} in this worker",
            hint="Run workers of the same release as the MCP server, then start the operation again.",
        )
        return await _end_unrun(app, claim, record, unknown, JobState.FAILED)
    op, handler = entry
    payload = arq_job.args[0] if arq_job.args else arq_job.kwargs
    envelope = arq_job.kwargs if arq_job.args else None
    del raw, fields, arq_job  # a job awaiting its PVE task keeps this frame: it holds what it still needs only
    with structlog.contextvars.bound_contextvars(operation=op.name):
        try:
            return await run_job(
                app,
                op,
                handler,
                claim.job_id,
                payload,
                pickup=pickup,
                record=record,
                envelope=envelope,
                newly_taken=bool(newly_taken),
                waits=waits,
            )
        except Retry as retry:
            return retry


async def run_job(
    app: WorkerApp,
    op: Operation,
    handler: Handler,
    job_id: str,
    payload: Any,
    *,
    pickup: int,
    record: JobRecord | None = None,
    envelope: Any = None,
    newly_taken: bool | None = None,
    waits: Waits | None = None,
) -> str:
    """Run one pickup of a job (`pickup`: its claims so far, from 1); returns the state it left the job in.

    `record`: the job's record as the worker read it with the payload (else it is read here), and
    `newly_taken` the answer of the `mark_taken` it sent with that read (else the mark is made here).
    `envelope` is the job's signature, caller and expiry (shared.jobs.signing): a job that is not
    signed right, expired or a replay is refused before anything else.

    `waits` is how the job waits out of its slot (the worker's, worker.JobWaits).

    Raises Retry or ClaimLost as the module docstring says. A job that ends leaves its
    queue in the same transaction as its ending write (when the store is fenced by a claim).
    """
    started = time.monotonic()
    found = record if record is not None else await app.store.get(job_id)
    try:
        caller = await signed_caller(
            app, op, job_id=job_id, payload=payload, envelope=envelope, found=found, newly_taken=newly_taken
        )
    except JobRefused as refused:
        return await _refuse(app, op, job_id=job_id, payload=payload, pickup=pickup, found=found, error=refused)
    record = found or await _new_record(app, op, job_id=job_id, payload=payload, pickup=pickup, caller=caller)
    if record.terminal:
        # a job can be picked up again after it ended (cancelled while queued, or a kill between two
        # writes); the outcome is already recorded, so running again could only repeat the effect.
        log.info("job_already_finished", state=record.state.value)
        if app.store.claim is not None:
            await app.store.commit(functools.partial(finish, claim=app.store.claim))
        await _release_guest(app, op, record, [])
        return record.state.value
    if op.tier is Tier.SAFE and pickup > READ_PICKUPS:
        error = InternalError(
            f"{op.name} was interrupted {READ_PICKUPS} times (its worker stopped or died each time); not tried again",
            hint="Call the tool again; if it keeps failing, look for worker crashes with get_mcp_logs.",
        )
        log.error("job_gave_up", code=error.code, pickups=READ_PICKUPS)
        release = functools.partial(finish, claim=app.store.claim) if app.store.claim is not None else None
        await app.store.fail(job_id, error, also=release)
        return JobState.FAILED.value
    pending = await _pickup(app, op, record)
    job = JobContext(app, op, record, caller, started, waits=waits)
    try:
        outcome = await _run_handler(job, handler, payload)
    except (Retry, ClaimLost, asyncio.CancelledError):
        if pending is not None:
            await asyncio.shield(pending.settle())
        raise  # the worker requeues the job, hands it to its watcher, or lets it go
    except Exception:
        log.exception("job_crashed")
        outcome = InternalError(f"{op.name} failed unexpectedly in worker {app.name}")
    return await _end(app, job, outcome, pending)


async def _prepare(job: JobContext, payload: Any) -> Params:
    """The payload validated, and the job allowed to run: the caller's scopes, the tier, the change's bounds.

    A change whose task was under way when its last worker died awaits that task's end here.
    """
    op, settings = job.op, job.app.settings
    params = job.params = _validate(op, payload)
    await enforce_scope(job, job.caller, params)
    enforce_tier(
        op.tier_of(params.model_dump()),
        allow_danger=settings.proxmox_allow_danger,
        confirmed=bool(getattr(params, "confirmed", False)),
        read_only=settings.read_only,
    )
    if op.tier is not Tier.SAFE:
        if (ending := _ending_before_run(job)) is not None:
            raise ending
        await _resume_following(job)
    return params


async def _run_handler(job: JobContext, handler: Handler, payload: Any) -> Ending:
    """The handler's outcome, or the error or ending it raised; raises Retry when the job must run again."""
    op = job.op
    change = op.tier is not Tier.SAFE
    timeout = op.timeout_seconds(job.app.settings)
    deadline: asyncio.Timeout | None = None
    try:
        params = await _prepare(job, payload)
        job.renew_deadline()
        async with asyncio.timeout(job.time_left()) as deadline:
            job.timeout = deadline
            try:
                outcome = await handler(job, params)
            finally:
                job.timeout = None  # a wait after this (a lock wait below) has no handler deadline to suspend
    except TimeoutError:
        if deadline is None or not deadline.expired():
            raise
        if change:
            # the record says how far it got (nothing sent, dispatching, following): the rerun goes on from there
            log.warning("job_run_overran", timeout_s=timeout)
            raise Retry(defer=_TRANSIENT_RETRY_SECONDS) from None
        log.warning("job_timed_out", timeout_s=timeout)
        return WaitTimeout(f"{op.name} did not finish within {timeout:.0f}s", hint="Call the tool again.")
    except Locked as locked:
        return await _after_locked(job, locked)
    except TransientPveError as passing:
        if not change or not _made_progress(job.record):
            return passing  # nothing was sent to PVE: the agent may just call again
        log.warning("job_transient_failure", code=passing.code, reason=passing.message)
        raise Retry(defer=_TRANSIENT_RETRY_SECONDS) from None
    except ProxmoxMcpError as failed:
        return await _after_failed_read(job, failed) if _read_after_dispatch(job, failed) else failed
    except JobEnded as ended:
        return ended
    return outcome if isinstance(outcome, Outcome) else Outcome(outcome)


# --- a step: dispatched once, its task followed, its end acted on


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
        upid, present = await reconcile(job, step, since)
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
    ended = await _follow(job, upid, log_base=job.record.log_base, since=since.timestamp(), have=0 if adopted else None)
    return await _ended(job, step, upid, _task_end(upid, ended))


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
        found, present = await reconcile(job, step, since)
        if found is None:
            if present:
                return None  # the request did its work; only its answer was lost
            raise Retry(defer=1.0) from None  # nothing reached PVE: the rerun reconciles once more, then dispatches
        upid = found
        log_base = None  # time has passed: read it again with the UPID
    except ProxmoxMcpError:
        # PVE answered with an error: it checks before it forks a task, so nothing started and a
        # rerun must dispatch afresh rather than look for a task (it might adopt someone else's).
        # A Locked refusal reruns the job after a wait (workers.lifecycle).
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


async def _follow(
    job: JobContext, upid: Upid, *, log_base: int, since: float, have: int | None = None
) -> dict[str, object]:
    """Await the end of the job's PVE task `upid` out of its slot: the watcher's TaskEnded; how it ended (`task_end`).

    The job leaves its slot, its claim held, and takes one again once the watcher emits the
    task's end (workers.watcher); this counts as a pickup. The task runs as long as PVE takes,
    up to PROXMOX_MCP_TASK_MAX: its wait is not the handler's to time, and what follows it gets
    the operation's whole timeout again.
    """
    if job.waits is None:
        raise InternalError(f"{job.op.name} started PVE task {upid} in a worker that cannot follow it")
    job.suspend_deadline()
    end = await job.waits.task_end(upid, log_base=log_base, since=since, have=have)
    job.record.attempts += 1
    if end is None:
        raise _stopped_following(job.app.settings)
    job.record.task_end = end
    if end.get("log_owed"):
        job.record.log_copying = str(upid)
    if isinstance(ended_at := end.get("ended_at"), int | float):
        job.task_ended_at = float(ended_at)
    job.renew_deadline()
    return end


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


# --- the end: one transaction with arq's result and the locks' release


async def _end(app: WorkerApp, job: JobContext, outcome: Ending, pending: _ReadPickup | None) -> str:
    """Write how the job ended (after the pickup write, if that is still going) and release its guest lock."""
    store = app.store
    taken: dict[str, Any] = {}  # who took a read, written with its end when no running write was made
    if pending is not None and not await pending.settle():
        taken = pending.fields
    # the ending write also takes the job out of its queue, writes arq's result of it and releases
    # its guest locks (one transaction, while the claim holds)
    result = outcome.result.model_dump(mode="json") if isinstance(outcome, Outcome) else None
    release: Callable[[Pipeline], None] | None = None
    if store.claim is not None:
        if isinstance(outcome, Outcome):
            end: tuple[JobState, Any] = (outcome.state, result)
        elif isinstance(outcome, JobEnded):
            end = (outcome.state, outcome.message)
        else:
            end = (JobState.FAILED, outcome)
        arq_result = codec.encode_result(job.record, store.claim.queue, *end)
        release = functools.partial(finish, claim=store.claim, result=arq_result)
    vmids = _guest_vmids(job.op, job.record, job.locked_vmids)
    locks = [keys.guest_lock(app.cluster, vmid) for vmid in vmids] if release else []
    owing = _owe_log(job)
    if isinstance(outcome, Outcome):
        # an outcome without a message of its own drops the one the job had while it ran (a lock wait's)
        stale = ("message",) if job.record.message and not outcome.message else ()
        await store.transition(
            job.job_id,
            outcome.state,
            result=result,
            message=outcome.message,
            clear=stale,
            also=release,
            locks=locks,
            **taken,
            **outcome.fields,
        )
        state = outcome.state
    elif isinstance(outcome, JobEnded):
        await store.transition(job.job_id, outcome.state, message=outcome.message, also=release, locks=locks, **taken)
        state = outcome.state
    else:
        exitstatus = outcome.details.get("exitstatus") if outcome.details else None
        extra: dict[str, Any] = {"exitstatus": exitstatus} if exitstatus else {}
        took_effect = [str(done.get("step")) for done in job.record.steps]
        state = JobState.PARTIAL if took_effect and job.op.tier is not Tier.SAFE else JobState.FAILED
        if state is JobState.PARTIAL:
            extra["message"] = partial_message(took_effect, job.record.step, outcome)
        else:
            extra["clear"] = ("message",) if job.record.message else ()
        await store.fail(job.job_id, outcome, state=state, also=release, locks=locks, **taken, **extra)
    if owing is not None:
        owing.copy_log_later()
    if release is None:
        await _release_guest(app, job.op, job.record, job.locked_vmids)
    await _audit(app, job, outcome, state)
    _measure(job, state)
    # a read that answered is a debug line: at INFO the log holds what changed PVE and what failed
    quiet = state is JobState.SUCCEEDED and job.op.tier is Tier.SAFE
    (log.debug if quiet else log.info)(
        "job_finished",
        state=state.value,
        code=getattr(outcome, "code", None),
        duration_ms=round((time.monotonic() - job.started) * 1000, 1),
    )
    return state.value


async def _audit(app: WorkerApp, job: JobContext, outcome: Ending, state: JobState) -> None:
    """The audit entry of a change that ended (a read leaves none)."""
    if job.record.tier != Tier.SAFE.value:
        code = outcome.code if isinstance(outcome, ProxmoxMcpError) else job.record.error_code
        ended = job.record.model_copy(update={"state": state, "error_code": code})
        await audit_change(app, job.op, ended, caller=job.caller, params=job.params)


def _measure(job: JobContext, state: JobState) -> None:
    """The job's end, in the process's metrics (shared.metrics): its outcome, its duration, its task's end lag."""
    now = time.time()
    metrics.job_ended(job.op.name, state.value, now - job.record.created_at.timestamp())
    if job.task_ended_at is not None:
        metrics.task_end_lag(now - job.task_ended_at)


def _owe_log(job: JobContext) -> Waits | None:
    """If the job ends owing its task's last log lines, the debt goes with its end; who is to copy them then."""
    if job.record.log_copying is None or job.waits is None:
        return None
    store = job.app.store
    store.defer(functools.partial(store.owe_log, job_id=job.job_id))
    return job.waits


def _guest_vmids(op: Operation, record: JobRecord, locked: list[int]) -> list[int]:
    """The guests whose locks this job may hold (from this pickup or an earlier one)."""
    vmids = set(locked)
    if op.guest_write:
        vmids |= {vmid for vmid in (record.vmid, record.new_vmid) if vmid is not None}
    return sorted(vmids)


async def _release_guest(app: WorkerApp, op: Operation, record: JobRecord, locked: list[int]) -> None:
    """Release the guest locks this job may hold; only ours are released."""
    for vmid in _guest_vmids(op, record, locked):
        await release_guest_lock(app.store.redis, app.cluster, vmid, record.job_id)


# --- when the handler did not return: a lock, a passing failure, a failed read after a dispatch


async def _after_locked(job: JobContext, locked: Locked) -> Locked:
    """The handler found the guest locked (by PVE, or by a job of ours once waiting ran out).

    A change waits a moment and raises Retry: the handler may have changed things before, so it
    runs again from the top in a fresh pickup, which finds in the record what is done. Once the
    lock wait has run out, the job ends with the Locked error.
    """
    if job.op.tier is Tier.SAFE or job.lock_wait_over:
        return locked
    try:
        await job.wait_for_lock(locked)
    except Locked as final:
        return final
    raise Retry()


def _made_progress(record: JobRecord) -> bool:
    """Whether the change has sent anything to PVE (so failing it now would hide what it started)."""
    return record.state in (JobState.DISPATCHING, JobState.RUNNING) or bool(record.steps)


def _read_after_dispatch(job: JobContext, failed: ProxmoxMcpError) -> bool:
    """Whether this is a read (GET) that failed in a change that has already sent PVE something."""
    if job.op.tier is Tier.SAFE or not _made_progress(job.record):
        return False
    return failed.details.get("method") == "GET"


async def _after_failed_read(job: JobContext, failed: ProxmoxMcpError) -> ProxmoxMcpError | JobEnded:
    """A read PVE failed after the change sent something: it says nothing about what the change did.

    A server error (500 without a meaning we know) may pass: the job reruns and reads again, up to
    READ_RETRIES times in all. Past that, or for an answer retrying cannot change (the guest gone,
    an answer that does not fit), the job says what it knows: `partial` naming the steps that took
    effect, else `unknown` (its request may have reached PVE); never `failed`, which says nothing
    was changed.
    """
    record = job.record
    if passing_server_error(failed) and record.read_retries < READ_RETRIES:
        record.read_retries += 1
        await job.app.store.update(job.job_id, read_retries=record.read_retries)
        log.warning("job_read_failed_after_dispatch", code=failed.code, reason=failed.message)
        raise Retry(defer=_TRANSIENT_RETRY_SECONDS)
    if record.steps:
        return failed  # partial: the steps that took effect, then this failure
    what = f"the {record.step} request" if record.step else "its request"
    return JobEnded(
        JobState.UNKNOWN,
        f"{what} may have reached PVE, and reading PVE to check failed ({failed.code}: {failed.message}); "
        "it is not sent again",
    )


# --- before the handler: the record, the pickup's write, a job that must not run again


def _validate(op: Operation, payload: Any) -> Params:
    try:
        return op.params.model_validate(payload)
    except ValidationError as exc:
        raise InvalidInput(f"payload for {op.name} rejected: {validation_message(exc)}") from None


async def _new_record(
    app: WorkerApp, op: Operation, *, job_id: str, payload: Any, pickup: int, caller: Caller | None
) -> JobRecord:
    """The record of a job enqueued without one (written straight into Redis), made now."""
    args = payload if isinstance(payload, dict) else {"payload": payload}
    tier = op.tier_of(args).value
    record = JobRecord(
        job_id=job_id,
        operation=op.name,
        tier=tier,
        args=Redactor()(args),
        attempts=pickup,
        caller=caller,
        cluster=app.cluster,
    )
    await app.store.create(record)
    log.warning("job_without_record", note="enqueued directly into Redis, not through the MCP server")
    return record


async def _refuse(
    app: WorkerApp, op: Operation, *, job_id: str, payload: Any, pickup: int, found: JobRecord | None, error: JobRefused
) -> str:
    """End a job that is refused before anything of it ran: failed, with why; nothing was sent to PVE."""
    log.warning("job_refused", code=error.code, reason=error.message)
    record = found or await _new_record(app, op, job_id=job_id, payload=payload, pickup=pickup, caller=None)
    claim = app.store.claim
    if record.terminal:  # its end, arq's result with it, was written before
        if claim is not None:
            await app.store.commit(functools.partial(finish, claim=claim))
        return record.state.value
    refused = codec.encode_result(record, claim.queue, JobState.FAILED, error) if claim is not None else None
    release = functools.partial(finish, claim=claim, result=refused) if claim is not None else None
    await app.store.fail(job_id, error, also=release)
    if record.tier != Tier.SAFE.value:
        ended = record.model_copy(update={"state": JobState.FAILED, "error_code": error.code})
        await audit_change(app, op, ended, caller=None, params=None)
    return JobState.FAILED.value


async def _payload_gone(app: WorkerApp, claim: Claim, record: JobRecord | None) -> str:
    """The job's payload expired (a day after it was enqueued) or was deleted: it cannot run again."""
    error = InternalError(
        f"job {claim.job_id} lost its payload ({keys.job_payload(claim.job_id)} expired or was deleted)",
        hint="Read its record (get_task_status) for the steps it had run, then start the operation again.",
    )
    state = JobState.UNKNOWN if record is not None and (record.steps or record.upid) else JobState.FAILED
    return await _end_unrun(app, claim, record, error, state)


async def _end_unrun(
    app: WorkerApp, claim: Claim, record: JobRecord | None, error: InternalError, state: JobState
) -> str:
    """End a job this worker cannot run: its record (unless it ended already) and arq's result say why."""
    result: bytes | None = None
    if record is not None and not record.terminal:
        await app.store.fail(claim.job_id, error, state=state)
        result = codec.encode_result(record, claim.queue, state, error)
    await app.store.commit(lambda pipe: finish(pipe, claim, result))
    return record.state.value if record is not None and record.terminal else state.value


@dataclass
class _ReadPickup:
    """A read's `running` write, made only if the read is still under way READ_RUNNING_AFTER in.

    Most reads end sooner, and their end writes who took them (`worker`, `started_at`) with the
    outcome: one transaction per read instead of two. A caller waiting on a read blocks until its
    end anyway; a slow one (PVE answering late) still shows `running` while it waits.
    """

    fields: dict[str, Any]
    task: asyncio.Task[None] | None = None
    begun: bool = False

    def start(self, app: WorkerApp, job_id: str) -> _ReadPickup:
        async def later() -> None:
            await asyncio.sleep(READ_RUNNING_AFTER)
            self.begun = True
            await app.store.transition(job_id, JobState.RUNNING, **self.fields)

        self.task = asyncio.create_task(later())
        return self

    async def settle(self) -> bool:
        """Wait for the write if it has begun (True), else call it off (False)."""
        assert self.task is not None
        if not self.begun:
            self.task.cancel()
        try:
            await self.task
        except asyncio.CancelledError:
            if self.begun:
                raise
        return self.begun


async def _pickup(app: WorkerApp, op: Operation, record: JobRecord) -> _ReadPickup | None:
    """Record who took the job; for a read, with its end unless it runs long (see _ReadPickup).

    A read's handler only waits on PVE, so its `running` write need not delay it; `_end` settles
    the write before the outcome's, keeping the record's writes in order. A change writes first.
    `attempts` was counted when the job was claimed.
    """
    pickup: dict[str, Any] = {
        "worker": app.name,
        "started_at": record.started_at or utcnow(),
    }
    if op.tier is Tier.SAFE and record.state is JobState.QUEUED:
        record.state = JobState.RUNNING
        return _ReadPickup(pickup).start(app, record.job_id)
    if record.worker != app.name or record.started_at is None:  # a change's next step on the same worker: known
        record.worker, record.started_at = app.name, pickup["started_at"]
        # with the job's next write (its dispatch, a lock wait's requeue, its end): every change writes
        # before it sends PVE anything, and a pickup lost before any write changed nothing
        store = app.store
        store.defer(lambda pipe: store.add_update(pipe, record.job_id, **pickup))
    return None


def _ending_before_run(job: JobContext) -> JobEnded | None:
    """A change that must not run again: cancelled before its next task, or making no progress for too long.

    Each wait is bounded on its own (a task by PROXMOX_MCP_TASK_MAX, a lock by PROXMOX_MCP_LOCK_WAIT)
    and each pickup after a Retry or a takeover checks this bound on them together, counted from
    the last dispatch.
    """
    record, settings = job.record, job.app.settings
    if record.cancel_requested and record.state is JobState.QUEUED:
        return JobEnded(JobState.CANCELLED, cancelled_message(record))
    since = max(t for t in (record.created_at, record.dispatched_at) if t is not None)
    age = (utcnow() - since).total_seconds()
    if age <= no_progress_limit(settings, job.op):
        return None
    step_done = any(done.get("step") == record.step for done in record.steps)
    if record.upid is not None and not step_done:
        return JobEnded(
            JobState.TIMED_OUT, f"gave up after {age:.0f}s without seeing PVE task {record.upid} end; the task goes on"
        )
    if record.state is JobState.DISPATCHING:
        return JobEnded(JobState.UNKNOWN, f"gave up after {age:.0f}s: PVE may or may not have started {record.step}")
    return JobEnded(JobState.TIMED_OUT, f"gave up after {age:.0f}s before starting its next PVE task")


async def _resume_following(job: JobContext) -> None:
    """A change whose current step's task has a UPID but no known end awaits that end, before anything else.

    Its handler looks nothing up first: the guest's node is in the UPID, and a lookup that failed
    (PVE answering 500 for a moment) must not end a change whose task runs on.
    """
    record = job.record
    if record.upid is None or record.step is None or record.state is not JobState.RUNNING:
        return
    if any(done.get("step") == record.step for done in record.steps):
        return
    if record.task_end is not None and record.task_end.get("upid") == record.upid:
        return  # the watcher saw it end: the handler acts on that
    started = record.dispatched_at or record.created_at
    if (utcnow() - started).total_seconds() > job.app.settings.task_max_seconds:
        raise _stopped_following(job.app.settings)
    log.info("task_resumed", step=record.step, upid=record.upid)
    await _follow(job, Upid.parse(record.upid), log_base=record.log_base, since=started.timestamp())


def _stopped_following(settings: Settings) -> JobEnded:
    """How a change ends whose PVE task ran past PROXMOX_MCP_TASK_MAX: timed out, the task never killed."""
    return JobEnded(
        JobState.TIMED_OUT,
        f"stopped following after {settings.task_max_seconds:.0f}s; the PVE task itself goes on",
    )


# --- a read answered in the frontend's process (embedded)


async def answer_read(app: WorkerApp, op: Operation, handler: Handler, params: Params, *, caller: Caller) -> Result:
    """Run a read's handler here and now, neither queued nor recorded: its result, or raise its error.

    The embedded server's reads (mcp_frontend.embedded): the frontend and this worker share one
    process, so a queue between them would only add round trips through the in-memory store. The
    read still goes through what a queued one does: its payload validated again, the caller's
    scopes checked, the same handler under the same deadline. What the handler notes for the
    job's record (its guest's node) has no record to go to, and is dropped with its store.
    """
    started = time.monotonic()
    record = JobRecord(job_id="", operation=op.name, tier=Tier.SAFE.value, caller=caller, cluster=app.cluster)
    unrecorded = JobStore(app.store.redis, ttl_seconds=app.store.ttl_seconds, cluster=app.cluster)
    job = JobContext(replace(app, store=unrecorded), op, record, caller, started)
    try:
        outcome = await _run_handler(job, handler, params.model_dump(mode="json"))
    except Exception:
        log.exception("read_crashed", operation=op.name)
        raise InternalError(f"{op.name} failed unexpectedly in worker {app.name}") from None
    answered = isinstance(outcome, Outcome) and outcome.state is JobState.SUCCEEDED
    (log.debug if answered else log.info)(  # as a queued read's end (`_end`)
        "read_finished",
        operation=op.name,
        code=getattr(outcome, "code", None),
        duration_ms=round((time.monotonic() - started) * 1000, 1),
    )
    if isinstance(outcome, Outcome):
        result = outcome.result  # what a queued read's answer is read back as (shared.jobs.client.job_result)
        return result if isinstance(result, op.result) else op.result.model_validate(result.model_dump(mode="json"))
    if isinstance(outcome, JobEnded):
        raise WaitTimeout(f"{op.name} ended {outcome.state.value}: {outcome.message}", hint="Call the tool again.")
    raise outcome


if __name__ == "__main__":
    print(markdown(), end="")
