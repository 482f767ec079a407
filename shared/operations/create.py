"""Creating VMs and containers."""

from __future__ import annotations

from typing import Annotated, Literal, Self

from pydantic import AfterValidator, Field, StringConstraints, model_validator

from shared.errors import InvalidInput
from shared.formats import checked, cidr_v4, dns_name, ipv4
from shared.operations.base import Result
from shared.operations.changes import TASK_CALLS, ChangeParams
from shared.operations.operation import Operation, ToolArgument
from shared.passwords import Password, hashed
from shared.safety import Tier
from shared.sanitize import GuestKind, NodeName, PasswordHash, SshPublicKey, StorageId, Vmid

__all__ = [
    "CREATE_LXC",
    "CREATE_VM",
    "Bridge",
    "Cores",
    "CreateLxcParams",
    "CreateResult",
    "CreateVmParams",
    "Description",
    "DiskGb",
    "Gateway",
    "GuestName",
    "IpSetting",
    "IsoVolume",
    "MemoryMb",
    "NewVmid",
    "OsType",
    "SshKeys",
    "StartAfter",
    "SwapMb",
    "TargetStorage",
    "TemplateVolume",
    "Unprivileged",
    "check_gateway",
]

_VOLID = r"^[a-zA-Z][a-zA-Z0-9\-_.]*[a-zA-Z0-9]:[a-zA-Z0-9_.\-/+]+$"

#: PVE's dns-name (qemu-server's name, pve-container's hostname): no "a..b", no "a.-b"
GuestName = Annotated[
    str,
    StringConstraints(max_length=63),
    checked(dns_name),
    Field(description="A DNS name, e.g. 'web01'."),
]
NewVmid = Annotated[Vmid | None, Field(description="Omit it for the next free one.")]
Cores = Annotated[int, Field(ge=1, le=512)]
MemoryMb = Annotated[int, Field(ge=16, le=4 * 1024 * 1024)]
SwapMb = Annotated[int, Field(ge=0, le=4 * 1024 * 1024)]
DiskGb = Annotated[int, Field(ge=1, le=65536)]
#: where the disk goes (list_storage: content images or rootdir)
TargetStorage = StorageId
Bridge = Annotated[
    str,
    StringConstraints(pattern=r"^[a-zA-Z][a-zA-Z0-9_.\-]{0,14}$"),
    Field(description="Bridge of the first NIC."),
]
StartAfter = Annotated[bool, Field()]
Description = Annotated[str | None, Field(max_length=8192)]


def _iso_volume(value: str | None) -> str | None:
    if value is not None and ":iso/" not in value:
        raise InvalidInput(
            f"iso {value!r} is not an ISO volume ('<storage>:iso/<file>')",
            hint="Find one with list_storage_content(content='iso').",
        )
    return value


def _template_volume(value: str) -> str:
    if ":vztmpl/" not in value:
        raise InvalidInput(
            f"ostemplate {value!r} is not a container template ('<storage>:vztmpl/<file>')",
            hint="Find one with list_storage_content(content='vztmpl').",
        )
    return value


def _ip(value: str, role: str) -> str:
    """'dhcp', or PVE's CIDRv4 (pve-lxc-network's ip; a prefix of 8 to 32)."""
    return value if value == "dhcp" else cidr_v4(value, role)


def check_gateway(ip: str | None, gateway: str | None, *, ip_name: str = "ip", gateway_name: str = "gateway") -> None:
    """A gateway belongs to a static address, not dhcp, auto or manual (the tool checks it before asking
    the user, the payload again)."""
    if gateway is not None and ip in ("dhcp", "auto", "manual"):
        raise InvalidInput(
            f"{gateway_name} only goes with a static {ip_name}",
            hint=f"Give a static {ip_name} too (an address with its prefix length), or drop {gateway_name}.",
        )


# The checks live in the types (not in the models' validators) so the tool's own arguments are
# checked by them too, before the user is asked to approve a plan built from them.
IsoVolume = Annotated[
    str | None,
    StringConstraints(pattern=_VOLID, max_length=255),
    AfterValidator(_iso_volume),
    Field(description="ISO volid to boot, e.g. 'local:iso/debian-13.iso'."),
]
OsType = Annotated[
    Literal["other", "wxp", "w2k", "w2k3", "w2k8", "wvista", "win7", "win8", "win10", "win11", "l24", "l26", "solaris"],
    Field(description="Guest OS (l26: Linux)."),
]
TemplateVolume = Annotated[
    str,
    StringConstraints(pattern=_VOLID, max_length=255),
    AfterValidator(_template_volume),
    Field(description="Template volid (list_storage_content)."),
]
SshKeys = Annotated[list[SshPublicKey] | None, Field(max_length=32)]
IpSetting = Annotated[
    str,
    checked(_ip),
    Field(description="'dhcp' or an IPv4 CIDR, e.g. '10.0.0.5/24'."),
]
Gateway = Annotated[
    str | None,
    checked(ipv4),
    Field(description="IPv4 gateway of a static ip."),
]
Unprivileged = Annotated[
    bool,
    Field(description="Safer; made with features nesting=1."),
]


