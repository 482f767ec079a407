"""After a full run, the PVE token secret is in no log line, no Redis key or value and no tool output."""

from __future__ import annotations

import json
import subprocess

import pytest
from mcp import Client

from tests.support.stack import Stack

pytestmark = pytest.mark.timeout(180)

FULL_RUN = [
    ("list_nodes", {}),
    ("list_vms", {}),
    ("list_lxc_containers", {}),
    ("list_storage", {}),
    ("list_storage_content", {"node": "pve1", "storage": "local"}),
    ("get_instance_config", {"vmid": 100}),
    ("get_instance_config", {"vmid": 424242}),
    ("get_lxc_interfaces", {"vmid": 200}),
    ("get_resource_usage", {"vmid": 100}),
    ("get_resource_usage", {"node": "pve1"}),
    ("list_snapshots", {"vmid": 100}),
    ("list_vms", {"node": "bad node"}),
    ("get_mcp_logs", {"limit": 500, "level": "debug"}),
]


def _redis_dump(stack: Stack) -> str:
    """Every key and value in the private Redis, as redis-cli shows them."""
    assert stack.redis is not None
    port = str(stack.redis.port)
    out: list[str] = []
    for key in stack.redis.cli("--raw", "--scan").split():
        kind = stack.redis.cli("--raw", "TYPE", key).strip()
        command = {
            "string": ["GET", key],
            "hash": ["HGETALL", key],
            "list": ["LRANGE", key, "0", "-1"],
            "zset": ["ZRANGE", key, "0", "-1", "WITHSCORES"],
            "set": ["SMEMBERS", key],
            "stream": ["XRANGE", key, "-", "+"],
        }[kind]
        value = subprocess.run(["redis-cli", "-p", port, "--raw", *command], capture_output=True, check=True).stdout
        out.append(key + "\n" + value.decode(errors="replace"))
    return "\n".join(out)


async def test_token_secret_leaks_nowhere(mcp: Client, stack: Stack) -> None:
    secret = stack.sim.token_secret
    stack.sim.faults.add_malformed("/nodes/{node}/qemu/{vmid}/config", mode="wrong_type")
    stack.sim.faults.add_error(
        403, message="Permission check failed (/vms/100, VM.Audit)", path="/nodes/{node}/qemu/{vmid}/snapshot"
    )
    outputs: list[str] = []
    for tool, arguments in [*FULL_RUN, ("get_instance_config", {"vmid": 100}), ("list_snapshots", {"vmid": 100})]:
        result = await mcp.call_tool(tool, arguments)
        outputs.append(json.dumps([c.model_dump() for c in result.content]) + json.dumps(result.structured_content))
    assert secret not in "\n".join(outputs)
    logs = [path.read_text() for path in stack.log_dir.glob("*.log")]
    assert logs, "the server and workers write log files in this test"
    assert any("job_finished" in text for text in logs)
    for text in logs:
        assert secret not in text
    if stack.redis is not None:
        dump = _redis_dump(stack)
        assert "pmcp:logs" in dump
        assert secret not in dump
