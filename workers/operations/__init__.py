"""Job handlers by domain, and the registry that maps each catalogue operation to its handler."""

from __future__ import annotations

from collections.abc import Mapping

from workers.operations import cloudinit, create, delete, exec, guests, nodes, power, snapshots, storage, tasks, usage
from workers.runtime import Handler

__all__ = ["HANDLERS"]

HANDLERS: Mapping[str, Handler] = {
    "list_nodes": nodes.list_nodes,
    "list_vms": guests.list_vms,
    "list_lxc_containers": guests.list_lxc_containers,
    "get_instance_config": guests.get_instance_config,
    "get_lxc_interfaces": guests.get_lxc_interfaces,
    "list_storage": storage.list_storage,
    "list_storage_content": storage.list_storage_content,
    "list_snapshots": snapshots.list_snapshots,
    "get_resource_usage": usage.get_resource_usage,
    "pve_task_status": tasks.pve_task_status,
    "pve_task_log": tasks.pve_task_log,
    "power_control": power.power_control,
    "create_vm": create.create_vm,
    "create_lxc": create.create_lxc,
    "set_vm_cloudinit": cloudinit.set_vm_cloudinit,
    "create_snapshot": snapshots.create_snapshot,
    "rollback_snapshot": snapshots.rollback_snapshot,
    "execute_lxc_command": exec.execute_lxc_command,
    "delete_instance": delete.delete_instance,
    "cancel_task": tasks.cancel_task,
}
