"""list_vms at 100, 1,000 and 10,000 guests: bytes an agent reads, latency, and the server's share of it.

One run, embedded (the README's default), the real MCP client in memory, pvesim over HTTPS
(`--guests 100`, `--guests 1000`, `--scale datacenter`: 32 nodes, 10,000 guests). For each size:

  default   list_vms with no argument: the bytes of each block (structured content, text)
  filtered  status=running, tag=prod
  top 5     sort=cpu, limit=5: "the five busiest"
  paged     limit=500 to the end: calls, time, and that each VM came exactly once
  direct    the same GET /cluster/resources with httpx on a keep-alive connection: the baseline

The server's share is (list_vms p50 - direct p50) / list_vms p50; target at 10,000 guests: at
most 10%. Targets for the default answer: at most 16 KB a block at every size.

    PYTHONPATH=. .venv/bin/python -m bench.bench_scale [--iterations 30]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import ssl
import statistics
import time
from typing import Any

import httpx
from mcp import Client

from pvesim.config import SimConfig
from pvesim.simulator import Simulator
from tests.support.inprocess import inprocess_client

TARGET_BLOCK_BYTES = 16 * 1024
TARGET_SERVER_SHARE = 0.10
SIZES: tuple[tuple[str, SimConfig], ...] = (
    ("100", SimConfig(guests=100, task_duration=0.2)),
    ("1,000", SimConfig(guests=1000, task_duration=0.2)),
    ("10,000", SimConfig(scale="datacenter", task_duration=0.2)),
)


def _blocks(result: Any) -> tuple[int, int]:
    text = "".join(block.text for block in result.content if block.type == "text")
    return len(json.dumps(result.structured_content, separators=(",", ":")).encode()), len(text.encode())


def _p(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(len(ordered) * q))]


async def _timed(client: Client, arguments: dict[str, Any], iterations: int) -> tuple[list[float], Any]:
    samples, result = [], None
    for _ in range(iterations):
        started = time.perf_counter()
        result = await client.call_tool("list_vms", arguments)
        samples.append((time.perf_counter() - started) * 1000)
        assert not result.is_error, result.content
    return samples, result


async def _direct(sim: Simulator, iterations: int) -> list[float]:
    context = ssl.create_default_context(cafile=str(sim.ca_path))
    headers = {"Authorization": f"PVEAPIToken={sim.token_name}={sim.token_secret}"}
    samples = []
    async with httpx.AsyncClient(verify=context, headers=headers) as http:
        for _ in range(iterations):
            started = time.perf_counter()
            response = await http.get(f"{sim.url}/api2/json/cluster/resources", params={"type": "vm"})
            response.json()
            samples.append((time.perf_counter() - started) * 1000)
    return samples


async def _one_size(label: str, config: SimConfig, iterations: int) -> None:
    sim = Simulator(config)
    await sim.start()
    try:
        vms = sorted(g.vmid for g in sim.state.guests.values() if g.kind == "qemu")
        async with inprocess_client(sim, PROXMOX_MCP_LOG_LEVEL="WARNING") as client:
            await _timed(client, {}, 3)  # warm up
            print(f"\n{label} guests ({len(vms)} VMs, {len(sim.state.nodes)} nodes)")
            direct = await _direct(sim, iterations)
            rows = []
            for name, arguments in (
                ("default", {}),
                ("filtered", {"status": "running", "tag": "prod"}),
                ("top 5", {"sort": "cpu", "limit": 5}),
            ):
                samples, result = await _timed(client, arguments, iterations)
                structured, text = _blocks(result)
                rows.append((name, samples))
                print(
                    f"  {name:9} {structured:6} / {text:6} bytes   "
                    f"p50 {_p(samples, 0.5):7.1f}  p99 {_p(samples, 0.99):7.1f} ms"
                )
            print(f"  {'direct':9} {'':17}         p50 {_p(direct, 0.5):7.1f}  p99 {_p(direct, 0.99):7.1f} ms")
            seen: list[int] = []
            cursor, calls, started = None, 0, time.perf_counter()
            while True:
                page = await client.call_tool("list_vms", {"limit": 500, **({"cursor": cursor} if cursor else {})})
                calls += 1
                assert page.structured_content is not None
                seen += [guest["vmid"] for guest in page.structured_content["guests"]]
                cursor = page.structured_content["next_cursor"]
                if cursor is None:
                    break
            walked = (time.perf_counter() - started) * 1000
            once = "each exactly once" if seen == vms else "NOT each exactly once"
            print(f"  paged     {calls} calls of 500 in {walked:.0f} ms: {len(seen)} VMs, {once}")
            default = statistics.median(rows[0][1])
            share = (default - statistics.median(direct)) / default
            print(f"  server's share of list_vms at p50: {share:.1%} (target <= {TARGET_SERVER_SHARE:.0%})")
    finally:
        await sim.stop()


async def main(iterations: int) -> None:
    print(f"list_vms, {iterations} calls each; blocks: structured / text (target <= {TARGET_BLOCK_BYTES} each)")
    for label, config in SIZES:
        await _one_size(label, config, iterations)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n", 1)[0])
    parser.add_argument("--iterations", type=int, default=30)
    asyncio.run(main(parser.parse_args().iterations))
