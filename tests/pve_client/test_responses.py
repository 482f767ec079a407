"""Responses are validated: PVE's loose scalars are accepted, anything else is API_CONTRACT_DIVERGENCE."""

from __future__ import annotations

import httpx
import pytest

from shared.errors import ContractDivergence, DispatchUncertain, InternalError
from shared.pve.models import NO_DATA, OPTIONAL_UPID, UPID, QemuConfig, QemuStatus, StorageStatus, TaskLogLine
from shared.pve.upid import Upid

from .answers import pve_data

STATUS = "/nodes/{node}/qemu/{vmid}/status/current"
GUEST = {"node": "pve1", "vmid": 100}
UPID_TEXT = "UPID:pve1:000A1B2C:0012D687:66B1F2A0:qmstart:100:root@pam!mcp:"


async def test_next_vmid_sent_as_text_is_an_int(make_client):
    client = make_client(lambda request: pve_data("101"))

    assert await client.get("/cluster/nextid", int) == 101


async def test_numbers_as_text_and_booleans_as_0_1_are_accepted(make_client):
    answer = pve_data(
        {"vmid": "100", "status": "running", "cpu": "0.25", "mem": 1024, "template": 0, "agent": "1", "name": 1234}
    )
    client = make_client(lambda request: answer)

    status = await client.get(STATUS, QemuStatus, path=GUEST)

    assert (status.vmid, status.cpu, status.template, status.agent, status.name) == (100, 0.25, False, True, "1234")


async def test_unknown_fields_are_kept(make_client):
    client = make_client(lambda request: pve_data({"vmid": 100, "status": "stopped", "newfield": {"a": 1}}))

    status = await client.get(STATUS, QemuStatus, path=GUEST)

    assert status.model_extra == {"newfield": {"a": 1}}


async def test_wrong_type_names_method_endpoint_field_and_expectation(make_client):
    client = make_client(lambda request: pve_data({"vmid": "one hundred", "status": "running"}))

    with pytest.raises(ContractDivergence) as caught:
        await client.get(STATUS, QemuStatus, path=GUEST)

    error = caught.value
    assert error.code == "API_CONTRACT_DIVERGENCE"
    assert error.message.startswith("GET /nodes/{node}/qemu/{vmid}/status/current returned data.vmid")
    assert "valid integer" in error.message
    assert error.details["field"] == "data.vmid"
    assert error.details["endpoint"] == STATUS


async def test_missing_required_field_in_a_list_item_is_named_with_its_index(make_client):
    answer = pve_data([{"storage": "local", "type": "dir", "content": "iso"}, {"storage": "tank", "type": "zfspool"}])
    client = make_client(lambda request: answer)

    with pytest.raises(ContractDivergence) as caught:
        await client.get("/nodes/{node}/storage", list[StorageStatus], path={"node": "pve1"})

    assert caught.value.details["field"] == "data[1].content"
    assert "got nothing" in caught.value.message


async def test_status_outside_the_schema_enum_is_a_divergence(make_client):
    client = make_client(lambda request: pve_data({"vmid": 100, "status": "hibernating"}))

    with pytest.raises(ContractDivergence) as caught:
        await client.get(STATUS, QemuStatus, path=GUEST)

    assert caught.value.details["field"] == "data.status"
    assert "'running' or 'stopped'" in caught.value.message


@pytest.mark.parametrize(
    ("answer", "words"),
    [
        pytest.param(httpx.Response(200, text="<html>proxy login</html>"), "JSON object", id="html"),
        pytest.param(httpx.Response(200, json=[1, 2]), "JSON object", id="json-array"),
        pytest.param(httpx.Response(200, json={"success": 1}), "without `data`", id="no-data"),
    ],
)
async def test_answer_without_a_data_envelope_is_a_divergence(make_client, answer, words):
    client = make_client(lambda request: answer)

    with pytest.raises(ContractDivergence) as caught:
        await client.get(STATUS, QemuStatus, path=GUEST)

    assert words in caught.value.message


async def test_task_starting_post_returns_a_parsed_upid(make_client):
    client = make_client(lambda request: pve_data(UPID_TEXT))

    upid = await client.post("/nodes/{node}/qemu/{vmid}/status/start", UPID, path=GUEST)

    assert isinstance(upid, Upid)
    assert (upid.node, upid.type, upid.id, str(upid)) == ("pve1", "qmstart", "100", UPID_TEXT)


