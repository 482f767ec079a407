"""scripts/admin_dashboard.py: frames of a live job store, a real worker and pvesim.

Frames are read from a private redis-server. The real-worker tests run the script as a
process, as an administrator does; the progress test renders in-process into a recording
console, since the store is written the way a worker writes a PVE task's progress.
"""

from __future__ import annotations

import asyncio
import re
import sys
from datetime import timedelta
from pathlib import Path

import pytest
from redis.asyncio import Redis
from rich.console import Console

from scripts.admin_dashboard import InventoryReader, read_frame, redis_location, render
from shared.jobs import keys
from shared.jobs.client import JobClient
from shared.jobs.connection import RedisConnections, connect_redis
from shared.jobs.record import JobRecord, utcnow
from shared.jobs.states import JobState
from shared.jobs.store import JobStore
from shared.operations.create import CREATE_VM
from shared.redact import Redactor
from shared.settings import load_settings
from tests.support.payloads import new_vm
from tests.support.redis_server import RedisServer, free_port
from tests.support.scripts import SCRIPTS, base_env, run_script
from tests.support.signing import SIGNER
from tests.support.stack import Stack
from tests.support.two_clusters import two_clusters
from tests.support.waiting import eventually

pytestmark = pytest.mark.timeout(120)

UPID = "UPID:pve1:0000C0DE:0001F00D:6650A1B2:qmclone:100:root@pam!mcp:"


def frame_text(renderable: object) -> str:
    console = Console(record=True, width=220, force_terminal=False)
    console.print(renderable)
    return console.export_text()


def row_of(text: str, needle: str) -> str:
    rows = [line for line in text.splitlines() if needle in line]
    assert rows, f"{needle!r} not in the frame:\n{text}"
    return rows[0]


async def test_frame_shows_a_running_job_with_its_state_and_progress(redis: Redis, redis_proc: RedisServer) -> None:
    store = JobStore(redis, ttl_seconds=3600)
    running = JobRecord(job_id="a1" * 16, operation="clone_vm", tier="restricted", node="pve1", vmid=100)
    await store.create(running)
    await store.update(running.job_id, worker="w1", attempts=1, started_at=utcnow() - timedelta(seconds=75))
    await store.transition(running.job_id, JobState.DISPATCHING)
    await store.record_upid(running.job_id, UPID)
    await store.progress(running.job_id, 42.0, "drive-scsi0: transferred 4.2 GiB of 10 GiB")
    done = JobRecord(job_id="b2" * 16, operation="list_vms", tier="safe")
    await store.create(done)
    await store.transition(done.job_id, JobState.SUCCEEDED)
    await redis.set(
        keys.worker_health("w1"), "Nov-30 03:22:55 j_complete=7 j_failed=1 j_retried=0 j_ongoing=1 queued=0"
    )
    await redis.zadd(
        keys.queue_for(keys.DEFAULT_CLUSTER, False), {"waiting-job": 0, running.job_id: 0, "retry-later": 2**52}
    )
    await redis.set(keys.job_claim(running.job_id), "w1:abc:1")

    frame = await read_frame(redis, where=redis_location(redis_proc.url))
    text = frame_text(render(frame))

    row = row_of(text, running.job_id[:12])
    assert "clone_vm" in row
    assert "running" in row
    assert "42%" in row
    assert "drive-scsi0" in row
    assert "pve1/100" in row
    assert "w1" in row
    assert "1m15s" in row  # how long it has been running
    assert "succeeded" in row_of(text, done.job_id[:12])
    assert text.index(running.job_id[:12]) < text.index(done.job_id[:12])  # active jobs first
    assert "queue 3 (1 waiting, 1 in progress, 1 deferred)" in text
    assert "j_complete=7" in row_of(text, "w1 ")


async def test_frame_shows_a_vm_being_created_by_a_worker_process_with_its_progress(
    stack: Stack, redis: Redis, workdir: Path
) -> None:
    """A real change: the worker dispatches qmcreate to pvesim and copies the task's progress into the store."""
    stack.start_worker("w1")
    await eventually(lambda: redis.exists(keys.worker_health("w1")), timeout=20, what="worker w1's health key")
    stack.sim.faults.add_task_rule(type="qmcreate", duration=120.0)  # slow: it runs while frames are drawn
    assert stack.redis is not None
    conns = connect_redis(load_settings(redis_url=stack.redis.url))
    store = JobStore(conns.store, ttl_seconds=3600)
    try:
        record = await JobClient(store, redactor=Redactor(), signer=SIGNER).submit(CREATE_VM, new_vm("dash01"))

        async def progressing() -> JobRecord | None:
            current = await store.get(record.job_id)
            return current if current is not None and current.progress is not None else None

        await store.mark_waiting(record.job_id, 60)  # a client waits on it: its progress is copied as it comes
        seen = await eventually(progressing, timeout=30, what="the create task's first progress")
        assert seen.state is JobState.RUNNING
        run = await run_script(
            "admin_dashboard.py", "--once", "--inventory-interval", "0", "--width", "220", env=stack.env(), cwd=workdir
        )
    finally:
        await conns.aclose()
    assert run.code == 0, run.output
    row = row_of(run.stdout, record.job_id[:12])
    assert "create_vm" in row
    assert "running" in row
    assert "pve1/" in row  # the VMID the worker took from /cluster/nextid
    assert re.search(r"█+░* (25|50|75|100)% .*transferred", row), row
    assert "w1" in row
    assert "(0 waiting, 1 in progress, 0 deferred)" in run.stdout
    assert "Nodes and guests: off" in run.stdout


