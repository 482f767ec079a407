"""The simulated cluster: nodes, guests, storages and volumes, tasks, and effect counters.

Guest configuration is kept the way PVE keeps it in its config files: every value a string.
Handlers convert values to the types the schema declares when they answer.
"""

from __future__ import annotations

import hashlib
import re
import time
from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Literal

from pvesim.firewall import Firewall

__all__ = [
    "Agent",
    "ClusterState",
    "Guest",
    "GuestKind",
    "HaResource",
    "Node",
    "Pool",
    "Snapshot",
    "SshExec",
    "Storage",
    "Task",
    "Volume",
]

GuestKind = Literal["qemu", "lxc"]


#: config keys that name a volume (qemu-server's and pve-container's disk and mount point keys)
_VOLUME_KEY = re.compile(r"^(?:(?:ide|sata|scsi|virtio|efidisk|tpmstate|unused|mp)\d+|rootfs)$")


@dataclass
class Node:
    name: str
    ip: str
    online: bool = True
    maxcpu: int = 16
    maxmem: int = 64 * 1024**3
    boot_time: float = field(default_factory=lambda: time.time() - 86400 * 12)
    #: its system journal, (epoch seconds, unit, line as journalctl prints it), oldest first; made on first read
    journal: list[tuple[float, str, str]] = field(default_factory=list)
    #: its interfaces as /etc/network/interfaces declares them (name -> options, PVE's API keys)
    network: dict[str, dict[str, Any]] = field(default_factory=dict)
    #: /etc/network/interfaces.new: the declaration written by a change and not yet applied
    network_pending: dict[str, dict[str, Any]] | None = None
    #: interfaces up on the running system (the physical ones, and those an apply brought up)
    network_active: set[str] = field(default_factory=set)

    def __post_init__(self) -> None:
        if not self.network:
            # a PVE install's own: the management bridge on the first NIC, a second NIC unused
            gateway = self.ip.rsplit(".", 1)[0] + ".1"
            self.network = {
                "eno1": {"type": "eth", "method": "manual", "families": ["inet"]},
                "eno2": {"type": "eth", "method": "manual", "families": ["inet"]},
                "vmbr0": {
                    "type": "bridge",
                    "method": "static",
                    "families": ["inet"],
                    "autostart": 1,
                    "cidr": f"{self.ip}/24",
                    "gateway": gateway,
                    "bridge_ports": "eno1",
                    "bridge_stp": "off",
                    "bridge_fd": "0",
                },
            }
            self.network_active = {"eno1", "vmbr0"}

    @property
    def uptime(self) -> int:
        return int(time.time() - self.boot_time) if self.online else 0


@dataclass
class Snapshot:
    name: str
    description: str = ""
    snaptime: int = field(default_factory=lambda: int(time.time()))
    parent: str | None = None
    vmstate: bool = False
    config: dict[str, str] = field(default_factory=dict)


@dataclass
class Agent:
    """The QEMU guest agent inside a VM (used when its config has `agent` enabled).

    `running` False: the agent does not answer (not installed, not started yet); `blocked` lists
    the commands its configuration disables (qemu-ga --block-rpcs), such as "guest-exec".
    """

    running: bool = True
    blocked: frozenset[str] = frozenset()
    # extra interfaces the agent reports besides lo and one per netN, e.g. a docker bridge
    interfaces: tuple[dict[str, Any], ...] = ()


