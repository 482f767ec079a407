"""Cluster nodes."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from shared.listing import Order, PagedResult, PageParams
from shared.operations.base import Result
from shared.operations.operation import Operation
from shared.safety import Tier

__all__ = ["LIST_NODES", "ListNodesParams", "NodeInfo", "NodeList"]


NodeStatus = Literal["online", "offline", "unknown"]


class ListNodesParams(PageParams):
    status: Annotated[NodeStatus | None, Field()] = None
    sort: Literal["name", "cpu", "memory", "uptime"] = "name"
    order: Order = None

    @property
    def descending(self) -> bool:
        return self.order == "desc" if self.order is not None else self.sort != "name"


class NodeInfo(Result):
    node: str
    status: NodeStatus
    cpu_percent: float | None = Field(None, description="CPU load, 0-100 across all cores.")
    cpus: int | None = None
    memory_used_bytes: int | None = None
    memory_total_bytes: int | None = None
    uptime_seconds: int | None = None


class NodeList(PagedResult):
    nodes: list[NodeInfo]
    by_status: dict[str, int] = Field(default_factory=dict)
    sort: str = "name asc"

    def brief(self) -> str:
        states = ", ".join(f"{n} {status}" for status, n in sorted(self.by_status.items()))
        head = f"{self.total} nodes match ({states or 'none'}); {self.shown(f' by {self.sort}')}"
        return "\n".join([head, *(_row(node) for node in self.nodes)])


def _row(n: NodeInfo) -> str:
    """A node in one line: name, status, cpu, memory used/total GiB, uptime."""
    cpu = "-" if n.cpu_percent is None else f"{n.cpu_percent:.1f}%"
    used, total = (f"{b / 2**30:.1f}" if b is not None else "-" for b in (n.memory_used_bytes, n.memory_total_bytes))
    up = f" up {n.uptime_seconds // 3600}h" if n.uptime_seconds else ""
    return f"{n.node} {n.status} cpu {cpu} of {n.cpus or '-'} mem {used}/{total}G{up}"


LIST_NODES = Operation(
    "list_nodes",
    "List nodes",
    Tier.SAFE,
    ListNodesParams,
    NodeList,
    description="""
        Cluster nodes: status, CPU, memory, uptime; filter by status, sort by name, cpu, memory or uptime.

        Start here: node names are what the other tools take as `node`. An offline node answers
        nothing; its guests show status 'unknown' in list_vms.
        """,
    pve_calls=("GET /nodes",),
)
