"""The HA stack as pve-ha-manager's API shows it: resources (resources.cfg) and the current status.

With no HA resource the status lists only the quorum (and, on 9.x, the fencing state "standby").
With resources (a scenario's `ha:` section), the CRM master, one LRM per node and one entry per
service appear, worded as PVE::API2::HA::Status does ("vm:100 (pve1, started)"). pvesim's HA stack
does not start, stop or fence guests on its own; it migrates an HA guest when asked to (hamigrate).
"""

from __future__ import annotations

import hashlib
import re
import time
from typing import Any

from pvesim.call import Call, route
from pvesim.errors import ApiError
from pvesim.state import ClusterState, HaResource

__all__ = ["service_state"]


def _digest(state: ClusterState) -> str:
    text = "".join(f"{r.sid}:{r.state}:{r.group}:{r.max_restart}:{r.max_relocate}" for r in state.ha_resources.values())
    return hashlib.sha1(text.encode(), usedforsecurity=False).hexdigest()


def _crm_state(state: ClusterState, resource: HaResource) -> str:
    if resource.crm_state is not None:
        return resource.crm_state
    guest = state.guests.get(resource.vmid)
    if guest is None:
        return "stopped"
    return "started" if guest.status == "running" else "stopped"


def service_state(state: ClusterState, resource: HaResource) -> str:
    """get_verbose_service_state: what the CRM is doing with a resource, given what was requested."""
    requested = resource.state
    if requested == "ignored":
        return "ignored"
    current = _crm_state(state, resource)
    if current == "stopped" and requested == "started":
        return "starting"
    if current == "stopped" and requested == "disabled":
        return "disabled"
    if current == "started" and requested in ("stopped", "disabled"):
        return "stopping"
    return current


def _config(state: ClusterState, resource: HaResource) -> dict[str, Any]:
    entry: dict[str, Any] = {
        "sid": resource.sid,
        "type": resource.type,
        "state": resource.state,
        "digest": _digest(state),
    }
    for key in ("group", "max_restart", "max_relocate", "comment"):
        value = getattr(resource, key)
        if value is not None:
            entry[key] = value
    if resource.failback is not None:
        entry["failback"] = int(resource.failback)
    return entry


@route("GET", "/cluster/ha/resources")
async def ha_resources(call: Call) -> Any:
    state = call.core.state
    wanted = call.params.get("type")
    return [_config(state, r) for r in state.ha_resources.values() if wanted is None or r.type == wanted]


@route("GET", "/cluster/ha/resources/{sid}")
async def ha_resource(call: Call) -> Any:
    state = call.core.state
    sid = _sid(call)
    resource = state.ha_resources.get(sid)
    if resource is None:
        raise ApiError(500, f"no such resource '{sid}'")
    return _config(state, resource)


@route("GET", "/cluster/ha/status/current")
async def ha_status(call: Call) -> Any:
    state = call.core.state
    online = [n for n in state.nodes.values() if n.online]
    local = (online or list(state.nodes.values()))[0].name
    quorate = len(online) * 2 > len(state.nodes)
    out: list[dict[str, Any]] = [
        {
            "id": "quorum",
            "type": "quorum",
            "node": local,
            "status": "OK" if quorate else f"No quorum on node '{local}'!",
            "quorate": int(quorate),
        }
    ]
    version_9 = call.core.schema.version != "8.4"
    now = int(time.time())
    if not state.ha_resources:
        if version_9:
            out.append(
                {
                    "id": "fencing",
                    "type": "fencing",
                    "node": local,
                    "status": "standby (CRM watchdog standby)",
                    "armed-state": "standby",
                }
            )
        return out
    master = local
    out.append(
        {
            "id": "master",
            "type": "master",
            "node": master,
            "status": f"{master} (active, {time.ctime(now)})",
            "timestamp": now,
        }
    )
    if version_9:
        out.append(
            {
                "id": "fencing",
                "type": "fencing",
                "node": master,
                "status": "armed (CRM watchdog active)",
                "armed-state": "armed",
            }
        )
    for node in sorted(state.nodes.values(), key=lambda n: n.name):
        services = [
            r
            for r in state.ha_resources.values()
            if (g := state.guests.get(r.vmid)) is not None and g.node == node.name
        ]
        if not node.online:
            stamp = now - 120
            text = f"{node.name} (old timestamp - dead?, watchdog standby, {time.ctime(stamp)})"
        elif services:
            stamp = now
            text = f"{node.name} (active, watchdog active, {time.ctime(stamp)})"
        else:
            stamp = now
            text = f"{node.name} (idle, watchdog standby, {time.ctime(stamp)})"
        out.append({"id": f"lrm:{node.name}", "type": "lrm", "node": node.name, "status": text, "timestamp": stamp})
    for resource in sorted(state.ha_resources.values(), key=lambda r: r.sid):
        guest = state.guests.get(resource.vmid)
        where = guest.node if guest is not None else "---"
        verbose = service_state(state, resource) if guest is not None else "not found"
        entry: dict[str, Any] = {
            "id": f"service:{resource.sid}",
            "type": "service",
            "sid": resource.sid,
            "node": where,
            "crm_state": _crm_state(state, resource),
            "state": verbose,
            "status": f"{resource.sid} ({where}, {verbose})",
            "request_state": resource.state,
        }
        for key in ("group", "max_restart", "max_relocate", "comment"):
            value = getattr(resource, key)
            if value is not None:
                entry[key] = value
        if resource.failback is not None and version_9:
            entry["failback"] = int(resource.failback)
        out.append(entry)
    return out


