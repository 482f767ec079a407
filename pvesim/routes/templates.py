"""Converting a guest into a template: qemu `qmtemplate` (a task), lxc `vztemplate` (the call answers null).

Both refuse a running guest, one with snapshots and one that is a template already, before they
fork. The guest's disks become base volumes (lvmthin: `vm-101-disk-0` is renamed `base-101-disk-0`),
from which linked clones can then be made. There is no way back for a VM.
"""

from __future__ import annotations

from typing import Any

from pvesim.call import Call, route
from pvesim.disks import Disk, disks_of, format_size, has_feature, lvm_rename
from pvesim.errors import ApiError
from pvesim.routes.guests import check_lock
from pvesim.state import ClusterState, Guest, Volume
from pvesim.tasks import Effect, TaskContext, TaskFailed

__all__: list[str] = []


def _check(guest: Guest) -> None:
    label = "VM" if guest.kind == "qemu" else "CT"
    check_lock(guest)
    if guest.snapshots:
        raise ApiError(500, f"unable to create template, because {label} contains snapshots")
    if guest.template:
        raise ApiError(500, "you can't convert a template to a template")
    if guest.status == "running":
        if guest.kind == "qemu":
            raise ApiError(500, "you can't convert a VM to template if VM is running")
        raise ApiError(500, "you can't convert a CT to template if the CT is running")


def _to_base(state: ClusterState, context: TaskContext, guest: Guest, disk: Disk) -> tuple[str, Volume] | None:
    """vdisk_create_base for one disk: the renamed volume, logged as lvrename and lvchange print it."""
    storage = state.storages.get(disk.storage)
    if storage is None or disk.is_base or not has_feature(storage, "template", disk):
        return None
    name = disk.volid.split(":", 1)[1]
    base = name.replace("vm-", "base-", 1)
    if storage.type in ("lvmthin", "lvm"):
        lvm_rename(context, name, base)
    found = state.find_volume(disk.volid)
    size = found[1].size if found else disk.size
    options = [o for o in disk.options.split(",") if o and not o.startswith("size=")]
    value = ",".join([f"{disk.storage}:{base}", *options, f"size={format_size(disk.size)}"])
    return value, Volume(
        f"{disk.storage}:{base}", "rootdir" if guest.kind == "lxc" else "images", size, "raw", guest.vmid
    )


def _template_work(call: Call, guest: Guest, only: str | None) -> Any:
    state = call.core.state

    async def work(context: TaskContext) -> Effect | None:
        try:
            if only is None:
                _check(guest)
        except ApiError as failure:
            raise TaskFailed(failure.message.strip()) from None
        disks = [d for d in disks_of(state, guest.config) if not d.cdrom and (only is None or d.key == only)]
        if guest.kind == "lxc":
            for disk in disks:
                storage = state.storages.get(disk.storage)
                if storage is None or not has_feature(storage, "template", disk):
                    raise TaskFailed(f"Template feature is not available for '{disk.volid}'")
        renamed = {d: r for d in disks if (r := _to_base(state, context, guest, d)) is not None}
        await context.pause(0.9)

        def effect() -> None:
            for disk, (value, volume) in renamed.items():
                found = state.find_volume(disk.volid)
                if found is not None:
                    state.volume_bucket(found[0] or guest.node, found[1].storage).pop(disk.volid, None)
                state.add_volume(guest.node, volume)
                guest.config[disk.key] = value
            guest.config["template"] = "1"
            state.count(guest.vmid, "templated")

        return effect

    return work


@route("POST", "/nodes/{node}/qemu/{vmid}/template")
async def qemu_template(call: Call) -> Any:
    guest = call.guest("qemu")
    only = str(call.params["disk"]) if call.params.get("disk") else None
    check_lock(guest)
    if guest.snapshots:
        raise ApiError(500, "unable to create template, because VM contains snapshots")
    if guest.template and only is None:
        raise ApiError(500, "you can't convert a template to a template")
    if guest.status == "running":
        raise ApiError(500, "you can't convert a VM to template if VM is running")
    return call.start_task("qmtemplate", _template_work(call, guest, only), guest=guest)


@route("POST", "/nodes/{node}/lxc/{vmid}/template")
async def lxc_template(call: Call) -> Any:
    guest = call.guest("lxc")
    async with call.core.tasks.guest_lock(guest):
        _check(guest)
        # pve-container forks the task from inside its config lock and answers null, not the UPID
        work = _template_work(call, guest, None)
        call.start_task("vztemplate", work, guest=None, task_id=str(guest.vmid), vmid=guest.vmid)
    return None
