"""Node reads."""

from __future__ import annotations

import asyncio
import re
from collections import Counter
from collections.abc import Callable
from typing import Any

from shared.errors import PermissionDenied
from shared.listing import paginate
from shared.operations.nodes import (
    GET_CLUSTER_LOG,
    GET_NODE_DETAILS,
    GET_NODE_LOG,
    LIST_NODES,
    ClusterLog,
    ClusterLogEntry,
    ClusterLogParams,
    ListNodesParams,
    NodeDetails,
    NodeInfo,
    NodeList,
    NodeLog,
    NodeLogLine,
    NodeLogParams,
    NodeParams,
)
from shared.pve.models import AptPackage, NodeStatus, NodeSummary, PveModel, Subscription, TaskLogLine, no_content
from workers.job import JobContext
from workers.operations.units import percent
from workers.registry import handles

__all__ = ["get_cluster_log", "get_node_details", "get_node_log", "list_nodes"]

#: pending updates named in the answer, at most
_PACKAGES_SHOWN = 20
#: lines a grep reads per call, at most, and per request to PVE
_GREP_SCAN = 5000
_PAGE = 500


#: each sort's key; the name breaks ties, so the order (and a cursor into it) is total
_SORT_KEYS: dict[str, Callable[[NodeSummary], tuple[Any, ...]]] = {
    "name": lambda n: (n.node,),
    "cpu": lambda n: (n.cpu, n.node),
    "memory": lambda n: (n.mem, n.node),
    "uptime": lambda n: (n.uptime, n.node),
}


@handles(LIST_NODES)
async def list_nodes(job: JobContext, params: ListNodesParams) -> NodeList:
    nodes = await job.app.pve.get("/nodes", list[NodeSummary])
    matching = [n for n in nodes if params.status in (None, n.status)]
    page = paginate(matching, _SORT_KEYS[params.sort], descending=params.descending, asked=params)
    return NodeList(
        nodes=[
            NodeInfo(
                node=n.node,
                status=n.status,
                cpu_percent=percent(n.cpu),
                cpus=n.maxcpu,
                memory_used_bytes=n.mem,
                memory_total_bytes=n.maxmem,
                uptime_seconds=n.uptime,
            )
            for n in page.rows
        ],
        by_status=dict(sorted(Counter(n.status for n in matching).items())),
        sort=f"{params.sort} {'desc' if params.descending else 'asc'}",
        **NodeList.page_of(page),
    )


@handles(GET_NODE_DETAILS)
async def get_node_details(job: JobContext, params: NodeParams) -> NodeDetails:
    pve, path = job.app.pve, {"node": params.node}
    status, subscription, nodes = await asyncio.gather(
        pve.get("/nodes/{node}/status", NodeStatus, path=path),
        pve.get("/nodes/{node}/subscription", Subscription, path=path),
        pve.get("/nodes", list[NodeSummary]),  # its uptime: the status answer's schema has none
    )
    summary = next((n for n in nodes if n.node == params.node), None)
    updates: int | None = None
    note: str | None = None
    packages: list[str] = []
    try:
        pending = await pve.get("/nodes/{node}/apt/update", list[AptPackage], path=path)
    except PermissionDenied as denied:
        note = f"pending updates not read: {denied.message}"
    else:
        updates = len(pending)
        packages = [
            f"{p.package or '?'} {p.old_version or '?'} -> {p.version or '?'}" for p in pending[:_PACKAGES_SHOWN]
        ]
    cpu, kernel, boot = status.cpuinfo, status.current_kernel, status.boot_info
    return NodeDetails(
        node=params.node,
        pve_version=status.pveversion,
        kernel=kernel.release if kernel is not None else None,
        cpu_model=cpu.model if cpu else None,
        sockets=cpu.sockets if cpu else None,
        cores=cpu.cores if cpu else None,
        cpus=cpu.cpus if cpu else None,
        memory_used_bytes=status.memory.used,
        memory_total_bytes=status.memory.total,
        uptime_seconds=summary.uptime if summary is not None else None,
        load_average=list(status.loadavg or []),
        boot_mode=boot.mode if boot else None,
        secure_boot=boot.secureboot if boot is not None else None,
        subscription=subscription.status,
        subscription_message=subscription.message,
        updates=updates,
        updates_note=note,
        packages=packages,
    )


@handles(GET_NODE_LOG)
async def get_node_log(job: JobContext, params: NodeLogParams) -> NodeLog:
    """A page of the node's journal; with grep, the matches among at most _GREP_SCAN lines from `start`."""
    query = {"since": params.since, "until": params.until, "service": params.service}
    wanted = re.compile(re.escape(params.grep), re.IGNORECASE) if params.grep else None
    lines: list[NodeLogLine] = []
    start, total, scanned = params.start, 0, 0
    while True:
        chunk = params.limit if wanted is None else min(_PAGE, _GREP_SCAN - scanned)
        page = await job.app.pve.get_page(
            "/nodes/{node}/syslog",
            TaskLogLine,
            path={"node": params.node},
            query={**query, "start": start, "limit": chunk},
        )
        total = page.total
        if no_content(total, page.data):
            return NodeLog(node=params.node, total=0, lines=[], scanned=0)
        for line in page.data:
            if wanted is None or wanted.search(line.t):
                lines.append(NodeLogLine(n=line.n, t=line.t))
        scanned += len(page.data)
        start += len(page.data)
        full = len(lines) >= params.limit
        if wanted is None or full or not page.data or start >= total or scanned >= _GREP_SCAN:
            break
    if len(lines) > params.limit:  # the page that filled it went on: read on from the first line not shown
        start = lines[params.limit].n - 1
        lines = lines[: params.limit]
    return NodeLog(
        node=params.node, total=total, lines=lines, scanned=scanned, next_start=start if start < total else None
    )


class _ClusterLogItem(PveModel):
    """An item of GET /cluster/log (the schema declares no fields; PVE sends these)."""

    time: int
    node: str = ""
    user: str = ""
    tag: str = ""
    msg: str = ""


@handles(GET_CLUSTER_LOG)
async def get_cluster_log(job: JobContext, params: ClusterLogParams) -> ClusterLog:
    items = await job.app.pve.get("/cluster/log", list[_ClusterLogItem], query={"max": params.max})
    wanted = params.grep.casefold() if params.grep else None
    entries = [
        ClusterLogEntry(time=i.time, node=i.node, user=i.user, tag=i.tag, msg=i.msg)
        for i in items
        if params.node in (None, i.node) and (wanted is None or wanted in i.msg.casefold())
    ]
    return ClusterLog(entries=entries, read=len(items))
