"""PVE's numbers as our results show them."""

from __future__ import annotations

__all__ = ["percent"]


def percent(fraction: float | None) -> float | None:
    """A share PVE gives as a fraction (cpu 0.25) as a percentage to two places (25.0)."""
    return round(fraction * 100, 2) if fraction is not None else None
