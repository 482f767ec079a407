"""The demo profile (`docker compose --env-file demo.env --profile demo up`), each service a local process.

Redis, pvesim, a worker and the MCP server all run the commands docker-compose.yml gives them,
with the environment compose builds from demo.env; an MCP client then talks to the compose mcp
service over stdio, as Claude or an IDE would through `docker compose run --rm -i -T mcp`.
"""

from __future__ import annotations

import asyncio
import socket
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest
from mcp import Client, StdioServerParameters
from redis.asyncio import Redis

from pvesim.scenario import default_state
from shared.jobs import keys
from tests.support.compose import ROOT, Compose, Service, read_env_file
from tests.support.compose_processes import local_redis, start_replica
from tests.support.redis_server import free_port
from tests.support.waiting import eventually

pytestmark = pytest.mark.timeout(120)

PVE_SECRETS = {"PROXMOX_URL", "PROXMOX_TOKEN_NAME", "PROXMOX_TOKEN_VALUE", "PROXMOX_CA_BUNDLE"}


@dataclass(frozen=True)
class LocalPvesim:
    """The pvesim service as a local process: where it listens and the full token its command was given."""

    address: str
    auth_header: str

    async def recorded(self, what: str) -> list[Any]:
        """What the simulator recorded (`violations`, `errors`), read from its admin surface."""
        async with httpx.AsyncClient(headers={"Authorization": self.auth_header}, timeout=10) as admin:
            response = await admin.get(f"http://{self.address}/_sim/{what}")
        response.raise_for_status()
        data: list[Any] = response.json()["data"]
        return data


@contextmanager
def local_pvesim(service: Service, workdir: Path, env: dict[str, str]) -> Iterator[LocalPvesim]:
    """The pvesim service's command on a free local port (argparse: the later --host/--port win)."""
    port = free_port()
    argv = [*service.argv(), "--host", "127.0.0.1", "--port", str(port)]
    with (workdir / "pvesim.log").open("wb") as log:
        process = subprocess.Popen(argv, env=service.process_env(), cwd=workdir, stdout=log, stderr=log)
    try:
        yield LocalPvesim(f"127.0.0.1:{port}", f"PVEAPIToken={env['PROXMOX_TOKEN_NAME']}={env['PROXMOX_TOKEN_VALUE']}")
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)


def listening(address: str) -> bool:
    host, _, port = address.partition(":")
    try:
        with socket.create_connection((host, int(port)), timeout=0.2):
            return True
    except OSError:
        return False


async def test_demo_profile_serves_the_simulated_cluster_through_the_compose_mcp_server(tmp_path: Path) -> None:
    demo = read_env_file(ROOT / "demo.env")
    compose = Compose(demo)
    mcp = compose.service("mcp")
    assert not PVE_SECRETS & mcp.environment().keys(), "the MCP server must get no Proxmox credentials"

    with (
        local_redis(compose.service("redis"), demo["REDIS_PASSWORD"], tmp_path) as redis_server,
        local_pvesim(compose.service("pvesim"), tmp_path, demo) as pvesim,
    ):
        await eventually(lambda: asyncio.to_thread(listening, pvesim.address), timeout=20, what="pvesim to listen")
        addresses = {"redis:6379": redis_server.address, "pvesim:8006": pvesim.address}
        worker = start_replica(compose.service("worker"), addresses, tmp_path, 0)
        client = Redis.from_url(redis_server.url)
        try:
            await eventually(lambda: client.exists(keys.worker_health(worker.name)), timeout=30, what="the demo worker")
            argv = mcp.argv(addresses)
            server = StdioServerParameters(
                command=argv[0], args=argv[1:], env=mcp.process_env(addresses), cwd=str(tmp_path)
            )
            async with Client(server) as session:
                result = await session.call_tool("list_vms", {})
            assert not result.is_error, result.content
            assert result.structured_content is not None
            vms = {guest["vmid"] for guest in result.structured_content["guests"]}
            assert vms == {g.vmid for g in default_state().guests.values() if g.kind == "qemu"}
            # the simulator ran in its own process, out of the session's sight: ask it before it goes
            assert await pvesim.recorded("violations") == []
            assert await pvesim.recorded("errors") == []
        finally:
            await client.aclose()
            worker.terminate()
            worker.wait(timeout=30)
