"""Changes stay honest when PVE misbehaves: locks, lost or unreadable answers, slow polls, races.

Each test drives the real tools of a server built in this process (embedded store and worker)
against pvesim, turns one fault on, and reads the outcome the way an agent would: with
get_task_status and get_task_log. pvesim's request log and tasks say what really happened.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from mcp import Client

from pvesim.config import SimConfig
from pvesim.simulator import Simulator
from tests.support.agent import finished, status, submit, whole_log
from tests.support.inprocess import inprocess_client
from tests.support.pve_api import make_client
from tests.support.waiting import eventually

pytestmark = pytest.mark.timeout(120)


@pytest.fixture(scope="module")
async def sim() -> AsyncIterator[Simulator]:
    simulator = Simulator(SimConfig(task_duration=0.3, lock_timeout=0.5, guests=40, ssh=True))
    await simulator.start()
    yield simulator
    await simulator.stop()


@pytest.fixture(autouse=True)
def clean_faults(sim: Simulator) -> Iterator[None]:
    yield
    sim.faults.clear()


@pytest.fixture(scope="module")
async def client(sim: Simulator) -> AsyncIterator[Client]:
    settings = {"PROXMOX_ALLOW_DANGER": "true", "PROXMOX_MCP_LOCK_WAIT": "15", "PROXMOX_MCP_WORKER_POLL": "0.2"}
    async with inprocess_client(sim, **settings) as connected:
        yield connected


def guest_of(sim: Simulator, kind: str, status: str, taken: set[int] = set()) -> int:  # noqa: B006  # shared on purpose: one guest per test
    """A guest no other test of this module used yet."""
    vmid = next(
        g.vmid
        for g in sim.state.guests.values()
        if g.kind == kind and g.status == status and g.vmid not in taken and not g.config.get("template")
    )
    taken.add(vmid)
    return vmid


def requests_to(sim: Simulator, method: str, path: str) -> list[int]:
    """The statuses pvesim answered to `method path`, in order."""
    return [r.status for r in sim.requests if r.method == method and r.path == path]


@contextmanager
def intercepted(sim: Simulator, handle: Callable[..., Awaitable[Any]]) -> Iterator[Callable[..., Awaitable[Any]]]:
    """Route pvesim's requests through `handle(original, method, path, query, headers, body)` for a while."""
    original = sim.core.handle

    async def routed(*request: Any) -> Any:
        return await handle(original, *request)

    sim.core.handle = routed  # type: ignore[method-assign]  # in-process interception, for one test
    try:
        yield original
    finally:
        sim.core.handle = original  # type: ignore[method-assign]  # undo it


def tasks_of(sim: Simulator, task_type: str, vmid: int) -> list[Any]:
    return sorted(
        (t for t in sim.state.tasks.values() if t.type == task_type and t.vmid == vmid), key=lambda t: t.starttime
    )


async def test_a_task_that_finds_the_guest_locked_by_pve_is_dispatched_again_and_succeeds(
    sim: Simulator, client: Client
) -> None:
    vmid = guest_of(sim, "qemu", "stopped")
    node = sim.state.guests[vmid].node
    lock_failure = f"error:can't lock file '/var/lock/qemu-server/lock-{vmid}.conf' - got timeout"
    sim.faults.add_task_rule(type="qmstart", vmid=vmid, outcome=lock_failure, count=1)

    job = await finished(client, await submit(client, "power_control", vmid=vmid, action="start"))

    assert job["state"] == "succeeded", job
    assert job["message"] == f"start of qemu {vmid} done; it is now running"  # not the wait for PVE's lock
    first, second = tasks_of(sim, "qmstart", vmid)
    assert first.exitstatus.startswith("can't lock file")
    assert (second.exitstatus, job["upid"]) == ("OK", second.upid)  # the job is the second task's, not the failed one's
    assert requests_to(sim, "POST", f"/nodes/{node}/qemu/{vmid}/status/start") == [200, 200]
    assert sim.state.guests[vmid].status == "running"


