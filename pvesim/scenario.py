"""Clusters to simulate: the default one, one loaded from a YAML/JSON file, or a generated large one.

A scenario file looks like this (every section optional; see docs/pvesim.md):

    cluster_name: lab
    nodes: [{name: pve1, ip: 10.0.0.11}, {name: pve2, ip: 10.0.0.12, online: false}]
    storages: [{storage: local, type: dir, content: [iso, vztmpl, backup], full: true}]
    volumes: [{node: pve1, volid: "local:iso/debian.iso", size: 1000000}]
    guests:
      - {vmid: 100, type: qemu, node: pve1, status: running, config: {name: web, memory: "2048"},
         tags: [prod, web], agent: {running: true, blocked: [guest-exec]},
         snapshots: [{name: before-upgrade, description: "pre apt upgrade"}]}
    pools: [{poolid: prod, comment: "production", vms: [100], storage: [local]}]
    ha: [{sid: "vm:100", state: started, max_restart: 1, max_relocate: 1}]
"""

from __future__ import annotations

import contextlib
import json
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Literal

import yaml

from pvesim.disks import VZTMPL_FORMATS
from pvesim.state import Agent, ClusterState, Guest, GuestKind, HaResource, Node, Pool, Snapshot, Storage, Task, Volume

__all__ = ["ScenarioError", "build_state", "default_state", "generated_state", "load_scenario", "state_from_dict"]

GiB = 1024**3

_ISOS = {
    "local:iso/ubuntu-24.04.2-live-server-amd64.iso": 3_213_064_192,
    "local:iso/debian-13.1.0-amd64-netinst.iso": 783_286_272,
}
_TEMPLATES = {
    "local:vztmpl/debian-12-standard_12.7-1_amd64.tar.zst": 126_940_324,
    "local:vztmpl/ubuntu-24.04-standard_24.04-2_amd64.tar.zst": 141_244_617,
    "local:vztmpl/alpine-3.21-default_20250108_amd64.tar.xz": 3_206_480,
}
_SSH_KEY = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGb6BQZbcBFPi5Xe4wJb0qK2Wb1a0Jp3F0xqzq9vQmQk admin@example"


def _default_storages() -> list[Storage]:
    return [
        Storage("local", "dir", ["iso", "vztmpl", "backup", "snippets"], path="/var/lib/vz", total=100 * GiB),
        Storage("local-lvm", "lvmthin", ["images", "rootdir"], total=800 * GiB),
    ]


def _mac(vmid: int) -> str:
    """A stable MAC from Proxmox's BC:24:11 prefix."""
    return f"BC:24:11:{vmid // 65536 % 256:02X}:{vmid // 256 % 256:02X}:{vmid % 256:02X}"


def _qemu_config(vmid: int, name: str, *, disk_gb: int = 32, cloudinit: bool = False) -> dict[str, str]:
    config = {
        "name": name,
        "memory": "2048",
        "cores": "2",
        "sockets": "1",
        "cpu": "x86-64-v2-AES",
        "ostype": "l26",
        "scsihw": "virtio-scsi-single",
        "scsi0": f"local-lvm:vm-{vmid}-disk-0,iothread=1,size={disk_gb}G",
        "net0": f"virtio={_mac(vmid)},bridge=vmbr0,firewall=1",
        "boot": "order=scsi0;net0",
        "agent": "1",
        "vmgenid": f"6b1f0c9e-1d0a-4c1e-9a63-{vmid:012d}",
        "smbios1": f"uuid=2f5c3a1e-8d7b-4f3c-b1a2-{vmid:012d}",
    }
    if cloudinit:
        config |= {
            "ide2": f"local-lvm:vm-{vmid}-cloudinit,media=cdrom",
            "ciuser": "ubuntu",
            "ipconfig0": "ip=dhcp",
            "sshkeys": _SSH_KEY.replace(" ", "%20").replace("@", "%40"),
        }
    return config


def _lxc_config(vmid: int, hostname: str, ostype: str = "debian") -> dict[str, str]:
    return {
        "hostname": hostname,
        "arch": "amd64",
        "ostype": ostype,
        "memory": "512",
        "swap": "512",
        "cores": "1",
        "rootfs": f"local-lvm:vm-{vmid}-disk-0,size=8G",
        "net0": f"name=eth0,bridge=vmbr0,firewall=1,hwaddr={_mac(vmid)},ip=dhcp,type=veth",
        "unprivileged": "1",
        "features": "nesting=1",
    }


