"""Checks the long operations share, with pve-cluster's, pve-storage's and pve-access-control's wording."""

from __future__ import annotations

import random
import re
import uuid

from pvesim.call import Call
from pvesim.errors import ApiError, param_error
from pvesim.state import ClusterState, Storage

__all__ = [
    "check_node_exists",
    "check_pool_exists",
    "check_vmid_unused",
    "new_mac",
    "renew_identity",
    "storage_enabled",
    "target_node",
]

_RANDOM = random.Random()  # noqa: S311 - MACs and UUIDs need no cryptographic randomness


def check_node_exists(call: Call, node: str) -> None:
    """PVE::Cluster::check_node_exists."""
    if node not in call.core.state.nodes:
        raise ApiError(500, f"no such cluster node '{node}'")


def target_node(call: Call) -> str | None:
    """A clone's `target`: None for the local node or 'localhost', as qemu-server and pve-container drop it."""
    target = call.params.get("target")
    if target is None or target in (call.node, "localhost"):
        return None
    check_node_exists(call, str(target))
    return str(target)


def check_pool_exists(call: Call, pool: object) -> None:
    """RPCEnvironment::check_pool_exist: a missing pool is a permission error."""
    if pool is not None and str(pool) not in call.core.state.pools:
        raise ApiError(403, f"Permission check failed (pool '{pool}' does not exist)")


def check_vmid_unused(state: ClusterState, vmid: int) -> None:
    """PVE::Cluster::check_vmid_unused: "VM 100 already exists on node 'pve1'"."""
    existing = state.guests.get(vmid)
    if existing is not None:
        raise ApiError(500, f"{existing.label} already exists on node '{existing.node}'")


def storage_enabled(call: Call, storage_id: str, *, content: str | None = None, param: str = "storage") -> Storage:
    """storage_check_enabled, and (for `content`) the parameter error of a storage without that content."""
    storage = call.core.state.storages.get(storage_id)
    if storage is None:
        raise ApiError(500, f"storage '{storage_id}' does not exist")
    if content == "images" and "images" not in storage.content:
        raise param_error({param: f"storage '{storage_id}' does not support vm images"})
    if content == "rootdir" and "rootdir" not in storage.content:
        raise param_error({param: f"storage '{storage_id}' does not support container directories"})
    return storage


def new_mac() -> str:
    """PVE::Tools::random_ether_addr with Proxmox's BC:24:11 prefix (datacenter.cfg mac_prefix)."""
    return "BC:24:11:" + ":".join(f"{_RANDOM.randrange(256):02X}" for _ in range(3))


def _with_new_mac(key: str, value: str, kind: str) -> str:
    if kind == "lxc":
        if "hwaddr=" in value:
            return re.sub(r"hwaddr=[0-9A-Fa-f:]+", f"hwaddr={new_mac()}", value)
        return f"{value},hwaddr={new_mac()}"
    head, *rest = value.split(",")
    model = head.split("=", 1)[0]
    return ",".join([f"{model}={new_mac()}", *rest])


def renew_identity(config: dict[str, str], kind: str) -> dict[str, str]:
    """What a clone (and a restore with `unique`) changes: every NIC's MAC, smbios1's uuid, vmgenid."""
    out = dict(config)
    for key, value in config.items():
        if re.match(r"^net\d+$", key):
            out[key] = _with_new_mac(key, value, kind)
    if kind == "qemu":
        smbios = [p for p in out.get("smbios1", "").split(",") if p and not p.startswith("uuid=")]
        out["smbios1"] = ",".join([f"uuid={uuid.UUID(int=_RANDOM.getrandbits(128), version=4)}", *smbios])
        if out.get("vmgenid", "0") != "0":
            out["vmgenid"] = str(uuid.UUID(int=_RANDOM.getrandbits(128), version=4))
    return out
