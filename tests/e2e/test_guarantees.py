"""What the orchestrator promises on every path, through the stdio client against pvesim."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import ssl

import httpx
import pytest
from mcp import Client

from shared.jobs import keys
from shared.jobs.client import JobClient
from shared.jobs.connection import connect_redis
from shared.jobs.store import JobStore
from shared.operations.guests import LIST_VMS, ListGuestsParams
from shared.redact import Redactor
from shared.settings import load_settings
from tests.support.agent import call, error_of
from tests.support.signing import SIGNER
from tests.support.stack import Stack
from tests.support.waiting import eventually

pytestmark = pytest.mark.timeout(120)


async def test_malformed_pve_response_is_a_contract_divergence_naming_path_and_field(mcp: Client, stack: Stack) -> None:
    stack.sim.faults.add_malformed("/nodes", mode="missing_field")
    text = await error_of(mcp, "list_nodes")
    assert "API_CONTRACT_DIVERGENCE:" in text
    assert "/nodes" in text
    assert "data[0]" in text


async def test_forbidden_read_names_the_missing_privilege_and_path(mcp: Client, stack: Stack) -> None:
    acl = stack.sim.core.tokens[stack.sim.token_name].acl
    saved = dict(acl)
    acl.clear()
    acl["/vms"] = frozenset({"VM.Audit"})
    try:
        text = await error_of(mcp, "get_resource_usage", node="pve1")
    finally:
        acl.clear()
        acl.update(saved)
    assert "PERMISSION_DENIED:" in text
    assert "Sys.Audit" in text
    assert "/nodes/pve1" in text
    assert "pveum acl modify /nodes/pve1" in text


async def test_bad_input_enqueues_nothing(mcp: Client, stack: Stack) -> None:
    if stack.redis is None:
        pytest.skip("the embedded store lives inside the server process")
    before = stack.redis.cli("--raw", "ZCARD", keys.JOB_INDEX)
    for tool, arguments in [
        ("list_vms", {"node": "pve1; rm -rf /"}),
        ("get_instance_config", {"vmid": 99}),
        ("list_storage_content", {"node": "pve1", "storage": "local", "content": "everything"}),
        ("get_task_log", {"upid": "UPID:not-a-upid"}),
        ("get_task_status", {}),
    ]:
        assert "VALIDATION_ERROR" in await error_of(mcp, tool, **arguments)
    assert stack.redis.cli("--raw", "ZCARD", keys.JOB_INDEX) == before
    assert stack.redis.cli("--raw", "ZCARD", keys.queue_for(keys.DEFAULT_CLUSTER, False)).strip() == "0"


async def test_job_and_record_read_as_json_with_redis_cli(mcp: Client, stack: Stack) -> None:
    if stack.redis is None:
        pytest.skip("the embedded store lives inside the server process")
    worker = stack.workers[0].process
    settings = load_settings(redis_url=stack.redis.url)
    connections = connect_redis(settings)
    store = JobStore(connections.store, ttl_seconds=600)
    queue = JobClient(store, redactor=Redactor(), signer=SIGNER)
    os.kill(worker.pid, signal.SIGSTOP)  # hold the job in the queue so arq:job:<id> can be read
    try:
        params = ListGuestsParams(node="pve1")
        record = await queue.submit(LIST_VMS, params)
        job = json.loads(stack.redis.cli("--raw", "GET", f"arq:job:{record.job_id}"))
        assert (job["f"], job["a"]) == ("list_vms", [params.model_dump(mode="json")])
    finally:
        os.kill(worker.pid, signal.SIGCONT)
    await eventually(lambda: _finished(store, record.job_id), what="the held job to finish")
    fields = stack.redis.cli("--raw", "HGETALL", keys.job_record(record.job_id)).splitlines()
    record_hash = dict(zip(fields[::2], fields[1::2], strict=True))
    assert record_hash["state"] == "succeeded"
    assert json.loads(record_hash["args"]) == params.model_dump(mode="json")
    assert {g["vmid"] for g in json.loads(record_hash["result"])["guests"]}
    assert stack.redis.cli("EXISTS", f"arq:job:{record.job_id}").strip() == "(integer) 0"  # an ended job's payload goes
    await connections.aclose()


async def _finished(store: JobStore, job_id: str) -> bool:
    record = await store.get(job_id)
    return record is not None and record.terminal


async def test_task_log_of_a_foreign_task_pages_like_pve(mcp: Client, stack: Stack) -> None:
    sim = stack.sim
    vmid = next(g.vmid for g in sim.state.guests.values() if g.kind == "qemu" and g.status == "stopped")
    node = sim.state.guests[vmid].node
    tls = ssl.create_default_context(cafile=str(sim.ca_path))
    async with httpx.AsyncClient(verify=tls, headers={"Authorization": sim.auth_header}) as http:
        answer = await http.post(f"{sim.api_url}/nodes/{node}/qemu/{vmid}/status/start")
    upid = answer.json()["data"]
    sim.state.tasks[upid].log.extend(f"line {i}" for i in range(25))
    await sim.wait_task(upid)
    status = await call(mcp, "get_task_status", upid=upid)
    assert (status["state"], status["done"], status["vmid"]) == ("succeeded", True, vmid)
    lines: list[dict] = []
    start: int | None = 0
    while start is not None:
        page = await call(mcp, "get_task_log", upid=upid, start=start, limit=10)
        lines.extend(page["lines"])
        start = page["next_start"]
    assert [line["n"] for line in lines] == list(range(1, len(sim.state.tasks[upid].log) + 1))
    assert [line["t"] for line in lines] == sim.state.tasks[upid].log


async def test_waiting_on_a_foreign_task_answers_once_it_ended(mcp: Client, stack: Stack) -> None:
    sim = stack.sim
    vm = sim.state.guests[100]
    sim.faults.add_task_rule(type="qmsnapshot", vmid=vm.vmid, duration=2.0, count=1)
    tls = ssl.create_default_context(cafile=str(sim.ca_path))
    base = f"{sim.api_url}/nodes/{vm.node}/qemu/{vm.vmid}/snapshot"
    async with httpx.AsyncClient(verify=tls, headers={"Authorization": sim.auth_header}) as http:
        upid = (await http.post(base, data={"snapname": "waitedfor"})).json()["data"]
        status = await call(mcp, "get_task_status", upid=upid, wait_seconds=30)
        assert (status["state"], status["done"]) == ("succeeded", True)  # a 2 s task, waited for
        assert sim.state.tasks[upid].status == "stopped"
        await sim.wait_task((await http.delete(f"{base}/waitedfor")).json()["data"])  # as the other tests found it


async def test_status_of_an_unknown_job_is_not_found(mcp: Client) -> None:
    assert "NOT_FOUND: no job" in await error_of(mcp, "get_task_status", job_id="0" * 32)


async def test_many_concurrent_reads_all_finish(mcp: Client, stack: Stack) -> None:
    results = await asyncio.gather(*(mcp.call_tool("list_vms", {}) for _ in range(20)))
    assert not any(r.is_error for r in results)
