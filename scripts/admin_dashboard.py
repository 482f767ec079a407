#!/usr/bin/env python3
"""A live terminal view of proxmox-mcp: nodes, guests, jobs, the queue and the workers.

It reads the job store in the Redis that REDIS_URL names and redraws in place:
- jobs: the ones still queued or running, then the most recent finished ones, with state,
  operation, node/vmid, progress, age, duration, worker and outcome;
- the queue depth (ZCARD pmcp:queue), split into jobs waiting for a worker, in progress
  (a job stays in its queue until it ends) and deferred (due later);
- worker health, from each worker's pmcp:worker:<name>:health key (rewritten every 2 s);
- nodes and guests, from read jobs (list_nodes, list_vms, list_lxc_containers) it enqueues
  the way the MCP server does, on every cluster (PROXMOX_CLUSTERS; each cluster's tables are
  titled with its name when there are several). The workers answer them, so the dashboard
  needs no PVE credentials, only Redis. Its own reads are left out of the job list and expire
  after five minutes instead of the usual job TTL.

Settings come from the environment and .env, as for the server. Quit with Ctrl-C.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, TypeVar

from redis.asyncio import Redis
from redis.exceptions import RedisError
from rich.console import Console, Group, RenderableType
from rich.live import Live
from rich.table import Table
from rich.text import Text

from shared.catalogue import Operation
from shared.clusters import load_clusters
from shared.errors import ProxmoxMcpError, WaitTimeout
from shared.jobs import keys
from shared.jobs.client import JobClient
from shared.jobs.health import health_keys, worker_name
from shared.jobs.record import JobRecord
from shared.jobs.redis_url import redis_client, redis_location
from shared.jobs.signing import signer_for
from shared.jobs.states import JobState
from shared.jobs.store import JobStore
from shared.listing import LIMIT_MAX
from shared.operations.base import Params, Result
from shared.operations.guests import LIST_LXC_CONTAINERS, LIST_VMS, GuestInfo, GuestList, ListGuestsParams
from shared.operations.nodes import LIST_NODES, ListNodesParams, NodeInfo, NodeList
from shared.redact import Redactor
from shared.settings import Settings, load_settings
from workers.worker import HEALTH_TTL_SECONDS

__all__ = [
    "Frame",
    "Inventory",
    "InventoryReader",
    "QueueDepth",
    "WorkerBeat",
    "main",
    "read_frame",
    "render",
]

R = TypeVar("R", bound=Result)

#: the record fields the dashboard shows (never `result` or `args`, which can be large)
_JOB_FIELDS = (
    "job_id",
    "operation",
    "tier",
    "state",
    "node",
    "vmid",
    "upid",
    "step",
    "cancel_requested",
    "attempts",
    "worker",
    "created_at",
    "updated_at",
    "started_at",
    "finished_at",
    "exitstatus",
    "message",
    "progress",
    "progress_message",
    "error_code",
)
#: queue entries looked at one by one (the earliest due); a longer queue is counted, not split
_QUEUE_SCAN = 2000
#: the dashboard's own inventory reads are kept this long, not the job TTL (a week by default)
OWN_JOB_TTL_SECONDS = 300
_REDIS_TIMEOUT_S = 5.0
_STATE_STYLE = {
    JobState.QUEUED: "yellow",
    JobState.DISPATCHING: "magenta",
    JobState.RUNNING: "bold cyan",
    JobState.SUCCEEDED: "green",
    JobState.SUCCEEDED_WITH_WARNINGS: "yellow",
    JobState.FAILED: "bold red",
    JobState.CANCELLED: "dim",
    JobState.TIMED_OUT: "red",
    JobState.UNKNOWN: "bold red",
}


# -- what one frame shows ---------------------------------------------------------------------


@dataclass(frozen=True)
class WorkerBeat:
    """One worker's health key: its line (`Mar-01 12:00:00 j_complete=3 ... queued=0`) and its TTL."""

    name: str
    text: str
    ttl_ms: int

    @property
    def counters(self) -> dict[str, str]:
        return dict(part.split("=", 1) for part in self.text.split() if "=" in part)

    @property
    def seconds_since_beat(self) -> float:
        return max(0.0, HEALTH_TTL_SECONDS - self.ttl_ms / 1000)


