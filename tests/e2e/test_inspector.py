"""The MCP Inspector CLI, a client we did not write, drives the demo server over stdio and over HTTP.

.ci/run installs Node 22 and the Inspector (tests/support/node_clients.py); without them these
tests are skipped with the command that installs them.
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from mcp_frontend.auth import add_token
from mcp_frontend.published import load_published
from shared.safety import Tier
from tests.support.http_server import http_server
from tests.support.node_clients import INSPECTOR, INSTALL, NODE

pytestmark = pytest.mark.timeout(120)

ROOT = Path(__file__).resolve().parents[2]

if not (NODE.exists() and (INSPECTOR / "index.js").exists()):
    pytest.skip(f"the MCP Inspector is not installed ({INSTALL})", allow_module_level=True)


def inspect(tmp_path: Path, *arguments: str, tool_error: bool = False) -> dict[str, Any]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PROXMOX_", "REDIS_URL"))}
    env["MCP_CATALOG_PATH"] = str(tmp_path / "catalog.json")  # not the user's ~/.mcp-inspector
    server = [sys.executable, "-m", "mcp_frontend", "--demo"]
    done = subprocess.run(
        # every tool listed (tests/e2e/test_toolsets.py lists the default sets); the Inspector hands the server
        # only the environment its -e options name
        [str(NODE), str(INSPECTOR / "index.js"), "--cli", *server, "-e", "PROXMOX_MCP_TOOLS=all", *arguments],
        env=env | {"PYTHONPATH": str(ROOT)},
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=100,
        check=False,
    )
    # the Inspector exits 5 when the tool answered isError (and still prints the result)
    assert done.returncode == (5 if tool_error else 0), done.stderr[-2000:]
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def test_the_inspector_lists_every_tool_with_its_schemas(tmp_path: Path) -> None:
    tools = {tool["name"]: tool for tool in inspect(tmp_path, "--method", "tools/list")["tools"]}
    assert {"list_nodes", "power_control", "delete_instance", "get_task_log"} <= tools.keys()
    assert tools["power_control"]["annotations"]["readOnlyHint"] is False
    assert tools["list_vms"]["outputSchema"]["type"] == "object"


def test_the_inspector_reads_and_is_asked_to_confirm_a_change(tmp_path: Path) -> None:
    vms = inspect(tmp_path, "--method", "tools/call", "--tool-name", "list_vms")
    assert {vm["vmid"] for vm in vms["structuredContent"]["guests"]} >= {100, 101}
    refused = inspect(
        tmp_path,
        *("--method", "tools/call", "--tool-name", "power_control", "--tool-arg", "vmid=101", "action=start"),
        tool_error=True,
    )
    assert refused["isError"] is True
    assert refused["content"][0]["text"].startswith("CONFIRMATION_REQUIRED:")


def test_the_inspector_runs_a_change_as_a_task_in_the_2026_protocol(tmp_path: Path) -> None:
    """Its modern era declares the tasks extension (it bundles ext-tasks): the change comes back as a task it polls."""
    log = tmp_path / "server.log"
    snapshot = inspect(
        tmp_path,
        *("--protocol-era", "modern", "-e", f"PROXMOX_MCP_LOG_FILE={log}"),
        *("--method", "tools/call", "--tool-name", "create_snapshot"),
        *("--tool-arg", "vmid=100", "name=by-task", "confirmed=true"),
    )
    report = snapshot["structuredContent"]
    assert (report["state"], report["result"]["name"]) == ("succeeded", "by-task")
    events = [json.loads(line) for line in log.read_text().splitlines()]
    started = [event for event in events if event["event"] == "mcp_task_started"]
    assert [event["task_id"] for event in started] == [report["job_id"]]


def inspect_http(tmp_path: Path, url: str, *arguments: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PROXMOX_", "REDIS_URL"))}
    env["MCP_CATALOG_PATH"] = str(tmp_path / "catalog.json")
    return subprocess.run(
        [str(NODE), str(INSPECTOR / "index.js"), "--cli", url, "--transport", "http", *arguments],
        env=env,
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=100,
        check=False,
    )


async def test_the_inspector_over_http_needs_a_token_and_sees_only_what_its_scopes_cover(tmp_path: Path) -> None:
    tokens = tmp_path / "tokens.json"
    reader = add_token(tokens, "inspector", ["read"])
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PROXMOX_", "REDIS_URL"))}
    settings = {"PROXMOX_MCP_TOKENS_FILE": str(tokens), "PROXMOX_MCP_TOOLS": "all"}
    async with http_server(env | settings, tmp_path, "--demo") as server:
        header = ("--header", f"Authorization: Bearer {reader}")
        listed = await asyncio.to_thread(inspect_http, tmp_path, server.url, *header, "--method", "tools/list")
        call = ("--method", "tools/call", "--tool-name", "power_control", "--tool-arg", "vmid=101", "action=start")
        refused = await asyncio.to_thread(inspect_http, tmp_path, server.url, *header, *call)
        anonymous = await asyncio.to_thread(inspect_http, tmp_path, server.url, "--method", "tools/list")
    assert listed.returncode == 0, listed.stderr[-2000:]
    names = {tool["name"] for tool in json.loads(listed.stdout)["tools"]}
    assert names == {tool.name for tool in load_published() if tool.tier is Tier.SAFE}
    # the Inspector looks the tool up in tools/list first: to this token it does not exist
    assert refused.returncode == 5
    assert json.loads(refused.stderr)["error"]["code"] == "tool_not_found"
    # without a token: 401, whose metadata pointer sends the Inspector to sign in (which it cannot, headless)
    assert anonymous.returncode != 0
    assert json.loads(anonymous.stderr)["error"]["code"] == "auth_required"
