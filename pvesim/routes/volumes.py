"""Disk resize (task `resize`) and disk moves to another storage (qemu `qmmove`, lxc `move_volume`).

qemu-server checks a resize inside the task (a shrink fails the task: "shrinking disks is not
supported"); pve-container checks before it forks ("unable to shrink disk size", a 500). A move
copies the disk to the new storage (drive-mirror for a running VM, qemu-img convert otherwise;
rsync for a container) and keeps the source as `unusedN` unless `delete=1`.
"""

from __future__ import annotations

from typing import Any

from pvesim.call import Call, route
from pvesim.disks import Disk, allocate, disks_of, format_size, lvm_rename, parse_size, render_bytes, volume_path
from pvesim.errors import ApiError, param_error
from pvesim.hotplug import add_unused
from pvesim.routes.checks import storage_enabled
from pvesim.routes.clone import copy_disk, lxc_copy_log, rsync_fails
from pvesim.routes.guests import check_lock
from pvesim.state import ClusterState, Guest, Storage, Volume
from pvesim.tasks import Effect, TaskContext, TaskFailed

__all__: list[str] = []

_MODIFIED = "detected modified configuration - file changed by other user? Try again."
_LXC_USED = 1_203_765_248  # what a container's rootfs holds: rsync copies this much


def _disk(state: ClusterState, guest: Guest, key: str) -> Disk | None:
    return next((d for d in disks_of(state, guest.config) if d.key == key), None)


def _new_size(current: int, text: str) -> int:
    grow = text.startswith("+")
    size = parse_size(text.removeprefix("+"))
    if size is None:
        raise TaskFailed("internal error")
    return current + size if grow else size


def _resize_log(context: TaskContext, state: ClusterState, disk: Disk, old: int, new: int) -> None:
    """What lvextend (LVM) or qemu-img resize (files) prints."""
    storage = state.storages.get(disk.storage)
    if storage is not None and storage.type in ("lvmthin", "lvm"):
        extents = 4 * 1024**2
        context.log(
            f"  Size of logical volume pve/{disk.name} changed from {render_bytes(old)} ({old // extents} extents) "
            f"to {render_bytes(new)} ({new // extents} extents)."
        )
        context.log(f"  Logical volume pve/{disk.name} successfully resized.")
    elif storage is not None and storage.type not in ("rbd", "zfspool"):
        context.log("Image resized.")


def _set_size(state: ClusterState, guest: Guest, disk: Disk, size: int) -> None:
    options = [o for o in disk.options.split(",") if o and not o.startswith("size=")]
    guest.config[disk.key] = ",".join([disk.volid, *options, f"size={format_size(size)}"])
    found = state.find_volume(disk.volid)
    if found is not None:
        found[1].size = size


@route("PUT", "/nodes/{node}/qemu/{vmid}/resize")
async def qemu_resize(call: Call) -> Any:
    state = call.core.state
    params = call.params
    guest = call.guest("qemu")
    if params.get("skiplock") and call.token.tokenid != "root@pam":
        raise param_error({"skiplock": "Only root may use this option."})
    key = str(params["disk"])

    async def work(context: TaskContext) -> Effect | None:
        digest = params.get("digest")
        if digest is not None and digest != guest.digest:
            raise TaskFailed("checksum mismatch (file change by other user?)")
        if guest.lock and not params.get("skiplock"):
            raise TaskFailed(f"VM is locked ({guest.lock})")
        if key not in guest.config:
            raise TaskFailed(f"disk '{key}' does not exist")
        disk = _disk(state, guest, key)
        if disk is None:
            raise TaskFailed(f"disk '{key}' has no associated volume")
        if disk.cdrom:
            raise TaskFailed("you can't resize a cdrom")
        new = _new_size(disk.size, str(params["size"]))
        if new < disk.size:
            raise TaskFailed("shrinking disks is not supported")
        if new == disk.size:
            return None
        storage = state.storages.get(disk.storage)
        if (
            storage is not None
            and storage.type == "lvm"
            and state.storage_free(guest.node, disk.storage) < new - disk.size
        ):
            raise TaskFailed(
                f"lvextend 'pve/{disk.name}' error:   Insufficient free space: {(new - disk.size) // (4 * 1024**2)} "
                f"extents needed, but only {state.storage_free(guest.node, disk.storage) // (4 * 1024**2)} available"
            )
        _resize_log(context, state, disk, disk.size, new)
        await context.pause(0.8)

        def effect() -> None:
            _set_size(state, guest, disk, new)
            state.count(guest.vmid, "resized")

        return effect

    return call.start_task("resize", work, guest=guest)


