"""A compose deployment as local processes: Redis and worker replicas from docker-compose.yml."""

from __future__ import annotations

import asyncio
import re
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

from shared.jobs import keys
from shared.jobs.client import JobClient
from shared.jobs.connection import RedisConnections
from shared.jobs.store import JobStore
from shared.redact import Redactor
from tests.support.compose import Compose, Service
from tests.support.compose_processes import LocalRedis, Replica, start_replica
from tests.support.signing import SIGNER
from tests.support.waiting import eventually

__all__ = ["Deployment", "run", "seconds"]


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
        return JobClient(self.store, redactor=Redactor(), signer=SIGNER)

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
