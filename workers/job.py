"""What a handler gets and gives: the job's context, the steps it declares, and how it ends.

A handler (workers.operations) gets a `JobContext`: the worker's resources (`job.app`), the
job's record, and what a change needs beside PVE requests (its guest, its guest's write lock,
a wait out of its slot). A change declares each PVE task it runs as a `TaskStep` and hands it
to `lifecycle.run_step`, which carries it out exactly once. It returns its result, or an
`Outcome` (`outcome_of` makes it from its steps); an ending that is not a failure (cancelled,
timed out, unknown) is a `JobEnded`, and `Retry` runs the job again later from the top
(workers.lifecycle says when).
"""

from __future__ import annotations

import asyncio
import math
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

import structlog

from shared.caller import Caller
from shared.catalogue import Operation
from shared.errors import Locked, ProxmoxMcpError, RequestRejected
from shared.jobs.locks import acquire_guest_lock, release_guest_lock
from shared.jobs.record import JobRecord, utcnow
from shared.jobs.states import JobState
from shared.operations.base import Params, Result
from shared.pve.upid import Upid
from shared.sanitize import GuestKind
from shared.settings import Settings
from workers.app import WorkerApp
from workers.guest_lookup import Guest, resolve_guest
from workers.pve_tasks import TaskEnd

__all__ = [
    "Handler",
    "JobContext",
    "JobEnded",
    "Outcome",
    "Retry",
    "StepOutcome",
    "TaskStep",
    "Waits",
    "cancelled_message",
    "guest_step",
    "no_progress_limit",
    "outcome_of",
    "partial_message",
    "passing_server_error",
]

log = structlog.get_logger("workers.job")

#: the handler's own deadline sits this far inside the operation's timeout, so the job ends before it is cut off
_DEADLINE_MARGIN_SECONDS = 2.0

_LOCK_RETRY_SECONDS = 1.0


class Retry(Exception):  # a control signal, not an error
    """Run the job again after `defer` seconds (in a fresh pickup, by whichever worker is free)."""

    def __init__(self, defer: float = 0.0) -> None:
        super().__init__(f"run again in {defer}s")
        self.defer = defer


class Waits(Protocol):
    """How a job waits out of its slot, its claim held (the worker's, worker.JobWaits)."""

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


def passing_server_error(failed: ProxmoxMcpError) -> bool:
    """A read PVE answered with a server error it gave no meaning to (500): another try may well get an answer."""
    return isinstance(failed, RequestRejected) and failed.details.get("status") == 500


def no_progress_limit(settings: Settings, op: Operation) -> float:
    """How long a change may go without a dispatch: following a task as long as allowed, plus a lock wait."""
    return settings.task_max_seconds + settings.lock_wait_seconds + 2 * op.timeout_seconds(settings)


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

    async def pause(self, seconds: float) -> None:
        """Let `seconds` pass out of the job's slot (its claim held); what follows gets the whole timeout again."""
        self.suspend_deadline()
        if self.waits is None:
            await asyncio.sleep(seconds)
        else:
            await self.waits.pause(seconds)
        self.renew_deadline()

    def suspend_deadline(self) -> None:
        """Hold the handler's deadline while the job waits out of its slot (a wait is not the handler's to time)."""
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

        It lasts as long as the job may go without progress (see `lifecycle._ending_before_run`): between
        two steps a job may wait long in a busy queue, and must find its lock still its own. A
        job that ends releases it; a lock left by a job that ended (its worker killed before the
        release) is taken over at once; one that vanished from the queue leaves it to expire.
        """
        ttl = no_progress_limit(self.app.settings, self.op)
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
        then PVE's count as one; the wait ends once the step's task has run (lifecycle._record_done).
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
