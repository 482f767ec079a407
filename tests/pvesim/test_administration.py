"""Everyday administration (issue 13): config digest and pending changes, guest agent, task history,
HA status, pools and tags, node versions, and the scenario keys that set them up."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from pathlib import Path

import httpx
import pytest

from pvesim.config import SimConfig
from pvesim.hotplug import apply_pending
from pvesim.scenario import ScenarioError, load_scenario
from pvesim.simulator import Simulator
from pvesim.state import Agent
from tests.support.pve_api import finished, make_client

SCENARIO = """
cluster_name: lab
nodes: [{name: pve1}, {name: pve2}, {name: pve3}]
guests:
  - {vmid: 100, type: qemu, node: pve1, status: running, name: web1, tags: [prod, web]}
  - {vmid: 101, type: qemu, node: pve2, status: running, name: web2, tags: "prod;web", agent: {running: false}}
  - {vmid: 102, type: qemu, node: pve2, status: running, name: db, config: {tags: prod}, agent: {blocked: [guest-exec]}}
  - {vmid: 200, type: lxc, node: pve3, status: running, name: dns, pool: infra}
pools:
  - {poolid: prod, comment: production, vms: [100, 101, 102], storage: [local]}
ha:
  - {sid: "vm:100", state: started, max_restart: 2, max_relocate: 1, group: web}
  - {sid: "200", state: stopped}
