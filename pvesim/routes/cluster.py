"""Cluster-wide and node-level reads: version, nodes, node status, resources, nextid, permissions."""

from __future__ import annotations

import time
from typing import Any

from pvesim.call import Call, route
from pvesim.errors import ApiError, param_error
from pvesim.routes.guests import guest_usage
from pvesim.state import ClusterState, Guest, Node, Storage, Task

__all__ = ["guest_resource", "node_entry", "storage_resource"]

_VERSIONS = {
    "9.1": {"version": "9.1.1", "release": "9.1", "repoid": "42ab1c9e"},
    "8.4": {"version": "8.4.1", "release": "8.4", "repoid": "2a5fa54a8503f96d"},
}


def node_entry(node: Node, state: ClusterState) -> dict[str, Any]:
    """A node as /nodes and /cluster/resources list it."""
    entry: dict[str, Any] = {
        "node": node.name,
        "status": "online" if node.online else "offline",
        "id": f"node/{node.name}",
    }
    entry["type"] = "node"
    if node.online:
        used = sum(g.memory_bytes() for g in state.guests.values() if g.node == node.name and g.status == "running")
        entry |= {
            "cpu": 0.031,
            "maxcpu": node.maxcpu,
            "mem": min(used + 3 * 1024**3, node.maxmem),
            "maxmem": node.maxmem,
            "disk": 9 * 1024**3,
            "maxdisk": 94 * 1024**3,
            "uptime": node.uptime,
            "level": "",
            "ssl_fingerprint": "5A:21:" + ":".join(f"{(len(node.name) * 7 + i) % 256:02X}" for i in range(30)),
        }
    return entry


def guest_resource(guest: Guest, node_online: bool) -> dict[str, Any]:
    """A guest as /cluster/resources lists it."""
    return guest_usage(guest) | {
        "id": f"{guest.kind}/{guest.vmid}",
        "type": guest.kind,
        "node": guest.node,
        "status": guest.status if node_online else "unknown",
        "template": int(guest.template),
        "maxcpu": guest.cores(),
    }


def _release(call: Call) -> dict[str, str]:
    """version, release and repoid: the schema's own, or the release the config says to report."""
    own = _VERSIONS[call.core.schema.version]
    reported = call.core.config.reported_version
    if reported is None:
        return own
    # "7.4-3" and "10.0.2" report release "7.4" and "10.0", as pve-manager does
    return {"version": reported, "release": ".".join(reported.split("-")[0].split(".")[:2]), "repoid": own["repoid"]}


@route("GET", "/version")
async def version(call: Call) -> Any:
    return _release(call) | {"console": "html5"}


@route("GET", "/nodes")
async def nodes(call: Call) -> Any:
    state = call.core.state
    return [node_entry(node, state) for node in state.nodes.values()]


@route("GET", "/nodes/{node}/status")
async def node_status(call: Call) -> Any:
    node = call.core.state.nodes[call.node]
    release = _release(call)
    return {
        "uptime": node.uptime,
        "cpu": 0.031,
        "wait": 0.0004,
        "idle": 0,
        "loadavg": ["0.21", "0.17", "0.11"],
        "kversion": "Linux 6.17.2-1-pve #1 SMP PREEMPT_DYNAMIC PMX 6.17.2-1 (2025-10-21T11:55Z)",
        "pveversion": f"pve-manager/{release['version']}/{release['repoid']}",
        "cpuinfo": {
            "model": "AMD EPYC 7302P 16-Core Processor",
            "cpus": node.maxcpu,
            "cores": node.maxcpu // 2,
            "sockets": 1,
            "mhz": "3000.000",
            "hvm": "1",
            "flags": "fpu vme de pse tsc msr pae mce cx8 apic sep mtrr pge mca cmov",
            "user_hz": 100,
        },
        "current-kernel": {
            "sysname": "Linux",
            "release": "6.17.2-1-pve",
            "version": "#1 SMP PREEMPT_DYNAMIC PMX 6.17.2-1 (2025-10-21T11:55Z)",
            "machine": "x86_64",
        },
        "boot-info": {"mode": "efi", "secureboot": 0},
        "memory": {
            "total": node.maxmem,
            "used": 6 * 1024**3,
            "free": node.maxmem - 6 * 1024**3,
            "available": node.maxmem - 5 * 1024**3,
        },
        "swap": {"total": 8 * 1024**3, "used": 0, "free": 8 * 1024**3},
        "rootfs": {"total": 94 * 1024**3, "used": 9 * 1024**3, "free": 85 * 1024**3, "avail": 80 * 1024**3},
        "ksm": {"shared": 0},
    }


