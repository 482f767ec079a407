"""update_instance: set what differs in a guest's config, against the digest it was computed from.

One step ("config", no PVE task): the config is read, the wanted values are compared with it, and
only the keys that differ are sent, with the digest read (or the agent's own, when it gave one:
then a config changed since it read it is refused before anything is sent). The plan is stored
before the PUT (workers.configs), so a rerun after a kill recognises its own effect. Then the
guest's pending section says which of the changes wait for a restart.
"""

from __future__ import annotations

from typing import Any

from pydantic import TypeAdapter

from shared.errors import Conflict, InvalidInput
from shared.operations.update import NIC_FIELDS, UPDATE_INSTANCE, ConfigDiff, UpdateParams, UpdateResult, parse_startup
from shared.pve.models import GuestConfig, PveModel
from workers.configs import put_config
from workers.guest_lookup import Guest
from workers.registry import handles
from workers.runtime import JobContext, Outcome

__all__ = ["update_instance", "wanted_config"]


class _PendingItem(PveModel):
    """An item of GET .../pending: an option, its current value, its pending value or delete."""

    key: str
    value: Any = None
    pending: Any = None
    delete: int | None = None


_CONFIG = TypeAdapter(GuestConfig)
_PENDING = TypeAdapter(list[_PendingItem])
#: what PVE assumes for a key the config leaves out
_DEFAULTS = {"onboot": "0", "protection": "0", "memory": "512"}


def _text(value: object) -> str:
    return ("1" if value else "0") if isinstance(value, bool) else str(value)


def _nic(current: str, params: UpdateParams) -> str:
    """netN with the asked options set (a 0 VLAN or rate removes it), the rest (model, MAC, ...) kept in order."""
    options = {key: (sep, value) for key, sep, value in (part.partition("=") for part in current.split(",") if part)}
    for field, key in NIC_FIELDS.items():
        value = getattr(params, field)
        if value is None:
            continue
        if value in (0, False) and field != "bridge":
            options.pop(key, None)
        else:
            options[key] = ("=", f"{value:g}" if isinstance(value, float) else _text(value))
    return ",".join(f"{key}{sep}{value}" for key, (sep, value) in options.items())


def wanted_config(params: UpdateParams, guest: Guest, current: dict[str, str]) -> dict[str, str]:
    """The config keys and values the call asks for, as PVE keeps them."""
    qemu = guest.kind == "qemu"
    if not qemu and (params.sockets is not None or params.balloon_mb is not None):
        raise InvalidInput("sockets and balloon_mb are qemu options; a container has neither", hint="Leave them out.")
    wanted: dict[str, str] = {}
    named = {
        "cores": params.cores, "sockets": params.sockets, "memory": params.memory_mb, "balloon": params.balloon_mb,
        "onboot": params.onboot, "startup": params.startup, "description": params.description,
        "protection": params.protection, "name" if qemu else "hostname": params.name,
        "tags": ";".join(params.tags) if params.tags is not None else None,
    }  # fmt: skip
    wanted.update({key: _text(value) for key, value in named.items() if value is not None})
    if any(getattr(params, field) is not None for field in NIC_FIELDS):
        key = f"net{params.net}"
        if key not in current:
            raise InvalidInput(f"{guest.label} has no {key}", hint="get_instance_config lists its netN keys.")
        wanted[key] = _nic(current[key], params)
    return wanted


def _same(key: str, current: str | None, wanted: str) -> bool:
    """Whether the config already says `wanted` (tags as a set, startup and memory by their meaning)."""
    current = current if current is not None else _DEFAULTS.get(key)
    if current is None:
        return False
    if key == "tags":
        return sorted(set(current.replace(",", ";").split(";")) - {""}) == sorted(set(wanted.split(";")) - {""})
    if key == "startup":
        return parse_startup(current) == parse_startup(wanted)
    if key == "memory":  # qemu's "current=<MiB>" property string (PVE 8 and later)
        return current.removeprefix("current=").split(",")[0] == wanted
    return current == wanted


async def _read(job: JobContext, guest: Guest) -> tuple[dict[str, str], str]:
    config = await job.app.pve.get(guest.template_for("/config"), _CONFIG, path=guest.path)
    raw = config.model_dump(mode="json", by_alias=True, exclude_none=True)
    return {key: _text(value) for key, value in raw.items() if key != "digest"}, config.digest


def _done(job: JobContext) -> dict[str, Any] | None:
    return next((done for done in job.record.steps if done.get("step") == "config"), None)


async def _config_step(job: JobContext, guest: Guest, params: UpdateParams) -> dict[str, Any]:
    """Set what differs; the changes made (key -> before/after), stored as the step's record."""
    if (done := _done(job)) is not None:
        return dict(done["changed"])
    record = job.record
    current, digest = await _read(job, guest)
    rerun = record.step == "config" and record.plan is not None
    if not rerun and params.digest is not None and params.digest != digest:
        raise Conflict(
            f"the configuration of {guest.label} changed since digest {params.digest}; nothing was changed",
            hint="Read it again with get_instance_config and decide again with its digest.",
        )
    wanted = wanted_config(params, guest, current)
    differs = {key: value for key, value in wanted.items() if not _same(key, current.get(key), value)}
    if rerun:
        assert record.plan is not None
        # a rerun after the PUT was sent: the planned keys already set are this job's own effect
        planned: dict[str, Any] = dict(record.plan["changed"])
        differs = {key: value for key, value in differs.items() if key in planned}
    else:
        planned = {key: {"before": current.get(key), "after": value} for key, value in differs.items()}
    if differs:
        await put_config(job, guest, differs, digest, planned)
    done_entry = {"step": "config", "changed": planned}
    record.steps, record.step, record.plan = [*record.steps, done_entry], None, None
    await job.app.store.update(job.job_id, steps=record.steps, clear=("step", "plan"))
    return planned


@handles(UPDATE_INSTANCE)
async def update_instance(job: JobContext, params: UpdateParams) -> Outcome:
    await job.lock_guest(params.vmid)
    guest = await job.guest(params.vmid, params.node)
    changes = await _config_step(job, guest, params)
    pending: list[str] = []
    if changes:
        items = await job.app.pve.get(guest.template_for("/pending"), _PENDING, path=guest.path)
        waiting = {item.key for item in items if item.pending is not None or item.delete}
        pending = sorted(key for key in changes if key in waiting)
    result = UpdateResult(
        vmid=guest.vmid,
        node=guest.node,
        kind=guest.kind,
        changed={key: ConfigDiff(**change) for key, change in changes.items()},
        pending=pending,
    )
    if not changes:
        message = "the settings were already so; nothing was changed"
    elif pending:
        message = f"{len(changes)} setting(s) changed; {', '.join(pending)} take(s) effect when the guest restarts"
    else:
        message = f"{len(changes)} setting(s) changed; in effect now"
    return Outcome(result, message=message)
