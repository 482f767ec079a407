"""Storage reads."""

from __future__ import annotations

import asyncio
from collections import Counter

from shared.listing import paginate
from shared.operations.storage import (
    LIST_STORAGE,
    LIST_STORAGE_CONTENT,
    ListContentParams,
    ListStorageParams,
    StorageContent,
    StorageInfo,
    StorageItem,
    StorageList,
)
from shared.pve.models import NodeSummary, StorageContentItem, StorageStatus
from workers.operations.units import percent
from workers.registry import handles
from workers.runtime import JobContext

__all__ = ["list_storage", "list_storage_content"]


def _info(s: StorageStatus, node: str) -> StorageInfo:
    used_percent = percent(s.used / s.total) if s.used is not None and s.total else None
    return StorageInfo(
        storage=s.storage,
        node=node,
        type=s.type,
        content=sorted(c for c in s.content.split(",") if c),
        active=s.active,
        enabled=s.enabled,
        shared=s.shared,
        used_bytes=s.used,
        total_bytes=s.total,
        avail_bytes=s.avail,
        used_percent=used_percent,
    )


@handles(LIST_STORAGE)
async def list_storage(job: JobContext, params: ListStorageParams) -> StorageList:
    pve = job.app.pve
    offline: list[str] = []
    if params.node is not None:
        nodes = [params.node]
    else:
        listed = await pve.get("/nodes", list[NodeSummary])
        nodes = [n.node for n in listed if n.status == "online"]
        offline = sorted(n.node for n in listed if n.status != "online")
    query = {"content": params.content} if params.content else None
    per_node = await asyncio.gather(
        *(pve.get("/nodes/{node}/storage", list[StorageStatus], path={"node": node}, query=query) for node in nodes)
    )
    storages = [_info(s, node) for node, found in zip(nodes, per_node, strict=True) for s in found]
    storages.sort(key=lambda s: (s.node, s.storage))
    return StorageList(storages=storages, offline_nodes=offline)


@handles(LIST_STORAGE_CONTENT)
async def list_storage_content(job: JobContext, params: ListContentParams) -> StorageContent:
    query: dict[str, str | int] = {}
    if params.content:
        query["content"] = params.content
    if params.vmid is not None:
        query["vmid"] = params.vmid
    items = await job.app.pve.get(
        "/nodes/{node}/storage/{storage}/content",
        list[StorageContentItem],
        path={"node": params.node, "storage": params.storage},
        query=query or None,
    )
    page = paginate(items, lambda i: (i.volid,), descending=False, asked=params)
    return StorageContent(
        node=params.node,
        storage=params.storage,
        items=[
            StorageItem(
                volid=i.volid,
                content=i.content or _content_of(i.volid),
                format=i.format,
                size_bytes=i.size,
                used_bytes=i.used,
                vmid=i.vmid,
                created_at=i.ctime,
                notes=i.notes,
            )
            for i in page.rows
        ],
        by_content=dict(sorted(Counter(i.content or _content_of(i.volid) for i in items).items())),
        **StorageContent.page_of(page),
    )


def _content_of(volid: str) -> str:
    """The content type a volume ID implies (`local:iso/x.iso` -> iso), for PVE versions that omit it."""
    _, _, rest = volid.partition(":")
    kind, slash, _ = rest.partition("/")
    return kind if slash and kind in ("iso", "vztmpl", "backup", "snippets", "import") else "images"
