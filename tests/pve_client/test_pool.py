"""The client's connection pool as pvesim sees it: bounded, kept alive, a connection the server closed not reused."""

from __future__ import annotations

import asyncio

from pvesim.config import SimConfig
from pvesim.simulator import Simulator
from shared.pve.auth import PveTokenAuth
from shared.pve.client import PveClient, RetryPolicy
from shared.pve.models import NodeSummary
from tests.support.waiting import eventually

NO_WAIT = RetryPolicy(attempts=3, backoff_s=0.0, jitter_s=0.0)


async def test_many_requests_at_once_share_a_bounded_pool_that_stays_alive() -> None:
    async with Simulator(SimConfig()) as sim:
        sim.faults.latency = 0.05  # requests overlap, so the pool must queue them
        client = PveClient(
            sim.url,
            auth=PveTokenAuth(sim.token_name, sim.token_secret),
            verify=sim.ca_path or False,
            retry=NO_WAIT,
            limits=PveClient.limits_for(4),
        )
        async with client:
            answers = await asyncio.gather(*(client.get("/nodes", list[NodeSummary]) for _ in range(40)))
            assert all(answers)
            accepted, open_now = sim.connections
            assert 1 <= accepted <= 4  # 40 requests at once over at most 4 connections
            assert open_now == accepted  # all of them kept alive for the next ones
            await asyncio.gather(*(client.get("/nodes", list[NodeSummary]) for _ in range(8)))
            assert sim.connections == (accepted, accepted)  # reused, none opened anew

        async def closed() -> bool:
            return sim.connections[1] == 0

        await eventually(closed, what="the client's connections to close with it")


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
