"""The cost of the server on a read: read tools through the full path vs the same PVE calls made directly.

One run starts a private redis-server, pvesim (HTTPS, its own process) and one worker
process, then measures each read operation four ways, interleaved so drift hits all alike:

  direct    the PVE GETs the operation makes, with httpx on a keep-alive connection (baseline)
  hop       the same GETs made by another process over Redis, one LPUSH/BLPOP each way
            (bench/read_hop.py): the floor of any queued read, before its job's own costs
  queue     JobClient.submit + wait on the job's events (the frontend's path, minus MCP)
  redis     the real MCP client over stdio calling the tool, the server with REDIS_URL and the worker
  embedded  the same, the server on its embedded default (no Redis: it is its own worker)

A tool call is the MCP round trip (tools/call sent, its answer read): the official client's
`call_tool` then checks the structured content against the tool's output schema with
jsonschema, which is that client's cost and not the server's; it is timed apart and printed.

It prints p50/p99 of each, the time each server adds over the baseline at p50, and the CPU
each spends per call (the server process, and the worker's too with Redis). Targets (issue 28,
as the server's own added time over the direct GET at p50): embedded <= 2.5 ms, Redis <= 4 ms.

    .venv/bin/python -m bench.bench_reads [--iterations 200]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import time
import uuid
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from mcp import Client, StdioServerParameters, types

from bench import read_hop
from bench.pvesim_process import pvesim_process, start_process, wait_for
from mcp_frontend.toolsets import DEFAULT_TOOLSETS, toolset_of
from shared.jobs import keys
from shared.jobs.client import JobClient
from shared.jobs.connection import connect_redis
from shared.jobs.store import JobStore
from shared.operations.base import Params
from shared.operations.guests import GET_INSTANCE_CONFIG, LIST_VMS, GetConfigParams, ListGuestsParams
from shared.operations.nodes import LIST_NODES, ListNodesParams
from shared.operations.operation import Operation
from shared.operations.storage import LIST_STORAGE_CONTENT, ListContentParams
from shared.operations.usage import GET_RESOURCE_USAGE, ResourceUsageParams
from shared.redact import Redactor
from shared.settings import load_settings
from tests.support.redis_server import redis_server
from tests.support.signing import SIGNER

#: the server's own added time over the direct GETs at p50, per mode (issue 28)
TARGETS_MS = {"redis": 4.0, "embedded": 2.5}
MODES = ("redis", "embedded")
_TICK_MS = 1000 / os.sysconf("SC_CLK_TCK")
#: where `bench` imports from (it is not installed): the hop process starts there
_CHECKOUT = Path(__file__).resolve().parents[1]


@dataclass(frozen=True)
class Case:
    op: Operation[Any, Any]
    arguments: dict[str, Any]
    params: Params
    direct: tuple[tuple[str, ...], ...]  # the worker's GETs (relative to /api2/json), in steps run concurrently


CASES = (
    Case(LIST_NODES, {}, ListNodesParams(), (("/nodes",),)),
    Case(LIST_VMS, {}, ListGuestsParams(), (("/cluster/resources?type=vm",),)),
    Case(
        GET_INSTANCE_CONFIG,
        {"vmid": 100},
        GetConfigParams(vmid=100),
        (("/cluster/resources?type=vm",), ("/nodes/pve1/qemu/100/config",)),
    ),
    Case(
        GET_RESOURCE_USAGE,
        {"vmid": 100},
        ResourceUsageParams(vmid=100),
        (
            ("/cluster/resources?type=vm",),
            ("/nodes/pve1/qemu/100/rrddata?timeframe=hour&cf=AVERAGE", "/nodes/pve1/qemu/100/status/current"),
        ),
    ),
    Case(
        LIST_STORAGE_CONTENT,
        {"node": "pve1", "storage": "local"},
        ListContentParams(node="pve1", storage="local"),
        (("/nodes/pve1/storage/local/content",),),
    ),
)


@dataclass
class Samples:
    direct: list[float] = field(default_factory=list)
    hop: list[float] = field(default_factory=list)
    queue: list[float] = field(default_factory=list)
    mcp: dict[str, list[float]] = field(default_factory=lambda: {mode: [] for mode in MODES})
    #: the official client's jsonschema check of each answer (not the server's time: printed apart)
    client_check: list[float] = field(default_factory=list)


@dataclass
class Server:
    """An MCP server under test: its client, and the processes whose CPU a call costs."""

    client: Client
    pids: tuple[int, ...]
    cpu_ms: float = 0.0
    calls: int = 0


def cpu_ms(pids: tuple[int, ...]) -> float:
    """User and system CPU the processes have used, in milliseconds (/proc/<pid>/stat)."""
    total = 0.0
    for pid in pids:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        total += (int(fields[11]) + int(fields[12])) * _TICK_MS
    return total


def server_children() -> set[int]:
    """This process's children that run the MCP server (the stdio client starts them)."""
    found = set()
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            command = (entry / "cmdline").read_bytes()
        except (OSError, IndexError, ValueError):
            continue
        if ppid == os.getpid() and b"mcp_frontend" in command:
            found.add(int(entry.name))
    return found


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))
    return ordered[index]


