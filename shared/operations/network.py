"""Networks: a node's interfaces, and a guest's NICs."""

from __future__ import annotations

from typing import Annotated, Literal, Self

from pydantic import Field, StringConstraints, model_validator

from shared.errors import InvalidInput
from shared.formats import checked, cidr_v4, cidr_v6, ipv4, ipv4_config, ipv6, ipv6_config
from shared.listing import PagedResult, PageParams
from shared.operations.base import Result
from shared.operations.changes import (
    GUEST_CONFIG_CALLS,
    GUEST_STATUS_CALLS,
    TASK_CALLS,
    ChangeParams,
    GuestChangeParams,
)
from shared.operations.create import check_gateway
from shared.operations.operation import Operation
from shared.safety import Tier
from shared.sanitize import GuestKind, NodeName

__all__ = [
    "APPLY_NODE_NETWORK",
    "LIST_NODE_NETWORK",
    "SET_GUEST_NIC",
    "SET_NODE_NETWORK",
    "ApplyNetworkParams",
    "ApplyNetworkResult",
    "GuestNicParams",
    "GuestNicResult",
    "ListNetworkParams",
    "NetworkInterfaceInfo",
    "NetworkList",
    "NicModel",
    "NodeNetworkParams",
    "NodeNetworkResult",
]

InterfaceType = Literal["bridge", "bond", "eth", "vlan", "any_bridge"]
#: how much of the pending diff an answer carries, at most
_CHANGES_SHOWN = 4000


class ListNetworkParams(PageParams):
    node: Annotated[NodeName, Field()]
    type: Annotated[InterfaceType | None, Field(description="any_bridge: Linux and OVS bridges.")] = None


class NetworkInterfaceInfo(Result):
    iface: str
    type: str
    active: bool = Field(description="Up now.")
    cidr: Annotated[str | None, checked(cidr_v4)] = None
    gateway: Annotated[str | None, checked(ipv4)] = None
    cidr6: Annotated[str | None, checked(cidr_v6)] = None
    gateway6: Annotated[str | None, checked(ipv6)] = None
    ports: list[str] = Field(default_factory=list, description="A bridge's ports, or a bond's slaves.")
    vlan_aware: bool | None = None
    vlan_id: int | None = None
    vlan_raw_device: str | None = None
    mtu: int | None = None


class NetworkList(PagedResult):
    node: str
    interfaces: list[NetworkInterfaceInfo]
    pending: bool = Field(description="Changes written and not applied yet (the list shows them as they will be).")
    pending_changes: str | None = Field(None, description="Their diff of /etc/network/interfaces.")

    def brief(self) -> str:
        pending = "; changes pending (shown as they will be)" if self.pending else ""
        head = f"{self.node}: {self.total} interfaces{pending}; {self.shown()}"
        return "\n".join([head, *(_row(i) for i in self.interfaces)])

    def text(self) -> str:
        return self.brief() + (f"\n{self.pending_changes}" if self.pending_changes else "")

    @staticmethod
    def clipped(changes: str | None) -> str | None:
        if changes is None or len(changes) <= _CHANGES_SHOWN:
            return changes
        return changes[:_CHANGES_SHOWN] + "\n[... cut]"


def _row(i: NetworkInterfaceInfo) -> str:
    """An interface in one line: name, type, up or down, addresses, ports, VLAN."""
    parts = [i.iface, i.type, "up" if i.active else "down"]
    parts += [a for a in (i.cidr, i.cidr6) if a]
    if i.gateway:
        parts.append(f"gw {i.gateway}")
    if i.ports:
        parts.append(f"ports {' '.join(i.ports)}")
    if i.vlan_aware:
        parts.append("vlan-aware")
    if i.vlan_id is not None:
        parts.append(f"vlan {i.vlan_id} on {i.vlan_raw_device or '-'}")
    if i.mtu:
        parts.append(f"mtu {i.mtu}")
    return " ".join(parts)


LIST_NODE_NETWORK = Operation(
    "list_node_network",
    "Node interfaces",
    Tier.SAFE,
    ListNetworkParams,
    NetworkList,
    description="""
        A node's bridges, bonds, VLANs, NICs: addresses, ports, state, pending changes.

        Bridges are what a guest NIC's `bridge` names (type=any_bridge lists them). With changes
        pending, the list shows the interfaces as they will be and pending_changes their diff.
        """,
    pve_calls=("GET /nodes/{node}/network",),
)


NicModel = Literal["virtio", "e1000", "e1000e", "rtl8139", "vmxnet3"]
MacAddress = Annotated[str, StringConstraints(pattern=r"^[0-9A-Fa-f][02468ACEace](:[0-9A-Fa-f]{2}){5}$", to_upper=True)]