def _add_guest(state: ClusterState, guest: Guest) -> None:
    state.guests[guest.vmid] = guest
    if guest.status == "running":
        guest.started_at = time.time() - 3600
    if guest.kind == "qemu":
        guest.cloudinit_applied = guest.cloudinit_config()
    for key, value in guest.config.items():
        disk = _disk_volume(guest.vmid, key, value)
        if disk is not None:
            state.add_volume(guest.node, disk)


def _disk_volume(vmid: int, key: str, value: str) -> Volume | None:
    """The volume a disk option (scsi0, rootfs, mp0, ...) refers to, if it is one of the guest's."""
    if not any(key.startswith(prefix) for prefix in ("scsi", "virtio", "sata", "ide", "efidisk", "rootfs", "mp")):
        return None
    volid = value.split(",", maxsplit=1)[0]
    if ":" not in volid or f"vm-{vmid}-" not in volid:
        return None
    size = 4 * 1024**2
    for part in value.split(",")[1:]:
        if part.startswith("size="):
            size = _parse_size(part.removeprefix("size="))
    content = "rootdir" if key in ("rootfs",) or key.startswith("mp") else "images"
    return Volume(volid, content, size, "raw", vmid=vmid)


def _parse_size(text: str) -> int:
    units = {"K": 1024, "M": 1024**2, "G": 1024**3, "T": 1024**4}
    if text and text[-1] in units:
        return int(float(text[:-1]) * units[text[-1]])
    return int(text)


def _base_state(node_names: list[str]) -> ClusterState:
    state = ClusterState()
    for index, name in enumerate(node_names, start=1):
        state.nodes[name] = Node(name, f"10.10.10.{10 + index}")
    for storage in _default_storages():
        state.storages[storage.storage] = storage
    for name in node_names:
        for volid, size in (_ISOS | _TEMPLATES).items():
            content = "iso" if "iso/" in volid else "vztmpl"
            fmt = "iso" if content == "iso" else VZTMPL_FORMATS.get(volid.rsplit(".", 1)[-1], "tar")
            state.add_volume(name, Volume(volid, content, size, fmt))
    return state


def default_state() -> ClusterState:
    """Two nodes with VMs and containers in varied states, a template, snapshots and cloud-init."""
    state = _base_state(["pve1", "pve2"])
    web = _qemu_config(100, "web01", cloudinit=True) | {"tags": "prod;web"}
    _add_guest(state, Guest(100, "qemu", "pve1", "running", web))
    _add_guest(
        state, Guest(101, "qemu", "pve1", "stopped", _qemu_config(101, "db01", disk_gb=64) | {"tags": "db;prod"})
    )
    _add_guest(state, Guest(102, "qemu", "pve2", "running", _qemu_config(102, "app01") | {"tags": "prod"}))
    template = _qemu_config(9000, "ubuntu-2404-cloud", disk_gb=4, cloudinit=True) | {"template": "1"}
    template["scsi0"] = "local-lvm:base-9000-disk-0,size=4G"
    _add_guest(state, Guest(9000, "qemu", "pve1", "stopped", template))
    state.add_volume("pve1", Volume("local-lvm:base-9000-disk-0", "images", 4 * GiB, "raw", vmid=9000))
    _add_guest(state, Guest(200, "lxc", "pve1", "running", _lxc_config(200, "dns01") | {"tags": "infra"}))
    _add_guest(state, Guest(201, "lxc", "pve1", "stopped", _lxc_config(201, "build01", "ubuntu")))
    _add_guest(state, Guest(202, "lxc", "pve2", "running", _lxc_config(202, "cache01", "alpine")))
    now = int(time.time())
    state.guests[100].snapshots["before-upgrade"] = Snapshot(
        "before-upgrade", "state before apt full-upgrade", now - 7200, config=dict(state.guests[100].config)
    )
    state.guests[200].snapshots["clean"] = Snapshot(
        "clean", "fresh install", now - 86400, config=dict(state.guests[200].config)
    )
    state.guests[100].config["parent"] = "before-upgrade"
    state.guests[200].config["parent"] = "clean"
    backup = Volume(
        "local:backup/vzdump-qemu-101-2026_01_10-02_00_01.vma.zst",
        "backup",
        2_148_003_840,
        "vma.zst",
        vmid=101,
        ctime=int(time.mktime((2026, 1, 10, 2, 0, 1, 0, 0, -1))),
        notes="db01",
        subtype="qemu",
        backup_config=dict(state.guests[101].config),
    )
    state.add_volume("pve1", backup)
    return state