async def timed(call: Callable[[], Awaitable[object]]) -> float:
    start = time.perf_counter()
    await call()
    return (time.perf_counter() - start) * 1000


async def run(iterations: int, warmup: int) -> int:
    worker: subprocess.Popen[bytes] | None = None
    hop: subprocess.Popen[bytes] | None = None
    async with pvesim_process() as sim:
        workdir = sim.workdir
        try:
            with redis_server() as redis:
                # INFO: the default, what an admin runs
                env = sim.env(REDIS_URL=redis.url, PROXMOX_MCP_LOG_LEVEL="INFO")
                async with httpx.AsyncClient(
                    base_url=f"{sim.url}/api2/json", verify=sim.tls(), headers=sim.headers
                ) as http:
                    worker = start_process([sys.executable, "-m", "workers"], workdir, env)
                    authorization = sim.headers["Authorization"]
                    hop = start_process(  # bench.read_hop: the floor
                        [sys.executable, "-m", "bench.read_hop", redis.url, sim.url, str(sim.ca), authorization],
                        _CHECKOUT,
                    )
                    settings = load_settings(redis_url=redis.url)
                    connections = connect_redis(settings)
                    store = JobStore(connections.store, ttl_seconds=3600)
                    queue = JobClient(store, redactor=Redactor(), signer=SIGNER)
                    await wait_for(lambda: _exists(connections.store, keys.worker_health("bench")), "the worker")
                    server = ["-m", "mcp_frontend"]
                    params = StdioServerParameters(command=sys.executable, args=server, env=env, cwd=str(workdir))
                    embedded_env = {k: v for k, v in env.items() if k != "REDIS_URL"}
                    embedded = StdioServerParameters(
                        command=sys.executable, args=server, env=embedded_env, cwd=str(workdir)
                    )
                    async with Client(params) as mcp:
                        redis_pid = server_children()
                        await enable_toolsets(mcp)
                        async with Client(embedded) as mcp_embedded:
                            embedded_pid = server_children() - redis_pid
                            await enable_toolsets(mcp_embedded)
                            servers = {
                                "redis": Server(mcp, (*redis_pid, worker.pid)),
                                "embedded": Server(mcp_embedded, tuple(embedded_pid)),
                            }
                            results = await measure(http, connections.store, queue, servers, iterations, warmup)
                    worker.terminate()  # while its Redis is up: a worker whose Redis is gone stops slowly (issue 29)
                    worker.wait(timeout=30)
                    await connections.aclose()
        finally:
            if worker is not None and worker.poll() is None:
                worker.kill()
                worker.wait(timeout=30)
            if hop is not None:
                hop.kill()
                hop.wait(timeout=30)
    return report(results, servers, iterations)


async def enable_toolsets(client: Client) -> None:
    """Enable the toolsets of the tools measured, as an agent does before it calls one of them.

    A tool the client has not seen listed makes the official client list the tools again
    before every call of it (to check its answer): that would time tools/list, not the read.
    """
    named = {toolset_of(case.op.name) for case in CASES}
    for toolset in sorted({name for name in named if name is not None} - set(DEFAULT_TOOLSETS)):
        result = await client.call_tool("enable_toolset", {"toolset": toolset})
        assert not result.is_error, result.content
    await client.list_tools()


async def _exists(redis: Any, key: str) -> bool:
    return bool(await redis.exists(key))


