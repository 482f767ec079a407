"""list_vms at 100, 1,000 and 10,000 guests: bytes an agent reads, latency, and the server's share of it.

One run, embedded (the README's default), the real MCP client in memory, pvesim over HTTPS
(`--guests 100`, `--guests 1000`, `--scale datacenter`: 32 nodes, 10,000 guests). For each size:

  default   list_vms with no argument: the bytes of each block (structured content, text)
  filtered  status=running, tag=prod
  top 5     sort=cpu, limit=5: "the five busiest"
  paged     limit=500 to the end: calls, time, and that each VM came exactly once
  direct    the same GET /cluster/resources with httpx on a keep-alive connection: the baseline

Each list_vms is the MCP round trip (tools/call and its result). The official client's own
jsonschema check of the structured content is a cost of that client, not the server's: it is
printed on its own line.

CPU is the process's CPU time a call (pvesim runs in the same process, so the direct call's CPU
is the baseline there too).

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
from collections.abc import Awaitable, Callable
from typing import Any

import httpx
from mcp import types

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


_CALLS: dict[str, dict[str, Any]] = {
    "default": {},
    "filtered": {"status": "running", "tag": "prod"},
    "top 5": {"sort": "cpu", "limit": 5},
}


class _Measure:
    def __init__(self) -> None:
        self.samples: list[float] = []
        self.cpu_ms = 0.0
        self.result: Any = None

    async def once(self, call: Callable[[], Awaitable[Any]]) -> None:
        cpu, started = time.process_time(), time.perf_counter()
        self.result = await call()
        self.samples.append((time.perf_counter() - started) * 1000)
        self.cpu_ms += (time.process_time() - cpu) * 1000

    def line(self, name: str, blocks: str) -> str:
        cpu = self.cpu_ms / len(self.samples)
        return (
            f"  {name:9} {blocks:17}   p50 {_p(self.samples, 0.5):7.1f}  p99 {_p(self.samples, 0.99):7.1f} ms"
            f"   cpu {cpu:6.1f} ms/call"
        )


async def _one_size(label: str, config: SimConfig, iterations: int) -> None:
    sim = Simulator(config)
    await sim.start()
    context = ssl.create_default_context(cafile=str(sim.ca_path))
    headers = {"Authorization": f"PVEAPIToken={sim.token_name}={sim.token_secret}"}
    try:
        vms = sorted(g.vmid for g in sim.state.guests.values() if g.kind == "qemu")
        async with (
            inprocess_client(sim, PROXMOX_MCP_LOG_LEVEL="WARNING") as client,
            httpx.AsyncClient(verify=context, headers=headers) as http,
        ):

            async def direct() -> None:
                response = await http.get(f"{sim.url}/api2/json/cluster/resources", params={"type": "vm"})
                response.json()

            def tool(arguments: dict[str, Any]) -> Callable[[], Awaitable[Any]]:
                # The MCP round trip alone: Client.call_tool would add the official client's own
                # jsonschema check of the structured content, a cost of that client, printed apart.
                request = types.CallToolRequest(
                    params=types.CallToolRequestParams(name="list_vms", arguments=arguments)
                )

                async def call() -> Any:
                    result = await client.session.send_request(request, types.CallToolResult)
                    assert not result.is_error, result.content
                    return result

                return call

            calls: dict[str, Callable[[], Awaitable[Any]]] = {"direct": direct}
            calls.update({name: tool(arguments) for name, arguments in _CALLS.items()})
            measures = {name: _Measure() for name in calls}
            for call in calls.values():  # warm up
                await call()
            # interleaved, in an order rotated each round, so that drift and GC fall on all alike
            names = list(calls)
            for round_ in range(iterations):
                for name in names[round_ % len(names) :] + names[: round_ % len(names)]:
                    await measures[name].once(calls[name])
            print(f"\n{label} guests ({len(vms)} VMs, {len(sim.state.nodes)} nodes)")
            for name in _CALLS:
                structured, text = _blocks(measures[name].result)
                print(measures[name].line(name, f"{structured:6} / {text:6} bytes"))
            print(measures["direct"].line("direct", ""))
            check = _Measure()
            for _ in range(iterations):
                await check.once(lambda: client.session.validate_tool_result("list_vms", measures["default"].result))
            print(check.line("client's", "check of default"))
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
            default = statistics.median(measures["default"].samples)
            share = (default - statistics.median(measures["direct"].samples)) / default
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
