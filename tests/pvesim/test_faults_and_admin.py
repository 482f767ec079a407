"""Faults on demand and the /_sim admin surface that other processes use."""

from __future__ import annotations

import asyncio
import time

import httpx
import pytest

from pvesim.records import BoundedLog
from pvesim.simulator import Simulator
from tests.support.pve_api import finished


async def test_next_errors_answer_then_stop(client: httpx.AsyncClient, sim: Simulator) -> None:
    sim.faults.add_error(503, path="/nodes", count=2)
    statuses = [(await client.get("/nodes")).status_code for _ in range(3)]
    assert statuses == [503, 503, 200]


async def test_596_fault_has_reason_and_no_body(client: httpx.AsyncClient, sim: Simulator) -> None:
    sim.faults.add_error(596, method="GET", path="/nodes/{node}/qemu")
    response = await client.get("/nodes/pve1/qemu")
    assert response.status_code == 596
    assert response.reason_phrase == "Broken pipe"
    assert response.content == b""


async def test_error_rate_applies_to_a_share_of_calls(client: httpx.AsyncClient, sim: Simulator) -> None:
    sim.faults.error_rate = 0.5
    statuses = [(await client.get("/version")).status_code for _ in range(40)]
    assert 0 < statuses.count(500) < 40


async def test_drop_before_handling_has_no_effect(client: httpx.AsyncClient, sim: Simulator) -> None:
    sim.faults.add_drop(when="before", method="POST")
    with pytest.raises(httpx.RemoteProtocolError):
        await client.post("/nodes/pve1/qemu/101/status/start")
    assert sim.state.tasks == {}


async def test_drop_after_handling_applied_the_effect_once(client: httpx.AsyncClient, sim: Simulator) -> None:
    sim.faults.add_drop(when="after", method="POST", path="/nodes/pve1/qemu/101/status/start")
    with pytest.raises(httpx.RemoteProtocolError):
        await client.post("/nodes/pve1/qemu/101/status/start")
    (upid,) = sim.state.tasks
    await finished(sim, client, upid)
    assert sim.state.counts[101]["started"] == 1


@pytest.mark.parametrize("mode", ["missing_field", "wrong_type", "not_json"])
async def test_malformed_answer_once(client: httpx.AsyncClient, sim: Simulator, mode: str) -> None:
    sim.faults.add_malformed("/nodes/{node}/qemu/{vmid}/status/current", mode=mode)  # type: ignore[arg-type]
    spoiled = await client.get("/nodes/pve1/qemu/100/status/current")
    if mode == "not_json":
        with pytest.raises(ValueError, match="Expecting value"):
            spoiled.json()
    else:
        data = spoiled.json()["data"]
        assert data.get("ha") != {"managed": 0}
    clean = (await client.get("/nodes/pve1/qemu/100/status/current")).json()["data"]
    assert clean["ha"] == {"managed": 0}


async def test_latency_is_added_to_answers(client: httpx.AsyncClient, sim: Simulator) -> None:
    sim.faults.latency = 0.3
    began = time.monotonic()
    response = await client.get("/version")
    elapsed = time.monotonic() - began
    assert response.status_code == 200
    assert elapsed >= 0.3  # a lower bound only: the answer waited at least the latency


async def test_a_slow_rule_delays_only_the_calls_it_names(client: httpx.AsyncClient, sim: Simulator) -> None:
    sim.faults.add_slow(0.3, method="GET", path="/version")
    began = time.monotonic()
    assert (await client.get("/nodes")).status_code == 200
    other = time.monotonic() - began
    began = time.monotonic()
    assert (await client.get("/version")).status_code == 200
    slowed = time.monotonic() - began
    assert slowed >= 0.3  # lower bounds only: the named call waited at least its delay
    assert other < slowed
    assert sim.faults.to_json()["slow"] == [{"method": "GET", "path": "/version", "count": None, "seconds": 0.3}]


