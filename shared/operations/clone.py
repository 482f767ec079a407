"""Cloning a guest, and making a guest a template."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field, StringConstraints

from shared.operations.base import Result
from shared.operations.changes import GUEST_STATUS_CALLS, TASK_CALLS, GuestChangeParams
from shared.operations.create import Description, GuestName, NewVmid, StartAfter
from shared.operations.operation import Operation
from shared.safety import Tier
from shared.sanitize import GuestKind, NodeName, SnapshotName, StorageId

__all__ = [
    "CLONE_INSTANCE",
    "CONVERT_TO_TEMPLATE",
    "CloneParams",
    "CloneResult",
    "PoolId",
    "TemplateParams",
    "TemplateResult",
]

#: pve-access-control's pool id (pve-poolid)
PoolId = Annotated[str, StringConstraints(pattern=r"^[A-Za-z0-9_][A-Za-z0-9_\-]*$", max_length=64)]


class CloneParams(GuestChangeParams):
    newid: NewVmid = None
    name: Annotated[GuestName | None, Field(description="Its name (a container's hostname).")] = None
    target: Annotated[NodeName | None, Field(description="Node it ends on (shared storage).")] = None
    storage: Annotated[StorageId | None, Field(description="For the copies (a full clone).")] = None
    pool: PoolId | None = None
    snapshot: SnapshotName | None = None
    full: Annotated[bool | None, Field(description="Default: linked from a template, else full.")] = None
    description: Description = None
    start: StartAfter = False


class CloneResult(Result):
    vmid: int = Field(description="The new guest's VMID.")
    node: str
    kind: GuestKind
    name: str | None = None
    source_vmid: int
    full: bool
    started: bool
    status: str


class TemplateParams(GuestChangeParams):
    pass


class TemplateResult(Result):
    vmid: int
    node: str
    kind: GuestKind
    changed: bool = Field(description="False when it already was a template.")


def _clone_plan(p: CloneParams, guest: str) -> str:
    kind = "full clone" if p.full else "linked clone" if p.full is False else "clone"
    where = [f"as VMID {p.newid}" if p.newid else "as the next free VMID"]
    where += [f"named '{p.name}'"] if p.name else []
    where += [f"onto node {p.target}"] if p.target else []
    where += [f"disks on {p.storage}"] if p.storage else []
    where += [f"in pool {p.pool}"] if p.pool else []
    where += [f"from snapshot {p.snapshot!r}"] if p.snapshot else []
    return f"make a {kind} of {guest}, " + ", ".join(where) + (", then start it" if p.start else "")


def _calls(suffix: str) -> tuple[str, ...]:
    return ("POST /nodes/{node}/qemu/{vmid}" + suffix, "POST /nodes/{node}/lxc/{vmid}" + suffix)


CLONE_INSTANCE = Operation(
    "clone_instance",
    "Clone a guest",
    Tier.RESTRICTED,
    CloneParams,
    CloneResult,
    description="""
        Clone a VM or container (or a template), full or linked, optionally to another node.

        Linked (the default from a template) shares the template's disks; full copies them
        (the default otherwise, and with `storage`, which picks where). Without `newid` the next free VMID is
        taken, reserved for this job. Copy progress is reported. Restricted: needs the user's
        confirmation. A clone of a running guest copies it live.
        """,
    pve_calls=(
        "GET /cluster/resources",
        "GET /cluster/nextid",
        *_calls("/clone"),
        *_calls("/status/start"),
        *GUEST_STATUS_CALLS,
        *TASK_CALLS,
    ),
    errors=(
        ("CONFLICT", "newid is in use, or being used by another job"),
        ("PVE_REQUEST_REJECTED", "PVE refuses the clone (linked from a guest that is no template, local storage)"),
    ),
    plan=_clone_plan,
    starts_task=True,
    guest_write=True,
    idempotent=False,
)
CONVERT_TO_TEMPLATE = Operation(
    "convert_to_template",
    "Make a template",
    Tier.RESTRICTED,
    TemplateParams,
    TemplateResult,
    description="""
        Turn a stopped guest into a template (for linked clones); a VM's cannot be undone.

        Its disks become read-only base volumes. PVE refuses a running guest and a VM with
        snapshots. Restricted: needs the user's confirmation.
        """,
    pve_calls=("GET /cluster/resources", *GUEST_STATUS_CALLS, *_calls("/template"), *TASK_CALLS),
    errors=(("CONFLICT", "the guest is running"),),
    plan=lambda _p, guest: f"convert {guest} into a template; this cannot be undone",
    starts_task=True,
    guest_write=True,
    idempotent=True,
    destructive=True,
)
