"""Failover: the Redis primary SIGKILLed under load, a replica promoted by Sentinel; nothing lost, doubled or stuck.

One run starts a replicated Redis on loopback (a primary, a replica, three sentinels), pvesim in
this process (a generated cluster, 1 s tasks), two `python -m workers` processes and one HTTP
frontend, every one of them reaching Redis through the sentinels (REDIS_URL=redis+sentinel://).
Then:

1. **The cost of durable writes.** The same client enqueues reads, alternately waiting for the
   replica (WAIT, as the product does with a Sentinel set) and not: p50 of each, in one run.
2. **Load.** A stream of changes (power start and stop, snapshots, cloud-init settings), each on a
   guest no other job of the run is changing, is enqueued as the MCP server does (frontend retry
   policy), and MCP tasks are created through the HTTP frontend.
3. **The failover.** A few seconds in, the primary is SIGKILLed. The sentinels promote the replica;
   the old primary is started again and rejoins as a replica. The stream goes on throughout.

Then it waits for every job to end and counts, as bench/chaos.py does, from the job records and
pvesim's effect counters: lost, duplicated, misreported, stuck (and needless partial); plus the
MCP tasks created that can no longer be read, the processes that exited, and the time from the
kill to the first job enqueued on the new primary.

    .venv/bin/python -m bench.failover --seconds 30
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import shutil
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast

from bench.chaos import QUICK, Chaos, PveErrors, Tally, print_findings
from pvesim.config import SimConfig
from pvesim.simulator import Simulator
from shared.jobs import keys
from shared.jobs.client import JobClient
from shared.jobs.connection import FRONTEND_RETRIES, REDIS_ERRORS
from shared.jobs.redis_url import redis_client
from shared.jobs.replication import Replication
from shared.jobs.store import JobStore
from shared.operations.nodes import LIST_NODES, ListNodesParams
from shared.redact import Redactor
from tests.support.http_server import http_server
from tests.support.sentinel import SentinelSet, sentinel_set
from tests.support.signing import SIGNER
from tests.support.stack import Stack
from tests.support.waiting import eventually
from tests.support.wire import HttpWire

WORKERS = 2
#: how long after the load starts the primary is killed
KILL_AFTER_SECONDS = 6.0
ENDED = {"completed", "failed", "cancelled"}


@dataclass
class Failover:
    """What one run measured."""

    tally: Tally
    enqueue_ms: dict[str, float] = field(default_factory=dict)  # p50 without and with the replica wait
    recovered_s: float | None = None  # from the kill to the first job enqueued afterwards
    promoted_s: float | None = None  # from the kill to the sentinels naming the new primary
    mcp_tasks: int = 0
    mcp_tasks_unread: list[str] = field(default_factory=list)
    exited: list[str] = field(default_factory=list)

    @property
    def clean(self) -> bool:
        return self.tally.clean and not self.mcp_tasks_unread and not self.exited


async def enqueue_cost(url: str, rounds: int) -> dict[str, float]:
    """p50 of enqueueing one job (the frontend's transaction), without and with the wait for the replica."""
    redis = redis_client(url)
    try:
        plain = JobStore(redis, ttl_seconds=600)
        durable = JobStore(redis, ttl_seconds=600, replication=Replication(1, 1.0))
        times: dict[str, list[float]] = {"no replica wait": [], "replica wait": []}
        clients = {name: JobClient(store, redactor=Redactor(), signer=SIGNER) for name, store in
                   (("no replica wait", plain), ("replica wait", durable))}  # fmt: skip
        for _ in range(rounds):
            for name, client in clients.items():
                started = time.perf_counter()
                await client.submit(LIST_NODES, ListNodesParams())
                times[name].append((time.perf_counter() - started) * 1000)
        return {name: statistics.median(values) for name, values in times.items()}
    finally:
        await redis.aclose(close_connection_pool=True)


async def mcp_tasks(url: str, vmids: list[int], created: list[str], seconds: float) -> None:
    """Create MCP tasks (a snapshot each) through the HTTP frontend for `seconds`, before and through the kill."""
    wire = HttpWire(url)
    deadline = time.monotonic() + seconds
    try:
        for serial, vmid in enumerate(vmids):
            if time.monotonic() > deadline:
                return
            with contextlib.suppress(Exception):  # the frontend may refuse while Redis fails over: no task then
                answer = await wire.request(
                    "tools/call",
                    {"name": "create_snapshot", "arguments": {"vmid": vmid, "name": f"fo{serial}", "confirmed": True}},
                )
                created.append(str(answer["taskId"]))
            await asyncio.sleep(1.0)
    finally:
        await wire.aclose()


async def read_tasks(url: str, created: list[str]) -> list[str]:
    """The MCP tasks that cannot be read, or never end, once the run is over."""
    wire = HttpWire(url)
    unread: list[str] = []
    try:
        for task_id in created:

            async def ended(task_id: str = task_id) -> dict[str, Any] | None:
                task = await wire.request("tasks/get", {"taskId": task_id})
                return task if task["status"] in ENDED else None

            try:
                await eventually(ended, timeout=60, interval=0.2, what=f"MCP task {task_id}")
            except Exception as exc:  # counted, and named in the report
                unread.append(f"{task_id}: {exc}")
    finally:
        await wire.aclose()
    return unread


async def kill_primary(sentinels: SentinelSet, run: Failover, chaos: Chaos) -> None:
    await asyncio.sleep(KILL_AFTER_SECONDS)
    old = sentinels.primary()
    submitted = chaos.tally.submitted
    sentinels.data[old].kill()
    killed = time.monotonic()
    await asyncio.to_thread(sentinels.wait_for_promotion, old)
    run.promoted_s = time.monotonic() - killed

    async def enqueued_again() -> bool:
        return chaos.tally.submitted > submitted

    await eventually(enqueued_again, timeout=60, interval=0.05, what="a job enqueued after the failover")
    run.recovered_s = time.monotonic() - killed
    sentinels.data[old].start()  # back as a replica of the new primary (the sentinels tell it so)
    await asyncio.to_thread(sentinels.wait_for_replicas, 1)


async def run(seconds: float, seed: int, cost_rounds: int = 100) -> Failover:
    rng = random.Random(seed)
    with sentinel_set() as sentinels:
        measured = Failover(Tally(), enqueue_ms=await enqueue_cost(sentinels.url, cost_rounds))
        sim = Simulator(SimConfig(task_duration=1.0, lock_timeout=0.5, guests=120, seed=seed))
        await sim.start()
        directory = Path(tempfile.mkdtemp(prefix="pmcp-failover-"))
        stack = Stack(sim, cast(Any, sentinels), directory, extra_env={"PROXMOX_MCP_LOG_LEVEL": "INFO"})
        chaos = Chaos(sim, cast(Any, sentinels), stack, rng, WORKERS, QUICK, PveErrors(0.0), retries=FRONTEND_RETRIES)
        try:
            for _ in range(WORKERS):
                chaos.start_worker()
            redis = redis_client(sentinels.url)
            try:
                for worker in stack.workers:
                    health = keys.worker_health(worker.name)
                    await eventually(lambda key=health: redis.exists(key), timeout=30, what=f"worker {worker.name}")
            finally:
                await redis.aclose(close_connection_pool=True)
            # the tasks' guests are apart from the stream's: the snapshot VMs are the cluster's last ones
            reserved = chaos.vms[-20:]
            chaos.vms = chaos.vms[:-20]
            created: list[str] = []
            async with http_server(stack.env(), directory, "--no-auth") as frontend:
                await asyncio.gather(
                    chaos.stream(seconds),
                    kill_primary(sentinels, measured, chaos),
                    mcp_tasks(frontend.url, reserved, created, seconds),
                )
                await chaos.drain()
                await chaos.judge()
                measured.mcp_tasks = len(created)
                measured.mcp_tasks_unread = await read_tasks(frontend.url, created)
                if frontend.process.poll() is not None:
                    measured.exited.append("the HTTP frontend")
            measured.exited += [w.name for w in stack.workers if w.process.poll() is not None]
            measured.tally = chaos.tally
            return measured
        finally:
            stack.stop()
            with contextlib.suppress(*REDIS_ERRORS):
                await chaos.connections.aclose()
            await sim.stop()
            shutil.rmtree(directory, ignore_errors=True)


def report(run: Failover, seconds: float) -> int:
    tally = run.tally
    print(f"failover run: {seconds:.0f} s of changes, the primary SIGKILLed {KILL_AFTER_SECONDS:.0f} s in")
    cost = ", ".join(f"{name} {ms:.2f} ms" for name, ms in run.enqueue_ms.items())
    print(f"  enqueue p50: {cost}")
    print(
        f"  replica promoted after {run.promoted_s or 0:.2f} s; first job enqueued after {run.recovered_s or 0:.2f} s"
    )
    print(f"  changes submitted {tally.submitted}; ended as: {dict(sorted(tally.states.items()))}")
    print(f"  MCP tasks created {run.mcp_tasks}, unreadable or never ended: {len(run.mcp_tasks_unread)}")
    for line in run.mcp_tasks_unread[:10]:
        print(f"    {line}")
    print_findings(tally)
    print(f"  processes that exited: {run.exited or 'none'}")
    print("clean" if run.clean else "NOT clean")
    return 0 if run.clean else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    os.environ.pop("REDIS_URL", None)
    return report(asyncio.run(run(args.seconds, args.seed)), args.seconds)


if __name__ == "__main__":
    sys.exit(main())
