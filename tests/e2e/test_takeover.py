"""A dead worker's work is taken over within seconds; a paused one that wakes up writes and sends nothing.

Two worker processes run with the default settings (claims of 10 s, renewed every 2 s). The
victim is SIGKILLed (or SIGSTOPped) at a chosen moment; the other takes the job over once the
victim's claim has expired, and pvesim's request log and effect counters say what happened on
PVE. Each test asserts the takeover bound generously (15 s from the kill to the true outcome).
"""

from __future__ import annotations

import asyncio
import os
import signal
import time
from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import contextmanager
from datetime import datetime
from typing import Any

import pytest
from mcp import Client
from redis.asyncio import Redis

from pvesim.config import SimConfig
from pvesim.simulator import Simulator
from shared.jobs import keys
from tests.support.agent import finished, status, submit, whole_log
from tests.support.redis_server import RedisServer
from tests.support.stack import HostedClient, Stack, WorkerProcess, start_stack
from tests.support.waiting import eventually
from workers.task_logs import OWED_GRACE_SECONDS

pytestmark = [pytest.mark.slow, pytest.mark.timeout(180)]

#: from the kill to the true outcome in the record (the claim lasts 10 s; the rest is slack)
TAKEOVER_BOUND_SECONDS = 15.0


@pytest.fixture(scope="module")
async def takeover_stack(redis_proc: RedisServer) -> AsyncIterator[Stack]:
    stack = await start_stack("redis", redis_proc, SimConfig(task_duration=0.3, lock_timeout=0.5, guests=20), workers=0)
    yield stack
    stack.stop()
    await stack.sim.stop()


@pytest.fixture(scope="module")
async def client(takeover_stack: Stack) -> AsyncIterator[Client]:
    async with HostedClient(takeover_stack.client()) as connected:
        yield connected


@pytest.fixture
async def pair(
    takeover_stack: Stack, request: pytest.FixtureRequest
) -> AsyncIterator[tuple[WorkerProcess, WorkerProcess]]:
    """A victim and a rescuer, both up; the victim first, so it takes the test's job."""
    assert takeover_stack.redis is not None
    redis = Redis.from_url(takeover_stack.redis.url, decode_responses=True)
    started: list[WorkerProcess] = []
    try:
        for role in ("victim", "rescuer"):
            name = f"{request.node.name[:40]}-{role}"
            started.append(takeover_stack.start_worker(name))
            await eventually(lambda n=name: redis.exists(keys.worker_health(n)), timeout=20, what=f"worker {name}")
        yield started[0], started[1]
    finally:
        for worker in started:
            if worker.process.poll() is None:
                os.kill(worker.process.pid, signal.SIGCONT)
            worker.stop()
        await redis.aclose()


def intercept(sim: Simulator, act: Callable[[str, str, str], bool]) -> Callable[[], None]:
    """Call `act(method, path, query)` once pvesim has handled a request, before the answer goes out; True: stop."""
    original = sim.core.handle
    done: list[bool] = []

    async def handle(verb: str, path: str, query: str, *rest: Any) -> Any:
        answer = await original(verb, path, query, *rest)
        if not done and act(verb, path, query):
            done.append(True)
        return answer

    sim.core.handle = handle  # type: ignore[method-assign]  # intercept in-process, for this test only

    def restore() -> None:
        sim.core.handle = original  # type: ignore[method-assign]  # undo the interception

    return restore


def kill_on(
    sim: Simulator, victim: WorkerProcess, method: str, matches: Callable[[str, str], bool]
) -> tuple[Callable[[], None], list[float]]:
    """SIGKILL the victim once pvesim has handled its first `method` request whose path and query `matches`.

    Returns the undo of the interception and the list that gets the kill's time.
    """
    killed: list[float] = []

    def kill(verb: str, path: str, query: str) -> bool:
        if verb == method and matches(path, query) and victim.process.poll() is None:
            victim.process.send_signal(signal.SIGKILL)
            killed.append(time.time())
            return True
        return False

    return intercept(sim, kill), killed


def requests(sim: Simulator, method: str, suffix: str) -> int:
    return sum(1 for r in sim.requests if r.method == method and r.path.endswith(suffix))


_TAKEN: set[int] = set()


def guest(sim: Simulator, kind: str, state: str) -> int:
    """A guest of this kind and state that no earlier test of the module used."""
    fits = (g for g in sim.state.guests.values() if g.kind == kind and g.status == state and not g.template)
    vmid = next(g.vmid for g in fits if g.vmid not in _TAKEN)
    _TAKEN.add(vmid)
    return vmid


