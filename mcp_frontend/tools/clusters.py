"""list_clusters: the clusters this server reaches, each asked through a read job of its own workers.

The names, URLs and the default come from the configuration (shared.clusters), which the
frontend holds without any secret; whether a cluster answers, and its PVE version, from one
list_clusters job per cluster, run at once and waited for briefly: a cluster no worker
serves (or none answers for in time) is listed with `reachable` null, and why.
"""

from __future__ import annotations

import asyncio
from typing import Annotated, Any

from mcp.server.mcpserver import Context
from mcp_types import CallToolResult

from mcp_frontend.app import FrontendApp, app_of
from mcp_frontend.callers import current_caller
from mcp_frontend.tools.spec import ToolSpec, hints, make_tool, tool_result
from shared.catalogue import group_of
from shared.clusters import Cluster
from shared.errors import ProxmoxMcpError
from shared.operations.cluster import LIST_CLUSTERS, ClusterEntry, ClusterList, ListClustersParams
from shared.operations.operation import Operation

__all__ = ["cluster_tools"]

#: how long each cluster's answer is waited for (a cluster that answers at all does within a second)
_PROBE_SECONDS = 5.0


async def _probe(app: FrontendApp, cluster: Cluster) -> ClusterEntry:
    known = ClusterEntry(name=cluster.name, url=cluster.url, default=cluster.default)
    seconds = min(_PROBE_SECONDS, app.settings.read_timeout_seconds)
    try:
        found = await app.read(LIST_CLUSTERS, ListClustersParams(), cluster=cluster.name, seconds=seconds)
    except ProxmoxMcpError as exc:  # no worker for it, or its job failed: the cluster is listed, its state unknown
        return known.model_copy(update={"error": str(exc)})
    seen = found.clusters[0] if found.clusters else ClusterEntry(name=cluster.name)
    return known.model_copy(update={"reachable": seen.reachable, "version": seen.version, "error": seen.error})


async def list_clusters(ctx: Context[FrontendApp, Any]) -> Annotated[CallToolResult, ClusterList]:
    app = app_of(ctx)
    caller = current_caller.get()
    reached = [cluster for cluster in app.clusters.values() if caller.scope.admits_cluster(cluster.name)]
    entries = await asyncio.gather(*(_probe(app, cluster) for cluster in reached))
    return tool_result(ClusterList(clusters=list(entries), count=len(entries)))


def cluster_tools() -> list[ToolSpec]:
    """list_clusters."""
    op: Operation[Any, Any] = LIST_CLUSTERS
    tool = make_tool(list_clusters, name=op.name, title=op.title, description=op.brief, annotations=hints(op))
    return [ToolSpec(tool, op.tier, group_of(op), (op,), manual=op.description)]
