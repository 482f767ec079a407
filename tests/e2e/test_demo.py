"""The README's first command: `proxmox-mcp --demo` runs with nothing configured and answers over stdio."""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from pathlib import Path

import pytest
from mcp import Client, StdioServerParameters

pytestmark = pytest.mark.timeout(60)


def _demo_params(env: dict[str, str], cwd: str) -> StdioServerParameters:
    command = shutil.which("proxmox-mcp") or sys.executable
    args = ["--demo"] if command.endswith("proxmox-mcp") else ["-m", "mcp_frontend", "--demo"]
    return StdioServerParameters(command=command, args=args, env=env, cwd=cwd)


def _clean_env() -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if not k.startswith(("PROXMOX_", "REDIS_URL"))}


async def test_demo_server_lists_the_simulated_cluster_with_no_configuration() -> None:
    async with Client(_demo_params(_clean_env(), tempfile.gettempdir())) as client:
        nodes = await client.call_tool("list_nodes", {})
        vms = await client.call_tool("list_vms", {})
    assert not nodes.is_error
    assert not vms.is_error
    assert nodes.structured_content is not None
    assert [n["node"] for n in nodes.structured_content["nodes"]] == ["pve1", "pve2"]


async def test_demo_runs_embedded_even_where_redis_url_points_at_a_shared_redis(tmp_path: Path) -> None:
    # A .env of a real deployment in the working directory, and REDIS_URL in the environment: the
    # demo's jobs must still run in-process (no worker elsewhere could reach the demo's cluster).
    unreachable = "redis://127.0.0.1:1/0"
    (tmp_path / ".env").write_text(f"REDIS_URL={unreachable}\n", encoding="utf-8")
    async with Client(_demo_params({**_clean_env(), "REDIS_URL": unreachable}, str(tmp_path))) as client:
        nodes = await client.call_tool("list_nodes", {})
    assert not nodes.is_error, nodes.content
    assert nodes.structured_content is not None
    assert [n["node"] for n in nodes.structured_content["nodes"]] == ["pve1", "pve2"]
