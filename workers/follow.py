"""Following a PVE task (UPID) to its end, copying its log and progress into the job store.

The pure parts (exit status, progress, warnings, the poll schedule) are plain functions; the
loop takes the PVE client and the store as arguments. The node to ask comes from the UPID.
The first status poll comes soon after dispatch, then the interval widens to a cap; each
poll also fetches the new log lines. Transient failures (595-599, connection errors, a task
not visible yet) are polled through. A slice of following ends at a deadline and returns
None: the caller re-queues the job, which resumes from the stored UPID and log position.
"""

from __future__ import annotations

import asyncio
import re
import time
from collections.abc import Iterator
from dataclasses import dataclass

import structlog

from shared.errors import NotFound, RequestRejected, TransientPveError
from shared.jobs.states import JobState
from shared.jobs.store import JobStore
from shared.pve.client import PveClient
from shared.pve.models import TaskLogLine, TaskStatus
from shared.pve.upid import Upid

__all__ = [
    "TaskEnd",
    "classify_exitstatus",
    "follow_task",
    "parse_progress",
    "poll_delays",
    "warning_lines",
]

log = structlog.get_logger("workers.follow")

_STATUS = "/nodes/{node}/tasks/{upid}/status"
_LOG = "/nodes/{node}/tasks/{upid}/log"
_LOG_PAGE = 500
#: a task PVE has just created may not be readable yet; errors for it count as transient this long
_VISIBILITY_GRACE_SECONDS = 10.0

_WARNINGS = re.compile(r"^WARNINGS: (\d+)$")
_PROGRESS = (
    re.compile(r"\((\d{1,3}(?:\.\d+)?)%\)"),  # "transferred 1.0 GiB of 4.0 GiB (25.00%)"
    re.compile(r"\((\d{1,3}(?:\.\d+)?)/100%\)"),  # qemu-img convert "(12.34/100%)"
    re.compile(r"^progress (\d{1,3}(?:\.\d+)?)%"),  # vzdump "progress 10% (read ...)"
)


@dataclass(frozen=True)
class TaskEnd:
    """How a PVE task ended."""

    exitstatus: str
    state: JobState
    warnings: list[str]
    log_tail: list[str]


def classify_exitstatus(exitstatus: str) -> JobState:
    """OK succeeds; 'WARNINGS: n' succeeds with warnings; anything else failed."""
    if exitstatus == "OK":
        return JobState.SUCCEEDED
    if _WARNINGS.match(exitstatus):
        return JobState.SUCCEEDED_WITH_WARNINGS
    return JobState.FAILED


def parse_progress(line: str) -> float | None:
    """The percentage a task log line reports, if it reports one."""
    for pattern in _PROGRESS:
        found = pattern.search(line)
        if found:
            value = float(found.group(1))
            return value if 0 <= value <= 100 else None
    return None


def warning_lines(lines: list[str]) -> list[str]:
    """The lines PVE writes with log_warn ("WARN: ...")."""
    return [line for line in lines if line.startswith("WARN: ")]


def poll_delays(first: float = 0.05, factor: float = 1.6, cap: float = 2.0) -> Iterator[float]:
    """Seconds to wait before each status poll: soon at first, then widening to `cap`."""
    delay = first
    while True:
        yield delay
        delay = min(cap, delay * factor)


@dataclass
class _TaskLogCopy:
    """Copies a task's log into the job's log, after the job's first `base` lines (its earlier tasks')."""

    pve: PveClient
    store: JobStore
    job_id: str
    upid: Upid
    base: int
    have: int = 0  # lines of this task copied so far

    async def poll(self) -> TaskStatus:
        """The task's status, after copying its new log lines and their progress."""
        status = await self.pve.get(_STATUS, TaskStatus, path={"node": self.upid.node, "upid": str(self.upid)})
        new = await self._new_lines()
        if new:
            self.have = await self.store.append_log(self.job_id, new) - self.base
            for line in new:
                percent = parse_progress(line)
                if percent is not None:
                    await self.store.progress(self.job_id, percent, line)
        return status

    async def _new_lines(self) -> list[str]:
        """Task log lines after the first `have` (PVE's `start` is a 0-based line offset)."""
        have = self.have
        lines: list[str] = []
        while True:
            page = await self.pve.get_page(
                _LOG,
                TaskLogLine,
                path={"node": self.upid.node, "upid": str(self.upid)},
                query={"start": have + len(lines), "limit": _LOG_PAGE},
            )
            entries = [entry for entry in page.data if entry.n > have + len(lines)]
            # PVE answers an empty log with one placeholder line "no content" (dump_logfile's ExtJS hack).
            if page.total == 1 and len(entries) == 1 and entries[0].t == "no content":
                return lines
            lines.extend(entry.t for entry in entries)
            if len(page.data) < _LOG_PAGE:
                return lines


async def follow_task(
    pve: PveClient,
    store: JobStore,
    job_id: str,
    upid: Upid,
    *,
    deadline: float,
    log_base: int = 0,
    delays: Iterator[float] | None = None,
) -> TaskEnd | None:
    """Follow `upid` until it stops (returns how) or `deadline` (time.monotonic) passes (returns None).

    The task's log lines go to the job's log after its first `log_base` lines (those of the
    job's earlier tasks). A poll still going at the deadline is abandoned: the next slice
    fetches the same lines again.
    """
    delays = delays or poll_delays()
    copy = _TaskLogCopy(pve, store, job_id, upid, log_base)
    copy.have = await store.log_length(job_id) - log_base
    while True:
        try:
            async with asyncio.timeout(max(0.0, deadline - time.monotonic())):
                status = await copy.poll()
        except TimeoutError:
            return None
        except (TransientPveError, NotFound, RequestRejected) as exc:
            young = time.time() - upid.starttime < _VISIBILITY_GRACE_SECONDS
            if not isinstance(exc, TransientPveError) and not young:
                raise
            log.info("task_poll_retry", upid=str(upid), code=exc.code)
        else:
            if status.status == "stopped":
                exitstatus = status.exitstatus or "unknown"
                page = await store.read_log(job_id, log_base, copy.have)
                log.info("task_finished", upid=str(upid), exitstatus=exitstatus)
                return TaskEnd(
                    exitstatus=exitstatus,
                    state=classify_exitstatus(exitstatus),
                    warnings=warning_lines(page.lines),
                    log_tail=page.lines[-20:],
                )
        pause = next(delays)
        if time.monotonic() + pause >= deadline:
            return None
        await asyncio.sleep(pause)
