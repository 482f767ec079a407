"""Cloud-init settings of a qemu VM: set what differs, then rebuild the cloud-init drive.

Setting a config key is idempotent, so a rerun recomputes what still differs and sets only
that; the PUT carries the digest of the config it was computed from, so a change made by
someone else in between is refused instead of overwritten.
"""

from __future__ import annotations

import re
from urllib.parse import quote, unquote

from shared.operations.cloudinit import SET_VM_CLOUDINIT, CloudInitChange, CloudInitParams, CloudInitResult
from shared.pve.client import FormValue
from shared.pve.models import NO_DATA, QemuConfig
from shared.redact import REDACTED
from workers.registry import handles
from workers.runtime import JobContext, Outcome

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
    config = await pve.get(guest.template_for("/config"), QemuConfig, path=guest.path)
    current = {key: str(value) for key, value in (config.model_extra or {}).items()}
    wanted = desired_settings(params)
    changes = {key: value for key, value in wanted.items() if _differs(key, current.get(key), value)}
    await job.end_if_cancelled()
    if changes:
        body: dict[str, FormValue] = {**changes, "digest": config.digest}
        await pve.put(guest.template_for("/config"), NO_DATA, path=guest.path, body=body)
    has_drive = any(
        _DISK_KEY.match(key) and _CLOUDINIT_VOLUME.search(value.split(",", 1)[0]) for key, value in current.items()
    )
    if has_drive:
        await pve.put("/nodes/{node}/qemu/{vmid}/cloudinit", NO_DATA, path=guest.path)
    result = CloudInitResult(
        vmid=guest.vmid,
        node=guest.node,
        changed={
            key: CloudInitChange(before=_shown(key, current.get(key)), after=_shown(key, value))
            for key, value in changes.items()
        },
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