async def test_a_delete_that_stops_first_keeps_the_log_of_both_tasks_whole(sim: Simulator, client: Client) -> None:
    # no client waits on it: each task's end is recorded before its log's last lines are copied, and
    # the stop's are copied before the destroy is sent
    vmid = guest_of(sim, "lxc", "running")

    job_id = await submit(client, "delete_instance", vmid=vmid, confirm_vmid=vmid, stop_first=True)
    job = await finished(client, job_id, waiting=False)
    lines = await whole_log(client, job_id)

    assert job["state"] == "succeeded", job
    (stop,) = tasks_of(sim, "vzstop", vmid)
    (destroy,) = tasks_of(sim, "vzdestroy", vmid)
    assert lines == stop.log + destroy.log  # the destroy task's log is read from its own line 1


async def test_cancelling_a_change_that_waits_for_its_guest_ends_it_before_it_sends_anything(
    sim: Simulator, client: Client
) -> None:
    vmid = guest_of(sim, "lxc", "running")
    node = sim.state.guests[vmid].node
    sim.faults.add_task_rule(type="vzshutdown", vmid=vmid, duration=3.0, count=1)
    holder = await submit(client, "power_control", vmid=vmid, action="shutdown")
    await eventually(lambda: _has_upid(client, holder), what="the shutdown to hold the guest")
    waiting = await submit(client, "create_snapshot", vmid=vmid, name="never")

    async def waits() -> bool:  # picked up, found the guest taken, back in the queue, saying why
        job = await status(client, waiting)
        why = f"waiting for its guest: guest {vmid} is being changed by job {holder}"
        return job["state"] == "queued" and (job["attempts"] or 0) >= 1 and job["message"] == why

    await eventually(waits, what="the snapshot to wait for the guest")
    cancel = await client.call_tool("cancel_task", {"job_id": waiting, "confirmed": True, "wait_seconds": 10})

    assert not cancel.is_error, cancel.content
    cancelled = await finished(client, waiting)
    assert cancelled["state"] == "cancelled"
    assert cancelled["message"] == "cancelled before it started a PVE task; nothing was changed"
    assert (await finished(client, holder))["state"] == "succeeded"
    assert requests_to(sim, "POST", f"/nodes/{node}/lxc/{vmid}/snapshot") == []
    assert "never" not in sim.state.guests[vmid].snapshots


async def test_an_ok_end_is_recorded_before_its_log_is_copied_and_the_log_says_so(
    sim: Simulator, client: Client
) -> None:
    # the node does not answer a read of the task's log until the test has seen the job's end
    vmid = guest_of(sim, "qemu", "stopped")
    node = sim.state.guests[vmid].node
    sim.faults.add_task_rule(type="qmstart", vmid=vmid, duration=0.5, count=1)
    release = asyncio.Event()

    async def handle(original: Callable[..., Awaitable[Any]], verb: str, path: str, *rest: Any) -> Any:
        if verb == "GET" and path.endswith("/log") and f":qmstart:{vmid}:" in path:
            await release.wait()
        return await original(verb, path, *rest)

    with intercepted(sim, handle):
        job_id = await submit(client, "power_control", vmid=vmid, action="start", node=node)
        job = await finished(client, job_id, timeout=30, waiting=False)
        page = (await client.call_tool("get_task_log", {"job_id": job_id, "limit": 100})).structured_content
        release.set()
        log = await whole_log(client, job_id, timeout=15)

    assert (job["state"], job["exitstatus"]) == ("succeeded", "OK")
    assert page is not None
    assert (page["task_done"], page["log_copying"], page["lines"]) == (True, True, [])
    (task,) = tasks_of(sim, "qmstart", vmid)
    assert log == task.log


async def _has_upid(client: Client, job_id: str) -> bool:
    return (await status(client, job_id))["upid"] is not None


async def test_creates_started_together_without_a_vmid_each_get_their_own(sim: Simulator, client: Client) -> None:
    names = [f"twin-{i}" for i in range(3)]
    jobs = await asyncio.gather(
        *(submit(client, "create_vm", node="pve1", name=name, memory_mb=512, disk_gb=4) for name in names)
    )

    results = [await finished(client, job) for job in jobs]

    assert [r["state"] for r in results] == ["succeeded"] * 3, results
    vmids = [r["vmid"] for r in results]
    assert len(set(vmids)) == 3
    assert [sim.state.guests[v].config.get("name") for v in vmids] == names
    assert requests_to(sim, "POST", "/nodes/pve1/qemu").count(200) == 3


