"""Cluster nodes."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from shared.operations.base import Params, Result

__all__ = ["ListNodesParams", "NodeInfo", "NodeList"]


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
