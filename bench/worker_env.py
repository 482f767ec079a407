"""The environment a bench's `python -m workers` process runs in: pvesim's cluster, the bench's Redis."""

from __future__ import annotations

import os
from pathlib import Path

from pvesim.simulator import Simulator
from tests.support.signing import TEST_JOB_KEY

ROOT = Path(__file__).resolve().parent.parent


def worker_env(sim: Simulator, redis_url: str, **extra: str) -> dict[str, str]:
    """This process's environment without its PROXMOX_*/REDIS_URL, pointed at `sim` and `redis_url`, plus `extra`."""
    return {
        **{k: v for k, v in os.environ.items() if not k.startswith(("PROXMOX_", "REDIS_URL"))},
        "PROXMOX_URL": sim.url,
        "PROXMOX_TOKEN_NAME": sim.token_name,
        "PROXMOX_TOKEN_VALUE": sim.token_secret,
        "PROXMOX_CA_BUNDLE": str(sim.ca_path),
        "REDIS_URL": redis_url,
        "PROXMOX_MCP_JOB_KEY": TEST_JOB_KEY,
        "PROXMOX_MCP_LOG_LEVEL": "INFO",
        "PYTHONPATH": str(ROOT),
        **extra,
    }
