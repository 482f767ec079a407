"""The generic path's cost to an agent: answer sizes, tool-list share, and a GET's latency against a declared read.

One run, embedded (the README's default), against pvesim over HTTPS, with the real MCP client
in memory:

  sizes    bytes of find_pve_api and describe_pve_api answers for typical questions, each of the
           two blocks (structured content, text) on its own; target: at most 4 KB each
  list     the three tools' share of tools/list as sent (compact JSON); target: at most 3 KB
  latency  call_pve_api GET /nodes/{node}/qemu/{vmid}/config against get_instance_config of the
           same guest, interleaved; p50/p99 and their ratio

    PYTHONPATH=. .venv/bin/python -m bench.bench_api [--iterations 200]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import time
from typing import Any

from mcp import Client

from pvesim.config import SimConfig
from pvesim.simulator import Simulator
from tests.support.inprocess import inprocess_client

TARGET_ANSWER_BYTES = 4096
TARGET_LIST_BYTES = 3072
QUERIES = (
    "firewall rule guest",
    "download iso",
    "ha resource",
    "create bridge",
    "node syslog",
    "effective permissions of a token",
    "add nic to vm",
    "storage content",
    "apt updates",
    "cluster status quorum",
)
DESCRIBED = (
    ("POST", "/nodes/{node}/qemu/{vmid}/status/start"),
    ("POST", "/cluster/firewall/rules"),
    ("POST", "/nodes/{node}/storage/{storage}/download-url"),
    ("POST", "/cluster/ha/resources"),
    ("GET", "/nodes/{node}/syslog"),
    ("GET", "/access/permissions"),
    ("PUT", "/nodes/{node}/lxc/{vmid}/config"),
    ("PUT", "/nodes/{node}/qemu/{vmid}/config"),
    ("POST", "/nodes/{node}/network"),
    ("PUT", "/access/acl"),
)


def _sizes(result: Any) -> tuple[int, int]:
    text = "".join(block.text for block in result.content if block.type == "text")
    structured = json.dumps(result.structured_content, separators=(",", ":"), ensure_ascii=False)
    return len(structured.encode()), len(text.encode())


async def _answer_sizes(client: Client) -> None:
    print(f"answer bytes (structured / text), target <= {TARGET_ANSWER_BYTES} each")
    worst = 0
    for query in QUERIES:
        structured, text = _sizes(await client.call_tool("find_pve_api", {"query": query}))
        worst = max(worst, structured, text)
        print(f"  find {query!r:40} {structured:5} / {text:5}")
    for method, path in DESCRIBED:
        structured, text = _sizes(await client.call_tool("describe_pve_api", {"method": method, "path": path}))
        worst = max(worst, structured, text)
        print(f"  describe {method} {path:45} {structured:5} / {text:5}")
    print(f"  largest block: {worst} bytes ({worst / TARGET_ANSWER_BYTES:.2f} of the target)")


async def _list_share(client: Client) -> None:
    tools = (await client.list_tools()).tools
    sizes = {
        t.name: len(json.dumps(t.model_dump(mode="json", by_alias=True, exclude_none=True), separators=(",", ":")))
        for t in tools
    }
    ours = sum(size for name, size in sizes.items() if name.endswith("_pve_api"))
    print(
        f"tools/list: {len(tools)} tools, {sum(sizes.values())} bytes; find/describe/call_pve_api {ours} bytes "
        f"({ours / TARGET_LIST_BYTES:.2f} of the {TARGET_LIST_BYTES}-byte target)"
    )


async def _latency(client: Client, sim: Simulator, iterations: int) -> None:
    vm = next(g for g in sim.state.guests.values() if g.kind == "qemu")
    generic = {"method": "GET", "path": f"/nodes/{vm.node}/qemu/{vm.vmid}/config"}
    declared = {"vmid": vm.vmid, "node": vm.node}
    times: dict[str, list[float]] = {"declared": [], "generic": []}
    for round_ in range(iterations + 10):
        for name, tool, arguments in (
            ("declared", "get_instance_config", declared),
            ("generic", "call_pve_api", generic),
        ):
            started = time.perf_counter()
            result = await client.call_tool(tool, arguments)
            elapsed = (time.perf_counter() - started) * 1000
            assert not result.is_error, result.content
            if round_ >= 10:  # the first rounds warm the caches up
                times[name].append(elapsed)
    print(f"latency over {iterations} interleaved calls each (ms):")
    p50 = {}
    for name, samples in times.items():
        samples.sort()
        p50[name] = statistics.median(samples)
        p99 = samples[min(len(samples) - 1, int(len(samples) * 0.99))]
        print(f"  {name:9} p50 {p50[name]:6.2f}  p99 {p99:6.2f}")
    print(f"  call_pve_api GET / get_instance_config at p50: x{p50['generic'] / p50['declared']:.2f}")


async def main(iterations: int) -> None:
    sim = Simulator(SimConfig(task_duration=0.2))
    await sim.start()
    try:
        async with inprocess_client(sim) as client:
            await _answer_sizes(client)
            await _list_share(client)
            await _latency(client, sim, iterations)
    finally:
        await sim.stop()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n", 1)[0])
    parser.add_argument("--iterations", type=int, default=200)
    asyncio.run(main(parser.parse_args().iterations))
