"""Resource usage tool."""

from __future__ import annotations

from typing import Any

from mcp.server import MCPServer
from mcp.server.mcpserver import Context

from mcp_frontend.app import FrontendApp, app_of
from mcp_frontend.tools.common import add_tool, annotations_for
from shared.catalogue import operation
from shared.operations.usage import (
    ResourceUsage,
    ResourceUsageParams,
    UsageCf,
    UsageNode,
    UsagePoints,
    UsageTimeframe,
    UsageVmid,
)

__all__ = ["register"]

GET_USAGE = operation("get_resource_usage")


async def get_resource_usage(
    ctx: Context[FrontendApp, Any],
    vmid: UsageVmid = None,
    node: UsageNode = None,
    timeframe: UsageTimeframe = "hour",
    cf: UsageCf = "AVERAGE",
    max_points: UsagePoints = 24,
) -> ResourceUsage:
    """CPU (percent), memory, network and disk I/O over time, for a guest (vmid) or a node (node alone).

    `summary` gives last/average/maximum per metric over every sample PVE keeps (about 70 for
    any timeframe: hour, day, week, month, year); `points` the series, merged to max_points.
    """
    params = ResourceUsageParams(vmid=vmid, node=node, timeframe=timeframe, cf=cf, max_points=max_points)
    return await app_of(ctx).read(GET_USAGE, params, ResourceUsage)


def register(server: MCPServer[FrontendApp]) -> None:
    add_tool(server, get_resource_usage, annotations_for(GET_USAGE, "Read resource usage"))
