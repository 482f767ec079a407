"""Backups: make one (vzdump), list them, restore one (qmrestore, or pct restore)."""

from __future__ import annotations

from typing import Annotated, Literal, Self

from pydantic import AfterValidator, Field, Strict, StringConstraints, model_validator

from shared.errors import ConfirmationRequired, InvalidInput
from shared.listing import Limit, PagedResult, PageParams
from shared.operations.base import Result
from shared.operations.changes import GUEST_STATUS_CALLS, TASK_CALLS, ChangeParams, GuestChangeParams
from shared.operations.create import NewVmid, StartAfter
from shared.operations.operation import Operation
from shared.safety import Tier
from shared.sanitize import GuestKind, NodeName, StorageId, Vmid

__all__ = [
    "BACKUP_INSTANCE",
    "LIST_BACKUPS",
    "RESTORE_BACKUP",
    "BackupArchive",
    "BackupInfo",
    "BackupList",
    "BackupParams",
    "BackupResult",
    "BackupVolume",
    "ListBackupsParams",
    "RestoreParams",
    "RestoreResult",
]


def _backup_volume(value: str) -> str:
    if ":backup/" not in value:
        raise InvalidInput(
            f"archive {value!r} is not a backup volume ('<storage>:backup/<file>')",
            hint="Find one with list_backups.",
        )
    return value


BackupVolume = Annotated[
    str,
    StringConstraints(pattern=r"^[a-zA-Z][a-zA-Z0-9\-_.]*[a-zA-Z0-9]:[a-zA-Z0-9_.\-/+:]+$", max_length=255),
    AfterValidator(_backup_volume),
    Field(description="Backup volid (list_backups)."),
]


class BackupParams(GuestChangeParams):
    more_vmids: Annotated[list[Vmid] | None, Field(max_length=50, description="More guests, same job.")] = None
    storage: Annotated[StorageId, Field(description="With backup content.")] = "local"
    mode: Literal["snapshot", "suspend", "stop"] = "snapshot"
    compress: Literal["zstd", "gzip", "lzo", "none"] = "zstd"
    notes: Annotated[str | None, Field(max_length=1024)] = None
    protected: Annotated[bool, Field(description="Keep it from pruning and deletion.")] = False

    def vmids(self) -> list[int]:
        """The guests to back up, the first one first, each once."""
        return list(dict.fromkeys([self.vmid, *(self.more_vmids or [])]))


class BackupArchive(Result):
    vmid: int
    volid: str


class BackupResult(Result):
    storage: str
    mode: str
    archives: list[BackupArchive] = Field(description="One per guest, as the task log names it.")


#: backups of a list answer unless the agent asks for more
BACKUP_LIMIT = 50


class ListBackupsParams(PageParams):
    vmid: Annotated[Vmid | None, Field(description="Only this guest's.")] = None
    node: NodeName | None = None
    storage: StorageId | None = None
    since: Annotated[int | None, Strict(), Field(ge=0, description="Epoch seconds, from.")] = None
    until: Annotated[int | None, Strict(), Field(ge=0, description="Epoch seconds, before.")] = None
    limit: Limit = BACKUP_LIMIT


class BackupInfo(Result):
    volid: str
    node: str
    storage: str
    vmid: int | None = None
    kind: GuestKind | None = None
    size: int
    created_at: int | None = Field(None, description="UNIX epoch seconds.")
    notes: str | None = None
    protected: bool = False


class BackupList(PagedResult):
    """One page of the backups that match, newest first, with a summary of all of them."""

    backups: list[BackupInfo] = Field(description="Newest first.")
    total_bytes: int = 0
    by_storage: dict[str, int] = Field(default_factory=dict)

    def brief(self) -> str:
        head = f"{self.total} backups match ({self.total_bytes / 2**30:.1f} GiB); {self.shown(', newest first')}"
        rows = (
            f"{b.volid} vmid {b.vmid or '-'} {b.size / 2**30:.1f}G at {b.created_at or '-'}"
            + (" protected" if b.protected else "")
            for b in self.backups
        )
        return "\n".join([head, *rows])


ConfirmVmidAgain = Annotated[Vmid | None, Field(description="With force: vmid typed again.")]


