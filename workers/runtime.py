"""Running one job: the job record's life cycle around an operation's handler.

The worker calls `run_job` for each pickup of a job: it finds (or, for a job written straight
into Redis, creates) the record, refuses to run a job that already ended, validates the payload
again, checks the safety tier with this worker's own settings, runs the handler under a
deadline and writes the outcome. Handlers only do the PVE work.

A pickup ends in an outcome, or in `Retry` (run the job again later: a lock wait, a passing
failure) or ClaimLost (another worker has the job). A step whose PVE task runs awaits its end
(`JobContext.follow_task`) out of its slot and goes on where it was: following is a wait, not
an exit. A change whose record holds a UPID whose end is not known yet (taken over from a
worker that died) awaits that end first, before its handler looks anything up.
"""

from __future__ import annotations

import asyncio
import functools
import math
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

import structlog
from pydantic import ValidationError
from redis.asyncio.client import Pipeline

from shared import metrics
from shared.caller import Caller
from shared.catalogue import Operation
from shared.errors import (
    InternalError,
    InvalidInput,
    JobRefused,
    Locked,
    ProxmoxMcpError,
    RequestRejected,
    TransientPveError,
    WaitTimeout,
    validation_message,
)
from shared.jobs import codec, keys
from shared.jobs.claims import ClaimLost, finish
from shared.jobs.locks import acquire_guest_lock, release_guest_lock
from shared.jobs.record import JobRecord, utcnow
from shared.jobs.states import JobState
from shared.jobs.store import JobStore
from shared.operations.base import Params, Result
from shared.pve.upid import Upid
from shared.redact import Redactor
from shared.safety import Tier, enforce_tier
from shared.sanitize import GuestKind
from shared.settings import Settings
from workers.app import WorkerApp
from workers.audit import audit_change
from workers.guest_lookup import Guest, resolve_guest
from workers.scopes import enforce_scope

__all__ = [
    "READ_PICKUPS",
    "READ_RETRIES",
    "Handler",
    "JobContext",
    "JobEnded",
    "Outcome",
    "Retry",
    "Waits",
    "answer_read",
    "cancelled_message",
    "mark_taken",
    "partial_message",
    "passing_server_error",
    "run_job",
]

log = structlog.get_logger("workers.runtime")

#: the handler's own deadline sits this far inside the operation's timeout, so the job ends before it is cut off
_DEADLINE_MARGIN_SECONDS = 2.0
_LOCK_RETRY_SECONDS = 1.0
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


class Retry(Exception):  # a control signal, not an error
    """Run the job again after `defer` seconds (in a fresh pickup, by whichever worker is free)."""

    def __init__(self, defer: float = 0.0) -> None:
        super().__init__(f"run again in {defer}s")
        self.defer = defer


class Waits(Protocol):
    """How a job waits out of its slot, its claim held (the worker's, QueueWorker.JobWaits)."""

    async def task_end(self, upid: Upid, *, log_base: int, since: float, have: int | None) -> dict[str, object] | None:
        """The end of PVE task `upid`: the record's `task_end`, or None when it ran past PROXMOX_MCP_TASK_MAX.

        `log_base`: the job's log lines before this task's; `have`: the task's lines the job has
        already (None: count them; 0 for a task stored just now); `since`: when the task was
        dispatched (epoch seconds), for learning durations.
        """
        ...

    async def pause(self, seconds: float) -> None:
        """Let `seconds` pass (a lock held by another job, a fleet between two looks at its guests)."""
        ...

    def copy_log_later(self) -> None:
        """The job has ended owing the last lines of its task's log: copy them now (workers.task_logs)."""
        ...


@dataclass(frozen=True)
class Outcome:
    """A handler's result with a terminal state other than plain success, or extra record fields."""

    result: Result
    state: JobState = JobState.SUCCEEDED
    message: str | None = None
    fields: dict[str, Any] = field(default_factory=dict)


class JobEnded(Exception):  # an ending, not an error: cancelled, timed out, unknown
    """End the job in `state` (cancelled, timed_out, unknown) with a sentence saying why."""

    def __init__(self, state: JobState, message: str) -> None:
        super().__init__(message)
        self.state = state
        self.message = message


