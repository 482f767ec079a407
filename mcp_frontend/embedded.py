"""Embedded mode (REDIS_URL unset): the in-memory Redis and an arq worker in this process.

Reads do not go through the queue: `InlineReads` runs each read's handler in this process, as
the worker would (workers.lifecycle.answer_read), and returns its answer; changes are queued and
run by the worker as in every mode, recorded and exactly once.

Only this module loads worker code (the worker, its handlers, the PVE client, asyncssh and
fakeredis), and the frontend imports it only when it runs embedded: tests/test_import_boundary.py
checks that a frontend with REDIS_URL set never loads any of it.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any, TypeVar

from shared.caller import Caller
from shared.errors import InternalError, ProxmoxMcpError, WaitTimeout
from shared.jobs.connection import FRONTEND_RETRIES, RedisConnections, connect_redis
from shared.operations.base import Params, Result
from shared.operations.operation import Operation
from shared.settings import Settings
from workers.lifecycle import answer_read
from workers.worker import QueueWorker, build_worker

__all__ = ["InlineReads", "connections", "worker"]

R = TypeVar("R", bound=Result)


class InlineReads:
    """The embedded server's reads: each one's handler run in this process by its worker, unqueued."""

    def __init__(self, worker: QueueWorker) -> None:
        self._worker = worker

    async def read(self, op: Operation[Any, R], params: Params, *, cluster: str, seconds: float, caller: Caller) -> R:
        """Run a read on `cluster` for `caller` and return its result; its error, if it failed."""
        _, handler = self._worker.functions[op.name]
        try:
            async with asyncio.timeout(seconds):
                result = await answer_read(self._worker.apps[cluster], op, handler, params, caller=caller)
        except TimeoutError:
            raise WaitTimeout(f"{op.name} did not finish within {seconds:.0f}s", hint="Call the tool again.") from None
        assert isinstance(result, op.result)
        return result


def connections(settings: Settings) -> RedisConnections:
    """The in-memory store's clients, shared by the frontend and its worker."""
    return connect_redis(settings, retries=FRONTEND_RETRIES)


async def _started(worker: QueueWorker, task: asyncio.Task[None]) -> None:
    """Wait until the embedded worker takes jobs; if it fails to start, fail the server's start with its reason."""
    ready = asyncio.create_task(worker.ready.wait())
    await asyncio.wait({ready, task}, return_when=asyncio.FIRST_COMPLETED)
    if worker.ready.is_set():
        return
    ready.cancel()
    failure = task.exception()
    if isinstance(failure, ProxmoxMcpError):
        raise failure
    raise InternalError(f"the embedded worker did not start: {failure!r}")


@asynccontextmanager
async def worker(settings: Settings, shared: RedisConnections) -> AsyncIterator[QueueWorker]:
    """A worker in this process on the frontend's in-memory store, for as long as the server runs."""
    running = build_worker(settings, connections=shared, handle_signals=False)
    task = asyncio.create_task(running.async_run(), name="embedded-worker")
    try:
        await _started(running, task)
        yield running
    finally:
        await running.close()
        with contextlib.suppress(asyncio.CancelledError):
            await task
