"""The frontend's resources for the server's lifetime, and the one path every tool call takes.

A tool validates its input, then the FrontendApp runs the job through the job client
(shared.jobs.client): a read to its end, a change up to its wait, reported. Embedded, a read
runs in this process instead, unqueued (mcp_frontend.embedded).

The resources start in the background, so the server answers initialize and tools/list at
once: Redis is loaded and connected (and, embedded, the in-process worker started) in a
thread and then on the loop, once the handshake is over; a tool call waits for `ready()`.
With REDIS_URL set the frontend only talks to Redis: it imports no worker code, no PVE
client, no SSH and no in-memory Redis. Embedded (REDIS_URL unset), mcp_frontend.embedded,
loaded only then, runs a worker in this process on the in-memory store.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import uuid
from collections.abc import AsyncIterator
from contextlib import AsyncExitStack, asynccontextmanager
from types import ModuleType
from typing import TYPE_CHECKING, Any, TypeVar

import structlog
from mcp.server.mcpserver import Context
from pydantic import SecretStr

from mcp_frontend.callers import current_caller
from mcp_frontend.clusters import current_cluster
from mcp_frontend.task_calls import TaskCall, current_task_call
from shared.caller import Caller, GuestFacts
from shared.clusters import Clusters, load_clusters
from shared.errors import InternalError, ProxmoxMcpError
from shared.operations.base import Params, Result
from shared.operations.changes import ChangeReport
from shared.settings import Settings

if TYPE_CHECKING:
    from mcp_frontend.embedded import InlineReads
    from shared.jobs.client import JobClient
    from shared.jobs.mcp_task_store import McpTaskStore
    from shared.jobs.record import JobRecord
    from shared.jobs.store import JobStore
    from shared.operations.operation import Operation

__all__ = ["LOAD_AFTER_SECONDS", "FrontendApp", "app_of", "change_report", "frontend_app", "with_log_tail"]

log = structlog.get_logger("mcp_frontend.app")

R = TypeVar("R", bound=Result)

#: the resources load this long after the server starts at the latest, listed or called or not
LOAD_AFTER_SECONDS = 1.0


class FrontendApp:
    """What tools use: the settings, and once `ready()`, the job store, the job client and the MCP tasks."""

    store: JobStore
    jobs: JobClient
    tasks: McpTaskStore

    def __init__(
        self, settings: Settings, clusters: Clusters | None = None, *, begin: asyncio.Event | None = None
    ) -> None:
        self.settings = settings
        #: the clusters it reaches (shared.clusters); a call's is `current_cluster`
        self.clusters = clusters if clusters is not None else load_clusters(settings)
        #: this server process, among the frontends sharing a Redis (whose tasks are whose)
        self.instance = uuid.uuid4().hex
        self._started: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        #: set when the resources may load: once a client was listed the tools, or a call needs them
        self.begin = begin if begin is not None else asyncio.Event()
        #: embedded, the reads its own worker runs in this process (None: reads are queued)
        self.inline: InlineReads | None = None

    async def ready(self) -> None:
        """Wait until the store is connected (and the embedded worker runs); raise why not, if it failed."""
        self.begin.set()  # a call needs them now, whether or not its client listed the tools first
        await asyncio.shield(self._started)

    def cluster_jobs(self) -> JobClient:
        """The job client for the current call's cluster (mcp_frontend.clusters)."""
        return self.jobs.on(current_cluster.get())

    async def read(
        self, op: Operation[Any, R], params: Params, *, cluster: str | None = None, seconds: float | None = None
    ) -> R:
        """Run a read for the current caller to its end and return its result; its error, if it failed.

        On the current call's cluster unless `cluster` is given; waited for up to `seconds`
        (PROXMOX_MCP_READ_TIMEOUT by default). Embedded, the read runs here (mcp_frontend.embedded).
        """
        caller = _in_scope(params)
        cluster = cluster or current_cluster.get()
        seconds = self.settings.read_timeout_seconds if seconds is None else seconds
        if self.inline is not None:
            return await self.inline.read(op, params, cluster=cluster, seconds=seconds, caller=caller)
        return await self.jobs.on(cluster).read(op, params, seconds=seconds, caller=caller)

    async def change(
        self,
        ctx: Context[Any, Any],
        op: Operation[Any, Any],
        params: Params,
        result: type[R],
        wait_seconds: float | None,
    ) -> ChangeReport[R]:
        """Run a change: wait for it (forwarding progress) up to `wait_seconds`, then report where it stands.

        A call to be answered with an MCP task (mcp_frontend.task_calls) is not waited for: the
        job is submitted with its task (or, when the user's yes is still to come, only the task
        is written, holding the job), and the report is the job as it was submitted.
        """
        caller = _in_scope(params)
        if (call := current_task_call()) is not None:
            return change_report(await self._start_task(call, op, params, caller), result)
        seconds = self.settings.wait_seconds if wait_seconds is None else wait_seconds

        sent: list[float] = []

        async def progress(percent: float, message: str | None) -> None:
            # MCP progress must increase; a task of several copies (a migration's disks, then its
            # RAM) starts each at 0% again, and those lines are the job's progress_message only
            if sent and percent <= sent[-1]:
                return
            sent.append(percent)
            await ctx.report_progress(percent, 100, message)

        record = await self.cluster_jobs().run(op, params, seconds=seconds, on_progress=progress, caller=caller)
        if record.error is not None and not record.took_effect:  # partial: reported, not raised
            raise with_log_tail(record.error)
        return change_report(record, result)

    async def _start_task(self, call: TaskCall, op: Operation[Any, Any], params: Params, caller: Caller) -> JobRecord:
        """Write the MCP task of a change, with its job queued (or, waiting for the user's yes, held in the task)."""
        from shared.jobs.mcp_task_store import McpTask  # noqa: PLC0415  # loaded with the store (see the module doc)

        job = self.cluster_jobs().prepare(op, params, caller=caller)
        task = McpTask(task_id=job.record.job_id, owner=call.owner, tool=op.name, created_at=job.record.created_at)
        if not call.questions:
            await self.jobs.enqueue(job, also=lambda pipe: self.tasks.add_create(pipe, task))
        else:
            task.questions = call.questions
            task.pending = {"record": job.record.model_dump(mode="json"), "payload": job.payload, "read": job.read}
            await self.tasks.create(task)
        log.info("mcp_task_started", task_id=task.task_id, operation=op.name, asks=bool(call.questions))
        call.task_id = task.task_id
        return job.record


