"""Migrating a guest to another node."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from shared.operations.base import Result
from shared.operations.changes import GUEST_STATUS_CALLS, TASK_CALLS, GuestChangeParams
from shared.operations.operation import Operation
from shared.safety import Tier
from shared.sanitize import GuestKind, NodeName, StorageId

__all__ = ["MIGRATE_INSTANCE", "MigrateParams", "MigrateResult", "MigrationMode"]

MigrationMode = Literal["online", "offline", "restart"]


class MigrateParams(GuestChangeParams):
    target: NodeName
    target_storage: Annotated[StorageId | None, Field(description="Storage for its local disks there.")] = None


class MigrateResult(Result):
    vmid: int
    kind: GuestKind
    source_node: str
    node: str = Field(description="The node the guest is on now.")
    mode: MigrationMode
    status: str


MIGRATE_INSTANCE = Operation(
    "migrate_instance",
    "Migrate a guest",
    Tier.RESTRICTED,
    MigrateParams,
    MigrateResult,
    description="""
        Move a VM or container to another node: live if running, else offline.

        A running VM migrates online (with its local disks when PVE says it needs them), a
        stopped guest offline, a running container in restart mode (shut down, moved, started).
        The target node must exist and be online, and target_storage must be on it; a VM's
        preconditions (PVE's own) are read first. Progress is reported. An HA guest is moved by HA;
        the answer comes once it is on the target. Restricted: needs the user's confirmation.
        """,
    pve_calls=(
        "GET /cluster/resources",
        "GET /nodes",
        "GET /nodes/{node}/storage",
        "GET /nodes/{node}/qemu/{vmid}/migrate",
        "POST /nodes/{node}/qemu/{vmid}/migrate",
        "POST /nodes/{node}/lxc/{vmid}/migrate",
        "GET /cluster/ha/status/current",
        *GUEST_STATUS_CALLS,
        *TASK_CALLS,
    ),
    errors=(
        ("NODE_UNREACHABLE", "the target node is offline"),
        ("NOT_FOUND", "no such target node, or target_storage is not on it"),
        ("CONFLICT", "PVE's preconditions refuse it (a local device, storage missing on the target)"),
        ("VALIDATION_ERROR", "the target is the guest's own node"),
    ),
    plan=lambda p, guest: (
        f"migrate {guest} to node {p.target}"
        + (f", its local disks to storage {p.target_storage}" if p.target_storage else "")
    ),
    starts_task=True,
    guest_write=True,
    idempotent=True,
)
