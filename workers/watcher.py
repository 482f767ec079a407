"""The watcher: one loop per worker that follows the PVE tasks of every job it holds, in batches.

A change whose step started a PVE task awaits that task's end (lifecycle._follow)
out of its job slot, still claimed by this worker (its heartbeat renews the claim). The watcher
is what that wait is on. Per node, one request says which of the followed tasks still run:
`GET /nodes/{node}/tasks?source=active` lists the node's running tasks, so however many tasks a
node runs, a look at them costs one request. Tasks that left the list have ended, and one more
read of the node's task list (`source=all`, since the oldest of them started) says how each
ended: its exit status, as the task index holds it.

A task that ended OK is recorded so at once: the last lines of its log are owed, and copied after
its job's end (workers.task_logs), so a burst of ends is not recorded behind a burst of log reads.
Any other end (an error, warnings) is read from the log first, since the job's answer quotes it:
the last line is the exit status (`TASK OK`, `TASK ERROR: ...`, `TASK WARNINGS: n`), as
pve-common's upid_read_status reads it, and the warnings and the tail come with it; only a log
without such a line costs a status read.

When a task ends the watcher emits one event, a `TaskEnded` on the waiting job's future: how it
ended (`end`) and the writes that record it (`write`). The job makes those writes with its own
next one, under its claim, so a task's end costs no transaction of its own. The watcher writes
nothing of a job's state and never runs a job. How often a task is looked at follows what is
known of how long tasks of its type take (workers.pve_tasks.next_check); each end teaches that.

The log of a task is copied as it grows only while a client waits on the job (`pmcp:waiting`,
marked by the waiting call), at most every LOG_COPY_SECONDS and from FIRST_COPY_SECONDS into the
task, so progress reaches that client; otherwise it is copied once, at the end.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field

import structlog
from pydantic import BaseModel, ConfigDict, TypeAdapter, ValidationError
from redis.asyncio.client import Pipeline
from redis.exceptions import RedisError

from shared.errors import NotFound, ProxmoxMcpError, RequestRejected, TransientPveError
from shared.jobs import keys
from shared.jobs.claims import ClaimLost
from shared.jobs.connection import REDIS_ERRORS
from shared.jobs.states import JobState
from shared.jobs.store import JobStore
from shared.pve.client import PveClient
from shared.pve.models import TaskStatus
from shared.pve.upid import Upid
from shared.settings import Settings
from workers.pve_tasks import (
    Durations,
    classify_exitstatus,
    next_check,
    parse_task_end,
    warning_lines,
)
from workers.task_logs import LogCopier, add_lines, new_lines

__all__ = ["FIRST_COPY_SECONDS", "LOG_COPY_SECONDS", "WATCHER_REQUESTS", "TaskEnded", "Watched", "Watcher"]

log = structlog.get_logger("workers.watcher")

#: how often the log of a task a client waits on is copied
LOG_COPY_SECONDS = 1.0
#: and from how far into the task (a shorter one's log is read at its end, moments later)
FIRST_COPY_SECONDS = 3.0
#: PVE requests the watcher makes at once (its share of the worker's connection pool)
WATCHER_REQUESTS = 12
_ACTIVE_PAGE = 1000
#: the node's task list is read for ended tasks' exit statuses this many items a page (the newest ended come first)
_ENDED_PAGE = 500
#: how often the list of jobs clients wait on, and the learned durations, are read again
_WAITING_SECONDS = 1.0
_DURATIONS_SECONDS = 30.0
#: after a failed look, the node's tasks are looked at again this much later
_RETRY_SECONDS = 1.0
#: the loop sleeps at most this long, so waits and new tasks are noticed soon
_IDLE_SECONDS = 0.5
#: and at least this long between two passes
_MIN_PASS_SECONDS = 0.02
#: a task PVE has just created may not be readable yet; errors for it count as transient this long
_VISIBILITY_GRACE_SECONDS = 10.0


class _ActiveTask(BaseModel):
    """What the watcher reads of an item of GET /nodes/{node}/tasks (a node may list hundreds, each look)."""

    model_config = ConfigDict(extra="ignore")

    upid: str
    endtime: int | None = None
    status: str | None = None


_ACTIVE_ITEM = TypeAdapter(_ActiveTask)


@dataclass(frozen=True)
class _Listed:
    """What a read of a node's task list says of the tasks followed there."""

    #: the UPIDs it lists running
    running: set[str] = field(default_factory=set)
    #: UPID -> exit status of those it lists ended
    ended: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class TaskEnded:
    """The event of a followed task's end: how it ended, and the writes that record it.

    `end` is the record's `task_end` (exitstatus, warnings, log tail; or `error` when following
    failed), None when the task ran past PROXMOX_MCP_TASK_MAX; `log_owed` in it says the last
    lines of the log are still to be copied (workers.task_logs). `write` adds the rest of the log
    (or the debt), the end and what the end taught about durations to the job's next commit.
    """

    end: dict[str, object] | None
    write: Callable[[Pipeline], None]