@contextmanager
def paused(worker: WorkerProcess) -> Iterator[None]:
    """`worker` stopped (SIGSTOP) for the block, so the other worker of the pair takes what comes."""
    os.kill(worker.process.pid, signal.SIGSTOP)
    try:
        yield
    finally:
        os.kill(worker.process.pid, signal.SIGCONT)


async def until_following(client: Client, job_id: str) -> None:
    """Until the job's PVE task runs and is followed (its record holds the UPID)."""

    async def following() -> bool:
        job = await status(client, job_id)
        return job["state"] == "running" and job["upid"] is not None

    await eventually(following, timeout=20, what="the victim to follow the task")


async def test_a_worker_killed_while_following_hands_the_task_over_within_seconds(
    takeover_stack: Stack, client: Client, pair: tuple[WorkerProcess, ...]
) -> None:
    sim = takeover_stack.sim
    victim, rescuer = pair
    vmid = guest(sim, "lxc", "running")
    sim.faults.add_task_rule(type="vzshutdown", vmid=vmid, duration=4.0, count=1)
    with paused(rescuer):  # the victim takes the job
        job_id = await submit(client, "power_control", vmid=vmid, action="shutdown")
        await until_following(client, job_id)
    victim.kill()
    killed = time.time()
    job = await finished(client, job_id, timeout=60)
    assert job["state"] == "succeeded"
    ended = await _finished_at(takeover_stack, job_id)
    _figure("killed while following", ended - killed)
    assert ended - killed <= TAKEOVER_BOUND_SECONDS, f"taken over and recorded {ended - killed:.1f}s after the kill"
    assert requests(sim, "POST", f"/lxc/{vmid}/status/shutdown") == 1
    assert sim.state.counts[vmid]["shutdown"] == 1


async def test_a_worker_killed_as_it_sees_the_task_end_leaves_the_end_to_another_with_each_log_line_once(
    takeover_stack: Stack, client: Client, pair: tuple[WorkerProcess, ...]
) -> None:
    # the victim's watcher reads the node's task list for the ended task's exit status; the job
    # would write the end with its outcome, but the victim dies first: nothing of the end is written by it
    sim = takeover_stack.sim
    victim, rescuer = pair
    vmid = guest(sim, "qemu", "stopped")
    node = sim.state.guests[vmid].node
    sim.faults.add_task_rule(type="qmstart", vmid=vmid, duration=2.0, count=1)
    restore, killed = kill_on(
        sim, victim, "GET", lambda path, query: path == f"/nodes/{node}/tasks" and "source=all" in query
    )
    with paused(rescuer):  # the victim takes the job
        try:
            job_id = await submit(client, "power_control", vmid=vmid, action="start", node=node)
            await eventually(lambda: _dead(victim), timeout=20, what="the victim to read the ended task's exit status")
        finally:
            restore()
    job = await finished(client, job_id, timeout=60)
    assert job["state"] == "succeeded", (job.get("error"), job.get("message"))
    assert job["result"]["status_after"] == "running"
    ended = await _finished_at(takeover_stack, job_id)
    _figure("killed as it saw the task end", ended - killed[0])
    assert ended - killed[0] <= TAKEOVER_BOUND_SECONDS, f"recorded {ended - killed[0]:.1f}s after the kill"
    assert requests(sim, "POST", f"/qemu/{vmid}/status/start") == 1
    assert sim.state.counts[vmid]["started"] == 1
    assert await whole_log(client, job_id) == sim.state.tasks[job["upid"]].log  # the whole log, each line once


async def test_a_worker_killed_as_it_copies_an_ended_tasks_log_leaves_the_copy_to_another(
    takeover_stack: Stack, client: Client, pair: tuple[WorkerProcess, ...]
) -> None:
    # the task ended OK and the job was recorded ended at once; its log's last lines were still owed
    # when the victim died reading them: another worker's sweep of the owed logs copies them, once
    sim = takeover_stack.sim
    victim, rescuer = pair
    vmid = guest(sim, "qemu", "stopped")
    sim.faults.add_task_rule(type="qmstart", vmid=vmid, duration=1.0, count=1)
    restore, killed = kill_on(
        sim, victim, "GET", lambda path, _query: path.endswith("/log") and f":qmstart:{vmid}:" in path
    )
    with paused(rescuer):  # the victim takes the job
        try:
            job_id = await submit(client, "power_control", vmid=vmid, action="start", node=sim.state.guests[vmid].node)
            await eventually(lambda: _dead(victim), timeout=20, what="the victim to copy the ended task's log")
        finally:
            restore()
    job = await finished(client, job_id, timeout=5)
    assert job["state"] == "succeeded", (job.get("error"), job.get("message"))
    assert await _finished_at(takeover_stack, job_id) <= killed[0]  # the end was recorded before the copy
    page = (await client.call_tool("get_task_log", {"job_id": job_id, "limit": 100})).structured_content
    assert page is not None and page["log_copying"] is True  # and the log says it is not whole yet
    log = await whole_log(client, job_id, timeout=OWED_GRACE_SECONDS + 20)
    assert log == sim.state.tasks[job["upid"]].log  # each line once
    assert sim.state.counts[vmid]["started"] == 1


