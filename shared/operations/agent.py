"""The QEMU guest agent: a VM's interfaces, and commands in a VM."""

from __future__ import annotations

import shlex

from pydantic import Field

from shared.operations.base import GuestParams, Result
from shared.operations.exec import ExecParams, ExecResult
from shared.operations.operation import Operation
from shared.safety import Tier

__all__ = [
    "AGENT_ERRORS",
    "EXECUTE_VM_COMMAND",
    "GET_VM_INTERFACES",
    "VmInterface",
    "VmInterfaces",
    "VmInterfacesParams",
]


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
EXECUTE_VM_COMMAND = Operation(
    "execute_vm_command",
    "Run a command in a VM",
    Tier.RESTRICTED,
    ExecParams,
    ExecResult,
    description="""
        Run a command in a running VM through its QEMU guest agent, as execute_lxc_command does in a container.

        The same rules: an argv, never a shell; the same allowlist, timeout (exit 124; the agent
        goes on running it), output cap and exit code. Off until an administrator sets
        PROXMOX_VM_EXEC=true (else FEATURE_DISABLED); an agent with guest-exec disabled is
        FEATURE_DISABLED too. A program the VM does not have exits 127 with the agent's words in
        stderr, as in a container. Runs at most once: a worker that dies while it runs leaves the next
        one to read its end. Restricted: needs the user's confirmation.
        """,
    pve_calls=(
        "GET /cluster/resources",
        "GET /nodes/{node}/qemu/{vmid}/status/current",
        "POST /nodes/{node}/qemu/{vmid}/agent/exec",
        "GET /nodes/{node}/qemu/{vmid}/agent/exec-status",
    ),
    errors=(
        *AGENT_ERRORS,
        ("FEATURE_DISABLED", "PROXMOX_VM_EXEC is off, or the VM's agent has guest-exec disabled"),
        ("VALIDATION_ERROR", "the command is not on the allowlist or no argv, or timeout_seconds is too long"),
    ),
    plan=lambda p, guest: f"run {shlex.join(p.argv)} in {guest}",
    destructive=True,
)
