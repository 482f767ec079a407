"""One change applied to many guests: snapshot_guests, power_guests, backup_guests (and their plan).

A fleet call names its guests by a selector (VMIDs, a tag, a pool, a node, qemu or lxc: every
part given must match; templates never). A dry run (or any unconfirmed call) answers the plan:
the guests it resolves to and what would happen to each. Confirmed, a parent job resolves the
selector once, stores its plan (the guests and a job ID for each), and queues one ordinary change
job per guest (create_snapshot, power_control, backup_instance), at most `parallel` at a time, each exactly once
like any other; get_task_status on the parent shows counts and each guest's state as they go.
"""

from __future__ import annotations

from collections import Counter
from typing import Annotated, Any, Literal, Self

from pydantic import Field, StringConstraints, model_validator

from shared.errors import InvalidInput
from shared.operations.backup import BACKUP_INSTANCE
from shared.operations.base import Params, Result
from shared.operations.changes import ChangeParams
from shared.operations.operation import Operation
from shared.operations.power import POWER_CONTROL, PowerAction, ShutdownTimeout
from shared.operations.snapshots import CREATE_SNAPSHOT, SnapshotDescription
from shared.operations.update import Tag
from shared.safety import Tier
from shared.sanitize import GuestKind, NodeName, SnapshotName, StorageId, Vmid

__all__ = [
    "BACKUP_GUESTS",
    "CONFIRM_COUNT_ABOVE",
    "FLEET_SHOWN",
    "FLEET_STATES",
    "PLAN_FLEET",
    "POWER_GUESTS",
    "SNAPSHOT_GUESTS",
    "BackupGuestsParams",
    "FleetGuest",
    "FleetParams",
    "FleetPlan",
    "FleetResult",
    "FleetSelector",
    "PowerGuestsParams",
    "SnapshotGuestsParams",
    "count_check",
    "describe_fleet",
]

#: a fleet of more guests than this needs the count typed again (confirm_count)
CONFIRM_COUNT_ABOVE = 10
#: a guest's state in a fleet: its job's state, or one of these before or instead of a job
FLEET_STATES = ("planned", "waiting", "skipped")
_MAX_PARALLEL = 16
_MAX_VMIDS = 1000

PoolId = Annotated[str, StringConstraints(pattern=r"^[A-Za-z][A-Za-z0-9\-_/]*$", max_length=256)]


class FleetSelector(Params):
    """Which guests: every part given must match (templates never do)."""

    vmids: list[Vmid] | None = None
    tag: Tag | None = None
    pool: PoolId | None = None
    node: NodeName | None = None
    kind: GuestKind | None = None

    @model_validator(mode="after")
    def _selects(self) -> Self:
        if self.vmids is None and self.tag is None and self.pool is None and self.node is None and self.kind is None:
            raise InvalidInput("no guests selected", hint="Give vmids, tag, pool, node or kind (or several).")
        if self.vmids is not None and len(self.vmids) > _MAX_VMIDS:
            raise InvalidInput(f"more than {_MAX_VMIDS} vmids", hint="Select by tag, pool or node instead.")
        return self

    def selector(self) -> FleetSelector:
        """Only the selector of these params (what the plan reads)."""
        return FleetSelector(**{name: getattr(self, name) for name in FleetSelector.model_fields})

    def describe(self) -> str:
        parts = [f"{name}={getattr(self, name)}" for name in FleetSelector.model_fields if getattr(self, name)]
        return ", ".join(parts)


Parallel = Annotated[int, Field(ge=1, le=_MAX_PARALLEL)]


class FleetParams(FleetSelector, ChangeParams):
    dry_run: bool = False
    parallel: Parallel = 4
    stop_on_error: bool = False
    confirm_count: Annotated[int | None, Field(ge=1)] = None


class FleetGuest(Result):
    vmid: int
    node: str
    kind: GuestKind
    name: str | None = None
    status: str | None = Field(None, description="Power state when planned.")
    state: str = Field(description="planned, waiting (not queued yet), skipped, or its job's state.")
    job_id: str | None = None
    message: str | None = None


class FleetPlan(Result):
    guests: list[FleetGuest]


#: guests a fleet's answer shows at most; the rest are counted (by state and node)
FLEET_SHOWN = 50
#: which guests an answer shows first: what went wrong, then what is under way, then the rest
_SHOWN_FIRST = ("failed", "partial", "unknown", "timed_out", "cancelled", "running", "dispatching", "queued")


class FleetResult(Result):
    counts: dict[str, int] = Field(description="Guests per state.")
    guests: list[FleetGuest]
    total: int | None = Field(None, description="Guests in the fleet; more than shown: the rest are counted.")
    by_node: dict[str, int] = Field(default_factory=dict)

    def brief(self) -> str:
        return ", ".join(f"{n} {state}" for state, n in sorted(self.counts.items())) or "no guests"

    def shown(self, most: int = FLEET_SHOWN) -> FleetResult:
        """The result as an answer carries it: every count, and at most `most` guests, the ones that matter first.

        The job's record keeps every guest (its scheduling reads them); an answer about ten thousand
        guests must not carry them all.
        """
        rank = {state: index for index, state in enumerate(_SHOWN_FIRST)}
        ordered = sorted(self.guests, key=lambda g: (rank.get(g.state, len(rank)), g.vmid))
        return self.model_copy(
            update={
                "guests": ordered[:most],
                "total": len(self.guests),
                "by_node": dict(sorted(Counter(g.node for g in self.guests).items())),
            }
        )


