"""Guest snapshots."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Annotated

from pydantic import Field, field_validator

from shared.errors import InvalidInput
from shared.listing import PagedResult, PageParams
from shared.operations.base import GuestParams, Result
from shared.operations.changes import GUEST_STATUS_CALLS, TASK_CALLS, GuestChangeParams
from shared.operations.operation import Operation
from shared.safety import Tier
from shared.sanitize import GuestKind, SnapshotName

__all__ = [
    "CREATE_SNAPSHOT",
    "DELETE_SNAPSHOT",
    "LIST_SNAPSHOTS",
    "ROLLBACK_SNAPSHOT",
    "CreateSnapshotParams",
    "DeleteSnapshotParams",
    "ListSnapshotsParams",
    "RollbackParams",
    "SaveVmState",
    "SnapshotDescription",
    "SnapshotInfo",
    "SnapshotList",
    "SnapshotResult",
    "StartAfterRollback",
]


class ListSnapshotsParams(GuestParams, PageParams):
    pass


class SnapshotInfo(Result):
    name: str
    description: str | None = None
    parent: str | None = None
    created_at: int | None = Field(None, description="Snapshot time, UNIX epoch seconds.")
    vmstate: bool = Field(False, description="True when the snapshot includes the VM's RAM.")


class SnapshotList(PagedResult):
    """One page of a guest's snapshots, oldest first."""

    vmid: int
    node: str
    kind: GuestKind
    current_parent: str | None = Field(None, description="The snapshot the current state descends from.")
    snapshots: list[SnapshotInfo]

    def brief(self) -> str:
        parent = f"; now descends from {self.current_parent}" if self.current_parent else ""
        head = f"{self.kind} {self.vmid} on {self.node}: {self.total} snapshots{parent}; {self.shown(', oldest first')}"
        return "\n".join([head, *(_snapshot_row(s) for s in self.snapshots)])


def _snapshot_row(s: SnapshotInfo) -> str:
    """A snapshot in one line: name, time (UTC), parent, RAM, description."""
    when = datetime.fromtimestamp(s.created_at, UTC).strftime("%Y-%m-%dT%H:%M:%SZ") if s.created_at else "-"
    ram = " with RAM" if s.vmstate else ""
    said = f" {s.description!r}" if s.description else ""
    return f"{s.name} {when} parent {s.parent or '-'}{ram}{said}"


SnapshotDescription = Annotated[str | None, Field(max_length=8192)]
SaveVmState = Annotated[bool, Field(description="Also save a running VM's RAM.")]
StartAfterRollback = Annotated[bool, Field(description="Start the guest afterwards.")]


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


class DeleteSnapshotParams(GuestChangeParams):
    name: SnapshotName
    force: Annotated[bool, Field(description="Even if removing a disk's snapshot fails.")] = False


class SnapshotResult(Result):
    vmid: int
    node: str
    kind: GuestKind
    name: str
    action: str = Field(description="snapshot, rollback or delete.")
    status_after: str


_RESOURCES = "GET /cluster/resources"
_SNAPSHOTS = ("GET /nodes/{node}/qemu/{vmid}/snapshot", "GET /nodes/{node}/lxc/{vmid}/snapshot")

LIST_SNAPSHOTS = Operation(
    "list_snapshots",
    "List snapshots",
    Tier.SAFE,
    ListSnapshotsParams,
    SnapshotList,
    description="""
        A guest's snapshots, each with its parent and time.

        `current_parent` is the snapshot the guest's present state descends from.
        """,
    pve_calls=(_RESOURCES, *GUEST_STATUS_CALLS, *_SNAPSHOTS),
)
CREATE_SNAPSHOT = Operation(
    "create_snapshot",
    "Take a snapshot",
    Tier.RESTRICTED,
    CreateSnapshotParams,
    SnapshotResult,
    description="""
        Snapshot a VM or container, with vmstate a running VM's RAM too.

        The name must be new for the guest ('current' and 'vzdump' are reserved by PVE).
        Restricted: needs the user's confirmation. Roll back to it with rollback_snapshot.
        """,
    pve_calls=(
        _RESOURCES,
        *_SNAPSHOTS,
        "POST /nodes/{node}/qemu/{vmid}/snapshot",
        "POST /nodes/{node}/lxc/{vmid}/snapshot",
        *GUEST_STATUS_CALLS,
        *TASK_CALLS,
    ),
    errors=(
        ("CONFLICT", "the guest already has a snapshot of that name"),
        ("VALIDATION_ERROR", "vmstate for a stopped VM or a container"),
    ),
    plan=lambda p, guest: f"take snapshot {p.name!r} of {guest}" + (" including its RAM" if p.vmstate else ""),
    starts_task=True,
    guest_write=True,
    idempotent=False,
)
ROLLBACK_SNAPSHOT = Operation(
    "rollback_snapshot",
    "Roll back to a snapshot",
    Tier.RESTRICTED,
    RollbackParams,
    SnapshotResult,
    description="""
        Roll a guest back to a snapshot, losing what changed since.

        Restricted: needs the user's confirmation. list_snapshots shows the names.
        """,
    pve_calls=(
        _RESOURCES,
        *_SNAPSHOTS,
        "POST /nodes/{node}/qemu/{vmid}/snapshot/{snapname}/rollback",
        "POST /nodes/{node}/lxc/{vmid}/snapshot/{snapname}/rollback",
        "POST /nodes/{node}/qemu/{vmid}/status/start",
        "POST /nodes/{node}/lxc/{vmid}/status/start",
        *GUEST_STATUS_CALLS,
        *TASK_CALLS,
    ),
    errors=(("NOT_FOUND", "the guest has no snapshot of that name"),),
    plan=lambda p, guest: (
        f"roll {guest} back to snapshot {p.name!r}, discarding everything since"
        + (", then start it" if p.start else "")
    ),
    starts_task=True,
    guest_write=True,
    idempotent=True,
    destructive=True,
)
DELETE_SNAPSHOT = Operation(
    "delete_snapshot",
    "Delete a snapshot",
    Tier.RESTRICTED,
    DeleteSnapshotParams,
    SnapshotResult,
    description="""
        Delete a guest's snapshot; the guest's present state stays as it is.

        The snapshots taken after it keep their place: they descend from its parent. force
        drops it from the configuration even where removing a disk's snapshot fails (PVE's
        force; what failed stays on the storage). Restricted: needs the user's confirmation.
        """,
    pve_calls=(
        _RESOURCES,
        *_SNAPSHOTS,
        "DELETE /nodes/{node}/qemu/{vmid}/snapshot/{snapname}",
        "DELETE /nodes/{node}/lxc/{vmid}/snapshot/{snapname}",
        *GUEST_STATUS_CALLS,
        *TASK_CALLS,
    ),
    errors=(("NOT_FOUND", "the guest has no snapshot of that name"),),
    plan=lambda p, guest: f"delete snapshot {p.name!r} of {guest}" + (", forced" if p.force else ""),
    starts_task=True,
    guest_write=True,
    idempotent=True,
)
