"""Backups: POST /nodes/{node}/vzdump, as pve-manager's PVE::VZDump and the guests' vzdump plugins run it.

One `vzdump` task backs up the requested guests of its node one after the other, each marked
`lock: backup` while it is copied. The log is PVE's ("INFO: creating vzdump archive
'/var/lib/vz/dump/vzdump-qemu-100-2026_01_10-10_00_00.vma.zst'"), and the archive appears in the
storage's content when the guest's backup ends: `local:backup/vzdump-qemu-100-...vma.zst` on a
directory storage, `pbs:backup/vm/100/2026-01-10T09:00:00Z` on a Proxmox Backup Server. A guest
that fails ("ERROR: Backup of VM 100 failed - ...") leaves no archive; the job goes on with the
others and ends "job errors". Only one backup job runs on a node at a time (the global vzdump lock).
"""

from __future__ import annotations

import asyncio
import re
import time
import uuid
from typing import Any

from pvesim.call import Call, route
from pvesim.disks import Disk, disks_of, format_size, render_bytes, volume_path
from pvesim.errors import ApiError, param_error
from pvesim.progress import DISK_SPEED, Stopped, vzdump_qemu
from pvesim.state import ClusterState, Guest, Storage, Volume
from pvesim.tasks import Effect, TaskContext, TaskFailed

__all__ = ["archive_name", "shell_quote"]

_SAFE = re.compile(r"^[\w!%+,\-./:=@^]+$")
_NOTES_VARIABLE = re.compile(r"\{\{([^\s{}]+)\}\}")
_LXC_DATA = 1_203_773_440  # bytes tar writes for a container (its rootfs holds about this much)


def shell_quote(text: str) -> str:
    """String::ShellQuote::shell_quote, as vzdump's command line shows its options."""
    if text == "":
        return "''"
    if _SAFE.match(text):
        return text
    return "'" + text.replace("'", "'\\''") + "'"


def _format_size(size: int) -> str:
    """PVE::VZDump::format_size: "410MB", "4.12GB"."""
    if size / 1024 < 1024:
        return f"{int(size / 1024)}KB"
    mb = size / 1024**2
    if mb < 1024:
        return f"{int(mb)}MB"
    if mb / 1024 < 1024:
        return f"{mb / 1024:.2f}GB"
    return f"{mb / 1024**2:.2f}TB"


def _format_time(seconds: int) -> str:
    return f"{seconds // 3600:02d}:{seconds // 60 % 60:02d}:{seconds % 60:02d}"


def archive_name(guest: Guest, when: float, compress: str) -> str:
    """vzdump-<type>-<vmid>-<local time>.<vma|tar>[.<zst|gz|lzo>]."""
    kind = "qemu" if guest.kind == "qemu" else "lxc"
    stamp = time.strftime("%Y_%m_%d-%H_%M_%S", time.localtime(when))
    extension = ".vma" if guest.kind == "qemu" else ".tar"
    extension += {"zstd": ".zst", "gzip": ".gz", "1": ".lzo", "lzo": ".lzo"}.get(compress, "")
    return f"vzdump-{kind}-{guest.vmid}-{stamp}{extension}"


def _check_notes_template(template: str) -> None:
    """$verify_notes_template: one line, known escapes and variables only."""
    if "\n" in template:
        raise param_error({"notes-template": "contains a line feed"})
    problems = [
        f"escape sequence '\\{m.group(1)}' at char {m.start()}"
        for m in re.finditer(r"\\(.)", template)
        if m.group(1) not in ("n", "\\")
    ]
    problems += [
        f"variable '{m.group(1)}' at char {m.start() + 2}"
        for m in _NOTES_VARIABLE.finditer(template)
        if m.group(1) not in ("cluster", "guestname", "node", "vmid")
    ]
    if problems:
        raise param_error({"notes-template": "found unknown: " + ", ".join(problems)})


def _notes(template: str, state: ClusterState, guest: Guest) -> str:
    values = {
        "cluster": state.cluster_name,
        "guestname": guest.config.get("name" if guest.kind == "qemu" else "hostname") or f"VM {guest.vmid}",
        "node": guest.node,
        "vmid": str(guest.vmid),
    }
    text = re.sub(r"\\(.)", lambda m: "\n" if m.group(1) == "n" else "\\", template)
    return _NOTES_VARIABLE.sub(lambda m: values.get(m.group(1), m.group(0)), text)


