"""What a session costs an agent in tokens: the tool list, and a result.

Every agent session pays for tools/list before its first call, so its size has a bound, with
annotations and output schemas kept. A result comes as structured content and a text block;
clients differ in which one their model sees, so the text carries the result too (a summary line,
then compact JSON, or for the guest lists one compact line a row), and each block has its own bound.

The bound is per tool: 25,000 bytes for 21 tools (a quarter of the 74,056 they took at first),
so each tool the list grows by must be as compact as those were on average (1,190 bytes).
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator

import pytest
from mcp import Client
from mcp.types import ListToolsResult

from pvesim.config import SimConfig
from pvesim.simulator import Simulator
from tests.support.inprocess import inprocess_client

pytestmark = pytest.mark.timeout(60)

#: bytes per tool of the tools/list result as sent (compact JSON): 25,000 for the first 21 tools
TOOL_BYTES_BOUND = 25_000 // 21
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


#: every read whose text is a summary line and the result as JSON, with arguments for the default cluster
_READS = {
    "list_nodes": {},
    "list_storage": {},
    "get_cluster_status": {},
    "list_tasks": {},
    "list_snapshots": {"vmid": 100},
    "get_instance_config": {"vmid": 100},
    "get_lxc_interfaces": {"vmid": 200},
    "get_vm_interfaces": {"vmid": 100},
    "get_resource_usage": {"vmid": 100},
}


@pytest.mark.parametrize("tool", sorted(_READS))
async def test_a_client_that_reads_only_text_gets_the_whole_result(client: Client, tool: str) -> None:
    result = await client.call_tool(tool, _READS[tool])
    assert not result.is_error, result.content
    assert result.structured_content is not None
    [text] = result.content
    summary, data = getattr(text, "text", "").split("\n", 1)
    assert 0 < len(summary) < 240, summary
    assert json.loads(data) == _without_none(result.structured_content)


def _without_none(value: object) -> object:
    if isinstance(value, dict):
        return {k: _without_none(v) for k, v in value.items() if v is not None}
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
