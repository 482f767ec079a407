"""Every read tool through the real MCP client over stdio, against pvesim, in both deployment modes."""

from __future__ import annotations

import json

import pytest
from mcp import Client

from shared.jobs.keys import LOG_STREAM
from tests.support.agent import call, error_of
from tests.support.stack import Stack

pytestmark = pytest.mark.timeout(120)


async def test_every_tool_publishes_a_schema_annotations_and_a_description(mcp: Client) -> None:
    tools = {tool.name: tool for tool in (await mcp.list_tools()).tools}
    reads = {
        "list_nodes", "list_vms", "list_lxc_containers", "list_storage", "list_storage_content",
        "get_instance_config", "get_lxc_interfaces", "get_resource_usage", "list_snapshots",
        "get_task_status", "get_task_log", "get_mcp_logs",
    }  # fmt: skip
    assert reads <= tools.keys()
    for name in reads:
        tool = tools[name]
        assert tool.description and len(tool.description) > 40, name
        assert tool.output_schema is not None, name
        assert tool.annotations is not None and tool.annotations.read_only_hint is True, name


async def test_list_nodes_shows_every_node_with_status(mcp: Client, stack: Stack) -> None:
    nodes = (await call(mcp, "list_nodes"))["nodes"]
    assert {n["node"]: n["status"] for n in nodes} == {
        name: "online" if node.online else "offline" for name, node in stack.sim.state.nodes.items()
    }


async def test_list_vms_without_node_covers_the_cluster(mcp: Client, stack: Stack) -> None:
    guests = (await call(mcp, "list_vms"))["guests"]
    expected = {g.vmid: g.node for g in stack.sim.state.guests.values() if g.kind == "qemu"}
    assert {g["vmid"]: g["node"] for g in guests} == expected
    assert all(g["kind"] == "qemu" for g in guests)


async def test_list_containers_on_one_node(mcp: Client, stack: Stack) -> None:
    guests = (await call(mcp, "list_lxc_containers", node="pve1"))["guests"]
    expected = {g.vmid for g in stack.sim.state.guests.values() if g.kind == "lxc" and g.node == "pve1"}
    assert {g["vmid"] for g in guests} == expected


async def test_storage_and_its_iso_content(mcp: Client) -> None:
    storages = (await call(mcp, "list_storage", node="pve1", content="iso"))["storages"]
    assert storages and all("iso" in s["content"] for s in storages)
    storage = storages[0]["storage"]
    items = (await call(mcp, "list_storage_content", node="pve1", storage=storage, content="iso"))["items"]
    assert items and all(i["volid"].startswith(f"{storage}:iso/") and i["content"] == "iso" for i in items)


async def test_storage_of_the_whole_cluster_names_the_nodes_it_could_not_ask(mcp: Client, stack: Stack) -> None:
    stack.sim.set_node_online("pve2", False)
    try:
        listing = await call(mcp, "list_storage")
    finally:
        stack.sim.set_node_online("pve2", True)
    assert listing["offline_nodes"] == ["pve2"]
    assert {s["node"] for s in listing["storages"]} == {"pve1"}
    assert (await call(mcp, "list_storage"))["offline_nodes"] == []


async def test_config_of_a_guest_found_without_its_node(mcp: Client, stack: Stack) -> None:
    guest = next(g for g in stack.sim.state.guests.values() if g.kind == "lxc")
    config = await call(mcp, "get_instance_config", vmid=guest.vmid)
    assert (config["node"], config["kind"]) == (guest.node, "lxc")
    assert config["config"]["hostname"] == guest.config["hostname"]


async def test_config_with_the_wrong_node_names_the_right_one(mcp: Client, stack: Stack) -> None:
    guest = next(g for g in stack.sim.state.guests.values() if g.node == "pve1")
    text = await error_of(mcp, "get_instance_config", vmid=guest.vmid, node="pve2")
    assert text.startswith("NOT_FOUND:") or "NOT_FOUND:" in text
    assert "node=pve1" in text


async def test_unknown_guest_is_not_found_with_a_next_step(mcp: Client) -> None:
    text = await error_of(mcp, "get_instance_config", vmid=987654)
    assert "NOT_FOUND: no guest with VMID 987654" in text
    assert "Next: List guests" in text


async def test_container_interfaces_of_a_running_container(mcp: Client, stack: Stack) -> None:
    guest = next(g for g in stack.sim.state.guests.values() if g.kind == "lxc" and g.status == "running")
    interfaces = (await call(mcp, "get_lxc_interfaces", vmid=guest.vmid))["interfaces"]
    assert "eth0" in {i["name"] for i in interfaces}


async def test_interfaces_of_a_stopped_container_is_a_conflict(mcp: Client, stack: Stack) -> None:
    guest = next(g for g in stack.sim.state.guests.values() if g.kind == "lxc" and g.status == "stopped")
    assert "CONFLICT:" in await error_of(mcp, "get_lxc_interfaces", vmid=guest.vmid)


async def test_resource_usage_of_a_guest_and_of_a_node(mcp: Client, stack: Stack) -> None:
    guest = next(g for g in stack.sim.state.guests.values() if g.status == "running")
    usage = await call(mcp, "get_resource_usage", vmid=guest.vmid, timeframe="hour")
    assert usage["target"] == "guest" and usage["points"]
    assert 0 <= usage["summary"]["cpu_percent"]["maximum"] <= 100
    node = await call(mcp, "get_resource_usage", node="pve1", timeframe="day", cf="MAX")
    assert node["target"] == "node" and node["points"]


