"""Guest snapshots."""

from __future__ import annotations

from pydantic import Field

from shared.operations.base import GuestParams, Result
from shared.sanitize import GuestKind

__all__ = ["ListSnapshotsParams", "SnapshotInfo", "SnapshotList"]


class ListSnapshotsParams(GuestParams):
    pass


class SnapshotInfo(Result):
    name: str
    description: str | None = None
    parent: str | None = None
    created_at: int | None = Field(None, description="Snapshot time, UNIX epoch seconds.")
    vmstate: bool = Field(False, description="True when the snapshot includes the VM's RAM.")


class SnapshotList(Result):
    vmid: int
    node: str
    kind: GuestKind
    current_parent: str | None = Field(None, description="The snapshot the current state descends from.")
    snapshots: list[SnapshotInfo]