def partial_message(took_effect: list[str], failed_step: str | None, error: ProxmoxMcpError) -> str:
    """What a change of several steps did before one failed: the steps that took effect, then the failure."""
    which = f"the {failed_step} step" if failed_step and failed_step not in took_effect else "the next step"
    return (
        f"took effect: {', '.join(took_effect)}; then {which} failed ({error.code}: {error.message}), "
        f"so nothing after it was done"
    )


def cancelled_message(record: JobRecord) -> str:
    """How a job cancelled before its next PVE task ended: what it had done by then."""
    done = [str(step.get("step")) for step in record.steps]
    if not done:
        return "cancelled before it started a PVE task; nothing was changed"
    return f"cancelled after its {', '.join(done)} step(s) ran; nothing more was changed"


@dataclass
class JobContext:
    """What a handler gets besides its params: the worker's resources and this job's record."""

    app: WorkerApp
    op: Operation
    record: JobRecord
    #: who asked, from the job's signature: its scopes are checked again before the handler runs
    caller: Caller
    #: monotonic time this pickup started: a slice of following a task ends relative to it
    started: float
    #: monotonic time by which the handler must be done (the operation's timeout, less a margin)
    deadline: float = math.inf
    #: the guests whose write locks this pickup holds (a clone holds its source's and its new VMID's)
    locked_vmids: list[int] = field(default_factory=list)
    #: set once a lock wait has run out, so the Locked that ends the job is not waited on again
    lock_wait_over: bool = False
    #: the payload, once validated (the audit entry's plan is made from it)
    params: Params | None = None
    #: how the job waits out of its slot (None: it cannot, and a step that starts a PVE task fails)
    waits: Waits | None = None
    #: the handler's deadline while it runs; a wait suspends it, and what follows the wait gets a new one
    timeout: asyncio.Timeout | None = None
    #: when the last PVE task this job followed ended (epoch seconds, the watcher's estimate)
    task_ended_at: float | None = None

    @property
    def job_id(self) -> str:
        return self.record.job_id

    def time_left(self) -> float:
        """Seconds until this pickup's deadline."""
        return self.deadline - time.monotonic()

    async def follow_task(
        self, upid: Upid, *, log_base: int, since: float, have: int | None = None
    ) -> dict[str, object]:
        """Await the end of the job's PVE task `upid`, out of its slot; how it ended (the record's `task_end`).

        The task runs as long as PVE takes, up to PROXMOX_MCP_TASK_MAX: its wait is not the
        handler's to time, and what follows it gets the operation's whole timeout again.
        """
        if self.waits is None:
            raise InternalError(f"{self.op.name} started PVE task {upid} in a worker that cannot follow it")
        self._suspend_deadline()
        end = await self.waits.task_end(upid, log_base=log_base, since=since, have=have)
        self.record.attempts += 1
        if end is None:
            raise _stopped_following(self.app.settings)
        self.record.task_end = end
        if end.get("log_owed"):
            self.record.log_copying = str(upid)
        if isinstance(ended_at := end.get("ended_at"), int | float):
            self.task_ended_at = float(ended_at)
        self.renew_deadline()
        return end

    async def pause(self, seconds: float) -> None:
        """Let `seconds` pass out of the job's slot (its claim held); what follows gets the whole timeout again."""
        self._suspend_deadline()
        if self.waits is None:
            await asyncio.sleep(seconds)
        else:
            await self.waits.pause(seconds)
        self.renew_deadline()

    def _suspend_deadline(self) -> None:
        if self.timeout is not None:
            self.timeout.reschedule(None)

    def renew_deadline(self) -> None:
        """The operation's whole timeout from now (less a margin): at the handler's start, and after each wait."""
        self.deadline = time.monotonic() + self.op.timeout_seconds(self.app.settings) - _DEADLINE_MARGIN_SECONDS
        if self.timeout is not None:
            self.timeout.reschedule(asyncio.get_running_loop().time() + self.time_left())

    def assert_may_send(self) -> None:
        """Before a request that changes PVE: this worker's claim on the job must be fresh (shared.jobs.claims)."""
        claim = self.app.store.claim
        if claim is not None:
            self.app.heartbeat.assert_fresh(claim)

    async def end_if_cancelled(self) -> None:
        """Before the job changes anything more: end it if cancel_task asked for that meanwhile."""
        fresh = await self.app.store.get(self.job_id)
        if fresh is not None and fresh.cancel_requested:
            raise JobEnded(JobState.CANCELLED, cancelled_message(self.record))

    async def note_guest(self, node: str, kind: GuestKind, name: str | None = None) -> None:
        """Remember where the job's guest is, for reruns that need not (or can no longer) look it up."""
        record = self.record
        if (record.node, record.kind, record.guest_name) != (node, kind, name or record.guest_name):
            record.node, record.kind, record.guest_name = node, kind, name or record.guest_name
            # with the job's next write: before a step is dispatched (a rerun then looks nothing up), or its end
            store, noted = self.app.store, dict[str, Any](node=node, kind=kind, guest_name=record.guest_name)
            store.defer(lambda pipe: store.add_update(pipe, self.job_id, **noted))

    async def guest(
        self, vmid: int, node: str | None, *, kind: GuestKind | None = None, hint: str | None = None
    ) -> Guest:
        """The job's guest: from the record once the job has sent PVE something, else looked up (and noted).

        A rerun after a step ran looks nothing up: its node and kind are known, and a lookup failing
        for a moment (PVE answering 500) must not fail a change whose steps already ran.
        """
        record = self.record
        if record.node is not None and record.kind is not None and (record.step is not None or record.steps):
            return Guest(vmid, record.node, record.kind, record.guest_name, None, False)
        found = await resolve_guest(self.app.pve, vmid, node or record.node, kind=kind or record.kind, hint=hint)
        await self.note_guest(found.node, found.kind, found.name)
        return found

    async def try_lock_guest(self, vmid: int) -> str | None:
        """Take (or renew) the guest's write lock for this job; None when taken, else the job holding it.

        It lasts as long as the job may go without progress (see `_ending_before_run`): between
        two steps a job may wait long in a busy queue, and must find its lock still its own. A
        job that ends releases it; a lock left by a job that ended (its worker killed before the
        release) is taken over at once; one that vanished from the queue leaves it to expire.
        """
        ttl = _no_progress_limit(self.app.settings, self.op)
        redis = self.app.store.redis
        holder = await acquire_guest_lock(redis, self.app.cluster, vmid, self.job_id, ttl)
        if holder is not None:
            # a lock whose job has ended is free: its worker died between the job's end and the release
            other = await self.app.store.get(holder)
            if other is None or other.terminal:
                log.info("guest_lock_freed", vmid=vmid, holder=holder)
                await release_guest_lock(redis, self.app.cluster, vmid, holder)
                holder = await acquire_guest_lock(redis, self.app.cluster, vmid, self.job_id, ttl)
        if holder is None and vmid not in self.locked_vmids:
            self.locked_vmids.append(vmid)
        return holder

    async def release_guest(self, vmid: int) -> None:
        """Let go of a guest lock before the job ends (a VMID it will not use after all)."""
        if vmid in self.locked_vmids:
            await release_guest_lock(self.app.store.redis, self.app.cluster, vmid, self.job_id)
            self.locked_vmids.remove(vmid)

    async def lock_guest(self, vmid: int) -> None:
        """Hold the guest's write lock for this job, waiting while another job holds it (Locked once too long)."""
        while (holder := await self.try_lock_guest(vmid)) is not None:
            await self.wait_for_lock(
                Locked(
                    f"guest {vmid} is being changed by job {holder}",
                    hint=f"Follow that job with get_task_status(job_id='{holder}'), then call again.",
                )
            )
            await self.end_if_cancelled()

    async def wait_for_lock(self, error: Locked) -> None:
        """Wait a moment while the guest is locked (by our job or PVE's task); after PROXMOX_MCP_LOCK_WAIT, fail.

        The wait is measured from when it began, not from the job's creation, so a job that
        first spent its time following a task still gets the whole wait. Waits for our lock and
        then PVE's count as one; the wait ends once the step's task has run (steps._record_done).
        """
        since = self.record.lock_wait_since
        if since is None:  # the record says what the job waits for, so a queued job does not look stuck
            since = self.record.lock_wait_since = utcnow()
            waiting = self.record.message = f"waiting for its guest: {error.message}"
            await self.app.store.update(self.job_id, lock_wait_since=since, message=waiting)
        waited = (utcnow() - since).total_seconds()
        if waited > self.app.settings.lock_wait_seconds:
            self.lock_wait_over = True
            raise Locked(
                f"{error.message} (gave up after waiting {waited:.0f}s)", hint=error.hint, details=error.details
            )
        log.info("lock_wait", reason=error.message, waited_s=round(waited))
        await self.pause(_LOCK_RETRY_SECONDS)


