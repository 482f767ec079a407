"""The cases of tests/test_catalogue_calls.py: a tool call for each operation, with arguments picked from the cluster.

tests/test_registry.py checks that every operation's tool is among them (or among the tools a
test of its own there covers), so a new operation cannot go without its case.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pvesim.simulator import Simulator
from pvesim.state import Guest, Snapshot, Storage

__all__ = ["CHANGES", "COVERED_APART", "READS", "Case", "guest"]


def guest(sim: Simulator, kind: str, status: str) -> Guest:
    return next(
        g
        for g in sim.state.guests.values()
        if g.kind == kind and g.status == status and not g.template and not g.lock and not g.paused
    )


@dataclass(frozen=True)
class Case:
    """A tool call, whose operation has the tool's name, with arguments picked from the cluster as it is."""

    tool: str
    arguments: Callable[[Simulator], dict[str, Any]]


def _content_storage(sim: Simulator, marker: str) -> tuple[str, str]:
    return next(key for key, volumes in sim.state.volumes.items() if any(marker in volume for volume in volumes))


def _vm_with_cloudinit_drive(sim: Simulator) -> dict[str, Any]:
    vm = guest(sim, "qemu", "stopped")
    vm.config["ide2"] = f"local-lvm:vm-{vm.vmid}-cloudinit,media=cdrom"  # as `qm set --ide2`
    return {"vmid": vm.vmid, "ciuser": "agent", "ipconfig": {0: "ip=dhcp"}}


def _create_vm(sim: Simulator) -> dict[str, Any]:
    node, storage = _content_storage(sim, ":iso/")
    iso = next(volume for volume in sim.state.volumes[(node, storage)] if ":iso/" in volume)
    return {"node": node, "name": "calls-vm", "iso": iso, "disk_gb": 4, "start": True}


def _create_lxc(sim: Simulator) -> dict[str, Any]:
    node, storage = _content_storage(sim, ":vztmpl/")
    template = next(volume for volume in sim.state.volumes[(node, storage)] if ":vztmpl/" in volume)
    return {"node": node, "hostname": "calls-ct", "ostemplate": template, "password": "correct-horse-9"}


def _an_iso(sim: Simulator) -> dict[str, Any]:
    node, storage = _content_storage(sim, ":iso/")
    return {"iso": next(volume for volume in sim.state.volumes[(node, storage)] if ":iso/" in volume)}


def _deletable(sim: Simulator, marker: str) -> dict[str, Any]:
    """A volume of that kind on a node's storage (a backup or disk image typed again, as its tool asks)."""
    node, storage = _content_storage(sim, marker)
    volid = next(volume for volume in sim.state.volumes[(node, storage)] if marker in volume)
    return {"node": node or "pve1", "volid": volid, "confirm_volid": volid}


def _rule_edit(sim: Simulator, edit: str) -> dict[str, Any]:
    """A cluster rule to edit by position, with the digest get_firewall would show."""
    from pvesim.firewall import digest_of  # noqa: PLC0415  # the simulator's own digest, as PVE computes it

    return {"edit": edit, "pos": 1, "digest": digest_of(sim.state.firewall.rules["cluster"])}


def _pending_network(sim: Simulator, node: str) -> dict[str, Any]:
    """A node with a bridge declared and not applied, as `pvesh create /nodes/{node}/network` leaves it."""
    declared = sim.state.nodes[node]
    declared.network_pending = {**declared.network, "vmbr7": {"type": "bridge", "method": "manual", "autostart": 1}}
    return {"node": node}


