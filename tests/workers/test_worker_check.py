"""`proxmox-mcp-worker --check`, the healthcheck: alive means this worker's own health key is fresh."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from redis.asyncio import Redis

from shared.jobs import keys
from tests.support.redis_server import RedisServer

pytestmark = pytest.mark.timeout(60)

ROOT = Path(__file__).resolve().parents[2]


def check(redis_url: str, tmp_path: Path, **env: str) -> int:
    environment = {k: v for k, v in os.environ.items() if not k.startswith(("PROXMOX_", "REDIS_URL"))}
    environment.update({"REDIS_URL": redis_url, "PYTHONPATH": str(ROOT), **env})
    argv = [sys.executable, "-m", "workers", "--check"]
    return subprocess.run(argv, env=environment, cwd=tmp_path, capture_output=True, timeout=30, check=False).returncode


async def test_a_named_worker_is_healthy_by_its_own_key_and_not_by_anothers(
    redis_proc: RedisServer, redis: Redis, tmp_path: Path
) -> None:
    await redis.set(keys.worker_health("worker-2"), "alive", px=30_000)

    assert check(redis_proc.url, tmp_path, PROXMOX_MCP_WORKER_NAME="worker-2") == 0
    assert check(redis_proc.url, tmp_path, PROXMOX_MCP_WORKER_NAME="worker-1") == 1
    assert check(redis_proc.url, tmp_path, PROXMOX_MCP_WORKER_NAME="worker") == 1  # no prefix match


async def test_an_unnamed_worker_is_healthy_when_one_on_this_host_is(
    redis_proc: RedisServer, redis: Redis, tmp_path: Path
) -> None:
    assert check(redis_proc.url, tmp_path) == 1
    await redis.set(keys.worker_health(f"{os.uname().nodename}-4242"), "alive", px=30_000)
    assert check(redis_proc.url, tmp_path) == 0
