"""Fleet changes through the real MCP client, a redis-server, worker processes and pvesim.

A fleet snapshot of every guest with a tag: the dry run plans exactly those guests; confirmed,
each is snapshotted once, never more than `parallel` at a time (pvesim's task records give each
task's start and end, so the overlap is measured, not guessed); a guest whose snapshot fails is
reported failed while the others succeed; a worker SIGKILLed mid-fleet still leaves each guest
snapshotted exactly once.
"""

from __future__ import annotations

import signal
from collections.abc import AsyncIterator, Callable
from typing import Any

import pytest
from mcp import Client

from pvesim.config import SimConfig
from pvesim.simulator import Simulator
from pvesim.state import Task
from tests.e2e import test_exactly_once
from tests.e2e.test_exactly_once import Crew, dead
from tests.support.agent import call, error_of, finished, status, submit
from tests.support.cluster import assert_unchanged, picture
from tests.support.redis_server import RedisServer
from tests.support.stack import HostedClient, Stack, own_stack, start_stack
from tests.support.waiting import eventually

pytestmark = pytest.mark.timeout(240)

#: guests 300-307 carry the tag "fleet" (a template with it never counts), 310-321 "bulk"
_FLEET = [
    (300, "qemu", "pve1", "running"),
    (301, "qemu", "pve1", "stopped"),
    (302, "lxc", "pve1", "running"),
    (303, "lxc", "pve2", "stopped"),
    (304, "qemu", "pve2", "running"),
    (305, "lxc", "pve2", "running"),
    (306, "qemu", "pve1", "stopped"),
    (307, "lxc", "pve1", "stopped"),
]


def scenario() -> str:
    lines = ["cluster_name: lab", "nodes: [{name: pve1}, {name: pve2}]", "guests:"]
    for vmid, kind, node, state in _FLEET:
        lines.append(f"  - {{vmid: {vmid}, type: {kind}, node: {node}, status: {state}, tags: [fleet, prod]}}")
    lines.append("  - {vmid: 308, type: qemu, node: pve2, status: running, tags: [prod]}")
    lines.append('  - {vmid: 309, type: qemu, node: pve1, status: stopped, tags: [fleet], config: {template: "1"}}')
    for vmid in range(310, 322):
        lines.append(f"  - {{vmid: {vmid}, type: lxc, node: pve{vmid % 2 + 1}, status: stopped, tags: [bulk]}}")
    return "\n".join(lines) + "\n"


FLEET = [vmid for vmid, *_ in _FLEET]
BULK = list(range(310, 322))


def config(tmp: pytest.TempPathFactory) -> SimConfig:
    file = tmp.mktemp("fleet") / "fleet.yaml"
    file.write_text(scenario())
    return SimConfig(scenario=file, task_duration=0.3, lock_timeout=0.5)


