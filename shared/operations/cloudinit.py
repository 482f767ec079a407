"""Cloud-init settings of a qemu VM."""

from __future__ import annotations

import re
from typing import Annotated, Self

from pydantic import AfterValidator, Field, StringConstraints, model_validator

from shared.errors import InvalidInput
from shared.operations.base import Result
from shared.operations.changes import GuestChangeParams
from shared.sanitize import PasswordHash, SshPublicKey

__all__ = [
    "CiSshKeys",
    "CiUser",
    "CloudInitChange",
    "CloudInitParams",
    "CloudInitResult",
    "IpConfig",
    "IpConfigs",
    "Nameserver",
    "SearchDomain",
    "require_something_to_set",
]

# ipconfigN: [gw=<GatewayIPv4>] [,gw6=<GatewayIPv6>] [,ip=<IPv4Format/CIDR>] [,ip6=<IPv6Format/CIDR>]
_IPCONFIG = re.compile(
    r"^(?:(?:ip|gw|ip6|gw6)=[0-9A-Fa-f.:/]+|ip=dhcp|ip6=(?:dhcp|auto))(?:,(?:(?:ip|gw|ip6|gw6)=[0-9A-Fa-f.:/]+|ip=dhcp|ip6=(?:dhcp|auto)))*$"
)
IpConfig = Annotated[
    str,
    StringConstraints(max_length=256),
    Field(description="PVE's ipconfig string, e.g. 'ip=dhcp' or 'ip=10.0.0.5/24,gw=10.0.0.1'."),
]


CiUser = Annotated[
    str | None,
    StringConstraints(pattern=r"^[a-z_][a-z0-9_\-]{0,31}$"),
    Field(description="User cloud-init creates (instead of the image's default user)."),
]
CiSshKeys = Annotated[
    list[SshPublicKey] | None, Field(max_length=32, description="SSH public keys for the user (replaces the set).")
]
NicIndex = Annotated[int, Field(ge=0, le=31)]


def _ipconfigs(value: dict[int, str] | None) -> dict[int, str] | None:
    for index, text in (value or {}).items():
        if not _IPCONFIG.match(text):
            raise InvalidInput(f"ipconfig{index} {text!r} is not 'ip=dhcp' or 'ip=<cidr>,gw=<ip>' style")
    return value


def require_something_to_set(*values: object) -> None:
    """Refuse a call that sets nothing (the tool checks before asking the user, the payload again)."""
    if all(value is None for value in values):
        raise InvalidInput("nothing to set", hint="Give at least one of ciuser, password, sshkeys, ipconfig, ...")


# The ipconfig check lives in the type so the tool's own argument is checked before the user is asked.
IpConfigs = Annotated[
    dict[NicIndex, IpConfig] | None,
    Field(
        max_length=32,
        description='Per NIC index 0-31 (the N of ipconfigN): {"0": "ip=dhcp"} or '
        '{"0": "ip=10.0.0.5/24,gw=10.0.0.1"}; ip6=dhcp, ip6=auto and ip6/gw6 too.',
    ),
    AfterValidator(_ipconfigs),
]
Nameserver = Annotated[
    str | None,
    StringConstraints(pattern=r"^[0-9A-Fa-f.: ]{2,255}$"),
    Field(description="DNS servers, space-separated."),
]
SearchDomain = Annotated[
    str | None,
    StringConstraints(pattern=r"^[a-zA-Z0-9.\- ]{1,255}$"),
    Field(description="DNS search domains, space-separated."),
]


class CloudInitParams(GuestChangeParams):
    ciuser: CiUser = None
    #: the frontend hashes the password it was given
    cipassword_hash: PasswordHash | None = None
    sshkeys: CiSshKeys = None
    ipconfig: IpConfigs = None
    nameserver: Nameserver = None
    searchdomain: SearchDomain = None

    @model_validator(mode="after")
    def _something_to_set(self) -> Self:
        require_something_to_set(
            self.ciuser, self.cipassword_hash, self.sshkeys, self.ipconfig, self.nameserver, self.searchdomain
        )
        return self


class CloudInitChange(Result):
    before: str | None
    after: str | None


class CloudInitResult(Result):
    vmid: int
    node: str
    changed: dict[str, CloudInitChange] = Field(description="Each cloud-init key that changed (secrets redacted).")
    regenerated: bool = Field(description="True when the cloud-init drive was rebuilt with the new settings.")
    applies_on: str = Field(description="When the guest sees the change (cloud-init runs at boot).")
