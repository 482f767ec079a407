"""Storages: the cluster's storage config, per-node status, and content."""

from __future__ import annotations

from typing import Any

from pvesim.call import Call, route
from pvesim.errors import ApiError
from pvesim.state import Storage

__all__: list[str] = []


def _status(call: Call, storage: Storage) -> dict[str, Any]:
    used = sum(v.size for v in call.core.state.volume_bucket(call.node, storage.storage).values())
    return {
        "storage": storage.storage,
        "type": storage.type,
        "content": ",".join(storage.content),
        "active": 1,
        "enabled": 1,
        "shared": int(storage.shared),
        "total": storage.total,
        "used": used,
        "avail": storage.total - used,
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
        if wanted is not None and not set(str(wanted).split(",")) & set(storage.content):
            continue
        out.append(_status(call, storage))
    return out


@route("GET", "/nodes/{node}/storage/{storage}/status")
async def storage_status(call: Call) -> Any:
    status = _status(call, _storage(call))
    del status["storage"], status["used_fraction"]
    return status


@route("GET", "/nodes/{node}/storage/{storage}/content")
async def storage_content(call: Call) -> Any:
    storage = _storage(call)
    wanted = call.params.get("content")
    vmid = call.params.get("vmid")
    out = []
    for volume in sorted(call.core.state.volume_bucket(call.node, storage.storage).values(), key=lambda v: v.volid):
        if wanted is not None and volume.content != wanted:
            continue
        if vmid is not None and volume.vmid != vmid:
            continue
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
        out.append(entry)
    return out
