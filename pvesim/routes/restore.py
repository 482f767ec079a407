"""Restores: POST /nodes/{node}/qemu with `archive` (qmrestore), POST /nodes/{node}/lxc with `restore=1` (vzrestore).

Both lock the VMID with `lock: create` before they fork (create_and_lock_config). A VMID in use is
refused at once unless `force` is given ("unable to restore VM 100 - VM 100 already exists on
node 'pve1'"); with `force` the guest must be stopped and unprotected, and its disks are replaced.
The guest's config comes back from the archive (`unique` gives it new MACs), its disks are
allocated on `storage` (or where they were) and filled with the archive's data, with vma's or
pbs-restore's progress lines. A failed qmrestore leaves the VMID's config behind without its lock,
as qemu-server does ("VM 105 state is NOT cleaned up").
"""

from __future__ import annotations

import re
import time
from typing import Any

from pvesim.call import Call
from pvesim.disks import allocate, disk_size, disks_of, format_size, volume_path
from pvesim.errors import ApiError, param_error
from pvesim.progress import Stopped, vma_extract
from pvesim.routes.backup import lookup
from pvesim.routes.checks import check_pool_exists, renew_identity, storage_enabled
from pvesim.routes.guests import check_protection, config_values, start_after, task_prefix
from pvesim.state import ClusterState, Guest, GuestKind, Volume
from pvesim.tasks import Effect, TaskContext, TaskFailed

__all__ = ["restore"]

_QEMU_DRIVE = re.compile(r"^(?:ide|sata|scsi|virtio|efidisk|tpmstate)\d+$")
_SKIP = {
    "node",
    "vmid",
    "archive",
    "force",
    "unique",
    "storage",
    "pool",
    "start",
    "bwlimit",
    "live-restore",
    "restore",
    "ostemplate",
    "ignore-unpack-errors",
    "ha-managed",
}


def _emsg(kind: GuestKind, vmid: int) -> str:
    return f"unable to restore {'VM' if kind == 'qemu' else 'CT'} {vmid} -"


async def restore(call: Call, kind: GuestKind) -> str:
    """The restore branch of create_vm (qemu-server) and create_vm with restore=1 (pve-container)."""
    state = call.core.state
    params = call.params
    vmid = call.vmid
    archive_id = str(params["archive"] if kind == "qemu" else params["ostemplate"])
    existing = state.guests.get(vmid)
    emsg = _emsg(kind, vmid)
    check_pool_exists(call, params.get("pool"))
    if archive_id == "-":
        raise ApiError(500, "pipe requires cli environment")
    archive = None
    if kind == "qemu":
        archive = _check_qemu(call, existing, archive_id)
    else:
        _check_lxc(call, existing)
    if existing is not None and existing.lock:
        raise ApiError(500, f"{emsg} {'VM' if kind == 'qemu' else 'CT'} is locked ({existing.lock})")
    if existing is not None:
        existing.config["lock"] = "create"
        target = existing
    else:
        target = Guest(vmid, kind, call.node, "stopped", {"lock": "create"})
        state.guests[vmid] = target
    if kind == "qemu":
        work = _qemu_work(call, target, archive)
    else:
        work = _lxc_work(call, target, archive_id, existing is None)

    def undo() -> None:
        if target.config.get("lock") == "create":
            del target.config["lock"]
        if kind == "lxc" and existing is None:
            state.remove_guest_volumes(target)
            state.guests.pop(vmid, None)

    return call.start_task(
        f"{task_prefix(kind)}restore", work, guest=None, task_id=str(vmid), vmid=vmid, on_failure=undo
    )


def _check_qemu(call: Call, existing: Guest | None, archive_id: str) -> Volume:
    """qemu-server's checks: no disk options with `archive`, an archive that exists, a free VMID or force."""
    for key in sorted(call.params):
        if _QEMU_DRIVE.match(key):
            raise param_error({key: "option conflicts with option 'archive'"})
    archive = lookup(call.core.state, call.node, archive_id)
    if existing is not None and not call.params.get("force"):
        _check_unused(call.core.state, call.vmid, _emsg("qemu", call.vmid))
    return archive


def _check_lxc(call: Call, existing: Guest | None) -> None:
    """pve-container's checks: a free VMID or force over a stopped unprotected CT, a rootdir storage."""
    params = call.params
    if existing is None or not params.get("force"):
        _check_unused(call.core.state, call.vmid, "")
    elif existing.status == "running":
        raise ApiError(500, "can't overwrite running container")
    else:
        check_protection(existing, f"unable to restore CT {call.vmid}")
    if "rootfs" not in params:
        storage_enabled(call, str(params.get("storage") or "local"), content="rootdir")


def _check_unused(state: ClusterState, vmid: int, emsg: str) -> None:
    existing = state.guests.get(vmid)
    if existing is not None:
        text = f"{existing.label} already exists on node '{existing.node}'"
        raise ApiError(500, f"{emsg} {text}" if emsg else text)


