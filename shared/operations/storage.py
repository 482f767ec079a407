"""Storages and what they hold."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Annotated, Any, Literal, Self
from urllib.parse import unquote, urlsplit

from pydantic import Field, StringConstraints, model_validator

from shared.errors import InvalidInput
from shared.listing import Limit, PagedResult, PageParams
from shared.operations.base import Params, Result
from shared.operations.changes import TASK_CALLS, ChangeParams
from shared.operations.operation import Operation
from shared.safety import Tier
from shared.sanitize import ContentType, NodeName, StorageId, Vmid

__all__ = [
    "DELETE_VOLUME",
    "DOWNLOAD_TO_STORAGE",
    "LIST_STORAGE",
    "LIST_STORAGE_CONTENT",
    "ContentFilter",
    "DeleteVolumeParams",
    "DeleteVolumeResult",
    "DownloadParams",
    "DownloadResult",
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
    nodes: list[str] | None = Field(None, description="The nodes storage.cfg limits it to; None: every node.")


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
        Storages per node: type, content types, usage, shared, the nodes it is limited to.

        Pass content='iso' to find where ISO images live, 'vztmpl' for container templates,
        'images'/'rootdir' for where new disks can go. Then list_storage_content shows the volumes.
        """,
    pve_calls=("GET /nodes", "GET /nodes/{node}/storage", "GET /storage"),
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


#: what download-url fetches, and the file extensions pve-storage accepts for each (ISO_EXT_RE_0, VZTMPL_EXT_RE_1)
DownloadContent = Literal["iso", "vztmpl"]
_EXTENSIONS = {"iso": r"\.(?:iso|img)$", "vztmpl": r"\.tar\.(?:gz|xz|zst|bz2)$"}
#: a checksum's algorithm, told by its length in hex digits (the lengths of PVE's six are all different)
_ALGORITHMS = {32: "md5", 40: "sha1", 56: "sha224", 64: "sha256", 96: "sha384", 128: "sha512"}


class DownloadParams(ChangeParams):
    node: NodeName
    storage: StorageId
    url: Annotated[str, StringConstraints(pattern=r"^https?://[^\s]+$", max_length=2048)]
    content: DownloadContent = "iso"
    filename: Annotated[str | None, StringConstraints(pattern=r"^[-_.a-zA-Z0-9]{1,255}$")] = None
    checksum: Annotated[
        str | None,
        StringConstraints(
            pattern=r"^(?:[0-9a-fA-F]{32}|[0-9a-fA-F]{40}|[0-9a-fA-F]{56}|[0-9a-fA-F]{64}|[0-9a-fA-F]{96}|[0-9a-fA-F]{128})$"
        ),
        Field(description="Hex md5, sha1 or sha2."),
    ] = None
    verify_certificates: bool = True

    @model_validator(mode="after")
    def _coherent(self) -> Self:
        if not re.search(_EXTENSIONS[self.content], self.file, re.IGNORECASE):
            wanted = ".iso or .img" if self.content == "iso" else ".tar.gz, .tar.xz, .tar.zst or .tar.bz2"
            raise InvalidInput(
                f"{self.file!r} does not end in {wanted}, as PVE requires for {self.content}",
                hint="Give filename with the right extension.",
            )
        return self

    @property
    def file(self) -> str:
        """The file name on the storage: the one given, or the URL's last path segment as PVE normalizes it."""
        if self.filename is not None:
            return self.filename
        name = unquote(urlsplit(self.url).path.rsplit("/", 1)[-1])
        return re.sub(r"[^-_.a-zA-Z0-9]", "_", name) or "download"

    @property
    def checksum_algorithm(self) -> str | None:
        return _ALGORITHMS[len(self.checksum)] if self.checksum is not None else None

    @property
    def volid(self) -> str:
        return f"{self.storage}:{self.content}/{self.file}"


class DownloadResult(Result):
    node: str
    storage: str
    volid: str = Field(description="What create_vm (iso) or create_lxc (ostemplate) takes.")
    size_bytes: int | None = None
    checksum_verified: bool