async def measure(
    http: httpx.AsyncClient,
    redis: Any,
    queue: JobClient,
    servers: dict[str, Server],
    iterations: int,
    warmup: int,
) -> dict[str, Samples]:
    results = {case.op.name: Samples() for case in CASES}
    for i in range(warmup + iterations):
        for case in CASES:

            async def direct(case: Case = case) -> None:
                for step in case.direct:
                    for answer in await asyncio.gather(*(http.get(path) for path in step)):
                        answer.raise_for_status()

            async def hopped(case: Case = case) -> None:
                request_id = uuid.uuid4().hex
                await redis.lpush(read_hop.REQUESTS, json.dumps({"id": request_id, "steps": case.direct}))
                assert await redis.blpop([read_hop.reply_key(request_id)], timeout=30) is not None

            async def queued(case: Case = case) -> None:
                record = await queue.submit(case.op, case.params)
                done = await queue.wait(record.job_id, seconds=30)
                assert done.state.value == "succeeded", done

            bucket = results[case.op.name]
            took = await timed(direct), await timed(hopped), await timed(queued)
            if i >= warmup:
                bucket.direct.append(took[0])
                bucket.hop.append(took[1])
                bucket.queue.append(took[2])
            for mode, server in servers.items():
                answers: list[types.CallToolResult] = []

                async def tool(
                    case: Case = case, client: Client = server.client, answers: list[types.CallToolResult] = answers
                ) -> None:
                    # the MCP round trip: Client.call_tool would add the official client's own
                    # jsonschema check of the structured content, that client's cost, timed apart below
                    params = types.CallToolRequestParams(name=case.op.name, arguments=case.arguments)
                    result = await client.session.send_request(
                        types.CallToolRequest(params=params), types.CallToolResult
                    )
                    assert not result.is_error, result.content
                    answers.append(result)

                async def check(
                    case: Case = case, client: Client = server.client, answers: list[types.CallToolResult] = answers
                ) -> None:
                    await client.session.validate_tool_result(case.op.name, answers[-1])

                before = cpu_ms(server.pids)
                took_mcp = await timed(tool)
                if i >= warmup:
                    bucket.mcp[mode].append(took_mcp)
                    bucket.client_check.append(await timed(check))
                    server.cpu_ms += cpu_ms(server.pids) - before
                    server.calls += 1
    return results


def report(results: dict[str, Samples], servers: dict[str, Server], iterations: int) -> int:
    print(f"read tools, {iterations} iterations each, milliseconds (p50 / p99; added: over direct, p50)")
    header = (
        f"{'tool':22} {'direct':>15} {'hop':>15} {'queue':>15} {'redis':>15} {'added':>6} {'embedded':>15} {'added':>6}"
    )
    print(header)
    print("-" * len(header))
    added: dict[str, list[float]] = {mode: [] for mode in MODES}
    hop_added: list[float] = []
    for tool, s in results.items():
        d50, d99 = percentile(s.direct, 50), percentile(s.direct, 99)
        h50, h99 = percentile(s.hop, 50), percentile(s.hop, 99)
        q50, q99 = percentile(s.queue, 50), percentile(s.queue, 99)
        hop_added.append(h50 - d50)
        row = f"{tool:22} {d50:7.2f}/{d99:7.2f} {h50:7.2f}/{h99:7.2f} {q50:7.2f}/{q99:7.2f}"
        for mode in MODES:
            m50, m99 = percentile(s.mcp[mode], 50), percentile(s.mcp[mode], 99)
            added[mode].append(m50 - d50)
            row += f" {m50:7.2f}/{m99:7.2f} {m50 - d50:6.2f}"
        print(row)
    print("-" * len(header))
    checks = [v for s in results.values() for v in s.client_check]
    check = percentile(checks, 50)
    print(f"the official client's jsonschema check of an answer (its own cost, not counted): {check:.2f} ms p50")
    print(
        f"a bare Redis hop (bench/read_hop.py) adds {statistics.median(hop_added):5.2f} ms p50 (median tool):"
        " the floor of any queued read"
    )
    all_direct = statistics.median([v for s in results.values() for v in s.direct])
    met = True
    for mode in MODES:
        server = servers[mode]
        median = statistics.median([v for s in results.values() for v in s.mcp[mode]])
        worst = max(added[mode])
        cpu = server.cpu_ms / max(1, server.calls)
        ok = worst <= TARGETS_MS[mode]
        met &= ok
        print(
            f"{mode:9} adds {statistics.median(added[mode]):5.2f} ms p50 (median tool), worst tool {worst:5.2f} ms"
            f" (target <= {TARGETS_MS[mode]}: {'met' if ok else 'MISSED'});"
            f" ratio to direct p50 {median / all_direct:.2f};"
            f" CPU {cpu:.2f} ms per call"
        )
    print("targets met" if met else "targets MISSED")
    return 0 if met else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--iterations", type=int, default=200)
    parser.add_argument("--warmup", type=int, default=20)
    args = parser.parse_args()
    return asyncio.run(run(args.iterations, args.warmup))


if __name__ == "__main__":
    sys.exit(main())
