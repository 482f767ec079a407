"""The README's first command: `proxmox-mcp --demo` runs with nothing configured and answers over stdio."""

from __future__ import annotations

import os
import shutil
import sys
import tempfile

import pytest
from mcp import Client, StdioServerParameters

pytestmark = pytest.mark.timeout(60)


async def test_demo_server_lists_the_simulated_cluster_with_no_configuration() -> None:
    command = shutil.which("proxmox-mcp") or sys.executable
    args = ["--demo"] if command.endswith("proxmox-mcp") else ["-m", "mcp_frontend", "--demo"]
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PROXMOX_", "REDIS_URL"))}
    params = StdioServerParameters(command=command, args=args, env=env, cwd=tempfile.gettempdir())
    async with Client(params) as client:
        nodes = await client.call_tool("list_nodes", {})
        vms = await client.call_tool("list_vms", {})
    assert not nodes.is_error
    assert not vms.is_error
    assert nodes.structured_content is not None
    assert [n["node"] for n in nodes.structured_content["nodes"]] == ["pve1", "pve2"]
