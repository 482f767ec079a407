"""`docker compose up --scale worker=N`, played with local processes running the compose file's own worker.

The worker service's command, environment and healthcheck come from docker-compose.yml (see
tests/support/compose.py), so the file and these tests cannot drift apart. Jobs go in the way
the MCP server enqueues them (JobClient); pvesim counts the API calls each job makes.
"""

from __future__ import annotations

import asyncio
import subprocess
from collections import Counter

import pytest

from pvesim.simulator import Simulator
from shared.jobs.record import JobRecord
from shared.jobs.states import JobState
from shared.operations.guests import GET_INSTANCE_CONFIG, GetConfigParams
from tests.support.deployment import Deployment, run, seconds
from tests.support.waiting import eventually

pytestmark = pytest.mark.timeout(180)

JOBS = 48


async def submit_config_reads(deployment: Deployment, sim: Simulator, count: int) -> dict[int, JobRecord]:
    """One get_instance_config job per guest, so each job's own PVE calls can be told apart."""
    vmids = sorted(sim.state.guests)[:count]
    assert len(vmids) == count
    return {vmid: await deployment.queue.submit(GET_INSTANCE_CONFIG, GetConfigParams(vmid=vmid)) for vmid in vmids}


async def finished(deployment: Deployment, jobs: dict[int, JobRecord], timeout: float) -> dict[int, JobRecord]:
    async def all_ended() -> dict[int, JobRecord]:
        records = {vmid: await deployment.store.get(job.job_id) for vmid, job in jobs.items()}
        ended = {vmid: r for vmid, r in records.items() if r is not None and r.terminal}
        return ended if len(ended) == len(jobs) else {}

    return await eventually(all_ended, timeout=timeout, interval=0.1, what=f"{len(jobs)} jobs to end")


async def succeeded_events(deployment: Deployment, job_id: str) -> int:
    return sum(event.state is JobState.SUCCEEDED for event in await deployment.store.events(job_id))


@pytest.mark.parametrize("replicas", [1, 3])
async def test_every_replica_takes_work_and_every_job_runs_exactly_once(
    deployment: Deployment, sim: Simulator, replicas: int
) -> None:
    started = await deployment.scale(replicas)
    # Each API answer takes a moment, so a job holds its worker's slot while the others poll:
    # the queue is shared, and a busy replica does not starve the idle ones.
    sim.faults.latency = 0.25
    sim.requests.clear()

    jobs = await submit_config_reads(deployment, sim, JOBS)
    records = await finished(deployment, jobs, timeout=120)

    by_worker = Counter(record.worker for record in records.values())
    print(f"\n--scale worker={replicas}: jobs per replica {sorted(by_worker.values(), reverse=True)}")
    assert set(by_worker) == {replica.name for replica in started}, by_worker
    for vmid, record in records.items():
        assert record.state is JobState.SUCCEEDED, (vmid, record.error_code, record.error_message)
        assert record.attempts == 1, (vmid, record.attempts)
        assert record.result["vmid"] == vmid
        assert await succeeded_events(deployment, record.job_id) == 1
    # One run per job, as PVE saw it: the guest lookup and the guest's own config read, once each.
    guests = sim.state.guests
    expected = Counter({"/cluster/resources": JOBS}) + Counter(
        f"/nodes/{guests[vmid].node}/{guests[vmid].kind}/{vmid}/config" for vmid in jobs
    )
    assert Counter(request.path for request in sim.requests) == expected


async def test_compose_healthcheck_passes_while_replicas_run_and_fails_once_they_stop(
    deployment: Deployment,
) -> None:
    worker = deployment.worker
    check, env = worker.healthcheck_argv(), worker.process_env(deployment.addresses)
    timeout = seconds(worker.spec["healthcheck"]["timeout"])
    replicas = await deployment.scale(2)

    assert await run(check, env, timeout) == 0

    for replica in replicas:
        replica.terminate()
    for replica in replicas:
        assert await asyncio.to_thread(replica.wait, seconds(worker.spec["stop_grace_period"])) == 0
    assert await run(check, env, timeout) != 0


async def test_stopping_a_replica_lets_its_running_jobs_finish_within_the_grace_period(
    deployment: Deployment, sim: Simulator
) -> None:
    worker = deployment.worker
    drain = float(worker.environment()["PROXMOX_MCP_WORKER_DRAIN"])
    grace = seconds(worker.spec["stop_grace_period"])
    assert grace > drain, "docker would kill a draining worker before its jobs end"
    [replica] = await deployment.scale(1)
    sim.faults.latency = 1.5  # each job is mid-flight (two API calls) when the stop comes

    jobs = await submit_config_reads(deployment, sim, 4)

    async def all_running() -> bool:
        records = [await deployment.store.get(job.job_id) for job in jobs.values()]
        return all(r is not None and r.state is JobState.RUNNING for r in records)

    await eventually(all_running, timeout=30, what="the jobs to be running")
    replica.terminate()  # `docker compose stop`: SIGTERM, then SIGKILL after stop_grace_period
    try:
        exit_status = await asyncio.to_thread(replica.wait, grace)
    except subprocess.TimeoutExpired:
        pytest.fail(f"the worker outlived stop_grace_period ({grace}s): docker would have killed it mid-job")
    assert exit_status == 0, replica.log()

    records = await finished(deployment, jobs, timeout=5)
    for record in records.values():
        assert record.state is JobState.SUCCEEDED, (record.error_code, record.error_message)
        assert record.attempts == 1
        assert record.worker == replica.name
