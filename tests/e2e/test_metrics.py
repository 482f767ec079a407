"""/metrics of a worker and of the HTTP frontend (PROXMOX_MCP_METRICS), scraped as Prometheus scrapes them.

Every metric docs/metrics.md names is there with its labels, none of them unbounded (no vmid, node
or job ID), and the values move as jobs run: a read, a start whose PVE task the worker follows, a
tool call that fails, and the worker's Redis connections cut under it.
"""

from __future__ import annotations

import json
import re
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest
from prometheus_client.parser import text_string_to_metric_families
from prometheus_client.samples import Sample

from pvesim.config import SimConfig
from shared.jobs import keys
from shared.jobs.redis_url import redis_client
from tests.support.http_server import http_client, http_server
from tests.support.redis_server import free_port, redis_server
from tests.support.stack import HostedClient, Stack, start_stack
from tests.support.waiting import eventually

pytestmark = [pytest.mark.timeout(180)]

#: every metric and its labels (a histogram's own `le` aside)
METRICS = {
    "pmcp_queue_depth": {"cluster", "queue"},
    "pmcp_jobs_total": {"operation", "outcome"},
    "pmcp_job_duration_seconds": {"operation"},
    "pmcp_task_end_lag_seconds": set(),
    "pmcp_pve_requests_total": {"method", "endpoint", "status"},
    "pmcp_pve_request_duration_seconds": {"method", "endpoint"},
    "pmcp_followed_tasks": {"cluster"},
    "pmcp_redis_reconnects_total": set(),
}
FRONTEND = {"pmcp_tool_calls_total": {"tool", "code"}, "pmcp_redis_reconnects_total": set()}


@dataclass(frozen=True)
class Measured:
    stack: Stack
    worker: str  # the worker's /metrics URL
    frontend: str  # the HTTP frontend's MCP URL
    frontend_metrics: str


async def scrape(url: str) -> dict[str, list[Sample]]:
    """Samples by name (histograms under their _bucket, _count and _sum names)."""
    async with httpx.AsyncClient(timeout=10) as client:
        response = await client.get(url)
    response.raise_for_status()
    assert response.headers["content-type"].startswith("text/plain")
    samples: dict[str, list[Sample]] = {}
    for family in text_string_to_metric_families(response.text):
        for sample in family.samples:
            samples.setdefault(sample.name, []).append(sample)
    return samples


def value(samples: dict[str, list[Sample]], name: str, **labels: str) -> float:
    return sum(s.value for s in samples.get(name, []) if all(s.labels.get(k) == v for k, v in labels.items()))


@pytest.fixture(scope="module")
async def measured() -> AsyncIterator[Measured]:
    config = SimConfig(task_duration=0.3, lock_timeout=0.5)
    # a Redis of its own and one worker, the measured one: every job of the module is its
    with redis_server() as server:
        stack = await start_stack("redis", server, config, workers=0)
        try:
            worker_port, frontend_port = free_port(), free_port()
            stack.start_worker("metered", PROXMOX_MCP_METRICS=f"127.0.0.1:{worker_port}")
            redis = redis_client(server.url)
            try:
                await eventually(lambda: redis.exists(keys.worker_health("metered")), timeout=30, what="the worker")
            finally:
                await redis.aclose(close_connection_pool=True)
            env = stack.env(PROXMOX_MCP_METRICS=f"127.0.0.1:{frontend_port}")
            async with http_server(env, stack.log_dir, "--no-auth") as frontend:
                yield Measured(
                    stack,
                    f"http://127.0.0.1:{worker_port}/metrics",
                    frontend.url,
                    f"http://127.0.0.1:{frontend_port}/metrics",
                )
        finally:
            stack.stop()
            await stack.sim.stop()


