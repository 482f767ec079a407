"""Toolsets: a default server lists a small set within a fixed budget; the agent enables the rest per session.

The real MCP client, in memory, against pvesim: what a default server lists and what that costs
the model, enabling a toolset (the tools/list_changed notification, the enabled tools' definitions
in the answer, the longer list), and a client that ignores the notification calling a tool at once.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from typing import Any

import pytest
from mcp import Client
from mcp.types import ListToolsResult, ToolListChangedNotification

from mcp_frontend.published import load_published
from mcp_frontend.server import build_server
from mcp_frontend.toolsets import DEFAULT_TOOLSETS, DISCOVERY_TOOL, TOOLSETS, tools_of
from pvesim.config import SimConfig
from pvesim.simulator import Simulator
from tests.support.inprocess import inprocess_settings
from tests.support.stack import HostedClient

pytestmark = pytest.mark.timeout(60)

#: bytes of what the model reads of the default set's tools: names, descriptions, input schemas
MODEL_VISIBLE_BOUND = 12 * 1024


@pytest.fixture(scope="module")
async def sim() -> AsyncIterator[Simulator]:
    simulator = Simulator(SimConfig(task_duration=0.2))
    await simulator.start()
    yield simulator
    await simulator.stop()


def _client(sim: Simulator, tools: str = "", **kwargs: Any) -> HostedClient:
    settings = inprocess_settings(sim, PROXMOX_MCP_TOOLS=tools)
    return HostedClient(Client(build_server(settings), **kwargs))


def _model_visible(listed: ListToolsResult) -> int:
    seen = [{"name": t.name, "description": t.description, "inputSchema": t.input_schema} for t in listed.tools]
    return len(json.dumps(seen, separators=(",", ":")).encode())


def test_every_tool_is_in_one_toolset() -> None:
    published = {tool.name for tool in load_published(several_clusters=True)} - {DISCOVERY_TOOL}
    placed = [tool for toolset in TOOLSETS.values() for tool in toolset.tools]
    assert sorted(placed) == sorted(set(placed)), "a tool in two toolsets"
    assert published == set(placed)


async def test_a_default_server_lists_the_default_toolsets_within_the_budget(
    sim: Simulator, capsys: pytest.CaptureFixture[str]
) -> None:
    async with _client(sim) as client:
        listed = await client.list_tools()
    names = {tool.name for tool in listed.tools}
    served = {tool.name for tool in load_published()}
    assert names == (tools_of(DEFAULT_TOOLSETS) & served) | {DISCOVERY_TOOL}
    visible = _model_visible(listed)
    whole = len(ListToolsResult(tools=listed.tools).model_dump_json(by_alias=True, exclude_none=True))
    with capsys.disabled():
        print(f"\ndefault tool list: {len(names)} tools, {visible} bytes the model reads, {whole} as sent")
    assert visible <= MODEL_VISIBLE_BOUND


async def test_enabling_a_toolset_lists_it_notifies_and_answers_its_definitions(sim: Simulator) -> None:
    # a 2025-11-25 client, over the handshake
    notices: list[Any] = []

    async def on_message(message: Any) -> None:
        root = getattr(message, "root", message)
        if isinstance(root, ToolListChangedNotification):
            notices.append(root)

    async with _client(sim, message_handler=on_message, mode="legacy") as client:
        answer = await client.call_tool(DISCOVERY_TOOL, {"toolset": "snapshots_backups"})
        assert not answer.is_error, answer.content
        result = answer.structured_content
        assert result is not None
        assert result["enabled"] == "snapshots_backups"
        defined = {tool["name"]: tool for tool in result["tools"]}
        assert set(defined) == set(TOOLSETS["snapshots_backups"].tools)
        assert defined["create_snapshot"]["inputSchema"]["properties"]["name"]
        listed = {tool.name for tool in (await client.list_tools()).tools}
        assert set(TOOLSETS["snapshots_backups"].tools) <= listed
        assert not set(TOOLSETS["fleet"].tools) & listed
        snapshots = await client.call_tool("list_snapshots", {"vmid": 100})
        assert not snapshots.is_error, snapshots.content
    assert notices, "no notifications/tools/list_changed reached the client"


async def test_a_client_that_ignores_the_notification_calls_any_tool_at_once(sim: Simulator) -> None:
    # a 2026-07-28 client (no handshake): the toolset is remembered for its caller and client name
    async with _client(sim) as client:
        listed = {tool.name for tool in (await client.list_tools()).tools}
        assert "list_storage" not in listed
        enabled = await client.call_tool(DISCOVERY_TOOL, {"toolset": "storage"})
        assert enabled.structured_content is not None
        assert {tool["name"] for tool in enabled.structured_content["tools"]} == {
            "list_storage",
            "list_storage_content",
            "download_to_storage",
            "delete_volume",
        }
        storages = await client.call_tool("list_storage", {})
        relisted = {tool.name for tool in (await client.list_tools()).tools}
    assert not storages.is_error, storages.content
    assert {s["storage"] for s in storages.structured_content["storages"]} >= {"local"}  # type: ignore[index]
    assert {"list_storage", "list_storage_content"} <= relisted


async def test_a_tool_not_listed_is_still_served(sim: Simulator) -> None:
    async with _client(sim) as client:
        usage = await client.call_tool("get_resource_usage", {"node": "pve1"})
    assert not usage.is_error, usage.content


async def test_settings_name_toolsets_or_all(sim: Simulator) -> None:
    async with _client(sim, "fleet,storage") as client:
        named = {tool.name for tool in (await client.list_tools()).tools}
    assert named == tools_of(["fleet", "storage"]) | {DISCOVERY_TOOL}
    async with _client(sim, "all") as client:
        everything = {tool.name for tool in (await client.list_tools()).tools}
    assert everything == {tool.name for tool in load_published()}
    async with _client(sim, "read") as client:
        reads = {tool.name for tool in (await client.list_tools()).tools}
        refused = await client.call_tool("power_control", {"vmid": 100, "action": "stop", "confirmed": True})
    assert "power_control" not in reads and "list_storage" in reads
    assert refused.is_error  # a tier group still restricts what is served