async def test_resource_usage_reads_as_a_table_to_a_client_that_reads_only_the_text(mcp: Client, stack: Stack) -> None:
    guest = next(g for g in stack.sim.state.guests.values() if g.status == "running")
    result = await mcp.call_tool("get_resource_usage", {"vmid": guest.vmid, "max_points": 10})
    usage, text = result.structured_content, result.content[0].text
    assert usage is not None and len(usage["points"]) == 10
    head, summary, count, header, *rows = text.split("\n")
    assert head.startswith(f"guest {guest.vmid} ({guest.kind}) on {guest.node}: running")
    assert summary.startswith("summary (last/average/maximum): cpu_percent ")
    assert count == "10 points:"
    columns = header.split()
    assert columns[:2] == ["time", "cpu_percent"]
    # every point is a row, each value the structured one (to two decimals; "-" for none)
    assert len(rows) == 10
    for row, point in zip(rows, usage["points"], strict=True):
        for column, value in zip(columns, row.split(), strict=True):
            expected = point.get(column)
            assert value == "-" if expected is None else float(value) == pytest.approx(expected, abs=0.005)
    assert len(text) < len(json.dumps(usage)) / 2  # a table, not the JSON again


async def test_resource_usage_needs_a_target(mcp: Client) -> None:
    assert "VALIDATION_ERROR: give vmid (a guest) or node (a node)" in await error_of(mcp, "get_resource_usage")


async def test_snapshots_hide_the_current_pseudo_entry(mcp: Client, stack: Stack) -> None:
    guest = next(g for g in stack.sim.state.guests.values() if g.snapshots)
    listed = await call(mcp, "list_snapshots", vmid=guest.vmid)
    assert {s["name"] for s in listed["snapshots"]} == set(guest.snapshots) - {"current"}


async def test_bad_input_is_a_validation_error(mcp: Client) -> None:
    assert "VALIDATION_ERROR: node:" in await error_of(mcp, "list_vms", node="no such node!")
    assert "VALIDATION_ERROR: vmid:" in await error_of(mcp, "get_instance_config", vmid=42)
    assert "VALIDATION_ERROR" in await error_of(mcp, "list_storage_content", node="pve1", storage="../etc")


async def test_get_mcp_logs_gives_an_exception_and_its_message_not_the_traceback(mcp: Client, stack: Stack) -> None:
    if stack.redis is None:
        pytest.skip("an embedded server's log stream lives in its own process")
    traceback = (
        "Traceback (most recent call last):\n"
        '  File "/app/workers/guest_lookup.py", line 12, in start\n'
        "    raise ValueError('no such bridge')\n"
        "ValueError: no such bridge"
    )
    group = (
        "  + Exception Group Traceback (most recent call last):\n"
        '  |   File "/app/workers/lifecycle.py", line 40, in run\n'
        "  | ExceptionGroup: unhandled errors in a TaskGroup (1 sub-exception)\n"
        "  +-+---------------- 1 ----------------\n"
        "    | Traceback (most recent call last):\n"
        '    |   File "/app/shared/pve/client.py", line 80, in get\n'
        "    | OSError: connection reset\n"
        "    +------------------------------------"
    )
    for event, exception in (("traceback_line", traceback), ("group_line", group)):
        line = {"event": event, "level": "error", "process": "worker", "exception": exception}
        line["stack"] = 'Stack (most recent call last):\n  File "/app/workers/__main__.py", line 3'
        stack.redis.cli("XADD", LOG_STREAM, "*", "level", "error", "line", json.dumps(line))
    result = await mcp.call_tool("get_mcp_logs", {"level": "error", "contains": "_line"})
    shown = json.dumps(result.structured_content) + json.dumps([c.model_dump() for c in result.content])
    assert "most recent call last" not in shown and 'File \\"' not in shown, shown
    lines = {line["event"]: line["fields"] for line in result.structured_content["lines"]}  # type: ignore[index]
    assert lines["traceback_line"] == {"exception": "ValueError: no such bridge"}
    assert lines["group_line"] == {"exception": "OSError: connection reset"}


async def test_get_mcp_logs_pages_newest_first_each_line_once_while_lines_are_written(
    mcp: Client, stack: Stack
) -> None:
    if stack.redis is None:
        pytest.skip("an embedded server's log stream lives in its own process")
    for n in range(7):
        line = {"event": f"paged_line {n}", "level": "warning", "process": "worker"}
        stack.redis.cli("XADD", LOG_STREAM, "*", "level", "warning", "line", json.dumps(line))
    seen: list[str] = []
    cursor: str | None = None
    while True:
        arguments: dict[str, object] = {"level": "warning", "contains": "paged_line", "limit": 3}
        page = await call(mcp, "get_mcp_logs", **arguments, **({"cursor": cursor} if cursor else {}))
        seen += [line["event"] for line in page["lines"]]
        assert page["first"] == len(seen) - len(page["lines"]) + 1
        cursor = page["next_cursor"]
        if cursor is None:
            break
        later = {"event": f"paged_line written later {len(seen)}", "level": "warning", "process": "worker"}
        stack.redis.cli("XADD", LOG_STREAM, "*", "level", "warning", "line", json.dumps(later))
    assert seen == [f"paged_line {n}" for n in reversed(range(7))]


async def test_a_storage_limited_to_some_nodes_says_which(mcp: Client, stack: Stack) -> None:
    storage = stack.sim.state.storages["local-lvm"]
    saved = storage.nodes
    storage.nodes = ["pve1"]
    try:
        listing = await call(mcp, "list_storage")
    finally:
        storage.nodes = saved
    by_name = {(s["node"], s["storage"]): s for s in listing["storages"]}
    assert by_name[("pve1", "local-lvm")]["nodes"] == ["pve1"]
    assert by_name[("pve1", "local")]["nodes"] is None  # every node
