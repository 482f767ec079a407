"""Networks through the MCP client: a node's bridges, and a guest's NICs added, changed and removed as an admin does."""

from __future__ import annotations

import pytest
from mcp import Client

from tests.support.agent import call, error_of
from tests.support.stack import Stack

pytestmark = pytest.mark.timeout(120)


def _options(value: str) -> dict[str, str]:
    return dict(part.partition("=")[::2] for part in value.split(","))


async def test_a_nodes_interfaces_show_the_bridge_its_port_address_and_what_is_down(mcp: Client) -> None:
    listed = await call(mcp, "list_node_network", node="pve1")
    by_name = {i["iface"]: i for i in listed["interfaces"]}
    assert set(by_name) == {"eno1", "eno2", "vmbr0"} and listed["pending"] is False
    bridge = by_name["vmbr0"]
    assert (bridge["type"], bridge["active"], bridge["ports"]) == ("bridge", True, ["eno1"])
    assert bridge["cidr"] == "10.10.10.11/24" and bridge["gateway"] == "10.10.10.1"
    assert by_name["eno2"]["active"] is False
    bridges = await call(mcp, "list_node_network", node="pve1", type="any_bridge")
    assert [i["iface"] for i in bridges["interfaces"]] == ["vmbr0"]


async def test_changes_written_and_not_applied_show_as_pending_with_their_diff(mcp: Client, stack: Stack) -> None:
    node = stack.sim.state.nodes["pve2"]
    node.network_pending = {**node.network, "vmbr1": {"type": "bridge", "method": "manual", "bridge_ports": "eno2"}}
    try:
        listed = await call(mcp, "list_node_network", node="pve2")
    finally:
        node.network_pending = None
    new = next(i for i in listed["interfaces"] if i["iface"] == "vmbr1")
    assert new["active"] is False and new["ports"] == ["eno2"]
    assert listed["pending"] is True
    assert "+iface vmbr1 inet manual" in listed["pending_changes"]
    assert "+\tbridge-ports eno2" in listed["pending_changes"]


async def test_a_nic_added_to_a_running_vm_is_live_with_a_mac_of_its_own_and_a_rerun_finds_it(
    mcp: Client, stack: Stack
) -> None:
    vm = stack.sim.state.guests[100]
    assert vm.status == "running" and "net1" not in vm.config
    added = (await call(mcp, "set_guest_nic", vmid=100, bridge="vmbr0", vlan=30, firewall=True, confirmed=True))[
        "result"
    ]
    assert (added["net"], added["action"], added["pending"], added["before"]) == ("net1", "added", False, None)
    assert added["after"] == vm.config["net1"]
    options = _options(vm.config["net1"])
    assert options["virtio"].startswith("BC:24:11:") and options["virtio"] != _options(vm.config["net0"])["virtio"]
    assert (options["bridge"], options["tag"], options["firewall"]) == ("vmbr0", "30", "1")
    again = await call(mcp, "set_guest_nic", vmid=100, net=1, bridge="vmbr0", vlan=30, firewall=True, confirmed=True)
    assert again["result"]["action"] == "unchanged" and "already as asked" in again["message"]
    assert vm.config["net1"] == added["after"]


async def test_a_containers_static_address_replaces_dhcp_and_keeps_its_mac_and_name(mcp: Client, stack: Stack) -> None:
    ct = stack.sim.state.guests[200]
    before = _options(ct.config["net0"])
    assert before["ip"] == "dhcp"
    changed = (
        await call(mcp, "set_guest_nic", vmid=200, net=0, ip="192.168.50.20/24", gw="192.168.50.1", confirmed=True)
    )["result"]
    after = _options(ct.config["net0"])
    assert changed["action"] == "changed" and changed["after"] == ct.config["net0"]
    assert (after["ip"], after["gw"]) == ("192.168.50.20/24", "192.168.50.1")
    assert (after["name"], after["hwaddr"], after["bridge"]) == (before["name"], before["hwaddr"], before["bridge"])


async def test_a_change_a_running_vm_cannot_take_live_waits_for_its_restart(mcp: Client, stack: Stack) -> None:
    guests = stack.sim.state.guests.values()
    vm = next(g for g in guests if g.kind == "qemu" and g.status == "running" and g.vmid != 100)
    vm.config["hotplug"] = "disk,usb"  # no network hotplug: qemu-server keeps a NIC change pending
    try:
        report = await call(mcp, "set_guest_nic", vmid=vm.vmid, net=0, model="e1000", confirmed=True)
    finally:
        del vm.config["hotplug"]
    assert report["result"]["pending"] is True and "when the guest restarts" in report["message"]
    assert vm.pending["net0"].startswith("e1000=")
    assert _options(vm.pending["net0"])["e1000"] == _options(vm.config["net0"])["virtio"]  # the MAC stays


async def test_a_nic_removed_from_a_stopped_vm_is_gone(mcp: Client, stack: Stack) -> None:
    vm = next(g for g in stack.sim.state.guests.values() if g.kind == "qemu" and g.status == "stopped" and not g.lock)
    vm.config["net3"] = "e1000=BC:24:11:AA:BB:CC,bridge=vmbr0"
    report = await call(mcp, "set_guest_nic", vmid=vm.vmid, net=3, remove=True, confirmed=True)
    assert (report["result"]["action"], report["result"]["after"], report["result"]["pending"]) == (
        "removed",
        None,
        False,
    )
    assert "net3" not in vm.config


