"""A guest's write lock in Redis: one job at a time changes a guest.

PVE has its own guest locks, but a second change that runs into them fails ("VM is locked",
"can't lock file"); serializing our own jobs first keeps them from colliding at all. The lock
holds the job ID as its token, so the same job taking it again (a rerun after its worker died,
or the next slice of following a task) gets it back. It expires on its own if nobody releases
it. WATCH/MULTI instead of a Lua script: the embedded in-memory store has no Lua.
"""

from __future__ import annotations

from redis.asyncio import Redis
from redis.exceptions import WatchError

from shared.jobs import keys

__all__ = ["acquire_guest_lock", "release_guest_lock"]


async def acquire_guest_lock(redis: Redis, vmid: int, job_id: str, ttl_seconds: float) -> str | None:
    """Take or renew the lock; None when taken, else the ID of the job that holds it."""
    key = keys.guest_lock(vmid)
    while True:
        async with redis.pipeline(transaction=True) as pipe:
            try:
                await pipe.watch(key)
                holder = await pipe.get(key)
                if holder is not None and holder != job_id:
                    return str(holder)
                pipe.multi()  # type: ignore[no-untyped-call]  # redis-py leaves multi() unannotated
                pipe.set(key, job_id, px=int(ttl_seconds * 1000))
                await pipe.execute()
            except WatchError:
                continue  # changed between our read and write: look again
            return None


async def release_guest_lock(redis: Redis, vmid: int, job_id: str) -> None:
    """Release the lock if this job still holds it."""
    key = keys.guest_lock(vmid)
    async with redis.pipeline(transaction=True) as pipe:
        try:
            await pipe.watch(key)
            if await pipe.get(key) == job_id:
                pipe.multi()  # type: ignore[no-untyped-call]  # redis-py leaves multi() unannotated
                pipe.delete(key)
                await pipe.execute()
        except WatchError:
            pass  # someone else's now (ours expired): not ours to release
