"""The worker as a process: entry points, a bad setting, and Redis going away and coming back."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from redis.asyncio import Redis

from pvesim.config import SimConfig
from pvesim.simulator import Simulator
from shared.jobs import keys
from shared.jobs.client import JobClient
from shared.jobs.connection import connect_redis
from shared.jobs.store import JobStore
from shared.operations.guests import LIST_VMS, ListGuestsParams
from shared.operations.nodes import LIST_NODES, ListNodesParams
from shared.redact import Redactor
from shared.settings import load_settings
from tests.support.redis_server import redis_server
from tests.support.signing import SIGNER, TEST_JOB_KEY
from tests.support.waiting import eventually

pytestmark = pytest.mark.timeout(120)

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
async def sim() -> AsyncIterator[Simulator]:
    async with Simulator(SimConfig()) as running:
        yield running


def environment(sim: Simulator, redis_url: str, name: str) -> dict[str, str]:
    base = {k: v for k, v in os.environ.items() if not k.startswith(("PROXMOX_", "REDIS_URL"))}
    return base | {
        "PROXMOX_URL": sim.url,
        "PROXMOX_TOKEN_NAME": sim.token_name,
        "PROXMOX_TOKEN_VALUE": sim.token_secret,
        "PROXMOX_CA_BUNDLE": str(sim.ca_path),
        "REDIS_URL": redis_url,
        "PROXMOX_MCP_WORKER_NAME": name,
        "PROXMOX_MCP_JOB_KEY": TEST_JOB_KEY,
    }


async def run_one_job(redis_url: str) -> str:
    connections = connect_redis(load_settings(redis_url=redis_url))
    store = JobStore(connections.store, ttl_seconds=600)
    record = await JobClient(store, redactor=Redactor(), signer=SIGNER).submit(LIST_NODES, ListNodesParams())

    async def done() -> str | None:
        found = await store.get(record.job_id)
        return found.state.value if found is not None and found.terminal else None

    try:
        return await eventually(done, timeout=60, interval=0.1, what="the job to finish")
    finally:
        await connections.aclose()


def reap(process: subprocess.Popen[bytes], grace: float = 30) -> None:
    """Wait for a process to end; kill it when it takes longer than `grace` (or never ended on its own)."""
    try:
        process.wait(timeout=grace)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(timeout=10)


@pytest.mark.parametrize(
    "command",
    [
        pytest.param([sys.executable, "-m", "workers", "--burst"], id="python -m workers"),
        pytest.param([str(Path(sys.executable).with_name("proxmox-mcp-worker")), "--burst"], id="proxmox-mcp-worker"),
    ],
)
async def test_each_entry_point_runs_queued_jobs(sim: Simulator, tmp_path: Path, command: list[str]) -> None:
    with redis_server() as redis:
        connections = connect_redis(load_settings(redis_url=redis.url))
        store = JobStore(connections.store, ttl_seconds=600)
        record = await JobClient(store, redactor=Redactor(), signer=SIGNER).submit(LIST_VMS, ListGuestsParams())
        process = subprocess.Popen(  # noqa: ASYNC220  # a worker process, reaped below
            command, env=environment(sim, redis.url, "entry") | {"PYTHONPATH": str(ROOT)}, cwd=tmp_path
        )

        async def ended() -> bool:
            return process.poll() is not None

        try:
            await eventually(ended, timeout=60, interval=0.1, what="the burst worker to drain the queue and exit")
            finished = await store.get(record.job_id)
        finally:
            await connections.aclose()
            reap(process, grace=0)  # a burst worker still running at the deadline is stuck: kill it
    assert process.returncode == 0
    assert finished is not None
    assert finished.state.value == "succeeded"


@pytest.mark.parametrize("module", ["workers", "mcp_frontend"])
def test_a_malformed_setting_stops_the_process_with_one_line(module: str, tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PROXMOX_", "REDIS_URL"))}
    env |= {"PROXMOX_URL": "pve.example.com:8006", "REDIS_URL": "redis://127.0.0.1:1/0"}
    done = subprocess.run(
        [sys.executable, "-m", module], env=env, cwd=tmp_path, capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 2
    assert done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert "setting PROXMOX_URL is invalid" in lines[0]
    assert "Traceback" not in done.stderr


async def test_a_worker_rides_out_a_redis_restart(sim: Simulator, tmp_path: Path) -> None:
    with redis_server() as first:
        port = first.port
        url = first.url
        worker = subprocess.Popen(  # noqa: ASYNC220  # a worker process, stopped below
            [sys.executable, "-m", "workers"],
            env=environment(sim, url, "survivor"),
            cwd=tmp_path,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            client = Redis.from_url(url, decode_responses=True)
            await eventually(lambda: client.exists(keys.worker_health("survivor")), timeout=30, what="the worker")
            await client.aclose()
            assert await run_one_job(url) == "succeeded"
            first.process.terminate()
            first.process.wait(timeout=10)
            with redis_server(port=port) as second:
                assert second.url == url
                assert await run_one_job(url) == "succeeded"  # the same worker process, reconnected
                assert worker.poll() is None
        finally:
            worker.terminate()
            reap(worker)
