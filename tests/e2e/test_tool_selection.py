"""Fewer tools on request: PROXMOX_MCP_TOOLS and PROXMOX_MCP_READ_ONLY, through the real MCP client over stdio.

Both hold whether set in the environment or in the .env the server reads, and a read-only
worker refuses a change job even when one is written straight into Redis.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from mcp_frontend.published import load_published
from pvesim.config import SimConfig
from shared.safety import Tier
from tests.support.cluster import assert_unchanged, pick, picture
from tests.support.redis_jobs import ended, inject
from tests.support.redis_server import redis_server
from tests.support.signing import TEST_JOB_KEY
from tests.support.stack import HostedClient, Stack, start_stack

pytestmark = pytest.mark.timeout(120)

PUBLISHED = load_published()
READS = {tool.name for tool in PUBLISHED if tool.tier is Tier.SAFE}
CHANGES = {tool.name for tool in PUBLISHED if tool.tier is Tier.RESTRICTED}


@pytest.fixture(scope="module")
async def read_only_stack() -> AsyncIterator[Stack]:
    """pvesim, a redis-server of its own and one worker started with PROXMOX_MCP_READ_ONLY=true."""
    with redis_server() as server:
        stack = await start_stack("redis", server, SimConfig(task_duration=0.2), {"PROXMOX_MCP_READ_ONLY": "true"})
        try:
            yield stack
        finally:
            stack.stop()
            await stack.sim.stop()


async def listed(stack: Stack, **env: str) -> set[str]:
    async with HostedClient(stack.client(env=stack.env(**env))) as client:
        return {tool.name for tool in (await client.list_tools()).tools}


async def test_tools_names_the_tools_and_groups_the_server_publishes(read_only_stack: Stack) -> None:
    names = await listed(read_only_stack, PROXMOX_MCP_READ_ONLY="false", PROXMOX_MCP_TOOLS="read, power_control")
    assert names == READS | {"power_control"}
    assert await listed(read_only_stack, PROXMOX_MCP_READ_ONLY="false", PROXMOX_MCP_TOOLS="critical") == {
        "delete_instance",
        "apply_node_network",
    }


async def test_read_only_publishes_no_tool_that_changes_anything(read_only_stack: Stack) -> None:
    async with HostedClient(read_only_stack.client(env=read_only_stack.env(PROXMOX_MCP_READ_ONLY="true"))) as client:
        names = {tool.name for tool in (await client.list_tools()).tools}
        refused = await client.call_tool("power_control", {"vmid": 100, "action": "stop", "confirmed": True})
    assert names == READS
    assert refused.is_error
    assert "Unknown tool: power_control" in " ".join(getattr(item, "text", "") for item in refused.content)


async def test_both_settings_hold_from_the_env_file(read_only_stack: Stack, tmp_path: Path) -> None:
    env_file = tmp_path / "proxmox-mcp.env"
    env_file.write_text("PROXMOX_MCP_TOOLS=list_nodes,change\nPROXMOX_MCP_READ_ONLY=true\n", encoding="utf-8")
    env = {k: v for k, v in read_only_stack.env().items() if k not in ("PROXMOX_MCP_TOOLS", "PROXMOX_MCP_READ_ONLY")}
    async with HostedClient(read_only_stack.client(env={**env, "PROXMOX_MCP_ENV_FILE": str(env_file)})) as client:
        names = {tool.name for tool in (await client.list_tools()).tools}
        nodes = await client.call_tool("list_nodes", {})
    assert names == {"list_nodes"}  # the change group is named, but read-only wins
    assert not nodes.is_error, nodes.content


def test_a_tools_setting_that_names_no_tool_stops_the_server_with_one_line(tmp_path: Path) -> None:
    run = subprocess.run(
        [sys.executable, "-m", "mcp_frontend"],
        env={
            "PATH": "/usr/bin:/bin",
            "PROXMOX_MCP_TOOLS": "read,list_vm",
            "REDIS_URL": "redis://127.0.0.1:1/0",
            "PROXMOX_MCP_JOB_KEY": TEST_JOB_KEY,
        },
        cwd=tmp_path,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=30,
        check=False,
    )
    assert run.returncode == 2, run.stderr
    assert "PROXMOX_MCP_TOOLS names no tool 'list_vm'" in run.stderr
    assert "Traceback" not in run.stderr


@pytest.mark.parametrize(
    ("function", "payload"),
    [
        pytest.param("power_control", lambda vm: {"vmid": vm.vmid, "action": "start", "confirmed": True}, id="power"),
        pytest.param(
            "delete_instance",
            lambda vm: {"vmid": vm.vmid, "confirm_vmid": vm.vmid, "confirmed": True},
            id="delete",
        ),
    ],
)
async def test_a_read_only_worker_refuses_a_change_written_into_redis_and_nothing_reaches_pve(
    read_only_stack: Stack, function: str, payload: object
) -> None:
    assert read_only_stack.redis is not None
    sim = read_only_stack.sim
    vm = pick(sim, "qemu", "stopped")
    before = picture(sim)
    job_id = await inject(read_only_stack.redis, function, payload(vm))  # type: ignore[operator]  # a lambda
    record = await ended(read_only_stack.redis, job_id)
    assert (record.state.value, record.error_code) == ("failed", "FEATURE_DISABLED"), record.error_message
    assert "read-only" in (record.error_message or "")
    assert len(sim.requests) == before.requests  # not even a read reached PVE
    assert_unchanged(sim, before)


async def test_a_read_only_worker_still_answers_reads(read_only_stack: Stack) -> None:
    async with HostedClient(read_only_stack.client()) as client:
        answer = await client.call_tool("list_vms", {})
    assert not answer.is_error, answer.content
