"""Power tool."""

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
from shared.operations.power import PowerActionArg, PowerParams, PowerResult, ShutdownTimeout
from shared.sanitize import Vmid

__all__ = ["register"]

POWER = operation("power_control")


async def _confirm(
    ctx: Context[FrontendApp, Any], vmid: int, action: str, node: str | None, confirmed: bool
) -> Approval | Elicit[Approval]:
    return await confirm_guest_change(
        ctx, confirmed=confirmed, action=action, vmid=vmid, node=node, summary=lambda guest: f"{action} {guest}"
    )


async def power_control(
    ctx: Context[FrontendApp, Any],
    vmid: Vmid,
    action: PowerActionArg,
    approval: Annotated[ElicitationResult[Approval], Resolve(_confirm)],
    node: GuestNode = None,
    timeout: ShutdownTimeout = None,
    confirmed: Confirmed = False,
    wait_seconds: WaitSeconds = None,
) -> ChangeReport[PowerResult]:
    """Start, stop (hard), shut down (clean), reboot, suspend or resume a VM or container, and wait for it.

    Asking for the state the guest is already in is a successful no-op (changed=false). The
    PVE task is followed to its end: the answer names its UPID, exit status and duration, and
    progress is reported while it runs. Restricted: needs the user's confirmation.
    """
    approved(approval, f"{action} guest {vmid}")
    params = PowerParams(vmid=vmid, node=node, action=action, timeout=timeout, confirmed=True)
    return await app_of(ctx).change(ctx, POWER, params, PowerResult, wait_seconds)


def register(server: MCPServer[FrontendApp]) -> None:
    # stop is a hard power-off and reboot runs again on every call: destructive, and not idempotent
    add_tool(server, power_control, annotations_for(POWER, "Power a guest", idempotent=False, destructive=True))