async def test_nodes_and_guests_are_read_through_the_queue_and_leave_no_jobs_behind(
    stack: Stack, redis: Redis, workdir: Path
) -> None:
    stack.start_worker("w1")
    await eventually(lambda: redis.exists(keys.worker_health("w1")), timeout=20, what="worker w1's health key")
    run = await run_script("admin_dashboard.py", "--once", "--width", "200", env=stack.env(), cwd=workdir)
    assert run.code == 0, run.output
    for name, node in stack.sim.state.nodes.items():
        assert ("online" if node.online else "offline") in row_of(run.stdout, f" {name} ")
    for guest in stack.sim.state.guests.values():
        row = row_of(run.stdout, f" {guest.vmid} ")
        assert guest.kind in row
        assert guest.node in row
    assert "no jobs in the store" in run.stdout  # its own reads are not listed
    assert await redis.zcard(keys.JOB_INDEX) == 0
    job_keys = [key async for key in redis.scan_iter(match=keys.job_record("*"))]
    assert len([key for key in job_keys if key.count(":") == 2]) == 3  # list_nodes, list_vms, list_lxc_containers
    for key in job_keys:  # records and their event streams expire in minutes, not with the job TTL
        # (the replay marker of a job lives until the job's signature expires, an hour)
        assert 0 < await redis.ttl(key) <= (3660 if key.endswith(":signed") else 300)


async def test_without_a_worker_the_frame_says_nothing_answers(
    redis_proc: RedisServer, redis: Redis, workdir: Path
) -> None:
    run = await run_script(
        "admin_dashboard.py", "--once", "--width", "200", env=base_env(REDIS_URL=redis_proc.url), cwd=workdir
    )
    assert run.code == 0, run.output
    assert "workers 0 alive" in run.stdout
    assert "no worker alive" in run.stdout
    assert "no worker is alive, so nothing answers reads" in run.stdout
    assert (
        await redis.zcard(keys.queue_for(keys.DEFAULT_CLUSTER, False)) == 0
    )  # it enqueued nothing that would wait forever


async def test_live_view_follows_a_job_from_running_to_succeeded(
    redis_proc: RedisServer, redis: Redis, workdir: Path
) -> None:
    """Without a terminal it prints one frame per interval; each shows the job as the store has it then."""
    store = JobStore(redis, ttl_seconds=3600)
    job = JobRecord(job_id="c3" * 16, operation="list_snapshots", tier="safe", node="pve2", vmid=102)
    await store.create(job)
    await store.transition(job.job_id, JobState.RUNNING)
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        str(SCRIPTS / "admin_dashboard.py"),
        "--interval",
        "0.2",
        "--inventory-interval",
        "0",
        "--width",
        "200",
        env=base_env(REDIS_URL=redis_proc.url),
        cwd=workdir,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.DEVNULL,
    )
    assert process.stdout is not None
    stdout = process.stdout

    async def a_row_saying(state: str) -> None:
        while True:
            line = (await stdout.readline()).decode()
            assert line, "the dashboard stopped"
            if job.job_id[:12] in line and state in line:
                return

    try:
        await asyncio.wait_for(a_row_saying("running"), 30)
        await store.transition(job.job_id, JobState.SUCCEEDED)
        await asyncio.wait_for(a_row_saying("succeeded"), 30)
    finally:
        process.terminate()
        await process.wait()


async def test_unreachable_redis_exits_1_with_one_line(workdir: Path) -> None:
    url = f"redis://:hunter2-secret@127.0.0.1:{free_port()}/0"
    run = await run_script("admin_dashboard.py", "--once", env=base_env(REDIS_URL=url), cwd=workdir)
    assert run.code == 1
    assert run.stdout == ""
    assert "cannot reach Redis at 127.0.0.1:" in run.stderr
    assert "hunter2-secret" not in run.output
    assert "Traceback" not in run.output