READS = [
    Case("list_nodes", lambda sim: {}),
    Case("get_node_details", lambda sim: {"node": "pve1"}),
    Case("get_node_log", lambda sim: {"node": "pve1", "service": "pveproxy", "limit": 5}),
    Case("get_node_log", lambda sim: {"node": "pve2", "grep": "SMART"}),
    Case("list_node_network", lambda sim: {"node": "pve1"}),
    Case("get_cluster_log", lambda sim: {"max": 20}),
    Case("get_permissions", lambda sim: {}),
    Case("list_access", lambda sim: {}),
    Case("list_access", lambda sim: {"kind": "users"}),
    Case("list_access", lambda sim: {"kind": "roles", "limit": 5}),
    Case("list_access", lambda sim: {"kind": "tokens"}),
    Case("list_access", lambda sim: {"kind": "groups"}),
    Case("get_permissions", lambda sim: {"path": "/vms/100", "privilege": "VM.PowerMgmt"}),
    Case("get_firewall", lambda sim: {}),
    Case("get_firewall", lambda sim: {"node": "pve1"}),
    Case("get_firewall", lambda sim: {"vmid": guest(sim, "qemu", "running").vmid}),
    Case("get_firewall", lambda sim: {"vmid": guest(sim, "lxc", "stopped").vmid}),
    Case("list_firewall_objects", lambda sim: {}),
    Case("list_firewall_objects", lambda sim: {"kind": "ipsets", "name": "management"}),
    Case("list_firewall_objects", lambda sim: {"kind": "aliases"}),
    Case("list_firewall_objects", lambda sim: {"kind": "groups"}),
    Case("list_firewall_objects", lambda sim: {"kind": "groups", "name": "webserver"}),
    Case("get_firewall_log", lambda sim: {"node": "pve1", "limit": 5}),
    Case("get_firewall_log", lambda sim: {"vmid": guest(sim, "lxc", "running").vmid}),
    Case("list_node_network", lambda sim: {"node": "pve2", "type": "any_bridge"}),
    Case("list_vms", lambda sim: {}),
    Case("list_vms", lambda sim: {"node": "pve1"}),
    Case("list_lxc_containers", lambda sim: {}),
    Case("list_lxc_containers", lambda sim: {"node": "pve2"}),
    Case("list_storage", lambda sim: {}),
    Case("list_storage", lambda sim: {"node": "pve1", "content": "iso"}),
    Case("list_storage_content", lambda sim: {"node": "pve1", "storage": "local"}),
    Case("get_instance_config", lambda sim: {"vmid": guest(sim, "qemu", "running").vmid}),
    Case(
        "get_instance_config",
        lambda sim: {"vmid": (ct := guest(sim, "lxc", "stopped")).vmid, "node": ct.node},
    ),
    Case("get_lxc_interfaces", lambda sim: {"vmid": guest(sim, "lxc", "running").vmid}),
    Case("get_resource_usage", lambda sim: {"vmid": guest(sim, "qemu", "running").vmid}),
    Case("get_resource_usage", lambda sim: {"vmid": guest(sim, "lxc", "stopped").vmid}),
    Case("get_resource_usage", lambda sim: {"node": "pve1", "timeframe": "day"}),
    Case("list_snapshots", lambda sim: {"vmid": guest(sim, "qemu", "stopped").vmid}),
    Case("list_snapshots", lambda sim: {"vmid": guest(sim, "lxc", "running").vmid}),
    Case("list_backups", lambda sim: {}),
    Case("list_backups", lambda sim: {"vmid": guest(sim, "qemu", "stopped").vmid, "node": "pve1", "storage": "local"}),
    Case("get_vm_interfaces", lambda sim: {"vmid": guest(sim, "qemu", "running").vmid}),
    Case("list_tasks", lambda sim: {}),
    Case("list_tasks", lambda sim: {"vmid": guest(sim, "qemu", "running").vmid, "errors": True}),
    Case("list_tasks", lambda sim: {"node": "pve1", "type": "qmstart"}),
    Case("get_cluster_status", lambda sim: {}),
]


def _with_snapshot(sim: Simulator, kind: str, status: str) -> dict[str, Any]:
    """A guest with a snapshot to delete, made as `qm snapshot` would have left it."""
    target = guest(sim, kind, status)
    target.snapshots["calls-old"] = Snapshot(name="calls-old", parent=target.config.get("parent"))
    return {"vmid": target.vmid, "name": "calls-old"}


def _other_node(sim: Simulator, target: Guest) -> str:
    return next(node for node in sim.state.nodes if node != target.node)


def _migrate(sim: Simulator, kind: str, status: str) -> dict[str, Any]:
    target = guest(sim, kind, status)
    return {"vmid": target.vmid, "target": _other_node(sim, target)}


