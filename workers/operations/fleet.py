"""Fleets: a parent job that queues one ordinary change job per guest, at most `parallel` at a time.

The parent's first run resolves the selector (GET /cluster/resources) and stores its plan before
it queues anything: the guests, each with the job ID its change will have. Then it looks at its
guests every moment (out of its slot between two looks): it reads the guest jobs' records, queues
the next ones (by the planned ID, so a job is queued once however often the parent runs, after a
kill too), and records the guests' states as its interim result and progress, until every
guest's job has ended. The guest jobs are create_snapshot, power_control and backup_instance jobs like
any other: each change is exactly once by their own rules.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Callable
from typing import Any

import structlog

from shared.errors import NotFound, TaskFailed
from shared.jobs.client import JobClient, new_job_id
from shared.jobs.record import JobRecord, utcnow
from shared.jobs.states import JobState
from shared.operations.backup import BACKUP_INSTANCE, BackupParams
from shared.operations.base import Params
from shared.operations.fleet import (
    BACKUP_GUESTS,
    PLAN_FLEET,
    POWER_GUESTS,
    SNAPSHOT_GUESTS,
    BackupGuestsParams,
    FleetGuest,
    FleetParams,
    FleetPlan,
    FleetResult,
    FleetSelector,
    PowerGuestsParams,
    SnapshotGuestsParams,
    count_check,
)
from shared.operations.operation import Operation
from shared.operations.power import POWER_CONTROL, PowerParams
from shared.operations.snapshots import CREATE_SNAPSHOT, CreateSnapshotParams
from shared.pve.client import PveClient
from shared.redact import Redactor
from workers.guest_lookup import cluster_guests
from workers.job import JobContext, Outcome
from workers.registry import handles

__all__ = ["backup_guests", "plan_fleet", "power_guests", "resolve_fleet", "snapshot_guests"]

log = structlog.get_logger("workers.fleet")

#: how soon the parent looks at its guests' jobs again
_TICK_SECONDS = 0.3
_OK = (JobState.SUCCEEDED, JobState.SUCCEEDED_WITH_WARNINGS)


def _tags(text: str | None) -> set[str]:
    return {tag.lower() for tag in (text or "").replace(",", ";").replace(" ", ";").split(";") if tag}


async def resolve_fleet(pve: PveClient, selector: FleetSelector) -> list[FleetGuest]:
    """The guests the selector names, by VMID (templates never); NOT_FOUND for none or a VMID that is no guest."""
    resources = await cluster_guests(pve)
    known = {r.vmid for r in resources}
    missing = [vmid for vmid in selector.vmids or () if vmid not in known]
    if missing:
        raise NotFound(f"no guest with VMID {', '.join(map(str, missing))} in the cluster")
    wanted = set(selector.vmids) if selector.vmids is not None else None
    chosen = [
        r
        for r in resources
        if not r.template
        and (wanted is None or r.vmid in wanted)
        and (selector.tag is None or selector.tag.lower() in _tags(r.tags))
        and (selector.pool is None or r.pool == selector.pool)
        and (selector.node is None or r.node == selector.node)
        and (selector.kind is None or r.type == selector.kind)
    ]
    if not chosen:
        raise NotFound(
            f"no guest matches {selector.describe()}",
            hint="list_vms and list_lxc_containers show each guest's tags and node.",
        )
    return [
        FleetGuest(
            vmid=r.vmid or 0,
            node=r.node or "",
            kind="qemu" if r.type == "qemu" else "lxc",
            name=r.name,
            status=r.status,
            state="planned",
        )
        for r in sorted(chosen, key=lambda r: r.vmid or 0)
    ]


@handles(PLAN_FLEET)
async def plan_fleet(job: JobContext, params: FleetSelector) -> FleetPlan:
    return FleetPlan(guests=await resolve_fleet(job.app.pve, params))


def _state_of(guest: FleetGuest, child: JobRecord | None, stopping: bool) -> FleetGuest:
    if child is None:
        return guest.model_copy(update={"state": "skipped" if stopping else "waiting"})
    message = child.error_message if child.error_code else child.message
    return guest.model_copy(update={"state": child.state.value, "message": message})


async def _plan(job: JobContext, params: FleetParams) -> list[FleetGuest]:
    """The fleet's guests, each with its job ID: resolved and stored on the first run, read after that."""
    record = job.record
    if record.plan is None:
        guests = await resolve_fleet(job.app.pve, params.selector())
        count_check(params, len(guests))
        planned = [g.model_copy(update={"job_id": new_job_id(), "state": "waiting"}) for g in guests]
        record.plan = {"guests": [g.model_dump(mode="json") for g in planned]}
        record.state = JobState.RUNNING
        await job.app.store.transition(job.job_id, JobState.RUNNING, plan=record.plan)
        log.info("fleet_planned", guests=len(planned))
    return [FleetGuest.model_validate(g) for g in record.plan["guests"]]


def _result(guests: list[FleetGuest]) -> FleetResult:
    return FleetResult(counts=dict(Counter(g.state for g in guests)), guests=guests)