async def test_every_metric_is_served_with_bounded_labels_and_moves_as_jobs_run(measured: Measured) -> None:
    sim = measured.stack.sim
    vm = next(g for g in sim.state.guests.values() if g.kind == "qemu" and g.status == "stopped" and not g.template)
    sim.faults.add_task_rule(type="qmstart", vmid=vm.vmid, duration=3.0, count=1)
    before = await scrape(measured.worker)
    async with HostedClient(http_client(measured.frontend)) as client:
        listed = await client.call_tool("list_nodes", {})
        assert not listed.is_error
        started = await client.call_tool(
            "power_control", {"vmid": vm.vmid, "action": "start", "confirmed": True, "wait_seconds": 0}
        )
        assert started.structured_content is not None
        job_id = started.structured_content["job_id"]

        async def following() -> bool:
            return value(await scrape(measured.worker), "pmcp_followed_tasks", cluster="default") >= 1

        await eventually(following, timeout=30, what="the worker's gauge to count the followed task")
        ended = await client.call_tool("get_task_status", {"job_id": job_id, "wait_seconds": 30})
        assert ended.structured_content is not None and ended.structured_content["state"] == "succeeded"
        missing = await client.call_tool("get_task_status", {"job_id": "0" * 32})
        assert missing.is_error

    async def settled() -> dict[str, list[Sample]] | None:
        after = await scrape(measured.worker)
        return after if value(after, "pmcp_followed_tasks", cluster="default") == 0 else None

    after = await eventually(settled, timeout=30, what="the followed task to leave the gauge")
    for name, labels in METRICS.items():
        assert (
            name in after
            or f"{name.removesuffix('_seconds')}_seconds_count" in after
            or any(key.startswith(name) for key in after)
        ), f"{name} is not served"
        for sample in after.get(name, []) + after.get(f"{name}_count", []):
            assert set(sample.labels) == labels, (name, sample.labels)
    assert value(after, "pmcp_jobs_total", operation="power_control", outcome="succeeded") == 1 + value(
        before, "pmcp_jobs_total", operation="power_control", outcome="succeeded"
    )
    assert value(after, "pmcp_jobs_total", operation="list_nodes", outcome="succeeded") >= 1
    assert value(after, "pmcp_job_duration_seconds_count", operation="power_control") >= 1
    assert value(after, "pmcp_task_end_lag_seconds_count") > value(before, "pmcp_task_end_lag_seconds_count")
    start_path = "/nodes/{node}/qemu/{vmid}/status/start"
    assert value(after, "pmcp_pve_requests_total", method="POST", endpoint=start_path, status="200") == 1
    assert value(after, "pmcp_pve_request_duration_seconds_count", method="GET") > value(
        before, "pmcp_pve_request_duration_seconds_count", method="GET"
    )
    assert {s.labels["queue"] for s in after["pmcp_queue_depth"]} == {"read", "change"}
    # no label carries a vmid, a node's name or a job ID
    for samples in after.values():
        for sample in samples:
            for label in sample.labels.values():
                assert str(vm.vmid) not in label.split("/") and job_id not in label and vm.node not in label

    front = await scrape(measured.frontend_metrics)
    for name, labels in FRONTEND.items():
        assert name in front, f"the frontend serves no {name}"
        assert all(set(s.labels) == labels for s in front[name])
    assert value(front, "pmcp_tool_calls_total", tool="power_control", code="ok") >= 1
    assert value(front, "pmcp_tool_calls_total", tool="get_task_status", code="NOT_FOUND") >= 1


async def test_a_cut_redis_connection_counts_as_a_reconnect(measured: Measured) -> None:
    before = value(await scrape(measured.worker), "pmcp_redis_reconnects_total")
    assert measured.stack.redis is not None
    # every client connection dropped at once, as a Redis restart or a network cut does
    measured.stack.redis.cli("CLIENT", "KILL", "TYPE", "normal")

    async def counted() -> bool:
        return value(await scrape(measured.worker), "pmcp_redis_reconnects_total") > before

    await eventually(counted, timeout=30, what="the worker to count its reconnect")


def test_the_dashboard_and_the_docs_name_only_metrics_that_are_served() -> None:
    root = Path(__file__).resolve().parents[2]
    served = {*METRICS, *FRONTEND}
    dashboard = json.loads((root / "docs" / "metrics" / "grafana-dashboard.json").read_text())
    expressions = [target["expr"] for panel in dashboard["panels"] for target in panel["targets"]]
    named = {re.sub(r"_(bucket|count|sum)$", "", name) for e in expressions for name in re.findall(r"pmcp_\w+", e)}
    assert named == served, named ^ served  # every metric has a panel, and no panel a metric that is not served
    documented = set(re.findall(r"^\| `(pmcp_\w+)`", (root / "docs" / "metrics.md").read_text(), re.M))
    assert documented == served
