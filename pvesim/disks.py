"""Volumes as the long operations see them: names, sizes, storage features, allocation and its output.

Sizes and wording follow pve-common (PVE::Format render_bytes/render_duration, JSONSchema
format_size/parse_size) and pve-storage (volume names per plugin, `volume_has_feature`,
the LVM tools' output that lands in task logs).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from pvesim.state import ClusterState, Storage, Volume
from pvesim.tasks import TaskContext, TaskFailed

__all__ = [
    "DISK_KEY",
    "ENOSPC",
    "VZTMPL_FORMATS",
    "Disk",
    "allocate",
    "disk_size",
    "disks_of",
    "format_size",
    "has_feature",
    "lvm_rename",
    "new_volid",
    "parse_size",
    "render_bytes",
    "render_duration",
    "volume_path",
]

#: the format pve-storage lists a container template in, by its compression ("tzst" for .tar.zst)
VZTMPL_FORMATS = {"zst": "tzst", "xz": "txz", "gz": "tgz", "bz2": "tbz2"}

#: config keys that hold a guest's disks or mount points (not unusedN)
DISK_KEY = re.compile(r"^(?:(?:ide|sata|scsi|virtio|efidisk|tpmstate|mp)\d+|rootfs)$")
ENOSPC = "No space left on device"
_FILE_STORAGES = frozenset({"dir", "nfs", "cifs", "btrfs", "cephfs", "glusterfs"})
_SIZE = re.compile(r"^(\d+(?:\.\d+)?)([KMGT])?$")
_UNITS = {"K": 1024, "M": 1024**2, "G": 1024**3, "T": 1024**4}


def render_bytes(value: float, precision: int = 2) -> str:
    """PVE::Format::render_bytes: "1.0 GiB" with precision 1, "2.00 GiB" by default."""
    units = ["B", "KiB", "MiB", "GiB", "TiB", "PiB"]
    unit = 0
    if value > 1023:
        unit = min(int(math.log(value) / math.log(1024)), len(units) - 1)
        value /= 1024**unit
    return f"{value:.{precision or 2}f} {units[unit]}"


def render_duration(seconds: float) -> str:
    """PVE::Format::render_duration: "1m 2s", "45s", "0s"."""
    rest = round(seconds)
    if not rest:
        return "0s"
    parts = []
    for unit, length in (("w", 604800), ("d", 86400), ("h", 3600), ("m", 60), ("s", 1)):
        if rest >= length:
            parts.append(f"{rest // length}{unit}")
            rest %= length
    return " ".join(parts)


def format_size(size: int) -> str:
    """PVE::JSONSchema::format_size, as a drive's `size=` is written: "32G", "512M", or plain bytes."""
    for unit, factor in (("T", 1024**4), ("G", 1024**3), ("M", 1024**2), ("K", 1024)):
        if size % factor == 0:
            return f"{size // factor}{unit}"
    return str(size)


def parse_size(text: str) -> int | None:
    """PVE::JSONSchema::parse_size: "10G", "512M", "1.5T", "1024" (bytes)."""
    found = _SIZE.match(text.strip())
    if not found:
        return None
    number, unit = found.groups()
    return int(float(number) * _UNITS.get(unit or "", 1))


@dataclass(frozen=True)
class Disk:
    """One of a guest's disks: its config key, volume, options and size."""

    key: str
    volid: str
    options: str
    size: int

    @property
    def storage(self) -> str:
        return self.volid.split(":", 1)[0]

    @property
    def name(self) -> str:
        return self.volid.split(":", 1)[1].rsplit("/", 1)[-1]

    @property
    def is_base(self) -> bool:
        return self.name.startswith("base-")

    @property
    def cdrom(self) -> bool:
        return "media=cdrom" in self.options.split(",")

    @property
    def cloudinit(self) -> bool:
        return "-cloudinit" in self.volid


def disk_size(value: str) -> int | None:
    """The `size=` of a drive or mount point string, in bytes."""
    for part in value.split(",")[1:]:
        if part.startswith("size="):
            return parse_size(part.removeprefix("size="))
    return None


def disks_of(state: ClusterState, config: dict[str, str]) -> list[Disk]:
    """The disks a config names (volumes on a storage; `none` and passed-through paths left out)."""
    out = []
    for key in sorted(config):
        if not DISK_KEY.match(key):
            continue
        volid, _, options = config[key].partition(",")
        if ":" not in volid or volid.startswith("/"):
            continue
        found = state.find_volume(volid)
        size = disk_size(config[key]) or (found[1].size if found else 4 * 1024**3)
        out.append(Disk(key, volid, options, size))
    return out


