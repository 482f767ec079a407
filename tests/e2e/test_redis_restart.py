"""Redis restarts under running workers and a change in flight: nothing is lost, nothing happens twice.

And a worker stopped while its Redis is gone ends within its drain bound; another finishes its change.

redis-server runs with AOF (every write fsynced), so a restart keeps every key. Two worker processes
and the stdio server use it; a start whose PVE task takes several seconds is in flight when Redis
goes down for a few seconds and comes back on the same port and data directory.
"""

from __future__ import annotations

import asyncio
import shutil
import signal
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from pvesim.config import SimConfig
from pvesim.simulator import Simulator
from tests.support.agent import finished
from tests.support.redis_server import RedisServer, free_port, restart_redis, start_aof_redis
from tests.support.stack import FAST_RECOVERY, HostedClient, start_stack
from tests.support.waiting import eventually

pytestmark = [pytest.mark.slow, pytest.mark.timeout(180)]

#: how long Redis stays down
DOWN_SECONDS = 3.0


@pytest.fixture
def aof_redis() -> Iterator[RedisServer]:
    directory = Path(tempfile.mkdtemp(prefix="pmcp-redis-aof-"))
    port = free_port()
    server = RedisServer(port, start_aof_redis(port, directory), directory)
    yield server
    server.process.terminate()
    server.process.wait(timeout=10)
    shutil.rmtree(directory, ignore_errors=True)


def slow_start(sim: Simulator, seconds: float) -> int:
    """A stopped VM whose next start takes `seconds`."""
    vmid = next(g.vmid for g in sim.state.guests.values() if g.kind == "qemu" and g.status == "stopped"
                and not g.template)  # fmt: skip
    sim.faults.add_task_rule(type="qmstart", vmid=vmid, duration=seconds, count=1)
    return vmid


async def test_a_redis_restart_under_two_workers_loses_nothing_and_the_change_happens_once(
    aof_redis: RedisServer,
) -> None:
    stack = await start_stack("redis", aof_redis, SimConfig(task_duration=0.3), workers=2)
    try:
        sim = stack.sim
        vmid = slow_start(sim, 8.0)
        async with HostedClient(stack.client()) as client:
            call = asyncio.create_task(
                client.call_tool(
                    "power_control", {"vmid": vmid, "action": "start", "confirmed": True, "wait_seconds": 40}
                )
            )

            async def running() -> bool:
                return any(t.vmid == vmid and t.status == "running" for t in sim.state.tasks.values())

            await eventually(running, timeout=30, what="the start task to run")
            await asyncio.to_thread(restart_redis, aof_redis, DOWN_SECONDS)
            result = await call
            job_id = aof_redis.cli("--raw", "ZRANGE", "pmcp:jobs", "0", "-1").split()[0]
            text = " ".join(getattr(part, "text", "") for part in result.content)
            if result.is_error:  # the wait lost Redis: it names the job and warns against calling again
                assert job_id in text, text
                assert "may be under way" in text, text
                assert "call again" not in text.lower().replace("do not call power_control again", ""), text
            else:
                assert result.structured_content is not None
                assert result.structured_content["job_id"] == job_id
            job = await finished(client, job_id, timeout=60)
        assert job["state"] == "succeeded", job
        assert sum(1 for r in sim.requests if r.method == "POST" and r.path.endswith(f"/qemu/{vmid}/status/start")) == 1
        assert sim.state.counts[vmid]["started"] == 1
        assert all(worker.process.poll() is None for worker in stack.workers)  # no worker exited
    finally:
        stack.stop()
        await stack.sim.stop()


async def test_a_worker_whose_redis_is_gone_stops_in_its_drain_bound_and_another_finishes_its_change(
    aof_redis: RedisServer,
) -> None:
    drain = 3
    env = FAST_RECOVERY | {"PROXMOX_MCP_WORKER_DRAIN": str(drain)}
    stack = await start_stack("redis", aof_redis, SimConfig(task_duration=0.3), env=env, workers=1)
    try:
        sim = stack.sim
        vmid = slow_start(sim, 6.0)
        async with HostedClient(stack.client()) as client:
            answer = await client.call_tool(
                "power_control", {"vmid": vmid, "action": "start", "confirmed": True, "wait_seconds": 1}
            )
            assert answer.structured_content is not None, answer.content
            job_id = answer.structured_content["job_id"]

            async def running() -> bool:
                return any(t.vmid == vmid and t.status == "running" for t in sim.state.tasks.values())

            await eventually(running, timeout=30, what="the start task to run")
            (worker,) = stack.workers
            aof_redis.process.kill()  # gone at once, as a crashed or partitioned Redis
            aof_redis.process.wait(timeout=10)
            stopped_at = time.monotonic()
            worker.process.send_signal(signal.SIGTERM)  # docker compose stop

            async def exited() -> bool:
                return worker.process.poll() is not None

            await eventually(exited, timeout=drain + 30, interval=0.05, what="the worker to exit")
            took = time.monotonic() - stopped_at
            assert took <= drain + 5, f"the worker took {took:.1f} s to stop; its drain bound is {drain} s"
            # Redis back with what it had; another worker takes the job over once its claim lapses
            aof_redis.process = start_aof_redis(aof_redis.port, aof_redis.directory)
            stack.start_worker("w2")
            job = await finished(client, job_id, timeout=90)
        assert job["state"] == "succeeded", job
        assert sum(1 for r in sim.requests if r.method == "POST" and r.path.endswith(f"/qemu/{vmid}/status/start")) == 1
        assert sim.state.counts[vmid]["started"] == 1
    finally:
        stack.stop()
        await stack.sim.stop()
