"""Deleting a guest."""

from __future__ import annotations

from typing import Annotated, Self

from pydantic import Field, model_validator

from shared.errors import ConfirmationRequired
from shared.operations.base import GuestNode, Result
from shared.operations.changes import ChangeParams
from shared.sanitize import GuestKind, Vmid

__all__ = ["DeleteParams", "DeleteResult"]


class DeleteParams(ChangeParams):
    vmid: Vmid
    node: GuestNode = None
    confirm_vmid: Annotated[int, Field(description="The VMID typed again; it must equal vmid.")]
    purge: Annotated[bool, Field(description="Also remove the guest from backup jobs, replication and HA.")] = False
    destroy_unreferenced_disks: Annotated[
        bool, Field(description="Also destroy disks with this VMID that the config does not reference.")
    ] = True
    stop_first: Annotated[bool, Field(description="Stop a running guest first (else a running guest is refused).")] = (
        False
    )

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
