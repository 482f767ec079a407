"""Node reads."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from shared.listing import paginate
from shared.operations.nodes import LIST_NODES, ListNodesParams, NodeInfo, NodeList
from shared.pve.models import NodeSummary
from workers.operations.units import percent
from workers.registry import handles
from workers.runtime import JobContext

__all__ = ["list_nodes"]


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