def _merged(call: Call, backup: dict[str, str], kind: GuestKind) -> dict[str, str]:
    """restore_merge_config: the backed-up config, then what the call sets (no disks, no locks)."""
    config = {k: v for k, v in backup.items() if not k.startswith("unused") and k not in ("lock", "parent")}
    if call.params.get("unique"):
        config = renew_identity(config, kind)
    return config | config_values(call.params, _SKIP)


def _qemu_work(call: Call, target: Guest, archive: Volume | None) -> Any:
    state = call.core.state
    params = call.params
    assert archive is not None  # a qemu restore always names its archive
    emsg = _emsg("qemu", target.vmid)

    async def work(context: TaskContext) -> Effect | None:
        async with call.core.tasks.holding(target, context):
            check = dict(target.config)
            if check.get("protection") == "1":
                raise TaskFailed(f"{emsg} - protection mode enabled")
            if target.status == "running":
                raise TaskFailed(f"{emsg} vm is running")
            if archive.subtype == "lxc":
                raise TaskFailed(
                    f"ERROR: file '{volume_path(state, archive.volid)}' does not look like a QemuServer vzdump backup"
                )
            backup = archive.backup_config or {}
            created: list[Volume] = []
            try:
                drives = await _restore_qemu_disks(
                    call, context, target, archive=archive, backup=backup, created=created
                )
            except TaskFailed:
                for volume in created:
                    state.volume_bucket(call.node, volume.storage).pop(volume.volid, None)
                context.log(
                    "error before or during data restore, some or all disks were not completely restored. "
                    f"VM {target.vmid} state is NOT cleaned up."
                )
                raise
            context.log("rescan volumes...")
            config = _merged(call, backup, "qemu") | drives
            start = start_after(call, target, context) if params.get("start") else None
            if config.get("template") == "1":
                context.log("Convert to template.")

        def effect() -> None:
            old = target.referenced_volumes() - set(drives.values())
            for volid in old:
                found = state.find_volume(volid)
                if found is not None and found[1].vmid == target.vmid:
                    state.volume_bucket(found[0] or call.node, found[1].storage).pop(volid, None)
            target.config = config
            target.pending.clear()
            target.pending_delete.clear()
            target.snapshots.clear()
            if params.get("pool"):
                state.pools[str(params["pool"])].vms.add(target.vmid)
            state.count(target.vmid, "restored")
            if start is not None:
                start()

        return effect

    return work


async def _restore_qemu_disks(
    call: Call, context: TaskContext, target: Guest, *, archive: Volume, backup: dict[str, str], created: list[Volume]
) -> dict[str, str]:
    """vma extract (or pbs-restore): new volumes for the archive's disks; their config values."""
    state = call.core.state
    storage_override = call.params.get("storage")
    disks = [d for d in disks_of(state, backup) if not d.cdrom and "backup=0" not in d.options.split(",")]
    path = volume_path(state, archive.volid)
    for old in sorted(target.referenced_volumes()):
        if ":" in old and "-cloudinit" not in old:
            context.log(f'  Logical volume "{old.split(":", 1)[1]}" successfully removed.')
    pbs = archive.format.startswith("pbs-")
    if not pbs:
        tool = {"zst": "zstd -q -d -c", "gz": "zcat", "lzo": "lzop -d -c"}.get(archive.format.rsplit(".", 1)[-1])
        source = (
            f"{tool} {path} | vma extract -v -r /var/tmp/vzdumptmp{target.vmid}.fifo - /var/tmp/vzdumptmp{target.vmid}"
        )
        if tool is None:
            source = f"vma extract -v -r /var/tmp/vzdumptmp{target.vmid}.fifo {path} /var/tmp/vzdumptmp{target.vmid}"
        context.log(f"restore vma archive: {source}")
        context.log("CFG: size: 612 name: qemu-server.conf")
        for index, disk in enumerate(disks, start=1):
            context.log(f"DEV: dev_id={index} size: {disk.size} devname: drive-{disk.key}")
        context.log(f"CTIME: {time.strftime('%a %b %d %H:%M:%S %Y', time.localtime(archive.ctime))}")
    drives: dict[str, str] = {}
    for disk in disks:
        storage_id = str(storage_override or disk.storage)
        storage = state.storages.get(storage_id)
        if storage is None or "images" not in storage.content:
            raise TaskFailed(f"storage '{storage_id}' does not support content-type 'images'")
        room = state.storage_free(call.node, storage_id)
        volume = allocate(
            state, context, node=call.node, storage_id=storage_id, vmid=target.vmid, size=disk.size, content="images"
        )
        state.add_volume(call.node, volume)
        created.append(volume)
        context.log(f"new volume ID is '{volume.volid}'")
        device = volume_path(state, volume.volid)
        if pbs:
            repo = f"root@pam@pbs:{state.storages[archive.storage].datastore or archive.storage}"
            snapshot = archive.volid.split(":backup/", 1)[1]
            context.log(
                f"restore proxmox backup image: /usr/bin/pbs-restore --repository {repo} {snapshot} "
                f"drive-{disk.key}.img.fidx {device} --verbose --format raw --skip-zero"
            )
            context.log(f"connecting to repository '{repo}'")
            context.log(f"open block backend for target '{device}'")
            context.log(f"starting to restore snapshot '{snapshot}'")
            context.log("download and verify backup index")
        else:
            context.log(f"map 'drive-{disk.key}' to '{device}' (write zeros = 0)")
        try:
            await vma_extract(context, disk.size, share=0.8 / max(1, len(disks)), room=room * 3)
        except Stopped:
            context.log("vma: restore failed - blk_pwrite to  failed (-28)")
            raise TaskFailed(f"command 'set -o pipefail && {path}' failed: exit code 133") from None
        options = [o for o in disk.options.split(",") if o and not o.startswith("size=")]
        drives[disk.key] = ",".join([volume.volid, *options, f"size={format_size(disk.size)}"])
    for key, value in backup.items():
        if _QEMU_DRIVE.match(key) and "media=cdrom" in value.split(","):
            drives[key] = value if "-cloudinit" not in value else _cloudinit(call, context, target, value, created)
    return drives


