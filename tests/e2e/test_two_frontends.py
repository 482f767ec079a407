"""Two HTTP frontends and two workers on one Redis, a Sentinel set, as a team runs them behind a load balancer.

A client's requests may reach either frontend: a job submitted through one is read through the
other with the official MCP client; an MCP task created on one is read and cancelled on the other
(raw JSON-RPC, as the official client has no MCP tasks); and the audit chain, written by both
workers for changes from both frontends, verifies. Every process reaches Redis through the
sentinels (REDIS_URL=redis+sentinel://...), and durable writes wait for the replica.
"""

from __future__ import annotations

import asyncio
import subprocess
import sys
import tempfile
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

import pytest

from mcp_frontend.auth import add_token
from pvesim.config import SimConfig
from pvesim.simulator import Simulator
from shared.audit import AUDIT_STREAM
from shared.jobs import keys
from shared.jobs.redis_url import redis_client
from tests.support.agent import finished
from tests.support.http_server import http_client, http_server
from tests.support.sentinel import SentinelSet, sentinel_set
from tests.support.stack import HostedClient, Stack
from tests.support.waiting import eventually
from tests.support.wire import HttpWire

pytestmark = [pytest.mark.slow, pytest.mark.timeout(240)]

ENDED = {"completed", "failed", "cancelled"}


@dataclass(frozen=True)
class Team:
    stack: Stack
    sentinels: SentinelSet
    urls: tuple[str, str]
    token: str

    def wire(self, which: int) -> HttpWire:
        return HttpWire(self.urls[which], headers={"Authorization": f"Bearer {self.token}"})


@pytest.fixture(scope="module")
async def team() -> AsyncIterator[Team]:
    with sentinel_set() as sentinels:
        sim = Simulator(SimConfig(task_duration=0.5, lock_timeout=0.5, guests=40, seed=3))
        await sim.start()
        # the stack reads only `url` of its Redis: the Sentinel set's
        stack = Stack(sim=sim, redis=cast(Any, sentinels), log_dir=Path(tempfile.mkdtemp(prefix="pmcp-team-")))
        stack.owns_log_dir = True
        try:
            for name in ("w1", "w2"):
                stack.start_worker(name)
            redis = redis_client(sentinels.url)
            try:
                for name in ("w1", "w2"):
                    health = keys.worker_health(name)
                    await eventually(lambda key=health: redis.exists(key), timeout=30, what=f"worker {name}")
            finally:
                await redis.aclose(close_connection_pool=True)
            tokens = stack.log_dir / "tokens.json"
            token = add_token(tokens, "ops", ["critical"])
            env = stack.env(PROXMOX_MCP_TOKENS_FILE=str(tokens))
            async with http_server(env, stack.log_dir) as first, http_server(env, stack.log_dir) as second:
                yield Team(stack, sentinels, (first.url, second.url), token)
        finally:
            stack.stop()
            await sim.stop()


#: the VMs this module's tests took, so that no two of them change the same one
_TAKEN: set[int] = set()


def stopped_vm(sim: Simulator) -> int:
    vmid = next(
        g.vmid
        for g in sim.state.guests.values()
        if g.kind == "qemu" and g.status == "stopped" and not g.template and g.vmid not in _TAKEN
    )
    _TAKEN.add(vmid)
    return vmid


async def test_a_job_submitted_through_one_frontend_is_followed_through_the_other(team: Team) -> None:
    vmid = stopped_vm(team.stack.sim)
    async with HostedClient(http_client(team.urls[0], team.token)) as first:
        started = await first.call_tool(
            "power_control", {"vmid": vmid, "action": "start", "confirmed": True, "wait_seconds": 0}
        )
    assert started.structured_content is not None, started.content
    job_id = started.structured_content["job_id"]
    async with HostedClient(http_client(team.urls[1], team.token)) as second:
        job = await finished(second, job_id, timeout=60)
    assert job["state"] == "succeeded", job
    assert team.stack.sim.state.guests[vmid].status == "running"
    assert team.stack.sim.state.counts[vmid]["started"] == 1


async def test_an_mcp_task_created_on_one_frontend_is_read_and_cancelled_on_the_other(team: Team) -> None:
    sim = team.stack.sim
    vmid = stopped_vm(sim)
    sim.faults.add_task_rule(type="qmstart", vmid=vmid, duration=30.0, count=1)
    first, second = team.wire(0), team.wire(1)
    try:
        created = await first.request(
            "tools/call", {"name": "power_control", "arguments": {"vmid": vmid, "action": "start", "confirmed": True}}
        )
        task_id = created["taskId"]

        async def running() -> dict[str, Any] | None:
            task = await second.request("tasks/get", {"taskId": task_id})
            return task if "running PVE task" in task.get("statusMessage", "") else None

        seen = await eventually(running, timeout=30, interval=0.1, what="the other frontend to see the task run")
        assert seen["status"] == "working"
        ack = await second.request("tasks/cancel", {"taskId": task_id})
        assert ack["resultType"] == "complete"

        async def ended() -> dict[str, Any] | None:
            task = await first.request("tasks/get", {"taskId": task_id})
            return task if task["status"] in ENDED else None

        done = await eventually(ended, timeout=30, interval=0.1, what="the first frontend to see the task end")
        assert done["status"] == "cancelled", done
        assert sim.state.guests[vmid].status == "stopped"
    finally:
        await first.aclose()
        await second.aclose()


async def test_changes_through_both_frontends_leave_one_verified_audit_chain(team: Team, tmp_path: Path) -> None:
    sim = team.stack.sim
    names: list[str] = []
    for which in (0, 1, 0, 1):
        vmid = stopped_vm(sim)
        names.append(f"team-{which}-{vmid}")
        async with HostedClient(http_client(team.urls[which], team.token)) as client:
            made = await client.call_tool(
                "create_snapshot", {"vmid": vmid, "name": names[-1], "confirmed": True, "wait_seconds": 30}
            )
        assert made.structured_content is not None and made.structured_content["state"] == "succeeded", made.content
    verified = await asyncio.to_thread(
        subprocess.run,
        [sys.executable, "-m", "mcp_frontend", "audit", "verify"],
        env=team.stack.env(),
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert verified.returncode == 0, verified.stdout + verified.stderr
    assert "the chain holds" in verified.stdout
    redis = redis_client(team.sentinels.url)
    try:
        entries = await redis.xrange(AUDIT_STREAM)
    finally:
        await redis.aclose(close_connection_pool=True)
    audited = " ".join(str(fields) for _, fields in entries)
    assert all(name in audited for name in names)
