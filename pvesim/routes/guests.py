"""VMs and containers: lists, status, config, power actions, create and delete.

Messages follow qemu-server (PVE/API2/Qemu.pm) and pve-container (PVE/API2/LXC*.pm): checks that
PVE makes before it forks a worker answer 500 at once; checks inside the worker fail the task.
"""

from __future__ import annotations

import re
import time
from typing import Any

from pvesim.call import Call, route, typed
from pvesim.errors import ApiError, param_error
from pvesim.hotplug import ConfigChange, apply_change, apply_pending, with_mac
from pvesim.state import ClusterState, Guest, GuestKind, Volume
from pvesim.tasks import Effect, TaskContext, TaskFailed
from shared.pve.validation import perl_string, schema_for

__all__ = [
    "allocate_disk",
    "check_lock",
    "check_protection",
    "config_values",
    "guest_usage",
    "start_after",
    "task_prefix",
]

_NOT_CONFIG = {"node", "vmid", "delete", "revert", "digest", "skiplock", "force", "background_delay"}
_CREATE_ONLY = {
    "start",
    "storage",
    "archive",
    "unique",
    "pool",
    "bwlimit",
    "live-restore",
    "import-working-storage",
    "ostemplate",
    "password",
    "ssh-public-keys",
    "restore",
    "ignore-unpack-errors",
    "ha-managed",
}
_DISK_KEYS = ("scsi", "virtio", "sata", "ide", "efidisk", "tpmstate", "rootfs", "mp")


def task_prefix(kind: GuestKind) -> str:
    """PVE's task type prefix: qm* for VMs, vz* for containers."""
    return "qm" if kind == "qemu" else "vz"


def check_lock(guest: Guest, skiplock: bool = False) -> None:
    """PVE::AbstractConfig::check_lock: "VM is locked (snapshot)"."""
    if guest.lock and not skiplock:
        raise ApiError(500, f"{'VM' if guest.kind == 'qemu' else 'CT'} is locked ({guest.lock})")


def check_protection(guest: Guest, message: str) -> None:
    """PVE::AbstractConfig::check_protection: "<message> - protection mode enabled"."""
    if guest.config.get("protection") == "1":
        raise ApiError(500, f"{message} - protection mode enabled")


def config_values(params: dict[str, Any], skip: set[str]) -> dict[str, str]:
    """Checked parameters as config-file strings."""
    return {key: perl_string(value) for key, value in params.items() if key not in skip}


def allocate_disk(state: ClusterState, guest: Guest, key: str, value: str) -> tuple[str, Volume | None]:
    """Turn "local-lvm:32" (a new disk of 32 GiB) into an allocated volume, as PVE does on create."""
    if not key.startswith(_DISK_KEYS) or (
        key.startswith("ide") and "media=cdrom" in value and "cloudinit" not in value
    ):
        return value, None
    head, _, rest = value.partition(",")
    storage, _, size = head.partition(":")
    if size == "cloudinit":
        volid = f"{storage}:vm-{guest.vmid}-cloudinit"
        return ",".join([volid, *([rest] if rest else [])]), Volume(volid, "images", 4 * 1024**2, "raw", guest.vmid)
    if not size.replace(".", "", 1).isdigit():
        return value, None
    if storage not in state.storages:
        raise TaskFailed(f"storage '{storage}' does not exist")
    taken = {v for bucket in state.volumes.values() for v in bucket}
    index = 0
    while f"{storage}:vm-{guest.vmid}-disk-{index}" in taken:
        index += 1
    volid = f"{storage}:vm-{guest.vmid}-disk-{index}"
    gib = float(size)
    options = [opt for opt in rest.split(",") if opt and not opt.startswith("size=")]
    new_value = ",".join([volid, *options, f"size={int(gib) if gib.is_integer() else gib}G"])
    content = "rootdir" if key == "rootfs" or key.startswith("mp") else "images"
    return new_value, Volume(volid, content, int(gib * 1024**3), "raw", guest.vmid)


