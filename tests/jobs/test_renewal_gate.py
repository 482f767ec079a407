"""Releases of claims run together; a renewal runs alone, after the releases under way and before new ones."""

from __future__ import annotations

import asyncio

from shared.jobs.claims import RenewalGate
from tests.support.waiting import eventually


async def test_releases_overlap_and_a_renewal_waits_for_them_and_holds_off_new_ones() -> None:
    gate = RenewalGate()
    events: list[str] = []
    first_in, second_in, go = asyncio.Event(), asyncio.Event(), asyncio.Event()

    async def release(name: str, inside: asyncio.Event) -> None:
        async with gate.releasing():
            events.append(f"{name} in")
            inside.set()
            await go.wait()
            events.append(f"{name} out")

    async def renewal() -> None:
        async with gate.renewing():
            events.append("renewal")

    async def late_release() -> None:
        async with gate.releasing():
            events.append("late in")

    first = asyncio.create_task(release("a", first_in))
    second = asyncio.create_task(release("b", second_in))
    await asyncio.wait_for(asyncio.gather(first_in.wait(), second_in.wait()), 5)  # both at once
    renewing = asyncio.create_task(renewal())
    await eventually(lambda: _true(gate._renewal_waiting), timeout=5, what="the renewal to wait")
    late = asyncio.create_task(late_release())
    await asyncio.sleep(0)
    assert events == ["a in", "b in"]  # the renewal waits for both, and the late release for the renewal
    go.set()
    await asyncio.wait_for(asyncio.gather(first, second, renewing, late), 5)
    assert events.index("renewal") > max(events.index("a out"), events.index("b out"))
    assert events.index("late in") > events.index("renewal")


async def _true(value: bool) -> bool:
    return value
