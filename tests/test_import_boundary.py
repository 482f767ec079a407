"""The frontend loads no worker code unless it runs embedded.

With REDIS_URL set the MCP server only talks to Redis, so it never needs the workers, their
handlers, the PVE client, asyncssh, fakeredis, arq or pvesim; loading them would cost every
start a few hundred milliseconds. Each case runs a fresh interpreter (this one has loaded
everything already), serves a session through the real MCP client in memory (tools/list and a
call that needs the job store) and reports what it loaded.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap

import pytest

from mcp_frontend.published import load_published
from tests.support.redis_server import RedisServer
from tests.support.signing import TEST_JOB_KEY

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


_ENTRY = textwrap.dedent(
    """
    import json, sys
    from {module} import main
    try:
        main({argv!r})
    except SystemExit:  # --help
        pass
    loaded = [name for name, module in sys.modules.items() if module is not None]
    print(json.dumps(sorted(name for name in loaded if name.split(".")[0] in ("rich", "pygments", "structlog")
                            or name in ("mcp_frontend.cli", "workers.worker", "shared.pve.client"))))
    """
)


def _loaded_by(module: str, argv: list[str], environment: dict[str, str] | None = None) -> set[str]:
    """What a command (`module`'s entry point, run with `argv` in a fresh interpreter) loaded, of rich and the rest."""
    run = subprocess.run(
        [sys.executable, "-c", _ENTRY.format(module=module, argv=argv)],
        capture_output=True,
        text=True,
        timeout=50,
        check=False,
        env={**os.environ, **(environment or {})},
    )
    assert run.returncode == 0, run.stderr[-3000:]
    return set(json.loads(run.stdout.strip().splitlines()[-1]))


def _rich(loaded: set[str]) -> set[str]:
    return {name for name in loaded if name.split(".")[0] in ("rich", "pygments")}


def test_the_server_command_leaves_rich_out() -> None:
    """structlog loads rich whenever it is installed; the server's entry point keeps it out (shared.startup)."""
    launched = _loaded_by("mcp_frontend.__main__", ["--help"])
    assert {"mcp_frontend.cli", "structlog"} <= launched
    assert _rich(launched) == set()
    # not vacuous: loaded any other way, the same command brings rich with structlog
    assert {"rich.console", "rich.traceback"} <= _loaded_by("mcp_frontend.cli", ["--help"])


def test_the_worker_healthcheck_loads_no_worker_code(redis_proc: RedisServer) -> None:
    """`proxmox-mcp-worker --check`, the container's healthcheck every 15 s, reads Redis and nothing more."""
    loaded = _loaded_by("workers.__main__", ["--check"], {"REDIS_URL": redis_proc.url})
    assert loaded == set()


def test_a_worker_runs_without_rich(redis_proc: RedisServer) -> None:
    environment = {
        "REDIS_URL": redis_proc.url,
        "PROXMOX_URL": "https://127.0.0.1:1",
        "PROXMOX_TOKEN_NAME": "mcp@pve!mcp",
        "PROXMOX_TOKEN_VALUE": "x" * 36,
        "PROXMOX_MCP_JOB_KEY": TEST_JOB_KEY,
    }
    loaded = _loaded_by("workers.__main__", ["--burst"], environment)  # an empty queue: it starts and stops
    assert {"workers.worker", "shared.pve.client", "structlog"} <= loaded
    # pygments may come with httpx (its command-line module tries it before rich); rich does not
    assert {name for name in loaded if name.split(".")[0] == "rich"} == set()
