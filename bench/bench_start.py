"""A short start: how soon after its PVE task ends the agent knows, and how many PVE requests it took.

One run starts pvesim (HTTPS, its own process, each task taking `--task-seconds`), a private
redis-server with one worker process, and the server twice over stdio: with REDIS_URL and
embedded. Interleaved, `--runs` times each, the guest is stopped (straight through the PVE API,
unmeasured), then `power_control start` is called through the MCP client. For each call it
records:

  lag       from the moment pvesim ended the start task to the tool's answer (pvesim's task end
            is its own time.monotonic(), which is the same clock in every process here)
  requests  the PVE API requests pvesim served during the call

It prints p50/p90 of the lag and the requests per call for each mode. Targets (issue 28): the
answer <= 150 ms after the task ends at p50, with <= 6 PVE requests.

    .venv/bin/python -m bench.bench_start [--runs 20] [--task-seconds 2]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import time
from typing import Any

import httpx
from mcp import Client, StdioServerParameters

from bench.bench_reads import percentile
from bench.pvesim_process import pvesim_process, start_process
from tests.support.redis_server import redis_server

#: issue 28: the answer this soon after the task's end (p50), with at most this many PVE requests
TARGET_LAG_MS = 150.0
TARGET_REQUESTS = 6
MODES = ("redis", "embedded")
VMID, NODE = 100, "pve1"


async def stop_guest(http: httpx.AsyncClient) -> None:
    """Stop the guest straight through the PVE API, and wait for its stop task to end."""
    status = (await http.get(f"/api2/json/nodes/{NODE}/qemu/{VMID}/status/current")).json()["data"]["status"]
    if status == "stopped":
        return
    upid = (await http.post(f"/api2/json/nodes/{NODE}/qemu/{VMID}/status/stop")).json()["data"]
    (await http.get(f"/_sim/tasks/{upid}/wait", params={"timeout": 60})).raise_for_status()


async def start_once(http: httpx.AsyncClient, client: Client) -> tuple[float, int]:
    """One start through the MCP server: its lag after the task's end (ms) and the PVE requests it made."""
    await stop_guest(http)
    (await http.delete("/_sim/requests")).raise_for_status()
    result = await client.call_tool("power_control", {"vmid": VMID, "action": "start", "confirmed": True})
    answered = time.monotonic()
    assert not result.is_error, result.content
    structured: dict[str, Any] = result.structured_content or {}
    assert structured.get("state") == "succeeded", structured
    upid = structured["upid"]
    tasks = (await http.get("/_sim/state")).json()["data"]["tasks"]
    ended = next(task["ended"] for task in tasks if task["upid"] == upid)
    requests = (await http.get("/_sim/requests")).json()["data"]
    if os.environ.get("BENCH_SHOW_REQUESTS"):
        for request in requests:
            print(f"  {request['method']} {request['path']} {request.get('status')}", file=sys.stderr)
        print("  --", file=sys.stderr)
    return (answered - ended) * 1000, len(requests)


async def run(runs: int, task_seconds: float) -> int:
    worker = None
    lags: dict[str, list[float]] = {mode: [] for mode in MODES}
    counts: dict[str, list[int]] = {mode: [] for mode in MODES}
    async with pvesim_process("--task-duration", str(task_seconds)) as sim:
        workdir = sim.workdir
        try:
            with redis_server() as redis:
                env = sim.env()
                async with httpx.AsyncClient(
                    base_url=sim.url, verify=sim.tls(), headers=sim.headers, timeout=90
                ) as http:
                    worker = start_process([sys.executable, "-m", "workers"], workdir, {**env, "REDIS_URL": redis.url})
                    server = ["-m", "mcp_frontend"]
                    with_redis = StdioServerParameters(
                        command=sys.executable, args=server, env={**env, "REDIS_URL": redis.url}, cwd=str(workdir)
                    )
                    embedded = StdioServerParameters(command=sys.executable, args=server, env=env, cwd=str(workdir))
                    async with Client(with_redis) as redis_client, Client(embedded) as embedded_client:
                        clients = {"redis": redis_client, "embedded": embedded_client}
                        for client in clients.values():  # the first call of each loads its tools: unmeasured
                            await start_once(http, client)
                        for _ in range(runs):
                            for mode, client in clients.items():
                                lag, requests = await start_once(http, client)
                                lags[mode].append(lag)
                                counts[mode].append(requests)
                    worker.terminate()  # while its Redis is up (a worker whose Redis is gone stops slowly: issue 29)
                    worker.wait(timeout=30)
        finally:
            if worker is not None and worker.poll() is None:
                worker.kill()
                worker.wait(timeout=30)
    return report(lags, counts, runs, task_seconds)


def report(lags: dict[str, list[float]], counts: dict[str, list[int]], runs: int, task_seconds: float) -> int:
    print(f"power_control start of a stopped VM, {runs} runs per mode, pvesim tasks of {task_seconds:g} s")
    print(f"{'mode':9} {'lag p50':>8} {'p90':>8} {'min':>8}   {'PVE requests':>12}")
    met = True
    for mode in MODES:
        p50, p90, low = percentile(lags[mode], 50), percentile(lags[mode], 90), min(lags[mode])
        requests = statistics.median(counts[mode])
        ok = p50 <= TARGET_LAG_MS and requests <= TARGET_REQUESTS
        met &= ok
        spread = f"{min(counts[mode])}-{max(counts[mode])}"
        verdict = "met" if ok else "MISSED"
        print(f"{mode:9} {p50:6.1f}ms {p90:6.1f}ms {low:6.1f}ms   {requests:5.0f} ({spread})  {verdict}")
    verdict = "met" if met else "MISSED"
    print(f"targets: lag <= {TARGET_LAG_MS:.0f} ms at p50, <= {TARGET_REQUESTS} PVE requests: {verdict}")
    return 0 if met else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--task-seconds", type=float, default=2.0)
    args = parser.parse_args()
    return asyncio.run(run(args.runs, args.task_seconds))


if __name__ == "__main__":
    sys.exit(main())
