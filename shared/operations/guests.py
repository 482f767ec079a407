"""Guests: qemu VMs and LXC containers."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field

from shared.listing import Limit, Order, PagedResult, PageParams
from shared.operations.base import GuestParams, Result
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


GuestSort = Literal["vmid", "name", "cpu", "memory", "disk", "uptime"]
GuestStatus = Literal["running", "stopped", "paused", "suspended", "unknown"]
#: rows of a list answer unless the agent asks for more: a typical page stays under 16 KB a block
GUEST_LIMIT = 50


class ListGuestsParams(PageParams):
    node: NodeFilter = None
    status: Annotated[GuestStatus | None, Field()] = None
    tag: Annotated[str | None, Field(max_length=64)] = None
    pool: Annotated[str | None, Field(max_length=64)] = None
    name: Annotated[str | None, Field(max_length=64, description="A glob: 'web*'.")] = None
    template: Annotated[bool | None, Field()] = None
    sort: GuestSort = "vmid"
    order: Order = None
    limit: Limit = GUEST_LIMIT

    @property
    def descending(self) -> bool:
        return self.order == "desc" if self.order is not None else self.sort not in ("vmid", "name")


class GuestInfo(Result):
    vmid: int
    name: str | None = None
    node: str
    kind: GuestKind
    status: str = Field(description="running, stopped, paused, suspended, unknown")
    template: bool = False
    cpus: float | None = None
    cpu_percent: float | None = None
    memory_used_bytes: int | None = None
    memory_total_bytes: int | None = None
    disk_total_bytes: int | None = None
    uptime_seconds: int | None = None
    tags: list[str] = Field(default_factory=list)
    pool: str | None = None
    lock: str | None = Field(None, description="backup, snapshot, migrate...")


class GuestList(PagedResult):
    """One page of the guests that match, with a summary of all of them."""

    guests: list[GuestInfo]
    by_status: dict[str, int] = Field(default_factory=dict)
    by_node: dict[str, int] = Field(default_factory=dict)
    sort: str = "vmid asc"

    def brief(self) -> str:
        states = ", ".join(f"{n} {status}" for status, n in sorted(self.by_status.items()))
        nodes = ", ".join(f"{node} {n}" for node, n in self.by_node.items())
        shown = self.shown(f" by {self.sort}")
        head = f"{self.total} guests match ({states or 'none'}; by node: {nodes or 'none'}); {shown}"
        return "\n".join([head, *(_row(guest) for guest in self.guests)])


def _gib(value: int | None) -> str:
    return "-" if value is None else f"{value / 2**30:.1f}"


def _row(g: GuestInfo) -> str:
    """A guest in one line: vmid, name, node, status, cpu, memory used/total GiB, uptime, tags."""
    cpu = "-" if g.cpu_percent is None else f"{g.cpu_percent:.1f}%"
    parts = [str(g.vmid), g.name or "-", g.node, g.status + (" template" if g.template else ""), f"cpu {cpu}"]
    parts.append(f"mem {_gib(g.memory_used_bytes)}/{_gib(g.memory_total_bytes)}G")
    if g.uptime_seconds:
        parts.append(f"up {g.uptime_seconds // 3600}h")
    if g.tags:
        parts.append("tags " + ";".join(g.tags))
    if g.lock:
        parts.append(f"lock {g.lock}")
    return " ".join(parts)


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
        qemu VMs, filtered and sorted, a page at a time, with counts of all that match.

        The answer counts all that match (by status and node) and shows `limit` of them (50 unless
        asked, 500 at most) in `sort` order (ascending for vmid and name, else descending unless
        `order` says), and `next_cursor` asks for the next page. "The five busiest on pve3" is
        node='pve3', sort='cpu', limit=5. Use a VMID from here with the other
        guest tools.
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
        LXC containers, filtered and sorted, a page at a time, with counts of all that match.

        As list_vms: the answer counts all that match and shows `limit` of them (50 unless asked)
        in `sort` order, with `next_cursor` for the next page. Use a VMID from here with
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
