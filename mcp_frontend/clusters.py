"""The cluster a tool call is for, and the tool list of a server that reaches several (shared.clusters).

Every tool takes an optional `cluster` argument. The server takes it out of the call's
arguments before the tool sees them (`ProxmoxMcpServer.call_tool`), resolves it (an unknown
name is UNKNOWN_CLUSTER, refused before anything is queued; one outside the caller's scopes
PERMISSION_DENIED) and sets `current_cluster` while the call runs: the jobs it queues go to
that cluster's queue, signed for it.

With one cluster the published list is the one of mcp_frontend/tools.json, unchanged (no
`cluster` in any schema, no list_clusters: there is nothing to choose). With several, each
tool's schema gets `cluster` (required, its values listed) and list_clusters is published.
"""

from __future__ import annotations

from contextvars import ContextVar
from typing import Any

from shared.clusters import Clusters
from shared.jobs.keys import DEFAULT_CLUSTER

__all__ = ["CLUSTER_ARGUMENT", "LIST_CLUSTERS_TOOL", "current_cluster", "with_cluster_argument"]

#: the cluster of the tool call being handled
current_cluster: ContextVar[str] = ContextVar("pmcp_cluster", default=DEFAULT_CLUSTER)
CLUSTER_ARGUMENT = "cluster"
#: the tool that lists the clusters (it takes no cluster: it answers for all)
LIST_CLUSTERS_TOOL = "list_clusters"


def with_cluster_argument(schema: dict[str, Any], clusters: Clusters) -> dict[str, Any]:
    """A tool's input schema with `cluster`, required, one of the configured names."""
    described = {"enum": list(clusters), "description": "The cluster (list_clusters shows them)."}
    properties = {CLUSTER_ARGUMENT: described, **schema.get("properties", {})}
    return {**schema, "properties": properties, "required": [CLUSTER_ARGUMENT, *schema.get("required", ())]}
