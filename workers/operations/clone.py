"""Cloning a guest (a new VMID reserved once, as create does) and making a guest a template."""

from __future__ import annotations

import asyncio

import structlog

from shared.errors import Conflict, DispatchUncertain, InvalidInput, RequestRejected
from shared.jobs.record import utcnow
from shared.operations.clone import (
    CLONE_INSTANCE,
    CONVERT_TO_TEMPLATE,
    CloneParams,
    CloneResult,
    TemplateParams,
    TemplateResult,
)
from shared.pve.client import FormValue
from shared.pve.models import NO_DATA, UPID
from shared.pve.upid import Upid
from workers.guest_lookup import Guest, guest_exists, power_state, power_state_after, resolve_guest
from workers.job import JobContext, Outcome, Retry, guest_step, outcome_of
from workers.lifecycle import run_step
from workers.operations.power import power_step
from workers.reconcile import find_our_task
from workers.registry import handles
from workers.vmids import forget_vmid, reserve_vmid

__all__ = ["clone_instance", "convert_to_template"]

log = structlog.get_logger("workers.operations.clone")

#: how long a container's template task (whose call answers null) is looked for in the node's task list
_FIND_TASK_TRIES = 10
_FIND_TASK_SECONDS = 0.3


async def _source(job: JobContext, params: CloneParams) -> tuple[Guest, bool]:
    """The guest to clone and whether it is a template, noted once so a rerun knows it without a lookup.

    A template's lock is not taken: PVE clones a template under a shared lock, so clones of
    one template run side by side, and our lock would make them wait for each other.
    """
    record = job.record
    if record.plan is not None and "template" in record.plan:
        template = bool(record.plan["template"])
        guest = await job.guest(params.vmid, params.node)
    else:
        guest = await job.guest(params.vmid, params.node)
        template = guest.template
        record.plan = {"template": template}
        await job.app.store.update(job.job_id, plan=record.plan)
    if not template:
        await job.lock_guest(params.vmid)
    return guest, template


@handles(CLONE_INSTANCE)
async def clone_instance(job: JobContext, params: CloneParams) -> Outcome:
    pve = job.app.pve
    source, template = await _source(job, params)
    # a storage for the disks means copies of them: PVE refuses `storage` for a linked clone
    full = params.full if params.full is not None else (not template or params.storage is not None)
    if job.record.step is None and not job.record.steps:
        if params.storage is not None and not full:
            raise InvalidInput("storage is for a full clone only", hint="Drop storage, or omit full=false.")
        if params.full is False and not template and params.snapshot is None:
            raise InvalidInput(
                f"{source.label} is no template: PVE links clones only of templates (or a snapshot)",
                hint="Clone it full (omit full), or convert it with convert_to_template first.",
            )
    newid = await reserve_vmid(job, params.newid, "new_vmid")
    node = params.target or source.node
    clone = Guest(newid, node, source.kind, params.name, None, False)

    async def dispatch() -> Upid:
        body: dict[str, FormValue] = {
            "newid": newid,
            "name" if source.kind == "qemu" else "hostname": params.name,
            "target": params.target,
            "storage": params.storage,
            "pool": params.pool,
            "snapname": params.snapshot,
            "description": params.description,
            "full": full if params.full is not None or params.storage is not None else None,
        }
        return await pve.post(source.template_for("/clone"), UPID, path=source.path, body=body)

    async def effect_present() -> bool:
        return await guest_exists(pve, newid)

    try:
        steps = [await run_step(job, guest_step(source, "clone", dispatch, effect_present))]
    except RequestRejected as exc:
        if params.newid is not None or "already exists" not in exc.message:
            raise
        log.info("vmid_taken", vmid=newid)  # made outside our queue meanwhile: choose again
        await forget_vmid(job, newid, "new_vmid")
        raise Retry(defer=0.5) from exc
    if params.start:
        steps.append(await run_step(job, power_step(pve, clone, "start")))
    made = await resolve_guest(pve, newid, node)
    status = await power_state_after(pve, made)
    result = CloneResult(
        vmid=newid, node=node, kind=source.kind, name=made.name, source_vmid=source.vmid, full=full,
        started=params.start, status=status,
    )  # fmt: skip
    return outcome_of(result, steps, f"{source.label} cloned as {newid} on {node}; it is {status}")


@handles(CONVERT_TO_TEMPLATE)
async def convert_to_template(job: JobContext, params: TemplateParams) -> Outcome:
    pve = job.app.pve
    await job.lock_guest(params.vmid)
    guest = await job.guest(params.vmid, params.node)
    if job.record.step is None and not job.record.steps:
        if guest.template:
            result = TemplateResult(vmid=guest.vmid, node=guest.node, kind=guest.kind, changed=False)
            return Outcome(result, message=f"{guest.label} already is a template; nothing was done")
        if (guest.state or await power_state(pve, guest)).status != "stopped":
            raise Conflict(f"{guest.label} is running", hint="Stop it first (power_control action='shutdown').")

    async def effect_present() -> bool:
        return (await resolve_guest(pve, guest.vmid, guest.node)).template

    step = guest_step(guest, "template", lambda: _dispatch_template(job, guest), effect_present)
    done = await run_step(job, step)
    result = TemplateResult(vmid=guest.vmid, node=guest.node, kind=guest.kind, changed=True)
    return outcome_of(result, [done], f"{guest.label} is a template now")


async def _dispatch_template(job: JobContext, guest: Guest) -> Upid:
    """POST .../template: a VM's answers its UPID; a container's null, so its task is looked up in the node's list."""
    pve = job.app.pve
    if guest.kind == "qemu":
        return await pve.post(guest.template_for("/template"), UPID, path=guest.path)
    since = utcnow()
    await pve.post(guest.template_for("/template"), NO_DATA, path=guest.path)
    step = guest_step(guest, "template", lambda: _dispatch_template(job, guest))
    for _ in range(_FIND_TASK_TRIES):
        if (upid := await find_our_task(job, step, since)) is not None:
            return upid
        await asyncio.sleep(_FIND_TASK_SECONDS)
    # PVE took the request: the step reconciles (its task, or its effect) before anything is sent again
    raise DispatchUncertain(f"PVE accepted the template request for {guest.label} but lists no task for it yet")