def guest_usage(guest: Guest) -> dict[str, Any]:
    """The usage figures every guest listing carries (synthetic, steady while the guest runs)."""
    running = guest.status == "running"
    usage: dict[str, Any] = {
        "vmid": guest.vmid,
        "name": guest.name,
        "status": guest.status,
        "maxmem": guest.memory_bytes(),
        "maxdisk": 32 * 1024**3 if guest.kind == "qemu" else 8 * 1024**3,
        "cpu": (0.012 if guest.cpu_load is None else guest.cpu_load) if running else 0,
        "mem": guest.memory_bytes() // 3 if running else 0,
        "disk": 0 if guest.kind == "qemu" else 1_203_765_248,
        "netin": 123_456 if running else 0,
        "netout": 65_432 if running else 0,
        "diskread": 9_876_543 if running else 0,
        "diskwrite": 1_234_567 if running else 0,
        "uptime": guest.uptime,
    }
    if guest.lock:
        usage["lock"] = guest.lock
    if "tags" in guest.config:
        usage["tags"] = guest.config["tags"]
    return usage


def _list_entry(guest: Guest) -> dict[str, Any]:
    running = guest.status == "running"
    entry = guest_usage(guest) | {"cpus": guest.cores()}
    if guest.kind == "qemu":
        entry["qmpstatus"] = ("paused" if guest.paused else "running") if running else "stopped"
        if running:
            entry["pid"] = 1000 + guest.vmid % 30000
    else:
        entry["type"] = "lxc"
        entry["maxswap"] = int(guest.config.get("swap", "512")) * 1024**2
    if guest.template:
        entry["template"] = 1
    return entry


def _guests_of(call: Call, kind: GuestKind) -> list[Guest]:
    return [
        g
        for g in sorted(call.core.state.guests.values(), key=lambda g: g.vmid)
        if g.kind == kind and g.node == call.node
    ]


def _visible(call: Call, guest: Guest) -> bool:
    # PVE lists only the guests the caller may audit.
    return "VM.Audit" in call.token.privileges_at(f"/vms/{guest.vmid}")


def _status_current(call: Call, kind: GuestKind) -> Any:
    guest = call.guest(kind)
    entry = _list_entry(guest)
    entry["ha"] = {"managed": 0}
    if kind == "qemu":
        entry["agent"] = int(guest.config.get("agent", "0").split(",")[0] in ("1", "enabled=1"))
        if guest.status == "running":
            entry["running-machine"] = "pc-i440fx-10.0+pve0"
            entry["running-qemu"] = "10.0.2"
    return entry


def _config(call: Call, kind: GuestKind) -> Any:
    """GET .../config: the config with pending changes applied, unless `current=1` asks for the current one."""
    guest = call.guest(kind)
    snapname = call.params.get("snapshot")
    if snapname and call.params.get("current"):
        message = "cannot use 'snapshot' parameter with 'current'"
        raise param_error({"snapshot": message, "current": message})
    values = dict(guest.config) if call.params.get("current") else guest.config_with_pending()
    if snapname is not None:
        snapshot = guest.snapshots.get(str(snapname))
        if snapshot is None:
            raise ApiError(500, f"snapshot '{snapname}' does not exist")
        values = dict(snapshot.config)
    if "cipassword" in values:  # qemu-server never shows it, only that one is set
        values["cipassword"] = "**********"
    return typed(values, call.returns_properties()) | {"digest": guest.digest}


def _pending(call: Call, kind: GuestKind) -> Any:
    """GET .../pending: every option with its current value, its pending value, a pending delete."""
    guest = call.guest(kind)
    out: list[dict[str, Any]] = []
    for key in sorted(set(guest.config) | set(guest.pending) | set(guest.pending_delete)):
        item: dict[str, Any] = {"key": key}
        if key in guest.config:
            item["value"] = "**********" if key == "cipassword" else guest.config[key]
        if key in guest.pending:
            item["pending"] = guest.pending[key]
        if key in guest.pending_delete:
            item["delete"] = 2 if guest.pending_delete[key] else 1
        out.append(item)
    return out


