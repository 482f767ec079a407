"""A node's network configuration, as pve-manager's API2::Network keeps it.

Changes are written to /etc/network/interfaces.new (the node's `network_pending`), never to the
live file: GET lists the pending declaration with the running system's `active`, and puts the
diff of the two files beside `data` as `changes`. PUT /nodes/{node}/network applies them (an
`srvreload` task of `networking`, as ifreload -a), DELETE /nodes/{node}/network drops them.
"""

from __future__ import annotations

import copy
import difflib
import ipaddress
from typing import Any

from pvesim.call import Call, route
from pvesim.errors import ApiError, param_error
from pvesim.state import Node
from pvesim.tasks import TaskContext

__all__ = ["bridges_of", "interfaces_text"]

#: type filters that stand for several types (any_local_bridge: no SDN vnets; pvesim has none)
_FILTERS = {"any_bridge": ("bridge", "OVSBridge"), "any_local_bridge": ("bridge", "OVSBridge")}
#: the order PVE's writer prints an interface's options in, and their names in the file
_FILE_KEYS = (
    ("cidr", "address"),
    ("gateway", "gateway"),
    ("mtu", "mtu"),
    ("bridge_ports", "bridge-ports"),
    ("bridge_stp", "bridge-stp"),
    ("bridge_fd", "bridge-fd"),
    ("bridge_vlan_aware", "bridge-vlan-aware"),
    ("bridge_vids", "bridge-vids"),
    ("slaves", "bond-slaves"),
    ("bond_mode", "bond-mode"),
    ("vlan-raw-device", "vlan-raw-device"),
    ("vlan-id", "vlan-id"),
)
#: what a create or update may set, besides `type`
_OPTIONS = (
    "autostart",
    "cidr",
    "gateway",
    "mtu",
    "bridge_ports",
    "bridge_vlan_aware",
    "bridge_vids",
    "slaves",
    "bond_mode",
    "vlan-raw-device",
    "vlan-id",
    "comments",
)


def declared(node: Node) -> dict[str, dict[str, Any]]:
    """The declaration GET shows: the pending one if there is one."""
    return node.network_pending if node.network_pending is not None else node.network


def bridges_of(node: Node) -> set[str]:
    """The bridges guests can plug into now (the live file's: a pending bridge does not exist yet)."""
    return {name for name, iface in node.network.items() if iface["type"] in ("bridge", "OVSBridge")}


def interfaces_text(ifaces: dict[str, dict[str, Any]]) -> str:
    """The interfaces file as PVE's writer prints it (lo first, then by name)."""
    lines = ["auto lo", "iface lo inet loopback", ""]
    for name in sorted(ifaces):
        iface = ifaces[name]
        if iface.get("autostart"):
            lines.append(f"auto {name}")
        lines.append(f"iface {name} inet {iface.get('method', 'manual')}")
        for key, word in _FILE_KEYS:
            value = iface.get(key)
            if value is not None and value != "":
                lines.append(f"\t{word} {_file_value(value)}")
        if iface.get("comments"):
            lines.extend(f"#{line}" for line in str(iface["comments"]).splitlines())
        lines.append("")
    return "\n".join(lines) + "\n"


