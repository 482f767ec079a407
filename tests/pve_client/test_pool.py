"""The client's connection pool against pvesim: bounded, kept alive, and a closed connection is not reused."""

from __future__ import annotations

import asyncio
import ssl

from pvesim.config import SimConfig
from pvesim.simulator import Simulator
from shared.pve.auth import PveTokenAuth
from shared.pve.client import PveClient, RetryPolicy
from shared.pve.models import NodeSummary
from shared.pve.transport import pooled_transport

NO_WAIT = RetryPolicy(attempts=3, backoff_s=0.0, jitter_s=0.0)


async def test_many_requests_at_once_share_a_bounded_pool_that_stays_alive() -> None:
    async with Simulator(SimConfig()) as sim:
        sim.faults.latency = 0.05  # requests overlap, so the pool must queue them
        assert sim.ca_path is not None
        limits = PveClient.limits_for(4)
        transport = pooled_transport(ssl.create_default_context(cafile=str(sim.ca_path)), limits)
        client = PveClient(
            sim.url,
            auth=PveTokenAuth(sim.token_name, sim.token_secret),
            verify=sim.ca_path,
            retry=NO_WAIT,
            limits=limits,
            transport=transport,
        )
        async with client:
            answers = await asyncio.gather(*(client.get("/nodes", list[NodeSummary]) for _ in range(40)))
            assert all(answers)
            pool = transport._pool  # the pool's own view of its connections
            assert 1 <= len(pool.connections) <= 4
            assert all(connection.is_idle() for connection in pool.connections)  # kept alive for the next ones
            opened = len(pool.connections)
            await asyncio.gather(*(client.get("/nodes", list[NodeSummary]) for _ in range(8)))
            assert len(pool.connections) == opened  # reused, none opened anew


async def test_a_connection_the_server_closed_is_not_used_again() -> None:
    async with Simulator(SimConfig()) as sim:
        sim.faults.add_drop(when="after", method="GET", path="/nodes")  # the server closes after answering
        assert sim.ca_path is not None
        async with PveClient(
            sim.url, auth=PveTokenAuth(sim.token_name, sim.token_secret), verify=sim.ca_path, retry=NO_WAIT
        ) as client:
            first = await client.get("/nodes", list[NodeSummary])  # a GET is retried after the drop
            second = await client.get("/nodes", list[NodeSummary])
        assert first and second
