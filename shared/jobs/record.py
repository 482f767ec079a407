"""The job record: one Redis hash per job, readable with `HGETALL pmcp:job:<id>`.

Every field is a string in Redis: scalars as text, timestamps as ISO 8601 UTC, structured
values (arguments, result, error details, warnings) as JSON. Arguments are stored redacted.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from shared.caller import Caller
from shared.errors import ProxmoxMcpError, error_from_fields
from shared.jobs.keys import DEFAULT_CLUSTER
from shared.jobs.states import JobState
from shared.sanitize import GuestKind

__all__ = ["JobRecord", "utcnow"]

_JSON_FIELDS = frozenset({"args", "result", "error_details", "warnings", "steps", "task_end", "plan", "caller"})


def utcnow() -> datetime:
    """Now in UTC, to the millisecond (what the record stores)."""
    now = datetime.now(UTC)
    return now.replace(microsecond=now.microsecond // 1000 * 1000)


class JobRecord(BaseModel):
    """What we know about one job; `get_task_status` returns its public part."""

    model_config = ConfigDict(extra="ignore")

    job_id: str
    operation: str
    tier: str
    #: who asked (token, OAuth subject, stdio; shared.caller), as the job's signature says
    caller: Caller | None = None
    #: the cluster it runs on (shared.clusters): its queue's, and the one its signature names
    cluster: str = DEFAULT_CLUSTER
    state: JobState = JobState.QUEUED
    args: dict[str, Any] = Field(default_factory=dict)
    node: str | None = None
    vmid: int | None = None
    kind: GuestKind | None = None
    #: the VMID of the guest a clone makes, reserved once (under its guest lock) and kept by every rerun
    new_vmid: int | None = None
    #: the guest's name when the job first found it (a rerun reports it without looking the guest up again)
    guest_name: str | None = None
    upid: str | None = None
    #: for changes made of several PVE tasks (stop, then destroy): the step being dispatched or followed
    step: str | None = None
    #: finished steps, in order: {"step", "upid", "exitstatus", "warnings"} (a step found already done has no
    #: upid; a step that is no PVE task, such as a config write, says what it changed instead)
    steps: list[dict[str, Any]] = Field(default_factory=list)
    #: how the current step's PVE task ended, as the watcher saw it: {"upid", "exitstatus", "warnings",
    #: "log_tail"}, or {"upid", "error"} when PVE could not say; the job's next run acts on it
    task_end: dict[str, Any] | None = None
    #: what the current step that is no PVE task (a config write) set out to do, stored before it is sent, so
    #: a rerun that finds it done knows the effect as its own
    plan: dict[str, Any] | None = None
    #: set by cancel_task; a worker that sees it stops the task (or never starts it)
    cancel_requested: bool = False
    #: lines of the job's log before the current step's task: that task's line n is log line log_base+n
    log_base: int = 0
    #: the UPID of the current step's task while its log's last lines are still being copied: it ended OK and
    #: was recorded so at once, the copy comes after (workers.task_logs); get_task_log says so meanwhile
    log_copying: str | None = None
    #: when the job began waiting for its guest to be free (our lock, then PVE's); cleared once its step's task ran
    lock_wait_since: datetime | None = None
    #: reruns spent on reads that PVE failed to answer (500) after the change sent something (workers.lifecycle)
    read_retries: int = 0
    attempts: int = 0
    worker: str | None = None
    created_at: datetime = Field(default_factory=utcnow)
    updated_at: datetime = Field(default_factory=utcnow)
    started_at: datetime | None = None
    dispatched_at: datetime | None = None
    finished_at: datetime | None = None
    exitstatus: str | None = None
    #: one sentence on how the job ended when that is not just its result ("already running", "cancelled")
    message: str | None = None
    progress: float | None = None
    progress_message: str | None = None
    warnings: list[str] = Field(default_factory=list)
    log_lines: int = 0
    result: Any = None
    error_code: str | None = None
    error_message: str | None = None
    error_hint: str | None = None
    error_details: dict[str, Any] | None = None

    @property
    def terminal(self) -> bool:
        return self.state.terminal

    @property
    def took_effect(self) -> bool:
        """Some of the job's change happened (it succeeded, or it is partial): a report, never an error."""
        return self.state.succeeded or self.state is JobState.PARTIAL

    @property
    def error(self) -> ProxmoxMcpError | None:
        """The job's error rebuilt as the class the worker raised, if it failed."""
        if self.error_code is None:
            return None
        return error_from_fields(self.error_code, self.error_message or "", self.error_hint, self.error_details)

    def summary(self) -> dict[str, Any]:
        """The fields every public view of a job starts from (get_task_status, a change's report)."""
        return {
            "job_id": self.job_id,
            "operation": self.operation,
            "state": self.state.value,
            "done": self.terminal,
            "node": self.node,
            "vmid": self.vmid,
            "upid": self.upid,
            "exitstatus": self.exitstatus,
            "warnings": self.warnings,
        }

    def to_hash(self) -> dict[str, str]:
        """The record as Redis hash fields (None fields are left out)."""
        return encode_fields(self.model_dump(exclude_none=True))

    @classmethod
    def from_hash(cls, fields: dict[str, str]) -> JobRecord:
        decoded: dict[str, Any] = {
            key: json.loads(value) if key in _JSON_FIELDS else value for key, value in fields.items()
        }
        return cls.model_validate(decoded)


def encode_fields(values: dict[str, Any], *, json_fields: frozenset[str] = _JSON_FIELDS) -> dict[str, str]:
    """Encode record fields for HSET; JSON for structured ones (`json_fields`), text for the rest."""
    encoded: dict[str, str] = {}
    for key, value in values.items():
        if value is None:
            continue
        if key in json_fields:
            encoded[key] = json.dumps(value, separators=(",", ":"), default=str, ensure_ascii=False)
        elif isinstance(value, datetime):
            encoded[key] = value.astimezone(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")
        elif isinstance(value, JobState):
            encoded[key] = value.value
        elif isinstance(value, bool):
            encoded[key] = "true" if value else "false"
        else:
            encoded[key] = str(value)
    return encoded
