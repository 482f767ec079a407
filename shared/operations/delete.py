"""Deleting a guest."""

from __future__ import annotations

from typing import Annotated, Self

from pydantic import Field, model_validator

from shared.errors import ConfirmationRequired
from shared.operations.base import Result
from shared.operations.changes import GUEST_STATUS_CALLS, TASK_CALLS, GuestChangeParams
from shared.operations.operation import Operation
from shared.safety import Tier
from shared.sanitize import GuestKind, Vmid

__all__ = [
    "DELETE_INSTANCE",
    "ConfirmVmid",
    "DeleteParams",
    "DeleteResult",
    "DestroyUnreferenced",
    "Purge",
    "StopFirst",
]


ConfirmVmid = Annotated[Vmid, Field(description="vmid typed again.")]
Purge = Annotated[bool, Field(description="Also drop it from backup jobs, replication, HA.")]
DestroyUnreferenced = Annotated[bool, Field(description="Also destroy its unreferenced disks.")]
StopFirst = Annotated[bool, Field(description="Stop it first if running (else refused).")]


class DeleteParams(GuestChangeParams):
    confirm_vmid: ConfirmVmid
    purge: Purge = False
    destroy_unreferenced_disks: DestroyUnreferenced = True
    stop_first: StopFirst = False

    @model_validator(mode="after")
    def _vmid_typed_again(self) -> Self:
        if self.confirm_vmid != self.vmid:
            raise ConfirmationRequired(
                f"confirm_vmid {self.confirm_vmid} does not match vmid {self.vmid}; nothing was deleted",
                hint="Type the VMID of the guest to delete again as confirm_vmid.",
            )
        return self


class DeleteResult(Result):
    vmid: int
    node: str
    kind: GuestKind
    name: str | None = None
    stopped_first: bool
    purged: bool


def _plan(p: DeleteParams, guest: str) -> str:
    stop = ", stopping it first" if p.stop_first else ""
    purged = ", and purge it from backup jobs, replication and HA" if p.purge else ""
    return f"DELETE {guest} and its disks{stop}{purged} — this cannot be undone"


DELETE_INSTANCE = Operation(
    "delete_instance",
    "Delete a guest",
    Tier.CRITICAL,
    DeleteParams,
    DeleteResult,
    description="""
        Delete a guest and its disks for good (needs PROXMOX_ALLOW_DANGER=true).

        Refused unless the server runs with PROXMOX_ALLOW_DANGER=true; then it needs the user's
        confirmation and the VMID typed again as confirm_vmid. A running guest is refused unless
        stop_first=true (it is then stopped hard, then destroyed).
        """,
    pve_calls=(
        "GET /cluster/resources",
        *GUEST_STATUS_CALLS,
        "POST /nodes/{node}/qemu/{vmid}/status/stop",
        "POST /nodes/{node}/lxc/{vmid}/status/stop",
        "DELETE /nodes/{node}/qemu/{vmid}",
        "DELETE /nodes/{node}/lxc/{vmid}",
        *TASK_CALLS,
    ),
    errors=(
        ("CONFIRMATION_REQUIRED", "confirm_vmid differs from vmid"),
        ("CONFLICT", "the guest is running and stop_first is false"),
    ),
    plan=_plan,
    starts_task=True,
    guest_write=True,
    idempotent=True,
)
