"""Cloud-init tool."""

from __future__ import annotations

from typing import Annotated, Any

from mcp.server.mcpserver import Context, Elicit, ElicitationResult, Resolve
from pydantic import Field

from mcp_frontend.app import app_of
from mcp_frontend.confirm import Approval, Plan, approved, ask, describe_guest
from mcp_frontend.tools.common import add_tool, annotations_for
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
)
from shared.passwords import hash_password
from shared.sanitize import Vmid

__all__ = ["register"]

SET_CLOUDINIT = operation("set_vm_cloudinit")

CiPassword = Annotated[
    str | None,
    Field(
        min_length=5,
        max_length=256,
        json_schema_extra={"format": "password"},
        description="Password for the user. Hashed (sha512-crypt) before it leaves this server.",
    ),
]


async def _confirm(
    ctx: Context[Any, Any],
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
    if confirmed:
        return Approval(approve=True)
    guest, found_node = await describe_guest(app_of(ctx), vmid, node)
    keys = [
        name
        for name, value in (
            ("user", ciuser), ("password", cipassword), ("SSH keys", sshkeys), ("network", ipconfig),
            ("DNS servers", nameserver), ("search domain", searchdomain),
        )
        if value is not None
    ]  # fmt: skip
    summary = f"set cloud-init {', '.join(keys) or 'settings'} of {guest} and rebuild its cloud-init drive"
    return ask(ctx, confirmed, Plan(action="set_vm_cloudinit", summary=summary, node=found_node, vmid=vmid))


async def set_vm_cloudinit(
    ctx: Context[Any, Any],
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
    hashed = hash_password(cipassword) if cipassword is not None else None
    params = CloudInitParams(
        vmid=vmid, node=node, ciuser=ciuser, cipassword_hash=hashed, sshkeys=sshkeys, ipconfig=ipconfig,
        nameserver=nameserver, searchdomain=searchdomain, confirmed=True,
    )  # fmt: skip
    return await app_of(ctx).change(ctx, SET_CLOUDINIT, params, CloudInitResult, wait_seconds)


def register(server: Any) -> None:
    add_tool(server, set_vm_cloudinit, annotations_for(SET_CLOUDINIT, "Set cloud-init", idempotent=True))
