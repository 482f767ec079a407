"""The admin scripts as an administrator runs them: separate processes, settings from the environment.

Each test gets its own simulator (some change a token's ACL); Redis is the session's private
redis-server, flushed per test by the `redis` fixture.
"""

from __future__ import annotations

import tempfile
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest
from redis.asyncio import Redis

from pvesim.config import SimConfig
from pvesim.simulator import Simulator
from tests.support.redis_server import RedisServer
from tests.support.stack import Stack


@pytest.fixture
def workdir() -> Iterator[Path]:
    """An empty working directory: no developer's .env is read."""
    with tempfile.TemporaryDirectory(prefix="pmcp-scripts-") as directory:
        yield Path(directory)


@pytest.fixture
async def sim() -> AsyncIterator[Simulator]:
    async with Simulator(SimConfig(task_duration=0.2, lock_timeout=0.5)) as running:
        yield running


@pytest.fixture
def stack(sim: Simulator, redis_proc: RedisServer, redis: Redis, workdir: Path) -> Iterator[Stack]:
    """pvesim and the session's (flushed) redis-server; tests start workers with `stack.start_worker`."""
    running = Stack(sim=sim, redis=redis_proc, log_dir=workdir, extra_env={"PROXMOX_MCP_WORKER_DRAIN": "0"})
    yield running
    running.stop()