async def test_embedded_mode_is_refused_with_a_hint(workdir: Path) -> None:
    run = await run_script("admin_dashboard.py", "--once", env=base_env(), cwd=workdir)
    assert run.code == 2
    assert "REDIS_URL is not set" in run.stderr
    assert "Traceback" not in run.output


def inventory_reader(redis_url: str, wait_seconds: float) -> tuple[InventoryReader, RedisConnections]:
    """The dashboard's reader of nodes and guests, on its own connections (close them after)."""
    conns = connect_redis(load_settings(redis_url=redis_url))
    store = JobStore(conns.store, ttl_seconds=3600)
    return InventoryReader(JobClient(store, redactor=Redactor(), signer=SIGNER), wait_seconds=wait_seconds), conns


async def test_a_read_no_worker_answers_in_time_is_retired_not_kept_hidden(
    redis_proc: RedisServer, redis: Redis
) -> None:
    await redis.set(keys.worker_health("busy"), "Nov-30 03:22:55 j_ongoing=1 queued=3", ex=60)  # alive, takes nothing
    reader, conns = inventory_reader(redis_proc.url, wait_seconds=0.2)
    try:
        [inventory] = await reader.refresh()
    finally:
        await conns.aclose()
    assert inventory.note is not None
    assert "did not finish within" in inventory.note
    assert reader.own_jobs == set()
    assert await redis.zcard(keys.JOB_INDEX) == 0
    records = [key async for key in redis.scan_iter(match=keys.job_record("*")) if key.count(":") == 2]
    assert len(records) == 3
    for key in records:
        assert 0 < await redis.ttl(key) <= 300


async def test_an_unexpected_failure_of_a_read_is_shown_and_the_next_refresh_runs(
    redis_proc: RedisServer, redis: Redis
) -> None:
    """A worker of another version answers with results this dashboard cannot read."""
    await redis.set(keys.worker_health("odd"), "Nov-30 03:22:55 j_ongoing=0 queued=0", ex=60)
    store = JobStore(redis, ttl_seconds=3600)
    answered: set[str] = set()

    async def odd_worker() -> None:
        while True:
            for job_id in set(await redis.zrange(keys.JOB_INDEX, 0, -1)) - answered:
                await store.transition(job_id, JobState.SUCCEEDED, result={"nodes": "not a list", "guests": 7})
                answered.add(job_id)
            await asyncio.sleep(0.01)

    worker = asyncio.create_task(odd_worker())
    reader, conns = inventory_reader(redis_proc.url, wait_seconds=10)
    try:
        [first] = await reader.refresh()
        [second] = await reader.refresh()
    finally:
        worker.cancel()
        await conns.aclose()
    for inventory in (first, second):
        assert inventory.note is not None
        assert "does not fit NodeList" in inventory.note, inventory.note
    assert len(answered) == 6  # the second refresh read again
    assert reader.own_jobs == set()


def _section(text: str, title: str, end: str | None) -> str:
    """The frame's lines from the table titled `title` up to the one titled `end` (or the frame's end)."""
    start = text.index(title)
    return text[start : text.index(end, start) if end else None]


async def test_the_inventory_covers_every_cluster_each_under_its_name(
    redis_proc: RedisServer, redis: Redis, workdir: Path
) -> None:
    """Two clusters, both with a VM 100 (web-a, web-b): each cluster's guests under its own title; with b's worker
    stopped, b says so and a is still read."""
    async with two_clusters("redis", redis_proc, workdir) as stack:
        run = await run_script("admin_dashboard.py", "--once", "--width", "200", env=stack.env(), cwd=workdir)
        assert run.code == 0, run.output
        a = _section(run.stdout, "Guests of cluster a", "Nodes of cluster b")
        b = _section(run.stdout, "Guests of cluster b", None)
        assert "web-a" in row_of(a, " 100 ") and "web-b" not in a
        assert "web-b" in row_of(b, " 100 ") and "web-a" not in b
        for name in stack.sims()["b"].state.nodes:
            assert name in _section(run.stdout, "Nodes of cluster b", "Guests of cluster b")
        (wb,) = [worker for worker in stack.workers if worker.name == "wb"]
        wb.stop()
        await redis.delete(keys.worker_health("wb"))  # as its TTL would, a few seconds later
        run = await run_script("admin_dashboard.py", "--once", "--width", "200", env=stack.env(), cwd=workdir)
        assert run.code == 0, run.output
        assert "Nodes and guests of cluster b: no worker for cluster b is running" in run.stdout
        assert "web-a" in row_of(_section(run.stdout, "Guests of cluster a", None), " 100 ")
        assert "Guests of cluster b" not in run.stdout  # never read: nothing to show
