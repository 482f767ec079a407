"""Two clusters behind one server (PROXMOX_CLUSTERS): each call reaches the cluster it names, and only it.

Two pvesim clusters, `a` and `b`, both with a VM 100 (named web-a and web-b), are served by one
MCP server, spoken to by the real MCP client over stdio: embedded (one process serving both), and
with Redis and one worker process per cluster (PROXMOX_MCP_WORKER_CLUSTERS). What an agent
notices: reads and changes of VMID 100 land on the cluster named, a change on one cluster does
not wait for one on the other while two on the same guest do, an unknown cluster is refused with
nothing queued, and a worker never runs a job of a cluster it does not serve or was not signed for.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from typing import Any

import pytest
from mcp import Client
from redis.asyncio import Redis

from shared.caller import Caller
from shared.jobs import keys
from shared.jobs.record import JobRecord
from shared.jobs.store import JobStore
from tests.support.agent import call, error_of, submit
from tests.support.redis_jobs import ended, inject
from tests.support.redis_server import RedisServer
from tests.support.signing import SIGNER
from tests.support.stack import HostedClient, Stack
from tests.support.two_clusters import ClustersStack, healthy, two_clusters
from tests.support.waiting import eventually

pytestmark = pytest.mark.timeout(180)


@pytest.fixture(scope="module", params=["redis", "embedded"])
async def clusters(
    request: pytest.FixtureRequest, redis_proc: RedisServer, tmp_path_factory: Any
) -> AsyncIterator[ClustersStack]:
    async with two_clusters(request.param, redis_proc, tmp_path_factory.mktemp("clusters")) as stack:
        yield stack


@pytest.fixture(scope="module")
async def mcp(clusters: ClustersStack) -> AsyncIterator[Client]:
    async with HostedClient(clusters.client()) as client:
        yield client


async def _record(stack: Stack, job_id: str) -> JobRecord:
    assert stack.redis is not None
    client = Redis.from_url(stack.redis.url, decode_responses=True)
    try:
        found = await JobStore(client, ttl_seconds=600).get(job_id)
    finally:
        await client.aclose()
    assert found is not None
    return found


async def test_every_tool_takes_a_required_cluster_and_list_clusters_lists_both(mcp: Client) -> None:
    tools = (await mcp.list_tools()).tools
    by_job = {"get_task_status", "get_task_log", "cancel_task"}  # a job ID finds its cluster; a UPID needs it
    redis_only = {"get_mcp_logs", "get_audit_log", "list_clusters"}
    no_cluster = {"enable_toolset"}  # it lists this server's own tools
    others = [tool for tool in tools if tool.name not in by_job | redis_only | no_cluster]
    by_name = {tool.name: tool for tool in tools}
    assert "cluster" not in by_name["get_mcp_logs"].input_schema["properties"]
    assert "cluster" not in by_name["enable_toolset"].input_schema["properties"]
    audit_filter = by_name["get_audit_log"].input_schema
    assert audit_filter["properties"]["cluster"]["enum"] == ["a", "b"]  # a filter, not required
    assert "cluster" not in audit_filter.get("required", ())
    assert {"list_clusters", "list_vms", "create_snapshot"} <= {tool.name for tool in tools}
    assert all(tool.input_schema["properties"]["cluster"]["enum"] == ["a", "b"] for tool in others)
    assert all("cluster" in tool.input_schema["required"] for tool in others)
    assert all(
        "cluster" in tool.input_schema["properties"] and "cluster" not in tool.input_schema.get("required", ())
        for tool in tools
        if tool.name in by_job
    )
    listed = await call(mcp, "list_clusters")
    by_cluster = {entry["name"]: entry for entry in listed["clusters"]}
    assert list(by_cluster) == ["a", "b"]
    assert by_cluster["a"]["default"] and not by_cluster["b"]["default"]
    assert all(entry["reachable"] and entry["version"] for entry in by_cluster.values()), listed


async def test_a_vmid_both_clusters_have_is_read_from_the_cluster_named(clusters: ClustersStack, mcp: Client) -> None:
    for cluster, name in (("a", "web-a"), ("b", "web-b"), ("a", "web-a")):
        config = await call(mcp, "get_instance_config", cluster=cluster, vmid=100)
        assert config["config"]["name"] == name
        listed = await call(mcp, "list_vms", cluster=cluster)
        assert {guest["name"] for guest in listed["guests"] if guest["vmid"] == 100} == {name}


async def test_an_unknown_or_missing_cluster_is_refused_before_anything_is_queued(
    clusters: ClustersStack, mcp: Client
) -> None:
    requests = {cluster: len(sim.requests) for cluster, sim in clusters.sims().items()}
    queued = await _jobs(clusters)
    unknown = await error_of(mcp, "get_instance_config", cluster="c", vmid=100)
    assert unknown.startswith("UNKNOWN_CLUSTER: no cluster 'c': this server reaches a, b"), unknown
    missing = await error_of(mcp, "create_snapshot", vmid=100, name="nowhere", confirmed=True)
    assert missing.startswith("UNKNOWN_CLUSTER: no cluster given"), missing
    assert await _jobs(clusters) == queued
    assert {cluster: len(sim.requests) for cluster, sim in clusters.sims().items()} == requests


async def _jobs(stack: Stack) -> int | None:
    if stack.redis is None:
        return None
    client = Redis.from_url(stack.redis.url)
    try:
        return int(await client.zcard(keys.JOB_INDEX))
    finally:
        await client.aclose()


def _snapshots(stack: ClustersStack, cluster: str) -> set[str]:
    return set(stack.sims()[cluster].state.guests[100].snapshots)


async def test_changes_of_vm_100_land_on_their_cluster_and_lock_only_their_own_guest(
    clusters: ClustersStack, mcp: Client
) -> None:
    """Two snapshots of VM 100 on a and one on b, at once: b's runs alongside a's, a's two one after the other."""
    before = {cluster: {t.upid for t in sim.state.tasks.values()} for cluster, sim in clusters.sims().items()}
    jobs = await asyncio.gather(
        submit(mcp, "create_snapshot", cluster="a", vmid=100, name="a1"),
        submit(mcp, "create_snapshot", cluster="a", vmid=100, name="a2"),
        submit(mcp, "create_snapshot", cluster="b", vmid=100, name="b1"),
    )
    for job_id in jobs:
        done = await _ended(mcp, job_id)
        assert done["state"] == "succeeded", done
    assert {"a1", "a2"} <= _snapshots(clusters, "a") and "b1" not in _snapshots(clusters, "a")
    assert "b1" in _snapshots(clusters, "b") and not {"a1", "a2"} & _snapshots(clusters, "b")
    new = {
        cluster: sorted(
            (t for t in sim.state.tasks.values() if t.upid not in before[cluster] and t.type == "qmsnapshot"),
            key=lambda t: t.began,
        )
        for cluster, sim in clusters.sims().items()
    }
    first, second = new["a"]
    (other,) = new["b"]
    assert first.ended is not None and second.ended is not None and other.ended is not None
    assert second.began >= first.ended  # the same guest: one after the other
    # another cluster's VM 100: it ran while a's first or second did, not after both
    assert other.began < second.ended and other.ended > first.began
    if clusters.redis is not None:  # each by the worker of its cluster, signed for it
        records = [await _record(clusters, job_id) for job_id in jobs]
        assert [(r.cluster, r.worker) for r in records] == [("a", "wa"), ("a", "wa"), ("b", "wb")]


