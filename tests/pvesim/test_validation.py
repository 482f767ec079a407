"""The schema validator catches what real PVE rejects, and records it."""

from __future__ import annotations

from urllib.parse import quote

import httpx
import pytest

from pvesim.config import SimConfig
from pvesim.simulator import Simulator
from tests.support.pve_api import make_client


async def test_unknown_parameter_is_rejected_and_recorded(sim: Simulator, client: httpx.AsyncClient) -> None:
    response = await client.post("/nodes/pve1/qemu/100/status/start", data={"turbo": "1"})
    assert response.status_code == 400
    assert response.reason_phrase == "Parameter verification failed."
    assert response.json()["errors"] == {
        "turbo": "property is not defined in schema and the schema does not allow additional properties"
    }
    assert sim.violations[-1].kind == "parameters"
    assert sim.violations[-1].template == "/nodes/{node}/qemu/{vmid}/status/start"
    assert sim.state.counts[100]["started"] == 0


async def test_wrong_type_is_rejected(sim: Simulator, client: httpx.AsyncClient) -> None:
    response = await client.put("/nodes/pve1/qemu/101/config", data={"cores": "two"})
    assert response.status_code == 400
    assert response.json()["errors"] == {"cores": "type check ('integer') failed - got 'two'"}
    assert "cores" in sim.violations[-1].problems


async def test_missing_required_parameter_is_rejected(sim: Simulator, client: httpx.AsyncClient) -> None:
    response = await client.post("/nodes/pve1/qemu/100/snapshot", data={"description": "x"})
    assert response.status_code == 400
    assert response.json()["errors"] == {"snapname": "property is missing and it is not optional"}


async def test_conflicting_path_and_body_parameter_is_rejected(sim: Simulator, client: httpx.AsyncClient) -> None:
    response = await client.post("/nodes/pve1/qemu/100/status/stop", data={"vmid": "101"})
    assert response.status_code == 400
    assert response.json()["errors"] == {
        "vmid": "duplicate parameter (already defined in URI) with conflicting values!"
    }


async def test_same_value_duplicate_passes_on_9_1_but_is_recorded(sim: Simulator, client: httpx.AsyncClient) -> None:
    response = await client.post("/nodes/pve1/qemu/100/status/stop", data={"node": "pve1"})
    assert response.status_code == 200
    assert sim.violations[-1].kind == "duplicate_parameter"


async def test_any_duplicate_is_rejected_in_8_4_mode() -> None:
    async with Simulator(SimConfig(pve_version="8.4", task_duration=0)) as sim, make_client(sim) as http:
        response = await http.post("/nodes/pve1/qemu/100/status/stop", data={"node": "pve1"})
        assert response.status_code == 400
        assert response.json()["errors"] == {"node": "duplicate parameter (already defined in URI)"}


async def test_boolean_takes_only_0_or_1(client: httpx.AsyncClient) -> None:
    bad = await client.post("/nodes/pve1/qemu/100/status/stop", data={"skiplock": "true"})
    assert bad.json()["errors"] == {"skiplock": "type check ('boolean') failed - got 'true'"}
    good = await client.post("/nodes/pve1/qemu/100/status/stop", data={"skiplock": "1"})
    assert good.status_code == 200


async def test_enum_minimum_and_format_are_checked(client: httpx.AsyncClient) -> None:
    enum = await client.get("/cluster/resources", params={"type": "vms"})
    assert enum.json()["errors"]["type"].startswith("value 'vms' does not have a value in the enumeration")
    low = await client.get("/nodes/pve1/tasks", params={"limit": "-1"})
    assert low.json()["errors"] == {"limit": "value must have a minimum value of 0"}
    node = await client.get("/nodes/bad_node/qemu")
    assert node.json()["errors"] == {"node": "invalid format - value does not look like a valid node name"}


async def test_folded_indexed_options_are_accepted_up_to_their_limit(client: httpx.AsyncClient) -> None:
    ok = await client.put(
        "/nodes/pve1/qemu/101/config",
        data={"net1": "virtio,bridge=vmbr1", "ipconfig1": "ip=dhcp", "scsi30": "local-lvm:1"},
    )
    assert ok.status_code == 200, ok.text
    too_far = await client.put("/nodes/pve1/qemu/101/config", data={"net32": "virtio,bridge=vmbr0"})
    assert too_far.status_code == 400
    assert "net32" in too_far.json()["errors"]


async def test_property_string_with_unknown_key_is_rejected(client: httpx.AsyncClient) -> None:
    response = await client.put("/nodes/pve1/qemu/101/config", data={"net0": "virtio,bridge=vmbr0,speed=fast"})
    assert response.json()["errors"] == {"net0": "invalid format - invalid key in comma-separated list property: speed"}


async def test_raw_ssh_key_is_rejected_and_percent_encoded_key_accepted(client: httpx.AsyncClient) -> None:
    key = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIK0test user@host"
    raw = await client.put("/nodes/pve1/qemu/100/config", data={"sshkeys": key})
    assert raw.status_code == 400
    assert raw.json()["errors"]["sshkeys"] == f"invalid format - invalid urlencoded string: {key}\n".rstrip("\n")
    encoded = await client.put("/nodes/pve1/qemu/100/config", data={"sshkeys": quote(key, safe="")})
    assert encoded.status_code == 200


async def test_json_bodies_are_accepted(sim: Simulator, client: httpx.AsyncClient) -> None:
    response = await client.put("/nodes/pve1/qemu/101/config", json={"cores": 4, "onboot": True})
    assert response.status_code == 200
    assert sim.state.guests[101].config["cores"] == "4"
    assert sim.state.guests[101].config["onboot"] == "1"


@pytest.mark.parametrize(
    ("params", "problem"),
    [
        pytest.param({"vmid": "abc"}, "type check ('integer') failed - got 'abc'", id="vmid-not-integer"),
        pytest.param({"vmid": "99"}, "invalid format - value does not look like a valid VM ID", id="vmid-short"),
    ],
)
async def test_nextid_vmid_checks(client: httpx.AsyncClient, params: dict[str, str], problem: str) -> None:
    response = await client.get("/cluster/nextid", params=params)
    assert response.json()["errors"] == {"vmid": problem}
