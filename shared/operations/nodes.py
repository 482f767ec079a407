"""Cluster nodes."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from shared.operations.base import Params, Result
from shared.operations.operation import Operation
from shared.safety import Tier

__all__ = ["LIST_NODES", "ListNodesParams", "NodeInfo", "NodeList"]


class ListNodesParams(Params):
    pass


class NodeInfo(Result):
    node: str
    status: Literal["online", "offline", "unknown"]
    cpu_percent: float | None = Field(None, description="CPU load, 0-100 across all cores.")
    cpus: int | None = None
    memory_used_bytes: int | None = None
    memory_total_bytes: int | None = None
    uptime_seconds: int | None = None


class NodeList(Result):
    nodes: list[NodeInfo]

    def brief(self) -> str:
        return ", ".join(f"{n.node} {n.status}" for n in self.nodes) or "no nodes"


LIST_NODES = Operation(
    "list_nodes",
    "List nodes",
    Tier.SAFE,
    ListNodesParams,
    NodeList,
    description="""
        Cluster nodes: status, CPU, memory, uptime.

        Start here: node names are what the other tools take as `node`. An offline node answers
        nothing; its guests show status 'unknown' in list_vms.
        """,
    pve_calls=("GET /nodes",),
)
