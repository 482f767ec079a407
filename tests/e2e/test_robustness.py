"""Changes stay honest when PVE misbehaves: locks, lost or unreadable answers, slow polls, races.

Each test drives the real tools of a server built in this process (embedded store and worker)
against pvesim, turns one fault on, and reads the outcome the way an agent would: with
get_task_status and get_task_log. pvesim's request log and tasks say what really happened.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterator
from typing import Any

import pytest
from mcp import Client

from pvesim.config import SimConfig
from pvesim.simulator import Simulator
from tests.support.inprocess import inprocess_client
from tests.support.waiting import eventually

pytestmark = pytest.mark.timeout(120)


@pytest.fixture(scope="module")
async def sim() -> AsyncIterator[Simulator]:
    simulator = Simulator(SimConfig(task_duration=0.3, lock_timeout=0.5, guests=30))
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


async def submit(client: Client, tool: str, **arguments: Any) -> str:
    result = await client.call_tool(tool, {**arguments, "confirmed": True, "wait_seconds": 0})
    assert not result.is_error, result.content
    assert result.structured_content is not None
    return str(result.structured_content["job_id"])


async def status(client: Client, job_id: str, wait_seconds: float = 0) -> dict[str, Any]:
    result = await client.call_tool("get_task_status", {"job_id": job_id, "wait_seconds": wait_seconds})
    assert not result.is_error, result.content
    assert result.structured_content is not None
    return result.structured_content


async def ended(client: Client, job_id: str) -> dict[str, Any]:
    async def done() -> dict[str, Any] | None:
        found = await status(client, job_id, wait_seconds=5)
        return found if found["done"] else None

    return await eventually(done, timeout=90, what=f"job {job_id} to end")


def requests_to(sim: Simulator, method: str, path: str) -> list[int]:
    """The statuses pvesim answered to `method path`, in order."""
    return [r.status for r in sim.requests if r.method == method and r.path == path]


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

    job = await ended(client, await submit(client, "power_control", vmid=vmid, action="start"))

    assert job["state"] == "succeeded", job
    first, second = tasks_of(sim, "qmstart", vmid)
    assert first.exitstatus.startswith("can't lock file")
    assert (second.exitstatus, job["upid"]) == ("OK", second.upid)  # the job is the second task's, not the failed one's
    assert requests_to(sim, "POST", f"/nodes/{node}/qemu/{vmid}/status/start") == [200, 200]
    assert sim.state.guests[vmid].status == "running"


async def test_a_delete_that_stops_first_keeps_the_log_of_both_tasks_whole(sim: Simulator, client: Client) -> None:
    vmid = guest_of(sim, "lxc", "running")

    job_id = await submit(client, "delete_instance", vmid=vmid, confirm_vmid=vmid, stop_first=True)
    job = await ended(client, job_id)
    page = await client.call_tool("get_task_log", {"job_id": job_id, "start": 0, "limit": 500})

    assert job["state"] == "succeeded", job
    assert page.structured_content is not None
    lines = [line["t"] for line in page.structured_content["lines"]]
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

    cancel = await client.call_tool("cancel_task", {"job_id": waiting, "confirmed": True, "wait_seconds": 10})

    assert not cancel.is_error, cancel.content
    cancelled = await ended(client, waiting)
    assert cancelled["state"] == "cancelled"
    assert cancelled["message"] == "cancelled before it started a PVE task; nothing was changed"
    assert (await ended(client, holder))["state"] == "succeeded"
    assert requests_to(sim, "POST", f"/nodes/{node}/lxc/{vmid}/snapshot") == []
    assert "never" not in sim.state.guests[vmid].snapshots


async def _has_upid(client: Client, job_id: str) -> bool:
    return (await status(client, job_id))["upid"] is not None


async def test_creates_started_together_without_a_vmid_each_get_their_own(sim: Simulator, client: Client) -> None:
    names = [f"twin-{i}" for i in range(3)]
    jobs = await asyncio.gather(
        *(submit(client, "create_vm", node="pve1", name=name, memory_mb=512, disk_gb=4) for name in names)
    )

    results = [await ended(client, job) for job in jobs]

    assert [r["state"] for r in results] == ["succeeded"] * 3, results
    vmids = [r["vmid"] for r in results]
    assert len(set(vmids)) == 3
    assert [sim.state.guests[v].config.get("name") for v in vmids] == names
    assert requests_to(sim, "POST", "/nodes/pve1/qemu").count(200) == 3


async def test_a_create_whose_chosen_vmid_was_taken_meanwhile_chooses_again(sim: Simulator, client: Client) -> None:
    # as if someone created a guest with that VMID in the web UI between our choice and our request
    sim.faults.add_error(500, message="VM 4242 already exists on node 'pve1'", method="POST", path="/nodes/pve1/lxc")
    template = next(v for v in sim.state.volumes[("pve1", "local")] if ":vztmpl/" in v)

    job = await ended(
        client, await submit(client, "create_lxc", node="pve1", hostname="second-try", ostemplate=template)
    )

    assert job["state"] == "succeeded", job
    assert requests_to(sim, "POST", "/nodes/pve1/lxc") == [500, 200]
    assert sim.state.guests[job["vmid"]].config.get("hostname") == "second-try"


async def test_a_start_whose_answer_is_unreadable_is_found_and_followed_not_sent_again(
    sim: Simulator, client: Client
) -> None:
    vmid = guest_of(sim, "qemu", "stopped")
    node = sim.state.guests[vmid].node
    path = f"/nodes/{node}/qemu/{vmid}/status/start"
    sim.faults.add_malformed(path, mode="not_json", method="POST")

    job = await ended(client, await submit(client, "power_control", vmid=vmid, action="start"))

    assert job["state"] == "succeeded", job
    assert requests_to(sim, "POST", path) == [200]
    (task,) = tasks_of(sim, "qmstart", vmid)
    assert job["upid"] == task.upid
    assert sim.state.counts[vmid]["started"] == 1


async def test_a_change_whose_after_state_cannot_be_read_still_reports_success(sim: Simulator, client: Client) -> None:
    vmid = guest_of(sim, "qemu", "stopped")
    node = sim.state.guests[vmid].node
    sim.faults.add_task_rule(type="qmstart", vmid=vmid, duration=1.5, count=1)
    job_id = await submit(client, "power_control", vmid=vmid, action="start")
    await eventually(lambda: _has_upid(client, job_id), what="the start task to run")
    sim.faults.add_error(500, method="GET", path=f"/nodes/{node}/qemu/{vmid}/status/current", count=None)

    job = await ended(client, job_id)

    assert job["state"] == "succeeded", job
    assert job["result"]["changed"] is True
    assert job["result"]["status_after"] == "unknown"
    assert sim.state.guests[vmid].status == "running"


async def test_a_task_pve_answers_nonsense_about_ends_unknown_not_failed(sim: Simulator, client: Client) -> None:
    vmid = guest_of(sim, "qemu", "stopped")
    sim.faults.add_malformed("/nodes/{node}/tasks/{upid}/status", mode="not_json", count=None)

    job = await ended(client, await submit(client, "power_control", vmid=vmid, action="start"))

    assert job["state"] == "unknown", job
    (task,) = tasks_of(sim, "qmstart", vmid)
    assert job["upid"] == task.upid  # the agent can still look at the task itself
    assert f"PVE task {task.upid} was started, but following it failed (API_CONTRACT_DIVERGENCE" in job["message"]
    await sim.wait_task(task.upid)
    assert sim.state.guests[vmid].status == "running"


async def test_a_status_poll_that_hangs_does_not_fail_the_change(sim: Simulator) -> None:
    # one-second slices and two-second PVE timeouts: a poll that hangs outlasts both
    vmid = guest_of(sim, "qemu", "stopped")
    original = sim.core.handle
    hung: list[str] = []

    async def handle(verb: str, path: str, *rest: Any) -> Any:
        if verb == "GET" and path.endswith("/status") and "/tasks/" in path and not hung:
            hung.append(path)
            await asyncio.sleep(5)
        return await original(verb, path, *rest)

    sim.core.handle = handle  # type: ignore[method-assign]  # a hang on one endpoint, for this test only
    try:
        settings = {"PROXMOX_MCP_TASK_SLICE": "1", "PROXMOX_TIMEOUT": "2", "PROXMOX_MCP_WORKER_POLL": "0.2"}
        async with inprocess_client(sim, PROXMOX_ALLOW_DANGER="true", **settings) as client:
            job = await ended(client, await submit(client, "power_control", vmid=vmid, action="start"))
    finally:
        sim.core.handle = original  # type: ignore[method-assign]  # undo the hang

    assert hung, "the status poll was never hung"
    assert job["state"] == "succeeded", job
    assert job["attempts"] >= 2  # the slice ended during the hang; the next pickup went on following
    assert sim.state.counts[vmid]["started"] == 1
