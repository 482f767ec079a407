"""Creating VMs and containers: VMID chosen once, ISO/template and storage checked before dispatch."""

from __future__ import annotations

import structlog

from shared.errors import NotFound, RequestRejected
from shared.operations.create import CREATE_LXC, CREATE_VM, CreateLxcParams, CreateResult, CreateVmParams
from shared.pve.client import FormValue, PveClient
from shared.pve.models import UPID, LxcConfig, QemuConfig, StorageStatus
from shared.pve.upid import Upid
from shared.sanitize import GuestKind
from workers.guest_lookup import Guest, power_state_after
from workers.job import JobContext, Outcome, Retry, guest_step, outcome_of
from workers.lifecycle import run_step
from workers.operations.power import power_step
from workers.operations.storage import find_volume
from workers.registry import handles
from workers.vmids import forget_vmid, reserve_vmid

__all__ = ["check_storage", "check_volume", "create_lxc", "create_vm"]

log = structlog.get_logger("workers.operations.create")


async def check_storage(job: JobContext, node: str, storage: str, content: str) -> None:
    storages = await job.app.pve.get(
        "/nodes/{node}/storage", list[StorageStatus], path={"node": node}, query={"content": content, "enabled": 1}
    )
    names = sorted(s.storage for s in storages)
    if storage not in names:
        raise NotFound(
            f"node {node} has no enabled storage {storage!r} for {content}",
            hint=f"Use one of: {', '.join(names) or '(none)'} (list_storage(node='{node}', content='{content}')).",
        )


async def check_volume(job: JobContext, node: str, volid: str, content: str) -> None:
    if await find_volume(job, node, volid, content) is None:
        storage = volid.split(":", 1)[0]
        fetch = " download_to_storage fetches one." if content in ("iso", "vztmpl") else ""
        raise NotFound(
            f"{volid} does not exist on node {node}",
            hint=f"List what is there with list_storage_content(node='{node}', storage='{storage}', "
            f"content='{content}').{fetch}",
        )


async def _exists_with_name(pve: PveClient, guest: Guest) -> bool:
    """Whether the guest is on its node under our name (a guest found there is ours only then).

    Read from its config, which PVE changes at once: /cluster/resources takes names from the
    statistics pvestatd refreshes about every 10 s, so a new guest shows there without one.
    """
    template = guest.template_for("/config")
    try:
        if guest.kind == "qemu":
            name = (await pve.get(template, QemuConfig, path=guest.path)).name
        else:
            name = (await pve.get(template, LxcConfig, path=guest.path)).hostname
    except NotFound:
        return False
    return name == guest.name


async def _create(
    job: JobContext,
    kind: GuestKind,
    *,
    node: str,
    name: str,
    vmid: int,
    chosen: bool,
    body: dict[str, FormValue],
    start: bool,
) -> Outcome:
    """Dispatch and follow the create, then the start if asked; `chosen`: we picked the VMID (and may pick again).

    The start is a step of its own, not PVE's `start=1`: PVE forks that start as a separate task
    once the create task has ended, so following the create alone would not see it run or fail.
    """
    pve = job.app.pve
    guest = Guest(vmid, node, kind, name, None, False)

    async def dispatch() -> Upid:
        return await pve.post(f"/nodes/{{node}}/{kind}", UPID, path={"node": node}, body={"vmid": vmid, **body})

    async def effect_present() -> bool:
        return await _exists_with_name(pve, guest)

    try:
        done = await run_step(job, guest_step(guest, "create", dispatch, effect_present))
    except RequestRejected as exc:
        if not chosen or "already exists" not in exc.message:
            raise
        # a guest made outside our queue (web UI, another tool) took the VMID we chose: choose again
        log.info("vmid_taken", vmid=vmid)
        await forget_vmid(job, vmid)
        raise Retry(defer=0.5) from exc
    steps = [done]
    if start:
        steps.append(await run_step(job, power_step(pve, guest, "start")))
    status = await power_state_after(pve, guest)
    result = CreateResult(vmid=vmid, node=node, kind=kind, name=name, started=start, status=status)
    return outcome_of(result, steps, f"{kind} {vmid} '{name}' created on {node}; it is {status}")


@handles(CREATE_VM)
async def create_vm(job: JobContext, params: CreateVmParams) -> Outcome:
    await job.note_guest(params.node, "qemu")
    vmid = await reserve_vmid(job, params.vmid)
    if job.record.step is None:
        await check_storage(job, params.node, params.storage, "images")
        if params.iso is not None:
            await check_volume(job, params.node, params.iso, "iso")
    body: dict[str, FormValue] = {
        "name": params.name,
        "cores": params.cores,
        "memory": params.memory_mb,
        "ostype": params.ostype,
        "scsihw": "virtio-scsi-single",
        "scsi0": f"{params.storage}:{params.disk_gb},iothread=1",
        "net0": f"virtio,bridge={params.bridge}",
        "boot": "order=scsi0;ide2;net0" if params.iso else "order=scsi0;net0",
        "agent": "enabled=1",
        "description": params.description,
    }
    if params.iso is not None:
        body["ide2"] = f"{params.iso},media=cdrom"
    return await _create(
        job, "qemu", node=params.node, name=params.name, vmid=vmid, chosen=params.vmid is None, body=body,
        start=params.start,
    )  # fmt: skip


@handles(CREATE_LXC)
async def create_lxc(job: JobContext, params: CreateLxcParams) -> Outcome:
    await job.note_guest(params.node, "lxc")
    vmid = await reserve_vmid(job, params.vmid)
    if job.record.step is None:
        await check_storage(job, params.node, params.storage, "rootdir")
        await check_volume(job, params.node, params.ostemplate, "vztmpl")
    network = f"name=eth0,bridge={params.bridge},ip={params.ip}"
    if params.gateway:
        network += f",gw={params.gateway}"
    body: dict[str, FormValue] = {
        "hostname": params.hostname,
        "ostemplate": params.ostemplate,
        "cores": params.cores,
        "memory": params.memory_mb,
        "swap": params.swap_mb,
        "rootfs": f"{params.storage}:{params.disk_gb}",
        "net0": network,
        "unprivileged": params.unprivileged,
        "features": "nesting=1" if params.unprivileged else None,
        "password": params.password_hash,
        "ssh-public-keys": "\n".join(params.ssh_public_keys or []) or None,
        "description": params.description,
    }
    return await _create(
        job, "lxc", node=params.node, name=params.hostname, vmid=vmid, chosen=params.vmid is None, body=body,
        start=params.start,
    )  # fmt: skip
