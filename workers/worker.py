"""The worker: arq's Worker with our job functions, codec, keys and a wake-up instead of a poll.

arq polls its queue every `poll_delay` (0.5 s by default, ~250 ms added to every job on
average). Our producer pushes a wake token per job (shared.jobs.queue); an idle worker
blocks on that list and polls the moment a token arrives, so a job starts within a Redis
round trip while an idle worker costs about four commands a second (a poll and a wait per
`poll_delay`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import signal
import socket
from typing import Any

import structlog
from arq.connections import RedisSettings
from arq.constants import in_progress_key_prefix
from arq.utils import timestamp_ms
from arq.worker import Worker

from shared.catalogue import CATALOGUE
from shared.jobs import codec, keys
from shared.jobs.connection import RedisConnections, connect_redis
from shared.jobs.store import JobStore
from shared.logs import RedisLogSink, configure_logging
from shared.pve.client import PveClient
from shared.pve.schema import load_schema
from shared.redact import Redactor
from shared.safety import Tier
from shared.settings import Settings, load_settings
from workers.app import WorkerApp
from workers.registry import handlers
from workers.runtime import READ_PICKUPS, job_function

__all__ = [
    "QueueWorker",
    "build_worker",
    "worker_functions",
    "worker_name",
    "worker_options",
    "worker_settings_class",
    "worker_settings_from_env",
]

log = structlog.get_logger("workers.worker")

#: a change follows its tasks in slices and waits for guest locks by rerunning; arq counts each as a try
CHANGE_MAX_TRIES = 100_000
#: a read is idempotent: a worker killed mid-read just leaves it for another one. One try more than
#: the pickups it may run, so the last one is ours: it records the job failed instead of arq
#: dropping it silently with our record left `running`
READ_MAX_TRIES = READ_PICKUPS + 1
#: how long arq keeps its own result key (our job record, with its own TTL, is the real record)
KEEP_RESULT_SECONDS = 3600
HEALTH_CHECK_SECONDS = 10


def worker_name(settings: Settings) -> str:
    """This worker's name: PROXMOX_MCP_WORKER_NAME, else host and PID (unique per replica)."""
    return settings.worker_name or f"{socket.gethostname()}-{os.getpid()}"


def worker_functions(settings: Settings) -> list[Any]:
    """One arq function per catalogue operation."""
    registered = handlers()
    return [
        job_function(
            op,
            registered[op],
            timeout=op.timeout_seconds(settings),
            max_tries=READ_MAX_TRIES if op.tier is Tier.SAFE else CHANGE_MAX_TRIES,
        )
        for op in CATALOGUE
    ]