def _keep_last(prune: str | None) -> int | None:
    for part in (prune or "").split(","):
        key, _, value = part.partition("=")
        if key == "keep-last" and value.isdigit():
            return int(value)
    return None


def _selected(call: Call) -> tuple[list[int], list[int]]:
    """get_included_guests: (the VMIDs to back up on this node, those of other nodes to skip)."""
    state = call.core.state
    params = call.params
    if params.get("pool"):
        pool = state.pools.get(str(params["pool"]))
        wanted = sorted(pool.vms) if pool else []
    elif params.get("vmid"):
        wanted = [int(v) for v in re.split(r"[\s,;]+", str(params["vmid"])) if v]
    elif params.get("all") or params.get("exclude"):
        excluded = {int(v) for v in re.split(r"[\s,;]+", str(params.get("exclude", ""))) if v}
        wanted = sorted(v for v in state.guests if v not in excluded)
    else:
        wanted = []
    local = [v for v in wanted if v not in state.guests or state.guests[v].node == call.node]
    skipped = [v for v in wanted if v in state.guests and state.guests[v].node != call.node]
    if params.get("vmid"):
        skipped = []  # an explicit list names the node's guests only (vzdump drops the others)
    return sorted(set(local)), sorted(skipped)


def _command_line(params: dict[str, Any]) -> str:
    """PVE::VZDump::Common::command_line."""
    line = "vzdump"
    if params.get("vmid"):
        line += " " + " ".join(v for v in re.split(r"[\s,;]+", str(params["vmid"])) if v)
    for key in sorted(params):
        if key in ("vmid", "id", "starttime", "dow", "stdout", "enabled", "job-id"):
            continue
        value = params[key]
        if isinstance(value, list):
            for item in value:
                line += f" --{key} {shell_quote(str(item))}"
        elif str(value) != "":
            line += f" --{key} {shell_quote(str(int(value)) if isinstance(value, bool) else str(value))}"
    return line


@route("POST", "/nodes/{node}/vzdump")
async def vzdump(call: Call) -> Any:
    params = call.params
    if params.get("stdout"):
        raise param_error({"stdout": "option is only allowed on the command line interface."})
    for option in ("all", "exclude", "pool"):
        if params.get(option) and params.get("vmid"):
            raise param_error({option: "option conflicts with option 'vmid'"})
    if params.get("notes-template"):
        _check_notes_template(str(params["notes-template"]))
    if not (
        params.get("all") or params.get("exclude") or params.get("stop") or params.get("pool") or params.get("vmid")
    ):
        raise param_error({"vmid": "property is missing"})
    local, skipped = _selected(call)
    if not local and not params.get("all"):
        return "OK"  # nothing of this node's to back up: PVE answers without a task
    work = _job(call, local, skipped)
    task_id = str(local[0]) if len(local) == 1 else ""
    return call.start_task("vzdump", work, guest=None, task_id=task_id, vmid=local[0] if len(local) == 1 else None)


def _job(call: Call, vmids: list[int], skipped: list[int]) -> Any:
    core = call.core
    state = core.state
    params = call.params
    lockwait = int(params.get("lockwait", 180)) * 60

    async def work(context: TaskContext) -> Effect | None:
        node_lock = core.node_locks.setdefault(f"vzdump:{call.node}", asyncio.Lock())
        if node_lock.locked():
            context.log("INFO: trying to get global lock - waiting...")
            try:
                await asyncio.wait_for(node_lock.acquire(), lockwait)
            except TimeoutError:
                context.log("ERROR: can't acquire lock '/var/run/vzdump.lock' - got timeout")
                raise TaskFailed("can't acquire lock '/var/run/vzdump.lock' - got timeout") from None
            context.log("INFO: got global lock")
        else:
            await node_lock.acquire()
        try:
            storage = _storage(state, params)
            context.log(f"INFO: starting new backup job: {_command_line(params)}")
            if skipped:
                context.log(f"INFO: skip external VMs: {', '.join(str(v) for v in skipped)}")
            errors = 0
            for vmid in vmids:
                share = 0.95 / max(1, len(vmids))
                if not await _guest_backup(call, context, storage, vmid, share=share):
                    errors += 1
            if errors:
                context.log("INFO: Backup job finished with errors")
                raise TaskFailed("job errors")
            context.log("INFO: Backup job finished successfully")
        finally:
            node_lock.release()
        return None

    return work


