"""What every change (an operation that starts PVE tasks) shares: confirmation in the payload, the report."""

from __future__ import annotations

from typing import Annotated, Generic, TypeVar

from pydantic import Field, Strict

from shared.operations.base import GuestNode, Params, Result
from shared.sanitize import Vmid

__all__ = [
    "GUEST_CONFIG_CALLS",
    "GUEST_STATUS_CALLS",
    "TASK_CALLS",
    "ChangeParams",
    "ChangeReport",
    "Confirmed",
    "GuestChangeParams",
    "WaitSeconds",
]

R = TypeVar("R", bound=Result)

#: the server's instructions say how confirmation and waiting work, once for every change tool
Confirmed = Annotated[bool, Strict(), Field()]
WaitSeconds = Annotated[float | None, Strict(), Field(ge=0, le=600)]


#: a change's PVE task: followed through its status and log, stopped when cancel_task asks the
#: job to end, looked for in the node's task list by a rerun
TASK_CALLS = (
    "GET /nodes/{node}/tasks/{upid}/status",
    "GET /nodes/{node}/tasks/{upid}/log",
    "DELETE /nodes/{node}/tasks/{upid}",
    "GET /nodes/{node}/tasks",
)
#: a guest's config changed as workers.configs does: read, set with its digest, its pending section read
GUEST_CONFIG_CALLS = (
    "GET /nodes/{node}/qemu/{vmid}/config",
    "GET /nodes/{node}/lxc/{vmid}/config",
    "PUT /nodes/{node}/qemu/{vmid}/config",
    "PUT /nodes/{node}/lxc/{vmid}/config",
    "GET /nodes/{node}/qemu/{vmid}/pending",
    "GET /nodes/{node}/lxc/{vmid}/pending",
)
#: a guest's power state, read before and after a change
GUEST_STATUS_CALLS = (
    "GET /nodes/{node}/qemu/{vmid}/status/current",
    "GET /nodes/{node}/lxc/{vmid}/status/current",
)


class ChangeParams(Params):
    """A change's payload carries its confirmation: the worker refuses one without it."""

    confirmed: Confirmed = False


class GuestChangeParams(ChangeParams):
    """A change to one guest, by VMID; the node is looked up when omitted."""

    vmid: Vmid
    node: GuestNode = None


class ChangeReport(Result, Generic[R]):
    """How a change went: its job and PVE task, and its result once done."""

    job_id: str
    operation: str
    state: str = Field(
        description="Done: succeeded, succeeded_with_warnings, cancelled, timed_out (we stopped following; the "
        "PVE task goes on) or unknown (see message). Not done yet: queued, dispatching or running. A failure is "
        "a tool error instead."
    )
    done: bool
    node: str | None = None
    vmid: int | None = None
    upid: str | None = Field(None, description="The PVE task ID; get_task_log reads its log.")
    exitstatus: str | None = None
    duration_seconds: float | None = None
    warnings: list[str] = Field(default_factory=list, description="The task's WARN lines.")
    message: str = Field(description="One sentence on what happened, or how to follow the job.")
    result: R | None = None

    def brief(self) -> str:
        return f"{self.operation} {self.state} (job {self.job_id}): {self.message}"
