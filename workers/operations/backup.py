"""Backups: vzdump of one or more guests (one task per node), the backups in storage, restores.

A vzdump names the archive it writes only in its log ("INFO: creating vzdump archive
'/var/lib/vz/dump/vzdump-qemu-100-....vma.zst'"), so the result reads the task's log. A rerun
that finds no vzdump task of ours looks in the storage for archives made since the dispatch.
"""

from __future__ import annotations

import asyncio
import re
from collections import Counter
from datetime import timedelta
from typing import Any

from shared.errors import Conflict, InvalidInput, NotFound
from shared.listing import paginate
from shared.operations.backup import (
    BACKUP_INSTANCE,
    LIST_BACKUPS,
    RESTORE_BACKUP,
    BackupArchive,
    BackupInfo,
    BackupList,
    BackupParams,
    BackupResult,
    ListBackupsParams,
    RestoreParams,
    RestoreResult,
)
from shared.pve.client import FormValue, PveClient
from shared.pve.models import UPID, NodeSummary, StorageContentItem, StorageStatus, TaskLogLine
from shared.pve.upid import Upid
from shared.sanitize import GuestKind
from workers.guest_lookup import Guest, power_state, power_state_after, resolve_guest
from workers.job import JobContext, Outcome, StepOutcome, TaskStep, outcome_of
from workers.lifecycle import run_step
from workers.operations.create import check_storage
from workers.operations.power import power_step
from workers.registry import handles
from workers.vmids import reserve_vmid

__all__ = ["archives_in_log", "backup_instance", "kind_of", "list_backups", "restore_backup"]

_STARTING = re.compile(r"^INFO: Starting Backup of VM (\d+) ")
_ARCHIVE = re.compile(r"^INFO: creating (?:vzdump|Proxmox Backup Server) archive '([^']+)'")
_FINISHED = re.compile(r"^INFO: Finished Backup of VM (\d+) ")
_LOG_LIMIT = 50_000
#: an archive's time (from its name, to the second) may read a little before our dispatch time
_CLOCK_SKEW = timedelta(seconds=10)


def archives_in_log(lines: list[str], storage: str) -> list[BackupArchive]:
    """The archives a vzdump log says it finished, as volume ids on `storage` (a PBS archive's name is its path)."""
    found: list[BackupArchive] = []
    vmid: int | None = None
    name: str | None = None
    for line in lines:
        if started := _STARTING.match(line):
            vmid, name = int(started.group(1)), None
        elif archive := _ARCHIVE.match(line):
            path = archive.group(1)
            name = path.rsplit("/", 1)[-1] if path.startswith("/") else path
        elif (finished := _FINISHED.match(line)) and vmid == int(finished.group(1)) and name is not None:
            found.append(BackupArchive(vmid=vmid, volid=f"{storage}:backup/{name}"))
            vmid = name = None
    return found


def kind_of(item: StorageContentItem) -> GuestKind | None:
    """qemu or lxc, from a backup's format (vma.zst, tar.zst, pbs-vm, pbs-ct) or its name."""
    if item.format.startswith("vma") or item.format == "pbs-vm" or "vzdump-qemu-" in item.volid:
        return "qemu"
    if item.format.startswith("tar") or item.format == "pbs-ct" or "vzdump-lxc-" in item.volid:
        return "lxc"
    return None


async def _backups(pve: PveClient, node: str, storage: str, vmid: int | None = None) -> list[StorageContentItem]:
    query: dict[str, FormValue] = {"content": "backup", "vmid": vmid}
    path = {"node": node, "storage": storage}
    items = await pve.get("/nodes/{node}/storage/{storage}/content", list[StorageContentItem], path=path, query=query)
    return [i for i in items if i.content in (None, "backup")]


async def _task_log(pve: PveClient, upid: Upid) -> list[str]:
    path = {"node": upid.node, "upid": str(upid)}
    page = await pve.get_page(
        "/nodes/{node}/tasks/{upid}/log", TaskLogLine, path=path, query={"start": 0, "limit": _LOG_LIMIT}
    )
    return [line.t for line in page.data]


async def _guest_nodes(job: JobContext, params: BackupParams) -> dict[int, str]:
    """Each guest's node, looked up once (a rerun reads them from the record)."""
    record = job.record
    if record.plan is not None and "nodes" in record.plan:
        return {int(vmid): str(node) for vmid, node in record.plan["nodes"].items()}
    first = await job.guest(params.vmid, params.node)
    nodes = {first.vmid: first.node}
    for vmid in params.vmids()[1:]:
        nodes[vmid] = (await resolve_guest(job.app.pve, vmid)).node
    for node in dict.fromkeys(nodes.values()):
        await check_storage(job, node, params.storage, "backup")
    record.plan = {"nodes": {str(vmid): node for vmid, node in nodes.items()}}
    await job.app.store.update(job.job_id, plan=record.plan)
    return nodes


