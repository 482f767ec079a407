"""Copying a PVE task's log into its job's: the lines after those copied, and the rest a job owes after its end.

A task that ends OK is recorded ended as soon as its node's task list says so (workers.watcher):
its end never waits behind the log reads of other tasks that ended with it. The last lines of
its log are then owed. The job record's `log_copying` names the task meanwhile, and get_task_log
says the log is still being copied. The debt is paid:

- before the job dispatches another PVE task (`pay_before_next_task`): a job's log holds its tasks' lines in order;
- else after the job's end, by the worker that recorded it (`LogCopier.owe`), in the background;
- or, if that worker died first, by any worker's sweep of its cluster's owed logs (`keys.owed_logs`).

An ended job's log grows only by such a copy, so a copy is written only if the log is still as long
as when its lines were read (`JobStore.pay_log`): two copiers of one debt never write a line twice.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import time

import structlog
from redis.asyncio.client import Pipeline

from shared.errors import ProxmoxMcpError
from shared.jobs.connection import REDIS_ERRORS
from shared.jobs.store import JobStore
from shared.pve.client import PveClient
from shared.pve.models import TaskLogLine, no_content
from shared.pve.upid import Upid
from workers.pve_tasks import parse_progress

__all__ = [
    "COPIERS",
    "OWED_GIVE_UP_SECONDS",
    "OWED_GRACE_SECONDS",
    "LogCopier",
    "add_lines",
    "new_lines",
    "pay_before_next_task",
]

log = structlog.get_logger("workers.task_logs")

#: debts paid at once by one worker's copier (each is a PVE log read and a Redis transaction)
COPIERS = 4
#: a debt this old is taken as its worker's loss (it died between the job's end and the copy) and retaken
OWED_GRACE_SECONDS = 10.0
#: a debt PVE has refused to pay this long (the task's node left the cluster) is given up: its end is known
OWED_GIVE_UP_SECONDS = 3600.0
#: how often the owed logs are looked at for such debts, and how many are retaken at once
_SWEEP_SECONDS = 5.0
_SWEEP_LIMIT = 100
_LOG_PAGE = 500


async def new_lines(pve: PveClient, upid: Upid, have: int) -> list[str]:
    """The task's log lines after the first `have` (PVE's `start` is a 0-based line offset)."""
    lines: list[str] = []
    while True:
        page = await pve.get_page(
            "/nodes/{node}/tasks/{upid}/log",
            TaskLogLine,
            path={"node": upid.node, "upid": str(upid)},
            query={"start": have + len(lines), "limit": _LOG_PAGE},
        )
        entries = [entry for entry in page.data if entry.n > have + len(lines)]
        if no_content(page.total, entries):
            return lines
        lines.extend(entry.t for entry in entries)
        if len(page.data) < _LOG_PAGE:
            return lines


def add_lines(pipe: Pipeline, store: JobStore, job_id: str, lines: list[str]) -> None:
    """Append task log lines to the job's log, with the progress they report."""
    if lines:
        store.add_log(pipe, job_id, lines)
    for line in lines:
        if (percent := parse_progress(line)) is not None:
            store.add_progress(pipe, job_id, percent, line)


async def pay_before_next_task(pve: PveClient, store: JobStore, job_id: str, upid: str, log_base: int) -> None:
    """Add the lines the job's log owes for task `upid` to its next write (its next task's dispatch), under its claim.

    The debt is the job's own here (it is written to the store with the job's end only): its
    record in this worker says what is owed, whether or not the end that made it is written yet.
    """
    have = await store.log_length(job_id) - log_base
    lines = await new_lines(pve, Upid.parse(upid), have)

    def write(pipe: Pipeline) -> None:
        add_lines(pipe, store, job_id, lines)
        store.add_log_paid(pipe, job_id)

    store.defer(write)


class LogCopier:
    """Pays the log debts of one cluster's jobs: those of this worker's jobs, and those a dead worker left."""

    def __init__(self, pve: PveClient, store: JobStore, requests: asyncio.Semaphore) -> None:
        self.pve = pve
        self.store = store
        #: the PVE requests this worker's watcher of the cluster makes at once (the copies take their share)
        self._requests = requests
        self._owed: asyncio.Queue[str] = asyncio.Queue()
        self._queued: set[str] = set()

    def owe(self, job_id: str) -> None:
        """Copy the rest of the job's log soon (its end is recorded, with its debt)."""
        if job_id not in self._queued:
            self._queued.add(job_id)
            self._owed.put_nowait(job_id)

    async def run(self) -> None:
        """Pay debts as they come, and sweep for a dead worker's; until cancelled."""
        copiers = [asyncio.create_task(self._copy()) for _ in range(COPIERS)]
        try:
            while True:
                await self._sweep()
                await asyncio.sleep(_SWEEP_SECONDS)
        finally:
            for copier in copiers:
                copier.cancel()
            await asyncio.gather(*copiers, return_exceptions=True)

    async def _sweep(self) -> None:
        with contextlib.suppress(*REDIS_ERRORS):
            for job_id in await self.store.owed_logs(time.time() - OWED_GRACE_SECONDS, _SWEEP_LIMIT):
                self.owe(job_id)

    async def _copy(self) -> None:
        while True:
            job_id = await self._owed.get()
            try:
                await self.pay(job_id)
            except Exception:  # a copier outlives any one debt: the sweep retakes this one
                log.exception("task_log_copy_crashed", job_id=job_id)
            finally:
                self._queued.discard(job_id)

    async def pay(self, job_id: str) -> bool:
        """Copy the rest of the job's log if it still owes it; whether this call paid it.

        A PVE or Redis failure leaves the debt for the sweep to pay again. One that PVE has
        refused for OWED_GIVE_UP_SECONDS (the task's node left the cluster) is given up, with
        no lines: the task's end is known, only its last lines are lost.
        """
        try:
            owed = await self.store.owed_log(job_id)
            if owed is None:
                return False
            try:
                async with self._requests:
                    lines = await new_lines(self.pve, Upid.parse(owed.upid), owed.have)
            except ProxmoxMcpError as exc:
                if owed.since is None or time.time() - owed.since < OWED_GIVE_UP_SECONDS:
                    raise
                log.warning("task_log_lost", job_id=job_id, upid=owed.upid, code=exc.code)
                lines = []
            add = functools.partial(add_lines, store=self.store, job_id=job_id, lines=lines)
            paid = await self.store.pay_log(job_id, owed, add)
        except ProxmoxMcpError as exc:
            log.info("task_log_copy_failed", job_id=job_id, code=exc.code)
            return False
        except REDIS_ERRORS as exc:
            log.info("task_log_copy_failed", job_id=job_id, error=type(exc).__name__)
            return False
        if paid:
            log.debug("task_log_copied", job_id=job_id, lines=len(lines))
        return paid