def _cloudinit(call: Call, context: TaskContext, target: Guest, value: str, created: list[Volume]) -> str:
    """A cloud-init drive is not in the archive: qmrestore allocates a new one."""
    state = call.core.state
    storage_id = str(call.params.get("storage") or value.split(":", 1)[0])
    volume = allocate(
        state,
        context,
        node=call.node,
        storage_id=storage_id,
        vmid=target.vmid,
        size=4 * 1024**2,
        content="images",
        name=f"vm-{target.vmid}-cloudinit",
    )
    state.add_volume(call.node, volume)
    created.append(volume)
    return ",".join([volume.volid, *value.split(",")[1:]])


def _lxc_work(call: Call, target: Guest, archive_id: str, new: bool) -> Any:
    state = call.core.state
    params = call.params
    emsg = _emsg("lxc", target.vmid)

    async def work(context: TaskContext) -> Effect | None:
        async with call.core.tasks.holding(target, context):
            if target.status == "running":
                raise TaskFailed(f"{emsg} can't overwrite running container")
            context.log(f"recovering backed-up configuration from '{archive_id}'")
            try:
                archive = lookup(state, call.node, archive_id)
            except ApiError as missing:
                raise TaskFailed(f"{emsg} {missing.message.strip()}") from None
            backup = archive.backup_config or {}
            size = disk_size(backup.get("rootfs", "")) or 8 * 1024**3
            storage_id = (
                str(params["rootfs"]).split(":", 1)[0] if "rootfs" in params else str(params.get("storage") or "local")
            )
            old = sorted(target.referenced_volumes()) if not new else []
            room = state.storage_free(call.node, storage_id)
            try:
                volume = allocate(
                    state,
                    context,
                    node=call.node,
                    storage_id=storage_id,
                    vmid=target.vmid,
                    size=size,
                    content="rootdir",
                )
            except TaskFailed as failure:
                raise TaskFailed(f"{emsg} {failure}") from None
            state.add_volume(call.node, volume)
            blocks = size // 4096
            context.log(f"Creating filesystem with {blocks} 4k blocks and {blocks // 4} inodes")
            context.log("Writing superblocks and filesystem accounting information: done")
            for volid in old:
                context.log(f'  Logical volume "{volid.split(":", 1)[1]}" successfully removed.')
            context.log(f"restoring '{archive_id}' now..")
            context.log(f"extracting archive '{volume_path(state, archive_id)}'")
            await context.pause(0.7)
            if room < archive.size:
                state.volume_bucket(call.node, storage_id).pop(volume.volid, None)
                context.log("tar: ./usr/lib/x86_64-linux-gnu/libc.so.6: Cannot write: No space left on device")
                raise TaskFailed(f"{emsg} command 'tar xpf - --zstd --totals --one-file-system' failed: exit code 2")
            context.log(f"Total bytes read: {archive.size * 3} ({archive.size * 3 // 1024**2}MiB, 171MiB/s)")
            context.log("merging backed-up and given configuration..")
            config = _merged(call, backup, "lxc")
            config["rootfs"] = f"{volume.volid},size={format_size(size)}"
            start = start_after(call, target, context) if params.get("start") else None

        def effect() -> None:
            for volid in old:
                found = state.find_volume(volid)
                if found is not None:
                    state.volume_bucket(found[0] or call.node, found[1].storage).pop(volid, None)
            target.config = config
            target.snapshots.clear()
            if params.get("pool"):
                state.pools[str(params["pool"])].vms.add(target.vmid)
            state.count(target.vmid, "restored")
            if start is not None:
                start()

        return effect

    return work
