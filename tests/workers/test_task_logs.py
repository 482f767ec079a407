"""The log a job owes after an OK end: copied whole once PVE answers, given up only after an hour of refusals.

The copier reads the task's log from pvesim over HTTPS and pays into the real job store.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator

import pytest

from pvesim.simulator import Simulator
from shared.jobs import keys
from shared.jobs.record import JobRecord
from shared.jobs.store import JobStore
from shared.pve.auth import PveTokenAuth
from shared.pve.client import PveClient, RetryPolicy
from shared.pve.models import UPID
from workers.task_logs import OWED_GIVE_UP_SECONDS, LogCopier

LOG = "/nodes/{node}/tasks/{upid}/log"


@pytest.fixture(scope="module")
async def sim() -> AsyncIterator[Simulator]:
    async with Simulator() as simulator:
        yield simulator


@pytest.fixture
async def pve(sim: Simulator) -> AsyncIterator[PveClient]:
    assert sim.ca_path is not None
    auth = PveTokenAuth(sim.token_name, sim.token_secret)
    async with PveClient(sim.url, auth=auth, verify=sim.ca_path, retry=RetryPolicy(attempts=1)) as client:
        yield client
    sim.faults.clear()


async def _owing(sim: Simulator, pve: PveClient, store: JobStore, job_id: str) -> str:
    """A job recorded ended after an OK start, owing its task's whole log; the task's UPID."""
    guest = next(g for g in sim.state.guests.values() if g.kind == "qemu" and g.status == "stopped")
    upid = await pve.post("/nodes/{node}/qemu/{vmid}/status/start", UPID, path={"node": guest.node, "vmid": guest.vmid})
    await sim.wait_task(str(upid))
    await store.create(JobRecord(job_id=job_id, operation="power_control", tier="restricted", upid=str(upid)))
    await store.commit(
        lambda pipe: (store.add_update(pipe, job_id, log_copying=str(upid)), store.owe_log(pipe, job_id))
    )
    return str(upid)


async def test_a_copy_pve_refuses_stays_owed_and_is_paid_whole_later(
    sim: Simulator, pve: PveClient, store: JobStore
) -> None:
    job_id = "c" * 32
    upid = await _owing(sim, pve, store, job_id)
    copier = LogCopier(pve, store, asyncio.Semaphore(2))
    sim.faults.add_error(500, message="got timeout", method="GET", path=LOG, count=1)

    assert await copier.pay(job_id) is False
    assert await store.owed_logs(time.time() + 1, 10) == [job_id]
    assert await copier.pay(job_id) is True
    assert (await store.read_log(job_id, 0, 100)).lines == sim.state.tasks[upid].log
    record = await store.get(job_id)
    assert record is not None and record.log_copying is None
    assert await store.owed_logs(time.time() + 1, 10) == []
    assert await copier.pay(job_id) is False  # nothing owed: nothing written twice
    assert (await store.read_log(job_id, 0, 100)).total == len(sim.state.tasks[upid].log)


async def test_a_copy_pve_has_refused_for_an_hour_is_given_up(sim: Simulator, pve: PveClient, store: JobStore) -> None:
    job_id = "d" * 32
    await _owing(sim, pve, store, job_id)
    await store.redis.zadd(keys.owed_logs(store.cluster), {job_id: time.time() - OWED_GIVE_UP_SECONDS - 1})
    sim.faults.add_error(500, message="no such task", method="GET", path=LOG, count=1)

    assert await LogCopier(pve, store, asyncio.Semaphore(2)).pay(job_id) is True

    record = await store.get(job_id)
    assert record is not None and record.log_copying is None  # get_task_log no longer says it is coming
    assert (await store.read_log(job_id, 0, 100)).lines == []
    assert await store.owed_logs(time.time() + 1, 10) == []
