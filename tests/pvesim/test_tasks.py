"""PVE tasks: UPIDs, logs that grow, paging, lists, stop, forced outcomes."""

from __future__ import annotations

import re
import time

import httpx

from pvesim.config import SimConfig
from pvesim.simulator import Simulator
from shared.pve.upid import Upid
from tests.support.pve_api import finished, make_client, task_log

UPID = re.compile(r"^UPID:pve1:[0-9A-F]{8}:[0-9A-F]{8}:[0-9A-F]{8}:qmstart:101:root@pam!mcp:$")


async def test_start_answers_a_real_format_upid_and_ends_ok(sim: Simulator, client: httpx.AsyncClient) -> None:
    upid = (await client.post("/nodes/pve1/qemu/101/status/start")).json()["data"]
    assert UPID.match(upid)
    status = await finished(sim, client, upid)
    assert status["status"] == "stopped"
    assert status["exitstatus"] == "OK"
    assert sim.state.guests[101].status == "running"
    assert sim.state.counts[101]["started"] == 1
    assert Upid.parse(upid).owner == "root@pam!mcp"


async def test_effect_is_applied_only_when_the_task_ends(sim: Simulator, client: httpx.AsyncClient) -> None:
    sim.faults.add_task_rule(type="qmstart", duration=30)
    upid = (await client.post("/nodes/pve1/qemu/101/status/start")).json()["data"]
    status = (await client.get(f"/nodes/pve1/tasks/{upid}/status")).json()["data"]
    assert status["status"] == "running"
    assert "exitstatus" not in status
    assert sim.state.guests[101].status == "stopped"


async def test_create_task_writes_progress_lines_and_paged_log(sim: Simulator, client: httpx.AsyncClient) -> None:
    upid = (await client.post("/nodes/pve1/qemu", data={"vmid": "150", "scsi0": "local-lvm:4", "name": "new"})).json()[
        "data"
    ]
    await finished(sim, client, upid)
    lines = await task_log(client, upid)
    assert "scsi0: transferred 1.0 GiB of 4.0 GiB (25.00%)" in lines
    assert lines[-1] == "TASK OK"
    page = (await client.get(f"/nodes/pve1/tasks/{upid}/log", params={"start": 1, "limit": 2})).json()
    assert page["total"] == len(lines)
    assert [entry["n"] for entry in page["data"]] == [2, 3]
    whole = (await client.get(f"/nodes/pve1/tasks/{upid}/log", params={"start": 1, "limit": 0})).json()
    assert [entry["n"] for entry in whole["data"]] == list(range(2, len(lines) + 1))  # limit 0: to the end
    assert sim.state.counts[150]["created"] == 1
    assert sim.state.guests[150].config["scsi0"] == "local-lvm:vm-150-disk-0,size=4G"


async def test_start_of_running_qemu_vm_fails_in_its_task(sim: Simulator, client: httpx.AsyncClient) -> None:
    response = await client.post("/nodes/pve1/qemu/100/status/start")
    assert response.status_code == 200
    status = await finished(sim, client, response.json()["data"])
    assert status["exitstatus"] == "VM 100 already running"
    assert (await task_log(client, response.json()["data"]))[-1] == "TASK ERROR: VM 100 already running"


async def test_stopping_a_task_ends_it_with_received_interrupt(sim: Simulator, client: httpx.AsyncClient) -> None:
    sim.faults.add_task_rule(type="qmstart", duration=30)
    upid = (await client.post("/nodes/pve1/qemu/101/status/start")).json()["data"]
    stop = await client.delete(f"/nodes/pve1/tasks/{upid}")
    assert stop.status_code == 200
    status = await finished(sim, client, upid)
    assert status["exitstatus"] == "received interrupt"
    assert sim.state.guests[101].status == "stopped"


async def test_forced_warnings_and_errors(sim: Simulator, client: httpx.AsyncClient) -> None:
    sim.faults.add_task_rule(vmid=101, outcome="warnings:2", count=1)
    sim.faults.add_task_rule(vmid=102, outcome="error:storage full")
    warn = (await client.post("/nodes/pve1/qemu/101/status/start")).json()["data"]
    fail = (await client.post("/nodes/pve2/qemu/102/status/stop")).json()["data"]
    assert (await finished(sim, client, warn))["exitstatus"] == "WARNINGS: 2"
    assert (await task_log(client, warn))[-3:] == [
        "WARN: simulated warning 1",
        "WARN: simulated warning 2",
        "TASK WARNINGS: 2",
    ]
    assert sim.state.guests[101].status == "running"
    assert (await finished(sim, client, fail))["exitstatus"] == "storage full"
    assert sim.state.guests[102].status == "running"


async def test_task_list_filters_and_total(sim: Simulator, client: httpx.AsyncClient) -> None:
    first = (await client.post("/nodes/pve1/qemu/101/status/start")).json()["data"]
    second = (await client.post("/nodes/pve1/lxc/201/status/start")).json()["data"]
    await finished(sim, client, first)
    await finished(sim, client, second)
    by_vmid = (await client.get("/nodes/pve1/tasks", params={"vmid": 101})).json()
    assert [t["upid"] for t in by_vmid["data"]] == [first]
    assert by_vmid["total"] == 1
    by_type = (await client.get("/nodes/pve1/tasks", params={"typefilter": "vzstart"})).json()["data"]
    assert [t["upid"] for t in by_type] == [second]
    assert by_type[0]["status"] == "OK"
    assert (await client.get("/nodes/pve1/tasks", params={"userfilter": "nobody"})).json()["data"] == []
    assert (await client.get("/nodes/pve2/tasks")).json()["data"] == []