@dataclass(frozen=True)
class QueueDepth:
    """The queues (reads and changes): every job in them (ZCARD), split by what it waits for.

    A job stays in its queue until it has finished, so a running or followed job is counted too.
    """

    total: int
    waiting: int  # due, and no worker has it yet
    in_progress: int  # a worker holds it, running it or following its task (pmcp:claim:<id> exists)
    deferred: int  # due later: a retry after a backoff, a lock wait


@dataclass
class Inventory:
    """One cluster's nodes and guests as the last read jobs returned them, or why there are none."""

    nodes: list[NodeInfo] | None = None
    guests: list[GuestInfo] | None = None
    read_at: datetime | None = None
    note: str | None = "not read yet"
    cluster: str = keys.DEFAULT_CLUSTER


@dataclass
class Frame:
    """Everything one redraw shows, read at `taken_at`."""

    taken_at: datetime
    redis: str
    queue: QueueDepth = field(default_factory=lambda: QueueDepth(0, 0, 0, 0))
    workers: list[WorkerBeat] = field(default_factory=list)
    active: list[JobRecord] = field(default_factory=list)
    finished: list[JobRecord] = field(default_factory=list)
    #: one per cluster (None: the inventory is off)
    inventories: list[Inventory] | None = None
    problem: str | None = None


async def _read_queue(redis: Redis, now: datetime) -> QueueDepth:
    total, entries = 0, []
    for queue in sorted([queue async for queue in redis.scan_iter(match=keys.QUEUE_PATTERN, _type="zset")]):
        total += int(await redis.zcard(queue))
        entries += await redis.zrange(queue, 0, _QUEUE_SCAN - 1, withscores=True)
    async with redis.pipeline(transaction=False) as pipe:
        for job_id, _score in entries:
            pipe.exists(keys.job_claim(job_id))
        running = await pipe.execute()
    due_ms = now.timestamp() * 1000
    in_progress = sum(bool(flag) for flag in running)
    due = sum(score <= due_ms for (_job_id, score), flag in zip(entries, running, strict=True) if not flag)
    # beyond the first _QUEUE_SCAN entries (the earliest due) every job counts as waiting
    waiting = due + max(0, total - len(entries))
    return QueueDepth(total, waiting, in_progress, total - waiting - in_progress)


async def _read_workers(redis: Redis) -> list[WorkerBeat]:
    found = await health_keys(redis)
    if not found:
        return []
    async with redis.pipeline(transaction=False) as pipe:
        for key in found:
            pipe.get(key)
            pipe.pttl(key)
        answers = await pipe.execute()
    beats = [
        WorkerBeat(worker_name(key), text, int(ttl))
        for key, text, ttl in zip(found, answers[::2], answers[1::2], strict=True)
        if text is not None
    ]
    return sorted(beats, key=lambda beat: beat.name)


async def read_frame(
    redis: Redis,
    *,
    where: str,
    finished_limit: int = 15,
    scan: int = 500,
    hidden: set[str] | None = None,
    inventories: list[Inventory] | None = None,
) -> Frame:
    """Read one frame from Redis; a Redis failure becomes the frame's `problem`, never an exception."""
    now = datetime.now(UTC)
    frame = Frame(taken_at=now, redis=where, inventories=inventories)
    try:
        frame.queue = await _read_queue(redis, now)
        frame.workers = await _read_workers(redis)
        jobs = await JobStore(redis, ttl_seconds=0).newest(scan, _JOB_FIELDS, hidden=hidden)
    except RedisError as exc:
        frame.problem = f"Redis at {where} cannot be read: {exc}"
        return frame
    frame.active = [job for job in jobs if not job.terminal]
    frame.finished = [job for job in jobs if job.terminal][:finished_limit]
    return frame


# -- nodes and guests through the queue -------------------------------------------------------


