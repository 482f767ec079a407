"""End-to-end fixtures: a stack per test module, in both deployment modes.

"redis": a private redis-server, one `python -m workers` process, the stdio server.
"embedded": the stdio server alone (in-process store and worker), as the README's demo runs.

`stack` serves the read tools; `changes_stack` is set up for changes: the SSH endpoint for
container commands, Critical tools allowed and a short wait for guest locks. FAST_RECOVERY
(short task slices) is for the kill tests, where a killed worker's job must come back soon.
"""

from __future__ import annotations

import tempfile
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from mcp import Client
from redis.asyncio import Redis

from pvesim.config import SimConfig
from pvesim.simulator import Simulator
from shared.jobs import keys
from tests.support.redis_server import RedisServer
from tests.support.stack import HostedClient, Stack
from tests.support.waiting import eventually

#: short slices and timeouts: arq reruns a killed worker's job after the longest job timeout + 10 s
FAST_RECOVERY = {
    "PROXMOX_MCP_TASK_SLICE": "1",
    "PROXMOX_TIMEOUT": "2",
    "PROXMOX_MCP_READ_TIMEOUT": "5",
    "PROXMOX_MCP_LOCK_WAIT": "20",
    "PROXMOX_MCP_WORKER_POLL": "0.2",
}


def ssh_env(sim: Simulator) -> dict[str, str]:
    """Settings that point container commands at the simulator's SSH endpoint."""
    assert sim.ssh_port is not None
    return {
        "PROXMOX_SSH_KEY": str(sim.ssh_client_key_path),
        "PROXMOX_SSH_KNOWN_HOSTS": str(sim.state_dir / "known_hosts"),
        "PROXMOX_SSH_PORT": str(sim.ssh_port),
        "PROXMOX_SSH_HOSTS": ",".join(f"{node}=127.0.0.1" for node in sim.state.nodes),
    }


async def start_stack(
    mode: str,
    redis_proc: RedisServer,
    config: SimConfig | None = None,
    env: dict[str, str] | None = None,
    workers: int = 1,
) -> Stack:
    """pvesim, and in redis mode `workers` worker processes that are up; all of it stopped again if that fails.

    The stack's log directory is its own: `stack.stop()` removes it.
    """
    sim = Simulator(config or SimConfig(task_duration=0.2, lock_timeout=0.5))
    await sim.start()
    stack = Stack(
        sim=sim,
        redis=redis_proc if mode == "redis" else None,
        log_dir=Path(tempfile.mkdtemp(prefix="pmcp-e2e-")),
        extra_env=dict(env or {}),
        owns_log_dir=True,
    )
    try:
        if sim.ssh_port is not None:
            stack.extra_env.update(ssh_env(sim))
        if mode == "redis":
            await _start_workers(stack, redis_proc, workers)
    except BaseException:
        stack.stop()
        await sim.stop()
        raise
    return stack


async def _start_workers(stack: Stack, redis_proc: RedisServer, workers: int) -> None:
    client = Redis.from_url(redis_proc.url, decode_responses=True)
    try:
        await client.flushdb()
        for index in range(1, workers + 1):
            stack.start_worker(f"w{index}")
            await eventually(
                lambda i=index: client.exists(keys.worker_health(f"w{i}")), timeout=20, what=f"worker w{index}"
            )
    finally:
        await client.aclose()


@pytest.fixture(scope="module", params=["redis", "embedded"])
async def stack(request: pytest.FixtureRequest, redis_proc: RedisServer) -> AsyncIterator[Stack]:
    running = await start_stack(request.param, redis_proc)
    yield running
    running.stop()
    await running.sim.stop()


@pytest.fixture(scope="module")
async def mcp(stack: Stack) -> AsyncIterator[Client]:
    """The real MCP client, connected over stdio to a server process of this stack."""
    async with HostedClient(stack.client()) as client:
        yield client


@pytest.fixture(scope="module", params=["redis", "embedded"])
async def changes_stack(request: pytest.FixtureRequest, redis_proc: RedisServer) -> AsyncIterator[Stack]:
    # a generated cluster of 40 guests: every test of a module finds guests in the state it needs
    config = SimConfig(task_duration=0.3, lock_timeout=0.5, ssh=True, guests=40)
    env = {"PROXMOX_ALLOW_DANGER": "true", "PROXMOX_MCP_LOCK_WAIT": "10", "PROXMOX_MCP_WORKER_POLL": "0.2"}
    running = await start_stack(request.param, redis_proc, config, env)
    yield running
    running.stop()
    await running.sim.stop()


@pytest.fixture(scope="module")
async def changes(changes_stack: Stack) -> AsyncIterator[Client]:
    """The MCP client for `changes_stack` (a client without elicitation: confirmation by confirmed=true)."""
    async with HostedClient(changes_stack.client()) as client:
        yield client
