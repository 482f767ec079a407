"""Networks: a node's interfaces, and a guest's NICs (one config step, workers.configs)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from shared.errors import Conflict, InvalidInput, NotFound
from shared.listing import paginate
from shared.operations.network import (
    APPLY_NODE_NETWORK,
    LIST_NODE_NETWORK,
    SET_GUEST_NIC,
    SET_NODE_NETWORK,
    ApplyNetworkParams,
    ApplyNetworkResult,
    GuestNicParams,
    GuestNicResult,
    ListNetworkParams,
    NetworkInterfaceInfo,
    NetworkList,
    NodeNetworkParams,
    NodeNetworkResult,
)
from shared.pve.client import FormValue
from shared.pve.models import NO_DATA, UPID, NetworkInterface
from shared.pve.upid import Upid
from workers.configs import Config, ConfigEdit, config_step, pending_keys, read_config
from workers.guest_lookup import Guest
from workers.job import JobContext, Outcome, TaskStep, outcome_of
from workers.lifecycle import run_step
from workers.registry import handles
from workers.requests import Request, send_once

__all__ = ["apply_node_network", "list_node_network", "set_guest_nic", "set_node_network"]

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
    if current is not None:
        options = _parse(current, kind)
    else:  # a new NIC: a container's is named after its netN, a VM's is virtio unless asked
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


# --- a node's interfaces: declared as pending changes, then applied as a whole


def _form(value: object) -> str:
    return str(int(value)) if isinstance(value, bool) else str(value)


def _declared(iface: NetworkInterface) -> dict[str, str]:
    """An interface's options as the API's create and update take them (booleans as 0/1)."""
    raw = iface.model_dump(by_alias=True, exclude_none=True, exclude={"iface", "active", "exists", "method", "method6"})
    return {key: _form(value) for key, value in raw.items()}


def _options(params: NodeNetworkParams) -> dict[str, str]:
    """The options this call asks for, under the API's names."""
    wanted: dict[str, Any] = {
        "cidr": params.cidr, "gateway": params.gateway, "cidr6": params.cidr6, "gateway6": params.gateway6,
        "bridge_vlan_aware": params.vlan_aware, "bond_mode": params.bond_mode, "vlan-id": params.vlan_id,
        "vlan-raw-device": params.vlan_raw_device, "mtu": params.mtu, "autostart": params.autostart,
        "comments": params.comments,
    }  # fmt: skip
    if params.ports is not None:
        wanted["slaves" if params.type == "bond" else "bridge_ports"] = " ".join(params.ports)
    return {
        key: (str(int(value)) if isinstance(value, bool) else str(value))
        for key, value in wanted.items()
        if value is not None
    }


async def _node_interface(job: JobContext, node: str, iface: str) -> tuple[NetworkInterface | None, str | None]:
    found, changes = await _interfaces(job, node, None)
    return next((i for i in found if i.iface == iface), None), changes


@handles(SET_NODE_NETWORK)
async def set_node_network(job: JobContext, params: NodeNetworkParams) -> Outcome:
    pve, node, name = job.app.pve, params.node, params.iface

    async def plan() -> dict[str, Any]:
        current, _ = await _node_interface(job, node, name)
        if params.remove:
            if current is None:
                raise NotFound(f"node {node} declares no interface {name!r}", hint="list_node_network lists them.")
            return {"action": "removed"}
        if current is None:
            if params.type == "eth":
                raise NotFound(
                    f"node {node} has no NIC {name!r}; a physical NIC cannot be created",
                    hint="list_node_network lists the NICs.",
                )
            return {"action": "created", "options": {"autostart": "1", **_options(params)}}
        if current.type != params.type:
            raise InvalidInput(
                f"{name} on node {node} is a {current.type}, not a {params.type}", hint=f"Give type='{current.type}'."
            )
        have = _declared(current)
        differs = {key: value for key, value in _options(params).items() if have.get(key) != value}
        return {"action": "changed" if differs else "unchanged", "options": differs}

    async def send(planned: dict[str, Any]) -> None:
        path = {"node": node}
        body: dict[str, FormValue] = {"type": params.type, **planned.get("options", {})}
        if planned["action"] == "created":
            await pve.post("/nodes/{node}/network", NO_DATA, path=path, body={"iface": name, **body})
        elif planned["action"] == "changed":
            await pve.put("/nodes/{node}/network/{iface}", NO_DATA, path={**path, "iface": name}, body=body)
        elif planned["action"] == "removed":
            await pve.delete("/nodes/{node}/network/{iface}", NO_DATA, path={**path, "iface": name})

    async def done(planned: dict[str, Any]) -> bool:
        current, _ = await _node_interface(job, node, name)
        if planned["action"] == "removed":
            return current is None
        have = _declared(current) if current is not None else None
        return have is not None and all(have.get(k) == v for k, v in planned.get("options", {}).items())

    planned = await send_once(job, Request("network", plan, send, done))
    _, changes = await _node_interface(job, node, name)
    action = planned["action"]
    result = NodeNetworkResult(node=node, iface=name, action=action, pending_changes=NetworkList.clipped(changes))
    if action == "unchanged":
        return Outcome(result, message=f"{name} on node {node} was already declared so; nothing was changed")
    return Outcome(result, message=f"{name} {action} on node {node}, pending: apply_node_network applies it")


@handles(APPLY_NODE_NETWORK)
async def apply_node_network(job: JobContext, params: ApplyNetworkParams) -> Outcome:
    pve, node = job.app.pve, params.node
    record = job.record
    changes = record.plan.get("changes") if record.plan else None
    if record.step is None and not record.steps:
        _, changes = await _interfaces(job, node, None)
        if changes is None:
            raise Conflict(
                f"node {node} has no pending network changes; nothing to {'revert' if params.revert else 'apply'}",
                hint="Declare changes first with set_node_network, or read them with list_node_network.",
            )
    if params.revert:

        async def plan() -> dict[str, Any]:
            return {"changes": changes}

        async def revert(_: dict[str, Any]) -> None:
            await pve.delete("/nodes/{node}/network", NO_DATA, path={"node": node})

        async def reverted(_: dict[str, Any]) -> bool:
            return (await _interfaces(job, node, None))[1] is None

        planned = await send_once(job, Request("revert", plan, revert, reverted))
        result = ApplyNetworkResult(node=node, action="reverted", applied_changes=planned.get("changes"))
        return Outcome(result, message=f"the pending network changes of node {node} were dropped")

    async def dispatch() -> Upid:
        return await pve.put("/nodes/{node}/network", UPID, path={"node": node})

    async def applied() -> bool:  # a lost answer with no task listed: applied means nothing is pending
        return (await _interfaces(job, node, None))[1] is None

    if record.plan is None:  # what is applied, kept for the answer of a rerun (nothing is pending by then)
        record.plan = {"changes": changes}
        await job.app.store.update(job.job_id, plan=record.plan)
    step = TaskStep("apply", node, "srvreload", None, dispatch, applied, task_id="networking")
    done = await run_step(job, step)
    result = ApplyNetworkResult(node=node, action="applied", applied_changes=NetworkList.clipped(changes))
    return outcome_of(result, [done], f"the pending network changes of node {node} are applied")
