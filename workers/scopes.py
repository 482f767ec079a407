"""The worker's own check of a job's caller (shared.caller), from the signed job, before its handler runs.

The frontend refused what it could already (a tool outside the caller's tier or groups, a VMID
outside its ranges); the worker checks again, and for a caller scoped to guests it checks the
guest itself, which only PVE knows well enough: its node, pool and tags, from one read of the
cluster's resource list (GET /cluster/resources?type=vm). A guest outside the scopes is refused
before any request about it is sent. A list of guests keeps only those inside, before it is
counted and paged (workers.operations.guests, from the same resource list).

- A job about one guest (a `vmid`): the guest must match a selector.
- A new guest (create_vm, create_lxc): its node must be one of the caller's, or its VMID (given)
  in one of its ranges; a pool or tag the guest does not have yet admits nothing.
- A PVE task (by UPID): the guest it names must match; a task of no guest is refused.
- cancel_task by job ID: the job's guest must match.
- A cluster: a caller with `cluster:NAME` scopes reaches only those clusters.
- A generic API call (call_pve_api): its path must name a guest that matches.
- Node-level reads (nodes, storage, a node's usage) concern no guest and are left as they are.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from shared.caller import Caller, GuestFacts
from shared.catalogue import group_of
from shared.errors import OutOfScope
from shared.operations.api import ApiCallParams
from shared.operations.create import CreateLxcParams, CreateVmParams
from shared.operations.tasks import CancelParams
from shared.pve.client import PveClient
from shared.pve.upid import Upid
from workers.guest_lookup import cluster_guests

if TYPE_CHECKING:
    from shared.operations.base import Params
    from workers.job import JobContext

__all__ = ["enforce_scope"]


async def _facts(pve: PveClient) -> dict[int, GuestFacts]:
    return {
        r.vmid: GuestFacts(
            vmid=r.vmid,
            node=r.node,
            pool=r.pool,
            tags=frozenset(tag for tag in (r.tags or "").replace(",", ";").split(";") if tag),
        )
        for r in await cluster_guests(pve)
        if r.vmid is not None
    }


async def _refuse_guest(job: JobContext, caller: Caller, vmid: int) -> None:
    facts = (await _facts(job.app.pve)).get(vmid, GuestFacts(vmid=vmid))
    caller.refuse_guest(facts)


def _new_guest(caller: Caller, params: CreateVmParams | CreateLxcParams) -> None:
    scope = caller.scope
    vmid = params.vmid
    if params.node in scope.nodes or (vmid is not None and any(low <= vmid <= high for low, high in scope.vmids)):
        return
    raise OutOfScope(
        f"{caller.label} may create guests only on its nodes or with a VMID in its ranges ({scope.selectors()})",
        hint="Name a node of your scopes, or a vmid in your ranges.",
    )


async def _target_vmid(job: JobContext, params: Params) -> int | None:
    """The guest a task or job target names, or None when it names none."""
    upid = getattr(params, "upid", None)
    if isinstance(upid, str):
        named = Upid.parse(upid).id
        return int(named) if named.isdigit() else None
    if isinstance(params, CancelParams) and params.job_id is not None:
        target = await job.app.store.get(params.job_id)
        return target.vmid if target is not None else None
    return None


async def enforce_scope(job: JobContext, caller: Caller, params: Params) -> None:
    """Raise OutOfScope (PERMISSION_DENIED) unless the caller's scopes cover this job; nothing is sent before."""
    caller.refuse_tool(job.op.name, job.op.tier_of(params.model_dump()), group_of(job.op))
    caller.refuse_cluster(job.app.cluster)
    if not caller.scope.guest_scoped:
        return
    if isinstance(params, CreateVmParams | CreateLxcParams):
        _new_guest(caller, params)
        return
    vmid = getattr(params, "vmid", None)
    if isinstance(vmid, int) and not isinstance(vmid, bool):
        await _refuse_guest(job, caller, vmid)
        return
    if isinstance(params, ApiCallParams):  # a node's or the cluster's path: beyond any guest
        raise OutOfScope(f"{caller.label} is scoped to guests ({caller.scope.selectors()}); {params.path} names none")
    if hasattr(params, "upid") or isinstance(params, CancelParams):
        target = await _target_vmid(job, params)
        if target is None:
            raise OutOfScope(
                f"{caller.label} is scoped to guests ({caller.scope.selectors()}); this task is no guest's"
            )
        await _refuse_guest(job, caller, target)