def generated_state(guests: int) -> ClusterState:
    """A large cluster for benchmarks: four nodes, half VMs and half containers, every third one running."""
    names = ["pve1", "pve2", "pve3", "pve4"]
    state = _base_state(names)
    for index in range(guests):
        vmid = 1000 + index
        node = names[index % len(names)]
        status: Literal["running", "stopped"] = "running" if index % 3 == 0 else "stopped"
        if index % 2 == 0:
            _add_guest(state, Guest(vmid, "qemu", node, status, _qemu_config(vmid, f"vm{vmid}")))
        else:
            _add_guest(state, Guest(vmid, "lxc", node, status, _lxc_config(vmid, f"ct{vmid}")))
    return state


#: a datacenter's size (`pvesim --scale datacenter`): what the bounded lists are measured against
DATACENTER_NODES, DATACENTER_GUESTS, DATACENTER_SHARED_STORAGES = 32, 10_000, 38
DATACENTER_TASKS, DATACENTER_BACKUPS = 100_000, 5_000
#: the ended tasks of a datacenter's last 90 days, in proportions an admin would recognize
_HISTORY_TYPES = (
    ("vzdump", 30), ("qmstart", 12), ("qmstop", 6), ("qmshutdown", 8), ("vzstart", 12), ("vzstop", 5),
    ("vzshutdown", 7), ("qmigrate", 4), ("qmsnapshot", 5), ("qmclone", 3), ("imgdel", 4), ("aptupdate", 4),
)  # fmt: skip
_DATACENTER_TAGS = ("prod", "dev", "test", "web", "db", "batch", "infra")
_DATACENTER_POOLS = ("team-a", "team-b", "team-c", "team-d", "team-e")


def datacenter_state() -> ClusterState:
    """32 nodes, 10,000 guests (half VMs, half containers; a third running, with loads of their own;
    two tags each; four in five in one of five pools) and 40 storages (38 shared NFS)."""
    names = [f"pve{n}" for n in range(1, DATACENTER_NODES + 1)]
    state = _base_state(names)
    for index in range(DATACENTER_SHARED_STORAGES):
        content = ["images", "rootdir", "backup", "iso"]
        storage = Storage(f"nfs{index:02d}", "nfs", content, shared=True, total=8 * 2**40)
        state.storages[storage.storage] = storage
    for pool in _DATACENTER_POOLS:
        state.pools[pool] = Pool(pool)
    for index in range(DATACENTER_GUESTS):
        vmid = 1000 + index
        node = names[index % len(names)]
        status: Literal["running", "stopped"] = "running" if index % 3 == 0 else "stopped"
        tags = {"tags": f"{_DATACENTER_TAGS[index % 7]};{_DATACENTER_TAGS[(index // 7 + 3) % 7]}"}
        if index % 2 == 0:
            guest = Guest(vmid, "qemu", node, status, _qemu_config(vmid, f"vm{vmid}") | tags)
        else:
            guest = Guest(vmid, "lxc", node, status, _lxc_config(vmid, f"ct{vmid}") | tags)
        guest.cpu_load = (index * 37 % 100) / 100
        _add_guest(state, guest)
        if index % 5:
            state.pools[_DATACENTER_POOLS[index % 5]].vms.add(vmid)
    _datacenter_history(state, names)
    _datacenter_backups(state)
    return state


def _datacenter_history(state: ClusterState, names: list[str]) -> None:
    """DATACENTER_TASKS ended tasks over the last 90 days, a node's own on each; about 2% failed, 3% warned."""
    types = [task_type for task_type, weight in _HISTORY_TYPES for _ in range(weight)]
    now = int(time.time()) - 60
    span = 90 * 86400
    for index in range(DATACENTER_TASKS):
        node = names[index % len(names)]
        task_type = types[index * 7 % len(types)]
        vmid = 1000 + index * 13 % DATACENTER_GUESTS
        task_id = "" if task_type == "aptupdate" else str(vmid)
        starttime = now - span + index * span // DATACENTER_TASKS
        duration = 600 if task_type in ("vzdump", "qmigrate", "qmclone") else 2 + index % 40
        exitstatus = "OK"
        if index % 50 == 7:
            exitstatus = f"command '{task_type} {task_id}' failed: exit code 1"
        elif index % 33 == 5:
            exitstatus = "WARNINGS: 1"
        pid, pstart = 100_000 + index, 4_000_000 + index
        upid = f"UPID:{node}:{pid:08X}:{pstart:08X}:{starttime:08X}:{task_type}:{task_id}:root@pam:"
        state.add_task(
            Task(
                upid=upid,
                node=node,
                type=task_type,
                id=task_id,
                user="root@pam",
                pid=pid,
                pstart=pstart,
                starttime=starttime,
                vmid=vmid if task_id else None,
                status="stopped",
                exitstatus=exitstatus,
                endtime=min(now, starttime + duration),
            )
        )