async def test_a_create_whose_chosen_vmid_was_taken_meanwhile_chooses_another(sim: Simulator, client: Client) -> None:
    # someone creates a container with our VMID (web UI, another tool) the moment before our request lands
    template = next(v for v in sim.state.volumes[("pve1", "local")] if ":vztmpl/" in v)
    intruders: list[bytes] = []

    async def handle(original: Callable[..., Awaitable[Any]], method: str, path: str, *rest: Any) -> Any:
        query, headers, body = rest
        if method == "POST" and path == "/nodes/pve1/lxc" and not intruders:
            intruders.append(body.replace(b"hostname=second-try", b"hostname=intruder"))
            await original(method, path, query, headers, intruders[0])
        return await original(method, path, *rest)

    with intercepted(sim, handle):
        job_id = await submit(client, "create_lxc", node="pve1", hostname="second-try", ostemplate=template)
        job = await finished(client, job_id)

    assert job["state"] == "succeeded", job
    (intruder,) = [g for g in sim.state.guests.values() if g.config.get("hostname") == "intruder"]
    assert job["vmid"] != intruder.vmid
    assert sim.state.guests[job["vmid"]].config.get("hostname") == "second-try"
    # ours was refused once ("already exists"), then sent with the next free VMID
    assert [r.status for r in sim.requests if r.method == "POST" and r.path == "/nodes/pve1/lxc"] == [200, 500, 200]


async def test_a_start_whose_answer_is_unreadable_is_found_and_followed_not_sent_again(
    sim: Simulator, client: Client
) -> None:
    vmid = guest_of(sim, "qemu", "stopped")
    node = sim.state.guests[vmid].node
    path = f"/nodes/{node}/qemu/{vmid}/status/start"
    sim.faults.add_malformed(path, mode="not_json", method="POST")

    job = await finished(client, await submit(client, "power_control", vmid=vmid, action="start"))

    assert job["state"] == "succeeded", job
    assert requests_to(sim, "POST", path) == [200]
    (task,) = tasks_of(sim, "qmstart", vmid)
    assert job["upid"] == task.upid
    assert sim.state.counts[vmid]["started"] == 1


@pytest.mark.parametrize(
    ("kind", "before", "action", "after"),
    [
        # an LXC suspend freezes the container, which PVE still lists as running: its state is read
        ("lxc", "running", "suspend", "unknown"),
        # the guest's own qmstart ends once the VM runs: its end says the state, no read is made
        ("qemu", "stopped", "start", "running"),
    ],
)
async def test_a_change_whose_after_state_cannot_be_read_still_reports_success(
    sim: Simulator, client: Client, kind: str, before: str, action: str, after: str
) -> None:
    vmid = guest_of(sim, kind, before)
    node = sim.state.guests[vmid].node
    sim.faults.add_task_rule(type=f"{'qm' if kind == 'qemu' else 'vz'}{action}", vmid=vmid, duration=1.5, count=1)
    job_id = await submit(client, "power_control", vmid=vmid, action=action)
    await eventually(lambda: _has_upid(client, job_id), what=f"the {action} task to run")
    status = f"/nodes/{node}/{kind}/{vmid}/status/current"
    read_before = len(requests_to(sim, "GET", status))
    sim.faults.add_error(500, method="GET", path=status, count=None)

    job = await finished(client, job_id)

    assert job["state"] == "succeeded", job
    assert job["result"]["changed"] is True
    assert job["result"]["status_after"] == after
    assert (len(requests_to(sim, "GET", status)) > read_before) == (after == "unknown")
    assert sim.state.counts[vmid]["suspended" if action == "suspend" else "started"] == 1


async def test_a_task_pve_answers_nonsense_about_ends_unknown_not_failed(sim: Simulator, client: Client) -> None:
    vmid = guest_of(sim, "qemu", "stopped")
    # the task's end is read from its log (its last line is the exit status): that log is nonsense
    sim.faults.add_malformed("/nodes/{node}/tasks/{upid}/log", mode="not_json", count=None)
    sim.faults.add_malformed("/nodes/{node}/tasks/{upid}/status", mode="not_json", count=None)

    job = await finished(client, await submit(client, "power_control", vmid=vmid, action="start"))

    assert job["state"] == "unknown", job
    (task,) = tasks_of(sim, "qmstart", vmid)
    assert job["upid"] == task.upid  # the agent can still look at the task itself
    assert f"PVE task {task.upid} was started, but following it failed (API_CONTRACT_DIVERGENCE" in job["message"]
    await sim.wait_task(task.upid)
    assert sim.state.guests[vmid].status == "running"


