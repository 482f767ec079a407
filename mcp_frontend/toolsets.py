"""Toolsets: the tool list an agent pays for stays small whatever the number of tools.

Every tool belongs to one toolset, by domain. A server lists its default toolsets (the
everyday guest tools, the task tools and the generic PVE API) and `enable_toolset`; the agent
enables another toolset when it needs it, for its session: the server then lists it too and
sends `notifications/tools/list_changed`. Every tool the server serves is callable whether it
is listed or not, so a client that ignores the notification calls a tool the moment
`enable_toolset` has answered with its definition.

PROXMOX_MCP_TOOLS chooses otherwise: `all` lists every tool (as before toolsets); toolset names
list those sets from the start (the others can still be enabled); tool names and the tier
groups (read, change, critical) restrict the tools served to those, as they always did.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterable
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

from mcp.server.context import CallNext, HandlerResult, ServerRequestContext

from mcp_frontend.callers import current_caller

__all__ = [
    "DEFAULT_TOOLSETS",
    "TOOLSETS",
    "EnabledToolsets",
    "Toolset",
    "ToolsetMiddleware",
    "toolset_of",
]


@dataclass(frozen=True)
class Toolset:
    name: str
    description: str
    tools: tuple[str, ...]


TOOLSETS: dict[str, Toolset] = {
    t.name: t
    for t in (
        Toolset(
            "guests",
            "Nodes, VMs and containers: list, read the config, power them (the everyday tools)",
            ("list_clusters", "list_nodes", "list_vms", "list_lxc_containers", "get_instance_config", "power_control"),
        ),
        Toolset(
            "tasks", "Follow, read and cancel jobs and PVE tasks", ("get_task_status", "get_task_log", "cancel_task")
        ),
        Toolset(
            "api",
            "The rest of the PVE API: find, describe, call any endpoint",
            (
                "find_pve_api",
                "describe_pve_api",
                "call_pve_api",
            ),
        ),
        Toolset(
            "lifecycle",
            "Create, change, template and delete guests; cloud-init",
            (
                "create_vm",
                "create_lxc",
                "update_instance",
                "set_vm_cdrom",
                "set_vm_cloudinit",
                "convert_to_template",
                "delete_instance",
            ),
        ),
        Toolset(
            "long_operations",
            "Clone, migrate, grow and move disks",
            (
                "clone_instance",
                "migrate_instance",
                "resize_disk",
                "move_disk",
            ),
        ),
        Toolset(
            "snapshots_backups",
            "Snapshots, backups and restores",
            (
                "list_snapshots",
                "create_snapshot",
                "rollback_snapshot",
                "delete_snapshot",
                "backup_instance",
                "list_backups",
                "restore_backup",
            ),
        ),
        Toolset(
            "storage",
            "Storages and their volumes (ISOs, templates, disks); downloads into them",
            ("list_storage", "list_storage_content", "download_to_storage", "delete_volume"),
        ),
        Toolset(
            "network",
            "Node interfaces and bridges, guest NICs and addresses",
            ("list_node_network", "set_guest_nic", "set_node_network", "apply_node_network"),
        ),
        Toolset(
            "firewall",
            "Firewall rules, options, IP sets, aliases, groups and logs at cluster, node and guest level",
            (
                "get_firewall",
                "list_firewall_objects",
                "get_firewall_log",
                "set_firewall_rule",
                "set_firewall_options",
                "set_ipset_entry",
            ),
        ),
        Toolset(
            "inside_guests",
            "Commands and interfaces inside guests (pct exec, the QEMU guest agent)",
            (
                "execute_lxc_command",
                "execute_vm_command",
                "get_lxc_interfaces",
                "get_vm_interfaces",
            ),
        ),
        Toolset(
            "monitoring",
            "Node details and system logs, usage over time, cluster status and quorum, PVE's task history",
            (
                "get_node_details",
                "get_node_log",
                "get_cluster_log",
                "get_resource_usage",
                "get_cluster_status",
                "list_tasks",
            ),
        ),
        Toolset(
            "ha",
            "High availability: add a guest to HA, change or remove it (get_cluster_status shows HA's state)",
            ("set_ha_resource",),
        ),
        Toolset(
            "fleet",
            "One change to many guests at once, planned first",
            (
                "snapshot_guests",
                "power_guests",
                "backup_guests",
            ),
        ),
        Toolset(
            "access",
            "Users, groups, roles, tokens, ACLs, and effective permissions: why a call gets 403",
            ("get_permissions", "list_access"),
        ),
        Toolset("admin", "This server's own logs and audit log", ("get_mcp_logs", "get_audit_log")),
    )
}
#: listed without asking: what most sessions need, within the tool list's byte budget
DEFAULT_TOOLSETS = ("guests", "tasks", "api")
#: the discovery tool, listed whenever some toolset is not
DISCOVERY_TOOL = "enable_toolset"

_BY_TOOL = {tool: toolset.name for toolset in TOOLSETS.values() for tool in toolset.tools}


def toolset_of(tool: str) -> str | None:
    return _BY_TOOL.get(tool)


def tools_of(names: Iterable[str]) -> set[str]:
    return {tool for name in names for tool in TOOLSETS[name].tools}


#: who the message being handled comes from (ToolsetMiddleware): the caller and its client's name
current_client: ContextVar[tuple[str, str] | None] = ContextVar("pmcp_toolset_client", default=None)
#: clients a server remembers toolsets for, the least recently enabled forgotten first
_CLIENTS_KEPT = 10_000


class EnabledToolsets:
    """The toolsets each client enabled at runtime, for one server.

    A client is its caller (over stdio the one client of the process; over HTTP its token or JWT
    subject) and the name its client declares: the same agent on every request, with or without
    the 2025-11-25 handshake (a 2026-07-28 request opens no connection to remember anything by).
    """

    def __init__(self) -> None:
        self._enabled: OrderedDict[tuple[str, str], set[str]] = OrderedDict()

    def of_current(self) -> set[str]:
        client = current_client.get()
        return set(self._enabled.get(client, ())) if client is not None else set()

    def enable(self, name: str) -> bool:
        """Enable a toolset for the current client; False outside a request."""
        client = current_client.get()
        if client is None:
            return False
        self._enabled.setdefault(client, set()).add(name)
        self._enabled.move_to_end(client)
        while len(self._enabled) > _CLIENTS_KEPT:
            self._enabled.popitem(last=False)
        return True


class ToolsetMiddleware:
    """Sets `current_client` for each message (after CallerMiddleware), so tools/list answers with its toolsets."""

    async def __call__(self, ctx: ServerRequestContext[Any, Any], call_next: CallNext) -> HandlerResult:
        params = ctx.session.client_params
        name = params.client_info.name if params is not None and params.client_info is not None else ""
        token = current_client.set((current_caller.get().label, name))
        try:
            return await call_next(ctx)
        finally:
            current_client.reset(token)
