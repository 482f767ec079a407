"""A new guest's VMID: chosen once, held with its guest lock until the guest exists.

PVE's /cluster/nextid answers the lowest free VMID to everyone who asks, so two jobs
creating at once would both get it; the lock (ours, in Redis) makes the second job take
the next free one instead. The VMID is stored in the job record (`vmid` for a create or a
restore, `new_vmid` for a clone, whose `vmid` is its source), so a rerun keeps it.
"""

from __future__ import annotations

from typing import Any, Literal

from shared.errors import Conflict, RequestRejected
from workers.job import JobContext

__all__ = ["forget_vmid", "reserve_vmid"]

#: VMIDs tried past PVE's next free one when our own jobs hold those
_MAX_CANDIDATES = 50

VmidField = Literal["vmid", "new_vmid"]


async def reserve_vmid(job: JobContext, requested: int | None, field: VmidField = "vmid") -> int:
    """The new guest's VMID (`requested`, else the next free one), locked for this job and stored in `field`.

    A rerun keeps the VMID its first run stored. A requested VMID in use, or held by another of
    our jobs, is a CONFLICT.
    """
    record = job.record
    stored: int | None = getattr(record, field)
    if stored is not None and (requested is None or record.step is not None or record.steps or field == "new_vmid"):
        await job.lock_guest(stored)
        return stored  # allocated by an earlier run, or already dispatched with it
    if requested is not None:
        vmid = await _free(job, requested)
        if vmid is None:
            raise Conflict(f"VMID {requested} is already in use", hint="Omit the VMID to get the next free one.")
        if (holder := await job.try_lock_guest(vmid)) is not None:
            raise Conflict(f"VMID {vmid} is being used by job {holder}", hint="Omit the VMID to get the next free one.")
    else:
        vmid = await _reserve_next(job)
    setattr(record, field, vmid)
    fields: dict[str, Any] = {field: vmid}
    await job.app.store.update(job.job_id, **fields)
    return vmid


async def forget_vmid(job: JobContext, vmid: int, field: VmidField = "vmid") -> None:
    """Give up a VMID chosen for us that a guest made outside our queue took: the rerun chooses again."""
    await job.release_guest(vmid)
    setattr(job.record, field, None)
    await job.app.store.update(job.job_id, clear=(field,))


async def _free(job: JobContext, vmid: int) -> int | None:
    """`vmid` if PVE has no guest with it, else None."""
    try:
        return await job.app.pve.get("/cluster/nextid", int, query={"vmid": vmid})
    except RequestRejected:  # PVE: "VM 100 already exists"
        return None


async def _reserve_next(job: JobContext) -> int:
    """The lowest VMID free in PVE and not held by another of our jobs, locked for this job."""
    candidate = await job.app.pve.get("/cluster/nextid", int)
    for _ in range(_MAX_CANDIDATES):
        vmid = await _free(job, candidate)
        if vmid is not None and await job.try_lock_guest(vmid) is None:
            return vmid
        candidate += 1
    raise Conflict(
        f"no free VMID among the {_MAX_CANDIDATES} from {candidate - _MAX_CANDIDATES}: other jobs hold them",
        hint="Wait for the running create jobs (get_task_status), or pass a vmid.",
    )
