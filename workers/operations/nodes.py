"""Node reads."""

from __future__ import annotations

from shared.operations.nodes import LIST_NODES, ListNodesParams, NodeInfo, NodeList
from shared.pve.models import NodeSummary
from workers.operations.units import percent
from workers.registry import handles
from workers.runtime import JobContext

__all__ = ["list_nodes"]


@handles(LIST_NODES)
async def list_nodes(job: JobContext, params: ListNodesParams) -> NodeList:
    nodes = await job.app.pve.get("/nodes", list[NodeSummary])
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
            for n in sorted(nodes, key=lambda n: n.node)
        ]
    )
