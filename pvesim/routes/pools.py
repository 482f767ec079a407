"""Resource pools (pve-manager PVE/API2/Pool.pm): list, read with members, create, update, delete.

PVE 9 reads one pool as `GET /pools?poolid=<id>` (members included, `type` filters them); the
older `GET /pools/{poolid}` still answers. Members are listed as /cluster/resources lists guests
and storages. Errors come wrapped the way lock_user_config wraps them ("update pools failed: VM
100 is already a pool member").
"""

from __future__ import annotations

import re
from typing import Any

from pvesim.call import Call, route
from pvesim.errors import ApiError
from pvesim.routes.cluster import guest_resource, storage_resource
from pvesim.state import ClusterState, Pool

__all__: list[str] = []


def _pool(state: ClusterState, poolid: str) -> Pool:
    pool = state.pools.get(poolid)
    if pool is None:
        raise ApiError(500, f"pool '{poolid}' does not exist")
    return pool


def _members(call: Call, pool: Pool) -> list[dict[str, Any]]:
    state = call.core.state
    wanted = call.params.get("type")
    members = []
    for vmid in sorted(pool.vms):
        guest = state.guests.get(vmid)
        if guest is None or (wanted is not None and wanted != guest.kind):
            continue
        entry = guest_resource(guest, state.nodes[guest.node].online)
        for key in ("lock", "tags"):
            entry.pop(key, None)  # extract_vm_stats has neither
        members.append(entry)
    if wanted in (None, "storage"):
        node = next(iter(state.nodes))
        for storage_id in sorted(pool.storage):
            if storage_id in state.storages:
                members.append(storage_resource(state, node, state.storages[storage_id]))
    return members


def _split(value: Any) -> list[str]:
    return [part for part in re.split(r"[\s,;]+", str(value or "")) if part]


@route("GET", "/pools")
async def list_pools(call: Call) -> Any:
    state = call.core.state
    poolid = call.params.get("poolid")
    if poolid is not None:
        pool = _pool(state, str(poolid))
        info: dict[str, Any] = {"members": _members(call, pool)}
        if pool.comment is not None:
            info["comment"] = pool.comment
        info["poolid"] = pool.poolid
        return [info]
    out = []
    for pool in sorted(state.pools.values(), key=lambda p: p.poolid):
        if "Pool.Audit" not in call.token.privileges_at(f"/pool/{pool.poolid}"):
            continue
        entry: dict[str, Any] = {"poolid": pool.poolid}
        if pool.comment is not None:
            entry["comment"] = pool.comment
        out.append(entry)
    return out


@route("GET", "/pools/{poolid}")
async def read_pool(call: Call) -> Any:
    pool = _pool(call.core.state, str(call.params["poolid"]))
    info: dict[str, Any] = {"members": _members(call, pool)}
    if pool.comment is not None:
        info["comment"] = pool.comment
    return info


@route("POST", "/pools")
async def create_pool(call: Call) -> Any:
    state = call.core.state
    poolid = str(call.params["poolid"])
    if poolid in state.pools:
        raise ApiError(500, f"create pool failed: pool '{poolid}' already exists")
    parent, _, leaf = poolid.rpartition("/")
    if parent and parent not in state.pools:
        raise ApiError(500, f"create pool failed: parent '{parent}' of pool '{poolid}' does not exist")
    if not re.match(r"^[A-Za-z]", leaf):
        raise ApiError(500, "create pool failed: pool name must start with a letter")
    state.pools[poolid] = Pool(poolid, str(call.params["comment"]) if call.params.get("comment") else None)
    return None


def _update(call: Call, poolid: str) -> None:
    state = call.core.state
    params = call.params
    pool = state.pools.get(poolid)
    if pool is None:
        raise ApiError(500, f"update pools failed: pool '{poolid}' does not exist")
    if params.get("comment") is not None:
        pool.comment = str(params["comment"])
    for text in _split(params.get("vms")):
        _update_vm(state, pool, int(text), delete=bool(params.get("delete")), move=bool(params.get("allow-move")))
    for storage_id in _split(params.get("storage")):
        if params.get("delete"):
            if storage_id not in pool.storage:
                raise ApiError(500, f"update pools failed: Storage '{storage_id}' is not a pool member")
            pool.storage.discard(storage_id)
        elif storage_id in pool.storage:
            raise ApiError(500, f"update pools failed: Storage '{storage_id}' is already a pool member")
        else:
            pool.storage.add(storage_id)


def _update_vm(state: ClusterState, pool: Pool, vmid: int, *, delete: bool, move: bool) -> None:
    if delete:
        if vmid not in pool.vms:
            raise ApiError(500, f"update pools failed: VM {vmid} is not a pool member")
        pool.vms.discard(vmid)
        return
    if vmid in pool.vms:
        raise ApiError(500, f"update pools failed: VM {vmid} is already a pool member")
    other = state.pool_of(vmid)
    if other is not None:
        if not move:
            raise ApiError(
                500, f"update pools failed: VM {vmid} belongs already to pool '{other}' and 'allow-move' is not set"
            )
        state.pools[other].vms.discard(vmid)
    pool.vms.add(vmid)


@route("PUT", "/pools")
async def update_pool(call: Call) -> Any:
    _update(call, str(call.params["poolid"]))
    return None


@route("PUT", "/pools/{poolid}")
async def update_pool_deprecated(call: Call) -> Any:
    _update(call, str(call.params["poolid"]))
    return None


def _delete(call: Call, poolid: str) -> None:
    state = call.core.state
    pool = state.pools.get(poolid)
    if pool is None:
        raise ApiError(500, f"delete pool failed: pool '{poolid}' does not exist")
    for other in state.pools:
        if other.startswith(f"{poolid}/"):
            raise ApiError(500, f"delete pool failed: pool '{poolid}' is not empty (contains pool '{other}')")
    for vmid in sorted(pool.vms):
        if vmid in state.guests:
            raise ApiError(500, f"delete pool failed: pool '{poolid}' is not empty (contains VM {vmid})")
    for storage_id in sorted(pool.storage):
        if storage_id in state.storages:
            raise ApiError(500, f"delete pool failed: pool '{poolid}' is not empty (contains storage '{storage_id}')")
    del state.pools[poolid]


@route("DELETE", "/pools")
async def delete_pool(call: Call) -> Any:
    _delete(call, str(call.params["poolid"]))
    return None


@route("DELETE", "/pools/{poolid}")
async def delete_pool_deprecated(call: Call) -> Any:
    _delete(call, str(call.params["poolid"]))
    return None
