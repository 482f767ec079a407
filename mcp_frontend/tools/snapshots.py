"""Snapshot tools."""

from __future__ import annotations

from typing import Any

from mcp.server.mcpserver import Context

from mcp_frontend.app import app_of
from mcp_frontend.tools.common import annotations_for
from shared.catalogue import operation
from shared.operations.base import GuestNode
from shared.operations.snapshots import ListSnapshotsParams, SnapshotList
from shared.sanitize import Vmid

__all__ = ["register"]

LIST_SNAPSHOTS = operation("list_snapshots")


async def list_snapshots(ctx: Context[Any, Any], vmid: Vmid, node: GuestNode = None) -> SnapshotList:
    """List a VM's or container's snapshots: name, description, parent, time, whether RAM was saved.

    `current_parent` is the snapshot the guest's present state descends from.
    """
    params = ListSnapshotsParams(vmid=vmid, node=node)
    return await app_of(ctx).read(LIST_SNAPSHOTS, params, SnapshotList)


def register(server: Any) -> None:
    server.add_tool(list_snapshots, annotations=annotations_for(LIST_SNAPSHOTS, "List snapshots"))
