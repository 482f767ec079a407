"""HA through the MCP client: a guest added, changed and taken out, and the manager's state as an admin reads it."""

from __future__ import annotations

import pytest
from mcp import Client

from tests.support.agent import call, error_of
from tests.support.cluster import pick
from tests.support.stack import Stack

pytestmark = pytest.mark.timeout(120)


async def test_a_guest_added_to_ha_shows_in_the_managers_status_with_its_settings(
    changes: Client, changes_stack: Stack
) -> None:
    vm = pick(changes_stack.sim, "qemu", "running")
    added = await call(changes, "set_ha_resource", vmid=vm.vmid, max_restart=2, max_relocate=1, confirmed=True)
    assert added["result"]["action"] == "added" and added["result"]["sid"] == f"vm:{vm.vmid}"
    assert added["result"]["settings"] == {"state": "started", "max_restart": 2, "max_relocate": 1}
    status = (await call(changes, "get_cluster_status"))["ha"]
    service = next(s for s in status["services"] if s["sid"] == f"vm:{vm.vmid}")
    assert (service["node"], service["state"], service["max_restart"]) == (vm.node, "started", 2)
    assert status["master"] and status["lrms"][vm.node] == "active"
    assert all(mode in ("active", "idle") for mode in status["lrms"].values())
    again = await call(changes, "set_ha_resource", vmid=vm.vmid, max_restart=2, confirmed=True)
    assert again["result"]["action"] == "unchanged"
    changed = await call(changes, "set_ha_resource", vmid=vm.vmid, state="ignored", confirmed=True)
    assert changed["result"]["action"] == "changed" and changed["result"]["settings"]["state"] == "ignored"
    removed = await call(changes, "set_ha_resource", vmid=vm.vmid, remove=True, confirmed=True)
    assert removed["result"]["action"] == "removed" and f"vm:{vm.vmid}" not in changes_stack.sim.state.ha_resources
    assert vm.status == "running"  # out of HA, the guest runs on as it was


async def test_an_ha_change_without_quorum_is_refused_and_sends_nothing(changes: Client, changes_stack: Stack) -> None:
    sim = changes_stack.sim
    ct = pick(sim, "lxc", "stopped")
    others = [n for n in sim.state.nodes.values() if n.name != ct.node]
    sent = len(sim.requests)
    for node in others:
        node.online = False
    try:
        refused = await error_of(changes, "set_ha_resource", vmid=ct.vmid, node=ct.node, confirmed=True)
    finally:
        for node in others:
            node.online = True
    assert refused.startswith("CONFLICT") and "no quorum" in refused
    assert not [r for r in sim.requests[sent:] if r.method != "GET"]


async def test_taking_a_guest_out_of_ha_is_critical(mcp: Client, stack: Stack) -> None:
    refused = await error_of(mcp, "set_ha_resource", vmid=100, remove=True, confirmed=True)
    assert refused.startswith("DANGER_DISABLED")


async def test_an_ha_guest_migrated_is_answered_once_ha_has_it_on_the_target(
    changes: Client, changes_stack: Stack
) -> None:
    sim = changes_stack.sim
    managed = sim.state.ha_resources
    vm = next(
        g for g in sim.state.guests.values()
        if (g.kind, g.status) == ("qemu", "stopped") and not g.template and not g.lock and f"vm:{g.vmid}" not in managed
    )  # fmt: skip
    # stopped: its local disks move offline (HA migrates a running VM online, which local disks refuse)
    await call(changes, "set_ha_resource", vmid=vm.vmid, state="stopped", confirmed=True)
    source = vm.node
    target = next(n for n in sorted(sim.state.nodes) if n != source)
    report = await call(changes, "migrate_instance", vmid=vm.vmid, target=target, confirmed=True, wait_seconds=60)
    assert report["state"] == "succeeded", report["message"]
    assert report["upid"].split(":")[5] == "hamigrate"
    assert (report["result"]["source_node"], report["result"]["node"]) == (source, target)
    assert vm.node == target  # HA had moved it when the answer came, not merely been asked to
    assert any(t.type == "qmigrate" and t.vmid == vm.vmid and t.user == "root@pam" for t in sim.state.tasks.values())
    await call(changes, "set_ha_resource", vmid=vm.vmid, remove=True, confirmed=True)
