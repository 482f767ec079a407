"""A node's details and its system log, through the MCP client, as an admin chasing a problem reads them."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime

import pytest
from mcp import Client

from tests.support.agent import call, error_of
from tests.support.stack import Stack

pytestmark = pytest.mark.timeout(120)


@contextmanager
def acl_of(stack: Stack, entries: dict[str, frozenset[str]]) -> Iterator[None]:
    """The server's token holds only `entries` for the block."""
    acl = stack.sim.core.tokens[stack.sim.token_name].acl
    saved = dict(acl)
    acl.clear()
    acl.update(entries)
    try:
        yield
    finally:
        acl.clear()
        acl.update(saved)


async def test_node_details_name_versions_hardware_subscription_and_pending_updates(mcp: Client) -> None:
    node = await call(mcp, "get_node_details", node="pve1")
    assert node["pve_version"].startswith("pve-manager/")
    assert node["kernel"].endswith("-pve")
    assert node["cpu_model"] and node["cpus"] >= node["cores"] >= 1 and node["sockets"] >= 1
    assert 0 < node["memory_used_bytes"] < node["memory_total_bytes"]
    assert node["uptime_seconds"] > 0 and len(node["load_average"]) == 3
    assert node["boot_mode"] == "efi" and node["secure_boot"] is False
    assert node["subscription"] == "notfound" and "no subscription key" in node["subscription_message"]
    assert node["updates"] == 2
    assert "pve-manager 9.1.1 -> 9.1.2" in node["packages"]


async def test_node_details_without_sys_modify_say_why_updates_are_missing_and_answer_the_rest(
    mcp: Client, stack: Stack
) -> None:
    with acl_of(stack, {"/nodes": frozenset({"Sys.Audit"})}):
        node = await call(mcp, "get_node_details", node="pve2")
    assert node["updates"] is None and node["packages"] == []
    assert "Sys.Modify" in node["updates_note"] and "/nodes/pve2" in node["updates_note"]
    assert node["subscription"] == "notfound" and node["pve_version"]


async def test_a_nodes_log_pages_oldest_first_and_reads_on_from_next_start(mcp: Client) -> None:
    first = await call(mcp, "get_node_log", node="pve1", service="pveproxy", limit=5)
    assert [line["n"] for line in first["lines"]] == [1, 2, 3, 4, 5]
    assert all(" pveproxy[" in line["t"] and " pve1 " in line["t"] for line in first["lines"])
    assert first["total"] > 5 and first["next_start"] == 5
    second = await call(mcp, "get_node_log", node="pve1", service="pveproxy", limit=5, start=first["next_start"])
    assert [line["n"] for line in second["lines"]] == [6, 7, 8, 9, 10]
    assert second["total"] == first["total"]
    stamps = [line["t"][:15] for line in first["lines"] + second["lines"]]
    assert stamps == sorted(stamps, key=lambda stamp: datetime.strptime(stamp, "%b %d %H:%M:%S"))


async def test_grep_finds_matching_lines_across_pages_and_says_where_to_go_on(mcp: Client) -> None:
    found = await call(mcp, "get_node_log", node="pve2", grep="smart usage", limit=20)
    assert len(found["lines"]) == 20
    assert all("SMART Usage" in line["t"] for line in found["lines"])
    assert found["scanned"] > 20  # most lines are other services'
    assert found["next_start"] >= found["lines"][-1]["n"]  # on from after the last line shown
    more = await call(mcp, "get_node_log", node="pve2", grep="smart usage", limit=20, start=found["next_start"])
    assert more["lines"][0]["n"] > found["lines"][-1]["n"]


async def test_since_and_until_bound_the_log_to_a_window(mcp: Client) -> None:
    whole = await call(mcp, "get_node_log", node="pve1", limit=1)
    window = await call(mcp, "get_node_log", node="pve1", limit=1, since=_hours_ago(6), until=_hours_ago(3))
    assert 0 < window["total"] < whole["total"] / 4
    empty = await call(mcp, "get_node_log", node="pve1", since="2001-01-01", until="2001-01-02")
    assert (empty["total"], empty["lines"], empty["next_start"]) == (0, [], None)


async def test_a_log_read_without_sys_syslog_names_the_privilege_and_path(mcp: Client, stack: Stack) -> None:
    with acl_of(stack, {"/nodes": frozenset({"Sys.Audit"})}):
        text = await error_of(mcp, "get_node_log", node="pve1")
    assert "PERMISSION_DENIED:" in text and "Sys.Syslog" in text and "/nodes/pve1" in text


async def test_a_malformed_moment_is_refused_before_anything_is_read(mcp: Client) -> None:
    text = await error_of(mcp, "get_node_log", node="pve1", since="yesterday")
    assert "VALIDATION_ERROR" in text and "since" in text


def _hours_ago(hours: int) -> str:
    return datetime.fromtimestamp(datetime.now().timestamp() - hours * 3600).strftime("%Y-%m-%d %H:%M:%S")


async def test_the_cluster_log_shows_our_task_start_and_end_newest_first(mcp: Client, stack: Stack) -> None:
    started = await call(mcp, "power_control", vmid=101, action="start", confirmed=True)
    upid = started["upid"]
    log = await call(mcp, "get_cluster_log", grep=upid)
    assert [e["msg"].split(" ")[1] for e in log["entries"]] == ["end", "starting"]  # newest first
    assert all(e["node"] == "pve1" and e["tag"] == "pvedaemon" for e in log["entries"])
    await call(mcp, "power_control", vmid=101, action="stop", confirmed=True)
    times = [e["time"] for e in (await call(mcp, "get_cluster_log", max=30))["entries"]]
    assert times == sorted(times, reverse=True)
