"""Creating VMs and containers."""

from __future__ import annotations

import re
from typing import Annotated, Self

from pydantic import Field, StringConstraints, field_validator, model_validator

from shared.errors import InvalidInput
from shared.operations.base import Result
from shared.operations.changes import ChangeParams
from shared.sanitize import GuestKind, NodeName, PasswordHash, SshPublicKey, StorageId, Vmid

__all__ = [
    "BRIDGE_PATTERN",
    "VOLID_PATTERN",
    "CreateLxcParams",
    "CreateResult",
    "CreateVmParams",
    "GuestName",
]

GuestName = Annotated[
    str,
    StringConstraints(pattern=r"^[a-zA-Z0-9]([a-zA-Z0-9\-.]*[a-zA-Z0-9])?$", max_length=63),
    Field(description="Name (a DNS name: letters, digits, '-' and '.'), e.g. 'web01'."),
]
BRIDGE_PATTERN = r"^[a-zA-Z][a-zA-Z0-9_.\-]{0,14}$"
VOLID_PATTERN = r"^[a-zA-Z][a-zA-Z0-9\-_.]*[a-zA-Z0-9]:[a-zA-Z0-9_.\-/+]+$"
_IPV4_CIDR = re.compile(r"^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})/(\d{1,2})$")


class _CreateCommon(ChangeParams):
    node: NodeName
    vmid: Vmid | None = None
    cores: Annotated[int, Field(ge=1, le=512)] = 1
    memory_mb: Annotated[int, Field(ge=16, le=4 * 1024 * 1024)] = 1024
    disk_gb: Annotated[int, Field(ge=1, le=65536)] = 8
    storage: StorageId = "local-lvm"
    bridge: Annotated[str, StringConstraints(pattern=BRIDGE_PATTERN)] = "vmbr0"
    start: bool = False
    description: Annotated[str | None, Field(max_length=8192)] = None


class CreateVmParams(_CreateCommon):
    name: GuestName
    iso: Annotated[str | None, StringConstraints(pattern=VOLID_PATTERN, max_length=255)] = None
    ostype: Annotated[
        str, StringConstraints(pattern=r"^(other|wxp|w2k|w2k3|w2k8|wvista|win7|win8|win10|win11|l24|l26|solaris)$")
    ] = "l26"
    disk_gb: Annotated[int, Field(ge=1, le=65536)] = 32
    memory_mb: Annotated[int, Field(ge=16, le=4 * 1024 * 1024)] = 2048

    @field_validator("iso")
    @classmethod
    def _iso_volume(cls, value: str | None) -> str | None:
        if value is not None and ":iso/" not in value:
            raise InvalidInput(
                f"iso {value!r} is not an ISO volume ('<storage>:iso/<file>')",
                hint="Find one with list_storage_content(content='iso').",
            )
        return value


class CreateLxcParams(_CreateCommon):
    hostname: GuestName
    ostemplate: Annotated[str, StringConstraints(pattern=VOLID_PATTERN, max_length=255)]
    swap_mb: Annotated[int, Field(ge=0, le=4 * 1024 * 1024)] = 512
    #: the frontend hashes the password it was given, so no clear text is ever stored or logged
    password_hash: PasswordHash | None = None
    ssh_public_keys: Annotated[list[SshPublicKey], Field(max_length=32)] = Field(default_factory=list)
    ip: Annotated[str, Field(description="'dhcp' or an IPv4 address with prefix, e.g. '10.0.0.5/24'.")] = "dhcp"
    gateway: Annotated[str | None, StringConstraints(pattern=r"^\d{1,3}(\.\d{1,3}){3}$")] = None
    unprivileged: bool = True

    @field_validator("ostemplate")
    @classmethod
    def _template_volume(cls, value: str) -> str:
        if ":vztmpl/" not in value:
            raise InvalidInput(
                f"ostemplate {value!r} is not a container template ('<storage>:vztmpl/<file>')",
                hint="Find one with list_storage_content(content='vztmpl').",
            )
        return value

    @field_validator("ip")
    @classmethod
    def _ip(cls, value: str) -> str:
        found = _IPV4_CIDR.match(value)
        if value == "dhcp" or (found and all(int(p) <= 255 for p in found.groups()[:4]) and int(found[5]) <= 32):
            return value
        raise InvalidInput(f"ip {value!r} is neither 'dhcp' nor an IPv4 address with prefix like 10.0.0.5/24")

    @model_validator(mode="after")
    def _gateway_needs_static_ip(self) -> Self:
        if self.gateway is not None and self.ip == "dhcp":
            raise InvalidInput("gateway only goes with a static ip", hint="Give ip='10.0.0.5/24' too, or drop gateway.")
        return self


class CreateResult(Result):
    vmid: int
    node: str
    kind: GuestKind
    name: str
    started: bool
    status: str = Field(description="The guest's status after the task.")
