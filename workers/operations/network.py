"""Networks: a node's interfaces, and a guest's NICs (one config step, workers.configs)."""

from __future__ import annotations

from collections.abc import Callable

from shared.errors import InvalidInput, NotFound
from shared.listing import paginate
from shared.operations.network import (
    LIST_NODE_NETWORK,
    SET_GUEST_NIC,
    GuestNicParams,
    GuestNicResult,
    ListNetworkParams,
    NetworkInterfaceInfo,
    NetworkList,
)
from shared.pve.models import NetworkInterface
from workers.configs import Config, ConfigEdit, config_step, read_config
from workers.guest_lookup import Guest
from workers.operations.update import pending_keys
from workers.registry import handles
from workers.runtime import JobContext, Outcome

__all__ = ["list_node_network", "set_guest_nic"]

#: the NICs a guest can have: net0..net31 (qemu-server's MAX_NETS, pve-container's too)
_NETS = 32
_QEMU_MODELS = ("virtio", "e1000", "e1000e", "rtl8139", "vmxnet3")
#: each argument and the key PVE's netN property string calls it (both kinds; model is qemu's own)
_KEYS = {
    "name": "name",
    "bridge": "bridge",
    "mac": "macaddr",
    "ip": "ip",
    "gw": "gw",
    "ip6": "ip6",
    "gw6": "gw6",
    "firewall": "firewall",
    "link_down": "link_down",
    "mtu": "mtu",
    "rate_mbps": "rate",
    "vlan": "tag",
}
_CT_ONLY = ("name", "ip", "gw", "ip6", "gw6")
_VM_ONLY = ("model",)


async def _interfaces(job: JobContext, node: str, kind: str | None) -> tuple[list[NetworkInterface], str | None]:
    query = {"type": kind} if kind is not None else None
    return await job.app.pve.get_noted(
        "/nodes/{node}/network", list[NetworkInterface], "changes", path={"node": node}, query=query
    )


def _ports(iface: NetworkInterface) -> list[str]:
    return (iface.bridge_ports or iface.slaves or "").split()


@handles(LIST_NODE_NETWORK)
async def list_node_network(job: JobContext, params: ListNetworkParams) -> NetworkList:
    found, changes = await _interfaces(job, params.node, params.type)
    rows = [
        NetworkInterfaceInfo(
            iface=i.iface,
            type=i.type,
            active=bool(i.active),
            autostart=bool(i.autostart),
            method=i.method,
            cidr=i.cidr,
            gateway=i.gateway,
            cidr6=i.cidr6,
            gateway6=i.gateway6,
            ports=_ports(i),
            vlan_aware=i.bridge_vlan_aware,
            vlan_id=i.vlan_id,
            vlan_raw_device=i.vlan_raw_device,
            mtu=i.mtu,
        )
        for i in found
    ]
    page = paginate(rows, lambda r: (r.iface,), descending=False, asked=params)
    return NetworkList(
        node=params.node,
        interfaces=page.rows,
        pending=changes is not None,
        pending_changes=NetworkList.clipped(changes),
        **NetworkList.page_of(page),
    )


# --- a guest's NIC: its netN property string, read and written as PVE keeps it


def _parse(value: str, kind: str) -> dict[str, str]:
    """netN's options in their order; a VM's `model=MAC` first item becomes model and macaddr, a CT's hwaddr macaddr."""
    options: dict[str, str] = {}
    for index, part in enumerate(p for p in value.split(",") if p):
        key, sep, text = part.partition("=")
        if kind == "qemu" and index == 0 and key in _QEMU_MODELS:
            options["model"] = key
            if sep:
                options["macaddr"] = text.upper()
        elif kind == "lxc" and key == "hwaddr":
            options["macaddr"] = text.upper()
        else:
            options[key] = text
    return options


def _render(options: dict[str, str], kind: str) -> str:
    rest = {k: v for k, v in options.items() if k not in ("model", "macaddr")}
    if kind == "qemu":
        model = options.get("model", "virtio")
        head = f"{model}={options['macaddr']}" if "macaddr" in options else model
        return ",".join([head, *(f"{k}={v}" for k, v in rest.items())])
    if "macaddr" in options:  # pve-container prints hwaddr after name and bridge
        items = list(rest.items())
        at = sum(1 for k, _ in items[:2] if k in ("name", "bridge"))
        items.insert(at, ("hwaddr", options["macaddr"]))
        return ",".join(f"{k}={v}" for k, v in items)
    return ",".join(f"{k}={v}" for k, v in rest.items())


def _value(argument: str, value: object) -> str | None:
    """An argument as PVE keeps it; None removes the option (vlan 0, rate 0, firewall and link_down off)."""
    if isinstance(value, bool):
        return "1" if value else None
    if argument in ("vlan", "rate_mbps") and value == 0:
        return None
    return f"{value:g}" if isinstance(value, float) else str(value)


