"""The firewall through the MCP client: rules by position and digest, options, IP sets, logs, as an admin edits them."""

from __future__ import annotations

import pytest
from mcp import Client

from tests.support.agent import call, error_of
from tests.support.cluster import pick
from tests.support.stack import Stack

pytestmark = pytest.mark.timeout(120)


def _writes(stack: Stack) -> int:
    return sum(1 for r in stack.sim.requests if r.method != "GET" and "/firewall/" in r.path)


async def test_the_clusters_rules_read_in_order_with_the_digest_and_policy(mcp: Client, stack: Stack) -> None:
    view = await call(mcp, "get_firewall")
    assert (view["level"], view["enabled"], view["policy_in"]) == ("the cluster", True, "DROP")
    assert [r["pos"] for r in view["rules"]] == list(range(view["total"]))
    first = view["rules"][0]
    assert (first["type"], first["action"], first["macro"], first["source"]) == ("in", "ACCEPT", "SSH", "+management")
    assert view["rules"][2]["enable"] is False and len(view["digest"]) == 40
    guest = await call(mcp, "get_firewall", vmid=100)
    assert guest["level"] == "VM 100 on pve1" and guest["enabled"] is False
    assert guest["rules"][0]["type"] == "group" and guest["rules"][0]["action"] == "webserver"
    node = await call(mcp, "get_firewall", node="pve2")
    assert node["enabled"] is True and node["rules"] == []  # a node's firewall is on unless disabled


async def test_ip_sets_aliases_and_groups_are_listed_with_what_they_hold(mcp: Client) -> None:
    sets = await call(mcp, "list_firewall_objects")
    management = next(o for o in sets["objects"] if o["name"] == "management")
    assert management["entries"] == ["10.10.10.0/24", "192.168.100.0/24"] and management["count"] == 2
    aliases = await call(mcp, "list_firewall_objects", kind="aliases")
    [alias] = aliases["objects"]
    assert (alias["name"], alias["cidr"], alias["comment"]) == ("gateway", "10.10.10.1", "default gateway")
    group = await call(mcp, "list_firewall_objects", kind="groups", name="webserver")
    assert [r["macro"] for r in group["rules"]] == ["HTTP", "HTTPS"]


async def test_a_rule_added_goes_on_top_enabled_and_a_stale_delete_is_a_conflict(
    changes: Client, changes_stack: Stack
) -> None:
    added = await call(
        changes, "set_firewall_rule", type="in", action="ACCEPT", proto="tcp", dport="9100",
        source="+management", comment="node exporter", confirmed=True,
    )  # fmt: skip
    assert added["result"]["pos"] == 0 and "dport 9100" in added["result"]["rule"]
    rules = changes_stack.sim.state.firewall.rules["cluster"]
    assert rules[0]["dport"] == "9100" and rules[0]["enable"] == 1
    before = await call(changes, "get_firewall")
    # someone else adds a rule meanwhile: position 1 is no longer what the agent read
    rules.insert(0, {"type": "in", "action": "DROP", "proto": "udp", "dport": "53", "enable": 1})
    writes = _writes(changes_stack)
    stale = await error_of(changes, "set_firewall_rule", edit="delete", pos=1, digest=before["digest"], confirmed=True)
    assert stale.startswith("CONFLICT") and "get_firewall" in stale
    assert _writes(changes_stack) == writes and len(rules) == before["total"] + 1  # nothing deleted
    fresh = await call(changes, "get_firewall")
    doomed = next(r for r in fresh["rules"] if r.get("dport") == "9100")
    deleted = await call(
        changes, "set_firewall_rule", edit="delete", pos=doomed["pos"], digest=fresh["digest"], confirmed=True
    )
    assert deleted["result"]["pos"] is None and all(r.get("dport") != "9100" for r in rules)
    del rules[0]


async def test_a_rule_is_updated_and_moved_by_position(changes: Client, changes_stack: Stack) -> None:
    view = await call(changes, "get_firewall")
    last = view["total"] - 1
    updated = await call(
        changes, "set_firewall_rule", edit="update", pos=last, digest=view["digest"], enable=True, confirmed=True
    )
    assert "(disabled)" not in updated["result"]["rule"]
    moved = await call(
        changes, "set_firewall_rule", edit="move", pos=last, moveto=0, digest=updated["result"]["digest"],
        confirmed=True,
    )  # fmt: skip
    assert moved["result"]["pos"] == 0 and "dport 3128" in moved["result"]["rule"]
    assert changes_stack.sim.state.firewall.rules["cluster"][0]["dport"] == "3128"


