"""Embedded mode (REDIS_URL unset): the in-memory Redis and an arq worker in this process.

Only this module loads worker code (the worker, its handlers, the PVE client, asyncssh and
fakeredis), and the frontend imports it only when it runs embedded: tests/test_import_boundary.py
checks that a frontend with REDIS_URL set never loads any of it.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from shared.errors import InternalError, ProxmoxMcpError
from shared.jobs.connection import FRONTEND_RETRIES, RedisConnections, connect_redis
from shared.settings import Settings
from workers.worker import QueueWorker, build_worker

__all__ = ["connections", "worker"]


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
