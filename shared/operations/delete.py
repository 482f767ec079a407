"""Deleting a guest."""

from __future__ import annotations

from typing import Annotated, Self

from pydantic import Field, model_validator

from shared.errors import ConfirmationRequired
from shared.operations.base import Result
from shared.operations.changes import GuestChangeParams
from shared.sanitize import GuestKind

__all__ = ["ConfirmVmid", "DeleteParams", "DeleteResult", "DestroyUnreferenced", "Purge", "StopFirst"]


ConfirmVmid = Annotated[int, Field(ge=100, le=999_999_999, description="The VMID typed again; it must equal vmid.")]
Purge = Annotated[bool, Field(description="Also remove the guest from backup jobs, replication and HA.")]
DestroyUnreferenced = Annotated[
    bool, Field(description="Also destroy disks with this VMID that the config does not reference.")
]
StopFirst = Annotated[bool, Field(description="Stop a running guest first (else a running guest is refused).")]


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
