"""Clones of VMs (qmclone) and containers (vzclone), full or linked, as qemu-server and pve-container make them.

qemu-server checks everything before it forks (`$load_and_check`), then holds the source's
config flock (exclusive for a running VM, shared otherwise, so several clones of one template
run at once) and the new VMID's, whose config carries `lock: clone` until the end. pve-container
marks the source `lock: disk` and the new CT `lock: create` before it forks. The new guest gets
fresh MACs (and a new SMBIOS UUID and vmgenid for a VM); it appears complete when the task ends.
"""

from __future__ import annotations

from typing import Any

from pvesim.call import Call, route
from pvesim.disks import Disk, allocate, disks_of, format_size, has_feature, new_volid, volume_path
from pvesim.errors import ApiError
from pvesim.progress import Stopped, mirror, qemu_img_convert
from pvesim.routes.checks import (
    check_pool_exists,
    check_vmid_unused,
    renew_identity,
    storage_enabled,
    target_node,
)
from pvesim.routes.guests import check_lock
from pvesim.state import ClusterState, Guest, Volume
from pvesim.tasks import Effect, TaskContext, TaskFailed

__all__ = ["copy_disk", "linked_volume", "lxc_copy_log", "rsync_fails"]

_QEMU_SKIP = ("lock", "parent", "snaptime", "vmstate", "snapstate", "runningcpu", "runningmachine", "template")


def linked_volume(state: ClusterState, context: TaskContext, disk: Disk, vmid: int) -> Volume:
    """vdisk_clone: a thin snapshot of a base volume (lvmthin) or a qcow2 overlay (file storages)."""
    storage = state.storages[disk.storage]
    volid = new_volid(state, storage, vmid)
    if storage.type in ("lvmthin", "lvm"):
        context.log(f'  Logical volume "{volid.split(":", 1)[1]}" created.')
    return Volume(
        volid, "rootdir" if disk.key == "rootfs" or disk.key.startswith("mp") else "images", disk.size, "raw", vmid
    )


async def copy_disk(
    call: Call,
    context: TaskContext,
    disk: Disk,
    *,
    vmid: int,
    storage_id: str,
    running: bool,
    share: float,
    created: list[Volume],
    snapshot: bool = False,
) -> Volume:
    """clone_disk with full=1: allocate on the target storage, then copy (drive-mirror when running)."""
    state = call.core.state
    node = call.node
    room = state.storage_free(node, storage_id)
    name = f"vm-{vmid}-cloudinit" if disk.cloudinit else None
    volume = allocate(
        state, context, node=node, storage_id=storage_id, vmid=vmid, size=disk.size, content="images", name=name
    )
    state.add_volume(node, volume)
    created.append(volume)
    context.log(f"allocated target volume '{volume.volid}'")
    if disk.cloudinit:
        return volume  # no data is copied for a cloud-init drive
    try:
        if running and not snapshot:
            await mirror(context, disk.key, disk.size, share=share, room=room)
        else:
            await qemu_img_convert(context, disk.size, share=share, room=room)
    except Stopped as stop:
        if running and not snapshot:
            context.log(f"mirror-{disk.key}: Cancelling block job")
            context.log(f"mirror-{disk.key}: Done.")
            raise TaskFailed(
                f"block job (mirror) error: mirror-{disk.key}: No space left on device (io-status: nospace)"
            ) from None
        context.log(f"qemu-img: error while writing at byte {stop.done}: No space left on device")
        source, target = volume_path(state, disk.volid), volume_path(state, volume.volid)
        raise TaskFailed(
            f"copy failed: command '/usr/bin/qemu-img convert -p -n -f raw -O raw {source} zeroinit:{target}' "
            "failed: exit code 1"
        ) from None
    return volume


def _forget(state: ClusterState, node: str, vmid: int, created: list[Volume]) -> None:
    """Undo a failed clone: its volumes and its config go (PVE frees them and unlinks the temp config)."""
    for volume in created:
        state.volume_bucket(node, volume.storage).pop(volume.volid, None)
    state.guests.pop(vmid, None)


