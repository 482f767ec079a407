"""The job store, on a real redis-server and on the embedded in-memory server alike."""

from __future__ import annotations

import asyncio
import time
from datetime import timedelta

from fakeredis.aioredis import FakeRedis
from redis.asyncio.client import Pipeline

from shared.errors import Locked
from shared.jobs import keys
from shared.jobs.record import JobRecord, utcnow
from shared.jobs.states import JobState
from shared.jobs.store import JobStore
from tests.support.waiting import eventually


def _record(job_id: str = "a" * 32) -> JobRecord:
    return JobRecord(job_id=job_id, operation="list_vms", tier="safe", args={"node": "pve1"}, node="pve1")


async def test_created_record_reads_back_equal(store: JobStore) -> None:
    record = _record()
    await store.create(record)
    assert await store.get(record.job_id) == record


async def test_every_job_key_has_a_ttl(store: JobStore) -> None:
    record = _record()
    await store.create(record)
    await store.append_log(record.job_id, ["starting"])
    await store.record_upid(record.job_id, "UPID:pve1:00001234:00005678:65000000:qmstart:100:root@pam!mcp:")
    for key in (keys.job_record(record.job_id), keys.job_events(record.job_id), keys.job_log(record.job_id)):
        ttl = await store.redis.ttl(key)
        assert 0 < ttl <= 3600, key


async def test_failure_is_rebuilt_as_the_same_error(store: JobStore) -> None:
    record = _record()
    await store.create(record)
    await store.fail(record.job_id, Locked("VM 100 is locked (backup)", details={"vmid": 100}))
    stored = await store.get(record.job_id)
    assert stored is not None
    assert stored.state is JobState.FAILED
    assert isinstance(stored.error, Locked)
    assert stored.error.details == {"vmid": 100}
    assert stored.finished_at is not None


async def _reader_blocked(store: JobStore) -> bool:
    """Whether another client of the store is parked in a blocking XREAD."""
    clients = await store.redis.client_list()
    if not isinstance(store.redis, FakeRedis):
        return any(client["cmd"] == "xread" and "b" in client["flags"] for client in clients)
    # fakeredis's CLIENT LIST shows neither cmd nor flags; CLIENT UNBLOCK answers 1 only for a
    # client parked in a blocking command (which then gets an empty reply, as on a timeout)
    return any([await store.redis.client_unblock(int(client["id"])) for client in clients])


async def test_follow_wakes_on_an_event_written_later(store: JobStore) -> None:
    record = _record()
    await store.create(record)

    async def finish_once_the_reader_waits() -> None:
        await eventually(lambda: _reader_blocked(store), timeout=5, interval=0.01, what="follow to block in XREAD")
        await store.progress(record.job_id, 50.0, "half")
        await store.transition(record.job_id, JobState.SUCCEEDED, result={"ok": True})

    writer = asyncio.create_task(finish_once_the_reader_waits())
    seen = []
    ended = None
    async for event, read_with in store.follow(record.job_id, time.monotonic() + 5):
        seen.append((event.kind, event.state, event.percent))
        if event.state is not None and event.state.terminal:
            ended = read_with
            break
    await writer
    assert seen == [
        ("state", JobState.QUEUED, None),
        ("progress", None, 50.0),
        ("state", JobState.SUCCEEDED, None),
    ]
    # the record read in the same round trip as the ending event is the one that write left
    assert ended is not None
    assert (ended.state, ended.result) == (JobState.SUCCEEDED, {"ok": True})


async def test_follow_returns_at_the_deadline_when_nothing_happens(store: JobStore) -> None:
    record = _record()
    await store.create(record)
    events = [event async for event, _ in store.follow(record.job_id, time.monotonic() + 0.2)]
    assert [e.state for e in events] == [JobState.QUEUED]


async def test_log_pages_number_lines_from_one_like_pve(store: JobStore) -> None:
    record = _record()
    await store.create(record)
    total = await store.append_log(record.job_id, [f"line {i}" for i in range(1, 8)])
    assert total == 7
    page = await store.read_log(record.job_id, start=5, limit=5)
    assert page.lines == ["line 6", "line 7"]
    assert page.total == 7
    assert page.next_start is None
    first = await store.read_log(record.job_id, start=0, limit=3)
    assert first.next_start == 3


async def test_upid_finds_its_job(store: JobStore) -> None:
    record = _record()
    upid = "UPID:pve1:00001234:00005678:65000000:qmstart:100:root@pam!mcp:"
    await store.create(record)
    await store.record_upid(record.job_id, upid)
    assert await store.job_for_upid(upid) == record.job_id
    stored = await store.get(record.job_id)
    assert stored is not None
    assert stored.state is JobState.RUNNING


async def test_recent_lists_newest_first(store: JobStore) -> None:
    # ids in the opposite order of creation: a tie on the time would order them the other way
    now = utcnow()
    for age, job_id in enumerate(["c" * 32, "b" * 32, "a" * 32]):
        await store.create(_record(job_id).model_copy(update={"created_at": now - timedelta(seconds=2 - age)}))
    assert [r.job_id for r in await store.recent(2)] == ["a" * 32, "b" * 32]


async def test_an_owed_log_is_paid_once_however_many_copiers_pay_it(store: JobStore) -> None:
    # a worker that recorded an OK end owes its log's last lines; a second copier (the sweep that
    # retook the debt from a worker thought dead) read the same debt: the lines land once
    record = _record()
    upid = "UPID:pve1:00001234:00005678:65000000:qmstart:100:root@pam!mcp:"
    await store.create(record)
    await store.append_log(record.job_id, ["earlier task: TASK OK"])
    await store.commit(
        lambda pipe: (
            store.add_update(pipe, record.job_id, log_base=1, log_copying=upid),
            store.owe_log(pipe, record.job_id),
        )
    )
    assert await store.owed_logs(time.time() + 1, 10) == [record.job_id]
    first, second = await asyncio.gather(store.owed_log(record.job_id), store.owed_log(record.job_id))
    assert first is not None and first == second and first.have == 0

    def lines(pipe: Pipeline) -> None:
        store.add_log(pipe, record.job_id, ["starting VM 100", "TASK OK"])

    assert await store.pay_log(record.job_id, first, lines) is True
    assert await store.pay_log(record.job_id, second, lines) is False  # the log grew: another paid
    page = await store.read_log(record.job_id, 0, 10)
    assert page.lines == ["earlier task: TASK OK", "starting VM 100", "TASK OK"]
    stored = await store.get(record.job_id)
    assert stored is not None and stored.log_copying is None and stored.log_lines == 3
    assert await store.owed_logs(time.time() + 1, 10) == []
    assert await store.owed_log(record.job_id) is None