async def _spread_tasks(sim: Simulator, client: httpx.AsyncClient, count: int) -> list[str]:
    """`count` ended tasks, oldest first, whose start times lie 10 s apart up to now.

    Real tasks start within the same second here; their start times are moved apart afterwards
    (the list orders and filters on `starttime`), rather than waiting seconds between them.
    """
    upids = []
    for _ in range(count):
        upid = (await client.post("/nodes/pve1/qemu/101/status/start")).json()["data"]
        await finished(sim, client, upid)
        upids.append(upid)
    now = int(time.time())
    for age, upid in enumerate(reversed(upids)):
        task = sim.state.tasks[upid]
        task.starttime, task.endtime = now - 10 * age, now - 10 * age + 1
    return upids


async def _listed(client: httpx.AsyncClient, **params: int) -> tuple[list[str], int]:
    answer = (await client.get("/nodes/pve1/tasks", params=params)).json()
    return [task["upid"] for task in answer["data"]], answer.get("total", 0)


async def test_task_list_pages_newest_first_with_start_and_limit(sim: Simulator, client: httpx.AsyncClient) -> None:
    oldest, second, third, fourth, newest = await _spread_tasks(sim, client, 5)
    assert await _listed(client) == ([newest, fourth, third, second, oldest], 5)
    assert await _listed(client, start=1, limit=2) == ([fourth, third], 5)
    assert await _listed(client, start=4, limit=2) == ([oldest], 5)
    assert await _listed(client, start=5) == ([], 5)
    assert await _listed(client, limit=0) == ([], 5)


async def test_task_list_since_and_until_bound_the_start_time_inclusively(
    sim: Simulator, client: httpx.AsyncClient
) -> None:
    upids = await _spread_tasks(sim, client, 4)
    oldest, second, third, newest = upids
    start = {upid: sim.state.tasks[upid].starttime for upid in upids}
    assert await _listed(client, since=start[second]) == ([newest, third, second], 3)
    assert await _listed(client, until=start[third]) == ([third, second, oldest], 3)
    assert await _listed(client, since=start[second], until=start[third]) == ([third, second], 2)
    assert await _listed(client, since=start[newest] + 1) == ([], 0)
    # what reconciliation asks: the newest tasks since a moment, a page at a time
    assert await _listed(client, since=start[second], limit=1) == ([newest], 3)


async def test_running_tasks_show_only_with_source_active(sim: Simulator, client: httpx.AsyncClient) -> None:
    sim.faults.add_task_rule(type="qmstart", duration=30)
    upid = (await client.post("/nodes/pve1/qemu/101/status/start")).json()["data"]
    archive = (await client.get("/nodes/pve1/tasks")).json()["data"]
    active = (await client.get("/nodes/pve1/tasks", params={"source": "active"})).json()["data"]
    assert upid not in [t["upid"] for t in archive]
    assert [t["upid"] for t in active] == [upid]
    # as pve-manager lists the `active` file: RUNNING, the token's whole id as user, not yet saved
    assert (active[0]["status"], active[0]["user"], active[0]["saved"]) == ("RUNNING", "root@pam!mcp", "0")
    assert "tokenid" not in active[0]
    # the task status (read_task_status) splits the token off
    status = (await client.get(f"/nodes/pve1/tasks/{upid}/status")).json()["data"]
    assert (status["status"], status["user"], status["tokenid"]) == ("running", "root@pam", "mcp")
    await client.delete(f"/nodes/pve1/tasks/{upid}")
    await sim.wait_task(upid)
    ended = (await client.get("/nodes/pve1/tasks")).json()["data"]
    # an archived task is converted ($convert_token_task): user and tokenid apart
    assert (ended[0]["upid"], ended[0]["user"], ended[0]["tokenid"]) == (upid, "root@pam", "mcp")


async def test_unknown_task_is_a_400_no_such_task(client: httpx.AsyncClient) -> None:
    upid = "UPID:pve1:00001234:00005678:6B0CE9E6:qmstart:100:root@pam!mcp:"
    response = await client.get(f"/nodes/pve1/tasks/{upid}/status")
    assert response.status_code == 400
    assert response.json()["errors"] == {"upid": "no such task"}


async def test_second_task_on_a_locked_guest_times_out_on_the_lock() -> None:
    async with Simulator(SimConfig(task_duration=0.05, lock_timeout=0.1)) as sim, make_client(sim) as http:
        sim.faults.add_task_rule(type="qmstart", duration=30)
        await http.post("/nodes/pve1/qemu/101/status/start")
        second = (await http.post("/nodes/pve1/qemu/101/status/stop")).json()["data"]
        status = await finished(sim, http, second)
        assert status["exitstatus"] == "can't lock file '/var/lock/qemu-server/lock-101.conf' - got timeout"
        put = await http.put("/nodes/pve1/qemu/101/config", data={"cores": "4"})
        assert put.status_code == 500
        assert "got timeout" in put.json()["message"]