@route("PUT", "/nodes/{node}/lxc/{vmid}/resize")
async def lxc_resize(call: Call) -> Any:
    state = call.core.state
    params = call.params
    guest = call.guest("lxc")
    key = str(params["disk"])

    def load_and_check() -> tuple[Disk, int]:
        check_lock(guest)
        digest = params.get("digest")
        if digest is not None and digest != guest.digest:
            raise ApiError(500, _MODIFIED)
        if key not in guest.config:
            raise ApiError(500, "format error", errors={"volume": "property is missing"})
        disk = _disk(state, guest, key)
        if disk is None:
            raise ApiError(500, f"can't resize mount point owned by another container ({guest.vmid})")
        grow = str(params["size"]).startswith("+")
        size = parse_size(str(params["size"]).removeprefix("+"))
        if size is None:
            raise ApiError(500, "invalid size string")
        new = disk.size + size if grow else size
        if new < disk.size:
            raise ApiError(500, "unable to shrink disk size")
        if new == disk.size:
            raise ApiError(500, "disk is already at specified size")
        return disk, new

    load_and_check()  # early checks before forking and locking

    async def work(context: TaskContext) -> Effect | None:
        try:
            disk, new = load_and_check()
        except ApiError as failure:
            raise TaskFailed(failure.message.strip()) from None
        _resize_log(context, state, disk, disk.size, new)
        blocks = new // 4096
        path = volume_path(state, disk.volid)
        context.log("resize2fs 1.47.2 (1-Jan-2025)")
        if guest.status == "running":
            context.log(f"Filesystem at {path} is mounted on /tmp; on-line resizing required")
            context.log("old_desc_blocks = 1, new_desc_blocks = 2")
        else:
            context.log(f"Resizing the filesystem on {path} to {blocks} (4k) blocks.")
        context.log(f"The filesystem on {path} is now {blocks} (4k) blocks long.")
        context.log("")
        await context.pause(0.8)

        def effect() -> None:
            _set_size(state, guest, disk, new)
            state.count(guest.vmid, "resized")

        return effect

    return call.start_task("resize", work, guest=guest)


def _target_choice(params: dict[str, Any], *, kind: str) -> str:
    """`storage` or `target-vmid`, never both, never neither (pvesim moves to a storage only)."""
    if params.get("storage") and params.get("target-vmid"):
        if kind == "lxc":
            raise ApiError(500, "either set storage or target-vmid, but not both")
        message = "either set 'storage' or 'target-vmid', but not both"
        raise param_error({"target-vmid": message, "storage": message})
    if params.get("target-vmid"):
        raise ApiError(501, "pvesim does not simulate reassigning a disk to another guest (target-vmid)")
    if not params.get("storage"):
        message = "both 'storage' and 'target-vmid' missing, either needs to be set"
        raise param_error({"target-vmid": message, "storage": message})
    return str(params["storage"])


def _in_snapshots(guest: Guest, volid: str) -> bool:
    return any(v.split(",", 1)[0] == volid for s in guest.snapshots.values() for v in s.config.values())


def _base(state: ClusterState, context: TaskContext, volume: Volume) -> Volume:
    """vdisk_create_base for a template's moved disk: vm-N-disk-M becomes base-N-disk-M."""
    name = volume.volid.split(":", 1)[1]
    base = name.replace("vm-", "base-", 1)
    if state.storages[volume.storage].type in ("lvmthin", "lvm"):
        lvm_rename(context, name, base)
    return Volume(f"{volume.storage}:{base}", volume.content, volume.size, volume.format, volume.vmid)


def _as_base(state: ClusterState, context: TaskContext, guest: Guest, volume: Volume) -> Volume:
    """A template's moved disk becomes a base volume again."""
    if not guest.template:
        return volume
    based = _base(state, context, volume)
    state.volume_bucket(guest.node, volume.storage).pop(volume.volid, None)
    state.add_volume(guest.node, based)
    return based


def _replace(state: ClusterState, guest: Guest, disk: Disk, volume: Volume, *, delete: bool) -> str | None:
    """The move's effect: the config names the new volume; the old one goes or stays as unusedN (its key)."""
    options = [o for o in disk.options.split(",") if o and not o.startswith("size=")]
    guest.config[disk.key] = ",".join([volume.volid, *options, f"size={format_size(disk.size)}"])
    state.count(guest.vmid, "disk_moved")
    if delete:
        state.volume_bucket(guest.node, disk.storage).pop(disk.volid, None)
        return None
    return add_unused(guest, disk.volid)


async def _copy_vm_disk(
    call: Call, context: TaskContext, guest: Guest, disk: Disk, *, storage_id: str, delete: bool
) -> Volume:
    """move_updatefn: clone_disk onto the new storage (drive-mirror when running), then drop the source."""
    state = call.core.state
    context.log(f"copying volume '{disk.volid}' from current storage '{disk.storage}' to target storage '{storage_id}'")
    if _in_snapshots(guest, disk.volid):
        context.log("moving disk with snapshots, snapshots will not be moved!")
    created: list[Volume] = []
    running = guest.status == "running"
    context.log(f"create full clone of drive {disk.key} ({disk.volid})")
    try:
        volume = await copy_disk(
            call, context, disk, vmid=guest.vmid, storage_id=storage_id, running=running, share=0.8, created=created
        )
    except TaskFailed as failure:
        for made in created:
            state.volume_bucket(guest.node, made.storage).pop(made.volid, None)
        raise TaskFailed(f"storage migration failed: {failure}") from None
    if running:
        context.log(f"mirror-{disk.key}: Completing block job...")
        context.log(f"mirror-{disk.key}: Completed successfully.")
        context.log(f"mirror-{disk.key}: mirror-job finished")
    volume = _as_base(state, context, guest, volume)
    if delete:
        context.log(f"removing source volume '{disk.volid}' after successful copy")
        if state.storages[disk.storage].type in ("lvmthin", "lvm"):
            context.log(f'  Logical volume "{disk.name}" successfully removed.')
    await context.pause(0.1)
    return volume


