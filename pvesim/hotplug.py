"""Config changes the way qemu-server and pve-container make them: through the [PENDING] section.

Every change is first written as pending (update_vm_api, update_pct_config). A stopped guest then
takes all of it at once (vmconfig_apply_pending); a running guest takes what can change live
(vmconfig_hotplug_pending) and keeps the rest pending until it restarts. What is live follows
qemu-server's `$fast_plug_option` and hotplug features (default `network,disk,usb`) and
pve-container's `$LXC_FASTPLUG_OPTIONS` plus its cgroup and network hotplug.
"""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass, field

from pvesim.state import ClusterState, Guest

__all__ = ["ConfigChange", "add_unused", "apply_change", "hotplug_features", "with_mac"]

_QEMU_FAST = frozenset(
    {
        "description",
        "hookscript",
        "lock",
        "migrate_downtime",
        "migrate_speed",
        "name",
        "onboot",
        "protection",
        "shares",
        "startup",
        "tags",
        "vmstatestorage",
        # cloud-init options only change the drive at the next regenerate
        "cicustom",
        "cipassword",
        "citype",
        "ciupgrade",
        "ciuser",
        "nameserver",
        "searchdomain",
        "sshkeys",
    }
)
_LXC_FAST = frozenset(
    {"description", "onboot", "startup", "protection", "hostname", "hookscript", "cores", "tags", "lock"}
)
_QEMU_DRIVE = re.compile(r"^(?:ide|sata|scsi|virtio|efidisk|tpmstate)\d+$")
# drive options a running VM cannot change in place (vmconfig_update_disk)
_DRIVE_COLD = ("aio", "discard", "iothread", "queues", "product", "cache", "ssd", "vendor", "ro")
_DEFAULT_HOTPLUG = frozenset({"network", "disk", "usb"})


@dataclass
class ConfigChange:
    """What a config PUT/POST asks for: options to set, to delete (with `force`), to revert."""

    sets: dict[str, str] = field(default_factory=dict)
    deletes: dict[str, bool] = field(default_factory=dict)
    revert: set[str] = field(default_factory=set)


def hotplug_features(value: str | None) -> frozenset[str]:
    """parse_hotplug_features: "0" none, unset or "1" the default, else the listed features."""
    if value is None or value == "1":
        return _DEFAULT_HOTPLUG
    if value == "0":
        return frozenset()
    return frozenset(part.strip() for part in value.split(",") if part.strip())


