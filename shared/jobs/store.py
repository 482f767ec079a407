"""The job store: job records, task log lines, event streams and the time index, with TTLs.

Workers write; the frontend reads and blocks on a job's event stream (XREAD BLOCK) to learn
of state changes and progress the moment they happen, instead of polling the record.

A worker writes through `store.fenced(claim)`: the same store, each of whose writes is one
transaction made only while the claim still holds the job (shared.jobs.claims), so a worker
that lost a job (paused past its claim) cannot record a second outcome. `commit` runs several
writes, and the claim's release, as one such transaction.
"""

from __future__ import annotations

import math
import time
from collections.abc import AsyncIterator, Callable, Sequence
from dataclasses import dataclass
from typing import Any

from redis.asyncio import Redis
from redis.asyncio.client import Pipeline
from redis.exceptions import WatchError

from shared.errors import ProxmoxMcpError
from shared.jobs import keys
from shared.jobs.claims import Claim, fenced
from shared.jobs.keys import DEFAULT_CLUSTER
from shared.jobs.record import JobRecord, encode_fields, utcnow
from shared.jobs.replication import Replication
from shared.jobs.states import JobState

__all__ = [
    "CREATED_EVENT",
    "EVENTS_MAXLEN",
    "WAITING_SECONDS",
    "JobEvent",
    "JobStore",
    "LogPage",
    "OwedLog",
    "RecordedUpid",
]

#: events kept per job: a wait reads from the start, so this bounds what a late reader replays
EVENTS_MAXLEN = 500
#: the stream ID of a job's first event, its creation: the client that created the job waits for what comes after
CREATED_EVENT = "0-1"
#: a waiting client marks its interest in `pmcp:waiting` for this long, and renews it while it waits
WAITING_SECONDS = 10.0


@dataclass(frozen=True)
class JobEvent:
    """One entry of a job's event stream."""

    id: str
    kind: str  # "state" | "progress"
    state: JobState | None = None
    percent: float | None = None
    message: str | None = None


@dataclass(frozen=True)
class RecordedUpid:
    """What storing a UPID found: where the task's log starts in the job's, and whether a cancel is asked."""

    log_base: int
    cancel_requested: bool


@dataclass(frozen=True)
class LogPage:
    """Task log lines `start+1 .. start+len(lines)` of `total`, numbered as PVE numbers them (n from 1)."""

    start: int
    lines: list[str]
    total: int

    @property
    def next_start(self) -> int | None:
        end = self.start + len(self.lines)
        return end if end < self.total else None


@dataclass(frozen=True)
class OwedLog:
    """The last lines of a task's log that its job still owes (workers.task_logs), as the store holds it now."""

    upid: str
    #: the job's log lines before the task's
    log_base: int
    #: the job's log lines now: the copy is written only if there are still as many
    length: int
    #: when the job ended owing it (epoch seconds; None: its end is not written yet)
    since: float | None = None

    @property
    def have(self) -> int:
        """The task's lines already in the job's log (PVE's `start` for the rest)."""
        return self.length - self.log_base


