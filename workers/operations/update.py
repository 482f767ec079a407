"""update_instance: set what differs in a guest's config, against the digest it was computed from.

One config step (workers.configs): the config is read, the wanted values are compared with it, and
only the keys that differ are sent, with the digest read (or the agent's own, when it gave one:
then a config changed since it read it is refused before anything is sent). Then the guest's
pending section says which of the changes wait for a restart.
"""

from __future__ import annotations

from shared.errors import InvalidInput
from shared.operations.update import (
    SET_VM_CDROM,
    UPDATE_INSTANCE,
    CdromParams,
    CdromResult,
    ConfigDiff,
    UpdateParams,
    UpdateResult,
    parse_startup,
)
from workers.configs import Config, ConfigEdit, config_step, config_value, pending_keys
from workers.guest_lookup import Guest
from workers.job import JobContext, Outcome
from workers.operations.create import check_volume
from workers.registry import handles

__all__ = ["set_vm_cdrom", "update_instance", "wanted_config"]


#: what PVE assumes for a key the config leaves out
_DEFAULTS = {"onboot": "0", "protection": "0", "memory": "512"}


def wanted_config(params: UpdateParams, guest: Guest) -> dict[str, str]:
    """The config keys and values the call asks for, as PVE keeps them."""
    qemu = guest.kind == "qemu"
    if not qemu and (params.sockets is not None or params.balloon_mb is not None):
        raise InvalidInput("sockets and balloon_mb are qemu options; a container has neither", hint="Leave them out.")
    named = {
        "cores": params.cores, "sockets": params.sockets, "memory": params.memory_mb, "balloon": params.balloon_mb,
        "onboot": params.onboot, "startup": params.startup, "description": params.description,
        "protection": params.protection, "name" if qemu else "hostname": params.name,
        "tags": ";".join(params.tags) if params.tags is not None else None,
    }  # fmt: skip
    return {key: config_value(value) for key, value in named.items() if value is not None}


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


@handles(UPDATE_INSTANCE)
async def update_instance(job: JobContext, params: UpdateParams) -> Outcome:
    await job.lock_guest(params.vmid)
    guest = await job.guest(params.vmid, params.node)
    changes = await config_step(
        job, guest, lambda current: ConfigEdit(wanted_config(params, guest)), _same, params.digest
    )
    pending = await pending_keys(job, guest, changes)
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


def _medium(value: str | None) -> str | None:
    """The ISO a CD-ROM drive holds (None: empty, or no such drive)."""
    if value is None:
        return None
    first = value.split(",", 1)[0]
    return None if first in ("none", "cdrom") else first


@handles(SET_VM_CDROM)
async def set_vm_cdrom(job: JobContext, params: CdromParams) -> Outcome:
    await job.lock_guest(params.vmid)
    guest = await job.guest(
        params.vmid, params.node, kind="qemu", hint="A container has no CD-ROM drive; it starts from its rootfs."
    )
    drive = params.drive
    wanted = "none,media=cdrom" if params.eject else f"{params.iso},media=cdrom"
    if params.iso is not None and job.record.step is None and not job.record.steps:
        await check_volume(job, guest.node, params.iso, "iso")

    def edit(config: Config) -> ConfigEdit:
        current = config.get(drive)
        if current is not None and "media=cdrom" not in current and _medium(current) is not None:
            raise InvalidInput(
                f"{drive} of {guest.label} holds a disk, not a CD-ROM: {current}", hint="Give another drive."
            )
        return ConfigEdit({drive: wanted})

    def same(key: str, current: str | None, value: str) -> bool:
        if current is None:  # no such drive: nothing to eject
            return _medium(value) is None
        return "media=cdrom" in current and _medium(current) == _medium(value)

    changes = await config_step(job, guest, edit, same)
    change = changes.get(drive)
    pending = bool(await pending_keys(job, guest, changes))
    before = _medium(change["before"]) if change is not None else None
    action = "unchanged" if change is None else ("ejected" if params.eject else "inserted")
    result = CdromResult(
        vmid=guest.vmid, node=guest.node, drive=drive, action=action, before=before,
        after=params.iso, pending=pending,
    )  # fmt: skip
    if action == "unchanged":
        return Outcome(result, message=f"{drive} of {guest.label} already so; nothing was changed")
    when = "when the VM restarts" if pending else "now"
    return Outcome(result, message=f"{drive} of {guest.label}: {action}, in effect {when}")