class GuestNicParams(GuestChangeParams):
    net: Annotated[int | None, Field(ge=0, le=31, description="netN; none: a new NIC.")] = None
    remove: bool = False
    bridge: Annotated[str | None, StringConstraints(pattern=r"^[-_.\w]{1,15}$")] = None
    vlan: Annotated[int | None, Field(ge=0, le=4094, description="0: untagged.")] = None
    firewall: bool | None = None
    rate_mbps: Annotated[float | None, Field(ge=0, description="MB/s; 0: unlimited.")] = None
    mtu: int | None = None
    link_down: bool | None = None
    model: NicModel | None = None
    mac: MacAddress | None = None
    name: Annotated[str | None, Field(pattern=r"^[a-zA-Z][a-zA-Z0-9_.-]{0,14}$")] = None
    ip: Annotated[str | None, checked(ipv4_config), Field(description="CIDR, dhcp or manual.")] = None
    gw: Annotated[str | None, checked(ipv4)] = None
    ip6: Annotated[str | None, checked(ipv6_config), Field(description="CIDR, dhcp, auto or manual.")] = None
    gw6: Annotated[str | None, checked(ipv6)] = None

    @model_validator(mode="after")
    def _coherent(self) -> Self:
        if self.remove:
            if self.net is None:
                raise InvalidInput("remove needs the NIC: net", hint="get_instance_config lists its netN keys.")
            if self.asked():
                raise InvalidInput("remove takes no NIC options", hint="Give net and remove=true alone.")
        elif not self.asked():
            raise InvalidInput("nothing to set on the NIC", hint="Give bridge, vlan, ip, firewall, ... or remove.")
        check_gateway(self.ip, self.gw, gateway_name="gw")
        check_gateway(self.ip6, self.gw6, ip_name="ip6", gateway_name="gw6")
        return self

    def asked(self) -> list[str]:
        """The NIC options this call sets, by their argument names."""
        fixed = {"vmid", "node", "confirmed", "net", "remove"}
        return [name for name in type(self).model_fields if name not in fixed and getattr(self, name) is not None]


class GuestNicResult(Result):
    vmid: int
    node: str
    kind: GuestKind
    net: str = Field(description="The config key: net0, net1, ...")
    action: Literal["added", "changed", "removed", "unchanged"]
    before: str | None = None
    after: str | None = Field(None, description="As PVE keeps it (a new NIC's generated MAC included).")
    pending: bool = Field(description="True: PVE applies it when the guest restarts; false: in effect now.")


def _plan(p: GuestNicParams, guest: str) -> str:
    if p.remove:
        return f"remove net{p.net} from {guest}"
    shown = ", ".join(f"{name}={getattr(p, name)}" for name in p.asked())
    return f"set {shown} on {f'net{p.net}' if p.net is not None else 'a new NIC'} of {guest}"


SET_GUEST_NIC = Operation(
    "set_guest_nic",
    "Set a guest NIC",
    Tier.RESTRICTED,
    GuestNicParams,
    GuestNicResult,
    description="""
        Add, change or remove a VM's or container's NIC, a container's static IP or DHCP too.

        Without net, a new NIC goes on the first free netN (a VM's model defaults to virtio; a
        container's name to ethN). Options not given are kept, the MAC too. The bridge must exist
        on the guest's node (list_node_network). The answer says whether the change is live or
        pending until the guest restarts. Restricted: needs the user's confirmation.
        """,
    pve_calls=(
        "GET /cluster/resources",
        *GUEST_STATUS_CALLS,
        "GET /nodes/{node}/network",
        *GUEST_CONFIG_CALLS,
    ),
    errors=(
        ("NOT_FOUND", "the bridge does not exist on the guest's node"),
        ("VALIDATION_ERROR", "an option of the other guest kind, a NIC the guest does not have, or no free netN"),
        ("CONFLICT", "the config changed while the change was being made"),
    ),
    plan=_plan,
    guest_write=True,
    idempotent=True,
)


NodeInterfaceType = Literal["bridge", "bond", "vlan", "eth"]
BondMode = Literal["balance-rr", "active-backup", "balance-xor", "broadcast", "802.3ad", "balance-tlb", "balance-alb"]
#: PVE's pve-iface: a name, maybe with a VLAN (vmbr0.100) or alias suffix
IfaceName = Annotated[str, StringConstraints(pattern=r"^[a-zA-Z][a-zA-Z0-9_]{1,20}(?:[:.]\d+)?$")]


