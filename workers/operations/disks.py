"""A guest's disks: grow one (a shrink is refused before anything is sent), move one to another storage."""

from __future__ import annotations

import re

from shared.errors import Conflict, InvalidInput, NotFound
from shared.operations.disks import MOVE_DISK, RESIZE_DISK, DiskResult, MoveDiskParams, ResizeParams
from shared.pve.client import FormValue, PveClient
from shared.pve.models import UPID, LxcConfig, QemuConfig
from shared.pve.upid import Upid
from workers.guest_lookup import Guest, power_state
from workers.job import JobContext, Outcome, TaskStep, outcome_of
from workers.lifecycle import run_step
from workers.operations.create import check_storage
from workers.registry import handles

__all__ = ["disk_bytes", "move_disk", "resize_disk"]

_UNITS = {"": 1, "K": 1024, "M": 1024**2, "G": 1024**3, "T": 1024**4}
_SIZE = re.compile(r"^(\d+(?:\.\d+)?)([KMGT]?)$")


def disk_bytes(size: str) -> int:
    """PVE's disk size ('32G', '512M', '1.5T', bytes without a unit) in bytes."""
    found = _SIZE.match(size)
    if found is None:
        raise InvalidInput(f"{size!r} is not a disk size", hint="Give a size like '50G', or '+10G' to grow by.")
    return int(float(found.group(1)) * _UNITS[found.group(2)])


def _option(value: str, name: str) -> str | None:
    """One `name=value` option of a drive's property string."""
    return next((part.split("=", 1)[1] for part in value.split(",")[1:] if part.startswith(f"{name}=")), None)


async def _drive(pve: PveClient, guest: Guest, disk: str) -> str:
    """The disk's config value ('local-lvm:vm-100-disk-0,size=32G'); NOT_FOUND when the guest has no such disk."""
    if guest.kind == "qemu":
        config: QemuConfig | LxcConfig = await pve.get(guest.template_for("/config"), QemuConfig, path=guest.path)
    else:
        config = await pve.get(guest.template_for("/config"), LxcConfig, path=guest.path)
    value = getattr(config, disk, None) if disk == "rootfs" else (config.model_extra or {}).get(disk)
    if not isinstance(value, str) or not value:
        raise NotFound(f"{guest.label} has no disk {disk}", hint=f"See get_instance_config(vmid={guest.vmid}).")
    if _option(value, "media") == "cdrom":
        raise InvalidInput(f"{disk} of {guest.label} is a CD-ROM drive, not a disk", hint="Pick a disk.")
    return value


def _volume(value: str) -> str:
    return value.split(",", 1)[0]


def _result(guest: Guest, disk: str, value: str, *, changed: bool) -> DiskResult:
    return DiskResult(
        vmid=guest.vmid, node=guest.node, kind=guest.kind, disk=disk, volume=_volume(value),
        size=_option(value, "size"), changed=changed,
    )  # fmt: skip


@handles(RESIZE_DISK)
async def resize_disk(job: JobContext, params: ResizeParams) -> Outcome:
    pve = job.app.pve
    await job.lock_guest(params.vmid)
    guest = await job.guest(params.vmid, params.node)
    if job.record.step is None and not job.record.steps:
        value = await _drive(pve, guest, params.disk)
        current = disk_bytes(_option(value, "size") or "0")
        grow = params.size.startswith("+")
        wanted = current + disk_bytes(params.size[1:]) if grow else disk_bytes(params.size)
        if wanted < current:
            raise InvalidInput(
                f"{params.size} is smaller than {params.disk}'s current {_option(value, 'size')}: PVE cannot shrink "
                f"a disk; nothing was changed",
                hint=f"Give a size above {_option(value, 'size')}, or '+NG' to grow by N GiB.",
            )
        if wanted == current:
            result = _result(guest, params.disk, value, changed=False)
            return Outcome(result, message=f"{params.disk} of {guest.label} is {params.size} already")

    async def dispatch() -> Upid:
        body: dict[str, FormValue] = {"disk": params.disk, "size": params.size}
        return await pve.put(guest.template_for("/resize"), UPID, path=guest.path, body=body)

    # PVE's task type is plain "resize" for both kinds; a rerun finds it in the node's task list
    done = await run_step(job, TaskStep("resize", guest.node, "resize", guest.vmid, dispatch))
    value = await _drive(pve, guest, params.disk)
    result = _result(guest, params.disk, value, changed=True)
    return outcome_of(result, [done], f"{params.disk} of {guest.label} is {result.size} now")


@handles(MOVE_DISK)
async def move_disk(job: JobContext, params: MoveDiskParams) -> Outcome:
    pve = job.app.pve
    await job.lock_guest(params.vmid)
    guest = await job.guest(params.vmid, params.node)
    if job.record.step is None and not job.record.steps:
        value = await _drive(pve, guest, params.disk)
        if _volume(value).split(":", 1)[0] == params.storage:
            raise InvalidInput(f"{params.disk} of {guest.label} is on {params.storage} already", hint="Pick another.")
        if guest.kind == "lxc" and (guest.state or await power_state(pve, guest)).status != "stopped":
            raise Conflict(
                f"{guest.label} is running: PVE moves only a stopped container's volumes", hint="Stop it first."
            )
        await check_storage(job, guest.node, params.storage, "images" if guest.kind == "qemu" else "rootdir")

    async def dispatch() -> Upid:
        if guest.kind == "qemu":
            body: dict[str, FormValue] = {
                "disk": params.disk,
                "storage": params.storage,
                "delete": params.delete or None,
            }
            return await pve.post(guest.template_for("/move_disk"), UPID, path=guest.path, body=body)
        body = {"volume": params.disk, "storage": params.storage, "delete": params.delete or None}
        return await pve.post(guest.template_for("/move_volume"), UPID, path=guest.path, body=body)

    async def effect_present() -> bool:
        return _volume(await _drive(pve, guest, params.disk)).startswith(f"{params.storage}:")

    task_type = "qmmove" if guest.kind == "qemu" else "move_volume"
    done = await run_step(job, TaskStep("move", guest.node, task_type, guest.vmid, dispatch, effect_present))
    value = await _drive(pve, guest, params.disk)
    result = _result(guest, params.disk, value, changed=True)
    return outcome_of(result, [done], f"{params.disk} of {guest.label} moved to {result.volume}")