async def _run_fleet(
    job: JobContext,
    params: FleetParams,
    child_op: Operation[Any, Any],
    child_params: Callable[[FleetGuest], Params],
) -> Outcome:
    guests = await _plan(job, params)
    while (outcome := await _look(job, params, guests, child_op, child_params)) is None:
        await job.pause(_TICK_SECONDS)
    return outcome


async def _look(
    job: JobContext,
    params: FleetParams,
    guests: list[FleetGuest],
    child_op: Operation[Any, Any],
    child_params: Callable[[FleetGuest], Params],
) -> Outcome | None:
    """One look at the guests' jobs: the next ones queued, the interim result; the fleet's outcome once all ended."""
    store = job.app.store
    children: list[JobRecord | None] = list(await asyncio.gather(*(store.get(str(g.job_id)) for g in guests)))
    failed = any(c is not None and c.terminal and c.state not in _OK for c in children)
    fresh = await store.get(job.job_id)
    cancelled = fresh is not None and fresh.cancel_requested
    stopping = cancelled or (params.stop_on_error and failed)
    running = sum(1 for c in children if c is not None and not c.terminal)
    if not stopping and running < params.parallel:
        # each guest's job is the fleet's caller's, signed: its worker checks that caller's scopes on that guest
        client = JobClient(
            store, redactor=Redactor(job.app.settings.secrets()), signer=job.app.signer, cluster=job.app.cluster
        )
        for index, guest in enumerate(guests):
            if running >= params.parallel:
                break
            if children[index] is not None:
                continue
            job.assert_may_send()
            children[index] = await client.submit_once(
                child_op, child_params(guest), job_id=str(guest.job_id), caller=job.caller
            )
            running += 1
            await store.update(job.job_id, dispatched_at=utcnow())  # progress, for the no-progress bound
            log.info("fleet_guest_queued", vmid=guest.vmid, child=guest.job_id)
    states = [_state_of(g, c, stopping) for g, c in zip(guests, children, strict=True)]
    result = _result(states)
    finished = sum(1 for c in children if c is not None and c.terminal)
    if any(c is not None and not c.terminal for c in children) or (not stopping and any(c is None for c in children)):
        if result.model_dump(mode="json") != job.record.result:
            job.record.result = result.model_dump(mode="json")
            await store.update(job.job_id, result=job.record.result)
            await store.progress(job.job_id, 100 * finished / len(guests), f"{finished}/{len(guests)} guests done")
        return None
    await store.progress(job.job_id, 100 * finished / len(guests), f"{finished}/{len(guests)} guests done")
    if not any(g.state in ("succeeded", "succeeded_with_warnings") for g in states):
        await store.update(job.job_id, result=result.model_dump(mode="json"))  # the failure's details
    return _ending(job, params, result, cancelled)


def _ending(job: JobContext, params: FleetParams, result: FleetResult, cancelled: bool) -> Outcome:
    ok = [g for g in result.guests if g.state in ("succeeded", "succeeded_with_warnings")]
    bad = [g for g in result.guests if g not in ok]
    if cancelled:
        return Outcome(result, JobState.CANCELLED, f"cancelled: {len(ok)} guest(s) done, {len(bad)} not")
    if not bad:
        warned = any(g.state == "succeeded_with_warnings" for g in ok)
        state = JobState.SUCCEEDED_WITH_WARNINGS if warned else JobState.SUCCEEDED
        return Outcome(result, state, f"all {len(ok)} guest(s) done")
    failures = "; ".join(f"{g.vmid}: {g.state}{f' ({g.message})' if g.message else ''}" for g in bad[:5])
    if not ok:
        raise TaskFailed(
            f"no guest's change succeeded ({failures})",
            hint=f"get_task_status(job_id='{job.job_id}') shows each guest's state; each has its own job.",
        )
    stopped = " (stop_on_error)" if params.stop_on_error else ""
    return Outcome(result, JobState.PARTIAL, f"{len(ok)} guest(s) done, {len(bad)} not{stopped}: {failures}")


@handles(SNAPSHOT_GUESTS)
async def snapshot_guests(job: JobContext, params: SnapshotGuestsParams) -> Outcome:
    def child(guest: FleetGuest) -> CreateSnapshotParams:
        return CreateSnapshotParams(
            vmid=guest.vmid,
            node=guest.node,
            name=params.name,
            description=params.description,
            vmstate=params.vmstate and guest.kind == "qemu" and guest.status == "running",
            confirmed=True,
        )

    return await _run_fleet(job, params, CREATE_SNAPSHOT, child)


@handles(POWER_GUESTS)
async def power_guests(job: JobContext, params: PowerGuestsParams) -> Outcome:
    def child(guest: FleetGuest) -> PowerParams:
        return PowerParams(
            vmid=guest.vmid, node=guest.node, action=params.action, timeout=params.timeout, confirmed=True
        )

    return await _run_fleet(job, params, POWER_CONTROL, child)


@handles(BACKUP_GUESTS)
async def backup_guests(job: JobContext, params: BackupGuestsParams) -> Outcome:
    def child(guest: FleetGuest) -> BackupParams:
        return BackupParams(
            vmid=guest.vmid,
            node=guest.node,
            storage=params.storage,
            mode=params.mode,
            compress=params.compress,
            confirmed=True,
        )

    return await _run_fleet(job, params, BACKUP_INSTANCE, child)
