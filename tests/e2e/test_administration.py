"""Everyday administration through the real MCP client, a redis-server, a worker process and pvesim.

update_instance (only what differs, the digest guarding against edits made meanwhile, pending
changes), get_vm_interfaces (the guest agent, and each way it can be unusable), list_tasks
(linked to our jobs) and get_cluster_status (quorum, nodes, HA, versions).
"""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from mcp import Client

from pvesim.config import SimConfig
from pvesim.faults import TaskRule
from tests.support.agent import call, error_of
from tests.support.cluster import assert_unchanged, picture
from tests.support.redis_server import RedisServer
from tests.support.stack import HostedClient, Stack, start_stack

pytestmark = pytest.mark.timeout(180)

SCENARIO = """
cluster_name: lab
nodes: [{name: pve1, ip: 10.0.0.11}, {name: pve2, ip: 10.0.0.12}, {name: pve3, ip: 10.0.0.13}]
guests:
  - {vmid: 100, type: qemu, node: pve1, status: running, name: web01, tags: [prod, web]}
  - {vmid: 101, type: qemu, node: pve1, status: stopped, name: db01, tags: [prod]}
  - {vmid: 102, type: qemu, node: pve2, status: running, name: app01, agent: {blocked: [guest-exec]},
     config: {ipconfig0: "ip=10.1.2.3/24,gw=10.1.2.1"}}
  - {vmid: 103, type: qemu, node: pve2, status: running, name: quiet01, agent: {running: false}}
  - {vmid: 104, type: qemu, node: pve3, status: running, name: bare01}
  - {vmid: 200, type: lxc, node: pve1, status: running, name: dns01, tags: [infra]}
  - {vmid: 201, type: lxc, node: pve3, status: stopped, name: build01}
ha:
  - {sid: "vm:100", state: started, max_restart: 1, max_relocate: 1}
"""


