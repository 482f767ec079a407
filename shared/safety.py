"""Safety tiers, and the gate a worker runs on every payload before it acts.

- Safe: reads, task status and logs. Run at once.
- Restricted: changes (power, create, clone, migrate, backup, restore, disks, templates, exec,
  cloud-init, snapshots, cancel). Need confirmation: an MCP elicitation answered yes, or
  `confirmed=true` from clients without elicitation.
- Critical: destruction (delete, and a restore over an existing guest: `Operation.critical_if`).
  Refused unless PROXMOX_ALLOW_DANGER=true, and then needs confirmation and the VMID typed again
  (`confirm_vmid`).
With PROXMOX_MCP_READ_ONLY=true the server publishes only Safe tools and workers refuse the rest.

The frontend asks for the confirmation (and refuses Critical tools) before it enqueues
anything, in mcp_frontend/confirm.py. `enforce_tier` is the worker's own check, with its own
settings, on the payload it received: a job written straight into Redis cannot skip a tier.
"""

from __future__ import annotations

from enum import StrEnum

from shared.errors import ConfirmationRequired, DangerDisabled, FeatureDisabled

__all__ = ["Tier", "enforce_tier"]


class Tier(StrEnum):
    SAFE = "safe"
    RESTRICTED = "restricted"
    CRITICAL = "critical"


def enforce_tier(tier: Tier, *, allow_danger: bool, confirmed: bool, read_only: bool = False) -> None:
    """Raise unless the tier's conditions hold for a payload (`confirmed`) under these settings (`allow_danger`,
    `read_only`: a read-only worker runs no change at all)."""
    if tier is Tier.SAFE:
        return
    if read_only:
        raise FeatureDisabled(
            "this worker is read-only (PROXMOX_MCP_READ_ONLY=true): it runs no change",
            hint="Run the change on a server and workers without PROXMOX_MCP_READ_ONLY, if an administrator allows it.",
        )
    if tier is Tier.CRITICAL and not allow_danger:
        raise DangerDisabled("destructive operations are disabled on this server (PROXMOX_ALLOW_DANGER is not true)")
    if not confirmed:
        raise ConfirmationRequired("this changes the cluster and needs confirmation")