@dataclass
class Watched:
    """One task the watcher follows, for the job that holds the claim of `store`."""

    store: JobStore  # fenced by the job's claim
    job_id: str
    upid: Upid
    log_base: int  # the job's log lines before this task's
    have: int  # this task's lines already in the job's log
    since: float  # epoch seconds: when the task was dispatched
    #: where the task's end is emitted; the job awaits it
    ended: asyncio.Future[TaskEnded] = field(default_factory=lambda: asyncio.get_running_loop().create_future())
    added: float = field(default_factory=time.monotonic)
    looks: int = 0
    due: float = field(default_factory=time.monotonic)
    seen_running: float | None = None  # epoch seconds of the last look that listed it running
    copied: float = 0.0  # monotonic time of the last copy of its log while a client waited
    busy: bool = False  # a log copy or its end is being read

    node: str = field(init=False)  # the task's node (from its UPID), read on every pass over the tasks

    def __post_init__(self) -> None:
        self.node = self.upid.node


class Watcher:
    """Follows the tasks of this worker's jobs; `run()` is its loop."""

    def __init__(
        self,
        pve: PveClient,
        store: JobStore,
        settings: Settings,
        *,
        cluster: str,
    ) -> None:
        self.pve = pve
        #: the cluster whose tasks it follows (a worker runs one watcher per cluster: node names repeat across them)
        self.cluster = cluster
        self.store = store
        self.settings = settings
        self.tasks: dict[str, Watched] = {}
        self._durations: dict[str, Durations] = {}
        self._durations_read = -_DURATIONS_SECONDS
        self._waiting: set[str] = set()
        self._waiting_read = -_WAITING_SECONDS
        self._looking: set[str] = set()  # nodes whose active list is being read
        self._requests = asyncio.Semaphore(WATCHER_REQUESTS)
        #: copies the logs this worker's jobs owe after their end, and a dead worker's
        self.logs = LogCopier(pve, store.on(cluster), self._requests)
        self._changed = asyncio.Event()
        self._background: set[asyncio.Task[None]] = set()
        #: tasks followed at once, at most, since the worker started (the health line shows it)
        self.peak = 0

    def add(self, watched: Watched) -> None:
        self.tasks[watched.job_id] = watched
        self.peak = max(self.peak, len(self.tasks))
        self._changed.set()

    def forget(self, watched: Watched) -> None:
        """Stop following a task whose job no longer waits on it (the worker stops, or the job was cancelled)."""
        if self.tasks.get(watched.job_id) is watched:
            del self.tasks[watched.job_id]

    def drop(self, job_id: str) -> None:
        """Stop following a job's task because its claim was lost (another worker has it): the job's wait ends so."""
        watched = self.tasks.pop(job_id, None)
        if watched is not None:
            log.warning("watch_dropped", job_id=job_id)
            if not watched.ended.done():
                watched.ended.set_exception(ClaimLost(job_id))

    async def run(self) -> None:
        """Look at the nodes whose tasks are due, copy the logs clients wait on; until cancelled."""
        self._spawn(self.logs.run())
        try:
            while True:
                now = time.monotonic()
                await self._refresh(now)
                for node in {w.node for w in self.tasks.values() if w.due <= now and not w.busy} - self._looking:
                    self._looking.add(node)
                    self._spawn(self._look(node))
                for job_id in self._waiting & self.tasks.keys():
                    watched = self.tasks[job_id]
                    due = max(watched.copied + LOG_COPY_SECONDS, watched.added + FIRST_COPY_SECONDS)
                    if due <= now and not watched.busy:
                        watched.busy = True
                        self._spawn(self._copy(watched))
                await self._sleep(now)
        finally:
            for task in list(self._background):
                task.cancel()
            await asyncio.gather(*self._background, return_exceptions=True)

    async def _sleep(self, now: float) -> None:
        pending = [w.due for w in self.tasks.values() if not w.busy and w.node not in self._looking]
        pause = min([_IDLE_SECONDS, *(due - now for due in pending)])
        self._changed.clear()
        if pause > 0:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._changed.wait(), pause)
        # each pass walks every task followed: a thousand looks and ends that each wake the loop
        # are taken together, at the cost of this much lag at most
        await asyncio.sleep(max(0.0, now + _MIN_PASS_SECONDS - time.monotonic()))

    def _spawn(self, work: Coroutine[object, object, None]) -> None:
        task = asyncio.create_task(work)
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    async def _refresh(self, now: float) -> None:
        """Re-read which jobs clients wait on (every second) and the learned durations (every 30 s)."""
        try:
            if now - self._waiting_read >= _WAITING_SECONDS and self.tasks:
                self._waiting = await self.store.waited_on()
                self._waiting_read = now
            if now - self._durations_read >= _DURATIONS_SECONDS:
                stored = await self.store.redis.hgetall(keys.task_durations(self.cluster))  # type: ignore[misc]  # redis stubs
                for task_type, text in stored.items():
                    if (known := Durations.parse(text)) is not None:
                        self._durations[task_type] = known
                self._durations_read = now
        except REDIS_ERRORS as exc:
            log.warning("watcher_redis_error", error=type(exc).__name__)

    def _schedule(self, watched: Watched, now: float) -> None:
        watched.looks += 1
        elapsed = time.time() - watched.since
        watched.due = now + next_check(elapsed, watched.looks, self._durations.get(watched.upid.type))

    async def _look(self, node: str) -> None:
        """One read of the node's active tasks, and what it says about each task followed there."""
        try:
            sent, sent_at = time.monotonic(), time.time()
            try:
                async with self._requests:
                    listed = await self._list(node, {"source": "active"}, self._ours(node))
            except ProxmoxMcpError as exc:
                log.info("watcher_look_failed", node=node, code=exc.code)
                for watched in self._on(node):
                    watched.due = time.monotonic() + _RETRY_SECONDS
                return
            now = time.monotonic()
            gone: list[Watched] = []
            for watched in self._on(node):
                if watched.added >= sent:
                    continue  # handed over after the read was sent: the list may predate the task
                if str(watched.upid) in listed.running:
                    # one look serves every task of the node: each is next due by its own schedule from now
                    watched.seen_running = sent_at
                    self._check_limit(watched)
                    self._schedule(watched, now)
                else:
                    watched.busy = True
                    gone.append(watched)
            if gone:
                self._spawn(self._ends(node, gone, listed.ended, ended_by=sent_at))
        finally:
            self._looking.discard(node)
            self._changed.set()

    async def _ends(self, node: str, gone: list[Watched], known: dict[str, str], *, ended_by: float) -> None:
        """Tasks that left the node's active list: how each ended, from one read of the node's task list.

        An OK end is recorded at once, its log copied after; any other is read from the log first,
        and so is the end of a job a client waits on right now (its last lines and progress reach
        that client with the end). A task the list does not show ended (the list was behind) is read
        from its log as well.
        """
        statuses = dict(known)
        try:
            with contextlib.suppress(*REDIS_ERRORS):
                self._waiting = await self.store.waited_on()  # as it is now: a wait may have begun since
            # a job a client waits on reads its log first anyway, and the log's last line says how it ended
            unknown = [w for w in gone if str(w.upid) not in statuses and w.job_id not in self._waiting]
            if unknown:
                since = min(w.upid.starttime for w in unknown)
                async with self._requests:
                    listed = await self._list(node, {"source": "all", "since": since}, {str(w.upid) for w in unknown})
                statuses |= listed.ended
        except ProxmoxMcpError as exc:
            log.info("watcher_task_list_failed", node=node, code=exc.code)  # each end is read from its log
        finally:
            # whatever the read gave: no task that left the list may stay unfollowed
            for watched in gone:
                if statuses.get(str(watched.upid)) == "OK" and watched.job_id not in self._waiting:
                    self._ended_ok(watched, ended_by)
                else:
                    self._spawn(self._finish(watched, ended_by=ended_by))
            self._changed.set()

    def _on(self, node: str) -> list[Watched]:
        return [w for w in self.tasks.values() if w.node == node and not w.busy]

    def _ours(self, node: str) -> set[str]:
        return {str(w.upid) for w in self.tasks.values() if w.node == node}

    async def _list(self, node: str, query: dict[str, str | int], ours: set[str]) -> _Listed:
        """What the node's task list (`query`: its source, since when) says of the tasks `ours`.

        A node may list hundreds of tasks, most of them not ours: only the items of `ours` are
        validated (validating every item is what a worker following a thousand tasks would spend
        its CPU on), and paging stops once each of them is found. An item of ours that does not
        fit is left out: its end is then read from its log and, failing that, its own status. The
        active list may list a task that has just ended, with its exit status.
        """
        listed = _Listed()
        start = 0
        while len(listed.running) + len(listed.ended) < len(ours):
            page = await self.pve.get_page(
                "/nodes/{node}/tasks",
                object,
                path={"node": node},
                query={**query, "start": start, "limit": _ACTIVE_PAGE if query["source"] == "active" else _ENDED_PAGE},
            )
            for item in page.data:
                if isinstance(item, dict) and item.get("upid") in ours:
                    try:
                        task = _ACTIVE_ITEM.validate_python(item)
                    except ValidationError:
                        log.warning("watcher_task_item_unfit", node=node, upid=item.get("upid"))
                        continue
                    if task.endtime is None and task.status in (None, "RUNNING"):
                        listed.running.add(task.upid)
                    elif task.status:
                        listed.ended[task.upid] = task.status
            start += len(page.data)
            if not page.data or start >= page.total:
                break
        return listed

    def _check_limit(self, watched: Watched) -> None:
        """Past PROXMOX_MCP_TASK_MAX the job's wait ends with no end known (it ends timed_out; the task goes on)."""
        if time.time() - watched.since > self.settings.task_max_seconds:
            watched.busy = True
            self._emit(watched, None)

    async def _copy(self, watched: Watched) -> None:
        """Copy the new lines of a task a client waits on, and its progress; its end, if they show it."""
        try:
            async with self._requests:
                lines = await new_lines(self.pve, watched.upid, watched.have)
            if lines and (parse_task_end(lines[-1]) is not None):
                await self._ended(watched, lines, ended_by=time.time())
                return
            if lines:
                await watched.store.commit(lambda pipe: add_lines(pipe, watched.store, watched.job_id, lines))
                watched.have += len(lines)
            watched.copied = time.monotonic()
        except ClaimLost:
            self.drop(watched.job_id)
        except (ProxmoxMcpError, RedisError, OSError) as exc:
            log.info("watcher_copy_failed", job_id=watched.job_id, error=getattr(exc, "code", type(exc).__name__))
            watched.copied = time.monotonic()
        finally:
            watched.busy = False

    async def _finish(self, watched: Watched, *, ended_by: float) -> None:
        """The task left the active list: read the rest of its log (and its status, if the log does not say)."""
        try:
            async with self._requests:
                lines = await new_lines(self.pve, watched.upid, watched.have)
            await self._ended(watched, lines, ended_by=ended_by)
        except ClaimLost:
            self.drop(watched.job_id)
        except TransientPveError as exc:
            log.info("watcher_finish_retry", job_id=watched.job_id, code=exc.code)
            watched.due = time.monotonic() + _RETRY_SECONDS
        except (NotFound, RequestRejected) as exc:
            if time.time() - watched.upid.starttime < _VISIBILITY_GRACE_SECONDS:
                watched.due = time.monotonic() + _RETRY_SECONDS
            else:
                self._fail_following(watched, exc)
        except ProxmoxMcpError as exc:
            self._fail_following(watched, exc)
        except REDIS_ERRORS as exc:
            log.warning("watcher_redis_error", job_id=watched.job_id, error=type(exc).__name__)
            watched.due = time.monotonic() + _RETRY_SECONDS
        finally:
            watched.busy = False
            self._changed.set()

    async def _ended(self, watched: Watched, lines: list[str], *, ended_by: float) -> None:
        last = lines[-1] if lines else await self._last_stored_line(watched)
        exitstatus = parse_task_end(last) if last is not None else None
        if exitstatus is None:
            async with self._requests:
                status = await self.pve.get(
                    "/nodes/{node}/tasks/{upid}/status",
                    TaskStatus,
                    path={"node": watched.node, "upid": str(watched.upid)},
                )
            if status.status == "running":  # listed late, or the list was behind: keep following
                watched.seen_running = time.time()
                self._schedule(watched, time.monotonic())
                if lines:
                    await watched.store.commit(lambda pipe: add_lines(pipe, watched.store, watched.job_id, lines))
                    watched.have += len(lines)
                return
            exitstatus = status.exitstatus or "unknown"
        earlier = (
            (await watched.store.read_log(watched.job_id, watched.log_base, watched.have)).lines if watched.have else []
        )
        self._record_end(watched, exitstatus, ended_by, whole=[*earlier, *lines], lines=lines)

    def _ended_ok(self, watched: Watched, ended_by: float) -> None:
        """The task ended OK, as the node's task list says: its end is emitted now, the rest of its log is owed.

        OK means no warnings (PVE ends a task that logged one `WARNINGS: n`), so the end lacks
        nothing the job's answer needs; the log's last lines follow it (workers.task_logs).
        """
        self._record_end(watched, "OK", ended_by)

    def _record_end(
        self,
        watched: Watched,
        exitstatus: str,
        ended_by: float,
        *,
        whole: list[str] | None = None,
        lines: list[str] | None = None,
    ) -> None:
        """Emit the task's end: with the `whole` log it read (its warnings and tail), or with the log owed (None)."""
        end: dict[str, object] = {
            "upid": str(watched.upid),
            "exitstatus": exitstatus,
            "warnings": warning_lines(whole or []),
            # when it ended, as well as the watcher can tell: between the last look that listed it and this one
            "ended_at": round(ended := _ended_between(watched, ended_by), 3),
        }
        if whole is None:
            end["log_owed"] = True
        else:
            end["log_tail"] = whole[-20:]
        learned = self._learn(watched, exitstatus, ended, ended_by)
        self._emit(watched, end, lines, learned)
        log.info(
            "task_finished",
            job_id=watched.job_id,
            upid=str(watched.upid),
            exitstatus=exitstatus,
            log_owed=whole is None,
        )

    def _fail_following(self, watched: Watched, exc: ProxmoxMcpError) -> None:
        self._emit(watched, {"upid": str(watched.upid), "error": f"{exc.code}: {exc.message}"})

    def _emit(
        self,
        watched: Watched,
        end: dict[str, object] | None,
        lines: list[str] | None = None,
        learned: Durations | None = None,
    ) -> None:
        """The task ended (or is no longer followed): its job's wait ends with a TaskEnded, and the watcher lets go."""

        def write(pipe: Pipeline) -> None:
            if lines:
                add_lines(pipe, watched.store, watched.job_id, lines)
            if end is not None:
                copying = str(watched.upid) if end.get("log_owed") else None
                watched.store.add_update(pipe, watched.job_id, task_end=end, log_copying=copying)
            if learned is not None:
                pipe.hset(keys.task_durations(self.cluster), watched.upid.type, str(learned))

        self.forget(watched)
        if not watched.ended.done():
            watched.ended.set_result(TaskEnded(end, write))

    def _learn(self, watched: Watched, exitstatus: str, ended: float, ended_by: float) -> Durations | None:
        """What this end teaches about its task type's duration (only tasks that did their work teach).

        It `ended` (the estimate) at most `ended_by` (the look that saw it gone)."""
        if classify_exitstatus(exitstatus) is JobState.FAILED:
            return None
        seconds = max(0.0, ended - watched.since)
        known = self._durations.get(watched.upid.type, Durations(0.0, 0.0, 0)).learn(seconds, ended_by - ended)
        self._durations[watched.upid.type] = known
        return known

    async def _last_stored_line(self, watched: Watched) -> str | None:
        if not watched.have:
            return None
        page = await watched.store.read_log(watched.job_id, watched.log_base + watched.have - 1, 1)
        return page.lines[0] if page.lines else None


def _ended_between(watched: Watched, ended_by: float) -> float:
    """When a task ended (epoch seconds): midway between the last look that listed it running and `ended_by`."""
    last_running = watched.seen_running if watched.seen_running is not None else watched.since
    return (last_running + ended_by) / 2