class NodeNetworkParams(ChangeParams):
    node: Annotated[NodeName, Field()]
    iface: IfaceName
    type: NodeInterfaceType = "bridge"
    remove: bool = False
    cidr: Annotated[str | None, checked(cidr_v4)] = None
    gateway: Annotated[str | None, checked(ipv4)] = None
    cidr6: Annotated[str | None, checked(cidr_v6)] = None
    gateway6: Annotated[str | None, checked(ipv6)] = None
    ports: Annotated[list[IfaceName] | None, Field(max_length=16, description="A bridge's ports, a bond's slaves.")] = (
        None
    )
    vlan_aware: bool | None = None
    vlan_id: Annotated[int | None, Field(ge=1, le=4094)] = None
    vlan_raw_device: IfaceName | None = None
    bond_mode: BondMode | None = None
    mtu: Annotated[int | None, Field(ge=1280, le=65520)] = None
    autostart: bool | None = None
    comments: Annotated[str | None, Field(max_length=1024)] = None

    @model_validator(mode="after")
    def _coherent(self) -> Self:
        if self.remove and self.asked():
            raise InvalidInput("remove takes no interface options", hint="Give node, iface and remove=true alone.")
        if self.type != "bridge" and self.vlan_aware is not None:
            raise InvalidInput("vlan_aware is a bridge's option", hint="Leave it out, or set type='bridge'.")
        if self.type != "bond" and self.bond_mode is not None:
            raise InvalidInput("bond_mode is a bond's option", hint="Leave it out, or set type='bond'.")
        if self.type != "vlan" and (self.vlan_id is not None or self.vlan_raw_device is not None):
            raise InvalidInput("vlan_id and vlan_raw_device are a VLAN's options", hint="Set type='vlan'.")
        if self.type == "vlan" and "." not in self.iface and (self.vlan_id is None or self.vlan_raw_device is None):
            raise InvalidInput(
                f"a VLAN interface named {self.iface!r} needs vlan_id and vlan_raw_device",
                hint="Name it after its device (vmbr0.100), or give both.",
            )
        return self

    def asked(self) -> list[str]:
        """The interface options this call sets, by their argument names."""
        fixed = {"node", "iface", "type", "remove", "confirmed"}
        return [name for name in type(self).model_fields if name not in fixed and getattr(self, name) is not None]


class NodeNetworkResult(Result):
    node: str
    iface: str
    action: Literal["created", "changed", "removed", "unchanged"]
    pending_changes: str | None = Field(None, description="The node's whole pending diff, this change included.")


def _shown(value: object) -> str:
    return " ".join(str(v) for v in value) if isinstance(value, list) else str(value)


def _network_plan(p: NodeNetworkParams, _: str) -> str:
    if p.remove:
        return f"remove interface {p.iface} from node {p.node}'s pending network configuration"
    shown = ", ".join(f"{name}={_shown(getattr(p, name))}" for name in p.asked())
    return f"declare {p.type} {p.iface} on node {p.node}" + (f" with {shown}" if shown else "") + " (pending)"


SET_NODE_NETWORK = Operation(
    "set_node_network",
    "Declare a node interface",
    Tier.RESTRICTED,
    NodeNetworkParams,
    NodeNetworkResult,
    description="""
        Create, change or remove a node's bridge, bond or VLAN (or a NIC's options), as a pending
        change: nothing changes on the node until apply_node_network.

        Options not given are kept. The answer carries the node's whole pending diff. Needs
        Sys.Modify on /nodes/{node}. Restricted: needs the user's confirmation.
        """,
    pve_calls=(
        "GET /nodes/{node}/network",
        "POST /nodes/{node}/network",
        "PUT /nodes/{node}/network/{iface}",
        "DELETE /nodes/{node}/network/{iface}",
    ),
    errors=(
        ("NOT_FOUND", "removing or changing an interface the node does not declare"),
        ("VALIDATION_ERROR", "options of another interface type, or what PVE refuses (a port in use, two gateways)"),
    ),
    plan=_network_plan,
    idempotent=True,
)


class ApplyNetworkParams(ChangeParams):
    node: Annotated[NodeName, Field()]
    revert: Annotated[bool, Field(description="Drop the pending changes instead.")] = False


class ApplyNetworkResult(Result):
    node: str
    action: Literal["applied", "reverted"]
    applied_changes: str | None = Field(None, description="The diff applied (or dropped).")


APPLY_NODE_NETWORK = Operation(
    "apply_node_network",
    "Apply a node's network changes",
    Tier.CRITICAL,
    ApplyNetworkParams,
    ApplyNetworkResult,
    description="""
        Apply a node's pending network changes (ifreload), or drop them (revert=true).

        Critical: a wrong bridge or address can cut the node off, so it needs
        PROXMOX_ALLOW_DANGER=true and the user's confirmation, whose plan shows the diff. Refused
        (CONFLICT) when nothing is pending. Reverting is Restricted. Needs Sys.Modify on /nodes/{node}.
        """,
    pve_calls=(
        "GET /nodes/{node}/network",
        "PUT /nodes/{node}/network",
        "DELETE /nodes/{node}/network",
        *TASK_CALLS,
    ),
    errors=(("CONFLICT", "the node has no pending network changes"),),
    plan=lambda p, target: f"{'drop' if p.revert else 'apply'} the pending network changes of {target}",
    starts_task=True,
    idempotent=True,
    destructive=True,
    tier_from=lambda values: Tier.RESTRICTED if values.get("revert") is True else Tier.CRITICAL,
)
