"""What every tool module uses: annotations derived from the safety tier."""

from __future__ import annotations

from mcp.types import ToolAnnotations

from shared.catalogue import Operation
from shared.safety import Tier

__all__ = ["annotations_for"]


def annotations_for(op: Operation, title: str, *, idempotent: bool | None = None) -> ToolAnnotations:
    """Hints from the tier: Safe tools are read-only; Critical ones destructive. Hints, not security."""
    read_only = op.tier is Tier.SAFE
    return ToolAnnotations(
        title=title,
        read_only_hint=read_only,
        destructive_hint=op.tier is Tier.CRITICAL,
        idempotent_hint=read_only if idempotent is None else idempotent,
        open_world_hint=True,
    )
