"""A guest's config change, sent once its plan is stored (update_instance, set_guest_nic, set_vm_cloudinit).

One step ("config", no PVE task; workers.requests). Before the PUT the job records its plan (each key, its value
before and after; None after: deleted), so a rerun after the PUT may have reached PVE reads the
config again and finds the planned values there as its own effect, not as "already so": it sends
only what of the plan is not there yet. The PUT carries the digest of the config it was computed
from: an edit someone else made in between is refused by PVE (CONFLICT), never overwritten.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from pydantic import TypeAdapter

from shared.errors import Conflict, ProxmoxMcpError, RequestRejected
from shared.pve.client import FormValue
from shared.pve.models import NO_DATA, GuestConfig, PveModel
from workers.guest_lookup import Guest
from workers.job import JobContext
from workers.requests import dispatch_once, finished_step, record_step

__all__ = ["ConfigEdit", "config_step", "config_value", "pending_keys", "put_config", "read_config"]

# qemu-server's "checksum mismatch (file change by other user?)", pve-container's "detected modified
# configuration - file changed by other user? Try again."
_STALE_DIGEST = re.compile(r"checksum mismatch|detected modified configuration", re.IGNORECASE)


_CONFIG = TypeAdapter(GuestConfig)
#: a config's keys and values as PVE keeps them (GET .../config: pending values shown), without its digest
Config = dict[str, str]


@dataclass(frozen=True)
class ConfigEdit:
    """What a change asks of a guest's config: keys to set, as PVE keeps them, and keys to delete."""

    sets: dict[str, str] = field(default_factory=dict)
    deletes: tuple[str, ...] = ()


def config_value(value: object) -> str:
    """A value as a guest's config file keeps it (a boolean as 1 or 0)."""
    return ("1" if value else "0") if isinstance(value, bool) else str(value)


async def read_config(job: JobContext, guest: Guest) -> tuple[Config, str]:
    """The guest's config (with its pending values, as PVE shows it) and its digest."""
    config = await job.app.pve.get(guest.template_for("/config"), _CONFIG, path=guest.path)
    raw = config.model_dump(mode="json", by_alias=True, exclude_none=True)
    return {key: config_value(value) for key, value in raw.items() if key != "digest"}, config.digest


class _PendingItem(PveModel):
    """An item of GET .../pending: an option, its current value, its pending value or delete."""

    key: str
    value: Any = None
    pending: Any = None
    delete: int | None = None


_PENDING = TypeAdapter(list[_PendingItem])


async def pending_keys(job: JobContext, guest: Guest, keys: Config | dict[str, Any]) -> list[str]:
    """Those of `keys` that PVE keeps pending until the guest restarts (a value, or a delete, not yet taken)."""
    if not keys:
        return []
    items = await job.app.pve.get(guest.template_for("/pending"), _PENDING, path=guest.path)
    waiting = {item.key for item in items if item.pending is not None or item.delete}
    return sorted(key for key in keys if key in waiting)


async def config_step(
    job: JobContext,
    guest: Guest,
    edit: Callable[[Config], ConfigEdit],
    same: Callable[[str, str | None, str], bool],
    digest: str | None = None,
) -> dict[str, Any]:
    """Make the edit where the config differs; the changes made (key -> before/after), the step's record.

    `edit` computes the change from the config as read; `same(key, current, wanted)` says whether
    the config already says `wanted`. `digest`: the agent's, from the config it decided on; a
    config changed since is refused before anything is sent.
    """
    if (done := finished_step(job, "config")) is not None:
        return dict(done["changed"])
    record = job.record
    current, read_digest = await read_config(job, guest)
    if record.step == "config" and record.plan is not None:
        planned: dict[str, Any] = dict(record.plan["changed"])  # a rerun: what is there of it is our own doing
    else:
        if digest is not None and digest != read_digest:
            raise Conflict(
                f"the configuration of {guest.label} changed since digest {digest}; nothing was changed",
                hint="Read it again with get_instance_config and decide again with its digest.",
            )
        asked = edit(current)
        planned = {
            key: {"before": current.get(key), "after": value}
            for key, value in asked.sets.items()
            if not same(key, current.get(key), value)
        }
        planned |= {key: {"before": current[key], "after": None} for key in asked.deletes if key in current}
    sets = {
        key: change["after"]
        for key, change in planned.items()
        if change["after"] is not None and not same(key, current.get(key), change["after"])
    }
    deletes = [key for key, change in planned.items() if change["after"] is None and key in current]
    if sets or deletes:
        await put_config(job, guest, sets, read_digest, planned, deletes=deletes)
    await record_step(job, {"step": "config", "changed": planned})
    return planned


async def put_config(
    job: JobContext,
    guest: Guest,
    pending: dict[str, str],
    digest: str,
    planned: dict[str, Any],
    *,
    deletes: Sequence[str] = (),
) -> None:
    """Send the config PUT once its plan is stored (workers.requests); a refused PUT drops the plan."""
    body: dict[str, FormValue] = {**pending, "digest": digest}
    if deletes:
        body["delete"] = ",".join(deletes)

    def stale(refused: ProxmoxMcpError) -> ProxmoxMcpError | None:
        if isinstance(refused, RequestRejected) and _STALE_DIGEST.search(refused.message):
            return Conflict(
                f"the configuration of {guest.label} was changed by someone else meanwhile; nothing was changed",
                hint="Read it again with get_instance_config, then call again.",
            )
        return None

    async def send() -> None:
        await job.app.pve.put(guest.template_for("/config"), NO_DATA, path=guest.path, body=body)

    await dispatch_once(job, "config", {"changed": planned}, send, refused=stale)