async def test_a_read_whose_worker_is_killed_is_answered_by_another_within_seconds(
    takeover_stack: Stack, client: Client, pair: tuple[WorkerProcess, ...]
) -> None:
    sim = takeover_stack.sim
    victim, rescuer = pair
    rescuer_pid = rescuer.process.pid
    os.kill(rescuer_pid, signal.SIGSTOP)  # the victim takes the read
    restore, killed = kill_on(sim, victim, "GET", lambda path, _query: path.endswith("/storage/local/content"))
    try:
        started = time.time()
        result = await _call_soon_resumed(
            client, rescuer_pid, "list_storage_content", {"node": "pve1", "storage": "local"}, killed
        )
    finally:
        restore()
    assert killed, "the read never reached PVE"
    assert not result.is_error, result.content
    answered = time.time()
    _figure("killed mid-read", answered - killed[0])
    assert answered - killed[0] <= TAKEOVER_BOUND_SECONDS, f"answered {answered - killed[0]:.1f}s after the kill"
    assert answered - started <= TAKEOVER_BOUND_SECONDS + 5


async def test_a_dispatch_whose_worker_is_killed_is_reconciled_by_another_within_seconds(
    takeover_stack: Stack, client: Client, pair: tuple[WorkerProcess, ...]
) -> None:
    sim = takeover_stack.sim
    victim, rescuer = pair
    vmid = guest(sim, "qemu", "stopped")
    suffix = f"/qemu/{vmid}/status/start"
    restore, killed = kill_on(sim, victim, "POST", lambda path, _query: path.endswith(suffix))
    with paused(rescuer):
        try:
            job_id = await submit(client, "power_control", vmid=vmid, action="start")
            await eventually(lambda: _dead(victim), timeout=20, what="the victim to be killed mid-dispatch")
        finally:
            restore()
    job = await finished(client, job_id, timeout=60)
    assert job["state"] == "succeeded"
    ended = await _finished_at(takeover_stack, job_id)
    _figure("killed mid-dispatch", ended - killed[0])
    assert ended - killed[0] <= TAKEOVER_BOUND_SECONDS, f"reconciled {ended - killed[0]:.1f}s after the kill"
    assert requests(sim, "POST", suffix) == 1  # found in PVE's task list and adopted, not sent again
    assert sim.state.counts[vmid]["started"] == 1


async def test_a_generic_change_whose_worker_is_killed_after_sending_is_not_sent_again(
    takeover_stack: Stack, client: Client, pair: tuple[WorkerProcess, ...]
) -> None:
    # call_pve_api cannot reconcile: the request may have taken effect, so the job ends unknown with it
    sim = takeover_stack.sim
    victim, rescuer = pair
    vmid = guest(sim, "lxc", "stopped")
    node = sim.state.guests[vmid].node
    path = f"/nodes/{node}/lxc/{vmid}/config"
    restore, killed = kill_on(sim, victim, "PUT", lambda sent, _query: sent == path)
    with paused(rescuer):
        try:
            job_id = await submit(client, "call_pve_api", method="PUT", path=path, params={"description": "once"})
            await eventually(lambda: _dead(victim), timeout=20, what="the victim to be killed after sending")
        finally:
            restore()
    job = await finished(client, job_id, timeout=60)
    assert job["state"] == "unknown", job
    assert f"PUT {path} description=once" in job["message"] and "never sent twice" in job["message"]
    ended = await _finished_at(takeover_stack, job_id)
    _figure("killed after a generic call was sent", ended - killed[0])
    assert ended - killed[0] <= TAKEOVER_BOUND_SECONDS
    assert requests(sim, "PUT", path) == 1
    assert sim.state.guests[vmid].config["description"] == "once"