def _qemu_plan(
    call: Call, source: Guest, config: dict[str, str], full: bool, snapname: str | None
) -> list[tuple[Disk, bool]]:
    """The disks to copy (True) or link (False), with qemu-server's feature checks."""
    state = call.core.state
    plan: list[tuple[Disk, bool]] = []
    for disk in disks_of(state, config):
        if disk.cdrom and not disk.cloudinit:
            continue  # a CD-ROM is copied as it is
        storage = state.storages.get(disk.storage)
        if storage is None:
            raise ApiError(500, f"storage '{disk.storage}' does not exist")
        copy = full or disk.cloudinit or disk.key == "tpmstate0"
        message = "clone feature is not supported for" + (" a snapshot of" if snapname else "")
        message += f" '{disk.volid}' ({disk.key})"
        if not has_feature(storage, "copy" if copy else "clone", disk, snapshot=bool(snapname)):
            raise ApiError(500, f"{'Full' if copy else 'Linked'} {message}")
        plan.append((disk, copy))
    return plan


def _clone_request(call: Call, content: str | None) -> tuple[int, Any, str | None, str | None]:
    """What both clone APIs check first: (newid, pool, target node, storage), refused as PVE refuses them."""
    params = call.params
    pool = params.get("pool")
    check_pool_exists(call, pool)
    target = target_node(call)
    storage_id = str(params["storage"]) if params.get("storage") else None
    if storage_id is not None:
        storage = storage_enabled(call, storage_id, content=content)
        if target is not None and not storage.shared:
            raise ApiError(500, f"can't clone to non-shared storage '{storage_id}'")
    return int(params["newid"]), pool, target, storage_id


def _placed(state: ClusterState, source: Guest, clone: Guest, target: str | None, pool: Any) -> None:
    """A clone's task did its work: the new guest is on its node and in its pool, and counted."""
    if target is not None:
        clone.node = target
    if pool is not None:
        state.pools[str(pool)].vms.add(clone.vmid)
    state.count(source.vmid, "cloned")
    state.count(clone.vmid, "created")


@route("POST", "/nodes/{node}/qemu/{vmid}/clone")
async def qemu_clone(call: Call) -> Any:
    state = call.core.state
    params = call.params
    newid, pool, target, storage_id = _clone_request(call, "images")
    source = call.guest("qemu")
    check_lock(source)
    running = source.status == "running"
    snapname = str(params["snapname"]) if params.get("snapname") else None
    if snapname is not None and snapname not in source.snapshots:
        raise ApiError(500, f"snapshot '{snapname}' does not exist")
    full = bool(params["full"]) if "full" in params else not source.template
    if storage_id is not None and not full:
        raise ApiError(500, "parameter 'storage' not allowed for linked clones")
    if params.get("format") and not full:
        raise ApiError(500, "parameter 'format' not allowed for linked clones")
    oldconf = source.snapshots[snapname].config if snapname else source.config
    plan = _qemu_plan(call, source, oldconf, full, snapname)
    if target is not None and any(not state.storages[d.storage].shared for d, _ in plan):
        raise ApiError(500, f"can't clone VM to node '{target}' (VM uses local storage)")
    if newid in state.guests:
        raise ApiError(500, f"unable to create VM {newid}: config file already exists")
    # the worker writes "# qmclone temporary file\nlock: clone" first; pvesim reserves the VMID at once
    clone = Guest(newid, "qemu", call.node, "stopped", {"lock": "clone"})
    state.guests[newid] = clone
    created: list[Volume] = []

    async def work(context: TaskContext) -> Effect | None:
        async with call.core.tasks.holding(clone, context):
            try:
                config = await _qemu_copy(
                    call,
                    context,
                    source=source,
                    clone=clone,
                    oldconf=oldconf,
                    plan=plan,
                    created=created,
                    snapname=snapname,
                )
            except TaskFailed as failure:
                raise TaskFailed(f"clone failed: {failure}") from None

        def effect() -> None:
            clone.config = config  # without the "clone" lock
            _placed(state, source, clone, target, pool)

        return effect

    def forget() -> None:
        _forget(state, call.node, newid, created)

    return call.start_task("qmclone", work, guest=source, shared_lock=not running, on_failure=forget)