def _split_list(value: Any) -> list[str]:
    """PVE::Tools::split_list: commas, semicolons and whitespace separate."""
    return [part for part in re.split(r"[\s,;]+", str(value or "")) if part]


def _change(call: Call, guest: Guest) -> ConfigChange:
    """The checked parameters of a config PUT/POST as a change (update_vm_api, update_pct_config)."""
    params = call.params
    sets = config_values(params, _NOT_CONFIG)
    deletes = _split_list(params.get("delete"))
    revert = _split_list(params.get("revert"))
    properties = call.core.schema.endpoint(call.template, call.method)
    known = properties.parameters if properties else {}
    for key in revert:
        if schema_for(known, key) is None or key in _NOT_CONFIG:
            raise param_error({"revert": f"unknown option '{key}'"})
        if key in sets:
            raise param_error({"delete": f"you can't use '-{key}' and -revert {key}' at the same time"})
    deletes = ["ide2" if guest.kind == "qemu" and k == "cdrom" else k for k in deletes]
    for key in deletes:
        if key in sets:
            raise param_error({"delete": f"you can't use '-{key}' and -delete {key}' at the same time"})
        if key in revert:
            raise param_error({"revert": f"you can't use '-delete {key}' and -revert {key}' at the same time"})
        if schema_for(known, key) is None or key in _NOT_CONFIG:
            raise param_error({"delete": f"unknown option '{key}'"})
        if (
            guest.kind == "lxc"
            and key in ("memory", "rootfs", "ostype")
            and (key in guest.config or key in guest.pending)
        ):
            raise ApiError(500, f"unable to delete required option '{key}'")
    force = bool(params.get("force"))
    return ConfigChange(sets, dict.fromkeys(deletes, force), set(revert))


def _check_config_call(call: Call, guest: Guest) -> None:
    """The checks before a change: nothing asked, a stale digest, a lock, too large a balloon."""
    params = call.params
    asked = [k for k in params if k not in ("node", "vmid", "digest", "skiplock", "background_delay", "force")]
    if not asked:
        raise ApiError(500, "no options specified")
    digest = params.get("digest")
    stale = digest is not None and digest != guest.digest
    if guest.kind == "qemu":
        if stale:
            raise ApiError(500, "checksum mismatch (file change by other user?)")
        check_lock(guest, bool(params.get("skiplock")))
        memory = params.get("memory") or guest.pending.get("memory") or guest.config.get("memory", "2048")
        balloon = params.get("balloon", guest.pending.get("balloon", guest.config.get("balloon")))
        maximum = int(str(memory).split(",")[0].removeprefix("current="))
        if balloon is not None and int(balloon) and int(balloon) > maximum:
            raise ApiError(500, "balloon value too large (must be smaller than assigned memory)")
    else:
        check_lock(guest)
        if stale:
            raise ApiError(500, "detected modified configuration - file changed by other user? Try again.")


def _apply_config(call: Call, guest: Guest, log: list[str] | None = None) -> None:
    """Set and delete options of a guest config (PUT and POST .../config), through the pending section."""
    _check_config_call(call, guest)
    change = _change(call, guest)
    state = call.core.state
    if log is not None:
        shown = {k: ("<hidden>" if k == "cipassword" else v) for k, v in sorted(call.params.items())}
        shown = {k: v for k, v in shown.items() if k not in ("node", "vmid", "digest", "background_delay")}
        log.append(f"update VM {guest.vmid}: " + " ".join(f"-{k} {v}" for k, v in shown.items()))
    for key, value in list(change.sets.items()):
        given = with_mac(guest.kind, value) if re.match(r"^net\d+$", key) else value
        new_value, volume = allocate_disk(state, guest, key, given)
        if volume is not None:
            state.add_volume(guest.node, volume)
            if log is not None:
                log.append(f"{key}: successfully created disk '{new_value}'")
        change.sets[key] = new_value
    apply_change(state, guest, change)
    state.count(guest.vmid, "config_updated")


