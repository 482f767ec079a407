"""Signed jobs: a job written straight into Redis runs only with a valid, fresh signature, and only once.

A worker process of a real stack takes each job; every refusal ends the job `failed` with
JOB_REFUSED and sends PVE nothing at all.
"""

from __future__ import annotations

import time
from collections.abc import AsyncIterator
from typing import Any

import pytest
from redis.asyncio import Redis

from pvesim.config import SimConfig
from shared.caller import Caller
from shared.jobs import keys
from shared.jobs.signing import JobSigner
from tests.support.cluster import assert_unchanged, pick, picture
from tests.support.redis_jobs import ended, inject
from tests.support.redis_server import redis_server
from tests.support.signing import SIGNER
from tests.support.stack import Stack, start_stack
from tests.support.waiting import eventually

pytestmark = pytest.mark.timeout(120)


@pytest.fixture(scope="module")
async def signed_stack() -> AsyncIterator[Stack]:
    with redis_server() as server:
        stack = await start_stack(
            "redis", server, SimConfig(task_duration=0.2, lock_timeout=0.5), {"PROXMOX_MCP_WORKER_POLL": "0.2"}
        )
        try:
            yield stack
        finally:
            stack.stop()
            await stack.sim.stop()


def _start(vmid: int) -> dict[str, Any]:
    return {"vmid": vmid, "node": None, "action": "start", "confirmed": True, "timeout": None}


async def _refused(stack: Stack, **injected: Any) -> str:
    """Inject a job starting a stopped VM; it must be refused with nothing sent to PVE. Returns why."""
    assert stack.redis is not None
    vm = pick(stack.sim, "qemu", "stopped")
    before = picture(stack.sim)
    payload = injected.pop("payload", None) or _start(vm.vmid)
    job_id = await inject(stack.redis, "power_control", payload, **injected)
    record = await ended(stack.redis, job_id)
    assert (record.state.value, record.error_code) == ("failed", "JOB_REFUSED"), record.error_message
    assert len(stack.sim.requests) == before.requests  # not even a read
    assert_unchanged(stack.sim, before)
    return record.error_message or ""


async def test_an_unsigned_job_is_refused(signed_stack: Stack) -> None:
    assert "is not signed" in await _refused(signed_stack, signer=None)


async def test_a_job_signed_with_another_key_is_refused(signed_stack: Stack) -> None:
    other = JobSigner(b"a key that is not the workers' one", expiry_seconds=3600)
    assert "does not match its signature" in await _refused(signed_stack, signer=other)


async def test_a_job_with_one_payload_field_changed_is_refused(signed_stack: Stack) -> None:
    vm = pick(signed_stack.sim, "qemu", "stopped")
    now = int(time.time() * 1000)
    job_id = "f" * 32
    envelope = SIGNER.sign(
        job_id,
        "power_control",
        _start(vm.vmid),
        Caller(kind="token", name="a", scopes=("change",)),
        cluster="default",
        now_ms=now,
    )
    changed = _start(vm.vmid) | {"action": "stop"}
    why = await _refused(signed_stack, payload=changed, job_id=job_id, envelope=envelope)
    assert "does not match its signature" in why


async def test_a_job_whose_caller_claims_more_scopes_is_refused(signed_stack: Stack) -> None:
    vm = pick(signed_stack.sim, "qemu", "stopped")
    job_id = "e" * 32
    reader = Caller(kind="token", name="reader", scopes=("read",))
    envelope = SIGNER.sign(
        job_id, "power_control", _start(vm.vmid), reader, cluster="default", now_ms=int(time.time() * 1000)
    )
    envelope["caller"] = reader.model_copy(update={"scopes": ("critical",)}).model_dump(mode="json")
    why = await _refused(signed_stack, job_id=job_id, envelope=envelope, payload=_start(vm.vmid))
    assert "does not match its signature" in why


async def test_a_job_that_expired_before_it_started_is_refused(signed_stack: Stack) -> None:
    vm = pick(signed_stack.sim, "qemu", "stopped")
    job_id = "d" * 32
    old = int(time.time() * 1000) - 2 * 3600 * 1000  # signed two hours ago; the tests' key gives one hour
    envelope = SIGNER.sign(
        job_id,
        "power_control",
        _start(vm.vmid),
        Caller(kind="stdio", name="stdio", scopes=("critical",)),
        cluster="default",
        now_ms=old,
    )
    assert "expired before it started" in await _refused(signed_stack, job_id=job_id, envelope=envelope)


async def test_a_valid_job_replayed_is_refused(signed_stack: Stack) -> None:
    """A job that ran, written into Redis again: as it was, after its record was deleted, and under a new ID."""
    stack = signed_stack
    assert stack.redis is not None
    vm = pick(stack.sim, "qemu", "stopped")
    job_id = "c" * 32
    caller = Caller(kind="token", name="ops", scopes=("change",))
    envelope = SIGNER.sign(
        job_id, "power_control", _start(vm.vmid), caller, cluster="default", now_ms=int(time.time() * 1000)
    )
    first = await ended(
        stack.redis, await inject(stack.redis, "power_control", _start(vm.vmid), job_id=job_id, envelope=envelope)
    )
    assert first.state.value == "succeeded"
    assert first.caller == caller
    # it runs once: stop it again by hand, so a second run would show
    stack.sim.state.guests[vm.vmid].status = "stopped"
    before = picture(stack.sim)

    # 1. the same job again: its record says it ended, so it is not run again
    await inject(stack.redis, "power_control", _start(vm.vmid), job_id=job_id, envelope=envelope)
    client = Redis.from_url(stack.redis.url, decode_responses=True)
    try:

        async def gone() -> bool:
            return not await client.exists(keys.job_payload(job_id))

        await eventually(gone, timeout=20, what="the replayed job to be taken")
        assert_unchanged(stack.sim, before)
        # 2. its record deleted first, to make it look new
        await client.delete(keys.job_record(job_id))
    finally:
        await client.aclose()
    await inject(stack.redis, "power_control", _start(vm.vmid), job_id=job_id, envelope=envelope)
    replay = await ended(stack.redis, job_id)
    assert (replay.state.value, replay.error_code) == ("failed", "JOB_REFUSED")
    assert "a replay" in (replay.error_message or "")
    assert_unchanged(stack.sim, before)
    # 3. under another job ID: the signature covers the ID
    why = await _refused(stack, job_id="b" * 32, envelope=envelope, payload=_start(vm.vmid))
    assert "does not match its signature" in why
