"""A change's audit entry (shared.audit), written by the worker that ended its job."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import structlog

from shared.caller import Caller
from shared.jobs.connection import REDIS_ERRORS
from shared.operations.base import Params
from shared.operations.operation import Operation

if TYPE_CHECKING:
    from shared.jobs.record import JobRecord
    from workers.app import WorkerApp

__all__ = ["audit_change"]

log = structlog.get_logger("workers.audit")


def _target(record: JobRecord) -> str:
    """The job's guest as a plan names it: `VM 100 'web01' on node pve1`, or nothing for a guest yet to be made."""
    if record.vmid is None or record.kind is None:
        return ""
    kind = "VM" if record.kind == "qemu" else "container"
    name = f" '{record.guest_name}'" if record.guest_name else ""
    return f"{kind} {record.vmid}{name} on node {record.node}"


def _plan(op: Operation, params: Params | None, record: JobRecord) -> str | None:
    if op.plan is None or params is None:
        return None
    try:
        return op.plan(params, _target(record))
    except Exception:  # a plan sentence must never cost the audit entry
        return None


async def audit_change(
    app: WorkerApp, op: Operation, record: JobRecord, *, caller: Caller | None, params: Params | None
) -> None:
    """Append the ended change's entry: who, what, on which cluster, the plan, its job and PVE tasks, the outcome.

    `record` is the job's as its end was written (the worker holds it: reading it back cost a round
    trip and a parse per change). The outcome is recorded before this runs: a Redis that fails now
    loses the entry (logged), never the job's end.
    """
    job_id = record.job_id
    try:
        who = caller or record.caller
        upids = [str(step["upid"]) for step in record.steps if step.get("upid")]
        if record.upid and record.upid not in upids:
            upids.append(record.upid)
        entry: dict[str, Any] = {
            "caller": who.label if who is not None else None,
            "caller_kind": who.kind if who is not None else None,
            "tool": op.name,
            # the cluster of the queue the worker took it from, whose PVE it ran against (a job refused as signed
            # for another is audited where it was refused): VMID 100 is another guest on each cluster
            "cluster": app.cluster,
            "args": record.args,
            "plan": _plan(op, params, record),
            "job_id": job_id,
            "node": record.node,
            "vmid": record.vmid,
            "upids": upids,
            "outcome": record.state.value,
            "error_code": record.error_code,
            "queued_at": record.created_at.isoformat(timespec="milliseconds").replace("+00:00", "Z"),
        }
        await app.audit.append(entry)
    except REDIS_ERRORS as exc:
        log.error("audit_entry_lost", job_id=job_id, error=type(exc).__name__)  # noqa: TRY400  # no traceback: the cause says it
