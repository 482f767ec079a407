"""Claims on a real redis-server and on the embedded store: a job whose task ended is taken first."""

from __future__ import annotations

from collections.abc import Callable

from arq.utils import timestamp_ms

from shared.jobs import keys
from shared.jobs.claims import fenced, requeue, take
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
