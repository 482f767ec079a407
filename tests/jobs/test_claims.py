"""Claims on a real redis-server and on the embedded store: fenced writes, and a job whose task ended taken first."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from arq.utils import timestamp_ms
from redis.asyncio.client import Pipeline
from redis.exceptions import ResponseError

from shared.jobs import keys
from shared.jobs.claims import ClaimLost, fenced, renew, requeue, take
from shared.jobs.store import JobStore
from workers.worker import _candidates


def _tokens() -> Callable[[], str]:
    counter = iter(range(1, 10_000))
    return lambda: f"w:{next(counter)}"


async def test_a_job_whose_task_ended_is_taken_before_every_job_not_started_yet(store: JobStore) -> None:
    redis = store.redis
    now = timestamp_ms()
    waiting = {f"{n:032x}": now - 60_000 + n for n in range(50)}  # enqueued a minute ago, not started
    ended = "e" * 32
    await redis.zadd(keys.queue_for(keys.DEFAULT_CLUSTER, False), {**waiting, ended: now})
    [taken] = await take(redis, keys.queue_for(keys.DEFAULT_CLUSTER, False), [ended], _tokens())
    claim = taken.claim
    await fenced(redis, claim, lambda pipe: requeue(pipe, claim, ahead=True))  # the watcher saw its task end

    scored = await redis.zrangebyscore(
        keys.queue_for(keys.DEFAULT_CLUSTER, False), "-inf", timestamp_ms(), start=0, num=8, withscores=True
    )
    assert scored[0][0] == ended
    for _ in range(20):  # a worker with one free slot tries it, whichever the random few are
        assert _candidates(scored, 1, timestamp_ms()) == [ended]
    assert set(_candidates(scored, 3, timestamp_ms())) - {ended} <= set(waiting)


async def test_a_fenced_write_lands_whole_while_the_claim_holds_and_not_at_all_once_it_is_lost(store: JobStore) -> None:
    redis = store.redis
    queue = keys.queue_for(keys.DEFAULT_CLUSTER, False)
    job_id = "f" * 32
    await redis.zadd(queue, {job_id: timestamp_ms() - 1})
    [taken] = await take(redis, queue, [job_id], _tokens())
    claim = taken.claim
    mine, other = keys.guest_lock(keys.DEFAULT_CLUSTER, 100), keys.guest_lock(keys.DEFAULT_CLUSTER, 101)
    await redis.set(mine, job_id)
    await redis.set(other, "another job")

    def write(pipe: Pipeline) -> None:
        pipe.hset("pmcp:test", mapping={"a": "1", "b": "two"})
        pipe.hget("pmcp:test", "missing")
        pipe.rpush("pmcp:test:log", "x", "y")

    # the answers come back in order, a missing field as None, and the job's own lock goes with the write
    assert await fenced(redis, claim, write, locks=[mine, other]) == [2, None, 2]
    assert await redis.hgetall("pmcp:test") == {"a": "1", "b": "two"}
    assert await redis.get(mine) is None
    assert await redis.get(other) == "another job"

    # a command that fails is raised, the others of the write having run (as MULTI/EXEC runs them)
    def half_wrong(pipe: Pipeline) -> None:
        pipe.incr("pmcp:test")  # a hash
        pipe.rpush("pmcp:test:log", "z")

    with pytest.raises(ResponseError, match="WRONGTYPE"):
        await fenced(redis, claim, half_wrong)
    assert await redis.llen("pmcp:test:log") == 3

    # Redis lost its scripts (a restart, a failover): the write still goes through
    await redis.script_flush()
    assert await fenced(redis, claim, lambda pipe: pipe.rpush("pmcp:test:log", "after a flush")) == [4]

    # another worker holds the job now: nothing of the write lands
    await redis.set(claim.key, "another worker's token")
    with pytest.raises(ClaimLost):
        await fenced(redis, claim, lambda pipe: pipe.rpush("pmcp:test:log", "late"), locks=[other])
    assert await redis.llen("pmcp:test:log") == 4
    assert await redis.get(other) == "another job"


async def test_a_renewal_extends_the_claims_still_held_and_never_re_holds_a_released_job(store: JobStore) -> None:
    redis = store.redis
    queue = keys.queue_for(keys.DEFAULT_CLUSTER, True)
    held_id, released_id, taken_over_id = "a" * 32, "b" * 32, "c" * 32
    await redis.zadd(queue, dict.fromkeys((held_id, released_id, taken_over_id), timestamp_ms() - 1))
    won = await take(redis, queue, [held_id, released_id, taken_over_id], _tokens())
    taken = {t.claim.job_id: t.claim for t in won}
    assert len(taken) == 3
    await redis.pexpire(taken[held_id].key, 1000)  # its claim about to lapse
    released = taken[released_id]
    await fenced(redis, released, lambda pipe: requeue(pipe, released))  # due again now, its claim deleted
    await redis.set(taken[taken_over_id].key, "another worker's token")

    before = timestamp_ms()
    lost = await renew(redis, taken.values())

    assert {claim.job_id for claim in lost} == {released_id, taken_over_id}
    assert await redis.pttl(taken[held_id].key) > 5000  # extended to a whole TTL again
    assert await redis.zscore(queue, held_id) >= before + 5000  # and its job still passed by the others' polls
    assert await redis.zscore(queue, released_id) <= timestamp_ms()  # still due: not pushed a TTL ahead
    assert await redis.get(taken[taken_over_id].key) == "another worker's token"