def _storage(state: ClusterState, params: dict[str, Any]) -> Storage:
    """PVE::VZDump->new: the backup storage (default `local`) must hold backups."""
    storage_id = str(params.get("storage") or "local")
    storage = state.storages.get(storage_id)
    if storage is None:
        raise TaskFailed(f"could not activate storage '{storage_id}': storage '{storage_id}' does not exist")
    if "backup" not in storage.content:
        raise TaskFailed(
            f"could not get storage information for '{storage_id}': "
            f"can't use storage '{storage_id}' for backups - wrong content type"
        )
    return storage


class _GuestFailed(Exception):
    """One guest's backup failed: "ERROR: Backup of VM <id> failed - <text>"."""


async def _guest_backup(call: Call, context: TaskContext, storage: Storage, vmid: int, *, share: float) -> bool:
    """exec_backup_task for one guest; whether it ended well."""
    state = call.core.state
    started = time.time()
    try:
        volume = await _locked_backup(call, context, storage, vmid, share=share)
    except _GuestFailed as problem:
        context.log(f"ERROR: Backup of VM {vmid} failed - {problem}")
        context.log(f"INFO: Failed at {time.strftime('%Y-%m-%d %H:%M:%S')}")
        return False
    context.log(f"INFO: Finished Backup of VM {vmid} ({_format_time(int(time.time() - started))})")
    context.log(f"INFO: Backup finished at {time.strftime('%Y-%m-%d %H:%M:%S')}")
    state.add_volume(call.node, volume)
    state.count(vmid, "backed_up")
    _prune(call, context, storage, state.guests[vmid], volume)
    return True


def _check_guest(call: Call, context: TaskContext, vmid: int, mode: str) -> Guest:
    """The checks before a guest's backup starts, and the first lines of its log."""
    state = call.core.state
    guest = state.guests.get(vmid)
    if guest is None:
        raise _GuestFailed(f"unable to find VM '{vmid}'")
    ha = state.ha_resource(guest)
    if mode == "stop" and ha is not None and ha.state == "started":
        raise _GuestFailed(
            "Cannot execute a backup with stop mode on a HA managed and enabled Service. "
            "Use snapshot mode or disable the Service."
        )
    context.log(f"INFO: Starting Backup of VM {vmid} ({guest.kind})")
    context.log(f"INFO: Backup started at {time.strftime('%Y-%m-%d %H:%M:%S')}")
    context.log(f"INFO: status = {guest.status}")
    if guest.lock:  # set_lock checks first
        raise _GuestFailed(f"{'VM' if guest.kind == 'qemu' else 'CT'} is locked ({guest.lock})")
    return guest


async def _locked_backup(call: Call, context: TaskContext, storage: Storage, vmid: int, *, share: float) -> Volume:
    """One guest's backup, its config marked `lock: backup` meanwhile."""
    mode = str(call.params.get("mode", "snapshot"))
    guest = _check_guest(call, context, vmid, mode)
    guest.config["lock"] = "backup"
    try:
        return await _archive(
            call, context, storage, guest, mode=mode if guest.status == "running" else "stop", share=share
        )
    finally:
        if guest.config.get("lock") == "backup":
            del guest.config["lock"]


def _log_plan(
    context: TaskContext, guest: Guest, *, disks: list[Disk], included: list[Disk], mode: str, ionice: object
) -> None:
    """What the plugin's prepare step and vzdump log before the archive is written."""
    if guest.kind == "qemu":
        context.log(f"INFO: VM Name: {guest.config.get('name', '')}")
        for disk in disks:
            if disk in included:
                context.log(f"INFO: include disk '{disk.key}' '{disk.volid}' {format_size(disk.size)}")
            else:
                context.log(f"INFO: exclude disk '{disk.key}' '{disk.volid}' (backup=no)")
    else:
        context.log(f"INFO: CT Name: {guest.config.get('hostname', '')}")
        context.log("INFO: including mount point rootfs ('/') in backup")
    context.log(f"INFO: backup mode: {mode}")
    context.log(f"INFO: ionice priority: {ionice}")


