"""Effects happen once: a worker SIGKILLed mid-change leaves the job to another, which never repeats it.

arq reruns a killed worker's job once its lease ends (the longest job timeout + 10 s; the
stack's fast-recovery settings make that about 15 s). The rerun must reconcile or resume,
never dispatch a second time; pvesim's request log and effect counters prove it.
"""

from __future__ import annotations

import signal
from collections.abc import AsyncIterator, Callable
from typing import Any

import pytest
from mcp import Client
from redis.asyncio import Redis

from pvesim.config import SimConfig
from pvesim.simulator import Simulator
from shared.jobs.record import JobRecord
from shared.jobs.states import JobState
from shared.jobs.store import JobStore
from tests.e2e.conftest import FAST_RECOVERY, start_stack
from tests.support.redis_server import RedisServer
from tests.support.stack import HostedClient, Stack, WorkerProcess
from tests.support.waiting import eventually

pytestmark = pytest.mark.timeout(180)


@pytest.fixture(scope="module")
async def kill_stack(redis_proc: RedisServer) -> AsyncIterator[Stack]:
    config = SimConfig(task_duration=0.3, lock_timeout=0.5)
    stack = await start_stack("redis", redis_proc, config, {"PROXMOX_ALLOW_DANGER": "true", **FAST_RECOVERY})
    yield stack
    stack.stop()
    await stack.sim.stop()


@pytest.fixture(scope="module")
async def client(kill_stack: Stack) -> AsyncIterator[Client]:
    async with HostedClient(kill_stack.client()) as connected:
        yield connected


@pytest.fixture
async def store(kill_stack: Stack) -> AsyncIterator[JobStore]:
    assert kill_stack.redis is not None
    redis = Redis.from_url(kill_stack.redis.url, decode_responses=True)
    yield JobStore(redis, ttl_seconds=3600)
    await redis.aclose()


def kill_when(sim: Simulator, worker: WorkerProcess, method: str, path_suffix: str) -> Callable[[], None]:
    """SIGKILL `worker` the moment pvesim has handled its `method` request, before the answer reaches it."""
    original = sim.core.handle

    async def handle(verb: str, path: str, *rest: Any) -> Any:
        answer = await original(verb, path, *rest)
        if verb == method and path.endswith(path_suffix) and worker.process.poll() is None:
            worker.process.send_signal(signal.SIGKILL)
        return answer

    sim.core.handle = handle  # type: ignore[method-assign]

    def restore() -> None:
        sim.core.handle = original  # type: ignore[method-assign]

    return restore


def live_worker(stack: Stack, name: str) -> WorkerProcess:
    return next(w for w in stack.workers if w.name == name and w.process.poll() is None)


async def submit(client: Client, tool: str, **arguments: Any) -> str:
    result = await client.call_tool(tool, {**arguments, "confirmed": True, "wait_seconds": 0})
    assert not result.is_error, result.content
    assert result.structured_content is not None
    return str(result.structured_content["job_id"])


async def finished(store: JobStore, job_id: str) -> JobRecord:
    async def ended() -> JobRecord | None:
        record = await store.get(job_id)
        return record if record is not None and record.terminal else None

    return await eventually(ended, timeout=90, interval=0.2, what=f"job {job_id} to end")


def posts(sim: Simulator, suffix: str, method: str = "POST") -> int:
    return sum(1 for r in sim.requests if r.method == method and r.path.endswith(suffix))


def tasks_of(sim: Simulator, task_type: str, vmid: int) -> list[Any]:
    return [t for t in sim.state.tasks.values() if t.type == task_type and t.vmid == vmid]


async def test_worker_killed_right_after_dispatch_leaves_one_start(
    kill_stack: Stack, client: Client, store: JobStore
) -> None:
    sim = kill_stack.sim
    vmid = next(g.vmid for g in sim.state.guests.values() if g.kind == "qemu" and g.status == "stopped")
    suffix = f"/qemu/{vmid}/status/start"
    restore = kill_when(sim, live_worker(kill_stack, "w1"), "POST", suffix)
    try:
        job_id = await submit(client, "power_control", vmid=vmid, action="start")
        await eventually(lambda: _dead(kill_stack, "w1"), what="w1 to be killed mid-dispatch")
    finally:
        restore()
    dying = await store.get(job_id)
    assert dying is not None
    assert (dying.state, dying.upid) == (JobState.DISPATCHING, None)  # PVE started a task nobody recorded
    kill_stack.start_worker("w2")
    record = await finished(store, job_id)
    assert record.state is JobState.SUCCEEDED
    assert record.attempts == 2
    assert [t.upid for t in tasks_of(sim, "qmstart", vmid)] == [record.upid]
    assert posts(sim, suffix) == 1
    assert sim.state.counts[vmid]["started"] == 1
    assert sim.state.guests[vmid].status == "running"


