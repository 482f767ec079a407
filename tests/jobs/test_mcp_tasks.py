"""MCP task hashes (shared.jobs.mcp_task_store), on a real redis-server and on the embedded in-memory server alike."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from redis.asyncio.client import Pipeline

from shared.jobs import keys
from shared.jobs.client import JobClient
from shared.jobs.mcp_task_store import McpTask, McpTaskStore
from shared.jobs.store import JobStore
from shared.operations.snapshots import CREATE_SNAPSHOT, CreateSnapshotParams
from shared.redact import Redactor
from tests.support.signing import SIGNER


def _waiting_task(jobs: JobClient) -> McpTask:
    """A task whose change waits for the user's yes: its job prepared, held in the task."""
    job = jobs.prepare(CREATE_SNAPSHOT, CreateSnapshotParams(vmid=100, name="s1", confirmed=True))
    return McpTask(
        task_id=job.record.job_id,
        owner="caller",
        tool="create_snapshot",
        questions={"confirm": {"method": "elicitation/create"}},
        pending={"record": job.record.model_dump(mode="json"), "payload": job.payload, "read": job.read},
    )


async def test_a_task_reads_back_equal_and_expires_with_the_job_store(store: JobStore) -> None:
    tasks = McpTaskStore(store.redis, ttl_seconds=store.ttl_seconds)
    task = _waiting_task(JobClient(store, redactor=Redactor(), signer=SIGNER))
    await tasks.create(task)
    assert await tasks.get(task.task_id) == task
    assert 0 < await store.redis.ttl(keys.mcp_task(task.task_id)) <= store.ttl_seconds
    assert await tasks.get("f" * 32) is None


async def test_answers_arriving_together_settle_a_waiting_task_once(store: JobStore) -> None:
    tasks = McpTaskStore(store.redis, ttl_seconds=store.ttl_seconds)
    task = _waiting_task(JobClient(store, redactor=Redactor(), signer=SIGNER))
    await tasks.create(task)

    def queue_it(current: McpTask) -> Callable[[Pipeline], object]:
        def commands(pipe: Pipeline) -> None:
            tasks.add_release(pipe, current.task_id)
            pipe.zadd(keys.queue_for(keys.DEFAULT_CLUSTER, False), {current.task_id: 1})

        return commands

    settled = await asyncio.gather(*(tasks.settle(task.task_id, queue_it) for _ in range(5)))
    assert settled.count(True) == 1
    assert await store.redis.zcard(keys.queue_for(keys.DEFAULT_CLUSTER, False)) == 1
    after = await tasks.get(task.task_id)
    assert after is not None
    assert (after.pending, after.questions) == (None, None)
    assert await tasks.settle(task.task_id, queue_it) is False
