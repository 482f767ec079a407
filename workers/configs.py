"""A guest's config PUT, sent once its plan is stored (set_vm_cloudinit and update_instance share it).

Before the PUT the job records its plan (the keys and their values before and after), so a rerun
after the PUT may have reached PVE reads the config again and finds the planned values there as
its own effect, not as "already so". The PUT carries the digest of the config it was computed
from: an edit someone else made in between is refused by PVE (CONFLICT), never overwritten.
"""

from __future__ import annotations

import re
from typing import Any

from shared.errors import Conflict, DispatchUncertain, ProxmoxMcpError, RequestRejected, TransientPveError
from shared.jobs.record import utcnow
from shared.jobs.states import JobState
from shared.pve.client import FormValue
from shared.pve.models import NO_DATA
from workers.guest_lookup import Guest
from workers.runtime import JobContext, Retry

__all__ = ["put_config"]

# qemu-server's "checksum mismatch (file change by other user?)", pve-container's "detected modified
# configuration - file changed by other user? Try again."
_STALE_DIGEST = re.compile(r"checksum mismatch|detected modified configuration", re.IGNORECASE)


async def put_config(
    job: JobContext, guest: Guest, pending: dict[str, str], digest: str, planned: dict[str, Any]
) -> None:
    """Send the config PUT once its plan is stored; a PUT PVE refused changed nothing, and the plan is dropped."""
    await job.end_if_cancelled()
    record = job.record
    record.step, record.plan, record.state = "config", {"changed": planned}, JobState.DISPATCHING
    await job.app.store.transition(
        job.job_id, JobState.DISPATCHING, step="config", plan=record.plan, dispatched_at=utcnow()
    )
    job.assert_may_send()
    body: dict[str, FormValue] = {**pending, "digest": digest}
    try:
        await job.app.pve.put(guest.template_for("/config"), NO_DATA, path=guest.path, body=body)
    except DispatchUncertain:
        raise Retry(defer=1.0) from None  # it may have been applied: the rerun reads the config and sees
    except TransientPveError:
        raise  # nothing reached PVE, or PVE's lock: the job runs again and looks at the config first
    except ProxmoxMcpError as refused:
        record.step, record.plan, record.state = None, None, JobState.QUEUED
        await job.app.store.transition(job.job_id, JobState.QUEUED, clear=("step", "plan"))
        if isinstance(refused, RequestRejected) and _STALE_DIGEST.search(refused.message):
            raise Conflict(
                f"the configuration of {guest.label} was changed by someone else meanwhile; nothing was changed",
                hint="Read it again with get_instance_config, then call again.",
            ) from None
        raise