class InventoryReader:
    """Reads nodes and guests of each cluster with read jobs on its queue, the way the MCP server runs its tools."""

    def __init__(self, jobs: JobClient, *, wait_seconds: float, clusters: Sequence[str] = ()) -> None:
        self.jobs = jobs
        self.wait_seconds = wait_seconds
        #: the clusters read (none given: the client's own); VMID 100 of one is another guest than the next's
        self.clusters = tuple(clusters) or (jobs.cluster,)
        self.inventories = [Inventory(cluster=cluster) for cluster in self.clusters]
        #: this dashboard's jobs still in flight, left out of the job list
        self.own_jobs: set[str] = set()

    async def refresh(self) -> list[Inventory]:
        """Read every cluster's nodes, VMs and containers once, the clusters at once; a cluster whose reads fail
        keeps its last answer and says why, the others are shown as read."""
        try:
            alive = await self.jobs.workers_alive()
        except ProxmoxMcpError as exc:
            alive, why = 0, str(exc)
        except RedisError as exc:
            alive, why = 0, f"Redis failed during the read: {exc}"
        else:
            why = "no worker is alive, so nothing answers reads (start proxmox-mcp-worker)"
        if not alive:
            self.inventories = [_noted(inventory, why) for inventory in self.inventories]
        else:
            self.inventories = list(await asyncio.gather(*(self._refresh(last) for last in self.inventories)))
        return self.inventories

    async def _refresh(self, last: Inventory) -> Inventory:
        jobs = self.jobs.on(last.cluster)
        try:
            # with several clusters a worker may serve only some (PROXMOX_MCP_WORKER_CLUSTERS); one cluster's
            # workers all serve it, older ones (whose health line names no clusters) too
            if len(self.clusters) > 1 and not await jobs.workers_alive(last.cluster):
                return _noted(last, f"no worker for cluster {last.cluster} is running, so nothing answers its reads")
            nodes, vms, containers = await self._read_all(jobs)
        except ProxmoxMcpError as exc:
            return _noted(last, str(exc))
        except RedisError as exc:
            return _noted(last, f"Redis failed during the read: {exc}")
        except Exception as exc:  # anything else: shown in the frame, and the next refresh tries again
            return _noted(last, f"the read failed unexpectedly: {type(exc).__name__}: {exc}")
        guests = sorted([*vms.guests, *containers.guests], key=lambda guest: guest.vmid)
        return Inventory(nodes.nodes, guests, datetime.now(UTC), None, last.cluster)

    async def _read_all(self, jobs: JobClient) -> tuple[NodeList, GuestList, GuestList]:
        """The three reads; each runs to its end (bounded by wait_seconds, its job retired) even when another fails."""
        nodes, vms, containers = await asyncio.gather(
            self._read(jobs, LIST_NODES, ListNodesParams()),
            self._all_guests(jobs, LIST_VMS),
            self._all_guests(jobs, LIST_LXC_CONTAINERS),
            return_exceptions=True,
        )
        if isinstance(nodes, BaseException):
            raise nodes
        if isinstance(vms, BaseException):
            raise vms
        if isinstance(containers, BaseException):
            raise containers
        return nodes, vms, containers

    async def _all_guests(self, jobs: JobClient, op: Operation[Any, GuestList]) -> GuestList:
        """Every guest, a page of LIMIT_MAX at a time (the list tools answer in pages)."""
        page = await self._read(jobs, op, ListGuestsParams(limit=LIMIT_MAX))
        guests = list(page.guests)
        while page.next_cursor is not None:
            page = await self._read(jobs, op, ListGuestsParams(limit=LIMIT_MAX, cursor=page.next_cursor))
            guests += page.guests
        return page.model_copy(update={"guests": guests, "count": len(guests)})

    async def _read(self, jobs: JobClient, op: Operation[Any, R], params: Params) -> R:
        record = await jobs.submit(op, params)
        self.own_jobs.add(record.job_id)
        try:
            finished = await jobs.wait(record.job_id, seconds=self.wait_seconds)
        finally:
            # answered or not, this read is over for the dashboard: the next refresh asks anew
            await jobs.store.retire(record.job_id, OWN_JOB_TTL_SECONDS)
            self.own_jobs.discard(record.job_id)
        if not finished.terminal:
            raise WaitTimeout(f"{op.name} did not finish within {self.wait_seconds:.0f}s (are the workers busy?)")
        return await jobs.answer(op, finished)


def _noted(inventory: Inventory, why: str) -> Inventory:
    """The cluster's last answer, kept, with why it is not newer."""
    return Inventory(inventory.nodes, inventory.guests, inventory.read_at, why, inventory.cluster)


# -- rendering --------------------------------------------------------------------------------