async def test_rules_that_name_what_does_not_exist_are_refused_and_send_nothing_twice(
    changes: Client, changes_stack: Stack
) -> None:
    ipset = await error_of(changes, "set_firewall_rule", type="in", action="ACCEPT", source="+nosuch", confirmed=True)
    assert "no such ipset 'nosuch'" in ipset
    group = await error_of(changes, "set_firewall_rule", type="group", action="dbservers", confirmed=True)
    assert "no such security group 'dbservers'" in group
    position = await error_of(changes, "set_firewall_rule", edit="delete", pos=99, digest="0" * 40, confirmed=True)
    assert position.startswith("CONFLICT")  # the digest is checked first: this list is not the one read
    view = await call(changes, "get_firewall")
    missing = await error_of(changes, "set_firewall_rule", edit="delete", pos=99, digest=view["digest"], confirmed=True)
    assert missing.startswith("VALIDATION_ERROR") and "no firewall rule at position 99" in missing
    incomplete = await error_of(changes, "set_firewall_rule", edit="delete", pos=0, confirmed=True)
    assert incomplete.startswith("VALIDATION_ERROR") and "digest" in incomplete


async def test_a_guests_firewall_is_enabled_with_its_policy_and_a_node_has_no_policy(
    changes: Client, changes_stack: Stack
) -> None:
    ct = pick(changes_stack.sim, "lxc", "running").vmid
    report = await call(changes, "set_firewall_options", vmid=ct, enable=True, policy_in="DROP", confirmed=True)
    assert report["result"]["enabled"] is True and report["result"]["changed"] == {"enable": 1, "policy_in": "DROP"}
    assert changes_stack.sim.state.firewall.options[f"vm/{ct}"] == {"enable": 1, "policy_in": "DROP"}
    again = await call(changes, "set_firewall_options", vmid=ct, enable=True, confirmed=True)
    assert again["result"]["changed"] == {} and "already so" in again["message"]
    node = await error_of(changes, "set_firewall_options", node="pve1", policy_in="DROP", confirmed=True)
    assert node.startswith("VALIDATION_ERROR") and "no option policy_in" in node


async def test_disabling_the_clusters_firewall_is_critical(mcp: Client, stack: Stack) -> None:
    refused = await error_of(mcp, "set_firewall_options", enable=False, confirmed=True)
    assert refused.startswith("DANGER_DISABLED")
    assert stack.sim.state.firewall.options["cluster"]["enable"] == 1


async def test_an_ip_set_entry_is_added_once_and_removed(changes: Client, changes_stack: Stack) -> None:
    entries = changes_stack.sim.state.firewall.ipsets["blocklist"]["entries"]
    added = await call(changes, "set_ipset_entry", name="blocklist", cidr="203.0.113.0/24", confirmed=True)
    assert added["result"] == {"name": "blocklist", "cidr": "203.0.113.0/24", "action": "added", "entries": 1}
    again = await call(changes, "set_ipset_entry", name="blocklist", cidr="203.0.113.0/24", confirmed=True)
    assert again["result"]["action"] == "unchanged" and len(entries) == 1
    removed = await call(
        changes, "set_ipset_entry", name="blocklist", cidr="203.0.113.0/24", remove=True, confirmed=True
    )
    assert removed["result"]["action"] == "removed" and entries == []
    unknown = await error_of(changes, "set_ipset_entry", name="nosuch", cidr="10.0.0.1", confirmed=True)
    assert unknown.startswith("NOT_FOUND") and "management" in unknown


async def test_a_guests_firewall_log_pages_oldest_first(mcp: Client) -> None:
    first = await call(mcp, "get_firewall_log", vmid=100, limit=4)
    assert [line["n"] for line in first["lines"]] == [1, 2, 3, 4] and first["next_start"] == 4
    assert "DPT=22" in first["lines"][0]["t"] and "policy DROP" in first["lines"][1]["t"]
    second = await call(mcp, "get_firewall_log", vmid=100, limit=4, start=4)
    assert second["lines"][0]["n"] == 5
    cluster = await error_of(mcp, "get_firewall_log")
    assert cluster.startswith("VALIDATION_ERROR")