class RestoreParams(ChangeParams):
    archive: BackupVolume
    node: NodeName
    vmid: NewVmid = None
    storage: Annotated[StorageId | None, Field(description="For its disks (VM default: where they were).")] = None
    start: StartAfter = False
    force: Annotated[bool, Field(description="Overwrite guest vmid (Critical).")] = False
    confirm_vmid: ConfirmVmidAgain = None

    @model_validator(mode="after")
    def _force_names_its_guest_twice(self) -> Self:
        if self.force and (self.vmid is None or self.confirm_vmid != self.vmid):
            raise ConfirmationRequired(
                "a forced restore replaces guest vmid: give vmid, and confirm_vmid with the same VMID; "
                "nothing was restored",
                hint="Type the VMID of the guest to overwrite as vmid and again as confirm_vmid.",
            )
        return self


class RestoreResult(Result):
    vmid: int
    node: str
    kind: GuestKind
    archive: str
    replaced: bool = Field(description="True when it overwrote an existing guest (force).")
    started: bool
    status: str


def _backup_plan(p: BackupParams, guest: str) -> str:
    others = [vmid for vmid in p.vmids() if vmid != p.vmid]
    also = f" and guest(s) {', '.join(map(str, others))}" if others else ""
    extra = (", protected" if p.protected else "") + (", with notes" if p.notes else "")
    return f"back up {guest}{also} to storage {p.storage} ({p.mode} mode, {p.compress}{extra})"


def _restore_plan(p: RestoreParams, _guest: str) -> str:
    where = f"on node {p.node}" + (f", disks on {p.storage}" if p.storage else "")
    start = ", then start it" if p.start else ""
    if p.force:
        return f"OVERWRITE guest {p.vmid} {where} with backup {p.archive} — its disks are replaced{start}"
    vmid = f"VMID {p.vmid}" if p.vmid is not None else "the next free VMID"
    return f"restore backup {p.archive} as a new guest ({vmid}) {where}{start}"


_CONTENT = ("GET /nodes/{node}/storage", "GET /nodes/{node}/storage/{storage}/content")

BACKUP_INSTANCE = Operation(
    "backup_instance",
    "Back up a guest",
    Tier.RESTRICTED,
    BackupParams,
    BackupResult,
    description="""
        Back up one or more guests with vzdump to a storage with backup content.

        The result names each archive's volume id (for restore_backup), read from the task
        log. mode snapshot keeps the guest running; stop stops it for the copy. Progress is
        reported. Restricted: needs the user's confirmation.
        """,
    pve_calls=(
        "GET /cluster/resources",
        *_CONTENT,
        "POST /nodes/{node}/vzdump",
        *GUEST_STATUS_CALLS,
        *TASK_CALLS,
    ),
    errors=(("NOT_FOUND", "the storage holds no backups on the guest's node"),),
    plan=_backup_plan,
    starts_task=True,
    guest_write=True,
    idempotent=False,
)
LIST_BACKUPS = Operation(
    "list_backups",
    "List backups",
    Tier.SAFE,
    ListBackupsParams,
    BackupList,
    description="""
        Backups of a guest (or all) across the storages of a node or the cluster, newest first.

        Each with its size, time, notes and whether it is protected; restore_backup takes its volid.
        """,
    pve_calls=("GET /nodes", *_CONTENT),
)
RESTORE_BACKUP = Operation(
    "restore_backup",
    "Restore a backup",
    Tier.RESTRICTED,
    RestoreParams,
    RestoreResult,
    description="""
        Restore a backup as a new guest; force overwrites an existing one (Critical).

        Without vmid the next free VMID is taken; the guest gets new MAC addresses. A container
        needs `storage` unless PVE's default 'local' holds container disks. force
        restores over the (stopped) guest vmid: refused unless PROXMOX_ALLOW_DANGER=true, and
        then it needs confirmation and confirm_vmid. Restricted: needs the user's confirmation.
        """,
    pve_calls=(
        "GET /cluster/nextid",
        "GET /cluster/resources",
        *_CONTENT,
        "POST /nodes/{node}/qemu",
        "POST /nodes/{node}/lxc",
        "POST /nodes/{node}/qemu/{vmid}/status/start",
        "POST /nodes/{node}/lxc/{vmid}/status/start",
        *GUEST_STATUS_CALLS,
        *TASK_CALLS,
    ),
    errors=(
        ("CONFLICT", "vmid is in use (without force), or the guest to overwrite is running"),
        ("NOT_FOUND", "no such backup on that node"),
        ("DANGER_DISABLED", "force without PROXMOX_ALLOW_DANGER=true"),
        ("CONFIRMATION_REQUIRED", "force without confirm_vmid equal to vmid"),
    ),
    plan=_restore_plan,
    starts_task=True,
    guest_write=True,
    idempotent=False,
    destructive=True,
    critical_if="force",
)