Handler = Callable[[JobContext, Any], Awaitable[Result | Outcome]]


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


def mark_taken(pipe: Pipeline, settings: Settings, job_id: str) -> None:
    """The command that marks a job taken (see `_signed_caller`); its answer says whether this was the first time."""
    pipe.set(keys.job_signed(job_id), "1", nx=True, ex=int(settings.job_expiry_seconds) + 60)


async def _signed_caller(
    app: WorkerApp,
    op: Operation,
    *,
    job_id: str,
    payload: Any,
    envelope: Any,
    found: JobRecord | None,
    newly_taken: bool | None,
) -> Caller:
    """The job's caller, once its signature holds, it has not expired (not started yet) and is no replay.

    The first pickup marks the job taken, until its signature expires (and a minute more): a job
    found taken whose record is gone was written again, after its record was deleted, to run it
    twice; after that, a job written again that looks new is refused as expired. `newly_taken`: the
    answer of `mark_taken`, when the worker sent it with its read of the job (None: marked here).
    """
    started = found is not None and found.started_at is not None
    caller = app.signer.verify(job_id, op.name, payload, envelope, cluster=app.cluster, started=started)
    if started:
        return caller  # marked at its first pickup (the mark matters only for a job whose record is gone)
    if newly_taken is None:
        async with app.store.redis.pipeline(transaction=False) as pipe:
            mark_taken(pipe, app.settings, job_id)
            (newly_taken,) = await pipe.execute()
    if not newly_taken and found is None:
        raise JobRefused(f"job {job_id} ({op.name}) ran before and its record is gone (a replay); nothing was sent")
    return caller


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


