"""MCP tasks: how soon a change answers with a task, against a read and a waited change, in one run.

The demo server (embedded, pvesim in process, whose tasks take 2 s) over stdio, spoken to in
raw JSON-RPC (2026-07-28). Interleaved, `--runs` times each (medians reported):

  read      list_nodes, a read run as a job to its end (the baseline)
  task      create_snapshot from a client that declares tasks: until the CreateTaskResult
  waited    create_snapshot from a client that declares none: until its result (the PVE task's end)
  get       tasks/get of a running task

A task answer should cost about what a read does (it queues the job and writes the task, in
one transaction, and reads them back) and far less than waiting: the ratios are printed.

    .venv/bin/python -m bench.bench_tasks [--runs 10]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import tempfile
import time
from collections.abc import Awaitable
from pathlib import Path
from typing import Any

from tests.support.wire import StdioWire

ROOT = Path(__file__).resolve().parents[1]


async def _timed(request: Awaitable[dict[str, Any]]) -> tuple[float, dict[str, Any]]:
    start = time.perf_counter()
    answer = await request
    return (time.perf_counter() - start) * 1000, answer


async def main(runs: int) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PROXMOX_", "REDIS_URL"))}
    env["PYTHONPATH"] = str(ROOT)
    figures: dict[str, list[float]] = {"read": [], "task": [], "waited": [], "get": []}
    with tempfile.TemporaryDirectory() as directory:
        env["PROXMOX_MCP_LOG_FILE"] = str(Path(directory) / "server.log")
        async with StdioWire.start(env, Path(directory), "--demo") as wire:
            await wire.request("tools/call", {"name": "list_nodes", "arguments": {}})  # warm: tools built
            for run in range(runs):
                took, _ = await _timed(wire.request("tools/call", {"name": "list_nodes", "arguments": {}}))
                figures["read"].append(took)
                snapshot = {"name": "create_snapshot", "arguments": {"vmid": 100, "name": f"t{run}", "confirmed": True}}
                took, created = await _timed(wire.request("tools/call", snapshot))
                figures["task"].append(took)
                took, _ = await _timed(wire.request("tasks/get", {"taskId": created["taskId"]}))
                figures["get"].append(took)
                waited = {"name": "create_snapshot", "arguments": {"vmid": 101, "name": f"w{run}", "confirmed": True}}
                took, _ = await _timed(wire.request("tools/call", waited, capabilities={}))
                figures["waited"].append(took)
    medians = {name: statistics.median(values) for name, values in figures.items()}
    print(f"MCP tasks over stdio, demo server, {runs} runs each (median ms):")
    for name, value in medians.items():
        print(f"  {name:7s} {value:8.1f}")
    print(f"task / read   {medians['task'] / medians['read']:.2f}x")
    print(f"task / waited {medians['task'] / medians['waited']:.3f}x")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=10)
    asyncio.run(main(parser.parse_args().runs))
