"""Writes that must survive a failover: confirmed on the replicas (Redis WAIT) before the product answers.

With Redis replicated (Sentinel), a write on the primary reaches the replicas a moment later; a
primary that dies in that moment takes the write with it, and the replica promoted in its place
never had it. Three writes are answered for: the job a client was given (record and queue entry),
a task's UPID (from then on the job only follows, never dispatches), and a job's end. Each is
confirmed on `replicas` replicas, for `wait_seconds` at most, before the product goes on.

WAIT counts the writes of the connection it is sent on, and a pool may hand the next command
another connection. So the confirmation bumps a counter and sends WAIT on one connection, in one
round trip: replication is one ordered stream, so that counter reaching the replicas means every
write before it did, the transaction to confirm included.
"""

from __future__ import annotations

from dataclasses import dataclass

import structlog
from redis.asyncio import Redis

from shared.jobs import keys
from shared.settings import Settings

__all__ = ["Replication", "replication_for"]

log = structlog.get_logger("shared.jobs.replication")


@dataclass(frozen=True)
class Replication:
    """How many replicas a durable write waits for, and for how long at most."""

    replicas: int
    wait_seconds: float

    async def confirm(self, redis: Redis, what: str) -> int:
        """Wait until the writes made so far are on `replicas` replicas (or the wait is over); how many are."""
        async with redis.pipeline(transaction=False) as pipe:
            pipe.incr(keys.REPLICATED)
            pipe.wait(self.replicas, int(self.wait_seconds * 1000))
            _, acknowledged = await pipe.execute()
        if int(acknowledged) < self.replicas:
            # bounded on purpose: a replica down must not stop the product; a failover now may lose this write
            log.warning("redis_write_not_replicated", what=what, replicas=int(acknowledged), wanted=self.replicas)
        return int(acknowledged)


def replication_for(settings: Settings) -> Replication | None:
    """What these settings ask of durable writes (PROXMOX_MCP_REDIS_REPLICAS); None: nothing to wait for."""
    if not settings.replicas:
        return None
    return Replication(settings.replicas, settings.redis_replica_wait_seconds)
