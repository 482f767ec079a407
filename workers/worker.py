"""The worker: our consumer loop over the queues, job slots, a heartbeat and the watcher.

Producers write arq's job format (shared.jobs.client); the consumer is ours, because what it
must guarantee is not arq's: a job is held through a claim of our own (shared.jobs.claims)
that the heartbeat renews every HEARTBEAT_SECONDS, so a killed worker's job is taken over
within CLAIM_TTL_SECONDS of its last renewal (not after a job timeout), and a worker that was
paused past its claim writes nothing more (fencing). A change whose PVE task runs holds no
slot: it awaits the task's end (`_follow`) while the watcher (workers.watcher) follows the
tasks of every job this worker holds, and when the task ends the job goes on where it waited,
under the claim it holds, in the next free slot, before any new work. Reads have their own
queue, are taken first, and keep a quarter of the slots that ended tasks do not take, so
neither following nor a burst of changes delays them.

A worker serves every cluster of PROXMOX_CLUSTERS, or those PROXMOX_MCP_WORKER_CLUSTERS names
(shared.clusters): it takes jobs only from their queues (one pair per cluster), so a job for a
cluster it does not serve is never its, and it holds a PVE client and a watcher per cluster.

An idle worker blocks on its clusters' `pmcp:cluster:<c>:wake` (a token per enqueued job) and polls the moment one
arrives; otherwise it polls every PROXMOX_MCP_WORKER_POLL. Redis failing never ends a worker:
it logs, waits and goes on; claims it lost meanwhile are found by the heartbeat and dropped.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import gc
import itertools
import logging
import os
import random
import secrets
import signal
import socket
import time
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import Any

import structlog
from arq.utils import timestamp_ms
from redis.asyncio.client import Pipeline

from shared import metrics
from shared.audit import AuditLog
from shared.catalogue import Operation
from shared.clusters import Cluster, load_clusters, pve_settings
from shared.jobs import keys
from shared.jobs.claims import (
    AHEAD_MS,
    HEARTBEAT_SECONDS,
    Claim,
    ClaimLost,
    Heartbeat,
    Taken,
    count_pickup,
    renew,
    requeue,
    take,
    woken_job,
)
from shared.jobs.connection import REDIS_ERRORS, RedisConnections, connect_redis
from shared.jobs.replication import replication_for
from shared.jobs.signing import signer_for
from shared.jobs.states import JobState
from shared.jobs.store import JobStore
from shared.logs import RedisLogSink
from shared.pve.client import PveClient
from shared.pve.schema import load_schema
from shared.pve.upid import Upid
from shared.settings import Settings
from workers.admission import mark_taken
from workers.app import WorkerApp
from workers.job import Handler, Retry
from workers.lifecycle import pick_up
from workers.registry import handlers
from workers.watcher import WATCHER_REQUESTS, Watched, Watcher

__all__ = ["HEALTH_TTL_SECONDS", "QueueWorker", "build_worker", "worker_functions", "worker_name"]

log = structlog.get_logger("workers.worker")

#: the health key outlives one heartbeat by a little: it exists while the worker is alive
HEALTH_TTL_SECONDS = 11
#: after a Redis failure the loop waits this long (doubling, to the cap) before it tries again
_REDIS_BACKOFF_SECONDS = 0.1
_REDIS_BACKOFF_CAP_SECONDS = 5.0
#: polls in a row made at once after a contended one (see _take_jobs), before waiting as usual
_REPOLLS = 3
#: due jobs read per free slot, of which the slots' worth are tried at random (see _take_jobs)
_CANDIDATES_PER_SLOT = 4
#: jobs whose task ended run in the slots but 1/_READ_SHARE of them, which stay free for reads
_READ_SHARE = 4


@dataclass(frozen=True)
class JobWaits:
    """How one held job waits out of its slot (job.Waits): for its PVE task's end, or for a while."""

    worker: QueueWorker
    claim: Claim
    store: JobStore
    cluster: str

    async def task_end(self, upid: Upid, *, log_base: int, since: float, have: int | None) -> dict[str, object] | None:
        return await self.worker._follow(
            self.claim, self.store, self.cluster, upid, log_base=log_base, since=since, have=have
        )

    async def pause(self, seconds: float) -> None:
        await self.worker._pause(self.claim.job_id, seconds)

    def copy_log_later(self) -> None:
        self.worker.watchers[self.cluster].logs.owe(self.claim.job_id)


