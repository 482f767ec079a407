"""PVE tasks and our jobs: status and logs."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, Self

from pydantic import Field, Strict, model_validator

from shared.errors import InvalidInput
from shared.operations.base import Params, Result
from shared.operations.changes import Confirmed
from shared.operations.operation import Operation
from shared.safety import Tier
from shared.sanitize import JobId, UpidText

__all__ = [
    "CANCEL_TASK",
    "PVE_TASK_LOG",
    "PVE_TASK_STATUS",
    "CancelParams",
    "CancelResult",
    "ErrorInfo",
    "JobIdField",
    "JobStatus",
    "LogLimit",
    "LogStart",
    "PveTaskLogParams",
    "PveTaskParams",
    "TaskLogLine",
    "TaskLogPage",
    "UpidField",
    "require_one_target",
]


JobIdField = Annotated[JobId | None, Strict(), Field()]
UpidField = Annotated[UpidText | None, Strict(), Field()]


def require_one_target(job_id: str | None, upid: str | None) -> None:
    """Refuse anything but exactly one of a job ID and a UPID."""
    if (job_id is None) == (upid is None):
        raise InvalidInput("give exactly one of job_id or upid", hint="Pass the job_id a tool returned, or a UPID.")


class PveTaskParams(Params):
    upid: UpidText


#: at most a 32-bit line number: a task log never has that many lines, and Redis ranges stay in range
LogStart = Annotated[int, Strict(), Field(ge=0, le=2**31 - 1, description="Lines to skip (PVE's start).")]
LogLimit = Annotated[int, Strict(), Field(ge=1, le=1000)]


class PveTaskLogParams(Params):
    upid: UpidText
    start: LogStart = 0
    limit: LogLimit = 50


class ErrorInfo(Result):
    code: str
    message: str
    hint: str


class JobStatus(Result):
    """Where a job (or a PVE task started elsewhere) stands."""

    job_id: str | None = Field(None, description="Our job ID; None for a PVE task this server did not start.")
    operation: str | None = Field(None, description="Our operation name, or PVE's task type for a foreign task.")
    state: str = Field(
        description="queued, dispatching, running, succeeded, succeeded_with_warnings, failed, cancelled, "
        "timed_out or unknown."
    )
    done: bool
    cluster: str | None = None
    node: str | None = None
    vmid: int | None = None
    upid: str | None = None
    exitstatus: str | None = Field(None, description="PVE's exit status: OK, 'WARNINGS: n' or the error text.")
    progress: float | None = Field(None, description="Percent done, when the task reports it.")
    progress_message: str | None = None
    warnings: list[str] = Field(default_factory=list)
    attempts: int | None = None
    created_at: datetime | None = None
    started_at: datetime | None = None
    finished_at: datetime | None = None
    duration_seconds: float | None = None
    log_lines: int | None = Field(None, description="Task log lines so far (read them with get_task_log).")
    message: str | None = Field(
        None,
        description="How it ended, when there is more to say than its result: nothing to do, cancelled after "
        "which steps, why it is unknown or timed out. While a change waits for its guest (another job or "
        "a PVE task holds it), what it waits for.",
    )
    result: Any = Field(None, description="The operation's result once done: what the tool that started it returns.")
    error: ErrorInfo | None = None


class TaskLogLine(Result):
    n: int = Field(description="Line number, from 1.")
    t: str = Field(description="Line text.")


class TaskLogPage(Result):
    job_id: str | None = None
    upid: str | None = None
    start: int
    total: int = Field(description="Lines in the log so far.")
    lines: list[TaskLogLine]
    next_start: int | None = Field(None, description="Pass as start to read on; None when nothing is left yet.")
    task_done: bool = Field(description="False while the task runs: more lines may come.")
    log_copying: bool = Field(
        False, description="The task ended and its last lines are still being copied from PVE: read again shortly."
    )


class CancelParams(Params):
    job_id: JobIdField = None
    upid: UpidField = None
    confirmed: Confirmed = False

    @model_validator(mode="after")
    def _one_target(self) -> Self:
        require_one_target(self.job_id, self.upid)
        return self


class CancelResult(Result):
    job_id: str | None = Field(None, description="The cancelled job (None for a task started elsewhere).")
    upid: str | None = None
    state: str = Field(
        description="The job's state after the request: cancelled once it stopped; queued, dispatching or running "
        "while it stops; the final state of a job that had already ended. stop_requested for a task started "
        "elsewhere (PVE was asked to stop it)."
    )
    message: str


_TARGET_ERRORS = (
    ("VALIDATION_ERROR", "neither or both of job_id and upid"),
    ("NOT_FOUND", "no such job (jobs expire) or task"),
)

#: the status of a task this server did not start (get_task_status reads its own jobs from the job store)
PVE_TASK_STATUS = Operation(
    "pve_task_status",
    "Job status",
    Tier.SAFE,
    PveTaskParams,
    JobStatus,
    description="Where a job (or any PVE task by UPID) stands: state, done, progress, result or error.",
    pve_calls=("GET /nodes/{node}/tasks/{upid}/status",),
    errors=_TARGET_ERRORS,
)
#: a page of the log of a task this server did not start (get_task_log reads its own jobs' from the job store)
PVE_TASK_LOG = Operation(
    "pve_task_log",
    "Task log",
    Tier.SAFE,
    PveTaskLogParams,
    TaskLogPage,
    description="A page of a job's (or any PVE task's) log, lines numbered from 1; read on from next_start.",
    pve_calls=("GET /nodes/{node}/tasks/{upid}/log", "GET /nodes/{node}/tasks/{upid}/status"),
    errors=_TARGET_ERRORS,
)
CANCEL_TASK = Operation(
    "cancel_task",
    "Cancel a task",
    Tier.RESTRICTED,
    CancelParams,
    CancelResult,
    description="""
        Stop a job (and its PVE task) or any PVE task by UPID; what ran stays done.

        A job no worker has taken yet ends cancelled at once and changes nothing. A job under way
        is asked to stop: PVE stops its running task (DELETE of the task), or it ends before
        starting its next one; either way it ends cancelled, and what its earlier tasks did stays
        done. A job that already ended cannot be undone: the answer gives its final state. A task
        started elsewhere is only asked to stop (state stop_requested). Cancelling a wait for a
        change never cancels its job; only this tool does. Restricted: needs the user's confirmation.
        """,
    pve_calls=("DELETE /nodes/{node}/tasks/{upid}", "GET /nodes/{node}/tasks/{upid}/status"),
    errors=_TARGET_ERRORS,
    # the target is the job or task the frontend looked up: "job <id> (<operation> on guest ...)"
    plan=lambda _p, target: f"stop {target}",
    idempotent=True,
)
