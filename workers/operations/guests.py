"""Guest reads: lists, configuration, container interfaces."""

from __future__ import annotations

import fnmatch
from collections import Counter
from collections.abc import Callable
from typing import Any

from pydantic import TypeAdapter

from shared.errors import Conflict, RequestRejected
from shared.listing import paginate
from shared.operations.guests import (
    GET_INSTANCE_CONFIG,
    GET_LXC_INTERFACES,
    LIST_LXC_CONTAINERS,
    LIST_VMS,
    GetConfigParams,
    GuestInfo,
    GuestList,
    InstanceConfig,
    ListGuestsParams,
    LxcInterface,
    LxcInterfaces,
    LxcInterfacesParams,
)
from shared.pve.client import PveClient
from shared.pve.models import ClusterResource, GuestConfig, GuestSummary, LxcSummary, QemuSummary
from shared.pve.models import LxcInterface as PveLxcInterface
from shared.redact import Redactor
from shared.sanitize import GuestKind
from workers.guests import Guest, cluster_guests, power_state, resolve_guest
from workers.operations.units import percent
from workers.registry import handles
from workers.runtime import JobContext
from workers.scopes import admitted

__all__ = ["get_instance_config", "get_lxc_interfaces", "list_lxc_containers", "list_vms"]

_CONFIG = TypeAdapter(GuestConfig)
_INTERFACES = TypeAdapter(list[PveLxcInterface] | None)


async def _require_running(pve: PveClient, guest: Guest) -> None:
    state = await power_state(pve, guest)
    if state.status != "running":
        raise Conflict(
            f"container {guest.vmid} is {state.status}: only a running container has interfaces",
            hint="Start it with power_control (action=start), then call again.",
        )


def _tags(text: str | None) -> list[str]:
    return [tag for tag in (text or "").replace(",", ";").replace(" ", ";").split(";") if tag]


def _guest_info(source: ClusterResource | GuestSummary, node: str, kind: GuestKind) -> GuestInfo:
    """A list entry from either PVE listing (the cluster's resources, or a node's guests)."""
    cpus = source.maxcpu if isinstance(source, ClusterResource) else source.cpus
    return GuestInfo(
        vmid=source.vmid or 0,
        name=source.name,
        node=node,
        kind=kind,
        status=source.status or "unknown",
        template=bool(source.template),
        cpus=cpus,
        cpu_percent=percent(source.cpu),
        memory_used_bytes=source.mem,
        memory_total_bytes=source.maxmem,
        disk_total_bytes=source.maxdisk,
        uptime_seconds=source.uptime,
        tags=_tags(source.tags),
        pool=source.pool if isinstance(source, ClusterResource) else None,
        lock=source.lock,
    )


async def _list(job: JobContext, params: ListGuestsParams, kind: GuestKind) -> GuestList:
    pve = job.app.pve
    if params.node is None or params.pool is not None:  # a node's own list names no pool
        resources = [r for r in await cluster_guests(pve) if r.type == kind]
        guests = [_guest_info(r, r.node or "", kind) for r in resources if params.node in (None, r.node)]
    else:
        path = {"node": params.node}
        summaries: list[GuestSummary] = []
        if kind == "qemu":
            qemu = await pve.get("/nodes/{node}/qemu", list[QemuSummary], path=path)
            summaries.extend(qemu)
        else:
            lxc = await pve.get("/nodes/{node}/lxc", list[LxcSummary], path=path)
            summaries.extend(lxc)
        guests = [_guest_info(s, params.node, kind) for s in summaries]
    matching = await admitted(job, job.caller, [g for g in guests if _matches(g, params)])
    page = paginate(
        matching,
        _SORT_KEYS[params.sort],
        descending=params.descending,
        limit=params.limit,
        cursor=params.cursor,
        query=params.query(),
    )
    return GuestList(
        guests=page.rows,
        count=len(page.rows),
        total=page.total,
        by_status=dict(sorted(Counter(g.status for g in matching).items())),
        by_node=dict(sorted(Counter(g.node for g in matching).items())),
        first=page.first,
        sort=f"{params.sort} {'desc' if params.descending else 'asc'}",
        next_cursor=page.next_cursor,
    )


def _matches(guest: GuestInfo, params: ListGuestsParams) -> bool:
    if params.status is not None and guest.status != params.status:
        return False
    if params.tag is not None and params.tag not in guest.tags:
        return False
    if params.pool is not None and guest.pool != params.pool:
        return False
    if params.template is not None and guest.template != params.template:
        return False
    return params.name is None or fnmatch.fnmatchcase((guest.name or "").lower(), params.name.lower())


#: each sort's key; the VMID breaks ties, so the order (and a cursor into it) is total
_SORT_KEYS: dict[str, Callable[[GuestInfo], tuple[Any, ...]]] = {
    "vmid": lambda g: (g.vmid,),
    "name": lambda g: ((g.name or "").lower(), g.vmid),
    "cpu": lambda g: (g.cpu_percent, g.vmid),
    "memory": lambda g: (g.memory_used_bytes, g.vmid),
    "disk": lambda g: (g.disk_total_bytes, g.vmid),
    "uptime": lambda g: (g.uptime_seconds, g.vmid),
}


@handles(LIST_VMS)
async def list_vms(job: JobContext, params: ListGuestsParams) -> GuestList:
    return await _list(job, params, "qemu")


@handles(LIST_LXC_CONTAINERS)
async def list_lxc_containers(job: JobContext, params: ListGuestsParams) -> GuestList:
    return await _list(job, params, "lxc")


@handles(GET_INSTANCE_CONFIG)
async def get_instance_config(job: JobContext, params: GetConfigParams) -> InstanceConfig:
    pve = job.app.pve
    guest = await resolve_guest(pve, params.vmid, params.node)
    config = await pve.get(guest.template_for("/config"), _CONFIG, path=guest.path)
    raw: dict[str, Any] = config.model_dump(mode="json", by_alias=True, exclude_none=True)
    name = raw.get("name") if guest.kind == "qemu" else raw.get("hostname")
    return InstanceConfig(
        vmid=guest.vmid,
        node=guest.node,
        kind=guest.kind,
        name=str(name) if name is not None else guest.name,
        status=guest.status,
        digest=config.digest,
        config=Redactor()(raw),
    )


@handles(GET_LXC_INTERFACES)
async def get_lxc_interfaces(job: JobContext, params: LxcInterfacesParams) -> LxcInterfaces:
    pve = job.app.pve
    guest = await resolve_guest(
        pve,
        params.vmid,
        params.node,
        kind="lxc",
        hint="get_lxc_interfaces works for LXC containers; read a VM's network with get_instance_config.",
    )
    # Asked first, the container's power state only on a refusal or no answer: /cluster/resources'
    # status lags up to ~10 s behind a start or stop (pvestatd), status/current would cost a GET.
    try:
        found = await pve.get("/nodes/{node}/lxc/{vmid}/interfaces", _INTERFACES, path=guest.path)
    except RequestRejected:
        await _require_running(pve, guest)
        raise
    if found is None:  # PVE's get_interfaces answers nothing for a container that is not running
        await _require_running(pve, guest)
        found = []
    return LxcInterfaces(
        vmid=guest.vmid,
        node=guest.node,
        interfaces=[LxcInterface(name=i.name, hwaddr=i.hwaddr, inet=i.inet, inet6=i.inet6) for i in found],
    )
