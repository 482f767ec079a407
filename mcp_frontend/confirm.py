"""Confirmation of Restricted and Critical tools: ask the user through MCP elicitation, or take `confirmed`.

A tool's resolver builds a plan (what would happen, on which node and guest) and then:
- with a client that supports form elicitation the user is asked, showing the plan, whatever
  `confirmed` says: where the user can be asked, the agent cannot answer for them;
- otherwise, with `confirmed=true`, the call goes on (the agent vouches that the user agreed);
- otherwise the call ends with CONFIRMATION_REQUIRED carrying the plan, and nothing changes.
A declined or cancelled elicitation ends the same way. The worker checks the payload's
`confirmed` again, so this gate is not the only one.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from mcp.server.mcpserver import AcceptedElicitation, Context, Elicit, ElicitationResult
from pydantic import BaseModel, Field

from mcp_frontend.app import FrontendApp, app_of
from shared.catalogue import operation
from shared.errors import ConfirmationRequired, DangerDisabled
from shared.operations.guests import GetConfigParams, InstanceConfig

__all__ = ["Approval", "Plan", "approved", "ask", "confirm_guest_change", "describe_guest", "require_danger_allowed"]

_GET_CONFIG = operation("get_instance_config")


class Approval(BaseModel):
    """What the user answers."""

    approve: bool = Field(description="Yes, carry out this change.")


class Plan(BaseModel):
    """What a change would do, shown to the user and returned with CONFIRMATION_REQUIRED."""

    action: str
    summary: str
    node: str | None = None
    vmid: int | None = None


def _can_elicit(ctx: Context[FrontendApp, Any]) -> bool:
    capabilities = ctx.client_capabilities
    elicitation = capabilities.elicitation if capabilities is not None else None
    # a bare `elicitation: {}` (before modes existed) means form support; url-only does not
    return elicitation is not None and (elicitation.form is not None or elicitation.url is None)


def ask(ctx: Context[FrontendApp, Any], confirmed: bool, plan: Plan) -> Approval | Elicit[Approval]:
    """A resolver's answer: a question for the user, approval at once, or CONFIRMATION_REQUIRED."""
    if _can_elicit(ctx):
        return Elicit(f"Proxmox: {plan.summary}. Carry this out?", Approval)
    if confirmed:
        return Approval(approve=True)
    raise ConfirmationRequired(
        f"this changes the cluster and needs confirmation: {plan.summary}",
        details={"plan": plan.model_dump(exclude_none=True)},
    )


def approved(outcome: ElicitationResult[Approval], plan_summary: str) -> None:
    """Raise unless the user approved (a declined or cancelled question changes nothing)."""
    if isinstance(outcome, AcceptedElicitation) and outcome.data.approve:
        return
    answer = outcome.action if not isinstance(outcome, AcceptedElicitation) else "no"
    raise ConfirmationRequired(
        f"the user did not approve ({answer}): {plan_summary}; nothing was changed",
        hint="Ask the user; call again only if they agree.",
    )


async def describe_guest(app: FrontendApp, vmid: int, node: str | None) -> tuple[str, str]:
    """('qemu VM 100 \\'web01\\' on node pve1, running', node) for a plan; NOT_FOUND if there is no such guest."""
    config = await app.read(_GET_CONFIG, GetConfigParams(vmid=vmid, node=node), InstanceConfig)
    kind = "VM" if config.kind == "qemu" else "container"
    name = f" '{config.name}'" if config.name else ""
    return f"{kind} {vmid}{name} on node {config.node} ({config.status or 'unknown'})", config.node


async def confirm_guest_change(
    ctx: Context[FrontendApp, Any],
    *,
    confirmed: bool,
    action: str,
    vmid: int,
    node: str | None,
    summary: Callable[[str], str],
) -> Approval | Elicit[Approval]:
    """The resolver answer of a change to one guest: the plan `summary(guest)`, the guest named as PVE
    describes it, put to the user (NOT_FOUND for no such guest); approval at once when `confirmed` and
    the client cannot be asked."""
    if confirmed and not _can_elicit(ctx):
        return Approval(approve=True)
    guest, found_node = await describe_guest(app_of(ctx), vmid, node)
    return ask(ctx, confirmed, Plan(action=action, summary=summary(guest), node=found_node, vmid=vmid))


def require_danger_allowed(app: FrontendApp, plan: Plan) -> None:
    if not app.settings.proxmox_allow_danger:
        raise DangerDisabled(
            f"refused: {plan.summary}; destructive operations are disabled on this server",
            details={"plan": plan.model_dump(exclude_none=True)},
        )