def _move(sim: Simulator, kind: str) -> dict[str, Any]:
    """A guest's disk to a second storage for guest disks, made as storage.cfg would have it."""
    sim.state.storages.setdefault("calls-fast", Storage("calls-fast", "lvmthin", ["images", "rootdir"]))
    disk = "scsi0" if kind == "qemu" else "rootfs"
    return {"vmid": guest(sim, kind, "stopped").vmid, "disk": disk, "storage": "calls-fast", "delete": True}


CHANGES = [
    Case("power_control", lambda sim: {"vmid": guest(sim, "qemu", "stopped").vmid, "action": "start"}),
    Case("power_control", lambda sim: {"vmid": guest(sim, "qemu", "running").vmid, "action": "stop"}),
    Case("power_control", lambda sim: {"vmid": guest(sim, "lxc", "running").vmid, "action": "reboot"}),
    Case("power_control", lambda sim: {"vmid": guest(sim, "lxc", "running").vmid, "action": "start"}),
    Case("create_vm", _create_vm),
    Case("create_lxc", _create_lxc),
    Case("set_vm_cloudinit", _vm_with_cloudinit_drive),
    Case(
        "create_snapshot",
        lambda sim: {"vmid": guest(sim, "qemu", "running").vmid, "name": "calls1", "vmstate": True},
    ),
    Case("create_snapshot", lambda sim: {"vmid": guest(sim, "lxc", "stopped").vmid, "name": "calls1"}),
    Case(
        "delete_instance",
        lambda sim: {"vmid": (vm := guest(sim, "qemu", "running").vmid), "confirm_vmid": vm, "stop_first": True},
    ),
    Case(
        "delete_instance",
        lambda sim: {"vmid": (ct := guest(sim, "lxc", "stopped").vmid), "confirm_vmid": ct, "purge": True},
    ),
    Case(
        "execute_lxc_command",
        lambda sim: {"vmid": guest(sim, "lxc", "running").vmid, "command": "echo calls"},
    ),
    Case("delete_snapshot", lambda sim: _with_snapshot(sim, "qemu", "running")),
    Case("delete_snapshot", lambda sim: _with_snapshot(sim, "lxc", "stopped")),
    Case(
        "clone_instance", lambda sim: {"vmid": guest(sim, "qemu", "stopped").vmid, "name": "calls-clone", "start": True}
    ),
    Case("clone_instance", lambda sim: {"vmid": guest(sim, "lxc", "stopped").vmid}),
    Case("migrate_instance", lambda sim: _migrate(sim, "qemu", "running")),
    Case("migrate_instance", lambda sim: _migrate(sim, "qemu", "stopped")),
    Case("migrate_instance", lambda sim: _migrate(sim, "lxc", "running")),
    Case("backup_instance", lambda sim: {"vmid": guest(sim, "qemu", "running").vmid, "compress": "gzip"}),
    Case(
        "backup_instance",
        lambda sim: {"vmid": guest(sim, "lxc", "stopped").vmid, "more_vmids": [guest(sim, "qemu", "stopped").vmid]},
    ),
    Case("resize_disk", lambda sim: {"vmid": guest(sim, "qemu", "running").vmid, "disk": "scsi0", "size": "+1G"}),
    Case("resize_disk", lambda sim: {"vmid": guest(sim, "lxc", "stopped").vmid, "disk": "rootfs", "size": "16G"}),
    Case("move_disk", lambda sim: _move(sim, "qemu")),
    Case("move_disk", lambda sim: _move(sim, "lxc")),
    Case("convert_to_template", lambda sim: {"vmid": guest(sim, "qemu", "stopped").vmid}),
    Case("convert_to_template", lambda sim: {"vmid": guest(sim, "lxc", "stopped").vmid}),
    Case(
        "snapshot_guests",
        lambda sim: {
            "vmids": [guest(sim, "qemu", "stopped").vmid, guest(sim, "lxc", "running").vmid],
            "name": "fleet1",
        },
    ),
    Case("power_guests", lambda sim: {"vmids": [guest(sim, "lxc", "stopped").vmid], "action": "start"}),
    Case("backup_guests", lambda sim: {"vmids": [guest(sim, "qemu", "stopped").vmid], "mode": "stop"}),
    Case("execute_vm_command", lambda sim: {"vmid": guest(sim, "qemu", "running").vmid, "command": "echo calls"}),
    Case("update_instance", lambda sim: {"vmid": guest(sim, "qemu", "running").vmid, "cores": 3, "tags": ["calls"]}),
    Case("update_instance", lambda sim: {"vmid": guest(sim, "lxc", "stopped").vmid, "memory_mb": 1024}),
    Case("set_vm_cdrom", lambda sim: {"vmid": guest(sim, "qemu", "running").vmid, **_an_iso(sim)}),
    Case("set_vm_cdrom", lambda sim: {"vmid": guest(sim, "qemu", "stopped").vmid, "eject": True}),
    Case("set_guest_nic", lambda sim: {"vmid": guest(sim, "qemu", "running").vmid, "bridge": "vmbr0", "vlan": 30}),
    Case(
        "set_guest_nic",
        lambda sim: {"vmid": guest(sim, "lxc", "running").vmid, "net": 0, "ip": "10.0.0.5/24", "gw": "10.0.0.1"},
    ),
    Case("set_guest_nic", lambda sim: {"vmid": guest(sim, "qemu", "stopped").vmid, "net": 0, "remove": True}),
    Case("set_node_network", lambda sim: {"node": "pve2", "iface": "vmbr5", "ports": ["eno2"], "vlan_aware": True}),
    Case("set_node_network", lambda sim: {"node": "pve1", "iface": "vmbr0", "mtu": 9000, "comments": "uplink"}),
    Case("apply_node_network", lambda sim: _pending_network(sim, "pve3" if "pve3" in sim.state.nodes else "pve2")),
    Case("apply_node_network", lambda sim: {**_pending_network(sim, "pve1"), "revert": True}),
    Case("set_firewall_rule", lambda sim: {"type": "in", "action": "ACCEPT", "proto": "tcp", "dport": "9100"}),
    Case("set_firewall_rule", lambda sim: _rule_edit(sim, "delete")),
    Case("set_firewall_rule", lambda sim: {**_rule_edit(sim, "move"), "moveto": 2}),
    Case("set_firewall_rule", lambda sim: {**_rule_edit(sim, "update"), "comment": "calls"}),
    Case(
        "set_firewall_rule",
        lambda sim: {"vmid": guest(sim, "qemu", "running").vmid, "type": "in", "action": "DROP", "macro": "SSH"},
    ),
    Case("set_firewall_options", lambda sim: {"vmid": guest(sim, "lxc", "running").vmid, "enable": True}),
    Case("set_firewall_options", lambda sim: {"node": "pve2", "log_level_in": "info"}),
    Case("set_ipset_entry", lambda sim: {"name": "blocklist", "cidr": "198.51.100.0/24"}),
    Case("set_ipset_entry", lambda sim: {"name": "management", "cidr": "192.168.100.0/24", "remove": True}),
    Case("set_ha_resource", lambda sim: {"vmid": guest(sim, "qemu", "running").vmid, "max_restart": 2}),
    Case("set_ha_resource", lambda sim: {"vmid": guest(sim, "lxc", "stopped").vmid, "state": "stopped"}),
    Case("delete_volume", lambda sim: _deletable(sim, ":iso/")),
    Case("delete_volume", lambda sim: _deletable(sim, ":backup/")),
    Case(
        "download_to_storage",
        lambda sim: {"node": "pve1", "storage": "local", "url": "https://cdimage.example.org/calls/netinst.iso"},
    ),
]


#: tools a test of their own in tests/test_catalogue_calls.py covers: a rollback needs a snapshot
#: first, a restore a backup, a cancel a job under way, the task tools a task started elsewhere; list_clusters
#: is published only with several clusters (tests/e2e/test_clusters.py)
COVERED_APART = (
    "rollback_snapshot",
    "restore_backup",
    "cancel_task",
    "get_task_status",
    "get_task_log",
    "list_clusters",
    "call_pve_api",
)