def _vzdump_step(job: JobContext, params: BackupParams, node: str, vmids: list[int], name: str) -> TaskStep:
    pve = job.app.pve

    async def dispatch() -> Upid:
        body: dict[str, FormValue] = {
            "vmid": ",".join(map(str, vmids)),
            "storage": params.storage,
            "mode": params.mode,
            "compress": "0" if params.compress == "none" else params.compress,
            # vzdump's notes template: a newline is written as the two characters \n
            "notes-template": params.notes.replace("\n", "\\n") if params.notes else None,
            "protected": params.protected or None,
        }
        return await pve.post("/nodes/{node}/vzdump", UPID, path={"node": node}, body=body)

    async def effect_present() -> bool:
        since = job.record.dispatched_at or job.record.created_at
        for vmid in vmids:
            if not await _archives_since(pve, node, params.storage, vmid, since.timestamp()):
                return False
        return True

    return TaskStep(name, node, "vzdump", vmids[0] if len(vmids) == 1 else None, dispatch, effect_present)


async def _archives_since(pve: PveClient, node: str, storage: str, vmid: int, since: float) -> list[str]:
    cutoff = since - _CLOCK_SKEW.total_seconds()
    items = await _backups(pve, node, storage, vmid)
    return [i.volid for i in sorted(items, key=lambda i: -(i.ctime or 0)) if (i.ctime or 0) >= cutoff]


async def _archives(
    job: JobContext, params: BackupParams, done: StepOutcome, node: str, vmids: list[int]
) -> list[BackupArchive]:
    """The archives a step made: named by its task's log, or (a step whose effect was found) the newest since."""
    pve = job.app.pve
    if done.upid is not None:
        return archives_in_log(await _task_log(pve, Upid.parse(done.upid)), params.storage)
    since = (job.record.dispatched_at or job.record.created_at).timestamp()
    found: list[BackupArchive] = []
    for vmid in vmids:
        volids = await _archives_since(pve, node, params.storage, vmid, since)
        found += [BackupArchive(vmid=vmid, volid=volids[0])] if volids else []
    return found


@handles(BACKUP_INSTANCE)
async def backup_instance(job: JobContext, params: BackupParams) -> Outcome:
    for vmid in sorted(params.vmids()):  # in one order, so two jobs backing up the same guests never deadlock
        await job.lock_guest(vmid)
    nodes = await _guest_nodes(job, params)
    by_node: dict[str, list[int]] = {}
    for vmid in params.vmids():
        by_node.setdefault(nodes[vmid], []).append(vmid)
    steps: list[StepOutcome] = []
    archives: list[BackupArchive] = []
    for node, vmids in by_node.items():
        name = "backup" if len(by_node) == 1 else f"backup@{node}"
        done = await run_step(job, _vzdump_step(job, params, node, vmids, name))
        steps.append(done)
        archives += await _archives(job, params, done, node, vmids)
    result = BackupResult(storage=params.storage, mode=params.mode, archives=archives)
    names = ", ".join(a.volid for a in archives) or "no archive named in the log"
    return outcome_of(result, steps, f"backed up to {params.storage}: {names}")


@handles(LIST_BACKUPS)
async def list_backups(job: JobContext, params: ListBackupsParams) -> BackupList:
    pve = job.app.pve
    if params.node is not None:
        nodes = [params.node]
    else:
        nodes = [n.node for n in await pve.get("/nodes", list[NodeSummary]) if n.status == "online"]
    query: dict[str, FormValue] = {"content": "backup", "enabled": 1}
    listed = await asyncio.gather(
        *(pve.get("/nodes/{node}/storage", list[StorageStatus], path={"node": n}, query=query) for n in nodes)
    )
    # a shared storage holds the same backups whichever node lists them: it is read from the first
    reads: dict[str, tuple[str, str]] = {}
    for node, storages in zip(nodes, listed, strict=True):
        for storage in storages:
            if params.storage in (None, storage.storage):
                where = storage.storage if storage.shared else f"{node}/{storage.storage}"
                reads.setdefault(where, (node, storage.storage))
    contents = await asyncio.gather(*(_backups(pve, node, storage, params.vmid) for node, storage in reads.values()))
    seen = [
        BackupInfo(
            volid=item.volid,
            node=node,
            storage=storage,
            vmid=item.vmid,
            kind=kind_of(item),
            size=item.size,
            created_at=item.ctime,
            notes=item.notes or None,
            protected=bool(item.protected),
        )
        for (node, storage), items in zip(reads.values(), contents, strict=True)
        for item in items
    ]
    if params.node is not None and params.storage is not None and not seen:
        await check_storage(job, params.node, params.storage, "backup")  # NOT_FOUND for a storage without backups
    matching = [
        b
        for b in seen
        if (params.since is None or (b.created_at or 0) >= params.since)
        and (params.until is None or (b.created_at or 0) < params.until)
    ]
    page = paginate(
        matching,
        lambda b: (b.created_at, b.volid),
        descending=True,
        asked=params,
    )
    return BackupList(
        backups=page.rows,
        total_bytes=sum(b.size for b in matching),
        by_storage=dict(sorted(Counter(b.storage for b in matching).items())),
        **BackupList.page_of(page),
    )