async def test_errors_name_the_bridge_the_vlan_and_the_option_that_do_not_fit(mcp: Client, stack: Stack) -> None:
    puts_before = sum(1 for r in stack.sim.requests if r.method == "PUT")
    unknown = await error_of(mcp, "set_guest_nic", vmid=100, net=0, bridge="vmbr9", confirmed=True)
    assert "NOT_FOUND" in unknown and "vmbr9" in unknown and "vmbr0" in unknown
    vlan = await error_of(mcp, "set_guest_nic", vmid=100, net=0, vlan=4095, confirmed=True)
    assert "VALIDATION_ERROR" in vlan and "vlan" in vlan
    kind = await error_of(mcp, "set_guest_nic", vmid=100, net=0, ip="10.0.0.5/24", confirmed=True)
    assert "VALIDATION_ERROR" in kind and "containers only" in kind
    address = await error_of(mcp, "set_guest_nic", vmid=200, net=0, ip="10.0.0.5", confirmed=True)
    assert "VALIDATION_ERROR" in address and "prefix length" in address
    missing = await error_of(mcp, "set_guest_nic", vmid=100, net=7, remove=True, confirmed=True)
    assert "VALIDATION_ERROR" in missing and "no net7" in missing
    assert sum(1 for r in stack.sim.requests if r.method == "PUT") == puts_before  # nothing half-done on PVE


async def test_a_bridge_declared_then_applied_comes_up_and_guests_can_use_it(
    changes: Client, changes_stack: Stack
) -> None:
    node = changes_stack.sim.state.nodes["pve2"]
    declared = await call(
        changes, "set_node_network", node="pve2", iface="vmbr1", ports=["eno2"], vlan_aware=True, confirmed=True
    )
    assert declared["result"]["action"] == "created" and "apply_node_network" in declared["message"]
    assert "+iface vmbr1 inet manual" in declared["result"]["pending_changes"]
    assert "vmbr1" not in node.network  # nothing changed on the node yet
    listed = await call(changes, "list_node_network", node="pve2", type="any_bridge")
    assert {i["iface"]: i["active"] for i in listed["interfaces"]} == {"vmbr0": True, "vmbr1": False}
    guest = next(g for g in changes_stack.sim.state.guests.values() if g.node == "pve2" and not g.template)
    refused = await error_of(changes, "set_guest_nic", vmid=guest.vmid, bridge="vmbr1", confirmed=True)
    assert "not up" in refused
    applied = await call(changes, "apply_node_network", node="pve2", confirmed=True)
    assert applied["state"] == "succeeded" and applied["upid"].split(":")[5:7] == ["srvreload", "networking"]
    assert "+iface vmbr1 inet manual" in applied["result"]["applied_changes"]
    after = await call(changes, "list_node_network", node="pve2")
    vmbr1 = next(i for i in after["interfaces"] if i["iface"] == "vmbr1")
    assert (vmbr1["active"], vmbr1["vlan_aware"], vmbr1["ports"], after["pending"]) == (True, True, ["eno2"], False)
    plugged = await call(changes, "set_guest_nic", vmid=guest.vmid, bridge="vmbr1", vlan=12, confirmed=True)
    assert _options(plugged["result"]["after"])["bridge"] == "vmbr1"


async def test_applying_with_nothing_pending_is_refused_and_sends_nothing(
    changes: Client, changes_stack: Stack
) -> None:
    sim = changes_stack.sim
    assert sim.state.nodes["pve1"].network_pending is None
    refused = await error_of(changes, "apply_node_network", node="pve1", confirmed=True)
    assert refused.startswith("CONFLICT") and "no pending network changes" in refused
    assert not [r for r in sim.requests if r.method == "PUT" and r.path.endswith("/nodes/pve1/network")]


async def test_the_plan_of_an_apply_shows_the_diff_the_user_agrees_to(changes: Client, changes_stack: Stack) -> None:
    await call(changes, "set_node_network", node="pve1", iface="vmbr0", mtu=9000, comments="uplink", confirmed=True)
    try:
        asked = await error_of(changes, "apply_node_network", node="pve1")
        assert asked.startswith("CONFIRMATION_REQUIRED")
        assert "node pve1" in asked and "+\tmtu 9000" in asked
        again = await call(changes, "set_node_network", node="pve1", iface="vmbr0", mtu=9000, confirmed=True)
        assert again["result"]["action"] == "unchanged"
    finally:
        reverted = await call(changes, "apply_node_network", node="pve1", revert=True, confirmed=True)
    assert reverted["result"]["action"] == "reverted" and "mtu 9000" in reverted["result"]["applied_changes"]
    assert changes_stack.sim.state.nodes["pve1"].network_pending is None


async def test_a_node_interface_change_pve_refuses_names_why_and_leaves_nothing_pending(
    changes: Client, changes_stack: Stack
) -> None:
    used = await error_of(changes, "set_node_network", node="pve1", iface="vmbr3", ports=["eno1"], confirmed=True)
    assert "eno1" in used and "already used on interface 'vmbr0'" in used
    wrong = await error_of(changes, "set_node_network", node="pve1", iface="vmbr3", vlan_id=5, confirmed=True)
    assert wrong.startswith("VALIDATION_ERROR") and "VLAN" in wrong
    missing = await error_of(changes, "set_node_network", node="pve1", iface="vmbr8", remove=True, confirmed=True)
    assert missing.startswith("NOT_FOUND")
    assert changes_stack.sim.state.nodes["pve1"].network_pending is None


async def test_applying_a_nodes_network_is_refused_where_danger_is_off(mcp: Client, stack: Stack) -> None:
    refused = await error_of(mcp, "apply_node_network", node="pve1", confirmed=True)
    assert refused.startswith("DANGER_DISABLED")
