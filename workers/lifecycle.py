"""A job's life: its states, the events that move it, and what each transition writes.

Read this first. The record's `state` (shared.jobs.states.JobState) changes only as the table
below says, and only the function each row names makes that change. docs/architecture.md's
"A job's life" is generated from it (`python -m workers.lifecycle`), and a test checks every
state change the test suite's jobs made against it (tests/workers/test_lifecycle.py).

One `power_control start`, from pickup to its recorded end:

1. The worker claims the job (shared.jobs.claims.take) and `QueueWorker._pickup` reads its
   payload and record, then calls `runtime.run_job`.
2. `run_job` checks the signature, refuses an ended job, and `runtime._run_handler` validates
   the payload, the caller's scopes and the tier, and runs the handler under its deadline.
3. The handler resolves the guest and hands its step to `steps.run_step`, which marks the job
   `dispatching` (`steps._dispatch`), sends the POST, and stores the UPID: `running`
   (`steps._adopt`).
4. `JobContext.follow_task` awaits the task's end out of the slot: the watcher emits a
   `TaskEnded`, the job takes a slot again, and `steps._ended` records the step done.
5. The handler returns its result; `runtime._end` writes the outcome, arq's result, the
   claim's release and the guest lock's in one transaction, then the audit entry.

Waits (a PVE task's end, another job's lock on the guest, a fleet's next look) happen out of
the slot, in place. A job leaves its worker only by its end, by `Retry` (PVE's lock, a passing
failure after something was sent: the job is queued again and its handler replayed from the
top, skipping the steps recorded done) or when its claim is lost. A worker that takes a job
over replays it the same way.
"""

from __future__ import annotations

from dataclasses import dataclass

from shared.jobs.states import JobState

__all__ = ["ENDS", "TRANSITIONS", "Transition", "allowed", "markdown"]

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
        ("shared.jobs.client.JobClient.enqueue", "runtime._new_record"),
        "the record, its index entry and arq's job, in one transaction",
    ),
    Transition(
        "a read still under way 1 s after its pickup",
        (JobState.QUEUED,),
        (JobState.RUNNING,),
        ("runtime._ReadPickup.start",),
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
        ("steps._dispatch", "requests.dispatch_once", "operations.exec.execute_lxc_command", "operations.agent._start"),
        "the step's name and `dispatched_at`; the previous step's UPID is cleared",
    ),
    Transition(
        "PVE answered with a UPID, or a lost answer's task was found",
        (JobState.DISPATCHING,),
        (JobState.RUNNING,),
        ("steps._adopt",),
        "the UPID and where its log starts (`log_base`); a task's end is awaited from here",
    ),
    Transition(
        "PVE refused the request, or its lock was busy inside the task: nothing changed",
        (JobState.DISPATCHING, JobState.RUNNING),
        (JobState.QUEUED,),
        ("steps._reset_dispatch", "requests.dispatch_once", "operations.agent._unsent"),
        "the step (and UPID, task end, plan) cleared, so the next run dispatches afresh",
    ),
    Transition(
        "the handler returned, raised, or the job was found unable to go on",
        _LIVE,
        ENDS,
        ("runtime._end",),
        "the outcome (result or error), arq's result, the claim's and guest locks' release, and a log still owed "
        "after an OK end (`log_copying`, `owed-logs`: workers.task_logs); then the audit entry",
    ),
    Transition(
        "refused before anything ran (signature, expiry, replay), or unrunnable (payload gone, no such operation)",
        _LIVE,
        (JobState.FAILED, JobState.UNKNOWN),
        ("runtime._refuse", "runtime.run_job", "worker.QueueWorker._end_unrun"),
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


if __name__ == "__main__":
    print(markdown(), end="")