#: what /cluster/resources takes from the guest's config and the cluster's VM list at once
_LIVE_KEYS = ("id", "vmid", "type", "node", "template", "lock", "tags")


def _guest_resources(call: Call) -> list[dict[str, Any]]:
    """Every guest's entry; with a stats interval, names, status and usage as last broadcast.

    pve-manager's extract_vm_stats reads them from pvestatd's RRD broadcast: a guest created
    since has neither name nor usage and the status "unknown"; a start shows after the next one.
    """
    core, state = call.core, call.core.state
    live = [guest_resource(g, state.nodes[g.node].online) for g in sorted(state.guests.values(), key=lambda g: g.vmid)]
    interval = core.config.stats_interval
    if interval <= 0:
        return live
    now = time.monotonic()
    if now - core.guest_stats_taken >= interval:
        core.guest_stats = {entry["vmid"]: entry for entry in live}
        core.guest_stats_taken = now
    stale: list[dict[str, Any]] = []
    for entry in live:
        current = {key: entry[key] for key in _LIVE_KEYS if key in entry}
        broadcast = core.guest_stats.get(entry["vmid"])
        if broadcast is None:
            stale.append(current | {"status": "unknown"})
        else:
            stale.append({k: v for k, v in broadcast.items() if k not in _LIVE_KEYS} | current)
    return stale


def storage_resource(state: ClusterState, node: str, storage: Storage) -> dict[str, Any]:
    """A storage of a node as /cluster/resources (and a pool's members) list it."""
    return {
        "id": f"storage/{node}/{storage.storage}",
        "type": "storage",
        "storage": storage.storage,
        "node": node,
        "status": "available" if state.nodes[node].online else "unknown",
        "plugintype": storage.type,
        "content": ",".join(storage.content),
        "shared": int(storage.shared),
        "disk": state.storage_used(node, storage.storage),
        "maxdisk": storage.total,
    }


