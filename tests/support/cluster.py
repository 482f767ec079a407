"""A simulated cluster as tests read it: which guest to act on, and what "nothing changed" means."""

from __future__ import annotations

import copy
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass

from redis.asyncio import Redis

from pvesim.simulator import Simulator
from pvesim.state import Guest
from shared.jobs import keys
from tests.support.redis_server import RedisServer
from tests.support.stack import Stack

__all__ = [
    "ClusterPicture",
    "assert_unchanged",
    "change_jobs",
    "label",
    "nothing_happens",
    "pick",
    "picture",
    "writes_since",
]


def pick(sim: Simulator, kind: str, status: str) -> Guest:
    """The first guest (by VMID) of this kind in this state, templates left out."""
    for vmid in sorted(sim.state.guests):
        guest = sim.state.guests[vmid]
        if (guest.kind, guest.status) == (kind, status) and guest.config.get("template") != "1":
            return guest
    raise AssertionError(f"the scenario has no {status} {kind} guest")


def label(guest: Guest) -> str:
    """How a plan names a guest: "VM 101 'db01'" or "container 200 'dns01'"."""
    name = guest.config.get("name") or guest.config.get("hostname")
    return f"{'VM' if guest.kind == 'qemu' else 'container'} {guest.vmid} '{name}'"


@dataclass(frozen=True)
class ClusterPicture:
    """What a user could see of the cluster: guests with config and snapshots, effects, commands run."""

    requests: int
    guests: dict[int, tuple[str, str, dict[str, str], tuple[str, ...]]]
    counts: dict[int, dict[str, int]]
    execs: int


def picture(sim: Simulator) -> ClusterPicture:
    return ClusterPicture(
        requests=len(sim.requests),
        guests={
            g.vmid: (g.node, g.status, copy.deepcopy(dict(g.config)), tuple(sorted(g.snapshots)))
            for g in sim.state.guests.values()
        },
        counts={vmid: dict(counter) for vmid, counter in sim.state.counts.items() if counter},
        execs=len(sim.state.ssh_execs),
    )


def writes_since(sim: Simulator, before: ClusterPicture) -> list[str]:
    """Every API call since `before` that could change something (PVE's writes are POST, PUT and DELETE)."""
    return [f"{r.method} {r.path}" for r in sim.requests[before.requests :] if r.method != "GET"]


def assert_unchanged(sim: Simulator, before: ClusterPicture) -> None:
    assert writes_since(sim, before) == []
    after = picture(sim)
    assert after.counts == before.counts
    assert after.guests == before.guests
    assert after.execs == before.execs, sim.state.ssh_execs[before.execs :]


async def change_jobs(server: RedisServer) -> set[str]:
    """IDs of every job in the store that is not a read."""
    client = Redis.from_url(server.url, decode_responses=True)
    try:
        ids = await client.zrange(keys.JOB_INDEX, 0, -1)
        tiers = [await client.hget(keys.job_record(job_id), "tier") for job_id in ids]
    finally:
        await client.aclose()
    return {job_id for job_id, tier in zip(ids, tiers, strict=True) if tier != "safe"}


@asynccontextmanager
async def nothing_happens(stack: Stack) -> AsyncIterator[None]:
    """The block changes nothing on PVE and (redis mode, where the store is readable) enqueues no change."""
    before = picture(stack.sim)
    jobs = await change_jobs(stack.redis) if stack.redis is not None else set()
    yield
    assert_unchanged(stack.sim, before)
    if stack.redis is not None:
        assert await change_jobs(stack.redis) == jobs