@pytest.fixture(scope="module")
async def lab(redis_proc: RedisServer, tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[Stack]:
    running = await start_stack("redis", redis_proc, config(tmp_path_factory), {"PROXMOX_MCP_WORKER_POLL": "0.2"})
    yield running
    running.stop()
    await running.sim.stop()


@pytest.fixture(scope="module")
async def mcp(lab: Stack) -> AsyncIterator[Client]:
    async with HostedClient(lab.client()) as client:
        yield client


def snapshot_tasks(sim: Simulator, name: str) -> list[Task]:
    """The snapshot tasks of this name (a task's id is the VMID; the name is in the request)."""
    posted = {
        r.path.split("/")[4]
        for r in sim.requests
        if r.method == "POST" and r.path.endswith("/snapshot") and r.params.get("snapname") == name
    }
    return [t for t in sim.state.tasks.values() if t.type in ("qmsnapshot", "vzsnapshot") and t.id in posted]


def snapshot_posts(sim: Simulator, name: str) -> dict[int, int]:
    """How many snapshot requests of this name each guest got."""
    found: dict[int, int] = {}
    for r in sim.requests:
        if r.method == "POST" and r.path.endswith("/snapshot") and r.params.get("snapname") == name:
            vmid = int(r.path.split("/")[4])
            found[vmid] = found.get(vmid, 0) + 1
    return found


def most_at_once(tasks: list[Task]) -> int:
    """The largest number of these tasks running at the same moment (from their start and end times)."""
    edges = sorted([(t.began, 1) for t in tasks] + [(t.ended or float("inf"), -1) for t in tasks])
    now = peak = 0
    for _, step in edges:
        now += step
        peak = max(peak, now)
    return peak


async def test_a_dry_run_plans_exactly_the_guests_with_the_tag_and_changes_nothing(mcp: Client, lab: Stack) -> None:
    before = picture(lab.sim)
    plan = await call(mcp, "snapshot_guests", tag="fleet", name="pre", dry_run=True)
    assert [g["vmid"] for g in plan["guests"]] == FLEET  # not 308 (no tag), not 309 (a template)
    assert {g["state"] for g in plan["guests"]} == {"planned"}
    assert (plan["state"], plan["job_id"], plan["counts"]) == ("planned", None, {"planned": len(FLEET)})
    assert "take snapshot 'pre' of 8 guests: VM 300 'guest300' on node pve1" in plan["message"]
    assert_unchanged(lab.sim, before)


async def test_an_unconfirmed_fleet_answers_its_plan_and_changes_nothing(mcp: Client, lab: Stack) -> None:
    before = picture(lab.sim)
    text = await error_of(mcp, "power_guests", tag="fleet", kind="lxc", action="start")
    assert text.startswith("CONFIRMATION_REQUIRED:"), text
    assert "start 4 guests: container 302" in text and "container 307" in text
    assert_unchanged(lab.sim, before)


async def test_a_list_sent_as_json_text_is_asked_about_as_the_list_it_runs(mcp: Client, lab: Stack) -> None:
    # Some clients send a list argument as its JSON text. The SDK parses it before validating the
    # arguments; the plan put to the user is built from those same parsed arguments, as the run is.
    before = picture(lab.sim)
    text = await error_of(mcp, "power_guests", vmids="[302, 305]", action="stop")
    assert text.startswith("CONFIRMATION_REQUIRED:"), text
    assert "stop 2 guests: container 302" in text and "container 305" in text
    assert_unchanged(lab.sim, before)


async def test_a_fleet_snapshot_takes_each_once_never_more_than_parallel_at_a_time(mcp: Client, lab: Stack) -> None:
    sim = lab.sim
    for task_type in ("qmsnapshot", "vzsnapshot"):
        sim.faults.add_task_rule(type=task_type, duration=1.0)
    try:
        job_id = await submit(mcp, "snapshot_guests", tag="fleet", name="wave", parallel=2)
        job = await finished(mcp, job_id, timeout=120)
    finally:
        sim.faults.tasks.clear()
    assert job["state"] == "succeeded", job
    assert job["result"]["counts"] == {"succeeded": len(FLEET)}
    assert [(g["vmid"], g["state"]) for g in job["result"]["guests"]] == [(v, "succeeded") for v in FLEET]
    assert job["progress"] == 100
    assert snapshot_posts(sim, "wave") == dict.fromkeys(FLEET, 1)
    assert all("wave" in sim.state.guests[v].snapshots for v in FLEET)
    tasks = snapshot_tasks(sim, "wave")
    assert len(tasks) == len(FLEET)
    assert most_at_once(tasks) == 2  # they overlapped, and never more than parallel=2 ran


async def test_a_guest_whose_snapshot_fails_is_reported_failed_while_the_others_succeed(
    mcp: Client, lab: Stack
) -> None:
    sim = lab.sim
    sim.faults.add_task_rule(type="vzsnapshot", vmid=303, outcome="error:snapshot feature is not available")
    try:
        report = await call(mcp, "snapshot_guests", tag="fleet", name="mixed", confirmed=True, wait_seconds=60)
    finally:
        sim.faults.tasks.clear()
    assert (report["state"], report["done"]) == ("partial", True), report
    states = {g["vmid"]: g["state"] for g in report["guests"]}
    assert states == {v: "failed" if v == 303 else "succeeded" for v in FLEET}
    [failed] = [g for g in report["guests"] if g["vmid"] == 303]
    assert "snapshot feature is not available" in failed["message"]
    assert report["counts"] == {"succeeded": len(FLEET) - 1, "failed": 1}
    assert "303" in report["message"]
    assert [v for v in FLEET if "mixed" in sim.state.guests[v].snapshots] == [v for v in FLEET if v != 303]
    child = await status(mcp, failed["job_id"])  # each guest's job is a job of its own
    assert (child["operation"], child["vmid"], child["state"]) == ("create_snapshot", 303, "failed")


async def test_stop_on_error_leaves_the_guests_not_started_yet_skipped(mcp: Client, lab: Stack) -> None:
    sim = lab.sim
    sim.faults.add_task_rule(type="qmsnapshot", vmid=301, outcome="error:storage full")
    try:
        report = await call(
            mcp, "snapshot_guests", tag="fleet", name="careful", parallel=1, stop_on_error=True,
            confirmed=True, wait_seconds=60,
        )  # fmt: skip
    finally:
        sim.faults.tasks.clear()
    assert report["state"] == "partial", report
    states = {g["vmid"]: g["state"] for g in report["guests"]}
    assert (states[300], states[301]) == ("succeeded", "failed")
    assert {states[v] for v in FLEET[2:]} == {"skipped"}
    assert snapshot_posts(sim, "careful") == {300: 1, 301: 1}
    assert "stop_on_error" in report["message"]


async def test_no_guest_succeeding_is_a_failure_naming_each(mcp: Client) -> None:
    first = await call(mcp, "snapshot_guests", vmids=[302, 305], name="twice", confirmed=True, wait_seconds=60)
    assert first["counts"] == {"succeeded": 2}, first
    # a second snapshot of the same name is a conflict for each guest
    text = await error_of(mcp, "snapshot_guests", vmids=[302, 305], name="twice", confirmed=True, wait_seconds=60)
    assert text.startswith("PVE_TASK_FAILED:"), text
    assert "no guest's change succeeded" in text and "302" in text and "305" in text


async def test_more_than_ten_guests_need_the_count_typed_again(mcp: Client, lab: Stack) -> None:
    before = picture(lab.sim)
    missing = await error_of(mcp, "snapshot_guests", tag="bulk", name="bulk1", confirmed=True)
    wrong = await error_of(mcp, "snapshot_guests", tag="bulk", name="bulk1", confirm_count=11, confirmed=True)
    assert_unchanged(lab.sim, before)
    for text in (missing, wrong):
        assert text.startswith("VALIDATION_ERROR:"), text
        assert "selects 12 guests" in text and "confirm_count=12" in text
    report = await call(
        mcp, "snapshot_guests", tag="bulk", name="bulk1", confirm_count=12, parallel=6, confirmed=True, wait_seconds=60
    )
    assert report["counts"] == {"succeeded": 12}, report
    assert snapshot_posts(lab.sim, "bulk1") == dict.fromkeys(BULK, 1)


async def test_power_guests_starts_the_stopped_and_leaves_the_running_as_they_are(mcp: Client, lab: Stack) -> None:
    sim = lab.sim
    plan = await call(mcp, "power_guests", tag="fleet", node="pve2", action="start", dry_run=True)
    assert {g["vmid"]: g["status"] for g in plan["guests"]} == {303: "stopped", 304: "running", 305: "running"}
    report = await call(mcp, "power_guests", tag="fleet", node="pve2", action="start", confirmed=True, wait_seconds=60)
    assert report["counts"] == {"succeeded": 3}, report
    assert all(sim.state.guests[v].status == "running" for v in (303, 304, 305))
    assert sim.state.counts[303]["started"] == 1
    assert sim.state.counts[304]["started"] == 0 and sim.state.counts[305]["started"] == 0
    assert "already running" in next(g["message"] for g in report["guests"] if g["vmid"] == 304)


async def test_backup_guests_makes_one_archive_per_guest(mcp: Client, lab: Stack) -> None:
    sim = lab.sim
    vmids = [v for v in FLEET if sim.state.guests[v].node == "pve2"]
    before = {v: sim.state.counts[v]["backed_up"] for v in vmids}
    report = await call(
        mcp, "backup_guests", tag="fleet", node="pve2", mode="stop", parallel=2, confirmed=True, wait_seconds=90
    )
    assert report["counts"] == {"succeeded": len(vmids)}, report
    assert {v: sim.state.counts[v]["backed_up"] - before[v] for v in vmids} == dict.fromkeys(vmids, 1)
    vzdumps = [r for r in sim.requests if r.method == "POST" and r.path == "/nodes/pve2/vzdump"]
    assert sorted(int(r.params["vmid"]) for r in vzdumps) == vmids  # one request per guest, each once
    for guest in report["guests"]:
        child = await status(mcp, guest["job_id"])
        [archive] = child["result"]["archives"]
        assert archive["vmid"] == guest["vmid"]
        assert archive["volid"].startswith("local:backup/vzdump-")


async def test_a_selector_that_names_no_guest_is_not_found(mcp: Client) -> None:
    text = await error_of(mcp, "snapshot_guests", tag="nosuchtag", name="xy", dry_run=True)
    assert text.startswith("NOT_FOUND:"), text
    text = await error_of(mcp, "power_guests", vmids=[300, 999], action="stop", dry_run=True)
    assert text.startswith("NOT_FOUND:") and "999" in text, text
    text = await error_of(mcp, "power_guests", action="stop", dry_run=True)
    assert text.startswith("VALIDATION_ERROR:") and "no guests selected" in text, text


# -- a worker killed mid-fleet ----------------------------------------------------------------


@pytest.fixture(scope="module")
async def kill_stack(redis_proc: RedisServer, tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[Stack]:
    async with own_stack("redis", redis_proc, config(tmp_path_factory), {}) as running:
        for worker in running.workers:  # the test starts its own
            worker.stop()
        running.workers.clear()
        yield running


crew = test_exactly_once.crew


def kill_after(sim: Simulator, worker: Any, posts: int, name: str) -> Callable[[], None]:
    """SIGKILL `worker` once pvesim has handled the `posts`-th snapshot request of this name."""
    original = sim.core.handle

    async def handle(verb: str, path: str, *rest: Any) -> Any:
        answer = await original(verb, path, *rest)
        done = sum(snapshot_posts(sim, name).values())
        if verb == "POST" and done == posts and worker.process.poll() is None:
            worker.process.send_signal(signal.SIGKILL)
        return answer

    sim.core.handle = handle  # type: ignore[method-assign]  # intercept in-process, for this test only

    def restore() -> None:
        sim.core.handle = original  # type: ignore[method-assign]  # undo the interception

    return restore


async def test_a_worker_killed_mid_fleet_still_snapshots_each_guest_exactly_once(kill_stack: Stack, crew: Crew) -> None:
    sim = kill_stack.sim
    for task_type in ("qmsnapshot", "vzsnapshot"):
        sim.faults.add_task_rule(type=task_type, duration=1.0)
    async with HostedClient(kill_stack.client()) as client:
        victim = await crew.start("victim")
        restore = kill_after(sim, victim, posts=3, name="killed")
        try:
            job_id = await submit(client, "snapshot_guests", tag="fleet", name="killed", parallel=2)
            await eventually(lambda: dead(victim), timeout=60, what="the worker to be killed mid-fleet")
        finally:
            restore()
        assert not (await status(client, job_id))["done"]
        await crew.start("rescuer")
        job = await finished(client, job_id, timeout=150)
    sim.faults.tasks.clear()
    assert job["state"] == "succeeded", job
    assert snapshot_posts(sim, "killed") == dict.fromkeys(FLEET, 1)
    assert all(sim.state.counts[v]["snapshot_created"] >= 1 for v in FLEET)
    assert [v for v in FLEET if list(sim.state.guests[v].snapshots).count("killed") != 1] == []
    assert most_at_once(snapshot_tasks(sim, "killed")) <= 2


async def test_cancelling_a_fleet_queues_no_more_guests_and_lets_the_running_one_finish(
    mcp: Client, lab: Stack
) -> None:
    sim = lab.sim
    sim.faults.add_task_rule(type="qmsnapshot", vmid=300, duration=2.0)
    try:
        job_id = await submit(mcp, "snapshot_guests", tag="fleet", name="halted", parallel=1)
        await eventually(lambda: _posted(sim, "halted"), timeout=30, what="the first guest's snapshot to start")
        cancel = await call(mcp, "cancel_task", job_id=job_id, confirmed=True, wait_seconds=30)
        job = await finished(mcp, job_id)
    finally:
        sim.faults.tasks.clear()
    assert cancel["result"]["state"] == "cancelled", cancel
    assert job["state"] == "cancelled", job
    states = {g["vmid"]: g["state"] for g in job["result"]["guests"]}
    assert states[300] == "succeeded"  # it was running: it finished
    assert {states[v] for v in FLEET[1:]} == {"skipped"}
    assert snapshot_posts(sim, "halted") == {300: 1}


async def _posted(sim: Simulator, name: str) -> bool:
    return bool(snapshot_posts(sim, name))