async def test_a_look_at_the_nodes_tasks_that_hangs_does_not_fail_the_change(sim: Simulator) -> None:
    # two-second PVE timeouts: a look that hangs for five fails, and the next one sees the task end
    vmid = guest_of(sim, "qemu", "stopped")
    hung: list[str] = []

    async def handle(original: Callable[..., Awaitable[Any]], verb: str, path: str, *rest: Any) -> Any:
        if verb == "GET" and path.endswith("/tasks") and not hung:
            hung.append(path)
            await asyncio.sleep(5)
        return await original(verb, path, *rest)

    settings = {"PROXMOX_TIMEOUT": "2", "PROXMOX_MCP_WORKER_POLL": "0.2"}
    with intercepted(sim, handle):
        async with inprocess_client(sim, PROXMOX_ALLOW_DANGER="true", **settings) as client:
            job = await finished(client, await submit(client, "power_control", vmid=vmid, action="start"))

    assert hung, "the look at the node's tasks was never hung"
    assert job["state"] == "succeeded", job
    assert sim.state.counts[vmid]["started"] == 1


async def test_a_task_that_ends_while_every_slot_is_busy_ends_its_job_once_a_slot_frees(sim: Simulator) -> None:
    # one job slot: another change holds it (its guest lookup held) while the start's task ends
    vmid, other = guest_of(sim, "qemu", "stopped"), guest_of(sim, "qemu", "running")
    sim.faults.add_task_rule(type="qmstart", vmid=vmid, duration=1.0, count=1)
    release = asyncio.Event()
    holding = asyncio.Event()
    held: list[str] = []

    async def handle(original: Callable[..., Awaitable[Any]], verb: str, path: str, *rest: Any) -> Any:
        if holding.is_set() and verb == "GET" and path == "/cluster/resources" and not held:
            held.append(path)
            await release.wait()
        return await original(verb, path, *rest)

    async def slot_taken() -> bool:
        return bool(held)

    with intercepted(sim, handle):
        async with inprocess_client(sim, PROXMOX_ALLOW_DANGER="true", PROXMOX_MCP_WORKER_MAX_JOBS="1") as client:
            job_id = await submit(client, "power_control", vmid=vmid, action="start", node=sim.state.guests[vmid].node)
            await eventually(lambda: _has_upid(client, job_id), what="the start task to run")
            holding.set()
            other_id = await submit(client, "power_control", vmid=other, action="stop")
            await eventually(slot_taken, what="the other change to hold the only slot")
            (task,) = tasks_of(sim, "qmstart", vmid)
            await sim.wait_task(task.upid)

            async def end_seen() -> bool:  # the read of the node's task list that says how it ended
                return any(
                    r.path == f"/nodes/{task.node}/tasks" and r.params.get("source") == "all" for r in sim.requests
                )

            await eventually(end_seen, what="the watcher to read the ended task's exit status")
            assert not (await status(client, job_id))["done"]  # its next run waits for the slot
            release.set()
            job = await finished(client, job_id)
            other_job = await finished(client, other_id)

    assert job["state"] == "succeeded", job
    assert job["result"]["status_after"] == "running"
    assert sim.state.counts[vmid]["started"] == 1
    assert other_job["state"] == "succeeded", other_job


async def test_a_guest_pve_keeps_locked_inside_each_task_fails_locked_after_the_lock_wait(sim: Simulator) -> None:
    # PVE takes some locks inside the task (qmstart under a long backup): each try fails on it
    vmid = guest_of(sim, "qemu", "stopped")
    lock_failure = f"error:can't lock file '/var/lock/qemu-server/lock-{vmid}.conf' - got timeout"
    sim.faults.add_task_rule(type="qmstart", vmid=vmid, outcome=lock_failure, count=None)

    async with inprocess_client(sim, PROXMOX_MCP_LOCK_WAIT="2", PROXMOX_MCP_WORKER_POLL="0.2") as client:
        job = await finished(client, await submit(client, "power_control", vmid=vmid, action="start"))

    assert job["state"] == "failed", job
    assert job["error"]["code"] == "LOCKED"
    assert "gave up after waiting" in job["error"]["message"]
    # about one try a second for the two-second wait, not one every second until the no-progress bound
    assert 2 <= len(tasks_of(sim, "qmstart", vmid)) <= 5
    assert sim.state.guests[vmid].status == "stopped"