DOWNLOAD_TO_STORAGE = Operation(
    "download_to_storage",
    "Download to a storage",
    Tier.RESTRICTED,
    DownloadParams,
    DownloadResult,
    description="""
        Download an ISO or CT template from a URL into a storage; checksum checked if given.

        The file name is the URL's unless given, and must be new on the storage (CONFLICT
        else). A URL the node cannot reach, or a checksum mismatch, fails the task; the error
        quotes its log. Needs Datastore.AllocateTemplate on the storage and Sys.AccessNetwork on
        the node (or Sys.Audit and Sys.Modify on /). Restricted: needs the user's confirmation.
        """,
    pve_calls=(
        "GET /nodes/{node}/storage",
        "GET /nodes/{node}/storage/{storage}/content",
        "POST /nodes/{node}/storage/{storage}/download-url",
        *TASK_CALLS,
    ),
    errors=(
        ("CONFLICT", "the storage already has a file of that name"),
        ("NOT_FOUND", "no such storage on the node"),
        ("VALIDATION_ERROR", "the storage does not hold that content, or the file name's extension does not fit it"),
        ("PVE_TASK_FAILED", "the download or the checksum failed (its log line quoted)"),
    ),
    plan=lambda p, _: (
        f"download {p.url} to {p.volid} on node {p.node}"
        + (f", verifying its {p.checksum_algorithm} checksum" if p.checksum_algorithm else "")
    ),
    starts_task=True,
    idempotent=True,
)


#: a volume ID as PVE names it: storage:name (local:iso/debian.iso, local-lvm:vm-100-disk-0)
VolumeId = Annotated[str, StringConstraints(pattern=r"^[A-Za-z][A-Za-z0-9._-]*:[A-Za-z0-9._/@+-]{1,255}$")]
#: what is a file of a storage's own (Restricted to delete); the rest are guest data (Critical)
_FILE_CONTENT = ("iso/", "vztmpl/", "snippets/", "import/")


def _volume_tier(values: Mapping[str, Any]) -> Tier:
    """Deleting an ISO, template or snippet is Restricted; a backup or a disk image is Critical."""
    name = str(values.get("volid") or "").partition(":")[2]
    return Tier.RESTRICTED if name.startswith(_FILE_CONTENT) else Tier.CRITICAL


class DeleteVolumeParams(ChangeParams):
    node: NodeName
    volid: VolumeId
    confirm_volid: Annotated[VolumeId | None, Field(description="A backup or disk image: the volid typed again.")] = (
        None
    )

    @model_validator(mode="after")
    def _typed_again(self) -> Self:
        if _volume_tier({"volid": self.volid}) is Tier.CRITICAL and self.confirm_volid != self.volid:
            raise InvalidInput(
                f"{self.volid} is a backup or a guest's disk: deleting it is for good, so give confirm_volid "
                f"with the same volid",
                hint="Type the volid again as confirm_volid, once the user agreed.",
            )
        return self


class DeleteVolumeResult(Result):
    node: str
    volid: str
    content: str | None = None
    size_bytes: int | None = None


DELETE_VOLUME = Operation(
    "delete_volume",
    "Delete a volume from a storage",
    Tier.RESTRICTED,
    DeleteVolumeParams,
    DeleteVolumeResult,
    description="""
        Delete a volume from a storage: an ISO, template or snippet (Restricted), or a backup or
        disk image (Critical: PROXMOX_ALLOW_DANGER=true and confirm_volid typed again).

        A disk a guest's config still names is refused (CONFLICT): detach it first. A protected
        backup fails as PVE fails it. Needs Datastore.Allocate on the storage (or
        Datastore.AllocateSpace and the guest's VM.Config.Disk for an image).
        """,
    pve_calls=(
        "GET /nodes/{node}/storage/{storage}/content",
        "GET /nodes/{node}/qemu/{vmid}/config",
        "GET /nodes/{node}/lxc/{vmid}/config",
        "GET /cluster/resources",
        "DELETE /nodes/{node}/storage/{storage}/content/{volume}",
        *TASK_CALLS,
    ),
    errors=(
        ("NOT_FOUND", "no such volume on the node"),
        ("CONFLICT", "a guest's config names the disk"),
        ("VALIDATION_ERROR", "a backup or disk image without confirm_volid"),
    ),
    plan=lambda p, _: f"delete {p.volid} from node {p.node}, for good",
    starts_task=True,
    idempotent=True,
    destructive=True,
    tier_from=_volume_tier,
)
