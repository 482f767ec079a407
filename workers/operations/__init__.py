"""Job handlers by domain; each registers itself on its operation with `@handles` (workers.registry)."""

from __future__ import annotations

from workers.operations import (
    agent,
    api,
    backup,
    clone,
    cloudinit,
    cluster,
    create,
    delete,
    disks,
    exec,
    fleet,
    guests,
    migrate,
    nodes,
    power,
    snapshots,
    storage,
    tasks,
    update,
    usage,
)

__all__ = [
    "agent",
    "api",
    "backup",
    "clone",
    "cloudinit",
    "cluster",
    "create",
    "delete",
    "disks",
    "exec",
    "fleet",
    "guests",
    "migrate",
    "nodes",
    "power",
    "snapshots",
    "storage",
    "tasks",
    "update",
    "usage",
]