async def test_a_lost_answer_after_a_lock_failure_adopts_the_new_task_not_the_failed_one(
    sim: Simulator, client: Client
) -> None:
    vmid = guest_of(sim, "qemu", "stopped")
    node = sim.state.guests[vmid].node
    path = f"/nodes/{node}/qemu/{vmid}/status/start"
    lock_failure = f"error:can't lock file '/var/lock/qemu-server/lock-{vmid}.conf' - got timeout"
    sim.faults.add_task_rule(type="qmstart", vmid=vmid, outcome=lock_failure, count=1)
    posts: list[str] = []

    async def handle(original: Callable[..., Awaitable[Any]], method: str, at: str, *rest: Any) -> Any:
        answer = await original(method, at, *rest)
        if method == "POST" and at == path:
            posts.append(at)
            if len(posts) == 2:  # the second start reaches PVE, its answer is lost on the way back
                answer.drop = "after"
        return answer

    with intercepted(sim, handle):
        job = await finished(client, await submit(client, "power_control", vmid=vmid, action="start"))

    assert job["state"] == "succeeded", job
    failed, started = tasks_of(sim, "qmstart", vmid)
    assert failed.exitstatus.startswith("can't lock file")
    assert (started.exitstatus, job["upid"]) == ("OK", started.upid)
    assert len(posts) == 2
    assert sim.state.counts[vmid]["started"] == 1
    page = await client.call_tool("get_task_log", {"job_id": job["job_id"], "start": 0, "limit": 500})
    assert page.structured_content is not None
    assert [line["t"] for line in page.structured_content["lines"]] == failed.log + started.log


async def test_a_command_cancelled_while_its_checks_run_is_never_run(sim: Simulator, client: Client) -> None:
    vmid = guest_of(sim, "lxc", "running")
    checked = asyncio.Event()
    cancelled = asyncio.Event()

    async def handle(original: Callable[..., Awaitable[Any]], method: str, at: str, *rest: Any) -> Any:
        if method == "GET" and at.endswith(f"/lxc/{vmid}/status/current") and not checked.is_set():
            checked.set()
            await cancelled.wait()  # the worker holds the job, mid-way through its checks
        return await original(method, at, *rest)

    with intercepted(sim, handle):
        job_id = await submit(client, "execute_lxc_command", vmid=vmid, command="hostname")
        await asyncio.wait_for(checked.wait(), 30)
        cancel = await client.call_tool("cancel_task", {"job_id": job_id, "confirmed": True, "wait_seconds": 0})
        assert cancel.structured_content is not None, cancel.content
        await finished(client, cancel.structured_content["job_id"])  # the cancel has been recorded
        cancelled.set()
        job = await finished(client, job_id)

    assert job["state"] == "cancelled", job
    assert [e for e in sim.state.ssh_execs if e.vmid == vmid] == []


async def test_cloudinit_while_pve_snapshots_the_vm_waits_for_the_snapshot_then_sets_it_once(
    sim: Simulator, client: Client
) -> None:
    vmid = guest_of(sim, "qemu", "stopped")
    node = sim.state.guests[vmid].node
    sim.faults.add_task_rule(type="qmsnapshot", vmid=vmid, duration=3.0, count=1)
    async with make_client(sim) as http:  # a snapshot taken outside our queue: only PVE's lock guards it
        snapshot = (await http.post(f"/nodes/{node}/qemu/{vmid}/snapshot", data={"snapname": "outside"})).json()
    job = await finished(client, await submit(client, "set_vm_cloudinit", vmid=vmid, ciuser="late"))

    assert job["state"] == "succeeded", job
    assert sim.state.tasks[snapshot["data"]].exitstatus == "OK"
    assert sim.state.guests[vmid].config["ciuser"] == "late"
    puts = requests_to(sim, "PUT", f"/nodes/{node}/qemu/{vmid}/config")
    assert puts[0] == 500 and puts[-1] == 200 and puts.count(200) == 1  # refused while locked, then set once


# -- a read PVE fails after a change took effect ---------------------------------------------