class JobStore:
    """Reads and writes the job store on a `decode_responses=True` Redis client."""

    def __init__(
        self,
        redis: Redis,
        *,
        ttl_seconds: int,
        claim: Claim | None = None,
        cluster: str = DEFAULT_CLUSTER,
        replication: Replication | None = None,
    ) -> None:
        self.redis = redis
        self.ttl_seconds = ttl_seconds
        #: the replicas a durable write is confirmed on (shared.jobs.replication); None: no replicas to wait for
        self.replication = replication
        #: the worker's hold of the job it writes about; None for writers that hold no job (the frontend)
        self.claim = claim
        #: the cluster whose UPIDs this store maps to jobs (a fenced store's: its job's)
        self.cluster = claim.cluster if claim is not None else cluster
        #: writes that ride along with the next commit (see `defer`)
        self._deferred: list[Callable[[Pipeline], object]] = []
        #: a fenced store: one of its writes deleted the claim key (the job's end, or its requeue), so
        #: the claim is no longer there to lose; what the job still does (its audit entry) is its own
        self.released = False

    def fenced(self, claim: Claim) -> JobStore:
        """This store, every write of which is refused (ClaimLost) once `claim` no longer holds its job."""
        return JobStore(self.redis, ttl_seconds=self.ttl_seconds, claim=claim, replication=self.replication)

    def on(self, cluster: str) -> JobStore:
        """This store, looking UPIDs up on `cluster` (its deferred writes are the same)."""
        store = JobStore(
            self.redis,
            ttl_seconds=self.ttl_seconds,
            claim=self.claim,
            cluster=cluster,
            replication=self.replication,
        )
        store._deferred = self._deferred
        return store

    def defer(self, build: Callable[[Pipeline], object]) -> None:
        """Add `build`'s commands to the next commit of this store, ahead of that commit's own.

        For a write that may be lost with no harm, because a rerun derives it again from what
        the record already holds (a step's end from its `task_end`): the step's end and the job's
        outcome are then one transaction, not two.
        """
        self._deferred.append(build)

    async def flush(self) -> None:
        """Commit the deferred writes now, if there are any."""
        if self._deferred:
            await self.commit(lambda pipe: None)

    async def commit(
        self, build: Callable[[Pipeline], object], *, locks: Sequence[str] = (), durable: str | None = None
    ) -> list[Any]:
        """Run the commands `build` adds as one transaction (fenced by the claim, if this store has one); their answers.

        Deferred writes go first (their answers are left out). `locks`: guest lock keys this job
        holds, released in the same transaction (shared.jobs.claims.fenced; needs a claim).
        `durable`: what the write is, for one the product answers for: it is confirmed on the
        replicas before this returns (shared.jobs.replication).
        """
        deferred, ahead, releases = list(self._deferred), 0, False

        def write(pipe: Pipeline) -> None:
            nonlocal ahead, releases
            for earlier in deferred:
                earlier(pipe)
            ahead = len(pipe.command_stack)
            build(pipe)
            if self.claim is not None:
                releases = any(words[0] == "DEL" and self.claim.key in words[1:] for words, _ in pipe.command_stack)

        if self.claim is not None:
            result = await fenced(self.redis, self.claim, write, locks=locks)
            self.released = self.released or releases
        else:
            assert not locks, "guest locks are released with a claim's writes"
            async with self.redis.pipeline(transaction=True) as pipe:
                write(pipe)
                result = await pipe.execute()
        del self._deferred[: len(deferred)]
        if durable is not None:
            await self._replicated(durable)
        return result[ahead:]

    async def _replicated(self, what: str) -> None:
        """`what`, a write the product answers for, is confirmed on the replicas (shared.jobs.replication)."""
        if self.replication is not None:
            await self.replication.confirm(self.redis, what)

    async def create(self, record: JobRecord) -> None:
        """Write a new record, index it and emit its first state event, in one transaction.

        The queue adds the arq job to that transaction (`add_create`, from shared.jobs.client), so a
        job is recorded and queued together or not at all, in one round trip.
        """
        await self.commit(lambda pipe: self.add_create(pipe, record))

    def add_create(self, pipe: Pipeline, record: JobRecord) -> None:
        """`create`'s commands, added to a transaction of the caller's."""
        job_id = record.job_id
        created_ms = int(record.created_at.timestamp() * 1000)
        pipe.hset(keys.job_record(job_id), mapping=record.to_hash())
        pipe.zadd(keys.JOB_INDEX, {job_id: created_ms})
        pipe.zremrangebyscore(keys.JOB_INDEX, 0, created_ms - self.ttl_seconds * 1000)
        # a record made anew (one written straight into Redis, its old record deleted) starts a stream anew
        pipe.delete(keys.job_events(job_id))
        self._event(pipe, job_id, {"kind": "state", "state": record.state.value}, entry_id=CREATED_EVENT)
        self._expire(pipe, job_id)

    async def get(self, job_id: str) -> JobRecord | None:
        fields = await self.redis.hgetall(keys.job_record(job_id))  # type: ignore[misc]  # redis stubs: Awaitable|dict
        return self.record_from(fields)

    @staticmethod
    def record_from(fields: dict[str, str]) -> JobRecord | None:
        """The record an HGETALL of `pmcp:job:<id>` answered (None: there is none)."""
        # a hash with no operation is no record: the claim of a job written straight into Redis counted its pickup
        return JobRecord.from_hash(fields) if "operation" in fields else None

    async def update(self, job_id: str, *, clear: tuple[str, ...] = (), **fields: Any) -> None:
        """Set record fields (removing those in `clear`) without a state change (no event)."""
        await self.commit(lambda pipe: self.add_update(pipe, job_id, clear=clear, **fields))

    def add_update(self, pipe: Pipeline, job_id: str, *, clear: tuple[str, ...] = (), **fields: Any) -> None:
        """`update`'s commands, added to a transaction of `commit`."""
        if clear:
            pipe.hdel(keys.job_record(job_id), *clear)
        pipe.hset(keys.job_record(job_id), mapping=encode_fields({**fields, "updated_at": utcnow()}))
        self._expire(pipe, job_id)

    async def transition(
        self,
        job_id: str,
        state: JobState,
        *,
        clear: tuple[str, ...] = (),
        also: Callable[[Pipeline], object] | None = None,
        locks: Sequence[str] = (),
        **fields: Any,
    ) -> None:
        """Move the job to `state` (with other fields, removing those in `clear`) and tell waiters.

        `also` adds commands to the same transaction (the worker releases the job's claim with its
        end), and `locks` the release of its guest locks (see `commit`). A job's end is durable.
        """

        def write(pipe: Pipeline) -> None:
            self.add_transition(pipe, job_id, state, clear=clear, **fields)
            if also is not None:
                also(pipe)

        await self.commit(write, locks=locks, durable="a job's end" if state.terminal else None)

    def add_transition(
        self, pipe: Pipeline, job_id: str, state: JobState, *, clear: tuple[str, ...] = (), **fields: Any
    ) -> None:
        """`transition`'s commands, added to a transaction of `commit`."""
        values: dict[str, Any] = {**fields, "state": state, "updated_at": utcnow()}
        if state.terminal:
            values.setdefault("finished_at", utcnow())
        if clear:
            pipe.hdel(keys.job_record(job_id), *clear)
        pipe.hset(keys.job_record(job_id), mapping=encode_fields(values))
        self._event(pipe, job_id, {"kind": "state", "state": state.value})
        self._expire(pipe, job_id)

    async def fail(
        self,
        job_id: str,
        error: ProxmoxMcpError,
        state: JobState = JobState.FAILED,
        *,
        also: Callable[[Pipeline], object] | None = None,
        locks: Sequence[str] = (),
        **fields: Any,
    ) -> None:
        """End the job with an error the frontend rebuilds as the same class."""
        await self.transition(
            job_id,
            state,
            also=also,
            locks=locks,
            error_code=error.code,
            error_message=error.message,
            error_hint=error.hint,
            error_details=error.details or None,
            **fields,
        )

    async def record_upid(self, job_id: str, upid: str, *, log_base: int | None = None, **fields: Any) -> RecordedUpid:
        """Store the UPID the moment PVE returns it: from here on the job only follows, never dispatches.

        The task's log starts after the lines the job has so far: that count (`log_base`, read
        here unless the caller read it with its dispatching write) is stored and returned, with
        whether cancel_task asked for the job to stop meanwhile (read in the same transaction).
        """
        if log_base is None:
            log_base = await self.log_length(job_id)  # only this job's holder appends to its log
        values = {**fields, "upid": upid, "log_base": log_base, "state": JobState.RUNNING, "updated_at": utcnow()}

        def write(pipe: Pipeline) -> None:
            pipe.hget(keys.job_record(job_id), "cancel_requested")
            pipe.hset(keys.job_record(job_id), mapping=encode_fields(values))
            pipe.set(keys.upid_job(self.cluster, upid), job_id, ex=self.ttl_seconds)
            self._event(pipe, job_id, {"kind": "state", "state": JobState.RUNNING.value})
            self._expire(pipe, job_id)

        answers = await self.commit(write, durable="a task's UPID")
        return RecordedUpid(log_base, answers[0] == "true")

    async def cancel_unclaimed(
        self,
        job_id: str,
        claim_key: str,
        message: Callable[[JobRecord], str],
        *,
        also: Callable[[Pipeline, JobRecord, str], object] | None = None,
    ) -> bool:
        """Cancel a queued job that no worker holds (`claim_key` absent), atomically; False if that is not so.

        `also` adds writes to that transaction, given the record as it was and the message (arq's result).

        A worker claims a job by creating `claim_key`; WATCHing it and the record means a claim
        or a state change between our check and our write aborts the write, so a job is never
        marked cancelled while a worker goes on to run it.
        """
        record_key = keys.job_record(job_id)
        while True:
            async with self.redis.pipeline(transaction=True) as pipe:
                try:
                    await pipe.watch(claim_key, record_key)
                    fields = await pipe.hgetall(record_key)  # type: ignore[misc]  # redis stubs: Awaitable|dict
                    if await pipe.exists(claim_key) or not fields:
                        return False
                    record = JobRecord.from_hash(fields)
                    if record.state is not JobState.QUEUED:
                        return False
                    now, why = utcnow(), message(record)
                    values = {
                        "state": JobState.CANCELLED,
                        "message": why,
                        "cancel_requested": True,
                        "finished_at": now,
                        "updated_at": now,
                    }
                    pipe.multi()  # type: ignore[no-untyped-call]  # redis-py leaves multi() unannotated
                    pipe.hset(record_key, mapping=encode_fields(values))
                    if also is not None:
                        also(pipe, record, why)
                    self._event(pipe, job_id, {"kind": "state", "state": JobState.CANCELLED.value})
                    self._expire(pipe, job_id)
                    await pipe.execute()
                except WatchError:
                    continue  # claimed or changed meanwhile: look again
                await self._replicated("a job's end")
                return True

    async def job_for_upid(self, upid: str) -> str | None:
        job_id: str | None = await self.redis.get(keys.upid_job(self.cluster, upid))
        return job_id

    async def progress(self, job_id: str, percent: float, message: str | None = None) -> None:
        """Record progress (0-100) and tell waiters."""
        await self.commit(lambda pipe: self.add_progress(pipe, job_id, percent, message))

    def add_progress(self, pipe: Pipeline, job_id: str, percent: float, message: str | None = None) -> None:
        """`progress`'s commands, added to a transaction of `commit`."""
        percent = max(0.0, min(100.0, percent))
        event = {"kind": "progress", "percent": f"{percent:.2f}", **({"message": message} if message else {})}
        pipe.hset(
            keys.job_record(job_id), mapping=encode_fields({"progress": round(percent, 2), "progress_message": message})
        )
        self._event(pipe, job_id, event)

    async def append_log(self, job_id: str, lines: Sequence[str]) -> int:
        """Append task log lines; returns how many lines the job has now."""
        if not lines:
            return await self.log_length(job_id)
        results = await self.commit(lambda pipe: self.add_log(pipe, job_id, lines))
        return int(results[0])

    def add_log(self, pipe: Pipeline, job_id: str, lines: Sequence[str]) -> None:
        """`append_log`'s commands, added to a transaction of `commit` (RPUSH first: its answer is the count)."""
        pipe.rpush(keys.job_log(job_id), *lines)
        pipe.expire(keys.job_log(job_id), self.ttl_seconds)
        pipe.hincrby(keys.job_record(job_id), "log_lines", len(lines))

    async def log_length(self, job_id: str) -> int:
        return int(await self.redis.llen(keys.job_log(job_id)))  # type: ignore[misc]  # redis stubs

    async def read_log(self, job_id: str, start: int = 0, limit: int = 50) -> LogPage:
        """Lines from offset `start` (0-based, as PVE's `start`), at most `limit` of them."""
        async with self.redis.pipeline(transaction=False) as pipe:
            pipe.lrange(keys.job_log(job_id), start, start + limit - 1)
            pipe.llen(keys.job_log(job_id))
            lines, total = await pipe.execute()
        return LogPage(start=start, lines=list(lines), total=int(total))

    def owe_log(self, pipe: Pipeline, job_id: str) -> None:
        """Note, with a job's end, that the last lines of its task's log are still to be copied."""
        pipe.zadd(keys.owed_logs(self.cluster), {job_id: time.time()})

    async def owed_logs(self, before: float, limit: int) -> list[str]:
        """Jobs whose log was owed since before `before` (epoch seconds), the oldest first."""
        return list(await self.redis.zrangebyscore(keys.owed_logs(self.cluster), "-inf", before, start=0, num=limit))

    async def owed_log(self, job_id: str) -> OwedLog | None:
        """What the job's log still owes, or None if nothing (it was copied, or the job is gone)."""
        async with self.redis.pipeline(transaction=False) as pipe:
            pipe.hmget(keys.job_record(job_id), ["log_copying", "log_base"])
            pipe.llen(keys.job_log(job_id))
            pipe.zscore(keys.owed_logs(self.cluster), job_id)
            (upid, log_base), length, since = await pipe.execute()
        if not upid:
            await self.redis.zrem(keys.owed_logs(self.cluster), job_id)
            return None
        return OwedLog(upid, int(log_base or 0), int(length), since)

    def add_log_paid(self, pipe: Pipeline, job_id: str) -> None:
        """The job's log owes nothing more: its record says so, and it leaves the owed logs."""
        pipe.hdel(keys.job_record(job_id), "log_copying")
        pipe.zrem(keys.owed_logs(self.cluster), job_id)

    async def pay_log(self, job_id: str, owed: OwedLog, add: Callable[[Pipeline], object]) -> bool:
        """Append the owed lines (`add`'s commands) and clear the debt, unless the log grew since `owed` was read.

        The log of an ended job grows only by such a copy, so its length fences the write: two
        copiers of one debt (a worker thought dead, and the one that retook its debts) never
        write its lines twice.
        """
        async with self.redis.pipeline(transaction=True) as pipe:
            try:
                await pipe.watch(keys.job_log(job_id))
                if int(await pipe.llen(keys.job_log(job_id))) != owed.length:  # type: ignore[misc]  # redis stubs
                    return False
                pipe.multi()  # type: ignore[no-untyped-call]  # redis-py leaves multi() unannotated
                add(pipe)
                self.add_log_paid(pipe, job_id)
                await pipe.execute()
            except WatchError:
                return False
        return True

    async def events(self, job_id: str, after: str = "0", block_ms: int | None = None) -> list[JobEvent]:
        """Events after stream ID `after`; with `block_ms`, wait that long for the first one."""
        return _events_of(await self.redis.xread({keys.job_events(job_id): after}, block=block_ms))

    async def follow(
        self, job_id: str, deadline: float, *, after: str = "0", mark: bool = True
    ) -> AsyncIterator[tuple[JobEvent, JobRecord | None]]:
        """The job's events after stream ID `after` (from its start), blocking for new ones until `deadline`.

        Each comes with the record as it stood once its batch was read, in the same round trip:
        Redis runs a client's pipelined commands in order, and a blocked XREAD holds back the
        HGETALL behind it until it returns. The record read with an ending event is so the
        record that event's transaction left, and who waits for a job's end reads it in no
        round trip of its own.

        While it waits (with `mark`), the job is marked in `pmcp:waiting`, so the worker following
        its PVE task copies the task log (and its progress) as it grows instead of only at the end.
        A read starts no PVE task, so who waits on one marks nothing.
        """
        stream = keys.job_events(job_id)
        marked = 0.0
        while (remaining := deadline - time.monotonic()) > 0:
            if mark and time.monotonic() - marked > WAITING_SECONDS / 2:
                await self.mark_waiting(job_id, min(remaining, WAITING_SECONDS))
                marked = time.monotonic()
            block_ms = max(1, math.ceil(min(remaining, WAITING_SECONDS / 2) * 1000))
            async with self.redis.pipeline(transaction=False) as pipe:
                pipe.xread({stream: after}, block=block_ms)
                pipe.hgetall(keys.job_record(job_id))
                response, fields = await pipe.execute()
            record = self.record_from(fields)
            for event in _events_of(response):
                after = event.id
                yield event, record

    async def newest(self, limit: int, fields: Sequence[str], *, hidden: set[str] | None = None) -> list[JobRecord]:
        """The newest `limit` jobs of the time index, newest first, with only `fields` read (a dashboard's view)."""
        job_ids = [
            job_id
            for job_id in await self.redis.zrevrange(keys.JOB_INDEX, 0, limit - 1)
            if job_id not in (hidden or ())
        ]
        async with self.redis.pipeline(transaction=False) as pipe:
            for job_id in job_ids:
                pipe.hmget(keys.job_record(job_id), list(fields))
            rows = await pipe.execute()
        found = ({name: value for name, value in zip(fields, row, strict=True) if value is not None} for row in rows)
        # an expired record leaves its ID in the index for a while
        return [JobRecord.from_hash(values) for values in found if "job_id" in values]

    async def retire(self, job_id: str, ttl_seconds: int) -> None:
        """Take a job out of the time index and let it expire in `ttl_seconds` (a read only its caller cares about)."""
        async with self.redis.pipeline(transaction=True) as pipe:
            pipe.zrem(keys.JOB_INDEX, job_id)
            for key in (keys.job_record(job_id), keys.job_events(job_id), keys.job_log(job_id)):
                pipe.expire(key, ttl_seconds)
            await pipe.execute()

    async def mark_waiting(self, job_id: str, seconds: float) -> None:
        """Say a client waits on the job for `seconds` more (and forget the waits that ended)."""
        now_ms = int(time.time() * 1000)
        async with self.redis.pipeline(transaction=False) as pipe:
            pipe.zadd(keys.WAITING, {job_id: now_ms + int(seconds * 1000)}, gt=True)
            pipe.zremrangebyscore(keys.WAITING, 0, now_ms)
            pipe.expire(keys.WAITING, self.ttl_seconds)
            await pipe.execute()

    async def waited_on(self) -> set[str]:
        """The jobs a client waits on right now."""
        now_ms = int(time.time() * 1000)
        return set(await self.redis.zrangebyscore(keys.WAITING, now_ms, "+inf"))

    async def recent(self, limit: int = 50) -> list[JobRecord]:
        """The newest jobs first, from the time index."""
        job_ids = await self.redis.zrevrange(keys.JOB_INDEX, 0, limit - 1)
        async with self.redis.pipeline(transaction=False) as pipe:
            for job_id in job_ids:
                pipe.hgetall(keys.job_record(job_id))
            rows = await pipe.execute()
        return [JobRecord.from_hash(row) for row in rows if row]

    def _event(self, pipe: Pipeline, job_id: str, data: dict[Any, Any], *, entry_id: str = "*") -> None:
        pipe.xadd(keys.job_events(job_id), data, id=entry_id, maxlen=EVENTS_MAXLEN, approximate=True)

    def _expire(self, pipe: Pipeline, job_id: str) -> None:
        for key in (keys.job_record(job_id), keys.job_events(job_id)):
            pipe.expire(key, self.ttl_seconds)


def _events_of(response: Any) -> list[JobEvent]:
    """The events an XREAD of one job's stream answered (None: none came)."""
    return [_event_from(entry_id, data) for _name, entries in response or [] for entry_id, data in entries]


def _event_from(entry_id: str, data: dict[str, str]) -> JobEvent:
    state = data.get("state")
    percent = data.get("percent")
    return JobEvent(
        id=entry_id,
        kind=data.get("kind", "state"),
        state=JobState(state) if state else None,
        percent=float(percent) if percent is not None else None,
        message=data.get("message"),
    )