async def _untaken(server: RedisServer, job_id: str) -> bool:
    """Whether the job is still in b's queue, with no claim and no record: no worker took it."""
    client = Redis.from_url(server.url, decode_responses=True)
    try:
        queued = await client.zscore(keys.queue_for("b", False), job_id) is not None
        return queued and not await client.exists(keys.job_claim(job_id), keys.job_record(job_id))
    finally:
        await client.aclose()


async def _ended(mcp: Client, job_id: str) -> dict[str, Any]:
    async def done() -> dict[str, Any] | None:
        job = await call(mcp, "get_task_status", job_id=job_id, wait_seconds=5)
        return job if job["done"] else None

    return await eventually(done, timeout=90, interval=0.2, what=f"job {job_id}")


async def test_a_job_signed_for_one_cluster_is_refused_in_the_others_queue(clusters: ClustersStack) -> None:
    if clusters.redis is None:
        pytest.skip("jobs are written into Redis by hand")
    b = clusters.sims()["b"]
    before = len(b.requests)
    payload = {"vmid": 100, "node": None, "action": "stop", "confirmed": True, "timeout": None}
    job_id = "ab" * 16
    envelope = SIGNER.sign(
        job_id,
        "power_control",
        payload,
        Caller(kind="stdio", name="stdio", scopes=("critical",)),
        cluster="a",
        now_ms=int(time.time() * 1000),
    )
    record = await ended(
        clusters.redis,
        await inject(clusters.redis, "power_control", payload, job_id=job_id, envelope=envelope, cluster="b"),
    )
    assert (record.state.value, record.error_code) == ("failed", "JOB_REFUSED")
    assert "signed for cluster 'a' but queued for 'b'" in (record.error_message or "")
    assert len(b.requests) == before
    assert b.state.guests[100].status == "running"


