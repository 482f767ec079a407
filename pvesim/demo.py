"""The simulator behind `proxmox-mcp --demo`: a default cluster in-process, and the settings to reach it."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any

from pydantic import SecretStr

from pvesim.config import SimConfig
from pvesim.simulator import Simulator

__all__ = ["Demo", "demo_simulator"]


@dataclass(frozen=True)
class Demo:
    sim: Simulator

    def settings_update(self) -> dict[str, Any]:
        """Field values for shared.settings.Settings that point the product at this simulator."""
        return {
            "proxmox_url": self.sim.url,
            "proxmox_token_name": self.sim.token_name,
            "proxmox_token_value": SecretStr(self.sim.token_secret),
            "proxmox_verify_ssl": True,
            "proxmox_ca_bundle": self.sim.ca_path,
        }


@asynccontextmanager
async def demo_simulator() -> AsyncIterator[Demo]:
    """Run the default cluster on a free port with tasks that take a couple of seconds, as on a real node."""
    async with Simulator(SimConfig(task_duration=2.0, lock_timeout=10.0)) as sim:
        yield Demo(sim)
