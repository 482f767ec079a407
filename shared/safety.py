"""Safety tiers and the gate every operation passes, on the frontend and again in the worker.

- Safe: reads, task status and logs. Run at once.
- Restricted: changes (power, create, exec, cloud-init, snapshots). Need confirmation: an
  MCP elicitation answered yes, or `confirmed=true` from clients without elicitation.
- Critical: destruction (delete). Refused unless PROXMOX_ALLOW_DANGER=true, and then needs
  confirmation and the VMID typed again (`confirm_vmid`).

The worker runs the same gate with its own settings on the payload it received, so a job
written straight into Redis cannot skip a tier.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from shared.errors import ConfirmationRequired, DangerDisabled

__all__ = ["Tier", "enforce_tier"]


class Tier(StrEnum):
    SAFE = "safe"
    RESTRICTED = "restricted"
    CRITICAL = "critical"


def enforce_tier(tier: Tier, *, allow_danger: bool, confirmed: bool, plan: dict[str, Any] | None = None) -> None:
    """Raise unless the tier's conditions hold; `plan` says what would happen, for the agent to show."""
    if tier is Tier.SAFE:
        return
    if tier is Tier.CRITICAL and not allow_danger:
        raise DangerDisabled(
            "destructive operations are disabled on this server (PROXMOX_ALLOW_DANGER is not true)",
            details={"plan": plan} if plan else None,
        )
    if not confirmed:
        raise ConfirmationRequired(
            "this changes the cluster and needs confirmation" + (f": {plan['summary']}" if plan else ""),
            details={"plan": plan} if plan else None,
        )