def _register_reads(kind: GuestKind) -> None:
    base = f"/nodes/{{node}}/{kind}"

    @route("GET", base)
    async def list_guests(call: Call) -> Any:
        entries = [_list_entry(g) for g in _guests_of(call, kind) if _visible(call, g)]
        if not call.params.get("full"):  # qemu-server adds qmpstatus (and running-*) only with full=1
            for entry in entries:
                entry.pop("qmpstatus", None)
        return entries

    @route("GET", f"{base}/{{vmid}}/status/current")
    async def status_current(call: Call) -> Any:
        return _status_current(call, kind)

    @route("GET", f"{base}/{{vmid}}/config")
    async def get_config(call: Call) -> Any:
        return _config(call, kind)

    @route("GET", f"{base}/{{vmid}}/pending")
    async def get_pending(call: Call) -> Any:
        return _pending(call, kind)

    @route("PUT", f"{base}/{{vmid}}/config")
    async def put_config(call: Call) -> Any:
        guest = call.guest(kind)
        # A task that marks the config (snapshot, rollback, create...) holds PVE's file lock only
        # while it writes the mark, so a change meanwhile fails at once on the mark, not after a wait.
        _check_config_call(call, guest)
        async with call.core.tasks.guest_lock(guest):
            try:
                _apply_config(call, guest)
            except TaskFailed as failure:
                raise ApiError(500, str(failure)) from None
        return None


def _running_guard(guest: Guest, action: str) -> None:
    """The checks PVE makes before it forks a power task."""
    running = guest.status == "running"
    if guest.kind == "lxc":
        if action == "start" and running:
            raise ApiError(500, f"CT {guest.vmid} already running")
        if action in ("stop", "shutdown", "reboot", "suspend") and not running:
            raise ApiError(500, f"CT {guest.vmid} not running")
        if action == "resume" and not guest.paused:
            raise ApiError(500, f"CT {guest.vmid} not running")
        return
    if action in ("reboot", "suspend", "resume") and not running:
        raise ApiError(500, f"VM {guest.vmid} not running")
    if action in ("shutdown", "reboot") and guest.paused:
        raise ApiError(500, "VM is paused - cannot shutdown")


def _power_work(state: ClusterState, guest: Guest, action: str) -> Any:
    async def work(context: TaskContext) -> Effect | None:
        if action == "start":
            if guest.status == "running":
                raise TaskFailed(f"VM {guest.vmid} already running")
            if guest.template:
                raise TaskFailed("you can't start a vm if it's a template")
            if guest.kind == "qemu" and guest.cloudinit_config():
                context.log("generating cloud-init ISO")
        await context.pause(1.0)
        return lambda: _power_effect(state, guest, action)

    return work


def _power_effect(state: ClusterState, guest: Guest, action: str) -> None:
    if action in ("start", "reboot"):
        apply_pending(state, guest)  # vm_start applies what was pending first
    if action == "start":
        if guest.kind == "qemu":
            guest.cloudinit_applied = guest.cloudinit_config()
        guest.status, guest.started_at, guest.paused = "running", time.time(), False
        state.count(guest.vmid, "started")
    elif action in ("stop", "shutdown"):
        was_running = guest.status == "running"
        guest.status, guest.started_at, guest.paused = "stopped", None, False
        if was_running:
            state.count(guest.vmid, "stopped" if action == "stop" else "shutdown")
    elif action == "reboot":
        guest.started_at = time.time()
        state.count(guest.vmid, "rebooted")
    elif action == "suspend":
        guest.paused = True
        state.count(guest.vmid, "suspended")
    elif action == "resume":
        guest.paused = False
        state.count(guest.vmid, "resumed")


def start_after(call: Call, guest: Guest, context: TaskContext) -> Effect:
    """PVE's `start=1` on create and rollback: the task ends, then vm_start forks a start task of its own.

    (qemu-server and pve-container call their vm_start API from inside the worker, which forks a
    separate qmstart/vzstart task; the first task does not wait for it or fail with it.)
    """
    if guest.kind == "qemu":
        context.log("Execute autostart")

    def fork_start() -> None:
        call.start_task(f"{task_prefix(guest.kind)}start", _power_work(call.core.state, guest, "start"), guest=guest)

    return fork_start


