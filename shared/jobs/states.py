"""The life cycle of a job, as the job record's `state` field holds it."""

from __future__ import annotations

from enum import StrEnum

__all__ = ["TERMINAL_STATES", "JobState"]


class JobState(StrEnum):
    #: in the queue; no worker has taken it yet
    QUEUED = "queued"
    #: a worker is about to send the PVE request that starts a task (no UPID yet)
    DISPATCHING = "dispatching"
    #: PVE accepted the request; for task operations the UPID is known and followed
    RUNNING = "running"
    #: done; for a task, PVE's exit status was OK
    SUCCEEDED = "succeeded"
    #: the PVE task ended with "WARNINGS: n": it did its work; the warnings are in the record
    SUCCEEDED_WITH_WARNINGS = "succeeded_with_warnings"
    #: refused, or the PVE task ended with an error; nothing was changed; the record holds the error
    FAILED = "failed"
    #: a change of several steps whose first steps took effect, then one failed: `steps` and `message`
    #: say which took effect, the error fields why the next one failed
    PARTIAL = "partial"
    #: stopped on request (cancel_task); for a task, PVE stopped it
    CANCELLED = "cancelled"
    #: we stopped following after the operation's time limit; the PVE task may still run
    TIMED_OUT = "timed_out"
    #: the request may or may not have reached PVE and nothing could tell which
    UNKNOWN = "unknown"

    @property
    def terminal(self) -> bool:
        return self in TERMINAL_STATES

    @property
    def succeeded(self) -> bool:
        """Done and did its work (with or without warnings)."""
        return self in (JobState.SUCCEEDED, JobState.SUCCEEDED_WITH_WARNINGS)


TERMINAL_STATES = frozenset(
    {
        JobState.SUCCEEDED,
        JobState.SUCCEEDED_WITH_WARNINGS,
        JobState.FAILED,
        JobState.PARTIAL,
        JobState.CANCELLED,
        JobState.TIMED_OUT,
        JobState.UNKNOWN,
    }
)
