"""Two pvesim clusters, `a` and `b`, behind one server through a PROXMOX_CLUSTERS file.

Both have a VM 100, named web-a and web-b, so a call that lands on the wrong cluster shows.
In redis mode one worker process serves each cluster (PROXMOX_MCP_WORKER_CLUSTERS: `wa`, `wb`);
embedded, the server process serves both. tests/e2e/test_clusters.py (stdio) and
tests/e2e/test_http_auth.py (HTTP, a `cluster:a` token) run on it.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path

from redis.asyncio import Redis

from pvesim.config import SimConfig
from pvesim.simulator import Simulator
from shared.jobs import keys
from tests.support.redis_server import RedisServer
from tests.support.stack import Stack
from tests.support.waiting import eventually

__all__ = ["ClustersStack", "healthy", "two_clusters"]

#: the single-cluster settings a clusters stack leaves out: the file holds them
_SINGLE = ("PROXMOX_URL", "PROXMOX_TOKEN_NAME", "PROXMOX_TOKEN_VALUE", "PROXMOX_CA_BUNDLE")


@dataclass
class ClustersStack(Stack):
    """A stack whose server and workers reach two simulators through a PROXMOX_CLUSTERS file."""

    other: Simulator | None = None
    clusters_file: Path = field(default_factory=Path)

    def env(self, **overrides: str) -> dict[str, str]:
        assert self.other is not None
        base = {k: v for k, v in super().env().items() if k not in _SINGLE}
        return {
            **base,
            "PROXMOX_CLUSTERS": str(self.clusters_file),
            "PVE_B_TOKEN": self.other.token_secret,
            **overrides,
        }

    def sims(self) -> dict[str, Simulator]:
        assert self.other is not None
        return {"a": self.sim, "b": self.other}


def _write_clusters(directory: Path, a: Simulator, b: Simulator) -> Path:
    """The clusters file: a's secret in a file of its own, b's in an environment variable."""
    (directory / "a.token").write_text(a.token_secret + "\n")
    path = directory / "clusters.toml"
    path.write_text(
        f"""default = "a"

[clusters.a]
url = "{a.url}"
token_name = "{a.token_name}"
token_value_file = "{directory / "a.token"}"
ca_bundle = "{a.ca_path}"

[clusters.b]
url = "{b.url}"
token_name = "{b.token_name}"
token_value_env = "PVE_B_TOKEN"
ca_bundle = "{b.ca_path}"
"""
    )
    return path


async def _flush(server: RedisServer) -> None:
    client = Redis.from_url(server.url)
    try:
        await client.flushdb()
    finally:
        await client.aclose()


async def healthy(stack: Stack, *workers: str) -> None:
    """Wait until each named worker has written its health key."""
    assert stack.redis is not None
    client = Redis.from_url(stack.redis.url, decode_responses=True)
    try:
        for name in workers:
            await eventually(lambda n=name: client.exists(keys.worker_health(n)), timeout=30, what=f"worker {name}")
    finally:
        await client.aclose()


@asynccontextmanager
async def two_clusters(mode: str, redis_proc: RedisServer, directory: Path) -> AsyncIterator[ClustersStack]:
    """The two simulators started and, in redis mode ("redis"; else embedded), a flushed Redis and a worker each."""
    config = SimConfig(task_duration=1.0, lock_timeout=5.0)
    a, b = Simulator(config), Simulator(config)
    await a.start()
    await b.start()
    a.state.guests[100].config["name"] = "web-a"
    b.state.guests[100].config["name"] = "web-b"
    stack = ClustersStack(
        sim=a,
        redis=redis_proc if mode == "redis" else None,
        log_dir=directory,
        extra_env={"PROXMOX_MCP_WORKER_POLL": "0.2", "PROXMOX_MCP_LOCK_WAIT": "60"},
        other=b,
        clusters_file=_write_clusters(directory, a, b),
    )
    try:
        if stack.redis is not None:
            await _flush(stack.redis)
            for cluster in ("a", "b"):
                stack.start_worker(f"w{cluster}", PROXMOX_MCP_WORKER_CLUSTERS=cluster)
            await healthy(stack, "wa", "wb")
        yield stack
    finally:
        stack.stop()
        await a.stop()
        await b.stop()