class QueueWorker(Worker):
    """arq's Worker whose idle wait ends when a job is enqueued (see the module docstring)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._slot_freed = asyncio.Event()
        #: set once on_startup has run and the worker takes jobs (the embedded frontend waits for it)
        self.ready = asyncio.Event()

    def _release_sem_dec_counter_on_complete(self) -> None:
        super()._release_sem_dec_counter_on_complete()
        self._slot_freed.set()

    async def _wait_for_work(self) -> None:
        """Until a job may be waiting: a slot frees up (when full) or a wake token arrives (when not)."""
        if self.job_counter >= self.max_jobs:
            # full: a token would wake us to start nothing; the next chance is when a job ends
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._slot_freed.wait(), self.poll_delay_s)
            return
        await self.pool.blpop([keys.WAKE], timeout=self.poll_delay_s)  # type: ignore[arg-type,misc]  # Redis 6+ takes a fractional timeout; the stubs say int

    async def start_jobs(self, job_ids: list[bytes]) -> None:
        """arq's start_jobs, claiming a job in one round trip instead of four.

        arq WATCHes the in-progress key, reads it and the job's score, then writes it in a
        MULTI. `SET NX` claims the job atomically just the same; the score, read in the same
        pipeline, says whether the job is still queued and due. A claim on a job that turns
        out to be finished or deferred is released at once.
        """
        for raw_id in job_ids:
            await self.sem.acquire()
            if self.job_counter >= self.max_jobs:
                self.sem.release()
                return
            self.job_counter += 1
            job_id = raw_id.decode()
            in_progress = in_progress_key_prefix + job_id
            async with self.pool.pipeline(transaction=False) as pipe:
                pipe.set(in_progress, b"1", px=int(self.in_progress_timeout_s * 1000), nx=True)
                pipe.zscore(self.queue_name, job_id)
                claimed, score = await pipe.execute()
            if not claimed or not score or score > timestamp_ms():
                if claimed:
                    await self.pool.delete(in_progress)
                self.job_counter -= 1
                self.sem.release()
                continue
            task = self.loop.create_task(self.run_job(job_id, int(score)))
            task.add_done_callback(lambda _: self._release_sem_dec_counter_on_complete())
            self.tasks[job_id] = task

    async def close(self) -> None:
        # arq's close() with redis-py 5's aclose() (arq still calls the deprecated close())
        if not self._handle_signals:
            self.handle_sig(signal.SIGUSR1)
        if not self._pool:
            return
        await asyncio.gather(*self.tasks.values())
        await self.pool.delete(self.health_check_key)
        if self.on_shutdown:
            await self.on_shutdown(self.ctx)
        await self.pool.aclose(close_connection_pool=True)
        self._pool = None

    async def main(self) -> None:
        # arq's main() minus pool creation (we always pass our pool) and its INFO banner
        # (fakeredis, our embedded store, has no INFO); the poll loop waits on wake tokens.
        self.ctx["redis"] = self.pool
        if self.on_startup:
            await self.on_startup(self.ctx)
        log.info("worker_started", worker=self.ctx["app"].name, functions=len(self.functions))
        self.ready.set()
        while True:
            self._slot_freed.clear()  # before polling: a job ending from here on wakes the wait below
            await self._poll_iteration()
            if self.burst:
                if 0 <= self.max_burst_jobs <= self._jobs_started():
                    await asyncio.gather(*self.tasks.values())
                    return
                if await self.pool.zcard(self.queue_name) == 0:
                    await asyncio.gather(*self.tasks.values())
                    return
            await self._wait_for_work()


def _lifecycle(
    settings: Settings,
    conns: RedisConnections | None,
    log_formatter: logging.Formatter | None,
    *,
    owns_store: bool = False,
) -> dict[str, Any]:
    """on_startup/on_shutdown that create and close the worker's resources in arq's ctx.

    Without `conns` (arq's CLI) the worker connects and closes its own; `owns_store` says the
    store client of `conns` is the worker's to close (arq closes only its own pool).
    """
    name = worker_name(settings)
    sinks: list[RedisLogSink] = []
    owned: list[RedisConnections] = []

    async def on_startup(ctx: dict[str, Any]) -> None:
        if conns is None:
            owned.append(connect_redis(settings))
        shared = conns or owned[0]
        store = JobStore(shared.store, ttl_seconds=settings.job_ttl_seconds)
        ctx["app"] = WorkerApp(settings, PveClient.from_settings(settings), store, name)
        if log_formatter is not None and not shared.embedded:  # embedded: the frontend's sink already runs
            sinks.append(RedisLogSink(shared.store, formatter=log_formatter, maxlen=settings.log_stream_max))
            await sinks[0].start()
        # read now, not on the first 403 it explains: parsing it takes ~0.1 s, which would stall every job then
        await asyncio.to_thread(load_schema, "9.1")

    async def on_shutdown(ctx: dict[str, Any]) -> None:
        app: WorkerApp | None = ctx.get("app")
        if app is not None:
            await app.pve.aclose()
        for sink in sinks:
            await sink.aclose()
        for own in owned:
            await own.aclose()
        if owns_store and conns is not None:
            await conns.store.aclose(close_connection_pool=True)

    return {"on_startup": on_startup, "on_shutdown": on_shutdown, "health_check_key": keys.worker_health(name)}


def worker_options(settings: Settings) -> dict[str, Any]:
    """arq Worker arguments shared by our worker and by `arq workers.WorkerSettings`."""
    return {
        "functions": worker_functions(settings),
        "queue_name": keys.QUEUE_NAME,
        "max_jobs": settings.worker_max_jobs,
        "job_timeout": max(op.timeout_seconds(settings) for op in CATALOGUE),
        "keep_result": KEEP_RESULT_SECONDS,
        "poll_delay": settings.worker_poll_seconds,
        "max_tries": READ_MAX_TRIES,
        "health_check_interval": HEALTH_CHECK_SECONDS,
        "job_serializer": codec.dumps,
        "job_deserializer": codec.loads,
        # SIGTERM: stop taking jobs and let running ones finish (compose's stop_grace_period is longer)
        "job_completion_wait": settings.worker_drain_seconds,
    }


def build_worker(
    settings: Settings,
    *,
    connections: RedisConnections | None = None,
    log_formatter: logging.Formatter | None = None,
    burst: bool = False,
    handle_signals: bool = True,
) -> QueueWorker:
    """Our worker for these settings; pass `connections` to share a Redis (the embedded mode does)."""
    settings.require_pve()
    conns = connections or connect_redis(settings)
    options = worker_options(settings) | _lifecycle(settings, conns, log_formatter, owns_store=connections is None)
    if not handle_signals:
        options["job_completion_wait"] = 0
    return QueueWorker(redis_pool=conns.arq, burst=burst, handle_signals=handle_signals, **options)


def worker_settings_from_env() -> type:
    """`WorkerSettings` for arq's CLI: settings from the environment, logging configured."""
    settings = load_settings()
    formatter = configure_logging(settings, role="worker", redactor=Redactor(settings.secrets()))
    return worker_settings_class(settings, formatter)


def worker_settings_class(settings: Settings, log_formatter: logging.Formatter | None) -> type:
    """A plain arq settings class, for `arq workers.WorkerSettings` (arq's own Worker, polling)."""
    settings.require_pve()
    assert settings.redis_url is not None, "arq's CLI needs REDIS_URL"
    redis_settings = RedisSettings.from_dsn(settings.redis_url.get_secret_value())
    attributes = worker_options(settings) | _lifecycle(settings, None, log_formatter)
    return type("WorkerSettings", (), {"redis_settings": redis_settings, **attributes})