def _ha_power(call: Call, guest: Guest, action: str) -> str:
    """An HA guest is started and stopped through the HA stack: a hastart/hastop task asks for it
    (`ha-manager set --state started`, `crm-command stop`), then the HA agent runs the real task."""
    state = call.core.state
    resource = state.ha_resource(guest)
    assert resource is not None
    wanted = "started" if action == "start" else "stopped"

    async def work(context: TaskContext) -> Effect | None:
        context.log(f"Requesting HA {'start' if action == 'start' else 'stop'} for {guest.label}")
        await context.pause(0.3)

        def effect() -> None:
            resource.state = wanted
            if (guest.status == "running") == (wanted == "started"):
                resource.crm_state = wanted  # the HA stack finds the guest as asked: nothing to run
                return
            inner = _power_work(state, guest, action)

            async def by_agent(context: TaskContext) -> Effect | None:
                context.log("task started by HA resource agent")
                done = await inner(context)

                def settle() -> None:
                    if done is not None:
                        done()
                    resource.crm_state = wanted

                return settle

            call.start_task(f"{task_prefix(guest.kind)}{action}", by_agent, guest=guest, user="root@pam")

        return effect

    prefix = "start" if action == "start" else "stop"
    return call.start_task(f"ha{prefix}", work, guest=None, task_id=str(guest.vmid), vmid=guest.vmid)


def _register_power(kind: GuestKind) -> None:
    for action in ("start", "stop", "shutdown", "reboot", "suspend", "resume"):

        async def power(call: Call, action: str = action) -> Any:
            guest = call.guest(kind)
            check_lock(guest, bool(call.params.get("skiplock")))
            _running_guard(guest, action)
            resource = call.core.state.ha_resource(guest)
            if resource is not None and resource.state != "ignored" and action in ("start", "stop", "shutdown"):
                return _ha_power(call, guest, action)
            work = _power_work(call.core.state, guest, action)
            return call.start_task(f"{task_prefix(kind)}{action}", work, guest=guest)

        route("POST", f"/nodes/{{node}}/{kind}/{{vmid}}/status/{action}")(power)


def _create_work(call: Call, guest: Guest) -> Any:
    state = call.core.state
    params = dict(call.params)

    async def work(context: TaskContext) -> Effect | None:
        if guest.kind == "lxc":
            template = str(params["ostemplate"])
            bucket = state.volume_bucket(guest.node, template.split(":", 1)[0]) if ":" in template else {}
            if template not in bucket:
                raise TaskFailed(f"volume '{template}' does not exist")
        for key, value in sorted(guest.config.items()):
            new_value, volume = allocate_disk(state, guest, key, value)
            if volume is None:
                continue
            name = volume.volid.split(":", 1)[1]
            context.log(f'  Logical volume "{name}" created.')
            await context.transfer(volume.size, prefix=f"{key}: ", share=0.6 / max(1, len(guest.config)))
            context.log(f"{key}: successfully created disk '{new_value}'")
            guest.config[key] = new_value
            state.add_volume(guest.node, volume)
        if guest.kind == "lxc":
            template = str(params["ostemplate"])
            context.log(f"extracting archive '/var/lib/vz/template/cache/{template.rsplit('/', 1)[-1]}'")
            await context.transfer(524_288_000, steps=4, share=0.3)
            context.log("Total bytes read: 524288000 (500MiB, 171MiB/s)")
            context.log("Detected container architecture: amd64")
        await context.pause(0.1)
        start = start_after(call, guest, context) if params.get("start") else None

        def effect() -> None:
            state.count(guest.vmid, "created")
            if start is not None:
                start()

        return effect

    return work