async def test_a_post_pve_accepted_with_an_answer_that_is_no_upid_leaves_its_effect_uncertain(make_client):
    # PVE acted (2xx) but we cannot read what it started: treating it as refused could send it twice
    client = make_client(lambda request: pve_data("OK"))

    with pytest.raises(DispatchUncertain) as caught:
        await client.post("/nodes/{node}/qemu/{vmid}/status/start", UPID, path=GUEST)

    assert "not a PVE task id" in caught.value.message
    assert isinstance(caught.value.__cause__, ContractDivergence)


async def test_a_post_answered_with_a_body_that_is_not_json_leaves_its_effect_uncertain(make_client):
    client = make_client(lambda request: httpx.Response(200, text="<html>proxy page</html>"))

    with pytest.raises(DispatchUncertain, match="PVE accepted POST"):
        await client.post("/nodes/{node}/qemu/{vmid}/status/start", UPID, path=GUEST)


async def test_a_get_answered_with_a_body_that_does_not_fit_stays_a_divergence(make_client):
    client = make_client(lambda request: pve_data("OK"))

    with pytest.raises(ContractDivergence):
        await client.get("/nodes/{node}/qemu/{vmid}/status/current", UPID, path=GUEST)


async def test_config_post_may_answer_null_or_a_upid(make_client):
    answers = iter([pve_data(None), pve_data(UPID_TEXT)])
    client = make_client(lambda request: next(answers))
    path = "/nodes/{node}/qemu/{vmid}/config"

    assert await client.post(path, OPTIONAL_UPID, path=GUEST, body={"cores": 2}) is None
    assert str(await client.post(path, OPTIONAL_UPID, path=GUEST, body={"cores": 2})) == UPID_TEXT


async def test_task_log_page_carries_pves_total(make_client):
    answer = pve_data([{"n": 51, "t": "starting"}, {"n": 52, "t": "TASK OK"}], total=52)
    client = make_client(lambda request: answer)

    page = await client.get_page(
        "/nodes/{node}/tasks/{upid}/log", TaskLogLine, path={"node": "pve1", "upid": UPID_TEXT}, query={"start": 50}
    )

    assert [line.t for line in page.data] == ["starting", "TASK OK"]
    assert page.total == 52


async def test_task_log_page_without_total_means_zero_lines(make_client):
    client = make_client(lambda request: pve_data([]))

    page = await client.get_page(
        "/nodes/{node}/tasks/{upid}/log", TaskLogLine, path={"node": "pve1", "upid": UPID_TEXT}
    )

    assert (page.data, page.total) == ([], 0)


async def test_placeholder_values_are_quoted_and_forms_use_pve_booleans(make_client):
    seen: list[httpx.Request] = []

    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        return pve_data(None)

    client = make_client(handler)
    await client.delete(
        "/nodes/{node}/tasks/{upid}", NO_DATA, path={"node": "pve1", "upid": UPID_TEXT}, query={"force": True}
    )
    await client.put(
        "/nodes/{node}/qemu/{vmid}/config", NO_DATA, path=GUEST, body={"onboot": False, "cores": 2, "name": None}
    )

    assert seen[0].url.raw_path.decode() == (
        "/api2/json/nodes/pve1/tasks/UPID%3Apve1%3A000A1B2C%3A0012D687%3A66B1F2A0%3Aqmstart%3A100%3Aroot%40pam%21mcp%3A"
        "?force=1"
    )
    assert seen[1].method == "PUT"
    assert seen[1].headers["content-type"] == "application/x-www-form-urlencoded"
    assert seen[1].content == b"onboot=0&cores=2"


async def test_path_values_that_do_not_fit_the_template_are_our_bug(make_client):
    client = make_client(lambda request: pve_data(None))

    with pytest.raises(InternalError):
        await client.get(STATUS, QemuStatus, path={"node": "pve1"})


async def test_guest_config_keeps_devices_and_reads_memory(make_client):
    answer = pve_data(
        {
            "digest": "abc",
            "memory": "4096",
            "cores": 2,
            "net0": "virtio=AA:BB,bridge=vmbr0",
            "net1": "e1000",
            "scsi0": "x",
        }
    )
    client = make_client(lambda request: answer)

    config = await client.get("/nodes/{node}/qemu/{vmid}/config", QemuConfig, path=GUEST)

    assert config.indexed("net") == {"net0": "virtio=AA:BB,bridge=vmbr0", "net1": "e1000"}
    assert config.memory_mib == 4096
