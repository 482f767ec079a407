"""Creating VMs and containers: VMID chosen once, ISO/template and storage checked before dispatch."""

from __future__ import annotations

from pydantic import TypeAdapter

from shared.errors import Conflict, NotFound, RequestRejected
from shared.operations.create import CreateLxcParams, CreateResult, CreateVmParams
from shared.pve.client import FormValue
from shared.pve.models import UPID, StorageContentItem, StorageStatus
from shared.pve.upid import Upid
from shared.sanitize import GuestKind
from workers.guests import Guest, guest_exists, power_state
from workers.runtime import JobContext, Outcome
from workers.steps import TaskStep, outcome_of, run_step

__all__ = ["create_lxc", "create_vm"]

_STORAGES = TypeAdapter(list[StorageStatus])
_CONTENT = TypeAdapter(list[StorageContentItem])


async def _vmid(job: JobContext, requested: int | None) -> int:
    """The new guest's VMID, chosen once: a rerun reuses the one its first run stored."""
    pve, store = job.app.pve, job.app.store
    chosen = job.record.vmid
    if chosen is not None and (requested is None or job.record.step is not None):
        return chosen  # allocated by an earlier run, or already dispatched with it
    if requested is None:
        vmid = await pve.get("/cluster/nextid", int)
    else:
        try:
            vmid = await pve.get("/cluster/nextid", int, query={"vmid": requested})
        except RequestRejected as exc:  # PVE: "VM 100 already exists"
            raise Conflict(f"VMID {requested} is already in use", hint="Omit vmid to get the next free one.") from exc
    job.record.vmid = vmid
    await store.update(job.job_id, vmid=vmid)
    return vmid


async def _check_storage(job: JobContext, node: str, storage: str, content: str) -> None:
    storages = await job.app.pve.get(
        "/nodes/{node}/storage", _STORAGES, path={"node": node}, query={"content": content, "enabled": 1}
    )
    names = sorted(s.storage for s in storages)
    if storage not in names:
        raise NotFound(
            f"storage {storage!r} on node {node} cannot hold {content}",
            hint=f"Use one of: {', '.join(names) or '(none)'} (list_storage(node='{node}', content='{content}')).",
        )


async def _check_volume(job: JobContext, node: str, volid: str, content: str) -> None:
    storage = volid.split(":", 1)[0]
    items = await job.app.pve.get(
        "/nodes/{node}/storage/{storage}/content",
        _CONTENT,
        path={"node": node, "storage": storage},
        query={"content": content},
    )
    if volid not in {i.volid for i in items}:
        raise NotFound(
            f"{volid} does not exist on node {node}",
            hint=f"List what is there with list_storage_content(node='{node}', storage='{storage}', "
            f"content='{content}').",
        )


async def _create(
    job: JobContext, kind: GuestKind, *, node: str, name: str, vmid: int, body: dict[str, FormValue], started: bool
) -> Outcome:
    pve = job.app.pve

    async def dispatch() -> Upid:
        return await pve.post(f"/nodes/{{node}}/{kind}", UPID, path={"node": node}, body={"vmid": vmid, **body})

    async def effect_present() -> bool:
        return await guest_exists(pve, vmid)

    step = TaskStep("create", node, f"{'qm' if kind == 'qemu' else 'vz'}create", vmid, dispatch, effect_present)
    done = await run_step(job, step)
    guest = Guest(vmid, node, kind, name, None, False)
    status = await power_state(pve, guest)
    result = CreateResult(vmid=vmid, node=node, kind=kind, name=name, started=started, status=str(status))
    return outcome_of(result, [done], f"{kind} {vmid} '{name}' created on {node}; it is {status}")


async def create_vm(job: JobContext, params: CreateVmParams) -> Outcome:
    await job.note_guest(params.node, "qemu")
    vmid = await _vmid(job, params.vmid)
    await job.lock_guest(vmid)
    if job.record.step is None:
        await _check_storage(job, params.node, params.storage, "images")
        if params.iso is not None:
            await _check_volume(job, params.node, params.iso, "iso")
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
        "start": params.start,
    }
    if params.iso is not None:
        body["ide2"] = f"{params.iso},media=cdrom"
    return await _create(job, "qemu", node=params.node, name=params.name, vmid=vmid, body=body, started=params.start)


async def create_lxc(job: JobContext, params: CreateLxcParams) -> Outcome:
    await job.note_guest(params.node, "lxc")
    vmid = await _vmid(job, params.vmid)
    await job.lock_guest(vmid)
    if job.record.step is None:
        await _check_storage(job, params.node, params.storage, "rootdir")
        await _check_volume(job, params.node, params.ostemplate, "vztmpl")
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
        "start": params.start,
    }
    return await _create(job, "lxc", node=params.node, name=params.hostname, vmid=vmid, body=body, started=params.start)
