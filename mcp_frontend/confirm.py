"""Confirmation of Restricted and Critical tools: ask the user through MCP elicitation, or take `confirmed`.

A change's resolver builds its plan from the operation's declaration (what would happen, on
which node and guest) and then:
- with a client that supports form elicitation the user is asked, showing the plan, whatever
  `confirmed` says: where the user can be asked, the agent cannot answer for them;
- otherwise, with `confirmed=true`, the call goes on (the agent vouches that the user agreed);
- otherwise, for a call answered with an MCP task (mcp_frontend.mcp_tasks), the task asks: its
  job waits in it, unqueued, until the user's yes comes through tasks/update;
- otherwise the call ends with CONFIRMATION_REQUIRED carrying the plan, and nothing changes.
A declined or cancelled elicitation ends the same way. The worker checks the payload's
`confirmed` again, so this gate is not the only one.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from typing import Any

from mcp.server.mcpserver import AcceptedElicitation, Context, Elicit, ElicitationResult
from pydantic import BaseModel, Field

from mcp_frontend.app import FrontendApp, app_of
from mcp_frontend.task_calls import QUESTION_KEY, current_task_call, elicitation
from shared.errors import ConfirmationRequired, DangerDisabled
from shared.operations.base import Params
from shared.operations.changes import GuestChangeParams
from shared.operations.guests import GET_INSTANCE_CONFIG, GetConfigParams
from shared.operations.network import APPLY_NODE_NETWORK, LIST_NODE_NETWORK, ApplyNetworkParams, ListNetworkParams
from shared.operations.operation import Operation
from shared.safety import Tier

__all__ = [
    "Approval",
    "Plan",
    "Target",
    "approved",
    "ask",
    "can_elicit",
    "confirm_change",
    "describe_guest",
    "refuse_danger",
]


class Approval(BaseModel):
    """What the user answers."""

    approve: bool = Field(description="Yes, carry out this change.")


class Plan(BaseModel):
    """What a change would do, shown to the user and returned with CONFIRMATION_REQUIRED."""

    action: str
    summary: str
    node: str | None = None
    vmid: int | None = None


def can_elicit(ctx: Context[FrontendApp, Any]) -> bool:
    """Whether the client can ask its user a question (form elicitation)."""
    capabilities = ctx.client_capabilities
    elicitation = capabilities.elicitation if capabilities is not None else None
    # a bare `elicitation: {}` (before modes existed) means form support; url-only does not
    return elicitation is not None and (elicitation.form is not None or elicitation.url is None)


def ask(ctx: Context[FrontendApp, Any], confirmed: bool, plan: Plan) -> Approval | Elicit[Approval]:
    """A resolver's answer: a question for the user, approval at once, or CONFIRMATION_REQUIRED.

    A call answered with an MCP task (mcp_frontend.task_calls) that cannot ask its user now
    and is not confirmed goes on as a task that asks: its job is held until the yes comes.
    """
    question = f"Proxmox: {plan.summary}. Carry this out?"
    if can_elicit(ctx):
        return Elicit(question, Approval)
    if confirmed:
        return Approval(approve=True)
    if (call := current_task_call()) is not None:
        call.questions = {QUESTION_KEY: elicitation(question, Approval)}
        return Approval(approve=True)
    raise ConfirmationRequired(
        f"this changes the cluster and needs confirmation: {plan.summary}",
        details={"plan": plan.model_dump(exclude_none=True)},
    )


def approved(outcome: ElicitationResult[Approval], what: str) -> None:
    """Raise unless the user approved (a declined or cancelled question changes nothing)."""
    if isinstance(outcome, AcceptedElicitation) and outcome.data.approve:
        return
    answer = outcome.action if not isinstance(outcome, AcceptedElicitation) else "no"
    raise ConfirmationRequired(
        f"the user did not approve ({answer}): {what}; nothing was changed",
        hint="Ask the user; call again only if they agree.",
    )


async def describe_guest(app: FrontendApp, vmid: int, node: str | None) -> tuple[str, str]:
    """('qemu VM 100 \\'web01\\' on node pve1, running', node) for a plan; NOT_FOUND if there is no such guest."""
    config = await app.read(GET_INSTANCE_CONFIG, GetConfigParams(vmid=vmid, node=node))
    kind = "VM" if config.kind == "qemu" else "container"
    name = f" '{config.name}'" if config.name else ""
    return f"{kind} {vmid}{name} on node {config.node} ({config.status or 'unknown'})", config.node


def refuse_danger(app: FrontendApp, op: Operation[Any, Any], given: Mapping[str, Any]) -> None:
    """DANGER_DISABLED for a Critical call (by its operation or its arguments) on a server without
    PROXMOX_ALLOW_DANGER, before anything else."""
    vmid = given.get("vmid")
    if op.tier_of(given) is Tier.CRITICAL and not app.settings.proxmox_allow_danger:
        raise DangerDisabled(
            f"refused: {op.name} of guest {vmid}; destructive operations are disabled on this server",
            details={"plan": {"action": op.name, "vmid": vmid}},
        )


#: how a change names what it acts on: (its description for the plan, its node, its VMID)
Target = tuple[str, str | None, int | None]


async def _guest_target(app: FrontendApp, params: Params) -> Target:
    if not isinstance(params, GuestChangeParams):  # a guest yet to be made: the plan names it from the params
        return "", getattr(params, "node", None), getattr(params, "vmid", None)
    guest, node = await describe_guest(app, params.vmid, params.node)
    return guest, node, params.vmid


async def _network_target(app: FrontendApp, params: Params) -> Target:
    """The node and the diff its pending network changes make: what the user is asked to apply."""
    assert isinstance(params, ApplyNetworkParams)
    listed = await app.read(LIST_NODE_NETWORK, ListNetworkParams(node=params.node, limit=0))
    diff = listed.pending_changes or "(none pending)"
    return f"node {params.node}:\n{diff}", params.node, None


#: changes whose plan shows more than the guest they act on
_TARGETS: dict[str, Callable[[FrontendApp, Params], Awaitable[Target]]] = {APPLY_NODE_NETWORK.name: _network_target}


async def confirm_change(
    ctx: Context[FrontendApp, Any],
    op: Operation[Any, Any],
    params: Params,
    *,
    confirmed: bool,
    target: Callable[[FrontendApp, Params], Awaitable[Target]] | None = None,
) -> Approval | Elicit[Approval]:
    """The resolver answer of every change: its plan put to the user, approval, or CONFIRMATION_REQUIRED.

    What the server's settings refuse is refused first. The plan names the change's target as
    `target` finds it (by default the guest, as PVE describes it: NOT_FOUND for no such guest).
    A client that can ask its user always asks; one that cannot is approved by `confirmed`,
    without looking the target up.
    """
    app = app_of(ctx)
    params.check(app.settings)
    if confirmed and not can_elicit(ctx):
        return Approval(approve=True)
    assert op.plan is not None  # every change declares one
    described, node, vmid = await (target or _TARGETS.get(op.name, _guest_target))(app, params)
    return ask(ctx, confirmed, Plan(action=op.name, summary=op.plan(params, described), node=node, vmid=vmid))
