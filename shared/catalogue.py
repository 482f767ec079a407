"""The operation catalogue: one frozen entry per operation, read by both sides of the queue.

The frontend registers tools and gates tiers from it; workers register one arq function per
entry, validate payloads with its params model and run it with its timeout. Keeping both
sides on one list means they cannot drift (tests/test_catalogue.py checks every entry has a
tool, a worker function and simulator routes).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from shared.operations.base import Params, Result
from shared.operations.guests import (
    GetConfigParams,
    GuestList,
    InstanceConfig,
    ListGuestsParams,
    LxcInterfaces,
    LxcInterfacesParams,
)
from shared.operations.nodes import ListNodesParams, NodeList
from shared.operations.snapshots import ListSnapshotsParams, SnapshotList
from shared.operations.storage import ListContentParams, ListStorageParams, StorageContent, StorageList
from shared.operations.tasks import JobStatus, PveTaskLogParams, PveTaskParams, TaskLogPage
from shared.operations.usage import ResourceUsage, ResourceUsageParams
from shared.safety import Tier

__all__ = ["CATALOGUE", "Operation", "operation"]

#: arq job timeout of one run of a read (a task operation follows its task in slices instead)
READ_TIMEOUT_SECONDS = 60.0


@dataclass(frozen=True)
class Operation:
    """What one operation is, for both sides of the queue."""

    name: str
    summary: str
    tier: Tier
    params: type[Params]
    result: type[Result]
    #: the PVE API calls it may make ("METHOD /template"), for docs, privileges and route checks
    pve_calls: tuple[str, ...]
    #: starts a PVE task (a UPID) that the worker follows to its end
    starts_task: bool = False
    #: changes one guest, so its jobs hold that guest's lock
    guest_write: bool = False
    timeout_seconds: float = READ_TIMEOUT_SECONDS


def _entries(*ops: Operation) -> Mapping[str, Operation]:
    return {op.name: op for op in ops}


_RESOURCES = "GET /cluster/resources"

CATALOGUE: Mapping[str, Operation] = _entries(
    Operation(
        "list_nodes",
        "List cluster nodes with status, CPU, memory and uptime.",
        Tier.SAFE,
        ListNodesParams,
        NodeList,
        ("GET /nodes",),
    ),
    Operation(
        "list_vms",
        "List qemu VMs, on one node or the whole cluster.",
        Tier.SAFE,
        ListGuestsParams,
        GuestList,
        (_RESOURCES, "GET /nodes/{node}/qemu"),
    ),
    Operation(
        "list_lxc_containers",
        "List LXC containers, on one node or the whole cluster.",
        Tier.SAFE,
        ListGuestsParams,
        GuestList,
        (_RESOURCES, "GET /nodes/{node}/lxc"),
    ),
    Operation(
        "list_storage",
        "List storages with type, content types and usage.",
        Tier.SAFE,
        ListStorageParams,
        StorageList,
        (_RESOURCES, "GET /nodes/{node}/storage"),
    ),
    Operation(
        "list_storage_content",
        "List volumes on one storage of one node (ISOs, templates, disks, backups).",
        Tier.SAFE,
        ListContentParams,
        StorageContent,
        ("GET /nodes/{node}/storage/{storage}/content",),
    ),
    Operation(
        "get_instance_config",
        "Read a guest's configuration.",
        Tier.SAFE,
        GetConfigParams,
        InstanceConfig,
        (_RESOURCES, "GET /nodes/{node}/qemu/{vmid}/config", "GET /nodes/{node}/lxc/{vmid}/config"),
    ),
    Operation(
        "get_lxc_interfaces",
        "Read a running container's network interfaces and addresses.",
        Tier.SAFE,
        LxcInterfacesParams,
        LxcInterfaces,
        (_RESOURCES, "GET /nodes/{node}/lxc/{vmid}/interfaces"),
    ),
    Operation(
        "get_resource_usage",
        "Read CPU, memory, network and disk usage over time of a guest or a node.",
        Tier.SAFE,
        ResourceUsageParams,
        ResourceUsage,
        (
            _RESOURCES,
            "GET /nodes/{node}/qemu/{vmid}/rrddata",
            "GET /nodes/{node}/lxc/{vmid}/rrddata",
            "GET /nodes/{node}/rrddata",
            "GET /nodes/{node}/status",
        ),
    ),
    Operation(
        "list_snapshots",
        "List a guest's snapshots.",
        Tier.SAFE,
        ListSnapshotsParams,
        SnapshotList,
        (_RESOURCES, "GET /nodes/{node}/qemu/{vmid}/snapshot", "GET /nodes/{node}/lxc/{vmid}/snapshot"),
    ),
    Operation(
        "pve_task_status",
        "Read the status of a PVE task by UPID.",
        Tier.SAFE,
        PveTaskParams,
        JobStatus,
        ("GET /nodes/{node}/tasks/{upid}/status",),
    ),
    Operation(
        "pve_task_log",
        "Read a page of a PVE task's log by UPID.",
        Tier.SAFE,
        PveTaskLogParams,
        TaskLogPage,
        ("GET /nodes/{node}/tasks/{upid}/log", "GET /nodes/{node}/tasks/{upid}/status"),
    ),
)


def operation(name: str) -> Operation:
    """The catalogue entry for `name` (KeyError for an unknown operation)."""
    return CATALOGUE[name]
