"""What a session costs an agent in tokens: the tool list, and a result.

Every agent session pays for tools/list before its first call, so its size has a bound, with
annotations and output schemas kept. A result comes as structured content and a text block;
clients differ in which one their model sees, so the text carries the result too (a summary line,
then compact JSON, or for the guest lists one compact line a row), and each block has its own bound.

The bound is per tool: 1,220 bytes on average over the whole catalogue (PROXMOX_MCP_TOOLS=all).
It was 1,190 (25,000 bytes for 21 tools, a quarter of the 74,056 they took at first) until every
list came to take a limit, a cursor and filters and to answer a page with its summary. What a
session pays by default is the default toolsets', which tests/e2e/test_toolsets.py bounds.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from typing import Any

import pytest
from mcp import Client
from mcp.types import ListToolsResult

from pvesim.config import SimConfig
from pvesim.simulator import Simulator
from tests.support.inprocess import inprocess_client

pytestmark = pytest.mark.timeout(60)

#: bytes per tool of the tools/list result as sent (compact JSON), on average
TOOL_BYTES_BOUND = 1_220
#: bytes of content (its text and structured content) of list_vms for pvesim's default cluster
LIST_VMS_BOUND = 2_000


@pytest.fixture(scope="module")
async def client() -> AsyncIterator[Client]:
    sim = Simulator(SimConfig())  # the default cluster: 3 nodes, 7 guests (4 VMs)
    await sim.start()
    try:
        async with inprocess_client(sim) as connected:
            yield connected
    finally:
        await sim.stop()


def _report(capsys: pytest.CaptureFixture[str], line: str) -> None:
    with capsys.disabled():
        print(f"\n{line}")


async def test_the_tool_list_stays_under_its_bound_with_annotations_and_output_schemas(
    client: Client, capsys: pytest.CaptureFixture[str]
) -> None:
    listed = await client.list_tools()
    size = len(ListToolsResult(tools=listed.tools).model_dump_json(by_alias=True, exclude_none=True))
    bound = TOOL_BYTES_BOUND * len(listed.tools)
    _report(capsys, f"tools/list: {len(listed.tools)} tools, {size} bytes (bound {bound})")
    assert all(tool.annotations is not None and tool.output_schema is not None for tool in listed.tools)
    assert size <= bound


async def test_list_vms_of_the_default_cluster_answers_in_little_content(
    client: Client, capsys: pytest.CaptureFixture[str]
) -> None:
    result = await client.call_tool("list_vms", {})
    assert not result.is_error, result.content
    sent = result.model_dump(mode="json", by_alias=True, exclude_none=True)
    size = len(
        json.dumps({"content": sent["content"], "structuredContent": sent["structuredContent"]}, separators=(",", ":"))
    )
    _report(capsys, f"list_vms: {size} bytes of content (bound {LIST_VMS_BOUND})")
    assert size <= LIST_VMS_BOUND


#: every read tool, the arguments of a call on the default cluster, and the form of its text:
#: "json" a summary line then the result as compact JSON, "rows" a summary line then a line a
#: row (the rows' list and the key that names a row), "table" the same with lines of their own
#: before a header of the rows' fields, "json only" the result as compact JSON
_READS: dict[str, tuple[dict[str, Any], str, tuple[str, str] | None]] = {
    "list_nodes": ({}, "rows", ("nodes", "node")),
    "get_node_log": ({"node": "pve1", "limit": 3}, "rows", ("lines", "t")),
    "get_cluster_log": ({"max": 5}, "rows", ("entries", "msg")),
    "list_node_network": ({"node": "pve1"}, "rows", ("interfaces", "iface")),
    "get_firewall": ({}, "rows", ("rules", "pos")),
    "list_access": ({}, "rows", ("entries", "name")),
    "list_firewall_objects": ({}, "rows", ("objects", "name")),
    "get_firewall_log": ({"node": "pve1", "limit": 3}, "rows", ("lines", "t")),
    "list_vms": ({}, "rows", ("guests", "vmid")),
    "list_lxc_containers": ({}, "rows", ("guests", "vmid")),
    "list_snapshots": ({"vmid": 100}, "rows", ("snapshots", "name")),
    "list_tasks": ({}, "rows", ("tasks", "upid")),
    "list_backups": ({}, "rows", ("backups", "volid")),
    "list_storage_content": ({"node": "pve1", "storage": "local"}, "rows", ("items", "volid")),
    "find_pve_api": ({"query": "firewall rules"}, "rows", ("endpoints", "path")),
    "enable_toolset": ({}, "rows", ("toolsets", "name")),
    "describe_pve_api": ({"method": "GET", "path": "/nodes/{node}/qemu"}, "json only", None),
    "list_storage": ({}, "json", None),
    "get_cluster_status": ({}, "json", None),
    "get_instance_config": ({"vmid": 100}, "json", None),
    "get_lxc_interfaces": ({"vmid": 200}, "json", None),
    "get_vm_interfaces": ({"vmid": 100}, "json", None),
    "get_resource_usage": ({"vmid": 100}, "table", ("points", "time")),
    "get_node_details": ({"node": "pve1"}, "json", None),
    "get_permissions": ({"path": "/vms/100", "privilege": "VM.PowerMgmt"}, "json", None),
    "get_task_status": ({"job_id": "<job>"}, "json", None),
    "get_task_log": ({"job_id": "<job>"}, "json", None),
    "get_audit_log": ({}, "json", None),
    "get_mcp_logs": ({}, "json", None),
}


@pytest.fixture(scope="module")
async def job_id(client: Client) -> str:
    """A job of the session's own, for the tools that read one (it ends in a PVE task and an audit entry)."""
    report = await client.call_tool("power_control", {"vmid": 101, "action": "start", "confirmed": True})
    assert not report.is_error and report.structured_content is not None, report.content
    return str(report.structured_content["job_id"])


