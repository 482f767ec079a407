"""Token auth, permission checks and PVE's error shapes, over real HTTPS."""

from __future__ import annotations

import httpx
import pytest

from pvesim.config import SimConfig
from pvesim.simulator import Simulator
from tests.support.pve_api import make_client


async def test_call_without_token_gets_401_no_ticket(sim: Simulator, client: httpx.AsyncClient) -> None:
    response = await client.get("/nodes", headers={"Authorization": ""})
    assert response.status_code == 401
    assert response.reason_phrase == "No ticket"


async def test_wrong_token_secret_gets_401(sim: Simulator, client: httpx.AsyncClient) -> None:
    response = await client.get("/nodes", headers={"Authorization": f"PVEAPIToken={sim.token_name}=wrong"})
    assert response.status_code == 401
    assert response.reason_phrase == "invalid token value!"


async def test_unknown_token_gets_401(client: httpx.AsyncClient) -> None:
    response = await client.get("/nodes", headers={"Authorization": "PVEAPIToken=root@pam!nope=x"})
    assert response.status_code == 401


async def test_valid_token_lists_both_nodes(client: httpx.AsyncClient) -> None:
    response = await client.get("/nodes")
    assert response.status_code == 200
    assert {n["node"] for n in response.json()["data"]} == {"pve1", "pve2"}


async def test_limited_token_gets_pve_permission_text_on_power_action(
    sim: Simulator, limited_client: httpx.AsyncClient
) -> None:
    response = await limited_client.post("/nodes/pve1/qemu/100/status/start")
    assert response.status_code == 403
    assert response.json() == {"data": None, "message": "Permission check failed (/vms/100, VM.PowerMgmt)\n"}
    assert response.reason_phrase == "Permission check failed (/vms/100, VM.PowerMgmt)"
    assert sim.state.counts[100]["started"] == 0


async def test_limited_token_may_still_read(limited_client: httpx.AsyncClient) -> None:
    response = await limited_client.get("/nodes/pve1/qemu/100/status/current")
    assert response.status_code == 200


async def test_permissions_endpoint_lists_the_calling_tokens_privileges(
    client: httpx.AsyncClient, limited_client: httpx.AsyncClient
) -> None:
    full = (await client.get("/access/permissions")).json()["data"]
    limited = (await limited_client.get("/access/permissions")).json()["data"]
    assert full["/"]["VM.PowerMgmt"] == 1
    assert "VM.PowerMgmt" not in limited["/"]
    assert limited["/"]["VM.Audit"] == 1


async def test_unknown_path_is_501_with_pves_message_and_a_violation(sim: Simulator, client: httpx.AsyncClient) -> None:
    response = await client.get("/nodes/pve1/frobnicate")
    assert response.status_code == 501
    assert response.json()["message"] == "Method 'GET /nodes/pve1/frobnicate' not implemented\n"
    assert [v.kind for v in sim.violations] == ["unknown_path"]


async def test_method_not_in_schema_is_501(client: httpx.AsyncClient) -> None:
    response = await client.delete("/version")
    assert response.status_code == 501


async def test_offline_node_answers_595_without_body(sim: Simulator, client: httpx.AsyncClient) -> None:
    sim.set_node_online("pve2", False)
    response = await client.get("/nodes/pve2/qemu")
    assert response.status_code == 595
    assert response.reason_phrase == "No route to host"
    assert response.content == b""
    nodes = (await client.get("/nodes")).json()["data"]
    assert {n["node"]: n["status"] for n in nodes} == {"pve1": "online", "pve2": "offline"}


async def test_unknown_node_fails_hostname_lookup(client: httpx.AsyncClient) -> None:
    response = await client.get("/nodes/pve9/qemu")
    assert response.status_code == 500
    assert "hostname lookup 'pve9' failed" in response.json()["message"]


async def test_error_reason_phrase_carries_pves_message(client: httpx.AsyncClient) -> None:
    response = await client.delete("/nodes/pve1/qemu/100")
    assert response.status_code == 500
    assert response.reason_phrase == "VM 100 is running - destroy failed"
    assert response.json() == {"data": None, "message": "VM 100 is running - destroy failed\n"}


async def test_plain_http_mode_serves_the_same_api() -> None:
    async with Simulator(SimConfig(https=False)) as sim, make_client(sim) as http:
        assert sim.url.startswith("http://")
        assert sim.ca_path is None
        assert (await http.get("/version")).json()["data"]["release"] == "9.1"


@pytest.mark.parametrize("version", ["9.1", "8.4"])
async def test_version_reports_the_simulated_release(version: str) -> None:
    async with Simulator(SimConfig(pve_version=version)) as sim, make_client(sim) as http:  # type: ignore[arg-type]
        assert (await http.get("/version")).json()["data"]["release"] == version