def _answer_lost_then_read_fails(
    sim: Simulator, write: str, read_path: str, reads: int | None, *, method: str = "PUT"
) -> Callable[..., Any]:
    """The `method` to `write` is handled but its answer lost; the next `reads` GETs of `read_path`
    (None: all) then get PVE's 500: the look that would tell the worker its write took effect fails."""
    sim.faults.add_drop(when="after", method=method, path=write)

    async def handle(original: Callable[..., Awaitable[Any]], verb: str, path: str, *rest: Any) -> Any:
        if verb == method and path == write and not sim.faults.errors:
            sim.faults.add_error(500, method="GET", path=read_path, count=reads, message="got timeout")
        return await original(verb, path, *rest)

    return handle


@pytest.mark.parametrize(("tool", "key"), [("set_vm_cloudinit", "ciuser"), ("update_instance", "description")])
async def test_a_config_change_whose_answer_is_lost_and_whose_check_fails_once_is_reported_done(
    sim: Simulator, client: Client, tool: str, key: str
) -> None:
    vmid = guest_of(sim, "qemu", "stopped")
    config = f"/nodes/{sim.state.guests[vmid].node}/qemu/{vmid}/config"

    with intercepted(sim, _answer_lost_then_read_fails(sim, config, config, reads=1)):
        job = await finished(client, await submit(client, tool, vmid=vmid, **{key: "checked"}))

    assert job["state"] == "succeeded", job
    assert job["result"]["changed"][key]["after"] == "checked"
    assert sim.state.guests[vmid].config[key] == "checked"
    assert requests_to(sim, "PUT", config) == [200]  # sent once
    assert 500 in requests_to(sim, "GET", config)  # the failed check did happen


async def test_cloudinit_whose_check_keeps_failing_after_a_lost_answer_is_unknown_not_failed(
    sim: Simulator, client: Client
) -> None:
    vmid = guest_of(sim, "qemu", "stopped")
    config = f"/nodes/{sim.state.guests[vmid].node}/qemu/{vmid}/config"

    with intercepted(sim, _answer_lost_then_read_fails(sim, config, config, reads=None)):
        job = await finished(client, await submit(client, "set_vm_cloudinit", vmid=vmid, ciuser="unseen"))

    assert job["state"] == "unknown", job
    assert "may have reached PVE" in job["message"] and "got timeout" in job["message"], job
    assert sim.state.guests[vmid].config["ciuser"] == "unseen"  # it did happen: "failed" would have been a lie
    assert requests_to(sim, "PUT", config) == [200]  # and it was not sent again


async def test_update_whose_pending_read_fails_once_after_the_put_is_reported_done(
    sim: Simulator, client: Client
) -> None:
    vmid = guest_of(sim, "qemu", "stopped")
    node = sim.state.guests[vmid].node
    config, pending = f"/nodes/{node}/qemu/{vmid}/config", f"/nodes/{node}/qemu/{vmid}/pending"
    sim.faults.add_error(500, method="GET", path=pending, message="got timeout")

    job = await finished(client, await submit(client, "update_instance", vmid=vmid, description="then read"))

    assert job["state"] == "succeeded", job  # not partial: the change is whole, only a read after it failed
    assert job["result"]["changed"]["description"]["after"] == "then read"
    assert requests_to(sim, "PUT", config) == [200]
    assert requests_to(sim, "GET", pending) == [500, 200]


async def test_a_snapshot_whose_answer_is_lost_and_whose_task_lookup_fails_once_is_adopted_not_sent_again(
    sim: Simulator, client: Client
) -> None:
    vmid = guest_of(sim, "qemu", "stopped")
    node = sim.state.guests[vmid].node
    snapshot = f"/nodes/{node}/qemu/{vmid}/snapshot"
    lost = _answer_lost_then_read_fails(sim, snapshot, f"/nodes/{node}/tasks", reads=1, method="POST")

    with intercepted(sim, lost):
        job = await finished(client, await submit(client, "create_snapshot", vmid=vmid, name="looked-twice"))

    assert job["state"] == "succeeded", job
    assert requests_to(sim, "POST", snapshot) == [200]  # sent once: the rerun found its task
    assert 500 in requests_to(sim, "GET", f"/nodes/{node}/tasks")
    (task,) = tasks_of(sim, "qmsnapshot", vmid)
    assert job["upid"] == task.upid