def worker_name(settings: Settings) -> str:
    """This worker's name: PROXMOX_MCP_WORKER_NAME, else host and PID (unique per replica)."""
    return settings.worker_name or f"{socket.gethostname()}-{os.getpid()}"


def worker_functions() -> dict[str, tuple[Operation, Handler]]:
    """The operation and handler of each job function name: every registered handler's.

    These are the catalogue's (tests/test_registry.py checks each has its handler), plus any a
    test build registers for operations of its own (the MCP conformance fixtures).
    """
    return {op.name: (op, handler) for op, handler in handlers().items()}


def _candidates(scored: list[tuple[str, float]], free: int, now: int) -> list[str]:
    """The due jobs to try for `free` slots: those queued ahead (their task ended) first, then a random few.

    A random few of the first due jobs, not the first ones: workers polling at once mostly try
    different ones. Jobs queued ahead go first, so a task's end is recorded before new work starts.
    """
    ahead = [job_id for job_id, score in scored if score < now - AHEAD_MS / 2]
    rest = [job_id for job_id, score in scored if score >= now - AHEAD_MS / 2]
    first = random.sample(ahead, min(free, len(ahead)))
    return first + random.sample(rest, min(free - len(first), len(rest)))


@dataclass
class _Held:
    """A job this worker holds: its claim, and the asyncio task that runs it (in a slot or awaiting a PVE task)."""

    claim: Claim
    task: asyncio.Task[None]
    #: the job's writes, fenced by its claim: once one released the claim (`JobStore.released`), the
    #: claim is not renewed, and a heartbeat that finds it gone leaves the job be (its audit entry)
    store: JobStore
    #: its PVE task ended while it waited out of its slot: handed back, it goes ahead of new work
    task_ended: bool = False


