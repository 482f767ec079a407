"""Snapshot tools."""

from __future__ import annotations

from typing import Annotated, Any

from mcp.server import MCPServer
from mcp.server.mcpserver import Context, Elicit, ElicitationResult, Resolve

from mcp_frontend.app import FrontendApp, app_of
from mcp_frontend.confirm import Approval, approved, confirm_guest_change
from mcp_frontend.tools.common import add_tool, annotations_for
from shared.catalogue import operation
from shared.operations.base import GuestNode
from shared.operations.changes import ChangeReport, Confirmed, WaitSeconds
from shared.operations.snapshots import (
    CreateSnapshotParams,
    ListSnapshotsParams,
    RollbackParams,
    SaveVmState,
    SnapshotDescription,
    SnapshotList,
    SnapshotResult,
    StartAfterRollback,
)
from shared.sanitize import SnapshotName, Vmid

__all__ = ["register"]

LIST_SNAPSHOTS = operation("list_snapshots")
CREATE_SNAPSHOT = operation("create_snapshot")
ROLLBACK_SNAPSHOT = operation("rollback_snapshot")


async def list_snapshots(ctx: Context[FrontendApp, Any], vmid: Vmid, node: GuestNode = None) -> SnapshotList:
    """List a VM's or container's snapshots: name, description, parent, time, whether RAM was saved.

    `current_parent` is the snapshot the guest's present state descends from.
    """
    params = ListSnapshotsParams(vmid=vmid, node=node)
    return await app_of(ctx).read(LIST_SNAPSHOTS, params, SnapshotList)


async def _confirm_snapshot(
    ctx: Context[FrontendApp, Any], vmid: int, name: str, node: str | None, vmstate: bool, confirmed: bool
) -> Approval | Elicit[Approval]:
    ram = " including its RAM" if vmstate else ""
    return await confirm_guest_change(
        ctx, confirmed=confirmed, action="create_snapshot", vmid=vmid, node=node,
        summary=lambda guest: f"take snapshot {name!r} of {guest}{ram}",
    )  # fmt: skip


async def _confirm_rollback(
    ctx: Context[FrontendApp, Any], vmid: int, name: str, node: str | None, start: bool, confirmed: bool
) -> Approval | Elicit[Approval]:
    then = ", then start it" if start else ""
    return await confirm_guest_change(
        ctx, confirmed=confirmed, action="rollback_snapshot", vmid=vmid, node=node,
        summary=lambda guest: f"roll {guest} back to snapshot {name!r}, discarding everything since{then}",
    )  # fmt: skip


async def create_snapshot(
    ctx: Context[FrontendApp, Any],
    vmid: Vmid,
    name: SnapshotName,
    approval: Annotated[ElicitationResult[Approval], Resolve(_confirm_snapshot)],
    description: SnapshotDescription = None,
    vmstate: SaveVmState = False,
    node: GuestNode = None,
    confirmed: Confirmed = False,
    wait_seconds: WaitSeconds = None,
) -> ChangeReport[SnapshotResult]:
    """Take a snapshot of a VM or container, optionally with the running VM's RAM (vmstate).

    The name must be new for the guest ('current' and 'vzdump' are reserved by PVE).
    Restricted: needs the user's confirmation. Roll back to it with rollback_snapshot.
    """
    approved(approval, f"snapshot {name} of guest {vmid}")
    params = CreateSnapshotParams(
        vmid=vmid, node=node, name=name, description=description, vmstate=vmstate, confirmed=True
    )
    return await app_of(ctx).change(ctx, CREATE_SNAPSHOT, params, SnapshotResult, wait_seconds)


async def rollback_snapshot(
    ctx: Context[FrontendApp, Any],
    vmid: Vmid,
    name: SnapshotName,
    approval: Annotated[ElicitationResult[Approval], Resolve(_confirm_rollback)],
    start: StartAfterRollback = False,
    node: GuestNode = None,
    confirmed: Confirmed = False,
    wait_seconds: WaitSeconds = None,
) -> ChangeReport[SnapshotResult]:
    """Roll a VM or container back to one of its snapshots: what changed since is lost.

    Restricted: needs the user's confirmation. list_snapshots shows the names.
    """
    approved(approval, f"roll back guest {vmid} to {name}")
    params = RollbackParams(vmid=vmid, node=node, name=name, start=start, confirmed=True)
    return await app_of(ctx).change(ctx, ROLLBACK_SNAPSHOT, params, SnapshotResult, wait_seconds)


def register(server: MCPServer[FrontendApp]) -> None:
    add_tool(server, list_snapshots, annotations_for(LIST_SNAPSHOTS, "List snapshots"))
    add_tool(server, create_snapshot, annotations_for(CREATE_SNAPSHOT, "Take a snapshot", idempotent=False))
    add_tool(
        server,
        rollback_snapshot,
        annotations_for(ROLLBACK_SNAPSHOT, "Roll back to a snapshot", idempotent=True, destructive=True),
    )
