"""Job handlers by domain; each registers itself on its operation with `@handles` (workers.registry)."""

from __future__ import annotations

from workers.operations import cloudinit, create, delete, exec, guests, nodes, power, snapshots, storage, tasks, usage

__all__ = [
    "cloudinit",
    "create",
    "delete",
    "exec",
    "guests",
    "nodes",
    "power",
    "snapshots",
    "storage",
    "tasks",
    "usage",
]