async def test_a_worker_paused_past_its_claim_records_no_second_outcome_when_it_wakes(
    takeover_stack: Stack, client: Client, pair: tuple[WorkerProcess, ...]
) -> None:
    sim = takeover_stack.sim
    victim, rescuer = pair
    vmid = guest(sim, "lxc", "running")
    sim.faults.add_task_rule(type="vzshutdown", vmid=vmid, duration=3.0, count=1)
    with paused(rescuer):
        job_id = await submit(client, "power_control", vmid=vmid, action="shutdown")
        await until_following(client, job_id)
    os.kill(victim.process.pid, signal.SIGSTOP)  # frozen while it follows: its claim runs out
    frozen = time.time()
    try:
        job = await finished(client, job_id, timeout=60)  # the rescuer took it over and saw the task end
        assert job["state"] == "succeeded"
        ended = await _finished_at(takeover_stack, job_id)
        _figure("paused while following", ended - frozen)
        assert ended - frozen <= TAKEOVER_BOUND_SECONDS
        redis = takeover_stack.redis
        assert redis is not None
        events_before = redis.cli("XLEN", keys.job_events(job_id))
        requests_before = len(sim.requests)
    finally:
        os.kill(victim.process.pid, signal.SIGCONT)
    # the victim wakes with the task in its watcher; give it time to look, see the end and try to record it
    await eventually(lambda: _dropped(takeover_stack, victim), timeout=30, what="the victim to let the job go")
    assert redis.cli("XLEN", keys.job_events(job_id)) == events_before  # no second outcome, no state written
    after = [r for r in sim.requests[requests_before:] if r.method != "GET"]
    assert after == []  # and nothing sent to PVE
    assert sim.state.counts[vmid]["shutdown"] == 1
    assert victim.process.poll() is None  # it lives on, and takes other jobs


async def test_a_worker_paused_before_its_dispatch_sends_nothing_when_it_wakes(
    takeover_stack: Stack, client: Client, pair: tuple[WorkerProcess, ...]
) -> None:
    sim = takeover_stack.sim
    victim, rescuer = pair
    vmid = guest(sim, "qemu", "stopped")
    stopped: list[float] = []

    def pause_on_lookup(verb: str, path: str, _query: str) -> bool:  # a start's last read before it sends the start
        if verb == "GET" and path == "/cluster/resources" and not stopped:
            os.kill(victim.process.pid, signal.SIGSTOP)  # it has the answer to come, and its start to send
            stopped.append(time.time())
            return True
        return False

    restore = intercept(sim, pause_on_lookup)
    with paused(rescuer):
        try:
            job_id = await submit(client, "power_control", vmid=vmid, action="start")
            await eventually(lambda: _true(bool(stopped)), timeout=20, what="the victim to look the guest up")
        finally:
            restore()
    try:
        job = await finished(client, job_id, timeout=60)
        assert job["state"] == "succeeded", (job.get("error"), job.get("message"))
    finally:
        os.kill(victim.process.pid, signal.SIGCONT)
    await eventually(lambda: _dropped(takeover_stack, victim), timeout=30, what="the victim to let the job go")
    assert requests(sim, "POST", f"/qemu/{vmid}/status/start") == 1  # the rescuer's; the victim sent none
    assert sim.state.counts[vmid]["started"] == 1
    assert (await status(client, job_id))["state"] == "succeeded"


def _figure(case: str, seconds: float) -> None:
    """The measured takeover time, shown with `pytest -s` (the closing notes quote these)."""
    print(f"\ntakeover, {case}: the true outcome recorded {seconds:.1f} s after the kill or pause")


async def _true(value: bool) -> bool:
    return value


async def _dead(worker: WorkerProcess) -> bool:
    return worker.process.poll() is not None


async def _dropped(stack: Stack, worker: WorkerProcess) -> bool:
    """The worker logged that it let a job go (its claim was gone)."""
    text = worker.log_path.read_text() if worker.log_path.exists() else ""
    return '"claim_lost"' in text or '"watch_dropped"' in text


async def _finished_at(stack: Stack, job_id: str) -> float:
    assert stack.redis is not None
    redis = Redis.from_url(stack.redis.url, decode_responses=True)
    try:
        text = await redis.hget(keys.job_record(job_id), "finished_at")  # type: ignore[misc]
    finally:
        await redis.aclose()
    assert text is not None
    return datetime.fromisoformat(text.replace("Z", "+00:00")).timestamp()


async def _call_soon_resumed(
    client: Client, paused_pid: int, tool: str, arguments: dict[str, Any], killed: list[float]
) -> Any:
    """Call a read while the other worker is paused; resume that worker once the first one was killed."""
    call = asyncio.create_task(client.call_tool(tool, arguments))
    try:
        await eventually(lambda: _true(bool(killed)), timeout=20, what="the reading worker to be killed")
    finally:
        os.kill(paused_pid, signal.SIGCONT)
    return await call