def _in_scope(params: Params) -> Caller:
    """The current caller, unless the guest the params name is outside its scopes already by its VMID and node."""
    caller = current_caller.get()
    vmid = getattr(params, "vmid", None)
    if isinstance(vmid, int) and caller.scope.may_rule_out(vmid, getattr(params, "node", None)):
        caller.refuse_guest(GuestFacts(vmid=vmid))
    return caller


def with_log_tail(error: ProxmoxMcpError) -> ProxmoxMcpError:
    """A failed task's error, its message ending with the last lines of the task log."""
    tail = error.details.get("log_tail") if error.details else None
    if tail:
        error.message = f"{error.message.rstrip('.')} (task log ends: {' | '.join(tail[-5:])})"
    return error


def change_report(record: JobRecord, result: type[R]) -> ChangeReport[R]:
    """The agent's view of a change's job: done with its result, or still going with how to follow it."""
    from shared.jobs.client import job_result  # noqa: PLC0415  # loaded with the store (see the module doc)

    started, ended = record.started_at, record.finished_at
    if record.terminal:
        message = record.message or f"{record.operation} {record.state.value}"
    else:
        message = (
            f"still {record.state.value}; the job goes on. Follow it with "
            f"get_task_status(job_id='{record.job_id}', wait_seconds=30) and get_task_log."
        )
    return ChangeReport[result](  # type: ignore[valid-type]  # a generic parametrized at run time
        **record.summary(),
        duration_seconds=round((ended - started).total_seconds(), 3) if started and ended else None,
        message=message,
        result=job_result(record, result) if record.result is not None else None,
    )


def app_of(ctx: Context[FrontendApp, Any]) -> FrontendApp:
    """The FrontendApp of the server handling this request."""
    return ctx.request_context.lifespan_context


def _load(embedded: bool) -> ModuleType:
    """The composition root (mcp_frontend.resources), with the embedded worker when embedded: run in a thread."""
    from mcp_frontend import resources  # noqa: PLC0415  # the frontend's one lazy boundary

    if embedded:
        from mcp_frontend import embedded as _  # noqa: PLC0415, F401  # loaded here, off the event loop
    return resources


async def _start(app: FrontendApp, stack: AsyncExitStack, log_formatter: logging.Formatter | None) -> None:
    """Start the resources (mcp_frontend.resources), loaded in a thread once the handshake is over.

    Loading them (embedded: the worker's code, some 0.4 s of imports) in a thread beside the
    handshake held the interpreter's lock from it, and slowed the answer to tools/list by as
    much as a fifth: they load once a client was listed the tools, when a call needs them, or
    after LOAD_AFTER_SECONDS, whichever comes first. An agent's first call comes later.
    """
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(app.begin.wait(), LOAD_AFTER_SECONDS)
    if app.settings.embedded and app.settings.job_key is None:  # the jobs never leave this process: a key of its own
        app.settings = app.settings.model_copy(update={"job_key": SecretStr(secrets.token_hex(32))})
    resources = await asyncio.to_thread(_load, app.settings.embedded)
    await resources.start(app, stack, log_formatter)


@asynccontextmanager
async def frontend_app(
    settings: Settings,
    *,
    log_formatter: logging.Formatter | None = None,
    clusters: Clusters | None = None,
    begin: asyncio.Event | None = None,
) -> AsyncIterator[FrontendApp]:
    """The app for the server's lifetime: its resources start in the background and stop when it ends.

    `begin`: set once a client was listed the tools (the server's), when the resources may load.
    """
    app = FrontendApp(settings, clusters, begin=begin)
    async with AsyncExitStack() as stack:  # closed in reverse: the worker, the log sink, then Redis
        starting = asyncio.create_task(_start(app, stack, log_formatter), name="frontend-start")

        def settle(task: asyncio.Task[None]) -> None:
            if task.cancelled():
                app._started.cancel()
            elif (failure := task.exception()) is not None:
                log.error("frontend_start_failed", error=str(failure))
                why = (
                    failure
                    if isinstance(failure, ProxmoxMcpError)
                    else InternalError(f"the server did not start: {failure!r}")
                )
                app._started.set_exception(why)
            else:
                app._started.set_result(None)

        starting.add_done_callback(settle)
        try:
            yield app
        finally:
            starting.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await starting