def _span(seconds: float) -> str:
    """12s, 3m04s, 2h05m, 3d04h."""
    seconds = max(0, int(seconds))
    if seconds < 60:
        return f"{seconds}s"
    if seconds < 3600:
        return f"{seconds // 60}m{seconds % 60:02d}s"
    if seconds < 86400:
        return f"{seconds // 3600}h{seconds % 3600 // 60:02d}m"
    return f"{seconds // 86400}d{seconds % 86400 // 3600:02d}h"


def _bytes(value: int | None) -> str:
    if value is None:
        return "-"
    size = float(value)
    for unit in ("B", "KiB", "MiB", "GiB", "TiB"):
        if size < 1024 or unit == "TiB":
            return f"{size:.0f} {unit}" if unit == "B" else f"{size:.1f} {unit}"
        size /= 1024
    return f"{size:.1f} TiB"


def _memory(used: int | None, total: int | None) -> str:
    return "-" if used is None and total is None else f"{_bytes(used)} / {_bytes(total)}"


def _percent(value: float | None) -> str:
    return "-" if value is None else f"{value:.0f}%"


def _progress(job: JobRecord) -> Text:
    if job.progress is None:
        return Text("-", style="dim")
    filled = round(job.progress / 10)
    bar = Text("█" * filled, style="cyan") + Text("░" * (10 - filled), style="dim")
    label = f" {job.progress:.0f}%"
    if job.progress_message:
        label += f" {job.progress_message[:48]}"
    return bar + Text(label)


def _target(job: JobRecord) -> str:
    parts = [part for part in (job.node, str(job.vmid) if job.vmid is not None else None) if part]
    return "/".join(parts) or "-"


def _state(job: JobRecord) -> Text:
    text = Text(job.state.value, style=_STATE_STYLE.get(job.state, ""))
    if not job.terminal:
        if job.step:  # a change made of several tasks (stop, then destroy)
            text.append(f" ({job.step})")
        if job.cancel_requested:
            text.append(" cancelling", style="bold red")
    return text


def _outcome(job: JobRecord) -> Text:
    if job.error_code:
        return Text(job.error_code, style="red")
    text = Text(job.exitstatus or "", style="green" if job.exitstatus == "OK" else "yellow")
    if job.message:
        text.append(f" {job.message}" if job.exitstatus else job.message, style="")
    return text


def _jobs_table(frame: Frame) -> Table:
    now = frame.taken_at
    table = Table(title="Jobs: active, then recently finished", title_justify="left", expand=True)
    for column in ("job", "operation", "state", "node/vmid", "progress", "age", "duration", "worker", "tries"):
        table.add_column(column, no_wrap=column in ("job", "state", "age", "duration"))
    table.add_column("outcome")
    for job in [*frame.active, *frame.finished]:
        began = job.started_at or job.created_at
        end = job.finished_at or now
        table.add_row(
            job.job_id[:12],
            job.operation,
            _state(job),
            _target(job),
            _progress(job),
            _span((now - job.created_at).total_seconds()),
            _span((end - began).total_seconds()) if job.started_at or job.terminal else "-",
            job.worker or "-",
            str(job.attempts),
            _outcome(job),
        )
    if not frame.active and not frame.finished:
        table.add_row("", Text("no jobs in the store", style="dim"), *[""] * 8)
    return table


def _workers_table(frame: Frame) -> Table:
    table = Table(title="Workers (health keys)", title_justify="left", expand=True)
    for column in ("worker", "last beat", "done", "failed", "retried", "running now", "queue seen"):
        table.add_column(column)
    table.add_column("health text", overflow="fold")
    for beat in frame.workers:
        counters = beat.counters
        table.add_row(
            beat.name,
            f"{beat.seconds_since_beat:.0f}s ago",
            counters.get("j_complete", "?"),
            counters.get("j_failed", "?"),
            counters.get("j_retried", "?"),
            counters.get("j_ongoing", "?"),
            counters.get("queued", "?"),
            Text(beat.text, style="dim"),
        )
    if not frame.workers:
        table.add_row(Text("no worker alive: jobs wait in the queue", style="bold red"), *[""] * 7)
    return table