@dataclass
class Guest:
    vmid: int
    kind: GuestKind
    node: str
    status: Literal["running", "stopped"] = "stopped"
    config: dict[str, str] = field(default_factory=dict)
    snapshots: dict[str, Snapshot] = field(default_factory=dict)
    paused: bool = False
    started_at: float | None = None
    # The cloud-init settings last written to the guest's cloud-init drive (qemu only), so
    # GET .../cloudinit can show what a regenerate would change.
    cloudinit_applied: dict[str, str] = field(default_factory=dict)
    # Changes PVE keeps in the config's [PENDING] section until the guest restarts (a running
    # guest's non-hotpluggable options), and the pending deletes (option -> force).
    pending: dict[str, str] = field(default_factory=dict)
    pending_delete: dict[str, bool] = field(default_factory=dict)
    agent: Agent = field(default_factory=Agent)
    #: the CPU share (0-1) it reports while running; None: pvesim's steady 0.012
    cpu_load: float | None = None

    @property
    def name(self) -> str:
        key = "name" if self.kind == "qemu" else "hostname"
        return self.config.get(key, f"{'VM' if self.kind == 'qemu' else 'CT'} {self.vmid}")

    @property
    def template(self) -> bool:
        return self.config.get("template") == "1"

    @property
    def lock(self) -> str | None:
        return self.config.get("lock")

    @property
    def label(self) -> str:
        """How PVE names the guest in messages: "VM 100" or "CT 100"."""
        return f"{'VM' if self.kind == 'qemu' else 'CT'} {self.vmid}"

    @property
    def uptime(self) -> int:
        return int(time.time() - self.started_at) if self.status == "running" and self.started_at else 0

    @property
    def digest(self) -> str:
        """SHA1 of the config text, as PVE computes `digest` over the config file (its [PENDING] section too)."""
        text = "".join(f"{key}: {value}\n" for key, value in sorted(self.config.items()))
        if self.pending or self.pending_delete:
            text += "\n[PENDING]\n" + "".join(f"{key}: {value}\n" for key, value in sorted(self.pending.items()))
            if self.pending_delete:
                text += "delete: " + ",".join(("!" if f else "") + k for k, f in sorted(self.pending_delete.items()))
        return hashlib.sha1(text.encode(), usedforsecurity=False).hexdigest()

    def config_with_pending(self) -> dict[str, str]:
        """The config as GET .../config shows it: pending values applied, pending deletes gone."""
        values = dict(self.config) | self.pending
        for key in self.pending_delete:
            values.pop(key, None)
        return values

    def agent_configured(self) -> bool:
        """`agent` is set and enabled (`1`, `enabled=1` or `1,fstrim_cloned_disks=1`)."""
        first = self.config.get("agent", "0").split(",")[0]
        return first in ("1", "enabled=1", "on", "yes", "true")

    def cloudinit_config(self) -> dict[str, str]:
        """The cloud-init settings in the guest's config (ciuser, cipassword, sshkeys, ipconfig0, ...)."""
        return {key: value for key, value in self.config.items() if _is_cloudinit_key(key)}

    def memory_bytes(self) -> int:
        raw = self.config.get("memory", "2048" if self.kind == "qemu" else "512")
        return int(raw.split(",")[0].removeprefix("current=")) * 1024**2

    def referenced_volumes(self) -> set[str]:
        """The volids its config names: disks, mount points, rootfs, unusedN (options after the comma dropped)."""
        return {str(value).split(",", 1)[0] for key, value in self.config.items() if _VOLUME_KEY.match(key)}

    def cores(self) -> int:
        return int(self.config.get("cores", "1")) * int(self.config.get("sockets", "1"))


_CLOUDINIT_KEYS = frozenset({"ciuser", "cipassword", "citype", "ciupgrade", "sshkeys", "nameserver", "searchdomain"})


def _is_cloudinit_key(key: str) -> bool:
    return key in _CLOUDINIT_KEYS or key.startswith("ipconfig")


@dataclass
class Storage:
    storage: str
    type: str
    content: list[str]
    shared: bool = False
    total: int = 500 * 1024**3
    path: str | None = None
    # bytes taken by data pvesim does not model as volumes (other files, metadata); a scenario's
    # `full: true` sets it to the whole size so that nothing more fits
    reserved: int = 0
    # a PBS storage's datastore (type pbs)
    datastore: str | None = None
    # the nodes that have this storage (storage.cfg `nodes`); None: every node
    nodes: list[str] | None = None

    def available_on(self, node: str) -> bool:
        return self.nodes is None or node in self.nodes


@dataclass
class Volume:
    volid: str
    content: str
    size: int
    format: str
    vmid: int | None = None
    ctime: int = field(default_factory=lambda: int(time.time()) - 86400)
    # backups only: the notes and protection PVE keeps next to the archive, and the guest type
    notes: str | None = None
    protected: bool = False
    subtype: str | None = None
    # a backup's copy of the guest config, which a restore reads back
    backup_config: dict[str, str] | None = None

    @property
    def storage(self) -> str:
        return self.volid.split(":", 1)[0]


