"""Migration of VMs (qmigrate) and containers (vzmigrate) to another node, and its preconditions.

The task runs on the source node, holds the guest's config flock throughout (AbstractMigrate
lock_vm), marks the config `lock: migrate` from phase 1 on, and logs with PVE's timestamps
("2026-01-10 10:00:00 starting migration of VM 100 to node 'pve2' (10.10.10.12)"). An
unreachable target fails at the SSH test ("Can't connect to destination address using public
key"); a problem with a disk fails phase 1 ("Problem found while scanning volumes - can't
migrate VM - check log"); either way the task ends "migration aborted". The guest, its local
disks and their volumes move to the target when the task ends well. A guest managed by HA is
migrated through the HA stack: the API answers with a `hamigrate` task, and the migration
itself runs afterwards as a `qmigrate`/`vzmigrate` task of root@pam started by the HA agent.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass, field
from typing import Any

from pvesim.call import Call, route
from pvesim.disks import render_bytes
from pvesim.errors import ApiError, param_error
from pvesim.progress import Stopped, dd_copy, mirror, ram_migration
from pvesim.routes.checks import check_node_exists
from pvesim.routes.guests import check_lock
from pvesim.state import ClusterState, Guest, Volume
from pvesim.tasks import Effect, TaskContext, TaskFailed

__all__ = ["StorageMap", "local_resources"]

_MIGRATABLE = ("dir", "btrfs", "zfspool", "lvmthin", "lvm")
_VOLUME_KEY = re.compile(r"^(?:(?:ide|sata|scsi|virtio|efidisk|tpmstate|unused|mp)\d+|rootfs|vmstate)$")


class _Abort(Exception):
    """A migration error: logged as "ERROR: migration aborted (duration ...): <text>"."""


class _Problems(Exception):
    """Phase 2 failed after the VM was started on the target: "migration finished with problems"."""


@dataclass
class StorageMap:
    """A `targetstorage` / `target-storage` storage-pair-list: "1" (same names), "dst", "src:dst,..."."""

    entries: dict[str, str] = field(default_factory=dict)
    default: str | None = None

    @classmethod
    def parse(cls, text: str | None, param: str) -> StorageMap:
        found = cls()
        if not text or text == "1":
            return found
        for part in str(text).split(","):
            source, sep, target = part.partition(":")
            if not sep:
                if found.default is not None:
                    raise param_error({param: "failed to parse storage map: default target ID already set"})
                found.default = source
            else:
                found.entries[source] = target
        return found

    def map(self, storage: str) -> str:
        return self.entries.get(storage) or self.default or storage

    def targets(self) -> list[str]:
        return sorted({*self.entries.values(), *([self.default] if self.default else [])})


class _Log:
    """AbstractMigrate::log: each line stamped with the local time, errors marked "ERROR:"."""

    def __init__(self, context: TaskContext) -> None:
        self.context = context
        self.started = time.time()

    def info(self, message: str) -> None:
        self.context.log(f"{time.strftime('%Y-%m-%d %H:%M:%S')} {message}")

    def err(self, message: str) -> None:
        self.context.log(f"{time.strftime('%Y-%m-%d %H:%M:%S')} ERROR: {message}")

    def duration(self) -> str:
        seconds = int(time.time() - self.started)
        return f"{seconds // 3600:02d}:{seconds // 60 % 60:02d}:{seconds % 60:02d}"


def local_resources(guest: Guest) -> list[str]:
    """check_local_resources: passed-through devices that keep a VM on its node."""
    found = []
    for key, value in sorted(guest.config.items()):
        if key.startswith("usb") and ("host=spice" in value or value == "spice" or "mapping=" in value):
            continue
        if key.startswith("hostpci") and "mapping=" in value:
            continue
        if key.startswith("serial") and value == "socket":
            continue
        if re.match(r"^(?:usb|hostpci|serial|parallel|virtiofs)\d+$", key):
            found.append(key)
    if "ivshmem" in guest.config:
        found.insert(0, "ivshmem")
    return found


@dataclass
class _Volume:
    """A volume of the guest on a storage of its node (not shared), as scan_local_volumes sees it."""

    volid: str
    key: str | None  # the config key that names it (None: only a snapshot does)
    size: int
    snapshots: list[str]
    cdrom: bool
    cloudinit: bool

    @property
    def storage(self) -> str:
        return self.volid.split(":", 1)[0]

    @property
    def ref(self) -> str:
        if self.cloudinit:
            return "generated"
        if self.key is None:
            return "snapshot"
        return "unused" if self.key.startswith("unused") else "attached"


def _guest_volumes(state: ClusterState, guest: Guest) -> list[_Volume]:
    """foreach_volid over the config and its snapshots: every volume with what refers to it."""
    found: dict[str, _Volume] = {}

    def visit(config: dict[str, str], snapshot: str | None) -> None:
        for key, value in sorted(config.items()):
            if not _VOLUME_KEY.match(key):
                continue
            volid = value.split(",", 1)[0]
            if ":" not in volid:
                continue
            entry = found.get(volid)
            if entry is None:
                located = state.find_volume(volid)
                size = located[1].size if located else 0
                cdrom = "media=cdrom" in value.split(",")
                entry = _Volume(volid, None, size, [], cdrom, "-cloudinit" in volid)
                found[volid] = entry
            if snapshot is None:
                entry.key = key
            else:
                entry.snapshots.append(snapshot)

    visit(guest.config, None)
    visit(guest.pending, None)
    for name, snap in sorted(guest.snapshots.items()):
        visit(snap.config, name)
    return list(found.values())


def _precondition_disk(volume: _Volume) -> dict[str, Any]:
    attrs: dict[str, Any] = {
        "volid": volume.volid,
        "cdrom": int(volume.cdrom),
        "is_cloudinit": int(volume.cloudinit),
        "is_unused": int(volume.ref == "unused"),
        "is_attached": int(volume.key is not None and volume.ref != "unused"),
        "is_tpmstate": int(volume.key == "tpmstate0"),
        "is_vmstate": 0,
        "replicate": 1,
        "shared": 0,
    }
    if volume.size:
        attrs["size"] = volume.size
    if volume.key is not None and not volume.key.startswith("unused"):
        attrs["drivename"] = volume.key
    if volume.snapshots:
        attrs["referenced_in_snapshot"] = dict.fromkeys(volume.snapshots, 1)
    return attrs


def _local(state: ClusterState, volumes: list[_Volume]) -> list[_Volume]:
    return [v for v in volumes if v.storage in state.storages and not state.storages[v.storage].shared]


def _not_allowed(state: ClusterState, guest: Guest, volumes: list[_Volume]) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for node in state.nodes:
        if node == guest.node:
            continue
        missing = sorted(
            {
                v.storage
                for v in volumes
                if v.storage in state.storages and not state.storages[v.storage].available_on(node)
            }
        )
        if missing:
            out[node] = {"unavailable_storages": missing}
    return out


@route("GET", "/nodes/{node}/qemu/{vmid}/migrate")
async def qemu_precondition(call: Call) -> Any:
    state = call.core.state
    guest = call.guest("qemu")
    check_lock(guest)
    volumes = _guest_volumes(state, guest)
    not_allowed = _not_allowed(state, guest, volumes)
    result: dict[str, Any] = {
        "running": int(guest.status == "running"),
        "allowed_nodes": [n for n in state.nodes if n != guest.node and n not in not_allowed],
        "not_allowed_nodes": not_allowed,
        "local_disks": [_precondition_disk(v) for v in _local(state, volumes)],
        "local_resources": local_resources(guest),
        "mapped-resources": [],
        "mapped-resource-info": {},
    }
    if call.core.schema.version != "8.4":
        result["has-dbus-vmstate"] = 1
        if state.ha_resource(guest) is not None:
            result["dependent-ha-resources"] = []
    return result


@route("GET", "/nodes/{node}/lxc/{vmid}/migrate")
async def lxc_precondition(call: Call) -> Any:
    state = call.core.state
    guest = call.guest("lxc")
    check_lock(guest)
    not_allowed = _not_allowed(state, guest, _guest_volumes(state, guest))
    result: dict[str, Any] = {
        "running": int(guest.status == "running"),
        "allowed-nodes": [n for n in state.nodes if n != guest.node and n not in not_allowed],
        "not-allowed-nodes": not_allowed,
    }
    if state.ha_resource(guest) is not None:
        result["dependent-ha-resources"] = []
    return result


def _check_target(call: Call) -> str:
    target = str(call.params["target"])
    if target == call.node:
        raise param_error({"target": "target is local node."})
    check_node_exists(call, target)
    return target


def _check_target_storages(call: Call, storagemap: StorageMap, target: str, *, images: bool) -> None:
    """$check_storage_access_migrate for each storage a map names."""
    state = call.core.state
    for storage_id in storagemap.targets():
        storage = state.storages.get(storage_id)
        if storage is None:
            raise ApiError(500, f"storage '{storage_id}' does not exist")
        if not storage.available_on(target):
            raise ApiError(500, f"storage '{storage_id}' is not available on node '{target}'")
        if images and "images" not in storage.content:
            raise ApiError(500, f"storage '{storage_id}' does not support vm images")


@route("POST", "/nodes/{node}/qemu/{vmid}/migrate")
async def qemu_migrate(call: Call) -> Any:
    state = call.core.state
    params = call.params
    target = _check_target(call)
    for option in ("force", "migration_type", "migration_network"):
        # an API token is never root@pam itself, whatever user it belongs to
        if params.get(option) and call.token.tokenid != "root@pam":
            raise param_error({option: "Only root may use this option."})
    guest = call.guest("qemu")
    check_lock(guest)
    if guest.status == "running" and not params.get("online"):
        raise ApiError(500, "can't migrate running VM without --online")
    storagemap = StorageMap.parse(params.get("targetstorage"), "targetstorage")
    _check_target_storages(call, storagemap, target, images=True)
    if not storagemap.targets():
        for volume in _guest_volumes(state, guest):
            storage = state.storages.get(volume.storage)
            if storage is not None and not storage.available_on(target):
                raise ApiError(500, f"storage '{volume.storage}' is not available on node '{target}'")
    if state.ha_resource(guest) is not None:
        return _ha_migrate(call, guest, target)
    work = _qemu_work(call, guest, target, storagemap)
    return call.start_task("qmigrate", work, guest=guest)


@route("POST", "/nodes/{node}/lxc/{vmid}/migrate")
async def lxc_migrate(call: Call) -> Any:
    state = call.core.state
    params = call.params
    target = _check_target(call)
    guest = call.guest("lxc")
    if guest.status == "running" and not params.get("online") and not params.get("restart"):
        raise ApiError(500, "can't migrate running container without --online or --restart")
    storagemap = StorageMap.parse(params.get("target-storage"), "target-storage")
    _check_target_storages(call, storagemap, target, images=False)
    if state.ha_resource(guest) is not None:
        return _ha_migrate(call, guest, target)
    work = _lxc_work(call, guest, target, storagemap)
    return call.start_task("vzmigrate", work, guest=guest)


def _ha_migrate(call: Call, guest: Guest, target: str) -> str:
    """pve-manager hands an HA guest to the HA stack: `ha-manager migrate`, then the HA agent migrates."""
    state = call.core.state
    resource = state.ha_resource(guest)
    assert resource is not None  # the caller checked

    async def work(context: TaskContext) -> Effect | None:
        context.log(f"Requesting HA migration for {guest.label} to node {target}")
        await context.pause(0.2)

        def effect() -> None:
            before = resource.crm_state
            resource.crm_state = "migrate"
            kind_work = _qemu_work if guest.kind == "qemu" else _lxc_work
            inner = kind_work(call, guest, target, StorageMap(), by_ha=True)
            task_type = "qmigrate" if guest.kind == "qemu" else "vzmigrate"

            def give_up() -> None:
                resource.crm_state = before

            call.start_task(task_type, inner, guest=guest, user="root@pam", on_failure=give_up)

        return effect

    return call.start_task("hamigrate", work, guest=None, task_id=str(guest.vmid), vmid=guest.vmid)


@dataclass
class _Migration:
    """One migration task's view: where the guest goes, how storages map, and its log."""

    state: ClusterState
    guest: Guest
    target: str
    storagemap: StorageMap
    log: _Log

    @property
    def ip(self) -> str:
        return self.state.nodes[self.target].ip

    def check_target(self) -> None:
        """The SSH test of prepare(): an unreachable target node stops the migration."""
        if not self.state.nodes[self.target].online:
            raise _Abort("Can't connect to destination address using public key")

    def problem(self, volume: _Volume, *, running: bool, with_local: bool) -> str | None:  # noqa: PLR0911 - as PVE checks
        """What keeps a local volume of a VM from migrating (scan_local_volumes' checks, in its order)."""
        storage = self.state.storages[volume.storage]
        mapped = self.state.storages.get(self.storagemap.map(volume.storage))
        if mapped is None or not mapped.available_on(self.target):
            return f"storage '{self.storagemap.map(volume.storage)}' is not available on node '{self.target}'"
        if volume.cloudinit:
            return None  # a generated disk: copied offline, snapshots or not
        if volume.cdrom:
            return "local cdrom image"
        if volume.snapshots:
            if running:
                return "online storage migration not possible if non-replicated snapshot exists"
            if storage.type != "zfspool":
                return "non-migratable snapshot exists"
        if volume.ref == "attached" and running and not with_local:
            return "can't live migrate attached local disks without with-local-disks option"
        if storage.type not in _MIGRATABLE:
            return f"can't migrate '{volume.volid}' - storage type '{storage.type}' not supported"
        return None

    def scan_qemu(self, *, with_local: bool) -> list[_Volume]:
        """scan_local_volumes: the local volumes to copy, or the errors that stop the migration."""
        running = self.guest.status == "running"
        local = _local(self.state, _guest_volumes(self.state, self.guest))
        errors = {
            v.volid: problem for v in local if (problem := self.problem(v, running=running, with_local=with_local))
        }
        described = {"attached": "(attached)", "unused": "(unused)", "snapshot": "(referenced by snapshot(s))"}
        for volume in sorted(local, key=lambda v: v.volid):
            if volume.ref == "generated":
                self.log.info(f"found generated disk '{volume.volid}' (in current VM config)")
            else:
                self.log.info(f"found local disk '{volume.volid}' {described[volume.ref]}")
        for volid, message in sorted(errors.items()):
            self.log.info(f"can't migrate local disk '{volid}': {message}")
        if errors:
            raise _Abort("Problem found while scanning volumes - can't migrate VM - check log")
        return local

    def scan_lxc(self) -> list[_Volume]:
        """pve-container's phase 1 volume checks."""
        errors: dict[str, str] = {}
        local = []
        for volume in _guest_volumes(self.state, self.guest):
            storage = self.state.storages.get(volume.storage)
            if storage is None:
                continue
            if storage.shared:
                if volume.key is not None:
                    self.log.info(f"volume '{volume.volid}' is on shared storage '{volume.storage}'")
                continue
            mapped = self.state.storages.get(self.storagemap.map(volume.storage))
            if mapped is None or not mapped.available_on(self.target):
                errors[volume.volid] = (
                    f"storage '{self.storagemap.map(volume.storage)}' is not available on node '{self.target}'"
                )
            elif volume.snapshots and storage.type not in ("zfspool", "btrfs"):
                errors[volume.volid] = "non-migratable snapshot exists"
            elif storage.type not in _MIGRATABLE:
                errors[volume.volid] = f"storage type '{storage.type}' not supported"
            local.append(volume)
        for volume in sorted(local, key=lambda v: v.volid):
            where = "(in current VM config)" if volume.key is not None else "(referenced by snapshot(s))"
            self.log.info(f"found local volume '{volume.volid}' {where}")
        for volid, message in sorted(errors.items()):
            self.log.info(f"can't migrate local volume '{volid}': {message}")
        if errors:
            raise _Phase1("can't migrate CT - check log")
        return local

    async def copy_offline(self, volumes: list[_Volume], *, share: float) -> dict[str, str]:
        """sync_offline_local_volumes: pvesm export | pvesm import per volume; the new volids."""
        moved: dict[str, str] = {}
        if volumes:
            self.log.info("copying local disk images")
        for volume in volumes:
            target_storage = self.storagemap.map(volume.storage)
            name = volume.volid.split(":", 1)[1]
            new_volid = f"{target_storage}:{name}"
            if self.state.storages[target_storage].type in ("lvmthin", "lvm"):
                self.log.info(f'  Logical volume "{name}" created.')
            room = self.state.storage_free(self.target, target_storage)
            try:
                await dd_copy(_Stamped(self.log), volume.size, share=share / max(1, len(volumes)), room=room)
            except Stopped:
                self.log.info(f"dd: error writing '/dev/pve/{name}': No space left on device")
                raise _Phase1(
                    f"storage migration for '{volume.volid}' to storage '{target_storage}' failed - command "
                    f"'set -o pipefail && pvesm export {volume.volid} raw+size - -with-snapshots 0 | /usr/bin/ssh "
                    f"-e none -o 'BatchMode=yes' -o 'HostKeyAlias={self.target}' root@{self.ip} -- pvesm import "
                    f"{new_volid} raw+size - -with-snapshots 0 -allow-rename 1' failed: exit code 255"
                ) from None
            self.log.info(f"successfully imported '{new_volid}'")
            self.log.info(f"volume '{volume.volid}' is '{new_volid}' on the target")
            moved[volume.volid] = new_volid
        return moved

    async def mirror_disks(self, context: TaskContext, attached: list[_Volume]) -> None:
        """Phase 2's storage migration: a mirror job per attached local disk, over NBD to the target."""
        self.log.info("starting storage migration")
        for volume in attached:
            drive = volume.key or ""
            nbd = f"nbd:unix:/run/qemu-server/{self.guest.vmid}_nbd.migrate:exportname=drive-{drive}"
            self.log.info(f"{drive}: start migration to {nbd}")
            room = self.state.storage_free(self.target, self.storagemap.map(volume.storage))
            try:
                await mirror(context, drive, volume.size, share=0.4 / len(attached), room=room)
            except Stopped:
                self.log.err(
                    f"online migrate failure - block job (mirror) error: mirror-{drive}: "
                    "No space left on device (io-status: nospace)"
                )
                self.log.info("aborting phase 2 - cleanup resources")
                self.log.info("migrate_cancel")
                raise _Problems from None
        self.log.info("switching mirror jobs to actively synced mode")
        for volume in attached:
            context.log(f"mirror-{volume.key}: switching to actively synced mode")
            context.log(f"mirror-{volume.key}: successfully switched to actively synced mode")

    async def phase2(self, context: TaskContext, local: list[_Volume]) -> dict[str, str]:
        """Online migration: start the VM on the target, mirror its local disks, then its RAM."""
        guest = self.guest
        moved: dict[str, str] = {}
        attached = [v for v in local if v.ref == "attached"]
        self.log.info(f"starting VM {guest.vmid} on remote node '{self.target}'")
        for volume in attached:
            new_volid = f"{self.storagemap.map(volume.storage)}:{volume.volid.split(':', 1)[1]}"
            self.log.info(f"volume '{volume.volid}' is '{new_volid}' on the target")
            moved[volume.volid] = new_volid
        self.log.info("start remote tunnel")
        self.log.info("ssh tunnel ver 1")
        if attached:
            await self.mirror_disks(context, attached)
        uri = f"unix:/run/qemu-server/{guest.vmid}.migrate"
        for line in (
            f"starting online/live migration on {uri}",
            "set migration capabilities",
            "migration downtime limit: 100 ms",
            f"migration cachesize: {render_bytes(guest.memory_bytes() // 8, 1)}",
            "set migration parameters",
            f"start migrate command to {uri}",
        ):
            self.log.info(line)
        await ram_migration(_Stamped(self.log), guest.memory_bytes(), share=0.3)
        if attached:
            context.log("all 'mirror' jobs are ready")
            for volume in attached:
                context.log(f"mirror-{volume.key}: Completing block job...")
                context.log(f"mirror-{volume.key}: Completed successfully.")
                context.log(f"mirror-{volume.key}: mirror-job finished")
            self.log.info("stopping NBD storage migration server on target.")
        return moved

    def aborted(self, problem: Exception, *, in_phase1: bool) -> TaskFailed:
        """AbstractMigrate's error path: phase 1 errors are logged and cleaned up first."""
        if in_phase1 or isinstance(problem, _Phase1):
            self.log.err(str(problem))
            self.log.info("aborting phase 1 - cleanup resources")
        self.log.err(f"migration aborted (duration {self.log.duration()}): {problem}")
        return TaskFailed("migration aborted")

    def arrived(self, moved: dict[str, str]) -> None:
        """The guest now lives on the target: its config, its copied volumes, its HA state."""
        state, guest = self.state, self.guest
        for old, new in moved.items():
            found = state.find_volume(old)
            if found is None:
                continue
            node, volume = found
            del state.volume_bucket(node or guest.node, volume.storage)[old]
            state.add_volume(
                self.target, Volume(new, volume.content, volume.size, volume.format, volume.vmid, volume.ctime)
            )
        for config in (guest.config, guest.pending, *(s.config for s in guest.snapshots.values())):
            for key, value in list(config.items()):
                head, sep, rest = value.partition(",")
                if head in moved:
                    config[key] = moved[head] + sep + rest
        guest.node = self.target
        resource = state.ha_resource(guest)
        if resource is not None:
            resource.crm_state = "started" if guest.status == "running" else "stopped"
        state.count(guest.vmid, "migrated")