def _file_value(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def _changes(node: Node) -> str | None:
    if node.network_pending is None:
        return None
    diff = difflib.unified_diff(
        interfaces_text(node.network).splitlines(keepends=True),
        interfaces_text(node.network_pending).splitlines(keepends=True),
        "/etc/network/interfaces",
        "/etc/network/interfaces.new",
    )
    return "".join(diff) or None


def _entry(node: Node, name: str, iface: dict[str, Any]) -> dict[str, Any]:
    entry: dict[str, Any] = {"iface": name, "priority": 1 + sorted(declared(node)).index(name)}
    for key, value in iface.items():
        if key in ("bridge_stp", "bridge_fd"):
            continue  # kept in the file, not listed by the API
        entry[key] = int(value) if isinstance(value, bool) else value
    if name in node.network_active:
        entry["active"] = 1
    if iface["type"] == "eth":
        entry["exists"] = 1
    cidr = iface.get("cidr")
    if cidr:
        network = ipaddress.ip_interface(cidr)
        entry["address"], entry["netmask"] = str(network.ip), str(network.network.prefixlen)
    return entry


@route("GET", "/nodes/{node}/network")
async def list_network(call: Call) -> Any:
    node = call.core.state.nodes[call.node]
    wanted = call.params.get("type")
    types = _FILTERS.get(str(wanted), (wanted,)) if wanted is not None else None
    ifaces = declared(node)
    if (changes := _changes(node)) is not None:
        call.attributes["changes"] = changes
    listed = sorted((name, iface) for name, iface in ifaces.items() if types is None or iface["type"] in types)
    return [_entry(node, name, iface) for name, iface in listed]


def _pending(node: Node) -> dict[str, dict[str, Any]]:
    if node.network_pending is None:
        node.network_pending = copy.deepcopy(node.network)
    return node.network_pending


def _check(ifaces: dict[str, dict[str, Any]], name: str, iface: dict[str, Any]) -> None:
    """The checks of create_network/update_network: one default gateway, ports free and existing."""
    if iface.get("gateway"):
        for other, declared_iface in ifaces.items():
            if other != name and declared_iface.get("gateway"):
                raise ApiError(400, f"Default gateway already exists on interface '{other}'.")
    for port in str(iface.get("bridge_ports") or "").split():
        if port not in ifaces:
            raise param_error({"bridge_ports": f"bridge port '{port}' does not exist"})
        for other, declared_iface in ifaces.items():
            if other != name and port in str(declared_iface.get("bridge_ports") or "").split():
                raise param_error({"bridge_ports": f"bridge port '{port}' is already used on interface '{other}'"})
    if iface["type"] == "vlan":
        raw = iface.get("vlan-raw-device")
        if "." not in name and not (raw and iface.get("vlan-id")):
            raise param_error({"vlan-raw-device": "vlan-raw-device and vlan-id are required for a vlan named so"})
        device = raw or name.rsplit(".", 1)[0]
        if device not in ifaces:
            raise param_error({"vlan-raw-device": f"vlan-raw-device {device} does not exist"})


def _options(call: Call) -> dict[str, Any]:
    values = {key: call.params[key] for key in _OPTIONS if key in call.params}
    if "bridge_vlan_aware" in values:
        values["bridge_vlan_aware"] = bool(values["bridge_vlan_aware"])
    if "autostart" in values:
        values["autostart"] = int(bool(values["autostart"]))
    return values


@route("POST", "/nodes/{node}/network")
async def create_network(call: Call) -> Any:
    node = call.core.state.nodes[call.node]
    name = str(call.params["iface"])
    if name in declared(node):
        raise param_error({"iface": "interface already exists"})
    iface: dict[str, Any] = {"type": call.params["type"], "families": ["inet"], **_options(call)}
    iface["method"] = "static" if iface.get("cidr") else "manual"
    if iface["type"] == "bridge":
        iface.setdefault("bridge_ports", "")
        iface |= {"bridge_stp": "off", "bridge_fd": "0"}
    ifaces = dict(declared(node))
    _check(ifaces, name, iface)
    _pending(node)[name] = iface
    return None


@route("PUT", "/nodes/{node}/network/{iface}")
async def update_network(call: Call) -> Any:
    node = call.core.state.nodes[call.node]
    name = str(call.params["iface"])
    current = declared(node).get(name)
    if current is None:
        raise ApiError(500, "interface does not exist")
    if current["type"] != call.params["type"]:
        raise param_error({"type": "interface type may not be changed"})
    iface = dict(current)
    for key in str(call.params.get("delete") or "").replace(";", ",").split(","):
        iface.pop(key.strip(), None)
    iface |= _options(call)
    iface["method"] = "static" if iface.get("cidr") else "manual"
    _check(dict(declared(node)), name, iface)
    _pending(node)[name] = iface
    return None


@route("DELETE", "/nodes/{node}/network/{iface}")
async def delete_network(call: Call) -> Any:
    node = call.core.state.nodes[call.node]
    name = str(call.params["iface"])
    if name not in declared(node):
        raise ApiError(500, f"network interface '{name}' does not exist")
    del _pending(node)[name]
    return None


@route("DELETE", "/nodes/{node}/network")
async def revert_network(call: Call) -> Any:
    call.core.state.nodes[call.node].network_pending = None
    return None


@route("PUT", "/nodes/{node}/network")
async def reload_network(call: Call) -> Any:
    node = call.core.state.nodes[call.node]

    async def work(context: TaskContext) -> None:
        await context.pause(0.5)
        if node.network_pending is not None:
            node.network = node.network_pending
            node.network_pending = None
        context.log("ifreload -a")
        for name, iface in node.network.items():
            if iface.get("autostart") or (iface["type"] == "eth" and name in node.network_active):
                node.network_active.add(name)
        node.network_active &= set(node.network)

    return call.start_task("srvreload", work, guest=None, task_id="networking")
