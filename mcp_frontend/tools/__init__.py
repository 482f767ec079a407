"""The MCP tools: one per catalogue operation, built from its declaration, plus the few that differ.

Every operation gets a declared tool (mcp_frontend.tools.declared) unless a tool module of its
own runs it: tasks (get_task_status and get_task_log read the job store and run
pve_task_status / pve_task_log only for tasks started elsewhere; cancel_task) and logs
(get_mcp_logs reads the log stream, never PVE), fleets, the audit log and list_clusters (one job per cluster).
"""

from __future__ import annotations

from mcp_frontend.tools.api import api_tools
from mcp_frontend.tools.audit import audit_tools
from mcp_frontend.tools.clusters import cluster_tools
from mcp_frontend.tools.declared import declared_tool
from mcp_frontend.tools.fleet import fleet_tools
from mcp_frontend.tools.logs import log_tools
from mcp_frontend.tools.spec import ToolSpec
from mcp_frontend.tools.tasks import task_tools
from mcp_frontend.tools.toolsets import toolset_tools
from shared.catalogue import CATALOGUE

__all__ = ["ToolSpec", "all_tools"]


def all_tools() -> list[ToolSpec]:
    """Every tool, in the catalogue's order (reads, then changes), the task, log, fleet and audit tools last."""
    own = [
        *task_tools(),
        *log_tools(),
        *fleet_tools(),
        *audit_tools(),
        *cluster_tools(),
        *api_tools(),
        *toolset_tools(),
    ]
    claimed = {op for spec in own for op in spec.runs}
    return [*(declared_tool(op) for op in CATALOGUE if op not in claimed), *own]