async def _qemu_copy(
    call: Call,
    context: TaskContext,
    *,
    source: Guest,
    clone: Guest,
    oldconf: dict[str, str],
    plan: list[tuple[Disk, bool]],
    created: list[Volume],
    snapname: str | None,
) -> dict[str, str]:
    state = call.core.state
    params = call.params
    context.log(f"creating a clone of VM {source.vmid} with ID {clone.vmid}")
    drives = {disk.key for disk, _copy in plan}
    config = {
        k: v for k, v in oldconf.items() if k not in _QEMU_SKIP and not k.startswith("unused") and k not in drives
    }
    config = renew_identity(config, "qemu")
    config["name"] = str(params.get("name") or f"Copy-of-VM-{oldconf.get('name', source.vmid)}")
    if params.get("description"):
        config["description"] = str(params["description"])
    running = source.status == "running"
    copies = [disk for disk, copy in plan if copy and not disk.cloudinit]
    mirrored = False
    for disk, copy in sorted(plan, key=lambda item: item[0].key):
        context.log(f"create {'full' if copy else 'linked'} clone of drive {disk.key} ({disk.volid})")
        if copy:
            fmt = params.get("format")
            storage_id = str(params.get("storage") or disk.storage)
            storage = state.storages[storage_id]
            if fmt and fmt != "raw" and storage.type not in ("dir", "nfs", "cifs"):
                context.warn(
                    f"format '{fmt}' is not supported by the target storage '{storage_id}' - using 'raw' instead"
                )
            volume = await copy_disk(
                call,
                context,
                disk,
                vmid=clone.vmid,
                storage_id=storage_id,
                running=running,
                share=0.85 / max(1, len(copies)),
                created=created,
                snapshot=snapname is not None,
            )
            mirrored = mirrored or (running and snapname is None and not disk.cloudinit)
        else:
            volume = linked_volume(state, context, disk, clone.vmid)
            state.add_volume(call.node, volume)
            created.append(volume)
        options = [o for o in disk.options.split(",") if o and not o.startswith("size=")]
        config[disk.key] = ",".join([volume.volid, *options, f"size={format_size(disk.size)}"])
        clone.config[disk.key] = config[disk.key]  # written after every drive
    if mirrored:
        agent = source.agent_configured() and source.agent.running
        context.log("issuing guest agent 'guest-fsfreeze-freeze' command" if agent else "suspend vm")
        for disk, copy in plan:
            if copy and not disk.cloudinit:
                context.log(f"mirror-{disk.key}: Cancelling block job")
                context.log(f"mirror-{disk.key}: Done.")
        context.log("issuing guest agent 'guest-fsfreeze-thaw' command" if agent else "resume vm")
    if source.pending and snapname is None:
        context.warn(f"found pending changes for '{','.join(sorted(source.pending))}', discarding for clone")
    await context.pause(0.1 if copies else 0.95)  # a linked clone takes its time too
    return config


# -- containers ---------------------------------------------------------------------------


def lxc_copy_log(context: TaskContext, volume: Volume, used: int) -> None:
    """What mkfs.ext4 and rsync --stats print when a container volume is copied (PVE::LXC::copy_volume)."""
    blocks = volume.size // 4096
    context.log(f"Creating filesystem with {blocks} 4k blocks and {blocks // 4} inodes")
    context.log("Allocating group tables: done")
    context.log("Writing inode tables: done")
    context.log("Creating journal (16384 blocks): done")
    context.log("Writing superblocks and filesystem accounting information: done")
    context.log("")
    context.log("Number of files: 25,678 (reg: 20,012, dir: 2,345, link: 3,300, dev: 2, special: 19)")
    context.log(f"Total file size: {used:,} bytes")
    context.log(f"sent {used + 1_471_503:,} bytes  received 400,372 bytes  160,751,616.40 bytes/sec")
    context.log(f"total size is {used:,}  speedup is 1.00")


_LXC_USED = 1_203_765_248  # what a container's rootfs holds (guest_usage reports it as `disk`)


@route("POST", "/nodes/{node}/lxc/{vmid}/clone")
async def lxc_clone(call: Call) -> Any:
    state = call.core.state
    newid, pool, target, storage_id = _clone_request(call, None)
    source = call.guest("lxc")
    check_lock(source)  # set_lock($vmid, 'disk')
    source.config["lock"] = "disk"
    try:
        check_vmid_unused(state, newid)
        plan, config = _lxc_plan(call, source, target, storage_id)
    except ApiError:
        source.config.pop("lock", None)
        raise
    config["lock"] = "create"
    clone = Guest(newid, "lxc", call.node, "stopped", config)
    state.guests[newid] = clone
    created: list[Volume] = []

    async def work(context: TaskContext) -> Effect | None:
        try:
            await _lxc_copy(
                call, context, source=source, clone=clone, plan=plan, storage_id=storage_id, created=created
            )
        except TaskFailed as failure:
            raise TaskFailed(f"clone failed: {failure}") from None
        finally:
            if source.config.get("lock") == "disk":
                del source.config["lock"]

        def effect() -> None:
            clone.config.pop("lock", None)
            _placed(state, source, clone, target, pool)

        return effect

    def forget() -> None:
        if source.config.get("lock") == "disk":
            del source.config["lock"]
        _forget(state, call.node, newid, created)

    return call.start_task("vzclone", work, guest=None, task_id=str(source.vmid), vmid=source.vmid, on_failure=forget)