@pytest.fixture(scope="module")
async def lab(redis_proc: RedisServer, tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[Stack]:
    file = tmp_path_factory.mktemp("lab") / "lab.yaml"
    file.write_text(SCENARIO)
    config = SimConfig(scenario=file, task_duration=0.2, lock_timeout=0.5)
    running = await start_stack("redis", redis_proc, config, {"PROXMOX_MCP_WORKER_POLL": "0.2"})
    # no `agent` key at all: PVE says the VM has no agent configured
    running.sim.state.guests[104].config.pop("agent", None)
    yield running
    running.stop()
    await running.sim.stop()


@pytest.fixture(scope="module")
async def mcp(lab: Stack) -> AsyncIterator[Client]:
    async with HostedClient(lab.client()) as client:
        yield client


# -- update_instance ------------------------------------------------------------------------


async def test_update_sends_only_what_differs_and_reports_each_change(mcp: Client, lab: Stack) -> None:
    vm = lab.sim.state.guests[101]
    vm.config["cores"] = "2"
    memory = vm.config.get("memory")
    before = len(lab.sim.requests)
    report = await call(mcp, "update_instance", vmid=101, cores=2, memory_mb=4096, tags=["prod", "db"], confirmed=True)
    assert (report["state"], report["done"]) == ("succeeded", True), report
    result = report["result"]
    assert result["changed"] == {
        "memory": {"before": memory, "after": "4096"},
        "tags": {"before": "prod", "after": "prod;db"},
    }
    assert result["pending"] == []  # a stopped guest takes everything at once
    assert (vm.config["memory"], vm.config["tags"], vm.config["cores"]) == ("4096", "prod;db", "2")
    [put] = [r for r in lab.sim.requests[before:] if r.method == "PUT"]
    assert set(put.params) - {"node", "vmid"} == {"memory", "tags", "digest"}  # cores was already 2


async def test_update_of_a_running_vm_reports_what_waits_for_a_restart(mcp: Client, lab: Stack) -> None:
    report = await call(mcp, "update_instance", vmid=100, cores=4, description="front end", confirmed=True)
    result = report["result"]
    assert set(result["changed"]) == {"cores", "description"}
    assert result["pending"] == ["cores"]  # cores needs a restart (no cpu hotplug); a description is live
    assert "restarts" in report["message"]
    vm = lab.sim.state.guests[100]
    assert vm.pending.get("cores") == "4" and vm.config["description"] == "front end"


async def test_a_nic_change_keeps_its_model_and_mac(mcp: Client, lab: Stack) -> None:
    ct = lab.sim.state.guests[200]
    old = ct.config["net0"]
    report = await call(mcp, "set_guest_nic", vmid=200, net=0, vlan=20, firewall=True, rate_mbps=12.5, confirmed=True)
    new = ct.config["net0"]
    assert (report["result"]["before"], report["result"]["after"]) == (old, new)
    options = dict(part.partition("=")[::2] for part in new.split(","))
    assert (options["tag"], options["firewall"], options["rate"]) == ("20", "1", "12.5")
    kept = {k: v for k, v in dict(part.partition("=")[::2] for part in old.split(",")).items() if k != "firewall"}
    assert kept.items() <= options.items()


async def test_an_update_that_changes_nothing_sends_nothing(mcp: Client, lab: Stack) -> None:
    vm = lab.sim.state.guests[101]
    before = picture(lab.sim)
    report = await call(mcp, "update_instance", vmid=101, memory_mb=int(vm.config["memory"]), confirmed=True)
    assert report["result"]["changed"] == {}
    assert "nothing was changed" in report["message"]
    assert_unchanged(lab.sim, before)


async def test_update_with_a_stale_digest_is_a_conflict_and_changes_nothing(mcp: Client, lab: Stack) -> None:
    read = await call(mcp, "get_instance_config", vmid=201)
    ct = lab.sim.state.guests[201]
    ct.config["description"] = "edited by someone else"  # after the agent read the config
    before = picture(lab.sim)
    text = await error_of(mcp, "update_instance", vmid=201, cores=3, digest=read["digest"], confirmed=True)
    assert text.startswith("CONFLICT:"), text
    assert "changed since digest" in text and "get_instance_config" in text
    assert_unchanged(lab.sim, before)
    assert "cores" not in ct.config or ct.config["cores"] != "3"


async def test_an_edit_between_our_read_and_our_write_is_refused_by_pve_as_a_conflict(mcp: Client, lab: Stack) -> None:
    sim = lab.sim
    vm = sim.state.guests[101]
    original = sim.core.handle

    async def handle(verb: str, path: str, *rest: object) -> object:
        if verb == "PUT" and path.endswith("/qemu/101/config"):
            vm.config["description"] = "a concurrent edit"  # lands between our GET and our PUT
        return await original(verb, path, *rest)

    sim.core.handle = handle  # type: ignore[method-assign]  # intercept in-process, for this test only
    try:
        text = await error_of(mcp, "update_instance", vmid=101, onboot=True, confirmed=True)
    finally:
        sim.core.handle = original  # type: ignore[method-assign]  # undo the interception
    assert text.startswith("CONFLICT:"), text
    assert vm.config.get("onboot") != "1"
    assert vm.config["description"] == "a concurrent edit"


async def test_update_refuses_qemu_options_for_a_container_before_anything_is_sent(mcp: Client, lab: Stack) -> None:
    before = picture(lab.sim)
    text = await error_of(mcp, "update_instance", vmid=201, sockets=2, confirmed=True)
    assert text.startswith("VALIDATION_ERROR:"), text
    assert "qemu options" in text
    assert_unchanged(lab.sim, before)


async def test_update_without_confirmation_shows_the_plan(mcp: Client, lab: Stack) -> None:
    before = picture(lab.sim)
    text = await error_of(mcp, "update_instance", vmid=101, cores=8, onboot=True)
    assert text.startswith("CONFIRMATION_REQUIRED:"), text
    assert "set cores=8, onboot=True of VM 101 'db01'" in text
    assert_unchanged(lab.sim, before)


# -- get_vm_interfaces ------------------------------------------------------------------------


async def test_vm_interfaces_come_from_the_guest_agent(mcp: Client) -> None:
    found = await call(mcp, "get_vm_interfaces", vmid=102)
    by_name = {i["name"]: i for i in found["interfaces"]}
    assert by_name["lo"]["ipv4"] == ["127.0.0.1/8"]
    assert by_name["ens18"]["ipv4"] == ["10.1.2.3/24"]
    assert by_name["ens18"]["mac"] and by_name["ens18"]["ipv6"][0].startswith("fe80::")
    assert (found["vmid"], found["node"]) == (102, "pve2")


@pytest.mark.parametrize(
    ("vmid", "says"),
    [
        pytest.param(104, "VM 104 has no QEMU guest agent configured", id="no-agent-configured"),
        pytest.param(103, "guest agent of VM 103 does not answer", id="agent-not-running"),
        pytest.param(101, "VM 101 is not running", id="vm-stopped"),
    ],
)
async def test_a_vm_whose_agent_cannot_answer_is_a_clear_conflict(mcp: Client, vmid: int, says: str) -> None:
    text = await error_of(mcp, "get_vm_interfaces", vmid=vmid)
    assert text.startswith("CONFLICT:"), text
    assert says in text


async def test_vm_interfaces_of_a_container_point_to_the_lxc_tool(mcp: Client) -> None:
    text = await error_of(mcp, "get_vm_interfaces", vmid=200)
    assert text.startswith("VALIDATION_ERROR:"), text
    assert "container" in text


# -- list_tasks -----------------------------------------------------------------------------


async def test_tasks_we_started_link_to_our_job(mcp: Client, lab: Stack) -> None:
    report = await call(mcp, "power_control", vmid=201, action="start", confirmed=True)
    assert report["state"] == "succeeded", report
    recent = await call(mcp, "list_tasks")
    mine = [t for t in recent["tasks"] if t["upid"] == report["upid"]]
    assert [(t["type"], t["id"], t["status"], t["job_id"]) for t in mine] == [
        ("vzstart", "201", "OK", report["job_id"])
    ]
    filtered = await call(mcp, "list_tasks", vmid=201, type="vzstart")
    assert [t["upid"] for t in filtered["tasks"]] == [report["upid"]]
    assert filtered["tasks"][0]["job_id"] == report["job_id"]
    assert filtered["tasks"][0]["user"] == lab.sim.token_name


async def test_errors_only_lists_failed_tasks_of_the_node(mcp: Client, lab: Stack) -> None:
    lab.sim.faults.tasks.append(TaskRule(type="qmreboot", vmid=104, outcome="error:guest refused", count=1))
    text = await error_of(mcp, "power_control", vmid=104, action="reboot", confirmed=True)
    assert text.startswith("PVE_TASK_FAILED:"), text
    failed = await call(mcp, "list_tasks", node="pve3", errors=True)
    assert [(t["type"], t["id"], t["status"]) for t in failed["tasks"]] == [("qmreboot", "104", "guest refused")]
    assert failed["tasks"][0]["job_id"] is not None
    everything = await call(mcp, "list_tasks", node="pve3")
    assert len(everything["tasks"]) > len(failed["tasks"])


async def test_tasks_of_the_whole_cluster_with_a_filter_name_the_offline_node(mcp: Client, lab: Stack) -> None:
    lab.sim.set_node_online("pve3", False)
    try:
        found = await call(mcp, "list_tasks", type="vzstart")
    finally:
        lab.sim.set_node_online("pve3", True)
    assert found["offline_nodes"] == ["pve3"]
    assert all(t["type"] == "vzstart" and t["node"] != "pve3" for t in found["tasks"])


# -- get_cluster_status -----------------------------------------------------------------------


async def test_cluster_status_shows_quorum_nodes_versions_and_ha(mcp: Client, lab: Stack) -> None:
    health = await call(mcp, "get_cluster_status")
    assert (health["cluster_name"], health["quorate"], health["nodes_online"], health["nodes_total"]) == (
        "lab",
        True,
        3,
        3,
    )
    assert [(n["name"], n["online"], n["ip"]) for n in health["nodes"]] == [
        ("pve1", True, "10.0.0.11"),
        ("pve2", True, "10.0.0.12"),
        ("pve3", True, "10.0.0.13"),
    ]
    assert {n["version"] for n in health["nodes"]} == {health["version"]}
    assert health["ha"]["configured"] is True
    assert health["ha"]["master"] == "pve1"
    assert [(s["sid"], s["node"], s["state"]) for s in health["ha"]["services"]] == [("vm:100", "pve1", "started")]


async def test_cluster_status_without_quorum_says_so(mcp: Client, lab: Stack) -> None:
    lab.sim.set_node_online("pve2", False)
    lab.sim.set_node_online("pve3", False)
    try:
        health = await call(mcp, "get_cluster_status")
    finally:
        lab.sim.set_node_online("pve2", True)
        lab.sim.set_node_online("pve3", True)
    assert (health["quorate"], health["nodes_online"]) == (False, 1)
    assert {n["name"]: n["version"] is not None for n in health["nodes"]} == {
        "pve1": True,
        "pve2": False,
        "pve3": False,
    }
    assert "No quorum" in (health["ha"]["quorum"] or "")


async def test_an_iso_is_inserted_into_a_running_vm_at_once_and_ejected(mcp: Client, lab: Stack) -> None:
    vm = next(g for g in lab.sim.state.guests.values() if g.kind == "qemu" and g.status == "running")
    volumes = lab.sim.state.volumes.items()
    iso = next(v for (node, _), bucket in volumes for v in bucket if ":iso/" in v and node in ("", vm.node))
    inserted = await call(mcp, "set_vm_cdrom", vmid=vm.vmid, iso=iso, confirmed=True)
    assert (inserted["result"]["action"], inserted["result"]["after"]) == ("inserted", iso)
    if "ide2" in vm.pending:  # a drive the VM did not have waits for its restart
        assert inserted["result"]["pending"] is True
    else:
        assert inserted["result"]["pending"] is False and vm.config["ide2"].startswith(iso)
    again = await call(mcp, "set_vm_cdrom", vmid=vm.vmid, iso=iso, confirmed=True)
    assert again["result"]["action"] == "unchanged"
    missing = await error_of(mcp, "set_vm_cdrom", vmid=vm.vmid, iso="local:iso/nothing.iso", confirmed=True)
    assert missing.startswith("NOT_FOUND") and "download_to_storage" in missing
    ct = next(g for g in lab.sim.state.guests.values() if g.kind == "lxc")
    refused = await error_of(mcp, "set_vm_cdrom", vmid=ct.vmid, eject=True, confirmed=True)
    assert refused.startswith("VALIDATION_ERROR") and "CD-ROM" in refused