async def _archive_kind(job: JobContext, params: RestoreParams) -> GuestKind:
    storage = params.archive.split(":", 1)[0]
    try:
        items = await _backups(job.app.pve, params.node, storage)
    except NotFound:
        items = []
    item = next((i for i in items if i.volid == params.archive), None)
    kind = kind_of(item) if item is not None else None
    if kind is None:
        raise NotFound(
            f"no backup {params.archive} on node {params.node}",
            hint=f"List them with list_backups(node='{params.node}').",
        )
    return kind


async def _restore_plan(job: JobContext, params: RestoreParams) -> dict[str, Any]:
    """What the restore does, decided once: the archive's kind, and whether it replaces a guest (force)."""
    kind = await _archive_kind(job, params)
    replaces = False
    if params.force and params.vmid is not None:
        try:
            existing: Guest | None = await resolve_guest(job.app.pve, params.vmid)
        except NotFound:
            existing = None
        if existing is not None:
            if existing.node != params.node or existing.kind != kind:
                raise InvalidInput(
                    f"guest {params.vmid} is {existing.kind} on node {existing.node}: a {kind} backup restored on "
                    f"{params.node} cannot replace it",
                    hint="Restore on the guest's own node a backup of the same kind, or pick a new vmid.",
                )
            if (existing.state or await power_state(job.app.pve, existing)).status != "stopped":
                raise Conflict(f"{existing.label} is running", hint="Stop it first (power_control action='stop').")
            replaces = True
    return {"kind": kind, "replaces": replaces}


@handles(RESTORE_BACKUP)
async def restore_backup(job: JobContext, params: RestoreParams) -> Outcome:
    pve = job.app.pve
    if params.force and params.vmid is not None:
        await job.lock_guest(params.vmid)
        vmid = params.vmid
    else:
        vmid = await reserve_vmid(job, params.vmid)
    record = job.record
    if record.plan is None:
        record.plan = await _restore_plan(job, params)
        await job.app.store.update(job.job_id, plan=record.plan)
    kind: GuestKind = "qemu" if record.plan["kind"] == "qemu" else "lxc"
    replaces = bool(record.plan["replaces"])
    await job.note_guest(params.node, kind)
    guest = Guest(vmid, params.node, kind, None, None, False)

    async def dispatch() -> Upid:
        body: dict[str, FormValue] = {
            "vmid": vmid,
            "storage": params.storage,
            "unique": True,
            "force": replaces or None,
        }
        if kind == "qemu":
            body["archive"] = params.archive
        else:
            body |= {"ostemplate": params.archive, "restore": True}
        return await pve.post(f"/nodes/{{node}}/{kind}", UPID, path={"node": params.node}, body=body)

    async def effect_present() -> bool:  # only a new VMID tells: a replaced guest was there before
        if replaces:
            return False
        try:
            await resolve_guest(pve, vmid, params.node, kind=kind)
        except (NotFound, InvalidInput):
            return False
        return True

    steps = [
        await run_step(
            job, TaskStep("restore", params.node, guest.task_type("restore"), vmid, dispatch, effect_present)
        )
    ]
    if params.start:
        steps.append(await run_step(job, power_step(pve, guest, "start")))
    status = await power_state_after(pve, guest)
    result = RestoreResult(
        vmid=vmid, node=params.node, kind=kind, archive=params.archive, replaced=replaces, started=params.start,
        status=status,
    )  # fmt: skip
    verb = "restored over" if replaces else "restored as"
    return outcome_of(result, steps, f"{params.archive} {verb} {guest.label} on {params.node}; it is {status}")
