"""The frontend loads no worker code unless it runs embedded.

With REDIS_URL set the MCP server only talks to Redis, so it never needs the workers, their
handlers, the PVE client, asyncssh, fakeredis, arq or pvesim; loading them would cost every
start a few hundred milliseconds. Each case runs a fresh interpreter (this one has loaded
everything already), serves a session through the real MCP client in memory (tools/list and a
call that needs the job store) and reports what it loaded.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

import pytest

from mcp_frontend.published import load_published
from tests.support.redis_server import RedisServer

pytestmark = pytest.mark.timeout(60)

#: top-level packages (or modules) a frontend with REDIS_URL set must not load
WORKER_CODE = ("workers", "shared.pve.client", "shared.pve._boundary", "asyncssh", "fakeredis", "arq", "pvesim")

_SESSION = textwrap.dedent(
    """
    import asyncio, json, sys
    from mcp import Client
    from mcp_frontend.server import build_server
    from shared.settings import Settings

    async def main():
        server = build_server(Settings.model_validate(json.loads(sys.argv[1])))
        async with Client(server) as client:
            tools = await client.list_tools()
            logs = await client.call_tool("get_mcp_logs", {"limit": 1})
        assert not logs.is_error, logs.content
        prefixes = json.loads(sys.argv[2])
        loaded = sorted(m for m in sys.modules if any(m == p or m.startswith(p + ".") for p in prefixes))
        print(json.dumps({"tools": len(tools.tools), "loaded": loaded}))

    asyncio.run(main())
    """
)


def _session(environment: dict[str, str]) -> dict[str, object]:
    run = subprocess.run(
        [sys.executable, "-c", _SESSION, json.dumps(environment), json.dumps(WORKER_CODE)],
        capture_output=True,
        text=True,
        timeout=50,
        check=False,
    )
    assert run.returncode == 0, run.stderr[-3000:]
    answer: dict[str, object] = json.loads(run.stdout.strip().splitlines()[-1])
    return answer


def test_a_frontend_with_redis_url_loads_no_worker_code(redis_proc: RedisServer) -> None:
    answer = _session({"REDIS_URL": redis_proc.url, "PROXMOX_MCP_TOOLS": "all"})
    assert answer["tools"] == len(load_published())
    assert answer["loaded"] == []


def test_an_embedded_frontend_loads_its_worker() -> None:
    """The check above is not vacuous: the same session embedded loads exactly that code."""
    answer = _session(
        {"PROXMOX_URL": "https://127.0.0.1:1", "PROXMOX_TOKEN_NAME": "mcp@pve!mcp", "PROXMOX_TOKEN_VALUE": "x" * 36}
    )
    loaded = answer["loaded"]
    assert isinstance(loaded, list)
    assert {"workers.worker", "shared.pve.client", "fakeredis", "arq"} <= set(loaded)


def _imported(*python_args: str) -> set[str]:
    """The modules `python -X importtime ...` imported, read from its report on stderr."""
    run = subprocess.run(
        [sys.executable, "-X", "importtime", *python_args], capture_output=True, text=True, timeout=50, check=False
    )
    assert run.returncode == 0, run.stderr[-3000:]
    return {line.rsplit("|", 1)[1].strip() for line in run.stderr.splitlines() if line.startswith("import time:")}


def test_the_server_command_leaves_rich_out() -> None:
    """structlog loads rich whenever it is installed; the server's entry point keeps it out (shared.startup)."""
    launched = _imported("-m", "mcp_frontend", "--help")
    assert "mcp_frontend.cli" in launched  # the command itself was loaded
    assert "structlog" in launched
    # importtime lists the refused `import rich` too (in microseconds); loading it would bring its modules
    assert not {m for m in launched if m.startswith(("rich.", "pygments"))}
    # not vacuous: imported any other way, the same command loads rich with structlog
    assert {"rich.console", "rich.traceback"} <= _imported("-c", "import mcp_frontend.cli")