@dataclass
class Pool:
    """A resource pool (user.cfg): guests and storages grouped for permissions and selection."""

    poolid: str
    comment: str | None = None
    vms: set[int] = field(default_factory=set)
    storage: set[str] = field(default_factory=set)


@dataclass
class HaResource:
    """A guest managed by the HA stack (resources.cfg) and its state as the CRM sees it."""

    sid: str  # "vm:100" or "ct:200"
    state: str = "started"  # the requested state
    max_restart: int | None = None
    max_relocate: int | None = None
    group: str | None = None
    comment: str | None = None
    failback: bool | None = None
    crm_state: str | None = None  # the manager's service state: started, stopped, migrate, ...

    @property
    def vmid(self) -> int:
        return int(self.sid.split(":", 1)[1])

    @property
    def type(self) -> str:
        return self.sid.split(":", 1)[0]


@dataclass
class Task:
    upid: str
    node: str
    type: str
    id: str
    user: str
    pid: int
    pstart: int
    starttime: int
    vmid: int | None = None
    status: Literal["running", "stopped"] = "running"
    exitstatus: str | None = None
    endtime: int | None = None
    log: list[str] = field(default_factory=list)
    #: when it began and ended (time.monotonic(); pvesim's own, for tests that measure overlap)
    began: float = field(default_factory=time.monotonic)
    ended: float | None = None

    def summary(self) -> dict[str, Any]:
        """The task as GET /nodes/{node}/tasks lists it.

        An ended task comes from the archive index: pve-manager's Tasks.pm splits a token's
        `user@realm!token` into `user` and `tokenid` ($convert_token_task). An active one comes
        from the `active` file as it is: the whole token in `user`, `saved` "0", status "RUNNING".
        """
        item: dict[str, Any] = {
            "upid": self.upid,
            "node": self.node,
            "pid": self.pid,
            "pstart": self.pstart,
            "starttime": self.starttime,
            "type": self.type,
            "id": self.id,
            "user": self.user,
        }
        if self.status == "stopped":
            user, _, token = self.user.partition("!")
            item["user"] = user
            if token:
                item["tokenid"] = token
            item["endtime"] = self.endtime
            item["status"] = self.exitstatus
        else:
            item["saved"] = "0"
            item["status"] = "RUNNING"
        return item


@dataclass(frozen=True)
class SshExec:
    """One `pct exec` the SSH endpoint ran: the command line as it arrived, and the argv it split into."""

    vmid: int
    command: str  # the raw string the client sent, so a test can tell quoted text from unquoted
    argv: tuple[str, ...]
    exit_status: int