def _made_progress(record: JobRecord) -> bool:
    """Whether the change has sent anything to PVE (so failing it now would hide what it started)."""
    return record.state in (JobState.DISPATCHING, JobState.RUNNING) or bool(record.steps)


def _no_progress_limit(settings: Settings, op: Operation) -> float:
    """How long a change may go without a dispatch: following a task as long as allowed, plus a lock wait."""
    return settings.task_max_seconds + settings.lock_wait_seconds + 2 * op.timeout_seconds(settings)


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
    if age <= _no_progress_limit(settings, job.op):
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
    await job.follow_task(Upid.parse(record.upid), log_base=record.log_base, since=started.timestamp())


def _stopped_following(settings: Settings) -> JobEnded:
    """How a change ends whose PVE task ran past PROXMOX_MCP_TASK_MAX: timed out, the task never killed."""
    return JobEnded(
        JobState.TIMED_OUT,
        f"stopped following after {settings.task_max_seconds:.0f}s; the PVE task itself goes on",
    )


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


async def _audit(
    app: WorkerApp, job: JobContext, outcome: Outcome | ProxmoxMcpError | JobEnded, state: JobState
) -> None:
    """The audit entry of a change that ended (a read leaves none)."""
    if job.record.tier != Tier.SAFE.value:
        code = outcome.code if isinstance(outcome, ProxmoxMcpError) else job.record.error_code
        ended = job.record.model_copy(update={"state": state, "error_code": code})
        await audit_change(app, job.op, ended, caller=job.caller, params=job.params)


async def _end(
    app: WorkerApp, job: JobContext, outcome: Outcome | ProxmoxMcpError | JobEnded, pending: _ReadPickup | None
) -> str:
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


async def _run_handler(job: JobContext, handler: Handler, payload: Any) -> Outcome | ProxmoxMcpError | JobEnded:
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


def passing_server_error(failed: ProxmoxMcpError) -> bool:
    """A read PVE answered with a server error it gave no meaning to (500): another try may well get an answer."""
    return isinstance(failed, RequestRejected) and failed.details.get("status") == 500


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

    `waits` is how the job waits out of its slot (QueueWorker.JobWaits).

    Raises Retry or ClaimLost as the module docstring says. A job that ends leaves its
    queue in the same transaction as its ending write (when the store is fenced by a claim).
    """
    started = time.monotonic()
    found = record if record is not None else await app.store.get(job_id)
    try:
        caller = await _signed_caller(
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
