"""The operation catalogue: one frozen entry per operation, read by both sides of the queue.

The frontend registers tools and gates tiers from it; workers register one arq function per
entry, validate payloads with its params model and run it with its timeout. Keeping both
sides on one list means they cannot drift: tests/test_manifest.py checks every entry is run
by a tool and names endpoints of PVE's schema, tests/test_catalogue_calls.py that every PVE
request a tool makes is among its entry's `pve_calls`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from shared.operations.base import Params, Result
from shared.operations.cloudinit import CloudInitParams, CloudInitResult
from shared.operations.create import CreateLxcParams, CreateResult, CreateVmParams
from shared.operations.delete import DeleteParams, DeleteResult
from shared.operations.exec import ExecParams, ExecResult
from shared.operations.guests import (
    GetConfigParams,
    GuestList,
    InstanceConfig,
    ListGuestsParams,
    LxcInterfaces,
    LxcInterfacesParams,
)
from shared.operations.nodes import ListNodesParams, NodeList
from shared.operations.power import PowerParams, PowerResult
from shared.operations.snapshots import (
    CreateSnapshotParams,
    ListSnapshotsParams,
    RollbackParams,
    SnapshotList,
    SnapshotResult,
)
from shared.operations.storage import ListContentParams, ListStorageParams, StorageContent, StorageList
from shared.operations.tasks import (
    CancelParams,
    CancelResult,
    JobStatus,
    PveTaskLogParams,
    PveTaskParams,
    TaskLogPage,
)
from shared.operations.usage import ResourceUsage, ResourceUsageParams
from shared.safety import Tier
from shared.settings import Settings

__all__ = ["CATALOGUE", "Operation", "operation"]


@dataclass(frozen=True)
class Operation:
    """What one operation is, for both sides of the queue."""

    name: str
    tier: Tier
    params: type[Params]
    result: type[Result]
    #: the PVE API calls it may make ("METHOD /template"), for docs, privileges and route checks
    pve_calls: tuple[str, ...]
    #: starts PVE tasks (UPIDs) that the worker follows to their end, in slices
    starts_task: bool = False
    #: changes one guest, so its jobs hold that guest's lock
    guest_write: bool = False

    def timeout_seconds(self, settings: Settings) -> float:
        """How long one run (one pickup) of this operation may take.

        A read runs whole; anything that changes the cluster runs at most one slice of
        following plus room for a dispatch and a reconciliation request. arq reruns a killed
        worker's job only after the longest timeout plus 10 s, so this bounds recovery too.
        """
        if self.tier is Tier.SAFE:
            return settings.read_timeout_seconds
        return settings.task_slice_seconds + 2 * settings.proxmox_timeout


def _entries(*ops: Operation) -> Mapping[str, Operation]:
    return {op.name: op for op in ops}


_RESOURCES = "GET /cluster/resources"
_GUEST_STATUS = ("GET /nodes/{node}/qemu/{vmid}/status/current", "GET /nodes/{node}/lxc/{vmid}/status/current")
#: a change's PVE task: followed through its status and log, stopped when cancel_task asks the
#: job to end, looked for in the node's task list by a rerun
_TASK_CALLS = (
    "GET /nodes/{node}/tasks/{upid}/status",
    "GET /nodes/{node}/tasks/{upid}/log",
    "DELETE /nodes/{node}/tasks/{upid}",
    "GET /nodes/{node}/tasks",
)

CATALOGUE: Mapping[str, Operation] = _entries(
    Operation(
        "list_nodes",
        Tier.SAFE,
        ListNodesParams,
        NodeList,
        ("GET /nodes",),
    ),
    Operation(
        "list_vms",
        Tier.SAFE,
        ListGuestsParams,
        GuestList,
        (_RESOURCES, "GET /nodes/{node}/qemu"),
    ),
    Operation(
        "list_lxc_containers",
        Tier.SAFE,
        ListGuestsParams,
        GuestList,
        (_RESOURCES, "GET /nodes/{node}/lxc"),
    ),
    Operation(
        "list_storage",
        Tier.SAFE,
        ListStorageParams,
        StorageList,
        ("GET /nodes", "GET /nodes/{node}/storage"),
    ),
    Operation(
        "list_storage_content",
        Tier.SAFE,
        ListContentParams,
        StorageContent,
        ("GET /nodes/{node}/storage/{storage}/content",),
    ),
    Operation(
        "get_instance_config",
        Tier.SAFE,
        GetConfigParams,
        InstanceConfig,
        (_RESOURCES, "GET /nodes/{node}/qemu/{vmid}/config", "GET /nodes/{node}/lxc/{vmid}/config"),
    ),
    Operation(
        "get_lxc_interfaces",
        Tier.SAFE,
        LxcInterfacesParams,
        LxcInterfaces,
        (_RESOURCES, "GET /nodes/{node}/lxc/{vmid}/interfaces", "GET /nodes/{node}/lxc/{vmid}/status/current"),
    ),
    Operation(
        "get_resource_usage",
        Tier.SAFE,
        ResourceUsageParams,
        ResourceUsage,
        (
            _RESOURCES,
            "GET /nodes/{node}/qemu/{vmid}/rrddata",
            "GET /nodes/{node}/lxc/{vmid}/rrddata",
            *_GUEST_STATUS,
            "GET /nodes/{node}/rrddata",
            "GET /nodes/{node}/status",
        ),
    ),
    Operation(
        "list_snapshots",
        Tier.SAFE,
        ListSnapshotsParams,
        SnapshotList,
        (_RESOURCES, "GET /nodes/{node}/qemu/{vmid}/snapshot", "GET /nodes/{node}/lxc/{vmid}/snapshot"),
    ),
    Operation(
        "pve_task_status",
        Tier.SAFE,
        PveTaskParams,
        JobStatus,
        ("GET /nodes/{node}/tasks/{upid}/status",),
    ),
    Operation(
        "pve_task_log",
        Tier.SAFE,
        PveTaskLogParams,
        TaskLogPage,
        ("GET /nodes/{node}/tasks/{upid}/log", "GET /nodes/{node}/tasks/{upid}/status"),
    ),
    Operation(
        "power_control",
        Tier.RESTRICTED,
        PowerParams,
        PowerResult,
        (
            _RESOURCES,
            *_GUEST_STATUS,
            "POST /nodes/{node}/qemu/{vmid}/status/{action}",
            "POST /nodes/{node}/lxc/{vmid}/status/{action}",
            *_TASK_CALLS,
        ),
        starts_task=True,
        guest_write=True,
    ),
    Operation(
        "create_vm",
        Tier.RESTRICTED,
        CreateVmParams,
        CreateResult,
        (
            "GET /cluster/nextid",
            "GET /nodes/{node}/storage",
            "GET /nodes/{node}/storage/{storage}/content",
            "POST /nodes/{node}/qemu",
            "GET /nodes/{node}/qemu/{vmid}/config",
            "POST /nodes/{node}/qemu/{vmid}/status/start",
            "GET /nodes/{node}/qemu/{vmid}/status/current",
            _RESOURCES,
            *_TASK_CALLS,
        ),
        starts_task=True,
        guest_write=True,
    ),
    Operation(
        "create_lxc",
        Tier.RESTRICTED,
        CreateLxcParams,
        CreateResult,
        (
            "GET /cluster/nextid",
            "GET /nodes/{node}/storage",
            "GET /nodes/{node}/storage/{storage}/content",
            "POST /nodes/{node}/lxc",
            "GET /nodes/{node}/lxc/{vmid}/config",
            "POST /nodes/{node}/lxc/{vmid}/status/start",
            "GET /nodes/{node}/lxc/{vmid}/status/current",
            _RESOURCES,
            *_TASK_CALLS,
        ),
        starts_task=True,
        guest_write=True,
    ),
    Operation(
        "set_vm_cloudinit",
        Tier.RESTRICTED,
        CloudInitParams,
        CloudInitResult,
        (
            _RESOURCES,
            "GET /nodes/{node}/qemu/{vmid}/config",
            "PUT /nodes/{node}/qemu/{vmid}/config",
            "PUT /nodes/{node}/qemu/{vmid}/cloudinit",
        ),
        guest_write=True,
    ),
    Operation(
        "create_snapshot",
        Tier.RESTRICTED,
        CreateSnapshotParams,
        SnapshotResult,
        (
            _RESOURCES,
            "GET /nodes/{node}/qemu/{vmid}/snapshot",
            "GET /nodes/{node}/lxc/{vmid}/snapshot",
            "POST /nodes/{node}/qemu/{vmid}/snapshot",
            "POST /nodes/{node}/lxc/{vmid}/snapshot",
            *_GUEST_STATUS,
            *_TASK_CALLS,
        ),
        starts_task=True,
        guest_write=True,
    ),
    Operation(
        "rollback_snapshot",
        Tier.RESTRICTED,
        RollbackParams,
        SnapshotResult,
        (
            _RESOURCES,
            "GET /nodes/{node}/qemu/{vmid}/snapshot",
            "GET /nodes/{node}/lxc/{vmid}/snapshot",
            "POST /nodes/{node}/qemu/{vmid}/snapshot/{snapname}/rollback",
            "POST /nodes/{node}/lxc/{vmid}/snapshot/{snapname}/rollback",
            "POST /nodes/{node}/qemu/{vmid}/status/start",
            "POST /nodes/{node}/lxc/{vmid}/status/start",
            *_GUEST_STATUS,
            *_TASK_CALLS,
        ),
        starts_task=True,
        guest_write=True,
    ),
    Operation(
        "execute_lxc_command",
        Tier.RESTRICTED,
        ExecParams,
        ExecResult,
        (_RESOURCES, "GET /nodes/{node}/lxc/{vmid}/status/current", "GET /cluster/status"),
    ),
    Operation(
        "delete_instance",
        Tier.CRITICAL,
        DeleteParams,
        DeleteResult,
        (
            _RESOURCES,
            *_GUEST_STATUS,
            "POST /nodes/{node}/qemu/{vmid}/status/stop",
            "POST /nodes/{node}/lxc/{vmid}/status/stop",
            "DELETE /nodes/{node}/qemu/{vmid}",
            "DELETE /nodes/{node}/lxc/{vmid}",
            *_TASK_CALLS,
        ),
        starts_task=True,
        guest_write=True,
    ),
    Operation(
        "cancel_task",
        Tier.RESTRICTED,
        CancelParams,
        CancelResult,
        ("DELETE /nodes/{node}/tasks/{upid}", "GET /nodes/{node}/tasks/{upid}/status"),
    ),
)


def operation(name: str) -> Operation:
    """The catalogue entry for `name` (KeyError for an unknown operation)."""
    return CATALOGUE[name]
