"""The cluster a tool call is for, and the tool list of a server that reaches several (shared.clusters).

Every tool takes an optional `cluster` argument. The server takes it out of the call's
arguments before the tool sees them (`ProxmoxMcpServer.call_tool`), resolves it (an unknown
name is UNKNOWN_CLUSTER, refused before anything is queued; one outside the caller's scopes
PERMISSION_DENIED) and sets `current_cluster` while the call runs: the jobs it queues go to
that cluster's queue, signed for it.

With one cluster the published list is the one of mcp_frontend/tools.json, unchanged (no
`cluster` in any schema, no list_clusters: there is nothing to choose). With several, each
tool's schema gets `cluster`, its values listed, and list_clusters is published. It is required
but for the tools that find their cluster themselves: the task tools by job ID (job IDs are
global; a task's UPID does need its cluster), and the log and audit tools, which read Redis only.
For get_audit_log `cluster` is a filter (`named_cluster`: only that cluster's entries); the log
tool publishes none.
"""

from __future__ import annotations

from contextvars import ContextVar
from typing import Any

from shared.clusters import Clusters
from shared.jobs.keys import DEFAULT_CLUSTER

__all__ = [
    "CLUSTER_ARGUMENT",
    "LIST_CLUSTERS_TOOL",
    "OPTIONAL_GROUPS",
    "cluster_optional",
    "current_cluster",
    "named_cluster",
    "with_cluster_argument",
]

#: the cluster of the tool call being handled
current_cluster: ContextVar[str] = ContextVar("pmcp_cluster", default=DEFAULT_CLUSTER)
#: the cluster the call named itself (None: it named none, and `current_cluster` is the default)
named_cluster: ContextVar[str | None] = ContextVar("pmcp_named_cluster", default=None)
CLUSTER_ARGUMENT = "cluster"
#: the tool that lists the clusters (it takes no cluster: it answers for all)
LIST_CLUSTERS_TOOL = "list_clusters"
#: the groups whose tools need no cluster to be named (see the module doc); the log tool publishes none
OPTIONAL_GROUPS = ("tasks", "logs", "audit", "toolsets")
_UNPUBLISHED_GROUPS = ("logs", "toolsets")
_OPTIONAL_DESCRIPTION = {
    "tasks": "The cluster of a upid; a job_id's is known.",
    "audit": "Only this cluster's entries.",
}


def cluster_optional(group: str, arguments: dict[str, Any]) -> bool:
    """Whether a call of a tool of this group may leave `cluster` out (a task named by its UPID may not)."""
    return group in OPTIONAL_GROUPS and not (group == "tasks" and arguments.get("upid") is not None)


def with_cluster_argument(schema: dict[str, Any], group: str, clusters: Clusters) -> dict[str, Any]:
    """A tool's input schema with `cluster`, one of the configured names (required, or said when it is not)."""
    if group in _UNPUBLISHED_GROUPS:
        return schema
    described = {"enum": list(clusters), "description": "The cluster (list_clusters shows them)."}
    if group in OPTIONAL_GROUPS:
        described["description"] = _OPTIONAL_DESCRIPTION[group]
    properties = {CLUSTER_ARGUMENT: described, **schema.get("properties", {})}
    required = list(schema.get("required", ()))
    if group not in OPTIONAL_GROUPS:
        required.insert(0, CLUSTER_ARGUMENT)
    return {**schema, "properties": properties, **({"required": required} if required else {})}
