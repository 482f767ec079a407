"""Deleting a guest (Critical): refused while it runs unless asked to stop it first; stop and destroy each once."""

from __future__ import annotations

from shared.errors import Conflict
from shared.operations.delete import DELETE_INSTANCE, DeleteParams, DeleteResult
from shared.pve.models import UPID
from shared.pve.upid import Upid
from workers.guest_lookup import guest_exists, power_state
from workers.job import JobContext, Outcome, StepOutcome, guest_step, outcome_of
from workers.lifecycle import run_step
from workers.operations.power import power_step
from workers.registry import handles

__all__ = ["delete_instance"]


@handles(DELETE_INSTANCE)
async def delete_instance(job: JobContext, params: DeleteParams) -> Outcome:
    pve = job.app.pve
    await job.lock_guest(params.vmid)
    # a rerun after a step was sent takes the guest from the record: after the destroy it is gone
    guest = await job.guest(params.vmid, params.node)
    steps: list[StepOutcome] = []
    if job.record.step is None and not job.record.steps:  # a fresh job decides whether a stop comes first
        running = (guest.state or await power_state(pve, guest)).status == "running"
        if running and not params.stop_first:
            raise Conflict(
                f"{guest.kind} {guest.vmid} is running; it was not deleted",
                hint="Stop it with power_control first, or call again with stop_first=true.",
            )
        stopped_first = running
    else:  # a rerun continues the plan its first run made
        stopped_first = job.record.step == "stop" or any(s.get("step") == "stop" for s in job.record.steps)
    if stopped_first:
        steps.append(await run_step(job, power_step(pve, guest, "stop")))

    async def destroy() -> Upid:
        query = {"purge": params.purge or None, "destroy-unreferenced-disks": params.destroy_unreferenced_disks}
        return await pve.delete(f"/nodes/{{node}}/{guest.kind}/{{vmid}}", UPID, path=guest.path, query=query)

    async def is_gone() -> bool:
        return not await guest_exists(pve, guest.vmid)

    steps.append(await run_step(job, guest_step(guest, "destroy", destroy, is_gone, idempotent=True)))
    result = DeleteResult(
        vmid=guest.vmid,
        node=guest.node,
        kind=guest.kind,
        name=guest.name,
        stopped_first=stopped_first,
        purged=params.purge,
    )
    return outcome_of(result, steps, f"{guest.kind} {guest.vmid} ({guest.name or 'unnamed'}) deleted")
