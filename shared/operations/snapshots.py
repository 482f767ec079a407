"""Guest snapshots."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field, field_validator

from shared.errors import InvalidInput
from shared.operations.base import GuestParams, Result
from shared.operations.changes import GuestChangeParams
from shared.sanitize import GuestKind, SnapshotName

__all__ = [
    "CreateSnapshotParams",
    "ListSnapshotsParams",
    "RollbackParams",
    "SaveVmState",
    "SnapshotDescription",
    "SnapshotInfo",
    "SnapshotList",
    "SnapshotResult",
    "StartAfterRollback",
]


class ListSnapshotsParams(GuestParams):
    pass


class SnapshotInfo(Result):
    name: str
    description: str | None = None
    parent: str | None = None
    created_at: int | None = Field(None, description="Snapshot time, UNIX epoch seconds.")
    vmstate: bool = Field(False, description="True when the snapshot includes the VM's RAM.")


class SnapshotList(Result):
    vmid: int
    node: str
    kind: GuestKind
    current_parent: str | None = Field(None, description="The snapshot the current state descends from.")
    snapshots: list[SnapshotInfo]


SnapshotDescription = Annotated[str | None, Field(max_length=8192, description="What this snapshot is for.")]
SaveVmState = Annotated[bool, Field(description="A running qemu VM: also save its RAM, to resume exactly there.")]
StartAfterRollback = Annotated[bool, Field(description="Start the guest after the rollback.")]


class CreateSnapshotParams(GuestChangeParams):
    name: SnapshotName
    description: SnapshotDescription = None
    vmstate: SaveVmState = False

    @field_validator("name")
    @classmethod
    def _not_reserved(cls, name: str) -> str:
        # qemu-server and pve-container refuse these: "current" names the present state, "vzdump" is backup's
        if name in ("current", "vzdump"):
            raise InvalidInput(f"{name!r} is reserved by PVE as a snapshot name", hint="Pick another name.")
        return name


class RollbackParams(GuestChangeParams):
    name: SnapshotName
    start: StartAfterRollback = False


class SnapshotResult(Result):
    vmid: int
    node: str
    kind: GuestKind
    name: str
    action: str = Field(description="snapshot or rollback.")
    status_after: str
