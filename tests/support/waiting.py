"""Wait on a condition with a deadline; never sleep and hope."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from typing import TypeVar

__all__ = ["eventually"]

T = TypeVar("T")


async def eventually(
    probe: Callable[[], Awaitable[T]], *, timeout: float = 10.0, interval: float = 0.02, what: str = "condition"
) -> T:
    """Call `probe` until it returns a truthy value; fail with `what` after `timeout` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        value = await probe()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout}s waiting for {what}")
        await asyncio.sleep(interval)
