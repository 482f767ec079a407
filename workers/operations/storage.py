"""Storages: their status and volumes, and a file downloaded into one (a followed `download` task)."""

from __future__ import annotations

import asyncio
from collections import Counter

from shared.errors import Conflict, InvalidInput, NotFound
from shared.listing import paginate
from shared.operations.storage import (
    DELETE_VOLUME,
    DOWNLOAD_TO_STORAGE,
    LIST_STORAGE,
    LIST_STORAGE_CONTENT,
    DeleteVolumeParams,
    DeleteVolumeResult,
    DownloadParams,
    DownloadResult,
    ListContentParams,
    ListStorageParams,
    StorageContent,
    StorageInfo,
    StorageItem,
    StorageList,
)
from shared.pve.models import UPID, GuestConfig, NodeSummary, StorageConfig, StorageContentItem, StorageStatus
from shared.pve.upid import Upid
from workers.guest_lookup import resolve_guest
from workers.job import JobContext, Outcome, TaskStep, outcome_of
from workers.lifecycle import run_step
from workers.operations.units import percent
from workers.registry import handles

__all__ = ["delete_volume", "download_to_storage", "find_volume", "list_storage", "list_storage_content"]


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
    limited = {c.storage: c.nodes.split(",") for c in await pve.get("/storage", list[StorageConfig]) if c.nodes}
    storages = [
        _info(s, node).model_copy(update={"nodes": limited.get(s.storage)})
        for node, found in zip(nodes, per_node, strict=True)
        for s in found
    ]
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


async def find_volume(job: JobContext, node: str, volid: str, content: str | None = None) -> StorageContentItem | None:
    """The volume on its storage as the node lists it (only `content` volumes asked for, when given)."""
    items = await job.app.pve.get(
        "/nodes/{node}/storage/{storage}/content",
        list[StorageContentItem],
        path={"node": node, "storage": volid.split(":", 1)[0]},
        query={"content": content} if content is not None else None,
    )
    return next((item for item in items if item.volid == volid), None)


async def _downloaded(job: JobContext, params: DownloadParams) -> StorageContentItem | None:
    return await find_volume(job, params.node, params.volid, params.content)


async def _check_storage(job: JobContext, params: DownloadParams) -> None:
    """The storage is on the node, takes the content, and has no file of that name yet."""
    storages = await job.app.pve.get("/nodes/{node}/storage", list[StorageStatus], path={"node": params.node})
    found = next((s for s in storages if s.storage == params.storage), None)
    if found is None:
        raise NotFound(
            f"node {params.node} has no storage {params.storage!r}",
            hint=f"list_storage(node='{params.node}', content='{params.content}') lists those that take it.",
        )
    if params.content not in found.content.split(","):
        raise InvalidInput(
            f"storage {params.storage!r} does not hold {params.content} (it holds {found.content})",
            hint=f"list_storage(node='{params.node}', content='{params.content}') lists those that do.",
        )
    if await _downloaded(job, params) is not None:
        raise Conflict(
            f"{params.volid} already exists on node {params.node}; nothing was downloaded",
            hint="Use it as it is, or give another filename.",
        )


@handles(DOWNLOAD_TO_STORAGE)
async def download_to_storage(job: JobContext, params: DownloadParams) -> Outcome:
    pve = job.app.pve
    if job.record.step is None and not job.record.steps:
        await _check_storage(job, params)

    async def dispatch() -> Upid:
        body = {
            "url": params.url,
            "filename": params.file,
            "content": params.content,
            "checksum": params.checksum,
            "checksum-algorithm": params.checksum_algorithm,
            "verify-certificates": None if params.verify_certificates else 0,
        }
        path = {"node": params.node, "storage": params.storage}
        return await pve.post("/nodes/{node}/storage/{storage}/download-url", UPID, path=path, body=body)

    async def effect_present() -> bool:  # a lost answer whose task is not listed: the file is there or not
        return await _downloaded(job, params) is not None

    step = TaskStep("download", params.node, "download", None, dispatch, effect_present, task_id=params.file)
    done = await run_step(job, step)
    file = await _downloaded(job, params)
    result = DownloadResult(
        node=params.node,
        storage=params.storage,
        volid=params.volid,
        size_bytes=file.size if file is not None else None,
        checksum_verified=params.checksum is not None,
    )
    return outcome_of(result, [done], f"{params.volid} downloaded on node {params.node}")


async def _user_of(job: JobContext, volume: StorageContentItem) -> str | None:
    """The config key of the guest that still names this disk ("VM 100 scsi0"), if one does."""
    if volume.vmid is None or volume.content == "backup":
        return None
    try:
        guest = await resolve_guest(job.app.pve, volume.vmid)
    except NotFound:
        return None  # an orphan: its guest is gone
    config = await job.app.pve.get(guest.template_for("/config"), GuestConfig, path=guest.path)
    for key, value in config.model_dump(by_alias=True, exclude_none=True).items():
        first = str(value).split(",", 1)[0]
        if volume.volid in (first, first.removeprefix("volume=")):
            return f"{guest.label} as {key}"
    return None


@handles(DELETE_VOLUME)
async def delete_volume(job: JobContext, params: DeleteVolumeParams) -> Outcome:
    pve, storage = job.app.pve, params.volid.split(":", 1)[0]
    volume = await find_volume(job, params.node, params.volid)
    if job.record.step is None and not job.record.steps:
        if volume is None:
            raise NotFound(
                f"node {params.node} has no volume {params.volid}",
                hint=f"list_storage_content(node='{params.node}', storage='{storage}') lists its volumes.",
            )
        if (user := await _user_of(job, volume)) is not None:
            raise Conflict(
                f"{params.volid} is in use by {user}; nothing was deleted",
                hint="Detach it from the guest first, or delete the guest with its disks (delete_instance).",
            )
    record = job.record
    if record.plan is None:  # the volume's owner names the task: kept for a rerun that finds the volume gone
        record.plan = {"owner": volume.vmid if volume is not None else None}
        await job.app.store.update(job.job_id, plan=record.plan)
    owner = record.plan.get("owner")

    async def dispatch() -> Upid:
        path = {"node": params.node, "storage": storage, "volume": params.volid}
        return await pve.delete("/nodes/{node}/storage/{storage}/content/{volume}", UPID, path=path)

    async def effect_present() -> bool:
        return await find_volume(job, params.node, params.volid) is None

    task_id = f"{owner}@{storage}" if owner is not None else storage
    step = TaskStep("delete", params.node, "imgdel", owner, dispatch, effect_present, task_id=task_id)
    done = await run_step(job, step)
    result = DeleteVolumeResult(
        node=params.node,
        volid=params.volid,
        content=volume.content if volume is not None else None,
        size_bytes=volume.size if volume is not None else None,
    )
    return outcome_of(result, [done], f"{params.volid} deleted from node {params.node}")