def _wanted(params: GuestNicParams, kind: str, current: str | None, index: int) -> str:
    options = _parse(current, kind) if current is not None else {}
    if current is None:
        options = {"name": f"eth{index}"} if kind == "lxc" else {"model": "virtio"}
    for argument in params.asked():
        value = _value(argument, getattr(params, argument))
        key = _KEYS.get(argument, argument)
        if value is None:
            options.pop(key, None)
        else:
            options[key] = value
    if kind == "lxc":
        options.setdefault("type", "veth")
    return _render(options, kind)


def _same(kind: str) -> Callable[[str, str | None, str], bool]:
    def same(key: str, current: str | None, wanted: str) -> bool:
        """The NIC is as asked: the same options (a MAC not asked for is PVE's to give; `type` too)."""
        if current is None:
            return False
        have, want = _parse(current, kind), _parse(wanted, kind)
        for optional in ("macaddr", "type"):
            if optional not in want:
                have.pop(optional, None)
        return have == want

    return same


def _index(params: GuestNicParams, guest: Guest, config: Config) -> int:
    if params.net is not None:
        if params.remove and f"net{params.net}" not in config:
            raise InvalidInput(f"{guest.label} has no net{params.net}", hint="get_instance_config lists its netN keys.")
        return params.net
    free = next((n for n in range(_NETS) if f"net{n}" not in config), None)
    if free is None:
        raise InvalidInput(f"{guest.label} has all {_NETS} NICs already", hint="Change or remove one: give net.")
    return free


def _check_kind(params: GuestNicParams, guest: Guest) -> None:
    other = _VM_ONLY if guest.kind == "lxc" else _CT_ONLY
    given = [name for name in other if getattr(params, name) is not None]
    if given:
        owner = "VMs" if guest.kind == "lxc" else "containers"
        raise InvalidInput(
            f"{', '.join(given)}: for {owner} only; {guest.label} is a {'container' if guest.kind == 'lxc' else 'VM'}",
            hint="Leave them out.",
        )


async def _check_bridge(job: JobContext, guest: Guest, bridge: str) -> None:
    found, _ = await _interfaces(job, guest.node, "any_bridge")
    listed = {i.iface: i for i in found}
    if bridge not in listed:
        known = ", ".join(sorted(listed)) or "none"
        raise NotFound(
            f"bridge {bridge!r} does not exist on node {guest.node} (its bridges: {known})",
            hint=f"list_node_network(node='{guest.node}', type='any_bridge') lists them.",
        )
    if not listed[bridge].active:
        raise InvalidInput(
            f"bridge {bridge!r} on node {guest.node} is not up (written and not applied yet?)",
            hint="Apply the node's pending network changes first, or pick an active bridge.",
        )


@handles(SET_GUEST_NIC)
async def set_guest_nic(job: JobContext, params: GuestNicParams) -> Outcome:
    await job.lock_guest(params.vmid)
    guest = await job.guest(params.vmid, params.node)
    first_run = job.record.step is None and not job.record.steps
    chosen: list[str] = []

    def edit(config: Config) -> ConfigEdit:
        key = f"net{_index(params, guest, config)}"
        chosen.append(key)
        if params.remove:
            return ConfigEdit(deletes=(key,))
        if key not in config and params.bridge is None:
            raise InvalidInput(f"a new NIC ({key}) needs a bridge", hint="Give bridge, e.g. vmbr0.")
        return ConfigEdit({key: _wanted(params, guest.kind, config.get(key), int(key[3:]))})

    if first_run:
        _check_kind(params, guest)
        if params.bridge is not None:
            await _check_bridge(job, guest, params.bridge)
    changes = await config_step(job, guest, edit, _same(guest.kind))
    key = next(iter(changes), None) or (chosen[0] if chosen else f"net{params.net}")
    change = changes.get(key)
    after = (await read_config(job, guest))[0].get(key)
    if change is None:
        action = "unchanged"
    elif change["after"] is None:
        action = "removed"
    else:
        action = "added" if change["before"] is None else "changed"
    pending = bool(await pending_keys(job, guest, changes))
    before = change["before"] if change is not None else after
    result = GuestNicResult(
        vmid=guest.vmid, node=guest.node, kind=guest.kind, net=key, action=action, before=before, after=after,
        pending=pending,
    )  # fmt: skip
    when = "when the guest restarts (pending)" if pending else "now"
    message = (
        f"{key} of {guest.label} was already as asked; nothing was changed"
        if action == "unchanged"
        else f"{key} of {guest.label} {action}; in effect {when}"
    )
    return Outcome(result, message=message)
