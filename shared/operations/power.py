"""Power actions on a guest."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from shared.operations.base import Result
from shared.operations.changes import GUEST_STATUS_CALLS, TASK_CALLS, GuestChangeParams
from shared.operations.operation import Operation
from shared.safety import Tier
from shared.sanitize import GuestKind

__all__ = [
    "POWER_ACTIONS",
    "POWER_CONTROL",
    "PowerAction",
    "PowerActionArg",
    "PowerParams",
    "PowerResult",
    "ShutdownTimeout",
]

PowerAction = Literal["start", "stop", "shutdown", "reboot", "suspend", "resume"]
POWER_ACTIONS: tuple[PowerAction, ...] = ("start", "stop", "shutdown", "reboot", "suspend", "resume")

PowerActionArg = Annotated[
    PowerAction,
    Field(description="stop: hard off; shutdown: clean; suspend/resume: pause a VM."),
]
ShutdownTimeout = Annotated[
    int | None,
    Field(ge=1, le=3600, description="shutdown/reboot: seconds the guest OS gets."),
]


class PowerParams(GuestChangeParams):
    action: PowerActionArg
    timeout: ShutdownTimeout = None


class PowerResult(Result):
    vmid: int
    node: str
    kind: GuestKind
    action: str
    changed: bool = Field(description="False when the guest already was in the requested state (nothing was done).")
    status_after: str = Field(description="running, stopped or paused after the action.")


POWER_CONTROL = Operation(
    "power_control",
    "Power a guest",
    Tier.RESTRICTED,
    PowerParams,
    PowerResult,
    description="""
        Start, stop, shut down, reboot, suspend or resume a guest.

        Asking for the state the guest is already in is a successful no-op (changed=false). The
        PVE task is followed to its end: the answer names its UPID, exit status and duration, and
        progress is reported while it runs. Restricted: needs the user's confirmation.
        """,
    pve_calls=(
        "GET /cluster/resources",
        *GUEST_STATUS_CALLS,
        "POST /nodes/{node}/qemu/{vmid}/status/{action}",
        "POST /nodes/{node}/lxc/{vmid}/status/{action}",
        *TASK_CALLS,
    ),
    errors=(
        (
            "CONFLICT",
            "the action does not fit the guest's state (reboot or suspend a stopped guest, resume a "
            "stopped VM, start a paused one); asking for the state it is already in succeeds with changed=false",
        ),
    ),
    plan=lambda p, guest: f"{p.action} {guest}",
    starts_task=True,
    guest_write=True,
    # stop is a hard power-off and reboot runs again on every call: destructive, and not idempotent
    idempotent=False,
    destructive=True,
)
