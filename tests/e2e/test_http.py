"""Streamable HTTP: `proxmox-mcp --http HOST:PORT`, through the real MCP client over real HTTP.

The same tools and answers as over stdio, in both deployment modes; a change confirmed through
elicitation over the HTTP stream; Host and Origin checked against DNS rebinding; and serving
without authentication only when asked for, on a loopback address.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import httpx2
import pytest
from mcp_types import ElicitResult

from mcp_frontend.published import load_published
from pvesim.config import SimConfig
from tests.support.cluster import pick
from tests.support.http_server import INITIALIZE, MCP_HEADERS, HttpServer, http_client, http_server
from tests.support.redis_server import RedisServer
from tests.support.stack import HostedClient, Stack, start_stack

pytestmark = pytest.mark.timeout(120)

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module", params=["redis", "embedded"])
async def http_stack(request: pytest.FixtureRequest, redis_proc: RedisServer) -> AsyncIterator[Stack]:
    running = await start_stack(
        request.param, redis_proc, SimConfig(task_duration=0.2, lock_timeout=0.5), {"PROXMOX_MCP_WORKER_POLL": "0.2"}
    )
    yield running
    running.stop()
    await running.sim.stop()


@pytest.fixture(scope="module")
async def served(http_stack: Stack) -> AsyncIterator[HttpServer]:
    env = http_stack.env(PROXMOX_MCP_HTTP_ALLOWED_HOSTS="mcp.example.test")
    async with http_server(env, http_stack.log_dir, "--no-auth") as server:
        yield server


async def test_the_http_server_lists_the_published_tools_and_runs_them(served: HttpServer, http_stack: Stack) -> None:
    async with HostedClient(http_client(served.url)) as client:
        listed = {tool.name for tool in (await client.list_tools()).tools}
        vms = await client.call_tool("list_vms", {})
    assert listed == {tool.name for tool in load_published()}
    assert not vms.is_error
    assert vms.structured_content is not None
    assert {vm["vmid"] for vm in vms.structured_content["guests"]} == {
        g.vmid for g in http_stack.sim.state.guests.values() if g.kind == "qemu"
    }


async def test_a_change_over_http_is_confirmed_by_the_user_through_elicitation(
    served: HttpServer, http_stack: Stack
) -> None:
    questions: list[str] = []

    async def yes(context: Any, params: Any) -> ElicitResult:
        questions.append(params.message)
        return ElicitResult(action="accept", content={"approve": True})

    vm = pick(http_stack.sim, "qemu", "stopped")
    async with HostedClient(http_client(served.url, elicitation_callback=yes)) as client:
        report = await client.call_tool("power_control", {"vmid": vm.vmid, "action": "start"})
    assert not report.is_error, report.content
    assert report.structured_content is not None
    assert report.structured_content["state"] == "succeeded"
    assert len(questions) == 1
    assert f"start VM {vm.vmid}" in questions[0]
    assert http_stack.sim.state.guests[vm.vmid].status == "running"


@pytest.mark.parametrize(
    ("headers", "status"),
    [
        pytest.param({"Host": "attacker.example"}, 421, id="rebound-host"),
        pytest.param({"Origin": "http://attacker.example"}, 403, id="foreign-origin"),
        pytest.param(
            {"Host": "mcp.example.test", "Origin": "http://attacker.example"}, 403, id="allowed-host-foreign-origin"
        ),
    ],
)
async def test_a_request_from_a_rebound_name_or_a_foreign_page_is_refused(
    served: HttpServer, headers: dict[str, str], status: int
) -> None:
    async with httpx2.AsyncClient() as client:
        answer = await client.post(served.url, json=INITIALIZE, headers=MCP_HEADERS | headers)
    assert answer.status_code == status


@pytest.mark.parametrize(
    "headers",
    [
        pytest.param({}, id="loopback"),
        pytest.param({"Host": "mcp.example.test"}, id="allowed-host"),
        pytest.param({"Host": "mcp.example.test:443", "Origin": "https://mcp.example.test"}, id="allowed-origin"),
    ],
)
async def test_the_names_the_server_answers_to_are_served(served: HttpServer, headers: dict[str, str]) -> None:
    async with httpx2.AsyncClient() as client:
        answer = await client.post(served.url, json=INITIALIZE, headers=MCP_HEADERS | headers)
    assert answer.status_code == 200, answer.text


def _start(tmp_path: Path, *arguments: str) -> subprocess.CompletedProcess[str]:
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-m", "mcp_frontend", "--demo", *arguments],
        env=env,
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        stdin=subprocess.DEVNULL,
    )


@pytest.mark.parametrize(
    ("arguments", "refusal"),
    [
        pytest.param(["--http", "0.0.0.0:8080", "--no-auth"], "--no-auth is refused on 0.0.0.0", id="no-auth-on-all"),
        pytest.param(["--http", "192.0.2.7:8080", "--no-auth"], "only a loopback address", id="no-auth-on-lan"),
        pytest.param(["--no-auth"], "--no-auth is for --http only", id="no-auth-on-stdio"),
        pytest.param(["--http", "localhost"], "is not HOST:PORT", id="no-port"),
        pytest.param(["--http", "127.0.0.1:8080"], "serving over HTTP needs authentication", id="no-authentication"),
    ],
)
def test_the_server_refuses_to_start_unsafely_or_unclearly(tmp_path: Path, arguments: list[str], refusal: str) -> None:
    done = _start(tmp_path, *arguments)
    assert done.returncode == 2
    assert refusal in done.stderr
    assert "Traceback" not in done.stderr


async def test_the_http_setting_serves_http_like_the_option(http_stack: Stack) -> None:
    async with (
        http_server(http_stack.env(), http_stack.log_dir, "--no-auth", by_setting=True) as server,
        HostedClient(http_client(server.url)) as client,
    ):
        nodes = await client.call_tool("list_nodes", {})
    assert not nodes.is_error
