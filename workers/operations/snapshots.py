"""Snapshots: list them, take one, roll back to one; the changes follow their PVE task to the end."""

from __future__ import annotations

from shared.errors import Conflict, InvalidInput, NotFound
from shared.listing import paginate
from shared.operations.snapshots import (
    CREATE_SNAPSHOT,
    DELETE_SNAPSHOT,
    LIST_SNAPSHOTS,
    ROLLBACK_SNAPSHOT,
    CreateSnapshotParams,
    DeleteSnapshotParams,
    ListSnapshotsParams,
    RollbackParams,
    SnapshotInfo,
    SnapshotList,
    SnapshotResult,
)
from shared.pve.models import UPID, Snapshot
from shared.pve.upid import Upid
from workers.guest_lookup import Guest, power_state, power_state_after, resolve_guest
from workers.job import JobContext, Outcome, guest_step, outcome_of
from workers.lifecycle import run_step
from workers.operations.power import power_step
from workers.registry import handles

__all__ = ["create_snapshot", "delete_snapshot", "list_snapshots", "rollback_snapshot"]


@handles(LIST_SNAPSHOTS)
async def list_snapshots(job: JobContext, params: ListSnapshotsParams) -> SnapshotList:
    pve = job.app.pve
    guest = await resolve_guest(pve, params.vmid, params.node)
    entries = await pve.get(guest.template_for("/snapshot"), list[Snapshot], path=guest.path)
    # PVE lists the guest's present state as a pseudo-snapshot named "current".
    current = next((e for e in entries if e.name == "current"), None)
    snapshots = [
        SnapshotInfo(
            name=e.name,
            description=e.description.strip() or None,
            parent=e.parent,
            created_at=e.snaptime,
            vmstate=bool(e.vmstate),
        )
        for e in entries
        if e.name != "current"
    ]
    page = paginate(snapshots, lambda s: (s.created_at or 0, s.name), descending=False, asked=params)
    return SnapshotList(
        vmid=guest.vmid,
        node=guest.node,
        kind=guest.kind,
        current_parent=current.parent if current else None,
        snapshots=page.rows,
        **SnapshotList.page_of(page),
    )


async def _snapshot_names(job: JobContext, guest: Guest) -> set[str]:
    entries = await job.app.pve.get(guest.template_for("/snapshot"), list[Snapshot], path=guest.path)
    return {e.name for e in entries if e.name != "current"}


@handles(CREATE_SNAPSHOT)
async def create_snapshot(job: JobContext, params: CreateSnapshotParams) -> Outcome:
    pve = job.app.pve
    await job.lock_guest(params.vmid)
    guest = await job.guest(params.vmid, params.node)
    if job.record.step is None:
        if params.name in await _snapshot_names(job, guest):
            raise Conflict(
                f"guest {guest.vmid} already has a snapshot named {params.name!r}",
                hint="Pick another name, or list them with list_snapshots.",
            )
        # the power state, not the resource list's status: that one lags a start by up to ~10 s
        if params.vmstate and (
            guest.kind != "qemu" or (guest.state or await power_state(pve, guest)).status != "running"
        ):
            raise InvalidInput("vmstate (saving RAM) is for running qemu VMs only", hint="Call again without vmstate.")

    async def dispatch() -> Upid:
        body = {"snapname": params.name, "description": params.description, "vmstate": params.vmstate or None}
        return await pve.post(guest.template_for("/snapshot"), UPID, path=guest.path, body=body)

    async def effect_present() -> bool:
        return params.name in await _snapshot_names(job, guest)

    done = await run_step(job, guest_step(guest, "snapshot", dispatch, effect_present))
    status = await power_state_after(pve, guest)
    result = SnapshotResult(
        vmid=guest.vmid, node=guest.node, kind=guest.kind, name=params.name, action="snapshot", status_after=status
    )
    return outcome_of(result, [done], f"snapshot {params.name!r} of {guest.kind} {guest.vmid} taken")


async def _guest_with_snapshot(job: JobContext, vmid: int, node: str | None, name: str) -> Guest:
    """The guest, locked for this job, once it is known to have the snapshot (NOT_FOUND else; a rerun
    that already sent something does not ask again: the snapshot may be gone by its own doing)."""
    await job.lock_guest(vmid)
    guest = await job.guest(vmid, node)
    if job.record.step is None and name not in await _snapshot_names(job, guest):
        raise NotFound(
            f"guest {guest.vmid} has no snapshot named {name!r}",
            hint=f"List them with list_snapshots(vmid={guest.vmid}).",
        )
    return guest


@handles(ROLLBACK_SNAPSHOT)
async def rollback_snapshot(job: JobContext, params: RollbackParams) -> Outcome:
    pve = job.app.pve
    guest = await _guest_with_snapshot(job, params.vmid, params.node, params.name)

    async def dispatch() -> Upid:
        template = guest.template_for("/snapshot/{snapname}/rollback")
        path = {**guest.path, "snapname": params.name}
        return await pve.post(template, UPID, path=path)

    steps = [await run_step(job, guest_step(guest, "rollback", dispatch))]
    # The start is a step of our own, not PVE's `start=1` (PVE forks that as a task of its own once
    # the rollback ends). A rerun that already began it goes on; else only a VM left stopped starts.
    began = job.record.step == "start" or any(done.get("step") == "start" for done in job.record.steps)
    if params.start and (began or (await power_state(pve, guest)).status == "stopped"):
        steps.append(await run_step(job, power_step(pve, guest, "start")))
    status = await power_state_after(pve, guest)
    result = SnapshotResult(
        vmid=guest.vmid, node=guest.node, kind=guest.kind, name=params.name, action="rollback", status_after=status
    )
    return outcome_of(result, steps, f"{guest.kind} {guest.vmid} rolled back to {params.name!r}; it is {status}")


@handles(DELETE_SNAPSHOT)
async def delete_snapshot(job: JobContext, params: DeleteSnapshotParams) -> Outcome:
    pve = job.app.pve
    guest = await _guest_with_snapshot(job, params.vmid, params.node, params.name)

    async def dispatch() -> Upid:
        template = guest.template_for("/snapshot/{snapname}")
        query = {"force": 1} if params.force else None
        return await pve.delete(template, UPID, path={**guest.path, "snapname": params.name}, query=query)

    async def effect_present() -> bool:  # a rerun that finds it gone: the earlier try deleted it
        return params.name not in await _snapshot_names(job, guest)

    done = await run_step(job, guest_step(guest, "delsnapshot", dispatch, effect_present))
    status = await power_state_after(pve, guest)
    result = SnapshotResult(
        vmid=guest.vmid, node=guest.node, kind=guest.kind, name=params.name, action="delete", status_after=status
    )
    return outcome_of(result, [done], f"snapshot {params.name!r} of {guest.kind} {guest.vmid} deleted")
