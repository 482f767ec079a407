"""Guests: qemu VMs and LXC containers."""

from __future__ import annotations

from collections import Counter
from typing import Any

from pydantic import Field

from shared.operations.base import GuestParams, Params, Result
from shared.operations.changes import GUEST_STATUS_CALLS
from shared.operations.operation import Operation
from shared.safety import Tier
from shared.sanitize import GuestKind, NodeName

__all__ = [
    "GET_INSTANCE_CONFIG",
    "GET_LXC_INTERFACES",
    "LIST_LXC_CONTAINERS",
    "LIST_VMS",
    "GetConfigParams",
    "GuestInfo",
    "GuestList",
    "InstanceConfig",
    "ListGuestsParams",
    "LxcInterface",
    "LxcInterfaces",
    "LxcInterfacesParams",
    "NodeFilter",
]


#: only the guests of this node
NodeFilter = NodeName | None


class ListGuestsParams(Params):
    node: NodeFilter = None


class GuestInfo(Result):
    vmid: int
    name: str | None = None
    node: str
    kind: GuestKind
    status: str = Field(description="PVE's status: running, stopped, paused or suspended (qemu), unknown.")
    template: bool = False
    cpus: float | None = None
    cpu_percent: float | None = None
    memory_used_bytes: int | None = None
    memory_total_bytes: int | None = None
    disk_total_bytes: int | None = None
    uptime_seconds: int | None = None
    tags: list[str] = Field(default_factory=list)
    lock: str | None = Field(None, description="PVE's lock on the guest (backup, snapshot, migrate...), if any.")


class GuestList(Result):
    guests: list[GuestInfo]
    count: int

    def brief(self) -> str:
        states = Counter(guest.status for guest in self.guests)
        return f"{self.count} guests: " + ", ".join(f"{n} {status}" for status, n in sorted(states.items()))


class GetConfigParams(GuestParams):
    pass


class InstanceConfig(Result):
    vmid: int
    node: str
    kind: GuestKind
    name: str | None = None
    status: str | None = None
    digest: str | None = Field(None, description="SHA1 of the config; PVE refuses a change made against an old one.")
    config: dict[str, Any] = Field(description="The guest's configuration as PVE returns it (secrets redacted).")


class LxcInterfacesParams(GuestParams):
    pass


class LxcInterface(Result):
    name: str
    hwaddr: str | None = None
    inet: str | None = Field(None, description="IPv4 address with prefix length.")
    inet6: str | None = Field(None, description="IPv6 address with prefix length.")


class LxcInterfaces(Result):
    vmid: int
    node: str
    interfaces: list[LxcInterface]


_RESOURCES = "GET /cluster/resources"

LIST_VMS = Operation(
    "list_vms",
    "List VMs",
    Tier.SAFE,
    ListGuestsParams,
    GuestList,
    description="""
        qemu VMs (templates too) of the cluster or of a node.

        Without `node` it lists the whole cluster in one call. Templates are included
        (template=true). Use a VMID from here with the other guest tools.
        """,
    pve_calls=(_RESOURCES, "GET /nodes/{node}/qemu"),
)
LIST_LXC_CONTAINERS = Operation(
    "list_lxc_containers",
    "List containers",
    Tier.SAFE,
    ListGuestsParams,
    GuestList,
    description="""
        LXC containers of the cluster or of a node.

        Without `node` it lists the whole cluster in one call. Use a VMID from here with
        get_instance_config, get_lxc_interfaces or the snapshot tools.
        """,
    pve_calls=(_RESOURCES, "GET /nodes/{node}/lxc"),
)
GET_INSTANCE_CONFIG = Operation(
    "get_instance_config",
    "Read guest configuration",
    Tier.SAFE,
    GetConfigParams,
    InstanceConfig,
    description="""
        A guest's configuration (kind says which), secrets redacted.

        Works for qemu and LXC alike; `kind` in the answer says which. Secrets (passwords) are
        redacted. `digest` identifies this version of the configuration.
        """,
    pve_calls=(
        _RESOURCES,
        *GUEST_STATUS_CALLS,
        "GET /nodes/{node}/qemu/{vmid}/config",
        "GET /nodes/{node}/lxc/{vmid}/config",
    ),
)
GET_LXC_INTERFACES = Operation(
    "get_lxc_interfaces",
    "Read container interfaces",
    Tier.SAFE,
    LxcInterfacesParams,
    LxcInterfaces,
    description="""
        A running container's interfaces: MAC, IPv4, IPv6.

        Only for LXC containers, and only while they run (a stopped container has no interfaces:
        the error says so). For a VM, read its network from get_instance_config.
        """,
    pve_calls=(_RESOURCES, "GET /nodes/{node}/lxc/{vmid}/interfaces", "GET /nodes/{node}/lxc/{vmid}/status/current"),
    errors=(
        ("VALIDATION_ERROR", "the guest is a qemu VM (read its network with get_instance_config)"),
        ("CONFLICT", "the container is not running"),
    ),
)
