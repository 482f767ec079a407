"""Power actions on a guest."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from shared.operations.base import Result
from shared.operations.changes import GuestChangeParams
from shared.sanitize import GuestKind

__all__ = ["POWER_ACTIONS", "PowerAction", "PowerActionArg", "PowerParams", "PowerResult", "ShutdownTimeout"]

PowerAction = Literal["start", "stop", "shutdown", "reboot", "suspend", "resume"]
POWER_ACTIONS: tuple[PowerAction, ...] = ("start", "stop", "shutdown", "reboot", "suspend", "resume")

PowerActionArg = Annotated[
    PowerAction,
    Field(
        description="start; stop (hard, like pulling the plug); shutdown (clean, via the guest OS or ACPI); "
        "reboot; suspend / resume (qemu: pause in RAM). Asking for the state the guest is in does nothing."
    ),
]
ShutdownTimeout = Annotated[
    int | None,
    Field(ge=1, le=3600, description="shutdown/reboot: seconds the guest OS gets before PVE gives up (PVE's timeout)."),
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
    status_after: str = Field(description="running, stopped or paused, read after the action.")