def _datacenter_backups(state: ClusterState) -> None:
    """DATACENTER_BACKUPS vzdump archives on the shared storages: nightly ones of a fifth of the guests."""
    now = int(time.time())
    for index in range(DATACENTER_BACKUPS):
        guest = state.guests[1000 + index * 5 % DATACENTER_GUESTS]
        ctime = now - 86400 * (1 + index // 2000) - index % 2000 * 7
        stamp = time.strftime("%Y_%m_%d-%H_%M_%S", time.gmtime(ctime))
        storage = f"nfs{index % DATACENTER_SHARED_STORAGES:02d}"
        kind, ext = ("qemu", "vma.zst") if guest.kind == "qemu" else ("lxc", "tar.zst")
        volume = Volume(
            f"{storage}:backup/vzdump-{kind}-{guest.vmid}-{stamp}.{ext}",
            "backup",
            2 * 2**30 + index * 2**20,
            ext,
            vmid=guest.vmid,
            ctime=ctime,
            notes=str(guest.config.get("name") or guest.config.get("hostname") or ""),
            subtype=kind,
            backup_config=dict(guest.config),
        )
        state.add_volume("", volume)


class ScenarioError(ValueError):
    """A scenario file that cannot be read or describes no valid cluster; the message is one line."""


@contextlib.contextmanager
def _at(where: str) -> Iterator[None]:
    """Turn what a malformed entry raises into a ScenarioError naming the entry."""
    try:
        yield
    except KeyError as missing:
        raise ScenarioError(f"{where}: missing {missing.args[0]!r}") from None
    except (TypeError, ValueError, AttributeError) as problem:
        raise ScenarioError(f"{where}: {problem}") from None


def _entries(data: dict[str, Any], section: str) -> Iterator[tuple[str, dict[str, Any]]]:
    """The mappings of a list section, each with its place ("guests[2]")."""
    items = data.get(section) or []
    if not isinstance(items, list):
        raise ScenarioError(f"{section}: expected a list, got {type(items).__name__}")
    for index, item in enumerate(items):
        if not isinstance(item, dict):
            raise ScenarioError(f"{section}[{index}]: expected a mapping, got {type(item).__name__}")
        yield f"{section}[{index}]", item


def state_from_dict(data: dict[str, Any]) -> ClusterState:
    """A cluster from a scenario document (see the module docstring); ScenarioError names a bad entry."""
    nodes = list(_entries(data, "nodes"))
    node_names: list[str] = []
    for where, node_data in nodes:
        with _at(where):
            node_names.append(str(node_data["name"]))
    state = _base_state(node_names or ["pve1", "pve2"])
    state.cluster_name = str(data.get("cluster_name", state.cluster_name))
    for where, node_data in nodes:
        with _at(where):
            node = state.nodes[str(node_data["name"])]
            node.ip = str(node_data.get("ip", node.ip))
            node.online = bool(node_data.get("online", True))
            node.maxcpu = int(node_data.get("maxcpu", node.maxcpu))
            node.maxmem = int(node_data.get("maxmem", node.maxmem))
    if "storages" in data:
        state.storages = {}
        state.volumes = {}
        for where, item in _entries(data, "storages"):
            with _at(where):
                storage = _storage(item, state)
            state.storages[storage.storage] = storage
    for where, item in _entries(data, "volumes"):
        with _at(where):
            _add_volume(state, item)
    for where, item in _entries(data, "guests"):
        with _at(where):
            _add_scenario_guest(state, item, node_names[0] if node_names else "pve1")
    for where, item in _entries(data, "pools"):
        with _at(where):
            _add_pool(state, item)
    for where, item in _entries(data, "ha"):
        with _at(where):
            _add_ha_resource(state, item)
    _fill_full_storages(state)
    return state


def _storage(item: dict[str, Any], state: ClusterState) -> Storage:
    nodes = item.get("nodes")
    if nodes is not None:
        nodes = [str(n) for n in nodes]
        unknown = [n for n in nodes if n not in state.nodes]
        if unknown:
            raise ValueError(f"no such node {unknown[0]!r}")
    storage_type = str(item.get("type", "dir"))
    storage = Storage(
        str(item["storage"]),
        storage_type,
        [str(c) for c in item.get("content", ["images"])],
        shared=bool(item.get("shared", storage_type in ("pbs", "nfs", "cifs", "rbd", "cephfs"))),
        total=int(item.get("total", 500 * GiB)),
        path=str(item["path"]) if "path" in item else ("/var/lib/vz" if item["storage"] == "local" else None),
        reserved=int(item.get("used", 0)),
        datastore=str(item["datastore"]) if "datastore" in item else None,
        nodes=nodes,
    )
    if item.get("full"):
        storage.reserved = -1  # filled once the volumes are known: nothing more fits
    return storage


def _fill_full_storages(state: ClusterState) -> None:
    """A storage marked `full: true` has no byte left, whatever its volumes take."""
    for storage in state.storages.values():
        if storage.reserved == -1:
            storage.reserved = 0
            used = max((state.storage_used(node, storage.storage) for node in state.nodes), default=0)
            storage.reserved = max(0, storage.total - used)


def _add_pool(state: ClusterState, item: dict[str, Any]) -> None:
    poolid = str(item["poolid"])
    vms = {int(v) for v in item.get("vms", [])}
    unknown = [v for v in vms if v not in state.guests]
    if unknown:
        raise ValueError(f"no such guest {unknown[0]}")
    for vmid in vms:
        owner = state.pool_of(vmid)
        if owner is not None and owner != poolid:
            raise ValueError(f"guest {vmid} is in pool {owner!r} already")
    pool = state.pools.setdefault(poolid, Pool(poolid))
    pool.comment = str(item["comment"]) if "comment" in item else pool.comment
    pool.vms |= vms
    pool.storage |= {str(s) for s in item.get("storage", [])}


def _add_ha_resource(state: ClusterState, item: dict[str, Any]) -> None:
    sid = str(item["sid"])
    if sid.isdigit():
        guest = state.guests.get(int(sid))
        sid = f"{'ct' if guest is not None and guest.kind == 'lxc' else 'vm'}:{sid}"
    kind, _, vmid = sid.partition(":")
    guest = state.guests.get(int(vmid)) if vmid.isdigit() else None
    if kind not in ("vm", "ct") or guest is None or (guest.kind == "lxc") != (kind == "ct"):
        raise ValueError(f"no such guest for HA resource {sid!r}")
    state.ha_resources[sid] = HaResource(
        sid,
        str(item.get("state", "started")),
        max_restart=int(item["max_restart"]) if "max_restart" in item else None,
        max_relocate=int(item["max_relocate"]) if "max_relocate" in item else None,
        group=str(item["group"]) if "group" in item else None,
        comment=str(item["comment"]) if "comment" in item else None,
        failback=bool(item["failback"]) if "failback" in item else None,
    )


def _add_volume(state: ClusterState, item: dict[str, Any]) -> None:
    volid = str(item["volid"])
    content = str(item.get("content", volid.split(":", 1)[1].split("/", 1)[0] if "/" in volid else "images"))
    name = volid.split("/", 1)[-1]
    backup = re.match(
        r"^vzdump-(qemu|lxc)-(\d+)-(\d{4})_(\d\d)_(\d\d)-(\d\d)_(\d\d)_(\d\d)\.((?:vma|tar)(?:\.\w+)?)$", name
    )
    vmid = item.get("vmid")
    fmt = str(item.get("format", "raw"))
    ctime = item.get("ctime")
    subtype = item.get("subtype")
    if content == "backup" and backup:
        kind, found_vmid, *stamp, found_format = backup.groups()
        vmid = int(vmid if vmid is not None else found_vmid)
        fmt = str(item.get("format", found_format))
        subtype = subtype or kind
        ctime = ctime or int(time.mktime((*map(int, stamp), 0, 0, -1)))  # type: ignore[arg-type]
    volume = Volume(volid, content, int(item.get("size", GiB)), fmt, vmid)
    if ctime is not None:
        volume.ctime = int(ctime)
    volume.subtype = str(subtype) if subtype else None
    volume.notes = str(item["notes"]) if "notes" in item else None
    volume.protected = bool(item.get("protected", False))
    if content == "backup" and vmid is not None:
        kind = "lxc" if volume.subtype == "lxc" else "qemu"
        base = (
            _qemu_config(int(vmid), f"restored{vmid}") if kind == "qemu" else _lxc_config(int(vmid), f"restored{vmid}")
        )
        volume.backup_config = base | {str(k): str(v) for k, v in (item.get("config") or {}).items()}
    state.add_volume(str(item["node"]), volume)


def _add_scenario_guest(state: ClusterState, item: dict[str, Any], default_node: str) -> None:
    vmid = int(item["vmid"])
    kind: GuestKind = "lxc" if item.get("type") == "lxc" else "qemu"
    name = str(item.get("name", f"guest{vmid}"))
    node = str(item.get("node", default_node))
    if node not in state.nodes:
        raise ValueError(f"no such node {node!r}")
    base = _qemu_config(vmid, name) if kind == "qemu" else _lxc_config(vmid, name)
    config = base | {str(k): str(v) for k, v in (item.get("config") or {}).items()}
    tags = item.get("tags")
    if tags:
        config["tags"] = ";".join(str(t) for t in tags) if isinstance(tags, list) else str(tags)
    status: Literal["running", "stopped"] = "running" if item.get("status") == "running" else "stopped"
    guest = Guest(vmid, kind, node, status, config)
    agent = item.get("agent")
    if isinstance(agent, dict):
        guest.agent = Agent(
            running=bool(agent.get("running", True)),
            blocked=frozenset(_qga_name(str(c)) for c in agent.get("blocked", [])),
            interfaces=tuple(dict(i) for i in agent.get("interfaces", [])),
        )
    elif agent is not None:
        raise ValueError("agent: expected a mapping such as {running: false, blocked: [guest-exec]}")
    guest.pending = {str(k): str(v) for k, v in (item.get("pending") or {}).items()}
    _add_guest(state, guest)
    if item.get("pool") is not None:
        _add_pool(state, {"poolid": item["pool"], "vms": [vmid]})
    for snap in item.get("snapshots", []):
        guest.snapshots[str(snap["name"])] = Snapshot(
            str(snap["name"]), str(snap.get("description", "")), config=dict(guest.config)
        )


def _qga_name(command: str) -> str:
    """A blocked agent command as qemu-ga names it ("exec" and "guest-exec" both mean guest-exec)."""
    return command if command.startswith("guest-") else f"guest-{command}"


def load_scenario(path: Path) -> ClusterState:
    """A cluster from a YAML or JSON file; ScenarioError says in one line what is wrong with it."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as problem:
        raise ScenarioError(f"scenario {path}: cannot read it: {problem}") from None
    try:
        data = json.loads(text) if path.suffix == ".json" else yaml.safe_load(text)
    except json.JSONDecodeError as problem:
        raise ScenarioError(
            f"scenario {path}: invalid JSON at line {problem.lineno}, column {problem.colno}: {problem.msg}"
        ) from None
    except yaml.YAMLError as problem:
        raise ScenarioError(f"scenario {path}: invalid YAML {_yaml_place(problem)}") from None
    if not isinstance(data, dict):
        raise ScenarioError(f"scenario {path}: expected a mapping at the top level, got {type(data).__name__}")
    try:
        return state_from_dict(data)
    except ScenarioError as problem:
        raise ScenarioError(f"scenario {path}: {problem}") from None


def _yaml_place(problem: yaml.YAMLError) -> str:
    """Where and what, in one line ("at line 3, column 5: found unexpected end of stream")."""
    if isinstance(problem, yaml.MarkedYAMLError) and problem.problem_mark is not None:
        mark = problem.problem_mark
        return f"at line {mark.line + 1}, column {mark.column + 1}: {problem.problem}"
    return ": " + " ".join(str(problem).split())


def build_state(
    scenario: Path | None, guests: int | None, offline_nodes: tuple[str, ...], scale: str | None = None
) -> ClusterState:
    """The cluster a simulator starts with."""
    if scenario is not None:
        state = load_scenario(scenario)
    elif scale == "datacenter":
        state = datacenter_state()
    elif guests is not None:
        state = generated_state(guests)
    else:
        state = default_state()
    for name in offline_nodes:
        if name not in state.nodes:
            raise ValueError(f"--offline-node {name}: no such node (have {', '.join(state.nodes)})")
        state.nodes[name].online = False
    return state
