"""Storages and what they hold."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from shared.operations.base import Params, Result
from shared.sanitize import ContentType, NodeName, StorageId, Vmid

__all__ = [
    "ContentFilter",
    "ListContentParams",
    "ListStorageParams",
    "OwnerFilter",
    "StorageContent",
    "StorageContentFilter",
    "StorageInfo",
    "StorageItem",
    "StorageList",
    "StorageNodeFilter",
]


StorageNodeFilter = Annotated[NodeName | None, Field(description="Only storages on this node. Omit it for every node.")]
StorageContentFilter = Annotated[
    ContentType | None, Field(description="Only storages that can hold this content type.")
]
ContentFilter = Annotated[ContentType | None, Field(description="Only this content type (iso, vztmpl, images...).")]
OwnerFilter = Annotated[Vmid | None, Field(description="Only volumes owned by this guest.")]


class ListStorageParams(Params):
    node: StorageNodeFilter = None
    content: StorageContentFilter = None


class StorageInfo(Result):
    storage: str
    node: str
    type: str | None = None
    content: list[str] = Field(default_factory=list)
    active: bool | None = None
    enabled: bool | None = None
    shared: bool | None = None
    used_bytes: int | None = None
    total_bytes: int | None = None
    avail_bytes: int | None = None
    used_percent: float | None = None


class StorageList(Result):
    storages: list[StorageInfo]
    offline_nodes: list[str] = Field(
        default_factory=list, description="Nodes not online, whose storages could not be listed (all nodes asked)."
    )


class ListContentParams(Params):
    node: NodeName
    storage: StorageId
    content: ContentFilter = None
    vmid: OwnerFilter = None


class StorageItem(Result):
    volid: str = Field(description="Volume ID, e.g. local:iso/debian-12.iso; use it as iso/template in create tools.")
    content: str
    format: str | None = None
    size_bytes: int | None = None
    used_bytes: int | None = None
    vmid: int | None = None
    created_at: int | None = Field(None, description="Creation time, UNIX epoch seconds.")
    notes: str | None = None


class StorageContent(Result):
    node: str
    storage: str
    items: list[StorageItem]
