"""Redis connections: the job store's client (text), which reads and writes the arq jobs too.

With REDIS_URL set it talks to that Redis with a retry policy: a worker's rides out a
Redis restart (about a minute); the MCP server's gives up within seconds, so a tool call
answers JOB_STORE_UNAVAILABLE instead of hanging. Unset, both share one in-memory fakeredis
server: the embedded mode, where the frontend also runs the worker, so the same code path
needs nothing installed. (arq's own client reads our jobs with a bytes client and shared.jobs.codec:
tests/workers/test_arq_view.py.)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from redis.asyncio import ConnectionPool, Redis
from redis.asyncio.retry import Retry
from redis.backoff import ExponentialWithJitterBackoff
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import RedisError
from redis.exceptions import TimeoutError as RedisTimeoutError

from shared.settings import Settings

if TYPE_CHECKING:  # fakeredis loads only where a worker runs embedded: a producer never needs it
    from fakeredis import FakeServer

__all__ = [
    "FRONTEND_RETRIES",
    "REDIS_ERRORS",
    "WORKER_RETRIES",
    "RedisConnections",
    "connect_redis",
    "connect_store",
    "redis_location",
]

#: per command: up to ~60 s of retries with jittered backoff (capped at 5 s), enough for a restart
WORKER_RETRIES = 16
#: per command: up to ~3 s (0.05 s doubling, jittered), what a tool call can afford to wait
FRONTEND_RETRIES = 6
#: what losing Redis raises: redis-py's errors, and the OS's (redis-py 5.3 lets a refused connect through
#: as a plain ConnectionRefusedError)
REDIS_ERRORS: tuple[type[Exception], ...] = (RedisError, OSError)


@dataclass
class RedisConnections:
    """The client a process needs; close with `aclose()`."""

    store: Redis
    embedded: bool

    async def aclose(self) -> None:
        # The client was built on a pool of ours, so closing the client alone would leave its pool open.
        await self.store.aclose(close_connection_pool=True)


def _options(retries: int) -> dict[str, Any]:
    return {
        "retry": Retry(ExponentialWithJitterBackoff(base=0.05, cap=5.0), retries),
        # OSError too: a restarting Redis refuses connections (ConnectionRefusedError), which redis-py
        # 5.3 neither retries nor wraps while it connects, and connecting happens when a command
        # checks a connection out of the pool, before that command's own retry begins
        "retry_on_error": [RedisConnectionError, RedisTimeoutError, OSError],
        "socket_connect_timeout": 5,
        "socket_keepalive": True,
        "health_check_interval": 30,
    }


def connect_store(settings: Settings, *, retries: int = WORKER_RETRIES) -> Redis:
    """The job store's client for REDIS_URL: all a producer of jobs needs (the frontend, the scripts)."""
    assert settings.redis_url is not None, "the embedded store lives in the process that runs its worker"
    pool = ConnectionPool.from_url(settings.redis_url.get_secret_value(), decode_responses=True, **_options(retries))
    return Redis(connection_pool=pool)


def connect_redis(
    settings: Settings, *, retries: int = WORKER_RETRIES, fake_server: FakeServer | None = None
) -> RedisConnections:
    """A client for REDIS_URL, or for an in-memory server when it is unset (pass one to share it)."""
    if settings.redis_url is None:
        from fakeredis import FakeServer  # noqa: PLC0415
        from fakeredis.aioredis import FakeAsyncRedisConnection  # noqa: PLC0415

        server = fake_server or FakeServer()
        pool = ConnectionPool(connection_class=FakeAsyncRedisConnection, server=server, decode_responses=True)
        return RedisConnections(store=Redis(connection_pool=pool), embedded=True)
    url = settings.redis_url.get_secret_value()
    pool = ConnectionPool.from_url(url, decode_responses=True, **_options(retries))
    return RedisConnections(store=Redis(connection_pool=pool), embedded=False)


def redis_location(url: str) -> str:
    """host:port/db of a Redis URL, without its credentials (for messages and logs)."""
    parts = urlsplit(url)
    database = parts.path.strip("/") or "0"
    return f"{parts.hostname or 'localhost'}:{parts.port or 6379}/{database}"