def _target(
    state: ClusterState, context: TaskContext, storage: Storage, guest: Guest, *, when: float, compress: str
) -> tuple[str, str]:
    """The archive's volume ID and format, logged as vzdump names it."""
    if storage.type == "pbs":
        short = "vm" if guest.kind == "qemu" else "ct"
        volname = f"{short}/{guest.vmid}/{time.strftime('%Y-%m-%dT%H:%M:%SZ', time.gmtime(when))}"
        context.log(f"INFO: creating Proxmox Backup Server archive '{volname}'")
        return f"{storage.storage}:backup/{volname}", f"pbs-{short}"
    name = archive_name(guest, when, compress)
    volid = f"{storage.storage}:backup/{name}"
    context.log(f"INFO: creating vzdump archive '{volume_path(state, volid)}'")
    return volid, name.split(".", 1)[1]


async def _archive(
    call: Call, context: TaskContext, storage: Storage, guest: Guest, *, mode: str, share: float
) -> Volume:
    """Prepare, snapshot or suspend or stop, write the archive; the new backup volume."""
    state = call.core.state
    params = call.params
    when = time.time()
    compress = str(params.get("compress", "0"))
    shrink = 3 if compress != "0" else 1  # what compression leaves of the data
    disks = [d for d in disks_of(state, guest.config) if not d.cdrom]
    included = [d for d in disks if "backup=0" not in d.options.split(",")]
    _log_plan(context, guest, disks=disks, included=included, mode=mode, ionice=params.get("ionice", 7))
    was_running = guest.status == "running"
    if mode == "stop" and was_running:
        context.log("INFO: stopping virtual guest")
        guest.status, guest.started_at = "stopped", None
    elif mode == "suspend" and guest.kind == "qemu":
        context.log("INFO: suspending guest")
    if guest.kind == "qemu" and guest.snapshots:
        context.log("INFO: snapshots found (not included into backup)")
    if guest.kind == "qemu" and guest.pending:
        context.log("INFO: pending configuration changes found (not included into backup)")
    if guest.kind == "lxc" and mode == "snapshot":
        context.log("INFO: create storage snapshot 'vzdump'")
        for disk in disks:
            context.log(f'  Logical volume "snap_{disk.name}_vzdump" created.')
    volid, fmt = _target(state, context, storage, guest, when=when, compress=compress)
    room = state.storage_free(call.node, storage.storage) * shrink
    if guest.kind == "qemu":
        written = await _qemu_data(context, guest, mode, was_running, sum(d.size for d in included), share, room)
    else:
        written = await _lxc_data(context, mode, share, room)
    volume = Volume(volid, "backup", max(1, written // shrink), fmt, guest.vmid, int(when), subtype=guest.kind)
    _annotate(call, context, storage, guest, volume)
    if guest.kind == "lxc" and mode == "snapshot":
        context.log("INFO: cleanup temporary 'vzdump' snapshot")
        for disk in disks:
            context.log(f'  Logical volume "snap_{disk.name}_vzdump" successfully removed.')
    if guest.kind == "lxc" and mode == "stop" and was_running:
        context.log("INFO: restarting vm")
        context.log("INFO: guest is online again after 3 seconds")
        guest.status, guest.started_at = "running", time.time()
    return volume


def _annotate(call: Call, context: TaskContext, storage: Storage, guest: Guest, volume: Volume) -> None:
    """The archive's size, notes and protection, and the config a restore reads back."""
    params = call.params
    if storage.type != "pbs":
        context.log(f"INFO: archive file size: {_format_size(volume.size)}")
    volume.backup_config = {k: v for k, v in guest.config.items() if k not in ("lock", "parent")}
    if params.get("notes-template"):
        context.log("INFO: adding notes to backup")
        volume.notes = _notes(str(params["notes-template"]), call.core.state, guest)
    if params.get("protected"):
        context.log("INFO: marking backup as protected")
        volume.protected = True


async def _qemu_data(  # noqa: PLR0917 - the figures of one archive, in the order the plugin uses them
    context: TaskContext, guest: Guest, mode: str, was_running: bool, total: int, share: float, room: int
) -> int:
    """archive_vma: the backup job inside QEMU (started paused for a VM that is not running)."""
    if guest.status != "running":
        context.log("INFO: starting kvm to execute backup task")
    elif guest.agent_configured() and mode == "snapshot":
        if guest.agent.running:
            context.log("INFO: issuing guest-agent 'fs-freeze' command")
            context.log("INFO: issuing guest-agent 'fs-thaw' command")
        else:
            context.log("INFO: skipping guest filesystem freeze - agent configured but not running?")
    context.log(f"INFO: started backup task '{uuid.uuid4()}'")
    if was_running:
        if mode == "snapshot":
            context.log("INFO: resuming VM again")
        else:
            context.log("INFO: resuming VM again after 2 seconds")
            context.log("INFO: guest is online again after 2 seconds")
            guest.status, guest.started_at = "running", time.time()
    try:
        written = await vzdump_qemu(context, total, share=share * 0.9, room=room * 3)
    except Stopped:
        raise _GuestFailed("vma_queue_write: write error - No space left on device") from None
    if not was_running:
        context.log("INFO: stopping kvm after backup task")
    return written


async def _lxc_data(context: TaskContext, mode: str, share: float, room: int) -> int:
    """tar of the container's file system (from the vzdump snapshot, or after a suspend's rsync)."""
    if mode == "suspend":
        context.log("INFO: starting first sync /proc/1/root/ to /var/tmp/vzdumptmp_rsync")
        context.log(f"INFO: first sync finished - transferred {render_bytes(_LXC_DATA, 1)} in 3s")
        context.log("INFO: suspending guest")
        context.log("INFO: starting final sync /proc/1/root/ to /var/tmp/vzdumptmp_rsync")
        context.log("INFO: final sync finished - transferred 0 bytes in 1s")
        context.log("INFO: resuming guest")
        context.log("INFO: guest is online again after 1 seconds")
    await context.pause(share * 0.9)
    if room < _LXC_DATA:
        context.log("INFO: zstd: error 70 : Write error : cannot write block : No space left on device")
        raise _GuestFailed(
            "command 'set -o pipefail && tar cpf - --totals --one-file-system ./ | zstd --threads=1' "
            "failed: exit code 70"
        )
    seconds = max(1, _LXC_DATA // DISK_SPEED)
    context.log(
        f"INFO: Total bytes written: {_LXC_DATA} "
        f"({render_bytes(_LXC_DATA, 1).replace(' ', '')}, {_LXC_DATA / 1024**2 / seconds:.0f}MiB/s)"
    )
    return _LXC_DATA


def _prune(call: Call, context: TaskContext, storage: Storage, guest: Guest, volume: Volume) -> None:
    """remove=1 with a keep-last retention: the oldest unprotected backups of the guest go."""
    params = call.params
    keep = _keep_last(params.get("prune-backups"))
    if keep is None or not params.get("remove", True):
        return
    state = call.core.state
    bucket = state.volume_bucket(call.node, storage.storage)
    backups = sorted(
        (v for v in bucket.values() if v.content == "backup" and v.vmid == guest.vmid and not v.protected),
        key=lambda v: v.ctime,
        reverse=True,
    )
    context.log(f"INFO: prune older backups with retention: keep-last={keep}")
    pruned = backups[keep:]
    for old in pruned:
        context.log(f"INFO: removing backup '{old.volid}'")
        del bucket[old.volid]
    extra = " not covered by keep-retention policy" if pruned else ""
    context.log(f"INFO: pruned {len(pruned)} backup(s){extra}")


def lookup(state: ClusterState, node: str, volid: str) -> Volume:
    """A backup volume as a restore sees it: "can't find file '<volid>'" when it is not there."""
    storage_id = volid.split(":", 1)[0]
    volume = state.volume_bucket(node, storage_id).get(volid) if storage_id in state.storages else None
    if volume is None or volume.content != "backup":
        raise ApiError(500, f"can't find file '{volid}'")
    return volume