def _quorate(state: ClusterState) -> bool:
    return sum(1 for n in state.nodes.values() if n.online) * 2 > len(state.nodes)


def _writable(call: Call) -> ClusterState:
    """pmxcfs is read-only without quorum: every HA config write fails then."""
    state = call.core.state
    if not _quorate(state):
        raise ApiError(500, "cluster not ready - no quorum?")
    return state


def _sid(call: Call) -> str:
    """A resource ID as PVE reads it: `vm:100`, `ct:200`, or the VMID alone (its type from the guest)."""
    state = call.core.state
    sid = str(call.params["sid"])
    if sid.isdigit():
        guest = state.guests.get(int(sid))
        kind = call.params.get("type") or ("ct" if guest is not None and guest.kind == "lxc" else "vm")
        sid = f"{kind}:{sid}"
    return sid


_SETTABLE = ("state", "group", "max_restart", "max_relocate", "comment")


def _apply(resource: HaResource, call: Call) -> None:
    for key in re.split(r"[,;\s]+", str(call.params.get("delete") or "")):
        if key in _SETTABLE and key != "state":
            setattr(resource, key, None)
    for key in _SETTABLE:
        if key in call.params:
            value = call.params[key]
            setattr(resource, key, int(value) if key.startswith("max_") else str(value))
    if "failback" in call.params:
        resource.failback = bool(call.params["failback"])


@route("POST", "/cluster/ha/resources")
async def create_ha_resource(call: Call) -> Any:
    state = _writable(call)
    sid = _sid(call)
    if sid in state.ha_resources:
        raise ApiError(500, f"resource ID '{sid}' already defined")
    vmid = int(sid.split(":", 1)[1])
    guest = state.guests.get(vmid)
    if guest is None or (guest.kind == "lxc") != sid.startswith("ct:"):
        raise ApiError(500, f"{'CT' if sid.startswith('ct:') else 'VM'} {vmid} does not exist")
    resource = HaResource(sid)
    _apply(resource, call)
    state.ha_resources[sid] = resource
    return None


@route("PUT", "/cluster/ha/resources/{sid}")
async def update_ha_resource(call: Call) -> Any:
    state = _writable(call)
    sid = _sid(call)
    resource = state.ha_resources.get(sid)
    if resource is None:
        raise ApiError(500, f"no such resource '{sid}'")
    digest = call.params.get("digest")
    if digest is not None and digest != _digest(state):
        raise ApiError(500, "detected modified configuration - file changed by other user? Try again.")
    _apply(resource, call)
    return None


@route("DELETE", "/cluster/ha/resources/{sid}")
async def delete_ha_resource(call: Call) -> Any:
    state = _writable(call)
    sid = _sid(call)
    if state.ha_resources.pop(sid, None) is None:
        raise ApiError(500, f"no such resource '{sid}'")
    return None
