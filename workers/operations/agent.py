"""The QEMU guest agent: interfaces; an agent PVE cannot use is a clear error naming why."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from pydantic import Field

from shared.errors import Conflict, FeatureDisabled, RequestRejected
from shared.operations.agent import GET_VM_INTERFACES, VmInterface, VmInterfaces, VmInterfacesParams
from shared.pve.models import IpAddress, PveModel
from workers.guests import Guest, resolve_guest
from workers.registry import handles
from workers.runtime import JobContext

__all__ = ["agent_errors", "agent_guest", "get_vm_interfaces"]


class _AgentInterface(PveModel):
    """An interface as qemu-ga's guest-network-get-interfaces reports it."""

    name: str
    hardware_address: str | None = Field(default=None, alias="hardware-address")
    ip_addresses: list[IpAddress] | None = Field(default=None, alias="ip-addresses")


class _AgentInterfaces(PveModel):
    result: list[_AgentInterface]


_ENABLE_HINT = (
    "Set the VM's agent option (qm set VMID --agent enabled=1), install and start qemu-guest-agent inside it, "
    "then restart the VM."
)


async def agent_guest(job: JobContext, vmid: int, node: str | None, tool: str) -> Guest:
    """The qemu VM an agent tool addresses (a container is refused with the tool to use instead)."""
    hint = f"{tool} works through the QEMU guest agent of a VM; for a container use its LXC tool."
    return await resolve_guest(job.app.pve, vmid, node, kind="qemu", hint=hint)


@asynccontextmanager
async def agent_errors(guest: Guest) -> AsyncIterator[None]:
    """PVE's refusals of an agent call (qemu-server's assert_agent_available, qemu-ga's own) as clear errors."""
    try:
        yield
    except RequestRejected as refused:
        text = refused.message
        if "No QEMU guest agent configured" in text:
            raise Conflict(f"{guest.label} has no QEMU guest agent configured", hint=_ENABLE_HINT) from None
        if "guest agent is not running" in text:
            raise Conflict(
                f"the QEMU guest agent of {guest.label} does not answer (not installed, not started, or agent=0)",
                hint="Install and start qemu-guest-agent inside the VM (and set its agent option), then call again.",
            ) from None
        if "is not running" in text:
            raise Conflict(
                f"{guest.label} is not running", hint="Start it with power_control(action='start')."
            ) from None
        if "has been disabled" in text:
            raise FeatureDisabled(
                f"the guest agent of {guest.label} has this command disabled ({text.split(' - ', 1)[-1].strip()})",
                hint="The VM's qemu-ga configuration blocks it (--block-rpcs / block-rpcs in qemu-ga.conf).",
            ) from None
        raise


def _addresses(found: list[IpAddress] | None, family: str) -> list[str]:
    return [
        f"{a.ip_address}/{a.prefix}" if a.prefix is not None else str(a.ip_address)
        for a in found or []
        if a.ip_address_type == family and a.ip_address
    ]


@handles(GET_VM_INTERFACES)
async def get_vm_interfaces(job: JobContext, params: VmInterfacesParams) -> VmInterfaces:
    guest = await agent_guest(job, params.vmid, params.node, "get_vm_interfaces")
    async with agent_errors(guest):
        answer = await job.app.pve.get(
            "/nodes/{node}/qemu/{vmid}/agent/network-get-interfaces", _AgentInterfaces, path=guest.path
        )
    interfaces = [
        VmInterface(
            name=i.name,
            mac=i.hardware_address,
            ipv4=_addresses(i.ip_addresses, "ipv4"),
            ipv6=_addresses(i.ip_addresses, "ipv6"),
        )
        for i in answer.result
    ]
    return VmInterfaces(vmid=guest.vmid, node=guest.node, interfaces=interfaces)
