"""Fleet tools: one change to many guests, shown as a plan first (shared.operations.fleet).

They differ from the declared change tools in two ways: their plan is the guests a selector
resolves to (read through plan_fleet before the user is asked, and what a dry run answers), and
their answer is the fleet's per-guest picture rather than one guest's change report. A fleet of
more than CONFIRM_COUNT_ABOVE guests needs `confirm_count` equal to its size before anyone is asked.
"""

from __future__ import annotations

from typing import Any

from mcp.server.mcpserver import Context, Elicit, ElicitationResult
from mcp_types import CallToolResult
from pydantic import Field

from mcp_frontend.app import FrontendApp, app_of
from mcp_frontend.callers import current_caller
from mcp_frontend.confirm import Approval, Plan, approved, ask
from mcp_frontend.tools.declared import payload, tool_arguments, tool_of
from mcp_frontend.tools.spec import ToolSpec, tool_result
from shared.catalogue import group_of
from shared.jobs.record import JobRecord
from shared.operations.base import Result
from shared.operations.fleet import (
    FLEET_CHANGES,
    PLAN_FLEET,
    FleetGuest,
    FleetParams,
    FleetResult,
    count_check,
    describe_fleet,
)
from shared.operations.operation import Operation

__all__ = ["FleetReport", "fleet_tools"]

_CONTEXT = Context[FrontendApp, Any]


class FleetReport(Result):
    """A fleet's plan (a dry run) or where its job stands."""

    job_id: str | None = Field(None, description="The fleet's job; None for a dry run.")
    state: str = Field(description="planned for a dry run, else the fleet job's state.")
    done: bool
    message: str
    counts: dict[str, int]
    guests: list[FleetGuest] = Field(description="At most 50: failed and running first; the rest are counted.")
    total: int | None = None

    def brief(self) -> str:
        return f"{self.state} (job {self.job_id}): {self.message}" if self.job_id else self.message


def _report(record: JobRecord) -> FleetReport:
    fleet = (FleetResult.model_validate(record.result) if record.result else FleetResult(counts={}, guests=[])).shown()
    if record.terminal:
        message = record.message or record.state.value
    else:
        message = (
            f"still {record.state.value}; the guests' jobs go on. Follow it with "
            f"get_task_status(job_id='{record.job_id}', wait_seconds=30)."
        )
    return FleetReport(
        job_id=record.job_id,
        state=record.state.value,
        done=record.terminal,
        message=message,
        counts=fleet.counts,
        guests=fleet.guests,
        total=fleet.total,
    )


def fleet_tool(op: Operation[Any, Any]) -> ToolSpec:
    """The MCP tool of a fleet operation."""
    arguments = tool_arguments(op.params)

    async def confirm(ctx: _CONTEXT, given: dict[str, Any]) -> Approval | Elicit[Approval]:
        app = app_of(ctx)
        params = payload(op.params, arguments, given)
        assert isinstance(params, FleetParams)
        params.check(app.settings)
        if params.dry_run:
            return Approval(approve=True)  # nothing changes: the tool answers the plan
        plan = await app.read(PLAN_FLEET, params.selector())
        count_check(params, len(plan.guests))
        assert op.plan is not None
        return ask(ctx, params.confirmed, Plan(action=op.name, summary=op.plan(params, describe_fleet(plan.guests))))

    async def run(ctx: _CONTEXT, approval: ElicitationResult[Approval], **given: Any) -> CallToolResult:
        wait_seconds = given.pop("wait_seconds")
        app = app_of(ctx)
        params = payload(op.params, arguments, given)
        assert isinstance(params, FleetParams)
        assert op.plan is not None
        if params.dry_run:
            plan = await app.read(PLAN_FLEET, params.selector())
            would = op.plan(params, describe_fleet(plan.guests))
            shown = FleetResult(counts={"planned": len(plan.guests)}, guests=plan.guests).shown()
            return tool_result(
                FleetReport(
                    state="planned",
                    done=True,
                    message=f"dry run, nothing was changed; confirmed, it would {would}",
                    counts=shown.counts,
                    guests=shown.guests,
                    total=shown.total,
                )
            )
        approved(approval, f"{op.name} of {params.describe()}")
        params = payload(op.params, arguments, {**given, "confirmed": True})
        seconds = app.settings.wait_seconds if wait_seconds is None else wait_seconds

        async def progress(percent: float, message: str | None) -> None:
            await ctx.report_progress(percent, 100, message)

        record = await app.cluster_jobs().run(
            op, params, seconds=seconds, on_progress=progress, caller=current_caller.get()
        )
        if record.error is not None:
            raise record.error
        return tool_result(_report(record))

    tool = tool_of(op, arguments, run, returns=FleetReport, confirm=confirm)
    # each guest's fields are in docs/api_manifest.md (and in every answer): the list carries the shape only
    output = tool.fn_metadata.output_schema
    assert output is not None
    output["properties"]["guests"] = {"items": {"type": "object"}, "type": "array"}
    return ToolSpec(tool, op.tier, group_of(op), (op, PLAN_FLEET), declared=True, manual=op.description)


def fleet_tools() -> list[ToolSpec]:
    """snapshot_guests, power_guests and backup_guests."""
    return [fleet_tool(op) for op in FLEET_CHANGES]
