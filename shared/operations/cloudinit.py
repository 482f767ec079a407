"""Cloud-init settings of a qemu VM."""

from __future__ import annotations

from typing import Annotated, Self

from pydantic import AfterValidator, Field, Strict, StringConstraints, model_validator

from shared.errors import InvalidInput
from shared.formats import address_list, checked, dns_name_list, ipconfig
from shared.operations.base import Result
from shared.operations.changes import GuestChangeParams
from shared.operations.operation import Operation, ToolArgument
from shared.passwords import Password, hashed
from shared.safety import Tier
from shared.sanitize import PasswordHash, SshPublicKey

__all__ = [
    "SET_VM_CLOUDINIT",
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

IpConfig = Annotated[
    str,
    StringConstraints(max_length=256),
]


CiUser = Annotated[
    str | None,
    StringConstraints(pattern=r"^[a-z_][a-z0-9_\-]{0,31}$"),
    Field(description="User to create (else the image's default)."),
]
CiSshKeys = Annotated[
    list[SshPublicKey] | None, Field(max_length=32, description="The user's SSH public keys (replaces them).")
]
#: a JSON object's keys are strings: "0" is NIC 0 (the one lax integer of a payload)
NicIndex = Annotated[int, Strict(False), Field(ge=0, le=31)]


def _ipconfigs(value: dict[int, str] | None) -> dict[int, str] | None:
    """Each NIC's ipconfig as qemu-server reads it (pve-qm-ipconfig: no key twice, a gateway of its family)."""
    for index, text in (value or {}).items():
        ipconfig(text, f"ipconfig{index}")
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
        description='ipconfigN by NIC index: {"0": "ip=10.0.0.5/24,gw=10.0.0.1"}, "ip=dhcp", "ip6=auto"...',
    ),
    AfterValidator(_ipconfigs),
]
#: PVE's address-list: IPs or DNS names
Nameserver = Annotated[
    str | None,
    checked(address_list),
    Field(description="DNS servers, space-separated."),
]
#: PVE's dns-name-list (pve-container's searchdomain format; qemu-server passes any text on to cloud-init)
SearchDomain = Annotated[
    str | None,
    checked(dns_name_list),
    Field(description="Search domains, space-separated."),
]


CiPassword = Annotated[Password, Field(description="The user's password (hashed before it is queued).")]


class CloudInitParams(GuestChangeParams):
    ciuser: CiUser = None
    #: the tool takes the clear password and queues its hash
    cipassword_hash: Annotated[PasswordHash | None, ToolArgument("cipassword", CiPassword, hashed)] = None
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
    #: None (left out of the answer) when the key was not set before, or is removed
    before: str | None = None
    after: str | None = None


class CloudInitResult(Result):
    vmid: int
    node: str
    changed: dict[str, CloudInitChange] = Field(description="Each cloud-init key that changed (secrets redacted).")
    regenerated: bool = Field(description="True when the cloud-init drive was rebuilt with the new settings.")
    applies_on: str = Field(description="When the guest sees the change (cloud-init runs at boot).")


def _plan(p: CloudInitParams, guest: str) -> str:
    keys = [
        name
        for name, value in (
            ("user", p.ciuser), ("password", p.cipassword_hash), ("SSH keys", p.sshkeys), ("network", p.ipconfig),
            ("DNS servers", p.nameserver), ("search domain", p.searchdomain),
        )
        if value is not None
    ]  # fmt: skip
    return f"set cloud-init {', '.join(keys)} of {guest} and rebuild its cloud-init drive"


SET_VM_CLOUDINIT = Operation(
    "set_vm_cloudinit",
    "Set cloud-init",
    Tier.RESTRICTED,
    CloudInitParams,
    CloudInitResult,
    description="""
        Set a VM's cloud-init user, password, SSH keys, network or DNS; it applies at next boot.

        Only what differs from the current configuration is changed, and the answer shows each
        change (before and after, secrets redacted). The guest applies it at its next boot. SSH
        keys are encoded the way PVE requires. Restricted: needs the user's confirmation.
        """,
    pve_calls=(
        "GET /cluster/resources",
        "GET /nodes/{node}/qemu/{vmid}/status/current",
        "GET /nodes/{node}/qemu/{vmid}/config",
        "PUT /nodes/{node}/qemu/{vmid}/config",
        "PUT /nodes/{node}/qemu/{vmid}/cloudinit",
    ),
    errors=(("VALIDATION_ERROR", "the guest is a container (cloud-init is for qemu VMs)"),),
    plan=_plan,
    guest_write=True,
    idempotent=True,
)