RootPassword = Annotated[
    Password,
    Field(description="Root password (hashed before it is queued)."),
]


class _CreateCommon(ChangeParams):
    node: NodeName
    vmid: NewVmid = None
    cores: Cores = 1
    storage: TargetStorage = "local-lvm"
    bridge: Bridge = "vmbr0"
    start: StartAfter = False
    description: Description = None

    def vmid_text(self) -> str:
        return f"VMID {self.vmid}" if self.vmid is not None else "the next free VMID"


class CreateVmParams(_CreateCommon):
    name: GuestName
    memory_mb: MemoryMb = 2048
    disk_gb: DiskGb = 32
    iso: IsoVolume = None
    ostype: OsType = "l26"


class CreateLxcParams(_CreateCommon):
    hostname: GuestName
    ostemplate: TemplateVolume
    memory_mb: MemoryMb = 1024
    swap_mb: SwapMb = 512
    disk_gb: DiskGb = 8
    #: the tool takes the clear password and queues its hash, so no clear text is ever stored or logged
    password_hash: Annotated[PasswordHash | None, ToolArgument("password", RootPassword, hashed)] = None
    ssh_public_keys: SshKeys = None
    ip: IpSetting = "dhcp"
    gateway: Gateway = None
    unprivileged: Unprivileged = True

    @model_validator(mode="after")
    def _gateway_needs_static_ip(self) -> Self:
        check_gateway(self.ip, self.gateway)
        return self


class CreateResult(Result):
    vmid: int
    node: str
    kind: GuestKind
    name: str
    started: bool
    status: str = Field(description="The guest's status after the task.")


def _vm_plan(p: CreateVmParams, _guest: str) -> str:
    return (
        f"create VM '{p.name}' ({p.vmid_text()}) on node {p.node}: {p.cores} cores, {p.memory_mb} MiB, "
        f"{p.disk_gb} GiB on {p.storage}"
        + (f", booting {p.iso}" if p.iso else "")
        + (", then start it" if p.start else "")
    )


def _lxc_plan(p: CreateLxcParams, _guest: str) -> str:
    kind = "unprivileged, with features nesting=1" if p.unprivileged else "privileged"
    return (
        f"create container '{p.hostname}' ({p.vmid_text()}) on node {p.node} from {p.ostemplate}: {p.cores} cores, "
        f"{p.memory_mb} MiB, {p.disk_gb} GiB on {p.storage}, {kind}" + (", then start it" if p.start else "")
    )


def _create_calls(kind: str) -> tuple[str, ...]:
    return (
        "GET /cluster/nextid",
        "GET /nodes/{node}/storage",
        "GET /nodes/{node}/storage/{storage}/content",
        f"POST /nodes/{{node}}/{kind}",
        f"GET /nodes/{{node}}/{kind}/{{vmid}}/config",
        f"POST /nodes/{{node}}/{kind}/{{vmid}}/status/start",
        f"GET /nodes/{{node}}/{kind}/{{vmid}}/status/current",
        "GET /cluster/resources",
        *TASK_CALLS,
    )


CREATE_VM = Operation(
    "create_vm",
    "Create a VM",
    Tier.RESTRICTED,
    CreateVmParams,
    CreateResult,
    description="""
        Create a qemu VM: a disk on storage, a virtio NIC on bridge, maybe an ISO to boot.

        The storage and the ISO are checked before anything is created; without `vmid` the next
        free one is taken. Disk allocation progress is reported while the task runs. Restricted:
        needs the user's confirmation. Next: power_control to start it (or start=true here).
        """,
    pve_calls=_create_calls("qemu"),
    errors=(
        ("CONFLICT", "the requested vmid is in use"),
        ("NOT_FOUND", "the storage cannot hold disks on that node, or the ISO does not exist"),
    ),
    plan=_vm_plan,
    starts_task=True,
    guest_write=True,
    idempotent=False,
)
CREATE_LXC = Operation(
    "create_lxc",
    "Create a container",
    Tier.RESTRICTED,
    CreateLxcParams,
    CreateResult,
    description="""
        Create an LXC container from a template, eth0 on bridge by DHCP or a static ip.

        eth0 goes on `bridge` with DHCP or a static `ip`/`gateway`. An unprivileged container (the
        default) is created with features nesting=1, which systemd in current distributions needs.
        The template and storage are checked first; without `vmid` the next free one is taken. A
        password is hashed before it is queued and never stored or logged in clear. Restricted:
        needs the user's confirmation.
        """,
    pve_calls=_create_calls("lxc"),
    errors=(
        ("CONFLICT", "the requested vmid is in use"),
        ("NOT_FOUND", "the storage cannot hold container disks on that node, or the template does not exist"),
    ),
    plan=_lxc_plan,
    starts_task=True,
    guest_write=True,
    idempotent=False,
)
