"""The job store on a Sentinel set: it follows a failover, and durable writes wait for a replica, bounded."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator

import pytest

from shared.jobs.client import JobClient
from shared.jobs.connection import connect_redis
from shared.jobs.replication import Replication, replication_for
from shared.jobs.store import JobStore
from shared.operations.nodes import LIST_NODES, ListNodesParams
from shared.redact import Redactor
from shared.settings import load_settings
from tests.support.sentinel import SentinelSet, sentinel_set
from tests.support.signing import SIGNER

pytestmark = [pytest.mark.slow, pytest.mark.timeout(120)]


@pytest.fixture
def sentinels() -> Iterator[SentinelSet]:
    with sentinel_set() as made:
        yield made


@pytest.fixture(params=["tcp", "tls"])
def any_sentinels(request: pytest.FixtureRequest) -> Iterator[SentinelSet]:
    """A Sentinel set in plain TCP, and one that speaks only TLS (`rediss+sentinel://`, its CA in the URL)."""
    with sentinel_set(tls=request.param == "tls") as made:
        yield made


async def test_a_client_of_the_sentinel_set_writes_on_through_a_failover_and_keeps_what_was_replicated(
    any_sentinels: SentinelSet,
) -> None:
    sentinels = any_sentinels
    # a long bound: on a busy machine the replica's acknowledgement may take more than the default second
    settings = load_settings(redis_url=sentinels.url, redis_replica_wait_seconds=10)
    connections = connect_redis(settings)  # the worker's retry policy: about a minute
    store = JobStore(connections.store, ttl_seconds=600, replication=replication_for(settings))
    jobs = JobClient(store, redactor=Redactor(), signer=SIGNER)
    try:
        before = await jobs.submit(LIST_NODES, ListNodesParams())  # confirmed on the replica before it returns
        old = sentinels.primary()
        sentinels.data[old].kill()
        killed = time.monotonic()
        # the new primary has no replica left: a durable write would wait out its whole bound (10 s here; the
        # bound is the next test's), so the write timed is one that waits for none, riding the failover out
        unreplicated = JobClient(JobStore(connections.store, ttl_seconds=600), redactor=Redactor(), signer=SIGNER)
        after = await unreplicated.submit(LIST_NODES, ListNodesParams())
        recovered = time.monotonic() - killed
        assert sentinels.primary() != old
        assert (await store.get(before.job_id)) is not None, "a job confirmed on the replica survives the failover"
        assert (await store.get(after.job_id)) is not None
        assert recovered < 15, f"the write waited {recovered:.1f} s for the new primary"
    finally:
        await connections.aclose()


async def test_a_durable_write_waits_for_a_replica_and_no_longer_than_its_bound(sentinels: SentinelSet) -> None:
    settings = load_settings(redis_url=sentinels.url)
    connections = connect_redis(settings)
    try:
        # with the replica up, the wait ends as soon as it acknowledges (however busy the machine)
        assert await Replication(1, 10.0).confirm(connections.store, "a test write") == 1
        replica = next(port for port in sentinels.data if port != sentinels.primary())
        sentinels.data[replica].kill()
        started = time.monotonic()
        assert await Replication(1, 0.5).confirm(connections.store, "a test write") == 0
        waited = time.monotonic() - started
        assert 0.45 < waited < 3.0, waited  # the bound, not a hang
        await asyncio.sleep(0)
    finally:
        await connections.aclose()