class QueueWorker:
    """One worker process's loop; `async_run()` runs it, `close()` (or SIGTERM) stops it."""

    def __init__(
        self,
        settings: Settings,
        connections: RedisConnections,
        *,
        log_formatter: logging.Formatter | None = None,
        burst: bool = False,
        handle_signals: bool = True,
        owns_connections: bool = False,
        clusters: dict[str, Settings] | None = None,
    ) -> None:
        self.settings = settings
        #: the settings of each cluster it serves (shared.clusters), by name
        self.clusters = clusters if clusters is not None else {settings.proxmox_cluster_name: settings}
        #: its clusters' queues in the order it takes from them: every cluster's reads, then their changes
        self.queues = [keys.queue_for(c, True) for c in self.clusters] + [
            keys.queue_for(c, False) for c in self.clusters
        ]
        self._wakes = [keys.wake(c) for c in self.clusters]
        self.signer = signer_for(settings)
        self.name = worker_name(settings)
        self.connections = connections
        self.redis = connections.store
        self.store = JobStore(
            connections.store, ttl_seconds=settings.job_ttl_seconds, replication=replication_for(settings)
        )
        self.burst = burst
        self.functions = worker_functions()
        self.max_jobs = settings.worker_max_jobs
        #: SIGTERM: stop taking jobs and let running ones finish this long (compose's stop_grace_period is longer)
        self.drain_seconds = settings.worker_drain_seconds if handle_signals else 0
        self._handle_signals = handle_signals
        self._owns_connections = owns_connections
        self._log_formatter = log_formatter
        self._sinks: list[RedisLogSink] = []
        self._incarnation = secrets.token_hex(3)
        self._holds = itertools.count(1)
        #: every job this worker holds (the heartbeat renews their claims)
        self.held: dict[str, _Held] = {}
        #: the held jobs that run in a slot now (the others await their PVE task's end)
        self.slots: set[str] = set()
        #: jobs whose PVE task ended, waiting (in that order) for a slot to go on in
        self._slot_waits: deque[tuple[str, asyncio.Future[None]]] = deque()
        self._slot_freed = asyncio.Event()
        #: set on a stop once the jobs in slots had their drain time (`_drain_on_stop`)
        self._drain_over = asyncio.Event()
        self._stopping = asyncio.Event()
        self._finished = asyncio.Event()
        self.counts = {"complete": 0, "failed": 0, "retried": 0}
        #: set once the worker takes jobs (the embedded frontend waits for it)
        self.ready = asyncio.Event()
        self.apps: dict[str, WorkerApp] = {}
        self.watchers: dict[str, Watcher] = {}
        self.heartbeat = Heartbeat()

    def stop(self) -> None:
        """Stop taking jobs; running ones get PROXMOX_MCP_WORKER_DRAIN seconds to finish."""
        self._stopping.set()

    async def close(self) -> None:
        """Stop and wait until the loop has ended and everything is released."""
        self.stop()
        if self.ready.is_set() or self.apps:
            await self._finished.wait()

    def run(self) -> None:
        """Run until SIGTERM or SIGINT (the process's entry point)."""
        asyncio.run(self.async_run())

    async def async_run(self) -> None:
        try:
            await self._start()
            await self._main()
        finally:
            await self._shut_down()
            self._finished.set()

    async def _start(self) -> None:
        if self._handle_signals:
            loop = asyncio.get_running_loop()
            for signum in (signal.SIGTERM, signal.SIGINT):
                loop.add_signal_handler(signum, self.stop)
        limits = PveClient.limits_for(self.max_jobs + WATCHER_REQUESTS)
        audit = AuditLog(self.redis, self.settings.audit_file)
        for cluster, settings in self.clusters.items():
            pve = PveClient.from_settings(settings, limits=limits)
            store = self.store.on(cluster)
            self.apps[cluster] = WorkerApp(
                settings, pve, store, self.name, self.signer, audit, heartbeat=self.heartbeat, cluster=cluster
            )
            self.watchers[cluster] = Watcher(pve, store, settings, cluster=cluster)
        if self._log_formatter is not None and not self.connections.embedded:  # embedded: the frontend's sink runs
            sink = RedisLogSink(self.redis, formatter=self._log_formatter, maxlen=self.settings.log_stream_max)
            self._sinks.append(sink)
            await sink.start()
        # read now, not on the first 403 it explains: parsing it takes ~0.1 s, which would stall every job then
        await asyncio.to_thread(load_schema, "9.1")
        # what was loaded so far (modules, the API schema) lives as long as the process: out of the
        # collector's sight, so a full collection while a thousand tasks are followed does not
        # pause the loop for long (bench/bench_follow.py)
        gc.freeze()

    async def _main(self) -> None:
        background = [
            asyncio.create_task(self._heartbeat(), name="heartbeat"),
            asyncio.create_task(self._drain_on_stop(), name="drain on stop"),
        ]
        background += [asyncio.create_task(w.run(), name=f"watcher {c}") for c, w in self.watchers.items()]
        log.info("worker_started", worker=self.name, functions=len(self.functions), clusters=list(self.clusters))
        self.ready.set()
        backoff = _REDIS_BACKOFF_SECONDS
        repolls = 0
        woken: tuple[str, str] | None = None  # the job the last wake-up token named (its queue and ID)
        try:
            while not self._stopping.is_set():
                try:
                    self._slot_freed.clear()  # before polling: a job ending from here on wakes the wait below
                    contended = await self._take_jobs(woken)
                    woken = None
                    if self.burst and await self._drained():
                        return
                    if contended and repolls < _REPOLLS:
                        repolls += 1  # other workers took what this poll tried: due jobs may be left, look again now
                        continue
                    repolls = 0
                    woken = await self._wait_for_work()
                    backoff = _REDIS_BACKOFF_SECONDS
                except REDIS_ERRORS as exc:
                    log.warning("worker_redis_error", error=type(exc).__name__, retry_in_s=backoff)
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(self._stopping.wait(), backoff)
                    backoff = min(_REDIS_BACKOFF_CAP_SECONDS, backoff * 2)
        finally:
            await self._drain()
            for task in background:
                task.cancel()
            await asyncio.gather(*background, return_exceptions=True)

    async def _drained(self) -> bool:
        """Burst mode: nothing held, and nothing left in the queues."""
        if self.held:
            return False
        async with self.redis.pipeline(transaction=False) as pipe:
            for queue in self.queues:
                pipe.zcard(queue)
            sizes = await pipe.execute()
        return not any(sizes)

    async def _take_jobs(self, woken: tuple[str, str] | None = None) -> bool:
        """Claim due jobs for the free slots, reads first; True if slots stay free while others won jobs it tried.

        Those others took the jobs this poll tried, not necessarily every due one: more may be left, and
        the wake tokens that announced them are spent, so waiting for the next token could idle free
        slots for a whole poll interval (with four workers, a third of each round of reads).

        `woken`: the job a wake-up token named, claimed first, before the poll (which still runs,
        so the oldest due jobs are not passed over for the newest token's).
        """
        free = self.max_jobs - len(self.slots)
        if free <= 0:
            return False
        if woken is not None and woken[0] in self.queues:
            queue, job_id = woken
            free -= self._run_taken(await take(self.redis, queue, [job_id], self._token, load=self._load))
            if free <= 0:
                return False
        now = timestamp_ms()
        async with self.redis.pipeline(transaction=False) as pipe:
            for queue in self.queues:
                pipe.zrangebyscore(queue, "-inf", now, start=0, num=free * _CANDIDATES_PER_SLOT, withscores=True)
            due = await pipe.execute()
        contended = False
        for queue, scored in zip(self.queues, due, strict=True):
            if free <= 0:
                return False
            tried = _candidates(scored, free, now)
            won = await take(self.redis, queue, tried, self._token, load=self._load)
            free -= self._run_taken(won)
            contended = contended or (len(won) < len(tried) and len(scored) > len(tried))
        return contended and free > 0

    def _run_taken(self, won: list[Taken]) -> int:
        """Run each job taken in a slot of its own; how many slots that took."""
        for taken in won:
            claim = taken.claim
            store = self.store.fenced(claim)
            task = asyncio.create_task(self._run(taken, store), name=f"job {claim.job_id}")
            self.held[claim.job_id] = _Held(claim, task, store)
            self.slots.add(claim.job_id)
        return len(won)

    def _following(self) -> int:
        return sum(len(watcher.tasks) for watcher in self.watchers.values())

    def _token(self) -> str:
        return f"{self.name}:{self._incarnation}:{next(self._holds)}"

    async def _wait_for_work(self) -> tuple[str, str] | None:
        """Until a job may be waiting: a slot frees up (when full) or a wake token arrives (when not).

        Or until the worker is told to stop: a stop waits for no poll interval. The job the
        token names, if it names one (claims.woken_job).
        """
        poll = self.settings.worker_poll_seconds
        waiting: Awaitable[object]
        if len(self.slots) >= self.max_jobs:
            # full: a token would wake us to start nothing; the next chance is when a job ends
            waiting = self._slot_freed.wait()
        else:
            waiting = self.redis.blpop(self._wakes, timeout=poll)  # type: ignore[arg-type,assignment]  # Redis 6+ takes a fractional timeout; the stubs say int
        work, stop = asyncio.ensure_future(waiting), asyncio.ensure_future(self._stopping.wait())
        try:
            await asyncio.wait((work, stop), timeout=poll, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for waiter in (work, stop):
                waiter.cancel()
            outcome, _ = await asyncio.gather(work, stop, return_exceptions=True)
        if isinstance(outcome, Exception):
            raise outcome  # a Redis error: the loop backs off
        return woken_job(outcome[1]) if isinstance(outcome, list | tuple) else None

    async def _follow(
        self, claim: Claim, store: JobStore, cluster: str, upid: Upid, *, log_base: int, since: float, have: int | None
    ) -> dict[str, object] | None:
        """Await the end of the job's PVE task out of its slot, then take a slot again; the task's end (JobWaits).

        The job's claim stays held (the heartbeat renews it). The watcher's writes (the end, the
        rest of the log) go with the job's next write, fenced by that claim, and so does the count
        of this pickup. Lost with it (the worker killed first), they are derived again: the record
        holds the UPID without an end, so whoever takes the job over follows the task again, finds
        it ended and reads the rest of its log from where the copy stopped.
        """
        await store.flush()  # nothing is deferred past a dispatch, normally; the watcher writes only at the end
        if have is None:
            have = await self.store.log_length(claim.job_id) - log_base
        watcher = self.watchers[cluster]
        watched = Watched(store, claim.job_id, upid, log_base, have, since)
        watcher.add(watched)
        self._leave_slot(claim.job_id)
        try:
            ended = await watched.ended
        finally:
            watcher.forget(watched)
        store.defer(ended.write)
        store.defer(functools.partial(count_pickup, job_id=claim.job_id))
        held = self.held[claim.job_id]
        held.task_ended = True
        await self._take_slot(claim.job_id)
        held.task_ended = False
        return ended.end

    async def _pause(self, job_id: str, seconds: float) -> None:
        """Let `seconds` pass out of the job's slot, then take a slot again (JobWaits)."""
        self._leave_slot(job_id)
        await asyncio.sleep(seconds)
        await self._take_slot(job_id)

    def _leave_slot(self, job_id: str) -> None:
        self.slots.discard(job_id)
        self._grant_slots()
        self._slot_freed.set()

    async def _take_slot(self, job_id: str) -> None:
        """Wait for a slot, after the jobs whose task ended before this one's; never while the worker stops."""
        granted = asyncio.get_running_loop().create_future()
        self._slot_waits.append((job_id, granted))
        self._grant_slots()
        await granted

    def _grant_slots(self) -> None:
        """Give free slots (but the reads' share) to the jobs whose task ended, in the order the tasks ended."""
        slots = self.max_jobs - self.max_jobs // _READ_SHARE
        while self._slot_waits and not self._stopping.is_set() and len(self.slots) < slots:
            job_id, granted = self._slot_waits.popleft()
            if not granted.done():
                self.slots.add(job_id)
                granted.set_result(None)

    def _load(self, pipe: Pipeline, job_id: str) -> None:
        """What a job's pickup reads, sent with its claim (claims.take): its payload and record, and its mark."""
        pipe.get(keys.job_payload(job_id))
        pipe.hgetall(keys.job_record(job_id))
        mark_taken(pipe, self.settings, job_id)

    async def _run(self, taken: Taken, store: JobStore) -> None:
        """One pickup of a job (`store`: its fenced writes), from its slot to its end, and what becomes of its claim."""
        claim, pickup = taken.claim, taken.pickup
        try:
            with structlog.contextvars.bound_contextvars(job_id=claim.job_id, attempt=pickup):
                await self._pickup(claim, pickup, store, taken.loaded)
        except ClaimLost:
            log.warning("claim_lost", job_id=claim.job_id)
        except asyncio.CancelledError:
            # this worker stops (or lost the claim): hand the job back at once rather than after its claim expires;
            # one whose task ended (its end among the deferred writes) goes ahead of new work
            ahead = (held := self.held.get(claim.job_id)) is not None and held.task_ended
            with contextlib.suppress(ClaimLost, *REDIS_ERRORS):
                await asyncio.shield(self._release(store, claim, functools.partial(requeue, ahead=ahead)))
            raise
        except REDIS_ERRORS as exc:  # its claim expires and another worker (or this one) picks the job up again
            log.warning("job_redis_error", job_id=claim.job_id, error=type(exc).__name__)
        finally:
            self.held.pop(claim.job_id, None)
            self._leave_slot(claim.job_id)

    async def _pickup(self, claim: Claim, pickup: int, store: JobStore, loaded: list[Any]) -> None:
        """Hand the claimed job to its lifecycle (workers.lifecycle.pick_up); queue it again if it asks to be."""
        cluster = claim.cluster  # of the queue it came from: its signature must name it too (admission.signed_caller)
        app = replace(self.apps[cluster], store=store)
        ended = await pick_up(app, self.functions, claim, pickup, loaded, waits=JobWaits(self, claim, store, cluster))
        if isinstance(ended, Retry):
            self.counts["retried"] += 1
            defer = ended.defer
            await self._release(store, claim, lambda pipe, held: requeue(pipe, held, defer_seconds=defer))
            return
        self.counts["failed" if ended == JobState.FAILED.value else "complete"] += 1  # its end released the claim

    async def _release(self, store: JobStore, claim: Claim, how: Callable[[Pipeline, Claim], None]) -> None:
        """Release the claim (`finish` or `requeue`), fenced."""
        await store.commit(lambda pipe: how(pipe, claim))

    async def _heartbeat(self) -> None:
        """Renew every claim this worker holds, drop those it lost, and write the health line."""
        while True:
            await asyncio.sleep(HEARTBEAT_SECONDS)
            try:
                at = time.monotonic()
                lost = await renew(self.redis, [held.claim for held in self.held.values() if not held.store.released])
                self.heartbeat.beat(at)
                for claim in lost:
                    log.warning("claim_lost", job_id=claim.job_id)
                    held = self.held.get(claim.job_id)
                    if held is not None and held.claim == claim and not held.store.released:
                        held.task.cancel()  # whatever it awaits (a slot, its task's end) is cancelled with it
                    for watcher in self.watchers.values():
                        watcher.drop(claim.job_id)
                await self._write_health()
            except REDIS_ERRORS as exc:
                log.warning("heartbeat_redis_error", error=type(exc).__name__)

    async def _write_health(self) -> None:
        async with self.redis.pipeline(transaction=False) as pipe:
            for queue in self.queues:
                pipe.zcard(queue)
            depths = await pipe.execute()
        queued = sum(depths)
        if metrics.enabled():
            for queue, depth in zip(self.queues, depths, strict=True):
                kind = "read" if keys.is_read_queue(queue) else "change"
                metrics.queue_depth(keys.cluster_of_queue(queue), kind, depth)
            for cluster, watcher in self.watchers.items():
                metrics.followed_tasks(cluster, len(watcher.tasks))
        now = datetime.now(UTC).strftime("%b-%d %H:%M:%S")
        line = (
            f"{now} j_complete={self.counts['complete']} j_failed={self.counts['failed']} "
            f"j_retried={self.counts['retried']} j_ongoing={len(self.slots)} following={self._following()} "
            f"queued={queued} clusters={','.join(self.clusters)}"
        )
        await self.redis.set(keys.worker_health(self.name), line, ex=HEALTH_TTL_SECONDS)

    async def _drain_on_stop(self) -> None:
        """On a stop, let the jobs in slots run on for the drain time; then Redis commands stop retrying.

        It runs beside the claim loop, which may be inside a Redis command that retries for a minute
        when Redis is gone: once retries end, that command fails, the loop sees the stop, and the
        last writes (claims handed back, the health key) fail at once rather than retry. What a
        worker stopped this way held is retaken by the others when its claims lapse, as after a kill.
        """
        await self._stopping.wait()
        if self.slots and self.drain_seconds:
            log.info("worker_draining", running=len(self.slots), seconds=self.drain_seconds)
            deadline = time.monotonic() + self.drain_seconds
            while self.slots and (left := deadline - time.monotonic()) > 0:
                self._slot_freed.clear()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._slot_freed.wait(), left)
        if self._owns_connections:  # shared connections (embedded) serve the frontend on
            self.connections.give_up_retries()
        self._drain_over.set()

    async def _drain(self) -> None:
        """Once the drain is over (`_drain_on_stop`), hand every job held back to the queue.

        A job that awaits its PVE task's end is handed back at once (another worker follows the
        task from its record); one whose task ended meanwhile writes that end as it goes.
        """
        if self._stopping.is_set():
            await self._drain_over.wait()
        tasks = [held.task for held in self.held.values()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    async def _shut_down(self) -> None:
        with contextlib.suppress(*REDIS_ERRORS):
            await self.redis.delete(keys.worker_health(self.name))
        for app in self.apps.values():
            await app.pve.aclose()
        for sink in self._sinks:
            await sink.aclose()
        if self._owns_connections:
            await self.connections.aclose()
        log.info("worker_stopped", worker=self.name)


def build_worker(
    settings: Settings,
    *,
    connections: RedisConnections | None = None,
    log_formatter: logging.Formatter | None = None,
    burst: bool = False,
    handle_signals: bool = True,
) -> QueueWorker:
    """Our worker for these settings; pass `connections` to share a Redis (the embedded mode does).

    Each cluster it serves is checked now (its settings complete, its files readable, its token's
    secret at hand): a worker that cannot reach one of them does not start.
    """
    clusters = {cluster.name: pve_settings(cluster, settings) for cluster in served_clusters(settings)}
    return QueueWorker(
        settings,
        connections or connect_redis(settings),
        log_formatter=log_formatter,
        burst=burst,
        handle_signals=handle_signals,
        owns_connections=connections is None,
        clusters=clusters,
    )


def served_clusters(settings: Settings) -> list[Cluster]:
    """The clusters a worker with these settings serves (PROXMOX_MCP_WORKER_CLUSTERS's, or all)."""
    return load_clusters(settings).served(settings.worker_clusters)
