"""Cloud-init tool."""

from __future__ import annotations

from typing import Annotated, Any

from mcp.server import MCPServer
from mcp.server.mcpserver import Context, Elicit, ElicitationResult, Resolve
from pydantic import Field

from mcp_frontend.app import FrontendApp, app_of
from mcp_frontend.confirm import Approval, approved, confirm_guest_change
from mcp_frontend.tools.common import Password, add_tool, annotations_for, hashed
from shared.catalogue import operation
from shared.operations.base import GuestNode
from shared.operations.changes import ChangeReport, Confirmed, WaitSeconds
from shared.operations.cloudinit import (
    CiSshKeys,
    CiUser,
    CloudInitParams,
    CloudInitResult,
    IpConfigs,
    Nameserver,
    SearchDomain,
    require_something_to_set,
)
from shared.sanitize import Vmid

__all__ = ["register"]

SET_CLOUDINIT = operation("set_vm_cloudinit")

CiPassword = Annotated[
    Password, Field(description="Password for the user. Hashed (sha512-crypt) before it leaves this server.")
]


async def _confirm(
    ctx: Context[FrontendApp, Any],
    vmid: int,
    node: str | None,
    ciuser: str | None,
    cipassword: str | None,
    sshkeys: list[str] | None,
    ipconfig: dict[int, str] | None,
    nameserver: str | None,
    searchdomain: str | None,
    confirmed: bool,
) -> Approval | Elicit[Approval]:
    require_something_to_set(ciuser, cipassword, sshkeys, ipconfig, nameserver, searchdomain)
    keys = [
        name
        for name, value in (
            ("user", ciuser), ("password", cipassword), ("SSH keys", sshkeys), ("network", ipconfig),
            ("DNS servers", nameserver), ("search domain", searchdomain),
        )
        if value is not None
    ]  # fmt: skip
    what = ", ".join(keys) or "settings"
    return await confirm_guest_change(
        ctx, confirmed=confirmed, action="set_vm_cloudinit", vmid=vmid, node=node,
        summary=lambda guest: f"set cloud-init {what} of {guest} and rebuild its cloud-init drive",
    )  # fmt: skip


async def set_vm_cloudinit(
    ctx: Context[FrontendApp, Any],
    vmid: Vmid,
    approval: Annotated[ElicitationResult[Approval], Resolve(_confirm)],
    node: GuestNode = None,
    ciuser: CiUser = None,
    cipassword: CiPassword = None,
    sshkeys: CiSshKeys = None,
    ipconfig: IpConfigs = None,
    nameserver: Nameserver = None,
    searchdomain: SearchDomain = None,
    confirmed: Confirmed = False,
    wait_seconds: WaitSeconds = None,
) -> ChangeReport[CloudInitResult]:
    """Set a VM's cloud-init user, password, SSH keys, IP configuration and DNS; rebuild its cloud-init drive.

    Only what differs from the current configuration is changed, and the answer shows each
    change (before and after, secrets redacted). The guest applies it at its next boot. SSH
    keys are encoded the way PVE requires. Restricted: needs the user's confirmation.
    """
    approved(approval, f"set cloud-init of VM {vmid}")
    params = CloudInitParams(
        vmid=vmid, node=node, ciuser=ciuser, cipassword_hash=hashed(cipassword), sshkeys=sshkeys, ipconfig=ipconfig,
        nameserver=nameserver, searchdomain=searchdomain, confirmed=True,
    )  # fmt: skip
    return await app_of(ctx).change(ctx, SET_CLOUDINIT, params, CloudInitResult, wait_seconds)


def register(server: MCPServer[FrontendApp]) -> None:
    add_tool(server, set_vm_cloudinit, annotations_for(SET_CLOUDINIT, "Set cloud-init", idempotent=True))
