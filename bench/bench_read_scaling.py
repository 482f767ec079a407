"""Read throughput against a slow PVE, on 1 and on 4 workers in one run.

pvesim (in this process) answers every call 500 ms late, as a PVE across a slow link or under
load does. A batch of 400 reads (the issue's batch: many times one worker's 20 slots, so one
worker is saturated) is submitted at once, first with one worker process running, then with
four; each batch is timed from the first submit to the last read's end. Reads scale with workers
only if nothing serializes them: not the queue, not a claim, not the PVE connection pool.

Target (issue 10): four workers read at least 3.5 times as fast as one.

    .venv/bin/python -m bench.bench_read_scaling [--latency 0.5] [--batch 400]
"""

from __future__ import annotations

import argparse
import asyncio
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from datetime import datetime
from pathlib import Path

from bench.worker_env import worker_env
from pvesim.config import SimConfig
from pvesim.simulator import Simulator
from shared.jobs import keys
from shared.jobs.client import JobClient
from shared.jobs.connection import connect_redis
from shared.jobs.store import JobStore
from shared.operations.nodes import LIST_NODES, ListNodesParams
from shared.redact import Redactor
from shared.settings import load_settings
from tests.support.redis_server import redis_server
from tests.support.signing import SIGNER
from tests.support.waiting import eventually

TARGET_RATIO = 3.5


def _alive(store: JobStore, name: str) -> Callable[[], Awaitable[int]]:
    return lambda: store.redis.exists(keys.worker_health(name))


async def batch(queue: JobClient, store: JobStore, size: int) -> tuple[float, int]:
    """Seconds from the first submit to the last read's end, and how many reads did not succeed.

    The last end is the latest `finished_at` the workers recorded (to the millisecond), so the
    records are looked at only every 0.25 s: polling them fast would load this process, which
    is pvesim's too, and Redis, and slow down what is measured.
    """
    started = time.time()
    records = await asyncio.gather(*(queue.submit(LIST_NODES, ListNodesParams()) for _ in range(size)))
    pending = [record.job_id for record in records]
    failed, last = 0, started
    while pending:
        await asyncio.sleep(0.25)
        async with store.redis.pipeline(transaction=False) as pipe:  # one round trip, little parsing
            for job_id in pending:
                pipe.hmget(keys.job_record(job_id), ["state", "finished_at"])
            answers = await pipe.execute()
        still = []
        for job_id, (state, finished) in zip(pending, answers, strict=True):
            if state in ("queued", "running"):
                still.append(job_id)
                continue
            failed += state != "succeeded"
            if finished:
                last = max(last, datetime.fromisoformat(finished.replace("Z", "+00:00")).timestamp())
        pending = still
    return last - started, failed


async def main_async(latency: float, size: int, workers: tuple[int, ...]) -> int:
    workdir = Path(tempfile.mkdtemp(prefix="pmcp-bench-scaling-"))
    async with Simulator(SimConfig()) as sim:
        sim.faults.latency = latency
        with redis_server() as redis:
            env = worker_env(sim, redis.url)
            connections = connect_redis(load_settings(redis_url=redis.url))
            store = JobStore(connections.store, ttl_seconds=3600)
            queue = JobClient(store, redactor=Redactor(), signer=SIGNER)
            running: list[subprocess.Popen[bytes]] = []
            results: dict[int, tuple[float, int]] = {}
            try:
                for count in workers:
                    while len(running) < count:
                        name = f"scaling-{len(running) + 1}"
                        running.append(
                            subprocess.Popen(  # noqa: ASYNC220  # worker processes, stopped below
                                [sys.executable, "-m", "workers"],
                                env=env | {"PROXMOX_MCP_WORKER_NAME": name},
                                cwd=workdir,
                                stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL,
                            )
                        )
                        await eventually(_alive(store, name), timeout=60, what=name)
                    # warm: every slot's connection to PVE open (a TLS handshake each), code paths hot
                    await batch(queue, store, count * load_settings().worker_max_jobs)
                    results[count] = await batch(queue, store, size)
            finally:
                for process in running:
                    process.terminate()
                for process in running:
                    process.wait(timeout=60)
                await connections.aclose()
    print(f"read throughput, {size} list_nodes reads at once, PVE answering {latency * 1000:.0f} ms late")
    for count, (seconds, failed) in results.items():
        print(f"{count} worker(s): {seconds:6.2f} s, {size / seconds:7.1f} reads/s, {failed} failed")
    one, many = results[workers[0]][0], results[workers[-1]][0]
    ratio = one / many
    print(f"speed-up from {workers[0]} to {workers[-1]} workers: {ratio:.2f}x (target >= {TARGET_RATIO})")
    met = ratio >= TARGET_RATIO and not any(failed for _s, failed in results.values())
    print("target met" if met else "target MISSED")
    return 0 if met else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--latency", type=float, default=0.5)
    parser.add_argument("--batch", type=int, default=400)
    args = parser.parse_args()
    return asyncio.run(main_async(args.latency, args.batch, (1, 4)))


if __name__ == "__main__":
    sys.exit(main())
