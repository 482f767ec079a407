"""Cloud-init settings of a qemu VM: set what differs (the config step), then rebuild the drive.

Two steps, each recorded when it is done, so a change that fails in its second step says the
first took effect (the job ends `partial`). Before the config PUT is sent its plan (the keys
and their values before) is stored: a rerun after the PUT may have reached PVE reads the
config again, and finds the planned values there as its own effect, not as "already so"; what
is still missing is set again (setting a key is idempotent). The PUT carries the digest of the
config it was computed from, so a change made by someone else in between is refused instead of
overwritten. Rebuilding the drive is idempotent: it is retried like a read on a passing failure.
"""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import quote, unquote

from shared.operations.cloudinit import SET_VM_CLOUDINIT, CloudInitChange, CloudInitParams, CloudInitResult
from shared.pve.models import NO_DATA, QemuConfig
from shared.redact import REDACTED
from workers.configs import put_config
from workers.guest_lookup import Guest
from workers.job import JobContext, Outcome
from workers.registry import handles

__all__ = ["desired_settings", "set_vm_cloudinit"]

# qemu-server's drive_is_cloudinit, on the volume part of a disk key (ide2, scsi1, ...)
_DISK_KEY = re.compile(r"^(ide|sata|scsi|virtio)\d+$")
_CLOUDINIT_VOLUME = re.compile(r"[:/](?:vm-\d+-)?cloudinit(?:\.(?:raw|qcow2|vmdk))?$")
_SECRET_KEYS = frozenset({"cipassword"})


def desired_settings(params: CloudInitParams) -> dict[str, str]:
    """The config keys and values PVE should end up with; sshkeys percent-encoded as PVE stores them."""
    wanted: dict[str, str] = {}
    if params.ciuser is not None:
        wanted["ciuser"] = params.ciuser
    if params.cipassword_hash is not None:
        wanted["cipassword"] = params.cipassword_hash
    if params.sshkeys is not None:
        # PVE takes (and keeps) the keys URL-encoded, as uri_escape writes them
        wanted["sshkeys"] = quote("\n".join(params.sshkeys) + "\n", safe="")
    for index, value in sorted((params.ipconfig or {}).items()):
        wanted[f"ipconfig{index}"] = value
    if params.nameserver is not None:
        wanted["nameserver"] = params.nameserver
    if params.searchdomain is not None:
        wanted["searchdomain"] = params.searchdomain
    return wanted


def _differs(key: str, current: str | None, wanted: str) -> bool:
    """Whether setting `wanted` changes the key; keys compare as their set of lines (order and blank lines aside)."""
    if key in _SECRET_KEYS:
        return True  # PVE shows a set cipassword only masked, so a given password is always (re)set
    if key == "sshkeys":
        return _key_lines(current) != _key_lines(wanted)
    return unquote(current or "") != unquote(wanted)


def _key_lines(value: str | None) -> list[str]:
    return sorted(line.strip() for line in unquote(value or "").splitlines() if line.strip())


def _shown(key: str, value: str | None) -> str | None:
    if value is None:
        return None
    if key in _SECRET_KEYS:
        return REDACTED
    return unquote(value).strip() if key == "sshkeys" else value


def _has_drive(config: dict[str, str]) -> bool:
    return any(
        _DISK_KEY.match(key) and _CLOUDINIT_VOLUME.search(value.split(",", 1)[0]) for key, value in config.items()
    )


def _done(job: JobContext, step: str) -> dict[str, Any] | None:
    return next((done for done in job.record.steps if done.get("step") == step), None)


async def _config_step(job: JobContext, guest: Guest, params: CloudInitParams) -> tuple[dict[str, Any], bool]:
    """Set what differs; the changes made (key -> before/after, as shown) and whether the VM has a cloud-init drive."""
    if (done := _done(job, "config")) is not None:
        return dict(done["changed"]), bool(done["drive"])
    pve, record = job.app.pve, job.record
    config = await pve.get(guest.template_for("/config"), QemuConfig, path=guest.path)
    current = {key: str(value) for key, value in (config.model_extra or {}).items()}
    wanted = desired_settings(params)
    pending = {key: value for key, value in wanted.items() if _differs(key, current.get(key), value)}
    if record.step == "config" and record.plan is not None:
        # a rerun after the PUT was sent: the planned keys already set are this job's own effect
        planned: dict[str, Any] = dict(record.plan["changed"])
        pending = {key: value for key, value in pending.items() if key in planned}
        if set(pending) <= _SECRET_KEYS and set(planned) - _SECRET_KEYS:
            pending = {}  # a masked password was set by the same PUT as the keys seen set
    else:
        planned = {
            key: {"before": _shown(key, current.get(key)), "after": _shown(key, value)}
            for key, value in pending.items()
        }
    drive = _has_drive(current)
    if pending:
        await put_config(job, guest, pending, config.digest, planned)
    if planned:
        done_entry = {"step": "config", "changed": planned, "drive": drive}
        record.steps, record.step, record.plan = [*record.steps, done_entry], None, None
        await job.app.store.update(job.job_id, steps=record.steps, clear=("step", "plan"))
    return planned, drive


@handles(SET_VM_CLOUDINIT)
async def set_vm_cloudinit(job: JobContext, params: CloudInitParams) -> Outcome:
    pve = job.app.pve
    await job.lock_guest(params.vmid)
    guest = await job.guest(
        params.vmid,
        params.node,
        kind="qemu",
        hint="Cloud-init is for qemu VMs. Containers take users and keys at create_lxc, or run commands with "
        "execute_lxc_command.",
    )
    changes, has_drive = await _config_step(job, guest, params)
    if has_drive and _done(job, "cloudinit") is None:
        await job.end_if_cancelled()
        job.record.step = "cloudinit"
        await job.app.store.update(job.job_id, step="cloudinit")
        job.assert_may_send()
        await pve.put("/nodes/{node}/qemu/{vmid}/cloudinit", NO_DATA, path=guest.path, idempotent=True)
        job.record.steps = [*job.record.steps, {"step": "cloudinit"}]
        await job.app.store.update(job.job_id, steps=job.record.steps, clear=("step",))
    result = CloudInitResult(
        vmid=guest.vmid,
        node=guest.node,
        changed={key: CloudInitChange(**change) for key, change in changes.items()},
        regenerated=has_drive,
        applies_on="next boot",
    )
    if not has_drive:
        message = "settings saved, but the VM has no cloud-init drive: add one (e.g. ide2: <storage>:cloudinit)"
    elif changes:
        message = f"{len(changes)} cloud-init setting(s) changed and the drive rebuilt; the guest sees them at boot"
    else:
        message = "the settings were already so; the drive was rebuilt"
    return Outcome(result, message=message)
