"""The task follower against real pvesim tasks over HTTPS: outcomes, slices, transient errors, paging, progress."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator

import pytest
from fakeredis import FakeServer
from fakeredis.aioredis import FakeRedis

from pvesim.config import SimConfig
from pvesim.simulator import Simulator
from shared.jobs.record import JobRecord
from shared.jobs.states import JobState
from shared.jobs.store import JobStore
from shared.pve.client import PveClient, RetryPolicy
from shared.pve.models import UPID
from shared.pve.upid import Upid
from shared.settings import load_settings
from workers.follow import follow_task, poll_delays

JOB = "f" * 32
_START = "/nodes/{node}/qemu/{vmid}/status/start"


@pytest.fixture
async def sim() -> AsyncIterator[Simulator]:
    async with Simulator(SimConfig(task_duration=0.1)) as running:
        yield running


@pytest.fixture
async def pve(sim: Simulator) -> AsyncIterator[PveClient]:
    settings = load_settings(
        proxmox_url=sim.url,
        proxmox_token_name=sim.token_name,
        proxmox_token_value=sim.token_secret,
        proxmox_ca_bundle=str(sim.ca_path),
    )
    async with PveClient.from_settings(settings, retry=RetryPolicy(attempts=2, backoff_s=0.01)) as client:
        yield client


@pytest.fixture
async def store() -> AsyncIterator[JobStore]:
    client = FakeRedis(server=FakeServer(), decode_responses=True)
    job_store = JobStore(client, ttl_seconds=600)
    await job_store.create(JobRecord(job_id=JOB, operation="power_control", tier="restricted"))
    yield job_store
    await client.aclose()


def _stopped_vm(sim: Simulator) -> int:
    return next(g.vmid for g in sim.state.guests.values() if g.kind == "qemu" and g.status == "stopped")


async def _start(pve: PveClient, sim: Simulator, vmid: int) -> Upid:
    node = sim.state.guests[vmid].node
    return await pve.post(_START, UPID, path={"node": node, "vmid": vmid})


async def _follow(pve: PveClient, store: JobStore, upid: Upid, seconds: float = 10.0):
    return await follow_task(pve, store, JOB, upid, deadline=time.monotonic() + seconds, delays=poll_delays(0.01))


async def test_ok_task_succeeds_with_its_whole_log(pve: PveClient, store: JobStore, sim: Simulator) -> None:
    upid = await _start(pve, sim, _stopped_vm(sim))
    end = await _follow(pve, store, upid)
    assert end is not None
    assert (end.state, end.exitstatus) == (JobState.SUCCEEDED, "OK")
    stored = await store.read_log(JOB, 0, 1000)
    assert stored.lines == sim.state.tasks[str(upid)].log
    assert stored.lines[-1] == "TASK OK"


async def test_warnings_succeed_and_surface_the_warn_lines(pve: PveClient, store: JobStore, sim: Simulator) -> None:
    sim.faults.add_task_rule(type="qmstart", outcome="warnings:2")
    end = await _follow(pve, store, await _start(pve, sim, _stopped_vm(sim)))
    assert end is not None
    assert (end.state, end.exitstatus) == (JobState.SUCCEEDED_WITH_WARNINGS, "WARNINGS: 2")
    assert end.warnings == ["WARN: simulated warning 1", "WARN: simulated warning 2"]


async def test_failed_task_reports_exit_status_and_log_tail(pve: PveClient, store: JobStore, sim: Simulator) -> None:
    sim.faults.add_task_rule(type="qmstart", outcome="error:no space left on device")
    end = await _follow(pve, store, await _start(pve, sim, _stopped_vm(sim)))
    assert end is not None
    assert (end.state, end.exitstatus) == (JobState.FAILED, "no space left on device")
    assert end.log_tail[-1] == "TASK ERROR: no space left on device"


async def test_slow_task_ends_the_slice_and_resumes_without_duplicating_lines(
    pve: PveClient, store: JobStore, sim: Simulator
) -> None:
    # a task fifteen times the slice: the slice ends well before the task, however slow the machine
    sim.faults.add_task_rule(type="qmstart", duration=3.0)
    upid = await _start(pve, sim, _stopped_vm(sim))
    assert await _follow(pve, store, upid, seconds=0.2) is None
    assert sim.state.tasks[str(upid)].status == "running"
    end = await _follow(pve, store, upid)
    assert end is not None
    assert end.state is JobState.SUCCEEDED
    assert (await store.read_log(JOB, 0, 1000)).lines == sim.state.tasks[str(upid)].log


@pytest.mark.parametrize("status", [595, 596, 599, 503])
async def test_transient_errors_are_polled_through(
    pve: PveClient, store: JobStore, sim: Simulator, status: int
) -> None:
    sim.faults.add_error(status, path="/nodes/{node}/tasks/{upid}/status", count=3)
    end = await _follow(pve, store, await _start(pve, sim, _stopped_vm(sim)))
    assert end is not None
    assert end.state is JobState.SUCCEEDED


async def test_long_logs_are_paged_completely_and_in_order(pve: PveClient, store: JobStore, sim: Simulator) -> None:
    sim.faults.add_task_rule(type="qmstart", duration=0.5)
    upid = await _start(pve, sim, _stopped_vm(sim))
    sim.state.tasks[str(upid)].log.extend(f"verbose line {i}" for i in range(1234))
    end = await _follow(pve, store, upid)
    assert end is not None
    stored = await store.read_log(JOB, 0, 5000)
    assert stored.lines == sim.state.tasks[str(upid)].log
    assert stored.total > 1234


async def test_progress_lines_become_progress_events(pve: PveClient, store: JobStore, sim: Simulator) -> None:
    sim.faults.add_task_rule(type="qmcreate", duration=0.4)
    upid = await pve.post(
        "/nodes/{node}/qemu",
        UPID,
        path={"node": "pve1"},
        body={"vmid": 950, "name": "follow-test", "memory": 512, "scsi0": "local-lvm:4", "net0": "virtio,bridge=vmbr0"},
    )
    end = await _follow(pve, store, upid)
    assert end is not None
    assert end.state is JobState.SUCCEEDED
    events = await store.events(JOB)
    percents = [e.percent for e in events if e.kind == "progress"]
    assert percents
    assert percents == sorted(percents)
    assert percents[-1] == 100.0
    record = await store.get(JOB)
    assert record is not None
    assert record.progress == 100.0
