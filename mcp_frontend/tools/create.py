"""Create tools: VMs and containers."""

from __future__ import annotations

from typing import Annotated, Any

from mcp.server import MCPServer
from mcp.server.mcpserver import Context, Elicit, ElicitationResult, Resolve
from pydantic import Field

from mcp_frontend.app import FrontendApp, app_of
from mcp_frontend.confirm import Approval, Plan, approved, ask
from mcp_frontend.tools.common import Password, add_tool, annotations_for, hashed
from shared.catalogue import operation
from shared.operations.changes import ChangeReport, Confirmed, WaitSeconds
from shared.operations.create import (
    Bridge,
    Cores,
    CreateLxcParams,
    CreateResult,
    CreateVmParams,
    Description,
    DiskGb,
    Gateway,
    GuestName,
    IpSetting,
    IsoVolume,
    MemoryMb,
    NewVmid,
    OsType,
    SshKeys,
    StartAfter,
    SwapMb,
    TargetStorage,
    TemplateVolume,
    Unprivileged,
    check_gateway,
)
from shared.sanitize import NodeName

__all__ = ["register"]

CREATE_VM = operation("create_vm")
CREATE_LXC = operation("create_lxc")

RootPassword = Annotated[
    Password,
    Field(description="Root password. It is hashed (sha512-crypt) before it leaves this server; prefer SSH keys."),
]


def _vmid_text(vmid: int | None) -> str:
    return f"VMID {vmid}" if vmid is not None else "the next free VMID"


async def _confirm_vm(
    ctx: Context[FrontendApp, Any],
    node: str,
    name: str,
    vmid: int | None,
    cores: int,
    memory_mb: int,
    disk_gb: int,
    storage: str,
    iso: str | None,
    start: bool,
    confirmed: bool,
) -> Approval | Elicit[Approval]:
    summary = (
        f"create VM '{name}' ({_vmid_text(vmid)}) on node {node}: {cores} cores, {memory_mb} MiB, "
        f"{disk_gb} GiB on {storage}" + (f", booting {iso}" if iso else "") + (", then start it" if start else "")
    )
    return ask(ctx, confirmed, Plan(action="create_vm", summary=summary, node=node, vmid=vmid))


async def _confirm_lxc(
    ctx: Context[FrontendApp, Any],
    node: str,
    hostname: str,
    ostemplate: str,
    vmid: int | None,
    cores: int,
    memory_mb: int,
    disk_gb: int,
    storage: str,
    unprivileged: bool,
    ip: str,
    gateway: str | None,
    start: bool,
    confirmed: bool,
) -> Approval | Elicit[Approval]:
    check_gateway(ip, gateway)
    kind = "unprivileged, with features nesting=1" if unprivileged else "privileged"
    summary = (
        f"create container '{hostname}' ({_vmid_text(vmid)}) on node {node} from {ostemplate}: {cores} cores, "
        f"{memory_mb} MiB, {disk_gb} GiB on {storage}, {kind}" + (", then start it" if start else "")
    )
    return ask(ctx, confirmed, Plan(action="create_lxc", summary=summary, node=node, vmid=vmid))


async def create_vm(
    ctx: Context[FrontendApp, Any],
    node: NodeName,
    name: GuestName,
    approval: Annotated[ElicitationResult[Approval], Resolve(_confirm_vm)],
    vmid: NewVmid = None,
    cores: Cores = 1,
    memory_mb: MemoryMb = 2048,
    disk_gb: DiskGb = 32,
    storage: TargetStorage = "local-lvm",
    iso: IsoVolume = None,
    ostype: OsType = "l26",
    bridge: Bridge = "vmbr0",
    start: StartAfter = False,
    description: Description = None,
    confirmed: Confirmed = False,
    wait_seconds: WaitSeconds = None,
) -> ChangeReport[CreateResult]:
    """Create a qemu VM: a disk on `storage`, a virtio NIC on `bridge`, optionally an ISO to install from.

    The storage and the ISO are checked before anything is created; without `vmid` the next
    free one is taken. Disk allocation progress is reported while the task runs. Restricted:
    needs the user's confirmation. Next: power_control to start it (or start=true here).
    """
    approved(approval, f"create VM {name} on {node}")
    params = CreateVmParams(
        node=node, name=name, vmid=vmid, cores=cores, memory_mb=memory_mb, disk_gb=disk_gb, storage=storage,
        iso=iso, ostype=ostype, bridge=bridge, start=start, description=description, confirmed=True,
    )  # fmt: skip
    return await app_of(ctx).change(ctx, CREATE_VM, params, CreateResult, wait_seconds)


async def create_lxc(
    ctx: Context[FrontendApp, Any],
    node: NodeName,
    hostname: GuestName,
    ostemplate: TemplateVolume,
    approval: Annotated[ElicitationResult[Approval], Resolve(_confirm_lxc)],
    vmid: NewVmid = None,
    cores: Cores = 1,
    memory_mb: MemoryMb = 1024,
    swap_mb: SwapMb = 512,
    disk_gb: DiskGb = 8,
    storage: TargetStorage = "local-lvm",
    password: RootPassword = None,
    ssh_public_keys: SshKeys = None,
    ip: IpSetting = "dhcp",
    gateway: Gateway = None,
    bridge: Bridge = "vmbr0",
    unprivileged: Unprivileged = True,
    start: StartAfter = False,
    description: Description = None,
    confirmed: Confirmed = False,
    wait_seconds: WaitSeconds = None,
) -> ChangeReport[CreateResult]:
    """Create an LXC container from a template (see list_storage_content with content='vztmpl').

    eth0 goes on `bridge` with DHCP or a static `ip`/`gateway`. An unprivileged container (the
    default) is created with features nesting=1, which systemd in current distributions needs.
    The template and storage are checked first; without `vmid` the next free one is taken. A
    password is hashed before it is queued and never stored or logged in clear. Restricted:
    needs the user's confirmation.
    """
    approved(approval, f"create container {hostname} on {node}")
    params = CreateLxcParams(
        node=node, hostname=hostname, ostemplate=ostemplate, vmid=vmid, cores=cores, memory_mb=memory_mb,
        swap_mb=swap_mb, disk_gb=disk_gb, storage=storage,
        password_hash=hashed(password),
        ssh_public_keys=ssh_public_keys, ip=ip, gateway=gateway, bridge=bridge, unprivileged=unprivileged,
        start=start, description=description, confirmed=True,
    )  # fmt: skip
    return await app_of(ctx).change(ctx, CREATE_LXC, params, CreateResult, wait_seconds)


def register(server: MCPServer[FrontendApp]) -> None:
    add_tool(server, create_vm, annotations_for(CREATE_VM, "Create a VM", idempotent=False))
    add_tool(server, create_lxc, annotations_for(CREATE_LXC, "Create a container", idempotent=False))