async def test_a_worker_serving_one_cluster_never_takes_the_others_job(clusters: ClustersStack) -> None:
    """With b's worker stopped, a's worker runs a's jobs and leaves b's queued; a worker for b then runs it."""
    if clusters.redis is None:
        pytest.skip("one process serves both clusters embedded")
    server = clusters.redis
    (wb,) = [worker for worker in clusters.workers if worker.name == "wb"]
    wb.stop()
    b_job = await inject(server, "list_nodes", {}, cluster="b")
    a_job = await inject(server, "list_nodes", {}, cluster="a")
    assert (await ended(server, a_job)).worker == "wa"  # a's worker polled after b's job was queued
    assert await _untaken(server, b_job)
    wb2 = clusters.start_worker("wb2", PROXMOX_MCP_WORKER_CLUSTERS="b")
    done = await ended(server, b_job)
    assert (done.state.value, done.worker, done.cluster) == ("succeeded", "wb2", "b")
    # as it was for the other tests: b served by wb
    wb2.stop()
    clusters.workers.remove(wb2)
    clusters.workers.remove(wb)
    clusters.start_worker("wb", PROXMOX_MCP_WORKER_CLUSTERS="b")
    await healthy(clusters, "wb")


async def test_a_caller_scoped_to_one_cluster_is_refused_on_the_other_by_the_worker_too(
    clusters: ClustersStack,
) -> None:
    """The frontend refuses a call naming a cluster outside the caller's scopes; a job signed for it anyway (by
    whoever holds the key) is refused by the worker from the signed caller, with nothing sent to PVE."""
    if clusters.redis is None:
        pytest.skip("jobs are written into Redis by hand")
    b = clusters.sims()["b"]
    before = len(b.requests)
    caller = Caller(kind="token", name="ops-a", scopes=("change", "cluster:a"))
    payload = {"vmid": 100, "node": None, "action": "stop", "confirmed": True, "timeout": None}
    job_id = await inject(clusters.redis, "power_control", payload, caller=caller, cluster="b")
    record = await ended(clusters.redis, job_id)
    assert (record.state.value, record.error_code) == ("failed", "PERMISSION_DENIED")
    assert "cluster b is outside the scopes of token:ops-a (cluster:a)" in (record.error_message or "")
    assert len(b.requests) == before
    assert b.state.guests[100].status == "running"


async def test_the_status_and_audit_entry_of_a_change_name_its_cluster_and_the_log_filters_by_it(
    clusters: ClustersStack, mcp: Client
) -> None:
    """A snapshot of VM 100 on each cluster: who audits them tells them apart by their cluster."""
    jobs = {
        cluster: await submit(mcp, "create_snapshot", cluster=cluster, vmid=100, name=f"audit-{cluster}")
        for cluster in ("a", "b")
    }
    for cluster, job_id in jobs.items():
        done = await _ended(mcp, job_id)
        assert (done["state"], done["cluster"], done["vmid"]) == ("succeeded", cluster, 100), done

    async def audited() -> dict[str, Any] | None:
        entries = (await call(mcp, "get_audit_log", limit=500))["entries"]
        found = {entry["job_id"]: entry for entry in entries if entry["job_id"] in jobs.values()}
        return found if len(found) == len(jobs) else None

    entries = await eventually(audited, timeout=30, interval=0.2, what="both audit entries")
    assert {cluster: entries[job_id]["cluster"] for cluster, job_id in jobs.items()} == {"a": "a", "b": "b"}
    for cluster in ("a", "b"):
        only = (await call(mcp, "get_audit_log", cluster=cluster, vmid=100, limit=500))["entries"]
        assert only and {entry["cluster"] for entry in only} == {cluster}
        assert jobs[cluster] in {entry["job_id"] for entry in only}
