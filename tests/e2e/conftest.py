"""End-to-end fixtures: a stack per test module, in both deployment modes.

"redis": a private redis-server, one `python -m workers` process, the stdio server.
"embedded": the stdio server alone (in-process store and worker), as the README's demo runs.

`stack` serves the read tools; `changes_stack` is set up for changes: the SSH endpoint for
container commands, Critical tools allowed and a short wait for guest locks. FAST_RECOVERY
(short task slices) is for the kill tests, where a killed worker's job must come back soon.
"""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from mcp import Client

from pvesim.config import SimConfig
from tests.support.lifecycle_check import unexplained_changes
from tests.support.redis_server import RedisServer
from tests.support.stack import HostedClient, Stack, start_stack


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
    if running.redis is not None:  # every job these changes made moved only as workers.lifecycle says
        assert unexplained_changes(running.redis.url) == []


@pytest.fixture(scope="module")
async def changes(changes_stack: Stack) -> AsyncIterator[Client]:
    """The MCP client for `changes_stack` (a client without elicitation: confirmation by confirmed=true)."""
    async with HostedClient(changes_stack.client()) as client:
        yield client