async def test_tasks_given_an_end_time_end_together_however_late_they_started(
    client: httpx.AsyncClient, sim: Simulator
) -> None:
    ends_at = time.time() + 1.0
    sim.faults.add_task_rule(ends_at=ends_at, count=2)  # any task type
    first = (await client.post("/nodes/pve1/qemu/101/status/start")).json()["data"]
    await asyncio.sleep(0.5)
    second = (await client.post("/nodes/pve1/qemu/100/snapshot", data={"snapname": "later"})).json()["data"]
    for upid in (first, second):
        assert (await finished(sim, client, upid))["exitstatus"] == "OK"
    ends = [sim.state.tasks[upid].ended for upid in (first, second)]
    assert all(end is not None for end in ends)
    assert abs(ends[0] - ends[1]) < 0.2, ends  # together, though the second started half a second later
    assert all(abs(sim.state.tasks[upid].endtime - ends_at) <= 1 for upid in (first, second))  # whole seconds
    assert sim.faults.tasks == []


async def test_admin_surface_reads_state_and_sets_faults(sim: Simulator) -> None:
    async with httpx.AsyncClient(
        base_url=sim.url,
        verify=False,
        headers={"Authorization": sim.auth_header},
    ) as admin:
        state = (await admin.get("/_sim/state")).json()["data"]
        assert state["guests"]["100"]["status"] == "running"
        put = await admin.put("/_sim/faults", json={"errors": [{"status": 500, "path": "/version", "count": 1}]})
        assert put.json()["data"]["errors"][0]["status"] == 500
        api = await admin.get("/api2/json/version")
        assert api.status_code == 500
        requests = (await admin.get("/_sim/requests")).json()["data"]
        assert requests[-1]["path"] == "/version"
        assert requests[-1]["status"] == 500
        await admin.put("/_sim/nodes/pve2", json={"online": False})
        assert (await admin.get("/api2/json/nodes/pve2/lxc")).status_code == 595
        await admin.get("/api2/json/nowhere")
        assert (await admin.get("/_sim/violations")).json()["data"][0]["kind"] == "unknown_path"
        assert (await admin.delete("/_sim/violations")).status_code == 200
        assert sim.violations == []
        upid = (await admin.post("/api2/json/nodes/pve1/qemu/101/status/start")).json()["data"]
        waited = (await admin.get(f"/_sim/tasks/{upid}/wait", params={"timeout": 5})).json()["data"]
        assert waited["exitstatus"] == "OK"
        assert (await admin.delete("/_sim/faults")).status_code == 200


async def test_admin_surface_refuses_the_limited_token(sim: Simulator) -> None:
    async with httpx.AsyncClient(base_url=sim.url, verify=False) as admin:
        assert (await admin.get("/_sim/state")).status_code == 401
        limited = await admin.get("/_sim/state", headers={"Authorization": sim.limited_auth_header})
        assert limited.status_code == 403


async def test_many_concurrent_calls_are_all_answered(client: httpx.AsyncClient) -> None:
    responses = await asyncio.gather(*(client.get("/nodes/pve1/qemu") for _ in range(50)))
    assert {r.status_code for r in responses} == {200}


async def test_used_up_fault_rules_are_dropped(client: httpx.AsyncClient, sim: Simulator) -> None:
    sim.faults.add_error(503, path="/version", count=2)
    sim.faults.add_malformed("/version")
    sim.faults.add_task_rule(type="qmstart", outcome="error:boom", count=1)
    assert [(await client.get("/version")).status_code for _ in range(3)] == [503, 503, 200]
    upid = (await client.post("/nodes/pve1/qemu/101/status/start")).json()["data"]
    assert (await finished(sim, client, upid))["exitstatus"] == "boom"
    rules = sim.faults.to_json()
    assert (rules["errors"], rules["malformed"], rules["tasks"]) == ([], [], [])


async def test_rules_without_a_count_stay(client: httpx.AsyncClient, sim: Simulator) -> None:
    sim.faults.add_error(503, path="/version", count=None)
    sim.faults.add_task_rule(type="qmstart", duration=0.01)
    assert {(await client.get("/version")).status_code for _ in range(3)} == {503}
    await finished(sim, client, (await client.post("/nodes/pve1/qemu/101/status/start")).json()["data"])
    assert len(sim.faults.errors) == len(sim.faults.tasks) == 1


def test_a_bounded_log_keeps_its_newest_entries_as_a_plain_list() -> None:
    log: list[int] = BoundedLog(3)
    for number in range(5):
        log.append(number)
    assert log == [2, 3, 4]
    assert log[1:] == [3, 4]