def has_feature(storage: Storage, feature: str, disk: Disk, *, snapshot: bool = False) -> bool:
    """pve-storage's volume_has_feature for the storage types pvesim knows (raw volumes)."""
    key = "snap" if snapshot else ("base" if disk.is_base else "current")
    features: dict[str, set[str]]
    if storage.type in ("lvmthin", "zfspool", "rbd"):
        features = {"clone": {"base", "snap"}, "copy": {"base", "current", "snap"}, "template": {"current"}}
    elif storage.type == "lvm":
        features = {"copy": {"base", "current"}, "template": set()}
    else:  # file based: raw images (qcow2 would also allow snapshots and snapshot copies)
        features = {"clone": {"base"}, "copy": {"base", "current"}, "template": {"current"}}
    return key in features.get(feature, set())


def volume_path(state: ClusterState, volid: str) -> str:
    """The path PVE::Storage::path gives: /dev/pve/vm-100-disk-0, /var/lib/vz/images/100/vm-100-disk-0.raw."""
    storage_id, _, name = volid.partition(":")
    storage = state.storages.get(storage_id)
    if storage is None:
        return f"/dev/{storage_id}/{name}"
    if storage.type in ("lvmthin", "lvm"):
        return f"/dev/pve/{name.rsplit('/', 1)[-1]}"
    if storage.type == "zfspool":
        return f"/dev/zvol/rpool/data/{name}"
    if storage.type == "rbd":
        return f"rbd:{storage_id}/{name}"
    base = storage.path or f"/mnt/pve/{storage_id}"
    if name.startswith(("backup/", "iso/", "vztmpl/", "snippets/")):
        folder, _, file = name.partition("/")
        return f"{base}/{'dump' if folder == 'backup' else 'template/cache' if folder == 'vztmpl' else folder}/{file}"
    return f"{base}/images/{name}"


def _taken(state: ClusterState) -> set[str]:
    return {volid for bucket in state.volumes.values() for volid in bucket}


def new_volid(state: ClusterState, storage: Storage, vmid: int, *, name: str | None = None) -> str:
    """The next free volume name of a guest on a storage (find_free_diskname)."""
    file_based = storage.type in _FILE_STORAGES
    taken = _taken(state)
    if name is not None:
        volname = f"{vmid}/{name}.raw" if file_based else name
        return f"{storage.storage}:{volname}"
    index = 0
    while True:
        volname = f"{vmid}/vm-{vmid}-disk-{index}.raw" if file_based else f"vm-{vmid}-disk-{index}"
        if f"{storage.storage}:{volname}" not in taken:
            return f"{storage.storage}:{volname}"
        index += 1


def allocate(
    state: ClusterState,
    context: TaskContext,
    *,
    node: str,
    storage_id: str,
    vmid: int,
    size: int,
    content: str,
    name: str | None = None,
) -> Volume:
    """Allocate a volume (vdisk_alloc), writing what the storage's tools print; not yet added to the state.

    A storage that lacks the room fails the way its plugin does: lvcreate for LVM (thick); the
    others fail later, with ENOSPC while the data is written (pvesim.progress.Stopped).
    """
    storage = state.storages.get(storage_id)
    if storage is None:
        raise TaskFailed(f"storage '{storage_id}' does not exist")
    volid = new_volid(state, storage, vmid, name=name)
    volname = volid.split(":", 1)[1]
    if storage.type == "lvm" and state.storage_free(node, storage_id) < size:
        extents = size // (4 * 1024**2)
        free = state.storage_free(node, storage_id) // (4 * 1024**2)
        raise TaskFailed(
            f"lvcreate 'pve/{volname}' error:   Volume group \"pve\" has insufficient free space "
            f"({free} extents): {extents} required."
        )
    if storage.type in ("lvmthin", "lvm"):
        context.log(f'  Logical volume "{volname}" created.')
    elif storage.type in _FILE_STORAGES:
        context.log(f"Formatting '{volume_path(state, volid)}', fmt=raw size={size} preallocation=off")
    return Volume(volid, content, size, "raw", vmid)


def lvm_rename(context: TaskContext, old: str, new: str) -> None:
    """What lvrename and lvchange print when a volume becomes a template's base volume."""
    context.log(f'  Renamed "{old}" to "{new}" in volume group "pve"')
    context.log(f"  Logical volume pve/{new} changed.")
