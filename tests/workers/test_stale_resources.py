"""Right after a change, PVE's /cluster/resources still shows the guest as it was (pvestatd's ~10 s).

pvesim runs here with statistics that never refresh during the test, so every check that
trusted the resource list's status or name would act on the state from before the change.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import httpx
import pytest
from mcp import Client

from pvesim.config import SimConfig
from pvesim.simulator import Simulator
from tests.support.inprocess import inprocess_client
from tests.support.pve_api import make_client

pytestmark = pytest.mark.timeout(90)


@pytest.fixture
async def sim() -> AsyncIterator[Simulator]:
    async with Simulator(SimConfig(task_duration=0.2, stats_interval=3600)) as running:
        yield running


@pytest.fixture
async def client(sim: Simulator) -> AsyncIterator[Client]:
    async with inprocess_client(sim) as connected:
        yield connected


async def _resource(http: httpx.AsyncClient, vmid: int) -> dict[str, Any]:
    listed = (await http.get("/cluster/resources", params={"type": "vm"})).json()["data"]
    found: dict[str, Any] = next(entry for entry in listed if entry["vmid"] == vmid)
    return found


async def _change(client: Client, tool: str, **arguments: object) -> dict[str, Any]:
    result = await client.call_tool(tool, {**arguments, "confirmed": True, "wait_seconds": 30})
    assert not result.is_error, result.content
    assert result.structured_content is not None
    assert result.structured_content["state"] == "succeeded", result.structured_content
    return result.structured_content


async def test_the_simulated_resource_list_lags_as_pves_does(sim: Simulator) -> None:
    async with make_client(sim) as http:
        assert (await _resource(http, 101))["status"] == "stopped"
        await sim.wait_task((await http.post("/nodes/pve1/qemu/101/status/start")).json()["data"])
        assert (await _resource(http, 101))["status"] == "stopped"  # the broadcast before the start
        created = await http.post("/nodes/pve1/qemu", data={"vmid": "170", "name": "fresh", "scsi0": "local-lvm:1"})
        await sim.wait_task(created.json()["data"])
        fresh = await _resource(http, 170)
    assert fresh["status"] == "unknown"
    assert "name" not in fresh


async def test_interfaces_of_a_container_just_started_are_read(sim: Simulator, client: Client) -> None:
    ct = next(g for g in sim.state.guests.values() if g.kind == "lxc" and g.status == "stopped" and not g.template)
    async with make_client(sim) as http:
        await _resource(http, ct.vmid)  # the statistics are taken while it is stopped
    await _change(client, "power_control", vmid=ct.vmid, action="start")
    result = await client.call_tool("get_lxc_interfaces", {"vmid": ct.vmid})
    assert not result.is_error, result.content
    assert result.structured_content is not None
    assert result.structured_content["interfaces"]


async def test_a_vm_just_started_can_be_snapshotted_with_its_ram(sim: Simulator, client: Client) -> None:
    await _change(client, "power_control", vmid=101, action="start")
    report = await _change(client, "create_snapshot", vmid=101, name="withram", vmstate=True)
    assert report["result"]["name"] == "withram"
    assert sim.state.guests[101].snapshots["withram"].vmstate


async def test_a_vm_created_and_started_reports_it_running(sim: Simulator, client: Client) -> None:
    report = await _change(client, "create_vm", node="pve1", name="quick01", start=True)
    vmid = report["result"]["vmid"]
    assert (report["result"]["started"], report["result"]["status"]) == (True, "running")
    assert sim.state.guests[vmid].status == "running"
    assert sim.state.counts[vmid] == {"created": 1, "started": 1}
    assert report["upid"].split(":")[5] == "qmstart"  # the job's last task: the start it followed


@pytest.mark.parametrize("kind", ["qemu", "lxc"])
async def test_a_start_of_a_guest_started_meanwhile_is_a_no_op(sim: Simulator, client: Client, kind: str) -> None:
    """The list still says stopped: PVE refuses the start (qemu's task fails, lxc's POST), which is read as a no-op."""
    guest = next(g for g in sim.state.guests.values() if g.kind == kind and g.status == "stopped" and not g.template)
    async with make_client(sim) as http:
        await _resource(http, guest.vmid)  # the statistics are taken while it is stopped
        started = await http.post(f"/nodes/{guest.node}/{kind}/{guest.vmid}/status/start")
        await sim.wait_task(started.json()["data"])
        assert (await _resource(http, guest.vmid))["status"] == "stopped"
    report = await _change(client, "power_control", vmid=guest.vmid, action="start")
    assert report["result"]["changed"] is False
    assert report["result"]["status_after"] == "running"
    assert "already running; nothing was done" in report["message"]
    assert sim.state.counts[guest.vmid]["started"] == 1  # the one start made before


async def test_a_start_of_a_listed_stopped_vm_sends_the_start_without_reading_its_status_first(
    sim: Simulator, client: Client
) -> None:
    sim.requests.clear()
    await _change(client, "power_control", vmid=101, action="start")
    paths = [(r.method, r.path) for r in sim.requests]
    post = paths.index(("POST", "/nodes/pve1/qemu/101/status/start"))
    assert ("GET", "/nodes/pve1/qemu/101/status/current") not in paths[:post]
    assert sim.state.guests[101].status == "running"