def _nodes_table(inventory: Inventory, now: datetime, of: str) -> Table:
    table = Table(title=f"Nodes{of}{_inventory_age(inventory, now)}", title_justify="left", expand=True)
    for column in ("node", "status", "cpu", "memory", "uptime", "guests running"):
        table.add_column(column)
    guests = inventory.guests or []
    for node in inventory.nodes or []:
        mine = [guest for guest in guests if guest.node == node.node]
        running = sum(guest.status == "running" for guest in mine)
        table.add_row(
            node.node,
            Text(node.status, style="green" if node.status == "online" else "bold red"),
            _percent(node.cpu_percent),
            _memory(node.memory_used_bytes, node.memory_total_bytes),
            _span(node.uptime_seconds) if node.uptime_seconds else "-",
            f"{running} of {len(mine)}",
        )
    return table


def _guests_table(inventory: Inventory, now: datetime, limit: int, of: str) -> Table:
    guests = inventory.guests or []
    caption = f"{len(guests) - limit} more not shown (--guests)" if len(guests) > limit else None
    title = f"Guests{of}{_inventory_age(inventory, now)}"
    table = Table(title=title, title_justify="left", expand=True, caption=caption)
    for column in ("vmid", "name", "kind", "node", "status", "cpu", "memory", "uptime", "lock"):
        table.add_column(column)
    for guest in guests[:limit]:
        table.add_row(
            str(guest.vmid),
            guest.name or "-",
            guest.kind,
            guest.node,
            Text(guest.status, style="green" if guest.status == "running" else ""),
            _percent(guest.cpu_percent),
            _memory(guest.memory_used_bytes, guest.memory_total_bytes),
            _span(guest.uptime_seconds) if guest.uptime_seconds else "-",
            guest.lock or "",
        )
    return table


def _inventory_age(inventory: Inventory, now: datetime) -> str:
    if inventory.read_at is None:
        return ""
    return f" (read {_span((now - inventory.read_at).total_seconds())} ago through the queue)"


def _header(frame: Frame) -> Text:
    header = Text("proxmox-mcp", style="bold")
    header.append(f"  Redis {frame.redis}  {frame.taken_at:%Y-%m-%d %H:%M:%S} UTC  ")
    queue = frame.queue
    header.append(f"queue {queue.total}", style="bold yellow" if queue.waiting and not frame.workers else "bold")
    header.append(f" ({queue.waiting} waiting, {queue.in_progress} in progress, {queue.deferred} deferred)  ")
    header.append(f"workers {len(frame.workers)} alive", style="bold" if frame.workers else "bold red")
    header.append(f"  jobs active {len(frame.active)}")
    return header


def render(frame: Frame, *, guests_limit: int = 30) -> RenderableType:
    """One frame as rich renderables: header, workers, jobs, then nodes and guests."""
    parts: list[RenderableType] = [_header(frame)]
    if frame.problem:
        parts.append(Text(frame.problem, style="bold red"))
        return Group(*parts)
    parts.extend([_workers_table(frame), _jobs_table(frame)])
    if frame.inventories is None:
        parts.append(Text("Nodes and guests: off (--inventory-interval 0)", style="dim"))
        return Group(*parts)
    several = len(frame.inventories) > 1
    for inventory in frame.inventories:
        of = f" of cluster {inventory.cluster}" if several else ""  # VMID 100 may be on each: say whose
        if inventory.note:
            parts.append(Text(f"Nodes and guests{of}: {inventory.note}", style="yellow"))
        if inventory.nodes is not None:
            parts.extend(
                [
                    _nodes_table(inventory, frame.taken_at, of),
                    _guests_table(inventory, frame.taken_at, guests_limit, of),
                ]
            )
    return Group(*parts)


# -- running ----------------------------------------------------------------------------------


@dataclass
class Dashboard:
    """The connections and options of one dashboard run."""

    redis: Redis  # short timeouts: a frame never hangs on a Redis that is gone
    reader: InventoryReader | None
    where: str
    finished_limit: int
    guests_limit: int

    async def frame(self) -> Frame:
        reader = self.reader
        return await read_frame(
            self.redis,
            where=self.where,
            finished_limit=self.finished_limit,
            hidden=reader.own_jobs if reader else None,
            inventories=reader.inventories if reader else None,
        )

    def draw(self, frame: Frame) -> RenderableType:
        return render(frame, guests_limit=self.guests_limit)


