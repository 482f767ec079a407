"""Delete tool (Critical)."""

from __future__ import annotations

from typing import Annotated, Any

from mcp.server import MCPServer
from mcp.server.mcpserver import Context, Elicit, ElicitationResult, Resolve

from mcp_frontend.app import FrontendApp, app_of
from mcp_frontend.confirm import Approval, Plan, approved, confirm_guest_change, require_danger_allowed
from mcp_frontend.tools.common import add_tool, annotations_for
from shared.catalogue import operation
from shared.errors import ConfirmationRequired
from shared.operations.base import GuestNode
from shared.operations.changes import ChangeReport, Confirmed, WaitSeconds
from shared.operations.delete import ConfirmVmid, DeleteParams, DeleteResult, DestroyUnreferenced, Purge, StopFirst
from shared.sanitize import Vmid

__all__ = ["register"]

DELETE = operation("delete_instance")


async def _confirm(
    ctx: Context[FrontendApp, Any],
    vmid: int,
    confirm_vmid: int,
    node: str | None,
    purge: bool,
    stop_first: bool,
    confirmed: bool,
) -> Approval | Elicit[Approval]:
    require_danger_allowed(app_of(ctx), Plan(action="delete_instance", summary=f"delete guest {vmid}", vmid=vmid))
    if confirm_vmid != vmid:
        raise ConfirmationRequired(
            f"confirm_vmid {confirm_vmid} does not match vmid {vmid}; nothing was deleted",
            hint="Type the VMID of the guest to delete again as confirm_vmid.",
        )
    stop = ", stopping it first" if stop_first else ""
    purged = ", and purge it from backup jobs, replication and HA" if purge else ""
    return await confirm_guest_change(
        ctx, confirmed=confirmed, action="delete_instance", vmid=vmid, node=node,
        summary=lambda guest: f"DELETE {guest} and its disks{stop}{purged} — this cannot be undone",
    )  # fmt: skip


async def delete_instance(
    ctx: Context[FrontendApp, Any],
    vmid: Vmid,
    confirm_vmid: ConfirmVmid,
    approval: Annotated[ElicitationResult[Approval], Resolve(_confirm)],
    node: GuestNode = None,
    purge: Purge = False,
    destroy_unreferenced_disks: DestroyUnreferenced = True,
    stop_first: StopFirst = False,
    confirmed: Confirmed = False,
    wait_seconds: WaitSeconds = None,
) -> ChangeReport[DeleteResult]:
    """Delete a VM or container and its disks. Critical: this cannot be undone.

    Refused unless the server runs with PROXMOX_ALLOW_DANGER=true; then it needs the user's
    confirmation and the VMID typed again as confirm_vmid. A running guest is refused unless
    stop_first=true (it is then stopped hard, then destroyed).
    """
    approved(approval, f"delete guest {vmid}")
    params = DeleteParams(
        vmid=vmid, node=node, confirm_vmid=confirm_vmid, purge=purge,
        destroy_unreferenced_disks=destroy_unreferenced_disks, stop_first=stop_first, confirmed=True,
    )  # fmt: skip
    return await app_of(ctx).change(ctx, DELETE, params, DeleteResult, wait_seconds)


def register(server: MCPServer[FrontendApp]) -> None:
    add_tool(server, delete_instance, annotations_for(DELETE, "Delete a guest", idempotent=True))
