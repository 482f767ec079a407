"""Fixtures shared by the whole suite: a private redis-server, clients for it, an in-memory store."""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import AsyncIterator, Iterator

import pytest
from fakeredis import FakeServer
from fakeredis.aioredis import FakeRedis
from redis.asyncio import Redis

from shared.jobs.store import JobStore
from tests.support.redis_server import RedisServer, redis_server
from tests.support.signing import TEST_JOB_KEY
from tests.support.violations import report_errors, report_violations, watch_simulators


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The files of slow tests first, the most tests first: xdist hands out whole files in this order
    (`--dist loadfile --no-loadscope-reorder`), so the long ones start at once and the short ones
    fill the other workers, rather than a long file starting last and running alone at the end."""
    tests = Counter(item.path for item in items)
    slow = {item.path for item in items if item.get_closest_marker("slow")}
    items.sort(key=lambda item: (item.path not in slow, -tests[item.path]))


@pytest.fixture(scope="session", autouse=True)
def _watch_pvesim() -> Iterator[None]:
    """Every simulator of the session is checked for requests real PVE would reject (see below)."""
    with watch_simulators():
        yield


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    violations, errors = report_violations(), report_errors()
    if violations or errors:
        reporter = session.config.pluginmanager.get_plugin("terminalreporter")
        if reporter is not None:
            reporter.ensure_newline()
            if violations:
                reporter.write_line(f"pvesim recorded {len(violations)} request(s) real PVE would reject:", red=True)
                for violation in violations[:20]:
                    reporter.write_line(f"  {violation}", red=True)
            if errors:
                reporter.write_line(f"pvesim recorded {len(errors)} internal error(s) (bugs in pvesim):", red=True)
                for error in errors[:5]:
                    reporter.write_line(f"  {error.where}: {error.error}\n{error.traceback}", red=True)
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


@pytest.fixture(autouse=True)
def _clean_environ(monkeypatch: pytest.MonkeyPatch) -> None:
    """Settings come from the environment; a developer's own PROXMOX_*/REDIS_URL must not leak in."""
    for name in list(os.environ):
        if name.startswith(("PROXMOX_", "REDIS_URL")):
            monkeypatch.delenv(name)
    monkeypatch.chdir(os.path.dirname(__file__))  # no .env of the developer's in the working directory
    monkeypatch.setenv("PROXMOX_MCP_JOB_KEY", TEST_JOB_KEY)  # what frontends and workers of a shared Redis need


@pytest.fixture(scope="session")
def redis_proc() -> Iterator[RedisServer]:
    with redis_server() as server:
        yield server


@pytest.fixture
async def redis(redis_proc: RedisServer) -> AsyncIterator[Redis]:
    client = Redis.from_url(redis_proc.url, decode_responses=True)
    await client.flushdb()
    yield client
    await client.aclose()


@pytest.fixture
async def fake_redis() -> AsyncIterator[Redis]:
    client = FakeRedis(server=FakeServer(), decode_responses=True)
    yield client
    await client.aclose()


@pytest.fixture(params=["redis-server", "fakeredis"])
async def store(request: pytest.FixtureRequest, redis_proc: RedisServer) -> AsyncIterator[JobStore]:
    """The job store on a real redis-server and on the embedded in-memory one: same behaviour."""
    if request.param == "redis-server":
        client: Redis = Redis.from_url(redis_proc.url, decode_responses=True)
        await client.flushdb()
    else:
        client = FakeRedis(server=FakeServer(), decode_responses=True)
    yield JobStore(client, ttl_seconds=3600)
    await client.aclose()