async def _destroy(call: Call, kind: GuestKind) -> Any:
    """DELETE .../{vmid}: destroy_vm's early checks, then a qmdestroy/vzdestroy task."""
    state = call.core.state
    guest = call.guest(kind)
    force = bool(call.params.get("force"))
    purge = bool(call.params.get("purge"))
    check_protection(guest, f"can't remove {guest.label}")
    if kind == "lxc":
        check_lock(guest)
    ha = state.ha_resource(guest)
    if ha is not None and not purge:
        raise ApiError(500, f"unable to remove {guest.label} - used in HA resources and purge parameter not set.")
    if guest.status == "running" and not force:
        if kind == "qemu":
            raise ApiError(500, f"VM {guest.vmid} is running - destroy failed")
        raise ApiError(500, f"unable to destroy CT {guest.vmid} - container is running")
    check_lock(guest, bool(call.params.get("skiplock")))
    # qemu-server and pve-container default to 0: volumes the config does not name stay
    unreferenced = bool(call.params.get("destroy-unreferenced-disks"))

    async def work(context: TaskContext) -> Effect | None:
        await context.pause(0.5)
        named = guest.referenced_volumes()
        for bucket in state.volumes.values():
            for volume in bucket.values():
                ours = volume.vmid == guest.vmid and volume.content in ("images", "rootdir")
                if ours and (unreferenced or volume.volid in named):
                    context.log(f'  Logical volume "{volume.volid.split(":", 1)[1]}" successfully removed.')
        await context.pause(0.5)

        if purge:
            context.log(f"purging {guest.label} from related configurations..")
            if ha is not None:
                context.log(f"NOTE: removed {guest.label} from HA resource configuration.")

        def effect() -> None:
            state.remove_guest_volumes(guest, unreferenced=unreferenced)
            state.guests.pop(guest.vmid, None)
            for pool in state.pools.values():  # remove_vm_access
                pool.vms.discard(guest.vmid)
            if purge and ha is not None:
                state.ha_resources.pop(ha.sid, None)
            state.count(guest.vmid, "deleted")

        return effect

    return call.start_task(f"{task_prefix(kind)}destroy", work, guest=guest)


def _register_create_delete(kind: GuestKind) -> None:
    @route("POST", f"/nodes/{{node}}/{kind}")
    async def create(call: Call) -> Any:
        if call.params.get("archive") if kind == "qemu" else call.params.get("restore"):
            from pvesim.routes.restore import restore  # noqa: PLC0415 - restore builds on this module

            return await restore(call, kind)
        state = call.core.state
        vmid = call.vmid
        existing = state.guests.get(vmid)
        if existing is not None:
            raise ApiError(500, f"{existing.label} already exists on node '{existing.node}'")
        values = config_values(call.params, _NOT_CONFIG | _CREATE_ONLY)
        if kind == "lxc" and "rootfs" not in values:
            values["rootfs"] = f"{call.params.get('storage', 'local')}:4"
        guest = Guest(vmid, kind, call.node, "stopped", values)
        state.guests[vmid] = guest

        def forget() -> None:
            # PVE removes a guest whose create task failed.
            state.remove_guest_volumes(guest)
            state.guests.pop(vmid, None)

        work = _create_work(call, guest)
        return call.start_task(f"{task_prefix(kind)}create", work, guest=guest, config_lock="create", on_failure=forget)

    @route("DELETE", f"/nodes/{{node}}/{kind}/{{vmid}}")
    async def delete(call: Call) -> Any:
        return await _destroy(call, kind)


for _kind in ("qemu", "lxc"):
    _register_reads(_kind)
    _register_power(_kind)
    _register_create_delete(_kind)


@route("POST", "/nodes/{node}/qemu/{vmid}/config")
async def post_qemu_config(call: Call) -> Any:
    guest = call.guest("qemu")
    _check_config_call(call, guest)  # update_vm_api's checks before the fork
    _change(call, guest)

    async def work(context: TaskContext) -> Effect | None:
        await context.pause(1.0)

        def effect() -> None:
            lines: list[str] = []
            try:
                _apply_config(call, guest, lines)
            except ApiError as failure:
                raise TaskFailed(failure.message.rstrip("\n")) from None
            for line in lines:
                context.log(line)

        return effect

    return call.start_task("qmconfig", work, guest=guest)
