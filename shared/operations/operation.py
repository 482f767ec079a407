"""An operation's declaration: everything both sides of the queue know about it, written once.

Each domain module declares its operations as constants next to their models, e.g.

    CREATE_SNAPSHOT = Operation(
        "create_snapshot", "Take a snapshot", Tier.RESTRICTED, CreateSnapshotParams, SnapshotResult,
        description="...", pve_calls=(...), plan=lambda p, guest: f"take snapshot {p.name!r} of {guest}",
    )

and shared.catalogue collects them. The frontend builds the MCP tool from it: the input
schema from `params` (its fields, with their descriptions, patterns and defaults), the
description, the hints and, for a change, the confirmation from `plan`. The worker registers
its handler on the constant (`@handles(CREATE_SNAPSHOT)`) and validates every payload with
`params` again. docs/api_manifest.md and scripts/test_connection.py read its PVE calls and errors.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic

from typing_extensions import TypeVar  # a default, so a bare `Operation` means any operation

from shared.operations.base import Params, Result
from shared.safety import Tier

if TYPE_CHECKING:
    from shared.settings import Settings

__all__ = ["Operation", "ToolArgument"]

P = TypeVar("P", bound=Params, default=Params)
R_co = TypeVar("R_co", bound=Result, covariant=True, default=Result)


@dataclass(frozen=True)
class ToolArgument:
    """Field metadata: the tool takes this payload field as another argument, converted before it is queued.

    `Annotated[PasswordHash | None, ToolArgument("password", Password, hashed)]`: the agent gives
    `password`, the payload carries its hash, and no clear password is ever queued.
    """

    name: str
    annotation: Any
    convert: Callable[[Any], Any]


@dataclass(frozen=True, eq=False)  # a constant: compared and hashed by identity
class Operation(Generic[P, R_co]):
    """One operation: its tool, its payload and result, its tier and what it may call on PVE."""

    name: str
    #: the tool's title, as a client shows it
    title: str
    tier: Tier
    params: type[P]
    result: type[R_co]
    #: its manual: the first paragraph is what the tool list tells the agent, every session, so it is
    #: short; docs/api_manifest.md shows the rest too
    description: str
    #: the PVE API calls it may make ("METHOD /template"), for docs, privileges and route checks
    pve_calls: tuple[str, ...]
    #: those of `pve_calls` whose refusal it works around (answering without that part): their
    #: privileges are needed in some cases only
    optional_calls: tuple[str, ...] = ()
    #: errors particular to it, as (code, when), besides those every tool of its kind can answer
    errors: tuple[tuple[str, str], ...] = ()
    #: a change's plan, shown to the user who confirms it: from the params and the guest they address,
    #: as PVE describes it ("VM 100 'web01' on node pve1 (running)"; empty for a guest yet to be made)
    plan: Callable[[P, str], str] | None = None
    #: starts PVE tasks (UPIDs) that the worker's watcher follows to their end
    starts_task: bool = False
    #: changes one guest, so its jobs hold that guest's lock
    guest_write: bool = False
    #: hints for clients, when the tier's defaults (changes: not idempotent; Critical: destructive) are wrong
    idempotent: bool | None = None
    destructive: bool | None = None
    #: a boolean payload field that makes a call Critical when true (restore_backup's `force`, over an
    #: existing guest): then as delete, refused without PROXMOX_ALLOW_DANGER and needing `confirm_vmid`
    critical_if: str | None = None
    #: the tier of one call from its payload, for an operation whose tier depends on what it calls
    #: (call_pve_api: a GET is Safe, a listed endpoint Critical); overrides `tier` and `critical_if`
    tier_from: Callable[[Mapping[str, Any]], Tier] | None = None

    def __post_init__(self) -> None:
        if self.tier is not Tier.SAFE and self.plan is None:
            raise TypeError(f"operation {self.name} changes the cluster but declares no plan to confirm")
        if not set(self.optional_calls) <= set(self.pve_calls):
            raise TypeError(f"operation {self.name}: an optional call is not among its pve_calls")
        object.__setattr__(self, "description", inspect.cleandoc(self.description))

    @property
    def brief(self) -> str:
        """The description's first paragraph: what the tool list says of it."""
        return self.description.split("\n\n", 1)[0]

    @property
    def changes(self) -> bool:
        """True for a Restricted or Critical operation: it needs confirmation and reports how the change went."""
        return self.tier is not Tier.SAFE

    def tier_of(self, values: Mapping[str, Any]) -> Tier:
        """The tier of one call, from its arguments or payload: `critical_if` set makes it Critical."""
        if self.tier_from is not None:
            return self.tier_from(values)
        if self.critical_if is not None and values.get(self.critical_if) is True:
            return Tier.CRITICAL
        return self.tier

    def timeout_seconds(self, settings: Settings) -> float:
        """How long one run (one pickup) of this operation may take.

        A read runs whole; a change's run (one step: checks, a dispatch and a reconciliation
        request, or a container command of up to PROXMOX_MCP_TASK_SLICE) gets that long plus
        room for two PVE requests. Following a task holds no run: the watcher does it.
        """
        if self.tier is Tier.SAFE:
            return settings.read_timeout_seconds
        return settings.task_slice_seconds + 2 * settings.proxmox_timeout

    def __repr__(self) -> str:
        return f"<Operation {self.name}>"
