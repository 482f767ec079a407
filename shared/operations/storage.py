"""Storages and what they hold."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from shared.listing import Limit, PagedResult, PageParams
from shared.operations.base import Params, Result
from shared.operations.operation import Operation
from shared.safety import Tier
from shared.sanitize import ContentType, NodeName, StorageId, Vmid

__all__ = [
    "LIST_STORAGE",
    "LIST_STORAGE_CONTENT",
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


#: only the storages of this node
StorageNodeFilter = NodeName | None
StorageContentFilter = Annotated[ContentType | None, Field(description="Only storages for this content.")]
ContentFilter = Annotated[ContentType | None, Field()]
OwnerFilter = Annotated[Vmid | None, Field(description="Only this guest's volumes.")]


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


#: volumes of a list answer unless the agent asks for more
CONTENT_LIMIT = 100


class ListContentParams(PageParams):
    node: NodeName
    storage: StorageId
    content: ContentFilter = None
    vmid: OwnerFilter = None
    limit: Limit = CONTENT_LIMIT


class StorageItem(Result):
    volid: str = Field(description="Volume ID, e.g. local:iso/debian-12.iso; use it as iso/template in create tools.")
    content: str
    format: str | None = None
    size_bytes: int | None = None
    used_bytes: int | None = None
    vmid: int | None = None
    created_at: int | None = Field(None, description="Creation time, UNIX epoch seconds.")
    notes: str | None = None


class StorageContent(PagedResult):
    """One page of a storage's volumes, by volume ID, with a summary of all of them."""

    node: str
    storage: str
    items: list[StorageItem]
    by_content: dict[str, int] = Field(default_factory=dict)

    def brief(self) -> str:
        kinds = ", ".join(f"{n} {kind}" for kind, n in self.by_content.items())
        head = f"{self.total} volumes on {self.storage} ({kinds or 'none'}); {self.shown()}"
        rows = (
            f"{i.volid} {i.content} {(i.size_bytes or 0) / 2**30:.1f}G" + (f" vmid {i.vmid}" if i.vmid else "")
            for i in self.items
        )
        return "\n".join([head, *rows])


LIST_STORAGE = Operation(
    "list_storage",
    "List storages",
    Tier.SAFE,
    ListStorageParams,
    StorageList,
    description="""
        Storages per node: type, content types, usage.

        Pass content='iso' to find where ISO images live, 'vztmpl' for container templates,
        'images'/'rootdir' for where new disks can go. Then list_storage_content shows the volumes.
        """,
    pve_calls=("GET /nodes", "GET /nodes/{node}/storage"),
)
LIST_STORAGE_CONTENT = Operation(
    "list_storage_content",
    "List storage content",
    Tier.SAFE,
    ListContentParams,
    StorageContent,
    description="""
        Volumes on a storage: ISOs, templates, disks, backups.

        Each item's `volid` (e.g. 'local:iso/debian-12.iso' or 'local:vztmpl/debian-12-standard.tar.zst')
        is what create_vm and create_lxc take as their ISO or template.
        """,
    pve_calls=("GET /nodes/{node}/storage/{storage}/content",),
)