async def _copy_ct_volume(
    call: Call, context: TaskContext, guest: Guest, disk: Disk, *, storage_id: str, delete: bool
) -> Volume:
    """PVE::LXC::copy_volume: a new volume, mkfs, rsync; then the source goes with delete=1."""
    state = call.core.state
    room = state.storage_free(guest.node, storage_id)
    volume = allocate(
        state, context, node=guest.node, storage_id=storage_id, vmid=guest.vmid, size=disk.size, content="rootdir"
    )
    state.add_volume(guest.node, volume)
    await context.pause(0.8)
    if room < _LXC_USED:
        state.volume_bucket(guest.node, storage_id).pop(volume.volid, None)
        rsync_fails(context, guest.vmid)
    lxc_copy_log(context, volume, _LXC_USED)
    volume = _as_base(state, context, guest, volume)
    if delete and state.storages[disk.storage].type in ("lvmthin", "lvm"):
        context.log(f'  Logical volume "{disk.name}" successfully removed.')
    return volume


@route("POST", "/nodes/{node}/qemu/{vmid}/move_disk")
async def qemu_move_disk(call: Call) -> Any:
    state = call.core.state
    params = call.params
    storage_id = _target_choice(params, kind="qemu")
    guest = call.guest("qemu")
    key = str(params["disk"])
    delete = bool(params.get("delete"))

    def load_and_check() -> tuple[Disk, Storage]:
        check_lock(guest)
        digest = params.get("digest")
        if digest is not None and digest != guest.digest:
            raise ApiError(500, _MODIFIED)
        if key not in guest.config:
            raise ApiError(500, f"disk '{key}' does not exist")
        disk = _disk(state, guest, key)
        if disk is None:
            raise ApiError(500, f"disk '{key}' has no associated volume")
        if disk.cdrom:
            raise ApiError(500, "you can't move a cdrom")
        if disk.storage == storage_id and params.get("format", "raw") == "raw":
            raise ApiError(500, "you can't move to the same storage with same format")
        storage = storage_enabled(call, storage_id, content="images")
        if delete and _in_snapshots(guest, disk.volid):
            raise ApiError(500, "you can't move a disk with snapshots and delete the source")
        return disk, storage

    load_and_check()

    async def work(context: TaskContext) -> Effect | None:
        try:
            disk, _storage = load_and_check()
        except ApiError as failure:
            raise TaskFailed(failure.message.strip()) from None
        volume = await _copy_vm_disk(call, context, guest, disk, storage_id=storage_id, delete=delete)

        def effect() -> None:
            unused = _replace(state, guest, disk, volume, delete=delete)
            if unused is not None:
                context.log(f"adding source volume '{disk.volid}' as '{unused}' to config")

        return effect

    return call.start_task("qmmove", work, guest=guest)


@route("POST", "/nodes/{node}/lxc/{vmid}/move_volume")
async def lxc_move_volume(call: Call) -> Any:
    state = call.core.state
    params = call.params
    storage_id = _target_choice(params, kind="lxc")
    guest = call.guest("lxc")
    key = str(params["volume"])
    delete = bool(params.get("delete"))
    storage_enabled(call, storage_id)
    async with call.core.tasks.guest_lock(guest):
        check_lock(guest)
        if guest.status == "running":
            raise ApiError(500, "cannot move volumes of a running container")
        if key.startswith("unused"):
            raise ApiError(500, f"cannot move volume '{key}', only configured volumes can be moved to another storage")
        disk = _disk(state, guest, key)
        if disk is None:
            raise ApiError(500, "format error", errors={"volume": "property is missing"})
        if delete and _in_snapshots(guest, disk.volid):
            raise ApiError(500, "you can't move a volume with snapshots and delete the source")
        digest = params.get("digest")
        if digest is not None and digest != guest.digest:
            raise ApiError(500, _MODIFIED)
        guest.config["lock"] = "disk"

    async def work(context: TaskContext) -> Effect | None:
        try:
            volume = await _copy_ct_volume(call, context, guest, disk, storage_id=storage_id, delete=delete)
        finally:
            if guest.config.get("lock") == "disk":
                del guest.config["lock"]

        def effect() -> None:
            _replace(state, guest, disk, volume, delete=delete)

        return effect

    def unlock() -> None:
        if guest.config.get("lock") == "disk":
            del guest.config["lock"]

    return call.start_task("move_volume", work, guest=None, task_id=str(guest.vmid), vmid=guest.vmid, on_failure=unlock)