def count_check(params: FleetParams, count: int) -> None:
    """A fleet of more than CONFIRM_COUNT_ABOVE guests needs confirm_count equal to its size."""
    if count > CONFIRM_COUNT_ABOVE and params.confirm_count != count:
        said = "" if params.confirm_count is None else f" (confirm_count was {params.confirm_count})"
        raise InvalidInput(
            f"this selects {count} guests{said}: more than {CONFIRM_COUNT_ABOVE} need the count typed again",
            hint=f"Check the plan with dry_run=true, then call again with confirm_count={count}.",
        )


def describe_fleet(guests: list[FleetGuest], most: int = 20) -> str:
    """'3 guests: VM 100 'web01' on node pve1, ...' for a plan (the first `most`, then how many more)."""
    shown = [
        f"{'VM' if g.kind == 'qemu' else 'container'} {g.vmid}{f' {g.name!r}' if g.name else ''} on node {g.node}"
        for g in guests[:most]
    ]
    more = f" and {len(guests) - most} more" if len(guests) > most else ""
    return f"{len(guests)} guest{'s' if len(guests) != 1 else ''}: {', '.join(shown)}{more}"


class SnapshotGuestsParams(FleetParams):
    name: SnapshotName
    description: SnapshotDescription = None
    vmstate: Annotated[bool, Field(description="With RAM (running VMs).")] = False


class PowerGuestsParams(FleetParams):
    action: PowerAction
    timeout: ShutdownTimeout = None


class BackupGuestsParams(FleetParams):
    storage: StorageId = "local"
    mode: Literal["snapshot", "suspend", "stop"] = "snapshot"
    compress: Literal["zstd", "gzip", "lzo", "none"] = "zstd"


_RESOURCES = "GET /cluster/resources"
_FLEET_ERRORS: tuple[tuple[str, str], ...] = (
    ("NOT_FOUND", "no guest matches the selector, or a VMID given is no guest"),
    ("VALIDATION_ERROR", f"nothing selected, or more than {CONFIRM_COUNT_ABOVE} guests without confirm_count"),
)


def _calls(child: Operation[Any, Any]) -> tuple[str, ...]:
    return tuple(dict.fromkeys((_RESOURCES, *child.pve_calls)))


#: resolves a fleet's selector: what a dry run and a confirmation show (run by the fleet tools)
PLAN_FLEET = Operation(
    "plan_fleet",
    "Plan a fleet change",
    Tier.SAFE,
    FleetSelector,
    FleetPlan,
    description="The guests a selector names (templates left out), for a fleet tool's plan.",
    pve_calls=(_RESOURCES,),
    errors=_FLEET_ERRORS,
)
SNAPSHOT_GUESTS = Operation(
    "snapshot_guests",
    "Snapshot many guests",
    Tier.RESTRICTED,
    SnapshotGuestsParams,
    FleetResult,
    description="""
        Take the same snapshot of every guest a selector names.

        Each guest's snapshot is its own create_snapshot job, done exactly once; one failing does
        not stop the others unless stop_on_error. get_task_status(job_id) shows each guest's state.
        Restricted: needs the user's confirmation.
        """,
    pve_calls=_calls(CREATE_SNAPSHOT),
    errors=(*_FLEET_ERRORS, *CREATE_SNAPSHOT.errors),
    plan=lambda p, fleet: f"take snapshot {p.name!r} of {fleet}" + (" (running VMs with RAM)" if p.vmstate else ""),
    idempotent=False,
)
POWER_GUESTS = Operation(
    "power_guests",
    "Power many guests",
    Tier.RESTRICTED,
    PowerGuestsParams,
    FleetResult,
    description="""
        Power (as power_control) every guest a selector names.

        Each guest is its own power_control job (one already in that state is a no-op), at most
        `parallel` at a time, exactly once. Restricted: needs the user's confirmation.
        """,
    pve_calls=_calls(POWER_CONTROL),
    errors=(*_FLEET_ERRORS, *POWER_CONTROL.errors),
    plan=lambda p, fleet: f"{p.action} {fleet}",
    idempotent=False,
    destructive=True,
)
BACKUP_GUESTS = Operation(
    "backup_guests",
    "Back up many guests",
    Tier.RESTRICTED,
    BackupGuestsParams,
    FleetResult,
    description="""
        Back up (vzdump, as backup_instance) every guest a selector names.

        Each guest is its own backup_instance job, at most `parallel` at a time, exactly once;
        each guest's job result names its archive. PVE itself runs one backup per node at a time
        (its global vzdump lock): the others wait for it. Restricted: needs the user's confirmation.
        """,
    pve_calls=_calls(BACKUP_INSTANCE),
    errors=(*_FLEET_ERRORS, *BACKUP_INSTANCE.errors),
    plan=lambda p, fleet: f"back up {fleet} to storage {p.storage} ({p.mode} mode, {p.compress})",
    idempotent=False,
)

#: the fleet changes, each run by a tool of its own (mcp_frontend.tools.fleet)
FLEET_CHANGES = (SNAPSHOT_GUESTS, POWER_GUESTS, BACKUP_GUESTS)
