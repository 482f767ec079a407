"""Helpers for the simulator tests: clients and task waits."""

from __future__ import annotations

import ssl

import httpx

from pvesim.simulator import Simulator


def make_client(sim: Simulator, *, limited: bool = False) -> httpx.AsyncClient:
    """An httpx client that trusts the simulator's CA and sends one of its tokens."""
    verify: ssl.SSLContext | bool = ssl.create_default_context(cafile=str(sim.ca_path)) if sim.ca_path else False
    header = sim.limited_auth_header if limited else sim.auth_header
    return httpx.AsyncClient(base_url=sim.api_url, verify=verify, headers={"Authorization": header}, timeout=10)


async def finished(sim: Simulator, client: httpx.AsyncClient, upid: str) -> dict[str, object]:
    """Wait for a task to end, then read its status over the API."""
    await sim.wait_task(upid, timeout=10)
    node = upid.split(":")[1]
    response = await client.get(f"/nodes/{node}/tasks/{upid}/status")
    response.raise_for_status()
    status: dict[str, object] = response.json()["data"]
    return status


async def task_log(client: httpx.AsyncClient, upid: str) -> list[str]:
    node = upid.split(":")[1]
    response = await client.get(f"/nodes/{node}/tasks/{upid}/log", params={"limit": 1000})
    return [line["t"] for line in response.json()["data"]]
