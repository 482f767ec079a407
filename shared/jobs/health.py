"""Which workers are alive: each has its own health key, which arq rewrites while the worker runs.

arq rewrites a worker's key every HEALTH_CHECK_SECONDS with a TTL just longer than that, so the
key of a worker that stopped or died expires on its own.
"""

from __future__ import annotations

from redis.asyncio import Redis

from shared.jobs import keys

__all__ = ["health_keys", "serves", "worker_name"]

_HEALTH_PREFIX, _HEALTH_SUFFIX = keys.worker_health("\x00").split("\x00")


async def health_keys(redis: Redis, names: str = "*") -> list[str]:
    """The health keys of the live workers whose names match the glob `names` (all of them by default)."""
    return [_text(key) async for key in redis.scan_iter(match=keys.worker_health(names), count=200)]


def serves(health_line: str, cluster: str) -> bool:
    """Whether the worker of this health line serves the cluster (its last field, `clusters=a,b`)."""
    _, found, listed = health_line.rpartition(" clusters=")
    return bool(found) and cluster in listed.split(",")


def worker_name(health_key: str) -> str:
    """The worker a health key belongs to (pmcp:worker:<name>:health)."""
    return health_key.removeprefix(_HEALTH_PREFIX).removesuffix(_HEALTH_SUFFIX)


def _text(key: str | bytes) -> str:  # a client without decode_responses answers bytes
    return key.decode() if isinstance(key, bytes) else key