async def _lxc_copy(
    call: Call,
    context: TaskContext,
    *,
    source: Guest,
    clone: Guest,
    plan: list[tuple[Disk, bool]],
    storage_id: str | None,
    created: list[Volume],
) -> None:
    """The vzclone worker: copy (rsync) or link each mount point, writing the new CT's config as it goes."""
    state = call.core.state
    context.log(f"creating a clone of container {source.vmid} with ID {clone.vmid}")
    copies = [d for d, copy in plan if copy]
    for disk, copy in plan:
        sid = storage_id or disk.storage
        if copy:
            context.log(f"create full clone of mountpoint {disk.key} ({disk.volid})")
            room = state.storage_free(call.node, sid)
            volume = allocate(
                state, context, node=call.node, storage_id=sid, vmid=clone.vmid, size=disk.size, content="rootdir"
            )
            state.add_volume(call.node, volume)
            created.append(volume)
            await context.pause(0.85 / len(copies))
            if room < _LXC_USED:
                rsync_fails(context, clone.vmid)
            lxc_copy_log(context, volume, _LXC_USED)
        else:
            context.log(f"create linked clone of mount point {disk.key} ({disk.volid})")
            volume = linked_volume(state, context, disk, clone.vmid)
            state.add_volume(call.node, volume)
            created.append(volume)
        options = [o for o in disk.options.split(",") if o and not o.startswith("size=")]
        clone.config[disk.key] = ",".join([volume.volid, *options, f"size={format_size(disk.size)}"])
    await context.pause(0.1 if copies else 0.95)


def rsync_fails(context: TaskContext, vmid: int) -> None:
    target = f"/var/lib/lxc/{vmid}/.copy-volume-1"
    context.log(
        f'rsync: [receiver] write failed on "{target}/usr/lib/x86_64-linux-gnu/libc.so.6": No space left on device (28)'
    )
    raise TaskFailed(
        f"command 'rsync --stats -X -A --numeric-ids -aH --whole-file --sparse --one-file-system --bwlimit=0 "
        f"/var/lib/lxc/{vmid}/.copy-volume-2/ /var/lib/lxc/{vmid}/.copy-volume-1' failed: exit code 11"
    )


def _lxc_plan(
    call: Call, source: Guest, target: str | None, storage_id: str | None
) -> tuple[list[tuple[Disk, bool]], dict[str, str]]:
    """pve-container's checks and the new config (without its volumes yet)."""
    state = call.core.state
    params = call.params
    full = bool(params["full"]) if "full" in params else not source.template
    if storage_id is not None and not full:
        raise ApiError(500, "parameter 'storage' not allowed for linked clones")
    snapname = str(params["snapname"]) if params.get("snapname") else None
    if snapname is not None and snapname not in source.snapshots:
        raise ApiError(500, f"snapshot '{snapname}' does not exist")
    config = source.snapshots[snapname].config if snapname else source.config
    running = source.status == "running"
    plan: list[tuple[Disk, bool]] = []
    shared = True
    for disk in disks_of(state, config):
        storage = state.storages.get(storage_id or disk.storage)
        if storage is None:
            raise ApiError(500, f"storage '{storage_id or disk.storage}' does not exist")
        shared = shared and storage.shared
        if full:
            if running and snapname is None:
                raise ApiError(500, "Full clone of a running container is only possible from a snapshot")
        elif not has_feature(state.storages[disk.storage], "clone", disk, snapshot=snapname is not None):
            raise ApiError(500, f"Linked clone feature for '{disk.volid}' is not available")
        plan.append((disk, full))
    if target is not None and not shared:
        raise ApiError(500, f"can't clone CT to node '{target}' (CT uses local storage)")
    keep = {
        k: v
        for k, v in config.items()
        if not k.startswith("unused")
        and k not in ("lock", "parent", "snaptime", "snapstate", "template")
        and k not in {d.key for d, _ in plan}
    }
    keep = renew_identity(keep, "lxc")
    if params.get("hostname"):
        keep["hostname"] = str(params["hostname"])
    if params.get("description"):
        keep["description"] = str(params["description"])
    return plan, keep
