"""The QEMU guest agent: a VM's interfaces, and commands in a VM."""

from __future__ import annotations

from pydantic import Field

from shared.operations.base import GuestParams, Result
from shared.operations.operation import Operation
from shared.safety import Tier

__all__ = ["AGENT_ERRORS", "GET_VM_INTERFACES", "VmInterface", "VmInterfaces", "VmInterfacesParams"]


class VmInterfacesParams(GuestParams):
    pass


class VmInterface(Result):
    name: str
    mac: str | None = None
    ipv4: list[str] = Field(default_factory=list, description="Addresses with prefix length.")
    ipv6: list[str] = Field(default_factory=list)


class VmInterfaces(Result):
    vmid: int
    node: str
    interfaces: list[VmInterface]


#: what a VM whose agent cannot be used answers, for every agent tool
AGENT_ERRORS = (
    (
        "CONFLICT",
        "the VM is not running, has no guest agent configured (agent option), or its agent does not answer",
    ),
    ("VALIDATION_ERROR", "the guest is a container"),
)

GET_VM_INTERFACES = Operation(
    "get_vm_interfaces",
    "Read VM interfaces",
    Tier.SAFE,
    VmInterfacesParams,
    VmInterfaces,
    description="""
        A running VM's interfaces and addresses, as its QEMU guest agent reports them.

        Needs the agent: the VM's agent option on and qemu-guest-agent running inside; otherwise
        the error says which is missing. For a container use get_lxc_interfaces.
        """,
    pve_calls=(
        "GET /cluster/resources",
        "GET /nodes/{node}/qemu/{vmid}/status/current",
        "GET /nodes/{node}/qemu/{vmid}/agent/network-get-interfaces",
    ),
    errors=AGENT_ERRORS,
)
