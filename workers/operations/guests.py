"""Guest reads: lists, configuration, container interfaces."""

from __future__ import annotations

import fnmatch
from collections import Counter
from collections.abc import Callable
from typing import Any

from pydantic import TypeAdapter

from shared.caller import GuestFacts
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
from shared.pve.models import GuestConfig, GuestResource, GuestSummary, LxcSummary, QemuSummary
from shared.pve.models import LxcInterface as PveLxcInterface
from shared.redact import Redactor
from shared.sanitize import GuestKind
from workers.guest_lookup import Guest, power_state, resolve_guest
from workers.job import JobContext
from workers.operations.units import percent
from workers.registry import handles

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


def _facts(r: GuestResource) -> GuestFacts:
    """What a caller's guest selectors match on."""
    tags = frozenset(_tags(r.get("tags")))
    return GuestFacts(vmid=r["vmid"], node=r.get("node") or "", pool=r.get("pool"), tags=tags)


def _info(r: GuestResource, kind: GuestKind) -> GuestInfo:
    return GuestInfo(
        vmid=r["vmid"],
        name=r.get("name"),
        node=r.get("node") or "",
        kind=kind,
        status=r.get("status") or "unknown",
        template=bool(r.get("template")),
        cpus=r.get("maxcpu"),
        cpu_percent=percent(r.get("cpu")),
        memory_used_bytes=r.get("mem"),
        memory_total_bytes=r.get("maxmem"),
        disk_total_bytes=r.get("maxdisk"),
        uptime_seconds=r.get("uptime"),
        tags=_tags(r.get("tags")),
        pool=r.get("pool"),
        lock=r.get("lock"),
    )


def _as_resource(s: GuestSummary, node: str, kind: GuestKind) -> GuestResource:
    """A node's own list entry in the shape of /cluster/resources' (which names no pool)."""
    return GuestResource(
        type=kind, vmid=s.vmid or 0, node=node, status=s.status, name=s.name, template=s.template, lock=s.lock,
        tags=s.tags, cpu=s.cpu, maxcpu=s.cpus, mem=s.mem, maxmem=s.maxmem, maxdisk=s.maxdisk, uptime=s.uptime,
    )  # fmt: skip


async def _list(job: JobContext, params: ListGuestsParams, kind: GuestKind) -> GuestList:
    pve = job.app.pve
    scope = job.caller.scope
    node = params.node
    # The guests stay /cluster/resources' own dicts: over a datacenter's 10,000, a list filters
    # and sorts them as they came, and makes a GuestInfo of the page's rows alone.
    # A node's own list names no pool, and a caller's scopes select guests by pool too.
    guests: list[GuestResource]
    if node is None or params.pool is not None or scope.guest_scoped:
        resources = await pve.get("/cluster/resources", _GUEST_RESOURCES, query={"type": "vm"})
        guests = [r for r in resources if r["type"] == kind and (node is None or r.get("node") == node)]
    else:
        summaries: list[GuestSummary] = []
        if kind == "qemu":
            summaries.extend(await pve.get("/nodes/{node}/qemu", list[QemuSummary], path={"node": node}))
        else:
            summaries.extend(await pve.get("/nodes/{node}/lxc", list[LxcSummary], path={"node": node}))
        guests = [_as_resource(s, node, kind) for s in summaries]
    # the caller's scopes before counting and paging, so its totals and pages are its own
    matching = [r for r in guests if _matches(r, params) and (not scope.guest_scoped or scope.admits(_facts(r)))]
    page = paginate(matching, _SORT_KEYS[params.sort], descending=params.descending, asked=params)
    return GuestList(
        guests=[_info(r, kind) for r in page.rows],
        by_status=dict(sorted(Counter(r.get("status") or "unknown" for r in matching).items())),
        by_node=dict(sorted(Counter(r.get("node") or "" for r in matching).items())),
        sort=f"{params.sort} {'desc' if params.descending else 'asc'}",
        **GuestList.page_of(page),
    )


_GUEST_RESOURCES = TypeAdapter(list[GuestResource])


def _matches(r: GuestResource, params: ListGuestsParams) -> bool:
    if params.status is not None and (r.get("status") or "unknown") != params.status:
        return False
    if params.tag is not None and params.tag not in _tags(r.get("tags")):
        return False
    if params.pool is not None and r.get("pool") != params.pool:
        return False
    if params.template is not None and bool(r.get("template")) != params.template:
        return False
    return params.name is None or fnmatch.fnmatchcase((r.get("name") or "").lower(), params.name.lower())


#: each sort's key; the VMID breaks ties, so the order (and a cursor into it) is total
_SORT_KEYS: dict[str, Callable[[GuestResource], tuple[Any, ...]]] = {
    "vmid": lambda r: (r["vmid"],),
    "name": lambda r: ((r.get("name") or "").lower(), r["vmid"]),
    "cpu": lambda r: (r.get("cpu"), r["vmid"]),
    "memory": lambda r: (r.get("mem"), r["vmid"]),
    "disk": lambda r: (r.get("maxdisk"), r["vmid"]),
    "uptime": lambda r: (r.get("uptime"), r["vmid"]),
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