async def test_worker_killed_while_following_resumes_the_same_task(
    kill_stack: Stack, client: Client, store: JobStore
) -> None:
    sim = kill_stack.sim
    vmid = next(g.vmid for g in sim.state.guests.values() if g.kind == "lxc" and g.status == "running")
    sim.faults.add_task_rule(type="vzshutdown", vmid=vmid, duration=6.0, count=1)
    job_id = await submit(client, "power_control", vmid=vmid, action="shutdown")

    async def following() -> bool:
        record = await store.get(job_id)
        return record is not None and record.upid is not None and record.log_lines > 0

    await eventually(following, timeout=30, what="the worker to follow the shutdown task")
    worker = live_worker(kill_stack, "w2")
    worker.kill()
    kill_stack.start_worker("w3")
    record = await finished(store, job_id)
    assert record.state is JobState.SUCCEEDED
    assert record.attempts >= 2
    assert len(tasks_of(sim, "vzshutdown", vmid)) == 1
    assert posts(sim, f"/lxc/{vmid}/status/shutdown") == 1
    assert sim.state.counts[vmid]["shutdown"] == 1
    log = await store.read_log(job_id, 0, 1000)
    assert log.lines == sim.state.tasks[str(record.upid)].log  # no line lost or doubled across workers


async def test_vm_created_once_when_the_worker_dies_after_the_create_request(
    kill_stack: Stack, client: Client, store: JobStore
) -> None:
    sim = kill_stack.sim
    restore = kill_when(sim, live_worker(kill_stack, "w3"), "POST", "/nodes/pve2/qemu")
    try:
        job_id = await submit(client, "create_vm", node="pve2", name="once", memory_mb=512, disk_gb=4)
        await eventually(lambda: _dead(kill_stack, "w3"), what="w3 to be killed mid-create")
    finally:
        restore()
    kill_stack.start_worker("w4")
    record = await finished(store, job_id)
    assert record.state is JobState.SUCCEEDED
    assert record.vmid is not None
    vmid = record.vmid
    assert sim.state.counts[vmid]["created"] == 1
    assert len(tasks_of(sim, "qmcreate", vmid)) == 1
    assert posts(sim, "/nodes/pve2/qemu") == 1
    assert [g.config.get("name") for g in sim.state.guests.values() if g.vmid == vmid] == ["once"]


async def test_delete_with_stop_first_stops_and_destroys_once_across_a_kill(
    kill_stack: Stack, client: Client, store: JobStore
) -> None:
    sim = kill_stack.sim
    vmid = next(g.vmid for g in sim.state.guests.values() if g.kind == "lxc" and g.status == "running")
    restore = kill_when(sim, live_worker(kill_stack, "w4"), "POST", f"/lxc/{vmid}/status/stop")
    try:
        job_id = await submit(client, "delete_instance", vmid=vmid, confirm_vmid=vmid, stop_first=True)
        await eventually(lambda: _dead(kill_stack, "w4"), what="w4 to be killed after the stop request")
    finally:
        restore()
    kill_stack.start_worker("w5")
    record = await finished(store, job_id)
    assert record.state is JobState.SUCCEEDED
    assert [step["step"] for step in record.steps] == ["stop", "destroy"]
    assert posts(sim, f"/lxc/{vmid}/status/stop") == 1
    assert posts(sim, f"/nodes/{record.node}/lxc/{vmid}", method="DELETE") == 1
    assert sim.state.counts[vmid]["stopped"] == 1
    assert sim.state.counts[vmid]["deleted"] == 1
    assert vmid not in sim.state.guests


async def _dead(stack: Stack, name: str) -> bool:
    return next(w for w in stack.workers if w.name == name).process.poll() is not None
