"""The frontend's composition root: the job store, its client, MCP tasks and the log sink, on Redis.

The one lazy boundary of the frontend: mcp_frontend.app imports this module in a thread while
the handshake goes on (see its module docstring), and everything the resources need comes in
with it as plain imports. Embedded (REDIS_URL unset), mcp_frontend.embedded, loaded with it
only then, runs a worker in this process on the in-memory store.
"""

from __future__ import annotations

import logging
from contextlib import AsyncExitStack
from typing import TYPE_CHECKING

import structlog

from shared.jobs.client import JobClient
from shared.jobs.connection import FRONTEND_RETRIES, connect_store
from shared.jobs.mcp_task_store import McpTaskStore
from shared.jobs.replication import replication_for
from shared.jobs.signing import signer_for
from shared.jobs.store import JobStore
from shared.logs import RedisLogSink
from shared.redact import Redactor

if TYPE_CHECKING:
    from mcp_frontend.app import FrontendApp

__all__ = ["start"]

log = structlog.get_logger("mcp_frontend.resources")


async def start(app: FrontendApp, stack: AsyncExitStack, log_formatter: logging.Formatter | None) -> None:
    """Connect the store, start the log sink and, embedded, the worker; each is closed by `stack`, in reverse."""
    settings = app.settings
    if settings.embedded:
        from mcp_frontend import embedded  # noqa: PLC0415  # imported with this module when embedded (app._load)

        connections = embedded.connections(settings)
        stack.push_async_callback(connections.aclose)
        redis = connections.store
    else:
        redis = connect_store(settings, retries=FRONTEND_RETRIES)
        stack.push_async_callback(redis.aclose, close_connection_pool=True)
    app.store = JobStore(redis, ttl_seconds=settings.job_ttl_seconds, replication=replication_for(settings))
    app.jobs = JobClient(app.store, redactor=Redactor(settings.secrets()), signer=signer_for(settings))
    app.tasks = McpTaskStore(redis, ttl_seconds=settings.job_ttl_seconds)
    if log_formatter is not None:
        sink = RedisLogSink(redis, formatter=log_formatter, maxlen=settings.log_stream_max)
        await sink.start()
        stack.push_async_callback(sink.aclose)
    if settings.embedded:
        app.inline = embedded.InlineReads(await stack.enter_async_context(embedded.worker(settings, connections)))
    log.info("frontend_started", embedded=settings.embedded)
