"""Storage tools."""

from __future__ import annotations

from typing import Any

from mcp.server import MCPServer
from mcp.server.mcpserver import Context

from mcp_frontend.app import FrontendApp, app_of
from mcp_frontend.tools.common import add_tool, annotations_for
from shared.catalogue import operation
from shared.operations.storage import (
    ContentFilter,
    ListContentParams,
    ListStorageParams,
    OwnerFilter,
    StorageContent,
    StorageContentFilter,
    StorageList,
    StorageNodeFilter,
)
from shared.sanitize import NodeName, StorageId

__all__ = ["register"]

LIST_STORAGE = operation("list_storage")
LIST_CONTENT = operation("list_storage_content")


async def list_storage(
    ctx: Context[FrontendApp, Any], node: StorageNodeFilter = None, content: StorageContentFilter = None
) -> StorageList:
    """List storages per node: type, the content they hold (images, rootdir, iso, vztmpl, backup...), usage.

    Pass content='iso' to find where ISO images live, 'vztmpl' for container templates,
    'images'/'rootdir' for where new disks can go. Then list_storage_content shows the volumes.
    """
    params = ListStorageParams(node=node, content=content)
    return await app_of(ctx).read(LIST_STORAGE, params, StorageList)


async def list_storage_content(
    ctx: Context[FrontendApp, Any],
    node: NodeName,
    storage: StorageId,
    content: ContentFilter = None,
    vmid: OwnerFilter = None,
) -> StorageContent:
    """List the volumes on one storage of one node: ISO images, container templates, disks, backups.

    Each item's `volid` (e.g. 'local:iso/debian-12.iso' or 'local:vztmpl/debian-12-standard.tar.zst')
    is what create_vm and create_lxc take as their ISO or template.
    """
    params = ListContentParams(node=node, storage=storage, content=content, vmid=vmid)
    return await app_of(ctx).read(LIST_CONTENT, params, StorageContent)


def register(server: MCPServer[FrontendApp]) -> None:
    add_tool(server, list_storage, annotations_for(LIST_STORAGE, "List storages"))
    add_tool(server, list_storage_content, annotations_for(LIST_CONTENT, "List storage content"))
