"""Snapshots of VMs and containers: list, create, rollback, delete (PVE::AbstractConfig semantics)."""

from __future__ import annotations

import time
from typing import Any

from pvesim.call import Call, route
from pvesim.errors import ApiError
from pvesim.routes.guests import check_lock, start_after, task_prefix
from pvesim.state import ClusterState, Guest, GuestKind, Snapshot
from pvesim.tasks import Effect, TaskContext, TaskFailed

__all__: list[str] = []


def _disks(guest: Guest) -> list[tuple[str, str]]:
    keys = ("scsi", "virtio", "sata", "efidisk", "rootfs", "mp")
    return [(k, v.split(",")[0]) for k, v in sorted(guest.config.items()) if k.startswith(keys) and "vm-" in v]


def _snapshot_list(guest: Guest) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for snap in sorted(guest.snapshots.values(), key=lambda s: s.snaptime):
        entry: dict[str, Any] = {"name": snap.name, "description": snap.description, "snaptime": snap.snaptime}
        if snap.parent:
            entry["parent"] = snap.parent
        if guest.kind == "qemu":
            entry["vmstate"] = int(snap.vmstate)
        out.append(entry)
    current: dict[str, Any] = {"name": "current", "description": "You are here!", "digest": guest.digest}
    if guest.config.get("parent"):
        current["parent"] = guest.config["parent"]
    if guest.kind == "qemu":
        current["running"] = int(guest.status == "running")
    out.append(current)
    return out


def _create_work(state: ClusterState, guest: Guest, name: str, description: str, vmstate: bool) -> Any:
    async def work(context: TaskContext) -> Effect | None:
        if name in guest.snapshots:
            raise TaskFailed(f"snapshot name '{name}' already used")
        if vmstate and guest.status == "running":
            context.log("saving VM state and RAM using storage 'local-lvm'")
        for key, volid in _disks(guest):
            context.log(f"snapshotting 'drive-{key}' ({volid})")
            context.log(f'  Logical volume "snap_{volid.split(":", 1)[1]}_{name}" created.')
        await context.pause(1.0)

        def effect() -> None:
            config = {k: v for k, v in guest.config.items() if k not in ("lock", "parent")}
            guest.snapshots[name] = Snapshot(
                name,
                description,
                int(time.time()),
                guest.config.get("parent"),
                vmstate and guest.status == "running",
                config,
            )
            guest.config["parent"] = name
            state.count(guest.vmid, "snapshot_created")

        return effect

    return work


def _require(guest: Guest, name: str) -> Snapshot:
    snapshot = guest.snapshots.get(name)
    if snapshot is None:
        raise TaskFailed(f"snapshot '{name}' does not exist")
    return snapshot


def _rollback_work(call: Call, guest: Guest, name: str, start: bool) -> Any:
    state = call.core.state

    async def work(context: TaskContext) -> Effect | None:
        snapshot = _require(guest, name)
        for _key, volid in _disks(guest):
            context.log(f'  Logical volume "{volid.split(":", 1)[1]}" successfully removed.')
            context.log(f'  Logical volume "{volid.split(":", 1)[1]}" created.')
        await context.pause(1.0)

        def effect() -> None:
            lock = guest.config.get("lock")
            guest.config = dict(snapshot.config) | {"parent": name} | ({"lock": lock} if lock else {})
            if not snapshot.vmstate:
                guest.status, guest.started_at, guest.paused = "stopped", None, False
            state.count(guest.vmid, "rolled_back")
            if start and guest.status != "running":  # qemu-server: only a VM the rollback left stopped
                start_after(call, guest, context)()

        return effect

    return work


def _delete_work(state: ClusterState, guest: Guest, name: str) -> Any:
    async def work(context: TaskContext) -> Effect | None:
        snapshot = _require(guest, name)
        for _key, volid in _disks(guest):
            context.log(f'  Logical volume "snap_{volid.split(":", 1)[1]}_{name}" successfully removed.')
        await context.pause(1.0)

        def effect() -> None:
            del guest.snapshots[name]
            for other in guest.snapshots.values():
                if other.parent == name:
                    other.parent = snapshot.parent
            if guest.config.get("parent") == name:
                if snapshot.parent:
                    guest.config["parent"] = snapshot.parent
                else:
                    guest.config.pop("parent", None)
            state.count(guest.vmid, "snapshot_deleted")

        return effect

    return work


def _register(kind: GuestKind) -> None:
    base = f"/nodes/{{node}}/{kind}/{{vmid}}/snapshot"
    prefix = task_prefix(kind)

    @route("GET", base)
    async def list_snapshots(call: Call) -> Any:
        return _snapshot_list(call.guest(kind))

    @route("POST", base)
    async def create_snapshot(call: Call) -> Any:
        guest = call.guest(kind)
        check_lock(guest)
        name = str(call.params["snapname"])
        # qemu-server and pve-container refuse these before they fork (pve-container reserves vzdump too)
        if name == "current" or (kind == "lxc" and name == "vzdump"):
            raise ApiError(500, f"unable to use snapshot name '{name}' (reserved name)")
        work = _create_work(
            call.core.state, guest, name, str(call.params.get("description", "")), bool(call.params.get("vmstate"))
        )
        return call.start_task(f"{prefix}snapshot", work, guest=guest, task_id=str(guest.vmid), config_lock="snapshot")

    @route("POST", f"{base}/{{snapname}}/rollback")
    async def rollback(call: Call) -> Any:
        guest = call.guest(kind)
        check_lock(guest)
        work = _rollback_work(call, guest, str(call.params["snapname"]), bool(call.params.get("start")))
        return call.start_task(f"{prefix}rollback", work, guest=guest, config_lock="rollback")

    @route("DELETE", f"{base}/{{snapname}}")
    async def delete_snapshot(call: Call) -> Any:
        guest = call.guest(kind)
        check_lock(guest, bool(call.params.get("force")))
        work = _delete_work(call.core.state, guest, str(call.params["snapname"]))
        return call.start_task(f"{prefix}delsnapshot", work, guest=guest, config_lock="snapshot-delete")


for _kind in ("qemu", "lxc"):
    _register(_kind)
