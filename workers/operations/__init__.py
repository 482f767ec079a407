"""Job handlers by domain; each registers itself on its operation with `@handles` (workers.registry)."""

from __future__ import annotations

from workers.operations import (
    backup,
    clone,
    cloudinit,
    create,
    delete,
    disks,
    exec,
    guests,
    migrate,
    nodes,
    power,
    snapshots,
    storage,
    tasks,
    usage,
)

__all__ = [
    "backup",
    "clone",
    "cloudinit",
    "create",
    "delete",
    "disks",
    "exec",
    "guests",
    "migrate",
    "nodes",
    "power",
    "snapshots",
    "storage",
    "tasks",
    "usage",
]
