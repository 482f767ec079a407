"""Migrating a guest: checked against the target and PVE's preconditions, followed on the source node.

The migration task runs on the source node (its UPID names it) and the guest ends on the target,
so a rerun that finds no task of ours looks for the guest on the target.
"""

from __future__ import annotations

import time
from typing import Any, cast

from shared.errors import Conflict, InvalidInput, NodeUnreachable, NotFound, TaskFailed
from shared.operations.migrate import MIGRATE_INSTANCE, MigrateParams, MigrateResult, MigrationMode
from shared.pve.client import FormValue
from shared.pve.models import UPID, NodeSummary, QemuMigrateCheck, StorageStatus
from shared.pve.upid import Upid
from workers.guest_lookup import Guest, cluster_guests, power_state, power_state_after
from workers.job import JobContext, Outcome, TaskStep, outcome_of
from workers.lifecycle import run_step
from workers.operations.cluster import HaEntry
from workers.registry import handles

__all__ = ["migrate_instance"]

#: how often a migration handed to HA is looked at until the guest is on its target
_HA_POLL_SECONDS = 1.0
#: how long the CRM may take to begin a migration it was asked for (its round is about 10 s)
_HA_START_SECONDS = 30.0


async def _check_target(job: JobContext, guest: Guest, params: MigrateParams) -> None:
    """The target exists, is online and has target_storage, before anything is sent."""
    pve = job.app.pve
    if params.target == guest.node:
        raise InvalidInput(f"{guest.label} is on node {guest.node} already", hint="Pick another target node.")
    nodes = {n.node: n for n in await pve.get("/nodes", list[NodeSummary])}
    target = nodes.get(params.target)
    if target is None:
        raise NotFound(
            f"no node {params.target!r} in the cluster", hint=f"Use one of: {', '.join(sorted(nodes))} (list_nodes)."
        )
    if target.status != "online":
        raise NodeUnreachable(
            f"node {params.target} is {target.status}: nothing was migrated",
            hint="Bring the node back, or migrate to an online node (list_nodes).",
        )
    if params.target_storage is not None:
        storages = await pve.get(
            "/nodes/{node}/storage", list[StorageStatus], path={"node": params.target}, query={"enabled": 1}
        )
        if params.target_storage not in {s.storage for s in storages}:
            raise NotFound(
                f"node {params.target} has no enabled storage {params.target_storage!r}",
                hint=f"See list_storage(node='{params.target}').",
            )


def _why_not(reasons: dict[str, Any]) -> str:
    parts = [f"{key.replace('_', ' ')}: {', '.join(map(str, value))}" for key, value in reasons.items() if value]
    return "; ".join(parts) or "PVE gives no reason"


async def _plan(job: JobContext, guest: Guest, params: MigrateParams) -> dict[str, Any]:
    """How it migrates (online, offline or restart; with local disks), from PVE's own preconditions (a VM's)."""
    pve = job.app.pve
    running = (guest.state or await power_state(pve, guest)).status == "running"
    local_disks = False
    if guest.kind == "qemu":
        check = await pve.get(guest.template_for("/migrate"), QemuMigrateCheck, path=guest.path)
        if check.local_resources:
            raise Conflict(
                f"{guest.label} uses local devices that cannot migrate: {', '.join(check.local_resources)}",
                hint="Remove or map them first.",
            )
        local_disks = any(not disk.get("cdrom") for disk in check.local_disks)
        refused = (check.not_allowed_nodes or {}).get(params.target)
        if refused and params.target_storage is None:
            raise Conflict(
                f"PVE will not migrate {guest.label} to {params.target}: {_why_not(refused)}",
                hint="Pass target_storage (a storage on the target) for its local disks.",
            )
    # a container's precondition endpoint is PVE 9's only; its POST refuses a storage the target
    # lacks before it starts anything, in PVE's words
    mode: MigrationMode = ("online" if guest.kind == "qemu" else "restart") if running else "offline"
    return {"mode": mode, "local_disks": local_disks}


async def _moved_by_ha(job: JobContext, guest: Guest, target: str) -> None:
    """An HA guest's `hamigrate` task only asks the HA stack: wait until the guest is on the target.

    The CRM takes the request up within its round (about 10 s) and shows the service as `migrate`
    meanwhile; one seen migrating and back to another state with the guest still on its node
    means HA gave the migration up (its own task failed), and one never seen migrating within
    _HA_START_SECONDS that HA did not take it up.
    """
    pve, sid = job.app.pve, guest.ha_sid
    asked, migrating = time.monotonic(), False
    while True:
        if any(r.vmid == guest.vmid and r.node == target for r in await cluster_guests(pve)):
            return
        entries = await pve.get("/cluster/ha/status/current", list[HaEntry])
        service = next((e for e in entries if e.type == "service" and e.sid == sid), None)
        state = service.state if service is not None else None
        if state in ("migrate", "relocate"):
            migrating = True
        elif migrating or time.monotonic() - asked > _HA_START_SECONDS:
            what = "gave the migration up" if migrating else f"did not take it up in {_HA_START_SECONDS:.0f} s"
            raise TaskFailed(
                f"HA {what}: {guest.label} is {state or 'no longer managed'} on {guest.node}, not on {target}",
                hint="Read the HA agent's migration task in list_tasks, and get_cluster_status for HA's state.",
            )
        await job.pause(_HA_POLL_SECONDS)


@handles(MIGRATE_INSTANCE)
async def migrate_instance(job: JobContext, params: MigrateParams) -> Outcome:
    pve = job.app.pve
    await job.lock_guest(params.vmid)
    guest = await job.guest(params.vmid, params.node)
    record = job.record
    if record.plan is None:
        await _check_target(job, guest, params)
        record.plan = await _plan(job, guest, params)
        await job.app.store.update(job.job_id, plan=record.plan)
    plan = record.plan
    mode = cast("MigrationMode", plan["mode"])

    async def dispatch() -> Upid:
        body: dict[str, FormValue] = {"target": params.target}
        if guest.kind == "qemu":
            body |= {
                "online": mode == "online" or None,
                "with-local-disks": (plan["local_disks"] and mode == "online") or None,
                "targetstorage": params.target_storage,
            }
        else:
            body |= {"restart": mode == "restart" or None, "target-storage": params.target_storage}
        return await pve.post(guest.template_for("/migrate"), UPID, path=guest.path, body=body)

    async def effect_present() -> bool:
        return any(r.vmid == guest.vmid and r.node == params.target for r in await cluster_guests(pve))

    task_type = "qmigrate" if guest.kind == "qemu" else "vzmigrate"  # PVE's names, not qm<action>
    done = await run_step(job, TaskStep("migrate", guest.node, task_type, guest.vmid, dispatch, effect_present))
    if done.upid is not None and Upid.parse(done.upid).type == "hamigrate":
        await _moved_by_ha(job, guest, params.target)
    moved = Guest(guest.vmid, params.target, guest.kind, guest.name, None, False)
    await job.note_guest(params.target, guest.kind)
    status = await power_state_after(pve, moved)
    result = MigrateResult(
        vmid=guest.vmid, kind=guest.kind, source_node=guest.node, node=params.target, mode=mode, status=status
    )
    return outcome_of(result, [done], f"{guest.label} migrated ({mode}) from {guest.node} to {params.target}")