def _options(value: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for index, part in enumerate(value.split(",")):
        key, sep, val = part.partition("=")
        if sep:
            out[key] = val
        elif index == 0:
            out["file"] = part
    return out


def _net(value: str) -> dict[str, str]:
    """A qemu netN as parse_net reads it: the model key carries the MAC (virtio=BC:24:...)."""
    out = _options(value)
    for model in ("virtio", "e1000", "e1000e", "rtl8139", "vmxnet3"):
        if model in out:
            out["model"], out["macaddr"] = model, out.pop(model).upper()
    if "file" in out:  # "virtio" without a MAC
        out["model"] = out.pop("file")
    return out


def with_mac(kind: str, value: str) -> str:
    """A netN as PVE writes it: one given without a MAC gets a random one (random_ether_addr, BC:24:11 prefix)."""
    mac = "BC:24:11:" + ":".join(f"{secrets.randbelow(256):02X}" for _ in range(3))
    parts = value.split(",")
    if kind == "qemu":
        if "=" not in parts[0]:  # "virtio" alone: the model carries the MAC
            parts[0] = f"{parts[0]}={mac}"
        return ",".join(parts)
    if not any(part.startswith("hwaddr=") for part in parts):
        at = sum(1 for part in parts[:2] if part.startswith(("name=", "bridge=")))
        parts.insert(at, f"hwaddr={mac}")
    return ",".join(parts)


def add_unused(guest: Guest, volid: str) -> str | None:
    """add_unused_volume: the volume as the first free unusedN (unless it is one already)."""
    for key, value in guest.config.items():
        if key.startswith("unused") and value == volid:
            return None
    index = 0
    while f"unused{index}" in guest.config:
        index += 1
    guest.config[f"unused{index}"] = volid
    return f"unused{index}"


def _volume(value: str) -> str:
    return value.split(",", 1)[0]


def _is_cdrom(value: str) -> bool:
    return "media=cdrom" in value.split(",")


def _detach(state: ClusterState, guest: Guest, key: str, force: bool) -> None:
    """vmconfig_delete_or_detach_drive: a removed disk stays as unusedN, or is freed with force."""
    value = guest.config.pop(key, None)
    if value is None or _is_cdrom(value) or ":" not in _volume(value):
        return
    volid = _volume(value)
    if force:
        _free(state, volid)
    else:
        add_unused(guest, volid)


def _free(state: ClusterState, volid: str) -> None:
    found = state.find_volume(volid)
    if found is not None:
        node, volume = found
        del state.volume_bucket(node or "", volume.storage)[volid]


def apply_change(state: ClusterState, guest: Guest, change: ConfigChange) -> list[str]:
    """Write a change through the pending section; the warnings PVE prints ("cannot delete ...")."""
    for key in change.revert:
        guest.pending.pop(key, None)
        guest.pending_delete.pop(key, None)
    warnings = _queue_deletes(state, guest, change.deletes)
    for key, value in change.sets.items():
        if key == "cipassword" and guest.kind == "qemu":
            guest.config[key] = value  # written to the config directly, never pending
            continue
        guest.pending[key] = value
        guest.pending_delete.pop(key, None)
    # cleanup_pending: a pending value equal to the current one is no change
    for key in [k for k, v in guest.pending.items() if guest.config.get(k) == v]:
        del guest.pending[key]
    for key in [k for k in guest.pending_delete if k not in guest.config]:
        del guest.pending_delete[key]
    if guest.status == "running":
        _hotplug(state, guest)
    else:
        apply_pending(state, guest)
    return warnings


def _queue_deletes(state: ClusterState, guest: Guest, deletes: dict[str, bool]) -> list[str]:
    """The deletes of a change: most become pending deletes; tags and unusedN (qemu) go at once."""
    warnings: list[str] = []
    for key, force in deletes.items():
        if key not in guest.config and key not in guest.pending:
            warnings.append(f"cannot delete '{key}' - not set in current configuration!")
            continue
        if guest.kind == "qemu" and key == "tags":
            guest.config.pop(key, None)  # qemu-server drops tags at once
            guest.pending.pop(key, None)
            continue
        if guest.kind == "qemu" and key.startswith("unused"):
            volid = guest.config.pop(key, None)
            if volid is not None:
                _free(state, volid)
            continue
        if key in guest.pending and key not in guest.config:
            del guest.pending[key]
            continue
        guest.pending.pop(key, None)
        guest.pending_delete[key] = force
    return warnings


def apply_pending(state: ClusterState, guest: Guest) -> None:
    """vmconfig_apply_pending: a stopped guest takes every pending change (a start does this first)."""
    for key, force in sorted(guest.pending_delete.items()):
        if guest.kind == "qemu" and _QEMU_DRIVE.match(key):
            _detach(state, guest, key, force)
        elif guest.kind == "lxc" and key.startswith("unused"):
            volid = guest.config.pop(key, None)
            if volid is not None:
                _free(state, volid)
        elif guest.kind == "lxc" and key.startswith("mp"):
            value = guest.config.pop(key, None)
            if value is not None:
                add_unused(guest, _volume(value))
        else:
            guest.config.pop(key, None)
    for key, value in sorted(guest.pending.items()):
        old = guest.config.get(key)
        replaced = old is not None and not _is_cdrom(old) and _volume(old) != _volume(value) and ":" in _volume(old)
        if guest.kind == "qemu" and _QEMU_DRIVE.match(key) and replaced and old is not None:
            add_unused(guest, _volume(old))  # a replaced disk stays as unusedN
        guest.config[key] = value
    guest.pending.clear()
    guest.pending_delete.clear()


def _hotplug(state: ClusterState, guest: Guest) -> None:
    if guest.kind == "qemu":
        _hotplug_qemu(state, guest)
    else:
        _hotplug_lxc(state, guest)


def _hotplug_qemu(state: ClusterState, guest: Guest) -> None:
    features = hotplug_features(guest.config.get("hotplug"))
    for key in [k for k in guest.pending if k in _QEMU_FAST]:
        guest.config[key] = guest.pending.pop(key)
    for key, force in sorted(guest.pending_delete.items()):
        if _qemu_delete_is_live(guest, key, features):
            if _QEMU_DRIVE.match(key):
                _detach(state, guest, key, force)
            else:
                guest.config.pop(key, None)
            del guest.pending_delete[key]
    for key, value in sorted(guest.pending.items()):
        if _qemu_set_is_live(guest, key, value, features):
            old = guest.config.get(key)
            if _QEMU_DRIVE.match(key) and old is not None and not _is_cdrom(old) and _volume(old) != _volume(value):
                add_unused(guest, _volume(old))
            guest.config[key] = value
            del guest.pending[key]


def _qemu_delete_is_live(guest: Guest, key: str, features: frozenset[str]) -> bool:  # noqa: PLR0911 - one case per option, as vmconfig_hotplug_pending
    if key in _QEMU_FAST or key in ("cpuunits", "cpulimit"):
        return True
    if key == "balloon":
        return guest.config.get("balloon") != "0"  # enabling the balloon device is not hotpluggable
    if key.startswith("net"):
        return "network" in features
    if _QEMU_DRIVE.match(key):
        return "disk" in features and not re.match(r"^(?:efidisk|ide|sata|tpmstate)\d+$", key)
    if key == "memory":
        return "memory" in features
    if key == "vcpus":
        return "cpu" in features
    return False


def _qemu_set_is_live(guest: Guest, key: str, value: str, features: frozenset[str]) -> bool:  # noqa: PLR0911 - as above
    old = guest.config.get(key)
    if key == "balloon":
        return (old is None or old != "0") == (value != "0")
    if key in ("cpuunits", "cpulimit"):
        return True
    if key == "vcpus":
        return "cpu" in features
    if key == "memory":
        return "memory" in features
    if key == "agent":
        # only fstrim_cloned_disks changes live (vmconfig_update_agent)
        if old is None:
            return False
        before, after = _options(old), _options(value)
        before.pop("fstrim_cloned_disks", None)
        after.pop("fstrim_cloned_disks", None)
        return before == after
    if re.match(r"^net\d+$", key):
        return _qemu_net_is_live(old, value, "network" in features)
    if _QEMU_DRIVE.match(key):
        return _qemu_drive_is_live(key, old, value, "disk" in features)
    return False


def _qemu_net_is_live(old: str | None, value: str, hotplug: bool) -> bool:
    """vmconfig_update_net: bridge, tag, trunks, firewall, rate and link_down change in place."""
    if old is None:
        return hotplug
    before, after = _net(old), _net(value)
    replug = any(before.get(k) != after.get(k) for k in ("model", "macaddr", "queues", "mtu"))
    if replug or not (before.get("bridge") and after.get("bridge")):
        return hotplug
    return True


def _qemu_drive_is_live(key: str, old: str | None, value: str, hotplug: bool) -> bool:
    if key in ("efidisk0", "tpmstate0"):
        return False
    if old is not None:
        if _is_cdrom(old) != _is_cdrom(value):
            return False  # "unable to change media type"
        if _is_cdrom(old):
            return True  # a new medium is inserted live
        if _volume(old) != _volume(value):
            return hotplug
        before, after = _options(old), _options(value)
        return all(before.get(k) == after.get(k) for k in _DRIVE_COLD)
    return hotplug and not re.match(r"^(?:ide|sata)\d+$", key)


def _hotplug_lxc(state: ClusterState, guest: Guest) -> None:
    for key in [k for k in guest.pending if k in _LXC_FAST]:
        guest.config[key] = guest.pending.pop(key)
    for key in sorted(guest.pending_delete):
        if key in _LXC_FAST or key in ("swap", "cpulimit", "cpuunits") or re.match(r"^net\d+$", key):
            guest.config.pop(key, None)
        elif key.startswith("unused"):
            volid = guest.config.pop(key, None)
            if volid is not None:
                _free(state, volid)
        else:
            continue
        del guest.pending_delete[key]
    for key, value in sorted(guest.pending.items()):
        # a new mount point or device is hotplugged; one that replaces an existing one waits
        new_mount = re.match(r"^(?:mp|dev)\d+$", key) is not None and key not in guest.config
        if key in ("cpulimit", "cpuunits", "memory", "swap") or re.match(r"^net\d+$", key) or new_mount:
            guest.config[key] = value
            del guest.pending[key]