"""


@pytest.fixture
async def lab(tmp_path: Path) -> AsyncIterator[Simulator]:
    file = tmp_path / "lab.yaml"
    file.write_text(SCENARIO)
    async with Simulator(SimConfig(scenario=file, task_duration=0.05, lock_timeout=0.3)) as sim:
        yield sim


@pytest.fixture
async def lab_client(lab: Simulator) -> AsyncIterator[httpx.AsyncClient]:
    async with make_client(lab) as http:
        yield http


# -- config digest and pending changes -------------------------------------------------------


@pytest.mark.parametrize(
    ("kind", "vmid", "message"),
    [
        ("qemu", 101, "checksum mismatch (file change by other user?)\n"),
        ("lxc", 201, "detected modified configuration - file changed by other user? Try again.\n"),
    ],
)
async def test_a_stale_digest_is_refused_and_nothing_changes(
    sim: Simulator, client: httpx.AsyncClient, kind: str, vmid: int, message: str
) -> None:
    config = (await client.get(f"/nodes/pve1/{kind}/{vmid}/config")).json()["data"]
    assert (
        await client.put(f"/nodes/pve1/{kind}/{vmid}/config", data={"description": "a", "digest": config["digest"]})
    ).json() == {"data": None}
    stale = await client.put(f"/nodes/pve1/{kind}/{vmid}/config", data={"description": "b", "digest": config["digest"]})
    assert (stale.status_code, stale.json()["message"]) == (500, message)
    assert sim.state.guests[vmid].config["description"] == "a"


async def test_a_running_vm_keeps_cold_changes_pending_and_applies_hot_ones(
    sim: Simulator, client: httpx.AsyncClient
) -> None:
    changes = {
        "cores": 4,
        "sockets": 2,
        "memory": 4096,
        "balloon": 1024,
        "onboot": 1,
        "startup": "order=2",
        "description": "web",
        "tags": "prod;web",
        "name": "web01-new",
        "protection": 1,
        "net0": "virtio=BC:24:11:00:00:64,bridge=vmbr1,tag=20,rate=50,firewall=0",
    }
    assert (await client.put("/nodes/pve1/qemu/100/config", data=changes)).json() == {"data": None}
    pending = {item["key"]: item for item in (await client.get("/nodes/pve1/qemu/100/pending")).json()["data"]}
    for key in ("cores", "sockets", "memory"):  # qemu-server cannot hotplug these by default
        assert "pending" in pending[key], key
    for key in ("balloon", "onboot", "startup", "description", "tags", "name", "protection", "net0"):
        assert "pending" not in pending[key], key
    assert pending["cores"] == {"key": "cores", "value": "2", "pending": "4"}
    # GET config shows the pending values; current=1 what runs now
    config = (await client.get("/nodes/pve1/qemu/100/config")).json()["data"]
    current = (await client.get("/nodes/pve1/qemu/100/config", params={"current": 1})).json()["data"]
    assert (config["cores"], current["cores"], current["name"]) == (4, 2, "web01-new")
    # a restart applies them
    await finished(sim, client, (await client.post("/nodes/pve1/qemu/100/status/stop")).json()["data"])
    await finished(sim, client, (await client.post("/nodes/pve1/qemu/100/status/start")).json()["data"])
    pending = (await client.get("/nodes/pve1/qemu/100/pending")).json()["data"]
    assert not [item for item in pending if "pending" in item or "delete" in item]
    assert sim.state.guests[100].config["cores"] == "4"


async def test_memory_hotplug_and_a_stopped_vm_take_changes_at_once(sim: Simulator, client: httpx.AsyncClient) -> None:
    await client.put("/nodes/pve1/qemu/100/config", data={"hotplug": "network,disk,usb,memory,cpu"})
    assert sim.state.guests[100].pending == {"hotplug": "network,disk,usb,memory,cpu"}  # hotplug itself is cold
    apply_pending(sim.state, sim.state.guests[100])  # what the next start does
    await client.put("/nodes/pve1/qemu/100/config", data={"memory": 4096, "vcpus": 1})
    assert sim.state.guests[100].pending == {}
    await client.put("/nodes/pve1/qemu/101/config", data={"cores": 8, "delete": "agent"})
    assert (sim.state.guests[101].config["cores"], "agent" in sim.state.guests[101].config) == ("8", False)


async def test_a_container_hotplugs_memory_and_cores(sim: Simulator, client: httpx.AsyncClient) -> None:
    await client.put("/nodes/pve1/lxc/200/config", data={"memory": 1024, "cores": 2, "ostype": "ubuntu"})
    guest = sim.state.guests[200]
    assert (guest.config["memory"], guest.config["cores"]) == ("1024", "2")
    assert guest.pending == {"ostype": "ubuntu"}


async def test_deleting_a_disk_keeps_it_as_unused_and_delete_is_checked(
    sim: Simulator, client: httpx.AsyncClient
) -> None:
    response = await client.put("/nodes/pve1/qemu/101/config", data={"delete": "scsi0", "scsi0": "local-lvm:1"})
    assert response.json()["errors"] == {"delete": "you can't use '-scsi0' and -delete scsi0' at the same time"}
    response = await client.put("/nodes/pve1/qemu/101/config", data={"delete": "nosuchkey"})
    assert response.json()["errors"] == {"delete": "unknown option 'nosuchkey'"}
    await client.put("/nodes/pve1/qemu/101/config", data={"delete": "scsi0"})
    config = sim.state.guests[101].config
    assert ("scsi0" in config, config.get("unused0")) == (False, "local-lvm:vm-101-disk-0")


async def test_protection_stops_a_delete(sim: Simulator, client: httpx.AsyncClient) -> None:
    await client.put("/nodes/pve1/qemu/101/config", data={"protection": 1})
    response = await client.delete("/nodes/pve1/qemu/101")
    assert response.json()["message"] == "can't remove VM 101 - protection mode enabled\n"


# -- guest agent ----------------------------------------------------------------------------


async def test_agent_errors_in_pves_order(sim: Simulator, client: httpx.AsyncClient) -> None:
    path = "/nodes/pve1/qemu/{}/agent/network-get-interfaces"
    del sim.state.guests[101].config["agent"]
    assert (await client.get(path.format(101))).json()["message"] == "No QEMU guest agent configured\n"
    sim.state.guests[101].config["agent"] = "1"
    assert (await client.get(path.format(101))).json()["message"] == "VM 101 is not running\n"
    sim.state.guests[100].config["agent"] = "0"  # no agent device: guest-ping fails
    assert (await client.get(path.format(100))).json()["message"] == "QEMU guest agent is not running\n"
    sim.state.guests[100].config["agent"] = "1"
    sim.state.guests[100].agent = Agent(running=False)
    assert (await client.get(path.format(100))).json()["message"] == "QEMU guest agent is not running\n"


async def test_agent_network_interfaces_and_blocked_exec(lab: Simulator, lab_client: httpx.AsyncClient) -> None:
    result = (await lab_client.get("/nodes/pve1/qemu/100/agent/network-get-interfaces")).json()["data"]["result"]
    assert [i["name"] for i in result] == ["lo", "ens18"]
    addresses = {a["ip-address-type"] for a in result[1]["ip-addresses"]}
    assert addresses == {"ipv4", "ipv6"}
    assert result[1]["hardware-address"] == lab.state.guests[100].config["net0"].split(",")[0].split("=")[1].lower()
    stopped = await lab_client.get("/nodes/pve2/qemu/101/agent/network-get-interfaces")
    assert stopped.json()["message"] == "QEMU guest agent is not running\n"
    blocked = await lab_client.post("/nodes/pve2/qemu/102/agent/exec", data={"command": ["id"]})
    assert blocked.json()["message"] == (
        "VM 102 qga command 'guest-exec' failed - Command guest-exec has been disabled: the command is not allowed\n"
    )


async def test_exec_status_reports_a_running_process_then_forgets_it(client: httpx.AsyncClient) -> None:
    pid = (await client.post("/nodes/pve1/qemu/100/agent/exec", data={"command": ["sleep", "0.3"]})).json()["data"][
        "pid"
    ]
    first = (await client.get("/nodes/pve1/qemu/100/agent/exec-status", params={"pid": pid})).json()["data"]
    assert first == {"exited": 0}
    deadline = time.monotonic() + 5
    while True:
        status = (await client.get("/nodes/pve1/qemu/100/agent/exec-status", params={"pid": pid})).json()["data"]
        if status["exited"] or time.monotonic() > deadline:
            break
        await asyncio.sleep(0.05)
    assert status == {"exited": 1, "exitcode": 0}
    again = await client.get("/nodes/pve1/qemu/100/agent/exec-status", params={"pid": pid})
    assert again.json()["message"] == "VM 100 qga command 'guest-exec-status' failed - Invalid parameter 'pid'\n"


# -- task history -----------------------------------------------------------------------------


async def test_cluster_tasks_lists_every_nodes_recent_tasks(sim: Simulator, client: httpx.AsyncClient) -> None:
    ended = (await client.post("/nodes/pve1/qemu/101/status/start")).json()["data"]
    await finished(sim, client, ended)
    sim.faults.add_task_rule(type="vzshutdown", duration=30)
    running = (await client.post("/nodes/pve2/lxc/202/status/shutdown")).json()["data"]
    tasks = {t["upid"]: t for t in (await client.get("/cluster/tasks")).json()["data"]}
    assert tasks[ended] | {} == {
        "upid": ended,
        "node": "pve1",
        "starttime": tasks[ended]["starttime"],
        "type": "qmstart",
        "id": "101",
        "user": "root@pam",
        "tokenid": "mcp",
        "saved": "1",
        "endtime": tasks[ended]["endtime"],
        "status": "OK",
    }
    assert (tasks[running]["node"], tasks[running]["saved"], "status" in tasks[running]) == ("pve2", "0", False)
    await client.delete(f"/nodes/pve2/tasks/{running}")


async def test_errors_filter_wins_over_statusfilter(sim: Simulator, client: httpx.AsyncClient) -> None:
    sim.faults.add_task_rule(type="qmstart", outcome="error:boom", count=1)
    failed = (await client.post("/nodes/pve1/qemu/101/status/start")).json()["data"]
    await finished(sim, client, failed)
    ok = (await client.post("/nodes/pve1/qemu/101/status/start")).json()["data"]
    await finished(sim, client, ok)
    listed = (await client.get("/nodes/pve1/tasks", params={"errors": 1, "statusfilter": "ok"})).json()["data"]
    assert [t["upid"] for t in listed] == [failed]


# -- HA, pools, tags, versions -----------------------------------------------------------------


async def test_ha_status_without_ha_shows_quorum_and_standby_fencing(client: httpx.AsyncClient) -> None:
    status = (await client.get("/cluster/ha/status/current")).json()["data"]
    assert status == [
        {"id": "quorum", "type": "quorum", "node": "pve1", "status": "OK", "quorate": 1},
        {
            "id": "fencing",
            "type": "fencing",
            "node": "pve1",
            "status": "standby (CRM watchdog standby)",
            "armed-state": "standby",
        },
    ]
    assert (await client.get("/cluster/ha/resources")).json()["data"] == []


async def test_ha_status_with_resources(lab: Simulator, lab_client: httpx.AsyncClient) -> None:
    status = {e["id"]: e for e in (await lab_client.get("/cluster/ha/status/current")).json()["data"]}
    assert status["master"]["status"].startswith("pve1 (active, ")
    assert status["lrm:pve1"]["status"].startswith("pve1 (active, watchdog active, ")
    assert status["lrm:pve2"]["status"].startswith("pve2 (idle, watchdog standby, ")
    web = status["service:vm:100"]
    assert (web["status"], web["crm_state"], web["request_state"], web["max_restart"], web["group"]) == (
        "vm:100 (pve1, started)",
        "started",
        "started",
        2,
        "web",
    )
    assert status["service:ct:200"]["status"] == "ct:200 (pve3, stopping)"  # requested stopped, still running
    resources = {r["sid"]: r for r in (await lab_client.get("/cluster/ha/resources")).json()["data"]}
    assert set(resources) == {"vm:100", "ct:200"}
    assert (await lab_client.get("/cluster/ha/resources/100")).json()["data"]["sid"] == "vm:100"
    listed = {r["vmid"]: r for r in (await lab_client.get("/cluster/resources", params={"type": "vm"})).json()["data"]}
    assert (listed[100]["hastate"], "hastate" in listed[101]) == ("started", False)


async def test_pools_and_tags_resolve_a_selector(lab: Simulator, lab_client: httpx.AsyncClient) -> None:
    pools = (await lab_client.get("/pools")).json()["data"]
    assert pools == [{"poolid": "infra"}, {"poolid": "prod", "comment": "production"}]
    prod = (await lab_client.get("/pools", params={"poolid": "prod", "type": "qemu"})).json()["data"]
    assert [m["vmid"] for m in prod[0]["members"]] == [100, 101, 102]
    resources = (await lab_client.get("/cluster/resources")).json()["data"]
    assert {r["pool"] for r in resources if r["type"] == "pool"} == {"infra", "prod"}
    guests = {r["vmid"]: r for r in resources if r["type"] in ("qemu", "lxc")}
    assert {v: g.get("pool") for v, g in guests.items()} == {100: "prod", 101: "prod", 102: "prod", 200: "infra"}
    assert {v for v, g in guests.items() if "web" in g.get("tags", "").split(";")} == {100, 101}
    response = await lab_client.put("/pools", data={"poolid": "prod", "vms": "200"})
    assert response.json()["message"] == (
        "update pools failed: VM 200 belongs already to pool 'infra' and 'allow-move' is not set\n"
    )
    await lab_client.put("/pools", data={"poolid": "prod", "vms": "200", "allow-move": 1})
    assert lab.state.pool_of(200) == "prod"
    missing = await lab_client.get("/pools", params={"poolid": "nope"})
    assert missing.json()["message"] == "pool 'nope' does not exist\n"
    clone = await lab_client.post("/nodes/pve1/qemu/100/clone", data={"newid": 150, "pool": "nope"})
    assert (clone.status_code, clone.json()["message"]) == (
        403,
        "Permission check failed (pool 'nope' does not exist)\n",
    )


async def test_node_version_and_cluster_quorum(sim: Simulator, client: httpx.AsyncClient) -> None:
    assert (await client.get("/nodes/pve2/version")).json()["data"] == {
        "version": "9.1.1",
        "release": "9.1",
        "repoid": "42ab1c9e",
    }
    sim.set_node_online("pve2", False)
    cluster = (await client.get("/cluster/status")).json()["data"][0]
    assert (cluster["quorate"], cluster["nodes"]) == (0, 2)


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("pools: [{poolid: p, vms: [999]}]", "pools[0]: no such guest 999"),
        ("ha: [{sid: 'vm:999'}]", "ha[0]: no such guest for HA resource 'vm:999'"),
        ("guests: [{vmid: 100, agent: yes}]", "guests[0]: agent: expected a mapping"),
    ],
)
def test_scenario_keys_are_checked(tmp_path: Path, text: str, problem: str) -> None:
    file = tmp_path / "bad.yaml"
    file.write_text(text)
    with pytest.raises(ScenarioError, match=problem.replace("[", r"\[").replace("]", r"\]")):
        load_scenario(file)


def test_a_full_storage_has_no_room_left(tmp_path: Path) -> None:
    file = tmp_path / "full.yaml"
    file.write_text(
        "storages: [{storage: local-lvm, type: lvmthin, content: [images, rootdir], full: true, total: 100000000000}]\n"
        "guests: [{vmid: 100, type: qemu, node: pve1}]\n"
    )
    state = load_scenario(file)
    assert state.storage_free("pve1", "local-lvm") == 0
    assert state.storage_used("pve1", "local-lvm") == 100_000_000_000


async def test_an_ha_guest_is_started_and_stopped_by_the_ha_stack(
    lab: Simulator, lab_client: httpx.AsyncClient
) -> None:
    upid = (await lab_client.post("/nodes/pve1/qemu/100/status/shutdown")).json()["data"]
    assert upid.split(":")[5] == "hastop"
    assert (await finished(lab, lab_client, upid))["exitstatus"] == "OK"
    requested = next(r for r in (await lab_client.get("/cluster/ha/resources")).json()["data"] if r["sid"] == "vm:100")
    assert requested["state"] == "stopped"
    agent = next(t for t in lab.state.tasks.values() if t.type == "qmshutdown")
    assert (agent.user, agent.vmid) == ("root@pam", 100)
    await finished(lab, lab_client, agent.upid)
    assert lab.state.guests[100].status == "stopped"
    assert lab.state.counts[100]["shutdown"] == 1
    status = {e["id"]: e for e in (await lab_client.get("/cluster/ha/status/current")).json()["data"]}
    assert status["service:vm:100"]["status"] == "vm:100 (pve1, stopped)"


async def test_the_agent_runs_programs_without_a_shell(client: httpx.AsyncClient) -> None:
    found = await client.post("/nodes/pve1/qemu/100/agent/exec", data={"command": ["/bin/echo", "a b", "$(id)"]})
    pid = found.json()["data"]["pid"]
    status = (await client.get("/nodes/pve1/qemu/100/agent/exec-status", params={"pid": pid})).json()["data"]
    assert status == {"exited": 1, "exitcode": 0, "out-data": "a b $(id)\n"}
    missing = await client.post("/nodes/pve1/qemu/100/agent/exec", data={"command": ["rm -rf /"]})
    assert missing.json()["message"] == (
        "VM 100 qga command 'guest-exec' failed - Failed to execute child process \u201crm -rf /\u201d "
        "(No such file or directory)\n"
    )
