"""Creating VMs and containers."""

from __future__ import annotations

import re
from typing import Annotated, Self

from pydantic import AfterValidator, Field, StringConstraints, model_validator

from shared.errors import InvalidInput
from shared.operations.base import Result
from shared.operations.changes import ChangeParams
from shared.sanitize import GuestKind, NodeName, PasswordHash, SshPublicKey, StorageId, Vmid

__all__ = [
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
_IPV4_CIDR = re.compile(r"^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})/(\d{1,2})$")

GuestName = Annotated[
    str,
    StringConstraints(pattern=r"^[a-zA-Z0-9]([a-zA-Z0-9\-.]*[a-zA-Z0-9])?$", max_length=63),
    Field(description="Name: a DNS name of letters, digits, '-' and '.', e.g. 'web01'."),
]
NewVmid = Annotated[Vmid | None, Field(description="VMID for the new guest. Omit it: the next free one is taken.")]
Cores = Annotated[int, Field(ge=1, le=512, description="CPU cores.")]
MemoryMb = Annotated[int, Field(ge=16, le=4 * 1024 * 1024, description="Memory in MiB.")]
SwapMb = Annotated[int, Field(ge=0, le=4 * 1024 * 1024, description="Swap in MiB.")]
DiskGb = Annotated[int, Field(ge=1, le=65536, description="Size of the (root) disk in GiB.")]
TargetStorage = Annotated[
    StorageId, Field(description="Storage for the disk (list_storage with content 'images' or 'rootdir').")
]
Bridge = Annotated[
    str,
    StringConstraints(pattern=r"^[a-zA-Z][a-zA-Z0-9_.\-]{0,14}$"),
    Field(description="Network bridge the first NIC attaches to."),
]
StartAfter = Annotated[bool, Field(description="Start the guest once it is created.")]
Description = Annotated[str | None, Field(max_length=8192, description="Notes shown in PVE's summary.")]


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


def _ip(value: str) -> str:
    found = _IPV4_CIDR.match(value)
    if value == "dhcp" or (found and all(int(p) <= 255 for p in found.groups()[:4]) and int(found[5]) <= 32):
        return value
    raise InvalidInput(f"ip {value!r} is neither 'dhcp' nor an IPv4 address with prefix like 10.0.0.5/24")


def check_gateway(ip: str, gateway: str | None) -> None:
    """A gateway belongs to a static address (the tool checks it before asking the user, the payload again)."""
    if gateway is not None and ip == "dhcp":
        raise InvalidInput("gateway only goes with a static ip", hint="Give ip='10.0.0.5/24' too, or drop gateway.")


# The checks live in the types (not in the models' validators) so the tool's own arguments are
# checked by them too, before the user is asked to approve a plan built from them.
IsoVolume = Annotated[
    str | None,
    StringConstraints(pattern=_VOLID, max_length=255),
    AfterValidator(_iso_volume),
    Field(description="ISO to boot from, as a volid like 'local:iso/debian-13.iso' (list_storage_content)."),
]
OsType = Annotated[
    str,
    StringConstraints(pattern=r"^(other|wxp|w2k|w2k3|w2k8|wvista|win7|win8|win10|win11|l24|l26|solaris)$"),
    Field(description="Guest OS type, tunes defaults: l26 (Linux), win11, win10, other..."),
]
TemplateVolume = Annotated[
    str,
    StringConstraints(pattern=_VOLID, max_length=255),
    AfterValidator(_template_volume),
    Field(description="Container template volid, like 'local:vztmpl/debian-13-standard_13.1-2_amd64.tar.zst'."),
]
SshKeys = Annotated[list[SshPublicKey] | None, Field(max_length=32, description="SSH public keys for root.")]
IpSetting = Annotated[
    str,
    StringConstraints(pattern=r"^(dhcp|\d{1,3}(\.\d{1,3}){3}/\d{1,2})$"),
    AfterValidator(_ip),
    Field(description="'dhcp' or an IPv4 address with prefix, e.g. '10.0.0.5/24'."),
]
Gateway = Annotated[
    str | None,
    StringConstraints(pattern=r"^\d{1,3}(\.\d{1,3}){3}$"),
    Field(description="IPv4 gateway, with a static ip."),
]
Unprivileged = Annotated[
    bool,
    Field(
        description="Run as an unprivileged container (the safer default). An unprivileged one is created "
        "with features nesting=1."
    ),
]


class _CreateCommon(ChangeParams):
    """Sizes and choices have no defaults here: the create tools' signatures hold them (the agent's
    contract), and a payload states every one."""

    node: NodeName
    vmid: NewVmid = None
    cores: Cores
    storage: TargetStorage
    bridge: Bridge
    start: StartAfter
    description: Description = None


class CreateVmParams(_CreateCommon):
    name: GuestName
    memory_mb: MemoryMb
    disk_gb: DiskGb
    iso: IsoVolume = None
    ostype: OsType


class CreateLxcParams(_CreateCommon):
    hostname: GuestName
    ostemplate: TemplateVolume
    memory_mb: MemoryMb
    swap_mb: SwapMb
    disk_gb: DiskGb
    #: the frontend hashes the password it was given, so no clear text is ever stored or logged
    password_hash: PasswordHash | None = None
    ssh_public_keys: SshKeys = None
    ip: IpSetting
    gateway: Gateway = None
    unprivileged: Unprivileged

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
