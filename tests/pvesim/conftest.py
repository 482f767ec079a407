"""A real simulator over HTTPS per test, and clients that verify its certificate."""

from __future__ import annotations

from collections.abc import AsyncIterator

import httpx
import pytest

from pvesim.config import SimConfig
from pvesim.simulator import Simulator
from tests.support.pve_api import make_client


@pytest.fixture
def sim_config() -> SimConfig:
    return SimConfig(task_duration=0.05, lock_timeout=0.3, seed=7)


@pytest.fixture
async def sim(sim_config: SimConfig) -> AsyncIterator[Simulator]:
    async with Simulator(sim_config) as running:
        yield running


@pytest.fixture
async def client(sim: Simulator) -> AsyncIterator[httpx.AsyncClient]:
    async with make_client(sim) as http:
        yield http


@pytest.fixture
async def limited_client(sim: Simulator) -> AsyncIterator[httpx.AsyncClient]:
    async with make_client(sim, limited=True) as http:
        yield http
