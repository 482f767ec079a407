"""Node tools."""

from __future__ import annotations

from typing import Any

from mcp.server import MCPServer
from mcp.server.mcpserver import Context

from mcp_frontend.app import FrontendApp, app_of
from mcp_frontend.tools.common import add_tool, annotations_for
from shared.catalogue import operation
from shared.operations.nodes import ListNodesParams, NodeList

__all__ = ["register"]

LIST_NODES = operation("list_nodes")


async def list_nodes(ctx: Context[FrontendApp, Any]) -> NodeList:
    """List the cluster's nodes: name, online/offline, CPU load (percent), cores, memory and uptime.

    Start here: node names are what the other tools take as `node`. An offline node answers
    nothing; its guests show status 'unknown' in list_vms.
    """
    return await app_of(ctx).read(LIST_NODES, ListNodesParams(), NodeList)


def register(server: MCPServer[FrontendApp]) -> None:
    add_tool(server, list_nodes, annotations_for(LIST_NODES, "List nodes"))