class _Phase1(_Abort):
    """An error in phase 1: logged, cleaned up ("aborting phase 1 - cleanup resources"), then aborted."""


def _prepare_qemu(migration: _Migration, params: dict[str, Any], *, online: bool) -> None:
    """QemuMigrate::prepare: the checks before phase 1."""
    guest = migration.guest
    running = guest.status == "running"
    if running and not online:
        raise _Abort("can't migrate running VM without --online")
    if running and not params.get("with-conntrack-state"):
        migration.log.info("conntrack state migration not supported or disabled, active connections might get dropped")
    blockers = local_resources(guest)
    if blockers and (running or not params.get("force")):
        raise _Abort(f"can't migrate VM which uses local devices: {', '.join(blockers)}")
    migration.check_target()


def _qemu_work(call: Call, guest: Guest, target: str, storagemap: StorageMap, *, by_ha: bool = False) -> Any:
    params = call.params if not by_ha else {}

    async def work(context: TaskContext) -> Effect | None:
        migration = _Migration(call.core.state, guest, target, storagemap, _Log(context))
        if by_ha:
            context.log("task started by HA resource agent")
        running = guest.status == "running"
        phase1 = False
        try:
            # the HA agent migrates a running VM online
            _prepare_qemu(migration, params, online=bool(params.get("online")) or (by_ha and running))
            phase1 = True
            migration.log.info(f"starting migration of VM {guest.vmid} to node '{target}' ({migration.ip})")
            guest.config["lock"] = "migrate"
            local = migration.scan_qemu(with_local=bool(params.get("with-local-disks")))
            offline = [v for v in local if not (running and v.ref == "attached")]
            moved = await migration.copy_offline(offline, share=0.3 if running else 0.8)
            phase1 = False
            if running:
                moved |= await migration.phase2(context, local)
            await context.pause(0.05)
            migration.log.info(f"migration finished successfully (duration {migration.log.duration()})")
        except _Abort as problem:
            raise migration.aborted(problem, in_phase1=phase1) from None
        except _Problems:
            migration.log.err(f"migration finished with problems (duration {migration.log.duration()})")
            raise TaskFailed("migration problems") from None
        finally:
            if guest.config.get("lock") == "migrate":
                del guest.config["lock"]
        return lambda: migration.arrived(moved)

    return work


