"""A compose deployment as local processes: Redis and worker replicas from docker-compose.yml, pvesim in-process."""

from __future__ import annotations

import asyncio
import re
import secrets
import subprocess
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from pvesim.config import SimConfig
from pvesim.simulator import Simulator
from shared.jobs import keys
from shared.jobs.client import JobClient
from shared.jobs.connection import RedisConnections, connect_redis
from shared.jobs.store import JobStore
from shared.redact import Redactor
from shared.settings import load_settings
from tests.deploy.compose import Compose, Service
from tests.deploy.processes import LocalRedis, Replica, local_redis, start_replica
from tests.support.waiting import eventually

#: compose durations as the tests need them ("30s", "1m30s", "500ms")
_DURATION = re.compile(r"(\d+(?:\.\d+)?)(ms|h|m|s)")
_UNIT_SECONDS = {"h": 3600.0, "m": 60.0, "s": 1.0, "ms": 0.001}


def seconds(duration: str) -> float:
    parts = _DURATION.findall(duration)
    assert parts and "".join(n + u for n, u in parts) == duration, f"not a compose duration: {duration!r}"
    return sum(float(number) * _UNIT_SECONDS[unit] for number, unit in parts)


async def run(argv: list[str], env: dict[str, str], timeout: float) -> int:
    """Run a command to its end (as a healthcheck runs); its exit status."""
    process = await asyncio.create_subprocess_exec(
        *argv, env=env, stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.DEVNULL
    )
    try:
        return await asyncio.wait_for(process.wait(), timeout)
    except TimeoutError:
        process.kill()
        await process.wait()
        raise AssertionError(f"{argv} ran longer than {timeout}s") from None


@dataclass
class Deployment:
    """`docker compose up` of this checkout's compose file, each container a local process."""

    compose: Compose
    redis: LocalRedis
    workdir: Path
    connections: RedisConnections
    replicas: list[Replica] = field(default_factory=list)

    @property
    def worker(self) -> Service:
        return self.compose.service("worker")

    @property
    def addresses(self) -> dict[str, str]:
        """Service addresses of the compose network, mapped to the local processes."""
        return {"redis:6379": self.redis.address}

    @property
    def store(self) -> JobStore:
        return JobStore(self.connections.store, ttl_seconds=3600)

    @property
    def queue(self) -> JobClient:
        """The producer the MCP server uses."""
        return JobClient(self.store, redactor=Redactor())

    async def scale(self, replicas: int) -> list[Replica]:
        """`--scale worker=N`: start N replicas of the worker service and wait until each is alive."""
        started = [
            start_replica(self.worker, self.addresses, self.workdir, len(self.replicas) + i) for i in range(replicas)
        ]
        self.replicas.extend(started)
        for replica in started:

            async def alive(replica: Replica = replica) -> bool:
                assert replica.process.poll() is None, f"replica exited:\n{replica.log()}"
                return bool(await self.connections.store.exists(keys.worker_health(replica.name)))

            await eventually(alive, timeout=30, what=f"replica {replica.name} to report healthy")
        return started

    def stop(self) -> None:
        for replica in self.replicas:
            replica.terminate()
        for replica in self.replicas:
            try:
                replica.wait(timeout=30)
            except subprocess.TimeoutExpired:
                replica.kill()


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
