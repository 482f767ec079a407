"""Snapshot reads."""

from __future__ import annotations

from pydantic import TypeAdapter

from shared.operations.snapshots import ListSnapshotsParams, SnapshotInfo, SnapshotList
from shared.pve.models import Snapshot
from workers.guests import resolve_guest
from workers.runtime import JobContext

__all__ = ["list_snapshots"]

_SNAPSHOTS = TypeAdapter(list[Snapshot])


async def list_snapshots(job: JobContext, params: ListSnapshotsParams) -> SnapshotList:
    pve = job.app.pve
    guest = await resolve_guest(pve, params.vmid, params.node)
    entries = await pve.get(guest.template_for("/snapshot"), _SNAPSHOTS, path=guest.path)
    # PVE lists the guest's present state as a pseudo-snapshot named "current".
    current = next((e for e in entries if e.name == "current"), None)
    snapshots = [
        SnapshotInfo(
            name=e.name,
            description=e.description.strip() or None,
            parent=e.parent,
            created_at=e.snaptime,
            vmstate=bool(e.vmstate),
        )
        for e in entries
        if e.name != "current"
    ]
    snapshots.sort(key=lambda s: (s.created_at or 0, s.name))
    return SnapshotList(
        vmid=guest.vmid,
        node=guest.node,
        kind=guest.kind,
        current_parent=current.parent if current else None,
        snapshots=snapshots,
    )