class _Stamped(TaskContext):
    """A task context whose lines carry the migration log's timestamp (the RAM progress is logged so)."""

    def __init__(self, log: _Log) -> None:
        super().__init__(log.context.task, log.context.duration)
        self._migration = log

    def log(self, line: str) -> None:
        self._migration.info(line)


# -- containers ---------------------------------------------------------------------------


def _prepare_lxc(migration: _Migration, *, online: bool) -> None:
    """LXC::Migrate::prepare: the checks before the container is shut down."""
    guest = migration.guest
    if guest.lock:
        raise _Abort(f"CT is locked ({guest.lock})")
    if guest.status == "running" and online:
        raise _Abort("lxc live migration is currently not implemented")
    migration.check_target()


def _lxc_work(call: Call, guest: Guest, target: str, storagemap: StorageMap, *, by_ha: bool = False) -> Any:
    params = call.params if not by_ha else {}
    restart = bool(params.get("restart")) or by_ha

    async def work(context: TaskContext) -> Effect | None:
        migration = _Migration(call.core.state, guest, target, storagemap, _Log(context))
        log = migration.log
        if by_ha:
            context.log("task started by HA resource agent")
        restarts = restart and guest.status == "running"
        phase1 = False
        try:
            _prepare_lxc(migration, online=bool(params.get("online")))
            if restarts:
                log.info(f"shutdown CT {guest.vmid}")
                await context.pause(0.1)
                guest.status, guest.started_at = "stopped", None
            phase1 = True
            log.info(f"starting migration of CT {guest.vmid} to node '{target}' ({migration.ip})")
            guest.config["lock"] = "migrate"
            moved = await migration.copy_offline(migration.scan_lxc(), share=0.7)
            phase1 = False
            log.info("start final cleanup")
            if restarts:
                log.info("start container on target node")
            await context.pause(0.05)
            log.info(f"migration finished successfully (duration {log.duration()})")
        except _Abort as problem:
            if phase1:
                log.err(str(problem))
                log.info("aborting phase 1 - cleanup resources")
                log.info("start final cleanup")
                if restarts:
                    log.info("start container on source node")
                    guest.status, guest.started_at = "running", time.time()
            log.err(f"migration aborted (duration {log.duration()}): {problem}")
            raise TaskFailed("migration aborted") from None
        finally:
            if guest.config.get("lock") == "migrate":
                del guest.config["lock"]

        def effect() -> None:
            if restarts:
                guest.status, guest.started_at = "running", time.time()
            migration.arrived(moved)

        return effect

    return work