async def _refresh_inventory(reader: InventoryReader, interval: float) -> None:
    while True:
        await reader.refresh()
        await asyncio.sleep(interval)


async def _live(dashboard: Dashboard, console: Console, interval: float, inventory_interval: float) -> None:
    background = None
    if dashboard.reader is not None:
        background = asyncio.create_task(_refresh_inventory(dashboard.reader, inventory_interval))
    try:
        if console.is_terminal:
            with Live(console=console, auto_refresh=False, redirect_stderr=False) as live:
                while True:
                    live.update(dashboard.draw(await dashboard.frame()), refresh=True)
                    await asyncio.sleep(interval)
        else:  # a pipe or a file: one frame after another
            while True:
                console.print(dashboard.draw(await dashboard.frame()))
                console.rule()
                await asyncio.sleep(interval)
    finally:
        if background is not None:
            background.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await background


async def run(settings: Settings, args: argparse.Namespace, console: Console) -> int:
    assert settings.redis_url is not None  # main() checked
    url = settings.redis_url.get_secret_value()
    where = redis_location(url)
    redis = redis_client(url, socket_connect_timeout=_REDIS_TIMEOUT_S, socket_timeout=_REDIS_TIMEOUT_S)
    # the inventory waits on job events with XREAD BLOCK, so its connections have no read timeout
    store_redis = redis_client(url, socket_connect_timeout=_REDIS_TIMEOUT_S)
    reader = None
    if args.inventory_interval > 0:
        store = JobStore(store_redis, ttl_seconds=settings.job_ttl_seconds)
        clusters = load_clusters(settings)
        jobs = JobClient(
            store, redactor=Redactor(settings.secrets()), signer=signer_for(settings), cluster=clusters.default.name
        )
        reader = InventoryReader(jobs, wait_seconds=settings.read_timeout_seconds, clusters=list(clusters))
    dashboard = Dashboard(redis, reader, where, args.jobs, args.guests)
    try:
        try:
            await redis.ping()
        except RedisError as exc:
            print(
                f"admin_dashboard: cannot reach Redis at {where}: {exc}. "
                "Next: check REDIS_URL and that Redis runs (scripts/test_connection.py checks both).",
                file=sys.stderr,
            )
            return 1
        if args.once:
            if reader is not None:
                await reader.refresh()
            frame = await dashboard.frame()
            console.print(dashboard.draw(frame))
            return 1 if frame.problem else 0
        await _live(dashboard, console, args.interval, args.inventory_interval)
        return 0
    finally:
        await redis.aclose(close_connection_pool=True)
        await store_redis.aclose(close_connection_pool=True)


def _positive(text: str) -> float:
    value = float(text)
    if value <= 0:
        raise argparse.ArgumentTypeError("must be more than 0")
    return value


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="admin_dashboard.py", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--once", action="store_true", help="draw one frame and exit (for scripts and logs)")
    parser.add_argument("--interval", type=_positive, default=1.0, help="seconds between redraws (default 1)")
    parser.add_argument(
        "--inventory-interval",
        type=float,
        default=30.0,
        help="seconds between reads of nodes and guests through the queue; 0 turns them off (default 30)",
    )
    parser.add_argument("--jobs", type=int, default=15, help="finished jobs to show (default 15)")
    parser.add_argument("--guests", type=int, default=30, help="guests to show (default 30)")
    parser.add_argument("--width", type=int, help="columns to draw in (default: the terminal's, 160 in a pipe)")
    return parser


def _console(width: int | None) -> Console:
    console = Console(highlight=False)
    if width is not None:
        console.width = width
    elif not console.is_terminal and "COLUMNS" not in os.environ:
        console.width = 160  # a log file reads better with wide tables than with wrapped cells
    return console


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        settings = load_settings()
    except ProxmoxMcpError as exc:
        print(f"admin_dashboard: {exc}", file=sys.stderr)
        return 2
    if settings.redis_url is None:
        print(
            "admin_dashboard: REDIS_URL is not set. Next: the dashboard reads the shared Redis of a compose or "
            "multi-worker setup; in embedded mode the job store lives inside the MCP server process.",
            file=sys.stderr,
        )
        return 2
    try:
        return asyncio.run(run(settings, args, _console(args.width)))
    except KeyboardInterrupt:
        return 0


if __name__ == "__main__":
    sys.exit(main())
