"""A compose deployment as local processes: Redis and worker replicas from docker-compose.yml, pvesim in-process."""

from __future__ import annotations

import secrets
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from pvesim.config import SimConfig
from pvesim.simulator import Simulator
from shared.jobs.connection import connect_redis
from shared.settings import load_settings
from tests.support.compose import Compose
from tests.support.compose_processes import LocalRedis, local_redis
from tests.support.deployment import Deployment
from tests.support.signing import TEST_JOB_KEY


@pytest.fixture
async def sim() -> AsyncIterator[Simulator]:
    """The PVE API: a generated cluster big enough to give every job of a batch its own guest."""
    simulator = Simulator(SimConfig(guests=60, task_duration=0.2, lock_timeout=1.0))
    await simulator.start()
    yield simulator
    await simulator.stop()
    assert not simulator.violations, simulator.violations


@pytest.fixture
def redis_password() -> str:
    return secrets.token_hex(16)


@pytest.fixture
def env_file(sim: Simulator, redis_password: str) -> dict[str, str]:
    """What a user's .env holds for this deployment."""
    assert sim.ca_path is not None
    return {
        "REDIS_PASSWORD": redis_password,
        "PROXMOX_MCP_JOB_KEY": TEST_JOB_KEY,
        "PROXMOX_URL": sim.url,
        "PROXMOX_TOKEN_NAME": sim.token_name,
        "PROXMOX_TOKEN_VALUE": sim.token_secret,
        "PROXMOX_CA_BUNDLE": str(sim.ca_path),
        "PROXMOX_MCP_LOG_LEVEL": "DEBUG",
    }


@pytest.fixture
def compose_redis(env_file: dict[str, str], tmp_path: Path) -> Iterator[LocalRedis]:
    compose = Compose(env_file)
    data = tmp_path / "redis"
    data.mkdir()
    with local_redis(compose.service("redis"), env_file["REDIS_PASSWORD"], data) as server:
        yield server


@pytest.fixture
async def deployment(env_file: dict[str, str], compose_redis: LocalRedis, tmp_path: Path) -> AsyncIterator[Deployment]:
    connections = connect_redis(load_settings(redis_url=compose_redis.url))
    running = Deployment(Compose(env_file), compose_redis, tmp_path, connections)
    yield running
    running.stop()
    await connections.aclose()