def _pool_entries(call: Call, guests: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The pools, with the usage of their running guests summed up as pve-manager does."""
    state = call.core.state
    out = []
    for poolid in sorted(state.pools):
        if "Pool.Audit" not in call.token.privileges_at(f"/pool/{poolid}"):
            continue
        entry: dict[str, Any] = {"id": f"/pool/{poolid}", "pool": poolid, "type": "pool"}
        for guest in guests:
            if guest.get("pool") != poolid or not guest.get("uptime"):
                continue
            entry["uptime"] = max(entry.get("uptime", 0), guest["uptime"])
            for key in ("mem", "maxmem"):
                entry[key] = entry.get(key, 0) + guest.get(key, 0)
            before, cpus = entry.get("cpu", 0) * entry.get("maxcpu", 0), entry.get("maxcpu", 0) + guest["maxcpu"]
            entry["cpu"] = (before + guest["cpu"] * guest["maxcpu"]) / cpus
            entry["maxcpu"] = cpus
        out.append(entry)
    return out


def _annotate(call: Call, entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A guest's pool and HA state, as /cluster/resources adds them."""
    state = call.core.state
    for entry in entries:
        pool = state.pool_of(entry["vmid"])
        if pool is not None:
            entry["pool"] = pool
        guest = state.guests.get(entry["vmid"])
        resource = state.ha_resource(guest) if guest is not None else None
        if resource is not None:
            entry["hastate"] = resource.crm_state or resource.state
    return entries


@route("GET", "/cluster/resources")
async def resources(call: Call) -> Any:
    state = call.core.state
    wanted = call.params.get("type")
    out: list[dict[str, Any]] = []
    guests = _annotate(call, _guest_resources(call)) if wanted in (None, "vm", "pool") else []
    if wanted in (None, "pool"):
        out.extend(_pool_entries(call, guests))
    if wanted in (None, "node"):
        out.extend(node_entry(node, state) for node in state.nodes.values())
    if wanted in (None, "vm"):
        out.extend(guests)
    if wanted in (None, "storage"):
        for node in state.nodes.values():
            for storage in state.storages.values():
                if storage.available_on(node.name):
                    out.append(storage_resource(state, node.name, storage))
    return out


def _cluster_task(task: Task) -> dict[str, Any]:
    """A task of pvestatd's broadcast list (the node's `active` file): no pstart, `saved` as a string."""
    item: dict[str, Any] = {
        "upid": task.upid,
        "node": task.node,
        "starttime": task.starttime,
        "type": task.type,
        "id": task.id,
    }
    user, _, token = task.user.partition("!")
    item["user"] = user
    if token:
        item["tokenid"] = token
    if task.status == "running":
        item["pid"] = task.pid
        item["saved"] = "0"
    else:
        item |= {"saved": "1", "endtime": task.endtime, "status": task.exitstatus}
    return item


#: how many ended tasks each node keeps in the list it broadcasts (RESTEnvironment::active_workers)
_MAX_FINISHED = 25


@route("GET", "/cluster/tasks")
async def cluster_tasks(call: Call) -> Any:
    state = call.core.state
    out: list[dict[str, Any]] = []
    for node in state.nodes:
        tasks = list(state.tasks_on(node))
        running = [t for t in tasks if t.status == "running"]
        ended = sorted((t for t in tasks if t.status != "running"), key=lambda t: (t.starttime, t.pid), reverse=True)
        out.extend(_cluster_task(t) for t in [*running, *ended[: max(0, _MAX_FINISHED - len(running))]])
    if "Sys.Audit" not in call.token.privileges_at("/"):
        out = [t for t in out if t["user"] == call.token.tokenid]  # as PVE compares: a token sees none
    return out


@route("GET", "/nodes/{node}/version")
async def node_version(call: Call) -> Any:
    return _release(call)


def _vmid_used(state: ClusterState, vmid: int) -> bool:
    return vmid in state.guests


@route("GET", "/cluster/nextid")
async def nextid(call: Call) -> Any:
    state = call.core.state
    asked = call.params.get("vmid")
    if asked is not None:
        if _vmid_used(state, int(asked)):
            raise param_error({"vmid": f"VM {asked} already exists"})
        return str(asked)
    vmid = 100
    while _vmid_used(state, vmid):
        vmid += 1
    # PVE sends the number as a JSON string, although the schema says integer.
    return str(vmid)


@route("GET", "/cluster/status")
async def cluster_status(call: Call) -> Any:
    state = call.core.state
    online = [n for n in state.nodes.values() if n.online]
    out: list[dict[str, Any]] = [
        {
            "type": "cluster",
            "id": "cluster",
            "name": state.cluster_name,
            "nodes": len(state.nodes),
            "quorate": int(len(online) * 2 > len(state.nodes)),
            "version": len(state.nodes) + 2,
        }
    ]
    for index, node in enumerate(state.nodes.values(), start=1):
        out.append(
            {
                "type": "node",
                "id": f"node/{node.name}",
                "name": node.name,
                "ip": node.ip,
                "nodeid": index,
                "online": int(node.online),
                "local": int(index == 1),
                "level": "",
            }
        )
    return out


@route("GET", "/access/permissions")
async def permissions(call: Call) -> Any:
    token = call.token
    userid = call.params.get("userid")
    if userid not in (None, token.tokenid, token.user):
        other = call.core.tokens.get(str(userid))
        if other is None or "Sys.Audit" not in token.privileges_at("/access"):
            raise ApiError(403, "Permission check failed (/access, Sys.Audit)")
        token = other
    path = call.params.get("path")
    if path is not None:
        held = token.privileges_at(str(path))
        return {str(path): dict.fromkeys(sorted(held), 1)} if held else {}
    return token.permissions_json()
