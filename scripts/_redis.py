"""What both admin scripts read of Redis: where it is, without credentials, and which workers are alive.

A worker is alive while its health key exists: arq rewrites it every HEALTH_CHECK_SECONDS with a
TTL just longer than that, so the key of a worker that stopped or died expires on its own.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from redis.asyncio import Redis

from shared.jobs import keys

__all__ = ["health_keys", "redis_location", "worker_name"]

_HEALTH_PREFIX, _HEALTH_SUFFIX = keys.worker_health("\x00").split("\x00")


def redis_location(url: str) -> str:
    """host:port/db of a Redis URL, without its credentials."""
    parts = urlsplit(url)
    database = parts.path.strip("/") or "0"
    return f"{parts.hostname or 'localhost'}:{parts.port or 6379}/{database}"


async def health_keys(redis: Redis) -> list[str]:
    """The health key of every live worker."""
    return [key async for key in redis.scan_iter(match=keys.worker_health("*"), count=200)]


def worker_name(health_key: str) -> str:
    """The worker a health key belongs to (pmcp:worker:<name>:health)."""
    return health_key.removeprefix(_HEALTH_PREFIX).removesuffix(_HEALTH_SUFFIX)
