"""End-to-end fixtures: a stack per test module, in both deployment modes.

"redis": a private redis-server, one `python -m workers` process, the stdio server.
"embedded": the stdio server alone (in-process store and worker), as the README's demo runs.
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

#: every simulator the end-to-end tests used; the session fails if any saw a request real PVE would reject
SIMULATORS: list[Simulator] = []


async def start_stack(mode: str, redis_proc: RedisServer, config: SimConfig | None = None) -> Stack:
    sim = Simulator(config or SimConfig(task_duration=0.2, lock_timeout=0.5))
    await sim.start()
    SIMULATORS.append(sim)
    log_dir = Path(tempfile.mkdtemp(prefix="pmcp-e2e-"))
    stack = Stack(sim=sim, redis=redis_proc if mode == "redis" else None, log_dir=log_dir)
    if mode == "redis":
        client = Redis.from_url(redis_proc.url, decode_responses=True)
        await client.flushdb()
        stack.start_worker("w1")
        await eventually(lambda: client.exists(keys.worker_health("w1")), timeout=20, what="worker w1 to start")
        await client.aclose()
    return stack


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


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    violations = [v for sim in SIMULATORS for v in sim.violations]
    if violations:
        reporter = session.config.pluginmanager.get_plugin("terminalreporter")
        if reporter is not None:
            reporter.write_line(f"pvesim recorded {len(violations)} schema violation(s):", red=True)
            for violation in violations[:20]:
                reporter.write_line(f"  {violation}", red=True)
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
