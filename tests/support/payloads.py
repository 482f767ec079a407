"""Job payloads as the change tools enqueue them, for tests that submit straight to the queue."""

from __future__ import annotations

from shared.operations.create import CreateVmParams

__all__ = ["new_vm"]


def new_vm(name: str, node: str = "pve1") -> CreateVmParams:
    """create_vm's payload for a VM of the tool's default size, confirmed, not started."""
    return CreateVmParams(
        node=node,
        name=name,
        cores=1,
        memory_mb=2048,
        disk_gb=32,
        storage="local-lvm",
        bridge="vmbr0",
        ostype="l26",
        start=False,
        confirmed=True,
    )
