"""Guest reads: lists, configuration, container interfaces."""

from __future__ import annotations

import fnmatch
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
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
from workers.guests import Guest, power_state, resolve_guest
from workers.operations.units import percent
from workers.registry import handles
from workers.runtime import JobContext

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


@dataclass(frozen=True, slots=True)
class _Row:
    """A guest as a list filters and sorts it; its GuestInfo is made only if its page shows it."""

    vmid: int
    name: str | None
    node: str
    status: str
    template: bool
    tags: tuple[str, ...]
    pool: str | None
    cpu: float | None
    cpus: float | None
    mem: int | None
    maxmem: int | None
    maxdisk: int | None
    uptime: int | None
    lock: str | None

    @property
    def facts(self) -> GuestFacts:
        """What a caller's guest selectors match on."""
        return GuestFacts(vmid=self.vmid, node=self.node, pool=self.pool, tags=frozenset(self.tags))

    def info(self, kind: GuestKind) -> GuestInfo:
        return GuestInfo(
            vmid=self.vmid,
            name=self.name,
            node=self.node,
            kind=kind,
            status=self.status,
            template=self.template,
            cpus=self.cpus,
            cpu_percent=percent(self.cpu),
            memory_used_bytes=self.mem,
            memory_total_bytes=self.maxmem,
            disk_total_bytes=self.maxdisk,
            uptime_seconds=self.uptime,
            tags=list(self.tags),
            pool=self.pool,
            lock=self.lock,
        )


def _resource_row(r: GuestResource) -> _Row:
    return _Row(
        r["vmid"], r.get("name"), r.get("node") or "", r.get("status") or "unknown", bool(r.get("template")),
        tuple(_tags(r.get("tags"))), r.get("pool"), r.get("cpu"), r.get("maxcpu"), r.get("mem"), r.get("maxmem"),
        r.get("maxdisk"), r.get("uptime"), r.get("lock"),
    )  # fmt: skip


def _summary_row(s: GuestSummary, node: str) -> _Row:
    return _Row(
        s.vmid or 0, s.name, node, s.status or "unknown", bool(s.template), tuple(_tags(s.tags)), None,
        s.cpu, s.cpus, s.mem, s.maxmem, s.maxdisk, s.uptime, s.lock,
    )  # fmt: skip


async def _list(job: JobContext, params: ListGuestsParams, kind: GuestKind) -> GuestList:
    pve = job.app.pve
    scope = job.caller.scope
    # a node's own list names no pool, and a caller's scopes select guests by pool too
    if params.node is None or params.pool is not None or scope.guest_scoped:
        resources = await pve.get("/cluster/resources", _GUEST_RESOURCES, query={"type": "vm"})
        rows = [_resource_row(r) for r in resources if r["type"] == kind and params.node in (None, r.get("node"))]
    else:
        path = {"node": params.node}
        summaries: list[GuestSummary] = []
        if kind == "qemu":
            qemu = await pve.get("/nodes/{node}/qemu", list[QemuSummary], path=path)
            summaries.extend(qemu)
        else:
            lxc = await pve.get("/nodes/{node}/lxc", list[LxcSummary], path=path)
            summaries.extend(lxc)
        rows = [_summary_row(s, params.node) for s in summaries]
    # the caller's scopes before counting and paging, so its totals and pages are its own
    matching = [row for row in rows if _matches(row, params) and (not scope.guest_scoped or scope.admits(row.facts))]
    page = paginate(
        matching,
        _SORT_KEYS[params.sort],
        descending=params.descending,
        asked=params,
    )
    return GuestList(
        guests=[row.info(kind) for row in page.rows],
        by_status=dict(sorted(Counter(row.status for row in matching).items())),
        by_node=dict(sorted(Counter(row.node for row in matching).items())),
        sort=f"{params.sort} {'desc' if params.descending else 'asc'}",
        **GuestList.page_of(page),
    )


_GUEST_RESOURCES = TypeAdapter(list[GuestResource])


def _matches(row: _Row, params: ListGuestsParams) -> bool:
    if params.status is not None and row.status != params.status:
        return False
    if params.tag is not None and params.tag not in row.tags:
        return False
    if params.pool is not None and row.pool != params.pool:
        return False
    if params.template is not None and row.template != params.template:
        return False
    return params.name is None or fnmatch.fnmatchcase((row.name or "").lower(), params.name.lower())


#: each sort's key; the VMID breaks ties, so the order (and a cursor into it) is total
_SORT_KEYS: dict[str, Callable[[_Row], tuple[Any, ...]]] = {
    "vmid": lambda r: (r.vmid,),
    "name": lambda r: ((r.name or "").lower(), r.vmid),
    "cpu": lambda r: (r.cpu, r.vmid),
    "memory": lambda r: (r.mem, r.vmid),
    "disk": lambda r: (r.maxdisk, r.vmid),
    "uptime": lambda r: (r.uptime, r.vmid),
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
