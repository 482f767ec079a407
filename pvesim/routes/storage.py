"""Storages: the cluster's storage config, per-node status, content, and one volume's attributes.

Content items are what pve-storage's list_volumes gives: backups carry `subtype` (qemu/lxc),
`ctime` (from the archive's name), `notes` and `protected` when set; PBS backups have the
format `pbs-vm`/`pbs-ct`. A volume in a path (`.../content/local:backup/vzdump-...`) may hold
slashes: pve-storage's Content API reads the rest of the URL as the volume (fragmentDelimiter).
"""

from __future__ import annotations

from typing import Any

from pvesim.call import Call, route
from pvesim.disks import volume_path
from pvesim.errors import ApiError, param_error
from pvesim.state import Storage, Volume
from pvesim.tasks import Effect, TaskContext, TaskFailed

__all__: list[str] = []


def _status(call: Call, storage: Storage) -> dict[str, Any]:
    used = call.core.state.storage_used(call.node, storage.storage)
    return {
        "storage": storage.storage,
        "type": storage.type,
        "content": ",".join(storage.content),
        "active": 1,
        "enabled": 1,
        "shared": int(storage.shared),
        "total": storage.total,
        "used": used,
        "avail": max(0, storage.total - used),
        "used_fraction": round(used / storage.total, 6),
    }


def _storage(call: Call) -> Storage:
    storage = call.core.state.storages.get(str(call.params["storage"]))
    if storage is None:
        raise ApiError(500, f"storage '{call.params['storage']}' does not exist")
    return storage


@route("GET", "/storage")
async def storage_config(call: Call) -> Any:
    out = []
    for storage in call.core.state.storages.values():
        entry: dict[str, Any] = {"storage": storage.storage, "type": storage.type, "content": ",".join(storage.content)}
        if storage.path:
            entry["path"] = storage.path
        if storage.shared:
            entry["shared"] = 1
        if storage.nodes is not None:
            entry["nodes"] = ",".join(storage.nodes)
        if storage.datastore:
            entry["datastore"] = storage.datastore
        out.append(entry)
    return out


@route("GET", "/nodes/{node}/storage")
async def node_storages(call: Call) -> Any:
    wanted = call.params.get("content")
    only = call.params.get("storage")
    out = []
    for storage in call.core.state.storages.values():
        if only is not None and storage.storage != only:
            continue
        if not storage.available_on(call.node):
            continue
        if wanted is not None and not set(str(wanted).split(",")) & set(storage.content):
            continue
        out.append(_status(call, storage))
    return out


@route("GET", "/nodes/{node}/storage/{storage}/status")
async def storage_status(call: Call) -> Any:
    status = _status(call, _storage(call))
    del status["storage"], status["used_fraction"]
    return status


def content_item(volume: Volume) -> dict[str, Any]:
    """One item of GET .../content, with the fields pve-storage reports for its kind of volume."""
    entry: dict[str, Any] = {
        "volid": volume.volid,
        "content": volume.content,
        "format": volume.format,
        "size": volume.size,
        "ctime": volume.ctime,
    }
    if volume.vmid is not None:
        entry["vmid"] = volume.vmid
    if volume.content in ("images", "rootdir"):
        entry["used"] = volume.size // 4
    if volume.content == "backup":
        entry["subtype"] = volume.subtype or "unknown"
        if volume.notes is not None:
            entry["notes"] = volume.notes.split("\n", 1)[0]
        if volume.protected:
            entry["protected"] = 1
    return entry


@route("GET", "/nodes/{node}/storage/{storage}/content")
async def storage_content(call: Call) -> Any:
    storage = _storage(call)
    wanted = call.params.get("content")
    vmid = call.params.get("vmid")
    out = []
    bucket = call.core.state.volume_bucket(call.node, storage.storage)
    for volume in sorted(bucket.values(), key=lambda v: v.volid.lower()):
        if wanted is not None and volume.content != wanted:
            continue
        if vmid is not None and volume.vmid != vmid:
            continue
        if volume.content not in storage.content:  # list_volumes walks the storage's content types
            continue
        out.append(content_item(volume))
    return out


def _volume_id(call: Call) -> str:
    """$real_volume_id: a full volume ID, or a name on the path's storage."""
    volume = str(call.params["volume"])
    storage = call.params.get("storage")
    if ":" in volume:
        storage_id = volume.split(":", 1)[0]
        if storage is not None and storage_id != storage:
            raise param_error({"volume": f"storage ID mismatch ({storage_id} != {storage})"})
        return volume
    if storage is None:
        raise param_error({"volume": "no storage specified - incomplete volume ID"})
    return f"{storage}:{volume}"


def _find(call: Call, volid: str) -> Volume | None:
    storage_id = volid.split(":", 1)[0]
    if storage_id not in call.core.state.storages:
        raise ApiError(500, f"storage '{storage_id}' does not exist")
    return call.core.state.volume_bucket(call.node, storage_id).get(volid)


@route("GET", "/nodes/{node}/storage/{storage}/content/{volume}")
async def volume_info(call: Call) -> Any:
    volid = _volume_id(call)
    volume = _find(call, volid)
    if volume is None:
        raise ApiError(500, f"volume_size_info on '{volid}' failed - no format")
    entry: dict[str, Any] = {
        "path": volume_path(call.core.state, volid),
        "size": volume.size,
        "used": volume.size // 4 if volume.content in ("images", "rootdir") else volume.size,
        "format": volume.format,
    }
    if volume.content == "backup":
        if volume.notes is not None:
            entry["notes"] = volume.notes
        entry["protected"] = int(volume.protected)
    return entry


@route("PUT", "/nodes/{node}/storage/{storage}/content/{volume}")
async def volume_update(call: Call) -> Any:
    volid = _volume_id(call)
    volume = _find(call, volid)
    if volume is None:
        raise ApiError(500, f"volume '{volid}' does not exist")
    if "notes" in call.params:
        if volume.content != "backup":
            raise ApiError(500, f"volume notes are not supported for {call.core.state.storages[volume.storage].type}")
        volume.notes = str(call.params["notes"]) or None
    if "protected" in call.params:
        if volume.content != "backup":
            raise ApiError(500, "protection is only supported for backups")
        volume.protected = bool(call.params["protected"])
    return None


@route("DELETE", "/nodes/{node}/storage/{storage}/content/{volume}")
async def volume_delete(call: Call) -> Any:
    state = call.core.state
    volid = _volume_id(call)
    storage_id, volname = volid.split(":", 1)
    volume = _find(call, volid)
    owner = volume.vmid if volume is not None else None

    async def work(context: TaskContext) -> Effect | None:
        await context.pause(0.5)
        if volume is not None and volume.protected:
            raise TaskFailed(f"cannot remove protected volume '{volname}' on '{storage_id}'")
        if volume is None:
            context.log(f"disk image '{volume_path(state, volid)}' does not exist")
        context.log(f"Removed volume '{volid}'")

        def effect() -> None:
            state.volume_bucket(call.node, storage_id).pop(volid, None)
            if volume is not None and volume.content == "backup" and owner is not None:
                state.count(owner, "backup_deleted")

        return effect

    task_id = f"{owner}@{storage_id}" if owner is not None else storage_id
    upid = call.start_task("imgdel", work, guest=None, task_id=task_id, vmid=owner)
    delay = call.params.get("delay")
    if delay:
        try:
            task = await call.core.tasks.wait(upid, float(delay))
        except TimeoutError:
            return upid
        if task.exitstatus == "OK" or (task.exitstatus or "").startswith("WARNINGS"):
            return None
        raise ApiError(500, str(task.exitstatus))
    return upid
