"""What every change (an operation that starts PVE tasks) shares: confirmation in the payload, the report."""

from __future__ import annotations

from typing import Annotated, Generic, TypeVar

from pydantic import Field

from shared.operations.base import GuestNode, Params, Result
from shared.sanitize import Vmid

__all__ = ["ChangeParams", "ChangeReport", "Confirmed", "GuestChangeParams", "WaitSeconds"]

R = TypeVar("R", bound=Result)

Confirmed = Annotated[
    bool,
    Field(
        description="Set true once the user agreed to this change. Clients that support elicitation are "
        "asked instead; without either, the tool answers CONFIRMATION_REQUIRED with the plan and changes nothing."
    ),
]
WaitSeconds = Annotated[
    float | None,
    Field(
        ge=0,
        le=600,
        description="Wait up to this many seconds for the change to finish (default: the server's "
        "PROXMOX_MCP_WAIT_SECONDS, 45). If it is still running then, you get its job_id and it goes on; follow "
        "it with get_task_status. 0 returns at once. Many clients give up on a call after about 60 s: stay "
        "below that unless yours waits longer.",
    ),
]


class ChangeParams(Params):
    """A change's payload carries its confirmation: the worker refuses one without it."""

    confirmed: bool = False


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
