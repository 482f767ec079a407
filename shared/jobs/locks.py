"""A guest's write lock in Redis: one job at a time changes a guest.

PVE has its own guest locks, but a second change that runs into them fails ("VM is locked",
"can't lock file"); serializing our own jobs first keeps them from colliding at all. The lock
holds the job ID as its token, so the same job taking it again (a rerun after its worker died,
or the next slice of following a task) gets it back. It expires on its own if nobody releases
it. WATCH/MULTI instead of a Lua script for the release: the embedded in-memory store has no Lua.
"""

from __future__ import annotations

from redis.asyncio import Redis
from redis.exceptions import WatchError

from shared.jobs import keys

__all__ = ["acquire_guest_lock", "release_guest_lock"]


async def acquire_guest_lock(redis: Redis, cluster: str, vmid: int, job_id: str, ttl_seconds: float) -> str | None:
    """Take or renew the lock; None when taken, else the ID of the job that holds it.

    One round trip takes a free lock (SET NX and a GET of the holder, in one transaction); a
    second renews one the job holds already (PEXPIRE: while this job runs, nobody else changes
    its lock: another job takes it over only once this one has ended).
    """
    key = keys.guest_lock(cluster, vmid)
    ttl_ms = int(ttl_seconds * 1000)
    while True:
        async with redis.pipeline(transaction=True) as pipe:
            pipe.set(key, job_id, px=ttl_ms, nx=True)
            pipe.get(key)
            taken, holder = await pipe.execute()
        if taken:
            return None
        if holder is None:
            continue  # released between the two: try again
        if holder != job_id:
            return str(holder)
        if await redis.pexpire(key, ttl_ms):
            return None


async def release_guest_lock(redis: Redis, cluster: str, vmid: int, job_id: str) -> None:
    """Release the lock if this job still holds it."""
    key = keys.guest_lock(cluster, vmid)
    async with redis.pipeline(transaction=True) as pipe:
        try:
            await pipe.watch(key)
            if await pipe.get(key) == job_id:
                pipe.multi()  # type: ignore[no-untyped-call]  # redis-py leaves multi() unannotated
                pipe.delete(key)
                await pipe.execute()
        except WatchError:
            pass  # someone else's now (ours expired): not ours to release