@dataclass
class ClusterState:
    cluster_name: str = "pvesim"
    nodes: dict[str, Node] = field(default_factory=dict)
    guests: dict[int, Guest] = field(default_factory=dict)
    storages: dict[str, Storage] = field(default_factory=dict)
    # Volumes live on a (node, storage) pair; a shared storage keeps its volumes under node "".
    volumes: dict[tuple[str, str], dict[str, Volume]] = field(default_factory=dict)
    #: every task by UPID; add one with add_task, which keeps each node's history too
    tasks: dict[str, Task] = field(default_factory=dict)
    node_tasks: dict[str, dict[str, Task]] = field(default_factory=dict, repr=False, compare=False)
    # How many times each effect happened per VMID ("created", "started", "deleted", ...), so a
    # test can prove an operation took effect exactly once.
    counts: defaultdict[int, Counter[str]] = field(default_factory=lambda: defaultdict(Counter))
    ssh_execs: list[SshExec] = field(default_factory=list)
    pools: dict[str, Pool] = field(default_factory=dict)
    ha_resources: dict[str, HaResource] = field(default_factory=dict)
    firewall: Firewall = field(default_factory=lambda: Firewall.example("10.10.10.0/24"))

    def add_task(self, task: Task) -> None:
        self.tasks[task.upid] = task
        self.node_tasks.setdefault(task.node, {})[task.upid] = task

    def tasks_on(self, node: str) -> Iterable[Task]:
        """A node's own task history (a node reads its own index file, not the cluster's)."""
        return self.node_tasks.get(node, {}).values()

    def pool_of(self, vmid: int) -> str | None:
        """The pool a guest belongs to (a guest is in at most one)."""
        return next((p.poolid for p in self.pools.values() if vmid in p.vms), None)

    def ha_resource(self, guest: Guest) -> HaResource | None:
        return self.ha_resources.get(f"{'vm' if guest.kind == 'qemu' else 'ct'}:{guest.vmid}")

    def storage_used(self, node: str, storage: str) -> int:
        """Bytes used on a storage as seen from a node: its volumes and the reserved rest."""
        reserved = self.storages[storage].reserved if storage in self.storages else 0
        return reserved + sum(v.size for v in self.volume_bucket(node, storage).values())

    def storage_free(self, node: str, storage: str) -> int:
        if storage not in self.storages:
            return 0
        return max(0, self.storages[storage].total - self.storage_used(node, storage))

    def find_volume(self, volid: str) -> tuple[str, Volume] | None:
        """A volume anywhere in the cluster, with the node key of its bucket ("" for a shared storage)."""
        for (node, _storage), bucket in self.volumes.items():
            if volid in bucket:
                return node, bucket[volid]
        return None

    def count(self, vmid: int, effect: str) -> None:
        self.counts[vmid][effect] += 1

    def volume_bucket(self, node: str, storage: str) -> dict[str, Volume]:
        shared = self.storages[storage].shared if storage in self.storages else False
        return self.volumes.setdefault(("" if shared else node, storage), {})

    def add_volume(self, node: str, volume: Volume) -> None:
        self.volume_bucket(node, volume.storage)[volume.volid] = volume

    def remove_guest_volumes(self, guest: Guest, *, unreferenced: bool = True) -> list[str]:
        """Drop the guest's volumes on its node (backups stay); the volids removed.

        Without `unreferenced`, only those its config names (disks, unusedN), as a destroy without
        destroy-unreferenced-disks does; with it, every volume carrying its VMID.
        """
        named = guest.referenced_volumes()
        removed: list[str] = []
        for (node, _storage), bucket in self.volumes.items():
            if node not in ("", guest.node):
                continue
            for volid, vol in list(bucket.items()):
                if vol.vmid == guest.vmid and vol.content != "backup" and (unreferenced or volid in named):
                    del bucket[volid]
                    removed.append(volid)
        return removed

    def to_json(self) -> dict[str, Any]:
        """The whole state as plain JSON (what /_sim/state answers)."""
        return {
            "cluster_name": self.cluster_name,
            "nodes": {name: {"ip": n.ip, "online": n.online} for name, n in self.nodes.items()},
            "guests": {
                str(vmid): {
                    "vmid": g.vmid,
                    "type": g.kind,
                    "node": g.node,
                    "status": g.status,
                    "paused": g.paused,
                    "config": dict(g.config),
                    "pending": dict(g.pending),
                    "pending_delete": sorted(g.pending_delete),
                    "snapshots": sorted(g.snapshots),
                }
                for vmid, g in sorted(self.guests.items())
            },
            "storages": {
                sid: {"type": s.type, "content": s.content, "shared": s.shared} for sid, s in self.storages.items()
            },
            "volumes": {
                f"{node or '*'}/{storage}": sorted(bucket) for (node, storage), bucket in sorted(self.volumes.items())
            },
            "tasks": [
                {**task.summary(), "status": task.status, "exitstatus": task.exitstatus, "ended": task.ended}
                for task in self.tasks.values()
            ],
            "counts": {str(vmid): dict(counter) for vmid, counter in sorted(self.counts.items())},
            "pools": {
                p.poolid: {"comment": p.comment, "vms": sorted(p.vms), "storage": sorted(p.storage)}
                for p in self.pools.values()
            },
            "ha_resources": {
                r.sid: {"state": r.state, "crm_state": r.crm_state, "group": r.group}
                for r in self.ha_resources.values()
            },
            "ssh_execs": [
                {"vmid": e.vmid, "command": e.command, "argv": list(e.argv), "exit_status": e.exit_status}
                for e in self.ssh_execs
            ],
        }