async def test_every_read_tool_is_in_the_table_of_text_forms(client: Client) -> None:
    listed = await client.list_tools()
    reads = {tool.name for tool in listed.tools if tool.annotations and tool.annotations.read_only_hint}
    assert reads == set(_READS)


@pytest.mark.parametrize("tool", sorted(_READS))
async def test_a_client_that_reads_only_text_gets_the_whole_result(client: Client, job_id: str, tool: str) -> None:
    arguments, form, rows = _READS[tool]
    arguments = {key: job_id if value == "<job>" else value for key, value in arguments.items()}
    result = await client.call_tool(tool, arguments)
    assert not result.is_error, result.content
    assert result.structured_content is not None
    [block] = result.content
    text = getattr(block, "text", "")
    if form == "json only":
        assert _without_none(json.loads(text)) == _without_none(result.structured_content)
        return
    summary, rest = text.split("\n", 1) if "\n" in text else (text, "")
    assert 0 < len(summary) <= 240, summary
    if form == "json":
        assert _without_none(json.loads(rest)) == _without_none(result.structured_content)
        return
    assert rows is not None
    listed, key = rows
    entries = result.structured_content[listed]
    assert entries, f"{tool} lists something on the default cluster"
    lines = rest.splitlines()
    if form == "table":
        header, lines = lines[-len(entries) - 1], lines[-len(entries) :]
        assert header.split()[0] == key and set(entries[0]) <= set(header.split()), header  # every field
    assert len(lines) == len(entries)
    for line, entry in zip(lines, entries, strict=True):
        assert str(entry[key]) in line, (line, entry)


def _without_none(value: object) -> object:
    if isinstance(value, dict):
        return {k: _without_none(v) for k, v in value.items() if v not in (None, [], {})}
    if isinstance(value, list):
        return [_without_none(item) for item in value]
    return value


@pytest.mark.parametrize("tool", ["list_vms", "list_lxc_containers"])
async def test_a_client_that_reads_only_text_learns_which_guests_run_on_a_node_with_their_vmids(
    client: Client, tool: str
) -> None:
    result = await client.call_tool(tool, {"node": "pve2"})
    [text] = result.content
    lines = getattr(text, "text", "").splitlines()
    assert result.structured_content is not None
    guests = result.structured_content["guests"]
    assert guests, "pve2 of the default cluster has guests of each kind"
    assert lines[0].startswith(f"{len(guests)} guests match")
    shown = {(int(line.split()[0]), line.split()[2], line.split()[3]) for line in lines[1:]}
    assert shown == {(g["vmid"], g["node"], g["status"]) for g in guests}


async def test_a_client_that_reads_only_text_learns_each_task_its_status_and_upid(client: Client) -> None:
    report = await client.call_tool("power_control", {"vmid": 100, "action": "stop", "confirmed": True})
    assert not report.is_error, report.content
    result = await client.call_tool("list_tasks", {})
    assert not result.is_error, result.content
    [text] = result.content
    lines = getattr(text, "text", "").splitlines()
    assert result.structured_content is not None
    tasks = result.structured_content["tasks"]
    assert tasks, "the stop above is a task"
    assert lines[0].startswith(f"{len(tasks)} tasks match")
    assert len(lines) == 1 + len(tasks)
    for line, task in zip(lines[1:], tasks, strict=True):
        assert task["upid"] in line and task["type"] in line and repr(task["status"]) in line, line
