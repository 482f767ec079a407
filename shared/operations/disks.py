"""A guest's disks: grow one, move one to another storage."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field, StringConstraints

from shared.operations.base import Result
from shared.operations.changes import GUEST_STATUS_CALLS, TASK_CALLS, GuestChangeParams
from shared.operations.operation import Operation
from shared.safety import Tier
from shared.sanitize import GuestKind, StorageId

__all__ = ["MOVE_DISK", "RESIZE_DISK", "DiskKey", "DiskResult", "DiskSize", "MoveDiskParams", "ResizeParams"]

DiskKey = Annotated[
    str,
    StringConstraints(pattern=r"^(?:(?:ide|sata|scsi|virtio|efidisk|tpmstate|mp)\d{1,2}|rootfs)$"),
    Field(description="e.g. scsi0 (VM), rootfs or mp0 (container)."),
]
DiskSize = Annotated[
    str,
    StringConstraints(pattern=r"^\+?\d+(?:\.\d+)?[KMGT]?$", max_length=32),
    Field(description="'+10G' to grow by, or the new size '50G'."),
]


class ResizeParams(GuestChangeParams):
    disk: DiskKey
    size: DiskSize


class MoveDiskParams(GuestChangeParams):
    disk: DiskKey
    storage: StorageId
    delete: Annotated[bool, Field(description="Remove the source (else kept as unusedN).")] = False


class DiskResult(Result):
    vmid: int
    node: str
    kind: GuestKind
    disk: str
    volume: str = Field(description="The disk's volume after the change.")
    size: str | None = None
    changed: bool


def _calls(method: str, suffix: str) -> tuple[str, ...]:
    return (f"{method} /nodes/{{node}}/qemu/{{vmid}}{suffix}", f"{method} /nodes/{{node}}/lxc/{{vmid}}{suffix}")


_CONFIG = _calls("GET", "/config")

RESIZE_DISK = Operation(
    "resize_disk",
    "Grow a disk",
    Tier.RESTRICTED,
    ResizeParams,
    DiskResult,
    description="""
        Grow a VM disk or container volume, by '+10G' or to an absolute size; never shrink.

        A size below the current one is refused before anything is sent (PVE cannot shrink).
        The guest's filesystem must be grown inside it afterwards (a container's is grown by PVE).
        Restricted: needs the user's confirmation.
        """,
    pve_calls=("GET /cluster/resources", *GUEST_STATUS_CALLS, *_CONFIG, *_calls("PUT", "/resize"), *TASK_CALLS),
    errors=(
        ("VALIDATION_ERROR", "a size below the disk's current one (a shrink)"),
        ("NOT_FOUND", "the guest has no such disk"),
    ),
    plan=lambda p, guest: (
        f"grow disk {p.disk} of {guest} " + (f"by {p.size[1:]}" if p.size[0] == "+" else f"to {p.size}")
    ),
    starts_task=True,
    guest_write=True,
    idempotent=False,
)
MOVE_DISK = Operation(
    "move_disk",
    "Move a disk",
    Tier.RESTRICTED,
    MoveDiskParams,
    DiskResult,
    description="""
        Move a VM disk (live if running) or a stopped container's volume to another storage.

        With delete the source volume is removed afterwards; else it stays as an unused disk.
        Progress is reported. Restricted: needs the user's confirmation.
        """,
    pve_calls=(
        "GET /cluster/resources",
        "GET /nodes/{node}/storage",
        *GUEST_STATUS_CALLS,
        *_CONFIG,
        "POST /nodes/{node}/qemu/{vmid}/move_disk",
        "POST /nodes/{node}/lxc/{vmid}/move_volume",
        *TASK_CALLS,
    ),
    errors=(
        ("NOT_FOUND", "no such disk, or the storage cannot hold it on the guest's node"),
        ("VALIDATION_ERROR", "the disk is on that storage already"),
        ("CONFLICT", "the container is running"),
    ),
    plan=lambda p, guest: (
        f"move disk {p.disk} of {guest} to storage {p.storage}"
        + (", deleting the source" if p.delete else ", keeping the source as an unused disk")
    ),
    starts_task=True,
    guest_write=True,
    idempotent=True,
)
